//! Merge states that one path at most reaches per vertex (a `marks` rule).
//!
//! Amazons' queen move `[e] queenShift [piece]` reaches the state after `queenShift` along
//! eight rays, and each vertex along one of them at most: counted over the product of the
//! automaton and the board, from every vertex the level can start at, no (state, vertex) pair
//! of the merge state has two paths. The count ignores tests (they only remove paths), so it
//! bounds how often the generated code, which runs an unmarked state once per path into it,
//! runs the state at a vertex.

use reasoner::view::{ActionView, ProgramView};

/// Budget of product (state, vertex) nodes over all merge states of a game.
pub(crate) const PATHS_BUDGET: usize = 1 << 23;

/// Whether `q` runs at most once per vertex in every level without a mark: the states from
/// which it is reached within its level (back to the level's entries) form, with the board,
/// an acyclic product graph in which every (q, w) has at most one path from every (entry,
/// start vertex). `budget` is spent on the product nodes visited; false once it runs out.
pub(crate) fn at_most_one_path(
    q: u32,
    view: &ProgramView<'_>,
    preds: &[Vec<u32>],
    is_entry: &dyn Fn(u32) -> bool,
    budget: &mut usize,
) -> bool {
    let Some((inner, entries)) = level_region(q, preds, is_entry) else {
        return false;
    };
    let n = view.nstates();
    let nv = view.nvertices();
    // Dense indices of the region's states.
    let mut index = vec![u32::MAX; n];
    for (i, &x) in inner.iter().enumerate() {
        index[x as usize] = i as u32;
    }
    let nodes = inner.len() * nv;
    let mut state = vec![0u8; nodes]; // 0 new, 1 on the DFS stack, 2 done
    let mut ways = vec![0u8; nodes];
    let mut order: Vec<usize> = Vec::new();
    let mut touched: Vec<usize> = Vec::new();
    let step = |x: u32, w: u32| -> Option<u32> {
        match view.action(x) {
            ActionView::Shift { dir } => view.neighbour(w, dir),
            _ => Some(w),
        }
    };
    let node = |x: u32, w: u32| index[x as usize] as usize * nv + w as usize;
    for &e in &entries {
        for v in 0..nv as u32 {
            let starts: Vec<usize> = view
                .successors(e)
                .iter()
                .filter(|&&s| index[s as usize] != u32::MAX)
                .filter_map(|&s| step(s, v).map(|w| node(s, w)))
                .collect();
            if starts.is_empty() {
                continue;
            }
            // Depth-first postorder of the product nodes reachable from (e, v).
            order.clear();
            let mut stack: Vec<(usize, usize)> = Vec::new();
            for &s in &starts {
                if state[s] != 0 {
                    continue;
                }
                state[s] = 1;
                touched.push(s);
                stack.push((s, 0));
                while let Some(top) = stack.last_mut() {
                    let (x, next) = *top;
                    let (xs, xw) = (inner[x / nv], (x % nv) as u32);
                    let succ = view.successors(xs);
                    if next < succ.len() {
                        top.1 += 1;
                        let y = succ[next];
                        if index[y as usize] == u32::MAX {
                            continue;
                        }
                        let Some(yw) = step(y, xw) else { continue };
                        let yn = node(y, yw);
                        match state[yn] {
                            0 => {
                                if *budget == 0 {
                                    return false;
                                }
                                *budget -= 1;
                                state[yn] = 1;
                                touched.push(yn);
                                stack.push((yn, 0));
                            }
                            1 => return false, // a cycle on the board: unbounded paths
                            _ => {}
                        }
                    } else {
                        state[x] = 2;
                        order.push(x);
                        stack.pop();
                    }
                }
            }
            // Paths into every node, in topological order, capped at 2.
            for &s in &starts {
                ways[s] = (ways[s] + 1).min(2);
            }
            for &x in order.iter().rev() {
                let (xs, xw) = (inner[x / nv], (x % nv) as u32);
                if xs == q && ways[x] > 1 {
                    return false;
                }
                for &y in view.successors(xs) {
                    if index[y as usize] == u32::MAX {
                        continue;
                    }
                    if let Some(yw) = step(y, xw) {
                        let yn = node(y, yw);
                        ways[yn] = (ways[yn] + ways[x]).min(2);
                    }
                }
            }
            for &t in &touched {
                state[t] = 0;
                ways[t] = 0;
            }
            touched.clear();
        }
    }
    true
}

/// The non-entry states from which `q` is reached without passing an entry (q included),
/// and the entries leading into them; None if some chain of predecessors has no entry.
fn level_region(
    q: u32,
    preds: &[Vec<u32>],
    is_entry: &dyn Fn(u32) -> bool,
) -> Option<(Vec<u32>, Vec<u32>)> {
    let mut inner: Vec<u32> = Vec::new();
    let mut entries: Vec<u32> = Vec::new();
    let mut stack = vec![q];
    while let Some(x) = stack.pop() {
        if inner.contains(&x) {
            continue;
        }
        if preds[x as usize].is_empty() {
            return None;
        }
        inner.push(x);
        for &p in &preds[x as usize] {
            if is_entry(p) {
                if !entries.contains(&p) {
                    entries.push(p);
                }
            } else {
                stack.push(p);
            }
        }
        if inner.len() > 4096 {
            return None;
        }
    }
    Some((inner, entries))
}
