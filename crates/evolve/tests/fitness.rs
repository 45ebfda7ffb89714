//! The fitness separates a real game from degenerate ones, and its static checks.

use evolve::{evaluate_game, static_check, SimOptions, StaticCheckError, Weights};
use std::path::Path;

fn game(path: &str) -> sbg::Game {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let text = std::fs::read_to_string(root.join(path)).expect(path);
    sbg::parse(&text).expect(path).0
}

fn fitness(path: &str) -> evolve::Evaluation {
    evaluate_game(&game(path), &SimOptions::default(), &Weights::default(), 1)
}

#[test]
fn gardner_ranks_above_kings_only_and_queen_duel() {
    let gardner = fitness("corpus/sbg/gardner.sbg");
    let kings = fitness("corpus/sbg/degenerate/kings_only.sbg");
    let queens = fitness("corpus/sbg/degenerate/queen_duel.sbg");
    let show = |e: &evolve::Evaluation| format!("{:.3} {:?}", e.fitness, e.features);
    assert!(gardner.stats.unplayable.is_none(), "{}", show(&gardner));
    assert!(
        gardner.fitness > kings.fitness,
        "gardner {} kings {}",
        show(&gardner),
        show(&kings)
    );
    assert!(
        gardner.fitness > queens.fitness,
        "gardner {} queens {}",
        show(&gardner),
        show(&queens)
    );
    // Equal kings never win against each other: unplayable.
    assert_eq!(kings.fitness, 0.0);
    assert!(kings.stats.unplayable.is_some());
}

#[test]
fn a_piece_that_cannot_capture_fails_the_static_check() {
    let err = static_check(&game("corpus/sbg/degenerate/walker.sbg")).unwrap_err();
    assert!(
        matches!(err, StaticCheckError::NeverCaptures { kind: 'W' }),
        "{err}"
    );
    assert_eq!(err.to_string(), "piece W can never capture");
    let e = fitness("corpus/sbg/degenerate/walker.sbg");
    assert_eq!(e.fitness, 0.0);
    assert!(
        e.report.is_none(),
        "no simulation for a statically rejected game"
    );
    static_check(&game("corpus/sbg/gardner.sbg")).unwrap();
}

#[test]
fn the_evaluation_is_a_pure_function_of_its_arguments() {
    let g = game("corpus/sbg/gardner.sbg");
    let sim = SimOptions {
        equal_games: 4,
        gradient_games: 4,
        strategy_games: 2,
        ..SimOptions::default()
    };
    let a = evaluate_game(&g, &sim, &Weights::default(), 9);
    let b = evaluate_game(&g, &sim, &Weights::default(), 9);
    let json = |e: &evolve::Evaluation| serde_json::to_string(e).unwrap();
    assert_eq!(json(&a), json(&b));
    let back: evolve::Evaluation = serde_json::from_str(&json(&a)).unwrap();
    assert_eq!(back, a, "floats round-trip exactly");
}
