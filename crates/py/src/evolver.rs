//! The evolver from Python, a whole run or one generation at a time (the run resumed and
//! stopped after the generation it writes), with the GIL released and the fitness evaluations
//! on Rust threads or done by a Python callable (the Ray layer in `python/rbgtool/ray.py`).
//! Genomes, options and evaluations cross as JSON strings
//! that Python passes on without reading; floats round-trip exactly (serde_json's
//! `float_roundtrip`), so a distributed run equals the single-process one.

use crate::errors;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

fn json_err(e: serde_json::Error) -> PyErr {
    errors::message(format!("bad evolver JSON: {e}"))
}

/// The default evolver options as JSON (the CLI's defaults).
#[pyfunction]
pub fn evolve_default_options() -> String {
    serde_json::to_string(&::evolve::Options::default()).expect("options serialise")
}

/// One fitness evaluation, pure: `evaluate(genome, options.sim, options.weights, seed)`.
/// The arguments and the result are JSON. The simulated games run on rayon threads: all cores,
/// or `threads` of them (a Ray task passes the CPUs Ray gave it, so tasks do not share cores);
/// the result does not depend on the number.
#[pyfunction]
#[pyo3(signature = (genome, seed, options, threads=None))]
pub fn evaluate_genome(
    py: Python<'_>,
    genome: &str,
    seed: u64,
    options: &str,
    threads: Option<usize>,
) -> PyResult<String> {
    let genome: ::evolve::Genome = serde_json::from_str(genome).map_err(json_err)?;
    let options: ::evolve::Options = serde_json::from_str(options).map_err(json_err)?;
    let evaluate = || ::evolve::evaluate(&genome, &options.sim, &options.weights, seed);
    let e = py.detach(|| match threads {
        None => Ok(evaluate()),
        Some(n) => rayon::ThreadPoolBuilder::new()
            .num_threads(n.clamp(1, 1024))
            .build()
            .map(|pool| pool.install(evaluate)),
    });
    let e = e.map_err(|e| errors::message(format!("cannot start threads: {e}")))?;
    serde_json::to_string(&e).map_err(json_err)
}

/// The fitness jobs of a batch through the Python callable `f` (JSON in, JSON out, in order);
/// an error is kept in `failure` (the evolver cannot fail here) and gives an unplayable batch.
fn remote_batch(
    f: &Py<PyAny>,
    options: &str,
    genomes: &[::evolve::Genome],
    seeds: &[u64],
    failure: &Mutex<Option<PyErr>>,
) -> Vec<::evolve::Evaluation> {
    let result = Python::attach(|py| -> PyResult<Vec<::evolve::Evaluation>> {
        let jobs: Vec<String> = genomes
            .iter()
            .map(|g| serde_json::to_string(g).map_err(json_err))
            .collect::<PyResult<_>>()?;
        let texts: Vec<String> = f.call1(py, (jobs, seeds.to_vec(), options))?.extract(py)?;
        if texts.len() != genomes.len() {
            return Err(errors::message(
                "evaluate_batch returned a wrong number of results",
            ));
        }
        texts
            .iter()
            .map(|t| serde_json::from_str(t).map_err(json_err))
            .collect()
    });
    result.unwrap_or_else(|e| {
        failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get_or_insert(e);
        vec![::evolve::Evaluation::default(); genomes.len()]
    })
}

/// Runs `opts` into `out` with the GIL released, the fitness batches on Rust threads or
/// through `evaluate_batch`; with `one`, only the next generation. A Python error of
/// `evaluate_batch` is raised after the run.
fn run(
    py: Python<'_>,
    opts: &::evolve::Options,
    options: &str,
    out: &str,
    resume: bool,
    one: bool,
    evaluate_batch: Option<Py<PyAny>>,
) -> PyResult<::evolve::Summary> {
    let failure: Mutex<Option<PyErr>> = Mutex::new(None);
    let evaluator = |genomes: &[::evolve::Genome], seeds: &[u64]| match &evaluate_batch {
        None => ::evolve::evaluate_batch(genomes, seeds, opts),
        Some(f) => remote_batch(f, options, genomes, seeds, &failure),
    };
    let path = std::path::PathBuf::from(out);
    // The evolver checks the stop flag after every generation it writes.
    let stop = AtomicBool::new(false);
    let control = ::evolve::Control {
        resume,
        stop: Some(&stop),
        evaluator: Some(&evaluator),
        ..::evolve::Control::default()
    };
    let mut written = |_: &::evolve::GenerationSummary| stop.store(one, Ordering::SeqCst);
    let summary = py.detach(|| ::evolve::run_with(opts, &path, &control, &mut written));
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    summary.map_err(|e| errors::message(e.to_string()))
}

/// Runs the evolver into `out` (the files of `rbgtool evolve`). With `evaluate_batch`, the
/// fitness jobs of each batch go to it as `(genomes: list[str], seeds: list[int],
/// options: str) -> list[str]` (JSON in, JSON evaluations out, in order); without it they run
/// on Rust threads. Returns the generation summaries as JSON.
#[pyfunction]
#[pyo3(signature = (options, out, resume=false, evaluate_batch=None))]
pub fn evolve(
    py: Python<'_>,
    options: &str,
    out: &str,
    resume: bool,
    evaluate_batch: Option<Py<PyAny>>,
) -> PyResult<String> {
    let opts: ::evolve::Options = serde_json::from_str(options).map_err(json_err)?;
    let summary = run(py, &opts, options, out, resume, false, evaluate_batch)?;
    serde_json::to_string(&summary.generations).map_err(json_err)
}

/// One generation: the first (generation 0) into an empty `out`, otherwise the one after the
/// last generation there (the run resumed for one generation). The files are those of
/// `rbgtool evolve` with the same options: generation by generation equals one run. Raises
/// when the run already has `options.generations` generations. Returns the new generation's
/// summary as JSON.
#[pyfunction]
#[pyo3(signature = (options, out, evaluate_batch=None))]
pub fn evolve_generation(
    py: Python<'_>,
    options: &str,
    out: &str,
    evaluate_batch: Option<Py<PyAny>>,
) -> PyResult<String> {
    let opts: ::evolve::Options = serde_json::from_str(options).map_err(json_err)?;
    let path = std::path::PathBuf::from(out);
    let last = py
        .detach(|| ::evolve::last_generation(&path))
        .map_err(|e| errors::message(e.to_string()))?;
    let done = last.as_ref().map(|f| f.summary.generation);
    if done.is_some_and(|g| g >= opts.generations) {
        return Err(errors::message(format!(
            "the run in {out} is complete ({} generations); raise `generations` to go on",
            opts.generations
        )));
    }
    let summary = run(
        py,
        &opts,
        options,
        out,
        done.is_some(),
        true,
        evaluate_batch,
    )?;
    let newest = summary
        .generations
        .last()
        .filter(|g| Some(g.generation) != done)
        .ok_or_else(|| errors::message("the evolver wrote no generation"))?;
    serde_json::to_string(newest).map_err(json_err)
}
