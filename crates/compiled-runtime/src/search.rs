//! The levels of a search of the rules (one modifier sequence each, the paper's Algorithm
//! 1): entering one with its limits and cycle check, running its pushed states; pattern
//! levels; listing and counting moves; and the vertex-set operations of the generated code.

use super::abi::ErrorKind;
pub use super::semantics::CYCLE_CHECK_DEPTH;
pub use super::sink::Flow;
use super::sink::{CountSink, KeepFirst, Sink};
use super::state::{Failed, Rules, State};

/// No vertex (a missing neighbour) or no state.
pub const NONE: u32 = u32::MAX;
/// Nesting of direct calls between pushed states; beyond it they go through the level's stack.
pub const MAX_CALLS: u32 = 128;

/// The keeper's first move from rules state `q` at `v` with the limits checked (the
/// generated `keeper_first` calls it where they might stop the search).
#[cold]
#[inline(never)]
pub fn keeper_first_limited<G: Rules, const SETS: bool>(
    c: &mut State<G>,
    q: u32,
    v: u32,
) -> (Flow, bool) {
    let mut keep = KeepFirst::<false, SETS> { found: false };
    let f = G::root_level(c, q, v, &mut keep);
    (f, keep.found)
}

/// Entering level `d` at `(q0, v0)`: the modifier limit, and below CYCLE_CHECK_DEPTH a
/// repeated (state, vertex, semi-state) of an ancestor level (an error for moves; a pattern
/// level is pruned instead, which cannot change the pattern's value). Returns the level's
/// visited stamp, or the flow that ends it.
#[inline(always)]
pub fn enter_level<G: Rules>(
    c: &mut State<G>,
    q0: u32,
    v0: u32,
    d: usize,
    pattern: bool,
) -> Result<u32, Flow> {
    if d >= c.stamps.len() || d >= CYCLE_CHECK_DEPTH || d > c.modifier_limit {
        if let Some(f) = enter_deep(c, q0, v0, d, pattern) {
            return Err(f);
        }
    }
    let stride = G::NCHECK * G::NV;
    // SAFETY: d < stamps.len() (enter_deep).
    let s = unsafe { c.stamps.get_unchecked_mut(d) };
    *s = s.wrapping_add(1);
    if *s == 0 {
        *s = 1;
        c.vis[d * stride..(d + 1) * stride].fill(0);
    }
    Ok(c.stamps[d])
}

#[cold]
#[inline(never)]
pub fn enter_deep<G: Rules>(
    c: &mut State<G>,
    q0: u32,
    v0: u32,
    d: usize,
    pattern: bool,
) -> Option<Flow> {
    if d > c.modifier_limit {
        let l = c.modifier_limit as u64;
        c.set_err(ErrorKind::ModifierLimit, q0, 0, l);
        return Some(Flow::Err);
    }
    if d >= CYCLE_CHECK_DEPTH {
        let slot = d - CYCLE_CHECK_DEPTH;
        if c.lvl.len() <= slot {
            c.lvl.resize(slot + 1, (NONE, NONE, 0));
        }
        let me = (q0, v0, c.semi_hash());
        let found = c.lvl[..slot].contains(&me);
        c.lvl[slot] = me;
        if found {
            if pattern {
                return Some(Flow::Go);
            }
            c.set_err(ErrorKind::UnboundedCycle, q0, 0, 0);
            return Some(Flow::Err);
        }
    }
    if c.stamps.len() <= d {
        c.stamps.resize(d + 1, 0);
        c.vis.resize((d + 1) * G::NCHECK * G::NV, 0);
    }
    None
}

/// Runs one level of the rules (one modifier sequence) from `(q0, v0)` at nesting `d`.
#[inline(never)]
pub fn level<G: Rules, S: Sink>(c: &mut State<G>, q0: u32, v0: u32, d: usize, k: &mut S) -> Flow {
    // Every order of a star over modifiers is a distinct move prefix: bound the work of one
    // move generation (the root level starts the count).
    if d == 0 {
        c.work = 0;
        c.pwork = 0;
    } else {
        c.work += 1;
        if c.work > c.search_limit {
            let l = c.search_limit;
            c.set_err(ErrorKind::SearchLimit, q0, 0, l);
            return Flow::Err;
        }
    }
    let stamp = match enter_level(c, q0, v0, d, false) {
        Ok(s) => s,
        Err(f) => return f,
    };
    let base = c.stack.len();
    let mut f = G::level_entry(c, q0, v0, d, stamp, k);
    while f == Flow::Go && c.stack.len() > base {
        let (q, v) = c.stack.pop().unwrap();
        f = G::run_state(c, q, v, d, stamp, k);
    }
    c.stack.truncate(base);
    f
}

/// A level of a pattern body: `Stop` when an accepting state is reached.
#[inline(never)]
pub fn plevel<G: Rules>(c: &mut State<G>, q0: u32, v0: u32, d: usize) -> Flow {
    plevel_with(c, q0, v0, d, |c, v, d, stamp| {
        G::plevel_entry(c, q0, v, d, stamp)
    })
}

/// `plevel` with its entry state's code `entry` known to the caller.
#[inline(always)]
pub fn plevel_with<G: Rules>(
    c: &mut State<G>,
    q0: u32,
    v0: u32,
    d: usize,
    entry: impl Fn(&mut State<G>, u32, usize, u32) -> Flow,
) -> Flow {
    let stamp = match enter_level(c, q0, v0, d, true) {
        Ok(s) => s,
        Err(f) => return f,
    };
    let base = c.stack.len();
    let mut f = entry(c, v0, d, stamp);
    while f == Flow::Go && c.stack.len() > base {
        let (q, v) = c.stack.pop().unwrap();
        f = G::prun_state(c, q, v, d, stamp);
    }
    c.stack.truncate(base);
    f
}

/// The level below a modifier inside a pattern body, counted against `pattern_limit` (only
/// modifiers multiply a pattern's paths: a body without them is one level with marks).
#[inline(always)]
pub fn plevel_after_modifier<G: Rules>(c: &mut State<G>, q0: u32, v0: u32, d: usize) -> Flow {
    c.pwork += 1;
    if c.pwork > c.pattern_limit {
        let l = c.pattern_limit;
        c.set_err(ErrorKind::PatternLimit, q0, 0, l);
        return Flow::Err;
    }
    plevel(c, q0, v0, d)
}

/// Whether the pattern body starting at state `start`, whose code is `entry`, holds at `v`
/// (None: an error). Each start has its own copy (`pat{start}`, generated).
#[inline(always)]
pub fn pattern_with<G: Rules>(
    c: &mut State<G>,
    start: u32,
    v: u32,
    d: usize,
    entry: impl Fn(&mut State<G>, u32, usize, u32) -> Flow,
) -> Option<bool> {
    match plevel_with(c, start, v, d + 1, entry) {
        Flow::Err => None,
        f => Some(f == Flow::Stop),
    }
}

impl<G: Rules> State<G> {
    pub fn gen_moves(&mut self) -> Flow {
        let mut buf = std::mem::take(&mut self.moves);
        buf.clear();
        let f = G::root_level(self, self.rules, self.pos, &mut buf);
        buf.flatten(&mut self.flat.0, &mut self.flat.1);
        self.moves = buf;
        f
    }

    pub fn count_moves(&mut self) -> Result<u64, Failed> {
        let mut k = CountSink { n: 0, any: false };
        match G::root_level(self, self.rules, self.pos, &mut k) {
            Flow::Err => Err(Failed),
            _ => Ok(k.n),
        }
    }

    pub fn has_move(&mut self) -> Result<bool, Failed> {
        let mut k = CountSink { n: 0, any: true };
        match G::root_level(self, self.rules, self.pos, &mut k) {
            Flow::Err => Err(Failed),
            _ => Ok(k.n > 0),
        }
    }
}
