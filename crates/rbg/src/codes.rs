//! Error codes of the RBG front end (`rbg::E01` …), one per kind of mistake, each explained in
//! docs/error-codes.md (`rbgtool explain rbg::E06`). Diagnostics are made where the mistake is
//! found; [`assign`] gives each its code from this one table of our own message texts, so the
//! table is the only place to change when a message is added (a test runs every invalid game
//! of the corpus and the hostile inputs and fails on a diagnostic left without a code).

use codespan_reporting::diagnostic::{Diagnostic, Severity};

/// A code, what it covers, and the message texts that belong to it (substrings).
pub struct Code {
    pub code: &'static str,
    pub title: &'static str,
    texts: &'static [&'static str],
}

pub const CODES: &[Code] = &[
    Code {
        code: "rbg::E01",
        title: "a character or comment that forms no token",
        texts: &["unexpected character", "unterminated block comment"],
    },
    Code {
        code: "rbg::E02",
        title: "sections: missing, repeated, misplaced or misspelt",
        texts: &[
            "text before the first section",
            "must be followed by a section or macro name",
            "is a section and cannot be a macro name",
            "missing section",
            "appears twice",
            "expected `=` after `#",
        ],
    },
    Code {
        code: "rbg::E03",
        title: "a malformed macro definition",
        texts: &[
            "parameter",
            "is defined twice",
            "in the definition of macro",
        ],
    },
    Code {
        code: "rbg::E04",
        title: "a macro call that does not fit its definition",
        texts: &[
            "argument(s), but",
            "argument list of macro",
            "token pasting",
            "pastes `",
        ],
    },
    Code {
        code: "rbg::E05",
        title: "syntax: a token the grammar does not expect here",
        texts: &["unexpected ", "ends too early", "invalid token in section"],
    },
    Code {
        code: "rbg::E06",
        title: "an unknown name (piece, direction, variable, player, vertex)",
        texts: &["unknown "],
    },
    Code {
        code: "rbg::E07",
        title: "a name declared twice, or as two kinds of thing",
        texts: &[
            "is declared twice",
            "is declared as",
            "is given twice",
            "is both a",
        ],
    },
    Code {
        code: "rbg::E08",
        title: "a name of one kind used where another is needed",
        texts: &[", not a "],
    },
    Code {
        code: "rbg::E09",
        title: "a board that is not well formed",
        texts: &[
            "board lines",
            "cuboid layers",
            "hexagon",
            "the board has no vertices",
            "edges labelled",
            "an edge of vertex",
            "holds an unknown piece",
        ],
    },
    Code {
        code: "rbg::E10",
        title: "rules that cannot mean anything",
        texts: &[
            "switch cannot appear inside a pattern",
            "exponent of `^`",
            "declares no players",
            "declares no pieces",
            "must own score variable",
            "negative bound",
            "the game could not be read",
        ],
    },
    Code {
        code: "rbg::E11",
        title: "a size or nesting limit",
        texts: &["limit)", "is too large", "(the size limit"],
    },
    Code {
        code: "rbg::W01",
        title: "something written that has no effect",
        texts: &["listed twice"],
    },
];

/// The code of a diagnostic message; `None` for one the table does not know.
pub fn code_of(severity: Severity, message: &str) -> Option<&'static str> {
    let warning = severity < Severity::Error;
    CODES
        .iter()
        .filter(|c| c.code.contains("::W") == warning)
        .find(|c| c.texts.iter().any(|t| message.contains(t)))
        .map(|c| c.code)
}

/// Gives every error and warning without a code its code (notes are left alone).
pub fn assign(diagnostics: &mut [Diagnostic<()>]) {
    for d in diagnostics.iter_mut() {
        if d.code.is_none() && d.severity >= Severity::Warning {
            d.code = code_of(d.severity, &d.message).map(str::to_string);
        }
    }
}
