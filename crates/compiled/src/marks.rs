//! Which automaton states need a visited mark.
//!
//! A level of the search (one modifier sequence) marks `(state, vertex)` pairs so that a
//! state runs at most once per vertex: that ends walks around cycles, merges paths, and keeps
//! a modifier from reporting the same move twice. A mark costs a probe and a store, and a
//! marked state is dispatched through the level's stack, so the generator leaves out every
//! mark it can show is not needed, i.e. the state is reached at most once per vertex anyway:
//!
//! * a state with one predecessor `p` whose action is not a shift, or a shift along a
//!   direction no two vertices share a neighbour in, or any shift when `p` runs at one vertex
//!   only ("single": `p` starts a level, or is reached from such a state through
//!   single-predecessor states);
//! * the states of a **ray**: a simple cycle `c0 → c1 → … → c0` of the level's automaton
//!   whose members other than `c0` have one predecessor and `c0` has one besides the cycle,
//!   a single state, where the cycle holds a shift and the directions of its shifts form no
//!   cycle on the board (reversi's `({oppPawn} dir)*`, a rook's slide). Entered at one vertex,
//!   the walk is one path that never repeats a vertex, so every member runs at most once per
//!   vertex, and the walk ends.
//! * also a ray entered from a state that runs at most once per vertex but at many vertices
//!   (reversi's `anySquare {e} movePossible` in a pattern, connect4's `left*` after `down*
//!   up^5` in the rules): each entry walks at most the board. In a pattern body running a
//!   state twice at a vertex costs time but cannot change the answer (a pattern only asks
//!   whether an accepting state is reached); in the rules every state the ray exits to keeps
//!   a mark, so overlapping walks report each move once. Such a ray's outside
//!   predecessor must be reached from a marked state or a level's start through
//!   single-predecessor states that are in no ray, so relaxed rays never chain (a chain of
//!   unmarked rays could walk exponentially many paths); the states after the ray keep their
//!   marks wherever paths merge.
//!
//! * inside a pattern body, a state whose every successor accepts: running it twice repeats
//!   one test and cannot change the pattern's value (go's `gotoNeighbor(empty)` after a block
//!   walk).
//!
//! * a state with several predecessors reached from its level's start along a few acyclic
//!   paths that, from every vertex, end at pairwise different vertices (breakthrough's
//!   `forward ({e} + (left + right) {e, oppPawn}) ->>`).
//!
//! * a state (not a shift, or an injective one) entered both from a ray's outside predecessor
//!   that runs at one vertex and from one member of the ray past a shift of it (gomoku's
//!   `(up left {w})* {! up left {w}}`: the test after zero or more steps): the walk never
//!   comes back to where it started.
//!
//! * a test or injective shift whose predecessors each run once per vertex and whose
//!   successors all keep their marks: a second run at a vertex repeats one test before the
//!   successors' marks stop it (hex's flood fill: the shift to a neighbour before the
//!   marked `{stone}` state).
//!
//! * a state with several predecessors that, counted over the automaton and the board,
//!   has at most one path per vertex from every start of its level (amazons' eight rays
//!   into the state after `queenShift`; `crate::paths`).
//!
//! Every other shift and every state with several predecessors keeps its mark.

use reasoner::view::{ActionView, ProgramView};
use std::collections::HashMap;

/// Longest ray the analysis looks for (states on the cycle).
const MAX_RAY: usize = 64;

/// The analysis: which states need a mark, and the rays (each `c0` first, in cycle order).
pub(crate) struct Marks {
    pub need: Vec<bool>,
    pub rays: Vec<Vec<u32>>,
    /// States left unmarked by `crate::paths`, with the ray states their proof relies on.
    pub merges: Vec<(u32, Vec<u32>)>,
}

/// Per state, the states with an edge into it.
pub(crate) fn predecessors(view: &ProgramView<'_>) -> Vec<Vec<u32>> {
    let n = view.nstates();
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    for p in 0..n as u32 {
        for &j in view.successors(p) {
            preds[j as usize].push(p);
        }
    }
    preds
}

/// Per state: whether it needs a visited mark. `is_entry(q)`: `q` starts a level (a start
/// state, a modifier or a switch), so its successors run at one vertex.
pub(crate) fn needs_mark(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    is_entry: &dyn Fn(u32) -> bool,
    in_pattern: &[bool],
    preds: &[Vec<u32>],
) -> Marks {
    let n = view.nstates();
    let board = Board::new(view);
    let mut in_ray = vec![false; n];
    let mut rays = Vec::new();
    let mut acyclic: HashMap<Vec<u32>, bool> = HashMap::new();
    let single = single_vertex(preds, is_entry, &in_ray);
    let candidates: Vec<Vec<u32>> = (0..n as u32)
        .filter_map(|c0| find_ray(c0, preds, actions, is_entry))
        .collect();
    let mut relaxed_in_rules: Vec<Vec<u32>> = Vec::new();
    // Rays entered from a state that runs at one vertex, with that state.
    let mut strict_rays: Vec<(Vec<u32>, u32)> = Vec::new();
    let mut on_cycle = vec![false; n];
    for &q in candidates.iter().flatten() {
        on_cycle[q as usize] = true;
    }
    for ray in candidates {
        let c0 = ray[0];
        {
            let outside = preds[c0 as usize]
                .iter()
                .copied()
                .find(|p| !ray.contains(p))
                .expect("a ray has an outside predecessor");
            let mut dirs: Vec<u32> = ray
                .iter()
                .filter_map(|&q| match actions[q as usize] {
                    ActionView::Shift { dir } => Some(dir),
                    _ => None,
                })
                .collect();
            dirs.sort_unstable();
            dirs.dedup();
            let strict = is_entry(outside) || single[outside as usize];
            let entered_once = strict || once_per_vertex(outside, preds, is_entry, &on_cycle);
            if entered_once
                && !dirs.is_empty()
                && *acyclic
                    .entry(dirs.clone())
                    .or_insert_with(|| board.acyclic(&dirs))
            {
                for &q in &ray {
                    in_ray[q as usize] = true;
                }
                if !strict && !ray.iter().all(|&q| in_pattern[q as usize]) {
                    relaxed_in_rules.push(ray.clone());
                }
                if strict {
                    strict_rays.push((ray.clone(), outside));
                }
                rays.push(ray);
            }
        }
    }
    // Ray members run at several vertices: recompute "single" without them.
    let single = single_vertex(preds, is_entry, &in_ray);
    let mut paths = crate::paths::PathCounter::new(view);
    let need = (0..n)
        .map(|q| {
            if in_ray[q] {
                return false;
            }
            match preds[q].as_slice() {
                [] => false,
                &[p] if p as usize == q => true,
                &[p] => match actions[q] {
                    ActionView::Shift { dir } => {
                        !(board.injective[dir as usize] || is_entry(p) || single[p as usize])
                    }
                    _ => false,
                },
                _ => {
                    !distinct_endpoints(q as u32, preds, is_entry, actions, &board, &in_ray)
                        && !exit_after_strict_ray(q, preds, actions, &board, &strict_rays)
                        && !paths.at_most_one_path(q as u32, preds, is_entry, &in_ray)
                }
            }
        })
        .collect::<Vec<bool>>();
    let mut need: Vec<bool> = (0..n)
        .map(|q| need[q] && !(in_pattern[q] && ends_in_acceptance(view, q as u32, 1)))
        .collect();
    // Walks of a relaxed ray in the rules may overlap: its exits merge them.
    for ray in &relaxed_in_rules {
        for &c in ray {
            for &j in view.successors(c) {
                if !ray.contains(&j) {
                    need[j as usize] = true;
                }
            }
        }
    }
    drop_marks_before_marks(
        view, actions, is_entry, preds, &board, &in_ray, &single, &mut need,
    );
    Marks {
        need,
        rays,
        merges: paths.found,
    }
}

/// A test or injective shift whose predecessors each run once per vertex (marked, single or
/// a level's start, none on a ray) and whose successors all keep a mark (or accept) runs at
/// most once per predecessor at a vertex, and a second run only repeats its test before the
/// successors' marks stop it: its own mark costs more than it saves (hex's and go's flood
/// fills: the shift to a neighbour before the marked `{stone}` state).
#[allow(clippy::too_many_arguments)]
fn drop_marks_before_marks(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    is_entry: &dyn Fn(u32) -> bool,
    preds: &[Vec<u32>],
    board: &Board,
    in_ray: &[bool],
    single: &[bool],
    need: &mut [bool],
) {
    let n = need.len();
    let candidate: Vec<bool> = (0..n)
        .map(|q| {
            need[q]
                && !is_entry(q as u32)
                && match actions[q] {
                    ActionView::Shift { dir } => board.injective[dir as usize],
                    ActionView::On { .. } | ActionView::Compare { .. } => true,
                    _ => false,
                }
                && !view.successors(q as u32).is_empty()
                && view
                    .successors(q as u32)
                    .iter()
                    .all(|&j| view.accepting(j) || need[j as usize])
        })
        .collect();
    // Greedy, merge points (many predecessors) last: they are the marks worth keeping.
    let mut order: Vec<usize> = (0..n).filter(|&q| candidate[q]).collect();
    order.sort_by_key(|&q| (preds[q].len(), q));
    for q in order {
        let once = |p: usize| !in_ray[p] && (need[p] || is_entry(p as u32) || single[p]);
        let marked_after = view
            .successors(q as u32)
            .iter()
            .all(|&j| view.accepting(j) || (need[j as usize] && j as usize != q));
        if marked_after
            && preds[q]
                .iter()
                .all(|&p| p as usize != q && once(p as usize))
        {
            need[q] = false;
        }
    }
}

/// Inside a pattern body: `q` accepts, or within `depth` steps every path from it ends in
/// an accepting state or a dead end. Running such a state twice at a vertex repeats a few
/// tests (at most out-degree^depth) and cannot change the pattern's value, so its mark
/// costs more than it saves (go's `gotoNeighbor(empty)` after a block walk). Used with depth
/// 1: deeper, chains of such states inlined into each other multiply their code (a fuzzed
/// automaton took minutes to generate at depth 3).
fn ends_in_acceptance(view: &ProgramView<'_>, q: u32, depth: u32) -> bool {
    view.accepting(q)
        || (depth > 0
            && view
                .successors(q)
                .iter()
                .all(|&j| ends_in_acceptance(view, j, depth - 1)))
}

/// `q` (not a shift, or an injective one) follows a ray both directly from the ray's outside
/// predecessor `o`, which runs at one vertex `v0`, and from one member `p` of the ray that comes
/// after a shift of it (gomoku's `(up left {w})* {! up left {w}}`: the test after zero or
/// more steps). From `o`, `q` runs at `v0`; from `p`, once at each vertex of the ray's walk
/// past `v0`, which never comes back to `v0` (its directions form no cycle on the board). So
/// `q` runs at most once per vertex and level.
fn exit_after_strict_ray(
    q: usize,
    preds: &[Vec<u32>],
    actions: &[ActionView],
    board: &Board,
    strict_rays: &[(Vec<u32>, u32)],
) -> bool {
    let &[a, b] = preds[q].as_slice() else {
        return false;
    };
    if let ActionView::Shift { dir } = actions[q] {
        if !board.injective[dir as usize] {
            return false;
        }
    }
    strict_rays.iter().any(|(ray, o)| {
        [(a, b), (b, a)].iter().any(|&(x, p)| {
            x == *o
                && ray.iter().position(|&r| r == p).is_some_and(|i| {
                    ray[..=i]
                        .iter()
                        .any(|&r| matches!(actions[r as usize], ActionView::Shift { .. }))
                })
        })
    })
}

/// Most paths, and longest path, `distinct_endpoints` follows back.
const MAX_PATHS: usize = 16;
const MAX_PATH_LEN: usize = 12;

/// `q` (several predecessors) is reached from the start of its level along a few acyclic
/// paths only, and from every vertex the paths from one start end at pairwise different
/// vertices (breakthrough's `forward ({e} + (left + right) {e, oppPawn}) ->>`: the switch is
/// reached straight ahead or diagonally, never twice at one vertex). Then `q` runs at most
/// once per vertex and level without a mark.
fn distinct_endpoints(
    q: u32,
    preds: &[Vec<u32>],
    is_entry: &dyn Fn(u32) -> bool,
    actions: &[ActionView],
    board: &Board,
    in_ray: &[bool],
) -> bool {
    // Backward walk: (state, states after it up to q).
    let mut paths: Vec<(u32, Vec<u32>)> = Vec::new();
    let mut stack: Vec<(u32, Vec<u32>)> = vec![(q, Vec::new())];
    while let Some((x, trail)) = stack.pop() {
        if paths.len() + stack.len() > MAX_PATHS || trail.len() > MAX_PATH_LEN {
            return false;
        }
        if x != q && is_entry(x) {
            paths.push((x, trail));
            continue;
        }
        if in_ray[x as usize] || trail.contains(&x) || preds[x as usize].is_empty() {
            return false;
        }
        let mut t = trail;
        t.push(x);
        for &p in &preds[x as usize] {
            stack.push((p, t.clone()));
        }
    }
    // Per path: its shifts, from the start forward.
    let dirs = |trail: &[u32]| -> Vec<u32> {
        trail
            .iter()
            .rev()
            .filter_map(|&s| match actions[s as usize] {
                ActionView::Shift { dir } => Some(dir),
                _ => None,
            })
            .collect()
    };
    let mut starts: Vec<u32> = paths.iter().map(|(e, _)| *e).collect();
    starts.sort_unstable();
    starts.dedup();
    for start in starts {
        let group: Vec<Vec<u32>> = paths
            .iter()
            .filter(|(e, _)| *e == start)
            .map(|(_, t)| dirs(t))
            .collect();
        if group.len() < 2 {
            continue;
        }
        let mut ends: Vec<u32> = Vec::with_capacity(group.len());
        for v in 0..board.nv as u32 {
            ends.clear();
            for path in &group {
                let end = path
                    .iter()
                    .try_fold(v, |w, &d| board.next[d as usize][w as usize]);
                if let Some(w) = end {
                    if ends.contains(&w) {
                        return false;
                    }
                    ends.push(w);
                }
            }
        }
    }
    true
}

/// Per state: it runs at one vertex per level at most (reached from a level's start through
/// single-predecessor states outside rays).
fn single_vertex(preds: &[Vec<u32>], is_entry: &dyn Fn(u32) -> bool, in_ray: &[bool]) -> Vec<bool> {
    let n = preds.len();
    // 0 unknown, 1 no, 2 yes
    let mut memo = vec![0u8; n];
    let mut path = Vec::new();
    for q in 0..n {
        path.clear();
        let mut x = q;
        let result = loop {
            if memo[x] != 0 {
                break memo[x];
            }
            path.push(x);
            if in_ray[x] || path.len() > n {
                break 1;
            }
            match *preds[x].as_slice() {
                [p] if is_entry(p) => break 2,
                [p] => x = p as usize,
                _ => break 1,
            }
        };
        for &y in &path {
            memo[y] = result;
        }
    }
    memo.iter().map(|&m| m == 2).collect()
}

/// `q` runs at most once per vertex and level: it is reached from a state that will keep a
/// mark (several predecessors, on no candidate ray) or from a level's start, through
/// single-predecessor states on no candidate ray (a shift along any direction keeps at most
/// one run per source vertex per vertex only when it is injective; a non-injective one may
/// merge, so it stops the walk).
fn once_per_vertex(
    q: u32,
    preds: &[Vec<u32>],
    is_entry: &dyn Fn(u32) -> bool,
    on_cycle: &[bool],
) -> bool {
    let mut x = q;
    for _ in 0..preds.len() {
        if on_cycle[x as usize] {
            return false;
        }
        if is_entry(x) {
            return true;
        }
        match preds[x as usize].as_slice() {
            [] => return false,
            &[p] => x = p,
            _ => return true,
        }
    }
    false
}

/// The ray through `c0` (see the module comment), `c0` first, without the direction test.
fn find_ray(
    c0: u32,
    preds: &[Vec<u32>],
    actions: &[ActionView],
    is_entry: &dyn Fn(u32) -> bool,
) -> Option<Vec<u32>> {
    let plain = |q: u32| !is_entry(q) && !matches!(actions[q as usize], ActionView::Start);
    if !plain(c0) || preds[c0 as usize].len() != 2 {
        return None;
    }
    let mut found = None;
    for &last in &preds[c0 as usize] {
        // Walk back from `last` through single-predecessor states to c0.
        let mut chain = vec![last];
        let mut x = last;
        let closes = loop {
            if x == c0 {
                chain.pop();
                break true;
            }
            if !plain(x) || chain.len() > MAX_RAY {
                break false;
            }
            match preds[x as usize].as_slice() {
                &[p] => {
                    x = p;
                    chain.push(p);
                }
                _ => break false,
            }
        };
        if closes {
            if found.is_some() {
                return None; // both predecessors on cycles: no way in
            }
            chain.reverse();
            let mut ray = vec![c0];
            ray.extend(chain);
            found = Some(ray);
        }
    }
    found
}

/// The board's neighbour tables, for the direction tests.
struct Board {
    nv: usize,
    next: Vec<Vec<Option<u32>>>,
    /// Per direction: no two vertices have the same neighbour along it.
    injective: Vec<bool>,
}

impl Board {
    fn new(view: &ProgramView<'_>) -> Board {
        let nv = view.nvertices();
        let next: Vec<Vec<Option<u32>>> = (0..view.ndirs() as u32)
            .map(|d| (0..nv as u32).map(|v| view.neighbour(v, d)).collect())
            .collect();
        let injective = next
            .iter()
            .map(|col| {
                let mut seen = vec![false; nv];
                col.iter()
                    .flatten()
                    .all(|&w| !std::mem::replace(&mut seen[w as usize], true))
            })
            .collect();
        Board {
            nv,
            next,
            injective,
        }
    }

    /// Whether the edges along `dirs` form no cycle (Kahn's algorithm).
    fn acyclic(&self, dirs: &[u32]) -> bool {
        let mut indeg = vec![0u32; self.nv];
        for &d in dirs {
            for &w in self.next[d as usize].iter().flatten() {
                indeg[w as usize] += 1;
            }
        }
        let mut queue: Vec<u32> = (0..self.nv as u32)
            .filter(|&v| indeg[v as usize] == 0)
            .collect();
        let mut done = 0;
        while let Some(v) = queue.pop() {
            done += 1;
            for &d in dirs {
                if let Some(w) = self.next[d as usize][v as usize] {
                    indeg[w as usize] -= 1;
                    if indeg[w as usize] == 0 {
                        queue.push(w);
                    }
                }
            }
        }
        done == self.nv
    }
}
