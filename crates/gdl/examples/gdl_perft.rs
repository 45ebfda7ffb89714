//! `cargo run --release -p gdl --example gdl_perft -- game.kif DEPTH`: perft of a GDL game with
//! timing (a developer tool; the user-facing command is `rbgtool perft`).

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, path, depth] = &args[..] else {
        eprintln!("usage: gdl_perft GAME.kif DEPTH");
        std::process::exit(2);
    };
    let src = std::fs::read_to_string(path).expect("read file");
    let desc = gdl::parse(&src).unwrap_or_else(|d| {
        eprintln!("{}", gdl::render(path, &src, &d));
        std::process::exit(1)
    });
    let t0 = Instant::now();
    let options = gdl::EngineOptions {
        demand_threshold: match std::env::var("GDL_DEMAND") {
            Ok(v) if v == "off" => None,
            Ok(v) => Some(v.parse().expect("GDL_DEMAND: a number or off")),
            Err(_) => gdl::EngineOptions::default().demand_threshold,
        },
    };
    let mut engine = gdl::Engine::with_options(&desc, &options).expect("engine");
    println!(
        "setup {:.3}s (choosing the program: {} join steps)",
        t0.elapsed().as_secs_f64(),
        engine.tuning_joins()
    );
    let depth: u32 = depth.parse().expect("depth");
    let mut states = 1u64;
    for d in 1..=depth {
        let t = Instant::now();
        let n = game::perft::perft(&mut engine, d);
        let s = t.elapsed().as_secs_f64();
        println!(
            "perft {d} = {n}  {s:.3}s  {:.0} leaves/s  {:.0} states/s",
            n as f64 / s,
            states as f64 / s
        );
        states += n;
    }
}
