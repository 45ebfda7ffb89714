//! [`Description`] → readable KIF: section banners and comments kept in place, facts one per
//! line (grouped by relation), rules as `(<= head` with one body literal per indented line.
//! Parsing the output gives back the same rules.

use crate::ast::{Atom, Description, DisplayTerm, Item, Literal, Rule, Symbols};
use std::fmt::Write;

/// Prints a description as KIF text.
pub fn print(desc: &Description) -> String {
    let mut out = String::new();
    let mut last_fact_rel = None;
    for item in &desc.items {
        match item {
            Item::Section(title) => {
                if !out.is_empty() && !out.ends_with("\n\n") {
                    out.push('\n');
                }
                let bar = ";".repeat(72);
                let _ = writeln!(out, "{bar}\n;; {title}\n{bar}\n");
                last_fact_rel = None;
            }
            Item::Comment(text) => {
                if text.is_empty() {
                    out.push_str(";\n");
                } else {
                    for line in text.lines() {
                        let _ = writeln!(out, "; {line}");
                    }
                }
                last_fact_rel = None;
            }
            Item::Rule(rule) if rule.body.is_empty() => {
                if last_fact_rel.is_some() && last_fact_rel != Some(rule.head.rel) {
                    out.push('\n');
                }
                rule_text(&desc.symbols, rule, &mut out);
                out.push('\n');
                last_fact_rel = Some(rule.head.rel);
            }
            Item::Rule(rule) => {
                if last_fact_rel.is_some() {
                    out.push('\n');
                }
                rule_text(&desc.symbols, rule, &mut out);
                out.push_str("\n\n");
                last_fact_rel = None;
            }
        }
    }
    out
}

/// One rule or fact as KIF (no trailing newline).
pub fn rule_text(symbols: &Symbols, rule: &Rule, out: &mut String) {
    if rule.body.is_empty() {
        atom_text(symbols, &rule.head, out);
        return;
    }
    out.push_str("(<= ");
    atom_text(symbols, &rule.head, out);
    for lit in &rule.body {
        out.push_str("\n    ");
        literal_text(symbols, lit, out);
    }
    out.push(')');
}

pub fn atom_text(symbols: &Symbols, atom: &Atom, out: &mut String) {
    if atom.args.is_empty() {
        out.push_str(symbols.name(atom.rel));
        return;
    }
    out.push('(');
    out.push_str(symbols.name(atom.rel));
    for a in &atom.args {
        let _ = write!(out, " {}", DisplayTerm(symbols, a));
    }
    out.push(')');
}

pub fn literal_text(symbols: &Symbols, lit: &Literal, out: &mut String) {
    match lit {
        Literal::Pos(a) => atom_text(symbols, a, out),
        Literal::Not(l, _) => {
            out.push_str("(not ");
            literal_text(symbols, l, out);
            out.push(')');
        }
        Literal::Distinct(a, b, _) => {
            let _ = write!(
                out,
                "(distinct {} {})",
                DisplayTerm(symbols, a),
                DisplayTerm(symbols, b)
            );
        }
        Literal::Or(ls, _) => {
            out.push_str("(or");
            for l in ls {
                out.push(' ');
                literal_text(symbols, l, out);
            }
            out.push(')');
        }
    }
}
