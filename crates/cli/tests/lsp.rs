//! `rbgtool lsp` over standard input and output, framed as an editor frames it.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
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

/// Issue 38, item 7: every framing error is skipped with a logged error and the server goes
/// on answering — a misspelt header, negative and huge lengths (the huge one is not
/// allocated: the test's memory budget would end the run), non-UTF-8, non-message JSON.
#[test]
fn framing_errors_are_skipped_and_the_server_goes_on() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        .args(["--memory", "256", "lsp"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let init =
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}});
    input.write_all(&frame(init)).unwrap();
    assert_eq!(read_message(&mut out)["id"], 1);
    let ping = json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}).to_string();
    input
        .write_all(&frame(
            json!({"jsonrpc": "2.0", "method": "initialized", "params": {}}),
        ))
        .unwrap();
    let bad: Vec<Vec<u8>> = vec![
        format!("Content-Lenght: {}\r\n\r\n{ping}", ping.len()).into_bytes(),
        format!("Content-Length: -12\r\n\r\n{ping}").into_bytes(),
        b"Content-Length: 4\r\n\r\n\xff\xfe\xfd\xfc".to_vec(),
        frame(json!([1, 2, 3])),
        frame(json!({"hello": "world"})),
        // Declares 1 GiB past the cap, sends 10 bytes, then the rest of the stream is its body:
        // last, so its skipped bytes are the test's end.
    ];
    for b in &bad {
        input.write_all(b).unwrap();
    }
    // After the bad ones, a request that must be answered.
    let symbols = json!({"jsonrpc": "2.0", "id": 7, "method": "textDocument/documentSymbol",
        "params": {"textDocument": {"uri": "file:///none.rbg"}}});
    input.write_all(&frame(symbols)).unwrap();
    input.flush().unwrap();
    let mut logged = 0;
    let answer = loop {
        let m = read_message(&mut out);
        if m["method"] == "window/logMessage" {
            logged += 1;
            continue;
        }
        break m;
    };
    assert_eq!(answer["id"], 7, "{answer}");
    assert_eq!(logged, bad.len(), "one logged error per bad message");
    input
        .write_all(b"Content-Length: 1073741824000\r\n\r\n0123456789")
        .unwrap();
    drop(input);
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "{err}");
    assert_eq!(
        err.matches("skipped a bad message").count(),
        bad.len() + 1,
        "{err}"
    );
}
