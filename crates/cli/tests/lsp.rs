//! `rbgtool lsp` over standard input and output, framed as an editor frames it.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn frame(msg: Value) -> Vec<u8> {
    let body = msg.to_string();
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

fn read_message(out: &mut impl BufRead) -> Value {
    let mut len = 0;
    loop {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "the server hung up");
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some(n) = line.strip_prefix("Content-Length: ") {
            len = n.parse().unwrap();
        }
    }
    let mut body = vec![0; len];
    out.read_exact(&mut body).unwrap();
    serde_json::from_slice(&body).unwrap()
}

#[test]
fn diagnostics_over_stdio_then_a_clean_exit() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let uri = "file:///g.rbg";
    let text = "#players = a(1)\n#pieces = e\n#variables =\n#board = rectangle(up, down, left, right, [e, e])\n#rules = ->a {x}\n";
    for msg in [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}),
        json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        json!({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument":
            {"uri": uri, "languageId": "rbg", "version": 1, "text": text}}}),
    ] {
        input.write_all(&frame(msg)).unwrap();
    }
    input.flush().unwrap();
    let init = read_message(&mut out);
    assert_eq!(init["id"], 1);
    assert_eq!(init["result"]["capabilities"]["definitionProvider"], true);
    let published = read_message(&mut out);
    assert_eq!(published["method"], "textDocument/publishDiagnostics");
    let ds = published["params"]["diagnostics"].as_array().unwrap();
    assert_eq!(ds.len(), 1, "{published:#}");
    assert!(
        ds[0]["message"].as_str().unwrap().contains("`x`"),
        "{published:#}"
    );
    assert_eq!(
        ds[0]["range"],
        json!({"start": {"line": 4, "character": 14}, "end": {"line": 4, "character": 15}})
    );
    for msg in [
        json!({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}),
        json!({"jsonrpc": "2.0", "method": "exit"}),
    ] {
        input.write_all(&frame(msg)).unwrap();
    }
    input.flush().unwrap();
    assert_eq!(read_message(&mut out)["id"], 2);
    assert!(child.wait().unwrap().success());
}
