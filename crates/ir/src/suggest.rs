//! "Did you mean": the declared name nearest to an unknown one, shared by the RBG, SBG and GDL
//! front ends so that their suggestions agree.

/// The candidate nearest to `unknown` by Damerau–Levenshtein distance, when it is near enough
/// to be a likely typo: at most one edit for names up to three characters, two for longer ones
/// and a third of the length beyond that, or the one name a prefix of the other (`wRook` for
/// `wRo`); a one-character name only by case (`Q` for `q`). Ties go to the earliest
/// candidate. The unknown name itself is never suggested.
pub fn nearest<'a>(
    unknown: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let len = unknown.chars().count();
    let allowed = match len {
        0..=1 => 0,
        2..=3 => 1,
        _ => (len / 3).max(2),
    };
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        if c == unknown || c.is_empty() {
            continue;
        }
        let d = if c.to_lowercase() == unknown.to_lowercase() {
            0
        } else {
            strsim::damerau_levenshtein(unknown, c)
        };
        let prefix = len >= 3
            && c.chars().count() >= 2
            && (unknown.starts_with(c) || c.starts_with(unknown));
        if (d <= allowed || prefix) && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// The note a diagnostic carries for a suggestion: ``did you mean `down`?``.
pub fn did_you_mean<'a>(
    unknown: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    nearest(unknown, candidates).map(|c| format!("did you mean `{c}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typos_find_the_declared_name() {
        let dirs = ["up", "down", "left", "right"];
        assert_eq!(nearest("donw", dirs), Some("down"));
        assert_eq!(nearest("lfet", dirs), Some("left"));
        assert_eq!(nearest("rigth", dirs), Some("right"));
        assert_eq!(nearest("wRook", ["wRo", "bRo", "wKi"]), Some("wRo"));
        assert_eq!(
            nearest("#player", ["#players", "#pieces"]),
            Some("#players")
        );
    }

    #[test]
    fn unrelated_names_get_no_suggestion() {
        assert_eq!(nearest("north", ["up", "down", "left", "right"]), None);
        assert_eq!(nearest("x", ["y", "z"]), None);
        assert_eq!(nearest("Q", ["k", "q"]), Some("q"));
        assert_eq!(nearest("queen", ["up", "down"]), None);
        assert_eq!(nearest("up", ["up"]), None);
    }
}
