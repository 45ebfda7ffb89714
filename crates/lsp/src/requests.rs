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
