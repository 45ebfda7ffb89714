//! Every game of our own RBG corpus (`corpus/rbg/*.rbg`) parses, passes validation and
//! compiles for the reasoner, whose initial state (after the keeper's opening moves) has a
//! player to move with at least one legal move.

use game::GameState;
use rbgtool_tests::repo_root;
use std::path::PathBuf;

fn corpus_files() -> Vec<PathBuf> {
    let dir = repo_root().join("corpus/rbg");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rbg"))
        .collect();
    files.sort();
    files
}

fn messages(diags: &[codespan_reporting::diagnostic::Diagnostic<()>]) -> String {
    diags
        .iter()
        .map(|d| format!("{:?}: {} {:?}", d.severity, d.message, d.labels))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_corpus_game_parses_validates_and_starts() {
    let files = corpus_files();
    assert!(files.len() >= 11, "expected the 11 corpus games, found {}", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let src = std::fs::read_to_string(path).unwrap();
        let parsed = match rbg::parse_game(&src) {
            Ok(p) => p,
            Err(diags) => {
                failures.push(format!("{name}: does not parse:\n{}", messages(&diags)));
                continue;
            }
        };
        if !parsed.warnings.is_empty() {
            failures.push(format!("{name}: warnings:\n{}", messages(&parsed.warnings)));
        }
        let reasoner = match reasoner::Reasoner::new(&parsed.game) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name}: reasoner rejects it: {e:?}"));
                continue;
            }
        };
        match reasoner.initial_state() {
            Ok(mut state) => {
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                if moves.is_empty() || state.current_player().is_none() {
                    failures.push(format!("{name}: no player to move in the initial state"));
                }
            }
            Err(e) => failures.push(format!("{name}: initial keeper completion fails: {e:?}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
