//! Fuzzes the GDL front end: parsing and checking arbitrary input must never panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        if let Ok(desc) = gdl::parse(src) {
            let _ = gdl::check(&desc);
            let _ = gdl::print(&desc);
        }
    }
});
