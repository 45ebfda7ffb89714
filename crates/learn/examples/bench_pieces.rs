//! Per-piece learning time (one thread, best of 3 runs) from `all` and `some` logs.
//!
//! `cargo run --release -p learn --example bench_pieces -- FILE [ALL_GAMES SOME_GAMES]`

use learn::{learn, record_games, Listing, Options};
use std::collections::BTreeMap;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (game, _) = sbg::parse(&std::fs::read_to_string(&args[0]).unwrap()).unwrap();
    let all_games: usize = args.get(1).map_or(50, |s| s.parse().unwrap());
    let some_games: usize = args.get(2).map_or(1000, |s| s.parse().unwrap());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut table: BTreeMap<char, [f64; 2]> = BTreeMap::new();
    for (col, listing, games) in [(0, Listing::All, all_games), (1, Listing::Some, some_games)] {
        let records = record_games(&game, games, listing, 1).unwrap();
        for _ in 0..3 {
            let (_, report) =
                pool.install(|| learn(&records, &Options::default(), &|_| {}).unwrap());
            for p in &report.pieces {
                let e = table.entry(p.kind).or_insert([f64::MAX; 2]);
                e[col] = e[col].min(p.seconds);
            }
        }
    }
    println!("piece | all ({all_games} games) | some ({some_games} games)");
    for (k, [a, s]) in table {
        println!("{k} | {a:.3} s | {s:.3} s");
    }
}
