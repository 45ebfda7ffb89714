//! Shared helpers of the SBG → RBG tests.
#![allow(dead_code)] // each test binary uses a different part of this module

use game::perft::{perft_stats, DepthStats};
use proptest::prelude::*;
use sbg::{Board, Expr, Game, Goal, Letter, On, Piece, PieceRule, Side};
use std::path::PathBuf;

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every SBG game we check: our corpus, then the public ones when `../shared` is present.
pub fn sbg_games() -> Vec<(String, String)> {
    let mut dirs = vec![repo().join("corpus/sbg")];
    let shared = repo().join("../shared/corpus-external/sbg");
    if shared.is_dir() {
        dirs.push(shared);
    } else {
        eprintln!("note: ../shared/corpus-external absent; checking our own corpus only");
    }
    let mut out = Vec::new();
    for d in dirs {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "sbg"))
            .collect();
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).expect("readable");
            out.push((f.display().to_string(), text));
        }
    }
    out
}

/// Native and translated perft statistics, depth by depth, stopping once a depth has more
/// than `leaf_budget` leaves (so each game costs a few seconds at most).
pub fn compare(
    game: &sbg::Game,
    max_depth: u32,
    leaf_budget: u64,
) -> (Vec<DepthStats>, Vec<DepthStats>) {
    let mut native = sbg::Engine::new(game).expect("native engine builds");
    let ir = convert::sbg_to_ir(game).unwrap_or_else(|e| panic!("{e}"));
    let r = reasoner::Reasoner::new(&ir).expect("reasoner compiles the translation");
    let mut translated = r.initial_state().expect("initial state");
    let mut depth = 1;
    let (mut a, mut b) = (Vec::new(), Vec::new());
    while depth <= max_depth {
        a = perft_stats(&mut native, depth);
        b = perft_stats(&mut translated, depth);
        if a != b || a.last().is_none_or(|s| s.leaves > leaf_budget) {
            break;
        }
        depth += 1;
    }
    (a, b)
}

pub fn letter() -> impl Strategy<Value = Expr> {
    (
        -2i32..=2,
        -2i32..=2,
        prop_oneof![Just(On::Empty), Just(On::Opponent), Just(On::Own)],
    )
        .prop_map(|(dx, dy, on)| Expr::Letter(Letter { dx, dy, on }))
}

pub fn expr() -> impl Strategy<Value = Expr> {
    letter().prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 2..=3).prop_map(Expr::concat),
            prop::collection::vec(inner.clone(), 2..=3).prop_map(Expr::alt),
            (inner.clone(), 0u32..=3).prop_map(|(e, n)| Expr::Power(Box::new(e), n)),
            inner.prop_map(|e| Expr::Star(Box::new(e))),
        ]
    })
}

const KINDS: [char; 2] = ['A', 'B'];

/// Random small SBG games, `dims` squares wide and high.
pub fn random_sbg_game(dims: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Game> {
    (dims.clone(), dims).prop_flat_map(|(w, h)| {
        let cells = prop::collection::vec(
            prop_oneof![
                4 => Just(None),
                1 => (0..2usize, 0..2usize).prop_map(|(s, k)| Some(Piece {
                    side: if s == 0 { Side::White } else { Side::Black },
                    kind: KINDS[k],
                })),
            ],
            w * h,
        );
        let rules = (expr(), proptest::option::of(expr()));
        let goal = prop_oneof![
            (
                0..2usize,
                0..2usize,
                prop::collection::vec((0..w, 0..h), 1..3)
            )
                .prop_map(|(s, k, squares)| Goal::Reach {
                    piece: Piece {
                        side: if s == 0 { Side::White } else { Side::Black },
                        kind: KINDS[k]
                    },
                    squares,
                }),
            (0..2usize, 0..2usize, 0u32..2).prop_map(|(s, k, n)| Goal::Count {
                piece: Piece {
                    side: if s == 0 { Side::White } else { Side::Black },
                    kind: KINDS[k]
                },
                at_most: n,
            }),
        ];
        (cells, rules, prop::collection::vec(goal, 0..3), 0u32..7).prop_map(
            move |(cells, (ra, rb), goals, turn_limit)| {
                let mut rules = vec![PieceRule {
                    kind: 'A',
                    expr: ra,
                }];
                if let Some(e) = rb {
                    rules.push(PieceRule { kind: 'B', expr: e });
                }
                Game {
                    name: "random".into(),
                    board: Board {
                        width: w,
                        height: h,
                        cells,
                    },
                    rules,
                    turn_limit,
                    goals,
                }
            },
        )
    })
}
