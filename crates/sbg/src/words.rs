//! The word-level view the learner needs: for a position and a square, the piece-movement
//! patterns (words of the piece's rule, or of any automaton) that are applicable there, with the
//! square each one reaches, and the set of destinations an automaton generates. Words are given in the rule's own coordinates (as written for white);
//! for a black piece each letter moves it by `(dx, -dy)` on the board.

use crate::ast::{Board, Letter, On, Side};
use crate::automaton::Dfa;
use crate::engine::Engine;
use std::collections::{BTreeSet, HashSet};

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
        let board = self.board();
        match board.get(x, y).and_then(|p| Some((p, self.dfa(p.kind)?))) {
            Some((piece, dfa)) => applicable_words(dfa, &board, (x, y), piece.side, limits),
            None => Words {
                words: Vec::new(),
                complete: true,
            },
        }
    }
}

/// Where a letter (in rule coordinates) takes a piece of `side` standing on `at`, if that square
/// exists and satisfies the letter's condition on `board` (for `side`).
fn step(board: &Board, side: Side, at: (usize, usize), l: &Letter) -> Option<(usize, usize)> {
    let flip = if side == Side::White { 1 } else { -1 };
    let nx = at.0 as i64 + i64::from(l.dx);
    let ny = at.1 as i64 + flip * i64::from(l.dy);
    if !(0..board.width as i64).contains(&nx) || !(0..board.height as i64).contains(&ny) {
        return None;
    }
    let to = (nx as usize, ny as usize);
    let ok = match (board.get(to.0, to.1), l.on) {
        (None, On::Empty) => true,
        (Some(p), On::Own) => p.side == side,
        (Some(p), On::Opponent) => p.side != side,
        _ => false,
    };
    ok.then_some(to)
}

/// The words of any automaton (a piece rule's, or one being learned) applicable to a piece of
/// `side` on square `from` of `board`. Letters are in rule coordinates.
pub fn applicable_words(
    dfa: &Dfa,
    board: &Board,
    from: (usize, usize),
    side: Side,
    limits: WordLimits,
) -> Words {
    let mut out = Words {
        words: Vec::new(),
        complete: true,
    };
    // Depth-first over (state, square, word so far), with a budget of search steps.
    let mut budget = limits.max_words.saturating_mul(64).max(1024);
    let mut stack = vec![(0usize, from, Vec::new())];
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
                to: at,
            });
        }
        for &(a, t) in &dfa.edges[q] {
            let l = dfa.alphabet[a];
            if let Some(next) = step(board, side, at, &l) {
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

/// The squares an automaton can take a piece of `side` on `from` to: the moves it generates
/// there, exactly as the engine defines them (every word, of any length; no limit needed).
pub fn destinations(
    dfa: &Dfa,
    board: &Board,
    from: (usize, usize),
    side: Side,
) -> BTreeSet<(usize, usize)> {
    let mut out = BTreeSet::new();
    let mut seen = HashSet::new();
    let mut stack = vec![(0usize, from)];
    while let Some((q, at)) = stack.pop() {
        for &(a, t) in &dfa.edges[q] {
            if let Some(next) = step(board, side, at, &dfa.alphabet[a]) {
                if seen.insert((t, next)) {
                    if dfa.accepting[t] {
                        out.insert(next);
                    }
                    stack.push((t, next));
                }
            }
        }
    }
    out
}
