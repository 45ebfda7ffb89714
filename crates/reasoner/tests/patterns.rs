//! Patterns whose bodies apply modifiers under stars: the search inside a pattern is a
//! reachability question and must stay polynomial in the configurations it can reach
//! (tests/hostile: `reasoner-pattern-star-*`), or end with `PatternLimit`.

mod common;

use common::{game, Decl};
use reasoner::{GameError, Options, Reasoner};

const SMALL: Decl = Decl {
    players: &[("p", 4), ("q", 4)],
    variables: &[("a", 3)],
    pieces: &["e", "x"],
    rows: &[&["x", "e"]],
};

fn count(decl: &Decl<'_>, rules: &str) -> Result<usize, GameError> {
    let g = game(decl, rules);
    let r = Reasoner::new(&g).unwrap();
    let mut s = r.raw_state();
    Ok(s.legal_moves_checked()?.len())
}

/// The fuzz-found hang (tests/hostile/inputs/rbg_pattern_star_hang.rbg): a star over an
/// assignment, an off and a nested pattern, inside a pattern that never holds. The search
/// used to walk every sequence of the star's modifiers up to the cycle-check depth (2^48).
#[test]
fn star_over_modifiers_and_patterns_in_a_failing_pattern() {
    assert_eq!(
        count(&SMALL, "{! ([$ p = q] + {! {}} + [e])* {} {}} ->p"),
        Ok(1)
    );
    assert_eq!(
        count(&SMALL, "{? ([$ p = q] + {! {}} + [e])* {} {}} ->p"),
        Ok(0)
    );
    // The same with the pattern body's star nested, and a pattern of patterns in the star.
    let nested = "{! (([$ a = 1] + [x])* ({? ([e] + [$ p = 2])* {}} + {! {! .}}))* {}} ->p";
    assert_eq!(count(&SMALL, nested), Ok(1));
    // Empty-bodied patterns in a star.
    assert_eq!(
        count(&SMALL, "{! ({? .} + {! .} + [x] + [e])* {}} ->p"),
        Ok(1)
    );
}

/// Reachable accepting states are still found, whatever the order of the search.
#[test]
fn reachable_configurations_are_found() {
    // a = 3 only after three increments; the off first must not hide it.
    let rules = "{? ([x] + [$ a = a + 1] + [e])* {$ a == 3} {e}} ->p";
    assert_eq!(count(&SMALL, rules), Ok(1));
    // Not reachable: a never exceeds its bound 3.
    let rules = "{? ([x] + [$ a = a + 1] + [e])* {$ a == 4}} ->p";
    assert_eq!(count(&SMALL, rules), Ok(0));
    // A nested pattern that holds, evaluated again in configurations of the outer search.
    let rules = "{? ([$ a = a + 1] {? ([e] + [x])* {$ a >= 1} {e}})* {$ a == 3}} ->p";
    assert_eq!(count(&SMALL, rules), Ok(1));
}

/// Exponentially many configurations (any subset of 30 squares turned to `x`): the
/// evaluation stops at `Options::pattern_limit` with an error naming the pattern.
#[test]
fn too_many_configurations_end_with_the_pattern_limit() {
    let row: Vec<&str> = vec!["e"; 30];
    let rows: [&[&str]; 1] = [&row];
    let d = Decl {
        players: &[("p", 1), ("q", 1)],
        variables: &[],
        pieces: &["e", "x"],
        rows: &rows,
    };
    let rules = "{? ([x] + right + left)* {$ p == 1}} ->p";
    let g = game(&d, rules);
    let opts = Options {
        pattern_limit: 200_000,
        ..Options::default()
    };
    let r = Reasoner::with_options(&g, opts).unwrap();
    let mut s = r.raw_state();
    match s.legal_moves_checked() {
        Err(e @ GameError::PatternLimit { limit, .. }) => {
            assert_eq!(limit, 200_000);
            assert!(e.to_string().contains("pattern"), "{e}");
        }
        other => panic!("{other:?}"),
    }
}
