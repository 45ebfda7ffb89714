//! The request loop: open documents kept whole (full text sync), diagnostics published after
//! every open and change, requests answered from the current text.

use crate::diagnostics;
pub use crate::document::Document;
use crate::lang::Lang;
use lsp_server::{Connection, Message, Notification, ProtocolError, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::request::{
    Completion, DocumentSymbolRequest, Formatting, GotoDefinition, HoverRequest, References,
    Rename, Request as _,
};
use lsp_types::{
    CompletionOptions, HoverProviderCapability, InitializeParams, OneOf, PublishDiagnosticsParams,
    ServerCapabilities, TextDocumentSyncCapability, TextDocumentSyncKind, Uri,
};
use std::collections::HashMap;

/// The open documents by URI text (`Uri` caches parts inside, so it is no map key).
type Docs = HashMap<String, Document>;

/// What the server announces in its `initialize` answer.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        definition_provider: Some(OneOf::Left(true)),
        references_provider: Some(OneOf::Left(true)),
        hover_provider: Some(HoverProviderCapability::Simple(true)),
        completion_provider: Some(CompletionOptions {
            trigger_characters: Some(vec!["#".into()]),
            ..CompletionOptions::default()
        }),
        document_symbol_provider: Some(OneOf::Left(true)),
        document_formatting_provider: Some(OneOf::Left(true)),
        rename_provider: Some(OneOf::Left(true)),
        ..ServerCapabilities::default()
    }
}

/// Runs the server on `connection` until the client shuts it down (or hangs up).
pub fn serve(connection: Connection) -> Result<(), ProtocolError> {
    let caps = serde_json::to_value(capabilities()).expect("capabilities serialise");
    let params = connection.initialize(caps)?;
    let _params: Option<InitializeParams> = serde_json::from_value(params).ok();
    let mut docs = Docs::new();
    for msg in &connection.receiver {
        match msg {
            Message::Request(req) => {
                if connection.handle_shutdown(&req)? {
                    return Ok(());
                }
                let resp = answer(&docs, req);
                if !send(&connection, Message::Response(resp)) {
                    return Ok(());
                }
            }
            Message::Notification(n) => {
                for out in notified(&mut docs, n) {
                    if !send(&connection, Message::Notification(out)) {
                        return Ok(());
                    }
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

/// Sends a message; false when the client has hung up.
fn send(connection: &Connection, msg: Message) -> bool {
    connection.sender.send(msg).is_ok()
}

/// Keeps the documents up to date; returns the diagnostics to publish.
fn notified(docs: &mut Docs, n: Notification) -> Vec<Notification> {
    match n.method.as_str() {
        DidOpenTextDocument::METHOD => {
            let Ok(p) = serde_json::from_value::<lsp_types::DidOpenTextDocumentParams>(n.params)
            else {
                return vec![];
            };
            let doc = p.text_document;
            let Some(lang) = Lang::of(&doc.uri, &doc.language_id) else {
                return vec![];
            };
            let d = Document {
                lang,
                text: doc.text,
                version: doc.version,
            };
            let out = publish(&doc.uri, &d);
            docs.insert(doc.uri.as_str().to_string(), d);
            vec![out]
        }
        DidChangeTextDocument::METHOD => {
            let Ok(p) = serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
            else {
                return vec![];
            };
            let Some(d) = docs.get_mut(p.text_document.uri.as_str()) else {
                return vec![];
            };
            // Full sync: the last change is the whole text.
            if let Some(change) = p.content_changes.into_iter().last() {
                d.text = change.text;
            }
            d.version = p.text_document.version;
            vec![publish(&p.text_document.uri, d)]
        }
        DidCloseTextDocument::METHOD => {
            let Ok(p) = serde_json::from_value::<lsp_types::DidCloseTextDocumentParams>(n.params)
            else {
                return vec![];
            };
            docs.remove(p.text_document.uri.as_str());
            vec![notification::<PublishDiagnostics>(
                PublishDiagnosticsParams {
                    uri: p.text_document.uri,
                    diagnostics: vec![],
                    version: None,
                },
            )]
        }
        _ => vec![],
    }
}

fn publish(uri: &Uri, d: &Document) -> Notification {
    notification::<PublishDiagnostics>(PublishDiagnosticsParams {
        uri: uri.clone(),
        diagnostics: diagnostics::diagnostics(uri, d.lang, &d.text),
        version: Some(d.version),
    })
}

fn notification<N: lsp_types::notification::Notification>(params: N::Params) -> Notification {
    Notification::new(N::METHOD.to_string(), params)
}

/// Why a request is answered with an "invalid params" error.
#[derive(Debug, thiserror::Error)]
enum RequestError {
    /// The parameters do not decode, or the answer does not encode.
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Rename(#[from] crate::requests::RenameError),
}

/// The answer to a request; unknown methods get "method not found", requests about a
/// document that is not open get `null`.
fn answer(docs: &Docs, req: Request) -> Response {
    let id = req.id.clone();
    let doc_of = |uri: &Uri| docs.get(uri.as_str());
    let result = match req.method.as_str() {
        GotoDefinition::METHOD => with::<GotoDefinition>(req, |p| {
            let p = p.text_document_position_params;
            let doc = doc_of(&p.text_document.uri)?;
            crate::requests::definition(&p.text_document.uri, doc, p.position)
                .map(lsp_types::GotoDefinitionResponse::Scalar)
        }),
        References::METHOD => with::<References>(req, |p| {
            let pos = p.text_document_position;
            let doc = doc_of(&pos.text_document.uri)?;
            let uri = &pos.text_document.uri;
            crate::requests::references(uri, doc, pos.position, p.context.include_declaration)
        }),
        HoverRequest::METHOD => with::<HoverRequest>(req, |p| {
            let p = p.text_document_position_params;
            crate::requests::hover(doc_of(&p.text_document.uri)?, p.position)
        }),
        Completion::METHOD => with::<Completion>(req, |p| {
            let doc = doc_of(&p.text_document_position.text_document.uri)?;
            Some(lsp_types::CompletionResponse::Array(
                crate::requests::completion(doc),
            ))
        }),
        DocumentSymbolRequest::METHOD => with::<DocumentSymbolRequest>(req, |p| {
            let doc = doc_of(&p.text_document.uri)?;
            Some(lsp_types::DocumentSymbolResponse::Nested(
                crate::requests::symbols(doc),
            ))
        }),
        Formatting::METHOD => with::<Formatting>(req, |p| {
            crate::requests::formatting(doc_of(&p.text_document.uri)?)
        }),
        Rename::METHOD => serde_json::from_value::<lsp_types::RenameParams>(req.params)
            .map_err(RequestError::from)
            .and_then(|p| {
                let pos = p.text_document_position;
                let Some(doc) = doc_of(&pos.text_document.uri) else {
                    return Ok(serde_json::Value::Null);
                };
                let uri = &pos.text_document.uri;
                let edit = crate::requests::rename(uri, doc, pos.position, &p.new_name)?;
                Ok(serde_json::to_value(edit)?)
            }),
        _ => {
            return Response::new_err(
                id,
                lsp_server::ErrorCode::MethodNotFound as i32,
                format!("unhandled method {}", req.method),
            )
        }
    };
    match result {
        Ok(value) => Response::new_ok(id, value),
        Err(e) => Response::new_err(
            id,
            lsp_server::ErrorCode::InvalidParams as i32,
            e.to_string(),
        ),
    }
}

/// Decodes the parameters of request `R` and encodes `f`'s answer.
fn with<R: lsp_types::request::Request>(
    req: Request,
    f: impl FnOnce(R::Params) -> R::Result,
) -> Result<serde_json::Value, RequestError> {
    let params: R::Params = serde_json::from_value(req.params)?;
    Ok(serde_json::to_value(f(params))?)
}
