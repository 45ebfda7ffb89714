//! Keeps pattern searches finite and cheap when their bodies apply modifiers.
//!
//! A pattern only asks whether an accepting state is reachable, so the modifier sequence that
//! reaches a configuration (rules state, vertex, semi-state) does not matter. A star over
//! modifiers inside a pattern, e.g. `{! ([$ a = b] + [x] + {! {}})* {}}`, reaches the same few
//! configurations along exponentially many sequences; the search of moves, which must tell
//! sequences apart, would walk each of them. So inside one pattern evaluation every level
//! entered by a modifier is recorded with its whole semi-state, and a level entered again in
//! the same configuration is pruned: ordinary graph reachability, which cannot change the
//! pattern's truth value (the earlier entry explores, or has explored, the same states).
//!
//! Recording starts only after [`RECORD_AFTER`] such levels, or for levels more than
//! [`RECORD_DEPTH`] below the pattern's own, so patterns that apply a few modifiers (chess's
//! "has a legal move" tests) pay nothing, and a path of the search holds at most
//! `RECORD_DEPTH` unrecorded levels (a search pruned only later could pile up repeats until
//! `Options::modifier_limit`). Each evaluation has its own id in the keys: an
//! inner pattern that found its accepting state left configurations recorded on the way,
//! which must not prune a later evaluation of the same pattern.
//!
//! Even without repeats a pattern's configurations can be exponentially many (a star over
//! offs on many squares), so the work of one outermost evaluation (actions taken, levels
//! entered, semi-state words recorded) is counted against `Options::pattern_limit`; beyond it
//! the search fails with `GameError::PatternLimit`.

use std::collections::HashMap;

/// Levels entered by modifiers in one outermost pattern evaluation before recording starts.
pub(crate) const RECORD_AFTER: u64 = 64;

/// Levels deeper than this below the outermost pattern's body level are always recorded.
pub(crate) const RECORD_DEPTH: usize = 12;

/// The bookkeeping of the pattern evaluations in progress (one per `Core`).
#[derive(Clone, Debug, Default)]
pub(crate) struct PatternMemo {
    /// Pattern evaluations in progress (0: none).
    nesting: u32,
    /// Id of the innermost evaluation in progress.
    current: u32,
    next_id: u32,
    /// Work done in the current outermost evaluation.
    pub work: u64,
    /// Levels entered by modifiers in the current outermost evaluation.
    levels: u64,
    /// The pattern action (automaton state) of the outermost evaluation, for the error.
    pub outer: u32,
    /// The level depth of the outermost evaluation's body.
    base: usize,
    /// (evaluation, state, vertex, semi-state hash) → first recorded semi-state with that key.
    seen: HashMap<(u32, u32, u32, u64), u32>,
    /// Per recorded semi-state: the next one with the same key (`u32::MAX`: none).
    chain: Vec<u32>,
    pieces: Vec<u16>,
    vars: Vec<i64>,
}

impl PatternMemo {
    /// Opens an evaluation of the pattern action (automaton state) `q` whose body is searched
    /// at level depth `depth`; returns what [`PatternMemo::end`] needs.
    pub fn begin(&mut self, q: u32, depth: usize) -> u32 {
        if self.nesting == 0 {
            self.clear();
            self.outer = q;
            self.base = depth;
        }
        self.nesting += 1;
        let saved = self.current;
        self.current = self.next_id;
        self.next_id = self.next_id.wrapping_add(1);
        saved
    }

    /// Closes the innermost evaluation (`saved` from its `begin`).
    pub fn end(&mut self, saved: u32) {
        self.nesting -= 1;
        self.current = saved;
        if self.nesting == 0 {
            self.clear();
        }
    }

    fn clear(&mut self) {
        self.work = 0;
        self.levels = 0;
        self.next_id = 0;
        if !self.chain.is_empty() {
            self.seen.clear();
            self.chain.clear();
            self.pieces.clear();
            self.vars.clear();
        }
    }

    /// Called with the modifier `(q, v)` just applied, giving semi-state `(pieces, vars)` to
    /// the level at `depth`: false if the current evaluation entered this configuration before
    /// (prune the level).
    pub fn is_new(&mut self, q: u32, v: u32, depth: usize, pieces: &[u16], vars: &[i64]) -> bool {
        self.levels += 1;
        if self.levels <= RECORD_AFTER && depth <= self.base + RECORD_DEPTH {
            return true;
        }
        self.work += (pieces.len() + vars.len()) as u64;
        let key = (self.current, q, v, hash(pieces, vars));
        let (np, nx) = (pieces.len(), vars.len());
        let mut i = self.seen.get(&key).copied().unwrap_or(u32::MAX);
        while i != u32::MAX {
            let k = i as usize;
            if self.pieces[k * np..(k + 1) * np] == *pieces
                && self.vars[k * nx..(k + 1) * nx] == *vars
            {
                return false;
            }
            i = self.chain[k];
        }
        let id = self.chain.len() as u32;
        let first = self.seen.insert(key, id).unwrap_or(u32::MAX);
        self.chain.push(first);
        self.pieces.extend_from_slice(pieces);
        self.vars.extend_from_slice(vars);
        true
    }
}

fn hash(pieces: &[u16], vars: &[i64]) -> u64 {
    compiled_runtime::semantics::semi_hash(pieces.iter().map(|&p| p as u64), vars.iter().copied())
}
