//! The web playground (`rbgtool serve`): a page where a game is written, checked, drawn and
//! played, and the small JSON API it calls. No I/O of its own beyond the socket the caller
//! binds: games come from request bodies or the corpus bundled at build time, and the server
//! reads no file a request names.
//!
//! * [`api`]: the routes, their request and answer shapes, errors as JSON.
//! * [`error`]: answers that are not results.
//! * [`limits`]: request size, time per request, concurrent work, cancellation.
//! * [`engine`]: a game text and a move list to a state of whichever engine plays it.
//! * [`ops`]: what is done on a state: view, agent moves, playouts, perft, bench.
//! * [`picture`]: the SVG of the current position.
//! * [`corpus`]: the bundled games of the picker.
//! * [`assets`]: the page (HTML, JS, CSS) embedded in the binary.

pub mod api;
pub mod assets;
pub mod corpus;
pub mod engine;
pub mod error;
pub mod limits;
pub mod ops;
pub mod picture;

pub use api::router;
pub use limits::Limits;

use std::net::SocketAddr;

/// Serves the playground on `addr` until the process ends; `ready` is called with the bound
/// address (port 0 picks a free one).
pub async fn serve(
    addr: SocketAddr,
    limits: Limits,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    ready(listener.local_addr()?);
    axum::serve(listener, router(limits)).await
}
