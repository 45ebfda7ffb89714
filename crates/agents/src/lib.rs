//! Game-playing agents over [`game::GameState`]: they take a state and return a move, leaving the
//! state as they found it, and are deterministic given the RNG they are handed.
//!
//! Data flow: a spec string from the command line → [`spec::AgentSpec`] → a boxed [`Agent`]
//! ([`random::Random`], [`alphabeta::AlphaBeta`] or [`mcts::Mcts`]); alpha-beta scores
//! non-terminal leaves with a [`eval::Heuristic`] (the generic [`eval::Mobility`] or the SBG
//! specific [`sbg_eval::SbgHeuristic`]); [`matches::play_match`] plays agents against each
//! other and returns a [`matches::MatchReport`]. At simultaneous turns (GDL) every role's agent
//! chooses its own move ([`Agent::choose_own`]; MCTS by decoupled UCT, alpha-beta by a
//! documented reduction) and the match composes the joint move. Every evaluation term and weight is documented
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
pub use spec::{parse_agent_spec, AgentSpec, Budget, BuildError, SpecError};

use game::{GameState, Rng};

/// A player of turn-based and simultaneous-move games.
///
/// At a turn-based state the match asks the current player's agent for a move
/// ([`Agent::choose`]). At a simultaneous turn ([`GameState::simultaneous_moves`]) it asks the
/// agent of every role that has a choice for that role's own move ([`Agent::choose_own`]), all
/// on the same state, so no agent sees another's choice of this turn; it then composes the
/// joint move ([`GameState::joint_move`]), tells every agent ([`Agent::turn_played`]) and
/// applies it.
pub trait Agent<G: GameState> {
    /// A short name for tables and logs, e.g. `alphabeta:3`.
    fn name(&self) -> String;

    /// The move to play in `state`, or `None` at a terminal state. The state is left as it was
    /// (every move applied while thinking is undone). Deterministic given `rng` (time budgets
    /// excepted). At a simultaneous turn it is a joint move in which every role's own move is
    /// chosen as [`Agent::choose_own`] would, each on its own.
    fn choose(&mut self, state: &mut G, rng: &mut Rng) -> Option<G::Move>;

    /// Role `role`'s own move at a simultaneous turn of `state`: an index below the role's
    /// count in [`GameState::simultaneous_moves`]. `None` when `state` is no simultaneous turn
    /// or `role` is out of range. Leaves the state as it was; deterministic given `rng`.
    fn choose_own(&mut self, state: &mut G, role: usize, rng: &mut Rng) -> Option<usize>;

    /// Told the joint move of a simultaneous turn once every role has chosen, before it is
    /// applied to `state` (a person at the terminal sees what the others played). The default
    /// ignores it.
    fn turn_played(&mut self, _state: &mut G, _joint: &G::Move) {}

    /// Told the last state of a game (terminal, or where the length limit cut it) before the
    /// game's moves are taken back (a person at the terminal sees the final position). The
    /// default ignores it.
    fn game_over(&mut self, _state: &mut G) {}

    /// Asked when [`Agent::choose`] returned no move at a state that has some: true takes back
    /// the last move of the player now to move (and the others' moves since), then the agent
    /// is asked again.
    /// A person typing `undo` does this; the default (no) makes a missing move an agent bug.
    fn wants_take_back(&mut self) -> bool {
        false
    }
}

impl<G: GameState, A: Agent<G> + ?Sized> Agent<G> for Box<A> {
    fn name(&self) -> String {
        (**self).name()
    }

    fn choose(&mut self, state: &mut G, rng: &mut Rng) -> Option<G::Move> {
        (**self).choose(state, rng)
    }

    fn choose_own(&mut self, state: &mut G, role: usize, rng: &mut Rng) -> Option<usize> {
        (**self).choose_own(state, role, rng)
    }

    fn turn_played(&mut self, state: &mut G, joint: &G::Move) {
        (**self).turn_played(state, joint)
    }

    fn game_over(&mut self, state: &mut G) {
        (**self).game_over(state)
    }

    fn wants_take_back(&mut self) -> bool {
        (**self).wants_take_back()
    }
}

/// The joint move of a simultaneous turn whose every own move `agent` chooses by
/// [`Agent::choose_own`], role by role on the same state (a role with one move is not asked);
/// `None` when `state` is no simultaneous turn or the agent gives no move.
pub fn choose_every_role<G: GameState, A: Agent<G> + ?Sized>(
    agent: &mut A,
    state: &mut G,
    rng: &mut Rng,
) -> Option<G::Move> {
    let counts = state.simultaneous_moves()?;
    let mut choices = vec![0; counts.len()];
    for (role, &count) in counts.iter().enumerate() {
        if count > 1 {
            choices[role] = agent.choose_own(state, role, rng)?;
        }
    }
    state.joint_move(&choices)
}

/// Steps `choices` to the next combination of own moves below `counts` with role `fixed`'s
/// choice kept (the last role varying fastest); false after the last one.
pub(crate) fn next_combination(choices: &mut [usize], counts: &[usize], fixed: usize) -> bool {
    for r in (0..counts.len().min(choices.len())).rev() {
        if r == fixed {
            continue;
        }
        choices[r] += 1;
        if choices[r] < counts[r] {
            return true;
        }
        choices[r] = 0;
    }
    false
}

/// The player who chooses at `state`, counting simultaneous-move states (GDL joint moves, where
/// [`GameState::current_player`] is `None`) as player 0's choice (searches that meet a
/// simultaneous turn handle it role by role before asking this).
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
    fn combinations_keep_the_fixed_role() {
        let mut c = vec![0, 1, 0];
        let mut seen = vec![c.clone()];
        while next_combination(&mut c, &[2, 3, 2], 1) {
            seen.push(c.clone());
        }
        assert_eq!(seen, [[0, 1, 0], [0, 1, 1], [1, 1, 0], [1, 1, 1]]);
    }

    #[test]
    fn margins() {
        assert_eq!(score_margin(&[100, 0], 0), 100);
        assert_eq!(score_margin(&[100, 0], 1), -100);
        assert_eq!(score_margin(&[10, 30, 20], 1), 10);
        assert_eq!(score_margin(&[7], 0), 0);
    }
}
