//! No translation returns `Ok` with text that the matching front end or checker rejects
//! (issue 15), for every direction `rbgtool convert` offers: random SBG games (one-row and
//! one-column boards included) to HL-RBG, LL-RBG, GDL and SBG; random RBG rules on small boards
//! to LL-RBG and GDL (with the default unrolling and a small one); every corpus game in each of
//! its directions (RBG to LL-RBG and GDL, SBG to all four, GDL to GDL).

mod common;

use common::random_sbg_game;
use proptest::prelude::*;

/// Every translation of an SBG game that succeeds is accepted when read back.
fn sbg_outputs_read_back(g: &sbg::Game) -> Result<(), String> {
    if let Ok(text) = convert::sbg_to_rbg(g) {
        rbg::parse_game(&text).map_err(|d| format!("HL-RBG rejected: {d:?}"))?;
    }
    if let Ok(ir) = convert::sbg_to_ir(g) {
        ll_reads_back(&ir)?;
    }
    if let Ok(kif) = convert::sbg_to_gdl(g) {
        gdl_reads_back(&kif)?;
    }
    Ok(())
}

/// SBG to SBG (`sbg::print`) for a game read from text (random games need not be valid SBG:
/// the generator does not keep letters inside tiny boards, which the reader checks).
fn sbg_prints_back(g: &sbg::Game) -> Result<(), String> {
    let printed = sbg::print(g);
    sbg::parse(&printed).map_err(|d| format!("printed SBG rejected: {d:?}\n{printed}"))?;
    Ok(())
}

/// GDL text passes the checker (what `rbgtool check` asks of it).
fn gdl_reads_back(kif: &str) -> Result<(), String> {
    gdl::parse_and_check(kif)
        .map(|_| ())
        .map_err(|d| format!("GDL rejected:\n{}", gdl::render("out.kif", kif, &d)))
}

/// Both translations of an RBG game read back: LL-RBG, and GDL with the default unrolling
/// (what `convert --to gdl` uses) when it succeeds.
fn rbg_outputs_read_back(g: &ir::Game) -> Result<(), String> {
    ll_reads_back(g)?;
    if let Ok(t) = convert::rbg_to_gdl(g, convert::GdlOptions::unlimited()) {
        gdl_reads_back(&t.text)?;
    }
    Ok(())
}

/// LL-RBG printed from a game parses (the printer itself, and the checked printer's `Ok`).
fn ll_reads_back(g: &ir::Game) -> Result<(), String> {
    let text = rbg::print_ll(g);
    let back = rbg::parse_game(&text).map_err(|d| format!("LL-RBG rejected: {d:?}\n{text}"))?;
    if !has_edgeless_direction(g) {
        ir::compare::same_game(g, &back.game, Default::default())
            .map_err(|e| format!("LL-RBG reads back as another game: {e}\n{text}"))?;
    }
    if let Ok(t) = rbg::print_ll_checked(g) {
        rbg::parse_game(&t).map_err(|d| format!("checked LL-RBG rejected: {d:?}"))?;
    }
    Ok(())
}

/// Such a direction is dropped by LL-RBG (its shifts print as `{}`), so the IR differs.
fn has_edgeless_direction(g: &ir::Game) -> bool {
    let mut used = vec![false; g.board.direction_count()];
    for (_, d, _) in g.board.edges() {
        used[d.index()] = true;
    }
    used.contains(&false)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]
    #[test]
    fn sbg_translations_read_back(g in random_sbg_game(1..=4)) {
        let r = sbg_outputs_read_back(&g);
        prop_assert!(r.is_ok(), "{}\ngame:\n{}", r.unwrap_err(), sbg::print(&g));
    }
}

/// Random rule text over the declarations of [`rbg_game`].
fn rules() -> impl Strategy<Value = String> {
    let action = prop_oneof![
        Just("up".to_string()),
        Just("down".to_string()),
        Just("left".to_string()),
        Just("right".to_string()),
        Just("{e}".to_string()),
        Just("{w, b}".to_string()),
        Just("[e]".to_string()),
        Just("[w]".to_string()),
        Just("[$ a = a + 1]".to_string()),
        Just("[$ a = a * 3 - 1]".to_string()),
        Just("{$ a < 2}".to_string()),
        Just("{$ w == 1}".to_string()),
        Just("[$ white = 2]".to_string()),
        Just("->white".to_string()),
        Just("->black".to_string()),
        Just("->>".to_string()),
    ];
    action.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 2..=3).prop_map(|v| v.join(" ")),
            prop::collection::vec(inner.clone(), 2..=3)
                .prop_map(|v| format!("({})", v.join(" + "))),
            inner.clone().prop_map(|e| format!("({e})*")),
            inner.clone().prop_map(|e| format!("{{? {e}}}")),
            inner.prop_map(|e| format!("{{! {e}}}")),
        ]
    })
}

/// A game on a one-row, one-column or 2x2 board whose rules start with a player's turn.
fn rbg_game(board: usize, rules: &str) -> Option<ir::Game> {
    let rows = ["[e, w, b]", "[e] [w] [b]", "[e, w] [b, e]"][board];
    let src = format!(
        "#players = white(3), black(3)\n#pieces = e, w, b\n#variables = a(3)\n\
         #board = rectangle(up, down, left, right, {rows})\n#rules = (->white {rules} ->black)*\n"
    );
    rbg::parse_game(&src).ok().map(|p| p.game)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]
    #[test]
    fn rbg_translations_read_back(board in 0usize..3, rules in rules()) {
        let Some(g) = rbg_game(board, &rules) else { return Ok(()) };
        let r = rbg_outputs_read_back(&g);
        prop_assert!(r.is_ok(), "{}\nrules: {rules}", r.unwrap_err());
        if let Ok(t) = convert::rbg_to_gdl(&g, convert::GdlOptions { unroll: Some(4), ..Default::default() }) {
            let checked = gdl::parse_and_check(&t.text);
            prop_assert!(checked.is_ok(), "GDL rejected:\nrules: {rules}\n{}",
                gdl::render("out.kif", &t.text, &checked.unwrap_err()));
        }
    }
}

#[test]
fn a_one_row_sbg_board_gives_valid_ll_rbg() {
    let src = "<<T>>\n<BOARD>\n3 1\n|P.p|\n<PIECES>\nP (1,0,e) &\n<GOALS>\n20 &\n";
    let (g, _) = sbg::parse(src).unwrap();
    let ir = convert::sbg_to_ir(&g).unwrap();
    let text = rbg::print_ll_checked(&ir).expect("valid LL-RBG");
    assert!(!text.contains(" up"), "{text}");
}

#[test]
fn an_sbg_piece_over_the_rbg_token_limit_is_refused() {
    // 49,000 distinct two-letter alternatives: 98,000 letters, under SBG's own limit, but the
    // HL-RBG text expands to more than the RBG front end's token limit.
    let letters: Vec<String> = (-8..=8)
        .flat_map(|dx| {
            (-8..=8).flat_map(move |dy| ["e", "p", "w"].map(|on| format!("({dx},{dy},{on})")))
        })
        .collect();
    let alts: Vec<String> = letters
        .iter()
        .flat_map(|a| letters.iter().map(move |b| format!("{a}{b}")))
        .take(49_000)
        .collect();
    let board = "|.........|\n".repeat(7);
    let src = format!(
        "<<Big>>\n<BOARD>\n9 9\n{board}|PPPPPPPPP|\n|.........|\n<PIECES>\nP {} &\n<GOALS>\n20 &\n",
        alts.join(" + ")
    );
    let (g, _) = sbg::parse(&src).expect("valid SBG");
    let err = convert::sbg_to_rbg(&g).unwrap_err();
    assert!(matches!(err, convert::ReadBackError::Limit { .. }), "{err}");
    assert!(
        err.to_string()
            .contains("exceeds a limit of the RBG front end"),
        "{err}"
    );
}

#[test]
fn a_230x230_board_is_refused_as_ll_rbg() {
    let row = format!("[{}]", vec!["e"; 230].join(", "));
    let src = format!(
        "#players = white(100), black(100)\n#pieces = e, w\n#variables =\n\
         #board = rectangle(up, down, left, right, {})\n#rules = (->white left* up* [w] ->black)*\n",
        vec![row; 230].join(" ")
    );
    let g = rbg::parse_game(&src).expect("valid HL-RBG").game;
    let err = rbg::print_ll_checked(&g).unwrap_err();
    assert_eq!(err.bytes, rbg::print_ll(&g).len());
    let msg = err.to_string();
    assert!(msg.starts_with("the LL-RBG text ("), "{msg}");
    assert!(msg.contains("more than 1000000 tokens"), "{msg}");
}

#[test]
fn every_corpus_game_translates_to_text_that_reads_back() {
    for (name, text) in common::sbg_games() {
        let (g, _) = sbg::parse(&text).unwrap_or_else(|_| panic!("{name}"));
        sbg_outputs_read_back(&g).unwrap_or_else(|e| panic!("{name}: {e}"));
        sbg_prints_back(&g).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let mut dirs = vec![common::repo().join("corpus/rbg")];
    let shared = common::repo().join("../shared/corpus-external/rbg/games");
    if shared.is_dir() {
        dirs.push(shared);
    } else {
        eprintln!("note: ../shared/corpus-external absent; checking our own RBG corpus only");
    }
    for d in dirs {
        let mut files: Vec<_> = std::fs::read_dir(&d)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "rbg"))
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{}", d.display());
        for p in files {
            let src = std::fs::read_to_string(&p).unwrap();
            let g = rbg::parse_game(&src)
                .unwrap_or_else(|_| panic!("{}", p.display()))
                .game;
            rbg_outputs_read_back(&g).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        }
    }
    // GDL to GDL: the printed description passes the checker again.
    let gdl_dir = common::repo().join("../shared/corpus-external/gdl");
    if gdl_dir.is_dir() {
        let mut files: Vec<_> = std::fs::read_dir(&gdl_dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "kif"))
            .collect();
        files.sort();
        assert!(!files.is_empty());
        for p in files {
            let src = std::fs::read_to_string(&p).unwrap();
            let (d, _) = gdl::parse_and_check(&src).unwrap_or_else(|_| panic!("{}", p.display()));
            gdl_reads_back(&gdl::print(&d)).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        }
    } else {
        eprintln!("note: ../shared/corpus-external absent; no GDL corpus game printed back");
    }
}
