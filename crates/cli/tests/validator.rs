//! `rbgtool check` as a GDL validator: the static checks of a game as a whole through the
//! binary, and `--simulate` finding a dead end and a missing goal (docs/ggp.md, "The
//! validator's checks").

mod common;

use common::{data, repo, run};

fn schema() -> jsonschema::Validator {
    let schema = std::fs::read_to_string(repo("docs/schemas/check.schema.json")).unwrap();
    jsonschema::validator_for(&serde_json::from_str(&schema).unwrap()).expect("a valid schema")
}

#[test]
fn simulate_finds_a_dead_end() {
    let (code, out, err) = run(&["check", &data("dead_end.kif"), "--simulate", "5"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("error[gdl::E11]: role `black` has no legal move in a non-terminal state"),
        "{err}"
    );
    assert!(
        err.contains("the state: (control black) (count 1)"),
        "{err}"
    );
    assert!(err.contains("after 1 move: [(step 0) | noop]"), "{err}");
    assert!(
        err.contains("found by playout 1 of seed 1 (--depth 1000)"),
        "{err}"
    );
}

#[test]
fn simulate_finds_a_missing_goal() {
    let args = ["check", &data("missing_goal.kif"), "--simulate", "5"];
    let (code, out, err) = run(&[&args[..], &["--depth", "10", "--seed", "9"]].concat());
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        err.contains("error[gdl::E12]: role `black` has no goal in a terminal state"),
        "{err}"
    );
    assert!(err.contains("(count 3) (last white)"), "{err}");
    assert!(err.contains("after 3 moves"), "{err}");
}

#[test]
fn simulate_passes_a_sound_game_and_speaks_json() {
    let (code, out, err) = run(&[
        "check",
        &data("tiny.kif"),
        "--simulate",
        "5",
        "--depth",
        "50",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("simulation: 5 random playouts of at most 50 moves"),
        "{out}"
    );
    let validator = schema();
    for (file, want) in [("tiny.kif", 0), ("dead_end.kif", 1)] {
        let (code, out, err) = run(&["check", &data(file), "--simulate", "3", "--json"]);
        assert_eq!(code, want, "{file}: {err}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
        let problems: Vec<String> = validator.iter_errors(&v).map(|e| e.to_string()).collect();
        assert!(problems.is_empty(), "{file}: {problems:?}\n{out}");
        assert_eq!(v["valid"], want == 0, "{out}");
        assert_eq!(v["simulation"]["seed"], 1, "{out}");
        if want == 1 {
            assert_eq!(v["diagnostics"][0]["code"], "gdl::E11", "{out}");
        }
    }
}

#[test]
fn simulate_checks_a_game_declared_monotonic() {
    // tiny.kif's goals hold in every state and never change: monotonic.
    let (code, out, err) = run(&["check", &data("tiny.kif"), "--simulate", "3", "--monotonic"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("states checked, goals monotonic, no problem"),
        "{out}"
    );
    // missing_goal.kif gives black no goal in its initial state.
    let args = [
        "check",
        &data("missing_goal.kif"),
        "--simulate",
        "3",
        "--monotonic",
    ];
    let (code, out, err) = run(&[&args[..], &["--json"]].concat());
    assert_eq!(code, 1, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
    let problems: Vec<String> = schema().iter_errors(&v).map(|e| e.to_string()).collect();
    assert!(problems.is_empty(), "{problems:?}\n{out}");
    assert_eq!(v["simulation"]["monotonic"], true, "{out}");
    let last = v["diagnostics"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["code"], "gdl::E14", "{out}");
    assert!(
        last["message"]
            .as_str()
            .unwrap()
            .contains("declared monotonic but role `white` has no goal"),
        "{out}"
    );
}

#[test]
fn simulate_is_gdl_only() {
    let (code, _, err) = run(&["check", &data("tiny.rbg"), "--simulate", "3"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("GDL games only"), "{err}");
    let (code, _, err) = run(&["check", &data("tiny.kif"), "--depth", "3"]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn typos_that_break_a_game_fail_check() {
    let cases = [
        ("misspelt_legal.kif", "gdl::E09"),
        ("unproduced_fluent.kif", "gdl::E10"),
        ("cell_two_arities.kif", "gdl::E02"),
        ("no_terminal.kif", "gdl::E08"),
    ];
    for (file, want) in cases {
        let path = repo(&format!("corpus/invalid/gdl/{file}"));
        let (code, out, _) = run(&["check", &path, "--json"]);
        assert_eq!(code, 1, "{file}: {out}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("one JSON object");
        assert_eq!(v["diagnostics"][0]["code"], want, "{out}");
    }
}
