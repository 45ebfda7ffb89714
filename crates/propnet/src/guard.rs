//! Guards of legal moves. In a turn-based game every `legal` rule of a role tests whose turn
//! it is (`(true (control white))`): ground, the control proposition reads every move's
//! gate (breakthrough: 156 of them) and each turn change recounts them all. A literal that
//! every rule of a `legal` atom shares, and that several of the role's atoms share, is taken
//! out of their rules and kept as the group's guard; the role's legal moves are then the
//! gates that hold, masked by the groups whose guard holds, read word by word. A rule that
//! reads such a legal atom reads its guard beside it (`net::guard_legal_rules`), and the
//! helpers only guarded legal atoms read may assume the guard (`crate::assume`).

use crate::Node;
use gdl::engine::store::Id;
use std::collections::HashMap;

/// One role's moves: its `legal` gates are `legal_start + i`, its `does` inputs `inputs[i]`.
/// A move is legal when its gate holds and `guards` lets it through.
pub struct RoleMoves {
    pub legal_start: Node,
    pub inputs: Vec<Node>,
    pub terms: Vec<Id>,
    pub guards: Guards,
}

/// A literal (gate, negated).
pub type Literal = (Node, bool);

/// The rules of one atom: a body of literals each.
pub type Rules = Vec<Vec<Literal>>;

/// The guards of one role's legal gates: `legal_start + i` is legal when its gate holds and
/// either `open` has bit `i` or a guard holding has it in its mask.
#[derive(Clone, Debug, Default)]
pub struct Guards {
    pub open: Vec<u64>,
    pub guarded: Vec<(Node, Vec<u64>)>,
}

impl Guards {
    /// Every move unguarded.
    pub fn none(moves: usize) -> Guards {
        let mut open = vec![!0u64; moves.div_ceil(64)];
        if !moves.is_multiple_of(64) {
            *open.last_mut().expect("nonempty") = (1u64 << (moves % 64)) - 1;
        }
        Guards {
            open,
            guarded: Vec::new(),
        }
    }
}

/// Takes a shared positive literal out of the rules of each of one role's legal atoms
/// (`bodies[i]`: the rules of move `i`; `None` where the atom is read negatively by other
/// rules and must keep its meaning). Returns the role's guards.
pub fn split(bodies: &mut [Option<Rules>]) -> Guards {
    // Literals common to all rules of each atom, positive only (a guard must hold for the
    // move to be legal).
    let common: Vec<Vec<Literal>> = bodies
        .iter()
        .map(|rules| match rules {
            Some(rules) if !rules.is_empty() => shared_by_all(rules),
            _ => Vec::new(),
        })
        .collect();
    let mut heads_with: HashMap<Literal, usize> = HashMap::new();
    for c in &common {
        for &l in c {
            *heads_with.entry(l).or_default() += 1;
        }
    }
    let mut guards = Guards::none(bodies.len());
    let mut masks: HashMap<Node, Vec<u64>> = HashMap::new();
    for (i, c) in common.iter().enumerate() {
        let Some(&guard) = c
            .iter()
            .filter(|l| heads_with[l] >= 2)
            .max_by_key(|&&l| (heads_with[&l], std::cmp::Reverse(l)))
        else {
            continue;
        };
        if let Some(rules) = &mut bodies[i] {
            for body in rules.iter_mut() {
                body.retain(|&l| l != guard);
            }
        }
        guards.open[i / 64] &= !(1 << (i % 64));
        masks
            .entry(guard.0)
            .or_insert_with(|| vec![0; bodies.len().div_ceil(64)])[i / 64] |= 1 << (i % 64);
    }
    guards.guarded = masks.into_iter().collect();
    guards.guarded.sort_unstable_by_key(|&(n, _)| n);
    guards
}

/// The positive literals in every rule.
fn shared_by_all(rules: &[Vec<Literal>]) -> Vec<Literal> {
    let mut shared: Vec<Literal> = rules[0].iter().copied().filter(|&(_, neg)| !neg).collect();
    shared.sort_unstable();
    shared.dedup();
    for body in &rules[1..] {
        shared.retain(|l| body.contains(l));
    }
    shared
}
