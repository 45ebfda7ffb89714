//! Source locations. The IR itself holds no spans; they live in a [`SpanTable`] beside it so
//! that structural comparison and engines never look at them.

use serde::{Deserialize, Serialize};

/// A half-open byte range `start..end` in the source text a game was read from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const fn new(start: u32, end: u32) -> Self {
        Span { start, end }
    }

    /// The empty span used for generated items that have no source text.
    pub const DUMMY: Span = Span { start: 0, end: 0 };

    pub fn is_dummy(self) -> bool {
        self.start == 0 && self.end == 0
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        if self.is_dummy() {
            return other;
        }
        if other.is_dummy() {
            return self;
        }
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn range(self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// Where each item of a [`crate::Game`] came from. Every vector is either empty (no source,
/// e.g. a generated game) or parallel to the matching table of the game.
///
/// For text produced by macro expansion, a span points at the outermost use site in the
/// source (the place a user can edit); front ends may keep richer expansion traces themselves.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SpanTable {
    pub players: Vec<Span>,
    pub pieces: Vec<Span>,
    pub variables: Vec<Span>,
    pub vertices: Vec<Span>,
    pub directions: Vec<Span>,
    /// Parallel to `Rules::nodes`.
    pub nodes: Vec<Span>,
}

impl SpanTable {
    fn get(v: &[Span], i: usize) -> Span {
        v.get(i).copied().unwrap_or(Span::DUMMY)
    }
    pub fn node(&self, id: crate::NodeId) -> Span {
        Self::get(&self.nodes, id.index())
    }
    pub fn player(&self, id: crate::PlayerId) -> Span {
        Self::get(&self.players, id.index())
    }
    pub fn piece(&self, id: crate::PieceId) -> Span {
        Self::get(&self.pieces, id.index())
    }
    pub fn variable(&self, id: crate::VarId) -> Span {
        Self::get(&self.variables, id.index())
    }
    pub fn vertex(&self, id: crate::VertexId) -> Span {
        Self::get(&self.vertices, id.index())
    }
}
