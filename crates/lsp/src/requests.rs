//! Answers to requests about one document.

use crate::format;
use crate::lang::Lang;
use crate::rbg_names::{DeclKind, Names};
use crate::server::Document;
use crate::text::LineIndex;
use lsp_types::{
    CompletionItem, CompletionItemKind, DocumentSymbol, Hover, HoverContents, Location,
    MarkupContent, MarkupKind, Position, SymbolKind, TextEdit, Uri,
};

/// The declaration of the name under the cursor (RBG).
pub fn definition(uri: &Uri, doc: &Document, at: Position) -> Option<Location> {
    let (names, index, offset) = rbg_context(doc, at)?;
    let (name, _) = names.ident_at(offset)?;
    let decl = names.decl(name)?;
    Some(Location::new(uri.clone(), index.range(decl.span.clone())))
}

/// What the name under the cursor is: a macro's definition text, or the declaration's kind
/// and line.
pub fn hover(doc: &Document, at: Position) -> Option<Hover> {
    let (names, index, offset) = rbg_context(doc, at)?;
    let (name, range) = names.ident_at(offset)?;
    let decl = names.decl(name)?;
    let text = match decl.kind {
        DeclKind::Macro => {
            let def = doc.text[decl.full.clone()].trim_end();
            format!("macro `{name}`\n```rbg\n{}\n```", cap_lines(def, 40))
        }
        kind => {
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

fn cap_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() <= n {
        return text.to_string();
    }
    format!("{}\n...", lines[..n].join("\n"))
}

/// Declared names and section keywords (RBG).
pub fn completion(doc: &Document) -> Vec<CompletionItem> {
    if doc.lang != Lang::Rbg {
        return vec![];
    }
    let names = Names::of(&doc.text);
    let mut items: Vec<CompletionItem> = ["players", "pieces", "variables", "board", "rules"]
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
        DeclKind::Player | DeclKind::Piece => CompletionItemKind::CONSTANT,
    }
}

/// Sections and macros, with pieces (and players, variables) inside their sections (RBG).
#[allow(deprecated)] // `DocumentSymbol::deprecated` must be written out.
pub fn symbols(doc: &Document) -> Vec<DocumentSymbol> {
    if doc.lang != Lang::Rbg {
        return vec![];
    }
    let names = Names::of(&doc.text);
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
                DeclKind::Macro => SymbolKind::FUNCTION,
                DeclKind::Variable => SymbolKind::VARIABLE,
                _ => SymbolKind::CONSTANT,
            },
            tags: None,
            deprecated: None,
            range: index.range(d.full.clone()),
            selection_range: index.range(d.span.clone()),
            children,
        };
    let tops = names
        .decls
        .iter()
        .filter(|d| matches!(d.kind, DeclKind::Section | DeclKind::Macro));
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
) -> Result<Option<lsp_types::WorkspaceEdit>, String> {
    let Some((names, index, offset)) = rbg_context(doc, at) else {
        return Ok(None);
    };
    let Some((name, _)) = names.ident_at(offset) else {
        return Ok(None);
    };
    if names.decl(name).is_none() {
        return Err(format!("`{name}` is not declared in this file"));
    }
    if rbg::lexer::single_token(new_name) != Some(rbg::lexer::Kind::Ident) {
        return Err(format!("`{new_name}` is not an RBG identifier"));
    }
    let spans: Vec<_> = names.uses(name).cloned().collect();
    if let Some(error) = breaks_game(&doc.text, &spans, new_name) {
        return Err(format!("renaming `{name}` would break the game: {error}"));
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
