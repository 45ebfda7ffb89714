//! Runs are deterministic given their inputs (the work budget, not the clock, stops the
//! search); sides pooled or separate; the turn limit is exact where the logs pin it.

use learn::compare::same_language;
use learn::{learn, parse_log, record_games, LearnError, Listing, Options, Report, Sides, Stop};
use sbg::Side;
use std::sync::atomic::{AtomicBool, Ordering};

fn corpus(name: &str) -> sbg::Game {
    let path = format!("{}/../../corpus/sbg/{name}.sbg", env!("CARGO_MANIFEST_DIR"));
    sbg::parse(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .0
}

/// Everything in a report but the times.
fn without_times(r: &Report) -> String {
    let pieces: Vec<String> = r
        .pieces
        .iter()
        .map(|p| {
            format!(
                "{} {:?} {} {} {} {} {} {:?} {:?}",
                p.kind,
                p.side,
                p.states,
                p.expansions,
                p.candidates,
                p.consistent_candidates,
                p.work,
                p.stopped,
                p.rule
            )
        })
        .collect();
    format!("{pieces:?} {:?} {:?}", r.notes, r.undetermined)
}

fn run(records: &[learn::Record], options: &Options) -> (String, String) {
    let (game, report) = learn(records, options, &|_| {}).unwrap();
    (sbg::print(&game), without_times(&report))
}

#[test]
fn a_tiny_work_budget_gives_the_same_result_under_load() {
    let records = record_games(&corpus("chess_breakthrough"), 30, Listing::Some, 4).unwrap();
    let options = Options {
        work_budget: 20_000,
        ..Options::default()
    };
    let quiet = run(&records, &options);
    // The same run while two threads keep the machine busy.
    let stop = AtomicBool::new(false);
    let loaded = std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                let mut x = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
                }
            });
        }
        let r = run(&records, &options);
        stop.store(true, Ordering::Relaxed);
        r
    });
    assert_eq!(quiet, loaded);
    let (_, report) = learn(&records, &options, &|_| {}).unwrap();
    assert!(
        report
            .pieces
            .iter()
            .any(|p| p.stopped == Some(Stop::WorkBudget)),
        "the budget must cut a search short for this test to mean something:\n{report}"
    );
    assert!(report.to_string().contains("(work budget ran out)"));
}

#[test]
fn separate_sides_learn_each_player_exactly() {
    let original = corpus("chess_breakthrough");
    let records = record_games(&original, 50, Listing::All, 1).unwrap();
    let options = Options {
        sides: Sides::Separate,
        ..Options::default()
    };
    let (learned, report) = learn(&records, &options, &|_| {}).unwrap();
    assert_eq!(report.pieces.len(), 2 * original.rules.len());
    for p in &report.pieces {
        let rule = original.rule(p.kind).unwrap();
        assert!(p.side.is_some());
        assert!(
            same_language(&rule.expr, p.expr.as_ref().unwrap()).unwrap(),
            "{} {:?}:\n{report}",
            p.kind,
            p.side
        );
    }
    for r in &original.rules {
        assert!(same_language(&r.expr, &learned.rule(r.kind).unwrap().expr).unwrap());
    }
}

/// White's pawn steps up; black's pawn (in another game) steps up the board too, which is not
/// the mirror image of white's move.
const NOT_MIRRORED: &str = "0\n...\n.P.\n...\n\n*\n0 all 1\n(4 (0 1 e))\n\n\
                            0\n...\n.p.\n...\n\n*\n1 all 1\n(4 (0 1 e))\n";

#[test]
fn logs_whose_sides_are_not_mirror_images_are_named() {
    let records = parse_log(NOT_MIRRORED).unwrap();
    let err = learn(&records, &Options::default(), &|_| {}).unwrap_err();
    assert!(
        matches!(err, LearnError::NotMirrored { kind: 'P', .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("--sides separate"), "{err}");
    let options = Options {
        sides: Sides::Separate,
        ..Options::default()
    };
    let (_, report) = learn(&records, &options, &|_| {}).unwrap();
    let sides: Vec<Option<Side>> = report.pieces.iter().map(|p| p.side).collect();
    assert_eq!(sides, vec![Some(Side::White), Some(Side::Black)]);
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.contains("learned as different languages")),
        "{report}"
    );
}

#[test]
fn one_sided_letters_are_noted_with_mirrored_sides() {
    // Black's pawn only ever steps diagonally, white's only straight.
    let log = "0\n...\n.P.\n...\n\n*\n0 some 1\n(4 (0 1 e))\n\n\
               0\n...\n.p.\n...\n\n*\n1 some 1\n(4 (1 -1 e))\n";
    let records = parse_log(log).unwrap();
    let (_, report) = learn(&records, &Options::default(), &|_| {}).unwrap();
    assert!(
        report.notes.iter().any(|n| n.contains("for one side only")),
        "{report}"
    );
}

/// Everything of a game but the name: rules as languages, board, goals, turn limit.
fn assert_same_game(original: &sbg::Game, learned: &sbg::Game, report: &Report) {
    assert_eq!(learned.board, original.board);
    assert_eq!(learned.rules.len(), original.rules.len());
    for r in &original.rules {
        let l = learned.rule(r.kind).unwrap();
        assert!(
            same_language(&r.expr, &l.expr).unwrap(),
            "{}:\n{report}",
            r.kind
        );
    }
    let goals = |g: &sbg::Game| {
        let mut v: Vec<String> = g.goals.iter().map(|x| format!("{x:?}")).collect();
        v.sort();
        v
    };
    assert_eq!(goals(learned), goals(original), "{report}");
    assert_eq!(learned.turn_limit, original.turn_limit, "{report}");
}

#[test]
fn a_turn_limit_the_logs_reach_is_learned_exactly() {
    // Breakthrough with a limit random games sometimes reach (some games are won first).
    let mut original = corpus("breakthrough");
    original.turn_limit = 70;
    let records = record_games(&original, 50, Listing::All, 1).unwrap();
    let ties = records
        .iter()
        .filter(|r| r.outcome == learn::Outcome::Tie)
        .count();
    let wins = records
        .iter()
        .filter(|r| r.outcome == learn::Outcome::Won)
        .count();
    assert!(ties > 0 && wins > 0, "ties {ties}, wins {wins}");
    let (learned, report) = learn(&records, &Options::default(), &|_| {}).unwrap();
    assert!(report.turn_limit_pinned);
    assert!(
        !report.undetermined.iter().any(|u| u.contains("turn limit")),
        "{report}"
    );
    assert_same_game(&original, &learned, &report);
}

#[test]
fn a_turn_limit_no_game_reached_is_reported_as_a_bound() {
    let original = corpus("breakthrough");
    let records = record_games(&original, 20, Listing::All, 1).unwrap();
    assert!(!records.iter().any(|r| r.outcome == learn::Outcome::Tie));
    let (learned, report) = learn(&records, &Options::default(), &|_| {}).unwrap();
    assert!(!report.turn_limit_pinned);
    let longest = records.iter().map(|r| r.number).max().unwrap();
    assert_eq!(learned.turn_limit, longest);
    assert!(learned.turn_limit < original.turn_limit);
    let said = report
        .undetermined
        .iter()
        .find(|u| u.contains("turn limit"))
        .unwrap();
    assert!(
        said.contains(&format!("at least {longest} plies")),
        "{said}"
    );
    assert!(report
        .to_string()
        .contains("not determined by the logs: turn limit"));
}
