//! The learner end to end: log round trip, bad logs, inconsistent data, and learning the corpus
//! games back from `all` logs.

use learn::compare::{compare_moves, compare_perft, same_language};
use learn::{learn, parse_log, record_games, write_log, LearnError, Listing, Options, Record};

fn corpus(name: &str) -> sbg::Game {
    let path = format!("{}/../../corpus/sbg/{name}.sbg", env!("CARGO_MANIFEST_DIR"));
    sbg::parse(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .0
}

fn messages(src: &str) -> String {
    let diags = parse_log(src).expect_err("the log is bad");
    diags
        .iter()
        .map(|d| d.message.clone())
        .collect::<Vec<_>>()
        .join("\n")
}

fn without_spans(mut rs: Vec<Record>) -> Vec<Record> {
    for r in &mut rs {
        r.span = 0..0;
    }
    rs
}

#[test]
fn log_round_trip() {
    for listing in [Listing::All, Listing::Some] {
        let records = record_games(&corpus("chess_breakthrough"), 3, listing, 5).unwrap();
        let text = write_log(&records);
        let back = parse_log(&text).unwrap();
        assert_eq!(without_spans(back), records);
    }
}

const GOOD: &str = "0\n...\n.P.\n...\n\n*\n0 all 2\n(4 (0 1 e))\n(4 (1 1 e))\n";

#[test]
fn good_small_log_parses() {
    let rs = parse_log(GOOD).unwrap();
    assert_eq!(rs.len(), 1);
    assert_eq!(rs[0].moves[1].from, 4);
    assert_eq!(rs[0].span, 0..GOOD.len() - 1);
}

#[test]
fn bad_logs_name_the_record() {
    let truncated = "0\n...\n.P.\n...\n\n*\n0 all 3\n(4 (0 1 e))\n(4 (1 1 e))\n";
    assert!(
        messages(truncated).contains("record 0 (line 1) is truncated"),
        "{}",
        messages(truncated)
    );
    let bad_square = GOOD.replace("(4 (1 1 e))", "(9 (1 1 e))");
    assert!(messages(&bad_square).contains("square 9 is not on the board"));
    let empty_square = GOOD.replace("(4 (1 1 e))", "(3 (1 1 e))");
    assert!(messages(&empty_square).contains("record 0, move 2: square 3 is empty"));
    let wrong_on = GOOD.replace("(4 (1 1 e))", "(4 (1 1 p))");
    assert!(messages(&wrong_on).contains("the letter says `p`"));
    let off_board = GOOD.replace("(4 (1 1 e))", "(4 (1 1 e) (1 1 e))");
    assert!(messages(&off_board).contains("step 2 leaves the board"));
    let syntax = GOOD.replace("(4 (1 1 e))", "(4 (1 1 e)");
    assert!(messages(&syntax).contains("not closed"));
    let header = GOOD.replace("0 all 2", "0 every 2");
    assert!(messages(&header).contains("the listing is `every`"));
    assert!(messages("x\n").contains("expected a record number"));
}

#[test]
fn inconsistent_records_are_named() {
    // The pawn steps (0,1,e) in record 0 but the next record, listing all moves, omits that
    // step from the same kind of situation.
    let log = "0\n...\n.P.\n...\n\n*\n0 all 2\n(4 (0 1 e))\n(4 (1 1 e))\n\n\
               1\n...\n...\nP..\n\n*\n0 all 1\n(0 (1 1 e))\n";
    let records = parse_log(log).unwrap();
    let err = learn(&records, &Options::default(), &|_| {}).unwrap_err();
    assert!(
        matches!(err, LearnError::Inconsistent { record: 1, .. }),
        "{err:?}"
    );
    let text = err.to_string();
    assert!(text.starts_with("inconsistent: record 1"), "{text}");
    assert!(text.contains("(0 1 e)"), "{text}");
}

fn learn_back(name: &str, positions: usize) {
    let original = corpus(name);
    let records = record_games(&original, 50, Listing::All, 1).unwrap();
    let (learned, report) = learn(&records, &Options::default(), &|_| {}).unwrap();
    for r in &original.rules {
        let l = learned
            .rule(r.kind)
            .unwrap_or_else(|| panic!("{name}: no rule for {}", r.kind));
        assert!(
            same_language(&r.expr, &l.expr).unwrap(),
            "{name} {}:\n{report}",
            r.kind
        );
    }
    let text = sbg::print(&learned);
    let (reparsed, _) = sbg::parse(&text).unwrap();
    let c = compare_moves(&original, &reparsed, positions, 11).unwrap();
    assert_eq!(c.differing, 0, "{name}: {:?}", c.first_difference);
    for (a, b) in compare_perft(&original, &reparsed, 3).unwrap() {
        assert_eq!(a, b, "{name}: perft");
    }
    let goals = |g: &sbg::Game| {
        let mut v: Vec<String> = g.goals.iter().map(|x| format!("{x:?}")).collect();
        v.sort();
        v
    };
    assert_eq!(goals(&learned), goals(&original), "{name}: goals");
    assert_eq!(learned.board, original.board, "{name}: start");
    // A tied game pins the turn limit (random Chess-Breakthrough games reach it); otherwise
    // the report says the learned limit is only a lower bound.
    if report.turn_limit_pinned {
        assert_eq!(learned.turn_limit, original.turn_limit, "{name}");
    } else {
        assert!(learned.turn_limit < original.turn_limit, "{name}");
        assert!(report
            .undetermined
            .iter()
            .any(|u| u.starts_with("turn limit")));
    }
    assert_eq!(
        report.turn_limit_pinned,
        name == "chess_breakthrough",
        "{name}: which logs reach the limit"
    );
}

#[test]
fn learns_breakthrough_from_all_logs() {
    learn_back("breakthrough", 2000);
}

#[test]
fn learns_chess_breakthrough_from_all_logs() {
    learn_back("chess_breakthrough", 2000);
}

#[test]
fn learns_checkers_breakthrough_from_all_logs() {
    learn_back("checkers_breakthrough", 2000);
}

#[test]
fn records_built_in_code_are_checked() {
    let mut records = parse_log(GOOD).unwrap();
    let mut other = records[0].clone();
    other.board = sbg::Board::empty(4, 4);
    records.push(other);
    let err = learn(&records, &Options::default(), &|_| {}).unwrap_err();
    assert!(
        matches!(err, LearnError::BadRecord { record: 1, .. }),
        "{err:?}"
    );
    assert!(matches!(
        learn(&[], &Options::default(), &|_| {}),
        Err(LearnError::NoRecords)
    ));
}

#[test]
fn progress_is_reported_per_piece() {
    use std::sync::Mutex;
    let records = record_games(&corpus("breakthrough"), 2, Listing::All, 3).unwrap();
    let seen = Mutex::new(Vec::new());
    let (_, report) = learn(&records, &Options::default(), &|p| {
        if let learn::Progress::Finished { kind, .. } = p {
            seen.lock().unwrap().push(*kind);
        }
    })
    .unwrap();
    assert_eq!(*seen.lock().unwrap(), vec!['P']);
    assert_eq!(report.games, 2);
    assert!(report.to_string().starts_with("consistent: learned from"));
}

#[test]
fn rendered_diagnostics_point_at_the_move() {
    let src = GOOD.replace("(4 (1 1 e))", "(4 (1 1 p))");
    let diags = parse_log(&src).unwrap_err();
    let text = sbg::render(&diags, "logs.txt", &src);
    assert!(text.contains("logs.txt:9:1"), "{text}");
    assert!(
        text.contains("record 0, move 2: step 1 reaches square 8"),
        "{text}"
    );
    assert!(text.contains("^^^^"), "{text}");
}

#[test]
fn count_goals_are_learned() {
    // Gardner minichess ends when a king is captured (`#K 0`, `#k 0`).
    let original = corpus("gardner");
    let records = record_games(&original, 50, Listing::All, 1).unwrap();
    let (learned, _) = learn(&records, &Options::default(), &|_| {}).unwrap();
    let mut a: Vec<String> = learned.goals.iter().map(|g| format!("{g:?}")).collect();
    let mut b: Vec<String> = original.goals.iter().map(|g| format!("{g:?}")).collect();
    a.sort();
    b.sort();
    assert_eq!(a, b);
    let (reparsed, _) = sbg::parse(&sbg::print(&learned)).unwrap();
    for (x, y) in compare_perft(&original, &reparsed, 3).unwrap() {
        assert_eq!(x, y);
    }
}

/// A rook-like piece seen sliding one to three squares up an empty 1×8 board, `some` listing.
const SHORT_SLIDES: &str = "0\n.\n.\n.\n.\n.\n.\n.\nR\n\n*\n0 some 3\n(0 (0 1 e))\n\
                            (0 (0 1 e) (0 1 e))\n(0 (0 1 e) (0 1 e) (0 1 e))\n";

#[test]
fn the_window_rule_allows_words_longer_than_any_observed_one_plus_one() {
    // The 3-window rule allows slides of 5..7 squares (longer than max|U| + 1 = 4); the paper's
    // rule stops at 4.
    let records = parse_log(SHORT_SLIDES).unwrap();
    let rider =
        sbg::parse("<<T>>\n<BOARD>\n1 2\n|.|\n|.|\n<PIECES>\nR (0,1,e)^*(0,1,e) &\n<GOALS>\n1 &\n")
            .unwrap()
            .0;
    let rider = &rider.rule('R').unwrap().expr;
    let (tolerant, report) = learn(&records, &Options::default(), &|_| {}).unwrap();
    assert!(
        same_language(rider, &tolerant.rule('R').unwrap().expr).unwrap(),
        "{report}"
    );
    let paper = Options {
        some_rule: learn::SomeRule::Paper,
        ..Options::default()
    };
    let (strict, report) = learn(&records, &paper, &|_| {}).unwrap();
    assert!(
        !same_language(rider, &strict.rule('R').unwrap().expr).unwrap(),
        "{report}"
    );
}
