//! Move notation and position text round trips (docs/positions.md) on every state of random
//! playouts of every game under corpus/ and of every public game under
//! ../shared/corpus-external: the position text loads back to an equal state (same hash,
//! text, legal moves and scores) and every legal move's notation parses back to that move.

use game::GameState;
use rbgtool_tests::positions::check_playouts;
use rbgtool_tests::{external_corpus, repo_root};
use std::path::{Path, PathBuf};

fn files(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    v.sort();
    v
}

/// Playouts and plies per game: fewer where states have thousands of moves, and one playout
/// of 100 plies for each of the 45 public games, so the whole test stays within minutes.
fn budget(path: &Path, external: bool) -> (usize, usize) {
    let name = path.file_name().unwrap().to_string_lossy().to_lowercase();
    if name.contains("connect6") || name.contains("go") {
        (1, 6)
    } else if name.contains("amazons") || name.contains("arimaa") {
        (1, 12)
    } else if external {
        (1, 100)
    } else {
        (2, 200)
    }
}

fn rbg_corpus_game(path: &Path) -> Result<Vec<String>, String> {
    rbg_game(path, false)
}

fn rbg_external_game(path: &Path) -> Result<Vec<String>, String> {
    rbg_game(path, true)
}

fn rbg_game(path: &Path, external: bool) -> Result<Vec<String>, String> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let game = rbg::parse_game(&src)
        .map_err(|_| "does not parse".to_string())?
        .game;
    let r = reasoner::Reasoner::new(&game).map_err(|e| format!("{e:?}"))?;
    let mut s = r.initial_state().map_err(|e| format!("{e:?}"))?;
    let mut fresh = r.initial_state().map_err(|e| format!("{e:?}"))?;
    let (playouts, plies) = budget(path, external);
    let mut rng = game::rng_from_seed(7);
    let (failures, states) = check_playouts(&mut s, &mut fresh, &mut rng, playouts, plies);
    assert!(states > 0);
    Ok(failures)
}

fn sbg_game(path: &Path) -> Result<Vec<String>, String> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let (g, _) = sbg::parse(&src).map_err(|_| "does not parse".to_string())?;
    let mut e = sbg::Engine::new(&g).map_err(|e| e.to_string())?;
    let mut fresh = sbg::Engine::new(&g).map_err(|e| e.to_string())?;
    let mut rng = game::rng_from_seed(7);
    Ok(check_playouts(&mut e, &mut fresh, &mut rng, 3, 300).0)
}

fn gdl_game(path: &Path) -> Result<Vec<String>, String> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let (d, _) = gdl::parse_and_check(&src).map_err(|_| "does not check".to_string())?;
    let mut e = gdl::Engine::new(&d).map_err(|e| e.to_string())?;
    let mut fresh = gdl::Engine::new(&d).map_err(|e| e.to_string())?;
    let mut rng = game::rng_from_seed(7);
    let name = path.to_string_lossy();
    let plies = if name.contains("chess") || name.contains("checkers") {
        15
    } else {
        60
    };
    Ok(check_playouts(&mut e, &mut fresh, &mut rng, 1, plies).0)
}

fn run_all(games: Vec<PathBuf>, check: fn(&Path) -> Result<Vec<String>, String>) {
    assert!(!games.is_empty(), "no games found");
    let mut failures = Vec::new();
    for path in &games {
        match check(path) {
            Ok(f) => failures.extend(f.into_iter().map(|f| format!("{}: {f}", path.display()))),
            Err(e) => failures.push(format!("{}: cannot be played: {e}", path.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn rbg_corpus_round_trips() {
    run_all(
        files(&repo_root().join("corpus/rbg"), "rbg"),
        rbg_corpus_game,
    );
}

#[test]
fn sbg_corpus_round_trips() {
    let mut games = files(&repo_root().join("corpus/sbg"), "sbg");
    games.extend(files(&repo_root().join("corpus/sbg/evolved"), "sbg"));
    games.extend(files(&repo_root().join("corpus/sbg/degenerate"), "sbg"));
    run_all(games, sbg_game);
}

#[test]
fn external_rbg_round_trips() {
    let Some(ext) = external_corpus() else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    run_all(files(&ext.join("rbg/games"), "rbg"), rbg_external_game);
}

#[test]
fn external_sbg_round_trips() {
    let Some(ext) = external_corpus() else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    run_all(files(&ext.join("sbg"), "sbg"), sbg_game);
}

#[test]
fn external_gdl_round_trips() {
    let Some(ext) = external_corpus() else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    let mut games = files(&ext.join("gdl"), "kif");
    games.extend(files(&ext.join("gdl/derived"), "kif"));
    run_all(games, gdl_game);
}

fn chess() -> (reasoner::Reasoner, ()) {
    let src = std::fs::read_to_string(repo_root().join("corpus/rbg/chess.rbg")).unwrap();
    let game = rbg::parse_game(&src).unwrap().game;
    (reasoner::Reasoner::new(&game).unwrap(), ())
}

#[test]
fn chess_black_has_twenty_replies_to_e2_e4() {
    let (r, ()) = chess();
    let mut s = r.initial_state().unwrap();
    assert_eq!(game::text::apply_moves(&mut s, "e2 e4"), Ok(1));
    assert_eq!(s.current_player(), Some(1));
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    assert_eq!(moves.len(), 20);
    // Written without the space, and with the game's own vertex names.
    let mut t = r.initial_state().unwrap();
    assert_eq!(game::text::apply_moves(&mut t, "e2e4"), Ok(1));
    assert_eq!(t.state_hash(), s.state_hash());
    let mut u = r.initial_state().unwrap();
    assert_eq!(game::text::apply_moves(&mut u, "rx4y6 rx4y4"), Ok(1));
    assert_eq!(u.state_hash(), s.state_hash());
}

#[test]
fn perft_from_a_loaded_position_equals_perft_after_the_moves() {
    let (r, ()) = chess();
    let mut s = r.initial_state().unwrap();
    game::text::apply_moves(&mut s, "e2 e4; d7 d5; e4 d5; g8 f6").unwrap();
    let mut loaded = r.initial_state().unwrap();
    loaded.set_position(&s.position_text()).unwrap();
    for depth in 1..=3 {
        assert_eq!(
            reasoner::perft(&mut loaded, depth).unwrap(),
            reasoner::perft(&mut s, depth).unwrap(),
            "depth {depth}"
        );
        assert_eq!(
            game::perft::perft(&mut loaded, depth),
            game::perft::perft(&mut s, depth)
        );
    }
}

#[test]
fn chess_position_after_a_short_line_is_as_derived_by_hand() {
    let (r, ()) = chess();
    let mut s = r.initial_state().unwrap();
    game::text::apply_moves(&mut s, "e2 e4; e7 e5; g1 f3").unwrap();
    // White's knight landed on f3 (idle 1); the keeper then walked to e5 to turn black's
    // double-stepped pawn back into a plain pawn and gave the turn to black there; every
    // move so far left the opponent a move, so the provisional scores are 50/50. Vertices
    // are listed in board order, top row first.
    let black = r
        .names()
        .modifier_text
        .iter()
        .position(|t| t == "->black")
        .unwrap();
    let expected = format!(
        "player black
rules {black} e5  # after ->black
variables white=50 black=50 idle=1
e: *
wP: e4 a2 b2 c2 d2 f2 g2 h2
wN: f3 b1
wB: c1 f1
wRo: a1 h1
wQ: d1
wKo: e1
bP: a7 b7 c7 d7 f7 g7 h7 e5
bN: b8 g8
bB: c8 f8
bRo: a8 h8
bQ: d8
bKo: e8
"
    );
    assert_eq!(s.position_text(), expected);
}
