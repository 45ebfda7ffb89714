//! Rules as text: the body literals of a rule are kept as strings until the rule is written,
//! when it is made *safe* (every variable of the head, of a negation or of a `distinct`
//! appears in a positive literal: a `(vertex ?v)` literal is added where none does) and a
//! rule that can never hold is dropped. Before that, the whole program settles which left-out
//! demand literals can come back ([`settle_demands`]) and drops repeated rules.

use std::collections::{HashMap, HashSet};

/// A literal that never holds: a rule with it is not written.
pub const FALSE: &str = "(never)";

/// Lines are wrapped at this width.
const WIDTH: usize = 100;

#[derive(Clone, Debug)]
pub struct Rule {
    pub head: String,
    pub body: Vec<String>,
    /// Literals that narrow the rule but may be recursive with its head, where their unbound
    /// variables would break GDL's recursion restriction: [`settle_demands`] adds each one
    /// that turns out not to be.
    pub maybe: Vec<String>,
}

/// The variables of a literal.
pub fn vars(lit: &str) -> impl Iterator<Item = &str> {
    lit.split([' ', '(', ')']).filter(|t| t.starts_with('?'))
}

fn positive(lit: &str) -> bool {
    !(lit.starts_with("(not ") || lit.starts_with("(distinct ") || lit.starts_with("(or "))
}

/// The disjuncts of an `(or ...)` literal.
fn disjuncts(lit: &str) -> Vec<&str> {
    let Some(inner) = lit.strip_prefix("(or ").and_then(|l| l.strip_suffix(')')) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let (mut depth, mut start) = (0usize, None);
    for (i, c) in inner.char_indices() {
        match c {
            '(' => {
                if depth == 0 {
                    start = Some(i);
                }
                depth += 1;
            }
            ')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    if let Some(s) = start.take() {
                        out.push(&inner[s..=i]);
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// The variables a literal binds: those of a positive literal, or those every disjunct of
/// an `or` of positive literals binds.
pub fn binds(lit: &str) -> Vec<&str> {
    if positive(lit) {
        return vars(lit).collect();
    }
    let ds = disjuncts(lit);
    if ds.is_empty() || !ds.iter().all(|d| positive(d)) {
        return Vec::new();
    }
    let first: Vec<&str> = vars(ds[0]).collect();
    first
        .into_iter()
        .filter(|v| ds[1..].iter().all(|d| vars(d).any(|w| w == *v)))
        .collect()
}

impl Rule {
    pub fn new(head: String, body: Vec<String>) -> Rule {
        Rule {
            head,
            body,
            maybe: Vec::new(),
        }
    }

    /// The rule made safe, or `None` if it can never hold. Sets `vertex` when it added a
    /// `(vertex ?v)` literal.
    pub fn finish(mut self, vertex: &mut bool) -> Option<Rule> {
        if self.body.iter().any(|l| l == FALSE) {
            return None;
        }
        let bound: std::collections::HashSet<&str> =
            self.body.iter().flat_map(|l| binds(l)).collect();
        let mut missing: Vec<String> = Vec::new();
        for lit in std::iter::once(&self.head).chain(self.body.iter().filter(|l| !positive(l))) {
            for v in vars(lit) {
                if !bound.contains(v) && !missing.iter().any(|m| m == v) {
                    missing.push(v.to_string());
                }
            }
        }
        if !missing.is_empty() {
            *vertex = true;
            let domain = missing.iter().map(|v| format!("(vertex {v})"));
            self.body = domain.chain(self.body).collect();
        }
        Some(self)
    }

    pub fn text(&self) -> String {
        if self.body.is_empty() {
            return self.head.clone();
        }
        let one = format!("(<= {} {})", self.head, self.body.join(" "));
        if one.len() <= WIDTH {
            return one;
        }
        let mut s = format!("(<= {}", self.head);
        for l in &self.body {
            s.push_str("\n    ");
            s.push_str(l);
        }
        s.push(')');
        s
    }
}

/// Ground facts, several to a line (a table of facts reads like a table).
pub fn fact_lines(facts: &[String]) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for f in facts {
        if !line.is_empty() && line.len() + 1 + f.len() > WIDTH {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(f);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The relation a literal reads and whether it is positive (`distinct` counts as negative:
/// it binds nothing).
fn relation_of(lit: &str) -> (&str, bool) {
    let (inner, positive) = match lit.strip_prefix("(not ") {
        Some(rest) => (rest.strip_suffix(')').unwrap_or(rest), false),
        None => (lit, true),
    };
    let name = inner
        .trim_start_matches('(')
        .split([' ', ')'])
        .next()
        .unwrap_or("");
    (name, positive)
}

/// The name of the relation a head defines.
pub fn head_relation(head: &str) -> &str {
    relation_of(head).0
}

/// Adds to each rule the literals of its `maybe` that depend on neither its head relation nor
/// one that depends on it, one by one (each one added is a dependency the next ones see), and
/// drops the others: a demand is then narrowed wherever GDL's recursion restriction allows.
pub fn settle_demands(groups: &mut [Vec<Rule>]) {
    let mut uses: HashMap<String, HashSet<String>> = HashMap::new();
    for r in groups.iter().flatten() {
        let used = uses.entry(head_relation(&r.head).to_string()).or_default();
        used.extend(r.body.iter().flat_map(|l| relations(l)).map(str::to_string));
    }
    for r in groups.iter_mut().flatten() {
        let head = head_relation(&r.head).to_string();
        for lit in std::mem::take(&mut r.maybe) {
            let rel = head_relation(&lit).to_string();
            if !depends_on(&uses, &rel, &head) {
                uses.entry(head.clone()).or_default().insert(rel);
                r.body.push(lit);
            }
        }
    }
}

/// Drops every rule equal to an earlier one (the same head and body): demands asked from
/// several places often come out the same, and a repeated rule costs a bottom-up reasoner a
/// second join and a top-down one a second proof of everything it derives.
pub fn drop_repeated(groups: &mut [Vec<Rule>]) {
    let mut seen: HashSet<(String, Vec<String>)> = HashSet::new();
    for rules in groups.iter_mut() {
        rules.retain(|r| seen.insert((r.head.clone(), r.body.clone())));
    }
}

/// Whether relation `rel` uses relation `target`, directly or through others.
fn depends_on(uses: &HashMap<String, HashSet<String>>, rel: &str, target: &str) -> bool {
    let mut seen: HashSet<&str> = HashSet::new();
    let mut stack = vec![rel];
    while let Some(r) = stack.pop() {
        if r == target {
            return true;
        }
        if seen.insert(r) {
            stack.extend(uses.get(r).into_iter().flatten().map(String::as_str));
        }
    }
    false
}

/// The relations a literal names (inside `not` and `or` too).
pub fn relations(lit: &str) -> impl Iterator<Item = &str> {
    lit.split('(')
        .skip(1)
        .filter_map(|t| t.split([' ', ')']).next())
        .filter(|t| !t.is_empty() && !matches!(*t, "not" | "or"))
}

/// Rules that read relations nothing defines: a positive literal never holds (the rule goes),
/// a negative one always holds (the literal goes); repeated until nothing changes. `given`
/// are the relations defined outside `rules` (facts, `true`, `does`, `distinct`).
pub fn drop_undefined(groups: &mut [Vec<Rule>], given: &[String]) {
    let size = |g: &[Vec<Rule>]| -> (usize, usize) {
        g.iter()
            .flatten()
            .fold((0, 0), |(r, l), x| (r + 1, l + x.body.len()))
    };
    loop {
        let defined: std::collections::HashSet<String> = groups
            .iter()
            .flatten()
            .map(|r| head_relation(&r.head).to_string())
            .chain(given.iter().cloned())
            .collect();
        let before = size(groups);
        for rules in groups.iter_mut() {
            rules.retain(|r| {
                r.body.iter().all(|l| {
                    let (rel, positive) = relation_of(l);
                    !positive || defined.contains(rel)
                })
            });
            for r in rules.iter_mut() {
                r.body.retain(|l| {
                    let (rel, positive) = relation_of(l);
                    positive || rel == "distinct" || defined.contains(rel)
                });
            }
        }
        if size(groups) == before {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_variable_only_in_the_head_or_a_negation_gets_a_vertex_literal() {
        let mut vertex = false;
        let r = Rule::new(
            "(star1 ?a ?a)".into(),
            vec!["(not (pat2 ?b))".into(), "(d_up ?b ?c)".into()],
        )
        .finish(&mut vertex)
        .unwrap();
        assert!(vertex);
        assert_eq!(r.body[0], "(vertex ?a)");
        assert_eq!(r.body.len(), 3, "?b is bound by (d_up ?b ?c): {:?}", r.body);
    }

    #[test]
    fn a_variable_only_inside_an_or_is_not_bound_by_it() {
        let mut vertex = false;
        let r = Rule::new(
            "(pat1 ?c1 ?a)".into(),
            vec![
                "(d_up ?a ?t1)".into(),
                "(or (same ?t1 ?c1) (true (cell ?t1 e)))".into(),
            ],
        )
        .finish(&mut vertex)
        .unwrap();
        assert_eq!(r.body[0], "(vertex ?c1)");
    }

    #[test]
    fn a_variable_every_disjunct_binds_is_bound() {
        let mut vertex = false;
        let r = Rule::new(
            "(pat1 ?c1 ?t1)".into(),
            vec![
                "(true (cell ?c1 k))".into(),
                "(or (same ?t1 ?c1) (true (cell ?t1 e)))".into(),
                "(distinct ?t1 ?c2)".into(),
                "(d_up ?c2 ?c1)".into(),
            ],
        )
        .finish(&mut vertex)
        .unwrap();
        assert!(!vertex, "{:?}", r.body);
        let r = Rule::new(
            "(pat1 ?t1)".into(),
            vec!["(or (not (same ?t1 ?c1)) (true (cell ?t1 e)))".into()],
        )
        .finish(&mut vertex)
        .unwrap();
        assert!(vertex && r.body[0] == "(vertex ?t1)", "{:?}", r.body);
    }

    #[test]
    fn a_rule_that_never_holds_is_dropped() {
        let mut vertex = false;
        let r = Rule::new("(legal a m)".into(), vec![FALSE.into()]);
        assert!(r.finish(&mut vertex).is_none());
    }

    #[test]
    fn a_demand_literal_is_added_unless_it_would_close_a_cycle() {
        let rule = |h: &str, b: &[&str], maybe: &[&str]| {
            let mut r = Rule::new(h.into(), b.iter().map(|s| s.to_string()).collect());
            r.maybe = maybe.iter().map(|s| s.to_string()).collect();
            r
        };
        let mut groups = vec![vec![
            // want_a reads want_p, which does not depend on want_a: narrowed.
            rule("(want_a ?c ?t)", &["(vertex ?t)"], &["(want_p ?c ?x)"]),
            rule("(want_p ?c ?c)", &["(true (moved ?c))"], &[]),
            // want_b and want_q would be one cycle: the first is added, the second is not.
            rule("(want_b ?c ?t)", &["(vertex ?t)"], &["(want_q ?c ?x)"]),
            rule("(want_q ?c ?t)", &["(vertex ?t)"], &["(want_b ?c ?x)"]),
            rule("(want_r ?c ?t)", &["(vertex ?t)"], &["(want_r ?c ?x)"]),
        ]];
        settle_demands(&mut groups);
        let bodies: Vec<Vec<&str>> = groups[0]
            .iter()
            .map(|r| r.body.iter().map(String::as_str).collect())
            .collect();
        assert_eq!(bodies[0], ["(vertex ?t)", "(want_p ?c ?x)"]);
        assert_eq!(bodies[2], ["(vertex ?t)", "(want_q ?c ?x)"]);
        assert_eq!(bodies[3], ["(vertex ?t)"]);
        assert_eq!(bodies[4], ["(vertex ?t)"]);
        assert!(groups[0].iter().all(|r| r.maybe.is_empty()));
    }

    #[test]
    fn a_rule_equal_to_an_earlier_one_is_dropped_in_any_section() {
        let rule = |h: &str, b: &str| Rule::new(h.into(), vec![b.into()]);
        let mut groups = vec![
            vec![rule("(a ?x)", "(b ?x)"), rule("(a ?x)", "(c ?x)")],
            vec![rule("(a ?x)", "(b ?x)"), rule("(a ?y)", "(b ?y)")],
        ];
        drop_repeated(&mut groups);
        assert_eq!(groups[0].len(), 2);
        assert_eq!(
            groups[1].len(),
            1,
            "equal up to renaming is not equal: {:?}",
            groups[1]
        );
    }

    #[test]
    fn undefined_relations_drop_rules_or_negations_until_nothing_changes() {
        let rule =
            |h: &str, b: &[&str]| Rule::new(h.into(), b.iter().map(|s| s.to_string()).collect());
        let mut groups = vec![vec![
            rule("(a ?x)", &["(true (p ?x))", "(not (missing ?x))"]),
            rule("(b ?x)", &["(missing ?x)"]),
            rule("(c ?x)", &["(b ?x)"]),
            rule("(d ?x)", &["(a ?x)", "(distinct ?x 1)"]),
        ]];
        drop_undefined(&mut groups, &["true".into(), "distinct".into()]);
        let heads: Vec<&str> = groups[0].iter().map(|r| r.head.as_str()).collect();
        assert_eq!(heads, ["(a ?x)", "(d ?x)"]);
        assert_eq!(groups[0][0].body, ["(true (p ?x))"]);
        assert_eq!(groups[0][1].body, ["(a ?x)", "(distinct ?x 1)"]);
    }

    #[test]
    fn long_rules_wrap_and_facts_share_lines() {
        let long = Rule::new("(h ?a)".into(), vec![format!("(r {})", "x ".repeat(60))]);
        assert!(long.text().contains("\n    (r "));
        let facts: Vec<String> = (0..30).map(|i| format!("(vertex v{i})")).collect();
        let lines = fact_lines(&facts);
        assert!(lines.len() > 1 && lines.len() < 30);
        assert!(lines.iter().all(|l| l.len() <= WIDTH));
        assert_eq!(lines.join(" ").split(") (").count(), 30);
    }
}
