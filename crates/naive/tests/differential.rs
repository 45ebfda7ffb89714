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
