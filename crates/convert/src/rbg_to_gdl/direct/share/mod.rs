//! Relations written once. Demands asked from several places, and a two-player game's
//! halves written once per side, leave relations that are the same but for their names:
//!
//! * by default, relations whose rules are equal up to the names of their variables and of
//!   the demand relations they read are one, and their demands are merged too (asking for
//!   more tuples costs work, never a wrong answer);
//! * for `--optimize size`, relations alike but for their *constants* are one as well:
//!   reversi's `nav2` walks over white discs to a black one and `nav12` over black discs to a
//!   white one; merged, the relation takes the constants that tell them apart as arguments
//!   (`?q1`, ...) and every reading from outside names its side's constants. A rule where an
//!   argument is bound by no positive literal starts with a static table of the tuples in
//!   use (`argsN`).
//!
//! Which relations are alike is the coarsest partition in which alike relations read alike
//! relations at the same places (Moore's refinement, as in minimising an automaton). Merged
//! relations that read one another form a *family* whose members must line up by side
//! ([`plan`]); one that does not stays apart, and so does a merge that would tie relations
//! into a recursion they were not in ([`plan::Plan::new_cycles`]).

mod fold;
mod plan;
mod rewrite;
mod shape;
mod sx;

use super::text::{head_relation, Rule};
pub use fold::fold_alike;
use plan::Plan;
use shape::{is_demand, Relation, Shape};
use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

/// A prefix that no name `of` a literal of `rules` starts with: `base`, its last character
/// repeated as often as needed (`?q`, `?qq`, ...).
fn free_prefix<'a, I: Iterator<Item = &'a str>>(
    rules: impl Iterator<Item = &'a Rule>,
    of: impl Fn(&'a str) -> I,
    base: &str,
) -> String {
    let taken: HashSet<&str> = rules
        .flat_map(|r| std::iter::once(&r.head).chain(&r.body))
        .flat_map(|l| of(l))
        .collect();
    let mut prefix = base.to_string();
    let pad = base.chars().last().unwrap_or('x');
    while taken.iter().any(|n| n.starts_with(&prefix)) {
        prefix.push(pad);
    }
    prefix
}

/// Heads that are GDL's own or that the output's comments name.
fn protected(rel: &str) -> bool {
    matches!(
        rel,
        "legal" | "next" | "goal" | "terminal" | "init" | "role" | "base" | "input"
    ) || rel.starts_with("chain")
}

/// Merges relations equal but for their demands, and with `constants` those alike but for
/// their constants too (module comment); returns the facts of the argument tables (`argsN`)
/// to write with the static facts.
pub fn share_alike(groups: &mut [Vec<Rule>], constants: bool) -> Vec<String> {
    let derived: HashSet<String> = groups
        .iter()
        .flatten()
        .map(|r| head_relation(&r.head).to_string())
        .collect();
    let mut by_rel: BTreeMap<String, Vec<&Rule>> = BTreeMap::new();
    let mut order: Vec<String> = Vec::new();
    for r in groups.iter().flatten() {
        let rel = head_relation(&r.head).to_string();
        if !by_rel.contains_key(&rel) {
            order.push(rel.clone());
        }
        by_rel.entry(rel).or_default().push(r);
    }
    let relations: HashMap<&str, Relation> = order
        .iter()
        .filter(|r| !protected(r) && !is_demand(r))
        .map(|r| (r.as_str(), Relation::new(&by_rel[r], &derived)))
        .collect();
    let uses: BTreeMap<String, BTreeSet<String>> = by_rel
        .iter()
        .map(|(rel, rules)| {
            let read = rules
                .iter()
                .flat_map(|r| &r.body)
                .flat_map(|l| super::text::relations(l))
                .filter(|r| derived.contains(*r))
                .map(str::to_string)
                .collect();
            (rel.clone(), read)
        })
        .collect();
    let mut apart: HashSet<String> = HashSet::new();
    let (plan, orders) = loop {
        let class = partition(&order, &relations, &apart, constants);
        let orders: HashMap<String, Vec<usize>> = relations
            .iter()
            .map(|(r, x)| (r.to_string(), x.order(&class, constants)))
            .collect();
        let shapes: HashMap<&str, Shape> = relations
            .iter()
            .map(|(r, x)| (*r, x.flat(&orders[*r])))
            .collect();
        match Plan::new(&order, &shapes, &class) {
            Ok(plan) => {
                let tied = plan.new_cycles(&uses, &shapes);
                if tied.is_empty() {
                    break (plan, orders);
                }
                apart.extend(tied);
            }
            Err(members) => apart.extend(members),
        }
    };
    if plan.member_of.is_empty() {
        return Vec::new();
    }
    let tables = plan.rewrite(groups, &derived, &orders);
    super::text::drop_repeated(groups);
    tables
}

/// Relations by class number: alike relations share one (those `apart` have their own).
fn partition(
    order: &[String],
    relations: &HashMap<&str, Relation>,
    apart: &HashSet<String>,
    constants: bool,
) -> HashMap<String, usize> {
    let mut class: HashMap<String, usize> = HashMap::new();
    let mut ids: HashMap<String, usize> = HashMap::new();
    for rel in order {
        let key = match relations.get(rel.as_str()) {
            Some(s) if !apart.contains(rel) => s.text(constants),
            _ => format!("!{rel}"),
        };
        let n = ids.len();
        class.insert(rel.clone(), *ids.entry(key).or_insert(n));
    }
    loop {
        // Refine: alike relations read relations of the same classes.
        type Key<'a> = Vec<(&'a str, Vec<usize>)>;
        let mut ids: HashMap<(usize, Key), usize> = HashMap::new();
        let mut next: HashMap<String, usize> = HashMap::new();
        for rel in order {
            let mut refs: Key = relations
                .get(rel.as_str())
                .map(|x| {
                    let classes = |s: &Shape| s.refs.iter().map(|r| class[r]).collect();
                    x.rules
                        .iter()
                        .map(|s| {
                            (
                                if constants { &s.text } else { &s.exact }.as_str(),
                                classes(s),
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            refs.sort_unstable();
            let n = ids.len();
            next.insert(rel.clone(), *ids.entry((class[rel], refs)).or_insert(n));
        }
        let stable = ids.len() == class.values().collect::<HashSet<_>>().len();
        class = next;
        if stable {
            return class;
        }
    }
}

#[cfg(test)]
mod tests;
