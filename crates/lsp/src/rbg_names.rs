//! Names in RBG text (and the [`Names`] table the SBG and GDL readers fill too), read from the raw tokens (before macro expansion, so it works on text
//! that does not parse): where macros, players, pieces, variables and directions are
//! declared, and every identifier written.

use rbg::lexer::{self, Interner, Kind, Token};
use std::ops::Range;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeclKind {
    Section,
    Macro,
    Player,
    Piece,
    Variable,
    Direction,
    /// A GDL relation defined by rules (or a function symbol, when no rule defines it).
    Relation,
}

impl DeclKind {
    pub fn describe(self) -> &'static str {
        match self {
            DeclKind::Section => "section",
            DeclKind::Macro => "macro",
            DeclKind::Player => "player",
            DeclKind::Piece => "piece",
            DeclKind::Variable => "variable",
            DeclKind::Direction => "direction",
            DeclKind::Relation => "relation",
        }
    }
}

/// A declaration: the name's span and the span of the whole definition (a macro's or a
/// section's text from `#` to the next definition).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decl {
    pub name: String,
    pub kind: DeclKind,
    pub span: Range<usize>,
    pub full: Range<usize>,
}

/// The names of one text.
#[derive(Debug, Default)]
pub struct Names {
    pub decls: Vec<Decl>,
    /// Every identifier written (declarations included): its text and span.
    pub idents: Vec<(String, Range<usize>)>,
}

impl Names {
    pub fn of(src: &str) -> Names {
        let mut interner = Interner::default();
        let (tokens, _) = lexer::lex(src, &mut interner);
        read(&tokens, &interner, src.len())
    }

    /// The identifier at byte offset `at` (its end counts, so a cursor just after a name
    /// finds it).
    pub fn ident_at(&self, at: usize) -> Option<&(String, Range<usize>)> {
        self.idents
            .iter()
            .find(|(_, r)| r.start <= at && at <= r.end)
    }

    /// The declaration of `name`: a macro first (a macro's name hides nothing else in RBG,
    /// as macros expand before names are read), then the first other declaration.
    pub fn decl(&self, name: &str) -> Option<&Decl> {
        let named = || self.decls.iter().filter(|d| d.name == name);
        named()
            .find(|d| d.kind == DeclKind::Macro)
            .or_else(|| named().find(|d| d.kind != DeclKind::Section))
    }

    /// The spans where `name` is written.
    pub fn uses(&self, name: &str) -> impl Iterator<Item = &Range<usize>> + '_ {
        let name = name.to_string();
        self.idents
            .iter()
            .filter(move |(n, _)| *n == name)
            .map(|(_, r)| r)
    }
}

fn read(tokens: &[Token], interner: &Interner, len: usize) -> Names {
    let mut names = Names::default();
    let text = |t: &Token| interner.text(t.sym).to_string();
    let range = |t: &Token| t.span.start as usize..t.span.end as usize;
    // Where each definition (`#` then a name) starts, as token indices.
    let starts: Vec<usize> = (0..tokens.len())
        .filter(|&i| {
            tokens[i].kind == Kind::Hash
                && tokens
                    .get(i + 1)
                    .is_some_and(|t| t.kind == Kind::Ident || t.kind.is_section())
        })
        .collect();
    for (k, &i) in starts.iter().enumerate() {
        let end_tok = starts.get(k + 1).copied().unwrap_or(tokens.len());
        let full_end = match starts.get(k + 1) {
            Some(&j) => tokens[j].span.start as usize,
            None => len,
        };
        let full = tokens[i].span.start as usize..full_end;
        let head = &tokens[i + 1];
        let kind = if head.kind == Kind::Ident {
            DeclKind::Macro
        } else {
            DeclKind::Section
        };
        names.decls.push(Decl {
            name: text(head),
            kind,
            span: range(head),
            full,
        });
        if head.kind == Kind::Ident {
            names.idents.push((text(head), range(head)));
        }
        let body = &tokens[i + 2..end_tok];
        let section = (kind == DeclKind::Section).then_some(head.kind);
        declared_in(section, body, &text, &range, &mut names);
    }
    names
}

/// The declarations in one definition's body, and its identifiers.
fn declared_in(
    section: Option<Kind>,
    body: &[Token],
    text: &dyn Fn(&Token) -> String,
    range: &dyn Fn(&Token) -> Range<usize>,
    names: &mut Names,
) {
    let mut depth = 0i32;
    let mut seen_bracket = false;
    for (j, t) in body.iter().enumerate() {
        seen_bracket |= t.kind == Kind::LBracket;
        match t.kind {
            Kind::LParen | Kind::LBracket | Kind::LBrace => depth += 1,
            Kind::RParen | Kind::RBracket | Kind::RBrace => depth -= 1,
            _ => {}
        }
        if t.kind != Kind::Ident {
            continue;
        }
        let name = text(t);
        names.idents.push((name.clone(), range(t)));
        let next = body.get(j + 1).map(|t| t.kind);
        let kind = match section {
            Some(Kind::Players) if depth == 0 => DeclKind::Player,
            Some(Kind::Variables) if depth == 0 => DeclKind::Variable,
            Some(Kind::Pieces) if depth == 0 => DeclKind::Piece,
            // Board: a generator's arguments before its first `[` (`rectangle(up, down,
            // [...])`), or an LL-RBG edge label (`up: v2`); macros and pieces excluded.
            Some(Kind::Board)
                if (next == Some(Kind::Colon) || (!seen_bracket && depth == 1))
                    && !names.decls.iter().any(|d| d.name == name) =>
            {
                DeclKind::Direction
            }
            _ => continue,
        };
        names.decls.push(Decl {
            name,
            kind,
            span: range(t),
            full: range(t),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "#players = white(100), black(100)
#pieces = e, w
#variables = n(3)
#board = rectangle(up, down, [e, w], [step(w), e])
#step(d) = d {e}
#rules = ->white step(up) [w] ->black step(down)
";

    fn decl(names: &Names, name: &str) -> (DeclKind, &'static str) {
        let d = names.decl(name).unwrap();
        (d.kind, &GAME[d.span.clone()].to_string().leak()[..])
    }

    #[test]
    fn declarations_are_found() {
        let n = Names::of(GAME);
        assert_eq!(decl(&n, "white"), (DeclKind::Player, "white"));
        assert_eq!(decl(&n, "w"), (DeclKind::Piece, "w"));
        assert_eq!(decl(&n, "n"), (DeclKind::Variable, "n"));
        assert_eq!(decl(&n, "up"), (DeclKind::Direction, "up"));
        let step = n.decl("step").unwrap();
        assert_eq!(step.kind, DeclKind::Macro);
        assert_eq!(&GAME[step.full.clone()], "#step(d) = d {e}\n");
        assert_eq!(n.decl("d"), None);
        // The use of `up` in the rules is an identifier; `rectangle` declares nothing.
        assert_eq!(n.uses("up").count(), 2);
        assert_eq!(n.decl("rectangle"), None);
        let at = GAME.rfind("step").unwrap() + 2;
        assert_eq!(n.ident_at(at).unwrap().0, "step");
    }
}
