//! `cargo run --release -p sbg --example sbg_speed -- game.sbg...`: positions/s of move
//! generation along random games, best of several rounds in CPU time (a quick check beside the criterion
//! bench, robust on a busy machine).

use game::GameState;
use rand::{Rng, SeedableRng};
/// Nanoseconds this thread has run on a CPU (Linux `schedstat`), else wall-clock time: the
/// machine may be busy with other work.
fn cpu_ns(start: std::time::Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .unwrap_or_else(|| start.elapsed().as_nanos() as f64)
}

fn main() {
    for path in std::env::args().skip(1) {
        let src = std::fs::read_to_string(&path).expect("readable file");
        let (game, _) = sbg::parse(&src).expect("valid game");
        let mut e = sbg::Engine::new(&game).expect("rules compile");
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        let mut trajs = Vec::new();
        let mut buf = Vec::new();
        for _ in 0..200 {
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
            trajs.push(t);
        }
        let positions: usize = trajs.iter().map(|t| t.len() + 1).sum();
        let mut best = f64::MAX;
        let mut moves = 0;
        let reps = (2_000_000 / positions).max(1);
        for _ in 0..5 {
            let wall = std::time::Instant::now();
            let t0 = cpu_ns(wall);
            moves = 0;
            for t in trajs.iter().cycle().take(trajs.len() * reps) {
                for m in t {
                    e.legal_moves(&mut buf);
                    moves += buf.len();
                    e.apply(m);
                }
                e.legal_moves(&mut buf);
                moves += buf.len();
                for _ in t {
                    e.undo();
                }
            }
            best = best.min((cpu_ns(wall) - t0) / 1e9 / reps as f64);
        }
        println!(
            "{path}: {positions} positions, {:.1} moves/position, {:.0} ns/position, {:.2} M positions/s",
            moves as f64 / (positions * reps) as f64,
            best * 1e9 / positions as f64,
            positions as f64 / best / 1e6
        );
    }
}
