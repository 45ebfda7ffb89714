//! Latency of a move round trip in the playground: the page's request after a click (POST
//! /api/state with the game and the moves so far) through a real socket on 127.0.0.1, to the
//! whole answer (view, legal moves, SVG). Along a random game of chess.rbg, so the move list
//! grows as in play.
//!
//! `cargo run --release -p serve --example roundtrip -- [ROUNDS]`

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

const CHESS: &str = include_str!("../../../corpus/rbg/chess.rbg");

fn post(addr: SocketAddr, path: &str, body: &Value) -> Value {
    let body = body.to_string();
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    s.read_to_string(&mut answer).unwrap();
    let (head, json) = answer.split_once("\r\n\r\n").unwrap();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}\n{json}");
    serde_json::from_str(json).unwrap()
}

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        rt.block_on(serve::serve(
            "127.0.0.1:0".parse().unwrap(),
            serve::Limits::default(),
            move |a| tx.send(a).unwrap(),
        ))
        .unwrap();
    });
    let addr = rx.recv_timeout(Duration::from_secs(10)).unwrap();
    let mut moves: Vec<String> = Vec::new();
    let mut times = Vec::new();
    let mut seed = 1u64;
    while times.len() < rounds {
        let start = Instant::now();
        let v = post(
            addr,
            "/api/state",
            &json!({ "text": CHESS, "moves": moves }),
        );
        times.push(start.elapsed());
        let legal = v["moves"].as_array().unwrap();
        if legal.is_empty() || moves.len() >= 60 {
            moves.clear();
            continue;
        }
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let pick = (seed >> 33) as usize % legal.len();
        moves.push(legal[pick].as_str().unwrap().to_string());
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    println!(
        "chess.rbg move round trip (POST /api/state, 0-60 moves played), {rounds} rounds: \
         median {:.2} ms, p95 {:.2} ms, max {:.2} ms",
        ms(times[rounds / 2]),
        ms(times[rounds * 95 / 100]),
        ms(times[rounds - 1])
    );
}
