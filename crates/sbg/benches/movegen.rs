//! Move generation and perft speed of the native SBG engine on every corpus game.
//!
//! `movegen`: along recorded random games, at every position generate all legal moves and play
//! the recorded one (positions/s = elements/s). `perft`: perft at a fixed depth (nodes/s =
//! elements/s; the node count is asserted so a faster wrong engine cannot look good).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use game::perft::{perft, perft_stats};
use game::GameState;
use rand::{Rng, SeedableRng};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

fn games() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let shared = root.join("../shared/corpus-external/sbg");
    let mut v = Vec::new();
    for dir in [root.join("corpus/sbg"), shared] {
        if let Ok(rd) = std::fs::read_dir(dir) {
            v.extend(
                rd.flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "sbg")),
            );
        }
    }
    v.sort();
    v
}

fn trajectories(e: &mut sbg::Engine, games: usize, seed: u64) -> Vec<Vec<sbg::Move>> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut buf = Vec::new();
    for _ in 0..games {
        let mut t = Vec::new();
        loop {
            e.legal_moves(&mut buf);
            if buf.is_empty() || t.len() >= 400 {
                break;
            }
            let m = buf[rng.random_range(0..buf.len())];
            e.apply(&m);
            t.push(m);
        }
        for _ in 0..t.len() {
            e.undo();
        }
        out.push(t);
    }
    out
}

fn bench(c: &mut Criterion) {
    for path in games() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(&path).unwrap();
        let (game, _) = sbg::parse(&src).unwrap();
        let mut engine = sbg::Engine::new(&game).unwrap();
        let trajs = trajectories(&mut engine, 50, 1);
        let positions: u64 = trajs.iter().map(|t| t.len() as u64 + 1).sum();
        let mut group = c.benchmark_group(name.clone());
        group
            .sample_size(10)
            .warm_up_time(Duration::from_millis(500))
            .measurement_time(Duration::from_secs(2));
        group.throughput(Throughput::Elements(positions));
        let mut buf = Vec::with_capacity(256);
        group.bench_function("movegen", |b| {
            b.iter(|| {
                let mut n = 0;
                for t in &trajs {
                    for m in t {
                        engine.legal_moves(&mut buf);
                        n += buf.len();
                        engine.apply(m);
                    }
                    engine.legal_moves(&mut buf);
                    n += buf.len();
                    for _ in t {
                        engine.undo();
                    }
                }
                black_box(n)
            })
        });
        let depth = 4;
        let nodes = perft_stats(&mut engine, depth).last().unwrap().nodes;
        let leaves = perft(&mut engine, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("perft", depth), &depth, |b, &d| {
            b.iter(|| assert_eq!(perft(&mut engine, d), leaves))
        });
        group.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
