//! Fuzz the SBG front end: any bytes that are UTF-8 go through the game parser and the piece
//! rule parser; a parsed game is printed, parsed again and compiled (never a panic or a hang).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let _ = sbg::parse_piece_rule(src);
    if let Ok((game, _)) = sbg::parse(src) {
        let text = sbg::print(&game);
        let again = sbg::parse(&text).expect("printed games parse");
        assert_eq!(again.0, game, "print/parse round trip");
        if game.board.width * game.board.height <= 400 {
            let _ = sbg::Engine::new(&game);
        }
    }
});
