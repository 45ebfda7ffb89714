//! The uniform random agent: every legal move with equal probability.

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
}
