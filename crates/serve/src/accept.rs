//! The accept loop. `axum::serve` offers neither a header read timeout nor a cap on
//! connections, so connections are served here with hyper directly: at most
//! `Limits::connections` at once (the next one is accepted when one closes, the rest wait in
//! the system's listen queue), and a client that does not finish its headers within
//! `Limits::header_time` — also an idle keep-alive connection — is disconnected.

use crate::limits::Limits;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Serves `app` on `listener` until the process ends.
pub async fn run(listener: TcpListener, app: Router, limits: &Limits) -> std::io::Result<()> {
    let slots = Arc::new(Semaphore::new(limits.connections.max(1)));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_time);
    loop {
        let slot = slots.clone().acquire_owned().await.expect("never closed");
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors and the like: wait instead of spinning.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let conn =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(app.clone()));
        tokio::spawn(async move {
            // A connection's error (a reset, a timeout) ends that connection only.
            let _ = conn.await;
            drop(slot);
        });
    }
}
