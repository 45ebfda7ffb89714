//! Every game of our own RBG corpus (`corpus/rbg/*.rbg`) parses without warnings, passes
//! validation, round-trips through LL-RBG (the printed low-level text parses back to the same
//! IR), and compiles for the reasoner, whose initial state (after the keeper's opening moves)
//! has a player to move with at least one legal move.

use codespan_reporting::diagnostic::Diagnostic;
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, termcolor::NoColor, Config};
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

fn render(name: &str, src: &str, diags: &[Diagnostic<()>]) -> String {
    let file = SimpleFile::new(name, src);
    let mut out = NoColor::new(Vec::new());
    for d in diags {
        term::emit_to_write_style(&mut out, &Config::default(), &file, d).expect("render");
    }
    String::from_utf8_lossy(&out.into_inner()).into_owned()
}

/// Checks one game; returns what is wrong with it.
fn check(name: &str, src: &str) -> Vec<String> {
    let mut failures = Vec::new();
    let parsed = match rbg::parse_game(src) {
        Ok(p) => p,
        Err(diags) => {
            return vec![format!(
                "{name}: does not parse\n{}",
                render(name, src, &diags)
            )]
        }
    };
    if !parsed.warnings.is_empty() {
        failures.push(format!(
            "{name}: warnings\n{}",
            render(name, src, &parsed.warnings)
        ));
    }
    let ll = rbg::print_ll(&parsed.game);
    match rbg::parse_game(&ll) {
        Err(d) => failures.push(format!(
            "{name}: LL-RBG output does not parse\n{}",
            render("ll", &ll, &d)
        )),
        Ok(back) => {
            if let Err(e) = ir::compare::same_game(&parsed.game, &back.game, Default::default()) {
                failures.push(format!("{name}: LL-RBG round trip differs: {e}"));
            }
        }
    }
    let reasoner = match reasoner::Reasoner::new(&parsed.game) {
        Ok(r) => r,
        Err(e) => {
            failures.push(format!("{name}: the reasoner rejects it: {e:?}"));
            return failures;
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
    failures
}

#[test]
fn every_corpus_game_parses_validates_round_trips_and_starts() {
    let files = corpus_files();
    assert!(
        files.len() >= 11,
        "expected at least the 11 corpus games, found {}",
        files.len()
    );
    let mut failures = Vec::new();
    for path in &files {
        let name = format!("corpus/rbg/{}", path.file_name().unwrap().to_string_lossy());
        let src = std::fs::read_to_string(path).unwrap();
        failures.extend(check(&name, &src));
    }
    eprintln!("{} corpus games checked", files.len());
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
