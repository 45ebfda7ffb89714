//! Differential fuzzing of the reasoner: the bytes build a small random game (`ir::Game`),
//! which is played move by move with both the reasoner and the naive interpretation of the
//! rules (crates/naive); any disagreement in legal moves or resulting states, or a panic
//! (including the reasoner's `debug_assert`s in a debug build), is a crash.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// Smaller than the suite's limits: cheap positions, more inputs per second.
const LIMITS: naive::semantics::Limits = naive::semantics::Limits {
    modifiers: 6,
    keeper_moves: 8,
    work: 20_000,
};

fuzz_target!(|data: &[u8]| {
    if let Err(e) = naive::differential::compare_within(data, LIMITS) {
        panic!("reasoner and oracle disagree: {e}");
    }
});
