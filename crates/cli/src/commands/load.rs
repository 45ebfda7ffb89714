//! Reading a game in any language into the form the commands work on.

use crate::cli::{Global, InputArgs, Lang};
use crate::diag::{self, CliError};
use crate::input::{self, Source};
use codespan_reporting::diagnostic::Diagnostic;

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
    let (loaded, warnings) = load_with_warnings(input)?;
    diag::emit(&loaded.source.name, &loaded.source.text, &warnings, global);
    Ok(loaded)
}

/// [`load`], returning the warnings instead of printing them.
pub fn load_with_warnings(
    input: &InputArgs,
) -> Result<(LoadedGame, Vec<Diagnostic<()>>), CliError> {
    let source = input::read(input)?;
    // Every front end gives the game with its warnings, or the diagnostics.
    type Parsed<T> = Result<(T, Vec<Diagnostic<()>>), Vec<Diagnostic<()>>>;
    let parsed: Parsed<Loaded> = match source.lang {
        Lang::Rbg => rbg::parse_game(&source.text).map(|p| (Loaded::Rbg(p.game), p.warnings)),
        Lang::Sbg => sbg::parse(&source.text).map(|(g, w)| (Loaded::Sbg(g), w)),
        Lang::Gdl => gdl::parse_and_check(&source.text).map(|(d, w)| (Loaded::Gdl(d), w)),
    };
    let (game, warnings) = match parsed {
        Ok(ok) => ok,
        Err(diagnostics) => {
            // A text of another language gives dozens of errors that all miss the point.
            let diagnostics = match input::sniff(&source.text).filter(|&l| l != source.lang) {
                Some(other) => vec![Diagnostic::error()
                    .with_message(format!(
                        "this looks like {}, but it was read as {}",
                        lang_name(other),
                        lang_name(source.lang)
                    ))
                    .with_notes(vec![format!(
                        "read as {} it has {} error(s); use --from {} (or the file extension .{})",
                        lang_name(source.lang),
                        diagnostics.len(),
                        lang_name(other).to_ascii_lowercase(),
                        extension(other)
                    )])],
                None => diagnostics,
            };
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

fn extension(l: Lang) -> &'static str {
    match l {
        Lang::Rbg => "rbg",
        Lang::Sbg => "sbg",
        Lang::Gdl => "kif",
    }
}

pub fn lang_name(l: Lang) -> &'static str {
    match l {
        Lang::Rbg => "RBG",
        Lang::Sbg => "SBG",
        Lang::Gdl => "GDL",
    }
}
