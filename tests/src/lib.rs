//! Helpers shared by the cross-crate tests in `tests/tests/`.

use std::path::PathBuf;

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `../shared/corpus-external` beside the repository, if present. Tests that need it skip
/// (return early with a message) when this is `None`.
pub fn external_corpus() -> Option<PathBuf> {
    let p = repo_root().join("../shared/corpus-external");
    p.is_dir().then_some(p)
}

pub mod positions;
