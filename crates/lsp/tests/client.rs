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
        self.try_request(method, params)
            .unwrap_or_else(|e| panic!("{method}: {e:?}"))
    }

    fn try_request(
        &mut self,
        method: &str,
        params: Value,
    ) -> Result<Value, lsp_server::ResponseError> {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let req = Request::new(id.clone(), method.into(), params);
        self.conn.sender.send(Message::Request(req)).unwrap();
        loop {
            match self.recv() {
                Message::Response(r) if r.id == id => {
                    return r.response_result;
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

/// The position (0-based line, UTF-16 column) of the `n`th occurrence of `needle`, plus `k`.
fn find(text: &str, needle: &str, n: usize, k: usize) -> Value {
    let at = text.match_indices(needle).nth(n).unwrap().0 + k;
    let line = text[..at].matches('\n').count();
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    json!({"line": line, "character": text[start..at].encode_utf16().count()})
}

fn at(uri: &str, position: Value) -> Value {
    json!({"textDocument": {"uri": uri}, "position": position})
}

#[test]
fn chess_macros_resolve_and_hover_shows_definitions() {
    let mut c = Client::start();
    let uri = "file:///chess.rbg";
    let chess = corpus("rbg/chess.rbg");
    c.open(uri, &chess);
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));
    // `ray(up)` in `#rookRays` → `#ray(d)`.
    let def = c.request(
        "textDocument/definition",
        at(uri, find(&chess, "ray(up)", 0, 1)),
    );
    assert_eq!(def["uri"], uri);
    assert_eq!(def["range"]["start"], find(&chess, "#ray(d)", 0, 1));
    assert_eq!(def["range"]["end"], find(&chess, "#ray(d)", 0, 4));
    // A direction used in the rules → its place in the board generator.
    let def = c.request(
        "textDocument/definition",
        at(uri, find(&chess, "ray(up)", 0, 5)),
    );
    assert_eq!(def["range"]["start"], find(&chess, "rectangle(up", 0, 10));
    let hover = c.request(
        "textDocument/hover",
        at(uri, find(&chess, "rookRays", 1, 0)),
    );
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.starts_with("macro `rookRays`"), "{text}");
    assert!(text.contains("#rookRays = (ray(up) + ray(down)"), "{text}");
    let hover = c.request("textDocument/hover", at(uri, find(&chess, "idle", 2, 1)));
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.starts_with("variable `idle`"), "{text}");
    // Comments and punctuation have nothing to say.
    let none = c.request(
        "textDocument/hover",
        at(uri, json!({"line": 0, "character": 1})),
    );
    assert_eq!(none, Value::Null);
}

#[test]
fn completion_symbols_and_formatting() {
    let mut c = Client::start();
    let uri = "file:///chess.rbg";
    let chess = corpus("rbg/chess.rbg");
    c.open(uri, &chess);
    c.diagnostics();
    let items = c.request(
        "textDocument/completion",
        at(uri, json!({"line": 0, "character": 0})),
    );
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    for want in [
        "#rules", "#board", "kingStep", "wP", "idle", "white", "left",
    ] {
        assert!(labels.contains(&want), "{want} missing from {labels:?}");
    }
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names[..4], ["#players", "#pieces", "#variables", "pawns"]);
    assert!(
        names.contains(&"#rules") && names.contains(&"kingStep"),
        "{names:?}"
    );
    let pieces = &symbols[1]["children"];
    assert_eq!(pieces[1]["name"], "wP", "{pieces:#}");
    // Macro arguments in the board (`pawns(w)`) are no directions.
    assert!(
        !labels.contains(&"w") && !labels.contains(&"b"),
        "{labels:?}"
    );
    // HL-RBG: the formatter's text (macros and comments kept) replaces the whole document.
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": uri},
        "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(edits[0]["newText"], rbg::format::format(&chess).unwrap());
    // SBG with comments: the printer would drop them, so no edit.
    let commented_uri = "file:///c.sbg";
    let commented = corpus("sbg/breakthrough.sbg");
    assert!(commented.contains("//"));
    c.open(commented_uri, &commented);
    c.diagnostics();
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": commented_uri},
        "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    assert_eq!(edits, Value::Null);
    // SBG without comments: the printer's text replaces the whole document.
    let sbg_uri = "file:///b.sbg";
    let sbg_text: String = commented
        .lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .map(|l| format!("{l}\n"))
        .collect();
    c.open(sbg_uri, &sbg_text);
    c.diagnostics();
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": sbg_uri},
        "options": {"tabSize": 4, "insertSpaces": true}}),
    );
    let game = sbg::parse(&sbg_text).unwrap().0;
    assert_eq!(edits[0]["newText"], sbg::print(&game));
    assert_eq!(
        edits[0]["range"]["start"],
        json!({"line": 0, "character": 0})
    );
}

#[test]
fn a_mistake_in_a_macro_points_at_the_use_as_related_information() {
    let c = Client::start();
    let uri = "file:///m.rbg";
    let text = GAME.replace("#rules = ->white {e}", "#step = {x}\n#rules = ->white step");
    c.open(uri, &text);
    let d = c.diagnostics();
    let list = d["diagnostics"].as_array().unwrap();
    assert_eq!(list.len(), 1, "{d:#}");
    assert_eq!(list[0]["range"]["start"], find(&text, "x}", 0, 0), "{d:#}");
    let related = list[0]["relatedInformation"].as_array().unwrap();
    assert_eq!(related[0]["location"]["uri"], uri);
    assert_eq!(
        related[0]["location"]["range"]["start"],
        find(&text, "step [w]", 0, 0),
        "{d:#}"
    );
    assert!(
        related[0]["message"].as_str().unwrap().contains("step"),
        "{d:#}"
    );
}

#[test]
fn rename_rewrites_every_use_and_refuses_bad_names() {
    let mut c = Client::start();
    let uri = "file:///chess.rbg";
    let chess = corpus("rbg/chess.rbg");
    c.open(uri, &chess);
    c.diagnostics();
    let params = |name: &str| {
        json!({"textDocument": {"uri": uri}, "position": find(&chess, "#kingStep", 0, 3),
               "newName": name})
    };
    let edit = c.request("textDocument/rename", params("royalStep"));
    let edits = edit["changes"][uri].as_array().unwrap();
    assert_eq!(edits.len(), chess.matches("kingStep").count());
    // Applied from the end, the edits give a text that still parses, without `kingStep`.
    let index: Vec<usize> = std::iter::once(0)
        .chain(chess.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let offset = |p: &Value| {
        let line = &chess[index[p["line"].as_u64().unwrap() as usize]..];
        let col = p["character"].as_u64().unwrap() as usize;
        index[p["line"].as_u64().unwrap() as usize] + line.char_indices().nth(col).unwrap().0
    };
    let mut renamed = chess.clone();
    let mut spans: Vec<(usize, usize)> = edits
        .iter()
        .map(|e| (offset(&e["range"]["start"]), offset(&e["range"]["end"])))
        .collect();
    spans.sort();
    for (s, e) in spans.into_iter().rev() {
        renamed.replace_range(s..e, "royalStep");
    }
    assert!(!renamed.contains("kingStep"));
    c.change(uri, 2, &renamed);
    assert_eq!(c.diagnostics()["diagnostics"], json!([]));
    c.change(uri, 3, &chess);
    c.diagnostics();
    assert!(c
        .try_request("textDocument/rename", params("two words"))
        .is_err());
    assert!(c.try_request("textDocument/rename", params("#x")).is_err());
    // `wP` is also written `c~P` with c = w: renaming it would break the game.
    let piece = json!({"textDocument": {"uri": uri}, "position": find(&chess, "wP", 0, 0),
                       "newName": "whitePawn"});
    let err = c.try_request("textDocument/rename", piece).unwrap_err();
    assert!(err.message.contains("would break the game"), "{err:?}");
}

#[test]
fn references_find_every_use() {
    let mut c = Client::start();
    let uri = "file:///chess.rbg";
    let chess = corpus("rbg/chess.rbg");
    c.open(uri, &chess);
    c.diagnostics();
    let written = chess.matches("rookRays").count();
    let params = |include: bool| {
        let mut p = at(uri, find(&chess, "rookRays", 1, 2));
        p["context"] = json!({"includeDeclaration": include});
        p
    };
    let all = c.request("textDocument/references", params(true));
    assert_eq!(all.as_array().unwrap().len(), written, "{all:#}");
    let uses = c.request("textDocument/references", params(false));
    assert_eq!(uses.as_array().unwrap().len(), written - 1);
    assert!(uses.as_array().unwrap().iter().all(|l| l["uri"] == uri));
}

#[test]
fn sbg_pieces_navigate_to_their_rules() {
    let mut c = Client::start();
    let uri = "file:///b.sbg";
    let text = corpus("sbg/breakthrough.sbg");
    c.open(uri, &text);
    c.diagnostics();
    // A black pawn on the board → the pawn's rule.
    let def = c.request(
        "textDocument/definition",
        at(uri, find(&text, "|pppppppp|", 0, 3)),
    );
    assert_eq!(def["range"]["start"], find(&text, "\nP (", 0, 1));
    let hover = c.request("textDocument/hover", at(uri, find(&text, "@P", 0, 1)));
    let h = hover["contents"]["value"].as_str().unwrap();
    assert!(
        h.starts_with("piece `P` (white) / `p` (black): 16 and 16 on the board"),
        "{h}"
    );
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["P"]);
    // 32 pawns, the rule's letter, two goals.
    let mut p = at(uri, find(&text, "\nP (", 0, 1));
    p["context"] = json!({"includeDeclaration": true});
    let refs = c.request("textDocument/references", p);
    assert_eq!(refs.as_array().unwrap().len(), 35);
}

#[test]
fn gdl_relations_navigate_to_their_rules() {
    let mut c = Client::start();
    let uri = "file:///g.kif";
    let text = "; two cells\n(role x)\n(role o)\n(init (cell 1 b))\n(init (cell 2 b))\n\
                (init (control x))\n\
                (<= (legal ?p (mark ?c)) (true (cell ?c b)) (true (control ?p)))\n\
                (<= (legal ?p noop) (role ?p) (not (true (control ?p))))\n\
                (<= (next (cell ?c ?p)) (does ?p (mark ?c)))\n\
                (<= (next (control o)) (true (control x)))\n(<= (next (control x)) (true (control o)))\n\
                (<= terminal (not open))\n(<= open (true (cell ?c b)))\n\
                (<= (goal ?p 50) (role ?p))\n";
    c.open(uri, text);
    let d = c.diagnostics();
    assert_eq!(d["diagnostics"], json!([]), "{d:#}");
    // `role` in a rule's body → the first `(role x)`.
    let def = c.request(
        "textDocument/definition",
        at(uri, find(text, "(role ?p)", 0, 2)),
    );
    assert_eq!(def["range"]["start"], find(text, "(role x)", 0, 1));
    // `open` used in `terminal` before its rule → its rule.
    let def = c.request(
        "textDocument/definition",
        at(uri, find(text, "not open", 0, 5)),
    );
    assert_eq!(def["range"]["start"], find(text, "(<= open", 0, 4));
    let hover = c.request("textDocument/hover", at(uri, find(text, "legal", 1, 1)));
    let h = hover["contents"]["value"].as_str().unwrap();
    assert!(
        h.starts_with("relation `legal`: 2 rule(s) and fact(s)"),
        "{h}"
    );
    let hover = c.request("textDocument/hover", at(uri, find(text, "(cell 1", 0, 2)));
    let h = hover["contents"]["value"].as_str().unwrap();
    assert!(
        h.starts_with("function `cell` (no rule defines it), written 5 times"),
        "{h}"
    );
    let symbols = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": uri}}),
    );
    let names: Vec<&str> = symbols
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["role", "init", "legal", "next", "terminal", "open", "goal"]
    );
    let mut p = at(uri, find(text, "(cell 1", 0, 2));
    p["context"] = json!({"includeDeclaration": false});
    let refs = c.request("textDocument/references", p);
    assert_eq!(refs.as_array().unwrap().len(), 4);
}
