//! `--engine compiled|auto`: the game's compiled library, or a one-line note and the
//! interpreter.

use crate::cli::{EngineArgs, EngineKind, Global};
use crate::diag::CliError;

/// For commands the compiled engine does not serve: a usage error naming `why` when
/// `--engine compiled` was asked for.
pub fn interpreted_only(args: &EngineArgs, why: &str) -> Result<(), CliError> {
    match args.engine {
        EngineKind::Interpreted | EngineKind::Auto => Ok(()),
        EngineKind::Compiled => Err(CliError::Usage(format!(
            "--engine compiled is not available here: {why}"
        ))),
    }
}

/// What `--engine auto` means for a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Auto {
    Compiled,
    Interpreted,
}

/// The compiled game when the compiled engine was asked for (`--engine compiled`, or `auto`
/// as `auto` says) and the game could be built; otherwise None (with a note on standard
/// error when compiling was asked for but failed).
pub fn compiled_game(
    g: &ir::Game,
    args: &EngineArgs,
    options: reasoner::Options,
    global: &Global,
    auto: Auto,
) -> Option<compiled::CompiledGame> {
    if !wants_compiled(args, auto) {
        return None;
    }
    build(g, &build_options(args, options), global)
}

/// Whether the engine arguments may pick the compiled engine for this command.
pub fn wants_compiled(args: &EngineArgs, auto: Auto) -> bool {
    match args.engine {
        EngineKind::Compiled => true,
        EngineKind::Interpreted => false,
        EngineKind::Auto => auto != Auto::Interpreted,
    }
}

fn build_options(args: &EngineArgs, options: reasoner::Options) -> compiled::BuildOptions {
    compiled::BuildOptions {
        cache: if args.no_cache {
            compiled::Cache::Off
        } else {
            compiled::Cache::Default
        },
        limits: compiled::BuildLimits {
            timeout: std::time::Duration::from_secs(args.build_timeout),
            memory_mb: args.build_memory,
        },
        options,
        ..compiled::BuildOptions::default()
    }
}

fn build(
    g: &ir::Game,
    opts: &compiled::BuildOptions,
    global: &Global,
) -> Option<compiled::CompiledGame> {
    match compiled::CompiledGame::new(g, opts) {
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

/// A GDL game on its propositional network (`propnet`: the rules grounded and played by
/// propagation) when the compiled engine was asked for, or `auto` says so; None (with a
/// one-line note when it was asked for or `--verbose`) when the game is over the grounding
/// budget, so the caller uses the interpreter.
pub fn gdl_network(
    d: &gdl::Description,
    args: &EngineArgs,
    global: &Global,
    auto: Auto,
) -> Option<propnet::Propnet> {
    if !wants_compiled(args, auto) {
        return None;
    }
    let t = std::time::Instant::now();
    match propnet::build(d) {
        Ok(pn) if args.engine == EngineKind::Auto && !propnet::suits_auto(&pn) => {
            if global.verbose {
                eprintln!(
                    "note: using the interpreter: the GDL network has {} edges, more than \
                     --engine auto takes (propnet::AUTO_MAX_EDGES)",
                    pn.size().1
                );
            }
            None
        }
        Ok(pn) => {
            if global.verbose {
                let (gates, edges) = pn.size();
                eprintln!(
                    "note: GDL network of {gates} gates and {edges} edges built in {:.2} s",
                    t.elapsed().as_secs_f64()
                );
            }
            Some(pn)
        }
        Err(e) => {
            if args.engine == EngineKind::Compiled || global.verbose {
                eprintln!("note: using the interpreter: {e}");
            }
            None
        }
    }
}
