//! The public GDL corpus (`../shared/corpus-external/gdl`, not committed): every `.kif` passes
//! the checker, round-trips through the printer, and its perft from our engine matches the
//! values of that folder's SOURCES.md up to a node budget (`GDL_PERFT_BUDGET`, default 60 000
//! leaves per depth). Skips with a note when the folder is absent.

use game::GameState;
use std::path::{Path, PathBuf};

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus-external/gdl"
);

fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(CORPUS);
    if dir.is_dir() {
        Some(dir)
    } else {
        None
    }
}

fn kif_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for sub in [dir.to_path_buf(), dir.join("derived")] {
        if let Ok(rd) = std::fs::read_dir(&sub) {
            for e in rd.flatten() {
                let p = e.path();
                if p.extension().is_some_and(|x| x == "kif") {
                    out.push(p);
                }
            }
        }
    }
    out.sort();
    out
}

/// `(file, [(depth, expected leaves)])` from the SOURCES.md table.
fn perft_table(dir: &Path) -> Vec<(String, Vec<(u32, u64)>)> {
    let Ok(text) = std::fs::read_to_string(dir.join("SOURCES.md")) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for line in text.lines() {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() < 3 {
            continue;
        }
        let Some(file) = cells[1].split_whitespace().next() else {
            continue;
        };
        if !file.ends_with(".kif") {
            continue;
        }
        let values = cells[2];
        let mut entries = Vec::new();
        if let Some(rest) = values.strip_prefix("perft(") {
            let (d, n) = rest.split_once(')').unwrap();
            let n = n.trim().trim_start_matches('=').trim();
            entries.push((d.parse().unwrap(), n.parse().unwrap()));
        } else {
            for (i, v) in values.split(',').enumerate() {
                entries.push((i as u32 + 1, v.trim().parse().unwrap()));
            }
        }
        out.push((file.to_string(), entries));
    }
    out
}

#[test]
fn every_corpus_game_passes_the_checker_and_round_trips() {
    let Some(dir) = corpus() else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    for path in kif_files(&dir) {
        let src = std::fs::read_to_string(&path).unwrap();
        let name = path.display().to_string();
        let desc = gdl::parse(&src).unwrap_or_else(|d| panic!("{}", gdl::render(&name, &src, &d)));
        let diags = gdl::check(&desc);
        let errors: Vec<_> = diags
            .iter()
            .filter(|d| d.severity >= codespan_reporting::diagnostic::Severity::Error)
            .cloned()
            .collect();
        assert!(errors.is_empty(), "{}", gdl::render(&name, &src, &errors));
        let printed = gdl::print(&desc);
        let again = gdl::parse(&printed).expect("printed KIF parses");
        assert_eq!(
            gdl::print(&again),
            printed,
            "{name}: print is not a fixpoint"
        );
        let rules = |d: &gdl::Description| {
            d.rules()
                .map(|r| {
                    let mut s = String::new();
                    gdl::print::rule_text(&d.symbols, r, &mut s);
                    s
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(
            rules(&desc),
            rules(&again),
            "{name}: rules changed in the round trip"
        );
    }
}

#[test]
fn corpus_perft_matches_sources() {
    let budget: u64 = std::env::var("GDL_PERFT_BUDGET")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60_000);
    perft_against_sources(&gdl::EngineOptions::default(), budget);
}

/// The demand transformation with a tiny threshold (most relations transformed) must play the
/// same games.
#[test]
fn corpus_perft_of_demand_transformed_programs() {
    let Some(dir) = corpus() else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    for (file, entries) in perft_table(&dir) {
        let Ok(src) = std::fs::read_to_string(dir.join(&file)) else {
            continue;
        };
        let desc = gdl::parse(&src).expect("parses");
        let Some(t) = gdl::engine::demand_program(&desc, 50) else {
            continue;
        };
        let options = gdl::EngineOptions {
            demand_threshold: None,
        };
        let mut engine = gdl::Engine::new_unchecked(&t, &options).expect("engine");
        for (depth, expected) in entries {
            if expected <= 5_000 {
                let got = game::perft::perft(&mut engine, depth);
                assert_eq!(
                    got, expected,
                    "{file} perft({depth}) after the demand transformation"
                );
            }
        }
    }
}

/// Without the demand transformation (plain bottom-up evaluation).
#[test]
fn corpus_perft_without_demand_transformation() {
    let options = gdl::EngineOptions {
        demand_threshold: None,
    };
    perft_against_sources(&options, 5_000);
}

fn perft_against_sources(options: &gdl::EngineOptions, budget: u64) {
    let Some(dir) = corpus() else {
        return testskip::skip("../shared/corpus-external is absent");
    };
    let mut report = String::new();
    for (file, entries) in perft_table(&dir) {
        let path = dir.join(&file);
        let Ok(src) = std::fs::read_to_string(&path) else {
            eprintln!("note: {file} listed in SOURCES.md but absent");
            continue;
        };
        let desc = gdl::parse(&src).expect("parses");
        let mut engine =
            gdl::Engine::with_options(&desc, options).unwrap_or_else(|e| panic!("{file}: {e}"));
        for (depth, expected) in entries {
            if expected > budget {
                continue;
            }
            let start = std::time::Instant::now();
            let got = game::perft::perft(&mut engine, depth);
            let secs = start.elapsed().as_secs_f64();
            report.push_str(&format!(
                "{file:40} depth {depth}: expected {expected:>9} ours {got:>9} ({:.0} leaves/s)\n",
                got as f64 / secs.max(1e-9)
            ));
            assert_eq!(got, expected, "{file} perft({depth})\n{report}");
        }
        assert!(engine.state_hash() == engine.state_hash());
    }
    eprintln!("{report}");
}
