//! Move inputs read through their complement. A frame rule keeps a proposition "unless a
//! move touches it": ground, that is an OR over nearly every move of a role, and each move
//! input then feeds nearly every frame gate (breakthrough: one input, 128 gates). While a
//! successor is computed, every role has exactly one of its inputs set, so whether its move
//! is among a set can be read from the moves outside the set; where those are fewer, an OR
//! gate reads them instead, through negated edges.
//!
//! Only gates computed with the inputs set may be rewritten: the caller applies this when no
//! `legal`, `goal` or `terminal` gate reads a move (GDL's rule), so between moves, with the
//! inputs cleared or stale, only `next` gates hold values that nobody reads.

use crate::guard::RoleMoves;
use crate::Node;
use std::collections::HashMap;

/// Rewrites `edges` (source, target, negated) in place and raises the thresholds of the
/// gates that read complements.
///
/// An OR gate is true when at least one edge is satisfied. With exactly one input of role `r`
/// set, the plain edges from its moves `M` are satisfied `[m ∈ M]` times; negated edges from
/// the others `C` instead are satisfied `|C| - [m ∈ C] = |C| - 1 + [m ∈ M]` times, so the gate
/// keeps its meaning when its threshold grows by `|C| - 1`. No gate is added: a role's pass
/// (`noop`, in nearly every `C`) turning on and another's turning off then cancel out in each
/// gate's count instead of flipping a gate per complement.
pub fn rewrite(
    thr: &mut [u32],
    edges: &mut Vec<(Node, Node, bool)>,
    roles: &[RoleMoves],
    always: Node,
) {
    let mut role_of: HashMap<Node, usize> = HashMap::new();
    for (r, role) in roles.iter().enumerate() {
        role_of.extend(role.inputs.iter().map(|&n| (n, r)));
    }
    // The plain edges from inputs into each OR gate, by target and role.
    let mut read: HashMap<(Node, usize), Vec<Node>> = HashMap::new();
    for &(s, t, neg) in edges.iter() {
        if neg || thr[t as usize] != 1 {
            continue;
        }
        if let Some(&r) = role_of.get(&s) {
            read.entry((t, r)).or_default().push(s);
        }
    }
    let mut replaced: HashMap<(Node, usize), ()> = HashMap::new();
    let mut added: Vec<(Node, Node, bool)> = Vec::new();
    let mut raise: HashMap<Node, u32> = HashMap::new();
    for ((t, r), mut sources) in read {
        sources.sort_unstable();
        sources.dedup();
        let others: Vec<Node> = roles[r]
            .inputs
            .iter()
            .copied()
            .filter(|n| sources.binary_search(n).is_err())
            .collect();
        if others.len() >= sources.len() {
            continue;
        }
        replaced.insert((t, r), ());
        if others.is_empty() {
            // Every move of the role: true whenever a successor is computed.
            added.push((always, t, false));
        } else {
            added.extend(others.iter().map(|&n| (n, t, true)));
            *raise.entry(t).or_default() += others.len() as u32 - 1;
        }
    }
    for (t, by) in raise {
        thr[t as usize] += by;
    }
    edges.retain(|&(s, t, neg)| {
        neg || !role_of
            .get(&s)
            .is_some_and(|r| replaced.contains_key(&(t, *r)))
    });
    edges.extend(added);
}
