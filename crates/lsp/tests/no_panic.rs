//! Any text, any cursor: the answers never panic.

use lsp::lang::Lang;
use lsp::requests;
use lsp::server::Document;
use lsp_types::{Position, Uri};
use proptest::prelude::*;

/// Texts from RBG, SBG and GDL characters, multi-byte ones included.
fn text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop::sample::select(vec![
            "#",
            "players",
            "pieces",
            "board",
            "rules",
            "variables",
            " = ",
            "a",
            "b(",
            ")",
            "[",
            "]",
            "{",
            "}",
            ":",
            ",",
            ";",
            "~",
            "é",
            "𝄞",
            "\n",
            "->",
            "rectangle(",
            "(<= ",
            "?x",
            "<<",
            "/*",
            "*/",
            "//",
            "1",
            " ",
            "<BOARD>",
            "<PIECES>",
            "<GOALS>",
            "|",
            "&",
            "@",
            "P",
            "p",
            "(e,1,p)",
        ]),
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #[test]
    fn requests_never_panic(text in text(), line in 0u32..6, character in 0u32..30) {
        let uri: Uri = "file:///t.rbg".parse().unwrap();
        for lang in [Lang::Rbg, Lang::Sbg, Lang::Gdl] {
            let doc = Document { lang, text: text.clone(), version: 0 };
            let at = Position::new(line, character);
            lsp::diagnostics::diagnostics(&uri, lang, &text);
            requests::definition(&uri, &doc, at);
            requests::references(&uri, &doc, at, true);
            requests::hover(&doc, at);
            requests::completion(&doc);
            requests::symbols(&doc);
            requests::formatting(&doc);
            let _ = requests::rename(&uri, &doc, at, "z");
        }
    }
}
