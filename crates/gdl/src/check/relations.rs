//! The validator's checks of relation names, as a game reads them:
//!
//! * `role`, `init`, `legal`, `next`, `goal` and `terminal` are defined (`gdl::E08`; a missing
//!   `role` stays `gdl::E03`);
//! * a relation used in a body but defined nowhere never holds (`gdl::W01`, with the nearest
//!   defined name), and one named one edit from a GDL keyword (`tru`, `dose`) is an error
//!   (`gdl::E09`);
//! * a relation defined but never used by the game (no `legal`, `next`, `goal`, `terminal`,
//!   `init`, `role`, `base` or `input` rule depends on it) is a warning (`gdl::W02`), and an
//!   error when its name is one edit from a keyword (`legl`: the `legal` rule the author meant
//!   does not exist, `gdl::E09`).

use crate::ast::{Atom, Description, Symbol};
use crate::Diagnostic;
use std::collections::{HashMap, HashSet};

/// The relations a game is played through: what depends on none of them is never used.
const ROOTS: &[Symbol] = &[
    Symbol::ROLE,
    Symbol::INIT,
    Symbol::LEGAL,
    Symbol::NEXT,
    Symbol::GOAL,
    Symbol::TERMINAL,
    Symbol::BASE,
    Symbol::INPUT,
];

/// The relations every game defines (besides `role`, checked with the restrictions).
const REQUIRED: &[Symbol] = &[
    Symbol::INIT,
    Symbol::LEGAL,
    Symbol::NEXT,
    Symbol::GOAL,
    Symbol::TERMINAL,
];

/// Keywords a misspelt relation name is compared with.
const KEYWORDS: &[&str] = &[
    "role", "init", "true", "does", "next", "legal", "goal", "terminal", "base", "input",
    "distinct",
];

/// All the relation checks, in the order their diagnostics are listed.
pub(super) fn check_relations(desc: &Description, out: &mut Vec<Diagnostic>) {
    required_relations(desc, out);
    undefined_relations(desc, out);
    unused_relations(desc, out);
}

fn required_relations(desc: &Description, out: &mut Vec<Diagnostic>) {
    let defined: HashSet<Symbol> = desc.rules().map(|r| r.head.rel).collect();
    // A description without any rule is one problem, reported once (no `role`).
    if defined.is_empty() {
        return;
    }
    for &rel in REQUIRED {
        if !defined.contains(&rel) {
            let name = desc.name(rel);
            out.push(
                Diagnostic::error()
                    .with_message(format!("the description defines no `{name}`"))
                    .with_notes(vec![
                        "every game has `role`, `init`, `legal`, `next`, `goal` and `terminal` \
                         rules or facts"
                            .to_string(),
                    ]),
            );
        }
    }
}

/// The GDL keyword one edit from `name` (two for `terminal` and `distinct`), if any.
pub fn near_keyword(name: &str) -> Option<&'static str> {
    let lower = name.to_ascii_lowercase();
    if lower.chars().count() < 3 {
        return None;
    }
    KEYWORDS.iter().copied().find(|k| {
        let allowed = if k.len() > 5 { 2 } else { 1 };
        *k != lower && strsim::damerau_levenshtein(&lower, k) <= allowed
    })
}

fn undefined_relations(desc: &Description, out: &mut Vec<Diagnostic>) {
    let defined: HashSet<Symbol> = desc.rules().map(|r| r.head.rel).collect();
    let mut reported = HashSet::new();
    for rule in desc.rules() {
        for lit in &rule.body {
            lit.for_each_atom(false, &mut |atom, _| {
                let rel = atom.rel;
                if rel == Symbol::TRUE || rel == Symbol::DOES || defined.contains(&rel) {
                    return;
                }
                if reported.insert(rel) {
                    let suggest = reported.len() <= crate::MAX_DIAGNOSTICS;
                    out.push(undefined(desc, atom, &defined, suggest));
                }
            });
        }
    }
}

/// The diagnostic of a relation used but never defined; the nearest defined name is looked
/// for only when `suggest` (the first ones shown: a hostile file may have thousands).
fn undefined(
    desc: &Description,
    atom: &Atom,
    defined: &HashSet<Symbol>,
    suggest: bool,
) -> Diagnostic {
    let name = desc.name(atom.rel);
    if let Some(k) = near_keyword(name) {
        return crate::error(
            &format!("relation `{name}` is used but never defined: a misspelt keyword"),
            atom.span,
            "defined by no rule or fact, so this literal never holds",
        )
        .with_notes(vec![format!("did you mean `{k}`?")]);
    }
    let d = crate::warning(
        &format!("relation `{name}` is used but never defined, so it never holds"),
        atom.span,
        "defined by no rule or fact",
    );
    if !suggest {
        return d;
    }
    let names = defined.iter().map(|&s| desc.name(s));
    match ir::suggest::did_you_mean(name, names) {
        Some(note) => d.with_notes(vec![note]),
        None => d,
    }
}

/// Relations the roots depend on, transitively (the roots included).
pub fn used_relations(desc: &Description) -> HashSet<Symbol> {
    let mut edges: HashMap<Symbol, Vec<Symbol>> = HashMap::new();
    for rule in desc.rules() {
        let e = edges.entry(rule.head.rel).or_default();
        for lit in &rule.body {
            lit.for_each_atom(false, &mut |a, _| e.push(a.rel));
        }
    }
    let mut used: HashSet<Symbol> = ROOTS.iter().copied().collect();
    let mut todo: Vec<Symbol> = ROOTS.to_vec();
    while let Some(r) = todo.pop() {
        for &b in edges.get(&r).map_or(&[][..], Vec::as_slice) {
            if used.insert(b) {
                todo.push(b);
            }
        }
    }
    used
}

fn unused_relations(desc: &Description, out: &mut Vec<Diagnostic>) {
    let used = used_relations(desc);
    let defined: HashSet<Symbol> = desc.rules().map(|r| r.head.rel).collect();
    // Names used in bodies but defined nowhere: the other half of a misspelt pair.
    let mut undefined: HashSet<Symbol> = HashSet::new();
    for rule in desc.rules() {
        for lit in &rule.body {
            lit.for_each_atom(false, &mut |a, _| {
                if !defined.contains(&a.rel) && a.rel != Symbol::TRUE && a.rel != Symbol::DOES {
                    undefined.insert(a.rel);
                }
            });
        }
    }
    let mut undefined: Vec<&str> = undefined.into_iter().map(|s| desc.name(s)).collect();
    undefined.sort_unstable();
    let mut reported = HashSet::new();
    for rule in desc.rules() {
        let head = &rule.head;
        if used.contains(&head.rel) || head.rel == Symbol::TRUE || head.rel == Symbol::DOES {
            continue;
        }
        if reported.insert(head.rel) {
            // Suggestions for the first ones shown only (see `undefined`).
            let names = if reported.len() <= crate::MAX_DIAGNOSTICS {
                &undefined[..]
            } else {
                &[]
            };
            out.push(unused(desc, head, names));
        }
    }
}

fn unused(desc: &Description, head: &Atom, undefined: &[&str]) -> Diagnostic {
    let name = desc.name(head.rel);
    let label = "no `legal`, `next`, `goal`, `terminal` or `init` rule depends on it";
    if let Some(k) = near_keyword(name) {
        return crate::error(
            &format!("relation `{name}` is defined but never used: a misspelt keyword"),
            head.span,
            label,
        )
        .with_notes(vec![format!("did you mean `{k}`?")]);
    }
    let d = crate::warning(
        &format!("relation `{name}` is defined but never used"),
        head.span,
        label,
    );
    match ir::suggest::did_you_mean(name, undefined.iter().copied()) {
        Some(note) => d.with_notes(vec![note]),
        None => d,
    }
}

#[cfg(test)]
mod tests {
    use super::near_keyword;

    #[test]
    fn keywords_one_edit_away() {
        assert_eq!(near_keyword("legl"), Some("legal"));
        assert_eq!(near_keyword("LEGL"), Some("legal"));
        assert_eq!(near_keyword("tru"), Some("true"));
        assert_eq!(near_keyword("termnial"), Some("terminal"));
        assert_eq!(near_keyword("legal"), None);
        assert_eq!(near_keyword("cell"), None);
        assert_eq!(near_keyword("go"), None);
        assert_eq!(near_keyword("control"), None);
    }
}
