//! The SBG game: name, board, piece rules (regular expressions over `(dx,dy,on)` letters) and
//! goals. Coordinates follow the spec: square `(0,0)` is bottom-left, `y` grows upwards, and the
//! rules are written for white (black reads each letter as `(dx,-dy,on)`).

use std::fmt;

/// The two players; white (uppercase letters) moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn opponent(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

/// A piece: its owner and its type, an uppercase letter `A..=Z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub side: Side,
    pub kind: char,
}

impl Piece {
    /// Reads a letter as in the board and the goals: uppercase is white, lowercase black.
    pub fn from_letter(c: char) -> Option<Piece> {
        if c.is_ascii_uppercase() {
            Some(Piece {
                side: Side::White,
                kind: c,
            })
        } else if c.is_ascii_lowercase() {
            Some(Piece {
                side: Side::Black,
                kind: c.to_ascii_uppercase(),
            })
        } else {
            None
        }
    }

    /// The letter as written on the board.
    pub fn letter(self) -> char {
        match self.side {
            Side::White => self.kind,
            Side::Black => self.kind.to_ascii_lowercase(),
        }
    }
}

/// A rectangular board; `cells[y * width + x]`, row `y = 0` at the bottom.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub width: usize,
    pub height: usize,
    pub cells: Vec<Option<Piece>>,
}

impl Board {
    pub fn empty(width: usize, height: usize) -> Board {
        Board {
            width,
            height,
            cells: vec![None; width * height],
        }
    }

    pub fn get(&self, x: usize, y: usize) -> Option<Piece> {
        self.cells[y * self.width + x]
    }

    pub fn set(&mut self, x: usize, y: usize, piece: Option<Piece>) {
        self.cells[y * self.width + x] = piece;
    }
}

/// What a letter requires of the square it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum On {
    /// `e`: empty.
    Empty,
    /// `p`: an opponent's piece.
    Opponent,
    /// `w`: one of the mover's own pieces.
    Own,
}

impl On {
    pub fn from_char(c: char) -> Option<On> {
        match c {
            'e' => Some(On::Empty),
            'p' => Some(On::Opponent),
            'w' => Some(On::Own),
            _ => None,
        }
    }

    pub fn as_char(self) -> char {
        match self {
            On::Empty => 'e',
            On::Opponent => 'p',
            On::Own => 'w',
        }
    }
}

/// One letter of the alphabet: a step `(dx, dy)` and the condition on the square reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Letter {
    pub dx: i32,
    pub dy: i32,
    pub on: On,
}

impl Letter {
    /// The letter as black reads it: the vertical mirror `(dx, -dy, on)`.
    pub fn mirrored(self) -> Letter {
        Letter {
            dy: -self.dy,
            ..self
        }
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{},{})", self.dx, self.dy, self.on.as_char())
    }
}

/// A regular expression over letters. Kept normalised by [`Expr::concat`] and [`Expr::alt`]:
/// a `Concat` or `Alt` has at least two parts and none of its parts is of the same kind.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    Letter(Letter),
    Concat(Vec<Expr>),
    Alt(Vec<Expr>),
    /// `e^n`
    Power(Box<Expr>, u32),
    /// `e^*`
    Star(Box<Expr>),
}

impl Expr {
    /// The concatenation of `parts`, flattened. Panics on an empty list.
    pub fn concat(parts: Vec<Expr>) -> Expr {
        Self::join(parts, true)
    }

    /// The alternative of `parts`, flattened. Panics on an empty list.
    pub fn alt(parts: Vec<Expr>) -> Expr {
        Self::join(parts, false)
    }

    fn join(parts: Vec<Expr>, concat: bool) -> Expr {
        let mut flat = Vec::with_capacity(parts.len());
        for p in parts {
            match (p, concat) {
                (Expr::Concat(inner), true) | (Expr::Alt(inner), false) => flat.extend(inner),
                (p, _) => flat.push(p),
            }
        }
        assert!(!flat.is_empty(), "an expression needs at least one part");
        if flat.len() == 1 {
            flat.pop().unwrap()
        } else if concat {
            Expr::Concat(flat)
        } else {
            Expr::Alt(flat)
        }
    }

    /// Rebuilds the expression through the smart constructors (what the parser produces).
    pub fn normalized(&self) -> Expr {
        match self {
            Expr::Letter(l) => Expr::Letter(*l),
            Expr::Concat(v) => Expr::concat(v.iter().map(Expr::normalized).collect()),
            Expr::Alt(v) => Expr::alt(v.iter().map(Expr::normalized).collect()),
            Expr::Power(e, n) => Expr::Power(Box::new(e.normalized()), *n),
            Expr::Star(e) => Expr::Star(Box::new(e.normalized())),
        }
    }

    /// Number of letters once every `^n` is written out (saturating): the size of the
    /// automaton built from it.
    pub fn expanded_size(&self) -> u64 {
        match self {
            Expr::Letter(_) => 1,
            Expr::Concat(v) | Expr::Alt(v) => v
                .iter()
                .fold(0u64, |acc, e| acc.saturating_add(e.expanded_size())),
            Expr::Power(e, n) => e.expanded_size().saturating_mul(u64::from(*n).max(1)),
            Expr::Star(e) => e.expanded_size(),
        }
    }

    /// Calls `f` on every letter, left to right.
    pub fn for_each_letter(&self, f: &mut impl FnMut(Letter)) {
        match self {
            Expr::Letter(l) => f(*l),
            Expr::Concat(v) | Expr::Alt(v) => v.iter().for_each(|e| e.for_each_letter(f)),
            Expr::Power(e, _) | Expr::Star(e) => e.for_each_letter(f),
        }
    }
}

/// The movement rule of one piece type (for white; black mirrors it).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PieceRule {
    /// Uppercase piece letter.
    pub kind: char,
    pub expr: Expr,
}

/// A terminal condition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Goal {
    /// `@X x y, ...`: the owner of `piece` wins by moving that piece onto one of `squares`.
    Reach {
        piece: Piece,
        squares: Vec<(usize, usize)>,
    },
    /// `#X n`: the owner of `piece` loses once the number of such pieces is at most `at_most`.
    Count { piece: Piece, at_most: u32 },
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    pub name: String,
    /// The initial position; white moves first.
    pub board: Board,
    /// At most one rule per piece type, in text order. A type without a rule cannot move.
    pub rules: Vec<PieceRule>,
    /// Draw after this many plies (half-moves) unless another condition ended the game.
    pub turn_limit: u32,
    pub goals: Vec<Goal>,
}

impl Game {
    /// The rule for an (uppercase) piece type, if it has one.
    pub fn rule(&self, kind: char) -> Option<&PieceRule> {
        self.rules.iter().find(|r| r.kind == kind)
    }
}
