//! Checks of goal values and roles that the specification states but the syntax does not
//! enforce (Love et al., §4: goal values are integers from 0 to 100, every role has exactly one
//! goal value in every state), plus two things that are legal but almost surely mistakes.
//!
//! * a goal value that is a constant other than an integer in `0..=100` is an error (the
//!   engine would otherwise score it 0 silently);
//! * unconditional goal facts (or rules whose body is only `(role ?r)`) giving one role two
//!   values in every state are warned about; conditional ones cannot be decided statically;
//! * a role declared twice is warned about (names are case-insensitive, so `White` and
//!   `white` are one role);
//! * a rule whose `or`s expand into more rules than the engine compiles is an error with the
//!   limit named, rather than a failure when the engine is built.
//!
//! Relations used but never defined are the validator's (`check::relations`).

use crate::ast::{Description, Literal, Symbol, Term};
use crate::{error, Diagnostic};
use codespan_reporting::diagnostic::Label;
use std::collections::HashMap;

/// Diagnostics about goal values, role names and `or` expansion.
pub fn check_goals_and_roles(desc: &Description) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    goal_values(desc, &mut out);
    several_goal_values(desc, &mut out);
    roles_declared_twice(desc, &mut out);
    or_expansion(desc, &mut out);
    out
}

fn goal_values(desc: &Description, out: &mut Vec<Diagnostic>) {
    for rule in desc.rules() {
        if rule.head.rel != Symbol::GOAL || rule.head.args.len() != 2 {
            continue;
        }
        let value = &rule.head.args[1];
        let bad = match value {
            Term::Var(..) => continue,
            Term::Const(c, _) => !matches!(desc.name(*c).parse::<u8>(), Ok(0..=100)),
            Term::App(..) => true,
        };
        if bad {
            out.push(error(
                "goal values are integers from 0 to 100",
                value.span(),
                "not an integer from 0 to 100",
            ));
        }
    }
}

/// `(goal R V)` facts and `(<= (goal ?r V) (role ?r))` rules: values every state has.
fn several_goal_values(desc: &Description, out: &mut Vec<Diagnostic>) {
    let mut always: HashMap<Option<Symbol>, Vec<(Symbol, crate::Span)>> = HashMap::new();
    for rule in desc.rules() {
        if rule.head.rel != Symbol::GOAL || rule.head.args.len() != 2 {
            continue;
        }
        let Term::Const(v, vspan) = rule.head.args[1] else {
            continue;
        };
        let role = match (&rule.head.args[0], rule.body.as_slice()) {
            (Term::Const(r, _), []) => Some(*r),
            (Term::Var(x, _), [Literal::Pos(a)])
                if a.rel == Symbol::ROLE
                    && matches!(a.args.as_slice(), [Term::Var(y, _)] if y == x) =>
            {
                None // every role
            }
            _ => continue,
        };
        always.entry(role).or_default().push((v, vspan));
    }
    let every = always.get(&None).cloned().unwrap_or_default();
    for (role, mut values) in always {
        if role.is_some() {
            values.extend(every.iter().copied());
        }
        values.sort_by_key(|(_, s)| s.start);
        let first = values[0];
        if let Some(other) = values.iter().find(|(v, _)| *v != first.0) {
            let who = role.map_or("every role".to_string(), |r| {
                format!("role `{}`", desc.name(r))
            });
            out.push(
                Diagnostic::warning()
                    .with_message(format!(
                        "{who} has several goal values in every state ({} and {})",
                        desc.name(first.0),
                        desc.name(other.0)
                    ))
                    .with_labels(vec![
                        Label::primary((), other.1.range()).with_message("this value"),
                        Label::secondary((), first.1.range()).with_message("and this one"),
                    ]),
            );
        }
    }
}

/// GDL names are case-insensitive, so `white` and `White` are one role declared twice: legal
/// (roles are a set) but almost surely meant as two roles.
fn roles_declared_twice(desc: &Description, out: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<Symbol, crate::Span> = HashMap::new();
    for rule in desc.rules() {
        if rule.head.rel != Symbol::ROLE || !rule.body.is_empty() {
            continue;
        }
        let Some(Term::Const(r, span)) = rule.head.args.first() else {
            continue;
        };
        match seen.get(r) {
            Some(first) => out.push(
                Diagnostic::warning()
                    .with_message(format!(
                        "role `{}` is declared twice (GDL names are case-insensitive, so names \
                         differing only in case are the same role)",
                        desc.name(*r)
                    ))
                    .with_labels(vec![
                        Label::primary((), span.range()).with_message("declared again here"),
                        Label::secondary((), first.range()).with_message("first declared here"),
                    ]),
            ),
            None => {
                seen.insert(*r, *span);
            }
        }
    }
}

fn or_expansion(desc: &Description, out: &mut Vec<Diagnostic>) {
    use crate::engine::compile::{dnf, MAX_VARIANTS};
    // The engine lifts a wide rule's `or`s into relations of their own
    // (`engine::lift`); what is still too wide after that is an error.
    let lifted = crate::engine::lift::lift_wide_ors(desc);
    for rule in lifted.as_ref().unwrap_or(desc).rules() {
        if !rule
            .body
            .iter()
            .any(|l| matches!(l, Literal::Or(..) | Literal::Not(..)))
        {
            continue;
        }
        if dnf(&rule.body, &|_, _| 0).is_none() {
            out.push(error(
                &format!(
                    "the `or`s of this rule expand into more than {MAX_VARIANTS} rules (the \
                     engine's limit, gdl::engine::compile::MAX_VARIANTS), even with every `or` \
                     that binds its shared variables made a relation of its own; define the \
                     others as relations of their own"
                ),
                rule.span,
                "this rule",
            ));
        }
    }
}
