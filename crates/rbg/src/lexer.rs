//! Lexing: source text to tokens with byte spans (the paper's "Lexical analysis").
//!
//! Tokens are taken greedily (longest match), so `->>` is one token and `->/**/>` is two.
//! Whitespace, `// line` and `/* block */` comments separate tokens and are dropped.
//! Identifier and number texts are interned ([`Interner`]) so later stages copy `Sym`s, not
//! strings; macro expansion can create new texts by `~` pasting.

use codespan_reporting::diagnostic::{Diagnostic, Label};
use ir::Span;
use logos::Logos;
use std::collections::HashMap;

/// The kinds of tokens of RBG (LL and HL alike).
#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[logos(skip r"[ \t\r\n\x0C]+")]
pub enum Kind {
    #[regex(r"//[^\n]*", logos::skip, allow_greedy = true)]
    #[regex(r"/\*([^*]|\*+[^*/])*\*+/", logos::skip)]
    Comment,
    /// `/*` without a closing `*/` (a lexical error).
    #[token("/*")]
    UnclosedComment,

    #[token("players")]
    Players,
    #[token("pieces")]
    Pieces,
    #[token("variables")]
    Variables,
    #[token("rules")]
    Rules,
    #[token("board")]
    Board,
    #[token("rectangle")]
    Rectangle,
    #[token("hexagon")]
    Hexagon,
    #[token("cuboid")]
    Cuboid,

    #[regex(r"[a-zA-Z][a-zA-Z0-9]*")]
    Ident,
    #[regex(r"[0-9]+")]
    Nat,

    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token("{")]
    LBrace,
    #[token("}")]
    RBrace,
    #[token("[")]
    LBracket,
    #[token("]")]
    RBracket,
    #[token("?")]
    Question,
    #[token("!")]
    Bang,
    #[token("$")]
    Dollar,
    #[token("%")]
    Percent,
    /// `.`: the no-op (empty word) of the reference implementation; not in the paper.
    #[token(".")]
    Period,
    #[token("~")]
    Tilde,
    #[token("#")]
    Hash,
    #[token("-")]
    Minus,
    #[token("+")]
    Plus,
    #[token("^")]
    Caret,
    #[token("/")]
    Slash,
    #[token("*")]
    Star,
    #[token(",")]
    Comma,
    #[token(";")]
    Semi,
    #[token(":")]
    Colon,
    #[token("=")]
    Assign,
    #[token("->")]
    Arrow,
    #[token("->>")]
    KeeperArrow,
    #[token("<")]
    Lt,
    #[token("<=")]
    Le,
    #[token("==")]
    EqEq,
    #[token("!=")]
    Ne,
    #[token(">")]
    Gt,
    #[token(">=")]
    Ge,
}

impl Kind {
    /// Section keywords (`#players` ...), which can never name a macro.
    pub fn is_section(self) -> bool {
        matches!(
            self,
            Kind::Players | Kind::Pieces | Kind::Variables | Kind::Rules | Kind::Board
        )
    }

    /// How the token kind is named in messages.
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Ident => "an identifier",
            Kind::Nat => "a number",
            Kind::Comment | Kind::UnclosedComment => "a comment",
            _ => "a symbol",
        }
    }
}

/// An interned identifier or number text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(pub u32);

/// The table of interned texts of one parse.
#[derive(Default, Debug, Clone)]
pub struct Interner {
    map: HashMap<Box<str>, Sym>,
    strs: Vec<Box<str>>,
}

impl Interner {
    pub fn intern(&mut self, s: &str) -> Sym {
        if let Some(&sym) = self.map.get(s) {
            return sym;
        }
        let sym = Sym(self.strs.len() as u32);
        self.strs.push(s.into());
        self.map.insert(s.into(), sym);
        sym
    }

    pub fn get(&self, s: &str) -> Option<Sym> {
        self.map.get(s).copied()
    }

    pub fn text(&self, sym: Sym) -> &str {
        &self.strs[sym.0 as usize]
    }
}

/// Index of a macro-expansion frame (see [`crate::macros`]); `FrameId::TOP` is source text
/// outside any expansion.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct FrameId(pub u32);

impl FrameId {
    pub const TOP: FrameId = FrameId(0);
}

/// A token: its kind, its text (interned), where it is written in the source, and the
/// macro-expansion frame that produced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: Kind,
    pub sym: Sym,
    pub span: Span,
    pub frame: FrameId,
}

/// Lexes the whole source. Lexical errors are returned as diagnostics; the tokens around
/// them are still produced so later errors can be found too.
pub fn lex(src: &str, interner: &mut Interner) -> (Vec<Token>, Vec<Diagnostic<()>>) {
    // A UTF-8 byte order mark is not part of the text.
    let offset = if src.starts_with('\u{feff}') { 3 } else { 0 };
    let mut tokens = Vec::new();
    let mut errors = Vec::new();
    let mut lexer = Kind::lexer(&src[offset..]);
    while let Some(res) = lexer.next() {
        let r = lexer.span();
        let span = Span::new((r.start + offset) as u32, (r.end + offset) as u32);
        match res {
            Ok(Kind::UnclosedComment) => {
                // The comment runs to the end of the file: nothing after it is a token.
                errors.push(
                    Diagnostic::error()
                        .with_message("unterminated block comment")
                        .with_labels(vec![Label::primary((), span.range())
                            .with_message("this `/*` has no matching `*/`")]),
                );
                break;
            }
            Ok(kind) => tokens.push(Token {
                kind,
                sym: interner.intern(lexer.slice()),
                span,
                frame: FrameId::TOP,
            }),
            Err(()) => {
                let c = lexer.slice().chars().next().unwrap_or('?');
                let hint = if c == '_' {
                    " (identifiers are letters and digits only)"
                } else {
                    ""
                };
                errors.push(
                    Diagnostic::error()
                        .with_message(format!("unexpected character `{}`{hint}", c.escape_debug()))
                        .with_labels(vec![Label::primary((), span.range())
                            .with_message("not part of any RBG token")]),
                )
            }
        }
    }
    (tokens, errors)
}

/// Lexes `text` as exactly one token (used to check the result of `~` pasting).
pub fn single_token(text: &str) -> Option<Kind> {
    let mut lexer = Kind::lexer(text);
    let kind = lexer.next()?.ok()?;
    if lexer.span() != (0..text.len()) || lexer.next().is_some() {
        return None;
    }
    Some(kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<Kind> {
        let mut i = Interner::default();
        let (t, e) = lex(src, &mut i);
        assert!(e.is_empty(), "{e:?}");
        t.into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn greedy_arrows_and_comments() {
        assert_eq!(kinds("->>"), vec![Kind::KeeperArrow]);
        assert_eq!(kinds("->/**/>"), vec![Kind::Arrow, Kind::Gt]);
        assert_eq!(kinds("-> // x\n>"), vec![Kind::Arrow, Kind::Gt]);
        assert_eq!(
            kinds("<= < == != >= > = !"),
            vec![
                Kind::Le,
                Kind::Lt,
                Kind::EqEq,
                Kind::Ne,
                Kind::Ge,
                Kind::Gt,
                Kind::Assign,
                Kind::Bang
            ]
        );
        assert_eq!(
            kinds("rules rulesX x1 12 /* a * b **/ #"),
            vec![Kind::Rules, Kind::Ident, Kind::Ident, Kind::Nat, Kind::Hash]
        );
    }

    #[test]
    fn errors_and_pasting() {
        let mut i = Interner::default();
        let (t, e) = lex("a _ /* open", &mut i);
        assert_eq!(t.len(), 1);
        assert_eq!(e.len(), 2);
        assert_eq!(single_token("xy"), Some(Kind::Ident));
        assert_eq!(single_token("8y"), None);
        assert_eq!(single_token("->>"), Some(Kind::KeeperArrow));
        assert_eq!(single_token(""), None);
        assert_eq!(single_token("a b"), None);
    }
}
