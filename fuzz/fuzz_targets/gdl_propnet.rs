//! Fuzzes the GDL network against the interpreter: any text that checks and grounds within
//! the budgets must play exactly as the interpreter along a few random playouts.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok((desc, _)) = gdl::parse_and_check(src) else {
        return;
    };
    if gdl::Engine::new(&desc).is_err() {
        return;
    }
    let Ok(mut net) = propnet::build(&desc) else {
        return;
    };
    if let Err(e) = propnet::oracle::same_playouts(&desc, &mut net, 1, 2, 20) {
        panic!("network and interpreter differ: {e}");
    }
});
