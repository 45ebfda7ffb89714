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

/// The warnings of a description that must pass the checker.
fn warnings(src: &str) -> Vec<String> {
    let desc = gdl::parse(src).expect("parses");
    let diags = gdl::check(&desc);
    assert!(
        diags.iter().all(|d| d.severity < Severity::Error),
        "{diags:?}"
    );
    diags.into_iter().map(|d| d.message).collect()
}

const GAME: &str = "(init (cell 1)) (<= (next (cell 1)) (true (cell 1))) \
                    (<= (legal ?r noop) (role ?r)) (<= terminal (true (cell 1)))\n";

#[test]
fn several_unconditional_goal_values_are_warned_about() {
    let w = warnings(&format!(
        "(role white) {GAME} (goal white 50) (goal white 100)"
    ));
    assert!(w.iter().any(|m| m.contains("several goal values")), "{w:?}");
    let w = warnings(&format!(
        "(role white) {GAME} (<= (goal ?r 0) (role ?r)) (goal white 100)"
    ));
    assert!(w.iter().any(|m| m.contains("several goal values")), "{w:?}");
    let w = warnings(&format!(
        "(role white) {GAME} (goal white 50) (goal white 50)"
    ));
    assert!(w.is_empty(), "{w:?}");
}

#[test]
fn roles_differing_only_in_case_are_warned_about() {
    let w = warnings(&format!(
        "(role white) (role White) {GAME} (<= (goal ?r 50) (role ?r))"
    ));
    assert!(w.iter().any(|m| m.contains("declared twice")), "{w:?}");
}

/// A relation used in a body but defined nowhere never holds: legal GDL, but a typo as a
/// rule; warned about once, with the nearest defined relation (speedChess.kif of the public
/// corpus uses `coords` without defining it).
#[test]
fn a_relation_used_but_never_defined_is_warned_about() {
    let game = |extra: &str| {
        format!(
            "(role white) (index 1) (index 2) {GAME} (<= (goal ?r 50) (role ?r)) \
             (<= (legal white (mark ?x)) (true (cell 1)) {extra})"
        )
    };
    let w = warnings(&game("(indx ?x) (indx ?x)"));
    assert_eq!(
        w.iter().filter(|m| m.contains("never defined")).count(),
        1,
        "{w:?}"
    );
    assert!(w[0].contains("`indx`"), "{w:?}");
    let (desc, diags) = gdl::parse_and_check(&game("(indx ?x)")).unwrap();
    let _ = desc;
    assert_eq!(diags[0].notes, ["did you mean `index`?"]);
    assert_eq!(diags[0].code.as_deref(), Some("gdl::W01"));
    assert!(warnings(&game("(index ?x)")).is_empty());
}

/// A helper relation no game relation depends on is a warning (`gdl::W02`), with the
/// relation used but never defined that it may have been meant as; a relation one edit from
/// a keyword, used but never defined, is an error (`gdl::E09`).
#[test]
fn unused_relations_warn_and_misspelt_keywords_fail() {
    let base = format!("(role white) {GAME} (<= (goal ?r 50) (role ?r))");
    let (_, diags) = gdl::parse_and_check(&format!(
        "{base} (indx 1) (<= (legal white (mark ?x)) (true (cell 1)) (index ?x))"
    ))
    .unwrap();
    let unused = diags.iter().find(|d| d.message.contains("`indx`")).unwrap();
    assert_eq!(unused.code.as_deref(), Some("gdl::W02"));
    assert_eq!(unused.notes, ["did you mean `index`?"]);
    let errors =
        gdl::parse_and_check(&format!("{base} (<= (legal white go) (tru (cell 1)))")).unwrap_err();
    assert_eq!(errors[0].code.as_deref(), Some("gdl::E09"));
    assert_eq!(errors[0].notes, ["did you mean `true`?"]);
}
