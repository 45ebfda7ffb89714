//! No panics: mutated logs give diagnostics or records, and whatever parses can be learned from
//! (or is refused with an error).

use learn::{learn, parse_log, record, Listing, Options};
use proptest::prelude::*;
use std::sync::OnceLock;
use std::time::Duration;

fn base_log() -> &'static str {
    static LOG: OnceLock<String> = OnceLock::new();
    LOG.get_or_init(|| {
        let src = "<<T>>\n<BOARD>\n4 4\n|cc..|\n|....|\n|....|\n|..CC|\n<PIECES>\n\
                   C (0,1,e) + (1,1,p)(1,1,e)^* &\n<GOALS>\n12 &\n@C 0 3, 1 3, 2 3, 3 3 &\n\
                   @c 0 0, 1 0, 2 0, 3 0 &\n";
        let game = sbg::parse(src).unwrap().0;
        record(&game, 2, Listing::All, 9, Default::default()).unwrap()
    })
}

fn options() -> Options {
    Options {
        time_limit: Duration::from_secs(2),
        ..Options::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn mutated_logs_do_not_panic(edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..6, any::<u8>()), 1..6)) {
        let mut text = base_log().as_bytes().to_vec();
        for (at, kind, byte) in edits {
            if text.is_empty() { break; }
            let i = at.index(text.len());
            let replacement = [b'(', b')', b' ', b'\n', b'-', b'9'][(byte % 6) as usize];
            match kind {
                0 => { text.remove(i); }
                1 => text.insert(i, replacement),
                2 => text[i] = replacement,
                3 => text.truncate(i),
                4 => text[i] = b'0' + byte % 10,
                _ => text[i] = [b'e', b'p', b'w', b'.', b'C', b'c'][(byte % 6) as usize],
            }
        }
        let text = String::from_utf8_lossy(&text).into_owned();
        if let Ok(records) = parse_log(&text) {
            let _ = learn(&records, &options(), &|_| {});
        }
    }

    #[test]
    fn arbitrary_text_does_not_panic(s in "[0-9a-z().* \\-\n]{0,300}") {
        if let Ok(records) = parse_log(&s) {
            let _ = learn(&records, &options(), &|_| {});
        }
    }
}

#[test]
fn the_base_log_learns_back() {
    let records = parse_log(base_log()).unwrap();
    let (game, _) = learn(&records, &options(), &|_| {}).unwrap();
    assert!(game.rule('C').is_some());
}

/// The base log with the move count of its first record replaced by `count`.
fn log_with_count(count: &str) -> String {
    let mut lines: Vec<String> = base_log().lines().map(str::to_string).collect();
    let header = lines
        .iter()
        .position(|l| l.ends_with(" all") || l.split_whitespace().nth(1) == Some("all"))
        .expect("a `player all count` line");
    let mut fields: Vec<String> = lines[header].split_whitespace().map(String::from).collect();
    fields[2] = count.to_string();
    lines[header] = fields.join(" ");
    lines.join("\n") + "\n"
}

#[test]
fn a_huge_move_count_is_a_truncation_error_not_an_allocation() {
    for count in ["18446744073709551615", "1000000000"] {
        let err = parse_log(&log_with_count(count)).unwrap_err();
        let msg = format!("{err:?}");
        assert!(
            msg.contains("truncated") || msg.contains("ends after"),
            "{count}: {msg}"
        );
    }
}
