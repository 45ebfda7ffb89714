//! Alpha-beta with its table, killers and history computes exactly the minimax value of plain
//! depth-limited minimax with the same heuristic; the SBG heuristic's tables are as documented.

mod common;

use agents::alphabeta::TERMINAL_WEIGHT;
use agents::{Agent, AlphaBeta, AlphaBetaOptions, Heuristic, Random, SbgHeuristic, SbgWeights};
use game::GameState;
use proptest::prelude::*;
use sbg::{Engine, Piece, Side};

fn minimax(e: &mut Engine, h: &mut SbgHeuristic, root: usize, depth: u32, ply: u32) -> f64 {
    let mut moves = Vec::new();
    e.legal_moves(&mut moves);
    if moves.is_empty() {
        let s = e.scores();
        let margin = (s[root] - s[1 - root]) as f64;
        return match margin {
            m if m > 0.0 => TERMINAL_WEIGHT * m - f64::from(ply),
            m if m < 0.0 => TERMINAL_WEIGHT * m + f64::from(ply),
            _ => 0.0,
        };
    }
    if depth == 0 {
        return h.evaluate(e, root);
    }
    let maximizing = e.current_player() == Some(root);
    let values = moves.iter().map(|m| {
        e.apply(m);
        let v = minimax(e, h, root, depth - 1, ply + 1);
        e.undo();
        v
    });
    let values: Vec<f64> = values.collect();
    let fold = if maximizing { f64::max } else { f64::min };
    values.into_iter().reduce(fold).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn alphabeta_value_is_the_minimax_value(seed in any::<u64>(), plies in 0usize..40, depth in 1u32..=5, mini in any::<bool>()) {
        // Transpositions (and so table cut-offs) need depth 4 or more; keep those on the small game.
        let mini = mini || depth > 3;
        let (g, mut e) = common::engine(if mini { common::MINI } else { common::BREAKTHROUGH });
        let mut rng = game::rng_from_seed(seed);
        for _ in 0..plies {
            match Agent::<Engine>::choose(&mut Random, &mut e, &mut rng) {
                Some(mv) => e.apply(&mv),
                None => break,
            }
        }
        prop_assume!(!e.is_terminal());
        let h = SbgHeuristic::new(&g, SbgWeights::default()).unwrap();
        let mut ab = AlphaBeta::new(AlphaBetaOptions { depth, ..AlphaBetaOptions::default() }, h.clone());
        let mv = ab.choose(&mut e, &mut rng).unwrap();
        let root = e.current_player().unwrap();
        let mut h = h;
        let expected = minimax(&mut e, &mut h, root, depth, 0);
        prop_assert_eq!(ab.info.value, expected);
        // The chosen move achieves that value.
        e.apply(&mv);
        let achieved = minimax(&mut e, &mut h, root, ab.info.depth - 1, 1);
        e.undo();
        prop_assert_eq!(achieved, expected);
    }
}

#[test]
fn sbg_heuristic_tables_on_breakthrough() {
    let (g, mut e) = common::engine(common::BREAKTHROUGH);
    let h = SbgHeuristic::new(&g, SbgWeights::default()).unwrap();
    // A lone pawn has 3 moves in the middle, 2 on an edge file, 0 on the last row:
    // (7 rows * (6 * 3 + 2 * 2)) / 64 squares.
    let m = 7.0 * 22.0 / 64.0;
    let white = Piece {
        side: Side::White,
        kind: 'P',
    };
    let black = Piece {
        side: Side::Black,
        kind: 'P',
    };
    assert!((h.piece_value(white) - (1.0 + 0.5 * m)).abs() < 1e-12);
    assert_eq!(h.piece_value(white), h.piece_value(black));
    for y in 0..8 {
        assert_eq!(h.goal_distance(white, 3, y), Some(7 - y as u32));
        assert_eq!(h.goal_distance(black, 0, y), Some(y as u32));
    }
    // The start position is symmetric, so it is even for both sides.
    let mut h = h;
    assert_eq!(h.evaluate(&mut e, 0), 0.0);
    assert_eq!(h.evaluate(&mut e, 1), 0.0);
    // After white's first move white is ahead (progress) and the values are opposite.
    let mut moves = Vec::new();
    e.legal_moves(&mut moves);
    e.apply(&moves[moves.len() - 1]);
    let (w, b) = (h.evaluate(&mut e, 0), h.evaluate(&mut e, 1));
    assert!(w > 0.0, "{w}");
    assert_eq!(w, -b);
}

#[test]
fn uniform_material_counts_pieces() {
    let g = common::game(common::BREAKTHROUGH);
    let weights = SbgWeights {
        uniform_material: true,
        ..SbgWeights::default()
    };
    let h = SbgHeuristic::new(&g, weights).unwrap();
    assert_eq!(
        h.piece_value(Piece {
            side: Side::White,
            kind: 'P'
        }),
        1.0
    );
}
