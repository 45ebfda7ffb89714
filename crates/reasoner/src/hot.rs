//! The flags the move generator reads per state once the program is built (`Program::hot`,
//! `flat`, `direct_level`, and the row entries' `drops`, `moves`, `mask`, `row_self`): which
//! states end a move, run at once, can be scanned from a region row.

use crate::program::{
    Entry, Hot, Op, Program, ACCEPT, FLAT_MIXED, FLAT_NO, FLAT_RUNS, FLAT_TESTS, NONE,
};

pub(crate) fn plan(prog: &mut Program) {
    hot_flags(prog);
    flat_kinds(prog);
    drop_entries(prog);
    scan_flags(prog);
}

/// Per state: what its action is and whether it ends a move, runs its successors at once
/// (`direct`) or drops a piece on each of them (`drops`).
fn hot_flags(prog: &mut Program) {
    let ends_move = |prog: &Program, k: u32| {
        let k = k as usize;
        matches!(prog.ops[k], Op::Off { .. })
            && !prog.accepting[k]
            && prog.table[k] == NONE
            && prog
                .succ_of(k as u32)
                .iter()
                .all(|&s| matches!(prog.ops[s as usize], Op::Switch { .. }))
    };
    prog.hot = (0..prog.nstates())
        .map(|q| {
            let op = prog.ops[q];
            let modifier = matches!(op, Op::Off { .. } | Op::Assign { .. });
            let succ = prog.succ_of(q as u32);
            let plain = !prog.accepting[q] && prog.table[q] == NONE;
            Hot {
                op,
                check: match prog.check[q] {
                    NONE => NONE,
                    c => c * prog.nvertices as u32,
                },
                accepting: prog.accepting[q],
                ends_move: modifier
                    && plain
                    && succ
                        .iter()
                        .all(|&k| matches!(prog.ops[k as usize], Op::Switch { .. })),
                direct: !modifier
                    && !matches!(op, Op::Switch { .. } | Op::Start)
                    && plain
                    && succ.iter().all(|&k| {
                        matches!(
                            prog.ops[k as usize],
                            Op::Off { .. } | Op::Assign { .. } | Op::Switch { .. }
                        )
                    }),
                drops: !modifier
                    && !matches!(op, Op::Switch { .. } | Op::Start)
                    && plain
                    && succ.iter().all(|&k| ends_move(prog, k)),
                scan: false,
                prescan: false,
                scan_unique: false,
            }
        })
        .collect();
}

/// Per state: whether its successors (or its table row's entries) are all tests, all run at
/// once, both, or neither (`FLAT_*`).
fn flat_kinds(prog: &mut Program) {
    let runs_now = |j: u32| {
        matches!(
            prog.ops[j as usize],
            Op::Off { .. } | Op::Assign { .. } | Op::Switch { .. }
        )
    };
    prog.flat = (0..prog.nstates())
        .map(|q| {
            let t = prog.table[q];
            // (is a test, runs at once) per successor or row entry
            let kinds: Vec<(bool, bool)> = if t == NONE {
                prog.succ_of(q as u32)
                    .iter()
                    .map(|&j| (prog.hot[j as usize].direct, runs_now(j)))
                    .collect()
            } else {
                let (lo, hi) = (
                    prog.rows[t as usize],
                    prog.rows[t as usize + prog.nvertices],
                );
                prog.row_entries[lo as usize..hi as usize]
                    .iter()
                    .map(|e| (e.j != ACCEPT && prog.hot[e.j as usize].direct, e.runs_now))
                    .collect()
            };
            if !kinds.iter().all(|&(test, runs)| test || runs) {
                FLAT_NO
            } else {
                match (kinds.iter().any(|k| k.0), kinds.iter().any(|k| k.1)) {
                    (true, true) => FLAT_MIXED,
                    (true, false) => FLAT_TESTS,
                    _ => FLAT_RUNS,
                }
            }
        })
        .collect();
}

/// Row entries that drop a piece, merged where they agree; mixed rows' modifiers masked out;
/// the levels that run as direct calls.
fn drop_entries(prog: &mut Program) {
    for e in &mut prog.row_entries {
        e.drops = e.j != ACCEPT
            && matches!(prog.ops[e.j as usize], Op::On(_))
            && prog.hot[e.j as usize].drops;
    }
    merge_drops(prog);
    // In mixed tables, modifiers get an empty mask so the pass over the tests skips them
    // (`Core::flat_row`).
    for q in 0..prog.nstates() {
        let t = prog.table[q];
        if t != NONE && prog.flat[q] == FLAT_MIXED {
            let (lo, hi) = (
                prog.rows[t as usize],
                prog.rows[t as usize + prog.nvertices],
            );
            for e in &mut prog.row_entries[lo as usize..hi as usize] {
                if e.runs_now {
                    e.mask = 0;
                }
            }
        }
    }
    prog.direct_level = (0..prog.nstates())
        .map(|q| !prog.accepting[q] && prog.full_class[q] == NONE && prog.flat[q] != FLAT_NO)
        .collect();
}

/// Offs whose row is all drops can be scanned (`scan`, `prescan`, `scan_unique`); each row
/// says whether it holds its own vertex (`row_self`).
fn scan_flags(prog: &mut Program) {
    for q in 0..prog.nstates() {
        let t = prog.table[q];
        prog.hot[q].scan = matches!(prog.ops[q], Op::Off { .. })
            && t != NONE
            && !prog.accepting[q]
            && prog.full_class[q] == NONE
            && {
                let (lo, hi) = (
                    prog.rows[t as usize],
                    prog.rows[t as usize + prog.nvertices],
                );
                prog.row_entries[lo as usize..hi as usize]
                    .iter()
                    .all(|e| e.drops)
            };
    }
    for q in 0..prog.nstates() {
        // The level of an off with a table starts from the table's row only when the off's
        // successors are all shifts (otherwise non-shift successors run at `v` too).
        prog.hot[q].prescan = matches!(prog.ops[q], Op::Off { .. })
            && prog.table[q] != NONE
            && !prog.accepting[q]
            && prog.full_class[q] == NONE
            && prog
                .succ_of(q as u32)
                .iter()
                .all(|&k| prog.ops[k as usize].is_shift());
    }
    for i in 0..prog.row_entries.len() {
        let e = prog.row_entries[i];
        if e.drops {
            prog.row_entries[i].moves = prog
                .succ_of(e.j)
                .iter()
                .map(|&k| prog.succ_of(k).len() as u32)
                .sum();
        }
    }
    for q in 0..prog.nstates() {
        if !prog.hot[q].scan {
            continue;
        }
        let t = prog.table[q] as usize;
        prog.hot[q].scan_unique = (0..prog.nvertices).all(|v| {
            let mut seen: Vec<(u32, u32)> = prog.row_entries
                [prog.rows[t + v] as usize..prog.rows[t + v + 1] as usize]
                .iter()
                .flat_map(|e| prog.succ_of(e.j).iter().map(move |&k| (k, e.w)))
                .collect();
            let n = seen.len();
            seen.sort_unstable();
            seen.dedup();
            seen.len() == n
        });
    }
    prog.row_self = vec![false; prog.rows.len()];
    for q in 0..prog.nstates() {
        let t = prog.table[q];
        if t == NONE {
            continue;
        }
        for v in 0..prog.nvertices {
            let r = t as usize + v;
            prog.row_self[r] = prog.row_entries[prog.rows[r] as usize..prog.rows[r + 1] as usize]
                .iter()
                .any(|e| e.w as usize == v);
        }
    }
}

/// Joins the `drops` entries of a region row that sit at the same vertex and lead to the same
/// offs (`{empty}` and `{opp}` at a destination, both followed by the drop): one entry whose
/// mask is the union. The offs' marks still keep each move to one report, and row loops take
/// a `drops` entry's mask as its whole test.
fn merge_drops(prog: &mut Program) {
    let nv = prog.nvertices;
    let old_rows = std::mem::take(&mut prog.rows);
    let old_entries = std::mem::take(&mut prog.row_entries);
    let mut rows = Vec::with_capacity(old_rows.len());
    let mut entries: Vec<Entry> = Vec::with_capacity(old_entries.len());
    for q in 0..prog.nstates() {
        let t = prog.table[q];
        if t == NONE {
            continue;
        }
        prog.table[q] = rows.len() as u32;
        for v in 0..nv {
            let start = entries.len();
            rows.push(start as u32);
            let (lo, hi) = (old_rows[t as usize + v], old_rows[t as usize + v + 1]);
            for &e in &old_entries[lo as usize..hi as usize] {
                if e.drops {
                    let succ = prog.succ_of(e.j);
                    if let Some(m) = entries[start..]
                        .iter_mut()
                        .find(|m| m.drops && m.w == e.w && prog.succ_of(m.j) == succ)
                    {
                        m.mask |= e.mask;
                        continue;
                    }
                }
                entries.push(e);
            }
        }
        rows.push(entries.len() as u32);
    }
    prog.rows = rows;
    prog.row_entries = entries;
}
