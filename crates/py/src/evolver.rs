//! The evolver from Python with the fitness evaluations done by a Python callable (the Ray
//! layer in `python/rbgtool/ray.py`). Genomes, options and evaluations cross as JSON strings
//! that Python passes on without reading; floats round-trip exactly (serde_json's
//! `float_roundtrip`), so a distributed run equals the single-process one.

use crate::errors;
use pyo3::prelude::*;

fn json_err(e: serde_json::Error) -> PyErr {
    errors::message(format!("bad evolver JSON: {e}"))
}

/// The default evolver options as JSON (the CLI's defaults).
#[pyfunction]
pub fn evolve_default_options() -> String {
    serde_json::to_string(&::evolve::Options::default()).expect("options serialise")
}

/// One fitness evaluation, pure: `evaluate(genome, options.sim, options.weights, seed)`.
/// The arguments and the result are JSON.
#[pyfunction]
pub fn evaluate_genome(py: Python<'_>, genome: &str, seed: u64, options: &str) -> PyResult<String> {
    let genome: ::evolve::Genome = serde_json::from_str(genome).map_err(json_err)?;
    let options: ::evolve::Options = serde_json::from_str(options).map_err(json_err)?;
    let e = py.detach(|| ::evolve::evaluate(&genome, &options.sim, &options.weights, seed));
    serde_json::to_string(&e).map_err(json_err)
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
    let failure: std::sync::Mutex<Option<PyErr>> = std::sync::Mutex::new(None);
    let remote = |genomes: &[::evolve::Genome], seeds: &[u64]| -> Vec<::evolve::Evaluation> {
        let Some(f) = &evaluate_batch else {
            return ::evolve::evaluate_batch(genomes, seeds, &opts);
        };
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
            // The evolver cannot fail here; remember the error, stop at once with an
            // unplayable batch, and raise it after the run.
            failure
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .get_or_insert(e);
            vec![::evolve::Evaluation::default(); genomes.len()]
        })
    };
    let path = std::path::PathBuf::from(out);
    let summary =
        py.detach(|| ::evolve::run_with_evaluator(&opts, &path, resume, &mut |_| {}, &remote));
    if let Some(e) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(e);
    }
    let summary = summary.map_err(|e| errors::message(e.to_string()))?;
    serde_json::to_string(&summary.generations).map_err(json_err)
}
