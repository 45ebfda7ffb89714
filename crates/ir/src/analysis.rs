//! Static analyses of the rules: strong straightness (the paper's Theorem 4, computed in
//! linear time by the `MSuff`/`MPref`/`MFact`/`MWord` recursion of its appendix), pattern
//! nesting depth and rule size.

use crate::ids::NodeId;
use crate::rules::{Action, Node, Rules};

/// A count of modifiers in `ℕ ∪ {⊥, ∞}`: `⊥` is "no such word", ordered `⊥ < n < ∞`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Bound {
    Bottom,
    Finite(u64),
    Infinite,
}

impl Bound {
    /// `∞ + n = ∞`, `⊥ + anything = ⊥` (including `∞ + ⊥ = ⊥`).
    fn add(self, other: Bound) -> Bound {
        match (self, other) {
            (Bound::Bottom, _) | (_, Bound::Bottom) => Bound::Bottom,
            (Bound::Infinite, _) | (_, Bound::Infinite) => Bound::Infinite,
            (Bound::Finite(a), Bound::Finite(b)) => Bound::Finite(a.saturating_add(b)),
        }
    }

    fn positive(self) -> bool {
        matches!(self, Bound::Infinite) || matches!(self, Bound::Finite(n) if n > 0)
    }

    pub fn finite(self) -> Option<u64> {
        match self {
            Bound::Finite(n) => Some(n),
            _ => None,
        }
    }
}

impl std::fmt::Display for Bound {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Bound::Bottom => f.write_str("⊥"),
            Bound::Finite(n) => write!(f, "{n}"),
            Bound::Infinite => f.write_str("∞"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct M {
    suff: Bound,
    pref: Bound,
    fact: Bound,
    word: Bound,
}

const fn all(b: Bound) -> M {
    M {
        suff: b,
        pref: b,
        fact: b,
        word: b,
    }
}

fn concat(a: M, b: M) -> M {
    M {
        suff: a.suff.add(b.word).max(b.suff),
        pref: a.pref.max(a.word.add(b.pref)),
        fact: a.fact.max(a.suff.add(b.pref)).max(b.fact),
        word: a.word.add(b.word),
    }
}

fn sum(a: M, b: M) -> M {
    M {
        suff: a.suff.max(b.suff),
        pref: a.pref.max(b.pref),
        fact: a.fact.max(b.fact),
        word: a.word.max(b.word),
    }
}

fn star(e: M) -> M {
    if e.word.positive() {
        all(Bound::Infinite)
    } else {
        M {
            suff: e.suff,
            pref: e.pref,
            fact: e.suff.add(e.pref).max(e.fact),
            word: Bound::Finite(0),
        }
    }
}

/// The strong straightness of the rules (`MFact` of the whole expression): an upper bound on
/// the number of modifiers in any move, `Infinite` if the rules do not bound it syntactically.
pub fn strong_straightness(rules: &Rules) -> Bound {
    strong_straightness_of(rules, rules.root())
}

/// Strong straightness of the sub-expression at `node`.
pub fn strong_straightness_of(rules: &Rules, node: NodeId) -> Bound {
    let mut m: Vec<Option<M>> = vec![None; rules.len()];
    for id in rules.postorder() {
        let get = |c: &NodeId, m: &Vec<Option<M>>| m[c.index()].expect("post-order");
        let value = match rules.node(id) {
            Node::Action(Action::Switch(_)) => M {
                suff: Bound::Finite(0),
                pref: Bound::Finite(0),
                fact: Bound::Finite(0),
                word: Bound::Bottom,
            },
            Node::Action(Action::Pattern { body, .. }) => {
                let f = get(body, &m);
                M {
                    suff: Bound::Finite(0),
                    pref: f.pref,
                    fact: f.pref,
                    word: Bound::Finite(0),
                }
            }
            Node::Action(a) if a.is_modifier() => all(Bound::Finite(1)),
            Node::Action(_) => all(Bound::Finite(0)),
            Node::Concat(ch) => ch
                .iter()
                .map(|c| get(c, &m))
                .fold(all(Bound::Finite(0)), concat),
            Node::Sum(ch) => ch.iter().map(|c| get(c, &m)).fold(all(Bound::Bottom), sum),
            Node::Star(c) => star(get(c, &m)),
        };
        m[id.index()] = Some(value);
        if id == node {
            return value.fact;
        }
    }
    Bound::Bottom
}

/// Maximum nesting depth of patterns (0 when the rules contain no pattern).
pub fn pattern_depth(rules: &Rules) -> u32 {
    let mut depth = vec![0u32; rules.len()];
    for id in rules.postorder() {
        let below = rules
            .children(id)
            .iter()
            .map(|c| depth[c.index()])
            .max()
            .unwrap_or(0);
        depth[id.index()] = match rules.node(id) {
            Node::Action(Action::Pattern { .. }) => below + 1,
            _ => below,
        };
    }
    depth[rules.root().index()]
}

/// Size figures of the rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RuleSize {
    /// Reachable nodes of the expression.
    pub nodes: usize,
    /// Atomic actions (patterns included).
    pub actions: usize,
    pub modifiers: usize,
    pub patterns: usize,
}

pub fn rule_size(rules: &Rules) -> RuleSize {
    let mut s = RuleSize::default();
    for id in rules.postorder() {
        s.nodes += 1;
        if let Node::Action(a) = rules.node(id) {
            s.actions += 1;
            s.modifiers += a.is_modifier() as usize;
            s.patterns += matches!(a, Action::Pattern { .. }) as usize;
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{PieceId, PlayerId};
    use crate::rules::{RulesBuilder, SwitchTarget};

    fn off(b: &mut RulesBuilder, p: u32) -> NodeId {
        b.action(Action::Off(PieceId(p)))
    }
    fn on(b: &mut RulesBuilder, p: u32) -> NodeId {
        b.action(Action::On(vec![PieceId(p)]))
    }
    fn sw(b: &mut RulesBuilder) -> NodeId {
        b.action(Action::Switch(SwitchTarget::Player(PlayerId(0))))
    }

    // The paper's example [a][b]{?[c][d]}[e] -> [f]({g}+[h])[i] has MPref = MFact = 4 (the
    // text copy we have garbles `[b]` into `{b}`; the counts only work with an off).
    #[test]
    fn paper_example_pref_fact() {
        let mut b = RulesBuilder::new();
        let (a, bb) = (off(&mut b, 0), off(&mut b, 1));
        let (c, d) = (off(&mut b, 2), off(&mut b, 3));
        let body = b.concat(vec![c, d]);
        let pat = b.action(Action::Pattern {
            positive: true,
            body,
        });
        let e = off(&mut b, 4);
        let s = sw(&mut b);
        let f = off(&mut b, 5);
        let (g, h) = (on(&mut b, 6), off(&mut b, 7));
        let gh = b.sum(vec![g, h]);
        let i = off(&mut b, 8);
        let root = b.concat(vec![a, bb, pat, e, s, f, gh, i]);
        let (rules, _) = b.finish(root);
        assert_eq!(strong_straightness(&rules), Bound::Finite(4));
        assert_eq!(pattern_depth(&rules), 1);
        assert_eq!(rules.modifier_count(), 9);
        // Text order: [a]=1, [b]=2, [c]=3, [d]=4, [e]=5, ->=6, ...
        assert_eq!(rules.modifier_index(c), Some(3));
        assert_eq!(rules.modifier_index(s), Some(6));
        assert_eq!(rules.modifier_index(g), None);
    }

    // [a] -> [b][c][d] -> [e][f]  has MFact = 3.
    #[test]
    fn factor_between_switches() {
        let mut b = RulesBuilder::new();
        let v: Vec<NodeId> = vec![
            off(&mut b, 0),
            sw(&mut b),
            off(&mut b, 1),
            off(&mut b, 2),
            off(&mut b, 3),
            sw(&mut b),
            off(&mut b, 4),
            off(&mut b, 5),
        ];
        let root = b.concat(v);
        let (rules, _) = b.finish(root);
        assert_eq!(strong_straightness(&rules), Bound::Finite(3));
    }

    #[test]
    fn star_of_modifier_is_unbounded_but_star_around_switch_is_not() {
        let mut b = RulesBuilder::new();
        let x = off(&mut b, 0);
        let root = b.star(x);
        let (rules, _) = b.finish(root);
        assert_eq!(strong_straightness(&rules), Bound::Infinite);

        // ( ->p [x] [y] ->p )*  : every modifier run is bounded by a switch.
        let mut b = RulesBuilder::new();
        let (s1, x, y, s2) = (sw(&mut b), off(&mut b, 0), off(&mut b, 1), sw(&mut b));
        let body = b.concat(vec![s1, x, y, s2]);
        let root = b.star(body);
        let (rules, _) = b.finish(root);
        assert_eq!(strong_straightness(&rules), Bound::Finite(2));

        // ( [x] ->p [y] )*  : suffix [y] then next iteration's prefix [x]: 2.
        let mut b = RulesBuilder::new();
        let (x, s, y) = (off(&mut b, 0), sw(&mut b), off(&mut b, 1));
        let body = b.concat(vec![x, s, y]);
        let root = b.star(body);
        let (rules, _) = b.finish(root);
        assert_eq!(strong_straightness(&rules), Bound::Finite(2));
    }
}
