//! The generation loop of §III-C, driven here with genevo's operator traits: evaluate in
//! parallel (rayon), pair parents from the ends to the centre, cross them over, mutate every
//! individual, drop unplayable games, keep the best. Each generation is written atomically to
//! the output folder (`gen-NNN.json`, its best games as `gen-NNN-best-K.sbg`, and `report.html`
//! refreshed), so a run can be resumed from its last finished generation.

use crate::fitness::{evaluate, Evaluation, SimOptions, Weights};
use crate::genome::{BlockPool, Genome, GenomeParams};
use crate::operators::{AdaptiveMutation, ChessCrossover};
use crate::report;
use genevo::operator::{CrossoverOp, MutationOp};
use genevo::random::{Prng, SeedableRng};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Everything a run depends on.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Options {
    pub width: usize,
    pub height: usize,
    pub population: usize,
    /// Generations after the initial one.
    pub generations: usize,
    pub seed: u64,
    pub turn_limit: u32,
    /// Building blocks drawn per class at the start of the run.
    pub blocks_per_class: usize,
    /// Best games written as `.sbg` per generation and shown in the report.
    pub best_games: usize,
    pub sim: SimOptions,
    pub weights: Weights,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            width: 6,
            height: 6,
            population: 50,
            generations: 20,
            seed: 0,
            turn_limit: 60,
            blocks_per_class: 6,
            best_games: 3,
            sim: SimOptions::default(),
            weights: Weights::default(),
        }
    }
}

/// One evaluated individual.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Individual {
    pub genome: Genome,
    pub evaluation: Evaluation,
}

/// What the progress callback and the report see of a generation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GenerationSummary {
    pub generation: usize,
    pub best_fitness: f64,
    pub mean_fitness: f64,
    /// Genomes evaluated in this generation (offspring and mutants; the initial population
    /// counts every attempt) and how many were unplayable.
    pub evaluated: usize,
    pub unplayable: usize,
    /// Games simulated in this generation and the wall-clock seconds it took.
    pub simulations: u64,
    pub seconds: f64,
}

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
    pub best: Vec<Individual>,
    /// The generation a resumed run started from.
    pub resumed_from: Option<usize>,
    pub out_dir: PathBuf,
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

/// Writes `text` to `dir/name` atomically (temporary file, then rename).
fn write_atomic(dir: &Path, name: &str, text: &str) -> Result<(), EvolveError> {
    let path = dir.join(name);
    let tmp = dir.join(format!(".{name}.tmp"));
    std::fs::write(&tmp, text).map_err(io_err(&tmp))?;
    std::fs::rename(&tmp, &path).map_err(io_err(&path))
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
    run_with_evaluator(options, out_dir, resume, progress, &|genomes, seeds| {
        evaluate_batch(genomes, seeds, options)
    })
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
    if options.width < 2 || options.height < 3 || options.population < 2 {
        return Err(EvolveError::BadOptions(
            "the board needs at least 2x3 squares and the population 2 individuals".into(),
        ));
    }
    std::fs::create_dir_all(out_dir).map_err(io_err(out_dir))?;
    let mut resumed_from = None;
    let (pool, mut population, mut history, start) = match last_generation(out_dir)? {
        Some(file) if resume => {
            if file.options.width != options.width || file.options.height != options.height {
                return Err(EvolveError::Resume(format!(
                    "the folder holds a {}x{} run",
                    file.options.width, file.options.height
                )));
            }
            resumed_from = Some(file.summary.generation);
            let g = file.summary.generation;
            (file.pool, file.population, file.history, g + 1)
        }
        Some(_) => {
            return Err(EvolveError::Resume(
                "the output folder already holds a run (resume it, or choose another folder)"
                    .into(),
            ))
        }
        None => {
            let t0 = Instant::now();
            let mut rng = Prng::seed_from_u64(mix(options.seed, 0, 0));
            let pool = BlockPool::generate(
                &mut rng,
                options.blocks_per_class.max(1),
                options.width,
                options.height,
            );
            let params = GenomeParams {
                width: options.width,
                height: options.height,
                turn_limit: options.turn_limit,
                mirror_change: 0.2,
                side_change: 0.1,
            };
            let mut population = Vec::new();
            let (mut evaluated, mut unplayable, mut sims) = (0, 0, 0u64);
            let mut batch_no = 0u64;
            while population.len() < options.population && evaluated < options.population * 20 {
                let genomes: Vec<Genome> = (0..options.population)
                    .map(|_| Genome::random(&mut rng, &params, &pool))
                    .collect();
                let evals = evaluate_all(&genomes, evaluator, mix(options.seed, 1, batch_no));
                batch_no += 1;
                for (g, e) in genomes.into_iter().zip(evals) {
                    evaluated += 1;
                    sims += u64::from(e.stats.simulations);
                    if e.stats.unplayable.is_some() {
                        unplayable += 1;
                    } else if population.len() < options.population {
                        population.push(with_eval(g, e));
                    }
                }
            }
            if population.is_empty() {
                return Err(EvolveError::NoPlayableGame);
            }
            fill_and_sort(&mut population, options.population);
            let summary = summarise(0, &population, evaluated, unplayable, sims, t0);
            let history = vec![summary.clone()];
            write_generation(out_dir, options, &pool, &population, &history)?;
            progress(&summary);
            (pool, population, history, 1)
        }
    };
    let crossover = ChessCrossover { pool: pool.clone() };
    let mutation = AdaptiveMutation { pool: pool.clone() };
    for gen in start..=options.generations {
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
        let evals = evaluate_all(&offspring, evaluator, mix(options.seed, 3, gen as u64));
        let evaluated = offspring.len();
        let mut unplayable = 0;
        let mut sims = 0u64;
        for (g, e) in offspring.into_iter().zip(evals) {
            sims += u64::from(e.stats.simulations);
            if e.stats.unplayable.is_some() {
                unplayable += 1;
            } else {
                population.push(with_eval(g, e));
            }
        }
        fill_and_sort(&mut population, options.population);
        let summary = summarise(gen, &population, evaluated, unplayable, sims, t0);
        history.push(summary.clone());
        write_generation(out_dir, options, &pool, &population, &history)?;
        progress(&summary);
    }
    let best = population
        .iter()
        .take(options.best_games.max(1))
        .cloned()
        .collect();
    Ok(Summary {
        generations: history,
        best,
        resumed_from,
        out_dir: out_dir.to_path_buf(),
    })
}

fn with_eval(mut genome: Genome, evaluation: Evaluation) -> Individual {
    genome.feedback = Some(evaluation.feedback.clone());
    Individual { genome, evaluation }
}

/// Evaluates genomes with `evaluator`; genome `i` gets the seed `mix(seed, 4, i)`, so the
/// result does not depend on the thread count or on where the jobs run.
fn evaluate_all(genomes: &[Genome], evaluator: &Evaluator<'_>, seed: u64) -> Vec<Evaluation> {
    let seeds: Vec<u64> = (0..genomes.len()).map(|i| mix(seed, 4, i as u64)).collect();
    evaluator(genomes, &seeds)
}

/// Best first (stable, so ties keep their order); truncated to `size`, or the best duplicated
/// up to `size`.
fn fill_and_sort(population: &mut Vec<Individual>, size: usize) {
    population.sort_by(|a, b| b.evaluation.fitness.total_cmp(&a.evaluation.fitness));
    population.truncate(size);
    let mut i = 0;
    while population.len() < size && !population.is_empty() {
        let dup = population[i % population.len()].clone();
        population.push(dup);
        i += 1;
    }
    population.sort_by(|a, b| b.evaluation.fitness.total_cmp(&a.evaluation.fitness));
}

fn summarise(
    generation: usize,
    population: &[Individual],
    evaluated: usize,
    unplayable: usize,
    simulations: u64,
    t0: Instant,
) -> GenerationSummary {
    let f: Vec<f64> = population.iter().map(|i| i.evaluation.fitness).collect();
    GenerationSummary {
        generation,
        best_fitness: f.iter().copied().fold(0.0, f64::max),
        mean_fitness: f.iter().sum::<f64>() / f.len().max(1) as f64,
        evaluated,
        unplayable,
        simulations,
        seconds: t0.elapsed().as_secs_f64(),
    }
}

/// The name of the `k`-th best game (from 1) of generation `g`.
pub fn game_name(g: usize, k: usize) -> String {
    // Letters, digits and spaces only: the SBG grammar's name (no W09 warning on reading).
    format!("Evolved g{g} best {k}")
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
    let json = serde_json::to_string_pretty(&file).map_err(|error| EvolveError::Json {
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

/// The last finished generation in `dir`, if any.
pub fn last_generation(dir: &Path) -> Result<Option<GenerationFile>, EvolveError> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Ok(None);
    };
    let mut last: Option<usize> = None;
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if let Some(n) = name
            .strip_prefix("gen-")
            .and_then(|s| s.strip_suffix(".json"))
            .and_then(|s| s.parse::<usize>().ok())
        {
            last = Some(last.map_or(n, |l: usize| l.max(n)));
        }
    }
    let Some(g) = last else { return Ok(None) };
    let path = dir.join(generation_file(g));
    let text = std::fs::read_to_string(&path).map_err(io_err(&path))?;
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|error| EvolveError::Json { path, error })
}
