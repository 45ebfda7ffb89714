//! Issue 38, item 4: a piece rule of tens of thousands of letters builds its engine with work
//! linear in its length (the work itself is bounded in `automaton`'s unit tests), and a rule
//! whose subset construction is quadratic ends with an error naming the limit. Each build
//! runs under a generous hang guard only: the old quadratic code needed half an hour here.

use std::sync::mpsc;
use std::time::Duration;

const HANG_GUARD: Duration = Duration::from_secs(120);

fn game_with_rule(rule: &str) -> String {
    format!("<<Long>>\n<BOARD>\n3 3\n|..p|\n|...|\n|P..|\n<PIECES>\nP {rule} &\n<GOALS>\n10 &\n")
}

/// Parses `src` and builds its engine on another thread; panics if that takes longer than
/// the hang guard. Returns the build result as text (states of `P`, or the error).
fn build_guarded(src: String) -> Result<usize, String> {
    let (send, receive) = mpsc::channel();
    std::thread::spawn(move || {
        let (game, _) = sbg::parse(&src).expect("the generated game parses");
        let rule = &game.rules[0];
        let built = sbg::automaton::Dfa::from_expr(rule.kind, &rule.expr)
            .and_then(|dfa| sbg::Engine::new(&game).map(|_| dfa.num_states()))
            .map_err(|e| e.to_string());
        let _ = send.send(built);
    });
    receive
        .recv_timeout(HANG_GUARD)
        .expect("the build ended within the hang guard")
}

#[test]
fn a_word_near_the_size_limit_builds_one_state_per_letter() {
    // 99 000 letters: just under parse::EXPANDED_SIZE_LIMIT (100 000), about 700 KB of text.
    let n = 99_000;
    let src = game_with_rule(&"(0,1,e)".repeat(n));
    assert_eq!(build_guarded(src), Ok(n + 1));
}

#[test]
fn a_star_before_a_long_word_is_refused_by_the_subset_limit() {
    let src = game_with_rule(&format!("(0,1,e)^* {}", "(0,1,e)".repeat(50_000)));
    let err = build_guarded(src).unwrap_err();
    assert!(err.contains("SUBSET_WORK_LIMIT"), "{err}");
}
