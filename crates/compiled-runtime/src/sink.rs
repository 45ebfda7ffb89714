//! Where a search of the rules reports the moves it finds (`Sink`), and the modifiers it
//! has applied so far (`Path`).

/// How a search goes on after a state's code: on, stopped by its sink (or an accepting
/// pattern state), or failed with the error kept in the state.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Flow {
    Go,
    Stop,
    Err,
}

/// What a search of the rules does with the moves it finds (pattern bodies have their own
/// non-generic code).
pub trait Sink {
    /// Keep `St::path` (the modifiers applied so far).
    const RECORD: bool;
    /// A move `path + (m, v)`; true to stop.
    fn switch(&mut self, path: &Path, m: u32, v: u32) -> bool;
    /// `n` moves found without their steps (only for sinks that do not record); true to stop.
    fn add(&mut self, n: u64) -> bool;
    /// The moves `path + (m, w)` for every vertex `w` of the set `bits`, in ascending order;
    /// the vertex it stopped at, if it stops.
    #[inline(always)]
    fn switch_each(&mut self, path: &Path, m: u32, bits: &[u64]) -> Option<u32> {
        for (i, &word) in bits.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                let w = (i * 64) as u32 + b.trailing_zeros();
                b &= b - 1;
                if self.switch(path, m, w) {
                    return Some(w);
                }
            }
        }
        None
    }
    /// The search applies each switch in place and, once `kept()`, leaves the modifiers of
    /// the move it stopped at applied instead of reverting them.
    const KEEP: bool = false;
    /// The caller has checked that no nesting or work limit can stop this search (the
    /// generated `keeper_first`, against `St::unlimited_work`), so the generated code skips
    /// those checks.
    const UNLIMITED: bool = false;
    /// Patterns outside whole-board loops whose sets the generator can compute (bodies
    /// without cycles on boards of one word: connect4's win check) are read from their sets
    /// instead of walked from the vertex (`codegen::bitsets`): the keeper's moves in playouts.
    const SETS: bool = false;
    fn kept(&self) -> bool {
        false
    }
    /// The search stops at the states from which the keeper has at most one move
    /// (`Frontier`): the generated code calls `frontier` there instead of going on.
    const FRONTIER: bool = false;
    /// The search reached frontier state `q` at `v` with the modifiers `path`; true to stop.
    fn frontier(&mut self, _: &Path, _: u32, _: u32) -> bool {
        false
    }
}

/// Takes the first move in place: what the keeper does in playouts and perft, where nothing
/// asks for the move itself (no recording, no second application). `UNLIMITED`, `SETS`: see
/// `Sink`.
pub struct KeepFirst<const UNLIMITED: bool = false, const SETS: bool = false> {
    pub found: bool,
}
impl<const U: bool, const P: bool> Sink for KeepFirst<U, P> {
    const RECORD: bool = false;
    const KEEP: bool = true;
    const UNLIMITED: bool = U;
    const SETS: bool = P;
    #[inline(always)]
    fn switch(&mut self, _: &Path, _: u32, _: u32) -> bool {
        self.found = true;
        true
    }
    fn add(&mut self, _: u64) -> bool {
        unreachable!("KeepFirst keeps moves in place")
    }
    #[inline(always)]
    fn kept(&self) -> bool {
        self.found
    }
}

/// Counts moves; with `any`, stops at the first.
pub struct CountSink {
    pub n: u64,
    pub any: bool,
}
impl Sink for CountSink {
    const RECORD: bool = false;
    #[inline(always)]
    fn switch(&mut self, _: &Path, _: u32, _: u32) -> bool {
        self.n += 1;
        self.any
    }
    #[inline(always)]
    fn add(&mut self, n: u64) -> bool {
        self.n += n;
        self.any && n > 0
    }
    #[inline(always)]
    fn switch_each(&mut self, _: &Path, _: u32, bits: &[u64]) -> Option<u32> {
        let n: u64 = bits.iter().map(|b| b.count_ones() as u64).sum();
        self.n += n;
        // The lowest vertex, where the loop over the set would have stopped.
        if self.any {
            super::sets::set_first(bits)
        } else {
            None
        }
    }
}

/// Whether the keeper has one way to go: its search, cut at the frontier states (from each
/// of which it has at most one move), meets at most one (state, vertex) of them, with no
/// modifier applied before it and no switch met on the way. Otherwise it may have a choice
/// (`choice`), and check mode lists its moves.
#[derive(Default)]
pub struct Frontier {
    pub hit: Option<(u32, u32)>,
    pub choice: bool,
}
impl Sink for Frontier {
    const RECORD: bool = true;
    const FRONTIER: bool = true;
    fn switch(&mut self, _: &Path, _: u32, _: u32) -> bool {
        self.choice = true;
        true
    }
    fn add(&mut self, _: u64) -> bool {
        self.choice = true;
        true
    }
    #[inline(always)]
    fn frontier(&mut self, path: &Path, q: u32, v: u32) -> bool {
        match self.hit {
            _ if !path.steps.is_empty() => self.choice = true,
            None => self.hit = Some((q, v)),
            Some(h) => self.choice = h != (q, v),
        }
        self.choice
    }
}

/// The modifiers a search has applied so far, as (modifier, vertex), with a version that
/// changes on every push and pop: moves found under an unchanged path share one copy of it.
#[derive(Clone, Default)]
pub struct Path {
    pub steps: Vec<[u32; 2]>,
    pub ver: u64,
}
impl Path {
    #[inline(always)]
    pub fn push(&mut self, s: [u32; 2]) {
        self.steps.push(s);
        self.ver += 1;
    }
    #[inline(always)]
    pub fn pop(&mut self) {
        self.steps.pop();
        self.ver += 1;
    }
}

/// One move: the modifiers of `prefix`, then the switch `m` at `v`.
#[derive(Clone, Copy)]
pub struct Mv<'a> {
    pub prefix: &'a [[u32; 2]],
    pub m: u32,
    pub v: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(steps: &[[u32; 2]]) -> Path {
        Path {
            steps: steps.to_vec(),
            ver: 0,
        }
    }

    #[test]
    fn a_frontier_sees_a_choice_in_two_positions_a_modifier_or_a_switch() {
        let empty = path(&[]);
        let mut one = Frontier::default();
        assert!(!one.frontier(&empty, 7, 3) && !one.frontier(&empty, 7, 3));
        assert!(
            !one.choice && one.hit == Some((7, 3)),
            "the same position twice is one way"
        );
        let mut two = Frontier::default();
        assert!(!two.frontier(&empty, 7, 3) && two.frontier(&empty, 7, 4) && two.choice);
        let mut modified = Frontier::default();
        assert!(modified.frontier(&path(&[[1, 0]]), 7, 3) && modified.choice);
        let mut switched = Frontier::default();
        assert!(switched.switch(&empty, 2, 0) && switched.choice);
    }
}
