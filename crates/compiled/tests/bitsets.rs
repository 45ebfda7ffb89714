//! Pattern bodies tested across the board and evaluated as vertex sets (`codegen::bitsets`):
//! where the generator uses them, and the interpreter's moves either way.

mod common;

/// A reversi-like placement game on a 10 x 8 board (two words of vertices): a stone goes
/// where a line of the opponent's stones ends in one's own, along diagonals (two shifts), a
/// row and a column; `near` tests two pieces at once and walks a row with a star of shifts.
/// Without such a square the player passes (`[$ n = 5]`). `extra` is put in front of each line test.
fn game(extra: &str) -> String {
    let row = "[e, e, e, e, e, e, e, e, e, e]";
    let mid1 = "[e, e, e, x, y, e, e, e, e, e]";
    let mid2 = "[e, e, e, y, x, y, e, e, e, e]";
    let rows = [row, row, row, mid1, mid2, row, row, row].join("\n         ");
    format!(
        "#players = a(1), b(1)
#pieces = e, x, y
#variables = n(5)
#board = rectangle(up, down, left, right,
         {rows})
#anySquare = ((up* + down*)(left* + right*))
#line(me; opp; dir) = ({extra} dir {{opp}} dir ({{opp}} dir)* {{me}})
#near(me) = (left {{x, y}} left* {{me}})
#can(me; opp) = (line(me; opp; up left) + line(me; opp; right) + line(me; opp; down)
               + line(me; opp; down right) + near(me))
#turn(me; opp) = (
      anySquare {{e}} {{? can(me; opp)}} [me]
    + {{! anySquare {{e}} {{? can(me; opp)}}}} [$ n = 5]
)
#rules = (->a turn(x; y) ->b turn(y; x))*
"
    )
}

/// The functions computing a pattern's set.
fn sets(src: &str) -> usize {
    src.matches("\nfn pset").count()
}

#[test]
fn patterns_tested_across_the_board_are_sets_unless_they_compare() {
    // Both players' `can`, once each (the pass's test shares the move's).
    let src = common::source_of(&game(""));
    assert_eq!(sets(&src), 2);
    // Read in the moves' loops and in the passes' patterns.
    assert_eq!(src.matches("get_or_insert_with(|| pset").count(), 4);
    // A comparison is no shift or piece test.
    assert_eq!(sets(&common::source_of(&game("{$ n < 5}"))), 0);
}

/// Reversi's `movePossible` for each player; connect4's win check for each player (read only
/// by sinks asking for sets: the keeper in playouts) and `{! down {e}}` (each player's
/// keeper frontier, `codegen::frontier_sets`); go's keeper frontiers (the patterns after its
/// whole-board stars); nothing on chess.
#[test]
fn the_public_games_use_sets_in_reversi_connect4_and_go_only() {
    let Some(dir) = common::external("rbg/games") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    for (game, n, playouts) in [
        ("reversi", 2, 0),
        ("chess", 0, 0),
        ("go", 10, 0),
        ("connect4", 4, 4),
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{game}.rbg"))).unwrap();
        let src = common::source_of(&text);
        assert_eq!(sets(&src), n, "{game}");
        assert_eq!(src.matches("(if S::SETS {").count(), playouts, "{game}");
    }
}

/// Playouts read connect4's win check from its set, perft walks it: flat Monte-Carlo
/// statistics and applied perft equal the interpreter's (keeper first, as the reference
/// engines run it).
#[test]
fn connect4_playouts_with_pattern_sets_match_the_interpreter() {
    let Some(dir) = common::external("rbg/games") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    let text = std::fs::read_to_string(dir.join("connect4.rbg")).unwrap();
    let g = rbg::parse_game(&text).unwrap().game;
    let (cg, r) = common::keeper_first_engines(&g, 5);
    common::assert_flat_mc_matches("connect4", &cg, &r, 4000);
}

#[test]
fn sets_and_walks_list_the_interpreters_moves() {
    let texts: Vec<(String, String)> = [("sets", ""), ("walks", "{$ n < 5}")]
        .iter()
        .map(|&(name, extra)| (name.to_string(), game(extra)))
        .collect();
    common::assert_texts_equal(&texts);
}
