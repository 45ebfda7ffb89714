//! Files in the informal dialects of real SBG files parse, with one warning per departure from
//! the grammar, to the same game as the clean file.

use game::perft::perft;
use sbg::parse::parse_game;
use sbg::Warning;
use std::mem::discriminant;

fn data(name: &str) -> String {
    let p = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
    std::fs::read_to_string(format!("{p}{name}")).unwrap()
}

fn clean() -> sbg::Game {
    let parsed = parse_game(&data("clean_reference.sbg"));
    assert!(parsed.warnings.is_empty() && parsed.errors.is_empty());
    parsed.value.unwrap()
}

/// Parses `name` and returns the game with the kinds of its warnings, in order.
fn parse(name: &str) -> (sbg::Game, Vec<Warning>) {
    let src = data(name);
    let parsed = parse_game(&src);
    assert!(parsed.errors.is_empty(), "{name}: {:?}", parsed.errors);
    for w in &parsed.warnings {
        let s = w.span();
        assert!(
            s.start <= s.end && s.end <= src.len(),
            "{name}: span {s:?} inside the text"
        );
    }
    (parsed.value.unwrap(), parsed.warnings)
}

fn kinds(ws: &[Warning]) -> Vec<std::mem::Discriminant<Warning>> {
    ws.iter().map(discriminant).collect()
}

#[test]
fn bom_and_crlf() {
    let (game, ws) = parse("bom_crlf.sbg");
    assert_eq!(game, clean());
    assert_eq!(ws[0], Warning::ByteOrderMark { span: 0..3 });
    assert!(matches!(ws[1], Warning::CrLf { .. }));
    assert_eq!(ws.len(), 2);
}

#[test]
fn old_markers_rows_without_bars_doubled_ampersands() {
    let (game, ws) = parse("old_markers.sbg");
    assert_eq!(game, clean());
    let old = Warning::OldSectionMarker { span: 0..0 };
    let row = Warning::RowWithoutBars { span: 0..0 };
    let amp = Warning::RepeatedAmpersand { span: 0..0 };
    assert_eq!(
        kinds(&ws),
        kinds(&[
            old.clone(),
            old.clone(),
            old,
            row.clone(),
            row.clone(),
            row,
            amp.clone(),
            amp
        ])
    );
    let src = data("old_markers.sbg");
    let Warning::RepeatedAmpersand { span } = &ws[6] else {
        unreachable!()
    };
    assert_eq!(&src[span.clone()], "&");
}

#[test]
fn duplicate_and_lowercase_rules_missing_ampersands_odd_name() {
    let (game, ws) = parse("duplicate_rules.sbg");
    let mut expected = clean();
    expected.name = "Little_Breakthrough-2".into();
    // The second rule is joined to the first as an alternative: the same language.
    assert_eq!(expected.rules.len(), game.rules.len());
    let mut a = sbg::Engine::new(&game).unwrap();
    let mut b = sbg::Engine::new(&expected).unwrap();
    for d in 1..=3 {
        assert_eq!(perft(&mut a, d), perft(&mut b, d));
    }
    assert_eq!(
        kinds(&ws),
        kinds(&[
            Warning::NameCharacters { span: 0..0 },
            Warning::LowercaseRuleLetter { span: 0..0 },
            Warning::DuplicateRule {
                span: 0..0,
                first: 0..0
            },
            Warning::MissingAmpersand { span: 0..0 },
            Warning::MissingAmpersand { span: 0..0 },
        ])
    );
    let rendered = sbg::render(
        &ws.iter().map(Warning::to_diagnostic).collect::<Vec<_>>(),
        "duplicate_rules.sbg",
        &data("duplicate_rules.sbg"),
    );
    assert!(
        rendered.contains("warning[sbg::W07]: second rule for the same piece"),
        "{rendered}"
    );
}

#[test]
fn spaced_powers_are_grammar_not_quirks() {
    let (game, ws) = parse("spaced_powers.sbg");
    assert!(ws.is_empty(), "{ws:?}");
    let mut a = sbg::Engine::new(&game).unwrap();
    let mut b = sbg::Engine::new(&clean()).unwrap();
    for d in 1..=3 {
        assert_eq!(perft(&mut a, d), perft(&mut b, d));
    }
}

#[test]
fn shared_files_warn_only_about_known_quirks() {
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus-external/sbg"
    );
    let Ok(rd) = std::fs::read_dir(dir) else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.extension().is_none_or(|x| x != "sbg") {
            continue;
        }
        let src = std::fs::read_to_string(&p).unwrap();
        let parsed = parse_game(&src);
        assert!(parsed.errors.is_empty());
        for w in &parsed.warnings {
            assert!(
                matches!(w, Warning::NameCharacters { .. }),
                "{}: {w:?}",
                p.display()
            );
        }
    }
}

/// Found by the fuzzer: control characters in the name (here stray CRs) read back as spaces
/// after printing, so they are spaces already when read.
#[test]
fn control_characters_in_the_name_become_spaces() {
    let src = "<<Ab\r\r\tcd>>\n<BOARD>\n2 2\n|K.|\n|..|\n<PIECES>\nK (0,1,e) &\n<GOALS>\n5 &\n";
    let (game, warnings) = sbg::parse(src).expect("parses");
    assert_eq!(game.name, "Ab   cd");
    assert!(!warnings.is_empty(), "the name still gets its warning");
    let again = sbg::parse(&sbg::print(&game))
        .expect("printed game parses")
        .0;
    assert_eq!(again, game);
}

/// The Java SBG tools write the name on a bare first line, with either marker style.
#[test]
fn a_name_on_a_bare_first_line() {
    let (game, ws) = parse("bare_name.sbg");
    assert_eq!(game, clean());
    assert_eq!(ws[0], Warning::BareName { span: 0..19 });
    assert!(matches!(ws[1], Warning::OldSectionMarker { .. }));
    assert_eq!(ws.len(), 2);
    let new_marker = data("bare_name.sbg").replace("<--BOARD-->", "<BOARD>");
    let parsed = parse_game(&new_marker);
    assert_eq!(parsed.value, Some(clean()));
    assert_eq!(parsed.warnings, [Warning::BareName { span: 0..19 }]);
}

/// A one-character bare name (found by fuzzing: its span once underflowed).
#[test]
fn a_one_character_bare_name() {
    let src = data("bare_name.sbg").replacen("Little Breakthrough", "L", 1);
    let parsed = parse_game(&src);
    let game = parsed.value.expect("parses");
    assert_eq!(game.name, "L");
    assert_eq!(parsed.warnings[0], Warning::BareName { span: 0..1 });
    let crash = ".\n<BOARD>\npppp| left";
    let _ = parse_game(crash);
}

/// A first line holding `<` or `>` is no bare name: no name between `<< >>` can hold them, so
/// it could not be printed back (found by fuzzing: `\u{3}<0iry …` read as the name `<0iry …`,
/// printed as `<<<0iry …>>` and read back as `0iry …`).
#[test]
fn a_first_line_with_angle_brackets_is_no_bare_name() {
    for first in ["\u{3}<0iry chess", "chess <on> 7x7", "a > b"] {
        let src = data("bare_name.sbg").replacen("Little Breakthrough", first, 1);
        let parsed = parse_game(&src);
        if let Some(game) = parsed.value {
            let again = sbg::parse(&sbg::print(&game))
                .expect("printed games parse")
                .0;
            assert_eq!(again, game, "{first:?}");
        }
    }
}
