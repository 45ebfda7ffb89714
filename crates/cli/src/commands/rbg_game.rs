//! RBG games on the reasoner, as every command loads them: the keeper policy of `--keeper`,
//! and the reasoner's errors and warnings shown against the source.

use super::load::LoadedGame;
use crate::cli::{Global, KeeperArg};
use crate::diag::CliError;
use crate::input::Source;
use codespan_reporting::diagnostic::{Diagnostic, Label, Severity};

/// Compiles an RBG game for the reasoner, with the keeper policy of `--keeper`.
pub fn rbg_reasoner(
    g: &ir::Game,
    source: &Source,
    global: &Global,
) -> Result<reasoner::Reasoner, CliError> {
    rbg_reasoner_with(g, source, global, true)
}

/// `rbg_reasoner`, with or without the interpreter's shift-region tables (without: less
/// memory, slower interpretation; for runs the compiled engine is meant to serve).
pub fn rbg_reasoner_with(
    g: &ir::Game,
    source: &Source,
    global: &Global,
    region_tables: bool,
) -> Result<reasoner::Reasoner, CliError> {
    let opts = reasoner::Options {
        region_tables,
        keeper: match global.keeper {
            KeeperArg::Check => reasoner::KeeperMode::Check,
            KeeperArg::First => reasoner::KeeperMode::First,
        },
        ..reasoner::Options::default()
    };
    reasoner::Reasoner::with_options(g, opts).map_err(|e| compile_error(source, &e))
}

/// A compile error; one that names a rule (an automaton over its limit) is shown against it.
fn compile_error(source: &Source, e: &reasoner::CompileError) -> CliError {
    let message = format!("cannot compile the rules: {e}");
    match e.span() {
        Some(span) => CliError::Invalid {
            what: "game",
            name: source.name.clone(),
            text: source.text.clone(),
            diagnostics: vec![Diagnostic::error().with_message(message).with_labels(vec![
                Label::primary((), span.range()).with_message("in this rule"),
            ])],
        },
        None => CliError::Game(message),
    }
}

/// A reasoner error (or warning) with the span of the rule it names, and for an improper
/// keeper the position and the two completions that differ.
fn game_diagnostic(
    r: &reasoner::Reasoner,
    e: &reasoner::GameError,
    severity: Severity,
) -> Diagnostic<()> {
    let span = e.span();
    let mut notes = r.explain(e);
    if severity == Severity::Error && !notes.is_empty() {
        notes.push(
            "`--keeper first` takes the first keeper move, as the reference engines do".into(),
        );
    }
    Diagnostic::new(severity)
        .with_message(format!("{e}"))
        .with_labels(vec![
            Label::primary((), span.range()).with_message("in this rule")
        ])
        .with_notes(notes)
}

/// A reasoner error shown against the source.
pub fn game_error(
    loaded: &LoadedGame,
    r: &reasoner::Reasoner,
    e: &reasoner::GameError,
) -> CliError {
    CliError::Invalid {
        what: "game",
        name: loaded.source.name.clone(),
        text: loaded.source.text.clone(),
        diagnostics: vec![game_diagnostic(r, e, Severity::Error)],
    }
}

/// Prints the improper-keeper finding of `--keeper first` once, as a warning.
pub fn keeper_warning(
    loaded: &LoadedGame,
    r: &reasoner::Reasoner,
    w: Option<&reasoner::GameError>,
    global: &Global,
) {
    if let Some(w) = w {
        let d = game_diagnostic(r, w, Severity::Warning).with_notes(vec![
            "`--keeper first`: the first keeper move was taken".into(),
        ]);
        crate::diag::emit(&loaded.source.name, &loaded.source.text, &[d], global);
    }
}
