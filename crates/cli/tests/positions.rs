//! `moves`, `apply`, `replay`, `play --record` and human play end to end (docs/positions.md),
//! with the errors on bad positions and moves snapshot-tested.

use std::io::Write;
use std::process::{Command, Stdio};

fn corpus(path: &str) -> String {
    format!("{}/../../corpus/{path}", env!("CARGO_MANIFEST_DIR"))
}

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs rbgtool with `stdin` as standard input; returns (exit code, stdout, stderr).
fn run_with(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        // `--engine auto` compiles for bench and deep perfts: a cache of the tests' own.
        .env(
            "RBGTOOL_CACHE",
            concat!(env!("CARGO_TARGET_TMPDIR"), "/cli-compiled-cache"),
        )
        .args(["--color", "never"])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("rbgtool runs");
    let mut input = child.stdin.take().expect("stdin");
    // The child may exit before reading everything; a broken pipe is fine then.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let out = child.wait_with_output().expect("rbgtool ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn run(args: &[&str]) -> (i32, String, String) {
    run_with(args, "")
}

fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("rbgtool-pos-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

macro_rules! snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({
            filters => vec![
                (r"/[^ ]*/(corpus|tests/data)/", "$1/"),
                (r"/[^ ]*/rbgtool-pos-[a-z]+-[0-9]+/", "SCRATCH/"),
            ]
        }, {
            insta::assert_snapshot!($name, $value);
        });
    };
}

#[test]
fn chess_moves_after_e2_e4() {
    let (code, out, err) = run(&["moves", &corpus("rbg/chess.rbg"), "--moves", "e2 e4"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().count(),
        21,
        "a status line and black's 20 moves:\n{out}"
    );
    snapshot!("moves_chess_e2e4", out);
}

#[test]
fn moves_as_json() {
    let (code, out, err) = run(&[
        "moves",
        &corpus("rbg/ticTacToe.rbg"),
        "--moves",
        "b2",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    snapshot!("moves_tictactoe_json", out);
}

#[test]
fn applied_position_loads_back() {
    let dir = scratch("apply");
    let chess = corpus("rbg/chess.rbg");
    let (code, out, err) = run(&["apply", &chess, "--moves", "e2 e4; e7 e5; g1 f3"]);
    assert_eq!(code, 0, "{err}");
    snapshot!("apply_chess", out.clone());
    let pos = dir.join("pos.txt");
    std::fs::write(&pos, &out).unwrap();
    let from_file = run(&["moves", &chess, "--position", pos.to_str().unwrap()]);
    let from_moves = run(&["moves", &chess, "--moves", "e2 e4; e7 e5; g1 f3"]);
    assert_eq!(from_file, from_moves);
    // The same through standard input, and for SBG.
    let (code, again, _) = run_with(&["apply", &chess, "--position", "-"], &out);
    assert_eq!((code, again), (0, out));
    let sbg = corpus("sbg/breakthrough.sbg");
    let (code, out, err) = run(&["apply", &sbg, "--moves", "a2-a3; h7h6"]);
    assert_eq!(code, 0, "{err}");
    snapshot!("apply_breakthrough_sbg", out);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn perft_from_moves_equals_perft_from_the_position() {
    let chess = corpus("rbg/chess.rbg");
    let dir = scratch("perft");
    let (_, pos, _) = run(&["apply", &chess, "--moves", "d2 d4; g8 f6"]);
    let file = dir.join("pos.txt");
    std::fs::write(&file, pos).unwrap();
    let leaves = |args: &[&str]| {
        let (code, out, err) = run(args);
        assert_eq!(code, 0, "{err}");
        out.lines()
            .map(|l| l.split("\"seconds\"").next().unwrap().to_string())
            .collect::<Vec<_>>()
    };
    let a = leaves(&[
        "perft",
        &chess,
        "--depth",
        "3",
        "--json",
        "--moves",
        "d2 d4; g8 f6",
    ]);
    let b = leaves(&[
        "perft",
        &chess,
        "--depth",
        "3",
        "--json",
        "--position",
        file.to_str().unwrap(),
    ]);
    assert_eq!(a, b);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_illegal_move_names_itself_its_number_and_the_legal_moves() {
    let (code, out, err) = run(&["apply", &corpus("rbg/ticTacToe.rbg"), "--moves", "b2; b2"]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    snapshot!("error_illegal_move", err);
    let (code, _, err) = run(&["moves", &corpus("rbg/chess.rbg"), "--moves", "e2 e5"]);
    assert_eq!(code, 1);
    snapshot!("error_illegal_chess_move", err);
}

#[test]
fn bad_positions_are_diagnostics_with_a_place() {
    let dir = scratch("badpos");
    let cases: [(&str, &str, &str); 6] = [
        (
            "rbg_unknown_piece",
            "rbg/ticTacToe.rbg",
            "player xplayer\nrules start\ne: *\nq: a1\n",
        ),
        (
            "rbg_out_of_bounds",
            "rbg/chess.rbg",
            "player white\nrules start\nvariables idle=500\ne: *\n",
        ),
        (
            "rbg_missing_vertex",
            "rbg/ticTacToe.rbg",
            "keeper\nrules start\nx: a1\n",
        ),
        (
            "sbg_wrong_size",
            "sbg/breakthrough.sbg",
            "pppppppp/8/8/8/8/8/PPPPPPPP w 0\n",
        ),
        (
            "sbg_unknown_piece",
            "sbg/breakthrough.sbg",
            "pppppppp/pppppppp/8/8/8/8/PPP?PPPP/PPPPPPPP w 0\n",
        ),
        (
            "sbg_bad_side",
            "sbg/breakthrough.sbg",
            "pppppppp/pppppppp/8/8/8/8/PPPPPPPP/PPPPPPPP x 0\n",
        ),
    ];
    for (name, game, text) in cases {
        let file = dir.join(format!("{name}.txt"));
        std::fs::write(&file, text).unwrap();
        let (code, out, err) = run(&["moves", &corpus(game), "--position", file.to_str().unwrap()]);
        assert_eq!(code, 1, "{name}: {out}");
        snapshot!(format!("error_position_{name}"), err);
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn gdl_positions_and_moves() {
    let dir = scratch("gdl");
    let kif = dir.join("tiny.kif");
    let (code, _, err) = run(&[
        "convert",
        &data("tiny.sbg"),
        "--to",
        "gdl",
        "-o",
        kif.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let kif = kif.to_str().unwrap();
    let (code, out, err) = run(&["apply", kif, "--moves", "(move 0 0 0 1)"]);
    assert_eq!(code, 0, "{err}");
    snapshot!("apply_gdl", out.clone());
    let pos = dir.join("pos.kif");
    std::fs::write(&pos, &out).unwrap();
    let a = run(&["moves", kif, "--position", pos.to_str().unwrap()]);
    let b = run(&["moves", kif, "--moves", "(move 0 0 0 1)"]);
    assert_eq!(a, b);
    std::fs::write(&pos, "(cell 0 0 wP)\n(control blue)\n").unwrap();
    let (code, _, err) = run(&["moves", kif, "--position", pos.to_str().unwrap()]);
    assert_eq!(code, 1);
    snapshot!("error_position_gdl_unknown_symbol", err);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn records_replay_on_the_game_and_its_translations() {
    let dir = scratch("record");
    let sbg = data("tiny.sbg");
    let rec = dir.join("games.txt");
    let (code, _, err) = run(&[
        "play",
        &sbg,
        "--games",
        "3",
        "--seed",
        "5",
        "--record",
        rec.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&rec).unwrap();
    assert_eq!(text.matches("rbgtool-record 1").count(), 3, "{text}");
    let (code, out, err) = run(&["replay", rec.to_str().unwrap(), "--final"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.matches("as recorded").count(), 3, "{out}");
    for to in ["rbg", "gdl"] {
        let other = dir.join(format!("tiny.{}", if to == "gdl" { "kif" } else { to }));
        let (code, _, err) = run(&["convert", &sbg, "--to", to, "-o", other.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        let (code, out, err) = run(&[
            "replay",
            rec.to_str().unwrap(),
            "--game",
            other.to_str().unwrap(),
            "--final",
        ]);
        assert_eq!(code, 0, "{to}: {err}");
        assert_eq!(out.matches("as recorded").count(), 3, "{to}: {out}");
    }
    // A record whose result was tampered with fails.
    let changed: String = text
        .lines()
        .map(|l| {
            if l.starts_with("result: ") {
                "result: 1 2"
            } else {
                l
            }
        })
        .collect::<Vec<_>>()
        .join("\n");
    std::fs::write(&rec, changed).unwrap();
    let (code, _, err) = run(&["replay", rec.to_str().unwrap(), "--final"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the record ends with scores"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_person_plays_tic_tac_toe_by_notation_and_number() {
    // Every square in turn: taken ones are refused and asked again; `?` lists the moves.
    let input = "?\nzz\na1\n1\nb1\nc1\na2\nb2\nc2\na3\nb3\nc3\n";
    let (code, out, err) = run_with(
        &[
            "play",
            &corpus("rbg/ticTacToe.rbg"),
            "--white",
            "human",
            "--black",
            "random",
            "--seed",
            "3",
        ],
        input,
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("│"), "the board is drawn:\n{err}");
    assert!(err.contains("not a legal move: zz"), "{err}");
    assert!(
        err.contains("oplayer plays "),
        "the opponent's moves are announced:\n{err}"
    );
    assert!(
        err.contains("game over: xplayer "),
        "the result is announced:\n{err}"
    );
    assert!(out.contains("human"), "{out}");
}

#[test]
fn a_person_plays_an_sbg_game_by_number() {
    let input = "1\n".repeat(40);
    let (code, out, err) = run_with(
        &[
            "play",
            &data("tiny.sbg"),
            "--white",
            "random",
            "--black",
            "human",
            "--seed",
            "2",
        ],
        &input,
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("white plays "), "{err}");
    assert!(err.contains("game over: white "), "{err}");
    assert!(out.contains("human"), "{out}");
}

#[test]
fn bench_and_show_start_from_moves() {
    let chess = corpus("rbg/chess.rbg");
    let (code, out, err) = run(&[
        "bench",
        &chess,
        "--playouts",
        "3",
        "--moves",
        "e2 e4; e7 e5",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"playouts\":3"), "{out}");
    let (code, out, err) = run(&["show", &chess, "--text", "--moves", "e2 e4"]);
    assert_eq!(code, 0, "{err}");
    let rank4 = out
        .lines()
        .find(|l| l.starts_with(" 4 "))
        .unwrap_or_default()
        .to_string();
    assert!(rank4.contains("wPe"), "the pawn stands on e4:\n{out}");
    let (code, _, err) = run(&[
        "bench",
        &data("tiny.sbg"),
        "--playouts",
        "3",
        "--moves",
        "a1-a3",
    ]);
    assert_eq!(code, 1, "{err}");
}
