//! Merge states that one path at most reaches per vertex (a `marks` rule).
//!
//! Amazons' queen move `[e] queenShift [piece]` reaches the state after `queenShift` along
//! eight rays, and each vertex along one of them at most: counted over the product of the
//! automaton and the board, from every vertex the level can start at, no (state, vertex) pair
//! of the merge state has two paths. The count ignores tests (they only remove paths), so it
//! bounds how often the generated code, which runs an unmarked state once per path into it,
//! runs the state at a vertex.

use reasoner::view::{ActionView, ProgramView};

/// Budget of work units (states and product nodes visited, edges followed, scratch cleared)
/// over all merge states of a game.
const PATHS_BUDGET: usize = 1 << 26;

/// Most paths of the automaton into a merge state left without a mark (copies of its code).
const MAX_CODE_PATHS: u32 = 64;

/// Most states a merge state's level region may hold.
const MAX_REGION: usize = 4096;

/// The counter with its scratch space, reused for every merge state of a game.
pub(crate) struct PathCounter<'a, 'v> {
    view: &'a ProgramView<'v>,
    budget: usize,
    /// Per state: the merge state (+ 1) whose region it was last found in, its index there,
    /// and whether it is one of that region's entries.
    region_of: Vec<u32>,
    index: Vec<u32>,
    entry_of: Vec<u32>,
    /// Per product node (region index * NV + vertex): 0 new, 1 on the DFS stack, 2 done.
    state: Vec<u8>,
    /// Per product node: paths into it from the current start, capped at 2.
    ways: Vec<u8>,
    /// The merge states found, each with the ray states of its region: their cycles are
    /// written once only if the generator keeps those rays as loops (`Gen::new` checks).
    pub(crate) found: Vec<(u32, Vec<u32>)>,
}

impl<'a, 'v> PathCounter<'a, 'v> {
    pub(crate) fn new(view: &'a ProgramView<'v>) -> Self {
        let n = view.nstates();
        PathCounter {
            view,
            budget: PATHS_BUDGET,
            region_of: vec![0; n],
            index: vec![0; n],
            entry_of: vec![0; n],
            state: Vec::new(),
            ways: Vec::new(),
            found: Vec::new(),
        }
    }

    fn spend(&mut self, units: usize) -> bool {
        if self.budget < units {
            self.budget = 0;
            return false;
        }
        self.budget -= units;
        true
    }

    /// Whether `q` runs at most once per vertex in every level without a mark: the states
    /// from which it is reached within its level (back to the level's entries) form, with
    /// the board, an acyclic product graph in which every (q, w) has at most one path from
    /// every (entry, start vertex); cycles of the automaton among those states are rays'
    /// loops (`in_ray`), and few paths of the automaton lead to `q`. False when the budget
    /// runs out.
    pub(crate) fn at_most_one_path(
        &mut self,
        q: u32,
        preds: &[Vec<u32>],
        is_entry: &dyn Fn(u32) -> bool,
        in_ray: &[bool],
    ) -> bool {
        let Some((inner, entries)) = self.level_region(q, preds, is_entry) else {
            return false;
        };
        let view = self.view;
        if !self.few_code_paths(q, &inner, &entries, in_ray) {
            return false;
        }
        let nv = view.nvertices();
        let nodes = inner.len() * nv;
        if !self.spend(nodes) {
            return false;
        }
        self.state.clear();
        self.state.resize(nodes, 0);
        self.ways.clear();
        self.ways.resize(nodes, 0);
        let tag = q + 1;
        let in_region = |s: &Self, x: u32| s.region_of[x as usize] == tag;
        let step = |x: u32, w: u32| -> Option<u32> {
            match view.action(x) {
                ActionView::Shift { dir } => view.neighbour(w, dir),
                _ => Some(w),
            }
        };
        let mut order: Vec<usize> = Vec::new();
        let mut touched: Vec<usize> = Vec::new();
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for &e in &entries {
            for v in 0..nv as u32 {
                let mut starts: Vec<usize> = Vec::new();
                for &s in view.successors(e) {
                    if in_region(self, s) {
                        if let Some(w) = step(s, v) {
                            starts.push(self.index[s as usize] as usize * nv + w as usize);
                        }
                    }
                }
                if starts.is_empty() {
                    continue;
                }
                // Depth-first postorder of the product nodes reachable from (e, v).
                order.clear();
                for &s in &starts {
                    if self.state[s] != 0 {
                        continue;
                    }
                    self.state[s] = 1;
                    touched.push(s);
                    stack.push((s, 0));
                    while let Some(top) = stack.last_mut() {
                        let (x, next) = *top;
                        let (xs, xw) = (inner[x / nv], (x % nv) as u32);
                        let succ = view.successors(xs);
                        if next == succ.len() {
                            self.state[x] = 2;
                            order.push(x);
                            stack.pop();
                            continue;
                        }
                        top.1 += 1;
                        let y = succ[next];
                        if !self.spend(1) {
                            return false;
                        }
                        if !in_region(self, y) {
                            continue;
                        }
                        let Some(yw) = step(y, xw) else { continue };
                        let yn = self.index[y as usize] as usize * nv + yw as usize;
                        match self.state[yn] {
                            0 => {
                                self.state[yn] = 1;
                                touched.push(yn);
                                stack.push((yn, 0));
                            }
                            1 => return false, // a cycle on the board: unbounded paths
                            _ => {}
                        }
                    }
                }
                // Paths into every node, in topological order, capped at 2.
                for &s in &starts {
                    self.ways[s] = (self.ways[s] + 1).min(2);
                }
                for &x in order.iter().rev() {
                    let (xs, xw) = (inner[x / nv], (x % nv) as u32);
                    if xs == q && self.ways[x] > 1 {
                        return false;
                    }
                    for &y in view.successors(xs) {
                        if !in_region(self, y) {
                            continue;
                        }
                        if let Some(yw) = step(y, xw) {
                            let yn = self.index[y as usize] as usize * nv + yw as usize;
                            self.ways[yn] = (self.ways[yn] + self.ways[x]).min(2);
                        }
                    }
                }
                if !self.spend(touched.len()) {
                    return false;
                }
                for &t in &touched {
                    self.state[t] = 0;
                    self.ways[t] = 0;
                }
                touched.clear();
            }
        }
        let rays = inner
            .iter()
            .copied()
            .filter(|&x| in_ray[x as usize])
            .collect();
        self.found.push((q, rays));
        true
    }

    /// Whether at most `MAX_CODE_PATHS` paths of the automaton (cycles cut where a
    /// depth-first walk closes them: a ray's loop is written once) lead from the level's
    /// entries to `q`. An unmarked state's code is written into each of its predecessors'
    /// code, so this bounds the copies of `q`'s code (a chain of diamonds would otherwise
    /// double them at every merge).
    fn few_code_paths(&mut self, q: u32, inner: &[u32], entries: &[u32], in_ray: &[bool]) -> bool {
        let view = self.view;
        let tag = q + 1;
        let k = inner.len();
        let mut state = vec![0u8; k];
        let mut ways = vec![0u32; k];
        let mut order: Vec<usize> = Vec::new();
        let mut stack: Vec<(usize, usize)> = Vec::new();
        let mut starts: Vec<usize> = Vec::new();
        for &e in entries {
            for &s in view.successors(e) {
                if self.region_of[s as usize] == tag {
                    starts.push(self.index[s as usize] as usize);
                }
            }
        }
        if !self.spend(k + starts.len()) {
            return false;
        }
        for &s in &starts {
            if state[s] != 0 {
                continue;
            }
            state[s] = 1;
            stack.push((s, 0));
            while let Some(top) = stack.last_mut() {
                let (x, next) = *top;
                let succ = view.successors(inner[x]);
                if next == succ.len() {
                    state[x] = 2;
                    order.push(x);
                    stack.pop();
                    continue;
                }
                top.1 += 1;
                if !self.spend(1) {
                    return false;
                }
                let y = succ[next];
                if self.region_of[y as usize] == tag {
                    let yi = self.index[y as usize] as usize;
                    if state[yi] == 0 {
                        state[yi] = 1;
                        stack.push((yi, 0));
                    } else if state[yi] == 1 && !(in_ray[inner[x] as usize] && in_ray[y as usize]) {
                        // A cycle that is no ray's loop: its unmarked code would be unrolled.
                        return false;
                    }
                }
            }
        }
        // Every state of the region lies on a path from an entry (no cycle left unchecked).
        if starts.is_empty() || state.contains(&0) {
            return false;
        }
        for &s in &starts {
            ways[s] = (ways[s] + 1).min(MAX_CODE_PATHS + 1);
        }
        let pos: Vec<usize> = {
            let mut pos = vec![0usize; k];
            for (i, &x) in order.iter().enumerate() {
                pos[x] = i;
            }
            pos
        };
        for &x in order.iter().rev() {
            if inner[x] == q {
                return ways[x] <= MAX_CODE_PATHS;
            }
            for &y in view.successors(inner[x]) {
                if self.region_of[y as usize] == tag {
                    let yi = self.index[y as usize] as usize;
                    // Only forward edges: one closing a cycle points to an earlier state.
                    if pos[yi] < pos[x] {
                        ways[yi] = (ways[yi] + ways[x]).min(MAX_CODE_PATHS + 1);
                    }
                }
            }
        }
        true
    }

    /// The non-entry states from which `q` is reached without passing an entry (q included;
    /// `region_of` tags them and `index` numbers them), and the entries leading into them.
    /// None if some chain of predecessors has no entry, or the region is too large.
    fn level_region(
        &mut self,
        q: u32,
        preds: &[Vec<u32>],
        is_entry: &dyn Fn(u32) -> bool,
    ) -> Option<(Vec<u32>, Vec<u32>)> {
        let tag = q + 1;
        let mut inner: Vec<u32> = Vec::new();
        let mut entries: Vec<u32> = Vec::new();
        let mut stack = vec![q];
        while let Some(x) = stack.pop() {
            if self.region_of[x as usize] == tag {
                continue;
            }
            if preds[x as usize].is_empty()
                || inner.len() >= MAX_REGION
                || !self.spend(1 + preds[x as usize].len())
            {
                // Untag what was tagged, so a later region does not meet stale tags.
                for &y in &inner {
                    self.region_of[y as usize] = 0;
                }
                return None;
            }
            self.region_of[x as usize] = tag;
            self.index[x as usize] = inner.len() as u32;
            inner.push(x);
            for &p in &preds[x as usize] {
                if is_entry(p) {
                    if self.entry_of[p as usize] != tag {
                        self.entry_of[p as usize] = tag;
                        entries.push(p);
                    }
                } else {
                    stack.push(p);
                }
            }
        }
        Some((inner, entries))
    }
}
