//! Learning SBG rules from observed play (Björnsson 2012, `papers/002`): logs of positions and
//! piece-movement patterns in, a complete [`sbg::Game`] and a [`Report`] out.
//!
//! Data flow: [`log`] (read / write the paper's log format) or [`record`] (random games with the
//! native engine) → [`pta`] (per-piece observed words, situations, prefix-tree automaton) →
//! [`consistency`] (Algorithm 1, with the `F(pmp)` rule for `some` listings) → [`generalize`]
//! (Algorithm 2: best-first state merging over [`dfa`] automata, bounded by work) → [`regex`]
//! (DFA → concise expression) → [`sides`] (one rule per letter from both players) → [`goals`] (start, goal squares, turn limit) → [`pipeline`] (the whole pipeline,
//! piece types in parallel); [`protocol`] compares settings with the paper's tables. Format and
//! algorithm: `docs/learner.md`.

pub mod compare;
pub mod consistency;
pub mod dfa;
pub mod generalize;
pub mod goals;
pub mod log;
pub mod pipeline;
pub mod protocol;
pub mod pta;
pub mod record;
pub mod regex;
pub mod report;
pub mod sides;

pub use consistency::SomeRule;
pub use generalize::Stop;
pub use log::{parse_log, write_log, Listing, LoggedMove, Outcome, Record};
pub use pipeline::{learn, learned_file, LearnError, Options, DEFAULT_WORK_BUDGET};
pub use pta::Sides;
pub use record::{record, record_games, record_limited, RecordError, RecordLimits};
pub use report::{PieceReport, Progress, Report};
