//! Merge states left without a visited mark because at most one path reaches them per vertex
//! (`crate::paths`): rays in different directions from one square need none; two walks
//! ending on the same square keep theirs, or the move would be listed twice.

mod common;

/// A queen-like slide in four directions (`RAYS`), or a step reaching the same square two
/// ways (`up {e} right + right {e} up`), then a piece written at the end.
fn game(rays: bool) -> String {
    let walk = if rays {
        "((up {e})* up + (down {e})* down + (left {e})* left + (right {e})* right)"
    } else {
        "(up {e} right + right {e} up)"
    };
    format!(
        "#players = a(1), b(1)
#pieces = e, x, y
#variables =
#board = rectangle(up, down, left, right,
         [e, e, e, e]
         [e, y, e, e]
         [e, e, x, e]
         [x, e, e, y])
#anySquare = ((up* + down*)(left* + right*))
#rules = (
    ->a anySquare {{x}} [e] {walk} {{e}} [x]
    ->b anySquare {{y}} [e] {walk} {{e}} [y]
)*
"
    )
}

fn marks(text: &str) -> usize {
    common::source_of(text).matches("c.mark(").count()
}

#[test]
fn only_merges_reached_twice_keep_marks() {
    assert_eq!(marks(&game(true)), 0, "rays never meet");
    assert!(marks(&game(false)) > 0, "two steps reach one square");
}

#[test]
fn merges_without_marks_list_the_interpreters_moves() {
    let texts: Vec<(String, String)> = [true, false]
        .iter()
        .map(|&rays| (format!("rays={rays}"), game(rays)))
        .collect();
    common::assert_texts_equal(&texts);
}
