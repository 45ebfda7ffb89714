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
    /// The automaton's follow sets would pass `Options::follow_limit` entries; `node` is the
    /// star or concatenation (its span from the game's `SpanTable`) where the count crossed it.
    AutomatonLimit {
        limit: usize,
        node: NodeId,
        span: Span,
    },
}

impl CompileError {
    /// The rule an error points at, when it points at one.
    pub fn span(&self) -> Option<Span> {
        match self {
            CompileError::AutomatonLimit { span, .. } => Some(*span),
            _ => None,
        }
    }
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
            CompileError::AutomatonLimit { limit, span, .. } => write!(
                f,
                "game too large for the reasoner: the automaton of the rules needs more than \
                 {limit} follow entries at the rule of bytes {}..{} (stars over many actions \
                 grow quadratically, nested ones more); raise `Options::follow_limit` if the \
                 game really needs it",
                span.start, span.end
            ),
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
    /// One evaluation of a pattern (with the patterns nested in it) did more than `limit`
    /// work: its body applies modifiers that reach too many configurations. `node` is the
    /// outermost pattern.
    PatternLimit {
        limit: u64,
        node: NodeId,
        span: Span,
    },
    /// One move generation applied more than `limit` modifiers (outside patterns): the moves
    /// branch into too many modifier sequences (e.g. a star over assignments, whose every
    /// order is a distinct move prefix). `node` is the modifier that crossed the limit.
    SearchLimit {
        limit: u64,
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
        conflict: Box<KeeperConflict>,
    },
    /// The keeper moved `limit` times in a row without giving control to a player.
    KeeperLoop {
        limit: usize,
        node: NodeId,
        span: Span,
    },
}

/// Where an improper keeper was caught: the position, two of the keeper's moves there and how
/// their completions differ. Vertices, pieces and variables are indices (see
/// [`crate::Reasoner::explain`] for names).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KeeperConflict {
    /// The position where the keeper chooses: each vertex whose piece differs from the
    /// initial board, with its piece.
    pub changed: Vec<(u32, u16)>,
    /// Every variable's value there.
    pub vars: Vec<i64>,
    /// The keeper's current vertex.
    pub vertex: u32,
    /// The two keeper moves compared: `(modifier index, vertex)` steps, the first move first.
    pub moves: [Vec<(u32, u32)>; 2],
    /// Vertices whose piece differs after the two completions: (vertex, first, other).
    pub pieces_differ: Vec<(u32, u16, u16)>,
    /// Variables that differ: (variable, first, other).
    pub vars_differ: Vec<(u32, i64, i64)>,
    /// Where each completion ended: (player to move, or the number of players when the keeper
    /// is stuck; current vertex).
    pub ends: [(u32, u32); 2],
}

/// Names for [`explain_conflict`].
pub(crate) struct Names<'a> {
    pub pieces: &'a [String],
    pub variables: &'a [String],
    pub vertices: &'a [String],
    pub modifiers: &'a [String],
    pub players: &'a [String],
}

fn name(list: &[String], i: usize) -> &str {
    list.get(i).map_or("?", String::as_str)
}

/// A [`KeeperConflict`] in a few lines of text (long lists are cut).
pub(crate) fn explain_conflict(c: &KeeperConflict, n: &Names<'_>) -> Vec<String> {
    const MAX: usize = 12;
    fn list(items: Vec<String>) -> String {
        let more = items.len().saturating_sub(MAX);
        let mut s = items.into_iter().take(MAX).collect::<Vec<_>>().join(", ");
        if more > 0 {
            s.push_str(&format!(", ... ({more} more)"));
        }
        if s.is_empty() {
            s.push_str("none");
        }
        s
    }
    let vertex = |v: u32| name(n.vertices, v as usize);
    let piece = |p: u16| name(n.pieces, p as usize);
    let var = |x: u32| name(n.variables, x as usize);
    let mv = |steps: &[(u32, u32)]| {
        let parts: Vec<String> = steps
            .iter()
            .map(|&(m, v)| format!("{}:{}", vertex(v), name(n.modifiers, m as usize)))
            .collect();
        parts.join(" ")
    };
    let end = |(player, v): (u32, u32)| match n.players.get(player as usize) {
        Some(p) => format!("{p} to move, at {}", vertex(v)),
        None => format!("the keeper stuck (game over), at {}", vertex(v)),
    };
    let position: Vec<String> = c
        .changed
        .iter()
        .map(|&(v, p)| format!("{}={}", vertex(v), piece(p)))
        .collect();
    let vars: Vec<String> = c
        .vars
        .iter()
        .enumerate()
        .map(|(i, x)| format!("{}={x}", var(i as u32)))
        .collect();
    let pieces: Vec<String> = c
        .pieces_differ
        .iter()
        .map(|&(v, a, b)| format!("{}: {} vs {}", vertex(v), piece(a), piece(b)))
        .collect();
    let vars_differ: Vec<String> = c
        .vars_differ
        .iter()
        .map(|&(x, a, b)| format!("{}: {a} vs {b}", var(x)))
        .collect();
    let mut lines = vec![
        format!(
            "position (vertices changed from the initial board): {}",
            list(position)
        ),
        format!("variables: {}; keeper at {}", list(vars), vertex(c.vertex)),
        format!("keeper move A (the first): {}", mv(&c.moves[0])),
        format!("keeper move B: {}", mv(&c.moves[1])),
        format!(
            "after completing A and B, pieces differ at: {}",
            list(pieces)
        ),
        format!("variables differ: {}", list(vars_differ)),
    ];
    if c.ends[0] != c.ends[1] {
        lines.push(format!(
            "the completions end in different states: A with {}, B with {}",
            end(c.ends[0]),
            end(c.ends[1])
        ));
    }
    lines
}

impl GameError {
    pub fn span(&self) -> Span {
        match self {
            GameError::ModifierLimit { span, .. }
            | GameError::PatternLimit { span, .. }
            | GameError::SearchLimit { span, .. }
            | GameError::UnboundedCycle { span, .. }
            | GameError::ImproperKeeper { span, .. }
            | GameError::KeeperLoop { span, .. } => *span,
        }
    }

    pub fn node(&self) -> NodeId {
        match self {
            GameError::ModifierLimit { node, .. }
            | GameError::PatternLimit { node, .. }
            | GameError::SearchLimit { node, .. }
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
            GameError::PatternLimit { limit, .. } => write!(
                f,
                "this pattern's search did more than {limit} steps: its modifiers reach too many \
                 positions; raise the limit with `Options::pattern_limit` if the game really \
                 needs it"
            ),
            GameError::SearchLimit { limit, .. } => write!(
                f,
                "one move generation applied more than {limit} modifiers: the moves branch into \
                 too many modifier sequences here; raise the limit with `Options::search_limit` \
                 if the game really needs it"
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
