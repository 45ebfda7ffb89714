//! The abstract RBG description: `(Players, Board, Pieces, Variables, Bounds, InitialState,
//! Rules)`.
//!
//! Conventions every consumer relies on (checked by [`crate::validate`]):
//! * the first `players.len()` entries of `variables` are the players' score variables, in
//!   player order, with the player's name and bound;
//! * the initial semi-state is: keeper to move, every variable 0, position `VertexId(0)`, and
//!   `board.initial[v]` on every vertex `v`;
//! * names of players/variables, pieces and directions are pairwise disjoint.

use crate::ids::{DirId, PieceId, PlayerId, VarId, VertexId};
use crate::rules::Rules;
use crate::span::SpanTable;
use serde::{Deserialize, Serialize};

/// A bounded variable: its value always lies in `0..=bound`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Variable {
    pub name: String,
    pub bound: i64,
}

/// The board graph with the initial piece assignment. Edges are stored densely:
/// `edges[v * directions.len() + d]` is `δ(v, d)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    pub vertices: Vec<String>,
    pub directions: Vec<String>,
    /// The piece on each vertex in the initial semi-state.
    pub initial: Vec<PieceId>,
    edges: Vec<Option<VertexId>>,
}

impl Board {
    /// A board with the given vertices (and their initial pieces) and directions, no edges.
    pub fn new(vertices: Vec<String>, initial: Vec<PieceId>, directions: Vec<String>) -> Board {
        assert_eq!(
            vertices.len(),
            initial.len(),
            "one initial piece per vertex"
        );
        let edges = vec![None; vertices.len() * directions.len()];
        Board {
            vertices,
            directions,
            initial,
            edges,
        }
    }

    pub fn vertex_count(&self) -> usize {
        self.vertices.len()
    }

    pub fn direction_count(&self) -> usize {
        self.directions.len()
    }

    /// `δ(v, d)`.
    #[inline]
    pub fn neighbour(&self, v: VertexId, d: DirId) -> Option<VertexId> {
        self.edges[v.index() * self.directions.len() + d.index()]
    }

    /// Sets `δ(from, d) = to`; returns the previous target.
    pub fn set_edge(&mut self, from: VertexId, d: DirId, to: Option<VertexId>) -> Option<VertexId> {
        let n = self.directions.len();
        std::mem::replace(&mut self.edges[from.index() * n + d.index()], to)
    }

    /// All edges `(from, dir, to)` in vertex then direction order.
    pub fn edges(&self) -> impl Iterator<Item = (VertexId, DirId, VertexId)> + '_ {
        let n = self.directions.len().max(1);
        self.edges.iter().enumerate().filter_map(move |(i, t)| {
            t.map(|to| (VertexId::from_index(i / n), DirId::from_index(i % n), to))
        })
    }

    /// The dense edge table (`vertex * directions + direction`).
    pub fn edge_table(&self) -> &[Option<VertexId>] {
        &self.edges
    }

    pub fn vertex_by_name(&self, name: &str) -> Option<VertexId> {
        self.vertices
            .iter()
            .position(|v| v == name)
            .map(VertexId::from_index)
    }

    pub fn direction_by_name(&self, name: &str) -> Option<DirId> {
        self.directions
            .iter()
            .position(|v| v == name)
            .map(DirId::from_index)
    }
}

/// A complete game. Spans are in a side table and play no part in equality of games (see
/// [`crate::compare`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Game {
    pub players: Vec<String>,
    pub pieces: Vec<String>,
    /// Players' score variables first (see the module docs), then the other variables.
    pub variables: Vec<Variable>,
    pub board: Board,
    pub rules: Rules,
    pub spans: SpanTable,
}

impl Game {
    /// The score variable of a player.
    pub fn score_var(&self, p: PlayerId) -> VarId {
        VarId(p.0)
    }

    /// The player whose score variable this is, if any.
    pub fn player_of_var(&self, v: VarId) -> Option<PlayerId> {
        (v.index() < self.players.len()).then_some(PlayerId(v.0))
    }

    pub fn player_by_name(&self, name: &str) -> Option<PlayerId> {
        self.players
            .iter()
            .position(|p| p == name)
            .map(PlayerId::from_index)
    }

    pub fn piece_by_name(&self, name: &str) -> Option<PieceId> {
        self.pieces
            .iter()
            .position(|p| p == name)
            .map(PieceId::from_index)
    }

    pub fn variable_by_name(&self, name: &str) -> Option<VarId> {
        self.variables
            .iter()
            .position(|v| v.name == name)
            .map(VarId::from_index)
    }

    pub fn piece_name(&self, p: PieceId) -> &str {
        &self.pieces[p.index()]
    }

    pub fn player_name(&self, p: PlayerId) -> &str {
        &self.players[p.index()]
    }

    pub fn variable_name(&self, v: VarId) -> &str {
        &self.variables[v.index()].name
    }
}
