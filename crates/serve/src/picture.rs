//! The current position drawn with the renderer of initial positions (`draw`): the game is
//! copied with the current pieces as its initial ones.

/// An RBG position: `pieces` holds the piece index on each vertex (`reasoner::State::pieces`).
pub fn rbg(g: &ir::Game, pieces: &[u16]) -> String {
    let mut now = g.clone();
    if pieces.len() == now.board.initial.len() {
        now.board.initial = pieces.iter().map(|&p| ir::PieceId(u32::from(p))).collect();
    }
    draw::rbg_board(&now)
}

/// An SBG position.
pub fn sbg(g: &sbg::Game, board: sbg::Board) -> String {
    let mut now = g.clone();
    now.board = board;
    draw::sbg_board(&now)
}
