//! The games of the picker: the repository's corpus/rbg, corpus/sbg and corpus/gdl, embedded at build
//! time (build.rs), so a request names a game of this table and never a file.

/// A bundled game.
pub struct CorpusGame {
    /// The file name, e.g. `breakthrough.rbg`.
    pub name: &'static str,
    /// `rbg`, `sbg` or `gdl`.
    pub lang: &'static str,
    pub text: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/corpus.rs"));

/// The bundled game of that file name.
pub fn find(name: &str) -> Option<&'static CorpusGame> {
    GAMES.iter().find(|g| g.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_corpus_is_bundled() {
        assert!(find("breakthrough.rbg").is_some());
        assert!(find("breakthrough.sbg").is_some());
        assert_eq!(find("pennies.kif").map(|g| g.lang), Some("gdl"));
        assert!(find("../Cargo.toml").is_none());
        for g in GAMES {
            assert!(!g.text.is_empty(), "{}", g.name);
        }
    }
}
