//! Hostile inputs to the translations end in an error that names the limit, quickly and in
//! bounded memory (issue 15): table sizes that overflow `i64`, tables without a row limit,
//! score bounds, turn limits, nested patterns, `--unroll`.

use convert::{rbg_to_gdl, GdlOptions};

/// A two-player game on a 3x1 board with these variables and rules.
fn rbg(players: &str, variables: &str, rules: &str) -> ir::Game {
    let src = format!(
        "#players = {players}\n#pieces = e, w\n#variables = {variables}\n\
         #board = rectangle(up, down, left, right, [e, w, e])\n#rules = {rules}\n"
    );
    rbg::parse_game(&src)
        .unwrap_or_else(|d| panic!("{src}: {d:?}"))
        .game
}

/// The translation's error message (the CLI-level cases under `tests/hostile/inputs/` run
/// with a time and memory limit).
fn gdl_error(game: &ir::Game, opts: GdlOptions) -> String {
    rbg_to_gdl(game, opts).expect_err("refused").message
}

const PLAYERS: &str = "white(100), black(100)";

#[test]
fn a_table_size_that_overflows_i64_is_refused_not_wrapped() {
    let g = rbg(
        PLAYERS,
        "x(1)",
        "->white {$ x*9223372036854775807 == 0} ->black",
    );
    let err = gdl_error(&g, general());
    assert!(
        err.contains("needs a table of 9223372036854775808 rows"),
        "{err}"
    );
}

#[test]
fn a_row_count_is_never_negative() {
    let g = rbg(
        PLAYERS,
        "x(9223372036854775807)",
        "->white {$ x - 9223372036854775807 < x} ->black",
    );
    let err = gdl_error(&g, GdlOptions::default());
    assert!(err.contains("rows (at most 200000)"), "{err}");
    assert!(!err.contains("table of -"), "{err}");
}

#[test]
fn the_bound_check_of_an_assignment_has_a_row_limit() {
    let g = rbg(
        PLAYERS,
        "x(1), v(9000000000000)",
        "->white [$ v = x*10000000000000] ->black",
    );
    let err = gdl_error(&g, general());
    assert!(err.contains("the bound check of the assignment"), "{err}");
    // The direct encoding tabulates over the values of `x` only (two), with a row for the
    // one result within the bound.
    let direct = rbg_to_gdl(&g, GdlOptions::default()).expect("direct").text;
    assert!(
        direct.contains("(tab1 0 0)") && !direct.contains("(tab1 1 "),
        "{direct}"
    );
}

/// The general encoding, whose arithmetic tables range over every operand value.
fn general() -> GdlOptions {
    GdlOptions {
        encoding: convert::Encoding::General,
        ..Default::default()
    }
}

#[test]
fn a_huge_score_bound_is_refused() {
    let g = rbg(
        "white(1000000000), black(100)",
        "",
        "->white [$ white = 1] ->black",
    );
    let err = gdl_error(&g, GdlOptions::default());
    assert!(err.contains("score of player `white`"), "{err}");
}

#[test]
fn unroll_has_an_upper_bound() {
    let g = rbg(PLAYERS, "", "->white [w] ->black");
    let opts = GdlOptions {
        unroll: Some(u64::MAX),
        ..Default::default()
    };
    assert!(gdl_error(&g, opts).contains("cannot unroll"));
    let opts = GdlOptions {
        unroll: Some(convert::rbg_to_gdl::MAX_UNROLL),
        ..Default::default()
    };
    assert!(rbg_to_gdl(&g, opts).is_ok());
}

/// `depth` patterns nested in one another: the translation grows about as depth^3.5.
fn nested_patterns(depth: usize) -> ir::Game {
    let mut body = "[w]".to_string();
    for _ in 0..depth {
        body = format!("{{? [e] left* {body} [w]}}");
    }
    rbg(PLAYERS, "", &format!("(->white {body} [e] ->black)*"))
}

#[test]
fn deeply_nested_patterns_are_refused_at_the_output_limit() {
    let t = rbg_to_gdl(&nested_patterns(20), GdlOptions::unlimited()).expect("within 64 MB");
    // Over the default `--max-bytes`: refused with its size.
    let err = gdl_error(&nested_patterns(20), GdlOptions::default());
    assert!(
        err.contains(&format!("would have {} bytes", t.text.len())),
        "{err}"
    );
    let err = gdl_error(&nested_patterns(150), GdlOptions::unlimited());
    assert!(err.contains("exceeds its limit of 64 MB"), "{err}");
}

#[test]
fn patterns_nested_in_loops_are_refused_before_planning_explodes() {
    let mut body = "[w]".to_string();
    for _ in 0..6 {
        body = format!("([e] left {{? {body}}})*");
    }
    let g = rbg(PLAYERS, "", &format!("(->white {body} [e] ->black)*"));
    let err = gdl_error(&g, GdlOptions::default());
    assert!(err.contains("levels in all"), "{err}");
}

#[test]
fn a_huge_sbg_turn_limit_is_refused_for_gdl() {
    let src = "<<T>>\n<BOARD>\n3 1\n|P.p|\n<PIECES>\nP (1,0,e) &\n<GOALS>\n4294967295 &\n";
    let (g, _) = sbg::parse(src).unwrap();
    let err = convert::sbg_to_gdl(&g).unwrap_err().0;
    assert!(err.contains("turn limit 4294967295"), "{err}");
    let mut g = g;
    g.turn_limit = convert::sbg_to_gdl::MAX_TURN_LIMIT;
    assert!(convert::sbg_to_gdl(&g).is_ok());
}
