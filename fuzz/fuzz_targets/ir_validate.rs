//! Fuzz `ir::validate` as the reasoner's gatekeeper: the bytes build a small game with random
//! corruptions of its invariants. An arena that validation rejects must be refused by the
//! reasoner with an error; one it accepts must compile and play without a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Err(e) = naive::wild::check(data) {
        panic!("{e}");
    }
});
