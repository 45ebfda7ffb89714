//! Fuzz the language server's message loop through its framing reader: after a valid
//! `initialize` handshake, any bytes are read as LSP traffic (headers, bodies, requests on
//! documents). The server must skip what is bad and end at the end of the input — never a
//! panic, never a hang, never an allocation of a declared length.
#![no_main]

use libfuzzer_sys::fuzz_target;

fn frame(body: &str) -> Vec<u8> {
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

fuzz_target!(|data: &[u8]| {
    let mut input =
        frame(r#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#);
    input.extend(frame(
        r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
    ));
    input.extend_from_slice(data);
    let (connection, io) =
        lsp::transport::connect(std::io::Cursor::new(input), std::io::sink(), |_| {});
    let _ = lsp::serve(connection);
    io.join()
        .expect("reading a byte slice and writing to a sink cannot fail");
});
