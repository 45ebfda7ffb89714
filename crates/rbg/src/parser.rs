//! Parsing: the expanded tokens of each section to its [`crate::ast`] form, with the lalrpop
//! grammar `grammars/rbg.lalrpop`. Sections are parsed one by one, so a syntax error in one
//! does not hide the errors of the others.

use crate::ast::{BoardAst, BoundedVar, Expr, Name, PTok};
use crate::lexer::Kind;
use crate::macros::{Expansion, Section, SectionKind};
use codespan_reporting::diagnostic::Diagnostic;
use lalrpop_util::ParseError;

#[allow(clippy::all, clippy::pedantic, unused_imports, unused_qualifications)]
mod generated {
    include!(concat!(env!("OUT_DIR"), "/rbg.rs"));
}

/// Brackets may nest this deep; deeper input is rejected before parsing, so later recursive
/// passes cannot overflow the stack.
pub const MAX_NESTING: usize = 200;

/// A parsed section.
#[derive(Clone, Debug)]
pub enum SectionAst {
    Players(Vec<BoundedVar>),
    Pieces(Vec<Name>),
    Variables(Vec<BoundedVar>),
    Board(BoardAst),
    Rules(Expr),
}

/// Parses one section; `None` after reporting errors.
pub fn parse_section(
    exp: &Expansion,
    section: &Section,
    errors: &mut Vec<Diagnostic<()>>,
) -> Option<SectionAst> {
    let range = section.range.clone();
    if section.failed {
        return None;
    }
    if !nesting_ok(exp, range.clone(), errors) {
        return None;
    }
    let toks = || {
        range
            .clone()
            .map(|i| Ok::<_, ()>((i, PTok::from(&exp.tokens[i]), i + 1)))
    };
    let result = match section.kind {
        SectionKind::Players => generated::PlayersParser::new()
            .parse(toks())
            .map(SectionAst::Players),
        SectionKind::Pieces => generated::PiecesParser::new()
            .parse(toks())
            .map(SectionAst::Pieces),
        SectionKind::Variables => generated::VariablesParser::new()
            .parse(toks())
            .map(SectionAst::Variables),
        SectionKind::Board => generated::BoardDefParser::new()
            .parse(toks())
            .map(SectionAst::Board),
        SectionKind::Rules => generated::RuleParser::new()
            .parse(toks())
            .map(SectionAst::Rules),
    };
    match result {
        Ok(ast) => Some(ast),
        Err(e) => {
            errors.push(syntax_error(exp, section, e));
            None
        }
    }
}

fn nesting_ok(
    exp: &Expansion,
    range: std::ops::Range<usize>,
    errors: &mut Vec<Diagnostic<()>>,
) -> bool {
    let mut depth = 0usize;
    for i in range {
        match exp.tokens[i].kind {
            Kind::LParen | Kind::LBrace | Kind::LBracket => {
                depth += 1;
                if depth > MAX_NESTING {
                    errors.push(
                        Diagnostic::error()
                            .with_message(format!(
                                "brackets nest deeper than {MAX_NESTING} (the nesting limit)"
                            ))
                            .with_labels(exp.labels(i, i + 1, "too deep here")),
                    );
                    return false;
                }
            }
            Kind::RParen | Kind::RBrace | Kind::RBracket => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    true
}

/// How a terminal of the grammar is shown to users.
fn pretty_expected(e: &str) -> String {
    match e.trim_matches('"') {
        "ident" => "identifier".to_string(),
        "nat" => "number".to_string(),
        other => format!("`{other}`"),
    }
}

fn describe(exp: &Expansion, i: usize) -> String {
    let t = &exp.tokens[i];
    let text = exp.interner.text(t.sym);
    match t.kind {
        Kind::Ident => format!("identifier `{text}`"),
        Kind::Nat => format!("number `{text}`"),
        _ => format!("`{text}`"),
    }
}

fn expected_note(expected: &[String]) -> Vec<String> {
    if expected.is_empty() {
        return vec![];
    }
    let mut list: Vec<String> = expected.iter().map(|e| pretty_expected(e)).collect();
    list.sort();
    list.dedup();
    vec![format!("expected one of: {}", list.join(", "))]
}

fn syntax_error(
    exp: &Expansion,
    section: &Section,
    e: ParseError<usize, PTok, ()>,
) -> Diagnostic<()> {
    let name = section.kind.name();
    match e {
        ParseError::UnrecognizedToken {
            token: (l, _, r),
            expected,
        } => Diagnostic::error()
            .with_message(format!(
                "unexpected {} in section `#{name}`",
                describe(exp, l)
            ))
            .with_labels(exp.labels(l, r, "unexpected here"))
            .with_notes(expected_note(&expected)),
        ParseError::UnrecognizedEof { expected, .. } => {
            let labels = if section.range.is_empty() {
                exp.labels(section.header.l, section.header.r, "this section is empty")
            } else {
                let last = section.range.end - 1;
                exp.labels(last, last + 1, "the section ends after this")
            };
            Diagnostic::error()
                .with_message(format!("section `#{name}` ends too early"))
                .with_labels(labels)
                .with_notes(expected_note(&expected))
        }
        ParseError::ExtraToken { token: (l, _, r) } => Diagnostic::error()
            .with_message(format!(
                "unexpected {} in section `#{name}`",
                describe(exp, l)
            ))
            .with_labels(exp.labels(l, r, "unexpected here")),
        ParseError::InvalidToken { .. } | ParseError::User { .. } => Diagnostic::error()
            .with_message(format!("invalid token in section `#{name}`"))
            .with_labels(exp.labels(section.header.l, section.header.r, "here")),
    }
}
