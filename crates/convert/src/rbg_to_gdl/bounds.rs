//! How many modifiers a player's move, and a keeper phase, can apply: the longest path in the
//! rules automaton counted in modifiers (a syntactic bound in the spirit of the paper's strong
//! straightness, computed on the automaton so that it is per chain).
//!
//! * A player's move starts after a switch to a player and ends at the next switch.
//! * A keeper phase starts at the beginning of the rules or after `->>` and runs through the
//!   keeper's moves (`->>` continues it) until a switch to a player.
//!
//! `None` means unbounded: a cycle of the automaton applies a modifier.

use super::nfa::{Automaton, State};
use ir::{Action, Game, Node, NodeId, SwitchTarget};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chain {
    Keeper,
    Player,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// Not a modifier: the path goes on.
    Plain,
    /// A modifier that does not end the chain.
    Modifier,
    /// The switch that ends the chain (counted).
    End,
}

fn kind(game: &Game, id: NodeId, chain: Chain) -> Kind {
    match game.rules.node(id) {
        Node::Action(Action::Off(_) | Action::Assign { .. }) => Kind::Modifier,
        Node::Action(Action::Switch(SwitchTarget::Keeper)) if chain == Chain::Keeper => {
            Kind::Modifier
        }
        Node::Action(Action::Switch(_)) => Kind::End,
        _ => Kind::Plain,
    }
}

/// The maximum number of modifiers (the final switch included) in one chain, `Some(0)` if no
/// chain can complete, `None` if unbounded.
pub fn longest(game: &Game, aut: &Automaton, chain: Chain) -> Option<u64> {
    // Nodes: the context-0 states; edges from the automaton's transitions.
    let mut index: HashMap<State, usize> = HashMap::new();
    let mut states: Vec<State> = Vec::new();
    let mut id_of = |s: State, states: &mut Vec<State>| {
        *index.entry(s).or_insert_with(|| {
            states.push(s);
            states.len() - 1
        })
    };
    let mut adj: Vec<Vec<usize>> = Vec::new();
    for &(q, a) in &aut.transitions {
        if matches!(q, State::PatternStart(_)) || aut.context[a.index()] != Some(0) {
            continue;
        }
        let from = id_of(q, &mut states);
        let to = id_of(State::After(a), &mut states);
        adj.resize(states.len(), Vec::new());
        adj[from].push(to);
    }
    adj.resize(states.len(), Vec::new());
    let weight: Vec<Kind> = states
        .iter()
        .map(|s| match s {
            State::After(a) => kind(game, *a, chain),
            _ => Kind::Plain,
        })
        .collect();

    // Paths do not go on after a switch that ends the chain.
    let cont: Vec<Vec<usize>> = adj
        .iter()
        .enumerate()
        .map(|(v, succ)| {
            if weight[v] == Kind::End {
                Vec::new()
            } else {
                succ.clone()
            }
        })
        .collect();
    // value[v]: the most modifiers on a path that enters v and ends the chain, v's own weight
    // included (an ending switch counts 1); BOTTOM when no path ends the chain.
    const BOTTOM: i64 = -1;
    let comps = tarjan(&cont);
    let mut comp_of = vec![0; states.len()];
    for (c, comp) in comps.iter().enumerate() {
        for &v in comp {
            comp_of[v] = c;
        }
    }
    let mut value = vec![BOTTOM; states.len()];
    let mut infinite = vec![false; states.len()];
    // Tarjan yields components sinks first, so successors in other components are done.
    for (c, comp) in comps.iter().enumerate() {
        let cyclic = comp.len() > 1 || cont[comp[0]].contains(&comp[0]);
        let positive = comp.iter().any(|&v| weight[v] == Kind::Modifier);
        let mut best = BOTTOM;
        let mut inf = false;
        for &v in comp {
            for &w in &cont[v] {
                if comp_of[w] != c {
                    inf |= infinite[w];
                    best = best.max(value[w]);
                }
            }
        }
        for &v in comp {
            value[v] = match weight[v] {
                Kind::End => 1,
                _ if best == BOTTOM => BOTTOM,
                k => best + i64::from(k == Kind::Modifier),
            };
            infinite[v] = inf || (cyclic && positive && best != BOTTOM);
        }
    }
    let starts: Vec<usize> = states
        .iter()
        .enumerate()
        .filter(|(_, s)| match s {
            State::Start => chain == Chain::Keeper,
            State::PatternStart(_) => false,
            State::After(a) => match game.rules.node(*a) {
                Node::Action(Action::Switch(SwitchTarget::Keeper)) => chain == Chain::Keeper,
                Node::Action(Action::Switch(SwitchTarget::Player(_))) => chain == Chain::Player,
                _ => false,
            },
        })
        .map(|(i, _)| i)
        .collect();
    let mut best = 0i64;
    for s in starts {
        for &w in &adj[s] {
            if infinite[w] {
                return None;
            }
            best = best.max(value[w]);
        }
    }
    Some(best.max(0) as u64)
}

/// Strongly connected components (iterative Tarjan), sinks first.
fn tarjan(adj: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = adj.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut comps = Vec::new();
    let mut next = 0;
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut call: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = call.last_mut() {
            if *i < adj[v].len() {
                let w = adj[v][*i];
                *i += 1;
                if index[w] == usize::MAX {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    call.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                call.pop();
                if let Some(&(u, _)) = call.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut comp = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    comps.push(comp);
                }
            }
        }
    }
    comps
}

/// The most modifiers a pattern body of this nesting depth can apply (patterns never switch);
/// `None` if unbounded.
pub fn pattern_longest(game: &Game, aut: &Automaton, depth: usize) -> Option<u64> {
    let mut index: HashMap<State, usize> = HashMap::new();
    let mut states: Vec<State> = Vec::new();
    let mut adj: Vec<Vec<usize>> = Vec::new();
    let in_depth = |s: State| match s {
        State::Start => false,
        State::PatternStart(p) => aut.context[p.index()] == Some(depth - 1),
        State::After(a) => aut.context[a.index()] == Some(depth),
    };
    for &(q, a) in &aut.transitions {
        if !in_depth(q) {
            continue;
        }
        let mut id = |s: State| {
            *index.entry(s).or_insert_with(|| {
                states.push(s);
                states.len() - 1
            })
        };
        let (from, to) = (id(q), id(State::After(a)));
        adj.resize(states.len(), Vec::new());
        adj[from].push(to);
    }
    adj.resize(states.len(), Vec::new());
    let weight: Vec<i64> = states
        .iter()
        .map(|s| match s {
            State::After(a) => {
                i64::from(matches!(game.rules.node(*a), Node::Action(x) if x.is_modifier()))
            }
            _ => 0,
        })
        .collect();
    let comps = tarjan(&adj);
    let mut comp_of = vec![0; states.len()];
    for (c, comp) in comps.iter().enumerate() {
        for &v in comp {
            comp_of[v] = c;
        }
    }
    let mut value = vec![0i64; states.len()];
    for (c, comp) in comps.iter().enumerate() {
        let cyclic = comp.len() > 1 || adj[comp[0]].contains(&comp[0]);
        if cyclic && comp.iter().any(|&v| weight[v] > 0) {
            return None;
        }
        let mut best = 0;
        for &v in comp {
            for &w in &adj[v] {
                if comp_of[w] != c {
                    best = best.max(value[w]);
                }
            }
        }
        for &v in comp {
            value[v] = best + weight[v];
        }
    }
    Some(value.into_iter().max().unwrap_or(0) as u64)
}
