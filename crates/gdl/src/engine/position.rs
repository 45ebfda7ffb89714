//! GDL positions and moves as text. A position is the set of true propositions, one ground
//! KIF term per line (`(cell 1 1 x)`, `(control oplayer)`), sorted; `;` comments and lines
//! starting with `#` are ignored. A move is the KIF term of the role that chooses
//! (`(mark 1 1)`), or, when several roles choose at once, every role's term in role order
//! joined by ` | ` (`(mark 1 1) | noop`).

use super::store::{Id, Store};
use crate::ast::Symbols;
use crate::lexer::{lex, Token};
use game::PositionError;

/// Deeper terms than this are rejected (as in the parser).
const MAX_DEPTH: usize = crate::parse::MAX_DEPTH;

enum Tree {
    Sym(std::ops::Range<usize>),
    List(Vec<Tree>, std::ops::Range<usize>),
}

/// `text` with every line that starts with `#` blanked (same length, so spans stay right).
fn without_hash_comments(text: &str) -> String {
    text.split_inclusive('\n')
        .map(|line| {
            if line.trim_start().starts_with('#') {
                line.chars()
                    .map(|c| match c {
                        '\n' => "\n".to_string(),
                        c => " ".repeat(c.len_utf8()),
                    })
                    .collect::<String>()
            } else {
                line.to_string()
            }
        })
        .collect()
}

fn read_trees(text: &str) -> Result<Vec<Tree>, PositionError> {
    let (tokens, bad) = lex(text);
    if let Some(r) = bad.first() {
        return Err(PositionError::new(
            "unexpected character",
            r.clone(),
            "not valid in KIF",
        ));
    }
    let mut stack: Vec<(usize, Vec<Tree>)> = Vec::new();
    let mut top = Vec::new();
    for lx in tokens {
        let span = lx.start..lx.end;
        let item = match lx.token {
            Token::Comment => continue,
            Token::Var => {
                return Err(PositionError::new(
                    "a position holds ground terms only",
                    span,
                    "a variable",
                ))
            }
            Token::LParen => {
                if stack.len() >= MAX_DEPTH {
                    return Err(PositionError::new("nesting too deep", span, "too deep"));
                }
                stack.push((lx.start, Vec::new()));
                continue;
            }
            Token::RParen => match stack.pop() {
                Some((start, children)) => Tree::List(children, start..lx.end),
                None => {
                    return Err(PositionError::new(
                        "unbalanced parentheses",
                        span,
                        "this `)` closes nothing",
                    ))
                }
            },
            Token::Symbol => Tree::Sym(span),
        };
        match stack.last_mut() {
            Some((_, children)) => children.push(item),
            None => top.push(item),
        }
    }
    if let Some((start, _)) = stack.first() {
        return Err(PositionError::new(
            "unbalanced parentheses",
            *start..*start + 1,
            "this `(` is never closed",
        ));
    }
    Ok(top)
}

fn intern(text: &str, t: &Tree, symbols: &Symbols, store: &mut Store) -> Result<Id, PositionError> {
    let symbol = |span: &std::ops::Range<usize>| {
        let name = &text[span.clone()];
        symbols.get(name).ok_or_else(|| {
            PositionError::new(
                format!("unknown symbol `{name}`"),
                span.clone(),
                "the game never mentions it",
            )
        })
    };
    match t {
        Tree::Sym(span) => Ok(store.intern(symbol(span)?, &[])),
        Tree::List(items, span) => {
            let Some((Tree::Sym(head), args)) = items.split_first() else {
                return Err(PositionError::new(
                    "expected a function name",
                    span.clone(),
                    "a term starts with a symbol",
                ));
            };
            let f = symbol(head)?;
            let args = args
                .iter()
                .map(|a| intern(text, a, symbols, store))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(store.intern(f, &args))
        }
    }
}

/// The propositions of a position text, interned in `store`.
pub fn parse_props(
    text: &str,
    symbols: &Symbols,
    store: &mut Store,
) -> Result<Vec<Id>, PositionError> {
    let clean = without_hash_comments(text);
    let trees = read_trees(&clean)?;
    trees
        .iter()
        .map(|t| intern(&clean, t, symbols, store))
        .collect()
}
