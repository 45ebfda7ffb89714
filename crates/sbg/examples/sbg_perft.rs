//! `cargo run --release -p sbg --example sbg_perft -- game.sbg DEPTH`: perft table of a game
//! in the corpus/perft format (used to write corpus/perft/*.sbg.perft).

use game::perft::{perft, perft_stats};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(depth)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: sbg_perft GAME.sbg DEPTH");
        std::process::exit(2);
    };
    let depth: u32 = depth.parse().expect("depth is a number");
    let src = std::fs::read_to_string(path).expect("readable file");
    let game = match sbg::parse(&src) {
        Ok((g, _)) => g,
        Err(d) => {
            eprint!("{}", sbg::render(&d, path, &src));
            std::process::exit(1);
        }
    };
    let mut engine = sbg::Engine::new(&game).expect("rules compile");
    let t = Instant::now();
    let stats = perft_stats(&mut engine, depth);
    let secs = t.elapsed().as_secs_f64();
    println!("game {path}");
    for s in &stats {
        println!("perft {} {}", s.depth, s.leaves);
    }
    let nodes = stats.last().map_or(1, |s| s.nodes);
    eprintln!(
        "# {nodes} nodes in {secs:.3}s: {:.0} nodes/s",
        nodes as f64 / secs
    );
    for s in &stats {
        eprintln!(
            "# depth {}: terminals {} {:?}",
            s.depth, s.terminals, s.score_histogram
        );
    }
    let t = Instant::now();
    let leaves = perft(&mut engine, depth);
    let secs = t.elapsed().as_secs_f64();
    eprintln!(
        "# perft {depth} = {leaves} (bulk-counted) in {secs:.3}s: {:.0} leaves/s, {:.0} nodes/s",
        leaves as f64 / secs,
        nodes as f64 / secs
    );
}
