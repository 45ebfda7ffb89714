//! A game text in any of rbgtool's languages, read the same way by every program that takes
//! one (the CLI's `check` and the web playground), so they cannot disagree:
//!
//! * [`lang`]: the languages and [`lang::sniff`], the language a text looks like.
//! * [`load`]: parse and validate with the right front end ([`load::parse`]), with one
//!   pointed diagnostic when the text looks like another language.
//! * [`summary`]: what `check` reports about a valid game.
//! * [`diag_json`]: diagnostics as data (`check --json`).
//! * [`check`]: the whole `check --json` object of a text.

pub mod check;
pub mod diag_json;
pub mod lang;
pub mod load;
pub mod summary;

pub use lang::{sniff, Lang};
pub use load::{parse, Loaded};
