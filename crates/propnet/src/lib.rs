//! GDL played on a propositional network: the rules are grounded over the domains of a
//! relaxed program (every atom that can ever hold, computed once by the GDL engine's static
//! evaluation), the ground rules become AND/OR gates, and states change by propagating only
//! the gates whose inputs changed. Building is fast for games of board size; a game whose
//! ground rules exceed [`ground::MAX_GROUND_LITERALS`] (or the GDL engine's static budgets)
//! is refused with an error naming the budget, and callers fall back to the interpreter.
//!
//! ```no_run
//! # let src = "";
//! let (desc, _warnings) = gdl::parse_and_check(src).unwrap();
//! let mut game = propnet::build(&desc).unwrap();
//! let leaves = game::perft::perft(&mut game, 3);
//! ```

mod assume;
mod complement;
mod engine;
mod eval;
pub mod ground;
mod guard;
pub mod net;
pub mod oracle;
pub mod project;
pub mod relax;

pub use engine::{JointMove, Propnet};

/// A gate of the network, by index (edge words carry flag bits above it: [`net::NEG`]).
pub type Node = u32;

use std::fmt;
use std::sync::Arc;

/// Above this many edges `--engine auto` prefers the interpreter: a network that large
/// (hex's was 1.9 M edges before rules were split by `project`, now 0.16 M) plays slower
/// than the interpreter.
pub const AUTO_MAX_EDGES: usize = 1_000_000;

/// Whether `--engine auto` (and Python's playouts, which follow it) should play on this
/// network rather than on the interpreter.
pub fn suits_auto(net: &Propnet) -> bool {
    net.size().1 <= AUTO_MAX_EDGES
}

/// Why a game has no network.
#[derive(Debug, Clone)]
pub enum GroundError {
    /// The checker found errors.
    Invalid(String),
    /// The rules cannot be grounded (the message says why).
    Rules(String),
    /// A size budget was exceeded (the message names it).
    Budget(String),
}

impl fmt::Display for GroundError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GroundError::Invalid(m) => write!(f, "invalid GDL: {m}"),
            GroundError::Rules(m) => write!(f, "cannot ground the rules: {m}"),
            GroundError::Budget(m) => write!(f, "the game is too big to ground: {m}"),
        }
    }
}

impl std::error::Error for GroundError {}

/// Checks `desc`, grounds it and sets up the initial state.
pub fn build(desc: &gdl::Description) -> Result<Propnet, GroundError> {
    use codespan_reporting::diagnostic::Severity;
    let diags = gdl::check::restrictions(desc);
    if let Some(d) = diags.iter().find(|d| d.severity >= Severity::Error) {
        return Err(GroundError::Invalid(d.message.clone()));
    }
    build_unchecked(desc)
}

/// [`build`] without running the checker (for descriptions our own passes made).
pub fn build_unchecked(desc: &gdl::Description) -> Result<Propnet, GroundError> {
    let g = ground::ground(desc)?;
    if g.roles.is_empty() {
        return Err(GroundError::Rules(
            "the description has no roles".to_string(),
        ));
    }
    let net = net::build(&g)?;
    let names = engine::names(&g, &net);
    Ok(Propnet::new(Arc::new(net), Arc::new(names)))
}
