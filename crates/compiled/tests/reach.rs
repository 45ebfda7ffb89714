//! Levels evaluated as vertex sets (`codegen::reach`): an arrow shot along rays of empty
//! squares. Where the generator uses them, and the interpreter's moves either way.

mod common;

/// An amazons-like game on a 10 x 8 board (two words of vertices; the open rows cross vertex
/// 64, and a queen at the edge has a ray of nine squares): a queen, after `before` (nothing,
/// or `->>` for the keeper to shoot), shoots `arrow`, which ends with a switch to the keeper
/// placing the arrow. Walls keep the perfts small.
fn game(before: &str, arrow: &str) -> String {
    let wall = "[x, x, x, x, x, x, x, x, x, x]";
    let gap = "[x, x, x, e, x, x, e, x, x, x]";
    let open = "[e, e, e, e, e, e, e, e, e, e]";
    let queen_a = "[a, e, e, e, e, e, e, e, e, e]";
    let queen_b = "[e, b, e, e, e, e, e, e, e, e]";
    let rows = [wall, wall, wall, gap, open, open, queen_a, queen_b].join("\n         ");
    format!(
        "#players = p(1), q(1)
#pieces = e, a, b, x
#variables =
#board = rectangle(up, down, left, right,
         {rows})
#anySquare = ((up* + down*)(left* + right*))
#turn(me; mine) = (->me anySquare {{mine}} [mine] {before} {arrow} ->> [x])
#rules = (turn(p; a) turn(q; b))*
"
    )
}

/// Rays in eight directions (diagonals are two shifts). Seven test their first square before
/// their star; the eighth, through empty squares and the other player's queens, is a star
/// from the queen's own square (which it may hit), so its fill starts there.
const RAYS: &str = "(up {e} (up {e})* + down {e} (down {e})* + left {e} (left {e})* \
                    + (right {e, b})* + up left {e} (up left {e})* \
                    + up right {e} (up right {e})* + down left {e} (down left {e})* \
                    + down right {e} (down right {e})*)";

/// Rays whose first pass before the star differs from the star's pass, so that it is not
/// folded into the fill: it tests other pieces (queen `a`'s first square down right is queen
/// `b`), moves another way, takes one shift of two, or leads somewhere the star does not.
const UNLIKE: &str = "(down right {e, a, b} (down right {e})* + left {e} (right {e})* \
                      + up {e} (up left {e})* + up {e} ((up {e})* + right {e}))";

/// Levels computed as sets: their rays' fills.
fn reach_levels(src: &str) -> usize {
    src.matches("let pro = set_and").count()
}

#[test]
fn arrows_are_sets_unless_the_keeper_shoots_or_a_cycle_is_no_ray() {
    // Both players' arrow levels, eight rays each.
    assert_eq!(reach_levels(&common::source_of(&game("", RAYS))), 16);
    // The keeper takes its first move: the walk's order must stay.
    let keeper = game("->>", RAYS);
    assert_eq!(reach_levels(&common::source_of(&keeper)), 0);
    // A cycle with two tests is no ray.
    let zigzag = "(up {e} (left {e} up {e})*)";
    assert_eq!(reach_levels(&common::source_of(&game("", zigzag))), 0);
}

/// Amazons' arrow level for each player; not on games without such a level.
#[test]
fn the_public_games_use_reach_sets_in_amazons_only() {
    let Some(dir) = common::external("rbg/games") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    for (game, n) in [
        ("amazons", 16),
        ("chess", 0),
        ("breakthrough", 0),
        ("go", 0),
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{game}.rbg"))).unwrap();
        assert_eq!(reach_levels(&common::source_of(&text)), n, "{game}");
    }
}

/// (The keeper's variant is improper: its arrows lead to different positions.)
#[test]
fn sets_and_walks_list_the_interpreters_moves() {
    let texts: Vec<(String, String)> = [
        ("sets", game("", RAYS)),
        ("zigzag", game("", "(up {e} (left {e} up {e})*)")),
        // First passes unlike their stars: other pieces, another direction, a shorter chain.
        ("unlike", game("", UNLIKE)),
    ]
    .into_iter()
    .map(|(name, text)| (name.to_string(), text))
    .collect();
    common::assert_texts_equal(&texts);
}
