//! Lifting wide `or`s into relations of their own.
//!
//! The engine compiles a rule by distributing its `or`s into variants (disjunctive normal form),
//! and a rule with nine two-way `or`s would become 512 rules. Past [`MAX_VARIANTS`](super::compile::MAX_VARIANTS) the
//! description is rewritten instead: each `or` of such a rule becomes an atom of a fresh
//! relation whose arguments are the `or`'s variables shared with the rest of the rule, defined
//! by one rule per disjunct. Both forms derive the same facts. An `or` is lifted only when every
//! disjunct binds every shared variable in a positive atom of its own, so the new rules are safe
//! whatever order the planner picks; the others stay inline.

use super::compile::dnf;
use crate::ast::{Atom, Description, Item, Literal, Rule, Symbol, Term};
use std::collections::BTreeSet;

/// `desc` with the `or`s of every rule that expands past [`MAX_VARIANTS`](super::compile::MAX_VARIANTS) lifted, or `None`
/// when no rule needs it (so callers keep the original untouched).
pub fn lift_wide_ors(desc: &Description) -> Option<Description> {
    if !desc.rules().any(too_wide) {
        return None;
    }
    let mut out = Description {
        symbols: desc.symbols.clone(),
        items: Vec::with_capacity(desc.items.len()),
    };
    let mut fresh = 0usize;
    for item in &desc.items {
        match item {
            Item::Rule(rule) if too_wide(rule) => {
                let mut extra = Vec::new();
                let lifted = lift_rule(rule, &mut out, &mut fresh, &mut extra);
                out.items.push(Item::Rule(lifted));
                out.items.extend(extra.into_iter().map(Item::Rule));
            }
            other => out.items.push(other.clone()),
        }
    }
    Some(out)
}

fn too_wide(rule: &Rule) -> bool {
    rule.body.iter().any(|l| matches!(l, Literal::Or(..))) && dnf(&rule.body, &|_, _| 0).is_none()
}

/// The rule with its liftable `or`s replaced; the definitions of the new relations go to
/// `extra`.
fn lift_rule(rule: &Rule, out: &mut Description, fresh: &mut usize, extra: &mut Vec<Rule>) -> Rule {
    let mut body = Vec::with_capacity(rule.body.len());
    for (i, lit) in rule.body.iter().enumerate() {
        let Literal::Or(disjuncts, span) = lit else {
            body.push(lit.clone());
            continue;
        };
        let shared = shared_vars(rule, i);
        if !disjuncts.iter().all(|d| binds_all(d, &shared)) {
            body.push(lit.clone());
            continue;
        }
        let rel = fresh_relation(out, fresh);
        let args: Vec<Term> = shared.iter().map(|&v| Term::Var(v, *span)).collect();
        let head = Atom {
            rel,
            args,
            span: *span,
        };
        for d in disjuncts {
            extra.push(Rule {
                head: head.clone(),
                body: vec![d.clone()],
                span: rule.span,
            });
        }
        body.push(Literal::Pos(head));
    }
    Rule {
        head: rule.head.clone(),
        body,
        span: rule.span,
    }
}

/// The variables of body literal `i` that also occur in the head or another body literal.
fn shared_vars(rule: &Rule, i: usize) -> BTreeSet<Symbol> {
    let mut own = BTreeSet::new();
    literal_vars(&rule.body[i], &mut own);
    let mut rest = BTreeSet::new();
    rule.head.for_each_var(&mut |v, _| {
        rest.insert(v);
    });
    for (j, l) in rule.body.iter().enumerate() {
        if j != i {
            literal_vars(l, &mut rest);
        }
    }
    own.intersection(&rest).copied().collect()
}

fn literal_vars(l: &Literal, vars: &mut BTreeSet<Symbol>) {
    match l {
        Literal::Pos(a) => a.for_each_var(&mut |v, _| {
            vars.insert(v);
        }),
        Literal::Not(inner, _) => literal_vars(inner, vars),
        Literal::Distinct(x, y, _) => {
            for t in [x, y] {
                t.for_each_var(&mut |v, _| {
                    vars.insert(v);
                });
            }
        }
        Literal::Or(ls, _) => ls.iter().for_each(|l| literal_vars(l, vars)),
    }
}

/// Whether disjunct `d` binds each of `vars` in a positive atom (of every alternative, for a
/// nested `or`).
fn binds_all(d: &Literal, vars: &BTreeSet<Symbol>) -> bool {
    match d {
        Literal::Pos(a) => {
            let mut bound = BTreeSet::new();
            a.for_each_var(&mut |v, _| {
                bound.insert(v);
            });
            vars.is_subset(&bound)
        }
        Literal::Or(ls, _) => ls.iter().all(|l| binds_all(l, vars)),
        Literal::Not(..) | Literal::Distinct(..) => vars.is_empty(),
    }
}

/// A relation name no rule of the description uses.
fn fresh_relation(out: &mut Description, fresh: &mut usize) -> Symbol {
    loop {
        *fresh += 1;
        let name = format!("or_{}", *fresh);
        if out.symbols.get(&name).is_none() {
            return out.symbols.intern(&name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nine_ors(extra: &str) -> String {
        let ors: String = (0..9)
            .map(|i| format!("(or (true (p {i} ?x)) (true (q {i} ?x)))"))
            .collect();
        format!("(<= (next (done ?x)) (true (r ?x)) {ors}{extra})")
    }

    #[test]
    fn a_rule_within_the_limit_is_left_alone() {
        let desc = crate::parse("(<= a (or b c) (or d e)) (<= b) ").unwrap();
        assert!(lift_wide_ors(&desc).is_none());
    }

    #[test]
    fn nine_ors_become_nine_relations_of_two_rules() {
        let desc = crate::parse(&nine_ors("")).unwrap();
        let lifted = lift_wide_ors(&desc).expect("lifted");
        let text = crate::print(&lifted);
        assert_eq!(lifted.rules().count(), 1 + 9 * 2, "{text}");
        assert!(text.contains("(or_1 ?x)"), "{text}");
        assert!(lifted.rules().all(|r| !too_wide(r)));
    }

    #[test]
    fn an_or_that_does_not_bind_a_shared_variable_stays_inline() {
        let desc = crate::parse(&nine_ors(" (or (distinct ?x 1) (distinct ?x 2))")).unwrap();
        let lifted = lift_wide_ors(&desc).expect("lifted");
        let head_rule = lifted.rules().next().unwrap();
        assert_eq!(
            head_rule
                .body
                .iter()
                .filter(|l| matches!(l, Literal::Or(..)))
                .count(),
            1
        );
    }
}
