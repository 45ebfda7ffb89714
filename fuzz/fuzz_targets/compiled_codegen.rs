//! The compiled engine's code generator on arbitrary games: random automata from the bytes
//! (`naive::random_game::wild_game`) and RBG text that parses; the analyses behind it
//! (marks, rays, whole-board regions, direct levels) must not panic or hang, whatever the
//! automaton. The generated source is not compiled here (rustc is far too slow per input);
//! `crates/compiled/tests` builds and runs it on the corpora and on random games.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let game = if first % 2 == 0 {
        naive::random_game::wild_game(rest)
    } else {
        let Ok(src) = std::str::from_utf8(rest) else {
            return;
        };
        let Ok(parsed) = rbg::parse_game(src) else {
            return;
        };
        parsed.game
    };
    let _ = compiled::engine::generate_source(&game);
});
