//! A driver for measured runs until `rbgtool evolve` exists:
//! `cargo run --release -p evolve --example evolve_run -- W H POP GENS SEED OUT [resume]`;
//! `... --example evolve_run -- report OUT` prints the report of OUT's last generation.

use std::path::Path;
use std::time::Instant;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.first().is_some_and(|s| s == "report") {
        let dir = Path::new(a.get(1).map_or(".", String::as_str));
        let last = evolve::last_generation(dir)
            .expect("readable generation")
            .expect("a finished generation");
        print!(
            "{}",
            evolve::report::html(&last.options, &last.history, &last.population)
        );
        return;
    }
    let num = |i: usize, d: usize| a.get(i).and_then(|s| s.parse().ok()).unwrap_or(d);
    let options = evolve::Options {
        width: num(0, 6),
        height: num(1, 6),
        population: num(2, 50),
        generations: num(3, 20),
        seed: num(4, 1) as u64,
        ..Default::default()
    };
    let out = a.get(5).map_or("runs/example", String::as_str);
    let resume = a.get(6).is_some_and(|s| s == "resume");
    let t0 = Instant::now();
    let summary = evolve::run(&options, Path::new(out), resume, &mut |g| {
        eprintln!(
            "gen {:3}  best {:.4}  mean {:.4}  evaluated {:3}  unplayable {:3}  {:6} sims in {:6.1}s ({:.0} sims/s)",
            g.generation,
            g.best_fitness,
            g.mean_fitness,
            g.evaluated,
            g.unplayable,
            g.simulations,
            g.seconds,
            g.simulations as f64 / g.seconds.max(1e-9)
        )
    })
    .unwrap_or_else(|e| {
        eprintln!("error: {e}");
        std::process::exit(1)
    });
    eprintln!("total {:.1}s", t0.elapsed().as_secs_f64());
    let best = &summary.best[0];
    println!("{}", sbg::print(&best.genome.to_game("best")));
    println!("{:#?}", best.evaluation.features);
}
