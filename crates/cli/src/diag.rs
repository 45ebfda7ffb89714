//! Errors of the command line and how they are shown: diagnostics against the source text
//! with codespan-reporting (colour only on a terminal, or as `--color` says).

use crate::cli::{ColorChoice, Global};
use crate::excerpt;
use crate::output;
use codespan_reporting::diagnostic::{Diagnostic, Severity};
use codespan_reporting::term::{self, termcolor};
use std::io::{IsTerminal, Write};

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
    /// Invalid input already reported on standard output (as JSON): exit 1, print nothing.
    Reported,
    /// Stopped by Ctrl-C after printing what was finished: exit 130, print nothing more.
    Interrupted,
}

impl CliError {
    /// The error's code (docs/error-codes.md); invalid input carries its language's codes on
    /// each diagnostic instead.
    pub fn code(&self) -> Option<&'static str> {
        match self {
            CliError::Usage(_) => Some("cli::E01"),
            CliError::Io(_) => Some("cli::E02"),
            CliError::Game(_) => Some("cli::E03"),
            CliError::Unsupported { .. } => Some("cli::E04"),
            CliError::Invalid { .. } | CliError::Reported | CliError::Interrupted => None,
        }
    }

    pub fn exit_code(&self) -> u8 {
        match self {
            CliError::Usage(_) => output::EXIT_USAGE,
            CliError::Interrupted => output::EXIT_INTERRUPTED,
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

/// Diagnostics printed at most, unless `--verbose`.
pub const SHOWN: usize = 8;
/// Diagnostics printed at most with `--verbose`.
pub const SHOWN_VERBOSE: usize = 200;
/// Without `--verbose`, diagnostics stop before they fill more than one screen.
const SCREEN_LINES: usize = 45;
const SCREEN_BYTES: usize = 6000;

/// Prints diagnostics (errors or warnings) to standard error: at most [`SHOWN`] of them and one
/// screen (then a count of the rest), each with its source lines cut around the labels
/// (`excerpt`), in one buffered write.
pub fn emit(name: &str, text: &str, diagnostics: &[Diagnostic<()>], global: &Global) {
    let shown: Vec<&Diagnostic<()>> = diagnostics
        .iter()
        .filter(|d| !global.quiet || d.severity >= Severity::Error)
        .collect();
    if shown.is_empty() {
        return;
    }
    let (limit, screen) = if global.verbose {
        (SHOWN_VERBOSE, (usize::MAX, usize::MAX))
    } else {
        (SHOWN, (SCREEN_LINES, SCREEN_BYTES))
    };
    let starts = excerpt::line_starts(text);
    let writer = termcolor::BufferWriter::stderr(color(global));
    let mut out = writer.buffer();
    let (mut lines, mut printed) = (0, 0);
    let config = term::Config::default();
    for d in shown.iter().take(limit) {
        let (files, d) = excerpt::cut(name, text, &starts, d);
        let mut one = writer.buffer();
        let _ = term::emit_to_write_style(&mut one, &config, &files, &d);
        let n = one.as_slice().iter().filter(|&&b| b == b'\n').count();
        let fits = lines + n <= screen.0 && out.len() + one.len() <= screen.1;
        if printed > 0 && !fits {
            break;
        }
        let _ = out.write_all(one.as_slice());
        lines += n;
        printed += 1;
    }
    if shown.len() > printed {
        let more = shown.len() - printed;
        let hint = if global.verbose {
            ""
        } else {
            "; --verbose shows more"
        };
        let _ = writeln!(
            out,
            "rbgtool: … and {more} more diagnostic(s) not shown{hint}"
        );
    }
    let _ = writer.print(&out);
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
            let errors = game::text::counted(errors, "error");
            eprintln!("rbgtool: {name} is not a valid {what} ({errors})");
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
        CliError::Game(m) | CliError::Io(m) => eprintln!("rbgtool: error[{}]: {m}", code(e)),
        CliError::Usage(m) => eprintln!("rbgtool: usage error[{}]: {m}", code(e)),
        CliError::Reported | CliError::Interrupted => {}
    }
}

fn code(e: &CliError) -> &'static str {
    e.code().unwrap_or("cli")
}

/// Prints an error as one JSON object on standard output, for a command asked for `--json`:
/// `{"error": {"code", "message", "file", "diagnostics"}}` (docs/diagnostics.md). The exit code
/// is the same as without `--json`.
pub fn report_json(e: &CliError) {
    let (message, file, diagnostics) = match e {
        CliError::Invalid {
            what,
            name,
            text,
            diagnostics,
        } => (
            format!("{name} is not a valid {what}"),
            Some(name.as_str()),
            front::diag_json::diagnostics(name, text, diagnostics),
        ),
        CliError::Unsupported {
            what,
            name,
            text,
            diagnostics,
        } => (
            format!("{name} {what}"),
            Some(name.as_str()),
            front::diag_json::diagnostics(name, text, diagnostics),
        ),
        CliError::Game(m) | CliError::Io(m) | CliError::Usage(m) => (m.clone(), None, Vec::new()),
        CliError::Reported | CliError::Interrupted => return,
    };
    let v = serde_json::json!({
        "error": {
            "code": e.code(),
            "message": message,
            "file": file,
            "diagnostics": diagnostics,
        }
    });
    println!("{v}");
}
