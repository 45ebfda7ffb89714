//! Criterion benches: perft and flat Monte-Carlo on the public RBG games (read from
//! `shared/corpus-external/rbg/games`, skipped when absent). Every perft bench first checks
//! its named node count, so a faster but wrong engine cannot look good.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use reasoner::{Budget, Reasoner};
use std::path::PathBuf;

/// (game, depth, leaves, nodes) — values from PERFT.md / BASELINE.md.
const PERFT: &[(&str, u32, u64, u64)] = &[
    ("breakthrough", 4, 256036, 267675),
    ("chess", 3, 8902, 9323),
    ("chess_kingCapture", 4, 197742, 207065),
    ("connect4", 7, 823536, 960793),
    ("reversi", 6, 8200, 9913),
    ("amazons", 2, 4307152, 4309329),
    ("englishDraughts", 6, 36768, 45957),
    ("hex_9x9", 3, 511920, 518482),
    ("ticTacToe", 9, 127872, 549946),
    ("go", 2, 130683, 131046),
    ("gomoku_freeStyle", 2, 50400, 50626),
];

const PLAYOUTS: &[(&str, u64)] = &[
    ("breakthrough", 200),
    ("chess", 5),
    ("connect4", 2000),
    ("reversi", 100),
    ("amazons", 10),
    ("englishDraughts", 200),
    ("ticTacToe", 5000),
];

fn load(name: &str) -> Option<ir::Game> {
    let path = PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus-external/rbg/games"
    ))
    .join(format!("{name}.rbg"));
    let src = std::fs::read_to_string(&path).ok()?;
    Some(rbg::parse_game(&src).ok()?.game)
}

fn perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for &(name, depth, leaves, nodes) in PERFT {
        let Some(g) = load(name) else {
            println!("note: {name} not available, skipped");
            continue;
        };
        let r = Reasoner::new(&g).unwrap();
        let mut s = r.initial_state().unwrap();
        let p = reasoner::perft(&mut s, depth).unwrap();
        assert_eq!(
            (p.leaves, p.nodes),
            (leaves, nodes),
            "{name} perft({depth})"
        );
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}/d{depth}/{nodes}nodes"), |b| {
            b.iter(|| reasoner::perft(&mut s, depth).unwrap())
        });
    }
    group.finish();
}

fn flat_mc(c: &mut Criterion) {
    let mut group = c.benchmark_group("flat_mc");
    group.sample_size(10);
    for &(name, n) in PLAYOUTS {
        let Some(g) = load(name) else { continue };
        let r = Reasoner::new(&g).unwrap();
        group.bench_function(format!("{name}/{n}playouts"), |b| {
            b.iter(|| reasoner::flat_mc(&r, Budget::Playouts(n), 1).unwrap())
        });
    }
    group.finish();
}

criterion_group!(benches, perft, flat_mc);
criterion_main!(benches);
