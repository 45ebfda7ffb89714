//! Shift chains walked in one step (composite tables `NBC<k>`) and pattern bodies short
//! enough to evaluate in place.

use super::*;

/// Largest board whose patterns outside whole-board loops playouts read from their sets.
const PLAYOUT_SET_VERTICES: usize = 64;

impl Gen<'_, '_> {
    /// The value (`Option<bool>`, `None` on an error) of the pattern body starting at `r`,
    /// at `v`: a direct call of its code when `direct_level[r]`, behind the checks
    /// `plevel` makes on entry, or inside a whole-board loop read from its set (`bitsets`),
    /// else as a level with marks.
    pub(super) fn pattern_call(&self, needs: &mut Needs, r: u32, scope: Scope) -> String {
        let depth_ok = self.nesting_check(scope);
        if let Some(walk) = self.straight_pattern(needs, r) {
            return format!(
                "(if {depth_ok} {{ Some('p: {{ {walk} }}) }} else {{ {} }})",
                self.pattern_level_call(needs, r)
            );
        }
        let sets = self.set_pattern(r);
        if let Some(states) = sets.clone().filter(|_| scope.board_loops > 0) {
            return self.set_pattern_call(needs, r, states, scope);
        }
        if self.direct_level[r as usize] {
            needs.pattern_callers[r as usize].push(scope.writing);
            let walk = format!(
                "(if {depth_ok} {{ \
                 match p{r}(c, v, d + 1, 0) {{ Flow::Err => None, f => Some(f == Flow::Stop) }} }} \
                 else {{ {} }})",
                self.pattern_level_call(needs, r)
            );
            // For sinks that ask for sets (the keeper in playouts; not inside a pattern body,
            // which has no sink), on small boards, the set of a body without cycles: a walk's
            // early exits depend on the position, which random play makes unpredictable (a
            // body with a ray iterates to its fixpoint: reversi's playouts were 13 % slower).
            let playout_set =
                |s: &Vec<u32>| self.view.nvertices() <= PLAYOUT_SET_VERTICES && self.set_acyclic(s);
            match sets.filter(|s| !self.in_pattern[scope.writing as usize] && playout_set(s)) {
                Some(states) => {
                    let set = format!(
                        "(if S::SETS {{ {} }} else {{ ",
                        self.set_pattern_call(needs, r, states, scope)
                    );
                    needs.body.set_alternatives += set.len() + 2;
                    format!("{set}{walk} }})")
                }
                None => walk,
            }
        } else {
            self.pattern_level_call(needs, r)
        }
    }

    /// The check before a pattern is evaluated in place: the nesting `plevel` would check.
    /// In the rules' code a sink whose caller has checked the limits (`Sink::UNLIMITED`)
    /// skips the modifier limit; pattern bodies have no sink.
    pub(super) fn nesting_check(&self, scope: Scope) -> &'static str {
        if self.in_pattern[scope.writing as usize] {
            "d + 1 < CYCLE_CHECK_DEPTH && d + 1 <= c.modifier_limit"
        } else {
            "d + 1 < CYCLE_CHECK_DEPTH && (S::UNLIMITED || d + 1 <= c.modifier_limit)"
        }
    }

    /// The pattern body starting at `r` run as a level with marks: `pat{r}`, which calls the
    /// start's code `p{r}` without `plevel_entry`'s dispatch. With `p{r}` called from one place
    /// it is inlined there (go's liberty tests: 4-5 % of its playouts).
    pub(super) fn pattern_level_call(&self, needs: &mut Needs, r: u32) -> String {
        needs.called_patterns[r as usize] = true;
        format!("pat{r}(c, v, d)")
    }

    /// A pattern body that is a short chain of shifts and tests (connect4's `{! down {e}}`)
    /// as a block breaking with its value: no call, no level.
    pub(super) fn straight_pattern(&self, needs: &mut Needs, start: u32) -> Option<String> {
        if self.view.accepting(start) {
            return Some("true".into());
        }
        // The chain's states, up to the accepting one.
        let mut chain: Vec<u32> = Vec::new();
        let mut q = start;
        loop {
            let &[j] = self.view.successors(q) else {
                return None;
            };
            if chain.len() == 8
                || !matches!(
                    self.actions[j as usize],
                    ActionView::Shift { .. } | ActionView::On { .. }
                )
            {
                return None;
            }
            chain.push(j);
            if self.view.accepting(j) {
                break;
            }
            q = j;
        }
        let mut code = String::from("let v = v; ");
        let mut i = 0;
        while i < chain.len() {
            if let ActionView::On { pieces } = &self.actions[chain[i] as usize] {
                let test = self.piece_test(pieces, "c.piece(v)");
                let _ = write!(code, "if !{test} {{ break 'p false; }} ");
                i += 1;
                continue;
            }
            // Consecutive shifts move in one step.
            let mut end = i + 1;
            while end < chain.len()
                && matches!(self.actions[chain[end] as usize], ActionView::Shift { .. })
            {
                end += 1;
            }
            let step = self.step_code(needs, &chain[i..end]);
            let _ = write!(code, "let v = {step}; if v == NONE {{ break 'p false; }} ");
            i = end;
        }
        code.push_str("true");
        Some(code)
    }

    /// Shift `j` and the shifts that follow it one to one: each the only successor of the one
    /// before, reached from nowhere else, with no mark, code or ray of its own (reversi's and
    /// chess's `up left`, a knight's jump). Their vertices in between matter to nobody, so the
    /// chain moves in one step.
    pub(super) fn shift_chain(&self, j: u32) -> Vec<u32> {
        let mut chain = vec![j];
        let mut x = j;
        // Every state left behind (all but the last) is entered without its code: it must
        // have none of its own.
        while chain.len() < 8 && !self.view.accepting(x) && self.no_code_of_its_own(x) {
            let &[y] = self.view.successors(x) else { break };
            let plain = matches!(self.actions[y as usize], ActionView::Shift { .. })
                && self.preds[y as usize] == [x]
                && !chain.contains(&y);
            if !plain {
                break;
            }
            chain.push(y);
            x = y;
        }
        chain
    }

    /// Entering `q` is just running its successors: no mark, call, ray, table or region.
    pub(super) fn no_code_of_its_own(&self, q: u32) -> bool {
        let i = q as usize;
        self.check[i].is_none()
            && !self.pushed[i]
            && !self.covered[i]
            && self.full[i].is_none()
            && !self.on_ray[i]
            && self.table_at[i].is_none()
            && self.rep[i] == q
    }

    /// The vertex after the shifts of `states` from `v` (NONE when one falls off the board).
    pub(super) fn step_code(&self, needs: &mut Needs, states: &[u32]) -> String {
        let dirs: Vec<u32> = states
            .iter()
            .map(|&q| match self.actions[q as usize] {
                ActionView::Shift { dir } => dir,
                _ => unreachable!("shift chains hold shifts"),
            })
            .collect();
        if let [dir] = dirs[..] {
            return format!("nb(v, {dir})");
        }
        let k = needs.composite(dirs);
        // SAFETY: v < NV (see `St::piece`).
        format!("unsafe {{ *NBC{k}.get_unchecked(v as usize) }}")
    }

    /// The tables of the composite steps.
    pub(super) fn composite_arrays(&self, out: &mut String, needs: &Needs) {
        for (k, dirs) in needs.composites.iter().enumerate() {
            let _ = write!(out, "static NBC{k}: [u32; NV] = [");
            for v in 0..self.view.nvertices() as u32 {
                let end = dirs.iter().try_fold(v, |w, &d| self.view.neighbour(w, d));
                match end {
                    Some(w) => {
                        let _ = write!(out, "{w},");
                    }
                    None => out.push_str("NONE,"),
                }
            }
            out.push_str("];\n");
        }
    }
}
