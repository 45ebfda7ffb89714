//! The comparison with the paper's tables (docs/learner.md): for each game and listing, the game
//! count from which each piece stays exact, under the paper's protocol (separate sides, its
//! `F(pmp)` rule) and under our default (mirrored sides, 3-window rule), over SEEDS seeds.
//!
//! `cargo run --release -p learn --example paper_tables -- SEEDS [FILE...]`
//! (default files: the corpus's Breakthrough, Checkers- and Chess-Breakthrough).

use learn::protocol::{stays_exact_from, summarize, PieceKey, Setting};
use learn::{Listing, Options};
use std::collections::BTreeMap;

/// Game counts tried (`all`: the paper's Table 1 used 50 games; `some`: its Table 3 up to 1000).
const ALL_GRID: &[usize] = &[1, 2, 3, 5, 10, 20, 30, 50];
const SOME_GRID: &[usize] = &[1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seeds: u64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(20);
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus/sbg/");
    let files: Vec<String> = if args.len() > 1 {
        args[1..].to_vec()
    } else {
        [
            "breakthrough",
            "checkers_breakthrough",
            "chess_breakthrough",
        ]
        .iter()
        .map(|n| format!("{root}{n}.sbg"))
        .collect()
    };
    println!("seeds 1..={seeds}; entries: avg / min / max games from which the piece stays exact");
    for file in &files {
        let (game, _) = sbg::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
        for (listing, grid) in [(Listing::All, ALL_GRID), (Listing::Some, SOME_GRID)] {
            let max = grid.last().unwrap();
            println!(
                "\n== {} ({listing:?} listings, grid up to {max})",
                game.name
            );
            println!("| piece | paper's protocol: white | paper's protocol: black | our default |");
            println!("|---|---|---|---|");
            let mut runs: BTreeMap<PieceKey, Vec<Option<usize>>> = BTreeMap::new();
            for setting in [Setting::PAPER, Setting::DEFAULT] {
                for seed in 1..=seeds {
                    let r =
                        stays_exact_from(&game, listing, seed, grid, setting, &Options::default())
                            .unwrap();
                    for (k, v) in r {
                        runs.entry(k).or_default().push(v);
                    }
                }
            }
            for rule in &game.rules {
                let cell = |side| {
                    runs.get(&(rule.kind, side))
                        .map_or("-".to_string(), |v| summarize(v).to_string())
                };
                println!(
                    "| {} | {} | {} | {} |",
                    rule.kind,
                    cell(Some(sbg::Side::White)),
                    cell(Some(sbg::Side::Black)),
                    cell(None)
                );
            }
        }
    }
}
