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
    let agent = agents::parse_agent_spec(agent).map_err(|e| CliError::Usage(e.to_string()))?;
    let options = ggp::PlayerOptions {
        agent,
        seed,
        ..ggp::PlayerOptions::default()
    };
    let mut player = ggp::Player::new(name, options).map_err(|e| CliError::Usage(e.to_string()))?;
    let listener = TcpListener::bind((host, port))
        .map_err(|e| CliError::Io(format!("cannot listen on {host}:{port}: {e}")))?;
    let address = listener
        .local_addr()
        .map_err(|e| CliError::Io(format!("cannot listen on {host}:{port}: {e}")))?;
    log(&format!("ggp player {name} listening on http://{address}/"));
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
                log(&format!("ggp: bad request: {e}"));
                respond(&mut stream, "400 Bad Request", &e.to_string());
            }
        }
    }
    Ok(())
}

/// The reply to a message body; a message that cannot be answered is logged and answered
/// `nil`, which the manager replaces by a legal move of its own.
fn answer(player: &mut ggp::Player, body: &str) -> String {
    let reply = match ggp::parse_message(body) {
        Ok(m) => player.handle(&m).map_err(|e| e.to_string()),
        Err(e) => Err(e.to_string()),
    };
    match reply {
        Ok(reply) => {
            log(&format!("ggp: {} -> {}", short(body), short(&reply)));
            reply
        }
        Err(e) => {
            log(&format!("ggp: {} -> error: {}", short(body), short(&e)));
            "nil".into()
        }
    }
}

/// A line on standard error; a closed standard error does not stop the player.
fn log(line: &str) {
    let _ = writeln!(std::io::stderr().lock(), "{line}");
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

/// Why a request is refused (with a 400 whose body says why).
#[derive(Debug, thiserror::Error)]
enum RequestError {
    #[error("reading the request: {0}")]
    Header(#[source] std::io::Error),
    #[error("the request's header is cut short or too long")]
    HeaderSize,
    #[error("a bad Content-Length: {0}")]
    ContentLength(String),
    /// Any method but POST and OPTIONS; the request line, shortened when displayed.
    #[error("expected a POST, not `{}`", short(.0))]
    NotPost(String),
    #[error("a POST without Content-Length")]
    NoLength,
    #[error("a body of {0} bytes, more than {MAX_BODY}")]
    TooLarge(usize),
    #[error("reading the body: {0}")]
    Body(#[source] std::io::Error),
    #[error("the body is not UTF-8")]
    NotUtf8,
}

enum Request {
    /// A CORS preflight (managers running in a browser send one first).
    Options,
    Message(String),
}

fn read_request(stream: &mut TcpStream) -> Result<Request, RequestError> {
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
            .map_err(RequestError::Header)?;
        header_bytes += n;
        if n == 0 || header_bytes >= MAX_HEADER {
            return Err(RequestError::HeaderSize);
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
                    .map_err(|_| RequestError::ContentLength(value.trim().to_string()))?;
                length = Some(n);
            }
        }
    }
    let request_line = request_line.unwrap_or_default();
    if request_line.starts_with("OPTIONS ") {
        return Ok(Request::Options);
    }
    if !request_line.starts_with("POST ") {
        return Err(RequestError::NotPost(request_line));
    }
    let length = length.ok_or(RequestError::NoLength)?;
    if length > MAX_BODY {
        return Err(RequestError::TooLarge(length));
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).map_err(RequestError::Body)?;
    String::from_utf8(body)
        .map(Request::Message)
        .map_err(|_| RequestError::NotUtf8)
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

/// `rbgtool ggp match`: `games` matches of `input` between the players at `urls` (one per
/// role), the seats rotating: match `i` seats player `(r + i) mod n` at role `r`. An RBG or
/// SBG game is played through its GDL translation.
pub fn manage(
    input: &crate::cli::InputArgs,
    urls: &[String],
    spec: &::ggp::MatchSpec,
    games: u64,
    record: Option<&std::path::Path>,
    global: &crate::cli::Global,
) -> Result<(), CliError> {
    let loaded = super::load::load(input, global)?;
    let rules = super::convert::gdl_text(&loaded, convert::GdlOptions::default(), global)?;
    let played_as = (loaded.source.lang != crate::cli::Lang::Gdl).then(|| "gdl".to_string());
    let addresses = urls
        .iter()
        .map(|u| address(u))
        .collect::<Result<Vec<String>, CliError>>()?;
    let roles = ::ggp::manager::roles(&rules).map_err(|e| CliError::Game(e.to_string()))?;
    if roles.len() != urls.len() {
        return Err(CliError::Usage(format!(
            "the game has {} ({}) but {} given",
            game::text::counted(roles.len(), "role"),
            roles.join(", "),
            match urls.len() {
                1 => "1 player was".to_string(),
                n => format!("{n} players were"),
            }
        )));
    }
    let n = urls.len();
    // Per player: the sum of its goals and the matches that finished.
    let mut totals = vec![(0i64, 0u64); n];
    let mut records = String::new();
    for i in 0..games {
        let seat = |r: usize| (r + i as usize) % n;
        let mut transport = Http {
            addresses: (0..n).map(|r| addresses[seat(r)].clone()).collect(),
        };
        let spec = ::ggp::MatchSpec {
            id: format!("{}-{i}", spec.id),
            seed: spec.seed.wrapping_add(i),
            ..spec.clone()
        };
        let log = ::ggp::run_match(&rules, &spec, &mut transport)
            .map_err(|e| CliError::Game(e.to_string()))?;
        for line in &log.incidents {
            eprintln!("ggp: {line}");
        }
        if games > 1 {
            println!("match {} of {games}:", i + 1);
        }
        println!("{:<12} {:<40} {:>5}", "role", "player", "goal");
        for (r, role) in log.roles.iter().enumerate() {
            let goal = log.goals.as_ref().and_then(|g| g.get(r)).copied();
            if let Some(g) = goal {
                totals[seat(r)].0 += g;
                totals[seat(r)].1 += 1;
            }
            let goal = goal.map_or("-".to_string(), |g| g.to_string());
            println!("{role:<12} {:<40} {goal:>5}", urls[seat(r)]);
        }
        let end = if log.goals.is_some() {
            "finished"
        } else {
            "unfinished"
        };
        let turns = log.moves.len();
        let replaced = log.replaced;
        let s = |k: usize| if k == 1 { "" } else { "s" };
        println!(
            "{turns} turn{}, {end}, {replaced} repl{} replaced",
            s(turns),
            if replaced == 1 { "y" } else { "ies" }
        );
        records.push_str(&game::record::print(&game::record::Record {
            game: input.file.display().to_string(),
            hash: game::record::content_hash(&loaded.source.text),
            played_as: played_as.clone(),
            players: log.roles.clone(),
            agents: (0..n).map(|r| urls[seat(r)].clone()).collect(),
            seed: Some(spec.seed),
            date: super::play::utc_now(),
            position: None,
            moves: log.moves.clone(),
            result: log.goals.clone(),
        }));
    }
    if games > 1 {
        println!("{:<40} {:>8} {:>10}", "player", "finished", "goal sum");
        for (p, (sum, finished)) in totals.iter().enumerate() {
            println!("{:<40} {finished:>8} {sum:>10}", urls[p]);
        }
    }
    if let Some(path) = record {
        crate::output::write_file(path, records.as_bytes())
            .map_err(|e| CliError::Io(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(())
}

/// `host:port` of an `http://host:port/...` address.
fn address(url: &str) -> Result<String, CliError> {
    let rest = url.strip_prefix("http://").unwrap_or(url);
    let host = rest.split('/').next().unwrap_or_default();
    if host.is_empty() {
        return Err(CliError::Usage(format!(
            "`{url}` is no player address such as http://127.0.0.1:9147/"
        )));
    }
    Ok(if host.contains(':') {
        host.to_string()
    } else {
        format!("{host}:80")
    })
}

/// The players over HTTP, each message in its own thread so that the clocks run together.
struct Http {
    addresses: Vec<String>,
}

impl ::ggp::Transport for Http {
    fn exchange(
        &mut self,
        messages: &[(usize, String)],
        clock: Duration,
    ) -> Vec<Result<String, ::ggp::TransportError>> {
        std::thread::scope(|s| {
            let handles: Vec<_> = messages
                .iter()
                .map(|(p, text)| {
                    let address = self.addresses.get(*p).cloned().unwrap_or_default();
                    s.spawn(move || post(&address, text, clock))
                })
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or(Err(PostError::Panicked))
                        .map_err(Into::into)
                })
                .collect()
        })
    }
}

/// Why a player's reply is missing.
#[derive(Debug, thiserror::Error)]
enum PostError {
    /// The address could not be resolved or connected to.
    #[error("{address}: {source}")]
    Connect {
        address: String,
        source: std::io::Error,
    },
    #[error("{address}: no address")]
    NoAddress { address: String },
    #[error("sending: {0}")]
    Send(#[source] std::io::Error),
    #[error("late: no reply within {} s", .clock.as_secs())]
    Late { clock: Duration },
    #[error("reading the reply: {0}")]
    Read(#[source] std::io::Error),
    #[error("the connection was closed without a reply")]
    Closed,
    /// The reply's status line, when the status is not 200.
    #[error("the reply's status is `{0}`")]
    Status(String),
    /// The thread sending the message panicked.
    #[error("the exchange failed")]
    Panicked,
}

/// The reply to one message, or why there is none; a reply after `clock` (and half a second
/// for the network) is late.
fn post(address: &str, body: &str, clock: Duration) -> Result<String, PostError> {
    use std::net::ToSocketAddrs;
    let start = std::time::Instant::now();
    let limit = clock + Duration::from_millis(500);
    let connect = |source| PostError::Connect {
        address: address.to_string(),
        source,
    };
    let socket = address
        .to_socket_addrs()
        .map_err(connect)?
        .next()
        .ok_or_else(|| PostError::NoAddress {
            address: address.to_string(),
        })?;
    let mut stream = TcpStream::connect_timeout(&socket, limit).map_err(connect)?;
    let _ = stream.set_read_timeout(Some(limit));
    let _ = stream.set_write_timeout(Some(limit));
    let request = format!(
        "POST / HTTP/1.0\r\nHost: {address}\r\nContent-Type: text/acl\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .map_err(PostError::Send)?;
    let mut response = Vec::new();
    let read = stream.take(MAX_BODY as u64).read_to_end(&mut response);
    if start.elapsed() > limit {
        return Err(PostError::Late { clock });
    }
    read.map_err(PostError::Read)?;
    let response = String::from_utf8_lossy(&response);
    let Some((head, body)) = response.split_once("\r\n\r\n") else {
        return Err(PostError::Closed);
    };
    let status = head.lines().next().unwrap_or_default();
    if status.split_whitespace().nth(1) != Some("200") {
        return Err(PostError::Status(status.to_string()));
    }
    Ok(body.to_string())
}
