//! Literals as trees, and a walk over them that maps the readings of derived relations,
//! the constants and the variables.

use std::collections::HashSet;

/// A literal as a tree.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Sx {
    Atom(String),
    List(Vec<Sx>),
}

pub(super) fn parse(text: &str) -> Sx {
    let mut stack: Vec<Vec<Sx>> = vec![Vec::new()];
    let mut atom = String::new();
    let flush = |atom: &mut String, stack: &mut Vec<Vec<Sx>>| {
        if !atom.is_empty() {
            if let Some(top) = stack.last_mut() {
                top.push(Sx::Atom(std::mem::take(atom)));
            }
        }
    };
    for c in text.chars() {
        match c {
            '(' => {
                flush(&mut atom, &mut stack);
                stack.push(Vec::new());
            }
            ')' => {
                flush(&mut atom, &mut stack);
                if stack.len() > 1 {
                    let items = stack.pop().unwrap_or_default();
                    if let Some(top) = stack.last_mut() {
                        top.push(Sx::List(items));
                    }
                }
            }
            c if c.is_whitespace() => flush(&mut atom, &mut stack),
            c => atom.push(c),
        }
    }
    flush(&mut atom, &mut stack);
    let mut top = stack.swap_remove(0);
    if top.len() == 1 {
        top.swap_remove(0)
    } else {
        Sx::List(top)
    }
}

pub(super) fn print(sx: &Sx, out: &mut String) {
    match sx {
        Sx::Atom(a) => out.push_str(a),
        Sx::List(items) => {
            out.push('(');
            for (i, x) in items.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                print(x, out);
            }
            out.push(')');
        }
    }
}

pub(super) fn text(sx: &Sx) -> String {
    let mut s = String::new();
    print(sx, &mut s);
    s
}

/// What is done at each reading of a merged-or-not relation, constant and variable.
pub(super) trait Visit {
    fn reference(&mut self, name: &str, args: Vec<Sx>) -> Sx;
    fn constant(&mut self, c: &str) -> Sx;
    fn variable(&mut self, v: &str) -> Sx;
}

/// `lit` with its readings of `derived` relations, constants and variables mapped by `v`.
pub(super) fn literal(lit: &Sx, derived: &HashSet<String>, v: &mut (impl Visit + ?Sized)) -> Sx {
    match lit {
        Sx::Atom(a) if derived.contains(a) => v.reference(a, Vec::new()),
        Sx::Atom(a) => Sx::Atom(a.clone()),
        Sx::List(items) => {
            let Some(Sx::Atom(h)) = items.first() else {
                return Sx::List(items.iter().map(|t| term(t, v)).collect());
            };
            if h == "not" || h == "or" {
                let mut out = vec![items[0].clone()];
                out.extend(items[1..].iter().map(|l| literal(l, derived, v)));
                return Sx::List(out);
            }
            let args: Vec<Sx> = items[1..].iter().map(|t| term(t, v)).collect();
            if derived.contains(h) {
                v.reference(h, args)
            } else {
                let mut out = vec![items[0].clone()];
                out.extend(args);
                Sx::List(out)
            }
        }
    }
}

pub(super) fn term(t: &Sx, v: &mut (impl Visit + ?Sized)) -> Sx {
    match t {
        Sx::Atom(a) if a.starts_with('?') => v.variable(a),
        Sx::Atom(a) => v.constant(a),
        Sx::List(items) => {
            let mut out = vec![items[0].clone()];
            out.extend(items[1..].iter().map(|x| term(x, v)));
            Sx::List(out)
        }
    }
}
