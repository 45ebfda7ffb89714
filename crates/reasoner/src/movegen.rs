//! Move generation: the paper's Algorithm 1, a DFS over (NFA state, vertex) with one visited
//! set per modifier-application sequence ("level").
//!
//! A level explores, without changing the semi-state, everything reachable through
//! non-modifiers (shifts, ons, comparisons, patterns). A valid modifier is applied in place and
//! opens a child level (recursion), and is reverted when the child returns; a switch ends a
//! move, reported to a [`Sink`] together with the modifiers applied on the way (`path`).
//! Patterns run the same search on their own automaton, one level deeper, and stop at the
//! first accepting state; their modifiers are reverted on the way out.
//!
//! Each level depth owns a visited array stamped with a generation counter, so entering a
//! level costs nothing and nothing is allocated per node. Within a level the semi-state is
//! fixed, so an action's validity at (state, vertex) is decided once.
//!
//! Because every modifier application `(state, vertex)` is taken at most once per level,
//! distinct DFS branches yield distinct modifier sequences: the reported moves need no
//! deduplication.

use crate::arith::eval;
use crate::error::GameError;
use crate::program::{at, at_ref, Op, Program, ACCEPT, FLAT_RUNS, FLAT_TESTS, NONE};
use crate::sinks::{Flow, PatternSink, Sink};
use crate::state::{Core, Undo};

/// Levels deeper than this are checked for a repeated (state, vertex, semi-state); the
/// compiled library checks from the same depth.
use compiled_runtime::semantics::CYCLE_CHECK_DEPTH;

impl Core<'_> {
    /// Runs a move generation: the level at depth 0 from `(q0, v0)`, with its work counter
    /// (`Options::search_limit`) reset.
    pub(crate) fn root_level<S: Sink>(&mut self, q0: u32, v0: u32, sink: &mut S) -> Flow {
        self.search_work = 0;
        self.level(q0, v0, 0, sink)
    }

    /// Runs one level from `(q0, v0)` at nesting `depth`.
    pub(crate) fn level<S: Sink>(&mut self, q0: u32, v0: u32, depth: usize, sink: &mut S) -> Flow {
        let prog: &Program = self.prog;
        // One comparison on the hot path: levels below `fast_depth` have their visited arrays
        // and are below both the modifier limit and the depth where cycles are looked for.
        if depth >= self.fast_depth {
            if let Some(f) = self.enter_deep::<S>(q0, v0, depth) {
                return f;
            }
        }
        // `stamps` has modifier_limit + 2 entries (Core::new) and depth <= modifier_limit.
        let s = &mut self.stamps[depth];
        *s = s.wrapping_add(1);
        if *s == 0 {
            self.reset_stamps(depth);
        }
        let stamp = self.stamps[depth];
        let base = self.stack.len();
        let (mut q, mut v) = (q0, v0);
        loop {
            let t = at(&prog.table, q as usize);
            if t == NONE {
                if S::PATTERN && prog.accepting[q as usize] {
                    self.stack.truncate(base);
                    return Flow::Stop;
                }
                let flat = at(&prog.flat, q as usize);
                if flat >= FLAT_TESTS {
                    let f = self.flat_succ(flat, q, v, depth, stamp, sink);
                    if f != Flow::Go {
                        self.stack.truncate(base);
                        return f;
                    }
                } else {
                    for &j in prog.succ_of(q) {
                        let f = self.step(j, v, depth, stamp, sink);
                        if f != Flow::Go {
                            self.stack.truncate(base);
                            return f;
                        }
                    }
                }
            } else {
                let full = at(&prog.full_class, q as usize);
                let row = t as usize + v as usize;
                let (lo, hi) = (
                    at(&prog.rows, row) as usize,
                    at(&prog.rows, row + 1) as usize,
                );
                let flat = at(&prog.flat, q as usize);
                if flat >= FLAT_TESTS {
                    // The same order as below: the whole-board class first, then the row.
                    if full != NONE {
                        let f = self.expand_full(full, depth, stamp, sink);
                        if f != Flow::Go {
                            self.stack.truncate(base);
                            return f;
                        }
                    }
                    let f = self.flat_row(flat, lo, hi, depth, stamp, sink);
                    if f != Flow::Go {
                        self.stack.truncate(base);
                        return f;
                    }
                    if self.stack.len() == base {
                        return Flow::Go;
                    }
                    (q, v) = self.stack.pop().expect("non-empty");
                    continue;
                }
                if full != NONE {
                    let f = self.expand_full(full, depth, stamp, sink);
                    if f != Flow::Go {
                        self.stack.truncate(base);
                        return f;
                    }
                }
                for e in &prog.row_entries[lo..hi] {
                    let (j, w) = (e.j, e.w);
                    // `On` masks exist only for games with at most 64 pieces (piece < 64).
                    if (e.mask >> (at(&self.pieces, w as usize) & 63)) & 1 == 0 {
                        continue;
                    }
                    if j == ACCEPT {
                        if S::PATTERN {
                            self.stack.truncate(base);
                            return Flow::Stop;
                        }
                        continue;
                    }
                    // Direct tests are taken at once rather than pushed (any order of a
                    // level's work finds the same moves).
                    let f = if e.drops {
                        self.take_drops(j, w, depth, stamp, sink)
                    } else if at_ref(&prog.hot, j as usize).direct {
                        self.direct(j, w, depth, stamp, sink)
                    } else {
                        self.step(j, w, depth, stamp, sink)
                    };
                    if f != Flow::Go {
                        self.stack.truncate(base);
                        return f;
                    }
                }
            }
            if self.stack.len() == base {
                return Flow::Go;
            }
            (q, v) = self.stack.pop().expect("non-empty");
        }
    }

    /// `level` for an entry state marked `Program::direct_level` at a depth below
    /// `fast_depth`: nothing is pushed, so the successors (or row entries) are taken in the
    /// order the stack would pop them, with no stack and no loop.
    #[inline(never)]
    fn direct_level<S: Sink>(&mut self, q: u32, v: u32, depth: usize, sink: &mut S) -> Flow {
        let prog: &Program = self.prog;
        let s = &mut self.stamps[depth];
        *s = s.wrapping_add(1);
        if *s == 0 {
            self.reset_stamps(depth);
        }
        let stamp = self.stamps[depth];
        let t = at(&prog.table, q as usize);
        let flat = at(&prog.flat, q as usize);
        if t == NONE {
            self.flat_succ(flat, q, v, depth, stamp, sink)
        } else {
            let row = t as usize + v as usize;
            let (lo, hi) = (
                at(&prog.rows, row) as usize,
                at(&prog.rows, row + 1) as usize,
            );
            self.flat_row(flat, lo, hi, depth, stamp, sink)
        }
    }

    /// The successors of `(q, v)` of a state with `Program::flat` kind `flat` (not `FLAT_NO`),
    /// in the order the stack-based loop takes them: modifiers and switches in list order as
    /// they are met, then the tests last first (as they would be popped). A test's mark is set
    /// later than a push would set it, which nothing can observe: what runs in between
    /// (modifiers' levels) never visits this level.
    #[inline(always)]
    fn flat_succ<S: Sink>(
        &mut self,
        flat: u8,
        q: u32,
        v: u32,
        depth: usize,
        stamp: u32,
        sink: &mut S,
    ) -> Flow {
        let prog: &Program = self.prog;
        let succ = prog.succ_of(q);
        if flat != FLAT_TESTS {
            for &j in succ {
                if flat == FLAT_RUNS || !at_ref(&prog.hot, j as usize).direct {
                    let f = self.step(j, v, depth, stamp, sink);
                    if f != Flow::Go {
                        return f;
                    }
                }
            }
        }
        if flat != FLAT_RUNS {
            for &j in succ.iter().rev() {
                if flat == FLAT_TESTS || at_ref(&prog.hot, j as usize).direct {
                    let f = self.direct(j, v, depth, stamp, sink);
                    if f != Flow::Go {
                        return f;
                    }
                }
            }
        }
        Flow::Go
    }

    /// `flat_succ` for the region row entries `lo..hi` of a state with a table.
    #[inline(always)]
    fn flat_row<S: Sink>(
        &mut self,
        flat: u8,
        lo: usize,
        hi: usize,
        depth: usize,
        stamp: u32,
        sink: &mut S,
    ) -> Flow {
        let prog: &Program = self.prog;
        let entries = &prog.row_entries[lo..hi];
        if flat != FLAT_TESTS {
            for e in entries {
                if e.runs_now {
                    let f = self.step(e.j, e.w, depth, stamp, sink);
                    if f != Flow::Go {
                        return f;
                    }
                }
            }
            if flat == FLAT_RUNS {
                return Flow::Go;
            }
        }
        for e in entries.iter().rev() {
            // `On` masks exist only for games with at most 64 pieces (piece < 64); modifiers
            // have empty masks in rows of tables whose entries run at once.
            if (e.mask >> (at(&self.pieces, e.w as usize) & 63)) & 1 == 0 {
                continue;
            }
            let f = if e.drops {
                self.take_drops(e.j, e.w, depth, stamp, sink)
            } else {
                self.direct(e.j, e.w, depth, stamp, sink)
            };
            if f != Flow::Go {
                return f;
            }
        }
        Flow::Go
    }

    /// Counting, in the level of the applied off `(j, v)` (a `Hot::scan` one) at `depth`: its
    /// row's entries are ons whose masks are their tests, each followed only by offs that end
    /// the move — a piece lifted, its destinations checked, the piece dropped.
    #[inline(always)]
    fn scan_drops<S: Sink>(&mut self, j: u32, v: u32, depth: usize, sink: &mut S) {
        let prog: &Program = self.prog;
        let row = at(&prog.table, j as usize) as usize + v as usize;
        let (lo, hi) = (
            at(&prog.rows, row) as usize,
            at(&prog.rows, row + 1) as usize,
        );
        if at_ref(&prog.hot, j as usize).scan_unique {
            // No off is reached twice in a row: every passing entry adds its moves.
            for e in &prog.row_entries[lo..hi] {
                if (e.mask >> (at(&self.pieces, e.w as usize) & 63)) & 1 != 0 {
                    sink.add(e.moves as u64);
                }
            }
            return;
        }
        let s = &mut self.stamps[depth];
        *s = s.wrapping_add(1);
        if *s == 0 {
            self.reset_stamps(depth);
        }
        let stamp = self.stamps[depth];
        for e in &prog.row_entries[lo..hi] {
            if (e.mask >> (at(&self.pieces, e.w as usize) & 63)) & 1 != 0 {
                // The row lists each (vertex, offs) once (`merge_drops`), so only the offs'
                // marks matter here.
                for &k in prog.succ_of(e.j) {
                    if self.mark_c(at_ref(&prog.hot, k as usize).check, e.w, depth, stamp) {
                        sink.add(prog.succ_of(k).len() as u64);
                    }
                }
            }
        }
    }

    /// A row entry with `Entry::drops` whose mask held at `w`: the on `j` (its mask was the
    /// test, possibly joined with others') and the offs after it.
    #[inline(always)]
    fn take_drops<S: Sink>(
        &mut self,
        j: u32,
        w: u32,
        depth: usize,
        stamp: u32,
        sink: &mut S,
    ) -> Flow {
        if S::COUNT && depth + 1 < self.fast_depth {
            self.count_drops(j, w, depth, stamp, sink);
            return Flow::Go;
        }
        let check = at_ref(&self.prog.hot, j as usize).check;
        self.mark_then_successors(j, check, w, depth, stamp, sink)
    }

    /// Marks the valid action `(j, w)` (given j's `Hot::check`) and, if it was not visited in
    /// this level, takes its successors at `w`.
    #[inline(always)]
    fn mark_then_successors<S: Sink>(
        &mut self,
        j: u32,
        check: u32,
        w: u32,
        depth: usize,
        stamp: u32,
        sink: &mut S,
    ) -> Flow {
        if !self.mark_c(check, w, depth, stamp) {
            return Flow::Go;
        }
        let prog: &Program = self.prog;
        for &k in prog.succ_of(j) {
            let f = self.step(k, w, depth, stamp, sink);
            if f != Flow::Go {
                return f;
            }
        }
        Flow::Go
    }

    /// For a `Hot::prescan` off `(j, v)` not yet applied: whether some entry of its row at `v`
    /// passes its mask (the row does not include `v`, so the off cannot change that).
    #[inline(always)]
    fn row_may_pass(&self, j: u32, v: u32) -> bool {
        let prog: &Program = self.prog;
        let row = at(&prog.table, j as usize) as usize + v as usize;
        if at(&prog.row_self, row) {
            return true;
        }
        let (lo, hi) = (
            at(&prog.rows, row) as usize,
            at(&prog.rows, row + 1) as usize,
        );
        // Modifiers and switches always run (their masks may be zeroed, see `compile`).
        prog.row_entries[lo..hi]
            .iter()
            .any(|e| e.runs_now || (e.mask >> (at(&self.pieces, e.w as usize) & 63)) & 1 != 0)
    }

    /// Counting: the valid test `(j, w)` (a `Hot::drops` one) and the moves of the offs after
    /// it, each of which ends the move.
    #[inline(always)]
    fn count_drops<S: Sink>(&mut self, j: u32, w: u32, depth: usize, stamp: u32, sink: &mut S) {
        let prog: &Program = self.prog;
        if !self.mark_c(at_ref(&prog.hot, j as usize).check, w, depth, stamp) {
            return;
        }
        for &k in prog.succ_of(j) {
            if self.mark_c(at_ref(&prog.hot, k as usize).check, w, depth, stamp) {
                sink.add(prog.succ_of(k).len() as u64);
            }
        }
    }

    /// The checks of a level at or beyond `fast_depth` (see `level`): the modifier limit,
    /// repeated entries, and room for the level's visited marks. `Some(flow)` ends the level
    /// with that result (an error, or `Go` for a pruned pattern level).
    #[cold]
    #[inline(never)]
    fn enter_deep<S: Sink>(&mut self, q0: u32, v0: u32, depth: usize) -> Option<Flow> {
        let prog: &Program = self.prog;
        if depth > self.opts.modifier_limit {
            let node = prog.node[q0 as usize];
            self.err = Some(GameError::ModifierLimit {
                limit: self.opts.modifier_limit,
                node,
                span: self.spans.node(node),
            });
            return Some(Flow::Err);
        }
        if depth >= CYCLE_CHECK_DEPTH && self.repeats(q0, v0, depth) {
            if S::PATTERN {
                // An existence check: this level would explore exactly what its ancestor
                // with the same entry explores, so pruning it loses nothing.
                return Some(Flow::Go);
            }
            // Moves: the prefix can be pumped forever, so no k bounds the straightness.
            let node = prog.node[q0 as usize];
            self.err = Some(GameError::UnboundedCycle {
                node,
                span: self.spans.node(node),
            });
            return Some(Flow::Err);
        }
        let stride = self.vis_stride;
        if self.vis.len() < (depth + 1) * stride {
            self.vis.resize((depth + 1) * stride, 0);
        }
        let pstride = self.pcache_stride;
        if self.pcache.len() < (depth + 1) * pstride {
            self.pcache.resize((depth + 1) * pstride, (0, false));
        }
        self.fast_depth = (depth + 1)
            .min(CYCLE_CHECK_DEPTH)
            .min(self.opts.modifier_limit + 1);
        None
    }

    /// The stamps of level `depth` wrapped round: clears its marks and pattern results.
    #[cold]
    #[inline(never)]
    fn reset_stamps(&mut self, depth: usize) {
        self.stamps[depth] = 1;
        let stride = self.vis_stride;
        self.vis[depth * stride..(depth + 1) * stride].fill(0);
        let pstride = self.pcache_stride;
        self.pcache[depth * pstride..(depth + 1) * pstride].fill((0, false));
    }

    /// Expands a class present at every vertex: its ons walk the sets of their pieces in
    /// vertex order; a direct on (only modifiers follow) runs its successors at once, others
    /// go on the stack.
    #[inline(never)]
    fn expand_full<S: Sink>(&mut self, c: u32, depth: usize, stamp: u32, sink: &mut S) -> Flow {
        let prog: &Program = self.prog;
        if S::PATTERN && prog.class_accepting[c as usize] {
            return Flow::Stop;
        }
        let nv = prog.nvertices;
        let words = self.words;
        for &j in prog.class_succ_of(c) {
            match at(&prog.ops, j as usize) {
                Op::On(mask) => {
                    let h = at_ref(&prog.hot, j as usize);
                    let mut m = mask;
                    while m != 0 {
                        let p = m.trailing_zeros() as usize;
                        m &= m - 1;
                        for i in 0..words {
                            // A copy of the word: the searches run below restore the sets.
                            let mut b = self.pbits[p * words + i];
                            while b != 0 {
                                let w = (i * 64) as u32 + b.trailing_zeros();
                                b &= b - 1;
                                if !self.mark_c(h.check, w, depth, stamp) {
                                    continue;
                                }
                                if h.direct {
                                    // Only modifiers follow: run them now.
                                    for &k in prog.succ_of(j) {
                                        let f = self.step(k, w, depth, stamp, sink);
                                        if f != Flow::Go {
                                            return f;
                                        }
                                    }
                                } else {
                                    if S::PATTERN && h.accepting {
                                        return Flow::Stop;
                                    }
                                    self.stack.push((j, w));
                                }
                            }
                        }
                    }
                }
                _ => {
                    for w in 0..nv as u32 {
                        let f = self.step(j, w, depth, stamp, sink);
                        if f != Flow::Go {
                            return f;
                        }
                    }
                }
            }
        }
        Flow::Go
    }

    /// Marks (j, w) visited in this level, given j's `Hot::check`; false if it already was.
    #[inline(always)]
    fn mark_c(&mut self, c: u32, w: u32, depth: usize, stamp: u32) -> bool {
        if c == NONE {
            return true;
        }
        let idx = depth * self.vis_stride + c as usize + w as usize;
        debug_assert!(idx < self.vis.len());
        // SAFETY: `level` sized `vis` for `depth`; c is a check index times nvertices
        // (`Hot::check`) and w < nvertices by the program's construction (vertices come from
        // the board tables or a checked move).
        let slot = unsafe { self.vis.get_unchecked_mut(idx) };
        if *slot == stamp {
            false
        } else {
            *slot = stamp;
            true
        }
    }

    /// Takes a `Hot::direct` action `j` at `v` and, if it is valid, its successors (modifiers
    /// and switches, whose searches run one level deeper): what popping it right after pushing
    /// it would do. Marking it later than a push would is unobservable: nothing below it
    /// visits this level.
    #[inline(never)]
    fn direct<S: Sink>(&mut self, j: u32, v: u32, depth: usize, stamp: u32, sink: &mut S) -> Flow {
        let prog: &Program = self.prog;
        let h = at_ref(&prog.hot, j as usize);
        let w = match h.op {
            Op::Shift(d) => at(&prog.nb, v as usize * prog.ndirs + d as usize),
            Op::On(mask) => {
                if (mask >> at(&self.pieces, v as usize)) & 1 != 0 {
                    v
                } else {
                    NONE
                }
            }
            Op::OnSet(off) => {
                if prog.on_table[off as usize + self.pieces[v as usize] as usize] {
                    v
                } else {
                    NONE
                }
            }
            Op::Compare { left, op, right } => {
                let l = eval(&prog.exprs, left, &self.vars, &self.counts);
                let r = eval(&prog.exprs, right, &self.vars, &self.counts);
                match (l, r) {
                    (Some(l), Some(r)) if op.holds(l, r) => v,
                    _ => NONE,
                }
            }
            Op::Pattern {
                start,
                positive,
                class,
            } => match self.pattern(j, start, class, v, depth, stamp) {
                None => return Flow::Err,
                Some(holds) if holds == positive => v,
                Some(_) => NONE,
            },
            Op::Off { .. } | Op::Assign { .. } | Op::Switch { .. } | Op::Start => {
                unreachable!("direct actions are tests")
            }
        };
        if w == NONE {
            return Flow::Go;
        }
        if S::COUNT && h.drops && depth + 1 < self.fast_depth {
            self.count_drops(j, w, depth, stamp, sink);
            return Flow::Go;
        }
        self.mark_then_successors(j, h.check, w, depth, stamp, sink)
    }

    /// Takes action `j` at vertex `v`.
    #[inline(always)]
    fn step<S: Sink>(&mut self, j: u32, v: u32, depth: usize, stamp: u32, sink: &mut S) -> Flow {
        let prog: &Program = self.prog;
        if S::PATTERN && self.pattern_work_spent() {
            return Flow::Err;
        }
        let h = at_ref(&prog.hot, j as usize);
        // A pattern is decided as soon as an accepting state is reached: no need to push it.
        macro_rules! push {
            ($w:expr) => {{
                if S::PATTERN && h.accepting {
                    return Flow::Stop;
                }
                self.stack.push((j, $w));
            }};
        }
        match h.op {
            Op::Shift(d) => {
                let w = at(&prog.nb, v as usize * prog.ndirs + d as usize);
                if w != NONE && self.mark_c(h.check, w, depth, stamp) {
                    push!(w);
                }
            }
            Op::On(mask) => {
                if (mask >> at(&self.pieces, v as usize)) & 1 != 0
                    && self.mark_c(h.check, v, depth, stamp)
                {
                    push!(v);
                }
            }
            Op::OnSet(off) => {
                if prog.on_table[off as usize + self.pieces[v as usize] as usize]
                    && self.mark_c(h.check, v, depth, stamp)
                {
                    push!(v);
                }
            }
            Op::Compare { left, op, right } => {
                if self.mark_c(h.check, v, depth, stamp) {
                    let l = eval(&prog.exprs, left, &self.vars, &self.counts);
                    let r = eval(&prog.exprs, right, &self.vars, &self.counts);
                    if let (Some(l), Some(r)) = (l, r) {
                        if op.holds(l, r) {
                            push!(v);
                        }
                    }
                }
            }
            Op::Pattern {
                start,
                positive,
                class,
            } => {
                if self.mark_c(h.check, v, depth, stamp) {
                    match self.pattern(j, start, class, v, depth, stamp) {
                        None => return Flow::Err,
                        Some(holds) if holds == positive => push!(v),
                        Some(_) => {}
                    }
                }
            }
            Op::Off { piece, .. } => {
                if self.mark_c(h.check, v, depth, stamp) {
                    if !S::KEEP && h.ends_move && depth + 1 < self.fast_depth {
                        return self.end_move(j, v, sink);
                    }
                    if S::COUNT && h.scan && depth + 1 < self.fast_depth {
                        // The scan reads the board at its row's destinations only: the off
                        // needs applying only when one of them is `v` itself.
                        let row = at(&prog.table, j as usize) as usize + v as usize;
                        if at(&prog.row_self, row) {
                            let old = self.pieces[v as usize];
                            self.set_piece(v, piece);
                            self.scan_drops(j, v, depth + 1, sink);
                            self.set_piece(v, old);
                        } else {
                            self.scan_drops(j, v, depth + 1, sink);
                        }
                        return Flow::Go;
                    }
                    if h.prescan && !self.row_may_pass(j, v) {
                        // Nothing in the off's level can be taken: no need to apply it.
                        return Flow::Go;
                    }
                    if !S::PATTERN && self.search_work_spent(j) {
                        return Flow::Err;
                    }
                    let old = self.pieces[v as usize];
                    self.set_piece(v, piece);
                    if S::PATTERN && !self.pat.is_new(j, v, depth + 1, &self.pieces, &self.vars) {
                        // The same configuration was entered before in this evaluation.
                        self.set_piece(v, old);
                        return Flow::Go;
                    }
                    if S::RECORD {
                        self.path.push((j, v));
                    }
                    let f = if depth + 1 < self.fast_depth && at(&prog.direct_level, j as usize) {
                        self.direct_level(j, v, depth + 1, sink)
                    } else {
                        self.level(j, v, depth + 1, sink)
                    };
                    if S::RECORD {
                        self.path.pop();
                    }
                    if S::KEEP && f == Flow::Stop {
                        self.undo.push(Undo::Piece(v, old));
                        return f;
                    }
                    self.set_piece(v, old);
                    if f != Flow::Go {
                        return f;
                    }
                }
            }
            Op::Assign { var, expr, .. } => {
                if self.mark_c(h.check, v, depth, stamp) {
                    let Some(x) = eval(&prog.exprs, expr, &self.vars, &self.counts) else {
                        return Flow::Go;
                    };
                    if x < 0 || x > prog.bounds[var as usize] {
                        return Flow::Go;
                    }
                    if !S::KEEP && h.ends_move && depth + 1 < self.fast_depth {
                        return self.end_move(j, v, sink);
                    }
                    if !S::PATTERN && self.search_work_spent(j) {
                        return Flow::Err;
                    }
                    let old = std::mem::replace(&mut self.vars[var as usize], x);
                    if S::PATTERN && !self.pat.is_new(j, v, depth + 1, &self.pieces, &self.vars) {
                        self.vars[var as usize] = old;
                        return Flow::Go;
                    }
                    if S::RECORD {
                        self.path.push((j, v));
                    }
                    let f = if depth + 1 < self.fast_depth && at(&prog.direct_level, j as usize) {
                        self.direct_level(j, v, depth + 1, sink)
                    } else {
                        self.level(j, v, depth + 1, sink)
                    };
                    if S::RECORD {
                        self.path.pop();
                    }
                    if S::KEEP && f == Flow::Stop {
                        self.undo.push(Undo::Var(var, old));
                        return f;
                    }
                    self.vars[var as usize] = old;
                    if f != Flow::Go {
                        return f;
                    }
                }
            }
            Op::Switch { .. } => {
                if self.mark_c(h.check, v, depth, stamp) && sink.switch(&self.path, j, v) {
                    return Flow::Stop;
                }
            }
            Op::Start => {}
        }
        Flow::Go
    }

    /// Whether the pattern body starting at state `start` (of class `class`) holds at `v`, in
    /// the level at `depth` with stamp `stamp`; `None` when its search failed (error in
    /// `Core::err`). Kept out of line: the hot loop stays small.
    #[inline(never)]
    fn pattern(
        &mut self,
        j: u32,
        start: u32,
        class: u32,
        v: u32,
        depth: usize,
        stamp: u32,
    ) -> Option<bool> {
        let prog: &Program = self.prog;
        let idx = (depth * prog.npattern_classes + class as usize) * prog.nvertices + v as usize;
        let (st, cached) = self.pcache[idx];
        if st == stamp {
            return Some(cached);
        }
        // A straight body is walked directly when the levels it replaces are within the
        // modifier limit (beyond it the search reports the error).
        let chain = at(&prog.chain, start as usize);
        let holds = if chain != NONE
            && depth + at(&prog.chain_nest, start as usize) as usize <= self.opts.modifier_limit
        {
            self.walk_chain(chain as usize, v)
        } else {
            match self.pattern_level(j, start, v, depth + 1) {
                Flow::Err => return None,
                f => f == Flow::Stop,
            }
        };
        self.pcache[idx] = (stamp, holds);
        Some(holds)
    }

    /// Searches the body (from state `start`) of the pattern action `j` at `v`, as a level at
    /// `depth`: `Stop` if it holds, `Go` if not, `Err` (error stored) if the search failed.
    pub(crate) fn pattern_level(&mut self, j: u32, start: u32, v: u32, depth: usize) -> Flow {
        let saved = self.pat.begin(j, depth);
        let f = self.level(start, v, depth, &mut PatternSink);
        self.pat.end(saved);
        f
    }

    /// Counts one action of a pattern search; true (error stored) when the outermost pattern
    /// evaluation's work exceeds `Options::pattern_limit`.
    #[inline(always)]
    fn pattern_work_spent(&mut self) -> bool {
        self.pat.work += 1;
        self.pat.work > self.opts.pattern_limit && self.pattern_limit_error()
    }

    #[cold]
    #[inline(never)]
    fn pattern_limit_error(&mut self) -> bool {
        let node = self.prog.node[self.pat.outer as usize];
        self.err = Some(GameError::PatternLimit {
            limit: self.opts.pattern_limit,
            node,
            span: self.spans.node(node),
        });
        true
    }

    /// Counts one modifier of a move generation; true (error stored) past
    /// `Options::search_limit`.
    #[inline(always)]
    fn search_work_spent(&mut self, j: u32) -> bool {
        self.search_work += 1;
        self.search_work > self.opts.search_limit && self.search_limit_error(j)
    }

    #[cold]
    #[inline(never)]
    fn search_limit_error(&mut self, j: u32) -> bool {
        let node = self.prog.node[j as usize];
        self.err = Some(GameError::SearchLimit {
            limit: self.opts.search_limit,
            node,
            span: self.spans.node(node),
        });
        true
    }

    /// A valid modifier `(j, v)` whose successors are all switches (`Hot::ends_move`), in a
    /// search that keeps nothing applied: its moves are reported without applying it or
    /// opening its level (which would hold just these switches, each visited once). Callers
    /// ensure the level below is within the fast depth, so no limit or cycle check is skipped.
    #[inline(always)]
    fn end_move<S: Sink>(&mut self, j: u32, v: u32, sink: &mut S) -> Flow {
        let prog: &Program = self.prog;
        if !S::PATTERN && self.search_work_spent(j) {
            return Flow::Err;
        }
        if S::RECORD {
            self.path.push((j, v));
        }
        let mut f = Flow::Go;
        for &k in prog.succ_of(j) {
            if sink.switch(&self.path, k, v) {
                f = Flow::Stop;
                break;
            }
        }
        if S::RECORD {
            self.path.pop();
        }
        f
    }

    /// Cycle detection for deep levels: the same entry (state, vertex) with the same
    /// semi-state as an ancestor level means the search would recurse forever.
    fn repeats(&mut self, q: u32, v: u32, depth: usize) -> bool {
        let h = self.semi_hash();
        let slot = depth - CYCLE_CHECK_DEPTH;
        if self.lvl.len() <= slot {
            self.lvl.resize(slot + 1, (NONE, NONE, 0));
        }
        let me = (q, v, h);
        let found = self.lvl[..slot].contains(&me);
        self.lvl[slot] = me;
        found
    }
}
