//! The word-level view the learner needs: for the current position and a square, the
//! piece-movement patterns (words of the piece's rule) that are applicable there, with the
//! squares they visit. Words are given in the rule's own coordinates (as written for white);
//! for a black piece each letter moves it by `(dx, -dy)` on the board.

use crate::ast::{Letter, On, Side};
use crate::engine::Engine;

/// Bounds on the enumeration (rules with `^*` can have infinitely many applicable words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WordLimits {
    /// Longest word listed.
    pub max_len: usize,
    /// Most words listed.
    pub max_words: usize,
}

impl Default for WordLimits {
    fn default() -> Self {
        WordLimits {
            max_len: 16,
            max_words: 10_000,
        }
    }
}

/// An applicable word and the square `(x, y)` where it leaves the piece.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Word {
    pub letters: Vec<Letter>,
    pub to: (usize, usize),
}

/// The applicable words at a square, in lexicographic order of letters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    pub words: Vec<Word>,
    /// False when a limit cut the enumeration short (more words exist).
    pub complete: bool,
}

impl Engine {
    /// Words of the rule of the piece on `(x, y)` applicable in the current position (for that
    /// piece's owner, whoever is to move). Empty for an empty square or a piece without rule.
    pub fn words_at(&self, x: usize, y: usize, limits: WordLimits) -> Words {
        let mut out = Words {
            words: Vec::new(),
            complete: true,
        };
        let board = self.board();
        let Some(piece) = board.get(x, y) else {
            return out;
        };
        let Some(dfa) = self.dfa(piece.kind) else {
            return out;
        };
        let flip = if piece.side == Side::White { 1 } else { -1 };
        let (w, h) = (board.width as i64, board.height as i64);
        let fits = |l: &Letter, (cx, cy): (i64, i64)| -> Option<(i64, i64)> {
            let (nx, ny) = (cx + i64::from(l.dx), cy + flip * i64::from(l.dy));
            if !(0..w).contains(&nx) || !(0..h).contains(&ny) {
                return None;
            }
            let ok = match (board.get(nx as usize, ny as usize), l.on) {
                (None, On::Empty) => true,
                (Some(p), On::Own) => p.side == piece.side,
                (Some(p), On::Opponent) => p.side != piece.side,
                _ => false,
            };
            ok.then_some((nx, ny))
        };
        // Depth-first over (state, square, word so far), with a budget of search steps.
        let mut budget = limits.max_words.saturating_mul(64).max(1024);
        let mut stack = vec![(0usize, (x as i64, y as i64), Vec::new())];
        while let Some((q, at, word)) = stack.pop() {
            if budget == 0 {
                out.complete = false;
                break;
            }
            budget -= 1;
            if !word.is_empty() && dfa.accepting[q] {
                if out.words.len() == limits.max_words {
                    out.complete = false;
                    break;
                }
                out.words.push(Word {
                    letters: word.clone(),
                    to: (at.0 as usize, at.1 as usize),
                });
            }
            for &(a, t) in &dfa.edges[q] {
                let l = dfa.alphabet[a];
                if let Some(next) = fits(&l, at) {
                    if word.len() == limits.max_len {
                        out.complete = false;
                        continue;
                    }
                    let mut w2 = word.clone();
                    w2.push(l);
                    stack.push((t, next, w2));
                }
            }
        }
        out.words.sort();
        out
    }
}
