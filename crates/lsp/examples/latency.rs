//! Latency of diagnostics after an edit of chess.rbg, through the server as a client sees it
//! (in-memory connection: didChange sent → publishDiagnostics received).
//!
//! `cargo run --release -p lsp --example latency [ROUNDS]`

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::json;
use std::time::{Duration, Instant};

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/rbg/chess.rbg");
    let chess = std::fs::read_to_string(path).expect("corpus/rbg/chess.rbg");
    let (server, client) = Connection::memory();
    let handle = std::thread::spawn(move || lsp::serve(server));
    let send = |m: Message| client.sender.send(m).unwrap();
    send(Message::Request(Request::new(
        RequestId::from(1),
        "initialize".into(),
        json!({"capabilities": {}}),
    )));
    client.receiver.recv().unwrap();
    send(notification("initialized", json!({})));
    let uri = "file:///chess.rbg";
    send(notification(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "rbg", "version": 0, "text": chess}}),
    ));
    client.receiver.recv().unwrap();
    let mut times = Vec::with_capacity(rounds);
    for version in 1..=rounds as i32 {
        // Alternate a typo in the rules (one error) and the valid text.
        let text = if version % 2 == 1 {
            chess.replace("->white (", "->white (x")
        } else {
            chess.clone()
        };
        let start = Instant::now();
        send(notification(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": version},
                   "contentChanges": [{"text": text}]}),
        ));
        let Message::Notification(n) = client.receiver.recv().unwrap() else {
            panic!("expected diagnostics")
        };
        times.push(start.elapsed());
        let count = n.params["diagnostics"].as_array().map_or(0, Vec::len);
        assert_eq!(count > 0, version % 2 == 1, "{}", n.params);
    }
    send(Message::Request(Request::new(
        RequestId::from(2),
        "shutdown".into(),
        json!(null),
    )));
    client.receiver.recv().unwrap();
    send(notification("exit", json!(null)));
    handle.join().unwrap().unwrap();
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "chess.rbg edit -> diagnostics, {rounds} rounds: median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
        ms(times[rounds / 2]),
        ms(times[rounds * 95 / 100]),
        ms(times[rounds - 1])
    );
}

fn notification(method: &str, params: serde_json::Value) -> Message {
    Message::Notification(Notification::new(method.into(), params))
}
