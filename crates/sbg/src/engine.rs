//! The native SBG engine: the board as a flat array of piece codes, every piece rule compiled to
//! a minimal DFA (black's mirrored), and move generation as a depth-first search over
//! (DFA state, square) pairs. The board does not change during the search, so a pair is visited
//! at most once per piece and the moves, identified by (from, to), come out deduplicated.
//! Terminal rules and scores follow DESIGN.md §3 "SBG" exactly.

use crate::ast::{Board, Game, Side};
use crate::automaton::{BuildError, Dfa};
pub use crate::movegen::Move;
use crate::movegen::{generate, Scratch, SMALL_BOARD};
use crate::position::{parse_position, print_position, Ending, Position};
use crate::tables::{code, piece, Tables, CODES, EMPTY};
use game::{GameState, MoveError, PositionError};
use std::cell::RefCell;

pub use crate::tables::{DRAW, LOSS, SEARCH_LIMIT, WIN};

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
        let t = Tables::build(game)?;
        let nsq = t.nsq;
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
        crate::position::square_name(x, y, self.t.width)
    }

    /// The state as a [`Position`] (see [`crate::position`]).
    pub fn position(&self) -> Position {
        Position {
            board: self.board(),
            to_move: self.side_to_move(),
            ply: self.ply,
            ending: match self.outcome {
                Outcome::Ongoing => None,
                Outcome::Draw => Some(Ending::Draw),
                Outcome::Win(0) => Some(Ending::Won(Side::White)),
                Outcome::Win(_) => Some(Ending::Won(Side::Black)),
            },
        }
    }

    /// Puts a [`Position`] on the table (the board must have the game's size); forgets the
    /// history. Without an ending, the turn limit alone can end the game.
    pub fn load_position(&mut self, p: &Position) {
        self.set_position(&p.board, p.to_move, p.ply);
        match p.ending {
            None => {}
            Some(Ending::Draw) => self.outcome = Outcome::Draw,
            Some(Ending::Won(side)) => self.outcome = Outcome::Win(side.index()),
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

    /// Also accepts the squares without the dash (`b2b3`, `b2 b3`).
    fn move_from_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let printed = game::text::printed_moves(self);
        let bare = |t: &str| {
            t.chars()
                .filter(|c| *c != '-' && !c.is_whitespace())
                .collect::<String>()
        };
        let wanted = bare(text);
        match printed.iter().find(|(_, t)| bare(t) == wanted) {
            Some((m, _)) => Ok(*m),
            None => game::text::match_move(text, &printed),
        }
    }

    fn position_text(&self) -> String {
        print_position(&self.position())
    }

    fn set_position(&mut self, text: &str) -> Result<(), PositionError> {
        let p = parse_position(text, self.width(), self.height())?;
        self.load_position(&p);
        Ok(())
    }

    fn is_terminal(&mut self) -> bool {
        !self.has_move()
    }
}
