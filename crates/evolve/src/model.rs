//! What a run is made of and reports: its options, its evaluated individuals, the summary of
//! each generation, and the names of the best games it writes.

use crate::fitness::{Evaluation, SimOptions, Weights};
use crate::genome::Genome;
use serde::{Deserialize, Serialize};

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
    /// Every building block with a sideways step is mirrored left-right.
    #[serde(default = "yes")]
    pub symmetric_rules: bool,
    /// Each individual is evaluated at most this many times (once at birth, then once per
    /// generation it survives, each time with a new seed); its fitness is the mean.
    pub evaluations: u32,
    /// After the last generation, this many of the fittest games are rated as
    /// `rbgtool rate GAME --games 60` rates them, and the run's best games are the fittest
    /// that pass (`validate.rs`); 0 skips the stage.
    #[serde(default)]
    pub validate: usize,
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
            evaluations: 3,
            symmetric_rules: true,
            validate: 12,
        }
    }
}

fn yes() -> bool {
    true
}

/// One evaluated individual.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Individual {
    pub genome: Genome,
    /// The latest evaluation.
    pub evaluation: Evaluation,
    /// The fitness of every evaluation so far (different seeds).
    pub samples: Vec<f64>,
}

impl Individual {
    /// The mean fitness over the evaluations: what selection uses.
    pub fn fitness(&self) -> f64 {
        if self.samples.is_empty() {
            self.evaluation.fitness
        } else {
            self.samples.iter().sum::<f64>() / self.samples.len() as f64
        }
    }
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
    /// Survivors evaluated again with a new seed in this generation.
    #[serde(default)]
    pub reevaluated: usize,
    /// Measurement noise: the pooled standard deviation of one evaluation's fitness around
    /// its individual's mean (individuals evaluated at least twice); `None` before any.
    #[serde(default)]
    pub noise_sd: Option<f64>,
    /// Standard deviation of the (mean) fitness across the population: the differences
    /// selection acts on.
    #[serde(default)]
    pub fitness_sd: f64,
    /// Individuals (all distinct) and their diversity: mean pairwise distance in `0..=1`
    /// (half the share of differing squares, half the share of differing piece rules).
    #[serde(default)]
    pub individuals: usize,
    #[serde(default)]
    pub diversity: f64,
    /// The features of the best individual (its latest evaluation): per-feature trends.
    #[serde(default)]
    pub best_features: Option<crate::fitness::Features>,
}

/// The name of the `k`-th best game (from 1) of generation `g`.
pub fn game_name(g: usize, k: usize) -> String {
    // Letters, digits and spaces only: the SBG grammar's name (no W09 warning on reading).
    format!("Evolved g{g} best {k}")
}
