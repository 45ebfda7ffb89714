//! S-expressions as the protocol writes them: atoms and parenthesised lists, `;` comments to
//! the end of the line. Symbols are case-insensitive in GDL, so atoms are read in lower case.
//! Reading is iterative (no recursion) and nesting is bounded, so no input overflows the stack.

use std::fmt;

/// The deepest nesting read (game descriptions nest a few levels).
pub const MAX_DEPTH: usize = 200;

/// An atom or a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sexp {
    Atom(String),
    List(Vec<Sexp>),
}

impl Sexp {
    /// The atom's text, if it is one.
    pub fn atom(&self) -> Option<&str> {
        match self {
            Sexp::Atom(a) => Some(a),
            Sexp::List(_) => None,
        }
    }

    /// The list's items, if it is one.
    pub fn list(&self) -> Option<&[Sexp]> {
        match self {
            Sexp::List(l) => Some(l),
            Sexp::Atom(_) => None,
        }
    }
}

impl fmt::Display for Sexp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sexp::Atom(a) => f.write_str(a),
            Sexp::List(items) => {
                f.write_str("(")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str(")")
            }
        }
    }
}

/// Why a text is not the s-expressions asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SexpError {
    #[error("lists nest deeper than {MAX_DEPTH} levels")]
    TooDeep,
    /// A `)` closing no list; `at` is its byte offset.
    #[error("unbalanced `)` at byte {at}")]
    Unbalanced { at: usize },
    #[error("{count} unclosed `(`")]
    Unclosed { count: usize },
    #[error("an empty message")]
    Empty,
    #[error("{count} expressions where one was expected")]
    Several { count: usize },
}

/// Every top-level s-expression of `text`, in order.
pub fn parse_all(text: &str) -> Result<Vec<Sexp>, SexpError> {
    // `open[k]` holds the items of the k-th unclosed list; the bottom holds the top level.
    let mut open: Vec<Vec<Sexp>> = vec![Vec::new()];
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        match c {
            ';' => while chars.next_if(|&(_, c)| c != '\n').is_some() {},
            '(' => {
                if open.len() > MAX_DEPTH {
                    return Err(SexpError::TooDeep);
                }
                open.push(Vec::new());
            }
            ')' => {
                if open.len() == 1 {
                    return Err(SexpError::Unbalanced { at });
                }
                let items = open.pop().unwrap_or_default();
                if let Some(parent) = open.last_mut() {
                    parent.push(Sexp::List(items));
                }
            }
            c if c.is_whitespace() => {}
            _ => {
                let mut atom = String::new();
                atom.extend(c.to_lowercase());
                while let Some((_, c)) =
                    chars.next_if(|&(_, c)| !c.is_whitespace() && !matches!(c, '(' | ')' | ';'))
                {
                    atom.extend(c.to_lowercase());
                }
                if let Some(items) = open.last_mut() {
                    items.push(Sexp::Atom(atom));
                }
            }
        }
    }
    if open.len() > 1 {
        return Err(SexpError::Unclosed {
            count: open.len() - 1,
        });
    }
    Ok(open.pop().unwrap_or_default())
}

/// The one s-expression of `text`.
pub fn parse_one(text: &str) -> Result<Sexp, SexpError> {
    let mut all = parse_all(text)?;
    match all.len() {
        1 => Ok(all.remove(0)),
        0 => Err(SexpError::Empty),
        count => Err(SexpError::Several { count }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_lists_atoms_and_comments_case_insensitively() {
        let s = parse_one("(PLAY m1 ; the match\n (Mark 1 1) NIL)").unwrap();
        assert_eq!(s.to_string(), "(play m1 (mark 1 1) nil)");
        assert_eq!(parse_all(" a (b) ").unwrap().len(), 2);
    }

    #[test]
    fn bad_nesting_is_an_error_not_a_crash() {
        assert_eq!(parse_one("(a (b)"), Err(SexpError::Unclosed { count: 1 }));
        assert_eq!(parse_one("a)"), Err(SexpError::Unbalanced { at: 1 }));
        assert_eq!(parse_one(""), Err(SexpError::Empty));
        assert_eq!(parse_one("a b"), Err(SexpError::Several { count: 2 }));
        let deep = "(".repeat(100_000);
        assert_eq!(parse_one(&deep), Err(SexpError::TooDeep));
        assert_eq!(
            SexpError::Unbalanced { at: 1 }.to_string(),
            "unbalanced `)` at byte 1"
        );
    }
}
