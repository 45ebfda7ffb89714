//! Parsing and lowering the largest games of the shared corpus (lex, expand, parse, lower,
//! validate). Run with `cargo bench -p rbg`.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use std::path::Path;

const SHARED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../../shared/corpus-external/rbg/games"
);

fn bench(c: &mut Criterion) {
    let mut found = false;
    for name in ["arimaa.rbg", "chess.rbg", "go.rbg", "hex.rbg"] {
        let Ok(src) = std::fs::read_to_string(Path::new(SHARED).join(name)) else {
            continue;
        };
        found = true;
        let game = rbg::parse_game(&src).expect("parses").game;
        c.bench_function(&format!("parse_game {name}"), |b| {
            b.iter(|| rbg::parse_game(black_box(&src)).expect("parses"))
        });
        c.bench_function(&format!("print_ll {name}"), |b| {
            b.iter(|| rbg::print_ll(black_box(&game)))
        });
    }
    if !found {
        eprintln!("note: {SHARED} is absent; nothing to benchmark");
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
