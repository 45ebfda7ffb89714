//! Rules of one relation alike but for their constants, written once: for `--optimize
//! size`, the eight rays of reversi's flanking test differ only in their direction
//! (`(dstep up ?a ?t1)`, `(dstep down_left ?a ?t1)`, ...) and become one rule reading a
//! static table of the constants that told them apart, `(alt1 ?f1)` with facts `(alt1 up)
//! (alt1 down_left) ...`, as a GDL author writes `(dir ?d ?dx ?dy)`.

use super::super::text::{fact_lines, vars, Rule};
use super::shape::Shape;
use super::sx::{literal, parse, text, Sx, Visit};
use std::collections::{BTreeMap, HashMap, HashSet};

/// Folds each set of rules alike but for their constants into one rule where that takes
/// fewer lines; returns the facts of the tables the folded rules read.
pub fn fold_alike(groups: &mut [Vec<Rule>]) -> Vec<String> {
    let table = super::free_prefix(
        groups.iter().flatten(),
        super::super::text::relations,
        "alt",
    );
    let mut facts = Vec::new();
    let mut tables = 0;
    for rules in groups.iter_mut() {
        let shapes: Vec<(String, Vec<String>)> = rules.iter().map(shape).collect();
        let mut alike: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, (key, _)) in shapes.iter().enumerate() {
            if !rules[i].body.is_empty() {
                alike.entry(key.as_str()).or_default().push(i);
            }
        }
        let mut folded: HashMap<usize, Option<Rule>> = HashMap::new();
        for members in alike.values().filter(|m| m.len() > 1) {
            let consts: Vec<&[String]> = members.iter().map(|&i| shapes[i].1.as_slice()).collect();
            let name = format!("{table}{}", tables + 1);
            let Some((rule, rows)) = fold(&rules[members[0]], &consts, &name) else {
                continue;
            };
            let before: usize = members
                .iter()
                .map(|&i| rules[i].text().lines().count())
                .sum();
            if rule.text().lines().count() + fact_lines(&rows).len() >= before {
                continue;
            }
            tables += 1;
            facts.extend(rows);
            folded.insert(members[0], Some(rule));
            for &i in &members[1..] {
                folded.insert(i, None);
            }
        }
        let old = std::mem::take(rules);
        for (i, r) in old.into_iter().enumerate() {
            match folded.remove(&i) {
                Some(Some(f)) => rules.push(f),
                Some(None) => {}
                None => rules.push(r),
            }
        }
    }
    facts
}

/// A rule's shape (constants blanked, variables numbered) and its constants in order.
fn shape(rule: &Rule) -> (String, Vec<String>) {
    let s = Shape::of(rule, &HashSet::new());
    (s.text, s.consts)
}

/// `first` with the constant columns that differ between the rules (`consts`, one row per
/// rule) replaced by variables read from table `name`, and the table's rows.
fn fold(first: &Rule, consts: &[&[String]], name: &str) -> Option<(Rule, Vec<String>)> {
    let width = consts[0].len();
    let mut column_var: Vec<Option<usize>> = vec![None; width];
    let mut columns: Vec<Vec<&str>> = Vec::new();
    for c in 0..width {
        let column: Vec<&str> = consts.iter().map(|row| row[c].as_str()).collect();
        if column.iter().all(|x| *x == column[0]) {
            continue;
        }
        // Columns that vary together are one variable.
        let k = columns
            .iter()
            .position(|x| *x == column)
            .unwrap_or_else(|| {
                columns.push(column);
                columns.len() - 1
            });
        column_var[c] = Some(k);
    }
    if columns.is_empty() {
        return None;
    }
    let prefix = super::free_prefix(std::iter::once(first), vars, "?f");
    let params: Vec<String> = (1..=columns.len())
        .map(|k| format!("{prefix}{k}"))
        .collect();
    let mut v = Fill {
        at: 0,
        column_var: &column_var,
        params: &params,
    };
    let mut lit = |l: &String| text(&literal(&parse(l), &HashSet::new(), &mut v));
    let head = lit(&first.head);
    let mut body = vec![format!("({name} {})", params.join(" "))];
    body.extend(first.body.iter().map(&mut lit));
    let mut rows: Vec<String> = (0..consts.len())
        .map(|r| {
            let row: Vec<&str> = columns.iter().map(|c| c[r]).collect();
            format!("({name} {})", row.join(" "))
        })
        .collect();
    rows.dedup();
    Some((Rule::new(head, body), rows))
}

/// Writes the varying constant columns as the table's variables.
struct Fill<'a> {
    at: usize,
    column_var: &'a [Option<usize>],
    params: &'a [String],
}

impl Visit for Fill<'_> {
    fn reference(&mut self, name: &str, mut args: Vec<Sx>) -> Sx {
        args.insert(0, Sx::Atom(name.into()));
        Sx::List(args)
    }
    fn constant(&mut self, c: &str) -> Sx {
        let k = self.column_var.get(self.at).copied().flatten();
        self.at += 1;
        Sx::Atom(k.map_or_else(|| c.to_string(), |k| self.params[k].clone()))
    }
    fn variable(&mut self, v: &str) -> Sx {
        Sx::Atom(v.to_string())
    }
}
