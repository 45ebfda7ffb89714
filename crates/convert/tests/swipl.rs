//! Our GDL judged by a reasoner that is not ours: the translation of every game in
//! `corpus/sbg/` is run under SWI-Prolog (through `gdl::prolog`), and its perft must equal the
//! native SBG engine's, depth 1 to 3. Skips with a note when `swipl` is not on PATH
//! (`.ci/run` installs it).

use std::path::PathBuf;
use std::process::Command;

fn swipl_perft(name: &str, program: &str, depth: u32) -> Vec<u64> {
    let dir = std::env::temp_dir().join(format!("rbgtool-swipl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A file per call: the tests run at once, and both corpora have a `breakthrough` (one
    // test removed the other's file while its swipl was starting).
    static CALLS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let call = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let file = dir.join(format!("{name}-{call}.pl"));
    std::fs::write(&file, program).unwrap();
    let out = Command::new("swipl")
        .args(gdl::prolog::swipl_perft_args(depth))
        .arg(&file)
        .output()
        .expect("run swipl");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "swipl failed on {name}:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_file(&file);
    gdl::prolog::parse_perft_output(&stdout).0
}

/// Whether `swipl` runs.
fn swipl_available() -> bool {
    Command::new("swipl")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

#[test]
fn swipl_agrees_with_the_native_engine_on_our_gdl() {
    if !swipl_available() {
        return testskip::skip("swipl is not on PATH");
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/sbg");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "sbg"))
        .collect();
    files.sort();
    for f in files {
        let name = f.file_stem().unwrap().to_string_lossy().into_owned();
        let (g, _) = sbg::parse(&std::fs::read_to_string(&f).unwrap()).unwrap();
        let mut native = sbg::Engine::new(&g).unwrap();
        let expected: Vec<u64> = (1..=3)
            .map(|d| game::perft::perft(&mut native, d))
            .collect();
        let desc = gdl::parse(&convert::sbg_to_gdl(&g).unwrap()).expect("our GDL parses");
        let got = swipl_perft(&name, &gdl::prolog::translate(&desc), 3);
        assert_eq!(expected, got, "{name}: native vs SWI-Prolog perft");
        eprintln!("{name}: SWI-Prolog perft {got:?}");
    }
}

/// RBG → GDL judged the same way: tic-tac-toe, connect four, breakthrough and chess from
/// `corpus/rbg/` under SWI-Prolog equal the reasoner's perft to depth 2, reversi (the keeper's
/// flips as a chain of boards) to depth 3.
#[test]
fn swipl_agrees_with_the_reasoner_on_rbg_translations() {
    if !swipl_available() {
        return testskip::skip("swipl is not on PATH");
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../corpus/rbg");
    for (name, depth) in [
        ("ticTacToe", 2),
        ("connectFour", 2),
        ("breakthrough", 2),
        ("chess", 2),
        ("reversi", 3),
    ] {
        let text = std::fs::read_to_string(dir.join(format!("{name}.rbg"))).unwrap();
        let game = rbg::parse_game(&text).map_err(|_| ()).unwrap().game;
        let reasoner = reasoner::Reasoner::new(&game).unwrap();
        let mut state = reasoner.initial_state().unwrap();
        let expected: Vec<u64> = (1..=depth)
            .map(|d| game::perft::perft(&mut state, d))
            .collect();
        let t = convert::rbg_to_gdl(&game, convert::GdlOptions::default()).unwrap();
        let desc = gdl::parse(&t.text).expect("our GDL parses");
        let got = swipl_perft(name, &gdl::prolog::translate(&desc), depth);
        assert_eq!(expected, got, "{name}: reasoner vs SWI-Prolog perft");
        eprintln!("{name}: SWI-Prolog perft {got:?}");
    }
}
