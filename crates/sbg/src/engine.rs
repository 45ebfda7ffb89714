//! The native SBG engine: the board as a flat array of piece codes, every piece rule compiled to
//! a minimal DFA (black's mirrored), and move generation as a depth-first search over
//! (DFA state, square) pairs. The board does not change during the search, so a pair is visited
//! at most once per piece and the moves, identified by (from, to), come out deduplicated.
//! Terminal rules and scores follow DESIGN.md §3 "SBG" exactly.

use crate::ast::{Board, Game, Goal, Letter, On, Piece, Side};
use crate::automaton::{BuildError, Dfa};
use game::GameState;
use std::cell::RefCell;

/// A move: the piece on `from` goes to `to` (squares are `y * width + x`, `y = 0` at the
/// bottom). `from == to` is a null move that changes nothing but the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: u16,
    pub to: u16,
}

/// Board content codes: 0 empty, `1 + side * 26 + (kind - 'A')` otherwise.
const EMPTY: u8 = 0;
const CODES: usize = 53;
const NO_STATE: u32 = u32::MAX;
const NO_SQUARE: u16 = u16::MAX;
const ON_EMPTY: u8 = 0;
const ON_OPPONENT: u8 = 1;
const ON_OWN: u8 = 2;

/// Most (automaton state, square) pairs the move search may track (its visited table).
pub const SEARCH_LIMIT: usize = 1 << 26;

/// Scores as DESIGN.md fixes them.
pub const WIN: i64 = 100;
pub const DRAW: i64 = 50;
pub const LOSS: i64 = 0;

fn code(p: Piece) -> u8 {
    1 + p.side.index() as u8 * 26 + (p.kind as u8 - b'A')
}

fn piece(code: u8) -> Option<Piece> {
    if code == EMPTY {
        return None;
    }
    let c = code - 1;
    Some(Piece {
        side: if c < 26 { Side::White } else { Side::Black },
        kind: (b'A' + c % 26) as char,
    })
}

fn on_code(on: On) -> u8 {
    match on {
        On::Empty => ON_EMPTY,
        On::Opponent => ON_OPPONENT,
        On::Own => ON_OWN,
    }
}

#[derive(Clone, Copy, Debug)]
struct Trans {
    /// `letter * nsq`: where this letter's destination table starts in `dest`.
    dest_base: u32,
    target: u32,
    on: u8,
    /// `ACCEPT` when the target accepts, `EXPAND` when it has transitions of its own.
    flags: u8,
}

const ACCEPT: u8 = 1;
const EXPAND: u8 = 2;

/// Everything fixed by the rules.
#[derive(Clone, Debug)]
struct Tables {
    width: usize,
    nsq: usize,
    turn_limit: u32,
    /// Start state of the piece with code `c` when side `s` moves it: `start[s][c]`;
    /// `NO_STATE` for empty squares, the opponent's pieces and types without a rule.
    start: [[u32; CODES]; 2],
    /// `trans[edges[q].0 .. edges[q].1]` are the transitions of state `q`.
    edges: Vec<(u32, u32)>,
    trans: Vec<Trans>,
    accepting: Vec<bool>,
    /// Destination of letter `l` from square `s` at `dest[l * nsq + s]`, or `NO_SQUARE`.
    dest: Vec<u16>,
    /// How side `s` sees a square's content: `class[s][code]` is `ON_*`.
    class: [[u8; CODES]; 2],
    /// `reach[code * nsq + sq]`: moving that piece onto `sq` wins for its owner.
    reach: Vec<bool>,
    /// `#` conditions of each side: (code, at most).
    count_goals: [Vec<(u8, u32)>; 2],
    zobrist: Vec<u64>,
    zobrist_side: u64,
    /// White's DFA of each piece type with a rule (for the word view).
    dfas: Vec<(char, Dfa)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Ongoing,
    Win(usize),
    Draw,
}

#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    moved: u8,
    captured: u8,
    outcome: Outcome,
    hash: u64,
    occupied: [u128; 2],
}

/// Boards up to this many squares keep a bitset of each side's pieces.
const SMALL_BOARD: usize = 128;

#[derive(Clone, Debug, Default)]
struct Scratch {
    visited: Vec<u32>,
    seen: Vec<u32>,
    stamp: u32,
    stack: Vec<(u32, u16)>,
}

/// A game in progress. Implements [`GameState`]; players are `white` (0) and `black` (1).
#[derive(Clone, Debug)]
pub struct Engine {
    t: Tables,
    board: Vec<u8>,
    /// Squares of each side's pieces, on boards of at most `SMALL_BOARD` squares.
    occupied: [u128; 2],
    counts: [u32; CODES],
    side: usize,
    ply: u32,
    outcome: Outcome,
    hash: u64,
    history: Vec<Undo>,
    scratch: RefCell<Scratch>,
}

impl Engine {
    /// Compiles the rules and sets up the initial position.
    pub fn new(game: &Game) -> Result<Engine, BuildError> {
        validate(game)?;
        let b = &game.board;
        let nsq = b.width * b.height;
        let limit = NO_SQUARE as usize;
        if nsq >= limit {
            return Err(BuildError::BoardTooLarge {
                squares: nsq,
                limit: limit - 1,
            });
        }
        let mut t = Tables {
            width: b.width,
            nsq,
            turn_limit: game.turn_limit,
            start: [[NO_STATE; CODES]; 2],
            edges: Vec::new(),
            trans: Vec::new(),
            accepting: Vec::new(),
            dest: Vec::new(),
            class: [[ON_OPPONENT; CODES]; 2],
            reach: vec![false; CODES * nsq],
            count_goals: [Vec::new(), Vec::new()],
            zobrist: Vec::new(),
            zobrist_side: 0,
            dfas: Vec::new(),
        };
        let mut letters: Vec<Letter> = Vec::new();
        for rule in &game.rules {
            let dfa = Dfa::from_expr(rule.kind, &rule.expr)?;
            for side in [Side::White, Side::Black] {
                let d = match side {
                    Side::White => dfa.clone(),
                    Side::Black => dfa.mirrored(),
                };
                let base = t.accepting.len() as u32;
                for q in 0..d.num_states() {
                    let lo = t.trans.len() as u32;
                    for &(a, target) in &d.edges[q] {
                        let l = d.alphabet[a];
                        let li = letters.iter().position(|&x| x == l).unwrap_or_else(|| {
                            letters.push(l);
                            letters.len() - 1
                        });
                        let flags = if d.accepting[target] { ACCEPT } else { 0 }
                            | if d.edges[target].is_empty() {
                                0
                            } else {
                                EXPAND
                            };
                        t.trans.push(Trans {
                            dest_base: (li * nsq) as u32,
                            target: base + target as u32,
                            on: on_code(l.on),
                            flags,
                        });
                    }
                    t.edges.push((lo, t.trans.len() as u32));
                    t.accepting.push(d.accepting[q]);
                }
                let c = code(Piece {
                    side,
                    kind: rule.kind,
                });
                t.start[side.index()][c as usize] = base;
            }
            t.dfas.push((rule.kind, dfa));
        }
        for l in &letters {
            for sq in 0..nsq {
                let (x, y) = ((sq % b.width) as i64, (sq / b.width) as i64);
                let (nx, ny) = (x + i64::from(l.dx), y + i64::from(l.dy));
                let inside =
                    (0..b.width as i64).contains(&nx) && (0..b.height as i64).contains(&ny);
                t.dest.push(if inside {
                    (ny * b.width as i64 + nx) as u16
                } else {
                    NO_SQUARE
                });
            }
        }
        for side in 0..2 {
            t.class[side][EMPTY as usize] = ON_EMPTY;
            for c in 1..CODES {
                if (c - 1) / 26 == side {
                    t.class[side][c] = ON_OWN;
                }
            }
        }
        for goal in &game.goals {
            match goal {
                Goal::Reach { piece, squares } => {
                    for &(x, y) in squares {
                        t.reach[code(*piece) as usize * nsq + y * b.width + x] = true;
                    }
                }
                Goal::Count { piece, at_most } => {
                    t.count_goals[piece.side.index()].push((code(*piece), *at_most));
                }
            }
        }
        let mut seed = 0x2545_f491_4f6c_dd1d_u64 ^ nsq as u64;
        let mut next = || {
            // splitmix64
            seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        t.zobrist = (0..CODES * nsq).map(|_| next()).collect();
        t.zobrist_side = next();
        let entries = t.accepting.len().saturating_mul(nsq);
        if entries > SEARCH_LIMIT {
            return Err(BuildError::SearchTooLarge {
                entries,
                limit: SEARCH_LIMIT,
            });
        }
        let scratch = Scratch {
            visited: vec![0; t.accepting.len() * nsq],
            seen: vec![0; nsq],
            stamp: 0,
            stack: Vec::new(),
        };
        let mut e = Engine {
            t,
            board: Vec::new(),
            occupied: [0; 2],
            counts: [0; CODES],
            side: 0,
            ply: 0,
            outcome: Outcome::Ongoing,
            hash: 0,
            history: Vec::new(),
            scratch: RefCell::new(scratch),
        };
        e.set_position(&game.board, Side::White, 0);
        Ok(e)
    }

    /// Puts `board` on the table with `to_move` to move after `ply` plies; forgets the history.
    /// Panics if the board's size differs from the game's.
    pub fn set_position(&mut self, board: &Board, to_move: Side, ply: u32) {
        assert_eq!(
            board.width * board.height,
            self.t.nsq,
            "board of another size"
        );
        assert_eq!(board.width, self.t.width, "board of another size");
        self.board = board.cells.iter().map(|c| c.map_or(EMPTY, code)).collect();
        self.counts = [0; CODES];
        self.hash = 0;
        self.occupied = [0; 2];
        for (sq, &c) in self.board.iter().enumerate() {
            self.counts[c as usize] += 1;
            if c != EMPTY {
                self.hash ^= self.t.zobrist[c as usize * self.t.nsq + sq];
                if sq < SMALL_BOARD {
                    self.occupied[(c as usize - 1) / 26] |= 1 << sq;
                }
            }
        }
        self.side = to_move.index();
        if self.side == 1 {
            self.hash ^= self.t.zobrist_side;
        }
        self.ply = ply;
        self.history.clear();
        // Goals are checked only after moves; the turn limit can end the game at once.
        self.outcome = if ply >= self.t.turn_limit {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        };
    }

    /// The current position.
    pub fn board(&self) -> Board {
        let w = self.t.width;
        Board {
            width: w,
            height: self.t.nsq / w,
            cells: self.board.iter().map(|&c| piece(c)).collect(),
        }
    }

    pub fn side_to_move(&self) -> Side {
        if self.side == 0 {
            Side::White
        } else {
            Side::Black
        }
    }

    /// Plies played since the start (counting the `ply` given to [`Engine::set_position`]).
    pub fn ply(&self) -> u32 {
        self.ply
    }

    pub fn width(&self) -> usize {
        self.t.width
    }

    pub fn height(&self) -> usize {
        self.t.nsq / self.t.width
    }

    /// White's minimal DFA for a piece type (black reads it mirrored), if the type has a rule.
    pub fn dfa(&self, kind: char) -> Option<&Dfa> {
        self.t.dfas.iter().find(|(k, _)| *k == kind).map(|(_, d)| d)
    }

    /// The move from `(x, y)` to `(x2, y2)`.
    pub fn move_between(&self, from: (usize, usize), to: (usize, usize)) -> Move {
        let w = self.t.width;
        Move {
            from: (from.1 * w + from.0) as u16,
            to: (to.1 * w + to.0) as u16,
        }
    }

    fn has_move(&self) -> bool {
        if self.outcome != Outcome::Ongoing {
            return false;
        }
        let mut out = Vec::new();
        generate(
            &self.t,
            &self.board,
            self.occupied[self.side],
            self.side,
            &mut self.scratch.borrow_mut(),
            &mut out,
            true,
        );
        !out.is_empty()
    }

    fn count_condition(&self, side: usize) -> bool {
        self.t.count_goals[side]
            .iter()
            .any(|&(c, n)| self.counts[c as usize] <= n)
    }

    fn square_name(&self, sq: u16) -> String {
        let (x, y) = (sq as usize % self.t.width, sq as usize / self.t.width);
        if self.t.width <= 26 {
            format!("{}{}", (b'a' + x as u8) as char, y + 1)
        } else {
            format!("({x},{y})")
        }
    }
}

/// What the parser guarantees, checked again for games built in code (learner, evolver).
fn validate(game: &Game) -> Result<(), BuildError> {
    let b = &game.board;
    let bad = |reason: String| Err(BuildError::InvalidGame { reason });
    let kind_ok = |k: char| k.is_ascii_uppercase();
    if b.width == 0 || b.height == 0 || b.cells.len() != b.width * b.height {
        return bad(format!(
            "a {}x{} board with {} cells",
            b.width,
            b.height,
            b.cells.len()
        ));
    }
    if let Some(p) = b.cells.iter().flatten().find(|p| !kind_ok(p.kind)) {
        return bad(format!("piece type {:?} is not a letter A-Z", p.kind));
    }
    for (i, r) in game.rules.iter().enumerate() {
        if !kind_ok(r.kind) || game.rules[..i].iter().any(|o| o.kind == r.kind) {
            return bad(format!(
                "rule for {:?}: not a letter A-Z, or a second rule",
                r.kind
            ));
        }
    }
    for g in &game.goals {
        let (piece, squares): (Piece, &[(usize, usize)]) = match g {
            Goal::Reach { piece, squares } => (*piece, squares),
            Goal::Count { piece, .. } => (*piece, &[]),
        };
        if !kind_ok(piece.kind) {
            return bad(format!("goal piece {:?} is not a letter A-Z", piece.kind));
        }
        if let Some((x, y)) = squares
            .iter()
            .find(|&&(x, y)| x >= b.width || y >= b.height)
        {
            return bad(format!("goal square ({x}, {y}) outside the board"));
        }
    }
    Ok(())
}

/// All moves of `side` (or only the first one), deduplicated by (from, to), in order of the
/// origin square and then of discovery. `own` is the side's bitset on small boards.
fn generate(
    t: &Tables,
    board: &[u8],
    own: u128,
    side: usize,
    s: &mut Scratch,
    out: &mut Vec<Move>,
    first: bool,
) {
    if t.nsq <= SMALL_BOARD {
        let mut bits = own;
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if from_square(t, board, side, from, s, out, first) {
                return;
            }
        }
    } else {
        for from in 0..t.nsq {
            if from_square(t, board, side, from, s, out, first) {
                return;
            }
        }
    }
}

/// The moves of the piece on `from` if `side` owns it; true when `first` and one was found.
#[inline(always)]
fn from_square(
    t: &Tables,
    board: &[u8],
    side: usize,
    from: usize,
    s: &mut Scratch,
    out: &mut Vec<Move>,
    first: bool,
) -> bool {
    let start = t.start[side][board[from] as usize];
    if start == NO_STATE {
        return false;
    }
    let nsq = t.nsq;
    let class = &t.class[side];
    if s.stamp == u32::MAX {
        s.visited.fill(0);
        s.seen.fill(0);
        s.stamp = 0;
    }
    s.stamp += 1;
    let stamp = s.stamp;
    // The start pair is not marked visited: a non-empty word may come back to it. Targets
    // without transitions are never expanded, so only the others are marked.
    let (mut q, mut sq) = (start, from);
    loop {
        let (lo, hi) = t.edges[q as usize];
        for tr in &t.trans[lo as usize..hi as usize] {
            let d = t.dest[tr.dest_base as usize + sq];
            if d == NO_SQUARE || class[board[d as usize] as usize] != tr.on {
                continue;
            }
            if tr.flags & EXPAND != 0 {
                let v = tr.target as usize * nsq + d as usize;
                if s.visited[v] == stamp {
                    continue;
                }
                s.visited[v] = stamp;
                s.stack.push((tr.target, d));
            }
            if tr.flags & ACCEPT != 0 && s.seen[d as usize] != stamp {
                s.seen[d as usize] = stamp;
                out.push(Move {
                    from: from as u16,
                    to: d,
                });
                if first {
                    s.stack.clear();
                    return true;
                }
            }
        }
        match s.stack.pop() {
            Some((q2, sq2)) => (q, sq) = (q2, sq2 as usize),
            None => return false,
        }
    }
}

impl GameState for Engine {
    type Move = Move;

    fn player_names(&self) -> Vec<String> {
        vec!["white".into(), "black".into()]
    }

    fn current_player(&self) -> Option<usize> {
        self.has_move().then_some(self.side)
    }

    fn legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome == Outcome::Ongoing {
            let Engine {
                t,
                board,
                occupied,
                side,
                scratch,
                ..
            } = self;
            generate(
                t,
                board,
                occupied[*side],
                *side,
                scratch.get_mut(),
                out,
                false,
            );
        }
    }

    fn apply(&mut self, mv: &Move) {
        let (from, to) = (mv.from as usize, mv.to as usize);
        let nsq = self.t.nsq;
        let moved = self.board[from];
        let captured = if from == to { EMPTY } else { self.board[to] };
        self.history.push(Undo {
            mv: *mv,
            moved,
            captured,
            outcome: self.outcome,
            hash: self.hash,
            occupied: self.occupied,
        });
        if from != to {
            if nsq <= SMALL_BOARD {
                let (f, t) = (1u128 << from, 1u128 << to);
                self.occupied[self.side] = (self.occupied[self.side] & !f) | t;
                self.occupied[1 - self.side] &= !t;
            }
            self.board[to] = moved;
            self.board[from] = EMPTY;
            self.hash ^= self.t.zobrist[moved as usize * nsq + from]
                ^ self.t.zobrist[moved as usize * nsq + to];
            if captured != EMPTY {
                self.counts[captured as usize] -= 1;
                self.hash ^= self.t.zobrist[captured as usize * nsq + to];
            }
        }
        let mover = self.side;
        let opponent = 1 - mover;
        self.side = opponent;
        self.hash ^= self.t.zobrist_side;
        self.ply += 1;
        self.outcome = if self.t.reach[moved as usize * nsq + to] || self.count_condition(opponent)
        {
            Outcome::Win(mover)
        } else if self.count_condition(mover) {
            Outcome::Win(opponent)
        } else if self.ply >= self.t.turn_limit {
            Outcome::Draw
        } else {
            Outcome::Ongoing
        };
    }

    fn undo(&mut self) {
        let u = self.history.pop().expect("undo without a move");
        let (from, to) = (u.mv.from as usize, u.mv.to as usize);
        if from != to {
            self.board[from] = u.moved;
            self.board[to] = u.captured;
            if u.captured != EMPTY {
                self.counts[u.captured as usize] += 1;
            }
        }
        self.side = 1 - self.side;
        self.ply -= 1;
        self.outcome = u.outcome;
        self.hash = u.hash;
        self.occupied = u.occupied;
    }

    fn scores(&self) -> Vec<i64> {
        let win = |s: usize| {
            if s == 0 {
                vec![WIN, LOSS]
            } else {
                vec![LOSS, WIN]
            }
        };
        match self.outcome {
            Outcome::Win(s) => win(s),
            Outcome::Draw => vec![DRAW, DRAW],
            Outcome::Ongoing if !self.has_move() => win(1 - self.side),
            Outcome::Ongoing => vec![0, 0],
        }
    }

    fn state_hash(&self) -> u64 {
        self.hash ^ u64::from(self.ply).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    fn move_text(&self, mv: &Move) -> String {
        format!("{}-{}", self.square_name(mv.from), self.square_name(mv.to))
    }

    fn is_terminal(&mut self) -> bool {
        !self.has_move()
    }
}
