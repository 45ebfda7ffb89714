//! How many `some`-listing games until each piece is learned exactly (the paper's Table 3)?
//!
//! `cargo run --release -p learn --example games_needed -- [windows|paper] SEEDS FILE...`
//! For each seed, G runs over 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000 until every piece of the
//! game is learned exactly; prints, per piece, the smallest G where it was (avg / min / max over
//! seeds; `>1000` when never).

use learn::compare::same_language;
use learn::{learn, record_games, Listing, Options, SomeRule};
use std::collections::BTreeMap;

const GS: [usize; 10] = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rule = if args[0] == "paper" {
        SomeRule::Paper
    } else {
        SomeRule::PaperAndWindows
    };
    let seeds: u64 = args[1].parse().unwrap();
    for file in &args[2..] {
        let (original, _) = sbg::parse(&std::fs::read_to_string(file).unwrap()).unwrap();
        let mut needed: BTreeMap<char, Vec<Option<usize>>> = BTreeMap::new();
        let mut secs: BTreeMap<char, f64> = BTreeMap::new();
        for seed in 1..=seeds {
            let mut first: BTreeMap<char, Option<usize>> =
                original.rules.iter().map(|r| (r.kind, None)).collect();
            for g in GS {
                let records = record_games(&original, g, Listing::Some, seed).unwrap();
                let options = Options {
                    some_rule: rule,
                    ..Options::default()
                };
                let Ok((learned, report)) = learn(&records, &options, &|_| {}) else {
                    continue;
                };
                for r in &original.rules {
                    let exact = learned
                        .rule(r.kind)
                        .is_some_and(|l| same_language(&r.expr, &l.expr).unwrap());
                    let f = first.get_mut(&r.kind).unwrap();
                    if exact && f.is_none() {
                        *f = Some(g);
                    }
                    if g == 1000 || (exact && f == &Some(g)) {
                        let t = report
                            .pieces
                            .iter()
                            .find(|p| p.kind == r.kind)
                            .unwrap()
                            .seconds;
                        *secs.entry(r.kind).or_default() += t;
                    }
                }
                if first.values().all(Option::is_some) {
                    break;
                }
            }
            for (k, f) in first {
                needed.entry(k).or_default().push(f);
            }
        }
        println!("== {file} ({:?}, {seeds} seeds)", rule);
        for (k, v) in &needed {
            let found: Vec<usize> = v.iter().flatten().copied().collect();
            let never = v.len() - found.len();
            let show = |x: Option<&usize>| x.map_or(">1000".to_string(), |x| x.to_string());
            let avg = if never == 0 {
                format!(
                    "{:.1}",
                    found.iter().sum::<usize>() as f64 / found.len() as f64
                )
            } else {
                "-".into()
            };
            println!(
                "{k}: avg {avg} min {} max {} (never: {never}/{})",
                show(found.iter().min()),
                if never > 0 {
                    ">1000".into()
                } else {
                    show(found.iter().max())
                },
                v.len()
            );
        }
    }
}
