//! Every agent returns a legal move at every non-terminal state it meets, `None` at terminal
//! states, and leaves the state exactly as it found it.

mod common;

use agents::{parse_agent_spec, Agent};
use game::GameState;
use proptest::prelude::*;

/// Plays one game of `spec` against itself from `src`'s start, checking every choice.
fn check_game(src: &str, spec: &str, seed: u64, max_moves: usize) {
    let (g, mut e) = common::engine(src);
    let mut agent = parse_agent_spec(spec).unwrap().build_sbg(&g).unwrap();
    let mut rng = game::rng_from_seed(seed);
    let mut legal = Vec::new();
    for _ in 0..max_moves {
        e.legal_moves(&mut legal);
        let hash = e.state_hash();
        let board = e.board();
        let choice = agent.choose(&mut e, &mut rng);
        assert_eq!(e.state_hash(), hash, "{spec} changed the state");
        assert_eq!(e.board(), board, "{spec} changed the board");
        match choice {
            None => {
                assert!(legal.is_empty(), "{spec} gave up at a non-terminal state");
                return;
            }
            Some(mv) => {
                assert!(legal.contains(&mv), "{spec} chose the illegal {mv:?}");
                e.apply(&mv);
            }
        }
    }
}

#[test]
fn every_agent_plays_only_legal_moves() {
    for spec in ["random", "alphabeta:1", "alphabeta:2", "mcts:50"] {
        for seed in 0..3 {
            check_game(common::MINI, spec, seed, 60);
            check_game(common::BREAKTHROUGH, spec, seed, 40);
        }
    }
}

#[test]
fn agents_return_none_at_terminal_states() {
    // A turn limit of 0 makes the start a terminal draw.
    let src = common::MINI.replace("40 &", "0 &");
    let (g, mut e) = common::engine(&src);
    for spec in ["random", "alphabeta:3", "mcts:10"] {
        let mut agent = parse_agent_spec(spec).unwrap().build_sbg(&g).unwrap();
        assert_eq!(agent.choose(&mut e, &mut game::rng_from_seed(1)), None);
        let mut generic = parse_agent_spec(spec)
            .unwrap()
            .build_generic::<sbg::Engine>()
            .unwrap();
        assert_eq!(generic.choose(&mut e, &mut game::rng_from_seed(1)), None);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// From random positions reached by random play, each agent's choice is legal.
    #[test]
    fn choices_are_legal_from_random_positions(seed in any::<u64>(), plies in 0usize..30, which in 0usize..4) {
        let spec = ["random", "alphabeta:2", "mcts:40", "ab:1"][which];
        let (g, mut e) = common::engine(common::MINI);
        let mut rng = game::rng_from_seed(seed);
        let mut random = agents::Random;
        for _ in 0..plies {
            match Agent::<sbg::Engine>::choose(&mut random, &mut e, &mut rng) {
                Some(mv) => e.apply(&mv),
                None => break,
            }
        }
        let mut agent = parse_agent_spec(spec).unwrap().build_generic::<sbg::Engine>().unwrap();
        let mut legal = Vec::new();
        e.legal_moves(&mut legal);
        let hash = e.state_hash();
        let choice = agent.choose(&mut e, &mut rng);
        prop_assert_eq!(e.state_hash(), hash);
        prop_assert_eq!(choice.is_none(), legal.is_empty());
        if let Some(mv) = choice {
            prop_assert!(legal.contains(&mv));
        }
        let _ = g;
    }
}
