//! Reading a game in any language into the form the commands work on.

use crate::cli::{Global, InputArgs, Lang};
use crate::diag::{self, CliError};
use crate::input::{self, Source};

/// A parsed and validated game (one per run: the size difference of the variants is moot).
#[allow(clippy::large_enum_variant)]
pub enum Loaded {
    Rbg(ir::Game),
    Sbg(sbg::Game),
    Gdl(gdl::Description),
}

pub struct LoadedGame {
    pub source: Source,
    pub game: Loaded,
}

/// Reads, parses and validates; warnings are printed (unless `--quiet`), errors returned.
pub fn load(input: &InputArgs, global: &Global) -> Result<LoadedGame, CliError> {
    let source = input::read(input)?;
    let game = match source.lang {
        Lang::Rbg => match rbg::parse_game(&source.text) {
            Ok(parsed) => {
                diag::emit(&source.name, &source.text, &parsed.warnings, global);
                Loaded::Rbg(parsed.game)
            }
            Err(diagnostics) => {
                return Err(CliError::Invalid {
                    what: "game",
                    name: source.name,
                    text: source.text,
                    diagnostics,
                })
            }
        },
        Lang::Sbg => match sbg::parse(&source.text) {
            Ok((game, warnings)) => {
                diag::emit(&source.name, &source.text, &warnings, global);
                Loaded::Sbg(game)
            }
            Err(diagnostics) => {
                return Err(CliError::Invalid {
                    what: "game",
                    name: source.name,
                    text: source.text,
                    diagnostics,
                })
            }
        },
        Lang::Gdl => match gdl::parse_and_check(&source.text) {
            Ok((desc, warnings)) => {
                diag::emit(&source.name, &source.text, &warnings, global);
                Loaded::Gdl(desc)
            }
            Err(diagnostics) => {
                return Err(CliError::Invalid {
                    what: "game",
                    name: source.name,
                    text: source.text,
                    diagnostics,
                })
            }
        },
    };
    Ok(LoadedGame { source, game })
}

pub fn lang_name(l: Lang) -> &'static str {
    match l {
        Lang::Rbg => "RBG",
        Lang::Sbg => "SBG",
        Lang::Gdl => "GDL",
    }
}
