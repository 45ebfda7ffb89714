//! Modifiers whose search need not apply them: breakthrough's `[e] forward {e} ->>` empties
//! the pawn's square and then reads only other squares before the move ends. Listing and
//! counting such a move records the modifier without writing the board (and its piece sets)
//! and writing it back; a sink that keeps the move it stops at still applies it.

use super::*;

/// Budget of steps (region states, and (state, start vertex, vertex) visits) for the whole
/// analysis.
const DEFER_BUDGET: usize = 1 << 24;

/// Per state: an `Off` modifier of the rules after which, from every vertex, the level up to
/// its switches only shifts and reads squares other than the modifier's own (no other
/// modifier, pattern, comparison or acceptance), so applying the modifier cannot change
/// which moves the level finds.
pub(super) fn deferrable_modifiers(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    in_pattern: &[bool],
) -> Vec<bool> {
    let n = view.nstates();
    let nv = view.nvertices();
    let mut defer = vec![false; n];
    let mut budget = DEFER_BUDGET;
    // Per state: its index in the current region (valid while `stamp[q] == j + 1`).
    let mut stamp = vec![0u32; n];
    let mut index = vec![0u32; n];
    let mut seen: Vec<u32> = Vec::new();
    let mut queue: Vec<(u32, u32)> = Vec::new();
    for j in 0..n as u32 {
        if in_pattern[j as usize] || !matches!(actions[j as usize], ActionView::Off { .. }) {
            continue;
        }
        // The states the level runs before its switches: only shifts, reads and switches.
        let Some(region) = level_region(view, actions, j, &mut stamp, &mut budget) else {
            continue;
        };
        let cost = region.len().saturating_mul(nv);
        if cost > budget || nv == 0 {
            continue;
        }
        budget -= cost;
        for (i, &q) in region.iter().enumerate() {
            index[q as usize] = i as u32;
        }
        let mut ok = true;
        // seen[i] == v: (region[i / nv], i % nv) visited from v.
        seen.clear();
        seen.resize(region.len() * nv, u32::MAX);
        'vertices: for v in 0..nv as u32 {
            queue.clear();
            queue.extend(view.successors(j).iter().map(|&s| (s, v)));
            while let Some((q, w)) = queue.pop() {
                let i = index[q as usize] as usize * nv + w as usize;
                if seen[i] == v {
                    continue;
                }
                seen[i] = v;
                if budget == 0 {
                    ok = false;
                    break 'vertices;
                }
                budget -= 1;
                let next = match &actions[q as usize] {
                    ActionView::Switch { .. } => continue,
                    ActionView::Shift { dir } => match view.neighbour(w, *dir) {
                        Some(x) => x,
                        None => continue,
                    },
                    ActionView::On { .. } if w == v => {
                        ok = false;
                        break 'vertices;
                    }
                    _ => w,
                };
                let succ = view.successors(q);
                if budget < succ.len() {
                    ok = false;
                    break 'vertices;
                }
                budget -= succ.len();
                queue.extend(succ.iter().map(|&s| (s, next)));
            }
        }
        defer[j as usize] = ok;
    }
    defer
}

/// The states reachable from `j`'s successors up to and including switches, when all are
/// shifts, reads or switches (none accepting); None otherwise. `stamp[q] == j + 1` marks
/// the region's states; each state visited costs one unit of `budget`.
fn level_region(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    j: u32,
    stamp: &mut [u32],
    budget: &mut usize,
) -> Option<Vec<u32>> {
    let mut region: Vec<u32> = Vec::new();
    let mut stack: Vec<u32> = view.successors(j).to_vec();
    if stack.is_empty() {
        return None;
    }
    while let Some(q) = stack.pop() {
        if stamp[q as usize] == j + 1 {
            continue;
        }
        if view.accepting(q) || *budget == 0 {
            return None;
        }
        *budget -= 1;
        stamp[q as usize] = j + 1;
        region.push(q);
        match actions[q as usize] {
            ActionView::Switch { .. } => {}
            ActionView::Shift { .. } | ActionView::On { .. } => {
                stack.extend_from_slice(view.successors(q));
            }
            _ => return None,
        }
    }
    Some(region)
}
