//! The move-level and single-block expectations of the reference tests
//! (`shared/corpus-external/rbg/EXPECTED.md`), with the game texts written inline.

mod common;

use common::{game, Decl};
use game::GameState;
use reasoner::{GameError, KeeperMode, Options, Reasoner};

const BLOCKS: Decl = Decl {
    players: &[("red", 100), ("blue", 50)],
    variables: &[("turn", 10)],
    pieces: &["e", "r", "b"],
    rows: &[&["b", "r"], &["e", "e"]],
};

fn moves_of(rules: &str) -> Vec<reasoner::Move> {
    let g = game(&BLOCKS, rules);
    let r = Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    s.legal_moves_checked().unwrap()
}

#[test]
fn single_blocks() {
    let cases: &[(&str, usize)] = &[
        ("->red ->blue", 1),
        ("->red (->blue + ->red)", 2),
        ("->red right ->blue", 1),
        ("->red right right ->blue", 0),
        ("->red {b} ->blue", 1),
        ("->red {e} ->blue", 0),
        ("->red (right {r} left + {b}) ->blue", 1),
        ("->red [$turn = 10] [$blue = 15] ->blue", 1),
        ("->red [$turn = 10] [$blue = turn + 70] ->blue", 0),
        (
            "->red [$blue = 6] [$red = ((blue + 2) * 4 + 1) / (5 - 1) ] ->blue",
            1,
        ),
        (
            "->red [$blue = 6] [$turn = 7] {$ blue < turn + 2} ->blue",
            1,
        ),
        (
            "->red [$blue = 6] [$turn = 7] {$ blue < turn / 2} ->blue",
            0,
        ),
        (
            "->red [$blue = 6] [$turn = 7] {$ blue <= turn - 1} ->blue",
            1,
        ),
        (
            "->red [$blue = 6] [$turn = 7] {$ blue <= turn / 2} ->blue",
            0,
        ),
        (
            "->red [$blue = 6] [$turn = 7] {$ blue == turn -1} ->blue",
            1,
        ),
        ("->red [$blue = 6] [$turn = 7] {$ blue == turn} ->blue", 0),
        (
            "->red {$ e == 2 } {$ r == 1} {$ b == 1} {$ r == b} ->blue",
            1,
        ),
        (
            "->red [$blue = 6] [$turn = 7] {$ blue != turn - 7} ->blue",
            1,
        ),
        (
            "->red [$blue = 6] [$turn = 7] {$ blue != turn - 1} ->blue",
            0,
        ),
        ("->red {? right [e] (left + down)* {e} }->blue", 1),
        ("->red  {? right [e] (left + down)* {e} up {r}} ->blue", 0),
    ];
    for (rules, n) in cases {
        assert_eq!(moves_of(rules).len(), *n, "{rules}");
    }
}

#[test]
fn single_block_details() {
    let g = game(&BLOCKS, "->red ->blue");
    let r = Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    assert_eq!(s.current_player(), Some(0));
    let m = s.legal_moves_checked().unwrap();
    s.try_apply(&m[0]).unwrap();
    assert_eq!(s.player_to_move(), Some(1));

    assert_eq!(moves_of("->red right ->blue")[0].steps[0].1, 1);

    let g = game(&BLOCKS, "->red [$turn = 10] [$blue = 15] ->blue");
    let r = Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    let m = s.legal_moves_checked().unwrap();
    assert_eq!(m[0].steps.len(), 3);
    s.try_apply(&m[0]).unwrap();
    assert_eq!((s.variable(2), s.variable(1)), (10, 15));

    let g = game(
        &BLOCKS,
        "->red [$blue = 6] [$red = ((blue + 2) * 4 + 1) / (5 - 1) ] ->blue",
    );
    let r = Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    let m = s.legal_moves_checked().unwrap();
    s.try_apply(&m[0]).unwrap();
    assert_eq!(s.variable(0), 8);
    s.undo();
    assert_eq!(s.variable(0), 0);
}

#[test]
fn division_by_zero_and_negative_division() {
    assert_eq!(moves_of("->red [$blue = 6 / (turn - 0)] ->blue").len(), 0);
    assert_eq!(moves_of("->red {$ 0 - 7 / 2 == 0 - 3} ->blue").len(), 1);
    assert_eq!(moves_of("->red [$turn = 0 - 1] ->blue").len(), 0);
}

#[test]
fn game_state_simple() {
    let g = game(
        &BLOCKS,
        "->red (right + (down)* up down + (right + down)* + down + right {r} [e] down) {e} [r] ->>",
    );
    let r = Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    let mut moves: Vec<Vec<(u32, u32)>> = s
        .legal_moves_checked()
        .unwrap()
        .into_iter()
        // 1-based vertices and (vertex, modifier) order, as in EXPECTED.md.
        .map(|m| m.steps.iter().map(|&(i, v)| (v + 1, i)).collect())
        .collect();
    moves.sort();
    let mut expected = vec![
        vec![(3, 3), (3, 4)],
        vec![(2, 2), (4, 3), (4, 4)],
        vec![(4, 3), (4, 4)],
    ];
    expected.sort();
    assert_eq!(moves, expected);
    // perft 1: 3 / 4 · 2: 0 / 4 (after the move the keeper is stuck)
    let p = reasoner::perft(&mut s, 2).unwrap();
    assert_eq!((p.leaves, p.nodes), (0, 4));
}

#[test]
fn nfa_board_product_and_parser_tests() {
    let d = Decl {
        players: &[("red", 100), ("blue", 100)],
        variables: &[("turn", 10)],
        pieces: &["e"],
        rows: &[&["e", "e"], &["e", "e"]],
    };
    for rules in [
        "->red ( up + down )* [$ turn = turn+1] (up + right + left)* down ->blue",
        "->red ( up + down + left + right )* [$ turn = turn+1] {$turn < 10} [e] ->blue",
    ] {
        let g = game(&d, rules);
        let r = Reasoner::new(&g).unwrap();
        let mut s = r.initial_state().unwrap();
        let p = reasoner::perft(&mut s, 1).unwrap();
        assert_eq!((p.leaves, p.nodes), (4, 5), "{rules}");
        let p = reasoner::perft(&mut s, 2).unwrap();
        assert_eq!((p.leaves, p.nodes), (0, 5), "{rules}");
    }
}

#[test]
fn creator_test_terminates_with_an_error() {
    let d = Decl {
        players: &[("red", 100), ("blue", 100)],
        variables: &[("turn", 10)],
        pieces: &["e"],
        rows: &[&["e", "e"], &["e", "e"]],
    };
    let g = game(
        &d,
        "->red ( up + down + left + right )* [$ turn = turn+1] ([$red = 20] {e} + {? left {e}} {$turn < red + e})* ->blue",
    );
    let r = Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    let e = reasoner::perft(&mut s, 1).unwrap_err();
    assert!(
        matches!(
            e,
            GameError::UnboundedCycle { .. } | GameError::ModifierLimit { .. }
        ),
        "{e:?}"
    );
    assert!(s.legal_moves_checked().is_err());
    let mut v = Vec::new();
    s.legal_moves(&mut v);
    assert!(v.is_empty());
}

#[test]
fn improper_keeper_is_reported() {
    // The keeper may put r on either of two squares: different completions.
    let g = game(
        &BLOCKS,
        "->> ((right + down) [r] + [b]) ->red {e} [b] ->blue",
    );
    let r = Reasoner::new(&g).unwrap();
    let e = r.initial_state().err().expect("improper");
    let GameError::ImproperKeeper { conflict, .. } = &e else {
        panic!("{e:?}")
    };
    // The first keeper move puts b on the start square, another r on the square right of it:
    // both squares already hold those pieces, so only where red starts differs.
    assert_eq!(conflict.moves, [vec![(3, 0), (4, 0)], vec![(2, 1), (4, 1)]]);
    assert!(conflict.pieces_differ.is_empty() && conflict.vars_differ.is_empty());
    assert_eq!(conflict.ends, [(0, 0), (0, 1)]);
    assert_eq!(
        r.explain(&e),
        [
            "position (vertices changed from the initial board): none",
            "variables: red=0, blue=0, turn=0; keeper at r0c0",
            "keeper move A (the first): r0c0:[b] r0c0:->red",
            "keeper move B: r0c1:[r] r0c1:->red",
            "after completing A and B, pieces differ at: none",
            "variables differ: none",
            "the completions end in different states: A with red to move, at r0c0, \
             B with red to move, at r0c1",
        ]
    );
    // KeeperMode::First takes the first keeper move and keeps the finding as a warning.
    let opts = Options {
        keeper: KeeperMode::First,
        ..Options::default()
    };
    let r = Reasoner::with_options(&g, opts).unwrap();
    let s = r.initial_state().expect("first move taken");
    assert_eq!(s.keeper_warning(), Some(e));
    // Two keeper moves with the same result are fine.
    let g = game(&BLOCKS, "->> ([$turn = 1] + [$turn = 1]) ->red ->blue");
    let r = Reasoner::new(&g).unwrap();
    assert!(r.initial_state().is_ok());
}

/// The check completes the keeper's other moves aside and the first in place: an improper
/// choice found after a player's move leaves the state at the choice, and undo takes the
/// whole move back; first mode goes on with the first alternative.
#[test]
fn improper_keeper_after_a_move_is_undone() {
    // Three keeper moves: the first two set turn to 2, the third to 3.
    let rules = "->red down [r] ->> ([$ turn = 2] + [$ turn = 2] + [$ turn = 3]) ->blue";
    let g = game(&BLOCKS, rules);
    let r = Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    let before = s.snapshot();
    let m = s.legal_moves_checked().unwrap();
    assert_eq!(m.len(), 1);
    let e = s.try_apply(&m[0]).unwrap_err();
    let GameError::ImproperKeeper {
        moves, conflict, ..
    } = &e
    else {
        panic!("{e:?}")
    };
    // Compared with the first: the second agrees, the third does not (turn, variable 2).
    assert_eq!(*moves, 3);
    assert_eq!(conflict.vars_differ, [(2, 2, 3)]);
    // At the choice: red's piece is down, the keeper to move.
    assert_eq!(s.player_to_move(), None);
    assert_eq!(s.snapshot().pieces[2], 1);
    s.undo();
    assert_eq!(s.snapshot(), before);
    assert_eq!(s.legal_moves_checked().unwrap().len(), 1);
    // First mode: the first alternative's completion, and the warning.
    let opts = Options {
        keeper: KeeperMode::First,
        ..Options::default()
    };
    let r = Reasoner::with_options(&g, opts).unwrap();
    let mut s = r.initial_state().unwrap();
    let m = s.legal_moves_checked().unwrap();
    s.try_apply(&m[0]).unwrap();
    assert_eq!(s.keeper_warning(), Some(e));
    assert_eq!(s.player_to_move(), Some(1));
    assert_eq!(s.snapshot().variables[2], 2);
    s.undo();
    assert_eq!(s.snapshot(), before);
}

#[test]
fn keeper_loop_is_reported() {
    let g = game(&BLOCKS, "(->>)*");
    let opts = Options {
        keeper_limit: 1000,
        ..Options::default()
    };
    let r = Reasoner::with_options(&g, opts).unwrap();
    assert!(matches!(
        r.initial_state().err(),
        Some(GameError::KeeperLoop { .. })
    ));
}

const TICTACTOE_WIN: &str = "(up {P} (up + down down) {P} + down {P} down {P}) \
    + (left {P} (left + right right) {P} + right {P} right {P}) \
    + (up left {P} (up left + down right down right) {P} + down right {P} down right {P}) \
    + (up right {P} (up right + down left down left) {P} + down left {P} down left {P})";

fn tictactoe() -> ir::Game {
    let d = Decl {
        players: &[("xplayer", 100), ("oplayer", 100)],
        variables: &[],
        pieces: &["e", "x", "o"],
        rows: &[&["e", "e", "e"], &["e", "e", "e"], &["e", "e", "e"]],
    };
    let turn = |me: &str, mp: &str, op: &str| {
        let win = TICTACTOE_WIN.replace('P', me);
        format!(
            "->{mp} (up* + down*)(left* + right*) {{e}} ->> [{me}] \
             ({{! {win}}} + {{? {win}}} [$ {mp}=100] [$ {op}=0] ->> {{}})"
        )
    };
    let rules = format!(
        "[$ xplayer=50] [$ oplayer=50] ({} {})*",
        turn("x", "xplayer", "oplayer"),
        turn("o", "oplayer", "xplayer")
    );
    game(&d, &rules)
}

#[test]
fn tictactoe_perft() {
    let g = tictactoe();
    let r = Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    let table = [
        (1, 9, 10),
        (2, 72, 82),
        (3, 504, 586),
        (4, 3024, 3610),
        (5, 15120, 18730),
        (6, 54720, 73450),
        (9, 127872, 549946),
        (10, 0, 549946),
    ];
    for (d, leaves, nodes) in table {
        let p = reasoner::perft(&mut s, d).unwrap();
        assert_eq!((p.leaves, p.nodes), (leaves, nodes), "depth {d}");
    }
    // One search gives every depth.
    let all = reasoner::perft_by_depth(&mut s, 10).unwrap();
    assert_eq!((all[5].leaves, all[5].nodes), (15120, 18730));
    assert_eq!((all[9].leaves, all[9].nodes), (127872, 549946));
    assert_eq!((all[10].leaves, all[10].nodes), (0, 549946));
    // The generic perft over the trait agrees.
    assert_eq!(game::perft::perft(&mut s, 5), 15120);
    let p = reasoner::perft_parallel(&mut s, 9).unwrap();
    assert_eq!((p.leaves, p.nodes), (127872, 549946));
}

#[test]
fn tictactoe_playouts() {
    let g = tictactoe();
    let r = Reasoner::new(&g).unwrap();
    let rep = reasoner::flat_mc(&r, reasoner::Budget::Playouts(2000), 7).unwrap();
    assert_eq!(rep.playouts, 2000);
    assert!(rep.avg_length >= 5.0 && rep.avg_length <= 9.0);
    let total: u64 = rep.histogram.values().sum();
    assert_eq!(total, 2000);
    // The fast single playout leaves the state as it was.
    let mut s = r.initial_state().unwrap();
    let before = s.state_hash();
    let mut rng = game::rng_from_seed(3);
    let p = reasoner::random_playout(&mut s, &mut rng, 100).unwrap();
    assert!(p.finished && (5..=9).contains(&p.length));
    assert_eq!(s.state_hash(), before);
    // Deterministic given the seed.
    assert_eq!(
        rep.histogram,
        reasoner::flat_mc(&r, reasoner::Budget::Playouts(2000), 7)
            .unwrap()
            .histogram
    );
}

#[test]
fn modifier_limit_is_an_error_not_a_stack_overflow() {
    let d = Decl {
        players: &[("red", 100), ("blue", 100)],
        variables: &[("turn", 100_000)],
        pieces: &["e"],
        rows: &[&["e", "e"]],
    };
    // Every iteration changes the semi-state, so no cycle: only the limit stops it.
    let g = game(&d, "->red ([$turn = turn + 1] {? right + left})* ->blue");
    let r = Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    match s.legal_moves_checked() {
        Err(GameError::ModifierLimit { limit, .. }) => assert_eq!(limit, 1024),
        other => panic!("{other:?}"),
    }
    // With a higher limit and bound the game is fine: 101 moves (0..=100 increments).
    let d = Decl {
        variables: &[("turn", 100)],
        ..d
    };
    let g = game(&d, "->red ([$turn = turn + 1])* ->blue");
    let r = Reasoner::new(&g).unwrap();
    let mut s = r.initial_state().unwrap();
    assert_eq!(s.legal_moves_checked().unwrap().len(), 101);
}
