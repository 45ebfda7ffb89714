//! Errors of the two phases: compiling a game, and running it (move generation and keeper).

use ir::{NodeId, Span};
use std::fmt;

/// The game cannot be compiled.
#[derive(Clone, Debug)]
pub enum CompileError {
    /// The IR breaks an invariant of `ir::validate` (front ends should have caught it).
    Invalid(Vec<ir::validate::ValidationError>),
    /// A table would not fit the engine's index types.
    TooLarge(String),
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompileError::Invalid(errors) => {
                write!(f, "invalid game:")?;
                for e in errors {
                    write!(f, " {e};")?;
                }
                Ok(())
            }
            CompileError::TooLarge(what) => write!(f, "game too large for the reasoner: {what}"),
        }
    }
}

impl std::error::Error for CompileError {}

/// A description that the reasoner refuses to run further. Every variant names the rules node
/// (its span comes from the game's `SpanTable`) where the problem was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// More than `limit` nested modifier applications (and pattern evaluations) in one search:
    /// the description is probably not straight (a move could apply modifiers forever).
    ModifierLimit {
        limit: usize,
        node: NodeId,
        span: Span,
    },
    /// The same semi-state came back at the same rules position and vertex after more
    /// modifiers: the modifier sequence can grow forever (unbounded straightness).
    UnboundedCycle { node: NodeId, span: Span },
    /// The keeper has moves leading to different game states after its completion: the
    /// description is not proper (the paper admits only descriptions where the keeper's choice
    /// does not matter). `node` is the keeper switch that gave the keeper control.
    ImproperKeeper {
        node: NodeId,
        span: Span,
        moves: usize,
    },
    /// The keeper moved `limit` times in a row without giving control to a player.
    KeeperLoop {
        limit: usize,
        node: NodeId,
        span: Span,
    },
}

impl GameError {
    pub fn span(&self) -> Span {
        match self {
            GameError::ModifierLimit { span, .. }
            | GameError::UnboundedCycle { span, .. }
            | GameError::ImproperKeeper { span, .. }
            | GameError::KeeperLoop { span, .. } => *span,
        }
    }

    pub fn node(&self) -> NodeId {
        match self {
            GameError::ModifierLimit { node, .. }
            | GameError::UnboundedCycle { node, .. }
            | GameError::ImproperKeeper { node, .. }
            | GameError::KeeperLoop { node, .. } => *node,
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::ModifierLimit { limit, .. } => write!(
                f,
                "a move applies more than {limit} modifiers in a row here (unbounded straightness?); \
                 raise the limit with `Options::modifier_limit` if the game really needs it"
            ),
            GameError::UnboundedCycle { .. } => write!(
                f,
                "unbounded straightness: this action repeats the same semi-state at the same rules \
                 position with a longer modifier sequence, so move generation would never end"
            ),
            GameError::ImproperKeeper { moves, .. } => write!(
                f,
                "improper description: the keeper has {moves} moves here that lead to different \
                 game states (the keeper's choice must not matter)"
            ),
            GameError::KeeperLoop { limit, .. } => write!(
                f,
                "the keeper made {limit} moves in a row without giving control to a player; \
                 raise `Options::keeper_limit` if the game really needs it"
            ),
        }
    }
}

impl std::error::Error for GameError {}
