//! The LL-RBG printer on a small game using every construct: the output is snapshotted (so
//! format changes are reviewed) and parses back to the same game.

const GAME: &str = "
#side(c) = c~Stone
#players = black(100), white(100)
#pieces = empty, side(black), side(white)
#variables = moves(20), captured(5)
#board = hexagon(nw, ne, e, se, sw, w,
    [empty, side(black)]
    [empty, , empty]
    [side(white), empty])
#any = (nw + ne + e + se + sw + w)*
#turn(me; opp) = ->me any {empty} [side(me)] [$ moves = moves + 1, captured = (captured + moves) / 2 - 1 * 0]
    ({? (e + w)^2 {side(opp)}} [side(opp), empty] + {! e} . + {$ side(me) * 2 >= moves - (captured - 1)})
    ->> {$ moves != 20} {}*
#rules = (turn(black; white) turn(white; black))*
";

#[test]
fn printer_output_and_round_trip() {
    let parsed = rbg::parse_game(GAME).unwrap_or_else(|d| panic!("{d:#?}"));
    let ll = rbg::print_ll(&parsed.game);
    insta::assert_snapshot!(ll);
    let back = rbg::parse_game(&ll).unwrap_or_else(|d| panic!("{d:#?}\n{ll}"));
    ir::compare::same_game(&parsed.game, &back.game, Default::default()).expect("same game");
    // Printing is a fixed point after one round.
    assert_eq!(rbg::print_ll(&back.game), ll);
}

#[test]
fn same_game_names_the_first_difference() {
    let a = rbg::parse_game(GAME).unwrap_or_else(|d| panic!("{d:#?}"));
    let other = GAME.replace("side(white), empty])", "side(white), side(black)])");
    let b = rbg::parse_game(&other).unwrap_or_else(|d| panic!("{d:#?}"));
    let diff = ir::compare::same_game(&a.game, &b.game, Default::default()).unwrap_err();
    assert_eq!(diff.what, "initial pieces");
    assert_eq!(
        diff.to_string(),
        format!(
            "initial pieces differ:\n  left:  {}\n  right: {}",
            diff.left, diff.right
        )
    );
    assert_ne!(diff.left, diff.right);
}
