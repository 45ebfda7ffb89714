//! Errors and warnings of the SBG front end, each with the byte span it is about, and their
//! codespan form. The library never prints: [`render`] writes diagnostics into a string.

use crate::cst::Span;
use codespan_reporting::diagnostic::{Diagnostic, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term;

/// Why a text is not an SBG game (or piece rule).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// Characters that form no token.
    InvalidToken {
        span: Span,
        /// A likely intended token ("did you mean `<PIECES>`?").
        note: Option<String>,
    },
    UnterminatedComment {
        span: Span,
    },
    UnexpectedToken {
        span: Span,
        expected: Vec<String>,
    },
    UnexpectedEnd {
        span: Span,
        expected: Vec<String>,
    },
    /// A number that does not fit, or a negative one where a natural number is required.
    BadNumber {
        span: Span,
        what: &'static str,
    },
    /// Width or height 0.
    EmptyBoard {
        span: Span,
    },
    RowCount {
        span: Span,
        expected: usize,
        found: usize,
    },
    RowWidth {
        span: Span,
        expected: usize,
        found: usize,
    },
    /// A board square that is neither `.` nor a letter.
    UnknownSquare {
        span: Span,
        found: char,
    },
    /// The `on` part of a letter is not `e`, `p` or `w`.
    BadOn {
        span: Span,
    },
    /// A rule must start with one piece letter.
    BadRuleLetter {
        span: Span,
    },
    /// `|dx| >= width` or `|dy| >= height`.
    LetterOutOfRange {
        span: Span,
        width: usize,
        height: usize,
    },
    /// An expression that would be too large written out (`^n` nested too deep).
    ExpressionTooLarge {
        span: Span,
        size: u64,
        limit: u64,
    },
    /// Parentheses nested deeper than `parse::MAX_NESTING` (the checker and the passes
    /// after it recurse once per level).
    NestingTooDeep {
        span: Span,
        limit: usize,
    },
    /// A goal must name one piece letter.
    BadGoalLetter {
        span: Span,
    },
    SquareOutsideBoard {
        span: Span,
        width: usize,
        height: usize,
    },
    /// Every row has the same number of squares, other than the width in the header: the
    /// header is the likely mistake.
    HeaderWidth {
        span: Span,
        declared: usize,
        found: usize,
    },
}

/// Where a text departs from the grammar but the meaning is clear.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Warning {
    ByteOrderMark {
        span: Span,
    },
    CrLf {
        span: Span,
    },
    OldSectionMarker {
        span: Span,
    },
    RowWithoutBars {
        span: Span,
    },
    RepeatedAmpersand {
        span: Span,
    },
    MissingAmpersand {
        span: Span,
    },
    /// A second rule for a letter, joined to the first as an alternative.
    DuplicateRule {
        span: Span,
        first: Span,
    },
    LowercaseRuleLetter {
        span: Span,
    },
    /// A name with characters other than letters, digits and spaces.
    NameCharacters {
        span: Span,
    },
    /// The game name on a bare first line, without `<< >>` (the Java SBG tools' files).
    BareName {
        span: Span,
    },
    /// A piece type on the board without a movement rule: it can never move.
    PieceWithoutRule {
        span: Span,
        kind: char,
    },
}

impl Error {
    pub fn span(&self) -> Span {
        use Error::*;
        match self {
            InvalidToken { span, .. }
            | UnterminatedComment { span }
            | UnexpectedToken { span, .. }
            | UnexpectedEnd { span, .. }
            | BadNumber { span, .. }
            | EmptyBoard { span }
            | RowCount { span, .. }
            | RowWidth { span, .. }
            | UnknownSquare { span, .. }
            | BadOn { span }
            | BadRuleLetter { span }
            | LetterOutOfRange { span, .. }
            | ExpressionTooLarge { span, .. }
            | NestingTooDeep { span, .. }
            | BadGoalLetter { span }
            | SquareOutsideBoard { span, .. }
            | HeaderWidth { span, .. } => span.clone(),
        }
    }

    /// The codespan diagnostic, with a code `sbg::E..` and a label at the span.
    pub fn to_diagnostic(&self) -> Diagnostic<()> {
        use Error::*;
        let (code, message, label, note): (&str, String, String, Option<String>) = match self {
            InvalidToken { note, .. } => (
                "E01",
                "invalid token".into(),
                "not part of SBG".into(),
                note.clone(),
            ),
            UnterminatedComment { .. } => (
                "E02",
                "unterminated comment".into(),
                "this `/*` has no closing `*/`".into(),
                None,
            ),
            UnexpectedToken { expected, .. } => (
                "E03",
                "unexpected token".into(),
                "not expected here".into(),
                Some(expected_note(expected)),
            ),
            UnexpectedEnd { expected, .. } => (
                "E04",
                "unexpected end of input".into(),
                "the text ends here".into(),
                Some(expected_note(expected)),
            ),
            BadNumber { what, .. } => (
                "E05",
                format!("invalid number: expected {what}"),
                format!("expected {what}"),
                None,
            ),
            EmptyBoard { .. } => (
                "E06",
                "the board must be at least 1x1".into(),
                "zero".into(),
                None,
            ),
            RowCount {
                expected, found, ..
            } => (
                "E07",
                format!(
                    "wrong number of rows: the board has height {expected}, found {found} rows"
                ),
                format!("{found} rows"),
                None,
            ),
            RowWidth {
                expected, found, ..
            } => (
                "E08",
                format!(
                    "wrong row width: the board has width {expected}, this row has {found} squares"
                ),
                format!("{found} squares"),
                None,
            ),
            UnknownSquare { found, .. } => (
                "E09",
                format!("unknown piece `{found}` on the board"),
                "expected `.` or a letter".into(),
                None,
            ),
            BadOn { .. } => (
                "E10",
                "invalid square condition".into(),
                "expected `e`, `p` or `w`".into(),
                None,
            ),
            BadRuleLetter { .. } => (
                "E11",
                "a piece rule must start with one piece letter".into(),
                "expected one letter A-Z".into(),
                None,
            ),
            LetterOutOfRange { width, height, .. } => (
                "E12",
                "letter out of the board's range".into(),
                format!("|dx| must be below {width} and |dy| below {height}"),
                None,
            ),
            ExpressionTooLarge { size, limit, .. } => (
                "E13",
                format!("expression too large: {size} letters once powers are written out"),
                "this rule".into(),
                Some(format!(
                    "the limit is {limit} letters (sbg::parse::EXPANDED_SIZE_LIMIT)"
                )),
            ),
            NestingTooDeep { limit, .. } => (
                "E17",
                format!("parentheses nested more than {limit} deep"),
                "too deep here".into(),
                Some("sbg::parse::MAX_NESTING".into()),
            ),
            BadGoalLetter { .. } => (
                "E14",
                "malformed goal: expected one piece letter".into(),
                "expected one letter".into(),
                None,
            ),
            SquareOutsideBoard { width, height, .. } => (
                "E15",
                "square outside the board".into(),
                format!("the board is {width}x{height}; x must be below {width}, y below {height}"),
                None,
            ),
            HeaderWidth {
                declared, found, ..
            } => (
                "E16",
                format!("the header gives width {declared}, but every row has {found} squares"),
                format!("width {declared}"),
                Some(format!(
                    "write the width as {found}, or give each row {declared} squares"
                )),
            ),
        };
        let mut d = Diagnostic::error()
            .with_message(message)
            .with_code(format!("sbg::{code}"))
            .with_labels(vec![Label::primary((), self.span()).with_message(label)]);
        if let Some(n) = note {
            d = d.with_notes(vec![n]);
        }
        d
    }
}

fn expected_note(expected: &[String]) -> String {
    if expected.is_empty() {
        "nothing more was expected".into()
    } else {
        format!("expected one of: {}", expected.join(", "))
    }
}

impl Warning {
    pub fn span(&self) -> Span {
        use Warning::*;
        match self {
            ByteOrderMark { span }
            | CrLf { span }
            | OldSectionMarker { span }
            | RowWithoutBars { span }
            | RepeatedAmpersand { span }
            | MissingAmpersand { span }
            | DuplicateRule { span, .. }
            | LowercaseRuleLetter { span }
            | NameCharacters { span }
            | BareName { span }
            | PieceWithoutRule { span, .. } => span.clone(),
        }
    }

    /// The codespan diagnostic, with a code `sbg::W..`.
    pub fn to_diagnostic(&self) -> Diagnostic<()> {
        use Warning::*;
        let (code, message, label) = match self {
            ByteOrderMark { .. } => ("W01", "byte-order mark ignored".to_string(), "here"),
            CrLf { .. } => ("W02", "CRLF line endings".into(), "first one here"),
            OldSectionMarker { .. } => (
                "W03",
                "old section marker".into(),
                "read as the current marker",
            ),
            RowWithoutBars { .. } => ("W04", "board row without `|`".into(), "this row"),
            RepeatedAmpersand { .. } => ("W05", "repeated `&`".into(), "extra `&` ignored"),
            MissingAmpersand { .. } => ("W06", "missing `&`".into(), "expected `&` after this"),
            DuplicateRule { .. } => (
                "W07",
                "second rule for the same piece".into(),
                "joined to the first rule with `+`",
            ),
            LowercaseRuleLetter { .. } => (
                "W08",
                "lowercase piece letter in a rule".into(),
                "read as uppercase",
            ),
            NameCharacters { .. } => (
                "W09",
                "game name with characters other than letters, digits and spaces".into(),
                "kept as written",
            ),
            BareName { .. } => (
                "W11",
                "game name without `<< >>`".into(),
                "read as the game's name",
            ),
            PieceWithoutRule { kind, .. } => (
                "W10",
                format!("piece `{kind}` has no movement rule"),
                "this piece can never move",
            ),
        };
        let mut labels = vec![Label::primary((), self.span()).with_message(label)];
        if let DuplicateRule { first, .. } = self {
            labels.push(Label::secondary((), first.clone()).with_message("first rule"));
        }
        Diagnostic::warning()
            .with_message(message)
            .with_code(format!("sbg::{code}"))
            .with_labels(labels)
    }
}

/// Renders diagnostics without colour, as `rbgtool check` shows them.
pub fn render(diagnostics: &[Diagnostic<()>], file_name: &str, src: &str) -> String {
    let file = SimpleFile::new(file_name, src);
    let config = term::Config::default();
    let mut out = String::new();
    for d in diagnostics {
        if let Ok(text) = term::emit_into_string(&config, &file, d) {
            out.push_str(&text);
        }
    }
    out
}

/// The most diagnostics returned at once: a file with thousands of errors shows the first ones
/// and a note with the count of the rest (rendering them all grows with the square of the
/// line length when they share one long line).
pub const MAX_DIAGNOSTICS: usize = 50;

/// The first [`MAX_DIAGNOSTICS`] diagnostics, then a note saying how many were left out.
pub fn cap_diagnostics(
    mut diags: Vec<codespan_reporting::diagnostic::Diagnostic<()>>,
) -> Vec<codespan_reporting::diagnostic::Diagnostic<()>> {
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
