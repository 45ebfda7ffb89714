//! The corpora drive these tests: every game parses (ours without warnings), prints and parses
//! back to the same game, and compiles; every `.sbg1` line parses as a piece rule; the perft
//! tables in corpus/perft agree with the engine.

mod common;

use common::*;
use game::perft::perft;

#[test]
fn our_games_parse_cleanly_and_round_trip() {
    let games = our_games();
    assert!(games.len() >= 8, "corpus/sbg has {} games", games.len());
    for p in games {
        let src = read(&p);
        let (game, warnings) =
            sbg::parse(&src).unwrap_or_else(|d| panic!("{}", sbg::render(&d, "x", &src)));
        assert!(
            warnings.is_empty(),
            "{}: {}",
            p.display(),
            sbg::render(&warnings, "x", &src)
        );
        let printed = sbg::print(&game);
        let (again, w2) = sbg::parse(&printed).expect("printed text parses");
        assert!(w2.is_empty());
        assert_eq!(again, game, "{}", p.display());
        sbg::Engine::new(&game).expect("rules compile");
    }
}

#[test]
fn shared_games_parse_and_round_trip() {
    let Some(dir) = shared_dir() else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    let files = files_with(&dir, "sbg");
    assert_eq!(files.len(), 2, "two full games in the shared corpus");
    for p in files {
        let game = parse_ok(&p);
        let (again, _) = sbg::parse(&sbg::print(&game)).expect("printed text parses");
        assert_eq!(again, game);
        sbg::Engine::new(&game).expect("rules compile");
        eprintln!(
            "{}: {} rules, {}x{}",
            p.display(),
            game.rules.len(),
            game.board.width,
            game.board.height
        );
    }
}

#[test]
fn every_sbg1_line_parses_as_a_piece_rule() {
    let Some(dir) = shared_dir() else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    let mut total = 0;
    for p in files_with(&dir, "sbg1") {
        let src = read(&p);
        let mut count = 0;
        for (i, line) in src.lines().enumerate() {
            let text = sbg::parse::sbg1_rule_text(line);
            match sbg::parse_piece_rule(text) {
                Ok((rule, warnings)) => {
                    assert!(warnings.is_empty(), "{}:{}: warnings", p.display(), i + 1);
                    let dfa = sbg::automaton::Dfa::from_expr(rule.kind, &rule.expr).unwrap();
                    assert!(dfa.num_states() >= 1);
                    count += 1;
                }
                Err(d) => panic!(
                    "{}:{}:\n{}",
                    p.display(),
                    i + 1,
                    sbg::render(&d, "line", text)
                ),
            }
        }
        eprintln!("{}: {count} piece rules", p.display());
        total += count;
    }
    assert_eq!(total, 3513, "3511 + 1 + 1 lines in the shared .sbg1 files");
}

/// Entries above this many leaves are skipped (they are there for `rbgtool perft`).
const LEAF_LIMIT: u64 = 1_000_000;

#[test]
fn perft_tables_match_the_engine() {
    let dir = repo_root().join("corpus/perft");
    let tables: Vec<_> = files_with(&dir, "perft")
        .into_iter()
        .filter(|p| p.to_string_lossy().ends_with(".sbg.perft"))
        .collect();
    assert!(tables.len() >= 8);
    for t in tables {
        let text = read(&t);
        let mut lines = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
        let game_line = lines.next().expect("a game line");
        let path = game_line
            .strip_prefix("game ")
            .expect("first line: game <path>");
        let game = parse_ok(&repo_root().join(path));
        let mut engine = sbg::Engine::new(&game).unwrap();
        let mut checked = 0;
        for l in lines {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f[0], "perft", "{}: {l}", t.display());
            let (d, n): (u32, u64) = (f[1].parse().unwrap(), f[2].parse().unwrap());
            if n > LEAF_LIMIT {
                continue;
            }
            assert_eq!(perft(&mut engine, d), n, "{} depth {d}", t.display());
            checked += 1;
        }
        assert!(checked >= 3, "{}", t.display());
    }
}

#[test]
fn breakthrough_has_the_known_perft() {
    let game = parse_ok(&repo_root().join("corpus/sbg/breakthrough.sbg"));
    let mut engine = sbg::Engine::new(&game).unwrap();
    let got: Vec<u64> = (1..=4).map(|d| perft(&mut engine, d)).collect();
    assert_eq!(got, [22, 484, 11132, 256036]);
}

/// Every rule's minimal DFA, written back as an expression (state elimination, as the learner
/// will), describes the same moves, and the expression prints and parses as a rule.
#[test]
fn every_rule_survives_dfa_to_expression() {
    use sbg::automaton::Dfa;
    let mut rules: Vec<sbg::PieceRule> =
        all_games().iter().flat_map(|p| parse_ok(p).rules).collect();
    if let Some(dir) = shared_dir() {
        for p in files_with(&dir, "sbg1") {
            for line in read(&p).lines() {
                rules.push(
                    sbg::parse_piece_rule(sbg::parse::sbg1_rule_text(line))
                        .unwrap()
                        .0,
                );
            }
        }
    }
    for rule in &rules {
        let dfa = Dfa::from_expr(rule.kind, &rule.expr).unwrap();
        let expr = dfa.to_expr().expect("every rule has moves");
        let text = sbg::print::print_rule(rule.kind, &expr);
        let (again, _) = sbg::parse_piece_rule(&text).unwrap();
        assert_eq!(again.expr, expr);
        let back = Dfa::from_expr(rule.kind, &expr).unwrap();
        assert!(
            dfa.same_moves(&back),
            "{}\n{text}",
            sbg::print::print_rule(rule.kind, &rule.expr)
        );
        if !dfa.accepting[0] {
            // Same language, so the same minimal automaton size.
            assert_eq!(back.num_states(), dfa.num_states());
        }
    }
    eprintln!("{} rules", rules.len());
}
