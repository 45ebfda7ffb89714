//! Random small SBG games: the translation plays the same game as the native engine.

mod common;

use common::random_sbg_game;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]
    #[test]
    fn random_games_play_the_same_after_translation(g in random_sbg_game(2..=4)) {
        let (native, translated) = common::compare(&g, 3, 20_000);
        prop_assert_eq!(native, translated, "game:\n{}", sbg::print(&g));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, .. ProptestConfig::default() })]
    #[test]
    fn random_games_play_the_same_in_gdl(g in random_sbg_game(2..=4)) {
        let mut native = sbg::Engine::new(&g).expect("native engine");
        let expected = game::perft::perft_stats(&mut native, 2);
        let text = convert::sbg_to_gdl(&g).expect("translates");
        let (desc, _) = gdl::parse_and_check(&text)
            .unwrap_or_else(|d| panic!("GDL does not check:\n{}", gdl::render("out.kif", &text, &d)));
        let mut engine = gdl::Engine::new(&desc).expect("engine builds");
        let ours = game::perft::perft_stats(&mut engine, 2);
        prop_assert_eq!(expected, ours, "game:\n{}", sbg::print(&g));
    }
}
