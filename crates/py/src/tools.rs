//! Whole-work calls that are not about one game state: translation and checking.

use crate::errors;
use crate::loading::{self, Lang, Loaded};
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Translates a game's text: RBG → `"ll-rbg"`, `"gdl"`; SBG → `"rbg"`, `"ll-rbg"`, `"gdl"`,
/// `"sbg"`; GDL → `"gdl"` (as `rbgtool convert`). Returns the text.
///
/// >>> kif = rbgtool.convert(open("corpus/sbg/breakthrough.sbg").read(), to="gdl", lang="sbg")
#[pyfunction]
#[pyo3(signature = (text, to, lang))]
pub fn convert(py: Python<'_>, text: &str, to: &str, lang: &str) -> PyResult<String> {
    let lang = Lang::parse(lang)?;
    let to = to.to_ascii_lowercase();
    py.detach(|| {
        let (loaded, _) = loading::parse("<text>", text, lang)?;
        let unsupported = || {
            errors::message(format!(
                "cannot convert {} to {to}; the conversions are: rbg -> ll-rbg, gdl; \
                 sbg -> rbg, ll-rbg, gdl, sbg; gdl -> gdl",
                lang.name()
            ))
        };
        match (&loaded, to.as_str()) {
            (Loaded::Rbg { game, .. }, "ll-rbg") => Ok(rbg::print_ll(game)),
            (Loaded::Rbg { game, .. }, "gdl") => {
                ::convert::rbg_to_gdl(game, ::convert::GdlOptions::default())
                    .map(|t| t.text)
                    .map_err(|e| errors::from_diagnostics("<text>", text, &[e.to_diagnostic()]))
            }
            (Loaded::Sbg(g), "rbg") => {
                ::convert::sbg_to_rbg(g).map_err(|e| errors::message(e.to_string()))
            }
            (Loaded::Sbg(g), "ll-rbg") => ::convert::sbg_to_ir(g)
                .map(|ir| rbg::print_ll(&ir))
                .map_err(|e| errors::message(e.to_string())),
            (Loaded::Sbg(g), "gdl") => {
                ::convert::sbg_to_gdl(g).map_err(|e| errors::message(e.to_string()))
            }
            (Loaded::Sbg(g), "sbg") => Ok(sbg::print(g)),
            (Loaded::Gdl(d), "gdl") => Ok(gdl::print(d)),
            _ => Err(unsupported()),
        }
    })
}

/// Parses and validates a game's text; returns `{"valid": bool, "diagnostics": [...]}` (errors
/// and warnings as dicts) and never raises for an invalid game.
#[pyfunction]
pub fn check<'py>(py: Python<'py>, text: &str, lang: &str) -> PyResult<Bound<'py, PyDict>> {
    let lang = Lang::parse(lang)?;
    let out = PyDict::new(py);
    match py.detach(|| loading::parse("<text>", text, lang)) {
        Ok((_, warnings)) => {
            out.set_item("valid", true)?;
            let list: PyResult<Vec<_>> = warnings
                .iter()
                .map(|d| errors::diagnostic_dict(py, d))
                .collect();
            out.set_item("diagnostics", list?)?;
        }
        Err(e) => {
            if !e.is_instance_of::<errors::GameError>(py) {
                return Err(e);
            }
            out.set_item("valid", false)?;
            out.set_item("diagnostics", e.value(py).getattr("diagnostics")?)?;
        }
    }
    Ok(out)
}
