//! Uniform random playouts: at every state all legal moves are computed and one is picked
//! uniformly (the reference benchmark's flat Monte-Carlo convention).

use crate::{GameState, Rng};
use rand::Rng as _;

/// The outcome of one playout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Moves applied (keeper steps are not moves).
    pub length: u64,
    /// Scores at the end of the playout.
    pub scores: Vec<i64>,
    /// False when the playout stopped at `max_length` before reaching a terminal state.
    pub finished: bool,
}

/// Plays uniformly random moves from `state` until a terminal state or `max_length` moves,
/// then undoes them all, leaving `state` as it was.
pub fn random_playout<G: GameState>(state: &mut G, rng: &mut Rng, max_length: u64) -> Playout {
    let mut moves = Vec::new();
    let mut length = 0;
    let mut finished = false;
    while length < max_length {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            finished = true;
            break;
        }
        let pick = rng.random_range(0..moves.len());
        state.apply(&moves[pick]);
        length += 1;
    }
    if !finished {
        state.legal_moves(&mut moves);
        finished = moves.is_empty();
    }
    let scores = state.scores();
    for _ in 0..length {
        state.undo();
    }
    Playout {
        length,
        scores,
        finished,
    }
}
