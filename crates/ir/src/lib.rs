//! The IR: the abstract RBG description of the paper, the one form every front end lowers to
//! and every engine or back end reads.
//!
//! Data flow: `front end (rbg, sbg) -> ir::Game -> ir::validate -> reasoner / back ends`.
//!
//! * [`ids`]: typed indices (`PlayerId`, `PieceId`, `VarId`, `VertexId`, `DirId`, `NodeId`).
//! * [`span`]: byte spans into the source text, kept in a side table ([`span::SpanTable`]).
//! * [`game`]: the 7-tuple — players, pieces, variables with bounds, board graph, initial
//!   semi-state, rules.
//! * [`rules`]: the rules regular expression as an arena of nodes with indexed actions.
//! * [`validate`]: structural invariants every consumer may rely on.
//! * [`analysis`]: strong straightness (the paper's Theorem 4), pattern depth, rule size.
//! * [`compare`]: equality of two games up to names and spans (round-trip checks).
//! * [`coords`]: file-rank names (`e5`) of generated rectangle and hexagon boards.
//! * [`graph`]: strongly connected components (GDL's stratification, the compiled engine's
//!   pattern sets).
//! * [`suggest`]: the declared name nearest to a misspelt one, for the front ends' "did you
//!   mean" notes.

pub mod analysis;
pub mod compare;
pub mod coords;
pub mod game;
pub mod graph;
pub mod ids;
pub mod rules;
pub mod span;
pub mod suggest;
pub mod validate;

pub use game::{Board, Game, Variable};
pub use ids::{DirId, NodeId, PieceId, PlayerId, VarId, VertexId};
pub use rules::{Action, Arith, ArithOp, CmpOp, Node, Rules, SwitchTarget};
pub use span::{Span, SpanTable};
