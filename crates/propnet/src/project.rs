//! Existential projection: variables a rule's head does not have are eliminated from its
//! body where grounding the body as written would multiply independent bindings.
//! - A group of body literals linked by such variables moves into an auxiliary relation
//!   over the head variables it uses, when the rest of the body has variables of its own.
//!   Hex's `(next (connected ?k ?m ?n)) :- (transfer ?e), (true (connected ?e ?m ?n)),
//!   (true (step ?k))` grounds to 82 × 82 × 81 rules as written; with `?e`'s group as
//!   `#proj(?m ?n)`, to 82 × 81 twice.
//! - A column of one positive state literal that no other literal reads is projected away the
//!   same way: chess's `multipleCheckSources` (two `checkSource ?x ?y ?dir` on different
//!   squares) grounds to 493 k rules over pairs of sources, to 4 k over pairs of squares.
//! - A variable of one state literal and some static ones is eliminated with them when every
//!   static one leaves at least two choices once the group's other columns are known (counted
//!   over the static relations' facts): hex's `transfer` becomes an OR over a cell's six
//!   neighbours. `(succ ?x1 ?x2)` fixes `?x1` by `?x2`, and an auxiliary there would only add
//!   a gate per binding (connect four and gomoku were slower with one).
//!
//! `or` is expanded first, as the engines do. Any other variable is left: cutting a static
//! literal away from the two state literals it joined grounds their cross product.

use gdl::ast::{Atom, Description, Item, Literal, Rule, Span, Symbol, Term};
use gdl::engine::eval::Db;
use gdl::engine::store::Store;
use gdl::engine::Program;
use std::collections::HashSet;

/// The longest rule body [`project`] looks into.
pub const MAX_BODY: usize = 64;

/// `desc` with variables eliminated from every rule where that pays (auxiliary relations are
/// named `#projN`, which no game text can spell).
pub fn project(desc: &Description) -> Description {
    let mut out = Description {
        symbols: desc.symbols.clone(),
        items: Vec::with_capacity(desc.items.len()),
    };
    let mut made = 0usize;
    let mut dynamic = crate::relax::dynamic_relations(desc);
    let facts = StaticFacts::new(desc);
    for item in &desc.items {
        let Item::Rule(rule) = item else {
            out.items.push(item.clone());
            continue;
        };
        let mut work = without_or(rule);
        while let Some(rule) = work.pop() {
            let Some(group) = eliminable(&rule, &dynamic, facts.as_ref()) else {
                out.items.push(Item::Rule(rule));
                continue;
            };
            let rel = out.symbols.intern(&format!("#proj{made}"));
            made += 1;
            let (aux, main) = split(&rule, &group, rel);
            if group.literals.iter().any(|&i| {
                let mut d = false;
                rule.body[i].for_each_atom(false, &mut |a, _| {
                    d |= dynamic.contains(&(a.rel, a.args.len()))
                });
                d
            }) {
                dynamic.insert((rel, group.interface.len()));
            }
            work.push(main);
            work.push(aux);
        }
    }
    out
}

/// `rule` as rules without `or` (one per choice of disjuncts, as the engines expand them),
/// or as it is when it has an `or` under a `not` or more than
/// [`gdl::engine::compile::MAX_VARIANTS`] choices.
fn without_or(rule: &Rule) -> Vec<Rule> {
    let mut bodies: Vec<Vec<Literal>> = vec![Vec::new()];
    for lit in &rule.body {
        let choices: Vec<&Literal> = match lit {
            Literal::Or(alts, _) => alts.iter().collect(),
            other => vec![other],
        };
        if choices.iter().any(|c| has_or(c))
            || bodies.len() * choices.len() > gdl::engine::compile::MAX_VARIANTS
        {
            return vec![rule.clone()];
        }
        bodies = bodies
            .iter()
            .flat_map(|b| {
                choices.iter().map(move |&c| {
                    let mut b = b.clone();
                    b.push(c.clone());
                    b
                })
            })
            .collect();
    }
    bodies
        .into_iter()
        .map(|body| Rule {
            head: rule.head.clone(),
            body,
            span: rule.span,
        })
        .collect()
}

fn has_or(lit: &Literal) -> bool {
    match lit {
        Literal::Or(..) => true,
        Literal::Not(inner, _) => has_or(inner),
        _ => false,
    }
}

/// Body literals (indices, in order) to move out, and the columns of their relation.
struct Group {
    literals: Vec<usize>,
    interface: Vec<Symbol>,
}

/// `rule` as an auxiliary rule over `group` and the rest with the auxiliary in its place.
fn split(rule: &Rule, group: &Group, rel: Symbol) -> (Rule, Rule) {
    let head = Atom {
        rel,
        args: group
            .interface
            .iter()
            .map(|&v| Term::Var(v, Span::default()))
            .collect(),
        span: rule.span,
    };
    let mut main = Vec::with_capacity(rule.body.len());
    let mut aux = Vec::with_capacity(group.literals.len());
    for (i, lit) in rule.body.iter().enumerate() {
        if !group.literals.contains(&i) {
            main.push(lit.clone());
        } else {
            if aux.is_empty() {
                main.push(Literal::Pos(head.clone()));
            }
            aux.push(lit.clone());
        }
    }
    let aux = Rule {
        head,
        body: aux,
        span: rule.span,
    };
    let main = Rule {
        head: rule.head.clone(),
        body: main,
        span: rule.span,
    };
    (aux, main)
}

/// The first variable (in body order) worth eliminating from `rule`, as its group.
fn eliminable(
    rule: &Rule,
    dynamic: &HashSet<(Symbol, usize)>,
    facts: Option<&StaticFacts>,
) -> Option<Group> {
    let n = rule.body.len();
    // The search below is cubic in the body's length: longer bodies (no game's rule is) are
    // grounded as written.
    if !(2..=MAX_BODY).contains(&n) {
        return None;
    }
    let mut lit_vars = Vec::with_capacity(n);
    for lit in &rule.body {
        lit_vars.push(literal_vars(lit)?);
    }
    // Per literal: whether it depends on the state, and whether it is a move.
    let kinds: Vec<(bool, bool)> = rule
        .body
        .iter()
        .map(|l| {
            let (mut d, mut m) = (false, false);
            l.for_each_atom(false, &mut |a, _| {
                d |= dynamic.contains(&(a.rel, a.args.len()));
                m |= a.rel == Symbol::DOES;
            });
            (d, m)
        })
        .collect();
    let mut head_vars = Vec::new();
    rule.head
        .for_each_var(&mut |v, _| push_new(&mut head_vars, v));
    let mut candidates = Vec::new();
    lit_vars
        .iter()
        .flatten()
        .filter(|v| !head_vars.contains(v))
        .for_each(|&v| push_new(&mut candidates, v));
    let body = Body {
        rule,
        lit_vars: &lit_vars,
        head_vars: &head_vars,
    };
    candidates.into_iter().find_map(|v| {
        // A column of one positive state literal that nothing else reads is projected away
        // (chess's `(checkSource ?x ?y ?dir)` in `multipleCheckSources`, for `?dir`). Not a
        // move: an OR over most of a role's moves is read through its complement
        // (`crate::complement`). Not a variable a static literal also reads: `(succ ?x1 ?x2)`
        // mostly fixes `?x1` once `?x2` is known, and the auxiliary would only add a gate.
        let users: Vec<usize> = (0..n).filter(|&i| lit_vars[i].contains(&v)).collect();
        if let [i] = users[..] {
            if kinds[i] == (true, false) && matches!(rule.body[i], Literal::Pos(_)) {
                if let Some(g) = body.group(users) {
                    return Some(g);
                }
            }
        } else if let Some(g) = fanned_out(&body, &users, &kinds, facts) {
            return Some(g);
        }
        // Else the literals linked to `v` through variables the head does not have: cutting
        // a static literal away from two dynamic ones it joined would leave their cross
        // product (reversi's `hasOtherColorInDir`).
        let mut linked: Vec<usize> = (0..n).filter(|&i| lit_vars[i].contains(&v)).collect();
        while let Some(i) = (0..n).find(|i| {
            !linked.contains(i)
                && lit_vars[*i].iter().any(|u| {
                    !head_vars.contains(u) && linked.iter().any(|&j| lit_vars[j].contains(u))
                })
        }) {
            linked.push(i);
        }
        linked.sort_unstable();
        body.group(linked)
    })
}

/// `users` (the literals of one variable) as a group, when exactly one of them depends on the
/// state, is not a move, and every static one leaves at least two choices of the variables
/// eliminated with it once the group's columns are known: hex's
/// `(true (connected ?k ?m ?n)) (adjacent ?x ?y ?m ?n)` in `transfer` is an OR over a cell's
/// six neighbours, `#proj(?k ?x ?y)`, where `(succ ?x1 ?x2)` would fix `?x1` by `?x2` and
/// the auxiliary would only add a gate.
fn fanned_out(
    body: &Body<'_>,
    users: &[usize],
    kinds: &[(bool, bool)],
    facts: Option<&StaticFacts>,
) -> Option<Group> {
    let facts = facts?;
    let dynamic: Vec<usize> = users.iter().copied().filter(|&i| kinds[i].0).collect();
    if dynamic.len() != 1 || kinds[dynamic[0]].1 || users.len() < 2 {
        return None;
    }
    let group = body.group(users.to_vec())?;
    for &i in users.iter().filter(|&&i| !kinds[i].0) {
        let Literal::Pos(atom) = &body.rule.body[i] else {
            return None;
        };
        if facts.fan_out(atom, &group.interface)? < 2.0 {
            return None;
        }
    }
    Some(group)
}

/// The static relations' facts of a game, for [`fanned_out`].
struct StaticFacts {
    store: Store,
    prog: Program,
    db: Db,
}

impl StaticFacts {
    /// `None` when the static relations are over the engine's default budget.
    fn new(desc: &Description) -> Option<StaticFacts> {
        let mut store = Store::default();
        let budget = gdl::engine::program::StaticBudget::default();
        let (prog, db) = Program::build_within(desc, &mut store, &budget).ok()?;
        Some(StaticFacts { store, prog, db })
    }

    /// Facts of `atom` per distinct value of its `known` variables (constants must match);
    /// `None` for an atom with a compound argument or no facts.
    fn fan_out(&self, atom: &Atom, known: &[Symbol]) -> Option<f64> {
        let rel = *self.prog.rel_ids.get(&(atom.rel, atom.args.len()))?;
        let mut keys = HashSet::new();
        let mut matching = 0usize;
        'facts: for &f in &self.db.facts[rel] {
            let args = self.store.args(f);
            let mut key = Vec::new();
            for (t, &a) in atom.args.iter().zip(args) {
                match t {
                    Term::Var(v, _) if known.contains(v) => key.push(a),
                    Term::Var(..) => {}
                    Term::Const(c, _) => {
                        if self.store.functor(a) != *c || !self.store.args(a).is_empty() {
                            continue 'facts;
                        }
                    }
                    Term::App(..) => return None,
                }
            }
            matching += 1;
            keys.insert(key);
        }
        (!keys.is_empty()).then(|| matching as f64 / keys.len() as f64)
    }
}

/// A rule's body with each literal's variables.
struct Body<'a> {
    rule: &'a Rule,
    lit_vars: &'a [Vec<Symbol>],
    head_vars: &'a [Symbol],
}

impl Body<'_> {
    /// `literals` as a group, if moving them out is safe and pays.
    fn group(&self, literals: Vec<usize>) -> Option<Group> {
        let n = self.lit_vars.len();
        if literals.len() == n {
            return None;
        }
        let mut vars = Vec::new();
        for &i in &literals {
            self.lit_vars[i]
                .iter()
                .for_each(|&u| push_new(&mut vars, u));
        }
        let outside = |u: &Symbol| {
            self.head_vars.contains(u)
                || (0..n).any(|i| !literals.contains(&i) && self.lit_vars[i].contains(u))
        };
        let interface: Vec<Symbol> = vars.iter().copied().filter(|u| outside(u)).collect();
        // Only a rest with variables of its own multiplies the group's bindings.
        let rest_multiplies = (0..n)
            .filter(|i| !literals.contains(i))
            .any(|i| self.lit_vars[i].iter().any(|u| !interface.contains(u)));
        (rest_multiplies && safe(self.rule, &literals, &vars)).then_some(Group {
            literals,
            interface,
        })
    }
}

/// Whether the group's positive atoms bind every variable it uses (the auxiliary rule must
/// be safe on its own).
fn safe(rule: &Rule, literals: &[usize], vars: &[Symbol]) -> bool {
    let mut bound = Vec::new();
    for &i in literals {
        if let Literal::Pos(a) = &rule.body[i] {
            a.for_each_var(&mut |v, _| push_new(&mut bound, v));
        }
    }
    vars.iter().all(|v| bound.contains(v))
}

/// The variables of an `or`-free literal, or `None` for one with `or`.
fn literal_vars(lit: &Literal) -> Option<Vec<Symbol>> {
    let mut vars = Vec::new();
    match lit {
        Literal::Pos(a) => a.for_each_var(&mut |v, _| push_new(&mut vars, v)),
        Literal::Distinct(x, y, _) => {
            x.for_each_var(&mut |v, _| push_new(&mut vars, v));
            y.for_each_var(&mut |v, _| push_new(&mut vars, v));
        }
        Literal::Not(inner, _) => return literal_vars(inner),
        Literal::Or(..) => return None,
    }
    Some(vars)
}

fn push_new(vars: &mut Vec<Symbol>, v: Symbol) {
    if !vars.contains(&v) {
        vars.push(v);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules_text(src: &str) -> Vec<String> {
        let desc = gdl::parse(src).expect("parses");
        let out = project(&desc);
        out.rules()
            .filter(|r| !r.body.is_empty())
            .map(|r| {
                let mut text = String::new();
                gdl::print::rule_text(&out.symbols, r, &mut text);
                text.replace("\n    ", " ")
            })
            .collect()
    }

    #[test]
    fn a_group_with_its_own_variable_becomes_an_auxiliary() {
        let got = rules_text(
            "(role a) (init (s 1)) (init (c 1 x)) (t 1) (succ 1 2)
             (<= (next (c ?k ?m)) (t ?e) (true (c ?e ?m)) (true (s ?k)))
             (<= (legal a n) (true (s 1))) (<= terminal (true (s 2))) (goal a 0)",
        );
        assert_eq!(
            got,
            [
                "(<= (#proj0 ?m) (t ?e) (true (c ?e ?m)))",
                "(<= (next (c ?k ?m)) (#proj0 ?m) (true (s ?k)))",
                "(<= (legal a n) (true (s 1)))",
                "(<= terminal (true (s 2)))",
            ]
        );
    }

    #[test]
    fn a_static_literal_keeps_the_literals_it_joins_together() {
        // Eliminating ?c alone would leave (#p ?x ?y ?u ?v) := cell(x y c) ∧ cell(u v c), the
        // cross product of the cells; the group keeps `near`, which links them.
        let got = rules_text(
            "(role a) (init (s 1)) (near 1 1 1 2)
             (<= (next (m ?x ?y ?k)) (true (cell ?x ?y ?c)) (near ?x ?y ?u ?v)
                 (true (cell ?u ?v ?c)) (true (s ?k)))
             (<= (legal a n) (true (s 1))) (<= terminal (true (s 2))) (goal a 0)",
        );
        assert_eq!(
            &got[..2],
            [
                "(<= (#proj0 ?x ?y) (true (cell ?x ?y ?c)) (near ?x ?y ?u ?v) \
                 (true (cell ?u ?v ?c)))",
                "(<= (next (m ?x ?y ?k)) (#proj0 ?x ?y) (true (s ?k)))",
            ]
        );
    }

    #[test]
    fn a_static_neighbourhood_is_folded_into_an_or_but_a_successor_is_not() {
        // `(near ?x ?m)` gives each ?x two ?m: the neighbours' OR is a gate per (?k, ?x).
        // `(succ ?m ?y)` fixes ?m by ?y: an auxiliary would be a copy of `(c ?k ?m)`.
        let got = rules_text(
            "(role a) (init (c 1 1)) (near 1 2) (near 1 3) (near 2 1) (near 2 3)
             (succ 1 2) (succ 2 3)
             (<= (t ?k) (true (o ?k ?r)) (does ?r (p ?x)) (true (c ?k ?m)) (near ?x ?m))
             (<= (u ?k ?y) (true (c ?k ?m)) (succ ?m ?y) (true (o ?k ?y)))
             (<= (next (o 1 a)) (t 1)) (<= (next (o 1 a)) (u 1 1))
             (<= (legal a (p 1)) (true (c 1 1))) (<= terminal (true (c 3 3))) (goal a 0)",
        );
        assert_eq!(
            &got[..3],
            [
                "(<= (#proj0 ?k ?x) (true (c ?k ?m)) (near ?x ?m))",
                "(<= (t ?k) (true (o ?k ?r)) (does ?r (p ?x)) (#proj0 ?k ?x))",
                "(<= (u ?k ?y) (true (c ?k ?m)) (succ ?m ?y) (true (o ?k ?y)))",
            ]
        );
    }

    #[test]
    fn connected_bodies_and_negations_that_would_be_unsafe_are_left_alone() {
        let got = rules_text(
            "(role a) (init (s 1)) (q 1) (r 1 1)
             (<= (next (s ?x)) (true (s ?y)) (r ?y ?x))
             (<= (next (s ?x)) (q ?x) (not (r ?x ?y)) (q ?y))
             (<= (legal a n) (true (s 1))) (<= terminal (true (s 2))) (goal a 0)",
        );
        assert_eq!(
            &got[..2],
            [
                "(<= (next (s ?x)) (true (s ?y)) (r ?y ?x))",
                "(<= (next (s ?x)) (q ?x) (not (r ?x ?y)) (q ?y))",
            ]
        );
    }

    #[test]
    fn or_is_expanded_first_and_a_lone_column_is_projected_away() {
        // chess's `multipleCheckSources`: two check sources on different squares, whatever
        // their directions.
        let got = rules_text(
            "(role a) (init (c 1 1 n)) (d 1) (d 2)
             (<= two (true (c ?x1 ?y1 ?d1)) (true (c ?x2 ?y2 ?d2))
                 (or (distinct ?x1 ?x2) (distinct ?y1 ?y2)))
             (<= (legal a n) (true (c 1 1 n))) (<= terminal two) (goal a 0)",
        );
        assert_eq!(
            &got[..6],
            [
                // The disjunct that compares rows needs only the rows, and the other only
                // the columns: each literal keeps one column.
                "(<= (#proj0 ?y1) (true (c ?x1 ?y1 ?d1)))",
                "(<= (#proj1 ?y2) (true (c ?x2 ?y2 ?d2)))",
                "(<= two (#proj0 ?y1) (#proj1 ?y2) (distinct ?y1 ?y2))",
                "(<= (#proj2 ?x1) (true (c ?x1 ?y1 ?d1)))",
                "(<= (#proj3 ?x2) (true (c ?x2 ?y2 ?d2)))",
                "(<= two (#proj2 ?x1) (#proj3 ?x2) (distinct ?x1 ?x2))",
            ]
        );
    }
}
