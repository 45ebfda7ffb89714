//! The artefact cache: two builders of the same game at once both get a working library, the
//! next build is a cache hit, and no temporary folder is left behind.

mod common;

use common::repo_root;
use compiled::{BuildOptions, Cache, CompiledGame, Optimise};
use std::path::PathBuf;

#[test]
fn simultaneous_builds_share_the_cache_safely() {
    let src = std::fs::read_to_string(repo_root().join("corpus/rbg/ticTacToe.rbg")).unwrap();
    let game = rbg::parse_game(&src).unwrap().game;
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cache-race");
    let _ = std::fs::remove_dir_all(&dir);
    let options = BuildOptions {
        cache: Cache::Dir(dir.clone()),
        optimise: Optimise::Quick,
        ..BuildOptions::default()
    };
    let built: Vec<CompiledGame> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|_| s.spawn(|| CompiledGame::new(&game, &options).expect("builds")))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for cg in &built {
        let mut state = cg.initial_state().unwrap();
        let leaves = cg
            .perft_by_depth(&mut state, 3)
            .unwrap()
            .last()
            .unwrap()
            .leaves;
        assert_eq!(leaves, 9 * 8 * 7);
    }
    let again = CompiledGame::new(&game, &options).unwrap();
    assert!(again.cache_hit, "the third build finds the library");
    // Only the library itself is left in the cache.
    let files = walk(&dir);
    assert_eq!(files.len(), 1, "{files:?}");
    assert!(files[0]
        .extension()
        .is_some_and(|e| e == "so" || e == "dylib"));
}

fn walk(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            out.extend(walk(&p));
        }
        out.push(p);
    }
    out
}
