//! Game-playing agents over [`game::GameState`]: they take a state and return a move, leaving the
//! state as they found it, and are deterministic given the RNG they are handed.
//!
//! Data flow: a spec string from the command line → [`spec::AgentSpec`] → a boxed [`Agent`]
//! ([`random::Random`], [`alphabeta::AlphaBeta`] or [`mcts::Mcts`]); alpha-beta scores
//! non-terminal leaves with a [`eval::Heuristic`] (the generic [`eval::Mobility`] or the SBG
//! specific [`sbg_eval::SbgHeuristic`]); [`matches::play_match`] plays agents against each
//! other and returns a [`matches::MatchReport`]. Every evaluation term and weight is documented
//! in `docs/agents.md`.

pub mod alphabeta;
pub mod eval;
pub mod matches;
pub mod mcts;
pub mod random;
pub mod sbg_eval;
pub mod spec;

pub use alphabeta::{AlphaBeta, AlphaBetaOptions, SearchInfo};
pub use eval::{Heuristic, Mobility, MobilityWeights};
pub use matches::{
    play_game, play_match, play_match_observed, play_match_recorded, play_match_until,
    play_match_with, GameResult, MatchOptions, MatchReport, PlayedGame, Tally,
};
pub use mcts::{Mcts, MctsOptions};
pub use random::Random;
pub use sbg_eval::{SbgHeuristic, SbgWeights};
pub use spec::{parse_agent_spec, AgentSpec, Budget};

use game::{GameState, Rng};

/// A player of turn-based games.
pub trait Agent<G: GameState> {
    /// A short name for tables and logs, e.g. `alphabeta:3`.
    fn name(&self) -> String;

    /// The move to play in `state`, or `None` at a terminal state. The state is left as it was
    /// (every move applied while thinking is undone). Deterministic given `rng` (time budgets
    /// excepted).
    fn choose(&mut self, state: &mut G, rng: &mut Rng) -> Option<G::Move>;
}

impl<G: GameState, A: Agent<G> + ?Sized> Agent<G> for Box<A> {
    fn name(&self) -> String {
        (**self).name()
    }

    fn choose(&mut self, state: &mut G, rng: &mut Rng) -> Option<G::Move> {
        (**self).choose(state, rng)
    }
}

/// The player who chooses at `state`, counting simultaneous-move states (GDL joint moves, where
/// [`GameState::current_player`] is `None`) as player 0's choice.
pub(crate) fn mover<G: GameState>(state: &G) -> usize {
    state.current_player().unwrap_or(0)
}

/// The scores at a terminal state as rewards in `0..=1` for every player: divided by 100 when all
/// lie in `0..=100` (the GGP and SBG convention), otherwise scaled between the lowest and the
/// highest score (all equal: 0.5 each).
pub fn rewards(scores: &[i64]) -> Vec<f64> {
    if scores.iter().all(|s| (0..=100).contains(s)) {
        return scores.iter().map(|&s| s as f64 / 100.0).collect();
    }
    let lo = *scores.iter().min().unwrap_or(&0);
    let hi = *scores.iter().max().unwrap_or(&0);
    if lo == hi {
        return vec![0.5; scores.len()];
    }
    scores
        .iter()
        .map(|&s| (s - lo) as f64 / (hi - lo) as f64)
        .collect()
}

/// `scores[player]` minus the best score among the other players (0 with one player): how far
/// ahead `player` is. Antisymmetric in two-player games.
pub fn score_margin(scores: &[i64], player: usize) -> i64 {
    let mine = scores.get(player).copied().unwrap_or(0);
    let best_other = scores
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != player)
        .map(|(_, &s)| s)
        .max();
    best_other.map_or(0, |o| mine - o)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_scale_scores() {
        assert_eq!(rewards(&[100, 0]), vec![1.0, 0.0]);
        assert_eq!(rewards(&[50, 50]), vec![0.5, 0.5]);
        assert_eq!(rewards(&[300, 100, 200]), vec![1.0, 0.0, 0.5]);
        assert_eq!(rewards(&[-4, -4]), vec![0.5, 0.5]);
    }

    #[test]
    fn margins() {
        assert_eq!(score_margin(&[100, 0], 0), 100);
        assert_eq!(score_margin(&[100, 0], 1), -100);
        assert_eq!(score_margin(&[10, 30, 20], 1), 10);
        assert_eq!(score_margin(&[7], 0), 0);
    }
}
