//! Every file in corpus/invalid/sbg fails to parse with one error of the kind its name says;
//! the rendered diagnostics (no colour) are snapshots.

use std::path::Path;

#[test]
fn invalid_inputs_render_diagnostics() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus/invalid/sbg");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sbg"))
        .collect();
    files.sort();
    assert!(files.len() >= 16);
    let mut codes = Vec::new();
    for p in files {
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(&p).unwrap();
        let parsed = sbg::parse::parse_game(&src);
        assert!(parsed.value.is_none(), "{name} parses");
        assert_eq!(parsed.errors.len(), 1, "{name}: {:?}", parsed.errors);
        let diags = sbg::parse(&src).unwrap_err();
        codes.push(diags[0].code.clone().unwrap());
        let text = sbg::render(&diags, &format!("corpus/invalid/sbg/{name}.sbg"), &src);
        insta::with_settings!({ prepend_module_to_snapshot => false, omit_expression => true }, {
            insta::assert_snapshot!(format!("invalid_sbg__{name}"), text);
        });
    }
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), 16, "one file per error kind: {codes:?}");
}
