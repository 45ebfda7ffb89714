//! `rbgtool evolve`: the generation loop with a progress bar; the library writes the folder.

use crate::cli::Global;
use crate::diag::CliError;
use std::io::IsTerminal;
use std::path::Path;

pub fn run(
    options: &evolve::Options,
    out: &Path,
    resume: bool,
    json: bool,
    global: &Global,
) -> Result<(), CliError> {
    let show = !global.quiet && !json;
    let bar = (show && std::io::stderr().is_terminal()).then(|| {
        let b = indicatif::ProgressBar::new(options.generations as u64 + 1);
        b.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} generation {pos}/{len}  {msg}")
                .expect("valid template"),
        );
        b
    });
    let mut progress = |g: &evolve::GenerationSummary| {
        let line = format!(
            "best {:.4}  mean {:.4}  {} simulations in {:.1} s",
            g.best_fitness, g.mean_fitness, g.simulations, g.seconds
        );
        match &bar {
            Some(b) => {
                b.inc(1);
                b.set_message(line);
            }
            None if show => eprintln!("generation {}: {line}", g.generation),
            None => {}
        }
    };
    let summary = evolve::run(options, out, resume, &mut progress)
        .map_err(|e| CliError::Game(e.to_string()))?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if json {
        let gens: Vec<serde_json::Value> = summary
            .generations
            .iter()
            .map(|g| {
                serde_json::json!({
                    "generation": g.generation,
                    "best_fitness": g.best_fitness,
                    "mean_fitness": g.mean_fitness,
                    "simulations": g.simulations,
                    "seconds": g.seconds,
                })
            })
            .collect();
        let best: Vec<f64> = summary.best.iter().map(|i| i.evaluation.fitness).collect();
        let v = serde_json::json!({
            "out": summary.out_dir,
            "resumed_from": summary.resumed_from,
            "generations": gens,
            "best_fitness": best,
        });
        println!("{v}");
    } else if !global.quiet {
        let best = summary.best.first().map_or(0.0, |i| i.evaluation.fitness);
        println!(
            "{} generations written to {}; best fitness {best:.4}; see report.html",
            summary.generations.len(),
            summary.out_dir.display()
        );
    }
    Ok(())
}
