//! Existential projection. The body literals linked by variables the head does not have
//! form groups; a group is moved into an auxiliary relation over the head variables it uses
//! when the rest of the body has variables of its own, which would otherwise multiply the
//! group's bindings. Hex's
//! `(next (connected ?k ?m ?n)) :- (transfer ?e), (true (connected ?e ?m ?n)), (true (step ?k))`
//! grounds to 82 × 82 × 81 rules as written; with `?e`'s group as `#proj(?m ?n)`, to 82 × 81
//! twice. A rule split this way never grounds to more rules than before. (Eliminating one
//! variable at a time would reach further, but can cut a static literal away from the two
//! it joined and ground their cross product; that needs the relations' sizes to decide.)

use gdl::ast::{Atom, Description, Item, Literal, Rule, Span, Symbol, Term};

/// `desc` with variables eliminated from every rule where that pays (auxiliary relations are
/// named `#projN`, which no game text can spell). Rules with `or` are left as they are.
pub fn project(desc: &Description) -> Description {
    let mut out = Description {
        symbols: desc.symbols.clone(),
        items: Vec::with_capacity(desc.items.len()),
    };
    let mut made = 0usize;
    for item in &desc.items {
        let Item::Rule(rule) = item else {
            out.items.push(item.clone());
            continue;
        };
        let mut work = vec![rule.clone()];
        while let Some(rule) = work.pop() {
            let Some(group) = eliminable(&rule) else {
                out.items.push(Item::Rule(rule));
                continue;
            };
            let rel = out.symbols.intern(&format!("#proj{made}"));
            made += 1;
            let (aux, main) = split(&rule, &group, rel);
            work.push(main);
            work.push(aux);
        }
    }
    out
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
fn eliminable(rule: &Rule) -> Option<Group> {
    let n = rule.body.len();
    if n < 2 {
        return None;
    }
    let mut lit_vars = Vec::with_capacity(n);
    for lit in &rule.body {
        lit_vars.push(literal_vars(lit)?);
    }
    let mut head_vars = Vec::new();
    rule.head
        .for_each_var(&mut |v, _| push_new(&mut head_vars, v));
    let mut candidates = Vec::new();
    lit_vars
        .iter()
        .flatten()
        .filter(|v| !head_vars.contains(v))
        .for_each(|&v| push_new(&mut candidates, v));
    candidates.into_iter().find_map(|v| {
        // The literals linked to `v` through variables the head does not have: eliminating
        // one variable at a time can drop a static literal that joined two others and leave
        // their cross product (reversi's `hasOtherColorInDir`).
        let mut literals: Vec<usize> = (0..n).filter(|&i| lit_vars[i].contains(&v)).collect();
        loop {
            let linked = (0..n).find(|i| {
                !literals.contains(i)
                    && lit_vars[*i].iter().any(|u| {
                        !head_vars.contains(u) && literals.iter().any(|&j| lit_vars[j].contains(u))
                    })
            });
            match linked {
                Some(i) => literals.push(i),
                None => break,
            }
        }
        literals.sort_unstable();
        if literals.len() == n {
            return None;
        }
        let mut vars = Vec::new();
        for &i in &literals {
            lit_vars[i].iter().for_each(|&u| push_new(&mut vars, u));
        }
        let outside = |u: &Symbol| {
            head_vars.contains(u)
                || (0..n).any(|i| !literals.contains(&i) && lit_vars[i].contains(u))
        };
        let interface: Vec<Symbol> = vars.iter().copied().filter(|u| outside(u)).collect();
        // Only a rest with variables of its own multiplies the group's bindings.
        let rest_multiplies = (0..n)
            .filter(|i| !literals.contains(i))
            .any(|i| lit_vars[i].iter().any(|u| !interface.contains(u)));
        (rest_multiplies && safe(rule, &literals, &vars)).then_some(Group {
            literals,
            interface,
        })
    })
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
    fn connected_bodies_negations_that_would_be_unsafe_and_or_are_left_alone() {
        let got = rules_text(
            "(role a) (init (s 1)) (q 1) (r 1 1)
             (<= (next (s ?x)) (true (s ?y)) (r ?y ?x))
             (<= (next (s ?x)) (q ?x) (not (r ?x ?y)) (q ?y))
             (<= (next (s ?x)) (q ?x) (or (q ?y) (true (s ?y))) (r ?y ?y))
             (<= (legal a n) (true (s 1))) (<= terminal (true (s 2))) (goal a 0)",
        );
        assert_eq!(
            &got[..3],
            [
                "(<= (next (s ?x)) (true (s ?y)) (r ?y ?x))",
                "(<= (next (s ?x)) (q ?x) (not (r ?x ?y)) (q ?y))",
                "(<= (next (s ?x)) (q ?x) (or (q ?y) (true (s ?y))) (r ?y ?y))",
            ]
        );
    }
}
