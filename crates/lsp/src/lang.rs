//! The language of a document.

use lsp_types::Uri;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Rbg,
    Sbg,
    Gdl,
}

impl Lang {
    /// From the file extension of the URI, else from the client's language id.
    pub fn of(uri: &Uri, language_id: &str) -> Option<Lang> {
        let path = uri.path().as_str();
        let ext = path.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
        match ext.as_deref() {
            Some("rbg") => return Some(Lang::Rbg),
            Some("sbg") => return Some(Lang::Sbg),
            Some("kif" | "gdl") => return Some(Lang::Gdl),
            _ => {}
        }
        match language_id {
            "rbg" => Some(Lang::Rbg),
            "sbg" => Some(Lang::Sbg),
            "gdl" | "kif" => Some(Lang::Gdl),
            _ => None,
        }
    }
}
