//! The checker: the restrictions a valid GDL description obeys (Love et al., *General Game
//! Playing: Game Description Language Specification*, §3–4), each violation a diagnostic with a
//! span.
//!
//! * reserved relations have their arities (`role/1`, `init/1`, `true/1`, `does/2`, `next/1`,
//!   `legal/2`, `goal/2`, `terminal/0`, `base/1`, `input/2`); every other relation keeps one arity;
//! * `true` and `does` appear only in bodies (`next` in a body and `init` in a body are warned);
//! * `init`, `legal`, `goal`, `terminal`, `base`, `input` do not depend on `does`, and `init`,
//!   `base`, `input` not on `true`;
//! * safety: every variable of the head, of a negation and of a `distinct` occurs in a positive
//!   literal of the body (a variable bound inside `or` counts when every disjunct binds it);
//! * stratification: no recursion through `not`;
//! * the recursion restriction on recursive positive literals;
//! * goal values, roles declared twice and `or` expansion ([`crate::goals`]).
//!
//! Those are the language's restrictions ([`restrictions`]: what the engines need). [`check`]
//! adds the validator's checks of a game as a whole, which catch typos that leave valid GDL
//! but a wrong game (docs/ggp.md, "The validator's checks"):
//!
//! * [`relations`]: the game relations are defined; relations used but never defined, and
//!   defined but never used, with misspelt keywords (`legl`) as errors;
//! * [`terms`]: function arities, and fluents tested with `true` that nothing produces;
//! * [`simulate`] (not part of [`check`]: `rbgtool check --simulate`): random playouts checking
//!   legal moves, goals and termination in the states they reach.

use crate::ast::{Atom, Description, Literal, Rule, Span, Symbol, Term};
use crate::{error, Diagnostic};
use codespan_reporting::diagnostic::Label;
use std::collections::{HashMap, HashSet};

pub mod relations;
pub mod simulate;
pub mod terms;

pub use ir::graph::sccs;

/// Checks a parsed description: the language's restrictions and the validator's checks of
/// the game; returns errors and warnings (empty when the game is valid).
pub fn check(desc: &Description) -> Vec<Diagnostic> {
    let mut diags = restriction_diagnostics(desc);
    relations::check_relations(desc, &mut diags);
    terms::check_terms(desc, &mut diags);
    finish(diags)
}

/// The language's restrictions only (arities of relations, placement, safety, stratification,
/// recursion, goal values, roles): what the engines need to run a description, which may be a
/// fragment of a game (no `terminal`, helper relations never used).
pub fn restrictions(desc: &Description) -> Vec<Diagnostic> {
    finish(restriction_diagnostics(desc))
}

fn finish(mut diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    // Errors first, so that a cut never hides an error behind warnings.
    diags.sort_by_key(|d| std::cmp::Reverse(d.severity));
    crate::cap_diagnostics(diags)
}

fn restriction_diagnostics(desc: &Description) -> Vec<Diagnostic> {
    let mut c = Checker {
        desc,
        diags: Vec::new(),
    };
    c.arities();
    c.placement();
    let graph = DepGraph::new(desc);
    c.does_and_true_dependence(&graph);
    for rule in desc.rules() {
        c.safety(rule);
    }
    c.stratification(&graph);
    c.recursion_restriction(&graph);
    c.diags.extend(crate::goals::check_goals_and_roles(desc));
    if !desc.rules().any(|r| r.head.rel == Symbol::ROLE) {
        c.diags
            .push(Diagnostic::error().with_message("the description declares no `role`"));
    }
    c.diags
}

struct Checker<'d> {
    desc: &'d Description,
    diags: Vec<Diagnostic>,
}

fn all_atoms(rule: &Rule) -> Vec<(&Atom, bool, bool)> {
    // (atom, is_head, negated)
    let mut out = vec![(&rule.head, true, false)];
    for l in &rule.body {
        l.for_each_atom(false, &mut |a, neg| out.push((a, false, neg)));
    }
    out
}

impl Checker<'_> {
    fn name(&self, s: Symbol) -> &str {
        self.desc.name(s)
    }

    fn arities(&mut self) {
        let reserved: HashMap<Symbol, usize> = crate::ast::GAME_RELATIONS
            .into_iter()
            .chain(crate::ast::DECLARATIONS)
            .collect();
        let mut first: HashMap<Symbol, (usize, Span)> = HashMap::new();
        let mut reported = HashSet::new();
        for rule in self.desc.rules() {
            for (atom, _, _) in all_atoms(rule) {
                let n = atom.args.len();
                if let Some(&want) = reserved.get(&atom.rel) {
                    if n != want {
                        let msg = format!(
                            "`{}` takes {want} argument{}, not {n}",
                            self.name(atom.rel),
                            plural(want)
                        );
                        self.diags.push(error(&msg, atom.span, "wrong arity"));
                    }
                    continue;
                }
                match first.get(&atom.rel) {
                    None => {
                        first.insert(atom.rel, (n, atom.span));
                    }
                    Some(&(m, span)) if m != n && reported.insert(atom.rel) => {
                        let msg = format!(
                            "relation `{}` is used with {n} and with {m} arguments",
                            self.name(atom.rel)
                        );
                        self.diags.push(
                            error(&msg, atom.span, &format!("{n} argument{} here", plural(n)))
                                .with_labels(vec![Label::secondary((), span.range())
                                    .with_message(format!("{m} argument{} here", plural(m)))]),
                        );
                    }
                    _ => {}
                }
            }
        }
    }

    fn placement(&mut self) {
        for rule in self.desc.rules() {
            for (atom, is_head, _) in all_atoms(rule) {
                let rel = atom.rel;
                if is_head && (rel == Symbol::TRUE || rel == Symbol::DOES) {
                    let msg = format!("`{}` cannot be defined by a rule", self.name(rel));
                    self.diags
                        .push(error(&msg, atom.span, "only allowed in rule bodies"));
                }
                if !is_head && (rel == Symbol::NEXT || rel == Symbol::INIT) {
                    let msg = format!("`{}` used in a rule body", self.name(rel));
                    self.diags
                        .push(Diagnostic::warning().with_message(msg).with_labels(vec![
                            Label::primary((), atom.span.range())
                                .with_message("GDL allows this relation only in heads"),
                        ]));
                }
                if is_head && rel == Symbol::ROLE && !rule.body.is_empty() {
                    self.diags.push(
                        Diagnostic::warning()
                            .with_message("`role` defined by a rule")
                            .with_labels(vec![Label::primary((), rule.span.range())
                                .with_message("GDL expects roles as ground facts")]),
                    );
                }
            }
        }
    }

    fn does_and_true_dependence(&mut self, g: &DepGraph) {
        let on_does = g.depends_on(Symbol::DOES);
        let on_true = g.depends_on(Symbol::TRUE);
        let no_does = [
            Symbol::INIT,
            Symbol::LEGAL,
            Symbol::GOAL,
            Symbol::TERMINAL,
            Symbol::BASE,
            Symbol::INPUT,
        ];
        let no_true = [Symbol::INIT, Symbol::BASE, Symbol::INPUT];
        for rule in self.desc.rules() {
            let head = rule.head.rel;
            for (atom, is_head, _) in all_atoms(rule) {
                if is_head {
                    continue;
                }
                if no_does.contains(&head) && on_does.contains(&atom.rel) {
                    let msg = format!("`{}` must not depend on `does`", self.name(head));
                    let label = if atom.rel == Symbol::DOES {
                        "`does` used here".to_string()
                    } else {
                        format!("`{}` depends on `does`", self.name(atom.rel))
                    };
                    self.diags.push(error(&msg, atom.span, &label));
                }
                if no_true.contains(&head) && on_true.contains(&atom.rel) {
                    let msg = format!("`{}` must not depend on `true`", self.name(head));
                    let label = if atom.rel == Symbol::TRUE {
                        "`true` used here".to_string()
                    } else {
                        format!("`{}` depends on `true`", self.name(atom.rel))
                    };
                    self.diags.push(error(&msg, atom.span, &label));
                }
            }
        }
    }

    fn safety(&mut self, rule: &Rule) {
        let mut unsafe_vars: Vec<(Symbol, Span, &'static str)> = Vec::new();
        let bound = check_safe(&rule.body, &HashSet::new(), &mut unsafe_vars);
        rule.head.for_each_var(&mut |v, s| {
            if !bound.contains(&v) {
                unsafe_vars.push((v, s, "head"));
            }
        });
        let mut seen = HashSet::new();
        for (v, span, place) in unsafe_vars {
            if !seen.insert(v) {
                continue;
            }
            let msg = format!("unsafe variable `?{}`", self.name(v));
            let label = format!(
                "in the {place}, but in no positive literal of the body{}",
                if rule.body.is_empty() {
                    " (a fact must be ground)"
                } else {
                    ""
                }
            );
            self.diags.push(error(&msg, span, &label).with_labels(vec![
                Label::secondary((), rule.span.range()).with_message("in this rule"),
            ]));
        }
    }

    fn stratification(&mut self, g: &DepGraph) {
        for rule in self.desc.rules() {
            let head = rule.head.rel;
            for lit in &rule.body {
                lit.for_each_atom(false, &mut |atom, neg| {
                    if neg && g.scc_of(atom.rel) == g.scc_of(head) {
                        let msg = format!(
                            "unstratified negation: `{}` depends negatively on itself",
                            self.desc.name(head)
                        );
                        let label = format!(
                            "`{}` is in a recursion cycle with `{}`",
                            self.desc.name(atom.rel),
                            self.desc.name(head)
                        );
                        self.diags.push(error(&msg, atom.span, &label));
                    }
                });
            }
        }
    }

    fn recursion_restriction(&mut self, g: &DepGraph) {
        for rule in self.desc.rules() {
            let head = rule.head.rel;
            let scc = g.scc_of(head);
            let mut positives = Vec::new();
            for lit in &rule.body {
                lit.for_each_atom(false, &mut |a, neg| {
                    if !neg {
                        positives.push(a);
                    }
                });
            }
            let mut outside_vars = HashSet::new();
            for a in &positives {
                if g.scc_of(a.rel) != scc {
                    a.for_each_var(&mut |v, _| {
                        outside_vars.insert(v);
                    });
                }
            }
            for a in &positives {
                if g.scc_of(a.rel) != scc {
                    continue;
                }
                for arg in &a.args {
                    let mut ok = true;
                    arg.for_each_var(&mut |v, _| ok &= outside_vars.contains(&v));
                    if ok || rule.head.args.iter().any(|h| same_term(h, arg)) {
                        continue;
                    }
                    let msg = format!(
                        "recursion restriction violated in the definition of `{}`",
                        self.name(head)
                    );
                    self.diags.push(error(
                        &msg,
                        arg.span(),
                        "in a recursive literal this argument must be ground, a head argument, or bound by a non-recursive positive literal",
                    ));
                }
            }
        }
    }
}

/// Checks negations and `distinct`s of `lits` against the variables bound at this level and
/// returns those bound variables.
fn check_safe(
    lits: &[Literal],
    outer: &HashSet<Symbol>,
    unsafe_vars: &mut Vec<(Symbol, Span, &'static str)>,
) -> HashSet<Symbol> {
    let mut bound = outer.clone();
    for l in lits {
        bound.extend(positively_bound(l));
    }
    for l in lits {
        match l {
            Literal::Pos(_) => {}
            Literal::Not(inner, _) => {
                let mut vars = Vec::new();
                inner.for_each_atom(false, &mut |a, _| {
                    a.for_each_var(&mut |v, s| vars.push((v, s)));
                });
                collect_distinct_vars(inner, &mut vars);
                for (v, s) in vars {
                    if !bound.contains(&v) {
                        unsafe_vars.push((v, s, "negation"));
                    }
                }
            }
            Literal::Distinct(a, b, _) => {
                for t in [a, b] {
                    t.for_each_var(&mut |v, s| {
                        if !bound.contains(&v) {
                            unsafe_vars.push((v, s, "`distinct`"));
                        }
                    });
                }
            }
            Literal::Or(ds, _) => {
                for d in ds {
                    check_safe(std::slice::from_ref(d), &bound, unsafe_vars);
                }
            }
        }
    }
    bound
}

fn collect_distinct_vars(l: &Literal, vars: &mut Vec<(Symbol, Span)>) {
    match l {
        Literal::Pos(_) => {}
        Literal::Not(inner, _) => collect_distinct_vars(inner, vars),
        Literal::Distinct(a, b, _) => {
            a.for_each_var(&mut |v, s| vars.push((v, s)));
            b.for_each_var(&mut |v, s| vars.push((v, s)));
        }
        Literal::Or(ds, _) => ds.iter().for_each(|d| collect_distinct_vars(d, vars)),
    }
}

/// Variables certainly bound by a literal: those of a positive atom, or those every disjunct
/// of an `or` binds.
fn positively_bound(l: &Literal) -> HashSet<Symbol> {
    match l {
        Literal::Pos(a) => {
            let mut s = HashSet::new();
            a.for_each_var(&mut |v, _| {
                s.insert(v);
            });
            s
        }
        Literal::Not(..) | Literal::Distinct(..) => HashSet::new(),
        Literal::Or(ds, _) => {
            let mut it = ds.iter().map(positively_bound);
            let first = it.next().unwrap_or_default();
            it.fold(first, |acc, s| acc.intersection(&s).copied().collect())
        }
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// True when no relation depends negatively on its own recursion component.
pub fn is_stratified(desc: &Description) -> bool {
    let g = DepGraph::new(desc);
    desc.rules().all(|rule| {
        let mut ok = true;
        for lit in &rule.body {
            lit.for_each_atom(false, &mut |atom, neg| {
                ok &= !(neg && g.scc_of(atom.rel) == g.scc_of(rule.head.rel));
            });
        }
        ok
    })
}

/// Structural equality ignoring spans.
pub fn same_term(a: &Term, b: &Term) -> bool {
    match (a, b) {
        (Term::Var(x, _), Term::Var(y, _)) | (Term::Const(x, _), Term::Const(y, _)) => x == y,
        (Term::App(f, xs, _), Term::App(g, ys, _)) => {
            f == g && xs.len() == ys.len() && xs.iter().zip(ys).all(|(x, y)| same_term(x, y))
        }
        _ => false,
    }
}

/// The relation dependency graph (head → body relations) with its strongly connected
/// components.
pub struct DepGraph {
    edges: HashMap<Symbol, Vec<Symbol>>,
    scc: HashMap<Symbol, usize>,
}

impl DepGraph {
    pub fn new(desc: &Description) -> DepGraph {
        let mut edges: HashMap<Symbol, Vec<Symbol>> = HashMap::new();
        let mut nodes = Vec::new();
        let mut seen = HashSet::new();
        for rule in desc.rules() {
            for (a, _, _) in all_atoms(rule) {
                if seen.insert(a.rel) {
                    nodes.push(a.rel);
                }
            }
            let e = edges.entry(rule.head.rel).or_default();
            for l in &rule.body {
                l.for_each_atom(false, &mut |a, _| e.push(a.rel));
            }
        }
        for e in edges.values_mut() {
            e.sort();
            e.dedup();
        }
        let id: HashMap<Symbol, usize> = nodes.iter().enumerate().map(|(i, &s)| (s, i)).collect();
        let adj: Vec<Vec<usize>> = nodes
            .iter()
            .map(|s| {
                edges
                    .get(s)
                    .map_or(Vec::new(), |e| e.iter().map(|b| id[b]).collect())
            })
            .collect();
        let comp = sccs(&adj);
        let scc = nodes.iter().map(|&s| (s, comp[id[&s]])).collect();
        DepGraph { edges, scc }
    }

    /// The component id of a relation (relations never used share none).
    pub fn scc_of(&self, r: Symbol) -> usize {
        self.scc.get(&r).copied().unwrap_or(usize::MAX)
    }

    /// Relations that depend (transitively, or are equal) on `target`.
    pub fn depends_on(&self, target: Symbol) -> HashSet<Symbol> {
        let mut result = HashSet::from([target]);
        loop {
            let mut changed = false;
            for (h, bs) in &self.edges {
                if !result.contains(h) && bs.iter().any(|b| result.contains(b)) {
                    result.insert(*h);
                    changed = true;
                }
            }
            if !changed {
                return result;
            }
        }
    }
}
