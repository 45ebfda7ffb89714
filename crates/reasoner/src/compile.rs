//! IR → [`Program`]: every automaton (the rules, and the body of each pattern) becomes an
//! ε-free NFA over indexed actions, all in one flat state space.
//!
//! The construction is Thompson's NFA with its ε-closure precomputed, i.e. the position
//! (Glushkov) automaton: one state per indexed action ("that action was just applied"), plus
//! one start state per automaton. State `j`'s successor list holds the actions that may follow
//! it; taking action `j` always leads to state `j`, so a successor list is just a list of state
//! ids and the action to run is `ops[j]`. The paper's rules index of a game state is such a
//! state id (0 = the start of the rules).
//!
//! Two things are precomputed for the move generator:
//! * `check`: which states need a visited mark. A state reached by a single predecessor through
//!   a vertex-preserving action can be reached at most once per modifier sequence if its
//!   predecessor is, so only merge points (several predecessors) and everything reached
//!   through shifts pay for the visited array.
//! * shift regions: the board never changes, so for a state `q` followed by shifts (e.g.
//!   `anySquare = (left*+right*)(up*+down*)`) the set of (state, vertex) reachable from
//!   `(q, v)` by shifts alone is a constant. It is tabulated per vertex, grouped by the
//!   non-shift successor list of the states reached ("classes"), so a DFS node jumps straight
//!   to the 64 squares instead of walking there.

use crate::arith::compile_arith;
use crate::chains::build_chains;
use crate::error::CompileError;
use crate::follow::{follow_sets, Follow};
use crate::keeper::deterministic_keepers;
use crate::program::{
    Entry, Hot, Op, Program, ACCEPT, FLAT_MIXED, FLAT_NO, FLAT_RUNS, FLAT_TESTS, NONE,
};
use crate::regions::{build_regions, choose_checks, expand_classes};
use crate::Options;
use ir::{Action, Game, Node, SwitchTarget};
use std::collections::HashMap;

/// Largest visited array per search level (u32 stamps; 64 MiB).
const MAX_VISITED: usize = 1 << 24;

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

pub(crate) fn compile(game: &Game, opts: &Options) -> Result<Program, CompileError> {
    let region_tables = opts.region_tables;
    let errors = ir::validate::validate(game);
    if !errors.is_empty() {
        return Err(CompileError::Invalid(errors));
    }
    let rules = &game.rules;
    let npieces = game.pieces.len();
    if npieces > u16::MAX as usize {
        return Err(CompileError::TooLarge(format!(
            "{npieces} pieces (at most {})",
            u16::MAX
        )));
    }
    let nvertices = game.board.vertex_count();
    let ndirs = game.board.direction_count();
    if nvertices.saturating_mul(ndirs.max(1)) >= NONE as usize {
        return Err(CompileError::TooLarge(format!(
            "{nvertices} vertices × {ndirs} directions"
        )));
    }
    let nplayers = game.players.len() as u32;

    // 1. States in text order (pre-order): 0 is the start of the rules; a pattern's start
    //    state comes right after the pattern's own state.
    let mut state_of = vec![NONE; rules.len()];
    let mut pattern_start = vec![NONE; rules.len()];
    let mut node = vec![rules.root()];
    let mut stack = vec![rules.root()];
    while let Some(id) = stack.pop() {
        match rules.node(id) {
            Node::Action(a) => {
                state_of[id.index()] = node.len() as u32;
                node.push(id);
                if let Action::Pattern { body, .. } = a {
                    pattern_start[id.index()] = node.len() as u32;
                    node.push(id);
                    stack.push(*body);
                }
            }
            Node::Concat(ch) | Node::Sum(ch) => stack.extend(ch.iter().rev()),
            Node::Star(c) => stack.push(*c),
        }
    }
    let nstates = node.len();
    if nstates >= NONE as usize / 2 {
        return Err(CompileError::TooLarge(format!("{nstates} NFA states")));
    }

    // Structural classes of sub-expressions (interned by their children's classes), so equal
    // pattern bodies can share cached results.
    let mut interned: HashMap<String, u32> = HashMap::new();
    let mut class_of_node = vec![0u32; rules.len()];
    for id in rules.postorder() {
        let key = match rules.node(id) {
            Node::Action(Action::Pattern { positive, body }) => {
                format!("P{positive}{}", class_of_node[body.index()])
            }
            Node::Action(a) => format!("A{a:?}"),
            Node::Concat(ch) => format!(
                "C{:?}",
                ch.iter()
                    .map(|c| class_of_node[c.index()])
                    .collect::<Vec<_>>()
            ),
            Node::Sum(ch) => format!(
                "S{:?}",
                ch.iter()
                    .map(|c| class_of_node[c.index()])
                    .collect::<Vec<_>>()
            ),
            Node::Star(c) => format!("*{}", class_of_node[c.index()]),
        };
        let next = interned.len() as u32;
        class_of_node[id.index()] = *interned.entry(key).or_insert(next);
    }
    // Dense ids for the classes that are pattern bodies.
    let mut body_class = vec![NONE; rules.len()];
    let mut dense: HashMap<u32, u32> = HashMap::new();
    for id in rules.postorder() {
        if let Node::Action(Action::Pattern { body, .. }) = rules.node(id) {
            let next = dense.len() as u32;
            body_class[body.index()] = *dense.entry(class_of_node[body.index()]).or_insert(next);
        }
    }
    let npattern_classes = dense.len();

    // 2. Actions.
    let mut exprs = Vec::new();
    let mut on_table = Vec::new();
    let mut ops = vec![Op::Start; nstates];
    for (s, &id) in node.iter().enumerate() {
        if state_of[id.index()] != s as u32 {
            continue; // a pattern's start state
        }
        let Node::Action(a) = rules.node(id) else {
            unreachable!("states are actions")
        };
        let modifier = rules.modifier_index(id).unwrap_or(0);
        ops[s] = match a {
            Action::Shift(d) => Op::Shift(d.0),
            Action::On(set) if npieces <= 64 => {
                Op::On(set.iter().fold(0u64, |m, p| m | (1u64 << p.0)))
            }
            Action::On(set) => {
                let off = on_table.len() as u32;
                on_table.extend(std::iter::repeat_n(false, npieces));
                for p in set {
                    on_table[off as usize + p.index()] = true;
                }
                Op::OnSet(off)
            }
            Action::Off(p) => Op::Off {
                piece: p.0 as u16,
                modifier,
            },
            Action::Assign { var, value } => Op::Assign {
                var: var.0,
                expr: compile_arith(value, &mut exprs),
                modifier,
            },
            Action::Compare { left, op, right } => Op::Compare {
                left: compile_arith(left, &mut exprs),
                op: *op,
                right: compile_arith(right, &mut exprs),
            },
            Action::Switch(SwitchTarget::Player(p)) => Op::Switch {
                player: p.0,
                modifier,
            },
            Action::Switch(SwitchTarget::Keeper) => Op::Switch {
                player: nplayers,
                modifier,
            },
            Action::Pattern { positive, body } => Op::Pattern {
                start: pattern_start[id.index()],
                positive: *positive,
                class: body_class[body.index()],
            },
        };
    }

    // 3. Glushkov follow sets, under `Options::follow_limit`.
    let Follow {
        sets: follow,
        accepting,
    } = follow_sets(game, &state_of, &pattern_start, nstates, opts.follow_limit)?;

    let mut succ_start = Vec::with_capacity(nstates + 1);
    let mut succ = Vec::new();
    for f in &follow {
        succ_start.push(succ.len() as u32);
        succ.extend_from_slice(f);
    }
    succ_start.push(succ.len() as u32);

    let mut nb = vec![NONE; nvertices * ndirs];
    for (i, t) in game.board.edge_table().iter().enumerate() {
        if let Some(t) = t {
            nb[i] = t.0;
        }
    }

    let mut mod_state = vec![NONE; rules.modifier_count() + 1];
    for (i, id) in rules.modifiers().iter().enumerate() {
        mod_state[i + 1] = state_of[id.index()];
    }

    let mut prog = Program {
        ops,
        node,
        succ_start,
        succ,
        check: vec![NONE; nstates],
        n_checked: 0,
        accepting,
        exprs,
        on_table,
        table: vec![NONE; nstates],
        full_class: vec![NONE; nstates],
        rows: Vec::new(),
        entries: Vec::new(),
        row_entries: Vec::new(),
        row_self: Vec::new(),
        hot: Vec::new(),
        class_start: vec![0],
        class_succ: Vec::new(),
        class_accepting: Vec::new(),
        nb,
        ndirs,
        nvertices,
        npieces,
        nplayers,
        bounds: game.variables.iter().map(|v| v.bound).collect(),
        mod_state,
        initial: game.board.initial.iter().map(|p| p.0 as u16).collect(),
        straightness: ir::analysis::strong_straightness(rules).finite(),
        npattern_classes,
        chain: Vec::new(),
        chain_nest: Vec::new(),
        links: Vec::new(),
        flat: Vec::new(),
        keeper_det: Vec::new(),
        direct_level: Vec::new(),
    };
    build_chains(&mut prog);
    let roots_of = if region_tables {
        build_regions(&mut prog)
    } else {
        vec![Vec::new(); prog.nstates()]
    };
    choose_checks(&mut prog, &roots_of);
    // Each level of a search owns a dense visited array of this many u32 stamps.
    if prog.n_checked.saturating_mul(nvertices) > MAX_VISITED {
        return Err(CompileError::TooLarge(format!(
            "{} marked NFA states × {nvertices} vertices exceed the visited-array limit of {MAX_VISITED} per level",
            prog.n_checked
        )));
    }
    expand_classes(&mut prog);
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
                    && succ.iter().all(|&k| ends_move(&prog, k)),
                scan: false,
                prescan: false,
                scan_unique: false,
            }
        })
        .collect();
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
    for e in &mut prog.row_entries {
        e.drops = e.j != ACCEPT
            && matches!(prog.ops[e.j as usize], Op::On(_))
            && prog.hot[e.j as usize].drops;
    }
    merge_drops(&mut prog);
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
    prog.keeper_det = deterministic_keepers(&prog);
    Ok(prog)
}
