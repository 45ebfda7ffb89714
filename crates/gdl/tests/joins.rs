//! Work the engine skips: a rule one of whose positive literals reads a relation computed
//! empty in this state is not joined at all.

use game::GameState;

/// `p` reads the five `small` facts first (a static relation of known size, cheaper than
/// the guessed size of `q`), then `q`, which no state fills: the engine must not walk the
/// five facts to find that out.
#[test]
fn a_rule_reading_an_empty_relation_takes_no_join_steps() {
    let src = "(role a)\n(init (control a))\n\
               (small 1) (small 2) (small 3) (small 4) (small 5)\n\
               (<= (q ?x) (small ?x) (true (marked ?x)))\n\
               (<= (p ?x) (small ?x) (q ?x))\n\
               (<= (legal a go) (true (control a)))\n\
               (<= (next (control a)) (true (control a)))\n\
               (<= terminal (p ?x))\n(goal a 50)\n";
    let mut e = gdl::Engine::new(&gdl::parse(src).expect("parses")).expect("builds");
    e.profile_joins();
    let mut moves = Vec::new();
    e.legal_moves(&mut moves);
    e.apply(&moves[0]);
    assert!(!e.is_terminal());
    let rows = e.joins_by_rule();
    assert!(
        rows.iter().any(|r| r.0 == "q/1"),
        "q is evaluated: {rows:?}"
    );
    assert!(!rows.iter().any(|r| r.0 == "p/1"), "p is joined: {rows:?}");
}
