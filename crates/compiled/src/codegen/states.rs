//! A state's code: its successors' actions, rays as loops, marks, calls and modifiers.

use super::*;

impl Gen<'_, '_> {
    /// The code of state `q` at vertex `v`: `arm`, or the loop of the ray starting at `q`.
    pub(super) fn body(&self, out: &mut String, needs: &mut Needs, q: u32, scope: Scope) {
        let Some(r) = self.ray_at[q as usize] else {
            return self.arm(out, needs, q, scope);
        };
        let ray = &self.rays[r];
        // A run of shifts from ray[0] (amazons' `(up left {e})*`) moves in one composite step
        // at the loop's end. The loop then starts after the run; on entry, where ray[0] is
        // already taken, the run's other shifts are taken once before the loop.
        let run = self.shift_run_end(ray, 0);
        let start = if run > 0 && run + 1 < ray.len() && !self.view.accepting(ray[run]) {
            run
        } else {
            0
        };
        if start > 0 {
            let step = self.step_code(needs, &ray[1..=start]);
            let _ = writeln!(out, "{{ let mut v = v; v = {step}; if v != NONE {{ loop {{");
        } else {
            out.push_str("{ let mut v = v; { loop {\n");
        }
        let scope = scope.in_loop();
        let mut i = start;
        while i < ray.len() {
            // A run of shifts, each leading only to the next, moves in one step.
            let mut last = i;
            if i > start {
                last = self.shift_run_end(ray, i);
                if last > i {
                    let step = self.step_code(needs, &ray[i..=last]);
                    let _ = writeln!(out, "v = {step}; if v == NONE {{ break; }}");
                } else {
                    self.ray_step(out, needs, ray[i], scope);
                }
            }
            let c = ray[last];
            if self.view.accepting(c) {
                out.push_str("return Flow::Stop;\n");
                break;
            }
            let next = ray[(last + 1) % ray.len()];
            for &j in self.view.successors(c) {
                if j != next {
                    self.successor(out, needs, j, scope);
                }
            }
            i = last + 1;
        }
        if !self.view.accepting(*ray.last().expect("non-empty")) {
            if start > 0 {
                let step = self.step_code(needs, &ray[..=start]);
                let _ = writeln!(out, "v = {step}; if v == NONE {{ break; }}");
            } else {
                self.ray_step(out, needs, ray[0], scope);
            }
        }
        out.push_str("} } }\n");
    }

    /// The last index of the run of shifts from `ray[i]` that moves in one step: each a
    /// shift leading only to the next, none accepting but the run's last (`i` if none).
    fn shift_run_end(&self, ray: &[u32], i: usize) -> usize {
        let is_shift = |q: u32| matches!(self.actions[q as usize], ActionView::Shift { .. });
        let mut last = i;
        while last + 1 < ray.len()
            && is_shift(ray[last])
            && is_shift(ray[last + 1])
            && !self.view.accepting(ray[last])
            && self.view.successors(ray[last]) == [ray[last + 1]]
        {
            last += 1;
        }
        last
    }

    /// The walk of table `t` from `v`: each exit's action at each of its vertices.
    pub(super) fn table_walk(&self, out: &mut String, needs: &mut Needs, t: usize, scope: Scope) {
        for (x, e) in self.tables[t].exits.iter().enumerate() {
            // SAFETY: v < NV, and the offsets index the cells (generated together).
            let _ = writeln!(
                out,
                "for i in unsafe {{ *TO{t}_{x}.get_unchecked(v as usize)..*TO{t}_{x}.get_unchecked(v as usize + 1) }} {{ \
                 let v = unsafe {{ *TC{t}_{x}.get_unchecked(i as usize) }} as u32;"
            );
            self.successor(out, needs, e.state, scope);
            out.push_str("}\n");
        }
    }

    /// The action of ray state `j` at `v` inside the ray's loop: `break` when it fails.
    pub(super) fn ray_step(&self, out: &mut String, needs: &mut Needs, j: u32, scope: Scope) {
        match &self.actions[j as usize] {
            ActionView::Shift { dir } => {
                let _ = writeln!(out, "v = nb(v, {dir}); if v == NONE {{ break; }}");
            }
            ActionView::On { pieces } => {
                let test = self.piece_test(pieces, "c.piece(v)");
                let _ = writeln!(out, "if !{test} {{ break; }}");
            }
            ActionView::Compare { left, op, right } => {
                let op = cmp_text(*op);
                let _ = writeln!(
                    out,
                    "match (e{left}(c), e{right}(c)) {{ (Some(l), Some(r)) if l {op} r => {{}} _ => break }}"
                );
            }
            ActionView::Pattern { start, positive } => {
                let _ = writeln!(
                    out,
                    "match {} {{ None => return Flow::Err, Some(h) if h == {positive} => {{}} _ => break }}",
                    self.pattern_call(needs, self.rep[*start as usize], scope)
                );
            }
            other => unreachable!("rays hold no {other:?}"),
        }
    }

    /// The code of state `q` at vertex `v`: its successors' actions.
    pub(super) fn arm(&self, out: &mut String, needs: &mut Needs, q: u32, scope: Scope) {
        if self.view.accepting(q) {
            out.push_str("return Flow::Stop;\n");
            return;
        }
        match &self.full[q as usize] {
            None => self.successors_code(out, needs, q, scope),
            Some(region) => self.region_code(out, needs, q, region, scope),
        }
    }

    /// The code of state `q` outside whole-board regions: its successors, patterns that
    /// several test evaluated once, and its shift table's walk.
    fn successors_code(&self, out: &mut String, needs: &mut Needs, q: u32, scope: Scope) {
        let mut succ = self.untabled_successors(q);
        if self.accept_distance[q as usize].is_some() {
            // Nearest acceptance first: a pattern stops at the first accepting state,
            // so a liberty next to the stone is found before the whole block is walked.
            succ.sort_by_key(|&j| self.accept_distance[j as usize]);
        }
        // `{! p} A + {? p} B`: p is evaluated once (the state is the same for every
        // successor: a successor's modifiers are reverted before the next one runs).
        let mut shared: Vec<u32> = Vec::new();
        for (i, &j) in succ.iter().enumerate() {
            if let ActionView::Pattern { start, .. } = self.actions[j as usize] {
                let r = self.rep[start as usize];
                let again = succ[i + 1..].iter().any(|&x| {
                    matches!(self.actions[x as usize],
                        ActionView::Pattern { start: s2, .. } if self.rep[s2 as usize] == r)
                });
                if again && !shared.contains(&r) {
                    shared.push(r);
                    let _ = writeln!(out, "let mut pc{r}: Option<bool> = None;");
                }
            }
        }
        for j in succ {
            self.successor_in(out, needs, j, scope, &shared);
        }
        if let Some(t) = self.table_at[q as usize] {
            self.table_walk(out, needs, t, scope);
        }
    }

    /// The code of state `q` owning whole-board region `region`: its other successors, then
    /// the successors of the region's exits at every vertex.
    fn region_code(
        &self,
        out: &mut String,
        needs: &mut Needs,
        q: u32,
        region: &FullRegion,
        scope: Scope,
    ) {
        let exits = &region.exits;
        for &j in self.view.successors(q) {
            let shift = matches!(self.actions[j as usize], ActionView::Shift { .. });
            if !shift && !region.direct_covered.contains(&j) {
                self.successor(out, needs, j, scope);
            }
        }
        // The shifts reach every vertex in these exit states: run their successors there,
        // ons through the piece sets.
        for &s in exits {
            for &j in self.view.successors(s) {
                match &self.actions[j as usize] {
                    ActionView::Shift { .. } => {}
                    ActionView::On { pieces } if pieces.len() < self.view.npieces() => {
                        if let Some((t, m)) = self.switch_after_test(j) {
                            // Every square holding the pieces is a move: reported set by set.
                            let keep = self.switch_in_place(t);
                            for p in pieces {
                                let _ = writeln!(
                                    out,
                                    "if let Some(v) = k.switch_each(&c.path, {m}, \
                                     &c.pbits[{p} * WORDS..({p} + 1) * WORDS]) {{ \
                                     if S::KEEP {{ {keep} }} return Flow::Stop; }}"
                                );
                            }
                            continue;
                        }
                        for p in pieces {
                            let _ = writeln!(
                                out,
                                "for i in 0..WORDS {{ let mut b = c.pbits[{p} * WORDS + i]; while b != 0 {{ \
                                 let w = (i * 64) as u32 + b.trailing_zeros(); b &= b - 1;"
                            );
                            self.enter(out, needs, j, "w", scope.in_board_loop());
                            out.push_str("} }\n");
                        }
                    }
                    _ => {
                        out.push_str("for w in 0..NV as u32 { let v = w;\n");
                        self.successor(out, needs, j, scope.in_board_loop());
                        out.push_str("}\n");
                    }
                }
            }
        }
    }

    /// For a piece test `j` of the rules whose code is only its one successor, a switch
    /// without a mark (hex's `anySquare {e} ->>`): that switch and its modifier.
    fn switch_after_test(&self, j: u32) -> Option<(u32, u32)> {
        let i = j as usize;
        if self.in_pattern[i]
            || self.check[i].is_some()
            || self.pushed[i]
            || self.view.accepting(i as u32)
            || self.ray_at[i].is_some()
            || self.table_at[i].is_some()
            || self.full[i].is_some()
        {
            return None;
        }
        let &[t] = self.view.successors(j) else {
            return None;
        };
        match self.actions[t as usize] {
            ActionView::Switch { modifier, .. } if self.check[t as usize].is_none() => {
                Some((t, modifier))
            }
            _ => None,
        }
    }

    /// Takes action `j` at `v` and, if valid, continues in state `j`.
    pub(super) fn successor(&self, out: &mut String, needs: &mut Needs, j: u32, scope: Scope) {
        self.successor_in(out, needs, j, scope, &[]);
    }

    /// `successor`, where the patterns starting at `shared` keep their value in `pc<start>`.
    pub(super) fn successor_in(
        &self,
        out: &mut String,
        needs: &mut Needs,
        j: u32,
        scope: Scope,
        shared: &[u32],
    ) {
        let mark = |w: &str| match self.check[j as usize] {
            Some(c) => format!("c.mark({} * NV, {w}, d, stamp)", c),
            None => "true".to_string(),
        };
        match &self.actions[j as usize] {
            ActionView::Start => {}
            ActionView::Shift { .. } => {
                let chain = self.shift_chain(j);
                let last = *chain.last().expect("a chain holds j");
                let step = self.step_code(needs, &chain);
                let _ = writeln!(out, "{{ let w = {step}; if w != NONE {{");
                self.enter(out, needs, last, "w", scope);
                out.push_str("} }\n");
            }
            ActionView::On { pieces } => {
                let test = self.piece_test(pieces, "c.piece(v)");
                let _ = writeln!(out, "if {test} {{");
                self.enter(out, needs, j, "v", scope);
                out.push_str("}\n");
            }
            ActionView::Compare { left, op, right } => {
                let op = cmp_text(*op);
                let _ = writeln!(
                    out,
                    "if let (Some(l), Some(r)) = (e{left}(c), e{right}(c)) {{ if l {op} r {{"
                );
                self.enter(out, needs, j, "v", scope);
                out.push_str("} }\n");
            }
            ActionView::Pattern { start, positive } => {
                // Marked before the evaluation (a merge point evaluates it once).
                let m = mark("v");
                let r = self.rep[*start as usize];
                let eval = if shared.contains(&r) {
                    format!(
                        "(match pc{r} {{ Some(h) => Some(h), None => {{ let x = {}; pc{r} = x; x }} }})",
                        self.pattern_call(needs, r, scope)
                    )
                } else {
                    self.pattern_call(needs, r, scope)
                };
                let _ = writeln!(
                    out,
                    "if {m} {{ match {eval} {{ None => return Flow::Err, Some(h) => if h == {positive} {{"
                );
                self.enter_marked(out, needs, j, "v", scope);
                out.push_str("} } }\n");
            }
            ActionView::Off { piece, modifier } => {
                let m = mark("v");
                let _ = writeln!(out, "if {m} {{");
                let (apply, revert) = if self.light[j as usize] {
                    (
                        format!(
                            "let old = c.piece(v); if S::KEEP {{ c.set_piece(v, {piece}); }} \
                             else {{ c.set_piece_only(v, {piece}); }}"
                        ),
                        "if S::KEEP { c.set_piece(v, old); } else { c.set_piece_only(v, old); }",
                    )
                } else {
                    (
                        format!("let old = c.piece(v); c.set_piece(v, {piece});"),
                        "c.set_piece(v, old);",
                    )
                };
                self.modifier(out, needs, j, *modifier, (&apply, revert), scope);
                out.push_str("}\n");
            }
            ActionView::Assign {
                var,
                expr,
                modifier,
            } => {
                let m = mark("v");
                let bound = self.view.bounds()[*var as usize];
                let _ = writeln!(
                    out,
                    "if {m} {{ if let Some(x) = e{expr}(c) {{ if x >= 0 && x <= {bound} {{"
                );
                let apply = format!("let old = std::mem::replace(&mut c.vars[{var}], x);");
                let revert = format!("c.vars[{var}] = old;");
                self.modifier(out, needs, j, *modifier, (&apply, &revert), scope);
                out.push_str("} } }\n");
            }
            ActionView::Switch { modifier, .. } => {
                let m = mark("v");
                let keep = self.switch_in_place(j);
                let _ = writeln!(
                    out,
                    "if {m} {{ if k.switch(&c.path, {modifier}, v) {{ if S::KEEP {{ {keep} }} return Flow::Stop; }} }}"
                );
            }
        }
    }

    /// Continues in the non-modifier state `j` at vertex `w` after its action held.
    pub(super) fn enter(&self, out: &mut String, needs: &mut Needs, j: u32, w: &str, scope: Scope) {
        match self.check[j as usize] {
            // Acceptance ends the pattern's level: nothing can come back to this mark.
            Some(_) if self.view.accepting(j) => out.push_str("return Flow::Stop;\n"),
            Some(c) => {
                let _ = writeln!(out, "if c.mark({c} * NV, {w}, d, stamp) {{");
                self.enter_marked(out, needs, j, w, scope);
                out.push_str("}\n");
            }
            None => self.enter_marked(out, needs, j, w, scope),
        }
    }

    /// `enter` once the mark (if any) is taken. At a frontier state (`single::KeeperShape`)
    /// a frontier search stops instead.
    pub(super) fn enter_marked(
        &self,
        out: &mut String,
        needs: &mut Needs,
        j: u32,
        w: &str,
        scope: Scope,
    ) {
        if self.keeper_shape.frontier[j as usize] {
            let _ = writeln!(
                out,
                "if S::FRONTIER {{ if k.frontier(&c.path, {j}, {w}) {{ return Flow::Stop; }} }} else {{"
            );
            self.enter_code(out, needs, j, w, scope);
            out.push_str("}\n");
        } else {
            self.enter_code(out, needs, j, w, scope);
        }
    }

    fn enter_code(&self, out: &mut String, needs: &mut Needs, j: u32, w: &str, scope: Scope) {
        if self.view.accepting(j) {
            out.push_str("return Flow::Stop;\n");
        } else if self.pushed[j as usize] {
            // A direct call while the call budget lasts (cheaper than the stack's dispatch).
            let call = if self.in_pattern[j as usize] {
                format!("p{j}(c, {w}, d, stamp)")
            } else {
                format!("r{j}(c, {w}, d, stamp, k)")
            };
            let _ = writeln!(
                out,
                "if c.calls < MAX_CALLS {{ c.calls += 1; let f = {call}; c.calls -= 1; \
                 if f != Flow::Go {{ return f; }} }} else {{ c.stack.push(({j}, {w})); }}"
            );
        } else {
            let _ = writeln!(out, "{{ let v = {w};");
            self.body(out, needs, j, scope);
            out.push_str("}\n");
        }
    }

    pub(super) fn piece_test(&self, pieces: &[u16], p: &str) -> String {
        let np = self.view.npieces();
        if pieces.len() == np {
            return "true".into();
        }
        if pieces.is_empty() {
            return "false".into();
        }
        if np <= 64 {
            let mask = pieces.iter().fold(0u64, |m, &x| m | (1u64 << x));
            format!("(({mask}u64 >> ({p} as u32)) & 1 != 0)")
        } else if np <= 128 {
            let mask = pieces.iter().fold(0u128, |m, &x| m | (1u128 << x));
            format!("(({mask}u128 >> ({p} as u32)) & 1 != 0)")
        } else {
            let alts: Vec<String> = pieces.iter().map(|x| x.to_string()).collect();
            format!("matches!({p}, {})", alts.join(" | "))
        }
    }
}
