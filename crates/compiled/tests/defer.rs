//! Modifiers recorded without being applied while moves are listed (`codegen::defer`): only
//! where the rest of the move reads no square the modifier writes, and with the same moves
//! as the interpreter either way.

mod common;

/// Moves a piece one square right or left; `BACK` steps back onto the emptied square and
/// reads it (`{e}`), which only holds because the modifier emptied it.
fn game(back: bool) -> String {
    let (a, b) = if back {
        (
            "right (left {e} + right {e})",
            "left (right {e} + left {e})",
        )
    } else {
        ("right ({e} + up {e})", "left ({e} + down {e})")
    };
    format!(
        "#players = a(1), b(1)
#pieces = e, x, y
#variables =
#board = rectangle(up, down, left, right,
         [x, e, x, e]
         [e, y, e, y])
#anySquare = ((up* + down*)(left* + right*))
#rules = (
    ->a anySquare {{x}} [e] {a} ->> [x]
    ->b anySquare {{y}} [e] {b} ->> [y]
)*
"
    )
}

/// What the generator writes for a deferred modifier (see `states.rs`).
const DEFERRED: &str = "if !S::KEEP && d + 1 < CYCLE_CHECK_DEPTH";

#[test]
fn a_modifier_is_deferred_only_when_no_later_read_sees_its_square() {
    assert_eq!(common::source_of(&game(false)).matches(DEFERRED).count(), 2);
    assert_eq!(common::source_of(&game(true)).matches(DEFERRED).count(), 0);
}

/// Where the public games defer: breakthrough's `[e] forward ({e} + (left + right) {e,
/// oppPawn}) ->>` and draughts' non-capturing steps, once per player; not chess, whose
/// moves write the destination before the switch.
#[test]
fn the_public_games_defer_their_last_modifiers() {
    let Some(dir) = common::external("rbg/games") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    for (game, n) in [("breakthrough", 2), ("englishDraughts", 4), ("chess", 0)] {
        let text = std::fs::read_to_string(dir.join(format!("{game}.rbg"))).unwrap();
        assert_eq!(
            common::source_of(&text).matches(DEFERRED).count(),
            n,
            "{game}"
        );
    }
}

#[test]
fn deferred_and_applied_modifiers_list_the_interpreters_moves() {
    let texts: Vec<(String, String)> = [false, true]
        .iter()
        .map(|&back| (format!("back={back}"), game(back)))
        .collect();
    common::assert_texts_equal(&texts);
}
