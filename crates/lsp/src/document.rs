//! An open document: what the server keeps of each file the client opened.

use crate::lang::Lang;

/// An open document.
pub struct Document {
    pub lang: Lang,
    pub text: String,
    pub version: i32,
}
