//! The languages and how a text's language is told from the text.

/// A game description language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Regular Boardgames, high or low level (.rbg).
    Rbg,
    /// Simplified Boardgames (.sbg).
    Sbg,
    /// Game Description Language in KIF (.kif, .gdl).
    Gdl,
}

impl Lang {
    /// The name people use: RBG, SBG, GDL.
    pub fn name(self) -> &'static str {
        match self {
            Lang::Rbg => "RBG",
            Lang::Sbg => "SBG",
            Lang::Gdl => "GDL",
        }
    }

    /// The lower-case identifier of JSON and command lines: rbg, sbg, gdl.
    pub fn id(self) -> &'static str {
        match self {
            Lang::Rbg => "rbg",
            Lang::Sbg => "sbg",
            Lang::Gdl => "gdl",
        }
    }

    /// The usual file extension.
    pub fn extension(self) -> &'static str {
        match self {
            Lang::Rbg => "rbg",
            Lang::Sbg => "sbg",
            Lang::Gdl => "kif",
        }
    }

    /// From an identifier or an extension (rbg, sbg, gdl, kif), any case.
    pub fn from_id(id: &str) -> Option<Lang> {
        match id.to_ascii_lowercase().as_str() {
            "rbg" => Some(Lang::Rbg),
            "sbg" => Some(Lang::Sbg),
            "gdl" | "kif" => Some(Lang::Gdl),
            _ => None,
        }
    }
}

/// The language a text looks like, from markers only that language has outside comments:
/// SBG's `<BOARD>` and `<PIECES>` sections, RBG's `#board` and `#rules`, GDL's `(role` with
/// a parenthesis first. `None` when no language, or more than one, fits.
pub fn sniff(text: &str) -> Option<Lang> {
    let code: String = text
        .lines()
        .map(|l| {
            let l = l.split("//").next().unwrap_or("");
            let l = if l.trim_start().starts_with(';') {
                ""
            } else {
                l
            };
            format!("{l}\n")
        })
        .collect();
    let has = |m: &str| code.contains(m);
    let sbg = (has("<BOARD>") || has("<--BOARD-->")) && (has("<PIECES>") || has("<--PIECES-->"));
    let rbg = has("#board") && has("#rules");
    let gdl = code.trim_start().starts_with('(') && code.to_ascii_lowercase().contains("(role");
    match (sbg, rbg, gdl) {
        (true, false, false) => Some(Lang::Sbg),
        (false, true, false) => Some(Lang::Rbg),
        (false, false, true) => Some(Lang::Gdl),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_recognised_by_their_sections() {
        let sbg = "<<Mini>>\n<BOARD>\n1 1\n|.|\n<PIECES>\n<GOALS>\n10 &\n";
        assert_eq!(sniff(sbg), Some(Lang::Sbg));
        let rbg = "// a comment with <BOARD> and <PIECES>\n#players = a(1)\n#board = rectangle(x,[e])\n#rules = ->a\n";
        assert_eq!(sniff(rbg), Some(Lang::Rbg));
        let gdl = "; tic-tac-toe\n(role x) (role o)\n(init (control x))\n";
        assert_eq!(sniff(gdl), Some(Lang::Gdl));
        assert_eq!(sniff("hello"), None);
    }

    #[test]
    fn identifiers_round_trip() {
        for l in [Lang::Rbg, Lang::Sbg, Lang::Gdl] {
            assert_eq!(Lang::from_id(l.id()), Some(l));
            assert_eq!(Lang::from_id(l.extension()), Some(l));
        }
        assert_eq!(Lang::from_id("KIF"), Some(Lang::Gdl));
        assert_eq!(Lang::from_id("txt"), None);
    }
}
