//! Names in GDL (KIF) text: a relation is declared by the first rule or fact whose head it is
//! (`(<= (legal ...) ...)`, `(role white)`, `terminal`); a symbol no head defines (a function
//! such as `cell` inside `(init (cell 1 1 b))`) by its first use as a function. Every symbol
//! is an identifier; variables (`?x`) are not names. Read from a small tokenizer, so it works
//! on text that does not parse.

use crate::rbg_names::{Decl, DeclKind, Names};
use std::ops::Range;

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Open,
    Close,
    Symbol(String),
}

fn tokens(src: &str) -> Vec<(Tok, Range<usize>)> {
    let b = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b';' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => {
                out.push((Tok::Open, i..i + 1));
                i += 1;
            }
            b')' => {
                out.push((Tok::Close, i..i + 1));
                i += 1;
            }
            c if c.is_ascii_whitespace() => i += 1,
            _ => {
                let start = i;
                while i < b.len() && !b[i].is_ascii_whitespace() && !b"();".contains(&b[i]) {
                    i += 1;
                }
                out.push((Tok::Symbol(src[start..i].to_string()), start..i));
            }
        }
    }
    out
}

/// Words of the language, not names of the game.
const KEYWORDS: &[&str] = &["<=", "not", "or", "and", "distinct"];

pub fn names(src: &str) -> Names {
    let toks = tokens(src);
    let mut names = Names::default();
    let mut functions: Vec<Decl> = Vec::new();
    let mut depth = 0usize;
    let mut sentence_start = 0; // byte offset of the current top-level sentence
    let mut head_next = false; // the next term at depth 1 is a rule's head
    for (k, (t, r)) in toks.iter().enumerate() {
        match t {
            Tok::Open => {
                if depth == 0 {
                    sentence_start = r.start;
                    head_next = false;
                }
                depth += 1;
            }
            Tok::Close => {
                depth = depth.saturating_sub(1);
            }
            Tok::Symbol(s) => {
                if s.starts_with('?') || KEYWORDS.contains(&s.to_ascii_lowercase().as_str()) {
                    if s == "<=" && depth == 1 {
                        head_next = true;
                    }
                    continue;
                }
                names.idents.push((s.clone(), r.clone()));
                let after_open = k > 0 && toks[k - 1].0 == Tok::Open;
                // The head: a fact's relation (`(role x)` at depth 1, or a bare atom at depth
                // 0), or the term after `<=` (`(<= (legal ...)` at depth 2, `(<= terminal`).
                let is_head = (depth == 1 && after_open && !head_next)
                    || depth == 0
                    || (head_next && ((depth == 2 && after_open) || (depth == 1 && !after_open)));
                if is_head {
                    head_next = false;
                    if !names.decls.iter().any(|d| d.name == *s) {
                        names.decls.push(Decl {
                            name: s.clone(),
                            kind: DeclKind::Relation,
                            span: r.clone(),
                            full: if depth == 0 {
                                r.clone()
                            } else {
                                sentence_start..sentence_end(&toks, k, src.len())
                            },
                        });
                    }
                } else if after_open && !functions.iter().any(|d| d.name == *s) {
                    functions.push(Decl {
                        name: s.clone(),
                        kind: DeclKind::Relation,
                        span: r.clone(),
                        full: r.clone(),
                    });
                }
            }
        }
    }
    for f in functions {
        if !names.decls.iter().any(|d| d.name == f.name) {
            names.decls.push(f);
        }
    }
    names
}

/// The end of the top-level sentence holding token `k`.
fn sentence_end(toks: &[(Tok, Range<usize>)], k: usize, len: usize) -> usize {
    let mut depth: i64 = toks[..k]
        .iter()
        .map(|(t, _)| match t {
            Tok::Open => 1,
            Tok::Close => -1,
            _ => 0,
        })
        .sum();
    if depth <= 0 {
        return toks[k].1.end;
    }
    for (t, r) in &toks[k..] {
        match t {
            Tok::Open => depth += 1,
            Tok::Close => {
                depth -= 1;
                if depth == 0 {
                    return r.end;
                }
            }
            _ => {}
        }
    }
    len
}

/// How many rules and facts have `name` as their head (for hover).
pub fn definitions(src: &str, name: &str) -> usize {
    let toks = tokens(src);
    let mut count = 0;
    let mut depth = 0usize;
    let mut head_next = false;
    for (k, (t, _)) in toks.iter().enumerate() {
        match t {
            Tok::Open => depth += 1,
            Tok::Close => depth = depth.saturating_sub(1),
            Tok::Symbol(s) => {
                let after_open = k > 0 && toks[k - 1].0 == Tok::Open;
                if s == "<=" && depth == 1 {
                    head_next = true;
                    continue;
                }
                let is_head = (depth == 1 && after_open && !head_next)
                    || depth == 0
                    || (head_next && ((depth == 2 && after_open) || (depth == 1 && !after_open)));
                if is_head {
                    head_next = false;
                    count += usize::from(s == name);
                }
            }
        }
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "; a game\n(role x) (role o)\n(init (cell 1 b))\n\
        (<= (legal ?p (mark ?c)) (true (cell ?c b)) (role ?p))\n\
        (<= terminal (not (open)))\n(<= open (true (cell ?c b)))\n";

    #[test]
    fn relations_and_functions_are_declared() {
        let n = names(GAME);
        let role = n.decl("role").unwrap();
        assert_eq!(&GAME[role.full.clone()], "(role x)");
        let legal = n.decl("legal").unwrap();
        assert!(GAME[legal.full.clone()].starts_with("(<= (legal"));
        assert!(GAME[legal.full.clone()].ends_with("(role ?p))"));
        let terminal = n.decl("terminal").unwrap();
        assert_eq!(&GAME[terminal.span.clone()], "terminal");
        // `open` is used in `terminal` before its rule: the rule declares it.
        let open = n.decl("open").unwrap();
        assert!(GAME[open.full.clone()].starts_with("(<= open"));
        // `cell` is a function: declared by its first use.
        let cell = n.decl("cell").unwrap();
        assert_eq!(cell.span.start, GAME.find("cell").unwrap());
        assert_eq!(n.uses("cell").count(), 3);
        assert_eq!(n.decl("?p"), None);
        assert_eq!(definitions(GAME, "role"), 2);
        assert_eq!(definitions(GAME, "cell"), 0);
    }
}
