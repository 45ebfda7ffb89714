//! The HL-RBG formatter: the same tokens and comments, with consistent spacing and indentation.
//!
//! Formatting works on the token stream, not on the syntax tree, so macros, `~` pasting, board
//! generators and comments stay exactly as written; only whitespace changes. The writer's line
//! breaks are kept (like `gofmt`), runs of blank lines shrink to one, each line is indented by
//! its bracket depth, and spaces between tokens follow one set of rules ([`space_between`]).
//! The result is checked before it is returned: it must lex to the same tokens and comments, so
//! a formatting bug can never change a game.

use crate::lexer::{self, Interner, Kind};
use codespan_reporting::diagnostic::Diagnostic;

/// Spaces per indentation level.
const INDENT: usize = 4;

/// A token or a comment, with the whitespace the writer put before it.
#[derive(Clone, Debug, PartialEq)]
struct Item<'a> {
    text: &'a str,
    /// `None` for comments.
    kind: Option<Kind>,
    /// Line breaks between the previous item and this one.
    breaks: usize,
    /// Whether any whitespace (or nothing at all) separated it from the previous item.
    spaced: bool,
}

/// The formatted text of a valid RBG description (HL or LL). Invalid input is refused with the
/// front end's diagnostics: formatting text that does not parse could hide the mistake.
pub fn format(src: &str) -> Result<String, Vec<Diagnostic<()>>> {
    crate::parse_game(src)?;
    let items = items(src);
    let out = render(&items);
    // The guarantee: only whitespace changed.
    let same = |a: &[Item], b: &[Item]| {
        a.len() == b.len()
            && a.iter().zip(b).all(|(x, y)| {
                x.kind == y.kind && (x.text == y.text || (x.kind.is_none() && same_comment(x, y)))
            })
    };
    if !same(&items, &self::items(&out)) {
        return Err(vec![Diagnostic::bug().with_message(
            "the formatter would have changed the game's tokens; the text is left as it is",
        )]);
    }
    Ok(out)
}

/// Line comments lose trailing whitespace when formatted; nothing else may change.
fn same_comment(a: &Item, b: &Item) -> bool {
    a.text.trim_end() == b.text.trim_end()
}

/// The tokens and comments of `src` in order (the source lexes without errors).
fn items(src: &str) -> Vec<Item<'_>> {
    let src = src.strip_prefix('\u{feff}').unwrap_or(src);
    let mut interner = Interner::default();
    let (tokens, _) = lexer::lex(src, &mut interner);
    let mut out = Vec::new();
    let mut pos = 0;
    for t in &tokens {
        let (start, end) = (t.span.start as usize, t.span.end as usize);
        let ws = gap_items(&src[pos..start], &mut out);
        out.push(Item {
            text: &src[start..end],
            kind: Some(t.kind),
            breaks: ws.matches('\n').count(),
            spaced: !ws.is_empty(),
        });
        pos = end;
    }
    gap_items(&src[pos..], &mut out);
    out
}

/// The comments in a gap between tokens (which holds only whitespace and comments); returns the
/// whitespace after the last of them.
fn gap_items<'a>(gap: &'a str, out: &mut Vec<Item<'a>>) -> &'a str {
    let mut rest = gap;
    loop {
        let trimmed = rest.trim_start_matches([' ', '\t', '\r', '\n', '\x0C']);
        let ws = &rest[..rest.len() - trimmed.len()];
        let len = if trimmed.starts_with("//") {
            trimmed.find('\n').unwrap_or(trimmed.len())
        } else if let Some(body) = trimmed.strip_prefix("/*") {
            body.find("*/").map_or(trimmed.len(), |i| i + 4)
        } else {
            return ws;
        };
        out.push(Item {
            text: &trimmed[..len],
            kind: None,
            breaks: ws.matches('\n').count(),
            spaced: !ws.is_empty(),
        });
        rest = &trimmed[len..];
    }
}

/// The items laid out: the writer's line breaks, indentation by bracket depth, spacing by rule.
fn render(items: &[Item]) -> String {
    let mut out = String::new();
    // Open brackets; `true` for those inside arithmetic (`[$ ...]`, `{$ ...}`).
    let mut open: Vec<bool> = Vec::new();
    // Inside a `#name = ...` definition, after its first line.
    let mut in_definition = false;
    for (i, item) in items.iter().enumerate() {
        let line_start = i == 0 || item.breaks > 0;
        if line_start && open.is_empty() && starts_definition(&items[i..]) {
            in_definition = false;
        }
        if line_start {
            if i > 0 {
                trim_trailing(&mut out);
                out.push('\n');
                if item.breaks > 1 {
                    out.push('\n');
                }
            }
            let depth = open.len();
            let level = if is_closer(item.kind) {
                depth.saturating_sub(1)
            } else if in_definition {
                depth.max(1)
            } else {
                depth
            };
            out.push_str(&" ".repeat(level * INDENT));
        } else {
            let arith = open.last().copied().unwrap_or(false);
            if space_between(
                &items[i - 1],
                item,
                i.checked_sub(2).map(|j| &items[j]),
                arith,
            ) {
                out.push(' ');
            }
        }
        out.push_str(item.text.trim_end());
        match item.kind {
            Some(Kind::LParen) => open.push(open.last().copied().unwrap_or(false)),
            Some(Kind::LBrace | Kind::LBracket) => {
                let next = items[i + 1..].iter().find(|it| it.kind.is_some());
                open.push(next.is_some_and(|n| n.kind == Some(Kind::Dollar)));
            }
            k if is_closer(k) => {
                open.pop();
            }
            _ => {}
        }
        if item.kind.is_some() {
            in_definition = true;
        }
    }
    trim_trailing(&mut out);
    out.push('\n');
    out
}

fn is_closer(kind: Option<Kind>) -> bool {
    matches!(kind, Some(Kind::RParen | Kind::RBrace | Kind::RBracket))
}

/// Whether the items start a `#` definition, perhaps after comment lines (which then belong
/// to it and are not indented), or hold only comments (the end of the file).
fn starts_definition(items: &[Item]) -> bool {
    items
        .iter()
        .find(|it| it.kind.is_some())
        .is_none_or(|it| it.kind == Some(Kind::Hash))
}

fn trim_trailing(out: &mut String) {
    let keep = out.trim_end_matches([' ', '\t']).len();
    out.truncate(keep);
}

/// Whether a space separates two items on one line.
fn space_between(a: &Item, b: &Item, before_a: Option<&Item>, arith: bool) -> bool {
    use Kind::*;
    let (Some(ka), Some(kb)) = (a.kind, b.kind) else {
        // A comment keeps a space from its neighbours if it had one.
        return b.spaced || b.kind.is_none();
    };
    // Two tokens that would lex as one (`-` `>`, `<` `=`, two names) keep apart.
    if !apart_without_space(a.text, b.text) {
        return true;
    }
    let opens_test = |k: Kind| matches!(k, LBrace | LBracket);
    match (ka, kb) {
        (Hash, _) | (Tilde, _) | (_, Tilde) => false,
        (LParen | LBracket | LBrace, _) => false,
        (Comma, Comma) => true,
        (_, RParen | RBracket | RBrace | Comma | Semi | Colon) => false,
        // `*` multiplies inside arithmetic and is the Kleene star elsewhere.
        (_, Star) | (Star, _) if arith => true,
        (_, Star | Caret) => false,
        (Caret, _) => false,
        // `{?`, `{!`, `{$`, `[$` are one opening: `{? fwd}`, `[$ a = 1]`.
        (Question | Bang | Dollar, _)
            if before_a.is_some_and(|p| p.kind.is_some_and(opens_test)) =>
        {
            true
        }
        (Arrow, _) => false,
        (Ident, LParen) => b.spaced,
        (Rectangle | Hexagon | Cuboid, LParen) => false,
        (Minus, _) if is_unary(before_a) => false,
        _ => true,
    }
}

/// A `-` is a sign (no space after it) when it starts an expression.
fn is_unary(before: Option<&Item>) -> bool {
    use Kind::*;
    match before.and_then(|p| p.kind) {
        None => true,
        Some(k) => matches!(
            k,
            LParen
                | LBracket
                | LBrace
                | Comma
                | Semi
                | Assign
                | Plus
                | Minus
                | Star
                | Slash
                | Lt
                | Le
                | EqEq
                | Ne
                | Gt
                | Ge
                | Dollar
                | Question
                | Bang
                | Caret
        ),
    }
}

/// Whether `a` directly followed by `b` lexes as the same two tokens.
fn apart_without_space(a: &str, b: &str) -> bool {
    let joined = format!("{a}{b}");
    let mut interner = Interner::default();
    let (tokens, errors) = lexer::lex(&joined, &mut interner);
    errors.is_empty() && tokens.len() == 2 && tokens[0].span.end as usize == a.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spacing_indentation_and_comments() {
        let src = "// Title\n#players=white( 100 ),black(100)\n#pieces = e,w,b\n#variables=\n\
                   #board=rectangle(up,down,left,right,[e,e][w,b])\n\n\n\
                   #step(p;dir)=  dir {e}[p] // one step\n\
                   #rules=->white(\nstep(w;up)\n ->black  step( b ; down )\n[$ white=1-1 ]\n)*\n";
        let out = format(src).unwrap();
        insta::assert_snapshot!(out);
        assert_eq!(format(&out).unwrap(), out, "formatting is idempotent");
    }

    #[test]
    fn invalid_text_is_refused() {
        assert!(format("#players = white(100)\n#rules = ->white {").is_err());
    }

    #[test]
    fn tokens_that_would_merge_stay_apart() {
        assert!(!apart_without_space("-", ">"));
        assert!(!apart_without_space("a", "b"));
        assert!(apart_without_space("a", ")"));
    }
}
