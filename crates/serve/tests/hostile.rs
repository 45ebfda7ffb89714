//! Issue 38 through the router: a hostile request fails alone and the next one is answered;
//! foreign hosts and origins are refused (DNS rebinding); parsing counts in the gate of jobs;
//! every error of the router itself is JSON; a slow client is disconnected.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use serve::{router, Access, Limits};
use std::time::Duration;
use tower::ServiceExt;

#[global_allocator]
static ALLOC: serve::memory::Counting = serve::memory::Counting;

const HOST: &str = "127.0.0.1:8080";
const BREAKTHROUGH_RBG: &str = include_str!("../../../corpus/rbg/breakthrough.rbg");
const CHESS_RBG: &str = include_str!("../../../corpus/rbg/chess.rbg");

fn app(limits: Limits) -> axum::Router {
    let access = Access::new(HOST.parse().unwrap(), limits.uri_bytes);
    router(limits, access)
}

fn request(method: &str, path: &str) -> axum::http::request::Builder {
    Request::builder()
        .method(method)
        .uri(path)
        .header("host", HOST)
        .header("content-type", "application/json")
}

async fn answer(app: &axum::Router, req: Request<Body>) -> (StatusCode, Value) {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| json!({ "raw": String::from_utf8_lossy(&bytes) }));
    (status, v)
}

async fn post(app: &axum::Router, path: &str, body: Value) -> (StatusCode, Value) {
    let req = request("POST", path)
        .body(Body::from(body.to_string()))
        .unwrap();
    answer(app, req).await
}

/// Rules nesting stars of stars (`((up + down)* (up)*)*` four times per level): a few hundred
/// bytes whose automaton would need gigabytes.
fn nested_stars() -> String {
    let mut macros = String::from("#M0 = ((up + down)* (up)*)*\n");
    for i in 1..=6 {
        let p = i - 1;
        macros.push_str(&format!("#M{i} = (M{p} M{p} M{p} M{p})*\n"));
    }
    format!(
        "#players = a(1)\n#pieces = e\n#variables =\n\
         #board = rectangle(up, down, left, right, [e][e])\n{macros}#rules = ->a M6 ->a\n"
    )
}

/// One player puts a piece on any empty square of an n×n board: n² legal moves.
fn squares(n: usize) -> String {
    let row = format!("[{}]", vec!["e"; n].join(", "));
    let rows = vec![row; n].join("");
    format!(
        "#players = a(1)\n#pieces = e, x\n#variables =\n\
         #board = rectangle(up, down, left, right, {rows})\n\
         #rules = ->a (up* + down*)(left* + right*) {{e}} [x] ->a\n"
    )
}

#[tokio::test]
async fn a_hostile_request_fails_alone_and_the_next_is_answered() {
    let app = app(Limits::default());
    let (status, v) = post(&app, "/api/state", json!({ "text": nested_stars() })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("follow_limit"), "{v}");
    // The diagnostic points at the rule: a star of the last macro line or of the rules.
    let line = v["diagnostics"][0]["labels"][0]["start"]["line"]
        .as_u64()
        .unwrap();
    assert!(line >= 10, "{v}");
    let (status, v) = post(&app, "/api/state", json!({ "text": BREAKTHROUGH_RBG })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn a_job_past_its_memory_share_fails_alone() {
    // Chess needs several MB to build and to run perft 3; a share of 1 MB is passed at once.
    let small = app(Limits {
        job_memory: 1 << 20,
        ..Limits::default()
    });
    let (status, v) = post(
        &small,
        "/api/perft",
        json!({ "text": CHESS_RBG, "depth": 3 }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("share of memory"),
        "{v}"
    );
    // The same server answers what fits.
    let (status, v) = post(
        &small,
        "/api/check",
        json!({ "text": "#players = ", "lang": "rbg" }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let big = app(Limits::default());
    let (status, v) = post(&big, "/api/perft", json!({ "text": CHESS_RBG, "depth": 2 })).await;
    assert_eq!(
        (status, v["nodes"].as_u64()),
        (StatusCode::OK, Some(400)),
        "{v}"
    );
}

#[tokio::test]
async fn a_listing_stops_at_the_shown_count_and_its_moves_replay() {
    let app = app(Limits::default());
    let text = squares(300);
    let (status, v) = post(&app, "/api/state", json!({ "text": text })).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["moves_more"], true);
    assert_eq!(
        v["moves"].as_array().unwrap().len(),
        serve::ops::MOVES_SHOWN
    );
    let first = v["moves"][0].clone();
    let (status, after) = post(
        &app,
        "/api/state",
        json!({ "text": text, "moves": [first] }),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    // A small game lists all of its moves.
    let (_, v) = post(&app, "/api/state", json!({ "text": BREAKTHROUGH_RBG })).await;
    assert_eq!(
        (v["moves_total"].as_u64(), &v["moves_more"]),
        (Some(22), &json!(false))
    );
}

#[tokio::test]
async fn foreign_hosts_and_origins_are_refused() {
    let app = app(Limits::default());
    let body = || Body::from(json!({ "text": BREAKTHROUGH_RBG }).to_string());
    for host in ["evil.example:8080", "localhost:9999", "127.0.0.1"] {
        let req = Request::post("/api/state")
            .header("host", host)
            .header("content-type", "application/json")
            .body(body())
            .unwrap();
        let (status, v) = answer(&app, req).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{host}: {v}");
        assert!(v["error"].is_string());
    }
    let no_host = Request::get("/api/games").body(Body::empty()).unwrap();
    assert_eq!(answer(&app, no_host).await.0, StatusCode::FORBIDDEN);
    for (origin, expected) in [
        ("http://evil.example", StatusCode::FORBIDDEN),
        ("null", StatusCode::FORBIDDEN),
        ("http://localhost:8080", StatusCode::OK),
    ] {
        let req = request("POST", "/api/state")
            .header("origin", origin)
            .body(body())
            .unwrap();
        assert_eq!(answer(&app, req).await.0, expected, "{origin}");
    }
    for host in ["localhost:8080", "[::1]:8080", HOST] {
        let req = Request::get("/api/games")
            .header("host", host)
            .body(Body::empty())
            .unwrap();
        assert_eq!(answer(&app, req).await.0, StatusCode::OK, "{host}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn parsing_counts_in_the_gate() {
    // One job at a time: while a long perft holds it, even a text that fails to parse waits
    // for the gate (and is told the server is busy) instead of being parsed beside it.
    let app = app(Limits {
        jobs: 1,
        queue_wait: Duration::from_millis(100),
        request_time: Duration::from_secs(3),
        ..Limits::default()
    });
    let long = {
        let app = app.clone();
        tokio::spawn(async move {
            post(
                &app,
                "/api/perft",
                json!({ "text": BREAKTHROUGH_RBG, "depth": 12 }),
            )
            .await
        })
    };
    tokio::time::sleep(Duration::from_millis(500)).await;
    let (status, v) = post(
        &app,
        "/api/state",
        json!({ "text": "garbage", "lang": "rbg" }),
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    let (status, v) = long.await.unwrap();
    assert_eq!(
        (status, &v["complete"]),
        (StatusCode::OK, &json!(false)),
        "{v}"
    );
    let (status, _) = post(
        &app,
        "/api/state",
        json!({ "text": "garbage", "lang": "rbg" }),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
}

#[tokio::test]
async fn the_routers_own_errors_are_json() {
    let app = app(Limits::default());
    let cases = [
        (
            "GET",
            "/api/state".to_string(),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            "POST",
            "/api/games".to_string(),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            "GET",
            format!("/api/games/{}", "x".repeat(9000)),
            StatusCode::URI_TOO_LONG,
        ),
        (
            "GET",
            "/api/games/%FF%FE".to_string(),
            StatusCode::BAD_REQUEST,
        ),
        ("GET", "/nothing".to_string(), StatusCode::NOT_FOUND),
    ];
    for (method, path, expected) in cases {
        let req = request(method, &path).body(Body::empty()).unwrap();
        let (status, v) = answer(&app, req).await;
        assert_eq!(status, expected, "{method} {path:.40}: {v}");
        assert!(v["error"].is_string(), "{method} {path:.40}: {v}");
    }
}

#[test]
fn a_client_that_never_finishes_its_headers_is_disconnected() {
    use std::io::{Read, Write};
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().unwrap();
        let limits = Limits {
            header_time: Duration::from_millis(300),
            connections: 2,
            ..Limits::default()
        };
        rt.block_on(serve::serve(
            "127.0.0.1:0".parse().unwrap(),
            limits,
            move |addr| tx.send(addr).unwrap(),
        ))
        .unwrap();
    });
    let addr = rx.recv_timeout(Duration::from_secs(10)).unwrap();
    // Two slow clients take both connection slots, and are dropped after the header time.
    let mut slow: Vec<std::net::TcpStream> = (0..2)
        .map(|_| {
            let mut s = std::net::TcpStream::connect(addr).unwrap();
            s.write_all(b"GET /api/games HTTP/1.1\r\nHost: ").unwrap();
            s
        })
        .collect();
    for s in &mut slow {
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut buf = [0u8; 512];
        // Closed by the server (0 bytes, or a bodyless 408 before the close).
        let n = s.read(&mut buf).unwrap_or(0);
        assert!(n == 0 || buf.starts_with(b"HTTP/1.1 408"), "{n}");
    }
    // Then a normal request gets its slot and its answer.
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let host = format!("127.0.0.1:{}", addr.port());
    write!(
        s,
        "GET /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    assert!(text.starts_with("HTTP/1.1 200"), "{text:.200}");
}
