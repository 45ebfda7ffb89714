//! The code of the levels evaluated as sets (planned in `reach`), and the tables it reads.

use super::*;

impl Gen<'_, '_> {
    /// The code of the level from `q` evaluated as sets (`plan`), reporting its moves with
    /// `Sink::switch_each`.
    pub(in crate::codegen) fn reach_code(
        &self,
        out: &mut String,
        needs: &mut Needs,
        q: u32,
        plan: &ReachLevel,
    ) {
        let var = |s: u32| format!("s{s}");
        let mut tests: Vec<Vec<u16>> = Vec::new();
        let mut code = String::new();
        let _ = writeln!(
            code,
            "let mut s{q} = [0u64; WORDS]; s{q}[v as usize / 64] |= 1u64 << (v % 64);"
        );
        let table_exits: Vec<(usize, usize, u32)> = match plan.table {
            Some(t) => (self.tables[t].exits.iter().enumerate())
                .map(|(x, e)| (t, x, e.state))
                .collect(),
            None => Vec::new(),
        };
        if let Some(t) = plan.table {
            needs.table_sets[t] = true;
        }
        let inputs = |j: u32, except: &[u32]| -> String {
            let mut text = String::from("{ let mut u = [0u64; WORDS];");
            for &(t, x, _) in table_exits.iter().filter(|e| e.2 == j) {
                // SAFETY: v < NV.
                let _ = write!(
                    text,
                    " set_or(&mut u, unsafe {{ TS{t}_{x}.get_unchecked(v as usize) }});"
                );
            }
            for &p in &self.preds[j as usize] {
                let known = p == q || plan.items.iter().any(|i| i.sets(p));
                if known && !except.contains(&p) {
                    let _ = write!(text, " set_or(&mut u, &{});", var(p));
                }
            }
            text.push_str(" u }");
            text
        };
        for item in &plan.items {
            match item {
                Item::State(j) => {
                    let input = inputs(*j, &[]);
                    let step = self.reach_step(needs, *j, "u", &mut tests);
                    let _ = writeln!(code, "let {} = {{ let u = {input}; {step} }};", var(*j));
                }
                Item::Ray(r) => {
                    let input = match &r.first {
                        Some((chain, _)) => inputs(chain[0], &[]),
                        None => inputs(r.entry, &self.cycle_states(r)),
                    };
                    let pro = self.piece_mask(r.test, &mut tests);
                    ray_fill(&mut code, r, &input, &pro, needs.ray_mask(&r.dirs));
                }
            }
        }
        for &s in &plan.switches {
            let ActionView::Switch { modifier, .. } = self.actions[s as usize] else {
                unreachable!("a level ends in switches");
            };
            let keep = self.switch_in_place(s);
            let _ = writeln!(
                code,
                "{{ let u = {}; if let Some(v) = k.switch_each(&c.path, {modifier}, &u) {{ \
                 if S::KEEP {{ {keep} }} return Flow::Stop; }} }}",
                inputs(s, &[])
            );
        }
        // The pieces' sets, read once: the board does not change while the level runs.
        out.push_str("{\n");
        for (t, pieces) in tests.iter().enumerate() {
            let list: Vec<String> = pieces.iter().map(|p| p.to_string()).collect();
            let _ = writeln!(out, "let pm{t} = c.piece_set(&[{}]);", list.join(","));
        }
        out.push_str(&code);
        out.push_str("}\n");
    }

    /// The cycle of ray `r`, from its entry to its test.
    fn cycle_states(&self, r: &Ray) -> Vec<u32> {
        let mut states = vec![r.entry];
        let mut s = r.entry;
        while s != r.test {
            s = self.view.successors(s)[0];
            states.push(s);
        }
        states
    }

    /// `j`'s step applied to the set `u`.
    pub(in crate::codegen) fn reach_step(
        &self,
        needs: &mut Needs,
        j: u32,
        u: &str,
        tests: &mut Vec<Vec<u16>>,
    ) -> String {
        match &self.actions[j as usize] {
            ActionView::Shift { dir } => {
                let off = self.offsets[*dir as usize].expect("checked");
                needs.valid_dirs[*dir as usize] = true;
                format!("set_shift(&set_and(&{u}, &VALID{dir}), {})", -off)
            }
            ActionView::On { .. } => format!("set_and(&{u}, &{})", self.piece_mask(j, tests)),
            other => unreachable!("reach levels hold no {other:?}"),
        }
    }

    /// The set of the pieces test `j` allows: `ALL_VERTICES` or a `pm{t}` read at the start.
    fn piece_mask(&self, j: u32, tests: &mut Vec<Vec<u16>>) -> String {
        let ActionView::On { pieces } = &self.actions[j as usize] else {
            unreachable!("a piece test");
        };
        if pieces.len() == self.view.npieces() {
            return "ALL_VERTICES".into();
        }
        let t = match tests.iter().position(|p| p == pieces) {
            Some(t) => t,
            None => {
                tests.push(pieces.clone());
                tests.len() - 1
            }
        };
        format!("pm{t}")
    }

    /// The cells of the tables read as sets: `TS{t}_{x}[v]`, the vertices at which the walk
    /// of table `t` from `v` reaches its exit `x`.
    pub(in crate::codegen) fn table_set_arrays(&self, out: &mut String, needs: &Needs) {
        let words = self.view.nvertices().div_ceil(64);
        for (t, _) in needs.table_sets.iter().enumerate().filter(|(_, &u)| u) {
            for (x, e) in self.tables[t].exits.iter().enumerate() {
                let _ = write!(out, "static TS{t}_{x}: [[u64; WORDS]; NV] = [");
                for v in 0..self.view.nvertices() {
                    let mut set = vec![0u64; words];
                    for &w in &e.cells[e.offsets[v] as usize..e.offsets[v + 1] as usize] {
                        set[w as usize / 64] |= 1 << (w % 64);
                    }
                    let list: Vec<String> = set.iter().map(|b| b.to_string()).collect();
                    let _ = write!(out, "[{}],", list.join(","));
                }
                out.push_str("];\n");
            }
        }
    }

    /// The masks of the rays' steps: `RAYD{k}`, the vertices a step along the directions of
    /// `ray_masks[k]` lands on (the directions' `VALID{d}` masks come with the pattern sets').
    pub(in crate::codegen) fn reach_arrays(&self, out: &mut String, needs: &Needs) {
        let nv = self.view.nvertices();
        for (k, dirs) in needs.ray_masks.iter().enumerate() {
            let mut lands = vec![false; nv];
            for v in 0..nv as u32 {
                if let Some(w) = dirs.iter().try_fold(v, |w, &d| self.view.neighbour(w, d)) {
                    lands[w as usize] = true;
                }
            }
            bitsets::mask_static(out, nv, &format!("RAYD{k}"), |v| lands[v as usize]);
        }
    }
}

/// `let s{test} = ...;`: the set of ray `r`'s test, the occluded fill of the set `input`
/// through the vertices in `pro` (the test's pieces), along the ray's step (mask `RAYD{d}`).
fn ray_fill(code: &mut String, r: &Ray, input: &str, pro: &str, d: usize) {
    let off = -r.offset;
    let _ = writeln!(
        code,
        "let s{} = {{ let pro = set_and(&{pro}, &RAYD{d}); let mut g = {input}; let mut p = pro;",
        r.test
    );
    for i in 0..r.steps {
        let o = off << i;
        let _ = write!(
            code,
            "let t = set_and(&p, &set_shift(&g, {o})); set_or(&mut g, &t); "
        );
        if i + 1 < r.steps {
            let _ = write!(code, "p = set_and(&p, &set_shift(&p, {o})); ");
        }
    }
    let _ = writeln!(code, "set_and(&set_shift(&g, {off}), &pro) }};");
}

impl Item {
    /// Whether the item computes the set of state `s`.
    fn sets(&self, s: u32) -> bool {
        match self {
            Item::State(j) => *j == s,
            Item::Ray(r) => r.test == s,
        }
    }
}
