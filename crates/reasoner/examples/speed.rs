//! Speed table for docs/benchmarks.md: perft nodes/s at the BASELINE.md depths and flat
//! Monte-Carlo states/s, single thread.
//!
//! `cargo run --release -p reasoner --example speed -- [--unchecked] [SECONDS] [GAME...]`
//! (games from `shared/corpus-external/rbg/games`; SECONDS of playouts per game, default 5;
//! `--unchecked` turns off the improper-keeper check, as in the reference engines).

use reasoner::{Budget, Reasoner};
use std::time::Instant;

/// (game, perft depth, expected leaves) — BASELINE.md §1.
const GAMES: &[(&str, u32, u64)] = &[
    ("breakthrough", 5, 6182818),
    ("chess", 5, 4865609),
    ("chess_kingCapture", 5, 4897256),
    ("connect4", 9, 39394572),
    ("amazons", 2, 4307152),
    ("reversi", 8, 390216),
    ("englishDraughts", 9, 3963680),
    ("hex_9x9", 4, 39929760),
    ("ticTacToe", 9, 127872),
    ("go", 2, 130683),
    ("gomoku_freeStyle", 3, 11239200),
    ("gomoku_standard", 3, 11239200),
];

/// Nanoseconds this thread has run on a CPU (Linux schedstat; wall time elsewhere). The
/// machine is shared, so rates use CPU time: time slices lost to other processes don't count.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| {
            use std::sync::OnceLock;
            static T0: OnceLock<Instant> = OnceLock::new();
            T0.get_or_init(Instant::now).elapsed().as_nanos() as u64
        })
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let unchecked = args.iter().any(|a| a == "--unchecked");
    args.retain(|a| a != "--unchecked");
    let opts = reasoner::Options {
        keeper: if unchecked {
            reasoner::KeeperMode::First
        } else {
            reasoner::KeeperMode::Check
        },
        ..reasoner::Options::default()
    };
    let seconds: f64 = args.first().and_then(|s| s.parse().ok()).unwrap_or(5.0);
    let only: Vec<&String> = args.iter().skip(1).collect();
    let dir = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/corpus-external/rbg/games"
    );
    println!("| game | depth | leaves | nodes | perft cpu s | nodes/s | playouts | states/s | avg length | avg scores |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for &(name, depth, leaves) in GAMES {
        if !only.is_empty() && !only.iter().any(|o| *o == name) {
            continue;
        }
        let Ok(src) = std::fs::read_to_string(format!("{dir}/{name}.rbg")) else {
            eprintln!("{name}: not found");
            continue;
        };
        let g = rbg::parse_game(&src).expect("parses").game;
        let r = Reasoner::with_options(&g, opts).unwrap();
        let mut s = r.initial_state().unwrap();
        let t = cpu_ns();
        let p = reasoner::perft(&mut s, depth).unwrap();
        let dt = (cpu_ns() - t) as f64 / 1e9;
        assert_eq!(p.leaves, leaves, "{name}: wrong perft");
        let t = cpu_ns();
        let rep = reasoner::flat_mc(&r, Budget::Seconds(seconds), 1).unwrap();
        let mc = (cpu_ns() - t) as f64 / 1e9;
        let scores: Vec<String> = rep.avg_scores().iter().map(|x| format!("{x:.2}")).collect();
        println!(
            "| {name} | {depth} | {} | {} | {dt:.3} | {:.0} | {} | {:.0} | {:.2} | {} |",
            p.leaves,
            p.nodes,
            p.nodes as f64 / dt,
            rep.playouts,
            rep.states as f64 / mc,
            rep.avg_length,
            scores.join(" ")
        );
    }
}
