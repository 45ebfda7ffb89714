//! `rbgtool evolve`: the generation loop with a progress bar; the library writes the folder.

use crate::cli::Global;
use crate::diag::CliError;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// The command that resumes this run.
fn resume_command(o: &evolve::Options, out: &Path) -> String {
    format!(
        "rbgtool evolve --width {} --height {} --population {} --generations {} --seed {} \
         --turn-limit {} --out {} --resume",
        o.width,
        o.height,
        o.population,
        o.generations,
        o.seed,
        o.turn_limit,
        out.display()
    )
}

/// The first Ctrl-C sets `STOP` (the run finishes its generation); the second exits at once
/// (every file is written atomically, so only the running generation is lost).
static STOP: AtomicBool = AtomicBool::new(false);

fn install_sigint(quiet: bool) {
    let _ = ctrlc::set_handler(move || {
        if STOP.swap(true, Ordering::SeqCst) {
            eprintln!("\nrbgtool: stopped; the last finished generation is kept");
            std::process::exit(130);
        }
        if !quiet {
            eprintln!("\nrbgtool: finishing the current generation, then stopping (Ctrl-C again: stop now)");
        }
    });
}

pub fn run(
    options: &evolve::Options,
    out: &Path,
    (resume, override_options): (bool, bool),
    json: bool,
    global: &Global,
) -> Result<(), CliError> {
    install_sigint(global.quiet);
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
            "best {:.4}  mean {:.4}  sd {:.3}  noise {}  diversity {:.2}  {} in {:.1} s",
            g.best_fitness,
            g.mean_fitness,
            g.fitness_sd,
            g.noise_sd.map_or("-".into(), |x| format!("{x:.3}")),
            g.diversity,
            game::text::counted(g.simulations as usize, "game"),
            g.seconds
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
    let control = evolve::Control {
        resume,
        allow_changed_options: override_options,
        stop: Some(&STOP),
        evaluator: None,
    };
    let summary = evolve::run_with(options, out, &control, &mut progress).map_err(|e| {
        CliError::Game(match e {
            evolve::EvolveError::Resume(_) => format!("{e} (--override to resume anyway)"),
            e => e.to_string(),
        })
    })?;
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    for w in &summary.warnings {
        eprintln!("rbgtool: warning: {w}");
    }
    if summary.interrupted {
        let last = summary.generations.last().map_or(0, |g| g.generation);
        eprintln!(
            "rbgtool: stopped after generation {last}; resume with:\n  {}",
            resume_command(options, out)
        );
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
                    "noise_sd": g.noise_sd,
                    "fitness_sd": g.fitness_sd,
                    "individuals": g.individuals,
                    "diversity": g.diversity,
                })
            })
            .collect();
        let best: Vec<f64> = summary.best.iter().map(|i| i.fitness()).collect();
        let v = serde_json::json!({
            "out": summary.out_dir,
            "resumed_from": summary.resumed_from,
            "interrupted": summary.interrupted,
            "generations": gens,
            "best_fitness": best,
            "validation": summary.validation,
        });
        println!("{v}");
    } else if !global.quiet {
        if !summary.validation.is_empty() {
            println!("{}", evolve::validate::table(&summary.validation));
        }
        let best = summary.best.first().map_or(0.0, |i| i.fitness());
        println!(
            "{}; best fitness {best:.4}; see report.html",
            written(&summary.generations, &summary.out_dir)
        );
    }
    Ok(())
}

/// `generations 0 to 3 written to DIR (the initial population and 3 more)`: `--generations N`
/// counts the generations after the initial one, so a run writes N + 1 of them.
fn written(generations: &[evolve::GenerationSummary], dir: &std::path::Path) -> String {
    let (first, last) = match (generations.first(), generations.last()) {
        (Some(f), Some(l)) => (f.generation, l.generation),
        _ => return format!("no generation written to {}", dir.display()),
    };
    let span = match first == last {
        true => format!("generation {first}"),
        false => format!("generations {first} to {last}"),
    };
    let more = last.saturating_sub(first);
    format!(
        "{span} written to {} (the initial population and {more} more)",
        dir.display()
    )
}
