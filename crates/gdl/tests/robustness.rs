//! Parsing and checking never panic: arbitrary strings, KIF-shaped noise, and mutations of real
//! game text (our own small game below, plus the public corpus when present). Descriptions that
//! pass the checker must also print to text that parses back to the same printout, and build an
//! engine that can take a first step.

use game::GameState;
use proptest::prelude::*;

const SMALL_GAME: &str = "
(role a) (role b)
(init (cell 1 blank)) (init (cell 2 blank)) (init (control a))
(succ 1 2)
(<= (legal ?p (mark ?c)) (true (control ?p)) (true (cell ?c blank)))
(<= (legal ?p noop) (role ?p) (not (true (control ?p))))
(<= (next (cell ?c ?p)) (does ?p (mark ?c)))
(<= (next (cell ?c ?x)) (true (cell ?c ?x)) (does ?p (mark ?d)) (distinct ?c ?d))
(<= (next (control b)) (true (control a)))
(<= (next (control a)) (true (control b)))
(<= (reach ?x ?y) (succ ?x ?y))
(<= (reach ?x ?z) (succ ?x ?y) (reach ?y ?z))
(<= full (not (true (cell 1 blank))) (not (true (cell 2 blank))))
(<= terminal full)
(<= (goal ?p 50) (role ?p) (or full (not full)))
";

fn exercise(src: &str) {
    if let Ok(desc) = gdl::parse(src) {
        let diags = gdl::check(&desc);
        let _ = gdl::render("input.kif", src, &diags);
        let printed = gdl::print(&desc);
        let again = gdl::parse(&printed).expect("printed text parses");
        assert_eq!(gdl::print(&again), printed);
        let _ = gdl::prolog::translate(&desc);
        if src.len() < 2000 {
            if let Ok(mut engine) = gdl::Engine::new(&desc) {
                let _ = game::perft::perft(&mut engine, 1);
                let _ = engine.scores();
            }
        }
    } else if let Err(d) = gdl::parse(src) {
        let _ = gdl::render("input.kif", src, &d);
    }
}

fn corpus_texts() -> Vec<String> {
    let mut texts = vec![SMALL_GAME.to_string()];
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus-external/gdl"
    );
    for name in ["ticTacToe.kif", "connectFour.kif"] {
        if let Ok(t) = std::fs::read_to_string(format!("{dir}/{name}")) {
            texts.push(t);
        }
    }
    texts
}

#[test]
fn small_game_plays() {
    let desc = gdl::parse(SMALL_GAME).unwrap();
    // `reach` (recursion for the engine) is no part of the game: only warned about.
    let diags = gdl::check(&desc);
    let codes: Vec<_> = diags.iter().map(|d| d.code.as_deref()).collect();
    assert_eq!(codes, [Some("gdl::W02"); 2], "{diags:?}");
    let mut e = gdl::Engine::new(&desc).unwrap();
    // a marks 1 or 2, then b marks the other: 2 then 2 sequences; then terminal.
    assert_eq!(game::perft::perft(&mut e, 1), 2);
    assert_eq!(game::perft::perft(&mut e, 2), 2);
    assert_eq!(game::perft::perft(&mut e, 3), 0);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings(s in "\\PC{0,200}") {
        exercise(&s);
    }

    #[test]
    fn kif_shaped_noise(s in "([()?; \\n]|<=|not|or|distinct|true|does|role|legal|next|init|terminal|goal|x|1){0,120}") {
        exercise(&s);
    }

    #[test]
    fn mutated_games(which in 0usize..3, edits in proptest::collection::vec((any::<u16>(), 0u8..4, "[()?a-z ;]"), 1..6)) {
        let texts = corpus_texts();
        let mut text = texts[which % texts.len()].clone().into_bytes();
        for (pos, kind, s) in edits {
            if text.is_empty() { break; }
            let i = pos as usize % text.len();
            match kind {
                0 => { text.remove(i); }
                1 => { text.splice(i..i, s.bytes()); }
                2 => { text[i] = s.as_bytes()[0]; }
                _ => { let j = (i + 7).min(text.len()); text.drain(i..j); }
            }
        }
        if let Ok(s) = String::from_utf8(text) {
            exercise(&s);
        }
    }
}

/// Random playouts end in terminal states with one goal per role in 0..=100, and undo restores
/// the initial state.
#[test]
fn corpus_playouts_reach_goals() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus-external/gdl"
    );
    if !std::path::Path::new(dir).is_dir() {
        return testskip::skip("../shared/corpus-external is absent");
    }
    let mut rng = game::rng_from_seed(7);
    for name in ["ticTacToe.kif", "connectFour.kif", "breakthroughSmall.kif"] {
        let Ok(src) = std::fs::read_to_string(format!("{dir}/{name}")) else {
            eprintln!("note: {name} absent; skipped");
            continue;
        };
        let desc = gdl::parse(&src).unwrap();
        let mut e = gdl::Engine::new(&desc).unwrap();
        let start = e.state_hash();
        for _ in 0..5 {
            let p = game::playout::random_playout(&mut e, &mut rng, 1000);
            assert!(p.finished, "{name}: playout did not finish");
            assert_eq!(p.scores.len(), e.player_names().len());
            assert!(
                p.scores.iter().all(|s| (0..=100).contains(s)),
                "{name}: {p:?}"
            );
            assert_eq!(
                e.state_hash(),
                start,
                "{name}: undo did not restore the state"
            );
        }
    }
}

/// The engine's error for a description that passes the checker.
fn engine_error(src: &str) -> String {
    let desc = gdl::parse(src).expect("parses");
    match gdl::Engine::new(&desc) {
        Ok(_) => panic!("the engine was built"),
        Err(e) => e.to_string(),
    }
}

const ONE_STEP: &str = "(init (s 0)) (<= (legal ?r noop) (role ?r)) \
    (<= (next (s 1)) (true (s 0))) (<= terminal (true (s 1))) (<= (goal ?r 50) (role ?r))\n";

#[test]
fn a_static_five_way_join_ends_with_the_budget_named() {
    let facts: String = (0..50).map(|i| format!("(f {i}) ")).collect();
    let src = format!(
        "(role a) {facts}\n(<= (big ?a ?b ?c ?d ?e) (f ?a) (f ?b) (f ?c) (f ?d) (f ?e))\n\
         (<= (legal a x) (big 1 2 3 4 5))\n{ONE_STEP}"
    );
    let err = engine_error(&src);
    assert!(
        err.contains("STATIC_FACT_BUDGET") && err.contains("big/5"),
        "{err}"
    );
}

#[test]
fn forty_roles_with_two_moves_are_refused_not_enumerated() {
    let roles: String = (0..40).map(|i| format!("(role r{i}) ")).collect();
    let src = format!("{roles}\n(<= (legal ?r x) (role ?r))\n{ONE_STEP}");
    let err = engine_error(&src);
    assert!(err.contains("1099511627776 joint moves"), "{err}");
}

#[test]
fn thousands_of_errors_are_cut_with_a_count() {
    let src = ")".repeat(16_000);
    let diags = gdl::parse(&src).unwrap_err();
    assert_eq!(diags.len(), gdl::MAX_DIAGNOSTICS + 1);
    assert!(diags.last().unwrap().message.contains("more errors"));
}
