//! Parsing and validating a text with the front end of its language.

use crate::lang::{sniff, Lang};
use codespan_reporting::diagnostic::Diagnostic;

/// A parsed and validated game (one at a time: the size difference of the variants is moot).
#[allow(clippy::large_enum_variant)]
pub enum Loaded {
    Rbg(ir::Game),
    Sbg(sbg::Game),
    Gdl(gdl::Description),
}

/// The game with its warnings, or the errors.
pub type Parsed = Result<(Loaded, Vec<Diagnostic<()>>), Vec<Diagnostic<()>>>;

/// Parses and validates `text` as `lang`. When that fails and the text looks like another
/// language, the one error says so instead of the dozens that all miss the point.
pub fn parse(text: &str, lang: Lang) -> Parsed {
    let parsed: Parsed = match lang {
        Lang::Rbg => rbg::parse_game(text).map(|p| (Loaded::Rbg(p.game), p.warnings)),
        Lang::Sbg => sbg::parse(text).map(|(g, w)| (Loaded::Sbg(g), w)),
        Lang::Gdl => gdl::parse_and_check(text).map(|(d, w)| (Loaded::Gdl(d), w)),
    };
    parsed.map_err(|diagnostics| match sniff(text).filter(|&l| l != lang) {
        Some(other) => vec![Diagnostic::error()
            .with_message(format!(
                "this looks like {}, but it was read as {}",
                other.name(),
                lang.name()
            ))
            .with_notes(vec![format!(
                "read as {} it has {} error{}; use --from {} (or the file extension .{})",
                lang.name(),
                diagnostics.len(),
                if diagnostics.len() == 1 { "" } else { "s" },
                other.id(),
                other.extension()
            )])],
        None => diagnostics,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_of_another_language_gets_one_pointed_error() {
        let sbg = "<<Mini>>\n<BOARD>\n1 1\n|.|\n<PIECES>\n<GOALS>\n10 &\n";
        let Err(ds) = parse(sbg, Lang::Rbg) else {
            panic!("SBG text read as RBG must fail")
        };
        assert_eq!(ds.len(), 1);
        assert!(
            ds[0].message.contains("looks like SBG"),
            "{}",
            ds[0].message
        );
    }
}
