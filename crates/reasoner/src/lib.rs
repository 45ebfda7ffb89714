//! The RBG reasoner: takes a validated `ir::Game`, returns game states that generate legal
//! moves, apply and undo them, and run perft and flat Monte-Carlo playouts.
//!
//! Data flow: `ir::Game → compile (NFA + tables) → Reasoner → State (movegen, keeper, undo)`.
//!
//! * `program`: the compiled program the move generator runs (actions, successor lists,
//!   tables); `compile` builds it: rules and patterns → ε-free NFA over indexed actions, shift
//!   region tables, board arrays; `follow`: its Glushkov follow sets, refused past
//!   `Options::follow_limit` ([`FOLLOW_LIMIT`]) with [`CompileError::AutomatonLimit`].
//! * `movegen`: the paper's Algorithm 1 (DFS per modifier sequence), reporting to `sinks`;
//!   `chains`: straight pattern bodies walked without a search.
//! * `state`: semi-state, apply/undo, keeper completion and its checks; `keeper`: keeper
//!   states that cannot branch, whose completion skips the check.
//! * [`mod@perft`] and [`mod@bench`]: the fast perft and flat Monte-Carlo loops.
//! * [`view`]: a read-only public view of the compiled automaton (for the compiled engine).
//! * [`names`], [`notation`], [`position`]: moves and positions as text (docs/positions.md),
//!   written against [`GameNames`] and [`Move`] only, so other engines with the same moves
//!   can use them.
//!
//! Semantics beyond the paper (DESIGN.md §3), all reported as [`GameError`] values, never
//! panics or hangs:
//! * arithmetic is checked `i64`: division by zero and overflow make the action invalid;
//! * a search nesting more than `Options::modifier_limit` (1024) modifier applications and
//!   pattern evaluations fails with `ModifierLimit`; below it, a level whose entry (rules state,
//!   vertex, semi-state) repeats an ancestor's fails with `UnboundedCycle` (the reference hangs on
//!   such games) — inside a pattern such a level is pruned instead, which cannot change the
//!   pattern's truth value;
//! * a pattern is a reachability question: inside one evaluation a level entered again with the
//!   same (rules state, vertex, semi-state) is pruned (`patterns`), and an evaluation doing more
//!   than `Options::pattern_limit` work fails with `PatternLimit`;
//! * one move generation applying more than `Options::search_limit` modifiers outside patterns
//!   fails with `SearchLimit` (every order of a star over modifiers is a distinct move prefix);
//! * the keeper applies the first move found; with [`KeeperMode::Check`] (default) the first
//!   keeper state of each keeper phase that offers several moves has the completions of up to
//!   five of them compared, and different results fail with `ImproperKeeper` (its
//!   [`KeeperConflict`] says where and how; [`Reasoner::explain`] words it); with
//!   [`KeeperMode::First`] (the reference engines' behaviour) the first
//!   [`FIRST_MODE_CHECKS`] keeper phases are still checked, but a finding becomes a warning
//!   ([`State::keeper_warning`]) and checking stops; more than `Options::keeper_limit` keeper
//!   moves in a row fail with `KeeperLoop`.
//!
//! ```text
//! let reasoner = Reasoner::new(&game)?;
//! let mut state = reasoner.initial_state()?;      // keeper moves already applied
//! let moves = state.legal_moves_checked()?;       // Vec<Move>
//! state.try_apply(&moves[0])?; state.undo();
//! let counts = reasoner::perft(&mut state, 4)?;   // PerftCounts { leaves, nodes }
//! ```

mod api;
mod arith;
pub mod bench;
mod chains;
mod compile;
mod error;
mod follow;
mod hot;
mod keeper;
mod keeper_phase;
mod movegen;
pub mod names;
pub mod notation;
mod options;
mod patterns;
pub mod perft;
pub mod position;
mod program;
mod regions;
mod sinks;
mod state;
pub mod view;

pub use api::{Move, Reasoner, State};
pub use bench::{flat_mc, flat_mc_from, random_playout, BenchReport, Budget};
pub use error::{CompileError, GameError, KeeperConflict};
pub use follow::FOLLOW_LIMIT;
pub use names::GameNames;
pub use options::{KeeperMode, Options, FIRST_MODE_CHECKS};
pub use perft::{
    perft, perft_by_depth, perft_by_depth_with, perft_parallel, perft_with, LastLevel, PerftCounts,
};
pub use position::Snapshot;
