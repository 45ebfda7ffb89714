//! Answers to requests about one document.

use crate::document::Document;
use crate::format;
use crate::lang::Lang;
use crate::rbg_names::{DeclKind, Names};
use crate::text::LineIndex;
use lsp_types::{
    CompletionItem, CompletionItemKind, DocumentSymbol, Hover, HoverContents, Location,
    MarkupContent, MarkupKind, Position, SymbolKind, TextEdit, Uri,
};

/// The names of a document, read as its language says.
pub fn names_of(doc: &Document) -> Names {
    match doc.lang {
        Lang::Rbg => Names::of(&doc.text),
        Lang::Sbg => crate::sbg_names::names(&doc.text),
        Lang::Gdl => crate::gdl_names::names(&doc.text),
    }
}

/// The names, the line index and the byte offset of a position.
fn context(doc: &Document, at: Position) -> (Names, LineIndex<'_>, usize) {
    let index = LineIndex::new(&doc.text);
    let offset = index.offset(at);
    (names_of(doc), index, offset)
}

/// The declaration of the name under the cursor.
pub fn definition(uri: &Uri, doc: &Document, at: Position) -> Option<Location> {
    let (names, index, offset) = context(doc, at);
    let (name, _) = names.ident_at(offset)?;
    let decl = names.decl(name)?;
    Some(Location::new(uri.clone(), index.range(decl.span.clone())))
}

/// Every place the name under the cursor is written (its declaration only when asked).
pub fn references(
    uri: &Uri,
    doc: &Document,
    at: Position,
    include_declaration: bool,
) -> Option<Vec<Location>> {
    let (names, index, offset) = context(doc, at);
    let (name, _) = names.ident_at(offset)?;
    let decl = names.decl(name).map(|d| d.span.clone());
    let found = names
        .uses(name)
        .filter(|r| include_declaration || Some(*r) != decl.as_ref())
        .map(|r| Location::new(uri.clone(), index.range(r.clone())))
        .collect();
    Some(found)
}

/// What the name under the cursor is: RBG: a macro's definition text, or the declaration's
/// kind and line; SBG: a piece's rule and count on the board; GDL: a relation's first rule
/// and number of rules.
pub fn hover(doc: &Document, at: Position) -> Option<Hover> {
    let (names, index, offset) = context(doc, at);
    let (name, range) = names.ident_at(offset)?;
    let decl = names.decl(name)?;
    let text = match (doc.lang, decl.kind) {
        (Lang::Sbg, _) => sbg_piece_hover(doc, &names, decl),
        (Lang::Gdl, _) => {
            let rules = crate::gdl_names::definitions(&doc.text, name);
            let uses = names.uses(name).count();
            if rules == 0 {
                format!("function `{name}` (no rule defines it), written {uses} times")
            } else {
                let first = doc.text[decl.full.clone()].trim_end();
                format!(
                    "relation `{name}`: {rules} rule(s) and fact(s), written {uses} times\n```gdl\n{}\n```",
                    cap_lines(first, 20)
                )
            }
        }
        (Lang::Rbg, DeclKind::Macro) => {
            let def = doc.text[decl.full.clone()].trim_end();
            format!("macro `{name}`\n```rbg\n{}\n```", cap_lines(def, 40))
        }
        (Lang::Rbg, kind) => {
            let line = index.position(decl.span.start).line as usize;
            let line_text = doc.text.lines().nth(line).unwrap_or("").trim();
            let uses = names.uses(name).count();
            format!(
                "{} `{name}` (written {uses} times)\n```rbg\n{}\n```",
                kind.describe(),
                cap_lines(line_text, 1)
            )
        }
    };
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: text,
        }),
        range: Some(index.range(range.clone())),
    })
}

/// An SBG piece: its two letters, how many of each stand on the board, its rule.
fn sbg_piece_hover(doc: &Document, names: &Names, decl: &crate::rbg_names::Decl) -> String {
    let upper = decl.name.clone();
    let lower = upper.to_ascii_lowercase();
    let count = |letter: &str| {
        names
            .uses(&upper)
            .filter(|r| &doc.text[(*r).clone()] == letter && !is_rule_or_goal(doc, r.start))
            .count()
    };
    let rule = doc.text[decl.full.clone()].trim_end();
    format!(
        "piece `{upper}` (white) / `{lower}` (black): {} and {} on the board\n```sbg\n{}\n```",
        count(&upper),
        count(&lower),
        cap_lines(rule, 20)
    )
}

/// True when the letter at `at` is not on a board row (a rule's letter or a goal's).
fn is_rule_or_goal(doc: &Document, at: usize) -> bool {
    let line_start = doc.text[..at].rfind('\n').map_or(0, |i| i + 1);
    !doc.text[line_start..at].contains('|')
}

fn cap_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= n {
        return text.to_string();
    }
    format!("{}\n...", lines[..n].join("\n"))
}

/// Declared names, and section keywords (RBG).
pub fn completion(doc: &Document) -> Vec<CompletionItem> {
    let names = names_of(doc);
    let sections: &[&str] = if doc.lang == Lang::Rbg {
        &["players", "pieces", "variables", "board", "rules"]
    } else {
        &[]
    };
    let mut items: Vec<CompletionItem> = sections
        .iter()
        .map(|s| CompletionItem {
            label: format!("#{s}"),
            insert_text: Some(format!("#{s} = ")),
            kind: Some(CompletionItemKind::KEYWORD),
            ..CompletionItem::default()
        })
        .collect();
    let mut seen = std::collections::HashSet::new();
    for d in names.decls.iter().filter(|d| d.kind != DeclKind::Section) {
        if seen.insert(d.name.clone()) {
            items.push(CompletionItem {
                label: d.name.clone(),
                kind: Some(completion_kind(d.kind)),
                detail: Some(d.kind.describe().to_string()),
                ..CompletionItem::default()
            });
        }
    }
    items
}

fn completion_kind(k: DeclKind) -> CompletionItemKind {
    match k {
        DeclKind::Macro => CompletionItemKind::FUNCTION,
        DeclKind::Variable => CompletionItemKind::VARIABLE,
        DeclKind::Direction => CompletionItemKind::ENUM_MEMBER,
        DeclKind::Section => CompletionItemKind::KEYWORD,
        DeclKind::Relation => CompletionItemKind::FUNCTION,
        DeclKind::Player | DeclKind::Piece => CompletionItemKind::CONSTANT,
    }
}

/// RBG: sections and macros, with pieces (and players, variables) inside their sections;
/// SBG: the piece rules; GDL: the relations rules define, at their first rule.
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written out.
pub fn symbols(doc: &Document) -> Vec<DocumentSymbol> {
    let names = names_of(doc);
    let index = LineIndex::new(&doc.text);
    let symbol =
        |d: &crate::rbg_names::Decl, children: Option<Vec<DocumentSymbol>>| DocumentSymbol {
            name: match d.kind {
                DeclKind::Section => format!("#{}", d.name),
                _ => d.name.clone(),
            },
            detail: Some(d.kind.describe().to_string()),
            kind: match d.kind {
                DeclKind::Section => SymbolKind::NAMESPACE,
                DeclKind::Macro | DeclKind::Relation => SymbolKind::FUNCTION,
                DeclKind::Variable => SymbolKind::VARIABLE,
                _ => SymbolKind::CONSTANT,
            },
            tags: None,
            deprecated: None,
            range: index.range(d.full.clone()),
            selection_range: index.range(d.span.clone()),
            children,
        };
    let top_level = |d: &&crate::rbg_names::Decl| match doc.lang {
        Lang::Rbg => matches!(d.kind, DeclKind::Section | DeclKind::Macro),
        Lang::Sbg => true,
        // A relation some rule defines (a function's `full` is just its name).
        Lang::Gdl => d.full != d.span,
    };
    let tops = names.decls.iter().filter(top_level);
    tops.map(|top| {
        let inner: Vec<DocumentSymbol> = names
            .decls
            .iter()
            .filter(|d| {
                matches!(
                    d.kind,
                    DeclKind::Player | DeclKind::Piece | DeclKind::Variable
                ) && top.full.contains(&d.span.start)
            })
            .map(|d| symbol(d, None))
            .collect();
        symbol(top, (!inner.is_empty()).then_some(inner))
    })
    .collect()
}

/// One edit replacing the whole text, or none (see [`format::format`]).
pub fn formatting(doc: &Document) -> Option<Vec<TextEdit>> {
    let formatted = format::format(doc.lang, &doc.text)?;
    let index = LineIndex::new(&doc.text);
    Some(vec![TextEdit::new(
        index.range(0..doc.text.len()),
        formatted,
    )])
}

fn rbg_context(doc: &Document, at: Position) -> Option<(Names, LineIndex<'_>, usize)> {
    if doc.lang != Lang::Rbg {
        return None;
    }
    let index = LineIndex::new(&doc.text);
    let offset = index.offset(at);
    Some((Names::of(&doc.text), index, offset))
}

/// Why a rename is refused.
#[derive(Debug, thiserror::Error)]
pub enum RenameError {
    #[error("`{name}` is not declared in this file")]
    Undeclared { name: String },
    #[error("`{new_name}` is not an RBG identifier")]
    NotAnIdentifier { new_name: String },
    /// The renamed text is no longer a valid game: `error` is its first error's message.
    #[error("renaming `{name}` would break the game: {error}")]
    BreaksGame { name: String, error: String },
}

/// Renames the macro, player, piece, variable or direction under the cursor: every
/// identifier written with its name (RBG). Names built by `~` pasting are not found, so a
/// rename that turns a valid game invalid is refused (with the first error), as are a new
/// name that is not one identifier and a name that is not declared.
#[allow(clippy::mutable_key_type)] // `WorkspaceEdit::changes` is keyed by `Uri`.
pub fn rename(
    uri: &Uri,
    doc: &Document,
    at: Position,
    new_name: &str,
) -> Result<Option<lsp_types::WorkspaceEdit>, RenameError> {
    let Some((names, index, offset)) = rbg_context(doc, at) else {
        return Ok(None);
    };
    let Some((name, _)) = names.ident_at(offset) else {
        return Ok(None);
    };
    if names.decl(name).is_none() {
        return Err(RenameError::Undeclared {
            name: name.to_string(),
        });
    }
    if rbg::lexer::single_token(new_name) != Some(rbg::lexer::Kind::Ident) {
        return Err(RenameError::NotAnIdentifier {
            new_name: new_name.to_string(),
        });
    }
    let spans: Vec<_> = names.uses(name).cloned().collect();
    if let Some(error) = breaks_game(&doc.text, &spans, new_name) {
        return Err(RenameError::BreaksGame {
            name: name.to_string(),
            error,
        });
    }
    let edits = spans
        .into_iter()
        .map(|r| TextEdit::new(index.range(r), new_name.to_string()))
        .collect();
    let changes = std::collections::HashMap::from([(uri.clone(), edits)]);
    Ok(Some(lsp_types::WorkspaceEdit::new(changes)))
}

/// The first error of the renamed text, when the text was a valid game before.
fn breaks_game(text: &str, spans: &[std::ops::Range<usize>], new_name: &str) -> Option<String> {
    rbg::parse_game(text).ok()?;
    let mut renamed = text.to_string();
    // `uses` lists spans in text order; replace from the end so earlier offsets hold.
    let mut spans = spans.to_vec();
    spans.sort_by_key(|r| r.start);
    for r in spans.into_iter().rev() {
        renamed.replace_range(r, new_name);
    }
    let errors = rbg::parse_game(&renamed).err()?;
    errors.first().map(|d| d.message.clone())
}
