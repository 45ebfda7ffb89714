//! The `rbgtool` binary end to end: output of every subcommand on a small game, and its error
//! on bad input (exit codes: 0 ok, 1 invalid input, 2 usage). Timings are redacted.

mod common;

use common::{data, repo, run, scratch};
use std::process::Command;

/// Perft JSON lines without their timing field.
fn without_seconds(s: &str) -> Vec<String> {
    s.lines()
        .map(|l| l.split(",\"seconds\"").next().unwrap().to_string())
        .collect()
}

macro_rules! snapshot {
    ($name:expr, $value:expr) => {
        insta::with_settings!({
            filters => vec![
                (r#""seconds":[0-9.e-]+"#, r#""seconds":"[s]""#),
                (r#"_per_second":[0-9.e+-]+"#, r#"_per_second":"[rate]""#),
                (r"/[^ ]*/tests/data/", "tests/data/"),
                (r#""seconds":\[?[0-9.e, -]+\]?"#, r#""seconds":"[s]""#),
            ]
        }, {
            insta::assert_snapshot!($name, $value);
        });
    };
}

#[test]
fn check_rbg_summary_and_json() {
    let (code, out, err) = run(&["check", &data("tiny.rbg")]);
    assert_eq!(code, 0, "{err}");
    snapshot!("check_rbg", out);
    let (code, out, _) = run(&["check", &data("tiny.rbg"), "--json"]);
    assert_eq!(code, 0);
    snapshot!("check_rbg_json", out.replace(&data(""), "DATA/"));
}

/// `check --json` output, valid or not, in every language, matches the documented schema
/// (docs/schemas/check.schema.json).
/// A command asked for `--json` fails with JSON too: the CLI's code for its own errors, the
/// language's diagnostics for an invalid game; exit codes as without `--json`.
#[test]
fn failures_with_json_are_json() {
    let (code, out, err) = run(&["perft", "/no/such/file.rbg", "--depth", "1", "--json"]);
    assert_eq!(code, 1, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["code"], "cli::E02", "{v}");
    let bad = repo("corpus/invalid/sbg/row_width.sbg");
    let (code, out, _) = run(&["moves", &bad, "--json"]);
    assert_eq!(code, 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["error"]["code"], serde_json::Value::Null);
    assert_eq!(v["error"]["diagnostics"][0]["code"], "sbg::E08", "{v}");
    let (code, _, err) = run(&["perft", "/no/such/file.rbg", "--depth", "1"]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("rbgtool: error[cli::E02]: cannot read"),
        "{err}"
    );
    let (code, out, _) = run(&["explain", "cli::E03"]);
    assert_eq!(code, 0);
    assert!(out.contains("improper keeper"), "{out}");
}

#[test]
fn check_json_follows_the_schema() {
    let schema = repo("docs/schemas/check.schema.json");
    let schema: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(schema).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let bad_sbg = repo("corpus/invalid/sbg/row_width.sbg");
    let bad_gdl = repo("corpus/invalid/gdl/unsafe_rule.kif");
    let bad_rbg = repo("corpus/invalid/rbg/error_inside_macro.rbg");
    let cases: [(&str, i32); 6] = [
        (&data("tiny.rbg"), 0),
        (&data("tiny.sbg"), 0),
        (&data("tiny.kif"), 0),
        (&bad_rbg, 1),
        (&bad_sbg, 1),
        (&bad_gdl, 1),
    ];
    for (file, want) in cases {
        let (code, out, err) = run(&["check", file, "--json"]);
        assert_eq!(code, want, "{file}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
        let problems: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
        assert!(problems.is_empty(), "{file}: {problems:?}\n{out}");
        assert_eq!(v["valid"], want == 0);
        if want == 1 {
            let d = &v["diagnostics"][0];
            assert_eq!(d["severity"], "error", "{out}");
            assert_eq!(d["labels"][0]["style"], "primary", "{out}");
        }
    }
    let (_, out, _) = run(&["check", &bad_rbg, "--json"]);
    snapshot!("check_json_invalid", out.replace(&repo(""), "REPO/"));
}

#[test]
fn check_sbg_summary() {
    let (code, out, err) = run(&["check", &data("tiny.sbg")]);
    assert_eq!(code, 0, "{err}");
    snapshot!("check_sbg", out);
}

#[test]
fn invalid_input_is_a_diagnostic_and_exit_1() {
    let (code, out, err) = run(&["check", &data("bad.rbg")]);
    assert_eq!(code, 1);
    assert!(out.is_empty());
    assert!(err.lines().count() < 25, "one screen at most:\n{err}");
    snapshot!("check_bad_rbg", err);
}

#[test]
fn usage_errors_exit_2() {
    let dir = scratch("usage");
    let txt = dir.join("game.txt");
    std::fs::write(&txt, "hello\n").unwrap();
    let (code, _, err) = run(&["check", txt.to_str().unwrap()]);
    assert_eq!(code, 2);
    snapshot!(
        "usage_unknown_extension",
        err.replace(dir.to_str().unwrap(), "DIR")
    );
    let (code, _, err) = run(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("is a directory; give one game file"), "{err}");
    let (code, _, _) = run(&["perft"]);
    assert_eq!(code, 2);
    std::fs::remove_dir_all(dir).unwrap();
}

/// Standard input and unknown extensions are read in the language the text looks like; a
/// text read in the wrong language is one error saying which language it looks like.
#[test]
fn the_language_is_told_from_the_text() {
    let dir = scratch("sniff");
    let txt = dir.join("tiny.txt");
    std::fs::copy(data("tiny.sbg"), &txt).unwrap();
    let (code, out, err) = run(&["check", txt.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("valid SBG game"), "{out}");
    let (code, _, err) = run(&["check", &data("tiny.sbg"), "--from", "rbg"]);
    assert_eq!(code, 1);
    snapshot!("sbg_read_as_rbg", err.replace(&data(""), "DATA/"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn missing_file_is_exit_1() {
    let (code, _, err) = run(&["check", "no/such/file.rbg"]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot read no/such/file.rbg"), "{err}");
}

#[test]
fn perft_json_lines_for_every_language() {
    let (code, out, err) = run(&["perft", &data("tiny.rbg"), "--depth", "3", "--json"]);
    assert_eq!(code, 0, "{err}");
    snapshot!("perft_rbg_json", out);
    let (code, sbg, err) = run(&["perft", &data("tiny.sbg"), "--depth", "4", "--json"]);
    assert_eq!(code, 0, "{err}");
    snapshot!("perft_sbg_json", sbg);
    // The same game through its GDL translation (written to a file, then read back).
    let dir = scratch("perft");
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
    let (code, gdl, err) = run(&["perft", kif.to_str().unwrap(), "--depth", "4", "--json"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        without_seconds(&sbg),
        without_seconds(&gdl),
        "SBG and its GDL translation agree"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// A GDL translation over `--max-bytes` is refused with its size; 0 lifts the limit.
#[test]
fn convert_to_gdl_refuses_a_translation_over_max_bytes() {
    let (code, full, err) = run(&[
        "convert",
        &data("tiny.rbg"),
        "--to",
        "gdl",
        "--max-bytes",
        "0",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&[
        "convert",
        &data("tiny.rbg"),
        "--to",
        "gdl",
        "--max-bytes",
        "100",
    ]);
    assert_eq!(code, 1, "{err}");
    let size = format!("would have {} bytes", full.len());
    assert!(err.contains(&size) && err.contains("--max-bytes"), "{err}");
}

/// `--optimize size` writes reversi's two sides once (shorter than by default); it is an
/// RBG -> GDL option only.
#[test]
fn convert_to_gdl_optimized_for_size_is_shorter() {
    let reversi = repo("corpus/rbg/reversi.rbg");
    let reversi = reversi.as_str();
    let (code, fast, err) = run(&["convert", reversi, "--to", "gdl"]);
    assert_eq!(code, 0, "{err}");
    let (code, small, err) = run(&["convert", reversi, "--to", "gdl", "--optimize", "size"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        small.lines().count() < fast.lines().count(),
        "{} lines for size, {} by default",
        small.lines().count(),
        fast.lines().count()
    );
    let (code, _, err) = run(&["convert", reversi, "--to", "rbg", "--optimize", "size"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--optimize"), "{err}");
}

/// `convert x.rbg --to rbg` formats: macros and comments stay, the result formats to itself.
#[test]
fn convert_rbg_to_rbg_formats_keeping_macros_and_comments() {
    let (code, out, err) = run(&["convert", &data("tiny.rbg"), "--to", "rbg"]);
    assert_eq!(code, 0, "{err}");
    snapshot!("convert_rbg_formatted", out);
    let dir = scratch("format");
    let f = dir.join("f.rbg");
    std::fs::write(&f, &out).unwrap();
    let (code, again, err) = run(&["convert", f.to_str().unwrap(), "--to", "rbg"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(again, out);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn perft_applies_every_leaf_unless_count_leaves() {
    for file in ["tiny.rbg", "tiny.sbg"] {
        let (code, applied, err) = run(&["perft", &data(file), "--depth", "3", "--json"]);
        assert_eq!(code, 0, "{err}");
        let (code, counted, err) = run(&[
            "perft",
            &data(file),
            "--depth",
            "3",
            "--json",
            "--count-leaves",
        ]);
        assert_eq!(code, 0, "{err}");
        let applied = without_seconds(&applied);
        let counted = without_seconds(&counted);
        assert_eq!(applied, counted, "{file}: the same counts");
        let (_, text, _) = run(&["perft", &data(file), "--depth", "1"]);
        assert!(
            text.starts_with("last level: every leaf move applied\n"),
            "{text}"
        );
        let (_, text, _) = run(&["perft", &data(file), "--depth", "1", "--count-leaves"]);
        assert!(
            text.starts_with("last level: the last level's moves counted"),
            "{text}"
        );
    }
    let (_, counted, _) = run(&[
        "perft",
        &data("tiny.rbg"),
        "--depth",
        "1",
        "--json",
        "--count-leaves",
    ]);
    assert!(counted.contains(r#""last_level":"counted""#), "{counted}");
}

#[test]
fn improper_keeper_is_an_error_or_with_keeper_first_a_warning() {
    let file = data("improper.rbg");
    let (code, out, err) = run(&["perft", &file, "--depth", "1"]);
    assert_eq!(code, 1, "{out}");
    snapshot!("improper_keeper_error", err);
    let (code, out, err) = run(&[
        "perft", &file, "--depth", "1", "--keeper", "first", "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        without_seconds(&out),
        [r#"{"depth":1,"leaves":1,"nodes":2"#]
    );
    snapshot!("improper_keeper_warning", err);
    // Both engines warn (bench compiles by default; so does perft from depth 4).
    for cmd in [
        &["bench", &file, "--playouts", "3", "--keeper", "first"][..],
        &[
            "bench",
            &file,
            "--playouts",
            "3",
            "--keeper",
            "first",
            "--engine",
            "interpreted",
        ][..],
        &["perft", &file, "--depth", "4", "--keeper", "first"][..],
        &["play", &file, "--keeper", "first"][..],
    ] {
        let (code, _, err) = run(cmd);
        assert_eq!(code, 0, "{cmd:?}: {err}");
        assert_eq!(
            err.matches("warning: improper description").count(),
            1,
            "{err}"
        );
    }
}

#[test]
fn perft_table_and_divide() {
    let (code, out, err) = run(&[
        "perft",
        &data("tiny.sbg"),
        "--depth",
        "2",
        "--divide",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().filter(|l| l.contains(':')).collect();
    assert_eq!(lines.len(), 7, "{out}");
}

#[test]
fn convert_sbg_to_rbg_plays_the_same() {
    let dir = scratch("conv");
    let out_file = dir.join("tiny.rbg");
    let (code, _, err) = run(&[
        "convert",
        &data("tiny.sbg"),
        "--to",
        "rbg",
        "-o",
        out_file.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (_, a, _) = run(&["perft", &data("tiny.sbg"), "--depth", "4", "--json"]);
    let (_, b, _) = run(&[
        "perft",
        out_file.to_str().unwrap(),
        "--depth",
        "4",
        "--json",
    ]);
    assert_eq!(without_seconds(&a), without_seconds(&b));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bench_is_deterministic_given_seed_and_playouts() {
    let args = [
        "bench",
        &data("tiny.rbg"),
        "--playouts",
        "50",
        "--seed",
        "7",
        "--json",
    ];
    let (code, a, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let (_, b, _) = run(&args);
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    let w: serde_json::Value = serde_json::from_str(&b).unwrap();
    assert_eq!(v["states"], w["states"]);
    assert_eq!(v["playouts"], 50);
    snapshot!("bench_rbg_json", a);
}

#[test]
fn play_reports_a_deterministic_table() {
    let args = [
        "play",
        &data("tiny.sbg"),
        "--white",
        "alphabeta:2",
        "--black",
        "random",
        "--games",
        "6",
        "--seed",
        "3",
    ];
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let (_, again, _) = run(&args);
    let strip = |s: &str| {
        s.lines()
            .map(|l| l.rsplit_once(' ').map_or(l, |x| x.0).to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&out), strip(&again), "same seed, same games");
    let (code, json, _) = run(&[
        "play",
        &data("tiny.rbg"),
        "--white",
        "random",
        "--black",
        "mcts:50",
        "--games",
        "4",
        "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["results"].as_array().unwrap().len(), 4);
    let (code, _, err) = run(&["play", &data("tiny.sbg"), "--white", "deep-blue"]);
    assert_eq!(code, 2);
    assert!(err.contains("expected random, human"), "{err}");
}

/// Runs rbgtool with `input` as a person's typing on standard input.
fn typed(args: &[&str], input: &[u8]) -> std::process::Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn human_reprompts_until_a_legal_move() {
    // An illegal move, the move list, then a1-a2; the game stops after 2 moves.
    let out = typed(
        &[
            "play",
            &data("tiny.sbg"),
            "--white",
            "human",
            "--black",
            "random",
            "--max-length",
            "2",
        ],
        b"a1 a3\nhelp\nundo\n?\na1a2\n",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("`quit` (or end of input) leaves the match"),
        "{err}"
    );
    assert!(
        err.contains("nothing to take back: you have not moved yet"),
        "{err}"
    );
    assert!(err.contains("not a legal move: a1 a3"), "{err}");
    assert!(err.contains("1. a1-a2"), "{err}");
    assert!(err.contains("│ P │"), "the board is drawn:\n{err}");
}

/// `undo` takes back the person's move and the reply: the game goes on from the start, and the
/// final position and the result are printed.
#[test]
fn human_takes_a_move_back() {
    let out = typed(
        &[
            "play",
            &data("tiny.sbg"),
            "--white",
            "human",
            "--black",
            "random",
            "--max-length",
            "3",
        ],
        b"a1a2\nundo\nc1c2\nb1b2\n",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("your last move is taken back"), "{err}");
    assert_eq!(err.matches("white to move").count(), 4, "{err}");
    let last = err.rsplit("the final position:").next().unwrap();
    // Rank 1 of the final position: only a1's pawn is left there (a1a2 was taken back).
    assert!(last.contains(" 1 │ P │   │   │\n"), "{last}");
    assert!(err.contains("game over: white"), "{err}");
}

/// In a game of three roles each `--agent` plays its own role: the person is asked at blue's
/// turns only.
#[test]
fn agents_are_seated_for_every_role() {
    let dir = scratch("three");
    let game = dir.join("three.rbg");
    std::fs::write(
        &game,
        "#players = red(1), green(1), blue(1)\n#pieces = e, x\n#variables =\n\
         #board = rectangle(up, down, left, right, [e, e, e, e, e, e])\n\
         #place = (left* + right*) {e} [x]\n\
         #rules = ->red (place ->green place ->blue place ->red)*\n",
    )
    .unwrap();
    let game = game.to_str().unwrap();
    let args = |extra: &[&'static str]| {
        let mut v = vec![
            "play",
            game,
            "--agent",
            "blue=human",
            "--agent",
            "red=random",
        ];
        v.extend(extra);
        v
    };
    let out = typed(&args(&[]), b"1\n1\n");
    let (stdout, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{err}");
    assert_eq!(err.matches("blue to move").count(), 2, "{err}");
    assert!(!err.contains("red to move") && !err.contains("green to move"));
    assert!(
        err.contains("red plays") && err.contains("green plays"),
        "{err}"
    );
    assert!(stdout.contains("random/human"), "{stdout}");
    let (code, _, err) = run(&args(&["--alternate"]));
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("drop --alternate"), "{err}");
}

/// `--agent ROLE=SPEC` seats an agent by the role's name: Mu Torere declares black first, so
/// `--white` would seat the person as black, `--agent white=human` seats them as white.
#[test]
fn agents_are_seated_by_role_name() {
    let out = typed(
        &[
            "play",
            &repo("corpus/rbg/muTorere.rbg"),
            "--agent",
            "white=human",
            "--agent",
            "black=random",
            "--max-length",
            "4",
        ],
        b"1\n1\n",
    );
    let (stdout, err) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{err}");
    assert!(err.contains("white to move"), "{err}");
    assert!(stdout.contains("human   white"), "{stdout}");
    assert!(stdout.contains("random  black"), "{stdout}");
    // `quit` at the prompt leaves the match with exit code 1.
    let out = typed(
        &[
            "play",
            &repo("corpus/rbg/muTorere.rbg"),
            "--agent",
            "white=human",
        ],
        b"quit\n",
    );
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("rbgtool: match abandoned"), "{err}");
    let (code, _, err) = run(&[
        "play",
        &repo("corpus/rbg/muTorere.rbg"),
        "--agent",
        "red=human",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("no role `red`; its roles are black, white"),
        "{err}"
    );
}

/// A GDL game with a board: drawn as a grid with the game's coordinates, a term typed without
/// its parentheses, and the final position shown.
#[test]
fn human_plays_gdl_on_a_drawn_board() {
    // The centre by its term without parentheses, a corner by its square (a1 is (mark 1 1),
    // unless the opponent took it: then the next line is read), then the first legal move.
    let out = typed(
        &[
            "play",
            &repo("corpus/gdl/ticTacToe.kif"),
            "--white",
            "human",
            "--black",
            "random",
        ],
        b"mark 2 2\na1\n1\n1\n1\n1\n",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(" 2 │   │ x │   │"),
        "the centre marked:\n{err}"
    );
    assert!(err.contains("     1   2   3"), "the game's columns:\n{err}");
    let last = err
        .split("the final position:\n")
        .nth(1)
        .expect("the final position");
    assert!(last.contains("└───┴───┴───┘"), "{err}");
    assert!(err.contains("game over: x "), "{err}");
}

/// At a simultaneous turn the person is asked for their own role's move only, and sees the
/// joint move once the other role has chosen.
#[test]
fn human_chooses_only_their_own_move_at_a_simultaneous_turn() {
    let out = typed(
        &[
            "play",
            &repo("corpus/gdl/pennies.kif"),
            "--white",
            "random",
            "--black",
            "human",
        ],
        b"?\n3\n(tails)\n",
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("odd to move, the other players at the same time (2 moves"),
        "{err}"
    );
    assert!(err.contains("  1. heads\n    2. tails\n"), "{err}");
    assert!(err.contains("not a legal move of odd: 3"), "{err}");
    assert!(
        err.contains("played at once: heads | tails")
            || err.contains("played at once: tails | tails"),
        "{err}"
    );
}

/// A match of a simultaneous game records one joint move per turn, and `replay` reads it.
#[test]
fn simultaneous_games_record_joint_moves_and_replay() {
    let dir = scratch("simultaneous");
    let record = dir.join("games.txt");
    let record = record.to_str().unwrap();
    let (code, out, err) = run(&[
        "play",
        &repo("corpus/gdl/pennies.kif"),
        "--white",
        "mcts:20",
        "--black",
        "mcts:20",
        "--games",
        "4",
        "--alternate",
        "--record",
        record,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("4 games, average length 1.0 moves"), "{out}");
    let text = std::fs::read_to_string(record).unwrap();
    assert_eq!(text.matches("rbgtool-record").count(), 4);
    assert!(text.contains("moves:\n  heads | ") || text.contains("moves:\n  tails | "));
    let (code, out, err) = run(&["replay", record]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("as recorded"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// One HTTP exchange with a GGP player: the response's status line and body.
fn ggp_post(address: &str, body: &str) -> (String, String) {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(address).unwrap();
    let request = format!(
        "POST / HTTP/1.0\r\nContent-Type: text/acl\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").unwrap();
    (head.lines().next().unwrap().to_string(), body.to_string())
}

/// `rbgtool ggp player` over loopback HTTP: a match of matching pennies (the player sends its
/// own role's move only), a message it cannot answer (`nil`, logged) and a malformed request
/// (400), without ending.
#[test]
fn ggp_player_answers_over_http() {
    use std::io::{BufRead, BufReader, Write};
    let mut child = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        .args(["ggp", "player", "--port", "0", "--agent", "mcts:20"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut log = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    log.read_line(&mut first).unwrap();
    let address = first
        .trim()
        .rsplit("http://")
        .next()
        .unwrap()
        .trim_end_matches('/')
        .to_string();
    let rules = std::fs::read_to_string(repo("corpus/gdl/pennies.kif")).unwrap();
    let results = std::panic::catch_unwind(|| {
        assert_eq!(
            ggp_post(&address, "(info)").1,
            "((name rbgtool) (status available))"
        );
        let start = format!("(START m1 odd ({rules}) 10 2)");
        assert_eq!(
            ggp_post(&address, &start),
            ("HTTP/1.0 200 OK".into(), "ready".into())
        );
        assert_eq!(ggp_post(&address, "(play m2 nil)").1, "nil");
        let (_, own) = ggp_post(&address, "(play m1 nil)");
        assert!(own == "heads" || own == "tails", "{own}");
        assert_eq!(ggp_post(&address, "(stop m1 (heads tails))").1, "done");
        let mut raw = std::net::TcpStream::connect(&address).unwrap();
        raw.write_all(b"GET / HTTP/1.0\r\n\r\n").unwrap();
        let mut response = String::new();
        std::io::Read::read_to_string(&mut raw, &mut response).unwrap();
        assert!(response.starts_with("HTTP/1.0 400"), "{response}");
        assert_eq!(
            ggp_post(&address, "(info)").1,
            "((name rbgtool) (status available))"
        );
    });
    let _ = child.kill();
    let _ = child.wait();
    let mut rest = String::new();
    let _ = std::io::Read::read_to_string(&mut log, &mut rest);
    if let Err(e) = results {
        eprintln!("player log:\n{rest}");
        std::panic::resume_unwind(e);
    }
    assert!(
        rest.contains("(play m2 nil) -> error: playing match `m1`"),
        "{rest}"
    );
    assert!(rest.contains("bad request: expected a POST"), "{rest}");
}

/// A player that misbehaves at `play`: replies an illegal move, closes the connection, or
/// replies after the clock. Answers `ready`/`done` to the rest. Returns its address.
fn fake_ggp_player(fault: &'static str) -> String {
    use std::io::{BufRead, BufReader, Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut length = 0;
            loop {
                let mut line = String::new();
                if reader.read_line(&mut line).unwrap_or(0) == 0 || line.trim().is_empty() {
                    break;
                }
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
            let mut body = vec![0; length];
            let _ = reader.read_exact(&mut body);
            let body = String::from_utf8_lossy(&body).to_string();
            let reply = if body.starts_with("(play") {
                match fault {
                    "illegal" => "(fly away)",
                    "closed" => continue,
                    _ => {
                        std::thread::sleep(std::time::Duration::from_millis(2500));
                        "heads"
                    }
                }
            } else if body.starts_with("(start") {
                "ready"
            } else {
                "done"
            };
            let _ = write!(
                stream,
                "HTTP/1.0 200 OK\r\nContent-Length: {}\r\n\r\n{reply}",
                reply.len()
            );
        }
    });
    address
}

/// Our GGP player on a free port: the process, its log (kept open: a player whose standard
/// error is closed would fail to log) and its address.
fn ggp_player() -> (
    std::process::Child,
    std::io::BufReader<std::process::ChildStderr>,
    String,
) {
    use std::io::{BufRead, BufReader};
    let mut player = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
        .args(["ggp", "player", "--port", "0", "--agent", "random"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut log = BufReader::new(player.stderr.take().unwrap());
    let mut first = String::new();
    log.read_line(&mut first).unwrap();
    let url = first.trim().rsplit(' ').next().unwrap().to_string();
    (player, log, url)
}

/// `rbgtool ggp match` on RBG and SBG games: the players get the GDL translation, the match
/// finishes, and the record (naming the original file, `played-as: gdl`) replays.
#[test]
fn ggp_match_plays_rbg_and_sbg_games_through_their_gdl_translation() {
    let (mut a, log_a, url_a) = ggp_player();
    let (mut b, log_b, url_b) = ggp_player();
    let dir = scratch("ggp-translated");
    let outcome = std::panic::catch_unwind(|| {
        for (game, roles) in [
            (repo("corpus/rbg/ticTacToe.rbg"), ["xplayer", "oplayer"]),
            (data("tiny.sbg"), ["white", "black"]),
        ] {
            let record = dir.join("match.txt");
            let (code, out, err) = run(&[
                "ggp",
                "match",
                &game,
                "--player",
                &url_a,
                "--player",
                &url_b,
                "--play-clock",
                "2",
                "--record",
                record.to_str().unwrap(),
            ]);
            assert_eq!(code, 0, "{game}: {err}");
            assert!(
                out.contains("finished, 0 replies replaced"),
                "{game}: {out}"
            );
            for role in roles {
                assert!(out.lines().any(|l| l.starts_with(role)), "{game}: {out}");
            }
            let text = std::fs::read_to_string(&record).unwrap();
            assert!(text.contains("played-as: gdl\n"), "{text}");
            assert!(text.contains(&format!("game: {game}\n")), "{text}");
            let (code, out, err) = run(&["replay", record.to_str().unwrap()]);
            assert_eq!(code, 0, "{game}: {err}");
            assert!(out.contains("as recorded"), "{game}: {out}");
        }
    });
    for p in [&mut a, &mut b] {
        let _ = p.kill();
        let _ = p.wait();
    }
    drop((log_a, log_b));
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = outcome {
        std::panic::resume_unwind(e);
    }
}

/// `rbgtool ggp match` against our player and a faulty one: each fault is logged and replaced
/// by a legal move, the match finishes, and its record replays.
#[test]
fn ggp_match_replaces_faulty_replies_and_records_the_match() {
    let (mut ours, log, url) = ggp_player();
    let dir = scratch("ggp-match");
    let outcome = std::panic::catch_unwind(|| {
        for (fault, says) in [
            ("illegal", "the illegal move `(fly away)`"),
            ("closed", "closed"),
            ("late", "late"),
        ] {
            let record = dir.join(format!("{fault}.txt"));
            let fake = format!("http://{}/", fake_ggp_player(fault));
            let (code, out, err) = run(&[
                "ggp",
                "match",
                &repo("corpus/gdl/pennies.kif"),
                "--player",
                &url,
                "--player",
                &fake,
                "--play-clock",
                "1",
                "--record",
                record.to_str().unwrap(),
            ]);
            assert_eq!(code, 0, "{err}");
            assert!(out.contains("1 turn, finished, 1 reply replaced"), "{out}");
            assert!(
                err.contains("ggp: turn 1: odd: ") && err.contains(says),
                "{fault}: {err}"
            );
            let (code, out, err) = run(&["replay", record.to_str().unwrap()]);
            assert_eq!(code, 0, "{err}");
            assert!(out.contains("as recorded"), "{out}");
        }
        // A tournament: the seats rotate, so the faulty player is `odd`, then `even`.
        let record = dir.join("tournament.txt");
        let fake = format!("http://{}/", fake_ggp_player("illegal"));
        let (code, out, err) = run(&[
            "ggp",
            "match",
            &repo("corpus/gdl/pennies.kif"),
            "--player",
            &url,
            "--player",
            &fake,
            "--play-clock",
            "1",
            "--games",
            "2",
            "--record",
            record.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        assert!(
            err.contains("turn 1: odd: ") && err.contains("turn 1: even: "),
            "{err}"
        );
        assert!(out.contains("match 2 of 2:"), "{out}");
        let seats: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("even ") || l.starts_with("odd "))
            .collect();
        assert_eq!(seats.len(), 4, "{out}");
        assert!(seats[0].contains(&url) && seats[1].contains(&fake), "{out}");
        assert!(seats[2].contains(&fake) && seats[3].contains(&url), "{out}");
        // Both players finished both matches; pennies' goals sum to 100 a match.
        let totals: Vec<(u64, i64)> = out
            .lines()
            .skip_while(|l| !l.starts_with("player "))
            .skip(1)
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f[1].parse().unwrap(), f[2].parse().unwrap())
            })
            .collect();
        assert_eq!(totals.len(), 2, "{out}");
        assert!(totals.iter().all(|&(finished, _)| finished == 2), "{out}");
        assert_eq!(totals[0].1 + totals[1].1, 200, "{out}");
        let (code, out, err) = run(&["replay", record.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.matches("as recorded").count(), 2, "{out}");
        let (code, _, err) = run(&[
            "ggp",
            "match",
            &repo("corpus/gdl/pennies.kif"),
            "--player",
            &url,
        ]);
        assert_eq!(code, 2, "{err}");
        assert!(
            err.contains("2 roles (even, odd) but 1 player was given"),
            "{err}"
        );
    });
    let _ = ours.kill();
    let _ = ours.wait();
    drop(log);
    let _ = std::fs::remove_dir_all(&dir);
    if let Err(e) = outcome {
        std::panic::resume_unwind(e);
    }
}

#[test]
fn completions_and_version() {
    let (code, out, _) = run(&["completions", "bash"]);
    assert_eq!(code, 0);
    assert!(out.contains("rbgtool"));
    let (code, out, _) = run(&["--version"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("rbgtool "));
}

#[test]
fn every_subcommand_help_has_an_example() {
    for sub in [
        "check",
        "convert",
        "perft",
        "bench",
        "play",
        "show",
        "completions",
    ] {
        let (code, out, _) = run(&[sub, "--help"]);
        assert_eq!(code, 0);
        assert!(out.contains("Examples:"), "{sub} --help lacks examples");
    }
}

#[test]
fn show_draws_svg_and_text() {
    let (code, svg, err) = run(&["show", &data("tiny.sbg")]);
    assert_eq!(code, 0, "{err}");
    // Pawns drawn as pawns (six of them), not lettered discs.
    assert!(svg.starts_with("<svg") && svg.matches("<g transform").count() == 6);
    let (code, svg, _) = run(&["show", &data("tiny.sbg"), "--piece", "P"]);
    assert_eq!(code, 0);
    assert_eq!(
        svg.matches("#2e8b57").count(),
        3 + 1,
        "three quiet pawn moves and the legend's mark"
    );
    let (code, text, _) = run(&["show", &data("tiny.sbg"), "--text"]);
    assert_eq!(code, 0);
    snapshot!("show_sbg_text", text);
    let (code, svg, _) = run(&["show", &data("tiny.rbg")]);
    assert_eq!(code, 0);
    assert!(svg.matches("<rect").count() >= 9);
    let (code, _, err) = run(&["show", &data("tiny.rbg"), "--piece", "X"]);
    assert_eq!(code, 2);
    snapshot!("show_rbg_piece_error", err);
}

/// Hexagon boards print as offset rows of cells, cuboids as one grid per layer.
#[test]
fn show_text_draws_hexagon_and_cuboid_boards() {
    let yavalath = repo("corpus/rbg/yavalath.rbg");
    // File-rank names and the game's own vertex names both name a cell.
    let (code, text, err) = run(&["show", &yavalath, "--text", "--moves", "e5; hx0y0"]);
    assert_eq!(code, 0, "{err}");
    snapshot!("show_hexagon_text", text);
    let cube = repo("corpus/rbg/ticTacToe3d.rbg");
    let (code, text, err) = run(&["show", &cube, "--text", "--moves", "cx1y0z0"]);
    assert_eq!(code, 0, "{err}");
    snapshot!("show_cuboid_text", text);
}

/// Hex and Yavalath moves are file-rank names along the board's diagonals (`e5` the centre),
/// read and printed as on rectangles; pictures write cell names only with --labels.
#[test]
fn hexagon_cells_have_file_rank_names() {
    let hex = repo("corpus/rbg/hex.rbg");
    let (code, out, err) = run(&["moves", &hex, "--moves", "e5"]);
    assert_eq!(code, 0, "{err}");
    let moves: Vec<&str> = out.split_whitespace().collect();
    assert!(moves.contains(&"a1") && moves.contains(&"i9"), "{out}");
    assert!(!moves.contains(&"e5") && !out.contains("hx"), "{out}");
    let (code, svg, _) = run(&["show", &hex, "--moves", "e5; f4"]);
    assert_eq!(code, 0);
    assert!(
        !svg.contains(">e5<") && svg.contains(">i<"),
        "rim names only"
    );
    let (code, svg, _) = run(&["show", &hex, "--labels"]);
    assert_eq!(code, 0);
    assert!(svg.contains(">e5<"), "cell names with --labels");
}

#[test]
fn record_then_learn_gives_the_same_moves() {
    let dir = scratch("learn");
    let log = dir.join("tiny.log");
    let learned = dir.join("learned.sbg");
    let (code, _, err) = run(&[
        "record",
        &data("tiny.sbg"),
        "--games",
        "30",
        "--seed",
        "5",
        "-o",
        log.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, json, err) = run(&[
        "learn",
        log.to_str().unwrap(),
        "-o",
        learned.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["games"], 30);
    let (_, a, _) = run(&["perft", &data("tiny.sbg"), "--depth", "3", "--json"]);
    let (_, b, _) = run(&["perft", learned.to_str().unwrap(), "--depth", "3", "--json"]);
    assert_eq!(
        without_seconds(&a),
        without_seconds(&b),
        "the learned game has the same perft"
    );
    // A malformed log is a diagnostic, exit 1.
    std::fs::write(&log, "0\nppp\n").unwrap();
    let (code, _, err) = run(&["learn", log.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `learn` is deterministic (a work budget, not the clock, stops its search): two runs with a
/// tiny budget write the same file; the file and `--json` say what the logs left open; the
/// sides and `some`-rule options are accepted.
#[test]
fn learn_runs_repeat_and_say_what_is_undetermined() {
    let dir = scratch("learn-repeat");
    let log = dir.join("chess.log");
    let (code, _, err) = run(&[
        "record",
        &format!(
            "{}/../../corpus/sbg/chess_breakthrough.sbg",
            env!("CARGO_MANIFEST_DIR")
        ),
        "--games",
        "10",
        "--listing",
        "some",
        "--seed",
        "2",
        "-o",
        log.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let learn_to = |name: &str, extra: &[&str]| {
        let out = dir.join(name);
        let mut args = vec!["learn", log.to_str().unwrap(), "-o", out.to_str().unwrap()];
        args.extend_from_slice(extra);
        let (code, _, err) = run(&args);
        assert_eq!(code, 0, "{err}");
        (std::fs::read_to_string(out).unwrap(), err)
    };
    let (a, report) = learn_to("a.sbg", &["--work", "3000"]);
    let (b, _) = learn_to("b.sbg", &["--work", "3000"]);
    assert_eq!(a, b);
    assert!(report.contains("(work budget ran out)"), "{report}");
    assert!(a.starts_with("// not determined by the logs: "), "{a}");
    let (c, _) = learn_to("c.sbg", &["--sides", "separate", "--rule", "paper"]);
    assert!(c.contains("<PIECES>"), "{c}");
    let (code, json, err) = run(&[
        "learn",
        log.to_str().unwrap(),
        "-o",
        dir.join("d.sbg").to_str().unwrap(),
        "--json",
        "--sides",
        "separate",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["pieces"][0]["side"], "white");
    assert!(
        v["undetermined"].as_array().is_some_and(|u| !u.is_empty()),
        "{v}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn evolve_writes_generations_and_resumes() {
    let dir = scratch("evolve");
    let out = dir.to_str().unwrap();
    let base = [
        "evolve",
        "--width",
        "5",
        "--height",
        "5",
        "--population",
        "6",
        "--seed",
        "3",
        "--turn-limit",
        "30",
        "--out",
        out,
    ];
    let (code, _, err) = run(&[&base[..], &["--generations", "1"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(dir.join("gen-001.json").is_file() && dir.join("report.html").is_file());
    // Without --resume an existing run is refused; with it the run goes on.
    let (code, _, err) = run(&[&base[..], &["--generations", "2"]].concat());
    assert_eq!(code, 1);
    assert!(err.contains("continue it with --resume"), "{err}");
    let (code, json, err) =
        run(&[&base[..], &["--generations", "2", "--resume", "--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["resumed_from"], 1);
    let best = std::fs::read_to_string(dir.join("gen-002-best-1.sbg")).unwrap();
    assert!(sbg::parse(&best).is_ok());
    std::fs::remove_dir_all(&dir).ok();
}

/// Every subcommand's error on bad input: one screen, says what is wrong, right exit code.
#[test]
fn every_subcommand_has_an_actionable_error() {
    let bad_rbg = data("bad.rbg");
    let dir = scratch("errors");
    let bad_log = dir.join("bad.log");
    std::fs::write(&bad_log, "0\nppp\n").unwrap();
    let cases: Vec<(&str, Vec<String>, i32)> = vec![
        (
            "convert",
            vec![
                "convert".into(),
                bad_rbg.clone(),
                "--to".into(),
                "ll-rbg".into(),
            ],
            1,
        ),
        (
            "convert_unsupported",
            vec![
                "convert".into(),
                data("tiny.rbg"),
                "--to".into(),
                "sbg".into(),
            ],
            2,
        ),
        (
            "perft",
            vec![
                "perft".into(),
                bad_rbg.clone(),
                "--depth".into(),
                "2".into(),
            ],
            1,
        ),
        (
            "bench",
            vec![
                "bench".into(),
                data("tiny.rbg"),
                "--seconds".into(),
                "0".into(),
            ],
            2,
        ),
        ("record", vec!["record".into(), data("tiny.rbg")], 2),
        (
            "learn",
            vec!["learn".into(), bad_log.to_str().unwrap().into()],
            1,
        ),
        (
            "evolve",
            vec![
                "evolve".into(),
                "--width".into(),
                "1".into(),
                "--out".into(),
                dir.join("ev").to_str().unwrap().into(),
            ],
            2,
        ),
        (
            "completions",
            vec!["completions".into(), "fish-and-chips".into()],
            2,
        ),
    ];
    for (name, args, expected) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (code, _, err) = run(&args);
        assert_eq!(code, expected, "{name}: {err}");
        assert!(
            err.lines().count() <= 25,
            "{name}: more than a screen:\n{err}"
        );
        let err = err.replace(dir.to_str().unwrap(), "<tmp>");
        snapshot!(format!("error_{name}"), err);
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Output snapshots of the commands whose results are deterministic given a seed (timings
/// redacted): play, record, learn, evolve.
#[test]
fn seeded_outputs_snapshots() {
    let ms = |s: &str| {
        s.lines()
            .map(|l| match l.rsplit_once(' ') {
                Some((head, last)) if last.parse::<f64>().is_ok() && l.contains('%') => {
                    format!("{head} [ms]")
                }
                _ => l.to_string(),
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (code, out, err) = run(&[
        "play",
        &data("tiny.sbg"),
        "--white",
        "alphabeta:2",
        "--black",
        "random",
        "--games",
        "4",
        "--seed",
        "9",
    ]);
    assert_eq!(code, 0, "{err}");
    snapshot!("play_table", ms(&out));

    let (code, log, err) = run(&[
        "record",
        &data("tiny.sbg"),
        "--games",
        "1",
        "--seed",
        "2",
        "--listing",
        "some",
    ]);
    assert_eq!(code, 0, "{err}");
    snapshot!("record_some", log);

    let dir = scratch("seeded");
    let logf = dir.join("all.log");
    let (code, _, _) = run(&[
        "record",
        &data("tiny.sbg"),
        "--games",
        "20",
        "--seed",
        "4",
        "-o",
        logf.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    let (code, learned, err) = run(&["learn", logf.to_str().unwrap(), "--quiet"]);
    assert_eq!(code, 0, "{err}");
    snapshot!("learn_game", learned);

    let out = dir.join("ev");
    let (code, json, err) = run(&[
        "evolve",
        "--width",
        "4",
        "--height",
        "4",
        "--population",
        "4",
        "--generations",
        "1",
        "--seed",
        "5",
        "--turn-limit",
        "20",
        "--out",
        out.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let json = json.replace(out.to_str().unwrap(), "<out>");
    snapshot!("evolve_json", json);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn rate_prints_a_table_json_and_html_deterministically() {
    let dir = scratch("rate");
    let html = dir.join("r.html");
    let args = [
        "rate",
        &data("tiny.sbg"),
        "--games",
        "6",
        "--strong",
        "alphabeta:2",
        "--seed",
        "4",
    ];
    let (code, table, err) = run(&[&args[..], &["--html", html.to_str().unwrap()]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&html).unwrap().contains("<svg"));
    snapshot!("rate_table", table);
    let (code, json, err) = run(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["games"], 15);
    assert_eq!(v["pieces"][0]["kind"], "P");
    // Same seed, same report.
    let (_, again, _) = run(&[&args[..], &["--json"]].concat());
    assert_eq!(json, again);
    // Time budgets would make ratings irreproducible: refused as a usage error.
    let (code, _, err) = run(&["rate", &data("tiny.sbg"), "--strong", "mcts:1s"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("time budgets"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// `bench --sampling`: the compiled engine says which way it drew moves; tic-tac-toe's moves
/// are monotonic classes, and both ways end every playout with the same number of moves
/// possible (5 to 9).
#[test]
fn bench_sampling_is_reported() {
    let cache = scratch("sampling");
    let game = repo("corpus/rbg/ticTacToe.rbg");
    for (sampling, want) in [("list", "list"), ("check", "check (3 monotonic classes)")] {
        let out = Command::new(env!("CARGO_BIN_EXE_rbgtool"))
            .env("RBGTOOL_CACHE", &cache)
            .args([
                "bench",
                &game,
                "--engine",
                "compiled",
                "--playouts",
                "200",
                "--json",
            ])
            .args(["--sampling", sampling])
            .output()
            .expect("rbgtool runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["sampling"], want);
        assert_eq!(v["engine"], "rbg compiled");
        let len = v["average_length"].as_f64().unwrap();
        assert!((5.0..=9.0).contains(&len), "{len}");
    }
    let _ = std::fs::remove_dir_all(&cache);
}

/// `info`: the observation tensor and the action space, as the Python package has them
/// (docs/python.md): chess's 24 planes on its 8×8 grid and 8,696 ids, a hexagon over its
/// coordinates' bounding box, an SBG board, a GDL vector.
#[test]
fn info_prints_the_tensor_and_the_actions() {
    let chess = repo("corpus/rbg/chess.rbg");
    let (code, out, err) = run(&["info", &chess, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["shape"], serde_json::json!([24, 8, 8]));
    assert_eq!(v["actions"], 8696);
    assert_eq!(v["planes"][23], "variable idle / 101");
    let hex = repo("corpus/rbg/hex.rbg");
    let (code, out, _) = run(&["info", &hex, "--tensor"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("observation tensor: (7, 17, 9)\n") && !out.contains("actions"));
    let gardner = repo("corpus/sbg/gardner.sbg");
    let (_, out, _) = run(&["info", &gardner]);
    assert!(out.starts_with("observation tensor: (14, 5, 5)") && out.contains("actions: 625"));
    let pennies = repo("corpus/gdl/pennies.kif");
    let (code, out, err) = run(&["info", &pennies]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("actions: per role") && out.contains(": 2, 2"),
        "{out}"
    );
}
