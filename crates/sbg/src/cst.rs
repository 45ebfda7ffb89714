//! The raw syntax tree the grammar builds: every token's text and byte span, nothing checked yet.
//! `parse` turns it into an [`crate::ast::Game`], issuing the errors and warnings.

use std::ops::Range;

pub type Span = Range<usize>;

/// A token's text and where it stands.
#[derive(Clone, Debug)]
pub struct Text<'s> {
    pub text: &'s str,
    pub span: Span,
}

/// A section marker; `old` for `<--BOARD-->` style.
#[derive(Clone, Debug)]
pub struct Marker {
    pub old: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct RawGame<'s> {
    pub name: Text<'s>,
    pub board: Marker,
    pub width: Text<'s>,
    pub height: Text<'s>,
    /// Rows in text order (top first); `piped` is false for rows written without `|`.
    pub rows: Vec<RawRow<'s>>,
    pub pieces: Marker,
    pub rules: Vec<RawRule<'s>>,
    pub goals: Marker,
    pub turn_limit: Text<'s>,
    pub turn_limit_amps: Vec<Span>,
    pub goal_list: Vec<RawGoal<'s>>,
}

#[derive(Clone, Debug)]
pub struct RawRow<'s> {
    /// The squares, without bars.
    pub cells: &'s str,
    /// Span of `cells` only.
    pub span: Span,
    pub piped: bool,
}

#[derive(Clone, Debug)]
pub struct RawRule<'s> {
    pub letter: Text<'s>,
    pub expr: RawExpr<'s>,
    /// The `&` tokens after the expression (one in a well-formed file).
    pub amps: Vec<Span>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum RawExpr<'s> {
    Letter {
        dx: Text<'s>,
        dy: Text<'s>,
        on: Text<'s>,
        span: Span,
    },
    Concat(Vec<RawExpr<'s>>, Span),
    Alt(Vec<RawExpr<'s>>, Span),
    /// A base with `^n` (`Some`) or `^*` (`None`).
    Power(Box<RawExpr<'s>>, Option<Text<'s>>, Span),
}

impl RawExpr<'_> {
    pub fn span(&self) -> Span {
        match self {
            RawExpr::Letter { span, .. }
            | RawExpr::Concat(_, span)
            | RawExpr::Alt(_, span)
            | RawExpr::Power(_, _, span) => span.clone(),
        }
    }
}

#[derive(Clone, Debug)]
pub enum RawGoal<'s> {
    /// `#X n`
    Count {
        letter: Text<'s>,
        count: Text<'s>,
        amps: Vec<Span>,
        span: Span,
    },
    /// `@X x y, x y, ...`
    Reach {
        letter: Text<'s>,
        squares: Vec<(Text<'s>, Text<'s>)>,
        amps: Vec<Span>,
        span: Span,
    },
}
