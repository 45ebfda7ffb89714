//! `parse_game` never panics, on arbitrary text and on mutations of real games; whatever it
//! accepts round-trips through LL-RBG.

use proptest::prelude::*;
use std::path::Path;

const SHARED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus-external/rbg"
);

/// A small game of our own, used when the shared corpus is absent.
const SAMPLE: &str = "
#piece(c) = c~Pawn
#players = white(100), black(100)
#pieces = e, piece(white), piece(black)
#variables = turn(10)
#board = rectangle(up, down, left, right, [blackPawn, blackPawn] [e, e] [whitePawn, whitePawn])
#move(me; opp; fwd) = ->me (up* + down*)(left* + right*) {piece(me)} [e] fwd (left + right)^1 {e, piece(opp)} [piece(me)] [$ turn = turn + 1 * 2 / 2]
#rules = (move(white; black; up) {$ turn <= 9} move(black; white; down))*
";

fn texts() -> Vec<String> {
    let mut out = vec![SAMPLE.to_string()];
    for name in [
        "games/chess.rbg",
        "games/hex_5x5.rbg",
        "games/arimaa.rbg",
        "reference-tests/server_encoding_test_2.rbg",
    ] {
        if let Ok(t) = std::fs::read_to_string(Path::new(SHARED).join(name)) {
            out.push(t);
        }
    }
    out
}

/// Checks the round trip of anything that parses (except the documented gap: a direction
/// without edges cannot be written in LL-RBG).
fn check(src: &str) {
    let Ok(parsed) = rbg::parse_game(src) else {
        return;
    };
    let g = &parsed.game;
    let b = &g.board;
    let all_used = (0..b.direction_count()).all(|d| b.edges().any(|(_, e, _)| e.index() == d));
    if !all_used {
        return;
    }
    let ll = rbg::print_ll(g);
    let back = rbg::parse_game(&ll).unwrap_or_else(|d| panic!("LL output rejected: {d:?}\n{ll}"));
    ir::compare::same_game(g, &back.game, Default::default()).expect("round trip");
}

const PIECES: &[&str] = &[
    "#",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    "?",
    "!",
    "$",
    "~",
    "+",
    "*",
    "^",
    "/",
    ",",
    ";",
    ":",
    "=",
    "->",
    "->>",
    "<",
    "<=",
    "==",
    "!=",
    ">",
    ">=",
    ".",
    "-",
    "0",
    "2",
    "e",
    "up",
    "x",
    "rules",
    "board",
    "rectangle",
    "hexagon",
    "cuboid",
    "players",
    "/*",
    "//",
    "\n",
];

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, usize),
    Duplicate(usize, usize),
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut t: Vec<char> = text.chars().collect();
    for e in edits {
        let n = t.len().max(1);
        match *e {
            Edit::Delete(a, len) => {
                let a = a % n;
                let b = (a + len % 16).min(t.len());
                if a < b {
                    t.drain(a..b);
                }
            }
            Edit::Insert(a, p) => {
                let a = a % (t.len() + 1);
                let piece: Vec<char> = format!(" {} ", PIECES[p % PIECES.len()]).chars().collect();
                t.splice(a..a, piece);
            }
            Edit::Duplicate(a, len) => {
                let a = a % n;
                let b = (a + len % 64).min(t.len());
                if a < b {
                    let copy: Vec<char> = t[a..b].to_vec();
                    t.splice(b..b, copy);
                }
            }
        }
    }
    t.into_iter().collect()
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Delete(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Insert(a, b)),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::Duplicate(a, b)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text(s in "\\PC{0,300}") {
        check(&s);
    }

    #[test]
    fn rbg_like_text(s in "[#a-e0-9(){}\\[\\]?!$~+*^/,;:=<>. \n-]{0,300}") {
        check(&s);
    }

    #[test]
    fn mutated_games(which in any::<usize>(), edits in prop::collection::vec(edit(), 1..6)) {
        let texts = texts();
        let src = apply(&texts[which % texts.len()], &edits);
        check(&src);
    }
}

#[test]
fn sample_parses() {
    let g = rbg::parse_game(SAMPLE).expect("sample parses").game;
    assert_eq!(g.board.vertex_count(), 6);
    check(SAMPLE);
}

const DECLS: &str = "#players = p(1)\n#pieces = e\n#variables = v(5)\n#board = rectangle(up, down, left, right, [e, e])\n";

/// Nesting just under the limits parses (without overflowing the stack of a test thread);
/// just over them it is rejected with a diagnostic naming the limit.
#[test]
fn limits() {
    let depth = rbg::parser::MAX_NESTING - 2;
    let nested = format!(
        "{DECLS}#rules = ->p {}right{}",
        "({? ".repeat(depth / 2),
        "})".repeat(depth / 2)
    );
    check(&nested);
    rbg::parse_game(&nested).expect("deep but allowed");
    let too_deep = format!(
        "{DECLS}#rules = {}right{}",
        "(".repeat(depth + 10),
        ")".repeat(depth + 10)
    );
    let err = rbg::parse_game(&too_deep).expect_err("too deep");
    assert!(
        err[0].message.contains("nesting limit"),
        "{:?}",
        err[0].message
    );

    let chain = vec!["v"; 450].join(" + ");
    let long = format!("{DECLS}#rules = ->p [$ v = {chain} - {chain}]");
    rbg::parse_game(&long).expect("long but allowed");
    check(&long);
    let chain = vec!["1"; 2000].join(" * ");
    let too_long = format!("{DECLS}#rules = ->p {{$ v == {chain}}}");
    let err = rbg::parse_game(&too_long).expect_err("too long");
    assert!(
        err[0].message.contains("size limit"),
        "{:?}",
        err[0].message
    );

    let huge = format!("{DECLS}#rules = ->p (right left)^1000^1000");
    let err = rbg::parse_game(&huge).expect_err("too big");
    assert!(
        err[0].message.contains("size limit"),
        "{:?}",
        err[0].message
    );
}

#[test]
fn thousands_of_errors_are_cut_with_a_count() {
    let src = format!("#rules = {}", "\u{1}".repeat(16_000));
    let diags = rbg::parse_game(&src).unwrap_err();
    assert_eq!(diags.len(), rbg::MAX_DIAGNOSTICS + 1);
    assert!(diags.last().unwrap().message.contains("more errors"));
}
