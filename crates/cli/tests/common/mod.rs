//! Helpers shared by the binary's integration tests (each test file uses some of them).
#![allow(dead_code)]

use std::process::Command;

/// A file of `crates/cli/tests/data`.
pub fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A file of the repository (the corpus, the docs), by its path from the repository root.
pub fn repo(path: &str) -> String {
    format!("{}/../../{path}", env!("CARGO_MANIFEST_DIR"))
}

/// A file of `corpus/`.
pub fn corpus(path: &str) -> String {
    repo(&format!("corpus/{path}"))
}

/// Runs rbgtool with colours off and the tests' own compiled-engine cache; returns (exit
/// code, stdout, stderr).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        .env("RBGTOOL_CACHE", cache_dir())
        .args(["--color", "never"])
        .args(args)
        .output()
        .expect("rbgtool runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The compiled engine's cache for these tests (`--engine auto` compiles for bench, rate
/// and deep perfts), inside the target folder rather than the user's cache.
pub fn cache_dir() -> &'static str {
    concat!(env!("CARGO_TARGET_TMPDIR"), "/cli-compiled-cache")
}

/// A fresh, empty scratch folder for one test (`tag` names it; the test removes it).
pub fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rbgtool-cli-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
