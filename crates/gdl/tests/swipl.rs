//! Independent check: a few games of the public corpus are translated to Prolog by
//! `gdl::prolog` and their perft under SWI-Prolog must equal our engine's. Skips with a note when
//! `swipl` is not on PATH or the corpus is absent.

use std::path::PathBuf;
use std::process::Command;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus-external/gdl"
);

/// (file, depth): small enough for unoptimised Prolog to finish in a few seconds.
const GAMES: &[(&str, u32)] = &[
    ("ticTacToe.kif", 5),
    ("connectFour.kif", 4),
    ("breakthroughSmall.kif", 3),
    ("connectFourSimultaneous.kif", 2),
    ("hex.kif", 2),
    ("reversi.kif", 3),
    ("englishDraughts.kif", 3),
    ("checkers.kif", 3),
    ("minichess.kif", 3),
    ("chess_200.kif", 2),
    ("amazons_8x8.kif", 1),
    // Large relations here go through the demand transformation.
    ("chess.kif", 2),
    ("amazons.kif", 1),
];

fn swipl_available() -> bool {
    Command::new("swipl")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Perft values 1..=depth under SWI-Prolog.
fn swipl_perft(name: &str, program: &str, depth: u32) -> Vec<u64> {
    let dir = std::env::temp_dir().join(format!("gdl-swipl-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{name}.pl"));
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

#[test]
fn swipl_perft_agrees_with_our_engine() {
    if !swipl_available() {
        return testskip::skip("swipl is not on PATH");
    }
    let dir = PathBuf::from(CORPUS);
    if !dir.is_dir() {
        return testskip::skip("../shared/corpus-external is absent");
    }
    for &(file, depth) in GAMES {
        let Ok(src) = std::fs::read_to_string(dir.join(file)) else {
            eprintln!("note: {file} absent; skipped");
            continue;
        };
        let desc = gdl::parse(&src).expect("parses");
        let prolog = swipl_perft(file, &gdl::prolog::translate(&desc), depth);
        let mut engine = gdl::Engine::new(&desc).expect("engine");
        let ours: Vec<u64> = (1..=depth)
            .map(|d| game::perft::perft(&mut engine, d))
            .collect();
        assert_eq!(ours, prolog, "{file}: our perft vs SWI-Prolog");
        eprintln!("{file}: perft 1..={depth} = {ours:?} (ours = SWI-Prolog)");
    }
}
