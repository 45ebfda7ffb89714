//! The learner from Python (`rbgtool record` and `rbgtool learn`), with the GIL released.

use crate::api::{Game, Kind};
use crate::errors;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// The CLI's limits on the arguments.
const MAX_GAMES: usize = 1_000_000;
const MAX_LENGTH: u64 = 10_000_000;
const MAX_K: usize = 64;
const MAX_EXPANSIONS: usize = 1_000_000;

fn value_err(m: impl Into<String>) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(m.into())
}

/// Logs of `games` uniform random games of an SBG game, in the learner's format, as
/// `rbgtool record GAME --games N --listing L --seed S --max-length M` writes them.
#[pyfunction]
#[pyo3(signature = (game, games=50, listing="all", seed=1, max_length=10_000, max_records=1_000_000))]
pub fn record(
    py: Python<'_>,
    game: PyRef<'_, Game>,
    games: usize,
    listing: &str,
    seed: u64,
    max_length: u64,
    max_records: usize,
) -> PyResult<String> {
    let Kind::Sbg(g) = game.kind() else {
        return Err(value_err("record plays SBG games only"));
    };
    let listing = match listing {
        "all" => ::learn::Listing::All,
        "some" => ::learn::Listing::Some,
        _ => return Err(value_err("listing is 'all' or 'some'")),
    };
    if !(1..=MAX_GAMES).contains(&games) || !(1..=MAX_LENGTH).contains(&max_length) {
        return Err(value_err(format!(
            "games must lie in 1..={MAX_GAMES} and max_length in 1..={MAX_LENGTH}"
        )));
    }
    let limits = ::learn::RecordLimits {
        max_length,
        max_records,
    };
    py.detach(|| ::learn::record(g, games, listing, seed, limits))
        .map_err(|e| errors::message(e.to_string()))
}

/// Learns an SBG game from logs (the text `record` or `rbgtool record` writes), as
/// `rbgtool learn LOGS --k K --max-expansions E --seconds S --name N --json`. Returns the
/// learned game's text and the report (`games`, `records`, `seconds`, `pieces`, `notes`).
#[pyfunction]
#[pyo3(signature = (logs, k=2, max_expansions=20, seconds=60.0, name="Learned"))]
pub fn learn<'py>(
    py: Python<'py>,
    logs: &str,
    k: usize,
    max_expansions: usize,
    seconds: f64,
    name: &str,
) -> PyResult<(String, Bound<'py, PyDict>)> {
    if k > MAX_K || max_expansions > MAX_EXPANSIONS {
        return Err(value_err(format!(
            "k must be at most {MAX_K} and max_expansions at most {MAX_EXPANSIONS}"
        )));
    }
    if !(seconds > 0.0 && seconds <= 86_400.0) {
        return Err(value_err("seconds must be positive and at most a day"));
    }
    let records =
        ::learn::parse_log(logs).map_err(|d| errors::from_diagnostics("<logs>", logs, &d))?;
    let options = ::learn::Options {
        k,
        max_expansions,
        time_limit: std::time::Duration::from_secs_f64(seconds),
        name: name.to_string(),
        ..::learn::Options::default()
    };
    let (game, report) = py
        .detach(|| ::learn::learn(&records, &options, &|_| {}))
        .map_err(|e| errors::message(format!("cannot learn a game from the logs: {e}")))?;
    let d = PyDict::new(py);
    d.set_item("games", report.games)?;
    d.set_item("records", report.records)?;
    d.set_item("seconds", report.seconds)?;
    let pieces = pyo3::types::PyList::empty(py);
    for p in &report.pieces {
        let e = PyDict::new(py);
        e.set_item("piece", p.kind.to_string())?;
        e.set_item("words", p.words)?;
        e.set_item("situations", p.situations)?;
        e.set_item("pta_states", p.pta_states)?;
        e.set_item("states", p.states)?;
        e.set_item("expansions", p.expansions)?;
        // The same fields as `rbgtool learn --json`.
        e.set_item(
            "side",
            p.side.map(|s| {
                if s == sbg::Side::White {
                    "white"
                } else {
                    "black"
                }
            }),
        )?;
        e.set_item("work", p.work)?;
        e.set_item(
            "stopped",
            p.stopped.map(|s| match s {
                ::learn::Stop::WorkBudget => "work budget",
                ::learn::Stop::TimeLimit => "time limit",
            }),
        )?;
        pieces.append(e)?;
    }
    d.set_item("pieces", pieces)?;
    d.set_item("notes", report.notes.clone())?;
    // The same file as `rbgtool learn` writes, open questions included.
    Ok((::learn::learned_file(&game, &report), d))
}
