//! The validator's checks of the terms inside sentences:
//!
//! * a function keeps one arity (`(cell 1 1 x)` and `(cell 1 x)` in one game: `gdl::E02`,
//!   as for relations);
//! * every fluent tested with `(true P)` can be produced: `P` unifies (variables of both sides
//!   renamed apart, rule bodies ignored) with the argument of some `init` or `next` head.
//!   One that cannot never holds, so `(true (contrl ?w))` beside `(next (control ?w))` is an
//!   error (`gdl::E10`) with the nearest fluent name produced.
//!
//! Unification is bounded ([`UNIFY_BUDGET`] steps over the whole description): what is left
//! unchecked when it runs out is taken as producible, so the check never rejects a game it
//! did not finish.

use crate::ast::{Atom, Description, DisplayTerm, Span, Symbol, Term};
use crate::Diagnostic;
use codespan_reporting::diagnostic::Label;
use std::collections::{HashMap, HashSet};

/// The most term-node comparisons the fluent check makes for one description.
pub const UNIFY_BUDGET: u64 = 20_000_000;

/// Both term checks.
pub(super) fn check_terms(desc: &Description, out: &mut Vec<Diagnostic>) {
    function_arities(desc, out);
    unproduced_fluents(desc, out);
}

fn each_atom(desc: &Description, f: &mut impl FnMut(&Atom, bool)) {
    for rule in desc.rules() {
        f(&rule.head, true);
        for lit in &rule.body {
            lit.for_each_atom(false, &mut |a, _| f(a, false));
        }
    }
}

fn each_app(t: &Term, f: &mut impl FnMut(Symbol, usize, Span)) {
    if let Term::App(g, args, span) = t {
        f(*g, args.len(), *span);
        args.iter().for_each(|a| each_app(a, f));
    }
}

fn function_arities(desc: &Description, out: &mut Vec<Diagnostic>) {
    let mut first: HashMap<Symbol, (usize, Span)> = HashMap::new();
    let mut reported = HashSet::new();
    each_atom(desc, &mut |atom, _| {
        for arg in &atom.args {
            each_app(arg, &mut |g, n, span| match first.get(&g) {
                None => {
                    first.insert(g, (n, span));
                }
                Some(&(m, at)) if m != n && reported.insert(g) => {
                    let msg = format!(
                        "function `{}` is used with {n} and with {m} arguments",
                        desc.name(g)
                    );
                    out.push(
                        crate::error(&msg, span, &format!("{n} argument{} here", plural(n)))
                            .with_labels(vec![Label::secondary((), at.range())
                                .with_message(format!("{m} argument{} here", plural(m)))]),
                    );
                }
                _ => {}
            });
        }
    });
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The top symbol and arity of a term (`None` for a variable).
fn key(t: &Term) -> Option<(Symbol, usize)> {
    match t {
        Term::Var(..) => None,
        Term::Const(c, _) => Some((*c, 0)),
        Term::App(g, args, _) => Some((*g, args.len())),
    }
}

/// The fluents `init` and `next` produce, by top symbol; variables apart.
struct Producers<'d> {
    by_key: HashMap<(Symbol, usize), Vec<&'d Term>>,
    any: bool,
}

impl<'d> Producers<'d> {
    fn new(desc: &'d Description) -> Producers<'d> {
        let mut p = Producers {
            by_key: HashMap::new(),
            any: false,
        };
        for rule in desc.rules() {
            let h = &rule.head;
            if (h.rel == Symbol::INIT || h.rel == Symbol::NEXT) && h.args.len() == 1 {
                match key(&h.args[0]) {
                    Some(k) => p.by_key.entry(k).or_default().push(&h.args[0]),
                    None => p.any = true,
                }
            }
        }
        p
    }
}

fn unproduced_fluents(desc: &Description, out: &mut Vec<Diagnostic>) {
    let producers = Producers::new(desc);
    if producers.any {
        return;
    }
    let mut budget = UNIFY_BUDGET;
    let mut seen: HashMap<String, bool> = HashMap::new();
    each_atom(desc, &mut |atom, is_head| {
        if is_head || atom.rel != Symbol::TRUE || atom.args.len() != 1 || budget == 0 {
            return;
        }
        let pattern = &atom.args[0];
        let text = DisplayTerm(&desc.symbols, pattern).to_string();
        if seen.contains_key(&text) {
            return;
        }
        let candidates = key(pattern).map_or(&[][..], |k| {
            producers.by_key.get(&k).map_or(&[][..], Vec::as_slice)
        });
        let producible = key(pattern).is_none()
            || candidates
                .iter()
                .any(|p| Unifier::new(&mut budget).unify((0, pattern), (1, p)))
            || budget == 0;
        seen.insert(text.clone(), producible);
        if !producible {
            out.push(unproduced(desc, atom, &text, &producers));
        }
    });
}

fn unproduced(desc: &Description, atom: &Atom, text: &str, producers: &Producers) -> Diagnostic {
    let msg = format!("the fluent `{text}` is tested but no `init` or `next` rule produces it");
    let d = crate::error(&msg, atom.span, "this `true` never holds");
    let Some((name, arity)) = key(&atom.args[0]) else {
        return d;
    };
    if producers.by_key.contains_key(&(name, arity)) {
        return d.with_notes(vec![format!(
            "`{}` fluents are produced, but none of this form",
            desc.name(name)
        )]);
    }
    let mut arities: Vec<usize> = producers
        .by_key
        .keys()
        .filter(|k| k.0 == name)
        .map(|k| k.1)
        .collect();
    if !arities.is_empty() {
        arities.sort_unstable();
        let list: Vec<String> = arities.iter().map(usize::to_string).collect();
        return d.with_notes(vec![format!(
            "`{}` fluents are produced with {} argument(s), not {arity}",
            desc.name(name),
            list.join(" or ")
        )]);
    }
    let mut names: Vec<&str> = producers
        .by_key
        .keys()
        .map(|&(g, _)| desc.name(g))
        .collect();
    names.sort_unstable();
    names.dedup();
    match ir::suggest::did_you_mean(desc.name(name), names) {
        Some(note) => d.with_notes(vec![note]),
        None => d,
    }
}

/// Unification of two terms whose variables live apart (side 0 and side 1), without the
/// occurs check (so it may say yes where the exact answer is no, never the reverse).
struct Unifier<'t, 'b> {
    bound: HashMap<(u8, Symbol), (u8, &'t Term)>,
    budget: &'b mut u64,
}

impl<'t, 'b> Unifier<'t, 'b> {
    fn new(budget: &'b mut u64) -> Self {
        Unifier {
            bound: HashMap::new(),
            budget,
        }
    }

    fn walk(&self, mut t: (u8, &'t Term)) -> (u8, &'t Term) {
        while let (side, Term::Var(v, _)) = t {
            match self.bound.get(&(side, *v)) {
                Some(&next) => t = next,
                None => break,
            }
        }
        t
    }

    /// True when the terms unify (or the budget ran out).
    fn unify(&mut self, a: (u8, &'t Term), b: (u8, &'t Term)) -> bool {
        if *self.budget == 0 {
            return true;
        }
        *self.budget -= 1;
        let (a, b) = (self.walk(a), self.walk(b));
        match (a, b) {
            ((sa, Term::Var(x, _)), (sb, Term::Var(y, _))) if sa == sb && x == y => true,
            ((sa, Term::Var(x, _)), other) | (other, (sa, Term::Var(x, _))) => {
                self.bound.insert((sa, *x), other);
                true
            }
            ((_, Term::Const(x, _)), (_, Term::Const(y, _))) => x == y,
            ((sa, Term::App(f, xs, _)), (sb, Term::App(g, ys, _))) => {
                f == g
                    && xs.len() == ys.len()
                    && xs.iter().zip(ys).all(|(x, y)| self.unify((sa, x), (sb, y)))
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(src: &str) -> (Description, Vec<Term>) {
        let d = crate::parse(src).unwrap();
        let ts = d.rules().map(|r| r.head.args[0].clone()).collect();
        (d, ts)
    }

    fn unifies(a: &Term, b: &Term) -> bool {
        let mut budget = 1000;
        Unifier::new(&mut budget).unify((0, a), (1, b))
    }

    #[test]
    fn unification_with_variables_apart() {
        let (_, t) =
            terms("(p (cell ?x ?x b)) (p (cell 1 2 ?y)) (p (cell 1 1 ?x)) (p (cell ?x 2 (f ?x)))");
        assert!(!unifies(&t[0], &t[1]));
        assert!(unifies(&t[0], &t[2]));
        assert!(unifies(&t[1], &t[3]));
        assert!(!unifies(&t[0], &t[3]));
    }
}
