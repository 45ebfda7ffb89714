//! The keeper's levels as its first-move policy runs them, in playouts and applied perft.
//!
//! Every move is completed by the keeper's first move (`KeepFirst`), mostly a short chain of
//! modifiers and tests: amazons' arrow and scores, gomoku's stone and win check. Run through
//! `level`, each step of the chain is a call with the nesting checks of a level and the entry
//! a stamp and a stack. `root_level` (levels.rs) calls the code of a level that needs no marks
//! and no stack (`direct_level`) straight away, and the code of the keeper's states, with
//! the pattern bodies only they call, is inlined where it is called, so a chain runs as one
//! function (measured on amazons: 267 → 171 instructions per applied perft leaf).

use super::*;

/// Longest code (bytes of source) of a keeper state inlined where it is called.
const KEEPER_INLINE_BYTES: usize = 3000;

/// Most keeper states inlined: each is inlined at every call site, so the code of a chain
/// grows with the square of its length.
const MAX_INLINED_KEEPER_STATES: usize = 24;

/// Longest code (bytes of source) of a pattern body inlined into the keeper's code (gomoku's
/// win check is 10,666 bytes).
const KEEPER_PATTERN_INLINE_BYTES: usize = 12_000;

/// The rules states the keeper moves from: the initial one and those after its switches.
pub(super) fn keeper_rules_states(actions: &[ActionView]) -> impl Iterator<Item = u32> + '_ {
    (0..actions.len() as u32).filter(|&j| {
        j == 0 || matches!(actions[j as usize], ActionView::Switch { player: None, .. })
    })
}

/// Per state: whether it may run while the keeper is to move. The keeper moves first; a
/// switch hands the move to its player, and the other states keep the mover of their
/// predecessor.
pub(super) fn keeper_states(view: &ProgramView<'_>, actions: &[ActionView]) -> Vec<bool> {
    let mut keeper = vec![false; view.nstates()];
    let mut stack: Vec<u32> = keeper_rules_states(actions).collect();
    for &q in &stack {
        keeper[q as usize] = true;
    }
    while let Some(q) = stack.pop() {
        for &j in view.successors(q) {
            if !keeper[j as usize] && !matches!(actions[j as usize], ActionView::Switch { .. }) {
                keeper[j as usize] = true;
                stack.push(j);
            }
        }
    }
    keeper
}

impl Gen<'_, '_> {
    /// Per state: its code is inlined where it is called, being a short level of the
    /// keeper's (none when the keeper has more such states than `MAX_INLINED_KEEPER_STATES`).
    pub(super) fn keeper_inlined(&self, bodies: &[Body]) -> Vec<bool> {
        let mut inlined = vec![false; self.view.nstates()];
        let short: Vec<u32> = bodies
            .iter()
            .filter(|b| {
                self.keeper[b.q as usize]
                    && !self.in_pattern[b.q as usize]
                    && b.size <= KEEPER_INLINE_BYTES
            })
            .map(|b| b.q)
            .collect();
        if short.len() <= MAX_INLINED_KEEPER_STATES {
            for q in short {
                inlined[q as usize] = true;
            }
        }
        inlined
    }

    /// Per pattern start: its code is inlined where it is called, every direct call being
    /// from the inlined code of a keeper state (connect4's and gomoku's win checks, once per
    /// applied move: measured, perft 3-8 % faster).
    pub(super) fn keeper_patterns_inlined(
        &self,
        bodies: &[Body],
        keeper_inlined: &[bool],
        callers: &[Vec<u32>],
    ) -> Vec<bool> {
        let mut inlined = vec![false; self.view.nstates()];
        for &Body { q, size, .. } in bodies {
            let from = &callers[q as usize];
            inlined[q as usize] = self.in_pattern[q as usize]
                && !from.is_empty()
                && from.iter().all(|&c| keeper_inlined[c as usize])
                && size <= KEEPER_PATTERN_INLINE_BYTES;
        }
        inlined
    }

    /// `keeper_first`: the keeper's first move from rules state `q` at `v`, as `(flow,
    /// found)`. Where the search runs at most W levels (`level_work`) and `W <=
    /// c.unlimited_work`, no limit can stop it, and its code runs without their checks
    /// (`Sink::UNLIMITED`; measured on breakthrough: 327 -> 301 instructions per applied
    /// perft leaf); elsewhere `keeper_first_limited` runs it with them.
    pub(super) fn keeper_first(&self, out: &mut String) {
        out.push_str(
            "#[inline(always)]\n\
             fn keeper_first<const SETS: bool>(c: &mut St, q: u32, v: u32) -> (Flow, bool) {\n    match q {\n",
        );
        let mut memo = vec![None; self.view.nstates()];
        for q in keeper_rules_states(&self.actions) {
            if !self.is_root_direct(q) {
                continue;
            }
            if let Some(w) = self.level_work(q, &mut memo, &mut Vec::new()) {
                let _ = writeln!(
                    out,
                    "        {q} if {w} <= c.unlimited_work => {{ c.work = 0; c.pwork = 0; \
                     let mut k = KeepFirst::<true, SETS> {{ found: false }}; \
                     let f = r{q}(c, v, 0, 0, &mut k); (f, k.found) }}"
                );
            }
        }
        out.push_str("        _ => keeper_first_limited::<G, SETS>(c, q, v),\n    }\n}\n");
    }

    /// The levels run from the direct level at `s` (itself included), if bounded.
    fn level_work(
        &self,
        s: u32,
        memo: &mut [Option<Option<u64>>],
        path: &mut Vec<u32>,
    ) -> Option<u64> {
        if let Some(w) = memo[s as usize] {
            return w;
        }
        if !self.direct_level[s as usize] || path.contains(&s) || path.len() >= 64 {
            return None;
        }
        let mut seen: Vec<u32> = Vec::new();
        let mut exits: Vec<u32> = Vec::new();
        let mut shifts = false;
        let mut stack = self.view.successors(s).to_vec();
        while let Some(j) = stack.pop() {
            if seen.contains(&j) {
                continue;
            }
            seen.push(j);
            if self.is_entry(j) {
                if !matches!(self.actions[j as usize], ActionView::Switch { .. }) {
                    exits.push(j);
                }
                continue;
            }
            shifts |= matches!(self.actions[j as usize], ActionView::Shift { .. });
            stack.extend_from_slice(self.view.successors(j));
        }
        let per_exit = if shifts {
            self.view.nvertices() as u64
        } else {
            1
        };
        path.push(s);
        let mut work = Some(1u64);
        for e in exits {
            work = match (work, self.level_work(e, memo, path)) {
                (Some(w), Some(x)) => per_exit.checked_mul(x).and_then(|x| w.checked_add(x)),
                _ => None,
            };
        }
        path.pop();
        memo[s as usize] = Some(work);
        work
    }
}
