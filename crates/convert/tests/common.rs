//! Shared helpers of the SBG → RBG tests.
#![allow(dead_code)] // each test binary uses a different part of this module

use game::perft::{perft_stats, DepthStats};
use std::path::PathBuf;

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every SBG game we check: our corpus, then the public ones when `../shared` is present.
pub fn sbg_games() -> Vec<(String, String)> {
    let mut dirs = vec![repo().join("corpus/sbg")];
    let shared = repo().join("../shared/corpus-external/sbg");
    if shared.is_dir() {
        dirs.push(shared);
    } else {
        eprintln!("note: ../shared/corpus-external absent; checking our own corpus only");
    }
    let mut out = Vec::new();
    for d in dirs {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        let mut files: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "sbg"))
            .collect();
        files.sort();
        for f in files {
            let text = std::fs::read_to_string(&f).expect("readable");
            out.push((f.display().to_string(), text));
        }
    }
    out
}

/// Native and translated perft statistics, depth by depth, stopping once a depth has more
/// than `leaf_budget` leaves (so each game costs a few seconds at most).
pub fn compare(
    game: &sbg::Game,
    max_depth: u32,
    leaf_budget: u64,
) -> (Vec<DepthStats>, Vec<DepthStats>) {
    let mut native = sbg::Engine::new(game).expect("native engine builds");
    let ir = convert::sbg_to_ir(game).unwrap_or_else(|e| panic!("{e}"));
    let r = reasoner::Reasoner::new(&ir).expect("reasoner compiles the translation");
    let mut translated = r.initial_state().expect("initial state");
    let mut depth = 1;
    let (mut a, mut b) = (Vec::new(), Vec::new());
    while depth <= max_depth {
        a = perft_stats(&mut native, depth);
        b = perft_stats(&mut translated, depth);
        if a != b || a.last().is_none_or(|s| s.leaves > leaf_budget) {
            break;
        }
        depth += 1;
    }
    (a, b)
}
