//! The compiled RBG engine: one game's rules turned into Rust source, built with the user's
//! `rustc` into a library loaded at run time, behind the same game-state interface as the
//! interpreter (`game::GameState` with `Move = reasoner::Move`).
//!
//! Data flow: `ir::Game → reasoner::Reasoner (automaton) → codegen (Rust source) →
//! artefact (rustc, cache) → library (C ABI) → CompiledGame / CompiledState`.
//!
//! * [`codegen`]: the automaton's states as code, static board tables, piece masks; refuses
//!   games it cannot run exactly like the interpreter ([`codegen::Refusal`]).
//! * `marks`: which states need a visited mark (most shifts and rays do not); `paths`:
//!   merge states reached along at most one path per vertex.
//! * `tables`: walks through shifts only, precomputed per vertex.
//! * `monotonic`: move classes whose legal moves only shrink, sampled and checked in
//!   playouts instead of listed.
//! * [`artefact`]: rustc invocation and the content-addressed cache (atomic writes);
//!   [`child`]: rustc under a time and an address-space limit, dying with us; `trust`: the
//!   cache folder and libraries writable by us only; [`cache`]: listing and cleaning it,
//!   stale scratch folders.
//! * [`library`]: loading, ABI version and build id checks, the C functions.
//! * `text`: moves and positions as text, the interpreter's notation over the same moves.
//! * [`snapshot`]: a compiled state as values in the interpreter's terms.
//! * [`engine`]: [`CompiledGame`] (perft, flat Monte-Carlo inside the library) and
//!   [`CompiledState`] (moves, apply/undo, snapshots).
//!
//! Semantics equal the interpreter's (DESIGN.md §3), checked by the tests against it: moves
//! are (modifier index, vertex) sequences ending in a switch, found once each; the keeper
//! completes automatically (with the improper-keeper check of `reasoner::Options`); checked
//! `i64` arithmetic; patterns; limits reported as `reasoner::GameError`.

pub mod artefact;
pub mod cache;
pub mod child;
pub mod codegen;
pub mod engine;
pub mod library;
mod marks;
mod monotonic;
mod paths;
pub mod snapshot;
mod tables;
mod text;
mod trust;

pub use artefact::{Cache, Optimise};
pub use child::BuildLimits;
pub use engine::{
    BuildOptions, CompiledGame, CompiledState, Error, Prepared, Sampling, SnapshotError,
};
pub use library::LoadError;
pub use snapshot::Snapshot;
pub use trust::TrustError;
