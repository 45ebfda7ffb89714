//! GDL, the Stanford Game Description Language (KIF s-expressions), from source text to a
//! playable game.
//!
//! Pipeline: `&str` →[`lexer`]→ tokens →[`parse`](fn@parse)→ [`Description`] →[`check`](fn@check)→ diagnostics,
//! then [`Engine`] plays a checked description through [`game::GameState`] (joint moves as
//! moves), [`print`](fn@print) writes readable KIF back, and [`prolog`] translates to a Prolog program with
//! a perft driver for an independent check under SWI-Prolog.
//!
//! The library never prints: every problem is a codespan [`Diagnostic`] with a span in the
//! source (file id `()`; the caller supplies the file when rendering).
//!
//! The API in five calls:
//!
//! ```no_run
//! # let src = "";
//! let desc = gdl::parse(src).map_err(|d| gdl::render("game.kif", src, &d))?; // syntax
//! let diagnostics = gdl::check(&desc);              // GDL restrictions (errors and warnings)
//! let mut engine = gdl::Engine::new(&desc).unwrap(); // checks again; implements GameState
//! let leaves = game::perft::perft(&mut engine, 3);
//! let kif = gdl::print(&desc);                      // readable KIF
//! # Ok::<(), String>(())
//! ```
//!
//! Back ends build a [`Description`] with its builder methods (`sym`, `var`, `constant`, `app`,
//! `atom`, `pos`, `not`, `distinct`, `or`, `rule`, `fact`, `comment`, `section`) and print it.

pub mod ast;
pub mod check;
pub mod codes;
pub mod engine;
pub mod goals;
pub mod lexer;
pub mod parse;
pub mod print;
pub mod prolog;

pub use ast::{Atom, Description, Item, Literal, Rule, Span, Symbol, Symbols, Term};
pub use check::check;
pub use engine::{Engine, EngineError, EngineOptions, JointMove};
pub use parse::parse;
pub use print::print;

/// A diagnostic about a single source file.
pub type Diagnostic = codespan_reporting::diagnostic::Diagnostic<()>;

/// An error diagnostic with one primary label.
pub(crate) fn error(message: &str, span: Span, label: &str) -> Diagnostic {
    use codespan_reporting::diagnostic::Label;
    Diagnostic::error()
        .with_message(message)
        .with_labels(vec![Label::primary((), span.range()).with_message(label)])
}

/// Renders diagnostics as plain text (no colour) against `src` named `name`.
pub fn render(name: &str, src: &str, diagnostics: &[Diagnostic]) -> String {
    use codespan_reporting::files::SimpleFile;
    use codespan_reporting::term::{emit_into_string, Config};
    let file = SimpleFile::new(name, src);
    let config = Config::default();
    let mut out = String::new();
    for d in diagnostics {
        match emit_into_string(&config, &file, d) {
            Ok(s) => out.push_str(&s),
            Err(e) => out.push_str(&format!("(cannot render diagnostic: {e})\n")),
        }
    }
    out
}

/// Parses and checks: the description when there are no errors, else every diagnostic.
/// Warnings alone do not fail; they are returned beside the description.
pub fn parse_and_check(src: &str) -> Result<(Description, Vec<Diagnostic>), Vec<Diagnostic>> {
    use codespan_reporting::diagnostic::Severity;
    let desc = parse(src)?;
    let diags = check(&desc);
    if diags.iter().any(|d| d.severity >= Severity::Error) {
        Err(diags)
    } else {
        Ok((desc, diags))
    }
}

/// The most diagnostics returned at once: a file with thousands of errors shows the first ones
/// and a note with the count of the rest (rendering them all grows with the square of the
/// line length when they share one long line).
pub const MAX_DIAGNOSTICS: usize = 50;

/// The first [`MAX_DIAGNOSTICS`] diagnostics, then a note saying how many were left out.
pub fn cap_diagnostics(
    mut diags: Vec<codespan_reporting::diagnostic::Diagnostic<()>>,
) -> Vec<codespan_reporting::diagnostic::Diagnostic<()>> {
    // Every list a caller sees passes here: give each diagnostic its code first.
    codes::assign(&mut diags);
    if diags.len() > MAX_DIAGNOSTICS {
        let more = diags.len() - MAX_DIAGNOSTICS;
        diags.truncate(MAX_DIAGNOSTICS);
        diags.push(
            codespan_reporting::diagnostic::Diagnostic::note().with_message(format!(
                "and {more} more errors or warnings (only the first {MAX_DIAGNOSTICS} are shown)"
            )),
        );
    }
    diags
}
