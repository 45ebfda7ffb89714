//! Every file of `corpus/invalid/rbg/` (one kind of error each) is rejected, and the rendered
//! diagnostics are snapshotted (review them: each must point at the right place).

use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::NoColor, Config};
use std::path::Path;

const INVALID: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/invalid/rbg");

fn render(
    name: &str,
    src: &str,
    diags: &[codespan_reporting::diagnostic::Diagnostic<()>],
) -> String {
    let file = SimpleFile::new(name, src);
    let mut out = NoColor::new(Vec::new());
    for d in diags {
        term::emit_to_write_style(&mut out, &Config::default(), &file, d).expect("render");
    }
    String::from_utf8(out.into_inner()).expect("utf8")
}

#[test]
fn invalid_inputs_are_rejected_with_diagnostics() {
    let mut files: Vec<_> = std::fs::read_dir(Path::new(INVALID))
        .expect("corpus/invalid/rbg exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rbg"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for path in files {
        let kind = path
            .file_stem()
            .expect("stem")
            .to_string_lossy()
            .to_string();
        let src = std::fs::read_to_string(&path).expect("read");
        let name = format!("{kind}.rbg");
        let diags = match rbg::parse_game(&src) {
            Ok(_) => panic!("{name} should be rejected"),
            Err(d) => d,
        };
        assert!(!diags.is_empty(), "{name}: no diagnostics");
        insta::assert_snapshot!(kind, render(&name, &src, &diags));
    }
}

/// One misspelt direction inside a macro that chess expands 40 times: one error, at the typo
/// (line 38), with the nearest direction suggested and the expansions counted.
#[test]
fn a_typo_in_a_macro_is_reported_once_at_the_typo() {
    let chess = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/rbg/chess.rbg");
    let src = std::fs::read_to_string(chess).expect("corpus/rbg/chess.rbg");
    let src: String = src
        .lines()
        .enumerate()
        .map(|(i, l)| {
            let l = if i + 1 == 38 {
                l.replacen("down", "donw", 1)
            } else {
                l.to_string()
            };
            l + "\n"
        })
        .collect();
    assert!(src
        .lines()
        .nth(37)
        .unwrap()
        .starts_with("#kingStep = (up + donw"));
    let diags = rbg::parse_game(&src).expect_err("the typo is an error");
    assert_eq!(diags.len(), 1);
    insta::assert_snapshot!("chess_typo_in_macro", render("chess.rbg", &src, &diags));
}
