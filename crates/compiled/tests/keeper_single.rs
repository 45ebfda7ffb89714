//! The keeper states where check mode takes the first move without listing
//! (`codegen::single::KeeperShape`): where the keeper can choose, it must
//! still list and compare.

mod common;

/// The states `keeper_single` names in a game's source.
fn single_states(text: &str) -> Vec<u32> {
    listed_states(text, "keeper_single")
}

/// The states the generated function `name` (`keeper_single`, `keeper_frontier`) names.
fn listed_states(text: &str, name: &str) -> Vec<u32> {
    let src = common::source_of(text);
    let at = src
        .find(&format!("fn {name}(q: u32) -> bool {{"))
        .expect("the function");
    let body = &src[at..at + src[at..].find('}').unwrap()];
    let list = body
        .split("matches!(q,")
        .nth(1)
        .unwrap()
        .trim_end_matches([')', '\n', ' ']);
    list.split('|')
        .map(|x| x.trim())
        .filter(|x| *x != "u32::MAX")
        .map(|x| x.parse().unwrap())
        .collect()
}

fn read(path: &str) -> String {
    std::fs::read_to_string(common::repo_root().join(path)).unwrap()
}

#[test]
fn a_keeper_that_can_choose_is_never_single() {
    // `->> right* [X]`: the keeper may put X on either square. Its opening move, the switch
    // `->>` from the start (state 0), is the only single one.
    assert_eq!(
        single_states(&read("crates/cli/tests/data/improper.rbg")),
        [0]
    );
}

#[test]
fn guarded_alternatives_and_dead_branches_leave_one_move() {
    // Breakthrough's keeper: scores, then `{? forward} [pawn]` or `{! forward} ->> {}`, then
    // the rules' loop (its exit reaches no switch).
    let states = single_states(&read("corpus/rbg/breakthrough.rbg"));
    assert!(!states.is_empty());
    // Two alternatives under the same test, both going on, without a guard: a choice.
    let choice = "#players = p(1), q(1)\n#pieces = e, x\n#variables =\n\
                  #board = rectangle(up, down, left, right, [e, e])\n\
                  #rules = ->> ([x] + right [x]) ->p ->q\n";
    assert_eq!(single_states(choice), [0], "only the opening `->>`");
    let guarded = "#players = p(1), q(1)\n#pieces = e, x\n#variables =\n\
                   #board = rectangle(up, down, left, right, [e, e])\n\
                   #rules = ->> ({? right} [x] + {! right} right [x]) ->p ->q\n";
    let states = single_states(guarded);
    assert_eq!(
        states.len(),
        2,
        "the start and the state after `->>`: {states:?}"
    );
    // Comparisons that cannot both hold guard as well as a pattern and its negation.
    let compared = "#players = p(1), q(1)\n#pieces = e, x\n#variables = a(3)\n\
                    #board = rectangle(up, down, left, right, [e, e])\n\
                    #rules = ->> ({$ a < 2} [x] + {$ a == 2} right [x] + {$ a > 2}) ->p ->q\n";
    assert_eq!(single_states(compared).len(), 2);
    let ons = guarded.replace(
        "{? right} [x] + {! right} right [x]",
        "{e} [x] + {x} right [x]",
    );
    assert_eq!(single_states(&ons).len(), 2, "ons with disjoint pieces");
    let overlapping_ons = guarded.replace(
        "{? right} [x] + {! right} right [x]",
        "{e} [x] + {e, x} right [x]",
    );
    assert_eq!(single_states(&overlapping_ons), [0]);
    let overlapping = compared.replace("{$ a == 2}", "{$ a <= 2}");
    assert_eq!(single_states(&overlapping), [0]);
}

/// A branch whose tests, read without its modifiers, begin with the whole body of a pattern
/// contradicts that pattern's negation (reversi's flips, go's captures): where the branch
/// makes a move, the pattern held.
#[test]
fn a_branch_walking_a_negated_pattern_contradicts_it() {
    let game = |rules: &str| {
        format!(
            "#players = p(1), q(1)\n#pieces = e, x, y\n#variables =\n\
             #board = rectangle(up, down, left, right, [e, x, x, y])\n#rules = ->> {rules} ->p ->q\n"
        )
    };
    // Reversi's shape: flip a run of x along `right` up to a y.
    let flips =
        game("({! right {x} right ({x} right)* {y}} + right {x} [y] right ({x} [y] right)* {y})");
    assert_eq!(single_states(&flips).len(), 2, "the start and after `->>`");
    // Go's shape: the modifier after the pattern's walk.
    let after = game("(right {x} {! right {e}} [e] left + {! right {x} {! right {e}}})");
    assert_eq!(single_states(&after).len(), 2);
    // The branch reads back a square it modified (`left right`): the pattern never holds
    // (one square is not both x and y) while the branch does, so the keeper can choose.
    let reread = game("({! right {x} left right {y}} [y] + right {x} [y] left right {y} [e])");
    assert_eq!(single_states(&reread), [0]);
    // A branch walking only part of the pattern does not contradict it.
    let part = game("({! right {x} right {y}} [y] + right {x} [y])");
    assert_eq!(single_states(&part), [0]);
}

/// Where a star leaves the keeper several ways by shape but a pattern test follows the
/// tests after it (the public connect4's drop, then its win check), the search from the keeper's
/// state is cut there (`keeper_frontier`): the position tells whether the keeper has a choice.
/// Where no pattern follows, or a modifier comes first, nothing is cut.
#[test]
fn a_star_before_a_pattern_test_is_cut_at_the_frontier() {
    let game = |rules: &str| {
        format!(
            "#players = p(1), q(1)\n#pieces = e, x, y\n#variables =\n\
             #board = rectangle(up, down, left, right, [x, e, x, y])\n#rules = ->> {rules} ->p ->q\n"
        )
    };
    let drop = game("right* {e} {! right {e}} ({? right {x}} [x] + {! right {x}} [y])");
    assert_eq!(single_states(&drop).len(), 1, "only the start");
    assert_eq!(listed_states(&drop, "keeper_frontier").len(), 1);
    let no_pattern = game("right* {e} {! right {e}} [x]");
    assert!(listed_states(&no_pattern, "keeper_frontier").is_empty());
    let modifier_first = game("right* [y] {! right {e}} ({? right {x}} [x] + {! right {x}} [y])");
    assert!(listed_states(&modifier_first, "keeper_frontier").is_empty());
}

/// The cut search of shifts, piece tests and patterns of those is computed as sets of
/// vertices (`codegen::frontier_sets`); a comparison on the way keeps the search.
#[test]
fn a_frontier_of_shifts_and_tests_is_counted_as_sets() {
    let game = |before: &str| {
        format!(
            "#players = p(1), q(1)\n#pieces = e, x, y\n#variables = n(3)\n\
             #board = rectangle(up, down, left, right, [x, e, x, y])\n\
             #rules = ->> right* {before} {{e}} {{! right {{e}}}} \
             ({{? right {{x}}}} [x] + {{! right {{x}}}} [y]) ->p ->q\n"
        )
    };
    let hits = |text: &str| {
        let src = common::source_of(text);
        let at = src.find("fn keeper_frontier_hits(").expect("the dispatch");
        let body = &src[at..at + src[at..].find("_ => None").unwrap()];
        body.matches("=> Some(fhits").count()
    };
    let sets = game("");
    assert_eq!(listed_states(&sets, "keeper_frontier").len(), 1);
    assert_eq!(hits(&sets), 1, "the cut state's search as sets");
    let compare = game("{$ n < 2}");
    assert_eq!(listed_states(&compare, "keeper_frontier").len(), 1);
    assert_eq!(hits(&compare), 0, "a comparison keeps the search");
}
