//! Criterion: learning all of Chess-Breakthrough from 50 `all` games and from 1000 `some` games
//! (the logs are recorded outside the timing). Per-piece times: `examples/bench_pieces.rs`.

use criterion::{criterion_group, criterion_main, Criterion};
use learn::{learn, record_games, Listing, Options};

fn chess() -> sbg::Game {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/sbg/chess_breakthrough.sbg"
    );
    sbg::parse(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .0
}

fn bench(c: &mut Criterion) {
    let game = chess();
    let mut g = c.benchmark_group("learn_chess_breakthrough");
    g.sample_size(10);
    for (name, listing, games) in [
        ("all_50", Listing::All, 50),
        ("some_1000", Listing::Some, 1000),
    ] {
        let records = record_games(&game, games, listing, 1).unwrap();
        g.bench_function(name, |b| {
            b.iter(|| learn(&records, &Options::default(), &|_| {}).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
