//! The web playground (`rbgtool serve`): a page where a game is written, checked, drawn and
//! played, and the small JSON API it calls. No I/O of its own beyond the socket the caller
//! binds: games come from request bodies or the corpus bundled at build time, and the server
//! reads no file a request names.
//!
//! * [`api`]: the routes, their request and answer shapes, errors as JSON.
//! * [`error`]: answers that are not results.
//! * [`limits`]: request size, time and memory per request, concurrent work, cancellation.
//! * [`memory`]: the memory each job holds, counted through the binary's allocator.
//! * [`guard`]: the host names and origins the server answers (DNS rebinding), long targets.
//! * [`accept`]: connections: at most `Limits::connections`, headers within `header_time`.
//! * [`engine`]: a game text and a move list to a state of whichever engine plays it.
//! * [`ops`]: what is done on a state: view, agent moves, playouts, perft, bench.
//! * [`picture`]: the SVG of the current position.
//! * [`corpus`]: the bundled games of the picker.
//! * [`assets`]: the page (HTML, JS, CSS) embedded in the binary.

pub mod accept;
pub mod api;
pub mod assets;
pub mod corpus;
pub mod engine;
pub mod error;
pub mod guard;
pub mod limits;
pub mod memory;
pub mod ops;
pub mod picture;

pub use api::router;
pub use guard::Access;
pub use limits::Limits;

use std::net::SocketAddr;

/// Serves the playground on `addr` until the process ends; `ready` is called with the bound
/// address (port 0 picks a free one). The server answers to the names of that address
/// ([`Access::new`]).
pub async fn serve(
    addr: SocketAddr,
    limits: Limits,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;
    ready(bound);
    let app = router(limits.clone(), Access::new(bound, limits.uri_bytes));
    accept::run(listener, app, &limits).await
}
