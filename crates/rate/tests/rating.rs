//! Ratings of human-designed and degenerate games (small game counts; the full numbers are in
//! docs/rate.md), determinism across thread counts, and the other languages.

use rate::{Pairing, RateOptions, Report};
use std::path::Path;

fn game(path: &str) -> sbg::Game {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(path)).expect(path);
    sbg::parse(&text).expect(path).0
}

fn options(games: u32) -> RateOptions {
    RateOptions {
        equal_games: games,
        gradient_games: games,
        strategy_games: games / 2,
        ..RateOptions::default()
    }
}

fn rate(path: &str, games: u32) -> Report {
    rate::rate_sbg(&game(path), &options(games)).expect(path)
}

#[test]
fn breakthrough_and_chess_breakthrough_are_decisive_balanced_and_reward_skill() {
    for path in [
        "corpus/sbg/breakthrough.sbg",
        "corpus/sbg/chess_breakthrough.sbg",
    ] {
        let r = rate(path, 12);
        assert!(
            r.checks.decisive && r.checks.skill && r.checks.pieces,
            "{path}\n{r}"
        );
        // Twelve games measure the balance only roughly: its interval must contain an even
        // game (docs/rate.md has the 100-game numbers, inside 35-65 %).
        assert!(r.balance.low <= 0.5 && 0.5 <= r.balance.high, "{path}\n{r}");
    }
}

#[test]
fn gardner_is_decisive_with_a_skill_gradient() {
    let r = rate("corpus/sbg/gardner.sbg", 30);
    assert!(
        r.checks.decisive && r.checks.skill && r.checks.pieces,
        "{r}"
    );
    assert!(r.balance.low <= 0.5 && 0.5 <= r.balance.high, "{r}");
    assert_eq!(r.pieces.len(), 6);
    assert!(r
        .pieces
        .iter()
        .all(|p| p.fixed.can_move && p.fixed.can_capture));
    // Every game is counted once per pairing.
    let eq = r.pairing(Pairing::Equal);
    assert_eq!(eq.first_wins + eq.second_wins + eq.draws, 30);
    assert_eq!(r.games, 75);
    assert!(r.sample.as_ref().is_some_and(|s| !s.moves.is_empty()));
}

#[test]
fn kings_only_is_flagged_as_never_decisive() {
    let r = rate("corpus/sbg/degenerate/kings_only.sbg", 10);
    assert!(!r.checks.decisive, "{r}");
    assert!(
        r.has_flag("rarely-decisive") && r.has_flag("turn-limit"),
        "{r}"
    );
}

#[test]
fn queen_duel_is_flagged() {
    let r = rate("corpus/sbg/degenerate/queen_duel.sbg", 20);
    assert!(!r.checks.all(), "{r}");
    assert!(
        r.has_flag("rarely-decisive") || r.has_flag("unbalanced"),
        "{r}"
    );
}

#[test]
fn a_piece_that_cannot_capture_is_flagged() {
    let r = rate("corpus/sbg/degenerate/walker.sbg", 6);
    assert!(r.has_flag("piece-cannot-capture"), "{r}");
    let w = r.pieces.iter().find(|p| p.fixed.kind == 'W').unwrap();
    assert!(w.fixed.can_move && !w.fixed.can_capture && w.fixed.needs_capture);
    let p = r.pieces.iter().find(|p| p.fixed.kind == 'P').unwrap();
    assert!(p.fixed.can_capture && !p.fixed.needs_capture);
}

#[test]
fn the_report_does_not_depend_on_the_thread_count() {
    let g = game("corpus/sbg/gardner.sbg");
    let o = options(6);
    let with = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| serde_json::to_string(&rate::rate_sbg(&g, &o).unwrap()).unwrap())
    };
    let one = with(1);
    assert_eq!(one, with(3));
    // Another seed gives other games.
    let other = rate::rate_sbg(
        &g,
        &RateOptions {
            seed: 2,
            ..o.clone()
        },
    )
    .unwrap();
    assert_ne!(one, serde_json::to_string(&other).unwrap());
}

#[test]
fn the_report_round_trips_through_json() {
    let r = rate("corpus/sbg/gardner.sbg", 4);
    let back: Report = serde_json::from_str(&serde_json::to_string(&r).unwrap()).unwrap();
    assert_eq!(back, r);
}

#[test]
fn rbg_games_are_rated_by_the_reasoner() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join("corpus/rbg/ticTacToe.rbg")).unwrap();
    let g = rbg::parse_game(&text).expect("tic-tac-toe parses").game;
    let o = RateOptions {
        strong: rate::Player::Mcts { iterations: 1000 },
        weak: rate::Player::Random,
        opening_plies: 0,
        ..options(6)
    };
    let subject = rate::RbgSubject::new("tic-tac-toe", &g, &o).unwrap();
    let r = rate::measure(&subject, &o);
    assert_eq!(r.games, 15);
    // Tic-tac-toe between good players is a draw; MCTS beats random most of the time.
    assert!(r.has_flag("rarely-decisive"), "{r}");
    assert!(r.strategy.value >= 0.5, "{r}");
    assert!(r.pieces.is_empty());
}
