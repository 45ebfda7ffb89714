//! Evaluation of non-terminal states for alpha-beta: the [`Heuristic`] trait and the generic
//! [`Mobility`] heuristic that works on any [`GameState`].
//!
//! Terms and weights are documented in `docs/agents.md` ("Generic heuristic").

use crate::mover;
use game::GameState;

/// A static evaluation of a non-terminal state.
pub trait Heuristic<G: GameState> {
    /// How good `state` is for `player`: positive is good, 0 is even. Must leave the state as it
    /// was. Values should stay well inside ±100 000 (terminal results are worth far more, see
    /// [`crate::alphabeta::TERMINAL_WEIGHT`]).
    fn evaluate(&mut self, state: &mut G, player: usize) -> f64;
}

/// Weights of the generic heuristic.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct MobilityWeights {
    /// Per legal move of `player` minus per legal move of the opponent.
    pub mobility: f64,
    /// Per point of `player`'s current score (RBG score variables) minus the best other
    /// player's score.
    pub score: f64,
}

impl Default for MobilityWeights {
    fn default() -> Self {
        MobilityWeights {
            mobility: 1.0,
            score: 1.0,
        }
    }
}

/// The generic heuristic: mobility difference plus score difference.
///
/// The mobility of the player to move is the number of its legal moves. The game-state
/// interface has no null move, so the other side's mobility comes from a *probe*: the first
/// legal move is applied, the opponent's legal moves are counted and the move is undone. An
/// engine-specific heuristic can do a true null probe (the SBG one does).
#[derive(Clone, Debug, Default)]
pub struct Mobility {
    pub weights: MobilityWeights,
}

impl Mobility {
    pub fn new(weights: MobilityWeights) -> Mobility {
        Mobility { weights }
    }
}

/// Number of legal moves at `state`.
pub(crate) fn count_moves<G: GameState>(state: &mut G, buf: &mut Vec<G::Move>) -> usize {
    state.legal_moves(buf);
    buf.len()
}

impl<G: GameState> Heuristic<G> for Mobility {
    fn evaluate(&mut self, state: &mut G, player: usize) -> f64 {
        let mut value = 0.0;
        if self.weights.mobility != 0.0 {
            let to_move = mover(state);
            let mut buf = Vec::new();
            let own = count_moves(state, &mut buf);
            let other = match buf.first().cloned() {
                Some(first) => {
                    state.apply(&first);
                    let n = if mover(state) != to_move {
                        count_moves(state, &mut buf)
                    } else {
                        0
                    };
                    state.undo();
                    n
                }
                None => 0,
            };
            let diff = own as f64 - other as f64;
            value += self.weights.mobility * if to_move == player { diff } else { -diff };
        }
        if self.weights.score != 0.0 {
            value += self.weights.score * crate::score_margin(&state.scores(), player) as f64;
        }
        value
    }
}
