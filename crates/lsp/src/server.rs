//! The request loop: open documents kept whole (full text sync), diagnostics published after
//! every open and change, requests answered from the current text.

use crate::diagnostics;
use crate::lang::Lang;
use lsp_server::{Connection, Message, Notification, ProtocolError, Request, Response};
use lsp_types::notification::{
    DidChangeTextDocument, DidCloseTextDocument, DidOpenTextDocument, Notification as _,
    PublishDiagnostics,
};
use lsp_types::{
    InitializeParams, PublishDiagnosticsParams, ServerCapabilities, TextDocumentSyncCapability,
    TextDocumentSyncKind, Uri,
};
use std::collections::HashMap;

/// An open document.
pub struct Document {
    pub lang: Lang,
    pub text: String,
    pub version: i32,
}

/// What the server announces in its `initialize` answer.
pub fn capabilities() -> ServerCapabilities {
    ServerCapabilities {
        text_document_sync: Some(TextDocumentSyncCapability::Kind(TextDocumentSyncKind::FULL)),
        ..ServerCapabilities::default()
    }
}

/// Runs the server on `connection` until the client shuts it down (or hangs up).
pub fn serve(connection: Connection) -> Result<(), ProtocolError> {
    let caps = serde_json::to_value(capabilities()).expect("capabilities serialise");
    let params = connection.initialize(caps)?;
    let _params: Option<InitializeParams> = serde_json::from_value(params).ok();
    let mut docs: HashMap<Uri, Document> = HashMap::new();
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
fn notified(docs: &mut HashMap<Uri, Document>, n: Notification) -> Vec<Notification> {
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
            docs.insert(doc.uri, d);
            vec![out]
        }
        DidChangeTextDocument::METHOD => {
            let Ok(p) = serde_json::from_value::<lsp_types::DidChangeTextDocumentParams>(n.params)
            else {
                return vec![];
            };
            let Some(d) = docs.get_mut(&p.text_document.uri) else {
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
            docs.remove(&p.text_document.uri);
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

/// The answer to a request; unknown methods get "method not found".
fn answer(_docs: &HashMap<Uri, Document>, req: Request) -> Response {
    Response::new_err(
        req.id,
        lsp_server::ErrorCode::MethodNotFound as i32,
        format!("unhandled method {}", req.method),
    )
}
