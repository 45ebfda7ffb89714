//! Shift regions and visited marks, the two precomputations behind the move generator's
//! speed (see `compile`'s module docs): region tables per (state, vertex), whole-board
//! classes, and which states can skip the visited array.

use crate::program::{Entry, Op, Program, ACCEPT, NONE};
use std::collections::HashMap;

/// Budget of shift-region table entries (pairs of u32); regions beyond it are walked at run time.
const REGION_BUDGET: usize = 8 << 20;

/// Tabulates the shift regions (see the module docs). Returns, for every shift state, the
/// tabled roots whose region contains it.
pub(crate) fn build_regions(prog: &mut Program) -> Vec<Vec<u32>> {
    let n = prog.nstates();
    let nv = prog.nvertices;
    // Class of each state: its non-shift successors and whether it accepts.
    let mut classes: HashMap<(Vec<u32>, bool), u32> = HashMap::new();
    let mut class_of = vec![NONE; n];
    let mut class_lists: Vec<(Vec<u32>, bool)> = Vec::new();
    #[allow(clippy::needless_range_loop)]
    for q in 0..n {
        let non_shift: Vec<u32> = prog
            .succ_of(q as u32)
            .iter()
            .copied()
            .filter(|&j| !prog.ops[j as usize].is_shift())
            .collect();
        let acc = prog.accepting[q];
        if non_shift.is_empty() && !acc {
            continue;
        }
        let key = (non_shift, acc);
        let next = class_lists.len() as u32;
        let c = *classes.entry(key.clone()).or_insert_with(|| {
            class_lists.push(key);
            next
        });
        class_of[q] = c;
    }
    let roots: Vec<u32> = (0..n as u32)
        .filter(|&q| {
            !prog.ops[q as usize].is_shift()
                && prog
                    .succ_of(q)
                    .iter()
                    .any(|&j| prog.ops[j as usize].is_shift())
        })
        .collect();
    let mut roots_of: Vec<Vec<u32>> = vec![Vec::new(); n];
    // The construction's scratch arrays are states × vertices: on huge products walk at run
    // time instead (no tables; every state after a shift keeps its visited mark).
    if roots.is_empty() || nv == 0 || n.saturating_mul(nv) > 1 << 26 {
        return roots_of;
    }
    let mut seen = vec![0u32; n * nv];
    let mut seen_class = vec![0u32; class_lists.len().max(1) * nv];
    let mut stamp = 0u32;
    let mut queue: Vec<(u32, u32)> = Vec::new();
    let mut rows = Vec::new();
    let mut entries: Vec<(u32, u32)> = Vec::new();
    let mut in_region: Vec<u32> = Vec::new();
    let mut per_class = vec![0usize; class_lists.len()];
    let mut region_mark = vec![0u32; n];
    let mut root_stamp = 0u32;
    for &q in &roots {
        let base = rows.len();
        let entries_before = entries.len();
        let mut over = false;
        in_region.clear();
        root_stamp += 1;
        for v in 0..nv as u32 {
            rows.push(entries.len() as u32);
            stamp += 1;
            queue.clear();
            queue.push((q, v));
            seen[q as usize * nv + v as usize] = stamp;
            let mut i = 0;
            while i < queue.len() {
                let (s, w) = queue[i];
                i += 1;
                let c = class_of[s as usize];
                if c != NONE && seen_class[c as usize * nv + w as usize] != stamp {
                    seen_class[c as usize * nv + w as usize] = stamp;
                    entries.push((c, w));
                }
                for &j in prog.succ_of(s) {
                    if let Op::Shift(d) = prog.ops[j as usize] {
                        let t = prog.nb[w as usize * prog.ndirs + d as usize];
                        if t != NONE && seen[j as usize * nv + t as usize] != stamp {
                            seen[j as usize * nv + t as usize] = stamp;
                            queue.push((j, t));
                            if region_mark[j as usize] != root_stamp {
                                region_mark[j as usize] = root_stamp;
                                in_region.push(j);
                            }
                        }
                    }
                }
            }
            if entries.len() > REGION_BUDGET {
                over = true;
                break;
            }
        }
        if over {
            rows.truncate(base);
            entries.truncate(entries_before);
            // Walked at run time: count it in every shift state's roots, which makes all
            // states after shifts keep their visited marks.
            for (s, r) in roots_of.iter_mut().enumerate() {
                if prog.ops[s].is_shift() {
                    r.push(q);
                }
            }
            continue;
        }
        rows.push(entries.len() as u32);
        prog.table[q as usize] = base as u32;
        for &s in &in_region {
            roots_of[s as usize].push(q);
        }
        // A class present at every vertex of every row is expanded over the whole board.
        for &(c, _) in &entries[entries_before..] {
            per_class[c as usize] += 1;
        }
        let mut full = None;
        for &(c, _) in &entries[entries_before..] {
            if per_class[c as usize] == nv * nv {
                full = Some(full.map_or(c, |f: u32| f.min(c)));
            }
        }
        for &(c, _) in &entries[entries_before..] {
            per_class[c as usize] = 0;
        }
        if let Some(c) = full {
            prog.full_class[q as usize] = c;
            let kept: Vec<(u32, u32)> = (0..nv)
                .flat_map(|v| {
                    let (lo, hi) = (rows[base + v] as usize, rows[base + v + 1] as usize);
                    entries[lo..hi]
                        .iter()
                        .copied()
                        .filter(|e| e.0 != c)
                        .map(move |e| (v, e))
                })
                .map(|(_, e)| e)
                .collect();
            // Rebuild this table's rows without class c.
            let mut counts = vec![0u32; nv];
            for v in 0..nv {
                let (lo, hi) = (rows[base + v] as usize, rows[base + v + 1] as usize);
                counts[v] = entries[lo..hi].iter().filter(|e| e.0 != c).count() as u32;
            }
            entries.truncate(entries_before);
            entries.extend(kept);
            let mut at = entries_before as u32;
            for v in 0..nv {
                rows[base + v] = at;
                at += counts[v];
            }
            rows[base + nv] = at;
        }
    }
    prog.rows = rows;
    prog.entries = entries;
    for (list, acc) in class_lists {
        prog.class_succ.extend_from_slice(&list);
        prog.class_start.push(prog.class_succ.len() as u32);
        prog.class_accepting.push(acc);
    }
    roots_of
}

/// Rewrites region rows from (class, vertex) to (successor, vertex) pairs, so the inner loop
/// needs no class indirection.
pub(crate) fn expand_classes(prog: &mut Program) {
    let nv = prog.nvertices;
    let mut rows = Vec::with_capacity(prog.rows.len());
    let mut entries = Vec::with_capacity(prog.entries.len());
    for q in 0..prog.nstates() {
        let base = prog.table[q];
        if base == NONE {
            continue;
        }
        prog.table[q] = rows.len() as u32;
        for v in 0..nv {
            rows.push(entries.len() as u32);
            let (lo, hi) = (
                prog.rows[base as usize + v] as usize,
                prog.rows[base as usize + v + 1] as usize,
            );
            for &(c, w) in &prog.entries[lo..hi] {
                if prog.class_accepting[c as usize] {
                    entries.push(Entry {
                        j: ACCEPT,
                        w,
                        mask: u64::MAX,
                        runs_now: false,
                        drops: false,
                        moves: 0,
                    });
                }
                for &j in prog.class_succ_of(c) {
                    let op = prog.ops[j as usize];
                    let mask = match op {
                        Op::On(mask) => mask,
                        _ => u64::MAX,
                    };
                    let runs_now =
                        matches!(op, Op::Off { .. } | Op::Assign { .. } | Op::Switch { .. });
                    entries.push(Entry {
                        j,
                        w,
                        mask,
                        runs_now,
                        drops: false,
                        moves: 0,
                    });
                }
            }
        }
        rows.push(entries.len() as u32);
    }
    prog.rows = rows;
    prog.entries = Vec::new();
    prog.row_entries = entries;
}

/// Decides which states need a visited mark (see the module docs). A state reached only
/// through one vertex-preserving predecessor that is itself reached at most once per level
/// needs none; so does one reached only from the shift region of a single level-entry state
/// (modifiers, switches and start states are visited once per level, as its entry) through
/// states of one class, because a region row lists each (class, vertex) once.
pub(crate) fn choose_checks(prog: &mut Program, roots_of: &[Vec<u32>]) {
    let n = prog.nstates();
    let mut plain_preds = vec![0u32; n];
    let mut shift_preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for p in 0..n as u32 {
        for &j in prog.succ_of(p) {
            if prog.ops[p as usize].is_shift() {
                shift_preds[j as usize].push(p);
            } else {
                plain_preds[j as usize] += 1;
            }
        }
    }
    let is_entry = |q: u32| {
        matches!(
            prog.ops[q as usize],
            Op::Start | Op::Off { .. } | Op::Assign { .. } | Op::Switch { .. }
        )
    };
    let class_of_succ = |s: u32| -> Vec<u32> {
        prog.succ_of(s)
            .iter()
            .copied()
            .filter(|&j| !prog.ops[j as usize].is_shift())
            .collect()
    };
    let mut check = vec![NONE; n];
    let mut n_checked = 0;
    for j in 0..n {
        let sp = &shift_preds[j];
        let unique = if prog.ops[j].is_shift() {
            false
        } else if sp.is_empty() {
            plain_preds[j] <= 1
        } else {
            plain_preds[j] == 0
                && sp.iter().all(|&s| {
                    roots_of[s as usize].len() == 1
                        && roots_of[s as usize] == roots_of[sp[0] as usize]
                        && prog.table[roots_of[s as usize][0] as usize] != NONE
                        && is_entry(roots_of[s as usize][0])
                        && class_of_succ(s) == class_of_succ(sp[0])
                        && prog.accepting[s as usize] == prog.accepting[sp[0] as usize]
                })
        };
        if !unique {
            check[j] = n_checked as u32;
            n_checked += 1;
        }
    }
    prog.check = check;
    prog.n_checked = n_checked;
}
