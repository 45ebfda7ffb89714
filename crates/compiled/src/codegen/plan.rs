//! The plan: what the generator decides from the automaton alone, before any text is written
//! (`Gen::new`). The emit functions read it and never change it.

use super::analysis::{canonical_patterns, expr_uses_counts, free_pattern_order, pattern_states};
use super::regions::{full_regions, unmarked_by_regions};
use super::*;
use crate::marks::{needs_mark, predecessors, Marks};
use crate::tables::shift_tables;

impl<'a, 'v> Gen<'a, 'v> {
    pub(super) fn new(view: &'a ProgramView<'v>) -> Self {
        let n = view.nstates();
        let actions: Vec<ActionView> = (0..n as u32).map(|q| view.action(q)).collect();
        let rep = canonical_patterns(view, &actions);
        let in_pattern = pattern_states(view);
        let preds = predecessors(view);
        let Walks {
            checks: Checks { check, ncheck },
            full,
            covered,
            tables,
            table_at,
            rays,
            ray_at,
            on_ray,
        } = Walks::of(view, &actions, &rep, &in_pattern, &preds);
        let offsets = bitsets::uniform_offsets(view);
        let keeper = keeper::keeper_states(view, &actions);
        let reach = reach::reach_levels(
            view,
            &actions,
            &|q| entry_state(&actions, &rep, q),
            &in_pattern,
            &offsets,
            &preds,
            &keeper,
            &tables,
            &table_at,
        );
        let light =
            light::light_modifiers(view, &actions, &in_pattern, &full, &covered, &rep, &reach);
        let mut g = Gen {
            uses_counts: expr_uses_counts(view),
            accept_distance: free_pattern_order(view, &actions),
            defer: defer::deferrable_modifiers(view, &actions, &in_pattern),
            keeper_shape: single::KeeperShape::of(view, &actions, &rep),
            light,
            offsets,
            reach,
            keeper,
            frontier_sets: Vec::new(),
            preds,
            on_ray,
            tables,
            table_at,
            direct_level: vec![false; n],
            rays,
            ray_at,
            full,
            covered,
            view,
            actions,
            check,
            ncheck,
            pushed: vec![false; n],
            in_pattern,
            rep,
        };
        // These read the parts above, and each the one before.
        g.find_pushed();
        g.frontier_sets = g.plan_frontier_sets();
        g.direct_level = g.direct_levels();
        g
    }
}

/// Whether `q` starts a level: a pattern's or the rules' start, a modifier or a switch (of
/// the first of equal pattern bodies).
pub(super) fn entry_state(actions: &[ActionView], rep: &[u32], q: u32) -> bool {
    rep[q as usize] == q
        && matches!(
            actions[q as usize],
            ActionView::Start
                | ActionView::Off { .. }
                | ActionView::Assign { .. }
                | ActionView::Switch { .. }
        )
}

/// The visited-array indices of the states that need a mark, numbered as marks are added.
struct Checks {
    check: Vec<Option<u32>>,
    ncheck: u32,
}

impl Checks {
    /// Gives state `q` a mark if it has none.
    fn add(&mut self, q: usize) {
        if self.check[q].is_none() {
            self.check[q] = Some(self.ncheck);
            self.ncheck += 1;
        }
    }
}

/// How the states' code walks the board (whole-board regions, shift tables, rays as loops)
/// and the marks left once those walks take the marks of the states they walk.
struct Walks {
    checks: Checks,
    full: Vec<Option<FullRegion>>,
    covered: Vec<bool>,
    tables: Vec<ShiftTable>,
    table_at: Vec<Option<usize>>,
    rays: Vec<Vec<u32>>,
    ray_at: Vec<Option<usize>>,
    on_ray: Vec<bool>,
}

impl Walks {
    fn of(
        view: &ProgramView<'_>,
        actions: &[ActionView],
        rep: &[u32],
        in_pattern: &[bool],
        preds: &[Vec<u32>],
    ) -> Self {
        let n = view.nstates();
        let is_entry = |q: u32| entry_state(actions, rep, q);
        let Marks { need, rays, merges } = needs_mark(view, actions, &is_entry, in_pattern, preds);
        let mut checks = Checks {
            check: vec![None; n],
            ncheck: 0,
        };
        // A copy of an equal pattern body has no code, so no mark.
        for q in (0..n).filter(|&q| rep[q] == q as u32 && need[q]) {
            checks.add(q);
        }
        let (full, covered) = full_regions(view, actions, rep, &checks.check, preds);
        for j in unmarked_by_regions(view, actions, preds, &is_entry, &full, &covered) {
            checks.check[j as usize] = None;
        }
        let usable =
            |q: u32| rep[q as usize] == q && !covered[q as usize] && full[q as usize].is_none();
        let in_ray = |q: u32| rays.iter().any(|r| r.contains(&q));
        // A table's shifts may be a ray (it replaces the ray); its root may not.
        let is_shift = |q: u32| matches!(actions[q as usize], ActionView::Shift { .. });
        let tables = shift_tables(
            view,
            actions,
            &is_entry,
            &|q| usable(q) && (is_shift(q) || !in_ray(q)),
            preds,
        );
        let (table_at, in_table) = table_marks(n, &tables, &mut checks);
        // A ray runs as a loop unless a region touches it (then the stack runs it) or a
        // table replaces it.
        let rays: Vec<Vec<u32>> = rays
            .into_iter()
            .filter(|r| r.iter().all(|&q| usable(q) && !in_table[q as usize]))
            .collect();
        let mut ray_at = vec![None; n];
        let mut on_ray = vec![false; n];
        for (i, r) in rays.iter().enumerate() {
            ray_at[r[0] as usize] = Some(i);
            for &q in r {
                on_ray[q as usize] = true;
            }
        }
        // A merge left unmarked by `crate::paths` keeps its mark after all when one of the
        // rays of its proof is written as plain code (not a loop, a shift table or a
        // whole-board region): that cycle's code would be unrolled with a copy of the
        // merge's code per path (a fuzzed automaton took minutes).
        let plain = |s: u32| !(on_ray[s as usize] || in_table[s as usize] || covered[s as usize]);
        for (q, ray_states) in merges {
            let q = q as usize;
            if !in_table[q] && ray_states.iter().any(|&s| plain(s)) {
                checks.add(q);
            }
        }
        Walks {
            checks,
            full,
            covered,
            tables,
            table_at,
            rays,
            ray_at,
            on_ray,
        }
    }
}

/// Per state the table it is the root of, and whether a table walks it. The states a table
/// walks need no mark, and its exits one only where the table says.
fn table_marks(
    n: usize,
    tables: &[ShiftTable],
    checks: &mut Checks,
) -> (Vec<Option<usize>>, Vec<bool>) {
    let mut table_at = vec![None; n];
    let mut in_table = vec![false; n];
    for (i, t) in tables.iter().enumerate() {
        table_at[t.root as usize] = Some(i);
        for &s in &t.region {
            in_table[s as usize] = true;
            checks.check[s as usize] = None;
        }
        for e in &t.exits {
            if e.mark {
                checks.add(e.state as usize);
            } else {
                // Only this table leads into the exit, once per level: no mark.
                checks.check[e.state as usize] = None;
            }
        }
    }
    (table_at, in_table)
}
