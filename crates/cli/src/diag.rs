//! Errors of the command line and how they are shown: diagnostics against the source text
//! with codespan-reporting (colour only on a terminal, or as `--color` says).

use crate::cli::{ColorChoice, Global};
use crate::output;
use codespan_reporting::diagnostic::{Diagnostic, Severity};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor};
use std::io::IsTerminal;

#[derive(Debug)]
pub enum CliError {
    /// The input is not valid: a game, or a log (`what` says which, for the closing line).
    Invalid {
        what: &'static str,
        name: String,
        text: String,
        diagnostics: Vec<Diagnostic<()>>,
    },
    /// The game is valid but cannot be processed as asked (improper description, a limit).
    Game(String),
    /// The game is valid but uses a construct the requested back end cannot express; the
    /// diagnostics point at it, `what` ends the closing line.
    Unsupported {
        what: String,
        name: String,
        text: String,
        diagnostics: Vec<Diagnostic<()>>,
    },
    /// A file could not be read or written.
    Io(String),
    /// The command line asks for something impossible.
    Usage(String),
}

impl CliError {
    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => output::EXIT_USAGE,
            _ => output::EXIT_INVALID,
        }
    }
}

fn color(global: &Global) -> termcolor::ColorChoice {
    match global.color {
        ColorChoice::Always => termcolor::ColorChoice::Always,
        ColorChoice::Never => termcolor::ColorChoice::Never,
        ColorChoice::Auto if std::io::stderr().is_terminal() => termcolor::ColorChoice::Auto,
        ColorChoice::Auto => termcolor::ColorChoice::Never,
    }
}

/// Prints diagnostics (errors or warnings) to standard error.
pub fn emit(name: &str, text: &str, diagnostics: &[Diagnostic<()>], global: &Global) {
    let shown: Vec<&Diagnostic<()>> = diagnostics
        .iter()
        .filter(|d| !global.quiet || d.severity >= Severity::Error)
        .collect();
    if shown.is_empty() {
        return;
    }
    let file = SimpleFile::new(name, text);
    let stream = termcolor::StandardStream::stderr(color(global));
    let mut lock = stream.lock();
    let config = term::Config::default();
    for d in shown {
        let _ = term::emit_to_write_style(&mut lock, &config, &file, d);
    }
}

/// Prints an error the way the user should see it.
pub fn report(e: &CliError, global: &Global) {
    match e {
        CliError::Invalid {
            what,
            name,
            text,
            diagnostics,
        } => {
            emit(name, text, diagnostics, global);
            let errors = diagnostics
                .iter()
                .filter(|d| d.severity >= Severity::Error)
                .count();
            eprintln!("rbgtool: {name} is not a valid {what} ({errors} error(s))");
        }
        CliError::Unsupported {
            what,
            name,
            text,
            diagnostics,
        } => {
            emit(name, text, diagnostics, global);
            eprintln!("rbgtool: {name} {what}");
        }
        CliError::Game(m) => eprintln!("rbgtool: error: {m}"),
        CliError::Io(m) => eprintln!("rbgtool: error: {m}"),
        CliError::Usage(m) => eprintln!("rbgtool: usage error: {m}"),
    }
}
