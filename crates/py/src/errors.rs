//! Diagnostics as a Python exception: `GameError(message)` with `.diagnostics`, a list of
//! dicts `{severity, message, labels: [{start, end, message}], notes}`, and `.rendered`, the
//! text the CLI prints.

use codespan_reporting::diagnostic::{Diagnostic, Severity};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

pyo3::create_exception!(
    rbgtool,
    GameError,
    pyo3::exceptions::PyValueError,
    "An invalid game (or position, move, translation): `diagnostics` holds the structured \
     diagnostics, `rendered` the text the CLI would print."
);

fn severity_name(s: Severity) -> &'static str {
    match s {
        Severity::Bug => "bug",
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note => "note",
        Severity::Help => "help",
    }
}

/// One diagnostic as a Python dict.
pub fn diagnostic_dict<'py>(py: Python<'py>, d: &Diagnostic<()>) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    out.set_item("severity", severity_name(d.severity))?;
    out.set_item("message", &d.message)?;
    let labels = PyList::empty(py);
    for l in &d.labels {
        let label = PyDict::new(py);
        label.set_item("start", l.range.start)?;
        label.set_item("end", l.range.end)?;
        label.set_item("message", &l.message)?;
        labels.append(label)?;
    }
    out.set_item("labels", labels)?;
    out.set_item("notes", d.notes.clone())?;
    Ok(out)
}

/// A `GameError` for diagnostics against `text` (named `name` in the rendering).
pub fn from_diagnostics(name: &str, text: &str, diagnostics: &[Diagnostic<()>]) -> PyErr {
    let rendered = gdl::render(name, text, diagnostics);
    let errors = diagnostics
        .iter()
        .filter(|d| d.severity >= Severity::Error)
        .count();
    let first = diagnostics
        .iter()
        .find(|d| d.severity >= Severity::Error)
        .map_or(String::new(), |d| format!(": {}", d.message));
    let errors = game::text::counted(errors, "error");
    let err = GameError::new_err(format!("{name} is not valid ({errors}){first}"));
    Python::attach(|py| {
        let value = err.value(py);
        let list = PyList::empty(py);
        for d in diagnostics {
            if let Ok(dict) = diagnostic_dict(py, d) {
                let _ = list.append(dict);
            }
        }
        let _ = value.setattr("diagnostics", list);
        let _ = value.setattr("rendered", rendered);
    });
    err
}

/// A `GameError` with a plain message and no diagnostics.
pub fn message(m: impl Into<String>) -> PyErr {
    let m: String = m.into();
    let err = GameError::new_err(m.clone());
    Python::attach(|py| {
        let value = err.value(py);
        let _ = value.setattr("diagnostics", PyList::empty(py));
        let _ = value.setattr("rendered", m);
    });
    err
}
