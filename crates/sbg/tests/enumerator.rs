//! An independent, deliberately plain model of SBG to check the engine against: the words of
//! each rule are listed up to the board's size straight from the AST (no automata), and in
//! every position each word is tried square by square. Its perft and its move sets along
//! random games must equal the engine's.

mod common;

use common::*;
use game::perft::perft_stats;
use game::GameState;
use rand::{Rng, SeedableRng};
use sbg::{Expr, Game, Goal, Letter, On, Piece, Side};
use std::collections::BTreeSet;

type Word = Vec<Letter>;

/// All words of `e` of length at most `max` (the empty word included when it belongs).
fn words(e: &Expr, max: usize) -> BTreeSet<Word> {
    let cat = |a: &BTreeSet<Word>, b: &BTreeSet<Word>| -> BTreeSet<Word> {
        let mut out = BTreeSet::new();
        for x in a {
            for y in b {
                if x.len() + y.len() <= max {
                    out.insert(x.iter().chain(y).copied().collect());
                }
            }
        }
        out
    };
    let epsilon: BTreeSet<Word> = [Vec::new()].into();
    match e {
        Expr::Letter(l) => {
            if max >= 1 {
                [vec![*l]].into()
            } else {
                BTreeSet::new()
            }
        }
        Expr::Concat(parts) => parts
            .iter()
            .fold(epsilon, |acc, p| cat(&acc, &words(p, max))),
        Expr::Alt(parts) => parts.iter().flat_map(|p| words(p, max)).collect(),
        Expr::Power(b, n) => {
            let base = words(b, max);
            (0..*n).fold(epsilon, |acc, _| cat(&acc, &base))
        }
        Expr::Star(b) => {
            let base = words(b, max);
            let mut all = epsilon;
            loop {
                let more: BTreeSet<Word> = cat(&all, &base).union(&all).cloned().collect();
                if more.len() == all.len() {
                    return all;
                }
                all = more;
            }
        }
    }
}

#[derive(Clone)]
struct Plain {
    game: Game,
    /// Non-empty words of each piece type's rule, for white.
    rules: Vec<(char, Vec<Word>)>,
    board: sbg::Board,
    to_move: Side,
    ply: u32,
    /// Set when an `@`, `#` or turn-limit rule ended the game: white's and black's score.
    result: Option<[i64; 2]>,
    history: Vec<(sbg::Board, Side, u32, Option<[i64; 2]>)>,
}

fn win(s: Side) -> [i64; 2] {
    match s {
        Side::White => [100, 0],
        Side::Black => [0, 100],
    }
}

impl Plain {
    fn new(game: &Game) -> Plain {
        let max = game.board.width.max(game.board.height);
        let rules = game
            .rules
            .iter()
            .map(|r| {
                (
                    r.kind,
                    words(&r.expr, max)
                        .into_iter()
                        .filter(|w| !w.is_empty())
                        .collect(),
                )
            })
            .collect();
        Plain {
            game: game.clone(),
            rules,
            board: game.board.clone(),
            to_move: Side::White,
            ply: 0,
            result: (game.turn_limit == 0).then_some([50, 50]),
            history: Vec::new(),
        }
    }

    /// Where `word` takes the piece of `side` on `(x, y)`, if every letter's square exists and
    /// matches its condition on the unchanged board.
    fn walk(&self, side: Side, x: usize, y: usize, word: &Word) -> Option<(usize, usize)> {
        let (mut cx, mut cy) = (x as i64, y as i64);
        for l in word {
            cx += l.dx as i64;
            cy += if side == Side::White {
                l.dy as i64
            } else {
                -(l.dy as i64)
            };
            if cx < 0 || cy < 0 || cx >= self.board.width as i64 || cy >= self.board.height as i64 {
                return None;
            }
            let ok = match self.board.get(cx as usize, cy as usize) {
                None => l.on == On::Empty,
                Some(p) if p.side == side => l.on == On::Own,
                Some(_) => l.on == On::Opponent,
            };
            if !ok {
                return None;
            }
        }
        Some((cx as usize, cy as usize))
    }

    fn moves(&self) -> BTreeSet<((usize, usize), (usize, usize))> {
        let mut out = BTreeSet::new();
        if self.result.is_some() {
            return out;
        }
        for y in 0..self.board.height {
            for x in 0..self.board.width {
                let Some(p) = self.board.get(x, y) else {
                    continue;
                };
                if p.side != self.to_move {
                    continue;
                }
                let Some((_, ws)) = self.rules.iter().find(|(k, _)| *k == p.kind) else {
                    continue;
                };
                for w in ws {
                    if let Some(to) = self.walk(p.side, x, y, w) {
                        out.insert(((x, y), to));
                    }
                }
            }
        }
        out
    }

    fn count(&self, piece: Piece) -> u32 {
        self.board
            .cells
            .iter()
            .filter(|c| **c == Some(piece))
            .count() as u32
    }

    fn loses_by_count(&self, side: Side) -> bool {
        self.game.goals.iter().any(|g| match g {
            Goal::Count { piece, at_most } => piece.side == side && self.count(*piece) <= *at_most,
            Goal::Reach { .. } => false,
        })
    }
}

impl GameState for Plain {
    type Move = ((usize, usize), (usize, usize));

    fn player_names(&self) -> Vec<String> {
        vec!["white".into(), "black".into()]
    }

    fn current_player(&self) -> Option<usize> {
        (!self.moves().is_empty()).then_some(self.to_move as usize)
    }

    fn legal_moves(&mut self, out: &mut Vec<Self::Move>) {
        *out = self.moves().into_iter().collect();
    }

    fn apply(&mut self, &((fx, fy), (tx, ty)): &Self::Move) {
        self.history
            .push((self.board.clone(), self.to_move, self.ply, self.result));
        let piece = self.board.get(fx, fy).expect("a piece moves");
        self.board.set(fx, fy, None);
        self.board.set(tx, ty, Some(piece));
        let mover = self.to_move;
        let opponent = mover.opponent();
        self.to_move = opponent;
        self.ply += 1;
        let reached = self.game.goals.iter().any(|g| match g {
            Goal::Reach { piece: p, squares } => *p == piece && squares.contains(&(tx, ty)),
            Goal::Count { .. } => false,
        });
        self.result = if reached || self.loses_by_count(opponent) {
            Some(win(mover))
        } else if self.loses_by_count(mover) {
            Some(win(opponent))
        } else if self.ply >= self.game.turn_limit {
            Some([50, 50])
        } else {
            None
        };
    }

    fn undo(&mut self) {
        let (b, s, p, r) = self.history.pop().unwrap();
        self.board = b;
        self.to_move = s;
        self.ply = p;
        self.result = r;
    }

    fn scores(&self) -> Vec<i64> {
        match self.result {
            Some(r) => r.to_vec(),
            None if self.moves().is_empty() => win(self.to_move.opponent()).to_vec(),
            None => vec![0, 0],
        }
    }

    fn state_hash(&self) -> u64 {
        0
    }

    fn move_text(&self, m: &Self::Move) -> String {
        format!("{m:?}")
    }

    fn position_text(&self) -> String {
        format!("{:?} {:?} {}", self.board, self.to_move, self.ply)
    }

    fn set_position(&mut self, text: &str) -> Result<(), game::PositionError> {
        Err(game::PositionError::new(
            "the test engine loads no positions",
            0..text.len(),
            "",
        ))
    }
}

fn engine_moves(e: &mut sbg::Engine) -> BTreeSet<((usize, usize), (usize, usize))> {
    let w = e.width();
    let mut v = Vec::new();
    e.legal_moves(&mut v);
    let set: BTreeSet<_> = v
        .iter()
        .map(|m| {
            let (f, t) = (m.from as usize, m.to as usize);
            ((f % w, f / w), (t % w, t / w))
        })
        .collect();
    assert_eq!(set.len(), v.len(), "engine moves are deduplicated");
    set
}

fn depth_for(game: &Game) -> u32 {
    if game.board.width * game.board.height > 49 {
        3
    } else {
        4
    }
}

#[test]
fn perft_equals_the_plain_enumerator() {
    for p in all_games() {
        let game = parse_ok(&p);
        let mut engine = sbg::Engine::new(&game).unwrap();
        let mut plain = Plain::new(&game);
        let depth = depth_for(&game);
        let a = perft_stats(&mut engine, depth);
        let b = perft_stats(&mut plain, depth);
        assert_eq!(a, b, "{}", p.display());
        eprintln!(
            "{}: {:?}",
            p.display(),
            a.iter().map(|s| s.leaves).collect::<Vec<_>>()
        );
    }
}

#[test]
fn random_games_agree_move_by_move() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    for p in all_games() {
        let game = parse_ok(&p);
        let mut engine = sbg::Engine::new(&game).unwrap();
        let mut plain = Plain::new(&game);
        for _ in 0..6 {
            let mut n = 0;
            loop {
                let a = engine_moves(&mut engine);
                assert_eq!(a, plain.moves(), "{} after {n} plies", p.display());
                assert_eq!(engine.scores(), plain.scores(), "{}", p.display());
                assert_eq!(engine.current_player(), plain.current_player());
                if a.is_empty() {
                    break;
                }
                let pick = *a.iter().nth(rng.random_range(0..a.len())).unwrap();
                let w = engine.width();
                let mv = engine.move_between(pick.0, pick.1);
                assert_eq!((mv.from as usize % w, mv.from as usize / w), pick.0);
                engine.apply(&mv);
                plain.apply(&pick);
                n += 1;
            }
            for _ in 0..n {
                engine.undo();
                plain.undo();
            }
            assert_eq!(engine.board(), game.board);
        }
    }
}

/// Boards above 128 squares take the engine's other path (a scan instead of bitsets).
#[test]
fn large_board_agrees_too() {
    let w = 13;
    let row = |c: char| format!("|{}|\n", c.to_string().repeat(w));
    let empty = format!("|{}|\n", ".".repeat(w));
    let mut src = format!("<<Wide>> <BOARD> {w} 11\n");
    src += &row('r');
    src += &row('p');
    for _ in 0..7 {
        src += &empty;
    }
    src += &row('P');
    src += &row('R');
    src += "<PIECES> P (0,1,e) + (-1,1,p) + (1,1,p) + (0,1,w)(0,1,e) &
        R (0,1,e)^*((0,1,e) + (0,1,p)) + (1,0,e)^*((1,0,e) + (1,0,w)) + (-1,0,e)^*(-1,0,p) &
        <GOALS> 40 & @P 0 10, 6 10 & #r 10 &";
    let (game, _) = sbg::parse(&src).unwrap();
    assert!(game.board.width * game.board.height > 128);
    let mut engine = sbg::Engine::new(&game).unwrap();
    let mut plain = Plain::new(&game);
    assert_eq!(perft_stats(&mut engine, 3), perft_stats(&mut plain, 3));
}
