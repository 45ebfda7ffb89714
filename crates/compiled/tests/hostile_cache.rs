//! Issue 38, items 5 and 6: a build past its limits ends with an error naming the limit and
//! leaves nothing behind; the cache refuses a library of another game copied over a key, and
//! entries others could have written.

mod common;

use common::repo_root;
use compiled::artefact::{self, BuildError};
use compiled::codegen::ABI_VERSION;
use compiled::{
    BuildLimits, BuildOptions, Cache, CompiledGame, Error, LoadError, Optimise, TrustError,
};
use std::path::{Path, PathBuf};
use std::time::Duration;

fn tic_tac_toe() -> String {
    std::fs::read_to_string(repo_root().join("corpus/rbg/ticTacToe.rbg")).unwrap()
}

fn game(text: &str) -> ir::Game {
    rbg::parse_game(text).unwrap().game
}

/// A fresh cache folder for one test.
fn fresh_cache(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn options(dir: &Path, limits: BuildLimits) -> BuildOptions {
    BuildOptions {
        cache: Cache::Dir(dir.to_path_buf()),
        optimise: Optimise::Quick,
        limits,
        ..BuildOptions::default()
    }
}

/// The cache's library for `text`, built without being loaded in this process (so that no
/// loaded copy can stand in for the file later).
fn build_unloaded(text: &str, dir: &Path) -> PathBuf {
    let source = compiled::engine::generate_source(&game(text)).unwrap();
    let cache = Cache::Dir(dir.to_path_buf());
    let limits = BuildLimits::default();
    artefact::build(&source, ABI_VERSION, Optimise::Quick, &cache, &limits)
        .unwrap()
        .path
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_library_of_another_game_copied_over_a_key_is_refused() {
    let dir = fresh_cache("tampered-cache");
    let original = tic_tac_toe();
    // The same shape (vertices, pieces, players, variables, states, modifiers), other scores:
    // before build ids, this library loaded silently and gave wrong scores.
    let other = original.replace("[$ me = 100, opp = 0]", "[$ me = 99, opp = 1]");
    assert_ne!(original, other);
    let key_path = build_unloaded(&original, &dir);
    let other_path = build_unloaded(&other, &dir);
    assert_ne!(key_path, other_path);
    // Copied over the key as an attacker or a confused script would (a new file, renamed).
    let copy = dir.join("copy.tmp");
    std::fs::copy(&other_path, &copy).unwrap();
    std::fs::rename(&copy, &key_path).unwrap();
    let err = CompiledGame::new(&game(&original), &options(&dir, BuildLimits::default()))
        .err()
        .expect("the tampered entry is refused");
    assert!(
        matches!(err, Error::Load(LoadError::BuildIdDiffers { .. })),
        "{err}"
    );
    assert!(err.to_string().contains("build id differs"), "{err}");
    // The other game's own entry still loads.
    let fine = CompiledGame::new(&game(&other), &options(&dir, BuildLimits::default())).unwrap();
    assert!(fine.cache_hit);
}

#[cfg(unix)]
#[test]
fn entries_and_folders_others_can_write_are_refused() {
    use std::os::unix::fs::PermissionsExt;
    let dir = fresh_cache("writable-cache");
    let text = tic_tac_toe();
    let lib = build_unloaded(&text, &dir);
    let chmod = |p: &Path, mode: u32| {
        std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap()
    };
    let try_load = || CompiledGame::new(&game(&text), &options(&dir, BuildLimits::default()));
    chmod(&lib, 0o664);
    let err = try_load()
        .err()
        .expect("a group-writable library is refused");
    assert!(
        matches!(
            err,
            Error::Build(BuildError::Untrusted(TrustError::WritableFile {
                mode: 0o664,
                ..
            }))
        ),
        "{err}"
    );
    chmod(&lib, 0o500);
    chmod(&dir, 0o777);
    let err = try_load()
        .err()
        .expect("a world-writable cache folder is refused");
    assert!(
        err.to_string().contains("can be written by others"),
        "{err}"
    );
    chmod(&dir, 0o700);
    // A symbolic link in place of the library is not followed.
    let real = dir.join("elsewhere.so");
    std::fs::rename(&lib, &real).unwrap();
    std::os::unix::fs::symlink(&real, &lib).unwrap();
    let err = try_load().err().expect("a link is refused");
    assert!(err.to_string().contains("not a regular file"), "{err}");
}

#[test]
fn a_build_past_its_time_limit_is_stopped_and_leaves_no_folder() {
    let dir = fresh_cache("timeout-cache");
    let limits = BuildLimits {
        timeout: Duration::from_millis(1),
        ..BuildLimits::default()
    };
    let err = CompiledGame::new(&game(&tic_tac_toe()), &options(&dir, limits))
        .err()
        .expect("the build is stopped");
    assert!(
        matches!(err, Error::Build(BuildError::TimedOut(_))),
        "{err}"
    );
    assert!(err.to_string().contains("--build-timeout"), "{err}");
    assert_eq!(names_in(&dir), Vec::<String>::new());
}

#[test]
fn a_build_past_its_memory_limit_fails_with_an_error_naming_it() {
    let dir = fresh_cache("memory-cache");
    let limits = BuildLimits {
        memory_mb: 64,
        ..BuildLimits::default()
    };
    let err = CompiledGame::new(&game(&tic_tac_toe()), &options(&dir, limits))
        .err()
        .expect("rustc cannot run in 64 MB of address space");
    assert!(
        matches!(err, Error::Build(BuildError::OutOfMemory(64))),
        "{err}"
    );
    assert_eq!(names_in(&dir), Vec::<String>::new());
}
