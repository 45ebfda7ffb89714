//! State-dependent blow-ups end with an error naming the engine's budget and the rule
//! responsible (tests/hostile: `gdl-state-*`).

use game::GameState;

fn engine(src: &str) -> Result<gdl::Engine, gdl::EngineError> {
    gdl::Engine::new(&gdl::parse(src).expect("parses"))
}

/// A 5-way join over the state's 50 `c` facts (312,500,000 `big` facts) in the first state.
#[test]
fn a_state_dependent_join_exceeds_the_fact_budget() {
    let inits: String = (0..50).map(|i| format!("(init (c n{i}))\n")).collect();
    let src = format!(
        "(role a)\n{inits}\
         (<= (big ?x1 ?x2 ?x3 ?x4 ?x5) (true (c ?x1)) (true (c ?x2)) (true (c ?x3)) (true (c ?x4)) (true (c ?x5)))\n\
         (<= (legal a go) (big ?x1 ?x2 ?x3 ?x4 ?x5) (distinct ?x1 ?x5))\n\
         (<= (next (c ?x)) (true (c ?x)))\n(<= terminal (true (c n99)))\n(goal a 50)\n"
    );
    match engine(&src) {
        Err(gdl::EngineError::Budget(m)) => {
            assert!(
                m.contains("`big/5`") && m.contains("STATE_FACT_BUDGET"),
                "{m}"
            );
        }
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("built"),
    }
}

/// Every move doubles the state: the budget is met a few moves in, after which the engine
/// answers nothing and says why, pointing at a `next` rule.
#[test]
fn a_growing_state_exceeds_the_fact_budget_during_play() {
    let src = "(role a)\n(init (s z))\n(<= (legal a go) (true (s ?x)))\n\
               (<= (next (s (l ?x))) (true (s ?x)))\n(<= (next (s (r ?x))) (true (s ?x)))\n\
               (<= terminal (true (s q)))\n(goal a 50)\n";
    let mut e = engine(src).unwrap();
    let mut moves = Vec::new();
    for _ in 0..25 {
        e.legal_moves(&mut moves);
        let Some(m) = moves.first().cloned() else {
            break;
        };
        e.apply(&m);
    }
    let m = e.budget_error().expect("a budget was exceeded");
    assert!(
        m.contains("`next/1`") && m.contains("STATE_FACT_BUDGET"),
        "{m}"
    );
    let span = e.budget_error_span().expect("the rule is known");
    assert!(
        src[span.range()].starts_with("(<= (next"),
        "{}",
        &src[span.range()]
    );
    e.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

/// A rule with nine two-way `or`s (512 variants, past the engine's limit of 256) is lifted
/// into relations of its own (`engine::lift`) and means what it says: `done` follows exactly
/// when every index has a `p` or a `q`.
#[test]
fn a_rule_with_nine_ors_is_evaluated_not_refused() {
    let ors: String = (0..9)
        .map(|i| format!("(or (true (p {i})) (true (q {i})))"))
        .collect();
    let game = |inits: &str| {
        format!(
            "(role w) {inits} (legal w go) (<= (next done) {ors}) \
             (<= terminal (true done)) (goal w 100)"
        )
    };
    let all: String = (0..9)
        .map(|i| format!("(init ({} {i}))", if i % 2 == 0 { "p" } else { "q" }))
        .collect();
    let missing_one: String = (0..8).map(|i| format!("(init (p {i}))")).collect();
    for (inits, terminal_after_one_move) in [(all, true), (missing_one, false)] {
        let mut e = engine(&game(&inits)).expect("compiles");
        let mut moves = Vec::new();
        e.legal_moves(&mut moves);
        e.apply(&moves[0]);
        assert_eq!(e.is_terminal(), terminal_after_one_move, "{inits}");
    }
}
