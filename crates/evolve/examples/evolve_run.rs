//! Measured runs: `cargo run --release -p evolve --example evolve_run -- W H POP GENS SEED OUT
//! [resume]`; `... -- report OUT` prints the report of OUT's last generation; `... -- noise OUT
//! K SEEDS` re-evaluates the K best of OUT's last generation with SEEDS new seeds each and
//! prints the standard deviation of their fitness; `... -- fitness FILE.sbg...` evaluates games.

use std::path::Path;
use std::time::Instant;

fn noise(dir: &Path, k: usize, seeds: u64) {
    let last = evolve::last_generation(dir)
        .expect("readable")
        .expect("a generation");
    let o = &last.options;
    for (rank, ind) in last.population.iter().take(k).enumerate() {
        let f: Vec<f64> = (0..seeds)
            .map(|s| evolve::evaluate(&ind.genome, &o.sim, &o.weights, 1_000_003 * (s + 1)).fitness)
            .collect();
        let m = f.iter().sum::<f64>() / f.len() as f64;
        let sd =
            (f.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (f.len() - 1).max(1) as f64).sqrt();
        println!(
            "best {}: run fitness {:.4}; {seeds} new seeds: mean {m:.4} sd {sd:.4} min {:.4} max {:.4}",
            rank + 1,
            ind.fitness(),
            f.iter().copied().fold(1.0, f64::min),
            f.iter().copied().fold(0.0, f64::max)
        );
    }
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    match a.first().map(String::as_str) {
        Some("report") => {
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
        Some("best") => {
            // `best OUT K DIR`: the K best games of OUT's last generation as DIR/best-k.sbg,
            // and their pairwise distances.
            let dir = Path::new(a.get(1).map_or(".", String::as_str));
            let k: usize = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
            let to = Path::new(a.get(3).map_or(".", String::as_str));
            let last = evolve::last_generation(dir)
                .expect("readable")
                .expect("a generation");
            let g = last.summary.generation;
            let best: Vec<_> = last.population.iter().take(k).collect();
            for (i, ind) in best.iter().enumerate() {
                let game = ind.genome.to_game(&evolve::run::game_name(g, i + 1));
                std::fs::write(to.join(format!("best-{}.sbg", i + 1)), sbg::print(&game))
                    .expect("writable");
                println!(
                    "best {}: fitness {:.4} over {} evaluations",
                    i + 1,
                    ind.fitness(),
                    ind.samples.len()
                );
            }
            let best: Vec<evolve::Individual> = best.into_iter().cloned().collect();
            print!("{}", evolve::validate::distances(&best, best.len()));
            return;
        }
        Some("noise") => {
            let dir = Path::new(a.get(1).map_or(".", String::as_str));
            let k = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(5);
            let seeds = a.get(3).and_then(|s| s.parse().ok()).unwrap_or(8);
            noise(dir, k, seeds);
            return;
        }
        Some("fitness") => {
            for path in &a[1..] {
                let text = std::fs::read_to_string(path).expect("readable");
                let (game, _) = sbg::parse(&text).expect("an SBG game");
                let sim = evolve::SimOptions::default();
                let w = evolve::Weights::default();
                let f: Vec<f64> = (1..=5)
                    .map(|s| evolve::evaluate_game(&game, &sim, &w, s).fitness)
                    .collect();
                let e = evolve::evaluate_game(&game, &sim, &w, 1);
                println!(
                    "{path}: fitness seeds 1-5 {:?}; seed 1 features {:?}; unplayable {:?}",
                    f.iter().map(|x| format!("{x:.3}")).collect::<Vec<_>>(),
                    e.features,
                    e.stats.unplayable
                );
            }
            return;
        }
        _ => {}
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
            "gen {:3}  best {:.4}  mean {:.4}  sd {:.3}  noise {}  n {:2}  diversity {:.2}  evaluated {:3}  unplayable {:3}  re-evaluated {:2}  {:5} games in {:6.1}s ({:.0} games/s)",
            g.generation,
            g.best_fitness,
            g.mean_fitness,
            g.fitness_sd,
            g.noise_sd.map_or("  -  ".into(), |x| format!("{x:.3}")),
            g.individuals,
            g.diversity,
            g.evaluated,
            g.unplayable,
            g.reevaluated,
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
