//! Playing strength on Breakthrough (8x8, written in SBG in `common`): alpha-beta depth 3 and
//! MCTS with 1000 iterations must each beat the random agent in at least 95% of the games,
//! playing both sides in turn. Alpha-beta plays 100 games (about 10 s in release), MCTS 20;
//! the tables of docs/agents.md (MCTS over 100 games, more pairings) come from
//! `cargo run --release -p agents --example strength_tables`.

mod common;

use agents::{parse_agent_spec, play_match_with, MatchOptions, MatchReport};

fn versus_random(spec: &str, games: u32, seed: u64) -> MatchReport {
    let (g, mut e) = common::engine(common::BREAKTHROUGH);
    let mut agent = parse_agent_spec(spec).unwrap().build_sbg(&g).unwrap();
    let mut random = parse_agent_spec("random").unwrap().build_sbg(&g).unwrap();
    let options = MatchOptions {
        games,
        seed,
        max_length: 400,
        alternate: true,
    };
    play_match_with(&mut e, [agent.as_mut(), random.as_mut()], &options)
}

fn check(spec: &str, games: u32, seed: u64) {
    let report = versus_random(spec, games, seed);
    println!("{spec} vs random, Breakthrough 8x8\n{report}");
    let wins = report.per_agent[0].wins;
    assert!(
        f64::from(wins) >= 0.95 * f64::from(games),
        "{spec} won only {wins} of {games} games against random:\n{report}"
    );
}

#[test]
fn alphabeta_3_beats_random_100() {
    check("alphabeta:3", 100, 100);
}

#[test]
fn mcts_1000_beats_random() {
    check("mcts:1000", 20, 2);
}
