//! Pattern bodies evaluated at every vertex at once: reversi's `movePossible`, tested at every
//! empty square, becomes one computation of the set of squares where it holds.
//!
//! A body of shifts and piece tests only (no modifier, comparison or nested pattern) holds at
//! `v` when an accepting state is reachable from (start, `v`). Per state `q`, the set
//! `A(q)` of vertices from which acceptance is reachable is the least fixpoint of
//! `A(q) = ∪ over successors j of step_j(A(j))`, with `A(j)` every vertex for an accepting
//! `j`, `step_j(S) = S ∩ pieces` for a test and `{v : nb(v, dir) ∈ S}` for a shift. When each
//! neighbour in a direction is the vertex plus one fixed offset (rectangular boards), that
//! shift is a shift of the bit set, masked by the vertices having the neighbour. Iterating from
//! empty sets until nothing changes reaches the fixpoint: each round adds a vertex or stops.
//!
//! The set is computed once per call of the code that contains the loop (a level's board is
//! constant while its code runs: modifiers are applied around calls of the next level and
//! reverted before the caller goes on), for patterns tested inside a whole-board loop, where
//! the per-vertex walks it replaces are many. Elsewhere, for a body without cycles on a board
//! of one word, the keeper in playouts reads the set too (`Sink::SETS`; connect4's win check
//! after each drop): a walk from the vertex exits early, where random positions make its
//! branches unpredictable, and the set has no branches; perft keeps the walk, whose exits its
//! similar positions make predictable.

use super::*;

/// Largest pattern body (states) evaluated as a set.
const MAX_SET_STATES: usize = 128;

/// Largest board (words of 64 vertices) whose patterns are evaluated as sets.
pub(super) const MAX_SET_WORDS: usize = 8;

/// Per direction: `Some(off)` when every neighbour in it is the vertex plus `off`.
pub(super) fn uniform_offsets(view: &ProgramView<'_>) -> Vec<Option<i64>> {
    (0..view.ndirs() as u32)
        .map(|d| {
            let mut off = None;
            for v in 0..view.nvertices() as u32 {
                let Some(w) = view.neighbour(v, d) else {
                    continue;
                };
                let o = w as i64 - v as i64;
                match off {
                    None => off = Some(o),
                    Some(x) if x != o => return None,
                    _ => {}
                }
            }
            // A direction without neighbours shifts every set to the empty set.
            Some(off.unwrap_or(0))
        })
        .collect()
}

impl Gen<'_, '_> {
    /// The states of the pattern body starting at `r` when it can be evaluated as a set:
    /// the start first, then the states in the order they were found.
    pub(super) fn set_pattern(&self, r: u32) -> Option<Vec<u32>> {
        if self.view.nvertices().div_ceil(64) > MAX_SET_WORDS
            || !matches!(self.actions[r as usize], ActionView::Start)
        {
            return None;
        }
        let mut states = vec![r];
        let mut i = 0;
        while i < states.len() {
            let q = states[i];
            i += 1;
            if self.view.accepting(q) {
                continue;
            }
            for &j in self.view.successors(q) {
                let ok = match &self.actions[j as usize] {
                    ActionView::Shift { dir } => self.offsets[*dir as usize].is_some(),
                    ActionView::On { .. } => true,
                    _ => false,
                };
                if !ok {
                    return None;
                }
                if !states.contains(&j) {
                    if states.len() == MAX_SET_STATES {
                        return None;
                    }
                    states.push(j);
                }
            }
        }
        Some(states)
    }

    /// The value at `v` of the pattern from `r` (body `states`, from `set_pattern`) read from
    /// its set, computed on first use in the function (its variable `bs{r}` is declared by
    /// `BodyNeeds::declarations`).
    pub(super) fn set_pattern_call(
        &self,
        needs: &mut Needs,
        r: u32,
        states: Vec<u32>,
        scope: Scope,
    ) -> String {
        if !needs.body.sets.contains(&r) {
            needs.body.sets.push(r);
        }
        needs.set_patterns[r as usize] = Some(states);
        format!(
            "(if {} {{ \
             let s = bs{r}.get_or_insert_with(|| pset{r}(c)); \
             Some((s[v as usize / 64] >> (v % 64)) & 1 != 0) }} else {{ {} }})",
            self.nesting_check(scope),
            self.pattern_level_call(needs, r)
        )
    }

    /// `n |= step_j(a[x])`: the vertices from which entering state `j` (index `x`) lands
    /// in its set; a piece test reads its pieces' set `pm{t}` (`tests[t]`).
    fn set_step(
        &self,
        out: &mut String,
        valid_dirs: &mut [bool],
        x: usize,
        j: u32,
        tests: &[&[u16]],
    ) {
        match &self.actions[j as usize] {
            ActionView::Shift { dir } => {
                valid_dirs[*dir as usize] = true;
                let off = self.offsets[*dir as usize].expect("checked");
                let _ = writeln!(
                    out,
                    "set_or(&mut n, &set_and(&set_shift(&a[{x}], {off}), &VALID{dir}));"
                );
            }
            ActionView::On { pieces } if pieces.len() == self.view.npieces() => {
                let _ = writeln!(out, "set_or(&mut n, &a[{x}]);");
            }
            ActionView::On { pieces } => {
                let t = tests
                    .iter()
                    .position(|&p| p == pieces.as_slice())
                    .expect("listed");
                let _ = writeln!(out, "set_or(&mut n, &set_and(&a[{x}], &pm{t}));");
            }
            other => unreachable!("set patterns hold no {other:?}"),
        }
    }

    /// Whether the body (from `set_pattern`) has no cycle: its set is one pass of word
    /// operations, with no fixpoint loop.
    pub(super) fn set_acyclic(&self, states: &[u32]) -> bool {
        self.body_components(states).iter().all(|comp| {
            let q0 = states[comp[0]];
            comp.len() == 1 && !self.view.successors(q0).contains(&q0)
        })
    }

    /// The strongly connected components of a body's non-accepting states (edges to their
    /// successors), as indices into `states`: successors' components first, and inside a
    /// component the states found last (nearest to acceptance) first.
    fn body_components(&self, states: &[u32]) -> Vec<Vec<usize>> {
        let pos = |q: u32| states.iter().position(|&s| s == q).expect("a body state");
        let live = |i: usize| !self.view.accepting(states[i]);
        let edges: Vec<Vec<usize>> = (0..states.len())
            .map(|i| match live(i) {
                true => self
                    .view
                    .successors(states[i])
                    .iter()
                    .map(|&j| pos(j))
                    .collect(),
                false => Vec::new(),
            })
            .collect();
        let comp = ir::graph::sccs(&edges);
        let ncomp = comp.iter().max().map_or(0, |&c| c + 1);
        let mut out = vec![Vec::new(); ncomp];
        for i in (0..states.len()).rev().filter(|&i| live(i)) {
            out[comp[i]].push(i);
        }
        out.retain(|c| !c.is_empty());
        out
    }

    /// `pset{r}` for each pattern read from its set so far (by the levels' code and the
    /// frontier functions), finding the direction masks they read.
    pub(super) fn set_functions(&self, out: &mut String, needs: &mut Needs) {
        for (r, states) in needs.set_patterns.iter().enumerate() {
            let Some(states) = states else {
                continue;
            };
            let k = states.len();
            let _ = writeln!(
                out,
                "#[inline(never)]\nfn pset{r}(c: &St) -> [u64; WORDS] {{\n\
                 let mut a = [[0u64; WORDS]; {k}];"
            );
            // The pieces' sets, read once: the board does not change while the set is computed.
            let mut tests: Vec<&[u16]> = Vec::new();
            for &q in states {
                if let ActionView::On { pieces } = &self.actions[q as usize] {
                    if pieces.len() < self.view.npieces() && !tests.contains(&pieces.as_slice()) {
                        tests.push(pieces);
                    }
                }
            }
            for (t, pieces) in tests.iter().enumerate() {
                let list: Vec<String> = pieces.iter().map(|p| p.to_string()).collect();
                let _ = writeln!(out, "let pm{t} = c.piece_set(&[{}]);", list.join(","));
            }
            for (i, &q) in states.iter().enumerate() {
                if self.view.accepting(q) {
                    let _ = writeln!(out, "a[{i}] = ALL_VERTICES;");
                }
            }
            // Components in reverse topological order: a component's successors are final
            // before it is computed; only a cycle (a star's loop) iterates.
            for comp in self.body_components(states) {
                let q0 = states[comp[0]];
                let cyclic = comp.len() > 1 || self.view.successors(q0).contains(&q0);
                if cyclic {
                    out.push_str("loop {\nlet mut changed = false;\n");
                }
                for &i in &comp {
                    out.push_str("{ let mut n = [0u64; WORDS];\n");
                    for &j in self.view.successors(states[i]) {
                        let x = states.iter().position(|&s| s == j).expect("a body state");
                        self.set_step(out, &mut needs.valid_dirs, x, j, &tests);
                    }
                    if cyclic {
                        let _ =
                            writeln!(out, "if n != a[{i}] {{ a[{i}] = n; changed = true; }} }}");
                    } else {
                        let _ = writeln!(out, "a[{i}] = n; }}");
                    }
                }
                if cyclic {
                    out.push_str("if !changed { break; }\n}\n");
                }
            }
            out.push_str("a[0]\n}\n");
        }
    }

    /// `ALL_VERTICES` and the direction masks `VALID{d}` the pattern sets and the levels
    /// of sets read.
    pub(super) fn set_masks(&self, out: &mut String, needs: &Needs) {
        let nv = self.view.nvertices();
        mask_static(out, nv, "ALL_VERTICES", |_| true);
        for (d, _) in needs.valid_dirs.iter().enumerate().filter(|(_, &u)| u) {
            mask_static(out, nv, &format!("VALID{d}"), |v| {
                self.view.neighbour(v, d as u32).is_some()
            });
        }
    }
}

/// `static {name}: [u64; WORDS]`, the set of the vertices `v < nv` where `has(v)`.
pub(super) fn mask_static(out: &mut String, nv: usize, name: &str, has: impl Fn(u32) -> bool) {
    let mut mask = vec![0u64; nv.div_ceil(64)];
    for v in (0..nv as u32).filter(|&v| has(v)) {
        mask[v as usize / 64] |= 1 << (v % 64);
    }
    let _ = write!(out, "static {name}: [u64; WORDS] = [");
    for m in mask {
        let _ = write!(out, "{m},");
    }
    out.push_str("];\n");
}
