//! Listing at most `max` moves stops the search (issue 38, item 1: the playground showed 5000
//! moves of a game with millions after building them all).

use reasoner::Reasoner;

/// One player puts a piece on any empty square of an n×n board: n² moves.
fn squares(n: usize) -> String {
    let row = format!("[{}]", vec!["e"; n].join(", "));
    let rows = vec![row; n].join("");
    format!(
        "#players = a(1)\n#pieces = e, x\n#variables =\n\
         #board = rectangle(up, down, left, right, {rows})\n\
         #rules = ->a (up* + down*)(left* + right*) {{e}} [x] ->a\n"
    )
}

#[test]
fn a_capped_listing_is_a_prefix_of_the_full_one() {
    let game = rbg::parse_game(&squares(10)).expect("valid").game;
    let r = Reasoner::new(&game).unwrap();
    let mut s = r.initial_state().unwrap();
    let all = s.legal_moves_checked().unwrap();
    assert_eq!(all.len(), 100);
    let (few, complete) = s.legal_moves_at_most(7).unwrap();
    assert!(!complete);
    assert_eq!(few[..], all[..7]);
    let (every, complete) = s.legal_moves_at_most(100).unwrap();
    assert!(complete);
    assert_eq!(every, all);
}

#[test]
fn a_capped_listing_stops_early_on_a_large_board() {
    // 40 000 moves, and a search limit far below them: the full listing fails on it, the
    // capped one stops long before (its work is bounded by what it lists).
    let game = rbg::parse_game(&squares(200)).expect("valid").game;
    let opts = reasoner::Options {
        search_limit: 1000,
        ..reasoner::Options::default()
    };
    let r = Reasoner::with_options(&game, opts).unwrap();
    let mut s = r.initial_state().unwrap();
    assert!(matches!(
        s.legal_moves_checked(),
        Err(reasoner::GameError::SearchLimit { .. })
    ));
    let (few, complete) = s.legal_moves_at_most(10).unwrap();
    assert_eq!((few.len(), complete), (10, false));
}
