//! Levels evaluated as sets of vertices: an amazon's arrow, shot along any of eight rays of
//! empty squares, becomes a few bit-set operations per ray instead of a walk with a branch
//! per square.
//!
//! A level of shifts and piece tests only, ending in switches, reports the move `(m, w)` for
//! every vertex `w` at which it reaches a switch. Per state `j` of the level, the set `F(j)`
//! of vertices at which the walk from `(q, v)` reaches `j` is, forwards from `F(q) = {v}`,
//! the step of `j` applied to the union of its predecessors' sets: a test intersects with the
//! pieces' bitboards, a shift moves the set by its direction's offset (rectangular boards)
//! after masking it with the vertices having that neighbour. A cycle must be a ray: shifts
//! and one test, entered after the test; its test's set is the occluded fill of the ray's
//! input (Kogge-Stone: doubling steps, no branch per square). Any other cycle keeps the walk.
//!
//! A level whose entry is a shift table's root (connect4's `->me down* up^5 (left* + right*)
//! {e}`) starts its exits from the table's cells as sets (`TS{t}_{x}[v]`, one per vertex)
//! instead of a loop over the cells with a branch and a stored move each.
//!
//! The walk reports each move once (marks), so the sets report the same moves, in ascending
//! order per switch instead of the walk's order. Order matters only to a sink that stops at
//! the first move: the keeper's. A level that may run for the keeper keeps the walk.
//!
//! This file plans the levels (part of `Gen::new`); `write` writes their code.

use super::*;
use crate::tables::ShiftTable;

mod write;

/// Largest level body (states) evaluated as sets.
const MAX_REACH_STATES: usize = 64;

/// Largest board (words of 64 vertices) whose levels are evaluated as sets.
const MAX_REACH_WORDS: usize = 8;

/// How a level is evaluated as sets: its items in order, predecessors first.
#[derive(Clone, Debug)]
pub(super) struct ReachLevel {
    items: Vec<Item>,
    /// The level's switch states, each reported from the union of its predecessors' sets.
    switches: Vec<u32>,
    /// The shift table the level's entry is the root of: its exits start from its cells.
    table: Option<usize>,
}

#[derive(Clone, Debug)]
enum Item {
    /// A shift or a test outside cycles: its step applied to the union of its predecessors.
    State(u32),
    /// A ray's cycle: the set of its test state, from the sets entering its first shift.
    Ray(Ray),
}

#[derive(Clone, Debug)]
struct Ray {
    /// The cycle's shift entered from outside, and the test closing it.
    entry: u32,
    test: u32,
    /// The cycle's directions from `entry` to `test`, and their total offset.
    dirs: Vec<u32>,
    offset: i64,
    /// Doubling steps of the fill: `2^steps - 1` is at least the longest ray.
    steps: u32,
    /// The ray's first pass written out before its star (`dir {e} (dir {e})*`): its shifts
    /// and test, folded into the fill, which then starts before them (`fold_first_pass`).
    first: Option<(Vec<u32>, u32)>,
}

/// Per state: the plan evaluating its level as sets, for entry states whose level allows it.
#[allow(clippy::too_many_arguments)]
pub(super) fn reach_levels(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    is_entry: &dyn Fn(u32) -> bool,
    in_pattern: &[bool],
    offsets: &[Option<i64>],
    preds: &[Vec<u32>],
    keeper: &[bool],
    tables: &[ShiftTable],
    table_at: &[Option<usize>],
) -> Vec<Option<ReachLevel>> {
    let n = view.nstates();
    if view.nvertices() == 0 || view.nvertices().div_ceil(64) > MAX_REACH_WORDS {
        return vec![None; n];
    }
    (0..n as u32)
        .map(|q| {
            let usable = is_entry(q) && !in_pattern[q as usize] && !keeper[q as usize];
            let table = table_at[q as usize];
            usable
                .then(|| {
                    reach_level(
                        view,
                        actions,
                        is_entry,
                        offsets,
                        preds,
                        q,
                        table.map(|t| &tables[t]),
                    )
                })
                .flatten()
                .map(|plan| ReachLevel { table, ..plan })
        })
        .collect()
}

/// The level from entry `q` as sets, if it holds only shifts along uniform offsets, piece
/// tests, cycles that are rays, and switches where it ends.
fn reach_level(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    is_entry: &dyn Fn(u32) -> bool,
    offsets: &[Option<i64>],
    preds: &[Vec<u32>],
    q: u32,
    table: Option<&ShiftTable>,
) -> Option<ReachLevel> {
    let mut body: Vec<u32> = Vec::new();
    let mut switches: Vec<u32> = Vec::new();
    let mut stack: Vec<u32> = match table {
        // The table's region is walked by the table: the level goes on from its exits.
        Some(t) => {
            let exits: Vec<u32> = t.exits.iter().map(|e| e.state).collect();
            let known = |j: &u32| t.region.contains(j) || exits.contains(j);
            if !view.successors(q).iter().all(known) {
                return None;
            }
            exits
        }
        None => view.successors(q).to_vec(),
    };
    while let Some(j) = stack.pop() {
        if body.contains(&j) || switches.contains(&j) {
            continue;
        }
        if view.accepting(j) {
            return None;
        }
        match &actions[j as usize] {
            ActionView::Switch { .. } if is_entry(j) => {
                switches.push(j);
                continue;
            }
            ActionView::Shift { dir } if offsets[*dir as usize].is_some() => {}
            ActionView::On { .. } => {}
            _ => return None,
        }
        if is_entry(j) || body.len() == MAX_REACH_STATES {
            return None;
        }
        body.push(j);
        stack.extend_from_slice(view.successors(j));
    }
    if switches.is_empty() {
        return None;
    }
    let pos = |s: u32| body.iter().position(|&b| b == s);
    let edges: Vec<Vec<usize>> = body
        .iter()
        .map(|&s| view.successors(s).iter().filter_map(|&j| pos(j)).collect())
        .collect();
    let comp = ir::graph::sccs(&edges);
    let ncomp = comp.iter().max().map_or(0, |&c| c + 1);
    let mut items = Vec::new();
    // Components are numbered successors first: predecessors first is the reverse.
    for c in (0..ncomp).rev() {
        let members: Vec<u32> = (0..body.len())
            .filter(|&i| comp[i] == c)
            .map(|i| body[i])
            .collect();
        let s = members[0];
        if members.len() == 1 && !view.successors(s).contains(&s) {
            items.push(Item::State(s));
        } else {
            items.push(Item::Ray(ray(
                view, actions, offsets, preds, q, &body, &members,
            )?));
        }
    }
    let in_level = |p: u32| p == q || body.contains(&p);
    let mut folded: Vec<u32> = Vec::new();
    for item in &mut items {
        if let Item::Ray(r) = item {
            let cycle: Vec<u32> = body
                .iter()
                .copied()
                .filter(|&s| {
                    comp[pos(s).expect("a body state")] == comp[pos(r.test).expect("a body state")]
                })
                .collect();
            let preds_in = |s: u32| -> Vec<u32> {
                preds[s as usize]
                    .iter()
                    .copied()
                    .filter(|&p| in_level(p))
                    .collect()
            };
            fold_first_pass(view, actions, &preds_in, r, &cycle);
            if let Some((chain, b)) = &r.first {
                folded.extend(chain);
                folded.push(*b);
            }
        }
    }
    // The folded states' sets come from their rays (the first pass's test: empty).
    items.retain(|i| !matches!(i, Item::State(j) if folded.contains(j)));
    // Without a ray the walk takes a branch or two per move and needs no set operations
    // (a breakthrough pawn's three steps, a level that is only a switch).
    let rays = items.iter().any(|i| matches!(i, Item::Ray(_)));
    (rays || table.is_some()).then_some(ReachLevel {
        items,
        switches,
        table: None,
    })
}

/// The cycle `members` as a ray: one test, shifts that lead only to the next state, entered
/// from outside only at the shift after the test, with a nonzero total offset.
fn ray(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    offsets: &[Option<i64>],
    preds: &[Vec<u32>],
    q: u32,
    body: &[u32],
    members: &[u32],
) -> Option<Ray> {
    let tests: Vec<u32> = members
        .iter()
        .copied()
        .filter(|&s| matches!(actions[s as usize], ActionView::On { .. }))
        .collect();
    let [test] = tests[..] else {
        return None;
    };
    let inside = |s: u32| members.contains(&s);
    let next = |s: u32| -> Option<u32> {
        let mut it = view.successors(s).iter().copied().filter(|&j| inside(j));
        let j = it.next()?;
        it.next().is_none().then_some(j)
    };
    let entry = next(test)?;
    let (mut dirs, mut offset, mut s) = (Vec::new(), 0i64, entry);
    while s != test {
        let ActionView::Shift { dir } = actions[s as usize] else {
            return None;
        };
        // A shift's only way on is the next state of the cycle.
        if view.successors(s).len() != 1 {
            return None;
        }
        dirs.push(dir);
        offset += offsets[dir as usize]?;
        s = next(s)?;
        if dirs.len() > members.len() {
            return None;
        }
    }
    if dirs.len() + 1 != members.len() || offset == 0 {
        return None;
    }
    // From outside the cycle (the level's entry or its other states), only `entry`.
    for &m in members {
        let outside = preds[m as usize]
            .iter()
            .any(|&p| p == q || (body.contains(&p) && !inside(p)));
        if outside && m != entry {
            return None;
        }
    }
    let longest = longest_ray(view, &dirs);
    let steps = (u64::BITS - longest.leading_zeros()).max(1);
    Some(Ray {
        entry,
        test,
        dirs,
        offset,
        steps,
        first: None,
    })
}

/// Folds a ray's written-out first pass into its fill: the entry's only way in from
/// outside the cycle is a test `b` with the ray's pieces, reached only through a chain of
/// shifts along the ray's directions, and `b` leads where the ray's test leads. Then
/// `F(b) ∪ F(test)` is the fill from before the chain, so `b` gets the empty set and the
/// test that union: every state reading one reads the other.
fn fold_first_pass(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    preds_in: &dyn Fn(u32) -> Vec<u32>,
    r: &mut Ray,
    cycle: &[u32],
) {
    let [b] = preds_in(r.entry)
        .into_iter()
        .filter(|p| !cycle.contains(p))
        .collect::<Vec<_>>()[..]
    else {
        return;
    };
    if actions[b as usize] != actions[r.test as usize] {
        return;
    }
    let exits = |s: u32| -> Vec<u32> {
        let mut e: Vec<u32> = view
            .successors(s)
            .iter()
            .copied()
            .filter(|&j| j != r.entry)
            .collect();
        e.sort_unstable();
        e
    };
    if exits(b) != exits(r.test) {
        return;
    }
    // Back from `b`: one shift per direction, each the only way into the next.
    let mut chain = Vec::new();
    let mut s = b;
    for &dir in r.dirs.iter().rev() {
        let [p] = preds_in(s)[..] else {
            return;
        };
        if actions[p as usize] != (ActionView::Shift { dir }) || view.successors(p) != [s] {
            return;
        }
        chain.push(p);
        s = p;
    }
    chain.reverse();
    r.first = Some((chain, b));
}

/// The most steps along `dirs` (taken together) any vertex can make on the board. Each step
/// moves by the same nonzero offset, so no walk comes back.
fn longest_ray(view: &ProgramView<'_>, dirs: &[u32]) -> u64 {
    let step = |v: u32| dirs.iter().try_fold(v, |w, &d| view.neighbour(w, d));
    let nv = view.nvertices() as u64;
    (0..nv as u32)
        .map(|v| {
            let (mut w, mut n) = (v, 0);
            while let (Some(x), true) = (step(w), n < nv) {
                (w, n) = (x, n + 1);
            }
            n
        })
        .max()
        .unwrap_or(0)
}
