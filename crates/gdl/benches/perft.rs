//! Perft of the public GDL corpus at depths too deep for the tests. Each benchmark names its
//! expected leaf count (SOURCES.md of the corpus) and checks it, so a faster but wrong engine
//! cannot look good. Skips games whose file is absent.
//!
//! `cargo bench -p gdl --bench perft`

use criterion::{criterion_group, criterion_main, Criterion};
use std::time::Duration;

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus-external/gdl"
);

/// (file, depth, expected leaves).
const CASES: &[(&str, u32, u64)] = &[
    ("ticTacToe.kif", 7, 148176),
    ("derived/connectFour_7x6.kif", 6, 117649),
    ("connectFour.kif", 4, 4096),
    ("breakthrough.kif", 4, 256036),
    ("chess_200.kif", 3, 8902),
    ("speedChess.kif", 3, 8246),
    ("reversi.kif", 6, 8200),
    ("englishDraughts.kif", 6, 36768),
    ("amazons.kif", 1, 2176),
    ("hex.kif", 3, 511920),
    ("connectFourSimultaneous.kif", 3, 262144),
    ("checkers.kif", 3, 379),
];

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("gdl_perft");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for &(file, depth, expected) in CASES {
        let Ok(src) = std::fs::read_to_string(format!("{CORPUS}/{file}")) else {
            eprintln!("note: {file} not found; skipped");
            continue;
        };
        let desc = gdl::parse(&src).expect("parses");
        let mut engine = gdl::Engine::new(&desc).expect("engine");
        group.bench_function(format!("{file} perft({depth}) = {expected}"), |b| {
            b.iter(|| {
                let n = game::perft::perft(&mut engine, depth);
                assert_eq!(n, expected, "{file} perft({depth})");
                n
            })
        });
    }
    group.finish();
}

criterion_group!(benches, perft);
criterion_main!(benches);
