//! The command line against hostile use: output paths that are links or special files, runaway
//! searches, huge option values, and thousands of errors on one line.

mod common;

use common::{corpus, run, scratch};
use std::process::Command;

#[test]
fn output_through_a_symlink_writes_its_target_and_keeps_the_link() {
    let dir = scratch("link");
    let target = dir.join("target.txt");
    std::fs::write(&target, "old").unwrap();
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink("target.txt", &link).unwrap();
    let game = corpus("sbg/breakthrough.sbg");
    let (code, _, err) = run(&[
        "convert",
        &game,
        "--to",
        "sbg",
        "-o",
        link.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&target).unwrap().contains("<<"));
    // A dangling link: its target is created.
    let dangling = dir.join("dangling.txt");
    std::os::unix::fs::symlink("made.txt", &dangling).unwrap();
    let (code, _, err) = run(&[
        "convert",
        &game,
        "--to",
        "sbg",
        "-o",
        dangling.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(&dangling)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(dir.join("made.txt").is_file());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn output_onto_special_files_writes_into_them() {
    let game = corpus("sbg/breakthrough.sbg");
    let (code, _, err) = run(&["convert", &game, "--to", "sbg", "-o", "/dev/null"]);
    assert_eq!(code, 0, "{err}");
    let meta = std::fs::metadata("/dev/null").unwrap();
    use std::os::unix::fs::FileTypeExt;
    assert!(
        meta.file_type().is_char_device(),
        "/dev/null is still a device"
    );
    // A FIFO: read by a thread while rbgtool writes.
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    let ok = Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success();
    assert!(ok, "mkfifo");
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let (code, _, err) = run(&[
        "convert",
        &game,
        "--to",
        "sbg",
        "-o",
        fifo.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(reader.join().unwrap().contains("<<"));
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn perft_stops_searching_once_a_depth_is_empty() {
    // Tic-tac-toe ends by ply 9: depths 10..=64 are printed as 0 without a search.
    let game = corpus("rbg/ticTacToe.rbg");
    let (code, out, err) = run(&["perft", &game, "--depth", "64", "--json"]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 64);
    assert!(lines[63].contains("\"leaves\":0"), "{}", lines[63]);
    assert!(lines[9].contains("\"leaves\":0"), "{}", lines[9]);
    let (code, _, err) = run(&["perft", &game, "--depth", "65"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("65 is not in 0..=64"), "{err}");
}

#[test]
fn numeric_options_have_upper_bounds() {
    let game = corpus("sbg/breakthrough.sbg");
    let rbg = corpus("rbg/ticTacToe.rbg");
    let cases: Vec<Vec<&str>> = vec![
        vec![
            "evolve",
            "--population",
            "100000000",
            "--out",
            "/nonexistent/x",
        ],
        vec![
            "evolve",
            "--turn-limit",
            "4294967295",
            "--out",
            "/nonexistent/x",
        ],
        vec!["convert", &rbg, "--to", "gdl", "--unroll", "1000000"],
        vec!["record", &game, "--games", "100000000"],
        vec!["play", &game, "--max-length", "18446744073709551615"],
        vec!["bench", &game, "--seconds", "inf"],
        vec!["learn", "/dev/null", "--seconds", "nan"],
        vec!["check", &game, "--memory", "0"],
    ];
    for args in cases {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.lines().count() <= 4, "{args:?}: {err}");
    }
}

#[test]
fn record_stops_a_game_at_its_maximum_length_and_caps_the_records() {
    let game = corpus("sbg/breakthrough.sbg");
    let (code, out, err) = run(&["record", &game, "--games", "2", "--max-length", "3"]);
    assert_eq!(code, 0, "{err}");
    let (code, all, _) = run(&["record", &game, "--games", "2"]);
    assert_eq!(code, 0);
    assert!(out.len() < all.len() / 5, "{} vs {}", out.len(), all.len());
    let (code, _, err) = run(&["record", &game, "--games", "100", "--max-records", "50"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("more than 50 records"), "{err}");
}

#[test]
fn thousands_of_errors_on_one_line_print_one_screen() {
    let dir = scratch("errors");
    let path = dir.join("bad.rbg");
    std::fs::write(
        &path,
        format!("#players = a(1)\n#rules = {}\n", "@".repeat(16_000)),
    )
    .unwrap();
    let (code, _, err) = run(&["check", path.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.len() < 8192, "{} bytes", err.len());
    assert!(err.lines().count() <= 60, "{} lines", err.lines().count());
    assert!(err.contains("more diagnostic(s) not shown"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A reader that stops early (`rbgtool … | head`) ends the output quietly with exit 0, both
/// where the output is written at once (`convert`) and line by line (`moves`).
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::Read;
    use std::process::{Command, Stdio};
    let root = format!("{}/../..", env!("CARGO_MANIFEST_DIR"));
    for args in [
        vec!["convert", "corpus/rbg/chess.rbg", "--to", "gdl"],
        vec!["moves", "corpus/rbg/amazons.rbg", "--json"],
        vec!["perft", "corpus/rbg/chess.rbg", "--depth", "4", "--divide"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
            .env(
                "RBGTOOL_CACHE",
                concat!(env!("CARGO_TARGET_TMPDIR"), "/cli-compiled-cache"),
            )
            .args(&args)
            .current_dir(&root)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("rbgtool runs");
        let mut first = [0u8; 16];
        child.stdout.take().unwrap().read_exact(&mut first).unwrap();
        // The read end is closed here (dropped), before the output is complete.
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(!err.contains("error"), "{args:?}: {err}");
    }
}

/// Ctrl-C keeps what long work did: `perft` prints the depths finished and the count so far of
/// the one under way, `play` the table of the games finished; both exit 130.
#[test]
fn ctrl_c_reports_the_work_finished() {
    use std::process::{Command, Stdio};
    use std::time::Duration;
    let root = format!("{}/../..", env!("CARGO_MANIFEST_DIR"));
    // The compiled engine's library is built first: a Ctrl-C during the build (rustc) ends
    // the process at once, as for any command not yet at work.
    let cache = concat!(env!("CARGO_TARGET_TMPDIR"), "/cli-compiled-cache");
    let built = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        .env("RBGTOOL_CACHE", cache)
        .args([
            "perft",
            "corpus/rbg/chess.rbg",
            "--depth",
            "1",
            "--engine",
            "compiled",
        ])
        .current_dir(&root)
        .output()
        .expect("rbgtool runs");
    assert!(built.status.success());
    let cases: [(&[&str], &str); 3] = [
        (
            &[
                "perft",
                "corpus/rbg/chess.rbg",
                "--depth",
                "9",
                "--engine",
                "interpreted",
            ],
            "interrupted after",
        ),
        (
            &[
                "perft",
                "corpus/rbg/chess.rbg",
                "--depth",
                "9",
                "--engine",
                "compiled",
            ],
            "interrupted after",
        ),
        (
            &["play", "corpus/sbg/breakthrough.sbg", "--games", "1000000"],
            "interrupted: ",
        ),
    ];
    for (args, wanted) in cases {
        let child = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
            .env("RBGTOOL_CACHE", cache)
            .args(args)
            .current_dir(&root)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("rbgtool runs");
        // Long enough for the handler to be installed and some work to be done.
        std::thread::sleep(Duration::from_secs(3));
        let sent = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{args:?}: {stdout}\n{stderr}");
        assert!(stdout.contains(wanted), "{args:?}: {stdout}\n{stderr}");
    }
}

/// Every error and warning of the invalid corpus and the hostile inputs carries a code, and
/// `rbgtool explain` explains each code met (docs/error-codes.md).
#[test]
fn every_diagnostic_has_an_explained_code() {
    use std::process::Command;
    let root = std::path::PathBuf::from(format!("{}/../..", env!("CARGO_MANIFEST_DIR")));
    let mut files = Vec::new();
    for dir in [
        "corpus/invalid/rbg",
        "corpus/invalid/gdl",
        "corpus/invalid/sbg",
        "tests/hostile/inputs",
    ] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            files.push(e.unwrap().path());
        }
    }
    files.sort();
    let mut codes = std::collections::BTreeSet::new();
    for f in &files {
        let out = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
            .args(["check", "--json"])
            .arg(f)
            .output()
            .unwrap();
        let Ok(v) = serde_json::from_slice::<serde_json::Value>(&out.stdout) else {
            continue;
        };
        for d in v["diagnostics"].as_array().into_iter().flatten() {
            if d["severity"] == "error" || d["severity"] == "warning" {
                let code = d["code"].as_str();
                assert!(code.is_some(), "{}: {d}", f.display());
                codes.insert(code.unwrap().to_string());
            }
        }
    }
    assert!(codes.len() >= 30, "{codes:?}");
    for code in &codes {
        let out = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
            .args(["explain", code])
            .output()
            .unwrap();
        assert!(out.status.success(), "{code}");
    }
}

/// Issue 38, item 7: a path a record or an argument names may be a FIFO (opening it blocks
/// until a writer comes) or a device (endless): only regular files are read. `run` would hang
/// on a FIFO without the check, so the run is bounded by a thread and a timeout.
#[test]
fn inputs_that_are_not_regular_files_are_refused() {
    let dir = scratch("special");
    let fifo = dir.join("record.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let fifo = fifo.to_str().unwrap().to_string();
    let mut cases: Vec<Vec<String>> = vec![
        vec!["replay".into(), "/dev/zero".into()],
        vec![
            "check".into(),
            "/dev/zero".into(),
            "--from".into(),
            "rbg".into(),
        ],
    ];
    if made.is_ok_and(|s| s.success()) {
        cases.push(vec!["replay".into(), fifo.clone()]);
        cases.push(vec!["check".into(), fifo, "--from".into(), "rbg".into()]);
    } else {
        println!("SKIP: mkfifo is missing, the FIFO cases are not run");
    }
    for args in cases {
        let (tx, rx) = std::sync::mpsc::channel();
        let owned = args.clone();
        std::thread::spawn(move || {
            let refs: Vec<&str> = owned.iter().map(String::as_str).collect();
            let _ = tx.send(run(&refs));
        });
        let (code, _, err) = rx
            .recv_timeout(std::time::Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("{args:?} still running after 20 s"));
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains("not a regular file"), "{args:?}: {err}");
    }
}
