//! Paths of the test corpora. The shared corpus (other authors' files) lives outside the repo
//! and may be absent: tests then print a note and pass.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Our corpus: `corpus/sbg/*.sbg`.
pub fn our_games() -> Vec<PathBuf> {
    files_with(&repo_root().join("corpus/sbg"), "sbg")
}

/// `../shared/corpus-external/sbg`, if present.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus-external/sbg"
    ));
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!(
            "note: {} is absent; skipping the shared SBG corpus",
            dir.display()
        );
        None
    }
}

pub fn files_with(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e == ext))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// Every full game we can test: ours and the shared ones.
pub fn all_games() -> Vec<PathBuf> {
    let mut v = our_games();
    if let Some(d) = shared_dir() {
        v.extend(files_with(&d, "sbg"));
    }
    v
}

pub fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

pub fn parse_ok(p: &Path) -> sbg::Game {
    let src = read(p);
    match sbg::parse(&src) {
        Ok((g, _)) => g,
        Err(d) => panic!("{}", sbg::render(&d, &p.display().to_string(), &src)),
    }
}
