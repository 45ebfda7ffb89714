//! Reading a game in any language into the form the commands work on.

use crate::cli::{Global, InputArgs, Lang};
use crate::diag::{self, CliError};
use crate::input::{self, Source};
use codespan_reporting::diagnostic::Diagnostic;

pub use front::Loaded;

pub struct LoadedGame {
    pub source: Source,
    pub game: Loaded,
}

/// Reads, parses and validates; warnings are printed (unless `--quiet`), errors returned.
pub fn load(input: &InputArgs, global: &Global) -> Result<LoadedGame, CliError> {
    let (loaded, warnings) = load_with_warnings(input)?;
    diag::emit(&loaded.source.name, &loaded.source.text, &warnings, global);
    Ok(loaded)
}

/// [`load`], returning the warnings instead of printing them.
pub fn load_with_warnings(
    input: &InputArgs,
) -> Result<(LoadedGame, Vec<Diagnostic<()>>), CliError> {
    let source = input::read(input)?;
    let (game, warnings) = match front::parse(&source.text, source.lang.into()) {
        Ok(ok) => ok,
        Err(diagnostics) => {
            return Err(CliError::Invalid {
                what: "game",
                name: source.name,
                text: source.text,
                diagnostics,
            });
        }
    };
    Ok((LoadedGame { source, game }, warnings))
}

pub fn lang_name(l: Lang) -> &'static str {
    match l {
        Lang::Rbg => "RBG",
        Lang::Sbg => "SBG",
        Lang::Gdl => "GDL",
    }
}
