//! Moves and positions as text: the errors the engines' parsers return, the matching of a
//! typed move against the printed legal moves, and `;`-separated move lists.
//!
//! Every engine prints a move so that it is unique among the legal moves of its state, so
//! parsing can always work by printing the legal moves and comparing; [`match_move`] does that
//! (whitespace-insensitive as a fallback, so `e2e4` finds `e2 e4` when nothing else does).

use crate::GameState;
use codespan_reporting::diagnostic::{Diagnostic, Label};
use std::fmt;
use std::ops::Range;

/// How many legal moves an error message lists before it says how many more there are.
const LISTED_MOVES: usize = 30;

/// A move text that names no legal move, or several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveError {
    /// The text as given.
    pub text: String,
    pub kind: MoveErrorKind,
    /// Every legal move of the state, in notation.
    pub legal: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveErrorKind {
    /// No legal move has this text.
    NotLegal,
    /// Several legal moves match (a short form shared by several moves, or a text written
    /// without its spaces).
    Ambiguous(Vec<String>),
    /// The game is over: there is no legal move at all.
    GameOver,
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            MoveErrorKind::GameOver => {
                return write!(
                    f,
                    "`{}`: the game is over, there is no legal move",
                    self.text
                )
            }
            MoveErrorKind::NotLegal => write!(f, "`{}` is not a legal move here", self.text)?,
            MoveErrorKind::Ambiguous(m) => write!(
                f,
                "`{}` matches several legal moves ({})",
                self.text,
                m.join(", ")
            )?,
        }
        write!(f, "; legal moves: {}", list_moves(&self.legal))
    }
}

impl std::error::Error for MoveError {}

/// The moves joined by `, `, at most [`LISTED_MOVES`] of them.
pub fn list_moves(moves: &[String]) -> String {
    let mut s = moves
        .iter()
        .take(LISTED_MOVES)
        .map(String::as_str)
        .collect::<Vec<_>>()
        .join(", ");
    if moves.len() > LISTED_MOVES {
        s.push_str(&format!(" ... ({} more)", moves.len() - LISTED_MOVES));
    }
    s
}

/// A position text that cannot be loaded: what is wrong and where (byte offsets into the
/// text), for a codespan diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionError {
    pub message: String,
    pub span: Range<usize>,
    /// What the label under the span says.
    pub label: String,
    pub notes: Vec<String>,
}

impl PositionError {
    pub fn new(message: impl Into<String>, span: Range<usize>, label: impl Into<String>) -> Self {
        PositionError {
            message: message.into(),
            span,
            label: label.into(),
            notes: Vec::new(),
        }
    }

    pub fn note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// The error as a diagnostic against the position text.
    pub fn diagnostic(&self) -> Diagnostic<()> {
        Diagnostic::error()
            .with_message(&self.message)
            .with_labels(vec![
                Label::primary((), self.span.clone()).with_message(&self.label)
            ])
            .with_notes(self.notes.clone())
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at bytes {:?})", self.message, self.span)
    }
}

impl std::error::Error for PositionError {}

/// Whitespace runs collapsed to one space, ends trimmed.
pub fn normalize(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The legal move whose printed text is `text` (whitespace runs do not matter; if none is
/// equal, the one equal once all whitespace is removed). `printed` pairs every legal move with
/// its text.
pub fn match_move<M: Clone>(text: &str, printed: &[(M, String)]) -> Result<M, MoveError> {
    let legal: Vec<String> = printed.iter().map(|(_, t)| t.clone()).collect();
    let error = |kind| MoveError {
        text: text.trim().to_string(),
        kind,
        legal: legal.clone(),
    };
    if printed.is_empty() {
        return Err(error(MoveErrorKind::GameOver));
    }
    let wanted = normalize(text);
    if let Some((m, _)) = printed.iter().find(|(_, t)| *t == wanted) {
        return Ok(m.clone());
    }
    let squeeze = |s: &str| s.split_whitespace().collect::<String>();
    let wanted = squeeze(&wanted);
    let found: Vec<&(M, String)> = printed
        .iter()
        .filter(|(_, t)| squeeze(t) == wanted)
        .collect();
    match found.as_slice() {
        [(m, _)] => Ok(m.clone()),
        [] => Err(error(MoveErrorKind::NotLegal)),
        many => Err(error(MoveErrorKind::Ambiguous(
            many.iter().map(|(_, t)| t.clone()).collect(),
        ))),
    }
}

/// The legal moves of `state` with their notation.
pub fn printed_moves<G: GameState + ?Sized>(state: &mut G) -> Vec<(G::Move, String)> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let t = state.move_to_text(&m);
            (m, t)
        })
        .collect()
}

/// The moves of a `;`-separated list (empty items, e.g. after a final `;`, are skipped).
pub fn split_moves(list: &str) -> Vec<&str> {
    list.split(';')
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .collect()
}

/// A move of a list that could not be applied: its index (0-based) in the list and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListError {
    pub index: usize,
    pub error: MoveError,
}

impl fmt::Display for ListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "move {} of the list: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for ListError {}

/// Parses and applies every move of a `;`-separated list in turn; returns how many were
/// applied. On error the moves before the bad one stay applied.
pub fn apply_moves<G: GameState + ?Sized>(state: &mut G, list: &str) -> Result<usize, ListError> {
    let moves = split_moves(list);
    for (index, text) in moves.iter().enumerate() {
        let mv = state
            .move_from_text(text)
            .map_err(|error| ListError { index, error })?;
        state.apply(&mv);
    }
    Ok(moves.len())
}

/// A word of a position text with its byte range in the whole text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word<'a> {
    pub text: &'a str,
    pub start: usize,
}

impl Word<'_> {
    pub fn span(&self) -> Range<usize> {
        self.start..self.start + self.text.len()
    }
}

/// The lines of a position text as lists of whitespace-separated words, without blank lines
/// and comments (from `#` to the end of the line).
pub fn position_lines(text: &str) -> Vec<Vec<Word<'_>>> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let body = line.split('#').next().unwrap_or("");
        let mut words = Vec::new();
        let mut rest = body;
        let mut at = offset;
        while let Some(i) = rest.find(|c: char| !c.is_whitespace()) {
            let r = &rest[i..];
            let len = r.find(char::is_whitespace).unwrap_or(r.len());
            words.push(Word {
                text: &r[..len],
                start: at + i,
            });
            at += i + len;
            rest = &r[len..];
        }
        if !words.is_empty() {
            out.push(words);
        }
        offset += line.len();
    }
    out
}

/// The span of a whole text's end, for "missing ..." errors.
pub fn end_span(text: &str) -> Range<usize> {
    let n = text.trim_end().len();
    n..n
}

/// `n` and the noun, made plural unless `n` is 1: `counted(1, "game")` is `1 game`.
pub fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}
