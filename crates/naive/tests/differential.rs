//! The reasoner against the oracle on random small games (the `reasoner_vs_naive` fuzz target
//! runs the same comparison coverage-guided, see docs/fuzzing.md), and arbitrary arenas through
//! validation (the `ir_validate` target).

use naive::differential::compare;
use naive::wild::{check, Verdict};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]
    #[test]
    fn reasoner_agrees_with_the_oracle(data in proptest::collection::vec(any::<u8>(), 0..200)) {
        if let Err(e) = compare(&data) {
            prop_assert!(false, "{}", e);
        }
    }

    #[test]
    fn validation_guards_the_reasoner(data in proptest::collection::vec(any::<u8>(), 0..120)) {
        if let Err(e) = check(&data) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// The comparison must actually compare: most generated games are valid, and enough of them
/// are played several moves deep with the oracle answering.
#[test]
fn comparisons_have_ground_truth() {
    let (mut games, mut full, mut positions, mut moves) = (0, 0, 0, 0);
    for seed in 0..600u32 {
        let data = pseudo_random_bytes(seed, 96);
        let c = compare(&data).unwrap();
        games += c.compared as usize;
        full += (c.compared && !c.oracle_stopped) as usize;
        positions += c.positions;
        moves += c.moves;
    }
    eprintln!("{games} games compared, {full} without an oracle stop, {positions} positions, {moves} moves");
    assert!(games > 300, "only {games} valid games");
    assert!(full > 150, "only {full} games fully compared");
    assert!(positions > 2000, "only {positions} positions compared");
}

fn pseudo_random_bytes(seed: u32, n: usize) -> Vec<u8> {
    let mut x = (u64::from(seed) + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect()
}

#[test]
fn wild_games_are_sometimes_valid() {
    let verdicts: Vec<Verdict> = (0..3000u32)
        .map(|s| check(&s.to_le_bytes()).unwrap())
        .collect();
    let played = verdicts
        .iter()
        .filter(|v| matches!(v, Verdict::Played(_)))
        .count();
    let rejected = verdicts.iter().filter(|v| **v == Verdict::Rejected).count();
    eprintln!("{played} valid and played, {rejected} rejected");
    assert!(
        played > 30 && rejected > 1000,
        "{played} played, {rejected} rejected"
    );
}

/// Patterns over stars of modifiers and nested patterns (the `reasoner-pattern-star-*` hostile
/// cases): the oracle answers them (a pattern is a reachability question) and the reasoner
/// gives the same legal moves at the start.
#[test]
fn pattern_stars_agree_with_the_oracle() {
    use naive::semantics::{self, Limits};
    let head = "#players = p0(0), p1(4), p2(4)\n#pieces = k0, k1\n#variables = \n\
                #board = rectangle(up, down, left, right, [k1, k0, k1])\n#rules = ";
    let rules = [
        // tests/hostile/inputs/rbg_pattern_star_hang.rbg, with a switch after it.
        "{! ([$ p1 = p2] + {! {}} + [k0])* {} {}} ->p0",
        "{? ([$ p1 = p2] + {! {}} + [k0])* {} {}} ->p0",
        "{! (([$ p1 = 1] + [k0])* ({? ([k1] + [$ p2 = 2])* {}} + {! {! {}}}))* {}} ->p0",
        "{? ([k0] + [$ p1 = p1 + 1] + right + [k1] + {? ([k0] + left)* {k1}})* {$ p1 == 4} {k0}} ->p0",
        "(right + left)* {? ([k0] + right)* {$ p1 == 0} right {k0}} [k1] [$ p2 = p2 + 1] ->p0",
    ];
    let limits = Limits {
        work: 2_000_000,
        ..Limits::default()
    };
    for rules in rules {
        let src = format!("{head}{rules}\n");
        let g = rbg::parse_game(&src)
            .unwrap_or_else(|e| panic!("{rules}: {}", rbg::diagnostic_summary(&e)))
            .game;
        let start = semantics::complete_keeper(&g, semantics::initial(&g), limits)
            .unwrap_or_else(|e| panic!("{rules}: oracle stopped: {e:?}"));
        let want: Vec<Vec<(u32, u32)>> = semantics::moves(&g, &start, limits)
            .unwrap_or_else(|e| panic!("{rules}: oracle stopped: {e:?}"))
            .into_keys()
            .collect();
        let r = reasoner::Reasoner::new(&g).unwrap();
        let mut s = r.initial_state().unwrap();
        let mut got: Vec<Vec<(u32, u32)>> = s
            .legal_moves_checked()
            .unwrap_or_else(|e| panic!("{rules}: {e}"))
            .iter()
            .map(|m| m.steps.to_vec())
            .collect();
        got.sort();
        assert_eq!(got, want, "{rules}");
    }
}
