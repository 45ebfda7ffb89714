//! `rbgtool ggp player`: the GGP HTTP transport around [`ggp::Player`]. A manager POSTs each
//! message as the body of a request and reads the reply as the body of the response. Requests
//! are handled one at a time (a player plays one match); each is bounded in size and in time,
//! and a malformed one gets a 400 without ending the player.

use crate::diag::CliError;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, TcpListener, TcpStream};
use std::time::Duration;

/// The largest request body read (game descriptions are a few hundred kilobytes at most).
const MAX_BODY: usize = 16 << 20;
/// The most header bytes read.
const MAX_HEADER: usize = 64 << 10;
/// A client that sends nothing for this long is dropped.
const IO_TIMEOUT: Duration = Duration::from_secs(10);
/// Log lines show this many characters of a message or reply.
const LOG_CHARS: usize = 200;

pub fn player(host: IpAddr, port: u16, agent: &str, name: &str, seed: u64) -> Result<(), CliError> {
    let agent = agents::parse_agent_spec(agent).map_err(CliError::Usage)?;
    let options = ggp::PlayerOptions {
        agent,
        seed,
        ..ggp::PlayerOptions::default()
    };
    let mut player = ggp::Player::new(name, options).map_err(CliError::Usage)?;
    let listener = TcpListener::bind((host, port))
        .map_err(|e| CliError::Io(format!("cannot listen on {host}:{port}: {e}")))?;
    let address = listener
        .local_addr()
        .map_err(|e| CliError::Io(format!("cannot listen on {host}:{port}: {e}")))?;
    eprintln!("ggp player {name} listening on http://{address}/");
    for stream in listener.incoming() {
        let Ok(mut stream) = stream else {
            continue;
        };
        let _ = stream.set_read_timeout(Some(IO_TIMEOUT));
        let _ = stream.set_write_timeout(Some(IO_TIMEOUT));
        match read_request(&mut stream) {
            Ok(Request::Options) => respond(&mut stream, "200 OK", ""),
            Ok(Request::Message(body)) => {
                let reply = answer(&mut player, &body);
                respond(&mut stream, "200 OK", &reply);
            }
            Err(e) => {
                eprintln!("ggp: bad request: {e}");
                respond(&mut stream, "400 Bad Request", &e);
            }
        }
    }
    Ok(())
}

/// The reply to a message body; a message that cannot be answered is logged and answered
/// `nil`, which the manager replaces by a legal move of its own.
fn answer(player: &mut ggp::Player, body: &str) -> String {
    let reply = ggp::parse_message(body).and_then(|m| player.handle(&m));
    match reply {
        Ok(reply) => {
            eprintln!("ggp: {} -> {}", short(body), short(&reply));
            reply
        }
        Err(e) => {
            eprintln!("ggp: {} -> error: {}", short(body), short(&e));
            "nil".into()
        }
    }
}

fn short(text: &str) -> String {
    let text = game::text::normalize(text);
    if text.chars().count() <= LOG_CHARS {
        text
    } else {
        let cut: String = text.chars().take(LOG_CHARS).collect();
        format!("{cut}…")
    }
}

enum Request {
    /// A CORS preflight (managers running in a browser send one first).
    Options,
    Message(String),
}

fn read_request(stream: &mut TcpStream) -> Result<Request, String> {
    let mut reader = BufReader::new(stream);
    let mut header_bytes = 0usize;
    let mut line = String::new();
    let mut request_line = None;
    let mut length = None;
    loop {
        line.clear();
        let n = reader
            .by_ref()
            .take((MAX_HEADER - header_bytes) as u64)
            .read_line(&mut line)
            .map_err(|e| format!("reading the request: {e}"))?;
        header_bytes += n;
        if n == 0 || header_bytes >= MAX_HEADER {
            return Err("the request's header is cut short or too long".into());
        }
        let text = line.trim_end();
        if text.is_empty() {
            break;
        }
        if request_line.is_none() {
            request_line = Some(text.to_string());
        } else if let Some((key, value)) = text.split_once(':') {
            if key.trim().eq_ignore_ascii_case("content-length") {
                let n: usize = value
                    .trim()
                    .parse()
                    .map_err(|_| format!("a bad Content-Length: {}", value.trim()))?;
                length = Some(n);
            }
        }
    }
    let request_line = request_line.unwrap_or_default();
    if request_line.starts_with("OPTIONS ") {
        return Ok(Request::Options);
    }
    if !request_line.starts_with("POST ") {
        return Err(format!("expected a POST, not `{}`", short(&request_line)));
    }
    let length = length.ok_or("a POST without Content-Length")?;
    if length > MAX_BODY {
        return Err(format!("a body of {length} bytes, more than {MAX_BODY}"));
    }
    let mut body = vec![0u8; length];
    reader
        .read_exact(&mut body)
        .map_err(|e| format!("reading the body: {e}"))?;
    String::from_utf8(body)
        .map(Request::Message)
        .map_err(|_| "the body is not UTF-8".into())
}

fn respond(stream: &mut TcpStream, status: &str, body: &str) {
    let head = format!(
        "HTTP/1.0 {status}\r\nContent-Type: text/acknowledge\r\nContent-Length: {}\r\n\
         Access-Control-Allow-Origin: *\r\nAccess-Control-Allow-Methods: POST, GET, OPTIONS\r\n\
         Access-Control-Allow-Headers: Content-Type\r\nConnection: close\r\n\r\n",
        body.len()
    );
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body.as_bytes());
    let _ = stream.flush();
}
