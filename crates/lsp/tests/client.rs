//! Drives the server as an editor would, over an in-memory JSON-RPC connection.

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};
use std::thread::JoinHandle;
use std::time::Duration;

struct Client {
    conn: Connection,
    server: Option<JoinHandle<()>>,
    next_id: i32,
}

impl Client {
    fn start() -> Client {
        let (server, conn) = Connection::memory();
        let handle = std::thread::spawn(move || lsp::serve(server).expect("server runs"));
        let mut c = Client {
            conn,
            server: Some(handle),
            next_id: 0,
        };
        let caps = c.request("initialize", json!({"capabilities": {}}));
        assert!(
            caps["capabilities"]["textDocumentSync"].is_number(),
            "{caps}"
        );
        c.notify("initialized", json!({}));
        c
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let req = Request::new(id.clone(), method.into(), params);
        self.conn.sender.send(Message::Request(req)).unwrap();
        loop {
            match self.recv() {
                Message::Response(r) if r.id == id => {
                    return r
                        .response_result
                        .unwrap_or_else(|e| panic!("{method}: {e:?}"));
                }
                _ => continue,
            }
        }
    }

    fn notify(&self, method: &str, params: Value) {
        let n = Notification::new(method.into(), params);
        self.conn.sender.send(Message::Notification(n)).unwrap();
    }

    fn recv(&self) -> Message {
        self.conn
            .receiver
            .recv_timeout(Duration::from_secs(30))
            .expect("the server answers")
    }

    /// The next diagnostics published.
    fn diagnostics(&self) -> Value {
        loop {
            if let Message::Notification(n) = self.recv() {
                if n.method == "textDocument/publishDiagnostics" {
                    return n.params;
                }
            }
        }
    }

    fn open(&self, uri: &str, text: &str) {
        self.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "", "version": 1, "text": text}}),
        );
    }

    fn change(&self, uri: &str, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version},
                   "contentChanges": [{"text": text}]}),
        );
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        self.server.take().unwrap().join().unwrap();
    }
}

fn corpus(path: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/");
    std::fs::read_to_string(format!("{root}{path}")).unwrap()
}

const GAME: &str = "#players = white(100), black(100)
#pieces = e, w, b
#variables =
#board = rectangle(up, down, left, right, [e, e])
#rules = ->white {e} [w] ->black {e} [b]
";

#[test]
fn an_error_is_reported_where_it_is_and_cleared_when_fixed() {
    let c = Client::start();
    let uri = "file:///tmp/g.rbg";
    // `é` before the typo: columns are UTF-16 units, not bytes.
    let broken = GAME.replace("{e} [w]", "/*é*/ {e} [wx]");
    c.open(uri, &broken);
    let d = c.diagnostics();
    assert_eq!(d["uri"], uri);
    let list = d["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{d:#}");
    let line = broken.lines().nth(4).unwrap();
    let col = line[..line.find("wx").unwrap()].encode_utf16().count();
    assert_eq!(
        list[0]["range"],
        json!({"start": {"line": 4, "character": col}, "end": {"line": 4, "character": col + 2}}),
        "{d:#}"
    );
    assert_eq!(list[0]["severity"], 1);
    c.change(uri, 2, GAME);
    let d = c.diagnostics();
    assert_eq!(d["diagnostics"], json!([]), "{d:#}");
    assert_eq!(d["version"], 2);
}

#[test]
fn sbg_and_gdl_documents_get_diagnostics() {
    let c = Client::start();
    c.open("file:///b.sbg", &corpus("sbg/breakthrough.sbg"));
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));
    c.open("file:///b.sbg", "<<nonsense");
    assert!(!c.diagnostics()["diagnostics"]
        .as_array()
        .unwrap()
        .is_empty());
    c.open("file:///g.kif", "(role x) (<= (legal x noop) (true (foo))");
    let d = c.diagnostics();
    assert!(!d["diagnostics"].as_array().unwrap().is_empty(), "{d:#}");
}
