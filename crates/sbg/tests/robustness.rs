//! Property tests: the parser never panics (arbitrary text, mutated corpus files), and
//! printing then parsing any game gives the same game.

mod common;

use proptest::prelude::*;
use sbg::{Board, Expr, Game, Goal, Letter, On, Piece, PieceRule, Side};

fn check_text(src: &str) {
    let _ = sbg::parse_piece_rule(src);
    let parsed = sbg::parse::parse_game(src);
    for d in parsed
        .errors
        .iter()
        .map(|e| e.span())
        .chain(parsed.warnings.iter().map(|w| w.span()))
    {
        assert!(
            d.start <= d.end && d.end <= src.len(),
            "span {d:?} outside the text"
        );
        assert!(src.is_char_boundary(d.start) && src.is_char_boundary(d.end));
    }
    let _ = sbg::parse(src).map_err(|d| sbg::render(&d, "fuzz", src));
    if let Some(game) = parsed.value {
        let (again, _) = sbg::parse(&sbg::print(&game)).expect("printed games parse");
        assert_eq!(again, game);
        if game.board.width * game.board.height <= 100 {
            if let Ok(mut e) = sbg::Engine::new(&game) {
                let _ = game::perft::perft(&mut e, 2);
            }
        }
    }
}

const TOKENS: &[&str] = &[
    "<<",
    ">>",
    "<BOARD>",
    "<PIECES>",
    "<GOALS>",
    "<--BOARD-->",
    "(",
    ")",
    ",",
    "+",
    "^",
    "*",
    "&",
    "@",
    "#",
    "|",
    "/*",
    "*/",
    "//",
    "\n",
    "\r\n",
    " ",
    "-",
    "0",
    "1",
    "7",
    "e",
    "p",
    "w",
    "P",
    "k",
    ".",
    "\u{feff}",
    "é",
];

fn corpus_texts() -> Vec<String> {
    common::all_games()
        .iter()
        .map(|p| common::read(p))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings_never_panic(s in any::<String>()) {
        check_text(&s);
    }

    #[test]
    fn token_soup_never_panics(parts in prop::collection::vec(prop::sample::select(TOKENS), 0..60)) {
        check_text(&parts.concat());
    }

    #[test]
    fn mutated_corpus_never_panics(
        which in any::<prop::sample::Index>(),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0usize..8, prop::sample::select(TOKENS)), 1..4),
    ) {
        let texts = corpus_texts();
        let mut s = texts[which.index(texts.len())].clone();
        for (at, del, ins) in edits {
            let mut i = at.index(s.len() + 1);
            while !s.is_char_boundary(i) { i -= 1; }
            let mut j = (i + del).min(s.len());
            while !s.is_char_boundary(j) { j -= 1; }
            s.replace_range(i..j, ins);
        }
        check_text(&s);
    }

    #[test]
    fn print_then_parse_is_identity(game in arb_game()) {
        let text = sbg::print(&game);
        let parsed = sbg::parse::parse_game(&text);
        prop_assert!(parsed.errors.is_empty(), "{:?}\n{}", parsed.errors, text);
        for w in &parsed.warnings {
            prop_assert!(matches!(w, sbg::Warning::PieceWithoutRule { .. }), "{:?}", w);
        }
        prop_assert_eq!(parsed.value.unwrap(), game);
    }
}

fn arb_expr(w: i32, h: i32) -> impl Strategy<Value = Expr> {
    let on = prop_oneof![Just(On::Empty), Just(On::Opponent), Just(On::Own)];
    let leaf =
        (-(w - 1)..w, -(h - 1)..h, on).prop_map(|(dx, dy, on)| Expr::Letter(Letter { dx, dy, on }));
    leaf.prop_recursive(3, 16, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 2..4).prop_map(Expr::Concat),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Expr::Alt),
            (inner.clone(), 0u32..4).prop_map(|(e, n)| Expr::Power(Box::new(e), n)),
            inner.prop_map(|e| Expr::Star(Box::new(e))),
        ]
    })
    .prop_map(|e| e.normalized())
}

fn arb_piece() -> impl Strategy<Value = Piece> {
    (
        any::<bool>(),
        prop::sample::select(vec!['A', 'B', 'C', 'K', 'Z']),
    )
        .prop_map(|(white, kind)| Piece {
            side: if white { Side::White } else { Side::Black },
            kind,
        })
}

fn arb_game() -> impl Strategy<Value = Game> {
    (1usize..7, 1usize..7).prop_flat_map(|(w, h)| {
        let cells = prop::collection::vec(prop::option::of(arb_piece()), w * h);
        let rules = prop::collection::btree_map(
            prop::sample::select(vec!['A', 'B', 'C', 'K', 'Z']),
            arb_expr(w as i32, h as i32),
            0..4,
        );
        let square = (0..w, 0..h);
        let goal = prop_oneof![
            (arb_piece(), 0u32..5).prop_map(|(piece, at_most)| Goal::Count { piece, at_most }),
            (arb_piece(), prop::collection::vec(square, 1..4))
                .prop_map(|(piece, squares)| Goal::Reach { piece, squares }),
        ];
        (
            "[A-Za-z0-9]([A-Za-z0-9 ]{0,10}[A-Za-z0-9])?",
            cells,
            rules,
            0u32..300,
            prop::collection::vec(goal, 0..4),
        )
            .prop_map(move |(name, cells, rules, turn_limit, goals)| Game {
                name,
                board: Board {
                    width: w,
                    height: h,
                    cells,
                },
                rules: rules
                    .into_iter()
                    .map(|(kind, expr)| PieceRule { kind, expr })
                    .collect(),
                turn_limit,
                goals,
            })
    })
}

#[test]
fn thousands_of_errors_are_cut_with_a_count() {
    let row = "?".repeat(16_000);
    let src = format!("<<T>>\n<BOARD>\n16000 1\n|{row}|\n<PIECES>\n<GOALS>\n20 &\n");
    let diags = sbg::parse(&src).unwrap_err();
    assert_eq!(diags.len(), sbg::diagnostics::MAX_DIAGNOSTICS + 1);
    assert!(diags.last().unwrap().message.contains("more errors"));
}
