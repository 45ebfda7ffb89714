//! rbgtool's language server (`rbgtool lsp`): the front ends' diagnostics and name knowledge
//! served over the Language Server Protocol.
//!
//! * [`text`]: byte offsets to LSP positions (UTF-16 code units) and back;
//! * [`lang`]: which language a document is, from its URI or language id;
//! * [`document`]: what the server keeps of an open document;
//! * [`diagnostics`]: codespan diagnostics of RBG, SBG and GDL as LSP diagnostics;
//! * [`rbg_names`]: declarations and uses of names in RBG text (macros, players, pieces,
//!   variables, directions) for definition, hover, completion and symbols;
//! * [`sbg_names`], [`gdl_names`]: the same table for SBG pieces and GDL relations;
//! * [`requests`]: definition, references, hover, completion, document symbols, formatting,
//!   rename;
//! * [`format`]: whole-document formatting (RBG by `rbg::format`; SBG and GDL by their printers, only without comments);
//! * [`server`]: the document store and the request loop over an `lsp_server::Connection`;
//! * [`transport`]: the `Content-Length` framing over any byte stream, skipping (and logging)
//!   bad messages instead of ending the server, with a cap on the body size.
//!
//! The crate does no I/O of its own: the CLI hands [`transport::connect`] its standard input
//! and output.

pub mod diagnostics;
pub mod document;
pub mod format;
pub mod gdl_names;
pub mod lang;
pub mod rbg_names;
pub mod requests;
pub mod sbg_names;
pub mod server;
pub mod text;
pub mod transport;

pub use lsp_server::Connection;
pub use server::serve;
