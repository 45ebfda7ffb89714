//! A relation's rules read for their shapes: what must be equal for two relations to merge.

use super::super::text::Rule;
use super::sx::{literal, parse, print, Sx, Visit};
use std::collections::{HashMap, HashSet};

/// A relation's rules read for their shape: the rules with constants and readings of
/// derived relations blanked and variables numbered, and the constants and relations read,
/// in order.
#[derive(Default)]
pub(super) struct Shape {
    pub(super) text: String,
    /// The text with the constants written out.
    pub(super) exact: String,
    pub(super) consts: Vec<String>,
    pub(super) refs: Vec<String>,
    /// The demand relations read (`want_...`), which are not part of the shape.
    pub(super) demands: Vec<String>,
    pub(super) vars: HashMap<String, usize>,
}

/// A demand relation: the tuples some rule asks another relation for. Asking for more
/// only costs work, so the demands of merged relations are merged too, whatever their rules.
pub(super) fn is_demand(rel: &str) -> bool {
    rel.starts_with("want_")
}

impl Visit for Shape {
    fn reference(&mut self, name: &str, mut args: Vec<Sx>) -> Sx {
        let mark = if is_demand(name) {
            self.demands.push(name.to_string());
            "@want"
        } else {
            self.refs.push(name.to_string());
            "@"
        };
        args.insert(0, Sx::Atom(mark.into()));
        Sx::List(args)
    }
    fn constant(&mut self, c: &str) -> Sx {
        self.consts.push(c.to_string());
        Sx::Atom(format!("#{c}"))
    }
    fn variable(&mut self, v: &str) -> Sx {
        let n = self.vars.len();
        let n = *self.vars.entry(v.to_string()).or_insert(n);
        Sx::Atom(format!("?{n}"))
    }
}

impl Shape {
    /// The shape of one rule, readings of `derived` relations marked.
    pub(super) fn of(rule: &Rule, derived: &HashSet<String>) -> Shape {
        let mut s = Shape::default();
        for lit in std::iter::once(&rule.head).chain(&rule.body) {
            let x = literal(&parse(lit), derived, &mut s);
            print(&x, &mut s.exact);
            s.exact.push(' ');
            print(&blanked(x), &mut s.text);
            s.text.push(' ');
        }
        s
    }
}

/// `x` with its constants (`#name`, as [`Shape`] marks them) written `#`.
fn blanked(x: Sx) -> Sx {
    match x {
        Sx::Atom(a) if a.starts_with('#') => Sx::Atom("#".into()),
        Sx::Atom(a) => Sx::Atom(a),
        Sx::List(items) => Sx::List(items.into_iter().map(blanked).collect()),
    }
}

/// A relation's rules read for their shapes.
pub(super) struct Relation {
    pub(super) rules: Vec<Shape>,
}

impl Relation {
    pub(super) fn new(rules: &[&Rule], derived: &HashSet<String>) -> Relation {
        let rules = rules.iter().map(|r| Shape::of(r, derived)).collect();
        Relation { rules }
    }

    /// The shapes of its rules, in order (the halves of a game do not always list a
    /// relation's rules in the same order).
    pub(super) fn text(&self, constants: bool) -> String {
        let mut texts: Vec<&str> = self
            .rules
            .iter()
            .map(|s| {
                if constants {
                    s.text.as_str()
                } else {
                    s.exact.as_str()
                }
            })
            .collect();
        texts.sort_unstable();
        texts.join("|")
    }

    /// Its rules in the order of their shapes and of the classes they read.
    pub(super) fn order(&self, class: &HashMap<String, usize>, constants: bool) -> Vec<usize> {
        let key = |s: &Shape| {
            (
                if constants {
                    s.text.clone()
                } else {
                    s.exact.clone()
                },
                s.refs.iter().map(|r| class[r]).collect::<Vec<_>>(),
            )
        };
        let mut order: Vec<usize> = (0..self.rules.len()).collect();
        order.sort_by_cached_key(|&i| key(&self.rules[i]));
        order
    }

    /// Its constants and readings, its rules in `order`.
    pub(super) fn flat(&self, order: &[usize]) -> Shape {
        let mut s = Shape::default();
        for &i in order {
            s.consts.extend(self.rules[i].consts.iter().cloned());
            s.refs.extend(self.rules[i].refs.iter().cloned());
            s.demands.extend(self.rules[i].demands.iter().cloned());
        }
        s
    }
}
