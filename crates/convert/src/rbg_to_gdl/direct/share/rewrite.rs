//! The rules rewritten: each representative keeps its rules with the family's arguments,
//! the other members' rules go, and every reading of a merged relation names its member's
//! constants.

use super::super::text::{head_relation, Rule};
use super::plan::{Member, Plan};
use super::sx::{literal, parse, text, Sx, Visit};
use std::collections::{HashMap, HashSet};

impl Plan {
    /// Keeps each representative's rules, rewritten with the arguments, drops the other
    /// members' rules and names the constants in every reading of a merged relation.
    pub(super) fn rewrite(
        mut self,
        groups: &mut [Vec<Rule>],
        derived: &HashSet<String>,
        orders: &HashMap<String, Vec<usize>>,
    ) -> Vec<String> {
        let prefix = super::free_prefix(groups.iter().flatten(), super::super::text::vars, "?q");
        // A representative's rules in the order of their shapes, as its columns are.
        let mut own: HashMap<String, Vec<Rule>> = HashMap::new();
        for r in groups.iter().flatten() {
            let rel = head_relation(&r.head);
            if self.member_of.get(rel).is_some_and(|m| m.rep == rel) {
                own.entry(rel.to_string()).or_default().push(r.clone());
            }
        }
        for (rel, rules) in own.iter_mut() {
            let sorted = orders[rel].iter().map(|&i| rules[i].clone()).collect();
            *rules = sorted;
        }
        let map = |r: &Rule, v: &mut dyn Visit| -> Rule {
            let mut lit = |l: &String| text(&literal(&parse(l), derived, &mut *v));
            let head = lit(&r.head);
            let body = r.body.iter().map(&mut lit).collect();
            Rule {
                head,
                body,
                maybe: r.maybe.clone(),
            }
        };
        for rules in groups.iter_mut() {
            for r in std::mem::take(rules) {
                let rel = head_relation(&r.head).to_string();
                let Some(m) = self.member_of.get(&rel) else {
                    rules.push(map(&r, &mut Caller(&self)));
                    continue;
                };
                let Some(mine) = own.remove(&rel) else {
                    continue; // another member, or rules already written
                };
                let f = &self.families[m.family];
                let args: Vec<String> = (1..=f.params).map(|p| format!("{prefix}{p}")).collect();
                let mut v = InFamily::new(&self, m, &prefix);
                for r in &mine {
                    let mut rule = map(r, &mut v);
                    let bound: HashSet<&str> = rule
                        .body
                        .iter()
                        .flat_map(|l| super::super::text::binds(l))
                        .collect();
                    if args.iter().any(|a| !bound.contains(a.as_str())) {
                        rule.body
                            .insert(0, format!("({} {})", f.table, args.join(" ")));
                    }
                    rules.push(rule);
                }
            }
        }
        std::mem::take(&mut self.tables)
    }
}

/// A reading of a merged relation outside its family: its constants named.
pub(super) struct Caller<'p>(&'p Plan);

impl Visit for Caller<'_> {
    fn reference(&mut self, name: &str, args: Vec<Sx>) -> Sx {
        named(self.0, name, args, |_, c| Sx::Atom(c.to_string()))
    }
    fn constant(&mut self, c: &str) -> Sx {
        Sx::Atom(c.to_string())
    }
    fn variable(&mut self, v: &str) -> Sx {
        Sx::Atom(v.to_string())
    }
}

/// `name(args)` under its representative's name with its instance's arguments appended,
/// each mapped by `value(argument, constant)`.
pub(super) fn named(
    plan: &Plan,
    name: &str,
    mut args: Vec<Sx>,
    mut value: impl FnMut(usize, &str) -> Sx,
) -> Sx {
    let Some(m) = plan.member_of.get(name) else {
        if let Some(&(f, i)) = plan.demand_of.get(name) {
            for (p, c) in plan.families[f].tuple(i).iter().enumerate() {
                args.push(value(p, c));
            }
        }
        let name = plan.rename.get(name).map_or(name, String::as_str);
        return if args.is_empty() {
            Sx::Atom(name.to_string())
        } else {
            args.insert(0, Sx::Atom(name.to_string()));
            Sx::List(args)
        };
    };
    args.insert(0, Sx::Atom(m.rep.clone()));
    for (p, c) in plan.families[m.family].tuple(m.instance).iter().enumerate() {
        args.push(value(p, c));
    }
    if args.len() == 1 {
        return args.swap_remove(0);
    }
    Sx::List(args)
}

/// A representative's rules rewritten: its constants that differ between instances become
/// the family's arguments, and so do those it passes to other families.
pub(super) struct InFamily<'p> {
    plan: &'p Plan,
    member: &'p Member,
    prefix: &'p str,
    next_const: usize,
    next_read: usize,
}

impl<'p> InFamily<'p> {
    pub(super) fn new(plan: &'p Plan, member: &'p Member, prefix: &'p str) -> Self {
        InFamily {
            plan,
            member,
            prefix,
            next_const: member.offset,
            next_read: member.offset + member.own,
        }
    }

    pub(super) fn column(&self, col: usize) -> Sx {
        let f = &self.plan.families[self.member.family];
        match f.param[col] {
            Some(p) => Sx::Atom(format!("{}{}", self.prefix, p + 1)),
            None => Sx::Atom(f.columns[self.member.instance][col].clone()),
        }
    }
}

impl Visit for InFamily<'_> {
    fn reference(&mut self, name: &str, args: Vec<Sx>) -> Sx {
        let Some(m) = self.plan.member_of.get(name) else {
            let own = (self.member.family, self.member.instance);
            let prefix = self.prefix;
            return named(self.plan, name, args, |p, c| {
                // The instance's own demand asks for the family's arguments.
                if self.plan.demand_of.get(name) == Some(&own) {
                    Sx::Atom(format!("{prefix}{}", p + 1))
                } else {
                    Sx::Atom(c.to_string())
                }
            });
        };
        if m.family == self.member.family {
            let params = self.plan.families[m.family].params;
            let mut out = vec![Sx::Atom(m.rep.clone())];
            out.extend(args);
            out.extend((1..=params).map(|p| Sx::Atom(format!("{}{p}", self.prefix))));
            return if out.len() == 1 {
                out.swap_remove(0)
            } else {
                Sx::List(out)
            };
        }
        let start = self.next_read;
        self.next_read += self.plan.families[m.family].params;
        named(self.plan, name, args, |p, _| self.column(start + p))
    }
    fn constant(&mut self, _: &str) -> Sx {
        self.next_const += 1;
        self.column(self.next_const - 1)
    }
    fn variable(&mut self, v: &str) -> Sx {
        Sx::Atom(v.to_string())
    }
}
