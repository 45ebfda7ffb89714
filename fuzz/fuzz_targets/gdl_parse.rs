//! Fuzzes the GDL front end: parsing and checking arbitrary input must never panic or hang;
//! a description that checks is also simulated briefly (`check --simulate`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        if let Ok(desc) = gdl::parse(src) {
            let _ = gdl::check(&desc);
            let _ = gdl::print(&desc);
        }
        if let Ok((desc, _)) = gdl::parse_and_check(src) {
            let options = gdl::check::simulate::SimulateOptions {
                playouts: 2,
                depth: 20,
                seed: 1,
                // The monotonic check reads the goals in every state: more of the engine.
                monotonic: true,
            };
            let _ = gdl::check::simulate::simulate(&desc, &options);
        }
    }
});
