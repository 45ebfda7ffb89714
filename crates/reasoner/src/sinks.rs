//! Where a search reports what it finds ([`Sink`]): every move, a count, the first one, or
//! whether a pattern holds; and whether the search goes on ([`Flow`]).

/// Result of a (partial) search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    /// Keep searching.
    Go,
    /// The sink asked to stop (or a pattern found an accepting state).
    Stop,
    /// An error was stored in `Core::err`.
    Err,
}

/// What to do with the moves found.
pub(crate) trait Sink {
    /// Searching a pattern: accepting states stop the search; no path is recorded.
    const PATTERN: bool = false;
    /// On `Stop`, keep the modifiers applied (pushing undo entries) instead of reverting them:
    /// the keeper's "apply the first move found" without a second pass.
    const KEEP: bool = false;
    /// Maintain `path` (the modifiers applied so far): only sinks that store moves need it.
    const RECORD: bool = false;
    /// Only counts moves (`add` may stand for `switch` calls whose moves are not needed).
    const COUNT: bool = false;
    /// A move `path + (j, v)` was found; true to stop the search.
    fn switch(&mut self, path: &[(u32, u32)], j: u32, v: u32) -> bool;
    /// `n` moves were found (only called when `COUNT`).
    fn add(&mut self, _n: u64) {}
}

/// Pattern evaluation.
pub(crate) struct PatternSink;

impl Sink for PatternSink {
    const PATTERN: bool = true;
    fn switch(&mut self, _: &[(u32, u32)], _: u32, _: u32) -> bool {
        true // unreachable: validation keeps switches out of patterns
    }
}

/// Counts moves.
pub(crate) struct CountSink(pub u64);

impl Sink for CountSink {
    const COUNT: bool = true;
    #[inline(always)]
    fn switch(&mut self, _: &[(u32, u32)], _: u32, _: u32) -> bool {
        self.0 += 1;
        false
    }
    #[inline(always)]
    fn add(&mut self, n: u64) {
        self.0 += n;
    }
}

/// Stops at the first move, reverting everything: "is there a move?".
pub(crate) struct AnySink(pub bool);

impl Sink for AnySink {
    fn switch(&mut self, _: &[(u32, u32)], _: u32, _: u32) -> bool {
        self.0 = true;
        true
    }
}

/// Stops at the first move and keeps its modifiers applied.
pub(crate) struct FirstSink(pub Option<(u32, u32)>);

impl Sink for FirstSink {
    const KEEP: bool = true;
    #[inline(always)]
    fn switch(&mut self, _: &[(u32, u32)], j: u32, v: u32) -> bool {
        self.0 = Some((j, v));
        true
    }
}

/// Moves stored back to back: `steps[ends[i-1]..ends[i]]` is move `i`, as (state, vertex)
/// pairs (the state of a modifier identifies it; see `Program::modifier_of`).
#[derive(Clone, Debug, Default)]
pub(crate) struct MoveBuf {
    pub steps: Vec<(u32, u32)>,
    pub ends: Vec<u32>,
}

impl MoveBuf {
    pub fn clear(&mut self) {
        self.steps.clear();
        self.ends.clear();
    }
    pub fn len(&self) -> usize {
        self.ends.len()
    }
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
    pub fn get(&self, i: usize) -> &[(u32, u32)] {
        let lo = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.steps[lo..self.ends[i] as usize]
    }
}

impl Sink for MoveBuf {
    const RECORD: bool = true;
    #[inline(always)]
    fn switch(&mut self, path: &[(u32, u32)], j: u32, v: u32) -> bool {
        self.steps.extend_from_slice(path);
        self.steps.push((j, v));
        self.ends.push(self.steps.len() as u32);
        false
    }
}

/// Records moves like [`MoveBuf`] but stops the search once it holds more than `max`: a
/// caller that shows only the first moves (the playground) does work bounded by what it
/// shows, not by the number of legal moves.
pub(crate) struct CappedBuf<'a> {
    pub buf: &'a mut MoveBuf,
    pub max: usize,
}

impl Sink for CappedBuf<'_> {
    const RECORD: bool = true;
    #[inline(always)]
    fn switch(&mut self, path: &[(u32, u32)], j: u32, v: u32) -> bool {
        self.buf.switch(path, j, v);
        self.buf.len() > self.max
    }
}
