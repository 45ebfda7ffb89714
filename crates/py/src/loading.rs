//! Text in RBG, SBG or GDL → a parsed, validated game with its engine prepared.

use crate::errors;
use codespan_reporting::diagnostic::Diagnostic;
use pyo3::PyErr;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    Rbg,
    Sbg,
    Gdl,
}

impl Lang {
    pub fn parse(name: &str) -> Result<Lang, PyErr> {
        match name.to_ascii_lowercase().as_str() {
            "rbg" => Ok(Lang::Rbg),
            "sbg" => Ok(Lang::Sbg),
            "gdl" | "kif" => Ok(Lang::Gdl),
            other => Err(pyo3::exceptions::PyValueError::new_err(format!(
                "unknown language {other:?}; use 'rbg', 'sbg' or 'gdl'"
            ))),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Lang::Rbg => "rbg",
            Lang::Sbg => "sbg",
            Lang::Gdl => "gdl",
        }
    }
}

/// A game ready to play. The RBG reasoner is compiled once and shared by all states.
pub enum Loaded {
    Rbg {
        game: Box<ir::Game>,
        reasoner: Arc<reasoner::Reasoner>,
    },
    Sbg(sbg::Game),
    Gdl(gdl::Description),
}

/// Parses `text` as `lang`; warnings are returned beside the game.
pub fn parse(name: &str, text: &str, lang: Lang) -> Result<(Loaded, Vec<Diagnostic<()>>), PyErr> {
    let invalid = |d: Vec<Diagnostic<()>>| errors::from_diagnostics(name, text, &d);
    match lang {
        Lang::Rbg => {
            let p = rbg::parse_game(text).map_err(invalid)?;
            let r = reasoner::Reasoner::new(&p.game)
                .map_err(|e| errors::message(format!("cannot compile the rules: {e}")))?;
            Ok((
                Loaded::Rbg {
                    game: Box::new(p.game),
                    reasoner: Arc::new(r),
                },
                p.warnings,
            ))
        }
        Lang::Sbg => {
            let (g, w) = sbg::parse(text).map_err(invalid)?;
            // Fail at load, not at the first state, when the rules cannot be compiled.
            sbg::Engine::new(&g).map_err(|e| errors::message(e.to_string()))?;
            Ok((Loaded::Sbg(g), w))
        }
        Lang::Gdl => {
            let (d, w) = gdl::parse_and_check(text).map_err(invalid)?;
            Ok((Loaded::Gdl(d), w))
        }
    }
}

/// The language of a file from its extension, as the CLI decides it.
pub fn lang_of_path(path: &str) -> Option<Lang> {
    let ext = std::path::Path::new(path)
        .extension()?
        .to_string_lossy()
        .to_ascii_lowercase();
    match ext.as_str() {
        "rbg" => Some(Lang::Rbg),
        "sbg" => Some(Lang::Sbg),
        "kif" | "gdl" => Some(Lang::Gdl),
        _ => None,
    }
}
