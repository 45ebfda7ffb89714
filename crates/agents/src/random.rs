//! The uniform random agent: every legal move with equal probability (at a simultaneous turn,
//! every own move of its role; a uniform joint move is a uniform own move per role).

use crate::Agent;
use game::{GameState, Rng};
use rand::Rng as _;

/// Picks uniformly among the legal moves.
#[derive(Clone, Debug, Default)]
pub struct Random;

impl<G: GameState> Agent<G> for Random {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, state: &mut G, rng: &mut Rng) -> Option<G::Move> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        let pick = rng.random_range(0..moves.len());
        Some(moves.swap_remove(pick))
    }

    /// Uniform among the role's own moves.
    fn choose_own(&mut self, state: &mut G, role: usize, rng: &mut Rng) -> Option<usize> {
        let count = *state.simultaneous_moves()?.get(role)?;
        (count > 0).then(|| rng.random_range(0..count))
    }
}
