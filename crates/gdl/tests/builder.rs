//! The builder API (what the SBG → GDL back end will use) produces descriptions that print as
//! readable KIF, parse back to the same rules, pass the checker and play.

use game::GameState;

/// A two-square race built programmatically: `mover` steps a token from 1 to 2.
fn build() -> gdl::Description {
    let mut d = gdl::Description::new();
    d.section("Roles");
    let mover = d.constant("mover");
    let r = d.atom("role", vec![mover]);
    d.fact(r);
    d.section("Board");
    d.comment("successor facts instead of arithmetic");
    let (one, two) = (d.constant("1"), d.constant("2"));
    let s = d.atom("succ", vec![one.clone(), two.clone()]);
    d.fact(s);
    let at1 = d.app("at", vec![one.clone()]);
    let i = d.atom("init", vec![at1]);
    d.fact(i);
    d.section("Rules");
    // (<= (legal mover (step ?x ?y)) (true (at ?x)) (succ ?x ?y))
    let (x, y) = (d.var("x"), d.var("y"));
    let step = d.app("step", vec![x.clone(), y.clone()]);
    let mover = d.constant("mover");
    let head = d.atom("legal", vec![mover.clone(), step.clone()]);
    let at_x = d.app("at", vec![x.clone()]);
    let t = d.pos("true", vec![at_x]);
    let sc = d.pos("succ", vec![x.clone(), y.clone()]);
    d.rule(head, vec![t, sc]);
    // (<= (next (at ?y)) (does mover (step ?x ?y)))
    let at_y = d.app("at", vec![y.clone()]);
    let head = d.atom("next", vec![at_y]);
    let does = d.pos("does", vec![mover.clone(), step]);
    d.rule(head, vec![does]);
    // (<= terminal (true (at 2)))  (<= (goal mover 100) (true (at 2)))
    // (<= (goal mover 0) (not (true (at 2))))
    let at2 = d.app("at", vec![two.clone()]);
    let head = d.atom("terminal", vec![]);
    let t2 = d.pos("true", vec![at2.clone()]);
    d.rule(head, vec![t2.clone()]);
    let hundred = d.constant("100");
    let head = d.atom("goal", vec![mover.clone(), hundred]);
    d.rule(head, vec![t2.clone()]);
    let zero = d.constant("0");
    let head = d.atom("goal", vec![mover, zero]);
    let n = d.not(t2);
    d.rule(head, vec![n]);
    d
}

#[test]
fn built_description_prints_parses_checks_and_plays() {
    let d = build();
    let text = gdl::print(&d);
    insta::assert_snapshot!("builder_race", text);
    let parsed = gdl::parse(&text).expect("printed KIF parses");
    assert_eq!(gdl::print(&parsed), text);
    assert!(gdl::check(&d).is_empty(), "{:?}", gdl::check(&d));
    let mut e = gdl::Engine::new(&d).unwrap();
    assert_eq!(e.player_names(), vec!["mover".to_string()]);
    assert_eq!(e.scores(), vec![0]);
    assert_eq!(e.current_player(), Some(0));
    let mut moves = Vec::new();
    e.legal_moves(&mut moves);
    assert_eq!(moves.len(), 1);
    assert_eq!(e.move_text(&moves[0]), "(step 1 2)");
    e.apply(&moves[0]);
    assert!(e.is_terminal());
    assert_eq!(e.scores(), vec![100]);
    assert_eq!(e.state_text(), vec!["(at 2)".to_string()]);
    e.undo();
    assert_eq!(e.state_text(), vec!["(at 1)".to_string()]);
    assert_eq!(game::perft::perft(&mut e, 2), 0);
}

#[test]
fn keywords_are_case_insensitive() {
    let src = "(ROLE a) (INIT (p 1)) (<= (LEGAL a go) (TRUE (P 1)))
               (<= (NEXT (p 2)) (DOES a go)) (<= Terminal (True (p 2)))
               (<= (Goal a 100) (true (p 2))) (<= (goal a 0) (NOT (true (p 2))))";
    let d = gdl::parse(src).unwrap();
    assert!(gdl::check(&d).is_empty());
    let mut e = gdl::Engine::new(&d).unwrap();
    assert_eq!(game::perft::perft(&mut e, 1), 1);
    assert_eq!(game::perft::perft(&mut e, 2), 0);
}
