//! The same game on two engines: perft of the native SBG engine equals perft of the RBG
//! reasoner on the translation, depth by depth, with terminal counts and score histograms.

mod common;

#[test]
fn corpus_games_play_the_same_after_translation() {
    let games = common::sbg_games();
    assert!(!games.is_empty(), "no SBG games found in corpus/sbg");
    for (name, text) in games {
        let (game, _warnings) = sbg::parse(&text).unwrap_or_else(|_| panic!("{name} parses"));
        let (native, translated) = common::compare(&game, 6, 50_000);
        assert!(
            native.len() >= 3 || native.last().is_some_and(|s| s.leaves == 0),
            "{name}: compared only to depth {}",
            native.len()
        );
        assert_eq!(
            native, translated,
            "{name}: native vs translated perft statistics"
        );
        eprintln!(
            "{name}: equal to depth {} ({} leaves)",
            native.len(),
            native.last().map_or(0, |s| s.leaves)
        );
    }
}
