//! `--engine compiled`: the game's compiled library, or a one-line note and the interpreter.

use crate::cli::{EngineArgs, EngineKind, Global};
use crate::diag::CliError;

/// For commands the compiled engine does not serve: a usage error naming `why` when
/// `--engine compiled` was asked for.
pub fn interpreted_only(args: &EngineArgs, why: &str) -> Result<(), CliError> {
    match args.engine {
        EngineKind::Interpreted => Ok(()),
        EngineKind::Compiled => Err(CliError::Usage(format!(
            "--engine compiled is not available here: {why}"
        ))),
    }
}

/// The compiled game when `--engine compiled` was asked for and the game could be built;
/// otherwise None (with a note on standard error when compiling was asked for but failed).
pub fn compiled_game(
    g: &ir::Game,
    args: &EngineArgs,
    options: reasoner::Options,
    global: &Global,
) -> Option<compiled::CompiledGame> {
    if args.engine != EngineKind::Compiled {
        return None;
    }
    let opts = compiled::BuildOptions {
        cache: if args.no_cache {
            compiled::Cache::Off
        } else {
            compiled::Cache::Default
        },
        options,
        ..compiled::BuildOptions::default()
    };
    match compiled::CompiledGame::new(g, &opts) {
        Ok(cg) => {
            if global.verbose {
                eprintln!(
                    "note: compiled engine {} in {:.2} s",
                    if cg.cache_hit {
                        "loaded from the cache"
                    } else {
                        "built"
                    },
                    cg.build_seconds
                );
            }
            Some(cg)
        }
        Err(e) => {
            let first = e.to_string();
            let first = first.lines().next().unwrap_or("");
            eprintln!("note: using the interpreter: {first}");
            None
        }
    }
}
