//! A GGP player: the match state and the reply to each message, as a pure function of both
//! (the transport and the wall clock stay outside; the agent's own time budget is the only
//! clock it reads).
//!
//! A match starts with `start` (the rules are built into a [`gdl::Engine`], the role found);
//! each `play` first applies the previous joint move, then the agent chooses the player's own
//! move: at a simultaneous turn only its role's ([`agents::Agent::choose_own`]), where another
//! role chooses its single legal move (usually `noop`), otherwise the role's part of the move
//! the agent chooses. Agents with a time budget think for at most the play clock less the
//! safety margin.

use crate::message::Message;
use crate::rules::RulesError;
use agents::{Agent, AgentSpec, Budget};
use game::{GameState, Rng};
use std::time::Duration;

/// How a [`Player`] plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerOptions {
    /// The agent (`mcts:2s`, `random`, …); `human` is refused.
    pub agent: AgentSpec,
    /// Kept free of the play clock for the reply to travel.
    pub margin: Duration,
    pub seed: u64,
}

impl Default for PlayerOptions {
    /// MCTS on the play clock, one second of margin, seed 0.
    fn default() -> Self {
        PlayerOptions {
            agent: AgentSpec::Mcts(Budget::Time(Duration::from_secs(3600))),
            margin: Duration::from_secs(1),
            seed: 0,
        }
    }
}

/// Why a player cannot be made, or cannot answer a message.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    #[error("a GGP player cannot be `human`")]
    Human,
    /// A message about another match than the one being played.
    #[error("playing match `{current}`, not `{requested}`")]
    OtherMatch { current: String, requested: String },
    #[error("no match `{id}` was started")]
    NotStarted { id: String },
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("the rules have no role `{role}`")]
    NoRole { role: String },
    /// The agent could not be built.
    #[error(transparent)]
    Agent(#[from] agents::BuildError),
    /// The previous joint move has not one move per role.
    #[error("{} moves for {roles} roles: {}", .moves.len(), .moves.join(" "))]
    MoveCount { moves: Vec<String>, roles: usize },
    #[error("the previous joint move: {0}")]
    PreviousMove(#[source] game::MoveError),
    #[error("the game is over: no move to choose")]
    GameOver,
    #[error("the agent chose no move")]
    NoChoice,
}

/// A match in progress.
struct Match {
    id: String,
    engine: gdl::Engine,
    role: usize,
    agent: Box<dyn Agent<gdl::Engine>>,
    rng: Rng,
}

/// A player answering the protocol's messages.
pub struct Player {
    name: String,
    options: PlayerOptions,
    current: Option<Match>,
}

impl Player {
    /// A player called `name` (its answer to `info`).
    pub fn new(name: &str, options: PlayerOptions) -> Result<Player, PlayerError> {
        if options.agent == AgentSpec::Human {
            return Err(PlayerError::Human);
        }
        Ok(Player {
            name: name.to_string(),
            options,
            current: None,
        })
    }

    /// The id of the match being played.
    pub fn match_id(&self) -> Option<&str> {
        self.current.as_ref().map(|m| m.id.as_str())
    }

    /// The reply to `message`, or why it cannot be answered (a manager then substitutes a
    /// move of its own; the caller logs the reason).
    pub fn handle(&mut self, message: &Message) -> Result<String, PlayerError> {
        match message {
            Message::Info => {
                let status = if self.current.is_some() {
                    "busy"
                } else {
                    "available"
                };
                Ok(format!("((name {}) (status {status}))", self.name))
            }
            Message::Preview { .. } => Ok("ready".into()),
            Message::Start {
                id,
                role,
                rules,
                play_clock,
                ..
            } => {
                self.current = Some(self.start(id, role, rules, *play_clock)?);
                Ok("ready".into())
            }
            Message::Play { id, moves } => {
                let m = self.playing(id)?;
                if let Some(moves) = moves {
                    apply(&mut m.engine, moves)?;
                }
                choose(m)
            }
            Message::Stop { id, .. } => {
                self.playing(id)?;
                self.current = None;
                Ok("done".into())
            }
            Message::Abort { id } => {
                self.playing(id)?;
                self.current = None;
                Ok("aborted".into())
            }
        }
    }

    fn playing(&mut self, id: &str) -> Result<&mut Match, PlayerError> {
        let not_started = || PlayerError::NotStarted { id: id.to_string() };
        match self.current.as_ref().map(|m| m.id.as_str()) {
            Some(current) if current != id => {
                return Err(PlayerError::OtherMatch {
                    current: current.to_string(),
                    requested: id.to_string(),
                })
            }
            None => return Err(not_started()),
            Some(_) => {}
        }
        self.current.as_mut().ok_or_else(not_started)
    }

    fn start(
        &self,
        id: &str,
        role: &str,
        rules: &str,
        play_clock: u64,
    ) -> Result<Match, PlayerError> {
        let engine = crate::rules::engine(rules)?;
        let role = engine
            .player_names()
            .iter()
            .position(|r| r == role)
            .ok_or_else(|| PlayerError::NoRole {
                role: role.to_string(),
            })?;
        let think = Duration::from_secs(play_clock)
            .saturating_sub(self.options.margin)
            .max(Duration::from_millis(50));
        let capped = |b: Budget| match b {
            Budget::Time(t) => Budget::Time(t.min(think)),
            count => count,
        };
        let spec = match self.options.agent {
            AgentSpec::Mcts(b) => AgentSpec::Mcts(capped(b)),
            AgentSpec::AlphaBeta(b) => AgentSpec::AlphaBeta(capped(b)),
            other => other,
        };
        Ok(Match {
            id: id.to_string(),
            agent: spec.build_generic()?,
            engine,
            role,
            rng: game::rng_from_seed(self.options.seed),
        })
    }
}

/// Applies the joint move whose role moves are `moves` (KIF terms in role order).
fn apply(engine: &mut gdl::Engine, moves: &[String]) -> Result<(), PlayerError> {
    let roles = engine.legal_texts().len();
    if moves.len() != roles {
        return Err(PlayerError::MoveCount {
            moves: moves.to_vec(),
            roles,
        });
    }
    let mv = engine
        .move_from_text(&moves.join(" | "))
        .map_err(PlayerError::PreviousMove)?;
    engine.apply(&mv);
    Ok(())
}

/// The player's own move in the current state, as a KIF term.
fn choose(m: &mut Match) -> Result<String, PlayerError> {
    let own = m
        .engine
        .legal_texts()
        .get(m.role)
        .cloned()
        .unwrap_or_default();
    if own.is_empty() {
        return Err(PlayerError::GameOver);
    }
    if m.engine.simultaneous_moves().is_some() {
        let i = m
            .agent
            .choose_own(&mut m.engine, m.role, &mut m.rng)
            .ok_or(PlayerError::NoChoice)?;
        return own.get(i).cloned().ok_or(PlayerError::NoChoice);
    }
    if own.len() == 1 {
        return Ok(own[0].clone());
    }
    let mv = m
        .agent
        .choose(&mut m.engine, &mut m.rng)
        .ok_or(PlayerError::NoChoice)?;
    m.engine
        .move_terms(&mv)
        .get(m.role)
        .cloned()
        .ok_or(PlayerError::NoChoice)
}
