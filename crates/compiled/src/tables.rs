//! Shift tables: a walk through shifts only, precomputed per vertex.
//!
//! Where a state `q` (not a shift) is followed by shift states that only `q` and each other
//! lead into (connect4's `->me down* up^5 (left* + right*)`, a knight's eight jumps), the
//! walk from `q`'s vertex through them depends on nothing but that vertex. The generator
//! replaces it by a table: for every vertex, the distinct vertices at which each state after
//! the shifts (an "exit") is reached, in the order a breadth-first walk meets them. The
//! shift states get no code, no marks and no rays; the exits run once per table entry.
//!
//! A state reached from `q` both directly and through the shifts (connect4's keeper,
//! `->> down* {e}`: the empty cell may be the keeper's own) takes its zero-shift vertex from
//! the table too, so each (exit, vertex) pair appears once. Each pair runs once per run of
//! `q`; when `q` may run more than once in a level (it is not a level's start) or the exit
//! has other predecessors, the exit keeps a visited mark so pairs met from several runs
//! merge, as the walk's marks merged them.

use reasoner::view::{ActionView, ProgramView};

/// Largest region (shift states) and table (entries over all exits) worth building.
const MAX_REGION: usize = 256;
const MAX_ENTRIES: usize = 1 << 18;
/// Steps of the walks over all tables of a game (the generator's time).
const WALK_BUDGET: usize = 1 << 25;

/// One table: the walk through `region` from `root`'s vertex.
#[derive(Clone, Debug)]
pub(crate) struct ShiftTable {
    pub root: u32,
    pub region: Vec<u32>,
    pub exits: Vec<Exit>,
}

/// Where the walk reaches one exit state: from vertex `v`, at
/// `cells[offsets[v]..offsets[v + 1]]`.
#[derive(Clone, Debug)]
pub(crate) struct Exit {
    pub state: u32,
    /// Whether `root` also leads into `state` directly (its vertex is in the table).
    pub direct: bool,
    /// Whether the exit needs a visited mark (see the module comment).
    pub mark: bool,
    pub offsets: Vec<u32>,
    pub cells: Vec<u32>,
}

/// The tables worth building. `usable(q)`: `q` may be a root or in a region (it has code of
/// its own: no copy of another pattern body, no whole-board region, no ray).
pub(crate) fn shift_tables(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    is_entry: &dyn Fn(u32) -> bool,
    usable: &dyn Fn(u32) -> bool,
    preds: &[Vec<u32>],
) -> Vec<ShiftTable> {
    let n = view.nstates();
    let is_shift = |q: u32| matches!(actions[q as usize], ActionView::Shift { .. });
    let mut tables = Vec::new();
    let mut budget = WALK_BUDGET;
    for q in 0..n as u32 {
        if is_shift(q) || !usable(q) || view.accepting(q) {
            continue;
        }
        let Some(region) = closed_region(view, q, preds, &is_shift, usable) else {
            continue;
        };
        let cyclic = has_cycle(view, &region);
        if !cyclic && region.len() < 3 {
            continue;
        }
        if let Some((exits, merging)) =
            walk(view, actions, q, &region, preds, is_entry, &mut budget)
        {
            // Without a star or paths meeting, the walk is a few fixed shifts with nothing to
            // merge: cheaper as code.
            if !cyclic && !merging {
                continue;
            }
            tables.push(ShiftTable {
                root: q,
                region,
                exits,
            });
        }
    }
    tables
}

/// The shift states reached from `q` through shifts, if only `q` and they lead into them and
/// none accepts.
fn closed_region(
    view: &ProgramView<'_>,
    q: u32,
    preds: &[Vec<u32>],
    is_shift: &dyn Fn(u32) -> bool,
    usable: &dyn Fn(u32) -> bool,
) -> Option<Vec<u32>> {
    let mut region: Vec<u32> = Vec::new();
    let mut stack: Vec<u32> = view
        .successors(q)
        .iter()
        .copied()
        .filter(|&j| is_shift(j))
        .collect();
    while let Some(s) = stack.pop() {
        if region.contains(&s) {
            continue;
        }
        if region.len() >= MAX_REGION || view.accepting(s) || !usable(s) {
            return None;
        }
        region.push(s);
        stack.extend(view.successors(s).iter().copied().filter(|&j| is_shift(j)));
    }
    let closed = region.iter().all(|&s| {
        preds[s as usize]
            .iter()
            .all(|&p| p == q || region.contains(&p))
    });
    (!region.is_empty() && closed).then(|| {
        region.sort_unstable();
        region
    })
}

/// Whether the region holds a star: some state reaches itself.
fn has_cycle(view: &ProgramView<'_>, region: &[u32]) -> bool {
    region.iter().any(|&s| {
        let mut seen: Vec<u32> = Vec::new();
        let mut stack: Vec<u32> = view.successors(s).to_vec();
        while let Some(x) = stack.pop() {
            if x == s {
                return true;
            }
            if region.contains(&x) && !seen.contains(&x) {
                seen.push(x);
                stack.extend_from_slice(view.successors(x));
            }
        }
        false
    })
}

/// Walks the region from every vertex: the exits' tables and whether two paths ever met (at
/// a state or an exit, at one vertex), or None when the tables grow too big.
fn walk(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    q: u32,
    region: &[u32],
    preds: &[Vec<u32>],
    is_entry: &dyn Fn(u32) -> bool,
    budget: &mut usize,
) -> Option<(Vec<Exit>, bool)> {
    let nv = view.nvertices();
    if region.len().saturating_mul(nv) > MAX_ENTRIES * 16 {
        return None;
    }
    let index = |s: u32| region.binary_search(&s).ok();
    // Exits in first-met order of the states (stable across vertices).
    let mut exit_states: Vec<u32> = Vec::new();
    for &s in region {
        for &j in view.successors(s) {
            if index(j).is_none() && !exit_states.contains(&j) {
                exit_states.push(j);
            }
        }
    }
    exit_states.sort_unstable();
    let exit_index = |j: u32| exit_states.binary_search(&j).ok();
    let mut exits: Vec<Exit> = exit_states
        .iter()
        .map(|&e| {
            let direct = view.successors(q).contains(&e);
            let only_here = preds[e as usize]
                .iter()
                .all(|&p| p == q || index(p).is_some());
            Exit {
                state: e,
                direct,
                mark: !(is_entry(q) && only_here),
                offsets: Vec::with_capacity(nv + 1),
                cells: Vec::new(),
            }
        })
        .collect();
    // Stamped with the walk's start vertex + 1: no clearing between walks.
    let mut seen = vec![0u32; region.len() * nv];
    let mut met = vec![0u32; exits.len() * nv];
    let mut queue: Vec<(usize, u32)> = Vec::new();
    let mut merging = false;
    for v in 0..nv as u32 {
        let stamp = v + 1;
        for e in &mut exits {
            e.offsets.push(e.cells.len() as u32);
        }
        let mut reach = |k: usize, w: u32, exits: &mut Vec<Exit>| {
            if met[k * nv + w as usize] != stamp {
                met[k * nv + w as usize] = stamp;
                exits[k].cells.push(w);
                false
            } else {
                true
            }
        };
        for (k, e) in exit_states.iter().enumerate() {
            if exits[k].direct {
                let _ = reach(k, v, &mut exits);
                debug_assert_eq!(exits[k].state, *e);
            }
        }
        queue.clear();
        // Both return whether the pair was met before (two paths meet there).
        let mut enter = |s: u32, w: u32, queue: &mut Vec<(usize, u32)>| {
            let ActionView::Shift { dir } = actions[s as usize] else {
                unreachable!("regions hold shifts only");
            };
            if let Some(x) = view.neighbour(w, dir) {
                let i = index(s).expect("in the region");
                if seen[i * nv + x as usize] != stamp {
                    seen[i * nv + x as usize] = stamp;
                    queue.push((i, x));
                    return false;
                }
                return true;
            }
            false
        };
        for &j in view.successors(q) {
            if index(j).is_some() {
                merging |= enter(j, v, &mut queue);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let (i, w) = queue[head];
            head += 1;
            *budget = budget.checked_sub(1)?;
            for &j in view.successors(region[i]) {
                merging |= match exit_index(j) {
                    Some(k) => reach(k, w, &mut exits),
                    None => enter(j, w, &mut queue),
                };
            }
        }
        if exits.iter().map(|e| e.cells.len()).sum::<usize>() > MAX_ENTRIES {
            return None;
        }
    }
    for e in &mut exits {
        e.offsets.push(e.cells.len() as u32);
    }
    Some((exits, merging))
}
