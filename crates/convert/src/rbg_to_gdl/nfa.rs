//! The rules as a position (Glushkov) automaton: one state per action occurrence — "that
//! action was just performed" — plus a start state per expression (the rules and each pattern
//! body). A transition `q → a` means action `a` may come right after `q`, so the automaton has
//! no ε-moves and the state after a modifier *is* that modifier: after a move ending with
//! switch `m`, the rules continue from state `m`.
//!
//! Every action belongs to one *context*: 0 for the rules, `d` for actions inside patterns
//! nested `d` deep. Negated patterns are evaluated one context deeper, which is what makes the
//! GDL stratified.

use ir::{Action, Game, Node, NodeId};

/// A state: an action node, or the start of the rules / of a pattern body.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum State {
    /// Before any action of the rules.
    Start,
    /// Before any action of the body of this pattern node.
    PatternStart(NodeId),
    /// Right after this action.
    After(NodeId),
}

/// A pattern occurrence: its node, body start and accepting states.
#[derive(Clone, Debug)]
pub struct Pattern {
    pub node: NodeId,
    pub accepting: Vec<State>,
}

/// The automaton of a game's rules.
#[derive(Clone, Debug, Default)]
pub struct Automaton {
    /// `(from, to)`: the action of `to` may follow `from`. Sorted, no duplicates.
    pub transitions: Vec<(State, NodeId)>,
    /// Context (pattern depth) of every action node; `None` for non-actions.
    pub context: Vec<Option<usize>>,
    pub patterns: Vec<Pattern>,
}

#[derive(Clone, Debug, Default)]
struct Summary {
    nullable: bool,
    first: Vec<NodeId>,
    last: Vec<NodeId>,
}

fn union(a: &[NodeId], b: &[NodeId]) -> Vec<NodeId> {
    let mut v: Vec<NodeId> = a.iter().chain(b).copied().collect();
    v.sort();
    v.dedup();
    v
}

impl Automaton {
    pub fn build(game: &Game) -> Automaton {
        let rules = &game.rules;
        let n = rules.len();
        let mut sum: Vec<Summary> = vec![Summary::default(); n];
        let mut follow: Vec<(NodeId, NodeId)> = Vec::new();
        // Children before parents, pattern bodies before their pattern.
        for id in rules.postorder() {
            let s = match rules.node(id) {
                Node::Action(_) => Summary {
                    nullable: false,
                    first: vec![id],
                    last: vec![id],
                },
                Node::Sum(ch) => {
                    let mut s = Summary::default();
                    for c in ch {
                        let cs = &sum[c.index()];
                        s.nullable |= cs.nullable;
                        s.first = union(&s.first, &cs.first);
                        s.last = union(&s.last, &cs.last);
                    }
                    s
                }
                Node::Star(c) => {
                    let cs = &sum[c.index()];
                    for &l in &cs.last {
                        for &f in &cs.first {
                            follow.push((l, f));
                        }
                    }
                    Summary {
                        nullable: true,
                        first: cs.first.clone(),
                        last: cs.last.clone(),
                    }
                }
                Node::Concat(ch) => {
                    // Every `last` of a prefix that can end right before child `j` meets
                    // `first(j)`: carry the lasts of the nullable run.
                    let mut s = Summary {
                        nullable: true,
                        ..Summary::default()
                    };
                    let mut open: Vec<NodeId> = Vec::new();
                    for c in ch {
                        let cs = &sum[c.index()];
                        for &l in &open {
                            for &f in &cs.first {
                                follow.push((l, f));
                            }
                        }
                        if s.nullable {
                            s.first = union(&s.first, &cs.first);
                        }
                        open = if cs.nullable {
                            union(&open, &cs.last)
                        } else {
                            cs.last.clone()
                        };
                        s.nullable &= cs.nullable;
                    }
                    s.last = open;
                    s
                }
            };
            sum[id.index()] = s;
        }
        let mut transitions: Vec<(State, NodeId)> = follow
            .into_iter()
            .map(|(a, b)| (State::After(a), b))
            .collect();
        let root = &sum[rules.root().index()];
        transitions.extend(root.first.iter().map(|&f| (State::Start, f)));

        // Contexts, and the patterns with their start transitions and accepting states.
        let mut context = vec![None; n];
        let mut patterns = Vec::new();
        let mut stack = vec![(rules.root(), 0usize)];
        while let Some((id, depth)) = stack.pop() {
            match rules.node(id) {
                Node::Action(a) => {
                    context[id.index()] = Some(depth);
                    if let Action::Pattern { body, .. } = a {
                        let bs = &sum[body.index()];
                        let start = State::PatternStart(id);
                        transitions.extend(bs.first.iter().map(|&f| (start, f)));
                        let mut accepting: Vec<State> =
                            bs.last.iter().map(|&l| State::After(l)).collect();
                        if bs.nullable {
                            accepting.push(start);
                        }
                        patterns.push(Pattern {
                            node: id,
                            accepting,
                        });
                        stack.push((*body, depth + 1));
                    }
                }
                Node::Concat(ch) | Node::Sum(ch) => {
                    stack.extend(ch.iter().map(|&c| (c, depth)));
                }
                Node::Star(c) => stack.push((*c, depth)),
            }
        }
        // `{}` is never valid: nothing goes through it (this also keeps the chain bounds of
        // `->> {}`, the usual "game over", finite).
        transitions.retain(
            |&(_, a)| !matches!(rules.node(a), Node::Action(Action::On(s)) if s.is_empty()),
        );
        transitions.sort();
        transitions.dedup();
        patterns.sort_by_key(|p| p.node);
        Automaton {
            transitions,
            context,
            patterns,
        }
    }
}
