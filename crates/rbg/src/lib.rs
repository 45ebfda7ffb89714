//! The RBG front end: HL-RBG or LL-RBG text to a validated [`ir::Game`], and back to LL-RBG.
//!
//! Pipeline: `&str -> tokens -> macro expansion -> parser -> AST -> lowering -> ir::Game ->
//! validation`:
//!
//! * [`lexer`]: logos tokens with byte spans;
//! * [`macros`]: HL-RBG macros and `~` pasting, splitting the file into its five sections;
//! * [`parser`]: the lalrpop grammar `grammars/rbg.lalrpop` over each section's tokens;
//! * [`ast`]: the syntax tree, positions as token indices;
//! * [`lower`] (with [`board`] for `#board`): names to ids, sugar removed, spans recorded;
//! * [`validate`]: name-level checks and the IR's own [`ir::validate`];
//! * [`print_ll`]: the way back, an [`ir::Game`] as LL-RBG text;
//! * [`format`]: the HL-RBG formatter (only whitespace changes; macros and comments stay).
//!
//! Diagnostics use `()` as file id: one source text per call.

pub mod ast;
pub mod board;
pub mod codes;
pub mod format;
pub mod lexer;
pub mod lower;
pub mod macros;
pub mod parser;
pub mod print_ll;
pub mod validate;

pub use print_ll::{print_ll, print_ll_checked, LlRejected};

use codespan_reporting::diagnostic::Diagnostic;

/// A game read from RBG text, with the warnings found on the way.
#[derive(Debug)]
pub struct Parsed {
    pub game: ir::Game,
    pub warnings: Vec<Diagnostic<()>>,
}

/// Reads an HL-RBG or LL-RBG game description. On failure returns every error found (lexing,
/// macro expansion and each section's syntax are checked independently; names are checked
/// once all sections parse).
pub fn parse_game(src: &str) -> Result<Parsed, Vec<Diagnostic<()>>> {
    let mut interner = lexer::Interner::default();
    let (tokens, mut errors) = lexer::lex(src, &mut interner);
    let (exp, macro_errors) = macros::expand(&tokens, interner);
    errors.extend(macro_errors);
    let sections: Vec<_> = exp
        .sections
        .iter()
        .map(|s| {
            (
                s.kind,
                s.header,
                parser::parse_section(&exp, s, &mut errors),
            )
        })
        .collect();
    let mut cx = validate::Cx::new(&exp);
    cx.errors = errors;
    let game = lower::lower(&mut cx, &sections);
    cx.finish();
    match game {
        Some(game) if cx.errors.is_empty() => {
            let ir_errors = validate::check_ir(&game);
            if ir_errors.is_empty() {
                Ok(Parsed {
                    game,
                    warnings: cap_diagnostics(cx.warnings),
                })
            } else {
                Err(cap_diagnostics(ir_errors))
            }
        }
        _ => {
            if cx.errors.is_empty() {
                // Lowering gives up only after reporting; keep the contract "Err is non-empty".
                cx.errors
                    .push(Diagnostic::error().with_message("the game could not be read"));
            }
            Err(cap_diagnostics(cx.errors))
        }
    }
}

/// The messages of the first few errors on one line (for text the user never saw, such as a
/// translation read back, where pointing into it would not help).
pub fn diagnostic_summary(diags: &[Diagnostic<()>]) -> String {
    const SHOWN: usize = 3;
    let mut s = diags
        .iter()
        .take(SHOWN)
        .map(|d| d.message.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    if diags.len() > SHOWN {
        s.push_str(&format!(" (and {} more errors)", diags.len() - SHOWN));
    }
    s
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
