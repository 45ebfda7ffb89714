//! The keeper states where check mode takes the first move without listing
//! (`codegen::keeper::single_move_keeper_states`): where the keeper can choose, it must
//! still list and compare.

mod common;

/// The states `keeper_single` names in a game's source.
fn single_states(text: &str) -> Vec<u32> {
    let src = common::source_of(text);
    let at = src
        .find("fn keeper_single(q: u32) -> bool {")
        .expect("keeper_single");
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
