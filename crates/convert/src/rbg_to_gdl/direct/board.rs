//! Static analyses of the board graph: which vertices shift-only rules reach, and whether a
//! check may meet the vertex where a piece was put.

use super::MAX_DEPTH;
use ir::{Action, Arith, DirId, Game, Node, NodeId};

/// How many leading nodes of a navigation only shift and together lead from every vertex to
/// every vertex (`(up* + down*)(left* + right*)` on a rectangle): a move that starts with
/// them does not depend on where the previous one ended.
pub fn universal_prefix(game: &Game, nodes: &[NodeId]) -> usize {
    shift_prefix(game, nodes, |ends, _| ends.iter().all(|&b| b))
}

/// How many leading nodes of a navigation only shift and lead from every vertex to the same
/// vertices, though not to all of them (connect four's `down* up^5 (left* + right*)`: the
/// top row; [`universal_prefix`] is asked first): a move that starts with them may as well
/// start at the first vertex, and then does not read where the previous one ended either.
pub fn same_ends_prefix(game: &Game, nodes: &[NodeId]) -> usize {
    if game.board.vertex_count() < 2 {
        return 0;
    }
    shift_prefix(game, nodes, |ends, first| ends == first)
}

/// The longest prefix of shift-only leading `nodes` whose ends from every vertex `s` pass
/// `test(ends from s, ends from the first vertex)`; 0 when none does or the board is too
/// big to look at.
fn shift_prefix(game: &Game, nodes: &[NodeId], test: impl Fn(&[bool], &[bool]) -> bool) -> usize {
    let v = game.board.vertex_count();
    if v == 0 || v > 1024 {
        return 0;
    }
    let shifts = nodes
        .iter()
        .take_while(|&&n| shift_only(game, n, 0))
        .count();
    let from = |s: usize, len: usize| {
        let mut set = vec![false; v];
        set[s] = true;
        reach(game, &nodes[..len], set)
    };
    for len in (1..=shifts).rev() {
        let first = from(0, len);
        if test(&first, &first) && (1..v).all(|s| test(&from(s, len), &first)) {
            return len;
        }
    }
    0
}

pub fn shift_only(game: &Game, id: NodeId, depth: usize) -> bool {
    depth < MAX_DEPTH
        && match game.rules.node(id) {
            Node::Action(Action::Shift(_)) => true,
            Node::Action(_) => false,
            Node::Concat(ch) | Node::Sum(ch) => ch.iter().all(|&c| shift_only(game, c, depth + 1)),
            Node::Star(c) => shift_only(game, *c, depth + 1),
        }
}

/// The vertices shift-only `nodes` lead to from `set` (the walk of [`see`], whose hits do
/// not matter here: shift-only rules have no checks).
fn reach(game: &Game, nodes: &[NodeId], mut set: Vec<bool>) -> Vec<bool> {
    for &n in nodes {
        set = see(game, n, set, 0, 0).0;
    }
    set
}

/// The vertices one shift along `d` leads to from `set`.
fn shift(game: &Game, d: DirId, set: &[bool]) -> Vec<bool> {
    let mut out = vec![false; set.len()];
    for (v, _) in set.iter().enumerate().filter(|p| *p.1) {
        if let Some(w) = game.board.neighbour(ir::VertexId::from_index(v), d) {
            out[w.index()] = true;
        }
    }
    out
}

/// Whether a check among `nodes` may read the vertex a piece was put on, given for each
/// vertex `u` it may have been put on (`rows[u]`) the vertices where the walk may be now;
/// `rows` become where the walk may be after `nodes`. Shifts are followed, checks assumed to
/// pass (an over-approximation: a `false` answer is certain).
pub fn may_see(game: &Game, nodes: &[NodeId], rows: &mut [Vec<bool>]) -> bool {
    let mut hit = false;
    for (u, row) in rows.iter_mut().enumerate() {
        let mut set = std::mem::take(row);
        for &n in nodes {
            let (out, h) = see(game, n, set, u, 0);
            set = out;
            hit |= h;
        }
        *row = set;
    }
    hit
}

fn see(game: &Game, id: NodeId, set: Vec<bool>, u: usize, depth: usize) -> (Vec<bool>, bool) {
    if depth > MAX_DEPTH {
        return (vec![true; set.len()], true);
    }
    match game.rules.node(id) {
        Node::Action(Action::Shift(d)) => (shift(game, *d, &set), false),
        Node::Action(Action::On(_)) => {
            let h = set[u];
            (set, h)
        }
        Node::Action(Action::Pattern { body, .. }) => {
            let (_, h) = see(game, *body, set.clone(), u, depth + 1);
            (set, h)
        }
        // A piece count reads every vertex.
        Node::Action(Action::Compare { left, right, .. }) => {
            let h = has_count(left) || has_count(right);
            (set, h)
        }
        Node::Action(_) => (set, false),
        Node::Concat(ch) => {
            let mut hit = false;
            let mut set = set;
            for &c in ch {
                let (out, h) = see(game, c, set, u, depth + 1);
                set = out;
                hit |= h;
            }
            (set, hit)
        }
        Node::Sum(ch) => {
            let mut out = vec![false; set.len()];
            let mut hit = false;
            for &c in ch {
                let (o, h) = see(game, c, set.clone(), u, depth + 1);
                hit |= h;
                for (a, b) in out.iter_mut().zip(o) {
                    *a |= b;
                }
            }
            (out, hit)
        }
        Node::Star(c) => {
            let mut all = set.clone();
            let mut frontier = set;
            let mut hit = false;
            loop {
                let (step, h) = see(game, *c, frontier, u, depth + 1);
                hit |= h;
                let mut fresh = vec![false; all.len()];
                let mut grew = false;
                for (i, s) in step.into_iter().enumerate() {
                    if s && !all[i] {
                        all[i] = true;
                        fresh[i] = true;
                        grew = true;
                    }
                }
                if !grew {
                    return (all, hit);
                }
                frontier = fresh;
            }
        }
    }
}

/// Whether an expression counts pieces (and so reads every vertex).
fn has_count(e: &Arith) -> bool {
    match e {
        Arith::Count(_) => true,
        Arith::Bin(_, a, b) => has_count(a) || has_count(b),
        Arith::Const(_) | Arith::Var(_) => false,
    }
}

/// `nodes` with concatenations (and sums of one alternative) opened, in order.
pub(super) fn flatten(game: &Game, nodes: &[NodeId], out: &mut Vec<NodeId>) {
    for &n in nodes {
        match game.rules.node(n) {
            Node::Concat(ch) => flatten(game, ch, out),
            Node::Sum(ch) if ch.len() == 1 => flatten(game, ch, out),
            _ => out.push(n),
        }
    }
}

pub(super) fn flat(game: &Game, nodes: &[NodeId]) -> Vec<NodeId> {
    let mut out = Vec::new();
    flatten(game, nodes, &mut out);
    out
}

pub(super) fn action(game: &Game, n: NodeId) -> Option<&Action> {
    match game.rules.node(n) {
        Node::Action(a) => Some(a),
        _ => None,
    }
}
