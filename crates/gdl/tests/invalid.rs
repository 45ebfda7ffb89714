//! Every file of `corpus/invalid/gdl/` must be rejected (by the parser or the checker) with
//! diagnostics; the rendered diagnostics (no colour) are snapshotted. Adding a file adds a test.

use codespan_reporting::diagnostic::Severity;
use std::path::PathBuf;

const INVALID: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/invalid/gdl");

#[test]
fn invalid_inputs_are_rejected_with_diagnostics() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(INVALID)
        .expect("corpus/invalid/gdl exists")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "kif"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(&path).unwrap();
        let diags = match gdl::parse(&src) {
            Err(d) => d,
            Ok(desc) => gdl::check(&desc),
        };
        assert!(
            diags.iter().any(|d| d.severity >= Severity::Error),
            "{name} was accepted"
        );
        let rendered = gdl::render(&name, &src, &diags);
        let stem = name.trim_end_matches(".kif").to_string();
        insta::with_settings!({ input_file => &path, prepend_module_to_snapshot => false }, {
            insta::assert_snapshot!(stem, rendered);
        });
    }
}
