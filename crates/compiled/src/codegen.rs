//! The reasoner's automaton → Rust source of one game (a self-contained `cdylib` crate).
//!
//! Every NFA state becomes code. A level of the search (one modifier sequence, the paper's
//! Algorithm 1) starts in `level_entry`, whose match arms are the states a level can start
//! from (start states, modifiers, switches); the states that need a visited mark are pushed
//! on the level's stack and dispatched by `run_state`. A state with a single predecessor and
//! no shift into it is reached at most once per level and vertex when its predecessor is, so
//! it needs no mark: its code is inlined into the predecessor's. Board neighbours are a
//! static array, piece tests are bit masks, expressions are checked `i64` arithmetic written
//! out per expression.
//!
//! Nothing from the game's text is emitted: pieces, variables, players and vertices are
//! indices, so no game can inject code.

use crate::tables::{shift_tables, ShiftTable};
use reasoner::view::{ActionView, ExprView, ProgramView};
use std::fmt::Write as _;

/// Bumped whenever the generated C ABI or the runtime's semantics change.
pub const ABI_VERSION: u32 = 2;

/// Deeper inlining of unmarked states is cut (the state is pushed instead) to keep the
/// generated code shallow.
const MAX_INLINE_DEPTH: usize = 24;

/// Largest automaton (states) the generator accepts.
const MAX_STATES: usize = 60_000;

const RUNTIME: &str = include_str!("runtime.rs.in");

/// Why a game is left to the interpreter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Generates the source of the game's library.
pub fn generate(view: &ProgramView<'_>) -> Result<String, Refusal> {
    let n = view.nstates();
    if n > MAX_STATES {
        return Err(Refusal(format!(
            "{n} automaton states (the compiled engine takes at most {MAX_STATES})"
        )));
    }
    if view.npieces() > u16::MAX as usize {
        return Err(Refusal("more than 65535 pieces".into()));
    }
    let g = Gen::new(view);
    let mut out = String::with_capacity(1 << 16);
    g.prelude(&mut out);
    g.table_arrays(&mut out);
    g.exprs(&mut out);
    g.dispatch(&mut out);
    g.apply_mod(&mut out);
    g.composite_arrays(&mut out);
    out.push_str(RUNTIME);
    Ok(out)
}

struct Gen<'a, 'v> {
    view: &'a ProgramView<'v>,
    actions: Vec<ActionView>,
    /// Visited-array index of each state that needs a mark.
    check: Vec<Option<u32>>,
    ncheck: u32,
    /// Whether `run_state` must have an arm for the state (it can be pushed).
    pushed: Vec<bool>,
    /// The state belongs to a pattern body (not to the rules' automaton).
    in_pattern: Vec<bool>,
    /// Per state: its whole-board shift region (see `full_regions`).
    full: Vec<Option<FullRegion>>,
    /// Shift states only reached inside a whole-board region: no code.
    covered: Vec<bool>,
    /// The state whose code runs for this one: states of structurally equal pattern bodies
    /// share the code of the first such body.
    rep: Vec<u32>,
    uses_counts: bool,
    /// Per state: steps to an accepting state when it belongs to a pattern body whose order
    /// of exploration cannot change its result (`free_pattern_order`), else `None`.
    accept_distance: Vec<Option<u32>>,
    /// Per entry state of the rules and start of a pattern body: its level needs no mark and
    /// pushes nothing, so it can run as a direct call of its code instead of through `level`
    /// or `plevel` (`direct_levels`).
    direct_level: Vec<bool>,
    /// Rays (see `marks`): each runs as one `loop` entered at its first state.
    rays: Vec<Vec<u32>>,
    /// Per state: the ray it is the first state of.
    ray_at: Vec<Option<usize>>,
    /// Shift tables (see `tables`), and per state the table it is the root of.
    tables: Vec<ShiftTable>,
    table_at: Vec<Option<usize>>,
    /// Predecessors per state.
    preds: Vec<Vec<u32>>,
    /// States on a kept ray.
    on_ray: Vec<bool>,
    /// Chains of directions walked as one step (`composite`), each a table `NBC<k>`.
    composites: std::cell::RefCell<Vec<Vec<u32>>>,
}

impl<'a, 'v> Gen<'a, 'v> {
    fn new(view: &'a ProgramView<'v>) -> Self {
        let n = view.nstates();
        let actions: Vec<ActionView> = (0..n as u32).map(|q| view.action(q)).collect();
        let rep = canonical_patterns(view, &actions);
        let is_entry = |q: u32| {
            rep[q as usize] == q
                && matches!(
                    actions[q as usize],
                    ActionView::Start
                        | ActionView::Off { .. }
                        | ActionView::Assign { .. }
                        | ActionView::Switch { .. }
                )
        };
        let in_pattern = pattern_states(view);
        let crate::marks::Marks { need, rays } =
            crate::marks::needs_mark(view, &actions, &is_entry, &in_pattern);
        let mut check = vec![None; n];
        let mut ncheck = 0;
        for q in 0..n {
            if rep[q] != q as u32 {
                continue; // no code: a copy of an equal pattern body
            }
            if need[q] {
                check[q] = Some(ncheck);
                ncheck += 1;
            }
        }
        let uses_counts = expr_uses_counts(view);
        let (full, covered) = full_regions(view, &actions, &rep, &check);
        let usable =
            |q: u32| rep[q as usize] == q && !covered[q as usize] && full[q as usize].is_none();
        let in_ray = |q: u32| rays.iter().any(|r| r.contains(&q));
        // A table's shifts may be a ray (it replaces the ray); its root may not.
        let is_shift = |q: u32| matches!(actions[q as usize], ActionView::Shift { .. });
        let tables = shift_tables(view, &actions, &is_entry, &|q| {
            usable(q) && (is_shift(q) || !in_ray(q))
        });
        let mut in_table = vec![false; n];
        let mut table_at = vec![None; n];
        for (i, t) in tables.iter().enumerate() {
            table_at[t.root as usize] = Some(i);
            for &s in &t.region {
                in_table[s as usize] = true;
                check[s as usize] = None;
            }
            for e in &t.exits {
                if !e.mark {
                    // Only this table leads into the exit, once per level: no mark.
                    check[e.state as usize] = None;
                } else if check[e.state as usize].is_none() {
                    check[e.state as usize] = Some(ncheck);
                    ncheck += 1;
                }
            }
        }
        // A ray runs as a loop unless a region touches it (then the stack runs it) or a
        // table replaces it.
        let mut ray_at = vec![None; n];
        let rays: Vec<Vec<u32>> = rays
            .into_iter()
            .filter(|r| r.iter().all(|&q| usable(q) && !in_table[q as usize]))
            .collect();
        for (i, r) in rays.iter().enumerate() {
            ray_at[r[0] as usize] = Some(i);
        }
        let accept_distance = free_pattern_order(view, &actions);
        let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
        for p in 0..n as u32 {
            for &j in view.successors(p) {
                preds[j as usize].push(p);
            }
        }
        let mut on_ray = vec![false; n];
        for &q in rays.iter().flatten() {
            on_ray[q as usize] = true;
        }
        let mut g = Gen {
            preds,
            on_ray,
            composites: std::cell::RefCell::new(Vec::new()),
            tables,
            table_at,
            direct_level: vec![false; n],
            accept_distance,
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
            uses_counts,
        };
        g.find_pushed();
        g.direct_level = g.direct_levels();
        g
    }

    /// The value (`Option<bool>`, `None` on an error) of the pattern body starting at `r`,
    /// at `v`: a direct call of its code when `direct_level[r]`, behind the checks
    /// `plevel` makes on entry, else through `pattern`.
    fn pattern_call(&self, r: u32) -> String {
        if let Some(walk) = self.straight_pattern(r) {
            return format!(
                "(if d + 1 < CYCLE_CHECK_DEPTH && d + 1 <= c.modifier_limit {{ Some('p: {{ {walk} }}) }} \
                 else {{ pattern(c, {r}, v, d) }})"
            );
        }
        if self.direct_level[r as usize] {
            format!(
                "(if d + 1 < CYCLE_CHECK_DEPTH && d + 1 <= c.modifier_limit {{ \
                 match p{r}(c, v, d + 1, 0) {{ Flow::Err => None, f => Some(f == Flow::Stop) }} }} \
                 else {{ pattern(c, {r}, v, d) }})"
            )
        } else {
            format!("pattern(c, {r}, v, d)")
        }
    }

    /// A pattern body that is a short chain of shifts and tests (connect4's `{! down {e}}`)
    /// as a block breaking with its value: no call, no level.
    fn straight_pattern(&self, start: u32) -> Option<String> {
        if self.view.accepting(start) {
            return Some("true".into());
        }
        // The chain's states, up to the accepting one.
        let mut chain: Vec<u32> = Vec::new();
        let mut q = start;
        loop {
            let &[j] = self.view.successors(q) else {
                return None;
            };
            if chain.len() == 8
                || !matches!(
                    self.actions[j as usize],
                    ActionView::Shift { .. } | ActionView::On { .. }
                )
            {
                return None;
            }
            chain.push(j);
            if self.view.accepting(j) {
                break;
            }
            q = j;
        }
        let mut code = String::from("let v = v; ");
        let mut i = 0;
        while i < chain.len() {
            if let ActionView::On { pieces } = &self.actions[chain[i] as usize] {
                let test = self.piece_test(pieces, "c.piece(v)");
                let _ = write!(code, "if !{test} {{ break 'p false; }} ");
                i += 1;
                continue;
            }
            // Consecutive shifts move in one step.
            let mut end = i + 1;
            while end < chain.len()
                && matches!(self.actions[chain[end] as usize], ActionView::Shift { .. })
            {
                end += 1;
            }
            let step = self.step_code(&chain[i..end]);
            let _ = write!(code, "let v = {step}; if v == NONE {{ break 'p false; }} ");
            i = end;
        }
        code.push_str("true");
        Some(code)
    }

    /// The entry states whose level can skip `level` / `plevel`: no state of the level (its
    /// exits, the next modifiers and switches, included) has a mark or is pushed, so the level
    /// needs no stamp, no visited array and no stack; only the nesting and work limits, which
    /// the call site checks.
    fn direct_levels(&self) -> Vec<bool> {
        let n = self.view.nstates();
        (0..n as u32)
            .map(|j| {
                let pattern_start = matches!(self.actions[j as usize], ActionView::Start) && j != 0;
                if !self.is_entry(j) || (self.in_pattern[j as usize] && !pattern_start) || j == 0 {
                    return false;
                }
                let mut seen = vec![j];
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

    fn is_entry(&self, q: u32) -> bool {
        self.rep[q as usize] == q
            && matches!(
                self.actions[q as usize],
                ActionView::Start
                    | ActionView::Off { .. }
                    | ActionView::Assign { .. }
                    | ActionView::Switch { .. }
            )
    }

    /// Marks the states `run_state` dispatches: tests with a mark, and unmarked tests whose
    /// inlining is cut at `MAX_INLINE_DEPTH`.
    fn find_pushed(&mut self) {
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

    fn prelude(&self, out: &mut String) {
        let v = self.view;
        let nv = v.nvertices();
        let nd = v.ndirs();
        let piece_ty = if v.npieces() <= 256 { "u8" } else { "u16" };
        let _ = writeln!(
            out,
            "// Generated by rbgtool's compiled engine (ABI {ABI_VERSION}). Game-specific part."
        );
        out.push_str(
            "#![allow(dead_code, unused_variables, unused_mut, unused_parens, unused_braces, \
             unused_assignments, unreachable_code, unused_unsafe, non_upper_case_globals, \
             clippy::all)]\n",
        );
        let _ = writeln!(out, "pub const ABI_VERSION: u32 = {ABI_VERSION};");
        let _ = writeln!(out, "const NV: usize = {nv};");
        let _ = writeln!(out, "const ND: usize = {nd};");
        let _ = writeln!(out, "const NP: usize = {};", v.npieces());
        let _ = writeln!(out, "const NPLAYERS: u32 = {};", v.nplayers());
        let _ = writeln!(out, "const NVARS: usize = {};", v.bounds().len());
        let _ = writeln!(out, "const NSTATES: usize = {};", v.nstates());
        let _ = writeln!(out, "const NMOD: usize = {};", v.nmodifiers());
        let _ = writeln!(out, "const NCHECK: usize = {};", self.ncheck);
        let _ = writeln!(out, "const USES_COUNTS: bool = {};", self.uses_counts);
        let _ = writeln!(
            out,
            "const USES_PBITS: bool = {};",
            self.full.iter().any(|f| f.is_some())
        );
        let _ = writeln!(out, "const WORDS: usize = {};", nv.div_ceil(64));
        let _ = writeln!(out, "type Piece = {piece_ty};");
        out.push_str("static NB: [u32; NV * ND] = [");
        for x in 0..nv as u32 {
            for d in 0..nd as u32 {
                match v.neighbour(x, d) {
                    Some(w) => {
                        let _ = write!(out, "{w},");
                    }
                    None => out.push_str("NONE,"),
                }
            }
        }
        out.push_str("];\nstatic INITIAL: [Piece; NV] = [");
        for p in v.initial() {
            let _ = write!(out, "{p},");
        }
        out.push_str("];\nstatic BOUNDS: [i64; NVARS] = [");
        for b in v.bounds() {
            let _ = write!(out, "{b},");
        }
        out.push_str("];\n");
        out.push_str("fn is_rules_state(q: u32) -> bool {\n    matches!(q, 0");
        for q in 1..v.nstates() as u32 {
            if matches!(self.actions[q as usize], ActionView::Switch { .. }) {
                let _ = write!(out, " | {q}");
            }
        }
        out.push_str(")\n}\n");
    }

    /// One function per expression node: `Option<i64>`, `None` for division by zero or
    /// overflow.
    fn exprs(&self, out: &mut String) {
        // The arena has no stated length: walk every index reached from the actions.
        let mut roots = Vec::new();
        for a in &self.actions {
            match *a {
                ActionView::Assign { expr, .. } => roots.push(expr),
                ActionView::Compare { left, right, .. } => {
                    roots.push(left);
                    roots.push(right);
                }
                _ => {}
            }
        }
        let mut all = std::collections::BTreeSet::new();
        while let Some(e) = roots.pop() {
            if all.insert(e) {
                if let ExprView::Bin(_, a, b) = self.view.expr(e) {
                    roots.push(a);
                    roots.push(b);
                }
            }
        }
        for e in all {
            let body = match self.view.expr(e) {
                ExprView::Const(c) => format!("Some({c}i64)"),
                ExprView::Var(x) => format!("Some(c.vars[{x}])"),
                ExprView::Count(p) => format!("Some(c.counts[{p}] as i64)"),
                ExprView::Bin(op, a, b) => {
                    let f = match op {
                        ir::ArithOp::Add => "checked_add",
                        ir::ArithOp::Sub => "checked_sub",
                        ir::ArithOp::Mul => "checked_mul",
                        ir::ArithOp::Div => "checked_div",
                    };
                    format!(
                        "match (e{a}(c), e{b}(c)) {{ (Some(x), Some(y)) => x.{f}(y), _ => None }}"
                    )
                }
            };
            let _ = writeln!(
                out,
                "#[inline(always)]\nfn e{e}(c: &St) -> Option<i64> {{ {body} }}"
            );
        }
    }

    fn dispatch(&self, out: &mut String) {
        let n = self.view.nstates() as u32;
        let rules_sig =
            "<S: Sink>(c: &mut St, q: u32, v: u32, d: usize, stamp: u32, k: &mut S) -> Flow";
        let pat_sig = "(c: &mut St, q: u32, v: u32, d: usize, stamp: u32) -> Flow";
        for (name, sig, pattern, entries) in [
            ("level_entry", rules_sig, false, true),
            ("run_state", rules_sig, false, false),
            ("plevel_entry", pat_sig, true, true),
            ("prun_state", pat_sig, true, false),
        ] {
            let _ = writeln!(out, "#[inline(always)]\nfn {name}{sig} {{\n    match q {{");
            for q in 0..n {
                let wanted = if entries {
                    self.is_entry(q)
                } else {
                    self.pushed[q as usize]
                };
                if wanted && self.in_pattern[q as usize] == pattern {
                    if pattern {
                        let _ = writeln!(out, "        {q} => p{q}(c, v, d, stamp),");
                    } else {
                        let _ = writeln!(out, "        {q} => r{q}(c, v, d, stamp, k),");
                    }
                }
            }
            out.push_str("        _ => Flow::Go,\n    }\n}\n");
        }
        for q in 0..n {
            if !(self.is_entry(q) || self.pushed[q as usize]) {
                continue;
            }
            if self.in_pattern[q as usize] {
                let _ = writeln!(
                    out,
                    "fn p{q}(c: &mut St, v: u32, d: usize, stamp: u32) -> Flow {{"
                );
            } else {
                let _ = writeln!(
                    out,
                    "fn r{q}<S: Sink>(c: &mut St, v: u32, d: usize, stamp: u32, k: &mut S) -> Flow {{"
                );
            }
            self.body(out, q, 0);
            out.push_str("Flow::Go\n}\n");
        }
    }

    /// The states whose code the code of `q` contains or pushes: its successors, or for a
    /// ray the other successors of its states.
    fn code_successors(&self, q: u32) -> Vec<u32> {
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
    fn untabled_successors(&self, q: u32) -> Vec<u32> {
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

    /// The walk of table `t` from `v`: each exit's action at each of its vertices.
    fn table_walk(&self, out: &mut String, t: usize, depth: usize) {
        for (x, e) in self.tables[t].exits.iter().enumerate() {
            // SAFETY: v < NV, and the offsets index the cells (generated together).
            let _ = writeln!(
                out,
                "for i in unsafe {{ *TO{t}_{x}.get_unchecked(v as usize)..*TO{t}_{x}.get_unchecked(v as usize + 1) }} {{ \
                 let v = unsafe {{ *TC{t}_{x}.get_unchecked(i as usize) }} as u32;"
            );
            self.successor(out, e.state, depth);
            out.push_str("}\n");
        }
    }

    /// The tables' arrays: `TO{t}_{x}` offsets per vertex, `TC{t}_{x}` cells.
    fn table_arrays(&self, out: &mut String) {
        let cell_ty = if self.view.nvertices() <= u16::MAX as usize {
            "u16"
        } else {
            "u32"
        };
        for (t, table) in self.tables.iter().enumerate() {
            for (x, e) in table.exits.iter().enumerate() {
                let _ = write!(out, "static TO{t}_{x}: [u32; NV + 1] = [");
                for o in &e.offsets {
                    let _ = write!(out, "{o},");
                }
                let _ = write!(
                    out,
                    "];\nstatic TC{t}_{x}: [{cell_ty}; {}] = [",
                    e.cells.len()
                );
                for w in &e.cells {
                    let _ = write!(out, "{w},");
                }
                out.push_str("];\n");
            }
        }
    }

    /// The code of state `q` at vertex `v`: `arm`, or the loop of the ray starting at `q`.
    fn body(&self, out: &mut String, q: u32, depth: usize) {
        let Some(r) = self.ray_at[q as usize] else {
            return self.arm(out, q, depth);
        };
        let ray = &self.rays[r];
        out.push_str("{ let mut v = v; loop {\n");
        let mut i = 0;
        while i < ray.len() {
            // A run of shifts, each leading only to the next, moves in one step.
            let mut last = i;
            if i > 0 {
                let is_shift =
                    |q: u32| matches!(self.actions[q as usize], ActionView::Shift { .. });
                while last + 1 < ray.len()
                    && is_shift(ray[last])
                    && is_shift(ray[last + 1])
                    && !self.view.accepting(ray[last])
                    && self.view.successors(ray[last]) == [ray[last + 1]]
                {
                    last += 1;
                }
                if last > i {
                    let step = self.step_code(&ray[i..=last]);
                    let _ = writeln!(out, "v = {step}; if v == NONE {{ break; }}");
                } else {
                    self.ray_step(out, ray[i]);
                }
            }
            let c = ray[last];
            if self.view.accepting(c) {
                out.push_str("return Flow::Stop;\n");
                break;
            }
            let next = ray[(last + 1) % ray.len()];
            for &j in self.view.successors(c) {
                if j != next {
                    self.successor(out, j, depth + 1);
                }
            }
            i = last + 1;
        }
        if !self.view.accepting(*ray.last().expect("non-empty")) {
            self.ray_step(out, ray[0]);
        }
        out.push_str("} }\n");
    }

    /// Shift `j` and the shifts that follow it one to one: each the only successor of the one
    /// before, reached from nowhere else, with no mark, code or ray of its own (reversi's and
    /// chess's `up left`, a knight's jump). Their vertices in between matter to nobody, so the
    /// chain moves in one step.
    fn shift_chain(&self, j: u32) -> Vec<u32> {
        let mut chain = vec![j];
        let mut x = j;
        // Every state left behind (all but the last) is entered without its code: it must
        // have none of its own.
        while chain.len() < 8 && !self.view.accepting(x) && self.no_code_of_its_own(x) {
            let &[y] = self.view.successors(x) else { break };
            let plain = matches!(self.actions[y as usize], ActionView::Shift { .. })
                && self.preds[y as usize] == [x]
                && !chain.contains(&y);
            if !plain {
                break;
            }
            chain.push(y);
            x = y;
        }
        chain
    }

    /// Entering `q` is just running its successors: no mark, call, ray, table or region.
    fn no_code_of_its_own(&self, q: u32) -> bool {
        let i = q as usize;
        self.check[i].is_none()
            && !self.pushed[i]
            && !self.covered[i]
            && self.full[i].is_none()
            && !self.on_ray[i]
            && self.table_at[i].is_none()
            && self.rep[i] == q
    }

    /// The vertex after the shifts of `states` from `v` (NONE when one falls off the board).
    fn step_code(&self, states: &[u32]) -> String {
        let dirs: Vec<u32> = states
            .iter()
            .map(|&q| match self.actions[q as usize] {
                ActionView::Shift { dir } => dir,
                _ => unreachable!("shift chains hold shifts"),
            })
            .collect();
        if let [dir] = dirs[..] {
            return format!("nb(v, {dir})");
        }
        let mut all = self.composites.borrow_mut();
        let k = match all.iter().position(|c| *c == dirs) {
            Some(k) => k,
            None => {
                all.push(dirs);
                all.len() - 1
            }
        };
        // SAFETY: v < NV (see `St::piece`).
        format!("unsafe {{ *NBC{k}.get_unchecked(v as usize) }}")
    }

    /// The tables of the composite steps.
    fn composite_arrays(&self, out: &mut String) {
        for (k, dirs) in self.composites.borrow().iter().enumerate() {
            let _ = write!(out, "static NBC{k}: [u32; NV] = [");
            for v in 0..self.view.nvertices() as u32 {
                let end = dirs.iter().try_fold(v, |w, &d| self.view.neighbour(w, d));
                match end {
                    Some(w) => {
                        let _ = write!(out, "{w},");
                    }
                    None => out.push_str("NONE,"),
                }
            }
            out.push_str("];\n");
        }
    }

    /// The action of ray state `j` at `v` inside the ray's loop: `break` when it fails.
    fn ray_step(&self, out: &mut String, j: u32) {
        match &self.actions[j as usize] {
            ActionView::Shift { dir } => {
                let _ = writeln!(out, "v = nb(v, {dir}); if v == NONE {{ break; }}");
            }
            ActionView::On { pieces } => {
                let test = self.piece_test(pieces, "c.piece(v)");
                let _ = writeln!(out, "if !{test} {{ break; }}");
            }
            ActionView::Compare { left, op, right } => {
                let op = cmp_text(*op);
                let _ = writeln!(
                    out,
                    "match (e{left}(c), e{right}(c)) {{ (Some(l), Some(r)) if l {op} r => {{}} _ => break }}"
                );
            }
            ActionView::Pattern { start, positive } => {
                let _ = writeln!(
                    out,
                    "match {} {{ None => return Flow::Err, Some(h) if h == {positive} => {{}} _ => break }}",
                    self.pattern_call(self.rep[*start as usize])
                );
            }
            other => unreachable!("rays hold no {other:?}"),
        }
    }

    /// The code of state `q` at vertex `v`: its successors' actions.
    fn arm(&self, out: &mut String, q: u32, depth: usize) {
        if self.view.accepting(q) {
            out.push_str("return Flow::Stop;\n");
            return;
        }
        let Some(region) = &self.full[q as usize] else {
            let mut succ = self.untabled_successors(q);
            if self.accept_distance[q as usize].is_some() {
                // Nearest acceptance first: a pattern stops at the first accepting state,
                // so a liberty next to the stone is found before the whole block is walked.
                succ.sort_by_key(|&j| self.accept_distance[j as usize]);
            }
            // `{! p} A + {? p} B`: p is evaluated once (the state is the same for every
            // successor: a successor's modifiers are reverted before the next one runs).
            let mut shared: Vec<u32> = Vec::new();
            for (i, &j) in succ.iter().enumerate() {
                if let ActionView::Pattern { start, .. } = self.actions[j as usize] {
                    let r = self.rep[start as usize];
                    let again = succ[i + 1..].iter().any(|&x| {
                        matches!(self.actions[x as usize],
                            ActionView::Pattern { start: s2, .. } if self.rep[s2 as usize] == r)
                    });
                    if again && !shared.contains(&r) {
                        shared.push(r);
                        let _ = writeln!(out, "let mut pc{r}: Option<bool> = None;");
                    }
                }
            }
            for j in succ {
                self.successor_in(out, j, depth, &shared);
            }
            if let Some(t) = self.table_at[q as usize] {
                self.table_walk(out, t, depth);
            }
            return;
        };
        let exits = &region.exits;
        for &j in self.view.successors(q) {
            let shift = matches!(self.actions[j as usize], ActionView::Shift { .. });
            if !shift && !region.direct_covered.contains(&j) {
                self.successor(out, j, depth);
            }
        }
        // The shifts reach every vertex in these exit states: run their successors there,
        // ons through the piece sets.
        for &s in exits {
            for &j in self.view.successors(s) {
                match &self.actions[j as usize] {
                    ActionView::Shift { .. } => {}
                    ActionView::On { pieces } if pieces.len() < self.view.npieces() => {
                        for p in pieces {
                            let _ = writeln!(
                                out,
                                "for i in 0..WORDS {{ let mut b = c.pbits[{p} * WORDS + i]; while b != 0 {{ \
                                 let w = (i * 64) as u32 + b.trailing_zeros(); b &= b - 1;"
                            );
                            self.enter(out, j, "w", depth + 1);
                            out.push_str("} }\n");
                        }
                    }
                    _ => {
                        out.push_str("for w in 0..NV as u32 { let v = w;\n");
                        self.successor(out, j, depth + 1);
                        out.push_str("}\n");
                    }
                }
            }
        }
    }

    /// Takes action `j` at `v` and, if valid, continues in state `j`.
    fn successor(&self, out: &mut String, j: u32, depth: usize) {
        self.successor_in(out, j, depth, &[]);
    }

    /// `successor`, where the patterns starting at `shared` keep their value in `pc<start>`.
    fn successor_in(&self, out: &mut String, j: u32, depth: usize, shared: &[u32]) {
        let mark = |w: &str| match self.check[j as usize] {
            Some(c) => format!("c.mark({} * NV, {w}, d, stamp)", c),
            None => "true".to_string(),
        };
        let pattern = self.in_pattern[j as usize];
        match &self.actions[j as usize] {
            ActionView::Start => {}
            ActionView::Shift { .. } => {
                let chain = self.shift_chain(j);
                let last = *chain.last().expect("a chain holds j");
                let step = self.step_code(&chain);
                let _ = writeln!(out, "{{ let w = {step}; if w != NONE {{");
                self.enter(out, last, "w", depth);
                out.push_str("} }\n");
            }
            ActionView::On { pieces } => {
                let test = self.piece_test(pieces, "c.piece(v)");
                let _ = writeln!(out, "if {test} {{");
                self.enter(out, j, "v", depth);
                out.push_str("}\n");
            }
            ActionView::Compare { left, op, right } => {
                let op = cmp_text(*op);
                let _ = writeln!(
                    out,
                    "if let (Some(l), Some(r)) = (e{left}(c), e{right}(c)) {{ if l {op} r {{"
                );
                self.enter(out, j, "v", depth);
                out.push_str("} }\n");
            }
            ActionView::Pattern { start, positive } => {
                // Marked before the evaluation (a merge point evaluates it once).
                let m = mark("v");
                let r = self.rep[*start as usize];
                let eval = if shared.contains(&r) {
                    format!(
                        "(match pc{r} {{ Some(h) => Some(h), None => {{ let x = {}; pc{r} = x; x }} }})",
                        self.pattern_call(r)
                    )
                } else {
                    self.pattern_call(r)
                };
                let _ = writeln!(
                    out,
                    "if {m} {{ match {eval} {{ None => return Flow::Err, Some(h) => if h == {positive} {{"
                );
                self.enter_marked(out, j, "v", depth);
                out.push_str("} } }\n");
            }
            ActionView::Off { piece, modifier } => {
                let m = mark("v");
                let _ = writeln!(out, "if {m} {{");
                let apply = format!("let old = c.piece(v); c.set_piece(v, {piece});");
                let revert = "c.set_piece(v, old);";
                self.modifier(out, j, *modifier, &apply, revert, pattern);
                out.push_str("}\n");
            }
            ActionView::Assign {
                var,
                expr,
                modifier,
            } => {
                let m = mark("v");
                let bound = self.view.bounds()[*var as usize];
                let _ = writeln!(
                    out,
                    "if {m} {{ if let Some(x) = e{expr}(c) {{ if x >= 0 && x <= {bound} {{"
                );
                let apply = format!("let old = std::mem::replace(&mut c.vars[{var}], x);");
                let revert = format!("c.vars[{var}] = old;");
                self.modifier(out, j, *modifier, &apply, &revert, pattern);
                out.push_str("} } }\n");
            }
            ActionView::Switch { modifier, .. } => {
                let m = mark("v");
                let keep = self.switch_in_place(j);
                let _ = writeln!(
                    out,
                    "if {m} {{ if k.switch(&c.path, {modifier}, v) {{ if S::KEEP {{ {keep} }} return Flow::Stop; }} }}"
                );
            }
        }
    }

    /// Switch state `j` taken at `v` in place (for sinks that keep the move they stop at).
    fn switch_in_place(&self, j: u32) -> String {
        let ActionView::Switch { player, .. } = self.actions[j as usize] else {
            unreachable!("a switch state");
        };
        let p = player.unwrap_or(self.view.nplayers());
        format!("c.player = {p}; c.rules = {j}; c.pos = v;")
    }

    /// A valid modifier `j` (index `m`) at `v`: applied, its level searched, reverted (unless
    /// the sink keeps the move it stopped at: the keeper's first move in playouts and perft). In
    /// the rules, one followed only by switches reports its moves without being applied
    /// (their level would hold just those switches), unless that level is deep enough for
    /// the limit or cycle checks.
    fn modifier(&self, out: &mut String, j: u32, m: u32, apply: &str, revert: &str, pattern: bool) {
        if pattern {
            let _ = writeln!(
                out,
                "{apply} let f = plevel(c, {j}, v, d + 1); {revert} if f != Flow::Go {{ return f; }}"
            );
            return;
        }
        let call = if self.direct_level[j as usize] {
            // The checks `level` would make; past them `level` reports the error.
            format!(
                "if d + 1 < CYCLE_CHECK_DEPTH && d + 1 <= c.modifier_limit && c.work < c.search_limit \
                 {{ c.work += 1; r{j}(c, v, d + 1, stamp, k) }} else {{ level(c, {j}, v, d + 1, k) }}"
            )
        } else {
            format!("level(c, {j}, v, d + 1, k)")
        };
        let slow = format!(
            "{apply} if S::RECORD {{ c.path.push([{m}, v]); }} \
             let f = {call}; \
             if S::RECORD {{ c.path.pop(); }} \
             if !(S::KEEP && f == Flow::Stop && k.kept()) {{ {revert} }} \
             if f != Flow::Go {{ return f; }}"
        );
        let succ = self.view.successors(j);
        let ends_move = !succ.is_empty()
            && succ
                .iter()
                .all(|&s| matches!(self.actions[s as usize], ActionView::Switch { .. }));
        if !ends_move {
            out.push_str(&slow);
            out.push('\n');
            return;
        }
        // A sink keeping its move applies the modifier and the switch it stops at.
        let mut keep = String::new();
        for &s in succ {
            if let ActionView::Switch { modifier: sm, .. } = self.actions[s as usize] {
                let _ = write!(
                    keep,
                    "if k.switch(&c.path, {sm}, v) {{ {apply} {} return Flow::Stop; }} ",
                    self.switch_in_place(s)
                );
            }
        }
        let _ = writeln!(
            out,
            "if d + 1 < CYCLE_CHECK_DEPTH && d + 1 <= c.modifier_limit {{ \
             if S::KEEP {{ {keep} }} else \
             if S::RECORD {{ c.path.push([{m}, v]); let mut stop = false;"
        );
        for &s in succ {
            if let ActionView::Switch { modifier, .. } = self.actions[s as usize] {
                let _ = writeln!(
                    out,
                    "if !stop {{ stop = k.switch(&c.path, {modifier}, v); }}"
                );
            }
        }
        let _ = writeln!(
            out,
            "c.path.pop(); if stop {{ return Flow::Stop; }} }} else if k.add({}) {{ return Flow::Stop; }} }} else {{ {slow} }}",
            succ.len()
        );
    }

    /// Continues in the non-modifier state `j` at vertex `w` after its action held.
    fn enter(&self, out: &mut String, j: u32, w: &str, depth: usize) {
        match self.check[j as usize] {
            // Acceptance ends the pattern's level: nothing can come back to this mark.
            Some(_) if self.view.accepting(j) => out.push_str("return Flow::Stop;\n"),
            Some(c) => {
                let _ = writeln!(out, "if c.mark({c} * NV, {w}, d, stamp) {{");
                self.enter_marked(out, j, w, depth);
                out.push_str("}\n");
            }
            None => self.enter_marked(out, j, w, depth),
        }
    }

    /// `enter` once the mark (if any) is taken.
    fn enter_marked(&self, out: &mut String, j: u32, w: &str, depth: usize) {
        if self.view.accepting(j) {
            out.push_str("return Flow::Stop;\n");
        } else if self.pushed[j as usize] {
            // A direct call while the call budget lasts (cheaper than the stack's dispatch).
            let call = if self.in_pattern[j as usize] {
                format!("p{j}(c, {w}, d, stamp)")
            } else {
                format!("r{j}(c, {w}, d, stamp, k)")
            };
            let _ = writeln!(
                out,
                "if c.calls < MAX_CALLS {{ c.calls += 1; let f = {call}; c.calls -= 1; \
                 if f != Flow::Go {{ return f; }} }} else {{ c.stack.push(({j}, {w})); }}"
            );
        } else {
            let _ = writeln!(out, "{{ let v = {w};");
            self.body(out, j, depth + 1);
            out.push_str("}\n");
        }
    }

    fn piece_test(&self, pieces: &[u16], p: &str) -> String {
        let np = self.view.npieces();
        if pieces.len() == np {
            return "true".into();
        }
        if pieces.is_empty() {
            return "false".into();
        }
        if np <= 64 {
            let mask = pieces.iter().fold(0u64, |m, &x| m | (1u64 << x));
            format!("(({mask}u64 >> ({p} as u32)) & 1 != 0)")
        } else if np <= 128 {
            let mask = pieces.iter().fold(0u128, |m, &x| m | (1u128 << x));
            format!("(({mask}u128 >> ({p} as u32)) & 1 != 0)")
        } else {
            let alts: Vec<String> = pieces.iter().map(|x| x.to_string()).collect();
            format!("matches!({p}, {})", alts.join(" | "))
        }
    }

    /// `apply_mod::<LOG>(c, m, v)`: applies modifier index `m` at `v`, pushing undo entries
    /// when `LOG` (playouts never undo).
    fn apply_mod(&self, out: &mut String) {
        out.push_str(
            "fn apply_mod<const LOG: bool>(c: &mut St, m: u32, v: u32) {\n    match m {\n",
        );
        for m in 1..=self.view.nmodifiers() {
            let Some(j) = self.view.modifier_state(m) else {
                continue;
            };
            match &self.actions[j as usize] {
                ActionView::Off { piece, .. } => {
                    let _ = writeln!(
                        out,
                        "        {m} => {{ let old = c.piece(v); if LOG {{ c.undo.push(Undo::Piece(v, old)); }} c.set_piece(v, {piece}); }}"
                    );
                }
                ActionView::Assign { var, expr, .. } => {
                    let _ = writeln!(
                        out,
                        "        {m} => {{ let x = e{expr}(c).unwrap_or(0); let old = std::mem::replace(&mut c.vars[{var}], x); if LOG {{ c.undo.push(Undo::Var({var}, old)); }} }}"
                    );
                }
                ActionView::Switch { player, .. } => {
                    let p = player.unwrap_or(self.view.nplayers());
                    let _ = writeln!(
                        out,
                        "        {m} => {{ c.player = {p}; c.rules = {j}; c.pos = v; }}"
                    );
                }
                _ => {}
            }
        }
        out.push_str("        _ => {}\n    }\n}\n");
    }
}

fn cmp_text(op: ir::CmpOp) -> &'static str {
    match op {
        ir::CmpOp::Lt => "<",
        ir::CmpOp::Le => "<=",
        ir::CmpOp::Eq => "==",
        ir::CmpOp::Ne => "!=",
        ir::CmpOp::Gt => ">",
        ir::CmpOp::Ge => ">=",
    }
}

/// A whole-board region (see `full_regions`).
#[derive(Clone, Debug)]
struct FullRegion {
    /// One exit state per class.
    exits: Vec<u32>,
    /// The owner's own non-shift successors that are one class's successors (taken at every
    /// vertex with that class, the owner's vertex included); the owner takes its other
    /// non-shift successors itself.
    direct_covered: Vec<u32>,
}

/// Budget of (state, vertex, vertex) steps for finding whole-board regions.
const REGION_BUDGET: usize = 1 << 25;

/// Whole-board shift regions: for a state `q` whose shift successors, followed through shifts
/// only, reach a set `S` of shift states, where the states of
/// `S` with other successors ("exits"), grouped by those successors ("classes"), reach every
/// vertex from every vertex (e.g. `anySquare = (left* + right*)(up* + down*)`), the walk is
/// replaced by running each class's successors at every vertex. That takes the same actions
/// at the same vertices as the walk, each once (a successor shared by several exits has a
/// mark), provided `q` itself runs once per level (an entry) or every successor of an exit
/// keeps its mark. Every state outside `S` entering it (an "owner": `q`, and e.g. the loop
/// back of a star around `anySquare`) must have the region too, since `S` gets no code, and
/// owners that are not entries need the exits' successors marked (two owners may run in one
/// level). Returns per state one exit per class, and the states of `S` (which need no code).
#[allow(clippy::type_complexity)]
fn full_regions(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    rep: &[u32],
    check: &[Option<u32>],
) -> (Vec<Option<FullRegion>>, Vec<bool>) {
    let n = view.nstates();
    let nv = view.nvertices();
    let is_shift = |q: u32| matches!(actions[q as usize], ActionView::Shift { .. });
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for p in 0..n as u32 {
        for &j in view.successors(p) {
            preds[j as usize].push(p);
        }
    }
    let mut full = vec![None; n];
    let mut covered = vec![false; n];
    let mut budget = REGION_BUDGET;
    let mut found: Vec<(u32, Vec<u32>, Vec<u32>)> = Vec::new();
    for q in 0..n as u32 {
        if rep[q as usize] != q || is_shift(q) || nv == 0 {
            continue;
        }
        // S: shift states reached from q through shifts.
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
            region.push(s);
            stack.extend(view.successors(s).iter().copied().filter(|&j| is_shift(j)));
        }
        // The owners: every state outside S entering it (q, and e.g. a star's loop back).
        let mut owners: Vec<u32> = region
            .iter()
            .flat_map(|&s| preds[s as usize].iter().copied())
            .filter(|p| !region.contains(p))
            .collect();
        owners.sort_unstable();
        owners.dedup();
        if region.is_empty() || region.iter().any(|&s| view.accepting(s)) {
            continue;
        }
        let exits: Vec<u32> = region
            .iter()
            .copied()
            .filter(|&s| view.successors(s).iter().any(|&j| !is_shift(j)))
            .collect();
        let entry = |q: u32| {
            matches!(
                actions[q as usize],
                ActionView::Start
                    | ActionView::Off { .. }
                    | ActionView::Assign { .. }
                    | ActionView::Switch { .. }
            )
        };
        let exit_succ_marked = exits.iter().all(|&s| {
            view.successors(s)
                .iter()
                .all(|&j| is_shift(j) || check[j as usize].is_some())
        });
        // Several owners in one level would each take the exits' successors: their marks
        // must merge them. Entries start levels, so only one of them runs per level.
        if exits.is_empty() || !(owners.iter().all(|&o| entry(o)) || exit_succ_marked) {
            continue;
        }
        let cost = region.len().saturating_mul(nv).saturating_mul(nv);
        if cost > budget {
            continue;
        }
        budget -= cost;
        // Exits with the same other successors form a class: the walk takes those successors
        // once per vertex whichever exit reaches it (marks merge the rest).
        let mut classes: Vec<Vec<u32>> = Vec::new();
        let others = |s: u32| -> Vec<u32> {
            view.successors(s)
                .iter()
                .copied()
                .filter(|&j| !is_shift(j))
                .collect()
        };
        for &s in &exits {
            match classes.iter_mut().find(|c| others(c[0]) == others(s)) {
                Some(c) => c.push(s),
                None => classes.push(vec![s]),
            }
        }
        // q's own other successors, taken at its vertex, may form one of the classes.
        let direct = others(q);
        let direct_class = classes
            .iter()
            .position(|c| others(c[0]).iter().all(|j| direct.contains(j)));
        if region_is_full(view, actions, q, &region, &classes, direct_class) {
            region.sort_unstable();
            full[q as usize] = Some(FullRegion {
                exits: classes.iter().map(|c| c[0]).collect(),
                direct_covered: direct_class.map_or(Vec::new(), |k| others(classes[k][0])),
            });
            found.push((q, region, owners));
        }
    }
    // S has no code once covered: keep a region only if every owner of it runs it too.
    loop {
        let before = found.len();
        let has = |o: u32, r: &Vec<u32>, found: &[(u32, Vec<u32>, Vec<u32>)]| {
            found.iter().any(|(q, r2, _)| *q == o && r2 == r)
        };
        let keep: Vec<bool> = found
            .iter()
            .map(|(_, r, owners)| owners.iter().all(|&o| has(o, r, &found)))
            .collect();
        let mut i = 0;
        found.retain(|(q, _, _)| {
            let k = keep[i];
            i += 1;
            if !k {
                full[*q as usize] = None;
            }
            k
        });
        if found.len() == before {
            break;
        }
    }
    for (_, region, _) in &found {
        for &s in region {
            covered[s as usize] = true;
        }
    }
    (full, covered)
}

/// Whether from every vertex the shifts of `region` (entered from `q`) reach every class of
/// exits at every vertex.
fn region_is_full(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    q: u32,
    region: &[u32],
    classes: &[Vec<u32>],
    direct_class: Option<usize>,
) -> bool {
    let nv = view.nvertices();
    let idx = |s: u32| region.iter().position(|&r| r == s).expect("in region");
    let dir = |s: u32| match actions[s as usize] {
        ActionView::Shift { dir } => dir,
        _ => unreachable!("regions hold shifts"),
    };
    let mut seen = vec![false; region.len() * nv];
    let mut queue: Vec<(u32, u32)> = Vec::new();
    for v in 0..nv as u32 {
        seen.iter_mut().for_each(|x| *x = false);
        queue.clear();
        for &j in view.successors(q) {
            if matches!(actions[j as usize], ActionView::Shift { .. }) {
                if let Some(w) = view.neighbour(v, dir(j)) {
                    let i = idx(j) * nv + w as usize;
                    if !seen[i] {
                        seen[i] = true;
                        queue.push((j, w));
                    }
                }
            }
        }
        while let Some((s, w)) = queue.pop() {
            for &t in view.successors(s) {
                if !matches!(actions[t as usize], ActionView::Shift { .. }) {
                    continue;
                }
                if let Some(x) = view.neighbour(w, dir(t)) {
                    let i = idx(t) * nv + x as usize;
                    if !seen[i] {
                        seen[i] = true;
                        queue.push((t, x));
                    }
                }
            }
        }
        // Every class (exits with the same other successors) covers every vertex.
        for (k, class) in classes.iter().enumerate() {
            let covered = (0..nv).all(|w| {
                (direct_class == Some(k) && w == v as usize)
                    || class.iter().any(|&s| seen[idx(s) * nv + w])
            });
            if !covered {
                return false;
            }
        }
    }
    true
}

/// Maps every state of a pattern body to the corresponding state of the first structurally
/// equal body (its own id if none is earlier). Bodies are compared by their automata read in
/// breadth-first order from the start: actions (modifier indices aside: patterns record no
/// moves), expressions, successor lists and acceptance. Inner bodies (larger start ids) are
/// canonicalised first, so nested patterns compare by their representatives.
fn canonical_patterns(view: &ProgramView<'_>, actions: &[ActionView]) -> Vec<u32> {
    let n = view.nstates();
    let mut rep: Vec<u32> = (0..n as u32).collect();
    let mut seen: std::collections::HashMap<String, Vec<u32>> = std::collections::HashMap::new();
    let starts: Vec<u32> = (1..n as u32)
        .rev()
        .filter(|&q| matches!(actions[q as usize], ActionView::Start))
        .collect();
    let mut local = vec![u32::MAX; n];
    for s in starts {
        let mut order = vec![s];
        local[s as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            for &j in view.successors(order[i]) {
                if local[j as usize] == u32::MAX {
                    local[j as usize] = order.len() as u32;
                    order.push(j);
                }
            }
            i += 1;
        }
        let mut sig = String::new();
        for &q in &order {
            let a = match &actions[q as usize] {
                ActionView::Off { piece, .. } => format!("off{piece}"),
                ActionView::Assign { var, expr, .. } => {
                    format!("let{var}={}", expr_text(view, *expr))
                }
                ActionView::Compare { left, op, right } => format!(
                    "cmp{}{op:?}{}",
                    expr_text(view, *left),
                    expr_text(view, *right)
                ),
                ActionView::Pattern { start, positive } => {
                    format!("pat{}{positive}", rep[*start as usize])
                }
                other => format!("{other:?}"),
            };
            let succ: Vec<u32> = view
                .successors(q)
                .iter()
                .map(|&j| local[j as usize])
                .collect();
            let _ = write!(sig, "{a}|{}|{succ:?};", view.accepting(q));
        }
        for &q in &order {
            local[q as usize] = u32::MAX;
        }
        match seen.get(&sig) {
            Some(first) => {
                for (&q, &r) in order.iter().zip(first) {
                    rep[q as usize] = r;
                }
            }
            None => {
                seen.insert(sig, order);
            }
        }
    }
    rep
}

fn expr_text(view: &ProgramView<'_>, e: u32) -> String {
    match view.expr(e) {
        ExprView::Bin(op, a, b) => {
            format!("({}{op:?}{})", expr_text(view, a), expr_text(view, b))
        }
        other => format!("{other:?}"),
    }
}

/// Per state of a pattern body that holds no modifier and no nested pattern: the fewest
/// steps from it to an accepting state (`u32::MAX` when none is reachable). Such a body's
/// value is whether an accepting state is reachable, and no error can arise inside it, so
/// its successors may be explored in any order. `None` for every other state.
fn free_pattern_order(view: &ProgramView<'_>, actions: &[ActionView]) -> Vec<Option<u32>> {
    use std::collections::{hash_map::Entry, HashMap, HashSet, VecDeque};
    let n = view.nstates();
    let mut out = vec![None; n];
    for start in 1..n as u32 {
        if !matches!(actions[start as usize], ActionView::Start) {
            continue;
        }
        let mut body = vec![start];
        let mut seen = HashSet::from([start]);
        let mut i = 0;
        while i < body.len() {
            for &j in view.successors(body[i]) {
                if seen.insert(j) {
                    body.push(j);
                }
            }
            i += 1;
        }
        let free = body.iter().all(|&q| {
            !matches!(
                actions[q as usize],
                ActionView::Off { .. }
                    | ActionView::Assign { .. }
                    | ActionView::Pattern { .. }
                    | ActionView::Switch { .. }
            )
        });
        if !free {
            continue;
        }
        // Breadth-first from the accepting states along reversed edges.
        let mut preds: HashMap<u32, Vec<u32>> = HashMap::new();
        for &q in &body {
            for &j in view.successors(q) {
                preds.entry(j).or_default().push(q);
            }
        }
        let mut dist: HashMap<u32, u32> = HashMap::new();
        let mut queue: VecDeque<u32> = body
            .iter()
            .copied()
            .filter(|&q| view.accepting(q))
            .collect();
        for &q in &queue {
            dist.insert(q, 0);
        }
        while let Some(q) = queue.pop_front() {
            let d = dist[&q];
            for &p in preds.get(&q).map_or(&[][..], |v| v) {
                if let Entry::Vacant(e) = dist.entry(p) {
                    e.insert(d + 1);
                    queue.push_back(p);
                }
            }
        }
        for q in body {
            out[q as usize] = Some(dist.get(&q).copied().unwrap_or(u32::MAX));
        }
    }
    out
}

/// The states of pattern bodies: those reachable from a pattern's start state.
fn pattern_states(view: &ProgramView<'_>) -> Vec<bool> {
    let n = view.nstates();
    let mut out = vec![false; n];
    let mut stack: Vec<u32> = (1..n as u32)
        .filter(|&q| matches!(view.action(q), ActionView::Start))
        .collect();
    for &q in &stack {
        out[q as usize] = true;
    }
    while let Some(q) = stack.pop() {
        for &j in view.successors(q) {
            if !out[j as usize] {
                out[j as usize] = true;
                stack.push(j);
            }
        }
    }
    out
}

fn expr_uses_counts(view: &ProgramView<'_>) -> bool {
    let mut stack = Vec::new();
    for q in 0..view.nstates() as u32 {
        match view.action(q) {
            ActionView::Assign { expr, .. } => stack.push(expr),
            ActionView::Compare { left, right, .. } => {
                stack.push(left);
                stack.push(right);
            }
            _ => {}
        }
    }
    while let Some(e) = stack.pop() {
        match view.expr(e) {
            ExprView::Count(_) => return true,
            ExprView::Bin(_, a, b) => {
                stack.push(a);
                stack.push(b);
            }
            _ => {}
        }
    }
    false
}
