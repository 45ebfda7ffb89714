//! The SBG game evolver of Kowalski & Szykuła (`../shared/papers/004_…`, §III), on genevo.
//!
//! Data flow: [`Options`] → a run-wide [`genome::BlockPool`] of building blocks → random
//! [`genome::Genome`]s (board, piece rules, goals) → [`genome::Genome::to_game`] gives an
//! [`sbg::Game`] → [`fitness::evaluate`] simulates games with the `agents` crate and scores the
//! paper's features → [`run::run`] loops over generations with the genevo operators of
//! [`operators`] and writes each generation into a folder → [`report::html`]; after the last
//! generation [`validate`] rates the fittest games as `rbgtool rate` would and orders the best
//! games by that verdict.
//!
//! The library writes files only in [`run::run`], into the output directory it is given, each
//! file atomically (temporary file + rename). Formulas and weights: `docs/evolver.md`.

pub mod fitness;
pub mod genome;
pub mod model;
pub mod operators;
pub mod report;
pub mod report_designer;
pub mod run;
pub mod similarity;
pub mod validate;

pub use fitness::{
    check_game, evaluate, evaluate_game, static_check, Evaluation, Features, GameCheckError,
    SimOptions, StaticCheckError, Weights,
};
pub use genome::{BlockPool, Genome, GenomeParams};
pub use run::{
    changed_options, evaluate_batch, last_generation, load_last_generation, run, run_with,
    run_with_evaluator, Control, Evaluator, EvolveError, GenerationFile, GenerationSummary,
    Individual, Options, Summary,
};
pub use validate::{validation_options, Validation};
