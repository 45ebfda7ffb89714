//! The keeper's levels as its first-move policy runs them, in playouts and applied perft.
//!
//! Every move is completed by the keeper's first move (`KeepFirst`), mostly a short chain of
//! modifiers and tests: amazons' arrow and scores, gomoku's stone and win check. Run through
//! `level`, each step of the chain is a call with the nesting checks of a level and the entry
//! a stamp and a stack. `keeper_level` calls the code of a keeper level that needs no marks
//! and no stack (`direct_level`) straight away, and the code of the keeper's states is
//! inlined where it is called, so a chain runs as one function (measured on amazons: 267 →
//! 171 instructions per applied perft leaf).

use super::*;

/// Longest code (bytes of source) of a keeper state inlined where it is called.
const KEEPER_INLINE_BYTES: usize = 3000;

/// Most keeper states inlined: each is inlined at every call site, so the code of a chain
/// grows with the square of its length.
const MAX_INLINED_KEEPER_STATES: usize = 24;

/// The rules states the keeper moves from: the initial one and those after its switches.
fn keeper_rules_states(actions: &[ActionView]) -> impl Iterator<Item = u32> + '_ {
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
    pub(super) fn keeper_inlined(&self, bodies: &[(u32, String)]) -> Vec<bool> {
        let mut inlined = vec![false; self.view.nstates()];
        let short: Vec<u32> = bodies
            .iter()
            .filter(|(q, body)| {
                self.keeper[*q as usize]
                    && !self.in_pattern[*q as usize]
                    && body.len() <= KEEPER_INLINE_BYTES
            })
            .map(|(q, _)| *q)
            .collect();
        if short.len() <= MAX_INLINED_KEEPER_STATES {
            for q in short {
                inlined[q as usize] = true;
            }
        }
        inlined
    }

    /// `keeper_level`: the keeper's level from rules state `q` at `v` for its first move, a
    /// direct call of the level's code where `direct_level` allows it (the work counts reset
    /// as `level` resets them at nesting 0), else through `level`.
    pub(super) fn keeper_level(&self, out: &mut String) {
        out.push_str(
            "#[inline(always)]\n\
             fn keeper_level(c: &mut St, q: u32, v: u32, k: &mut KeepFirst) -> Flow {\n    match q {\n",
        );
        for q in keeper_rules_states(&self.actions) {
            if self.is_entry(q) && self.direct_level[q as usize] && !self.in_pattern[q as usize] {
                let _ = writeln!(
                    out,
                    "        {q} => {{ c.work = 0; c.pwork = 0; r{q}(c, v, 0, 0, k) }}"
                );
            }
        }
        out.push_str("        _ => level(c, q, v, 0, k),\n    }\n}\n");
    }
}
