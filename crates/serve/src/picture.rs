//! The current position drawn with the renderer of initial positions (`draw`): the game is
//! copied with the current pieces as its initial ones. Every cell is a click target named as
//! moves name their squares (`Played::squares`).

/// An RBG position: `pieces` holds the piece index on each vertex (`reasoner::State::pieces`),
/// `names` each vertex's name in moves (the click targets).
pub fn rbg(g: &ir::Game, pieces: &[u16], names: &[String]) -> String {
    let mut now = g.clone();
    if pieces.len() == now.board.initial.len() {
        now.board.initial = pieces.iter().map(|&p| ir::PieceId(u32::from(p))).collect();
    }
    draw::rbg_board_clickable(&now, names)
}

/// An SBG position.
pub fn sbg(g: &sbg::Game, board: sbg::Board) -> String {
    let mut now = g.clone();
    now.board = board;
    draw::sbg_board_clickable(&now)
}
