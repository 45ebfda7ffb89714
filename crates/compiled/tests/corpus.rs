//! The compiled engine equals the interpreter on every RBG game of the corpus (ours and the
//! external one) and on the SBG→RBG translations: perft leaves and nodes per depth (to the
//! first depth over 12,500 leaves, short of one over 5 million), every leaf applied (to 10^5
//! leaves), terminal counts and score histograms (`common::assert_equal`).

mod common;

use common::{assert_equal, build_all, external, rbg_games, repo_root};

const BUDGET: u64 = 100_000;

fn check_all(games: &[(String, ir::Game)]) {
    let built = build_all(games);
    let mut refused = Vec::new();
    for ((name, g), cg) in games.iter().zip(&built) {
        match cg {
            Ok(cg) => {
                let d = assert_equal(name, g, cg, BUDGET);
                println!(
                    "{name}: equal to depth {d} (built in {:.1}s)",
                    cg.build_seconds
                );
            }
            Err(e) => refused.push(format!("{name}: {e}")),
        }
    }
    assert!(refused.is_empty(), "not compiled: {refused:#?}");
}

#[test]
fn our_rbg_corpus() {
    check_all(&rbg_games(&repo_root().join("corpus/rbg")));
}

#[test]
fn external_rbg_corpus() {
    let Some(dir) = external("rbg/games") else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    check_all(&rbg_games(&dir));
}

#[test]
fn sbg_translations() {
    let dir = repo_root().join("corpus/sbg");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "sbg"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let games: Vec<(String, ir::Game)> = files
        .iter()
        .map(|p| {
            let src = std::fs::read_to_string(p).unwrap();
            let Ok((g, _)) = sbg::parse(&src) else {
                panic!("{} parses", p.display())
            };
            let ir = convert::sbg_to_ir(&g).expect("translates");
            (p.file_name().unwrap().to_string_lossy().into_owned(), ir)
        })
        .collect();
    check_all(&games);
}
