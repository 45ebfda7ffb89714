//! Algorithm 1 of the paper: is a DFA consistent with the training data of its piece type?
//!
//! A candidate's words are generated at every situation by a depth-first search over the board
//! (the board does not change while a word is read; squares may be revisited, as in our SBG
//! semantics). In an `all` situation every generated word must be listed; in a `some` situation
//! a generated word outside `U` must pass the rule for unlisted words: the paper's `F(pmp) ⊆ U`,
//! or additionally ([`SomeRule::PaperAndWindows`]) the 3-window test (every factor of length 3
//! of the word, its first two and its last two letters occur the same way in words of `U`).
//!
//! Candidates come from merging states, so their language contains `U` and the listed words are
//! always generated; only extra words are looked for. The depth-first search stops at
//! `max_len + 1` letters (no longer word is in `U` or passes `F(pmp) ⊆ U`); beyond it a
//! reachability search over (state, square, last two letters) decides exactly whether a longer
//! accepted word fails the rule (under [`SomeRule::Paper`] or in an `all` situation every longer
//! accepted word fails; under the 3-window rule one fails when it breaks a window).
//!
//! Every letter step of these searches is one unit of *work*: the search of a candidate stops
//! (unfinished, see [`Checker::exhausted`]) when the checker's work limit is reached, so the
//! generalisation is bounded by the same count on every machine.

use crate::dfa::{Dfa, NONE};
use crate::log::Listing;
use crate::pta::{Observations, PieceData};
use sbg::{On, Side};

/// Which generated words a `some` situation allows beyond `U`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SomeRule {
    /// The paper's rule: `F(pmp) ⊆ U` (every word with one letter deleted is in `U`).
    Paper,
    /// The paper's rule, or every 3-letter window of the word is a factor of a word of `U`, with
    /// its first two letters a prefix and its last two a suffix of words of `U` (the words allowed
    /// form the strictly 3-testable closure of `U`). Lets riders and multi-jumps generalise from
    /// far fewer games.
    PaperAndWindows,
}

/// A generated word that the data does not allow: the situation and the word (letter ids).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub situation: usize,
    pub word: Vec<u8>,
}

/// Steps allowed per situation before a search counts as a failure.
const STEP_BUDGET: usize = 200_000;

/// Checks candidates of one piece type; remembers the situations that failed recently and tries
/// them first (most candidates are rejected by the same few situations).
pub struct Checker<'a> {
    data: &'a PieceData,
    obs: &'a Observations,
    rule: SomeRule,
    hot: Vec<usize>,
    /// Letter steps `(dx, dy, on)` in white's coordinates.
    steps: Vec<(i32, i32, On)>,
    /// Situations searched so far (for the report).
    pub searches: u64,
    /// Letter steps taken so far (the work spent).
    pub work: u64,
    /// No search goes beyond this much work; a check cut short sets [`Checker::exhausted`].
    pub work_limit: u64,
    /// Whether a check was cut short by `work_limit` (its verdict then means nothing).
    pub exhausted: bool,
}

struct Search<'s> {
    dfa: &'s Dfa,
    board: &'s [u8],
    mover: u8,
    flip: i32,
    listing: Listing,
    listed: &'s [u32],
    cap: usize,
    budget: usize,
    /// Work left before the checker's limit.
    work_left: u64,
    word: Vec<u8>,
}

impl<'a> Checker<'a> {
    pub fn new(data: &'a PieceData, obs: &'a Observations, rule: SomeRule) -> Checker<'a> {
        Checker {
            data,
            obs,
            rule,
            hot: Vec::new(),
            steps: data.alphabet.iter().map(|l| (l.dx, l.dy, l.on)).collect(),
            searches: 0,
            work: 0,
            work_limit: u64::MAX,
            exhausted: false,
        }
    }

    /// `Ok` when `dfa` is consistent with every situation, else the first failure found.
    pub fn check(&mut self, dfa: &Dfa) -> Result<(), Failure> {
        for h in 0..self.hot.len() {
            let i = self.hot[h];
            if let Err(word) = self.check_situation(dfa, i) {
                self.hot.remove(h);
                self.hot.insert(0, i);
                return Err(Failure { situation: i, word });
            }
        }
        for i in 0..self.data.situations.len() {
            if self.hot.contains(&i) {
                continue;
            }
            if let Err(word) = self.check_situation(dfa, i) {
                self.hot.insert(0, i);
                self.hot.truncate(32);
                return Err(Failure { situation: i, word });
            }
        }
        Ok(())
    }

    fn check_situation(&mut self, dfa: &Dfa, i: usize) -> Result<(), Vec<u8>> {
        self.searches += 1;
        let sit = &self.data.situations[i];
        let mut s = Search {
            dfa,
            board: &self.obs.boards[sit.record as usize],
            mover: if sit.side == Side::White { 1 } else { 2 },
            flip: if sit.side == Side::White { 1 } else { -1 },
            listing: sit.listing,
            listed: &sit.listed,
            cap: self.data.max_len + 1,
            budget: STEP_BUDGET,
            work_left: self.work_limit.saturating_sub(self.work),
            word: Vec::new(),
        };
        let w = self.obs.width as i32;
        let sq = i32::from(sit.square);
        let before = s.work_left;
        let verdict = self
            .explore(&mut s, 0, (sq % w, sq / w), 0)
            .map_err(|()| s.word.clone());
        self.work += before - s.work_left;
        if s.work_left == 0 {
            self.exhausted = true;
        }
        verdict
    }

    /// The square reached from `at` by letter `a`, if on the board with the right content.
    #[inline]
    fn target(&self, s: &Search, at: (i32, i32), a: usize) -> Option<(i32, i32)> {
        let (dx, dy, on) = self.steps[a];
        let (x, y) = (at.0 + dx, at.1 + s.flip * dy);
        if x < 0 || y < 0 || x >= self.obs.width as i32 || y >= self.obs.height as i32 {
            return None;
        }
        let c = s.board[(y * self.obs.width as i32 + x) as usize];
        let ok = match on {
            On::Empty => c == 0,
            On::Own => c == s.mover,
            On::Opponent => c != 0 && c != s.mover,
        };
        ok.then_some((x, y))
    }

    fn explore(&self, s: &mut Search, q: usize, at: (i32, i32), node: u32) -> Result<(), ()> {
        for a in 0..self.steps.len() {
            let t = s.dfa.step(q, a);
            if t == NONE {
                continue;
            }
            let Some(next) = self.target(s, at, a) else {
                continue;
            };
            if s.budget == 0 || s.work_left == 0 {
                return Err(());
            }
            s.budget -= 1;
            s.work_left -= 1;
            s.word.push(a as u8);
            let tn = self.data.trie_step(node, a);
            if s.dfa.accepting[t as usize] && !self.allowed(s, tn) {
                return Err(());
            }
            if s.word.len() < s.cap {
                self.explore(s, t as usize, next, tn)?;
            } else if !self.longer_words_allowed(s, t as usize, next) {
                return Err(());
            }
            s.word.pop();
        }
        Ok(())
    }

    /// Whether every accepted word extending `s.word` (at state `q`, square `at`) is allowed.
    /// Such words are longer than `max_len + 1`: only the 3-window rule in a `some` situation
    /// can allow them, so the search follows (state, square, last two letters, window broken)
    /// and fails at an accepting state reached by a broken window or a bad last pair.
    fn longer_words_allowed(&self, s: &mut Search, q: usize, at: (i32, i32)) -> bool {
        let d = self.data;
        let n = s.word.len();
        let windows = s.listing == Listing::Some
            && self.rule == SomeRule::PaperAndWindows
            && n >= 2
            && d.prefixes.contains(&s.word[..2]);
        // With no window rule (or a broken prefix) every longer accepted word fails: the pair
        // is then a constant and `broken` starts true.
        let broken = !windows || !s.word.windows(3).all(|w| d.factors.contains(w));
        let pair = if windows {
            (s.word[n - 2], s.word[n - 1])
        } else {
            (0, 0)
        };
        let w = self.obs.width as i32;
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![(q, at, pair, broken)];
        while let Some((q, at, (a0, a1), broken)) = stack.pop() {
            for a in 0..self.steps.len() {
                let t = s.dfa.step(q, a);
                if t == NONE {
                    continue;
                }
                let Some(next) = self.target(s, at, a) else {
                    continue;
                };
                if s.work_left == 0 {
                    return false;
                }
                s.work_left -= 1;
                let a = a as u8;
                let broken = broken || !d.factors.contains(&[a0, a1, a][..]);
                let pair = if windows { (a1, a) } else { (0, 0) };
                if s.dfa.accepting[t as usize]
                    && (broken || !d.suffixes.contains(&[pair.0, pair.1][..]))
                {
                    return false;
                }
                let key = (t, (next.1 * w + next.0) as u16, pair, broken);
                if seen.insert(key) {
                    stack.push((t as usize, next, pair, broken));
                }
            }
        }
        true
    }

    /// Whether the accepted word `s.word` (at trie node `node`) is allowed in the situation.
    fn allowed(&self, s: &Search, node: u32) -> bool {
        let id = if node == NONE {
            NONE
        } else {
            self.data.trie_word[node as usize]
        };
        match s.listing {
            Listing::All => id != NONE && s.listed.binary_search(&id).is_ok(),
            Listing::Some => {
                id != NONE
                    || self.deletions_in_u(&s.word)
                    || (self.rule == SomeRule::PaperAndWindows && self.windows_in_u(&s.word))
            }
        }
    }

    /// The paper's `F(pmp) ⊆ U`.
    fn deletions_in_u(&self, word: &[u8]) -> bool {
        if word.len() < 2 {
            return false;
        }
        let mut w = Vec::with_capacity(word.len() - 1);
        (0..word.len()).all(|i| {
            w.clear();
            w.extend_from_slice(&word[..i]);
            w.extend_from_slice(&word[i + 1..]);
            self.data.word_id(&w).is_some()
        })
    }

    /// The strictly 3-testable test (words shorter than 3 must be in `U` themselves).
    fn windows_in_u(&self, word: &[u8]) -> bool {
        let d = self.data;
        word.len() >= 3
            && d.prefixes.contains(&word[..2])
            && d.suffixes.contains(&word[word.len() - 2..])
            && word.windows(3).all(|win| d.factors.contains(win))
    }
}
