//! Game-quality measurement from play: how decisive, balanced and skill-rewarding a game is,
//! how long its games are, how it branches, which pieces matter and how games end.
//!
//! Data flow: a game (SBG, RBG or GDL) → a [`Subject`] ([`SbgSubject`], [`RbgSubject`] or
//! [`CompiledRbgSubject`], [`GdlSubject`]) → [`measure`] plays three pairings on all cores
//! (equal strong players, stronger vs weaker, search vs random; sides alternating; stochastic players) → one
//! [`GameRecord`] per game → [`Report`] with the measurements, the threshold [`Checks`] and
//! the designer's [`Flag`]s → [`Report`]'s `Display` (a text table) or [`html::html`].
//! The report depends only on the game and the [`RateOptions`] (seed included), never on the
//! number of threads. The evolver's fitness is computed from these reports.

pub mod compiled;
pub mod error;
pub mod flags;
pub mod html;
pub mod options;
pub mod play;
pub mod report;
pub mod sbg;
pub mod stats;
pub mod subject;
mod text;

pub use compiled::CompiledRbgSubject;
pub use error::SubjectError;
pub use options::{Pairing, ParsePlayerError, Player, RateOptions, Thresholds};
pub use play::{End, GameRecord, GameSpec};
pub use report::{Checks, Flag, PairingStats, PieceReport, PieceStatic, Report, SampleGame};
pub use sbg::{piece_statics, SbgSubject};
pub use stats::{LengthStats, Share};
pub use subject::{measure, GdlSubject, RbgSubject, Subject};

/// Rates an SBG game (the evolver's entry point).
pub fn rate_sbg(game: &::sbg::Game, options: &RateOptions) -> Result<Report, SubjectError> {
    Ok(measure(&SbgSubject::new(game, options)?, options))
}
