//! `--engine compiled|auto`: the game's compiled library, or a one-line note and the
//! interpreter.

use crate::cli::{EngineArgs, EngineKind, Global};
use crate::diag::CliError;
use std::io::IsTerminal;

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
    // The source is generated once: for the spinner's cache test and for the build.
    let built = compiled::CompiledGame::prepare(g, opts).and_then(|prepared| {
        let spinner = building_spinner(&prepared, opts, global);
        let built = prepared.build(g, opts);
        if let Some(s) = spinner {
            s.finish_and_clear();
        }
        built
    });
    loaded(built, global)
}

/// The library, with a note on how it came (`--verbose`), or None with a note on why the
/// interpreter is used.
fn loaded(
    built: Result<compiled::CompiledGame, compiled::Error>,
    global: &Global,
) -> Option<compiled::CompiledGame> {
    match built {
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

/// A line that ticks while rustc builds a game's library on a terminal (a cached library
/// loads at once and shows none): commands that need the library wait for it, and a silent
/// wait of seconds to minutes looks like a hang.
fn building_spinner(
    prepared: &compiled::Prepared,
    opts: &compiled::BuildOptions,
    global: &Global,
) -> Option<indicatif::ProgressBar> {
    if global.quiet || !std::io::stderr().is_terminal() || prepared.is_cached(opts) {
        return None;
    }
    let s = indicatif::ProgressBar::new_spinner();
    s.set_style(
        indicatif::ProgressStyle::with_template(
            "{spinner} building the compiled engine with rustc, {elapsed} (cached for later runs)",
        )
        .expect("valid template"),
    );
    s.enable_steady_tick(std::time::Duration::from_millis(200));
    Some(s)
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

/// The compiled engine for `--engine auto` in a command that can change engines as it goes:
/// at once when the library is in the cache, else built on a background thread while the
/// interpreter answers (`auto` is never slower than the interpreter to a first result).
pub enum Tiered {
    /// Use the compiled engine from the start.
    Ready(Box<compiled::CompiledGame>),
    /// Being built: ask [`Building::poll`] between units of work.
    Building(Building),
    /// Use the interpreter (the engine asked for, or the build cannot start).
    Interpreter,
}

/// A compiled library being built on a background thread. The thread is left to finish on
/// its own when the command ends first: rustc runs under its build limits, and the library
/// lands in the cache for the next run.
pub struct Building {
    rx: std::sync::mpsc::Receiver<Result<compiled::CompiledGame, compiled::Error>>,
    started: std::time::Instant,
    done: bool,
}

impl Building {
    /// The library if it is ready now (once); None while it builds or after it failed (with
    /// a one-line note).
    pub fn poll(&mut self, global: &Global) -> Option<compiled::CompiledGame> {
        if self.done {
            return None;
        }
        match self.rx.try_recv() {
            Err(std::sync::mpsc::TryRecvError::Empty) => None,
            Ok(Ok(cg)) => {
                self.done = true;
                if !global.quiet {
                    eprintln!(
                        "note: the compiled engine is ready ({:.1} s); it answers from here on",
                        self.started.elapsed().as_secs_f64()
                    );
                }
                Some(cg)
            }
            Ok(Err(e)) => {
                self.done = true;
                let first = e.to_string();
                eprintln!(
                    "note: staying on the interpreter: {}",
                    first.lines().next().unwrap_or("")
                );
                None
            }
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                self.done = true;
                None
            }
        }
    }
}

/// [`Tiered`] for game `g`: `--engine compiled` builds first as before, `interpreted` never
/// builds, `auto` loads a cached library at once or starts building one in the background.
pub fn tiered_game(
    g: &ir::Game,
    args: &EngineArgs,
    options: reasoner::Options,
    global: &Global,
) -> Tiered {
    match args.engine {
        EngineKind::Interpreted => return Tiered::Interpreter,
        EngineKind::Compiled => {
            return build(g, &build_options(args, options), global)
                .map_or(Tiered::Interpreter, |cg| Tiered::Ready(Box::new(cg)))
        }
        EngineKind::Auto => {}
    }
    let opts = build_options(args, options);
    // The source is generated once: for the cache test and for the build.
    let prepared = match compiled::CompiledGame::prepare(g, &opts) {
        Ok(p) => p,
        Err(e) => {
            let _ = loaded(Err(e), global);
            return Tiered::Interpreter;
        }
    };
    if prepared.is_cached(&opts) {
        return loaded(prepared.build(g, &opts), global)
            .map_or(Tiered::Interpreter, |cg| Tiered::Ready(Box::new(cg)));
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let game = g.clone();
    let spawned = std::thread::Builder::new()
        .name("compiled-build".into())
        .spawn(move || {
            let _ = tx.send(prepared.build(&game, &opts));
        });
    if spawned.is_err() {
        return Tiered::Interpreter;
    }
    if !global.quiet && (global.verbose || std::io::stderr().is_terminal()) {
        eprintln!(
            "note: building the compiled engine in the background; the interpreter answers \
             until it is ready"
        );
    }
    Tiered::Building(Building {
        rx,
        started: std::time::Instant::now(),
        done: false,
    })
}
