//! Which states get code of their own (pushed, called) and which levels run as direct calls.

use super::*;

impl Gen<'_, '_> {
    /// The entry states whose level can skip `level` / `plevel`: no state of the level (its
    /// exits, the next modifiers and switches, included) has a mark or is pushed, so the level
    /// needs no stamp, no visited array and no stack; only the nesting and work limits, which
    /// the call site checks.
    pub(super) fn direct_levels(&self) -> Vec<bool> {
        let n = self.view.nstates();
        (0..n as u32)
            .map(|j| {
                let pattern_start = matches!(self.actions[j as usize], ActionView::Start) && j != 0;
                if !self.is_entry(j) || (self.in_pattern[j as usize] && !pattern_start) || j == 0 {
                    return false;
                }
                // `j` itself is not seen yet: a cycle back to the entry takes its action
                // again, behind the entry's mark if it has one.
                let mut seen = Vec::new();
                let mut stack = self.view.successors(j).to_vec();
                while let Some(q) = stack.pop() {
                    if seen.contains(&q) {
                        continue;
                    }
                    // Region states have no code and rays no marks: neither needs a level.
                    if seen.len() > 256
                        || self.check[q as usize].is_some()
                        || self.pushed[q as usize]
                    {
                        return false;
                    }
                    seen.push(q);
                    if !self.is_entry(q) {
                        stack.extend_from_slice(self.view.successors(q));
                    }
                }
                true
            })
            .collect()
    }

    pub(super) fn is_entry(&self, q: u32) -> bool {
        super::plan::entry_state(&self.actions, &self.rep, q)
    }

    /// Marks the states `run_state` dispatches: tests with a mark, and unmarked tests whose
    /// inlining is cut at `MAX_INLINE_DEPTH`.
    pub(super) fn find_pushed(&mut self) {
        let n = self.view.nstates() as u32;
        let mut stack: Vec<(u32, usize)> = (0..n)
            .filter(|&q| self.is_entry(q) || self.check[q as usize].is_some())
            .filter(|&q| self.rep[q as usize] == q && !self.covered[q as usize])
            .map(|q| (q, 0))
            .collect();
        for &(q, _) in &stack {
            if !self.is_entry(q) {
                self.pushed[q as usize] = true;
            }
        }
        // The exits of whole-board regions run their successors inside the region's owner.
        for f in self.full.iter().flatten() {
            stack.extend(f.exits.iter().map(|&s| (s, 1)));
        }
        while let Some((q, depth)) = stack.pop() {
            for j in self.code_successors(q) {
                // Region states have no code (their owner walks the board instead).
                // An accepting state's code is `return Flow::Stop`: its successors never run
                // from it (walking them could loop through states without marks).
                if self.is_entry(j)
                    || self.check[j as usize].is_some()
                    || self.covered[j as usize]
                    || self.view.accepting(j)
                {
                    continue;
                }
                if depth + 1 >= MAX_INLINE_DEPTH {
                    if !self.pushed[j as usize] {
                        self.pushed[j as usize] = true;
                        stack.push((j, 0));
                    }
                } else {
                    stack.push((j, depth + 1));
                }
            }
        }
    }

    /// The states whose code the code of `q` contains or pushes: its successors, or for a
    /// ray the other successors of its states.
    pub(super) fn code_successors(&self, q: u32) -> Vec<u32> {
        if let Some(t) = self.table_at[q as usize] {
            let t = &self.tables[t];
            let mut out = self.untabled_successors(q);
            out.extend(t.exits.iter().map(|e| e.state));
            return out;
        }
        let Some(r) = self.ray_at[q as usize] else {
            return self.view.successors(q).to_vec();
        };
        let ray = &self.rays[r];
        let mut out = Vec::new();
        for (i, &c) in ray.iter().enumerate() {
            let next = ray[(i + 1) % ray.len()];
            out.extend(self.view.successors(c).iter().filter(|&&j| j != next));
        }
        out
    }

    /// The successors of `q` its code takes itself: for a table's root, those neither in the
    /// table's region nor among its exits.
    pub(super) fn untabled_successors(&self, q: u32) -> Vec<u32> {
        let succ = self.view.successors(q);
        match self.table_at[q as usize] {
            None => succ.to_vec(),
            Some(t) => {
                let t = &self.tables[t];
                succ.iter()
                    .copied()
                    .filter(|j| {
                        t.region.binary_search(j).is_err() && !t.exits.iter().any(|e| e.state == *j)
                    })
                    .collect()
            }
        }
    }

    /// `root_level`: a move generation's level from rules state `q` at `v` (nesting 0), a
    /// direct call of the level's code where `direct_level` allows it (the work counts reset
    /// as `level` resets them at nesting 0), else through `level`. Used for every listing and
    /// the keeper's first moves (measured: connect4's flat MC 2 % faster than through `level`).
    pub(super) fn root_level(&self, out: &mut String) {
        out.push_str(
            "#[inline(always)]\n\
             fn root_level<S: Sink>(c: &mut St, q: u32, v: u32, k: &mut S) -> Flow {\n    match q {\n",
        );
        for q in 0..self.view.nstates() as u32 {
            if self.is_root_direct(q) {
                let _ = writeln!(
                    out,
                    "        {q} => {{ c.work = 0; c.pwork = 0; r{q}(c, v, 0, 0, k) }}"
                );
            }
        }
        out.push_str("        _ => level(c, q, v, 0, k),\n    }\n}\n");
    }

    /// A rules state (the initial one or one after a switch) whose level `root_level` calls
    /// directly.
    pub(super) fn is_root_direct(&self, q: u32) -> bool {
        let rules = q == 0 || matches!(self.actions[q as usize], ActionView::Switch { .. });
        rules && self.is_entry(q) && self.direct_level[q as usize] && !self.in_pattern[q as usize]
    }
}
