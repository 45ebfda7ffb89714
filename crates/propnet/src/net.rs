//! The propositional network: ground rules as AND/OR gates with negated edges, laid out so
//! that the state's propositions and their `next` gates occupy aligned ranges (a state's
//! successor is a word-wise XOR), each role's `legal` gates one range beside its move inputs.

use crate::ground::{AtomId, Ground};
pub use crate::guard::RoleMoves;
use crate::guard::{Guards, Rules};
use crate::GroundError;
use gdl::ast::Symbol;
use gdl::engine::store::Id;
use std::collections::{HashMap, HashSet};

pub use crate::Node;
/// Edge flag: the edge is satisfied when its source is false.
pub const NEG: u32 = 1 << 31;
/// Edge flag: the edge joins two gates of one cyclic component (solved as a block).
pub const INTERNAL: u32 = 1 << 30;
pub const INDEX: u32 = INTERNAL - 1;
/// Edge flag in [`Net::ext`]: the target belongs to a cyclic component (the same bit as
/// [`INTERNAL`], which `ext` never holds).
pub const TO_CYCLE: u32 = INTERNAL;
/// `Net::scc` of a gate outside every cycle.
pub const ACYCLIC: u32 = u32::MAX;
/// The threshold of inputs (leaves): never computed from edges.
pub const LEAF: u32 = u32::MAX;

/// The most gates a network may have (edge words carry two flag bits).
pub const MAX_NODES: usize = INDEX as usize;

pub struct Net {
    pub nodes: usize,
    /// Inputs needed to make a gate true (1 for OR, the in-degree for AND); [`LEAF`] for inputs.
    pub thr: Vec<u32>,
    pub out_start: Vec<u32>,
    pub out: Vec<u32>,
    /// The edges propagation follows: `out` without the edges inside a cyclic component,
    /// flagged [`TO_CYCLE`] where the target is in one.
    pub ext_start: Vec<u32>,
    pub ext: Vec<u32>,
    /// Where each gate's negated readers start in `ext` (its plain ones come first).
    pub ext_neg: Vec<u32>,
    pub in_start: Vec<u32>,
    pub ins: Vec<u32>,
    /// The cyclic component of each gate, or [`ACYCLIC`].
    pub scc: Vec<u32>,
    pub cyclic: Vec<Vec<Node>>,
    /// Gates in evaluation order (inputs before the gates that read them; a cyclic
    /// component's gates together).
    pub order: Vec<Node>,
    /// The state's propositions are gates `0..bases`; the `next` gate of proposition `i` is
    /// `next_start + i` (`next_start` a multiple of 64).
    pub bases: usize,
    pub next_start: Node,
    pub base_terms: Vec<Id>,
    pub roles: Vec<RoleMoves>,
    pub role_terms: Vec<Id>,
    /// (role index, score, gate).
    pub goals: Vec<(usize, i64, Node)>,
    pub terminal: Option<Node>,
    pub always: Node,
    /// Propositions of the initial state.
    pub init: Vec<usize>,
    /// Whether a `legal`, `goal` or `terminal` gate reads a move input (GDL forbids it; the
    /// checker may let it through): then inputs are cleared after each move.
    pub outputs_read_moves: bool,
}

impl Net {
    pub fn outs(&self, n: Node) -> &[u32] {
        &self.out[self.out_start[n as usize] as usize..self.out_start[n as usize + 1] as usize]
    }
    pub fn ins_of(&self, n: Node) -> &[u32] {
        &self.ins[self.in_start[n as usize] as usize..self.in_start[n as usize + 1] as usize]
    }
}

fn round64(n: usize) -> usize {
    n.div_ceil(64) * 64
}

pub fn build(g: &Ground) -> Result<Net, GroundError> {
    let mut atom_node: Vec<Option<Node>> = vec![None; g.atoms.len()];
    let mut thr: Vec<u32> = Vec::new();
    let fresh = |thr: &mut Vec<u32>, t: u32| -> Node {
        thr.push(t);
        (thr.len() - 1) as Node
    };
    // Propositions, padded.
    let bases = g.bases.len();
    for &(_, a) in &g.bases {
        atom_node[a as usize] = Some(fresh(&mut thr, LEAF));
    }
    while thr.len() < round64(bases) {
        fresh(&mut thr, LEAF);
    }
    let next_start = thr.len() as Node;
    let atom_index: HashMap<Id, AtomId> = g
        .atoms
        .iter()
        .enumerate()
        .map(|(i, &a)| (a, i as AtomId))
        .collect();
    for &(p, _) in &g.bases {
        let n = fresh(&mut thr, 1);
        let next_atom = g.store.find(Symbol::NEXT, &[p]);
        if let Some(&a) = next_atom.and_then(|t| atom_index.get(&t)) {
            atom_node[a as usize] = Some(n);
        }
    }
    while thr.len() < next_start as usize + round64(bases) {
        fresh(&mut thr, LEAF);
    }
    // Each role's legal gates, then its inputs.
    let role_index: HashMap<Id, usize> = g.roles.iter().enumerate().map(|(i, &r)| (r, i)).collect();
    let mut by_role: Vec<Vec<(Id, AtomId)>> = vec![Vec::new(); g.roles.len()];
    for &(r, m, a) in &g.inputs {
        if let Some(&i) = role_index.get(&r) {
            by_role[i].push((m, a));
        }
    }
    let mut roles = Vec::new();
    let mut legal_atoms: Vec<Vec<Option<AtomId>>> = Vec::new();
    for (ri, moves) in by_role.iter().enumerate() {
        let legal_start = thr.len() as Node;
        let mut atoms = Vec::new();
        for &(m, _) in moves {
            let n = fresh(&mut thr, 1);
            let legal_atom = g.store.find(Symbol::LEGAL, &[g.roles[ri], m]);
            let a = legal_atom.and_then(|t| atom_index.get(&t)).copied();
            if let Some(a) = a {
                atom_node[a as usize] = Some(n);
            }
            atoms.push(a);
        }
        legal_atoms.push(atoms);
        let inputs = moves
            .iter()
            .map(|&(_, a)| {
                let n = fresh(&mut thr, LEAF);
                atom_node[a as usize] = Some(n);
                n
            })
            .collect();
        roles.push(RoleMoves {
            legal_start,
            inputs,
            terms: moves.iter().map(|&(m, _)| m).collect(),
            guards: Guards::none(moves.len()),
        });
    }
    let always = fresh(&mut thr, LEAF);
    // Every other atom is an OR gate.
    for slot in atom_node.iter_mut() {
        if slot.is_none() {
            *slot = Some(fresh(&mut thr, 1));
        }
    }
    let node_of = |a: AtomId| atom_node[a as usize].expect("every atom has a gate");
    let mut edges: Vec<(Node, Node, bool)> = Vec::new();
    let mut by_head: Vec<Vec<usize>> = vec![Vec::new(); g.atoms.len()];
    for (i, rule) in g.rules.iter().enumerate() {
        by_head[rule.head as usize].push(i);
    }
    let bodies_of = |h: usize| -> Vec<Vec<(Node, bool)>> {
        by_head[h]
            .iter()
            .map(|&i| {
                g.rules[i]
                    .body
                    .iter()
                    .map(|&(a, n)| (node_of(a), n))
                    .collect()
            })
            .collect()
    };
    let mut rules: Vec<Rules> = (0..g.atoms.len()).map(bodies_of).collect();
    let guard_of = guard_legal_rules(&legal_atoms, &mut roles, &node_of, &mut rules);
    assume_turns(g, &guard_of, &node_of, &mut rules);
    for (h, bodies) in rules.into_iter().enumerate() {
        if by_head[h].is_empty() {
            continue;
        }
        factor(&mut thr, &mut edges, always, bodies, node_of(h as AtomId));
    }
    let goals = goal_gates(g, &node_of, &role_index);
    let terminal = g
        .store
        .find(Symbol::TERMINAL, &[])
        .and_then(|t| atom_index.get(&t))
        .map(|&a| node_of(a));
    let (read_start, read) = csr(thr.len(), &edges, |&(s, d, _)| (s, d));
    let reached = reached_from_inputs(thr.len(), &read_start, &read, &roles);
    let outputs_read_moves = roles
        .iter()
        .any(|r| (0..r.inputs.len()).any(|i| reached[r.legal_start as usize + i]))
        || goals.iter().any(|&(_, _, n)| reached[n as usize])
        || terminal.is_some_and(|t| reached[t as usize]);
    if !outputs_read_moves {
        crate::complement::rewrite(&mut thr, &mut edges, &roles, always);
    }
    if thr.len() > MAX_NODES {
        return Err(GroundError::Budget(format!(
            "the network has more than {MAX_NODES} gates (propnet::net::MAX_NODES)"
        )));
    }
    let nodes = thr.len();
    let (scc, cyclic, order) = components(nodes, &edges)?;
    let (out_start, out) = csr(nodes, &edges, |&(s, d, neg)| {
        let internal = scc[s as usize] != ACYCLIC && scc[s as usize] == scc[d as usize];
        (
            s,
            d | if neg { NEG } else { 0 } | if internal { INTERNAL } else { 0 },
        )
    });
    let mut external: Vec<(Node, Node, bool)> = edges
        .iter()
        .copied()
        .filter(|&(s, d, _)| scc[s as usize] == ACYCLIC || scc[s as usize] != scc[d as usize])
        .collect();
    // Each gate's plain readers first, then its negated ones (`ext_neg`).
    external.sort_by_key(|&(_, _, neg)| neg);
    let (ext_start, ext) = csr(nodes, &external, |&(s, d, neg)| {
        let to_cycle = scc[d as usize] != ACYCLIC;
        (
            s,
            d | if neg { NEG } else { 0 } | if to_cycle { TO_CYCLE } else { 0 },
        )
    });
    let ext_neg = (0..nodes)
        .map(|n| {
            let (a, b) = (ext_start[n], ext_start[n + 1]);
            a + ext[a as usize..b as usize].partition_point(|&e| e & NEG == 0) as u32
        })
        .collect();
    let (in_start, ins) = csr(nodes, &edges, |&(s, d, neg)| {
        (d, s | if neg { NEG } else { 0 })
    });
    let base_index: HashMap<Id, usize> = g
        .bases
        .iter()
        .enumerate()
        .map(|(i, &(p, _))| (p, i))
        .collect();
    let init = g
        .init
        .iter()
        .filter_map(|p| base_index.get(p).copied())
        .collect();
    Ok(Net {
        nodes,
        thr,
        out_start,
        out,
        ext_start,
        ext,
        ext_neg,
        in_start,
        ins,
        scc,
        cyclic,
        order,
        bases,
        next_start,
        base_terms: g.bases.iter().map(|&(p, _)| p).collect(),
        roles,
        role_terms: g.roles.clone(),
        goals,
        terminal,
        always,
        init,
        outputs_read_moves,
    })
}

/// Each role's legal rules without their guards (`crate::guard`), the guards to `roles`;
/// a rule reading a legal atom so split tests its guard beside it (`canmove :- legal(white,
/// m)` becomes `canmove :- control(white), legal(white, m)`, and the shared test is factored
/// out). A legal atom read negatively keeps its rules whole. Returns each split legal
/// atom's gate with its guard.
fn guard_legal_rules(
    legal_atoms: &[Vec<Option<AtomId>>],
    roles: &mut [RoleMoves],
    node_of: &impl Fn(AtomId) -> Node,
    rules: &mut [Rules],
) -> HashMap<Node, Node> {
    let negated: HashSet<Node> = rules
        .iter()
        .flatten()
        .flatten()
        .filter(|&&(_, neg)| neg)
        .map(|&(n, _)| n)
        .collect();
    let mut guard_of = HashMap::new();
    for (role, atoms) in roles.iter_mut().zip(legal_atoms) {
        let mut bodies: Vec<Option<Rules>> = atoms
            .iter()
            .map(|a| {
                a.filter(|&a| !negated.contains(&node_of(a)))
                    .map(|a| std::mem::take(&mut rules[a as usize]))
            })
            .collect();
        role.guards = crate::guard::split(&mut bodies);
        for (a, b) in atoms.iter().zip(bodies) {
            if let (Some(a), Some(b)) = (a, b) {
                rules[*a as usize] = b;
            }
        }
        for (guard, mask) in &role.guards.guarded {
            for (k, a) in atoms.iter().enumerate() {
                if let Some(a) = a.filter(|_| mask[k / 64] >> (k % 64) & 1 != 0) {
                    guard_of.insert(node_of(a), *guard);
                }
            }
        }
    }
    for body in rules.iter_mut().flatten() {
        let guards: Vec<Node> = body
            .iter()
            .filter(|&&(_, neg)| !neg)
            .filter_map(|(n, _)| guard_of.get(n).copied())
            .collect();
        for guard in guards {
            if !body.contains(&(guard, false)) {
                body.push((guard, false));
            }
        }
    }
    guard_of
}

/// [`crate::assume::assume_turns`] over the rules by atom: the atoms read from outside the
/// rules (`legal`, `next`, `goal`, `terminal`, guards) are fixed.
fn assume_turns(
    g: &Ground,
    guard_of: &HashMap<Node, Node>,
    node_of: &impl Fn(AtomId) -> Node,
    rules: &mut [Rules],
) {
    let node: Vec<Node> = (0..g.atoms.len() as AtomId).map(node_of).collect();
    let guards: HashSet<Node> = guard_of.values().copied().collect();
    let outside = [Symbol::LEGAL, Symbol::NEXT, Symbol::GOAL, Symbol::TERMINAL];
    let fixed: Vec<bool> = (0..g.atoms.len())
        .map(|a| outside.contains(&g.store.functor(g.atoms[a])) || guards.contains(&node[a]))
        .collect();
    crate::assume::assume_turns(
        &mut crate::assume::Program {
            rules,
            node: &node,
            fixed: &fixed,
            propositions: g.bases.len() as Node,
        },
        guard_of,
    );
}

/// Gates that depend on some move input.
fn reached_from_inputs(
    nodes: usize,
    out_start: &[u32],
    out: &[u32],
    roles: &[RoleMoves],
) -> Vec<bool> {
    let mut seen = vec![false; nodes];
    let mut stack: Vec<Node> = roles
        .iter()
        .flat_map(|r| r.inputs.iter().copied())
        .collect();
    while let Some(n) = stack.pop() {
        for &e in &out[out_start[n as usize] as usize..out_start[n as usize + 1] as usize] {
            let t = e & INDEX;
            if !seen[t as usize] {
                seen[t as usize] = true;
                stack.push(t);
            }
        }
    }
    seen
}

/// Edges making `head` true when every literal of `body` holds: a constant, one edge, or
/// an AND gate.
fn gate(
    thr: &mut Vec<u32>,
    edges: &mut Vec<(Node, Node, bool)>,
    always: Node,
    body: &[(Node, bool)],
    head: Node,
) {
    match body {
        [] => edges.push((always, head, false)),
        [(n, neg)] => edges.push((*n, head, *neg)),
        body => {
            thr.push(body.len() as u32);
            let and = (thr.len() - 1) as Node;
            edges.extend(body.iter().map(|&(n, neg)| (n, and, neg)));
            edges.push((and, head, false));
        }
    }
}

/// The rules of `head` as gates, rules sharing a literal factored: `head = l ∧ (rest₁ ∨
/// rest₂ ∨ …) ∨ …`, so the literal most rules share (the frame's `true p` beside each move
/// that keeps it) is read once instead of once per rule.
fn factor(
    thr: &mut Vec<u32>,
    edges: &mut Vec<(Node, Node, bool)>,
    always: Node,
    mut bodies: Vec<Vec<(Node, bool)>>,
    head: Node,
) {
    while bodies.len() >= 2 {
        let Some(l) = most_shared(&bodies) else {
            break;
        };
        let (with, without): (Vec<_>, Vec<_>) = bodies
            .into_iter()
            .partition(|b| b.len() >= 2 && b.contains(&l));
        bodies = without;
        thr.push(1);
        let inner = (thr.len() - 1) as Node;
        gate(thr, edges, always, &[l, (inner, false)], head);
        for body in with {
            let rest: Vec<(Node, bool)> = body.into_iter().filter(|&x| x != l).collect();
            gate(thr, edges, always, &rest, inner);
        }
    }
    for body in &bodies {
        gate(thr, edges, always, body, head);
    }
}

/// The literal in the most bodies of two or more literals, if at least two share one.
fn most_shared(bodies: &[Vec<(Node, bool)>]) -> Option<(Node, bool)> {
    let mut count: HashMap<(Node, bool), usize> = HashMap::new();
    for b in bodies.iter().filter(|b| b.len() >= 2) {
        let mut seen: Vec<(Node, bool)> = b.clone();
        seen.sort_unstable();
        seen.dedup();
        for l in seen {
            *count.entry(l).or_default() += 1;
        }
    }
    count
        .into_iter()
        .filter(|&(_, c)| c >= 2)
        .max_by_key(|&(l, c)| (c, std::cmp::Reverse(l)))
        .map(|(l, _)| l)
}

fn goal_gates(
    g: &Ground,
    node_of: &impl Fn(AtomId) -> Node,
    role_index: &HashMap<Id, usize>,
) -> Vec<(usize, i64, Node)> {
    let mut goals = Vec::new();
    for (i, &a) in g.atoms.iter().enumerate() {
        let store = &g.store;
        if store.functor(a) != Symbol::GOAL || store.args(a).len() != 2 {
            continue;
        }
        let (r, v) = (store.args(a)[0], store.args(a)[1]);
        let Some(&role) = role_index.get(&r) else {
            continue;
        };
        if !store.args(v).is_empty() {
            continue;
        }
        if let Ok(score) = g.symbols.name(store.functor(v)).parse::<i64>() {
            goals.push((role, score, node_of(i as AtomId)));
        }
    }
    goals
}

/// Compressed rows of `edges` keyed by the first element `key` returns.
fn csr<E>(nodes: usize, edges: &[E], key: impl Fn(&E) -> (Node, u32)) -> (Vec<u32>, Vec<u32>) {
    let mut start = vec![0u32; nodes + 1];
    for e in edges {
        start[key(e).0 as usize + 1] += 1;
    }
    for i in 0..nodes {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut out = vec![0u32; edges.len()];
    for e in edges {
        let (k, v) = key(e);
        out[fill[k as usize] as usize] = v;
        fill[k as usize] += 1;
    }
    (start, out)
}

type Components = (Vec<u32>, Vec<Vec<Node>>, Vec<Node>);

/// Cyclic components (numbered densely) and an evaluation order; a negated edge inside a
/// cycle means the rules are not stratified.
fn components(nodes: usize, edges: &[(Node, Node, bool)]) -> Result<Components, GroundError> {
    let mut deps: Vec<Vec<usize>> = vec![Vec::new(); nodes];
    for &(s, d, _) in edges {
        deps[d as usize].push(s as usize);
    }
    let comp = gdl::check::sccs(&deps);
    drop(deps);
    let ncomp = comp.iter().copied().max().map_or(0, |m| m + 1);
    let mut members: Vec<Vec<Node>> = vec![Vec::new(); ncomp];
    for (n, &c) in comp.iter().enumerate() {
        members[c].push(n as Node);
    }
    let mut self_loop = vec![false; ncomp];
    for &(s, d, neg) in edges {
        if comp[s as usize] == comp[d as usize] {
            if neg {
                return Err(GroundError::Rules(
                    "a negation inside a recursive cycle of ground atoms (rules not stratified)"
                        .to_string(),
                ));
            }
            if s == d {
                self_loop[comp[s as usize]] = true;
            }
        }
    }
    let mut scc = vec![ACYCLIC; nodes];
    let mut cyclic = Vec::new();
    let mut order = Vec::with_capacity(nodes);
    for (c, m) in members.into_iter().enumerate() {
        if m.len() > 1 || self_loop[c] {
            for &n in &m {
                scc[n as usize] = cyclic.len() as u32;
            }
            cyclic.push(m.clone());
        }
        order.extend(m);
    }
    Ok((scc, cyclic, order))
}
