//! The generation loop of §III-C, driven here with genevo's operator traits: evaluate in
//! parallel (rayon), pair parents from the ends to the centre, cross them over, mutate every
//! individual, drop unplayable games, keep the best. Each generation is written atomically to
//! the output folder (`gen-NNN.json`, its best games as `gen-NNN-best-K.sbg`, and `report.html`
//! refreshed), so a run can be resumed from its last finished generation.

use crate::fitness::{evaluate, Evaluation};
use crate::genome::{BlockPool, Genome, GenomeParams};
pub use crate::model::{game_name, GenerationSummary, Individual, Options};
use crate::operators::{AdaptiveMutation, ChessCrossover};
use crate::report;
pub use crate::similarity::{distance, rule_set};
use crate::validate::{best_order, distances, table, validate, Validation};
use genevo::operator::{CrossoverOp, MutationOp};
use genevo::random::{Prng, SeedableRng};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The contents of `gen-NNN.json`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenerationFile {
    pub options: Options,
    pub pool: BlockPool,
    pub summary: GenerationSummary,
    /// Sorted by fitness, best first.
    pub population: Vec<Individual>,
    /// Summaries of every generation so far (for the report after a resume).
    pub history: Vec<GenerationSummary>,
}

/// The result of a run.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub generations: Vec<GenerationSummary>,
    /// The best games: validated ones that pass first, then by fitness (without validation,
    /// the `best_games` fittest).
    pub best: Vec<Individual>,
    /// The validation ratings of the fittest games, by fitness (empty when skipped or stopped).
    pub validation: Vec<Validation>,
    /// The generation a resumed run started from.
    pub resumed_from: Option<usize>,
    /// True when the stop flag ended the run early (after a finished generation).
    pub interrupted: bool,
    /// Things the caller should tell the user (a truncated generation file skipped, ...).
    pub warnings: Vec<String>,
    pub out_dir: PathBuf,
}

/// How [`run_with`] starts and stops.
#[derive(Clone, Copy, Default)]
pub struct Control<'a> {
    /// Continue the run found in the output folder.
    pub resume: bool,
    /// Resume even when the options differ from the run's (other than `generations`).
    pub allow_changed_options: bool,
    /// Checked after every generation: once set, the run stops after writing it.
    pub stop: Option<&'a AtomicBool>,
    /// Who evaluates the fitness jobs; `None` is [`evaluate_batch`] on this machine.
    pub evaluator: Option<&'a Evaluator<'a>>,
}

/// Evaluates a batch of fitness jobs, genome `i` with seed `seeds[i]`, as
/// `evaluate(genome, &options.sim, &options.weights, seed)` would: the step where a caller may
/// distribute the work (the Python package sends the jobs to Ray). The result must not depend
/// on how the jobs are spread, so that every evaluator gives the same run.
pub type Evaluator<'a> = dyn Fn(&[Genome], &[u64]) -> Vec<Evaluation> + Sync + 'a;

/// The default [`Evaluator`]: the jobs in parallel on rayon's threads.
pub fn evaluate_batch(genomes: &[Genome], seeds: &[u64], options: &Options) -> Vec<Evaluation> {
    genomes
        .par_iter()
        .zip(seeds)
        .map(|(g, &seed)| evaluate(g, &options.sim, &options.weights, seed))
        .collect()
}

/// [`run`] with the fitness evaluations done by `evaluator`.
pub fn run_with_evaluator(
    options: &Options,
    out_dir: &Path,
    resume: bool,
    progress: &mut dyn FnMut(&GenerationSummary),
    evaluator: &Evaluator<'_>,
) -> Result<Summary, EvolveError> {
    let control = Control {
        resume,
        evaluator: Some(evaluator),
        ..Control::default()
    };
    run_with(options, out_dir, &control, progress)
}

#[derive(Debug)]
pub enum EvolveError {
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    Json {
        path: PathBuf,
        error: serde_json::Error,
    },
    /// `--resume` on a folder whose run has other options (board size) or no generation.
    Resume(String),
    /// A new run asked for in a folder that already holds one (without `resume`).
    ExistingRun(PathBuf),
    /// No playable game found for the initial population.
    NoPlayableGame,
    BadOptions(String),
}

impl fmt::Display for EvolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvolveError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            EvolveError::Json { path, error } => write!(f, "{}: {error}", path.display()),
            EvolveError::Resume(m) => write!(f, "cannot resume: {m}"),
            EvolveError::ExistingRun(dir) => write!(
                f,
                "{} already holds a run: continue it with --resume, or choose another folder",
                dir.display()
            ),
            EvolveError::NoPlayableGame => write!(f, "no playable game in the initial population"),
            EvolveError::BadOptions(m) => write!(f, "bad options: {m}"),
        }
    }
}

impl std::error::Error for EvolveError {}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> EvolveError + '_ {
    move |error| EvolveError::Io {
        path: path.to_path_buf(),
        error,
    }
}

/// Writes `text` to `dir/name` atomically and durably: a temporary file is written and
/// fsynced, renamed over the target, and the folder fsynced.
fn write_atomic(dir: &Path, name: &str, text: &str) -> Result<(), EvolveError> {
    use std::io::Write;
    let path = dir.join(name);
    let tmp = dir.join(format!(".{name}.tmp"));
    let mut f = std::fs::File::create(&tmp).map_err(io_err(&tmp))?;
    f.write_all(text.as_bytes()).map_err(io_err(&tmp))?;
    f.sync_all().map_err(io_err(&tmp))?;
    drop(f);
    std::fs::rename(&tmp, &path).map_err(io_err(&path))?;
    // The rename is durable once the folder is synced (not possible on every platform).
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

fn mix(seed: u64, a: u64, b: u64) -> u64 {
    let mut x =
        seed ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    x ^= x >> 31;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 29)
}

/// The file name of generation `g`.
pub fn generation_file(g: usize) -> String {
    format!("gen-{g:03}.json")
}

/// Runs (or resumes) an evolution, writing into `out_dir` (created if missing).
pub fn run(
    options: &Options,
    out_dir: &Path,
    resume: bool,
    progress: &mut dyn FnMut(&GenerationSummary),
) -> Result<Summary, EvolveError> {
    let control = Control {
        resume,
        ..Control::default()
    };
    run_with(options, out_dir, &control, progress)
}

/// The options that differ between a run's file and the caller's, by name (`generations` may
/// differ: a resumed run can be extended).
pub fn changed_options(saved: &Options, now: &Options) -> Vec<String> {
    let a = serde_json::to_value(saved).unwrap_or_default();
    let b = serde_json::to_value(now).unwrap_or_default();
    let (Some(a), Some(b)) = (a.as_object(), b.as_object()) else {
        return vec!["options".into()];
    };
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter()
        .filter(|k| !matches!(k.as_str(), "generations" | "validate") && a.get(*k) != b.get(*k))
        .map(|k| {
            format!(
                "{k}: run has {}, now {}",
                a.get(k).map_or("nothing".into(), |v| v.to_string()),
                b.get(k).map_or("nothing".into(), |v| v.to_string())
            )
        })
        .collect()
}

/// Like [`run`], with resume, option checks and a stop flag.
pub fn run_with(
    options: &Options,
    out_dir: &Path,
    control: &Control,
    progress: &mut dyn FnMut(&GenerationSummary),
) -> Result<Summary, EvolveError> {
    if options.width < 2 || options.height < 3 || options.population < 2 {
        return Err(EvolveError::BadOptions(
            "the board needs at least 2x3 squares and the population 2 individuals".into(),
        ));
    }
    std::fs::create_dir_all(out_dir).map_err(io_err(out_dir))?;
    let (last, mut warnings) = load_last_generation(out_dir)?;
    let mut resumed_from = None;
    let (pool, mut population, mut history, start) = match last {
        Some(file) if control.resume => {
            let changed = changed_options(&file.options, options);
            if !changed.is_empty() && !control.allow_changed_options {
                return Err(EvolveError::Resume(format!(
                    "the options differ from the run's ({}); use the run's options, or override",
                    changed.join("; ")
                )));
            }
            if file.options.width != options.width || file.options.height != options.height {
                return Err(EvolveError::Resume(format!(
                    "the folder holds a {}x{} run",
                    file.options.width, file.options.height
                )));
            }
            if !changed.is_empty() {
                warnings.push(format!(
                    "resuming with changed options: {}",
                    changed.join("; ")
                ));
            }
            resumed_from = Some(file.summary.generation);
            let g = file.summary.generation;
            (file.pool, file.population, file.history, g + 1)
        }
        Some(_) => return Err(EvolveError::ExistingRun(out_dir.to_path_buf())),
        None => {
            let (pool, population, summary) = initial_generation(options, control)?;
            let history = vec![summary.clone()];
            write_generation(out_dir, options, &pool, &population, &history)?;
            progress(&summary);
            (pool, population, history, 1)
        }
    };
    let stopped = || control.stop.is_some_and(|s| s.load(Ordering::SeqCst));
    let crossover = ChessCrossover { pool: pool.clone() };
    let mutation = AdaptiveMutation { pool: pool.clone() };
    let mut interrupted = false;
    for gen in start..=options.generations {
        if stopped() {
            interrupted = true;
            break;
        }
        let t0 = Instant::now();
        let mut rng = Prng::seed_from_u64(mix(options.seed, 2, gen as u64));
        let n = population.len();
        let mut offspring: Vec<Genome> = Vec::new();
        for i in 0..n / 2 {
            let parents = vec![
                population[i].genome.clone(),
                population[n - 1 - i].genome.clone(),
            ];
            offspring.extend(crossover.crossover(parents, &mut rng));
        }
        for ind in &population {
            offspring.push(mutation.mutate(ind.genome.clone(), &mut rng));
        }
        let reevaluated = reevaluate(&mut population, options, control, gen);
        let mut sims: u64 = population
            .iter()
            .filter(|i| i.samples.len() > 1)
            .map(|i| u64::from(i.evaluation.stats.simulations))
            .sum();
        let evals = evaluate_all(
            &offspring,
            options,
            control,
            mix(options.seed, 3, gen as u64),
        );
        let evaluated = offspring.len();
        let mut unplayable = 0;
        let mut seen: HashSet<String> = population.iter().map(|i| genome_key(&i.genome)).collect();
        for (g, e) in offspring.into_iter().zip(evals) {
            sims += u64::from(e.stats.simulations);
            if e.stats.unplayable.is_some() {
                unplayable += 1;
            } else if seen.insert(genome_key(&g)) {
                population.push(with_eval(g, e));
            }
        }
        sort_and_truncate(&mut population, options.population);
        let mut summary = summarise(gen, &population, evaluated, unplayable, sims, t0);
        summary.reevaluated = reevaluated;
        history.push(summary.clone());
        write_generation(out_dir, options, &pool, &population, &history)?;
        progress(&summary);
    }
    if stopped()
        && history
            .last()
            .is_some_and(|g| g.generation < options.generations)
    {
        interrupted = true;
    }
    let (best, validation) = if interrupted || options.validate == 0 {
        let best = population.iter().take(options.best_games.max(1)).cloned();
        (best.collect(), Vec::new())
    } else {
        let validation = validate(&population, options.validate);
        let best: Vec<Individual> = best_order(&validation)
            .into_iter()
            .map(|i| population[i].clone())
            .collect();
        write_validation(out_dir, &best, &validation)?;
        (best, validation)
    };
    Ok(Summary {
        generations: history,
        best,
        validation,
        resumed_from,
        interrupted,
        warnings,
        out_dir: out_dir.to_path_buf(),
    })
}

/// Generation 0: random genomes, evaluated in batches until `population` distinct playable
/// ones are found (at most `20 × population` tries).
fn initial_generation(
    options: &Options,
    control: &Control,
) -> Result<(BlockPool, Vec<Individual>, GenerationSummary), EvolveError> {
    let t0 = Instant::now();
    let mut rng = Prng::seed_from_u64(mix(options.seed, 0, 0));
    let pool = BlockPool::generate_with(
        &mut rng,
        options.blocks_per_class.max(1),
        options.width,
        options.height,
        options.symmetric_rules,
    );
    let params = GenomeParams {
        width: options.width,
        height: options.height,
        turn_limit: options.turn_limit,
        mirror_change: 0.2,
        side_change: 0.1,
    };
    let mut population = Vec::new();
    let mut seen = HashSet::new();
    let (mut evaluated, mut unplayable, mut sims) = (0, 0, 0u64);
    let mut batch_no = 0u64;
    while population.len() < options.population && evaluated < options.population * 20 {
        let genomes: Vec<Genome> = (0..options.population)
            .map(|_| Genome::random(&mut rng, &params, &pool))
            .collect();
        let evals = evaluate_all(&genomes, options, control, mix(options.seed, 1, batch_no));
        batch_no += 1;
        for (g, e) in genomes.into_iter().zip(evals) {
            evaluated += 1;
            sims += u64::from(e.stats.simulations);
            if e.stats.unplayable.is_some() {
                unplayable += 1;
            } else if population.len() < options.population && seen.insert(genome_key(&g)) {
                population.push(with_eval(g, e));
            }
        }
    }
    if population.is_empty() {
        return Err(EvolveError::NoPlayableGame);
    }
    sort_and_truncate(&mut population, options.population);
    let summary = summarise(0, &population, evaluated, unplayable, sims, t0);
    Ok((pool, population, summary))
}

/// What makes two genomes the same game: the printed game.
fn genome_key(g: &Genome) -> String {
    sbg::print(&g.to_game("g"))
}

/// Evaluates the survivors with fewer than `options.evaluations` evaluations once more (seed
/// from the generation and the individual's rank); returns how many.
fn reevaluate(
    population: &mut [Individual],
    options: &Options,
    control: &Control,
    gen: usize,
) -> usize {
    let due: Vec<usize> = (0..population.len())
        .filter(|&i| population[i].samples.len() < options.evaluations.max(1) as usize)
        .collect();
    let genomes: Vec<Genome> = due.iter().map(|&i| population[i].genome.clone()).collect();
    let seed = mix(options.seed, 5, gen as u64);
    let evals = evaluate_all(&genomes, options, control, seed);
    for (&i, e) in due.iter().zip(evals) {
        let ind = &mut population[i];
        ind.samples.push(e.fitness);
        ind.genome.feedback = Some(e.feedback.clone());
        ind.evaluation = e;
    }
    due.len()
}

fn with_eval(mut genome: Genome, evaluation: Evaluation) -> Individual {
    genome.feedback = Some(evaluation.feedback.clone());
    Individual {
        genome,
        samples: vec![evaluation.fitness],
        evaluation,
    }
}

/// Evaluates genomes in parallel; genome `i` gets the seed `mix(seed, i)`, so the result does
/// not depend on the thread count.
/// Genome `i` evaluated with seed `mix(seed, 4, i)`, by the control's evaluator.
fn evaluate_all(
    genomes: &[Genome],
    options: &Options,
    control: &Control,
    seed: u64,
) -> Vec<Evaluation> {
    let seeds: Vec<u64> = (0..genomes.len()).map(|i| mix(seed, 4, i as u64)).collect();
    match control.evaluator {
        Some(f) => f(genomes, &seeds),
        None => evaluate_batch(genomes, &seeds, options),
    }
}

/// Best mean fitness first (stable, so ties keep their order), truncated to `size`. The
/// population holds distinct genomes only, so it may be smaller than `size`.
fn sort_and_truncate(population: &mut Vec<Individual>, size: usize) {
    population.sort_by(|a, b| b.fitness().total_cmp(&a.fitness()));
    population.truncate(size);
}

/// Pooled standard deviation of single evaluations around their individual's mean.
fn noise_sd(population: &[Individual]) -> Option<f64> {
    let (mut ss, mut dof) = (0.0, 0usize);
    for i in population.iter().filter(|i| i.samples.len() > 1) {
        let m = i.fitness();
        ss += i.samples.iter().map(|x| (x - m).powi(2)).sum::<f64>();
        dof += i.samples.len() - 1;
    }
    (dof > 0).then(|| (ss / dof as f64).sqrt())
}

/// Mean pairwise distance: half the share of squares that differ, half the share of piece
/// rules (letter and rule) not shared.
pub fn diversity(population: &[Individual]) -> f64 {
    let rules: Vec<HashSet<String>> = population.iter().map(|i| rule_set(&i.genome)).collect();
    let (mut sum, mut pairs) = (0.0, 0u64);
    for a in 0..population.len() {
        for b in a + 1..population.len() {
            sum += distance(
                (&population[a].genome, &rules[a]),
                (&population[b].genome, &rules[b]),
            );
            pairs += 1;
        }
    }
    if pairs == 0 {
        0.0
    } else {
        sum / pairs as f64
    }
}

fn summarise(
    generation: usize,
    population: &[Individual],
    evaluated: usize,
    unplayable: usize,
    simulations: u64,
    t0: Instant,
) -> GenerationSummary {
    let f: Vec<f64> = population.iter().map(Individual::fitness).collect();
    let n = f.len().max(1) as f64;
    let mean = f.iter().sum::<f64>() / n;
    GenerationSummary {
        generation,
        best_fitness: f.iter().copied().fold(0.0, f64::max),
        mean_fitness: mean,
        evaluated,
        unplayable,
        simulations,
        seconds: t0.elapsed().as_secs_f64(),
        reevaluated: 0,
        noise_sd: noise_sd(population),
        fitness_sd: (f.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt(),
        individuals: population.len(),
        diversity: diversity(population),
        best_features: population.first().map(|i| i.evaluation.features.clone()),
    }
}

fn write_generation(
    dir: &Path,
    options: &Options,
    pool: &BlockPool,
    population: &[Individual],
    history: &[GenerationSummary],
) -> Result<(), EvolveError> {
    let summary = history.last().expect("a generation").clone();
    let g = summary.generation;
    for (k, ind) in population.iter().take(options.best_games).enumerate() {
        let game = ind.genome.to_game(&game_name(g, k + 1));
        write_atomic(
            dir,
            &format!("gen-{g:03}-best-{}.sbg", k + 1),
            &sbg::print(&game),
        )?;
    }
    let file = GenerationFile {
        options: options.clone(),
        pool: pool.clone(),
        summary,
        population: population.to_vec(),
        history: history.to_vec(),
    };
    let json = serde_json::to_string(&file).map_err(|error| EvolveError::Json {
        path: dir.join(generation_file(g)),
        error,
    })?;
    write_atomic(
        dir,
        "report.html",
        &report::html(options, history, population),
    )?;
    // The JSON last: a generation counts as finished once its file exists.
    write_atomic(dir, &generation_file(g), &json)
}

/// `best-K.sbg` (validated games that pass first, by fitness), `validation.txt` and
/// `validation.json`.
fn write_validation(
    dir: &Path,
    best: &[Individual],
    validation: &[Validation],
) -> Result<(), EvolveError> {
    for (k, ind) in best.iter().enumerate() {
        let game = ind.genome.to_game(&format!("Evolved best {}", k + 1));
        write_atomic(dir, &format!("best-{}.sbg", k + 1), &sbg::print(&game))?;
    }
    let json = serde_json::to_string_pretty(validation).map_err(|error| EvolveError::Json {
        path: dir.join("validation.json"),
        error,
    })?;
    write_atomic(dir, "validation.json", &json)?;
    let text = format!(
        "{}\nbest-K.sbg: the rows above, those that pass first (near-duplicates after the \
         distinct ones).\n{}",
        table(validation),
        distances(best, 5)
    );
    write_atomic(dir, "validation.txt", &text)
}

/// The generation numbers of the `gen-NNN.json` files in `dir`, ascending.
fn generation_numbers(dir: &Path) -> Vec<usize> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<usize> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_prefix("gen-")
                .and_then(|s| s.strip_suffix(".json"))
                .and_then(|s| s.parse::<usize>().ok())
        })
        .collect();
    v.sort_unstable();
    v
}

/// The last readable generation in `dir`, if any, and a warning for every later file that
/// could not be read (truncated by a crash, say): those are skipped.
pub fn load_last_generation(
    dir: &Path,
) -> Result<(Option<GenerationFile>, Vec<String>), EvolveError> {
    let mut warnings = Vec::new();
    for g in generation_numbers(dir).into_iter().rev() {
        let path = dir.join(generation_file(g));
        let text = std::fs::read_to_string(&path).map_err(io_err(&path))?;
        match serde_json::from_str::<GenerationFile>(&text) {
            Ok(file) => return Ok((Some(file), warnings)),
            Err(e) => warnings.push(format!(
                "{} is unreadable ({e}); falling back to the generation before it",
                path.display()
            )),
        }
    }
    if let Some(w) = warnings.last() {
        return Err(EvolveError::Resume(format!("no readable generation: {w}")));
    }
    Ok((None, warnings))
}

/// The last finished generation in `dir`, if any (unreadable later files skipped).
pub fn last_generation(dir: &Path) -> Result<Option<GenerationFile>, EvolveError> {
    load_last_generation(dir).map(|(f, _)| f)
}
