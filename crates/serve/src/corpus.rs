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

/// FNV-1a (32 bits) of the text's UTF-8 bytes, in hex: the page hashes a pasted text the same
/// way to show which bundled game it is, without fetching every text.
pub fn text_hash(text: &str) -> String {
    let mut h: u32 = 0x811c_9dc5;
    for b in text.bytes() {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    format!("{h:08x}")
}

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
        assert_eq!(text_hash(""), "811c9dc5");
        assert_eq!(text_hash("a"), "e40c292c");
        for g in GAMES {
            assert!(!g.text.is_empty(), "{}", g.name);
        }
    }
}
