//! The `rbgtool._rbgtool` Python extension: the same engines as the CLI behind one Python API.
//! The Python package in `python/rbgtool` re-exports these classes and adds the adapters
//! (OpenSpiel, PettingZoo) and the Ray layer.
//!
//! * [`loading`]: text in any language → a parsed, validated game, or the diagnostics.
//! * [`errors`]: diagnostics as the Python exception `rbgtool.GameError`.
//! * [`engine`]: one object-safe interface over the RBG reasoner, native SBG and GDL engines,
//!   with stable move ids (the action encodings of docs/python.md).
//! * [`compiled_backend`]: RBG states in the game's compiled library (`engine="compiled"`).
//! * [`api`]: the Python classes `Game`, `State`, `Move`.
//! * [`tools`]: whole-work calls (`convert`, `check`), run with the GIL released.
//! * [`evolver`]: the evolver (a whole run or one generation) with its fitness evaluations
//!   on Rust threads or done by a Python callable (Ray).
//! * [`learner`]: recording logs of random play and learning an SBG game from them.
//! * [`tournament`]: round-robin agent tournaments, one pure job per game (Ray distributes).

mod api;
mod compiled_backend;
mod engine;
mod errors;
mod evolver;
mod learner;
mod loading;
mod tools;
mod tournament;

use pyo3::prelude::*;

#[pymodule]
fn _rbgtool(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("GameError", m.py().get_type::<errors::GameError>())?;
    m.add_class::<api::Game>()?;
    m.add_class::<api::State>()?;
    m.add_class::<api::Move>()?;
    m.add_function(wrap_pyfunction!(api::load, m)?)?;
    m.add_function(wrap_pyfunction!(tools::convert, m)?)?;
    m.add_function(wrap_pyfunction!(tools::check, m)?)?;
    m.add_function(wrap_pyfunction!(evolver::evolve, m)?)?;
    m.add_function(wrap_pyfunction!(evolver::evaluate_genome, m)?)?;
    m.add_function(wrap_pyfunction!(evolver::evolve_default_options, m)?)?;
    m.add_function(wrap_pyfunction!(evolver::evolve_generation, m)?)?;
    m.add_function(wrap_pyfunction!(learner::record, m)?)?;
    m.add_function(wrap_pyfunction!(learner::learn, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::tournament, m)?)?;
    m.add_function(wrap_pyfunction!(tournament::tournament_game, m)?)?;
    Ok(())
}
