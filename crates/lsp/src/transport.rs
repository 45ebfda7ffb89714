//! The wire: LSP's `Content-Length` framing read from any byte stream, written to any sink.
//!
//! `lsp_server`'s own stdio reader ends the whole server on the first framing error, and
//! allocates whatever `Content-Length` declares before reading it. This reader treats a bad
//! message as that message's problem: it logs it (to the caller and to the client, as a
//! `window/logMessage`), skips it and goes on. What it refuses:
//! * a header line longer than [`MAX_HEADER_LINE`], more than [`MAX_HEADERS`] lines, a block
//!   without a valid `Content-Length` (misspelt, negative, not a number): the reader then
//!   skips to the next `Content-Length:` in the stream, where the next message starts;
//! * a body longer than [`MAX_CONTENT_LENGTH`]: its bytes are read and dropped as they come,
//!   never held;
//! * a body that is not UTF-8 JSON of a JSON-RPC message.
//!
//! The loop is written over `BufRead` and `Write`, so tests and the fuzz target drive it with
//! byte slices; the CLI hands it standard input and output.

use lsp_server::{Connection, Message, Notification};
use std::io::{self, BufRead, Read, Write};
use std::thread::JoinHandle;

/// Largest message body read (a whole document is sent on every change; 64 MiB is far above
/// any game text).
pub const MAX_CONTENT_LENGTH: u64 = 64 << 20;
/// Longest header line, and most header lines in one message.
pub const MAX_HEADER_LINE: usize = 8 << 10;
pub const MAX_HEADERS: usize = 32;

/// Why one message was skipped.
#[derive(Debug, PartialEq, Eq)]
pub enum Skipped {
    /// The header block is unusable; the reader looks for the next message.
    Header(String),
    /// The body was read (or dropped) but is no message.
    Body(String),
}

/// One step of the reader.
enum Frame {
    Message(Message),
    Skipped(Skipped),
    End,
}

/// The reader's state: the stream, and whether it must look for the next header first.
pub struct Reader<R> {
    input: R,
    lost: bool,
}

impl<R: BufRead> Reader<R> {
    pub fn new(input: R) -> Reader<R> {
        Reader { input, lost: false }
    }

    /// The next message, or why one was skipped; `Ok(None)` at the end of the stream.
    pub fn next_message(&mut self) -> io::Result<Option<Result<Message, Skipped>>> {
        Ok(match self.frame()? {
            Frame::Message(m) => Some(Ok(m)),
            Frame::Skipped(s) => Some(Err(s)),
            Frame::End => None,
        })
    }

    fn frame(&mut self) -> io::Result<Frame> {
        let first = if std::mem::take(&mut self.lost) {
            match self.find_next_header()? {
                Some(line) => Some(line),
                None => return Ok(Frame::End),
            }
        } else {
            None
        };
        let length = match self.headers(first)? {
            Headers::End => return Ok(Frame::End),
            Headers::Bad(why) => {
                self.lost = true;
                return Ok(Frame::Skipped(Skipped::Header(why)));
            }
            Headers::Length(n) => n,
        };
        if length > MAX_CONTENT_LENGTH {
            // Dropped as it comes: never allocated.
            let dropped = io::copy(&mut (&mut self.input).take(length), &mut io::sink())?;
            return Ok(Frame::Skipped(Skipped::Body(format!(
                "a message of {length} bytes is over the limit of {MAX_CONTENT_LENGTH} \
                 ({dropped} bytes skipped)"
            ))));
        }
        let mut body = Vec::with_capacity(length as usize);
        (&mut self.input).take(length).read_to_end(&mut body)?;
        if (body.len() as u64) < length {
            return Ok(Frame::End);
        }
        Ok(match serde_json::from_slice::<Message>(&body) {
            Ok(m) => Frame::Message(m),
            Err(e) => Frame::Skipped(Skipped::Body(format!("not a JSON-RPC message: {e}"))),
        })
    }

    /// Reads a header block (starting with `first` when resynchronising).
    fn headers(&mut self, first: Option<Vec<u8>>) -> io::Result<Headers> {
        let mut length = None;
        let mut problem = None;
        let mut pending = first;
        for n in 0.. {
            let line = match pending.take() {
                Some(l) => l,
                None => match self.line()? {
                    Line::Text(l) => l,
                    Line::TooLong => return Ok(Headers::Bad("a header line is too long".into())),
                    Line::End if n == 0 => return Ok(Headers::End),
                    Line::End => return Ok(Headers::End),
                },
            };
            if line.is_empty() {
                break;
            }
            if n >= MAX_HEADERS {
                return Ok(Headers::Bad(format!(
                    "more than {MAX_HEADERS} header lines"
                )));
            }
            match header(&line) {
                Ok(Some(len)) => length = Some(len),
                Ok(None) => {}
                Err(why) => problem = problem.or(Some(why.to_string())),
            }
        }
        Ok(match (problem, length) {
            (Some(why), _) => Headers::Bad(why),
            (None, Some(n)) => Headers::Length(n),
            (None, None) => Headers::Bad("a message without a Content-Length header".into()),
        })
    }

    /// One line without its `\r\n` (or `\n`), read at most [`MAX_HEADER_LINE`] bytes far.
    fn line(&mut self) -> io::Result<Line> {
        let mut line = Vec::new();
        let n = (&mut self.input)
            .take(MAX_HEADER_LINE as u64 + 2)
            .read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(Line::End);
        }
        if line.last() != Some(&b'\n') {
            return Ok(if n > MAX_HEADER_LINE {
                Line::TooLong
            } else {
                Line::End
            });
        }
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Ok(Line::Text(line))
    }

    /// Skips bytes up to the next `Content-Length:` (any case) and returns that header line.
    fn find_next_header(&mut self) -> io::Result<Option<Vec<u8>>> {
        const KEY: &[u8] = b"content-length:";
        let mut matched = 0;
        loop {
            let buf = self.input.fill_buf()?;
            if buf.is_empty() {
                return Ok(None);
            }
            let mut used = 0;
            for &b in buf {
                used += 1;
                matched = match b.to_ascii_lowercase() {
                    c if c == KEY[matched] => matched + 1,
                    c if c == KEY[0] => 1,
                    _ => 0,
                };
                if matched == KEY.len() {
                    break;
                }
            }
            self.input.consume(used);
            if matched == KEY.len() {
                return Ok(match self.line()? {
                    Line::Text(rest) => Some([b"Content-Length:".as_slice(), &rest].concat()),
                    // A broken line: look again after it.
                    Line::TooLong => self.find_next_header()?,
                    Line::End => None,
                });
            }
        }
    }
}

enum Line {
    Text(Vec<u8>),
    TooLong,
    End,
}

enum Headers {
    Length(u64),
    Bad(String),
    End,
}

/// Why a header line is refused; the texts are shortened when displayed.
#[derive(Debug, thiserror::Error)]
enum HeaderError {
    #[error("a header line is not UTF-8")]
    NotUtf8,
    #[error("not a header line: {0:.60}")]
    NotAHeader(String),
    #[error("Content-Length is not a byte count: {0:.40}")]
    BadLength(String),
}

/// A header line: `Ok(Some(n))` for a valid `Content-Length`, `Ok(None)` for another header.
fn header(line: &[u8]) -> Result<Option<u64>, HeaderError> {
    let text = std::str::from_utf8(line).map_err(|_| HeaderError::NotUtf8)?;
    let (name, value) = text
        .split_once(':')
        .ok_or_else(|| HeaderError::NotAHeader(text.to_string()))?;
    if !name.trim().eq_ignore_ascii_case("content-length") {
        return Ok(None);
    }
    let value = value.trim();
    match value.parse::<u64>() {
        Ok(n) => Ok(Some(n)),
        Err(_) => Err(HeaderError::BadLength(value.to_string())),
    }
}

/// The threads of a connection made by [`connect`].
pub struct IoThreads {
    reader: JoinHandle<io::Result<()>>,
    writer: JoinHandle<io::Result<()>>,
}

impl IoThreads {
    /// Waits for both threads (the reader ends at the end of input or after `exit`).
    pub fn join(self) -> io::Result<()> {
        let reader = self
            .reader
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("reader panicked")));
        let writer = self
            .writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("writer panicked")));
        reader.and(writer)
    }
}

/// A connection over `input` and `output`: a reader thread that skips bad messages (each
/// reported to `log` and to the client) and a writer thread.
pub fn connect<R, W, L>(input: R, output: W, log: L) -> (Connection, IoThreads)
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
    L: FnMut(&str) + Send + 'static,
{
    let (to_server, from_client) = crossbeam_channel::unbounded::<Message>();
    let (to_client, from_server) = crossbeam_channel::unbounded::<Message>();
    let notices = to_client.clone();
    let reader = std::thread::spawn(move || read_loop(input, &to_server, &notices, log));
    let writer = std::thread::spawn(move || {
        let mut output = output;
        for msg in from_server {
            msg.write(&mut output)?;
        }
        Ok(())
    });
    let connection = Connection {
        sender: to_client,
        receiver: from_client,
    };
    (connection, IoThreads { reader, writer })
}

/// Forwards messages until the input ends, `exit` arrives or the server stops listening.
fn read_loop<R: BufRead, L: FnMut(&str)>(
    input: R,
    to_server: &crossbeam_channel::Sender<Message>,
    notices: &crossbeam_channel::Sender<Message>,
    mut log: L,
) -> io::Result<()> {
    let mut reader = Reader::new(input);
    while let Some(next) = reader.next_message()? {
        match next {
            Ok(msg) => {
                let exit = matches!(&msg, Message::Notification(n) if n.method == "exit");
                if to_server.send(msg).is_err() || exit {
                    return Ok(());
                }
            }
            Err(skipped) => {
                let text = match skipped {
                    Skipped::Header(why) | Skipped::Body(why) => {
                        format!("rbgtool lsp: skipped a bad message: {why}")
                    }
                };
                log(&text);
                let _ = notices.send(log_message(&text));
            }
        }
    }
    Ok(())
}

/// A `window/logMessage` of type Error.
fn log_message(text: &str) -> Message {
    Message::Notification(Notification::new(
        "window/logMessage".into(),
        serde_json::json!({ "type": 1, "message": text }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    fn read_all(bytes: &[u8]) -> Vec<Result<String, Skipped>> {
        let mut r = Reader::new(bytes);
        let mut out = Vec::new();
        while let Some(m) = r.next_message().unwrap() {
            out.push(m.map(|m| match m {
                Message::Notification(n) => n.method,
                Message::Request(r) => r.method,
                Message::Response(_) => "response".into(),
            }));
        }
        out
    }

    const PING: &str = r#"{"jsonrpc":"2.0","method":"ping","params":null}"#;

    #[test]
    fn bad_messages_are_skipped_and_the_next_is_read() {
        let huge = "Content-Length: 99999999999999999\r\n\r\n{}";
        let cases: Vec<String> = vec![
            format!("Content-Lenght: 48\r\n\r\n{PING}"),
            format!("Content-Length: -5\r\n\r\n{PING}"),
            format!("Content-Length: 70000000\r\n\r\n{}", "x".repeat(10)),
            format!("Content-Length: 4\r\n\r\n\u{ff}\u{fe}"),
            frame("[1, 2, 3]"),
            frame(r#"{"jsonrpc":"2.0","foo":1}"#),
            format!("{}\r\n\r\n{PING}", "X".repeat(MAX_HEADER_LINE + 10)),
            "\r\n".repeat(3),
        ];
        for bad in cases {
            let stream = format!("{bad}{}", frame(PING));
            let got = read_all(stream.as_bytes());
            assert!(got.iter().any(|m| m.is_err()), "{bad:.60}: {got:?}");
            // The huge one swallows the rest of the stream (its bytes are dropped, not kept).
            if !bad.starts_with("Content-Length: 70000000") {
                assert_eq!(got.last(), Some(&Ok("ping".into())), "{bad:.60}: {got:?}");
            }
        }
        let got = read_all(huge.as_bytes());
        assert!(matches!(got[..], [Err(Skipped::Body(_))]), "{got:?}");
    }

    #[test]
    fn good_messages_pass_with_other_headers() {
        let stream = format!(
            "Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: {}\r\n\r\n{PING}{}",
            PING.len(),
            frame(PING)
        );
        assert_eq!(
            read_all(stream.as_bytes()),
            vec![Ok("ping".to_string()), Ok("ping".to_string())]
        );
    }
}
