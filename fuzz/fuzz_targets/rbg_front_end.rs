//! Lexer, macro expansion, parser, lowering and validation on arbitrary input: no panics, no
//! hangs (expansion and rule sizes are limited), and whatever parses round-trips through the
//! LL-RBG printer; the formatter keeps it the same game and formats its output to itself; the
//! direct GDL translation either declines (never for breaking GDL's restrictions, which its own
//! check catches) or writes GDL that passes the checker.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(parsed) = rbg::parse_game(src) else {
        return;
    };
    let game = &parsed.game;
    // Only whitespace changes, so the formatted text is the same game, and a fixed point.
    let formatted = rbg::format::format(src).unwrap_or_else(|d| panic!("format refused: {d:?}"));
    let again = rbg::parse_game(&formatted)
        .unwrap_or_else(|d| panic!("formatted text rejected: {d:?}\n{formatted}"));
    if let Err(e) = ir::compare::same_game(game, &again.game, Default::default()) {
        panic!("formatting changed the game: {e}\n{formatted}");
    }
    assert_eq!(
        rbg::format::format(&formatted).ok().as_deref(),
        Some(formatted.as_str())
    );
    let opts = convert::GdlOptions {
        encoding: convert::Encoding::Direct,
        ..Default::default()
    };
    match convert::rbg_to_gdl(game, opts) {
        Ok(t) => {
            if let Err(d) = gdl::parse_and_check(&t.text) {
                panic!("direct translation rejected: {d:?}\n{}", t.text);
            }
        }
        // The translator's own safety net caught rules that break GDL's restrictions.
        Err(e) if e.message.contains(convert::WITHIN_RESTRICTIONS) => {
            panic!("direct translation broke GDL's restrictions: {}", e.message)
        }
        Err(_) => {}
    }
    // The same with the two sides' relations merged (`--optimize size`).
    let size = convert::GdlOptions {
        optimize: convert::Optimize::Size,
        ..opts
    };
    if let Ok(t) = convert::rbg_to_gdl(game, size) {
        if let Err(d) = gdl::parse_and_check(&t.text) {
            panic!("direct translation for size rejected: {d:?}\n{}", t.text);
        }
    }
    let b = &game.board;
    // LL-RBG declares directions only through edges: a direction without any edge cannot
    // survive the round trip (documented in docs/rbg.md).
    let every_direction_used =
        (0..b.direction_count()).all(|d| b.edges().any(|(_, e, _)| e.index() == d));
    let ll = rbg::print_ll(game);
    match rbg::parse_game(&ll) {
        Ok(back) if every_direction_used => {
            if let Err(e) = ir::compare::same_game(game, &back.game, Default::default()) {
                panic!("round trip differs: {e}\n{ll}");
            }
        }
        Ok(_) => {}
        Err(d) if every_direction_used => panic!("LL output rejected: {d:?}\n{ll}"),
        Err(_) => {}
    }
});
