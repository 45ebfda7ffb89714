//! Piece modifiers that listing applies to the board alone (`codegen::light`): only where the
//! level after them reads squares only, and with the interpreter's moves either way.

mod common;

/// Places a stone on an empty square (`[x]` in `after`), then the rest of `after` must hold:
/// a test of the neighbours (squares only), a count of the stones (reads the counts: a's
/// second stone is refused), or a walk over every square holding a stone (reads the piece
/// sets: no stone left of a stone).
/// Both readers see the stone just placed, so a light stone would change the moves.
fn game(after: &str) -> String {
    format!(
        "#players = a(1), b(1)
#pieces = e, x, y
#variables =
#board = rectangle(up, down, left, right,
         [e, e, e, e]
         [e, x, y, e]
         [e, e, e, e])
#anySquare = ((up* + down*)(left* + right*))
#rules = (
    ->a anySquare {{e}} {after} ->b
    ->b anySquare {{e}} [y] ->a
)*
"
    )
}

const NEIGHBOURS: &str = "[x] {? (up + down + left + right) {x}}";
const COUNT: &str = "[x] {$ x + y < 5}";
const SET: &str = "[x] {! anySquare {x} right {x}}";
/// The move goes on from the stone to any stone with a stone right of it: the walk over
/// every square starts at the modifier itself (reads the piece sets).
const WALK: &str = "[x] anySquare {x} right {x}";

/// What the generator writes for a light modifier.
const LIGHT: &str = "c.set_piece_only(v";

#[test]
fn a_modifier_is_light_only_when_its_level_reads_squares_only() {
    // Player a's stone, written and written back; b's move ends at its stone.
    assert_eq!(
        common::source_of(&game(NEIGHBOURS)).matches(LIGHT).count(),
        2
    );
    assert_eq!(common::source_of(&game(COUNT)).matches(LIGHT).count(), 0);
    assert_eq!(common::source_of(&game(SET)).matches(LIGHT).count(), 0);
    assert_eq!(common::source_of(&game(WALK)).matches(LIGHT).count(), 0);
}

/// Go's stone before its liberty test, once per player; not reversi, whose placement is
/// followed by flips and a whole-board test.
#[test]
fn go_places_light_stones() {
    let Some(dir) = common::external("rbg/games") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    for (game, light) in [("go", true), ("reversi", false)] {
        let text = std::fs::read_to_string(dir.join(format!("{game}.rbg"))).unwrap();
        assert_eq!(common::source_of(&text).contains(LIGHT), light, "{game}");
    }
}

#[test]
fn light_and_whole_modifiers_list_the_interpreters_moves() {
    let texts: Vec<(String, String)> = [
        ("neighbours", NEIGHBOURS),
        ("count", COUNT),
        ("set", SET),
        ("walk", WALK),
    ]
    .iter()
    .map(|&(name, after)| (name.to_string(), game(after)))
    .collect();
    common::assert_texts_equal(&texts);
}
