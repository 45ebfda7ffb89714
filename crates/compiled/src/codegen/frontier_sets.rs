//! The keeper's search cut at the frontier (`single::KeeperShape`) as sets of vertices:
//! connect four's `down* {e} {! down {e}}` before its guarded drop becomes a fill down the
//! column, two masks and a count, instead of a walk down the column with a pattern test on
//! every square.
//!
//! Per state `j` of the cut state's region, `F(j)` is the set of vertices at which the
//! search from `(q, v)` enters `j`: forwards from `F(q) = {v}`, the step of `j` applied to
//! the union of its predecessors' sets (`reach.rs`'s steps for shifts and piece tests; a
//! pattern whose body is a set, `bitsets.rs`, intersects with that set or its complement).
//! A cycle iterates to its fixpoint. The search meets as many (frontier state, vertex)
//! pairs as the frontier states' sets hold vertices, which is what `sink::Frontier` counts:
//! at most one, the keeper has one way.
//!
//! Regions holding anything else (a modifier, a switch, a comparison, a pattern the sets
//! cannot compute) keep the search.

use super::*;

/// A cut state's region evaluated as sets: its states in an order where each component's
/// predecessors come first, and the frontier states counted.
pub(super) struct FrontierSet {
    q: u32,
    /// The shift table rooted at `q` (`tables.rs`): its exits' sets are read from it
    /// (`TS{t}_{x}[v]`) instead of iterating its stars.
    table: Option<usize>,
    components: Vec<Vec<u32>>,
    frontier: Vec<u32>,
}

impl Gen<'_, '_> {
    /// The cut states whose regions are sets of vertices (see the module docs).
    pub(super) fn plan_frontier_sets(&self) -> Vec<FrontierSet> {
        (self.keeper_shape.regions.iter())
            .filter_map(|r| self.frontier_set(r))
            .collect()
    }

    fn frontier_set(&self, r: &single::Region) -> Option<FrontierSet> {
        let computable = |j: &u32| match &self.actions[*j as usize] {
            ActionView::Shift { dir } => self.offsets[*dir as usize].is_some(),
            ActionView::On { .. } => true,
            ActionView::Pattern { start, .. } => self.set_pattern(*start).is_some(),
            _ => false,
        };
        let all = || r.states.iter().chain(&r.frontier);
        if r.frontier.is_empty()
            || self.view.nvertices().div_ceil(64) > bitsets::MAX_SET_WORDS
            || !all().all(computable)
            || all().any(|&j| self.view.accepting(j))
        {
            return None;
        }
        let table = self.table_at[r.q as usize].filter(|&t| {
            let t = &self.tables[t];
            let known = |j: &u32| t.region.contains(j) || t.exits.iter().any(|e| e.state == *j);
            self.view.successors(r.q).iter().all(known)
        });
        let states: Vec<u32> = match table {
            Some(t) => (r.states.iter().copied())
                .filter(|s| !self.tables[t].region.contains(s))
                .collect(),
            None => r.states.clone(),
        };
        let pos = |s: u32| states.iter().position(|&x| x == s);
        let edges: Vec<Vec<usize>> = (states.iter())
            .map(|&s| {
                self.view
                    .successors(s)
                    .iter()
                    .filter_map(|&j| pos(j))
                    .collect()
            })
            .collect();
        let comp = ir::graph::sccs(&edges);
        let ncomp = comp.iter().max().map_or(0, |&c| c + 1);
        // Components are numbered successors first: predecessors first is the reverse.
        let components = (0..ncomp)
            .rev()
            .map(|c| {
                (0..states.len())
                    .filter(|&i| comp[i] == c)
                    .map(|i| states[i])
                    .collect()
            })
            .collect();
        Some(FrontierSet {
            q: r.q,
            table,
            components,
            frontier: r.frontier.clone(),
        })
    }

    /// `fhits{q}` for each planned cut state, and `keeper_frontier_hits`, which dispatches
    /// on the rules state. Written before `set_functions`, which writes the pattern sets
    /// these read.
    pub(super) fn frontier_set_functions(&self, out: &mut String, needs: &mut Needs) {
        out.push_str(
            "#[inline(always)]\nfn keeper_frontier_hits(c: &St, q: u32, v: u32) -> Option<u32> {\n\
             match q {\n",
        );
        for f in &self.frontier_sets {
            let _ = writeln!(out, "{} => Some(fhits{}(c, v)),", f.q, f.q);
        }
        out.push_str("_ => None,\n}\n}\n");
        for f in &self.frontier_sets {
            self.frontier_hits_function(out, needs, f);
        }
    }

    fn frontier_hits_function(&self, out: &mut String, needs: &mut Needs, f: &FrontierSet) {
        let q = f.q;
        let known =
            |p: u32| (p == q && f.table.is_none()) || f.components.iter().any(|c| c.contains(&p));
        let exits: Vec<(usize, usize, u32)> = match f.table {
            Some(t) => {
                needs.table_sets[t] = true;
                (self.tables[t].exits.iter().enumerate())
                    .map(|(x, e)| (t, x, e.state))
                    .collect()
            }
            None => Vec::new(),
        };
        let input = |j: u32| -> String {
            let mut text = String::from("{ let mut u = [0u64; WORDS];");
            for &(t, x, _) in exits.iter().filter(|e| e.2 == j) {
                // SAFETY: v < NV.
                let _ = write!(
                    text,
                    " set_or(&mut u, unsafe {{ TS{t}_{x}.get_unchecked(v as usize) }});"
                );
            }
            for p in self.preds[j as usize].iter().filter(|&&p| known(p)) {
                let _ = write!(text, " set_or(&mut u, &s{p});");
            }
            text.push_str(" u }");
            text
        };
        let mut tests: Vec<Vec<u16>> = Vec::new();
        let mut code = String::new();
        let _ = writeln!(
            code,
            "let mut s{q} = [0u64; WORDS]; s{q}[v as usize / 64] |= 1u64 << (v % 64);"
        );
        for comp in &f.components {
            let cyclic = comp.len() > 1 || self.view.successors(comp[0]).contains(&comp[0]);
            if !cyclic {
                let j = comp[0];
                let step = self.frontier_step(needs, j, "u", &mut tests);
                let _ = writeln!(code, "let s{j} = {{ let u = {}; {step} }};", input(j));
                continue;
            }
            for &j in comp {
                let _ = writeln!(code, "let mut s{j} = [0u64; WORDS];");
            }
            code.push_str("loop {\nlet mut changed = false;\n");
            for &j in comp {
                let step = self.frontier_step(needs, j, "u", &mut tests);
                let _ = writeln!(
                    code,
                    "{{ let u = {}; let n = {step}; if n != s{j} {{ s{j} = n; changed = true; }} }}",
                    input(j)
                );
            }
            code.push_str("if !changed { break; }\n}\n");
        }
        let mut count = Vec::new();
        for &j in &f.frontier {
            let step = self.frontier_step(needs, j, "u", &mut tests);
            let _ = writeln!(code, "let s{j} = {{ let u = {}; {step} }};", input(j));
            count.push(format!("set_len(&s{j})"));
        }
        let _ = writeln!(
            out,
            "#[inline(always)]\nfn fhits{q}(c: &St, v: u32) -> u32 {{"
        );
        // The pieces' sets, read once: the search changes nothing.
        for (t, pieces) in tests.iter().enumerate() {
            let list: Vec<String> = pieces.iter().map(|p| p.to_string()).collect();
            let _ = writeln!(out, "let pm{t} = c.piece_set(&[{}]);", list.join(","));
        }
        out.push_str(&code);
        let _ = writeln!(out, "{}\n}}", count.join(" + "));
    }

    /// `j`'s step applied to the set `u`: a pattern reads its body's set (`pset{start}`,
    /// registered for `set_functions`).
    fn frontier_step(
        &self,
        needs: &mut Needs,
        j: u32,
        u: &str,
        tests: &mut Vec<Vec<u16>>,
    ) -> String {
        match self.actions[j as usize] {
            ActionView::Pattern { start, positive } => {
                let states = self.set_pattern(start).expect("planned");
                needs.set_patterns[start as usize] = Some(states);
                let op = if positive { "set_and" } else { "set_andnot" };
                format!("{op}(&{u}, &pset{start}(c))")
            }
            _ => self.reach_step(needs, j, u, tests),
        }
    }
}
