//! Playing strength on Breakthrough (8x8, written in SBG in `common`): alpha-beta depth 3 and
//! MCTS with 1000 iterations must each beat the random agent in at least 95% of the games,
//! playing both sides in turn. Alpha-beta plays all 100 games in the normal suite (about 10 s in
//! release); MCTS plays 20 there, and its 100-game run is `#[ignore]`d (run it with
//! `cargo test -p agents --release --test strength -- --ignored --nocapture`, which prints the
//! tables).

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

#[test]
#[ignore = "100 games per pairing; run in release with --ignored --nocapture for the tables"]
fn mcts_1000_beats_random_100() {
    check("mcts:1000", 100, 200);
}

#[test]
#[ignore = "more pairings for the report; run in release with --ignored --nocapture"]
fn other_pairings() {
    let (g, mut e) = common::engine(common::BREAKTHROUGH);
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
        let options = MatchOptions {
            games: 20,
            seed: 7,
            max_length: 400,
            alternate: true,
        };
        let report = play_match_with(&mut e, [x.as_mut(), y.as_mut()], &options);
        let h = if sbg_heuristic { "SBG" } else { "generic" };
        println!("{a} vs {b} ({h} heuristic), Breakthrough 8x8\n{report}");
    }
}
