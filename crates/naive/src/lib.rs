//! A test oracle for the reasoner, shared by the suite's proptests and the cargo-fuzz targets.
//!
//! * [`semantics`]: the rules of an `ir::Game` interpreted literally (the paper's semantics):
//!   every path through the rules expression is walked, moves are the distinct modifier
//!   sequences ending in a switch, the keeper's moves are applied until a player moves. Slow
//!   and obviously right; it gives up (`Stop`) where the answer would be unbounded or costly.
//! * [`random_game`]: an `ir::Game` built from arbitrary bytes — small valid games for the
//!   comparison, or arbitrary (often invalid) arenas for validation.
//! * [`differential`]: plays a random game with both the reasoner and [`semantics`], move by
//!   move, comparing legal moves and the states they lead to (apply and undo).
//! * [`wild`]: arbitrary arenas through `ir::validate` and, when accepted, the reasoner.

pub mod differential;
pub mod random_game;
pub mod semantics;
pub mod wild;
