//! Error codes of the GDL reader and checker (`gdl::E01` …), each explained in
//! docs/error-codes.md (`rbgtool explain gdl::E04`); [`assign`] gives each diagnostic its code
//! from this one table of our own message texts (see `rbg::codes` for why).

use crate::Diagnostic;
use codespan_reporting::diagnostic::Severity;

/// A code, what it covers, and the message texts that belong to it (substrings).
pub struct Code {
    pub code: &'static str,
    pub title: &'static str,
    texts: &'static [&'static str],
}

pub const CODES: &[Code] = &[
    Code {
        code: "gdl::E01",
        title: "KIF syntax: parentheses, terms, sentences",
        texts: &[
            "parenthes",
            "without arguments",
            "without a name",
            "empty list",
            "nesting too deep",
            "takes one literal",
            "takes two terms",
            "without disjuncts",
            "cannot be a sentence",
            "cannot be a term",
            "rule without a head",
            "not valid in KIF",
            "unexpected",
            "expected",
        ],
    },
    Code {
        code: "gdl::E02",
        title: "a relation or function used with different numbers of arguments",
        texts: &["argument, not", "arguments, not", "is used with"],
    },
    Code {
        code: "gdl::E03",
        title: "the game relations misused (role, init, true, does, legal, next, goal, terminal)",
        texts: &[
            "defined by a rule",
            "must not depend on",
            "declares no `role`",
            "cannot be used here",
            "used in a rule body",
        ],
    },
    Code {
        code: "gdl::E04",
        title: "an unsafe variable",
        texts: &["unsafe variable"],
    },
    Code {
        code: "gdl::E05",
        title: "negation or recursion the semantics do not allow",
        texts: &[
            "unstratified negation",
            "recursion restriction",
            "recursion cycle",
        ],
    },
    Code {
        code: "gdl::E06",
        title: "a goal value that is not an integer from 0 to 100",
        texts: &["goal values"],
    },
    Code {
        code: "gdl::E07",
        title: "a rule too large for the engine",
        texts: &["expand into more than"],
    },
    Code {
        code: "gdl::E08",
        title: "a game relation missing (init, legal, next, goal, terminal)",
        texts: &["the description defines no"],
    },
    Code {
        code: "gdl::E09",
        title: "a misspelt keyword: a relation one edit from a GDL keyword, never used or never defined",
        texts: &["a misspelt keyword"],
    },
    Code {
        code: "gdl::E10",
        title: "a fluent tested with `true` that no `init` or `next` rule produces",
        texts: &["no `init` or `next` rule produces"],
    },
    Code {
        code: "gdl::E11",
        title: "simulation: a role without a legal move in a non-terminal state",
        texts: &["no legal move in a non-terminal state"],
    },
    Code {
        code: "gdl::E12",
        title: "simulation: a role without exactly one goal from 0 to 100 in a terminal state",
        texts: &["in a terminal state"],
    },
    Code {
        code: "gdl::E13",
        title: "simulation: a playout that reaches no terminal state within the depth bound",
        texts: &["reached no terminal state"],
    },
    Code {
        code: "gdl::E14",
        title: "simulation: a game declared monotonic whose goal values are missing or fall",
        texts: &["is declared monotonic"],
    },
    Code {
        code: "gdl::W01",
        title: "something suspicious the game may not mean",
        texts: &["declared twice", "several goal values", "never defined"],
    },
    Code {
        code: "gdl::W02",
        title: "a relation defined but never used by the game",
        texts: &["defined but never used"],
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
pub fn assign(diagnostics: &mut [Diagnostic]) {
    for d in diagnostics.iter_mut() {
        if d.code.is_none() && d.severity >= Severity::Warning {
            d.code = code_of(d.severity, &d.message).map(str::to_string);
        }
    }
}
