//! The syntax tree the parser builds from one expanded section. Positions are indices into
//! [`crate::macros::Expansion::tokens`] (`l..r`, half-open), so a diagnostic can find both the
//! use site and the macro a token came from.

use crate::lexer::{Kind, Sym, Token};

/// The token type the generated parser reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PTok {
    Ident(Sym),
    Nat(Sym),
    Punct(Kind),
}

impl From<&Token> for PTok {
    fn from(t: &Token) -> PTok {
        match t.kind {
            Kind::Ident => PTok::Ident(t.sym),
            Kind::Nat => PTok::Nat(t.sym),
            k => PTok::Punct(k),
        }
    }
}

/// Token positions `l..r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Pos {
    pub l: usize,
    pub r: usize,
}

impl Pos {
    pub fn new(l: usize, r: usize) -> Pos {
        Pos { l, r }
    }
}

/// An identifier or number: its text and its token.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Name {
    pub sym: Sym,
    pub tok: usize,
}

impl Name {
    pub fn pos(self) -> Pos {
        Pos::new(self.tok, self.tok + 1)
    }
}

/// `name(bound)` in `#players` or `#variables`.
#[derive(Clone, Debug)]
pub struct BoundedVar {
    pub name: Name,
    pub bound: Name,
    pub pos: Pos,
}

/// One `[a, , b]` line of a generator; `None` is an omitted cell.
#[derive(Clone, Debug)]
pub struct Line {
    pub cells: Vec<Option<Name>>,
    pub pos: Pos,
}

/// One `[[..][..]]` layer of a cuboid.
#[derive(Clone, Debug)]
pub struct Layer {
    pub lines: Vec<Line>,
    pub pos: Pos,
}

/// `v [piece] {dir: w, ...}` of the LL-RBG explicit graph.
#[derive(Clone, Debug)]
pub struct Vertex {
    pub name: Name,
    pub piece: Name,
    pub edges: Vec<(Name, Name)>,
    pub pos: Pos,
}

#[derive(Clone, Debug)]
pub enum BoardAst {
    Graph(Vec<Vertex>),
    /// Labels: up, down, left, right.
    Rectangle {
        labels: [Name; 4],
        lines: Vec<Line>,
    },
    /// Labels: north-west, north-east, east, south-east, south-west, west.
    Hexagon {
        labels: [Name; 6],
        lines: Vec<Line>,
    },
    /// Labels: up, down, left, right, front, back.
    Cuboid {
        labels: [Name; 6],
        layers: Vec<Layer>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PostOp {
    Star,
    /// `^n`, with the token of `n`.
    Power(Name),
}

/// Arithmetic: operands joined by operators of one precedence level, left to right (kept
/// flat so long chains need no deep recursion).
#[derive(Clone, Debug)]
pub enum Arith {
    Num(Name),
    Ident(Name),
    Chain(Box<Arith>, Vec<(ir::ArithOp, Arith)>, Pos),
}

impl Arith {
    pub fn pos(&self) -> Pos {
        match self {
            Arith::Num(n) | Arith::Ident(n) => n.pos(),
            Arith::Chain(_, _, p) => *p,
        }
    }
}

/// A rules expression.
#[derive(Clone, Debug)]
pub enum Expr {
    Sum(Vec<Expr>, Pos),
    Concat(Vec<Expr>, Pos),
    /// A primary followed by `*` and `^n` operators, applied left to right.
    Post(Box<Expr>, Vec<PostOp>, Pos),
    Shift(Name),
    On(Vec<Name>, Pos),
    /// `[a]`, or the sugar `[a, b]` for `[a] + [b]`.
    Offs(Vec<Name>, Pos),
    /// `[$ v = e]`, or the sugar `[$ v = e, w = f]` for `[$ v = e][$ w = f]`.
    Assigns(Vec<(Name, Arith)>, Pos),
    /// Boxed: the largest variant would otherwise double the size of every `Expr`.
    Compare(Box<(Arith, ir::CmpOp, Arith)>, Pos),
    Switch(Name, Pos),
    Keeper(Pos),
    /// `.`: the empty word (an extension of the reference implementation).
    Noop(Pos),
    Pattern(bool, Box<Expr>, Pos),
}
