//! Random small SBG games: the translation plays the same game as the native engine.

mod common;

use proptest::prelude::*;
use sbg::{Board, Expr, Game, Goal, Letter, On, Piece, PieceRule, Side};

fn letter() -> impl Strategy<Value = Expr> {
    (
        -2i32..=2,
        -2i32..=2,
        prop_oneof![Just(On::Empty), Just(On::Opponent), Just(On::Own)],
    )
        .prop_map(|(dx, dy, on)| Expr::Letter(Letter { dx, dy, on }))
}

fn expr() -> impl Strategy<Value = Expr> {
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

fn game() -> impl Strategy<Value = Game> {
    (2usize..=4, 2usize..=4).prop_flat_map(|(w, h)| {
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]
    #[test]
    fn random_games_play_the_same_after_translation(g in game()) {
        let (native, translated) = common::compare(&g, 3, 20_000);
        prop_assert_eq!(native, translated, "game:\n{}", sbg::print(&g));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, .. ProptestConfig::default() })]
    #[test]
    fn random_games_play_the_same_in_gdl(g in game()) {
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
