//! The playing-strength tables of docs/agents.md, printed as the match reports of
//! `rbgtool play`: Breakthrough 8x8 in SBG (alpha-beta depth 3 and MCTS 1000 against random,
//! 100 games each; four more pairings, 20 games each) and on the RBG reasoner (20 games each).
//! The suite's `tests/strength.rs` asserts the ≥ 95% claims on fewer games.
//!
//! `cargo run --release -p agents --example strength_tables`

#[path = "../tests/common/mod.rs"]
mod common;

use agents::{parse_agent_spec, play_match_with, MatchOptions};

fn options(games: u32, seed: u64) -> MatchOptions {
    MatchOptions {
        games,
        seed,
        max_length: 400,
        alternate: true,
    }
}

fn main() {
    let (g, mut e) = common::engine(common::BREAKTHROUGH);
    for (spec, seed) in [("alphabeta:3", 100), ("mcts:1000", 200)] {
        let mut agent = parse_agent_spec(spec).unwrap().build_sbg(&g).unwrap();
        let mut random = parse_agent_spec("random").unwrap().build_sbg(&g).unwrap();
        let report = play_match_with(
            &mut e,
            [agent.as_mut(), random.as_mut()],
            &options(100, seed),
        );
        println!("{spec} vs random, Breakthrough 8x8 (SBG heuristic)\n{report}");
    }
    let pairings: [(&str, &str, bool); 4] = [
        ("alphabeta:3", "mcts:1000", true),
        ("alphabeta:2", "random", true),
        ("mcts:100", "random", true),
        ("alphabeta:3", "random", false),
    ];
    for (a, b, sbg_heuristic) in pairings {
        let build = |s: &str| {
            let spec = parse_agent_spec(s).unwrap();
            if sbg_heuristic {
                spec.build_sbg(&g).unwrap()
            } else {
                spec.build_generic::<sbg::Engine>().unwrap()
            }
        };
        let (mut x, mut y) = (build(a), build(b));
        let report = play_match_with(&mut e, [x.as_mut(), y.as_mut()], &options(20, 7));
        let h = if sbg_heuristic { "SBG" } else { "generic" };
        println!("{a} vs {b} ({h} heuristic), Breakthrough 8x8\n{report}");
    }
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/rbg/breakthrough.rbg"
    );
    let rbg_game = rbg::parse_game(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .game;
    let r = reasoner::Reasoner::new(&rbg_game).unwrap();
    let mut s = r.initial_state().unwrap();
    for spec in ["alphabeta:3", "mcts:1000"] {
        let mut agent = parse_agent_spec(spec).unwrap().build_generic().unwrap();
        let mut random = parse_agent_spec("random").unwrap().build_generic().unwrap();
        let report = play_match_with(&mut s, [agent.as_mut(), random.as_mut()], &options(20, 5));
        println!("{spec} vs random, RBG Breakthrough (reasoner, generic heuristic)\n{report}");
    }
}
