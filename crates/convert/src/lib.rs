//! Translations between the game languages.
//!
//! * [`sbg_to_rbg`]: a Simplified Boardgames game → readable HL-RBG text, and from there to the
//!   IR through the RBG front end (so the printed HL-RBG and the IR the reasoner runs can never
//!   disagree). The encoding is explained in `docs/sbg-to-rbg.md`.
//! * [`sbg_to_gdl`]: a Simplified Boardgames game → GDL (KIF text) for GGP agents; encoding in
//!   `docs/sbg-to-gdl.md`.
//! * [`rbg_to_gdl`](mod@rbg_to_gdl): any RBG game (the IR) → GDL, one GDL move per RBG move;
//!   encoding in `docs/rbg-to-gdl.md`.
//! * [`moves`]: SBG moves in the notation of their RBG and GDL translations (replaying an SBG
//!   record on a translation).
//! * [`prune`]: rules of relations nothing reads, taken out of a translation's text.
//! * [`words`]: the piece-rule expressions as the RBG side needs them: without the empty word,
//!   and the check for words that come back to their starting square.

pub mod moves;
pub mod prune;
pub mod rbg_to_gdl;
pub mod sbg_to_gdl;
pub mod sbg_to_rbg;
pub mod words;

pub use rbg_to_gdl::{
    rbg_to_gdl, Encoding, GdlOptions, GdlTranslation, Optimize, RbgToGdlError, DEFAULT_MAX_BYTES,
    WITHIN_RESTRICTIONS,
};
pub use sbg_to_gdl::sbg_to_gdl;
pub use sbg_to_rbg::{sbg_to_ir, sbg_to_rbg, ReadBackError};
