//! The network plays every game exactly as the interpreter does: perft, and along seeded
//! random playouts the legal joint moves (as text), the state hash, terminality and scores of
//! every state. Games: the public GDL corpus (with its reference perft values), and our SBG →
//! GDL and RBG → GDL translations of the corpus games.

use std::path::{Path, PathBuf};

/// Both engines agree along seeded random playouts (`propnet::oracle`).
fn same_playouts(name: &str, desc: &gdl::Description, playouts: u64, max_len: usize) {
    let mut net = propnet::build(desc).unwrap_or_else(|e| panic!("{name}: {e}"));
    if let Err(e) = propnet::oracle::same_playouts(desc, &mut net, 7, playouts, max_len) {
        panic!("{name}: {e}");
    }
}

fn shared() -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus-external/gdl");
    p.is_dir().then_some(p)
}

/// Reference perft values from SOURCES.md, checked to the depth given (interpreter too).
const REFERENCE: &[(&str, u32, &[u64])] = &[
    ("ticTacToe.kif", 4, &[9, 72, 504, 3024]),
    ("derived/connectFour_7x6.kif", 4, &[7, 49, 343, 2401]),
    ("connectFour.kif", 3, &[8, 64, 512]),
    ("breakthrough.kif", 3, &[22, 484, 11132]),
    ("chess_200.kif", 2, &[20, 400]),
    ("speedChess.kif", 3, &[0, 0, 8246]),
    ("reversi.kif", 4, &[4, 12, 56, 244]),
    ("englishDraughts.kif", 4, &[7, 49, 302, 1469]),
    ("hex.kif", 2, &[81, 6480]),
    ("connectFourSimultaneous.kif", 2, &[64, 4096]),
    ("checkers.kif", 3, &[0, 0, 379]),
];

#[test]
fn public_gdl_games_equal_the_interpreter_and_the_reference() {
    let Some(dir) = shared() else {
        testskip::skip("../shared/corpus-external/gdl is absent");
        return;
    };
    for &(file, depth, expected) in REFERENCE {
        let src = std::fs::read_to_string(dir.join(file)).unwrap();
        let (desc, _) = gdl::parse_and_check(&src).unwrap();
        let mut pn = match propnet::build(&desc) {
            Ok(pn) => pn,
            Err(propnet::GroundError::Budget(m)) => {
                eprintln!("{file}: left to the interpreter: {m}");
                continue;
            }
            Err(e) => panic!("{file}: {e}"),
        };
        for d in 1..=depth {
            let want = expected[d as usize - 1];
            if want != 0 {
                assert_eq!(game::perft::perft(&mut pn, d), want, "{file}: perft({d})");
            }
        }
        same_playouts(file, &desc, 4, 60);
    }
}

#[test]
fn every_public_gdl_game_is_grounded_or_refused_with_a_budget() {
    let Some(dir) = shared() else {
        testskip::skip("../shared/corpus-external/gdl is absent");
        return;
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "kif"))
        .collect();
    files.sort();
    let mut built = 0;
    for path in &files {
        let src = std::fs::read_to_string(path).unwrap();
        let (desc, _) = gdl::parse_and_check(&src).unwrap();
        match propnet::build(&desc) {
            Ok(_) => {
                built += 1;
                same_playouts(&path.display().to_string(), &desc, 2, 40);
            }
            Err(propnet::GroundError::Budget(m)) => eprintln!("{}: {m}", path.display()),
            Err(e) => panic!("{}: {e}", path.display()),
        }
    }
    eprintln!("{built} of {} public games grounded", files.len());
    assert!(built >= 12, "only {built} games grounded");
}

fn corpus(sub: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../corpus")
        .join(sub);
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    v.sort();
    v
}

#[test]
fn sbg_translations_equal_the_interpreter() {
    for path in corpus("sbg") {
        let (g, _) = sbg::parse(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let kif = convert::sbg_to_gdl(&g).unwrap();
        let (desc, _) = gdl::parse_and_check(&kif).unwrap();
        match propnet::build(&desc) {
            Ok(_) => same_playouts(&path.display().to_string(), &desc, 2, 30),
            Err(propnet::GroundError::Budget(m)) => eprintln!("{}: {m}", path.display()),
            Err(e) => panic!("{}: {e}", path.display()),
        }
    }
}

#[test]
fn rbg_translations_equal_the_interpreter() {
    for path in corpus("rbg") {
        if path.extension().is_none_or(|e| e != "rbg") {
            continue;
        }
        let parsed = rbg::parse_game(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let Ok(t) = convert::rbg_to_gdl(&parsed.game, convert::GdlOptions::unlimited()) else {
            continue;
        };
        let (desc, _) = gdl::parse_and_check(&t.text).unwrap();
        match propnet::build(&desc) {
            Ok(_) => same_playouts(&path.display().to_string(), &desc, 1, 12),
            Err(propnet::GroundError::Budget(m)) => eprintln!("{}: {m}", path.display()),
            Err(e) => panic!("{}: {e}", path.display()),
        }
    }
}

#[test]
fn the_fuzz_seed_games_equal_the_interpreter() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/gdl_propnet");
    let mut n = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let (desc, _) = gdl::parse_and_check(&std::fs::read_to_string(&path).unwrap()).unwrap();
        same_playouts(&path.display().to_string(), &desc, 20, 30);
        n += 1;
    }
    assert!(n >= 2);
}
