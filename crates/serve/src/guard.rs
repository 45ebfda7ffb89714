//! Who may talk to the playground. It is a local tool without accounts, so what keeps other
//! web pages out is the browser's same-origin policy — which DNS rebinding defeats: a page of
//! `evil.example` re-pointed at 127.0.0.1 is same-origin with itself, and the server sees
//! `Host: evil.example`. So every request must name, in `Host`, one of the names the server
//! was started for (with its port), and a POST that carries an `Origin` must come from one of
//! them too. Requests without `Origin` (curl, scripts) are not from a web page and pass.
//!
//! Also here, before any route: request targets longer than `Limits::uri_bytes` get a JSON 414
//! (hyper itself answers 414 without a body past 64 KiB).

use crate::error::ApiError;
use axum::extract::{Request, State};
use axum::http::header::{HOST, ORIGIN};
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::json;
use std::net::{IpAddr, SocketAddr};

/// The host names (and port) a server answers to.
#[derive(Clone, Debug)]
pub struct Access {
    /// Lowercase names as they appear in `Host` without the port (`[::1]` with brackets).
    names: Vec<String>,
    port: u16,
    /// Bound to every interface (`--host 0.0.0.0`): any IP literal is the server itself (a
    /// rebinding attack needs a domain name), but names other than localhost are refused.
    any_ip: bool,
    uri_bytes: usize,
}

impl Access {
    /// The names of a server bound to `bound`: 127.0.0.1, localhost, [::1] and the bound
    /// address itself, each with the bound port.
    pub fn new(bound: SocketAddr, uri_bytes: usize) -> Access {
        let mut names: Vec<String> = ["127.0.0.1", "localhost", "[::1]"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let own = match bound.ip() {
            IpAddr::V4(ip) => ip.to_string(),
            IpAddr::V6(ip) => format!("[{ip}]"),
        };
        if !names.contains(&own) {
            names.push(own);
        }
        Access {
            names,
            port: bound.port(),
            any_ip: bound.ip().is_unspecified(),
            uri_bytes,
        }
    }

    /// Whether a `Host` value (`name:port`, or `name` alone for port 80) is ours.
    pub fn host_ok(&self, host: &str) -> bool {
        let host = host.trim().to_ascii_lowercase();
        let (name, port) = split_port(&host);
        let port_ok = match port {
            Some(p) => p.parse::<u16>() == Ok(self.port),
            None => self.port == 80,
        };
        port_ok && (self.names.iter().any(|n| *n == name) || (self.any_ip && is_ip(name)))
    }

    /// Whether an `Origin` value is a page of ours (`http://` + an accepted host).
    pub fn origin_ok(&self, origin: &str) -> bool {
        origin
            .strip_prefix("http://")
            .is_some_and(|host| !host.contains('/') && self.host_ok(host))
    }
}

/// `name:port` → (`name`, Some(`port`)); a bracketed IPv6 literal keeps its brackets.
fn split_port(host: &str) -> (&str, Option<&str>) {
    let name_end = if host.starts_with('[') {
        host.find(']').map_or(host.len(), |i| i + 1)
    } else {
        host.find(':').unwrap_or(host.len())
    };
    let (name, rest) = host.split_at(name_end);
    match rest.strip_prefix(':') {
        Some(port) => (name, Some(port)),
        None if rest.is_empty() => (name, None),
        // Anything else after the name: no valid port.
        None => (name, Some(rest)),
    }
}

fn is_ip(name: &str) -> bool {
    let bare = name.trim_start_matches('[').trim_end_matches(']');
    bare.parse::<IpAddr>().is_ok()
}

/// The middleware: refuse foreign hosts and origins, and overlong targets, as JSON.
pub async fn guard(State(access): State<Access>, req: Request, next: Next) -> Response {
    match admit(&access, &req) {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

fn admit(access: &Access, req: &Request) -> Result<(), ApiError> {
    let host = req.headers().get(HOST).and_then(|h| h.to_str().ok());
    if !host.is_some_and(|h| access.host_ok(h)) {
        return Err(forbidden(format!(
            "this server answers to the names it was started for (127.0.0.1, localhost, [::1] \
             or its --host) on port {}, not to `Host: {}`",
            access.port,
            host.unwrap_or("(none)")
        )));
    }
    if req.method() == Method::POST {
        if let Some(origin) = req.headers().get(ORIGIN) {
            let origin = origin.to_str().unwrap_or("(not text)");
            if !access.origin_ok(origin) {
                return Err(forbidden(format!(
                    "requests from pages of `{origin}` are refused: only the playground's own \
                     page may post"
                )));
            }
        }
    }
    let target = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if target > access.uri_bytes {
        return Err(ApiError {
            status: StatusCode::URI_TOO_LONG,
            message: format!(
                "the address has {target} bytes, more than {}",
                access.uri_bytes
            ),
            diagnostics: json!([]),
        });
    }
    Ok(())
}

fn forbidden(message: String) -> ApiError {
    ApiError {
        status: StatusCode::FORBIDDEN,
        message,
        diagnostics: json!([]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_of_a_local_server() {
        let a = Access::new("127.0.0.1:8080".parse().unwrap(), 100);
        for ok in [
            "127.0.0.1:8080",
            "localhost:8080",
            "LOCALHOST:8080",
            "[::1]:8080",
        ] {
            assert!(a.host_ok(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "localhost:9090",
            "localhost",
            "127.0.0.1:8080x",
            "localhost.evil.example:8080",
            "10.0.0.1:8080",
            "",
        ] {
            assert!(!a.host_ok(bad), "{bad}");
        }
        assert!(a.origin_ok("http://localhost:8080"));
        assert!(!a.origin_ok("http://evil.example:8080"));
        assert!(!a.origin_ok("null"));
        assert!(!a.origin_ok("https://localhost:8080"));
    }

    #[test]
    fn the_given_host_and_every_ip_of_an_unspecified_one() {
        let a = Access::new("192.168.1.5:80".parse().unwrap(), 100);
        assert!(a.host_ok("192.168.1.5"));
        assert!(a.host_ok("192.168.1.5:80"));
        assert!(!a.host_ok("10.0.0.1"));
        let any = Access::new("0.0.0.0:8080".parse().unwrap(), 100);
        assert!(any.host_ok("10.0.0.1:8080"));
        assert!(any.host_ok("[fe80::1]:8080"));
        assert!(!any.host_ok("evil.example:8080"));
    }
}
