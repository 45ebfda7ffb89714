//! Differential fuzzing of the reasoner: the bytes build a small random game (`ir::Game`),
//! which is played move by move with both the reasoner and the naive interpretation of the
//! rules (crates/naive); any disagreement in legal moves or resulting states, or a panic
//! (including the reasoner's `debug_assert`s in a debug build), is a crash.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = naive::differential::compare(data) {
        panic!("reasoner and oracle disagree: {e}");
    }
});
