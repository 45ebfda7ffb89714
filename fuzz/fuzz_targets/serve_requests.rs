//! Fuzz the playground's request handlers in-process: the first byte picks a route and a
//! method (and whether a foreign `Origin` is sent), the rest is the body. Every answer must be
//! JSON-or-page with a status below 500: a 500 is a panic in a job.
#![no_main]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use libfuzzer_sys::fuzz_target;
use std::time::Duration;
use tower::ServiceExt;

const ROUTES: [&str; 10] = [
    "/api/check",
    "/api/state",
    "/api/agent",
    "/api/playout",
    "/api/perft",
    "/api/bench",
    "/api/convert",
    "/api/games",
    "/api/games/chess.rbg",
    "/",
];

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: std::sync::OnceLock<tokio::runtime::Runtime> = std::sync::OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap()
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, body)) = data.split_first() else {
        return;
    };
    let limits = serve::Limits {
        request_time: Duration::from_millis(500),
        agent_time: Duration::from_millis(100),
        ..serve::Limits::default()
    };
    let access = serve::Access::new("127.0.0.1:8080".parse().unwrap(), limits.uri_bytes);
    let app = serve::router(limits, access);
    let route = ROUTES[pick as usize % ROUTES.len()];
    let method = if pick & 0x40 == 0 { "POST" } else { "GET" };
    let mut req = Request::builder()
        .method(method)
        .uri(route)
        .header("host", "127.0.0.1:8080")
        .header("content-type", "application/json");
    if pick & 0x80 != 0 {
        req = req.header("origin", "http://evil.example");
    }
    let req = req.body(Body::from(body.to_vec())).unwrap();
    let status = runtime().block_on(async { app.oneshot(req).await.unwrap().status() });
    assert!(
        status < StatusCode::INTERNAL_SERVER_ERROR || status == StatusCode::SERVICE_UNAVAILABLE,
        "{status}"
    );
});
