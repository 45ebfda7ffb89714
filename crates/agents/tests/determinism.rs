//! The same seed gives the same games; agents do not depend on what they did before.

mod common;

use agents::{parse_agent_spec, play_match, play_match_with, Agent, MatchOptions};
use game::GameState;

fn results(white: &str, black: &str, seed: u64) -> Vec<agents::GameResult> {
    let (g, mut e) = common::engine(common::BREAKTHROUGH);
    let mut a = parse_agent_spec(white).unwrap().build_sbg(&g).unwrap();
    let mut b = parse_agent_spec(black).unwrap().build_sbg(&g).unwrap();
    let start = e.state_hash();
    let report = play_match(&mut e, [a.as_mut(), b.as_mut()], 2, seed, 300);
    assert_eq!(
        e.state_hash(),
        start,
        "the match left the start state changed"
    );
    report.results
}

#[test]
fn matches_repeat_given_the_seed() {
    for (white, black) in [
        ("alphabeta:2", "mcts:60"),
        ("random", "random"),
        ("mcts:30", "alphabeta:1"),
    ] {
        assert_eq!(
            results(white, black, 11),
            results(white, black, 11),
            "{white} vs {black}"
        );
    }
    assert_ne!(
        results("random", "random", 1),
        results("random", "random", 2)
    );
}

#[test]
fn a_choice_depends_only_on_state_and_rng() {
    let (g, mut e) = common::engine(common::BREAKTHROUGH);
    for spec in ["alphabeta:3", "mcts:200"] {
        let mut used = parse_agent_spec(spec).unwrap().build_sbg(&g).unwrap();
        // Warm the agent up on another position first.
        let mut moves = Vec::new();
        e.legal_moves(&mut moves);
        e.apply(&moves[3]);
        used.choose(&mut e, &mut game::rng_from_seed(5));
        e.undo();
        let mut fresh = parse_agent_spec(spec).unwrap().build_sbg(&g).unwrap();
        for seed in 0..4 {
            let x = used.choose(&mut e, &mut game::rng_from_seed(seed));
            let y = fresh.choose(&mut e, &mut game::rng_from_seed(seed));
            assert_eq!(x, y, "{spec}, seed {seed}");
        }
    }
}

#[test]
fn alternating_sides_swaps_seats() {
    let (g, mut e) = common::engine(common::BREAKTHROUGH);
    let mut a = parse_agent_spec("alphabeta:1")
        .unwrap()
        .build_sbg(&g)
        .unwrap();
    let mut b = parse_agent_spec("random").unwrap().build_sbg(&g).unwrap();
    let options = MatchOptions {
        games: 4,
        seed: 3,
        max_length: 300,
        alternate: true,
    };
    let report = play_match_with(&mut e, [a.as_mut(), b.as_mut()], &options);
    let seats: Vec<[usize; 2]> = report.results.iter().map(|r| r.seats).collect();
    assert_eq!(seats, vec![[0, 1], [1, 0], [0, 1], [1, 0]]);
    for a in 0..2 {
        assert_eq!(report.per_agent[a].games(), 4);
        assert_eq!(report.per_agent_side[a][0].games(), 2);
    }
    assert_eq!(report.per_side[0].games() + report.per_side[1].games(), 8);
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["agents"][0], "alphabeta:1");
    assert_eq!(json["results"].as_array().unwrap().len(), 4);
    let table = report.to_string();
    assert!(table.contains("alphabeta:1") && table.contains("white") && table.contains("all"));
}

#[test]
fn a_game_cut_at_max_length_is_an_unfinished_draw() {
    let (g, mut e) = common::engine(common::BREAKTHROUGH);
    let mut a = parse_agent_spec("random").unwrap().build_sbg(&g).unwrap();
    let mut b = parse_agent_spec("random").unwrap().build_sbg(&g).unwrap();
    let mut seen = Vec::new();
    let options = MatchOptions {
        games: 3,
        max_length: 4,
        ..MatchOptions::default()
    };
    let report =
        agents::play_match_observed(&mut e, [a.as_mut(), b.as_mut()], &options, &mut |r| {
            seen.push(r.game)
        });
    assert_eq!(seen, vec![0, 1, 2]);
    let again = play_match(&mut e, [a.as_mut(), b.as_mut()], 3, 0, 4);
    assert_eq!(report.results, again.results);
    assert_eq!(report.unfinished, 3);
    assert_eq!(report.per_agent[0].draws, 3);
    assert!(report
        .results
        .iter()
        .all(|r| r.length == 4 && !r.finished && r.winner.is_none()));
    let _: &dyn Agent<sbg::Engine> = a.as_ref();
}

#[test]
fn games_played_on_their_own_are_the_match_games() {
    let (g, mut e) = common::engine(common::BREAKTHROUGH);
    let options = MatchOptions {
        games: 4,
        seed: 9,
        max_length: 300,
        alternate: true,
    };
    let build = |s: &str| parse_agent_spec(s).unwrap().build_sbg(&g).unwrap();
    let (mut a, mut b) = (build("alphabeta:2"), build("mcts:40"));
    let report = play_match_with(&mut e, [a.as_mut(), b.as_mut()], &options);
    // Backwards, each by fresh agents: the order and the agents' past do not matter.
    for i in (0..4).rev() {
        let (mut a, mut b) = (build("alphabeta:2"), build("mcts:40"));
        let played = agents::play_game(&mut e, [a.as_mut(), b.as_mut()], &options, i, false);
        assert_eq!(played.result, report.results[i as usize], "game {i}");
        assert!(played.notation.is_empty());
    }
}
