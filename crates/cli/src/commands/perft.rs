//! `rbgtool perft`: leaves and nodes per depth, timed.

use super::engine::{Building, Tiered};
use super::load::{load, Loaded, LoadedGame};
use crate::cli::{EngineArgs, EngineKind, Global, InputArgs, StartArgs};
use crate::diag::CliError;
use game::GameState;
use serde::Serialize;
use serde_json::json;
use std::io::IsTerminal;
use std::time::Instant;

#[derive(Serialize)]
struct DepthLine {
    depth: u32,
    leaves: u64,
    nodes: u64,
    seconds: f64,
    /// "applied" (every leaf move applied) or "counted" (`--count-leaves`).
    last_level: &'static str,
}

/// The options of one perft run that every engine shares.
struct How {
    depth: u32,
    divide: bool,
    json: bool,
    count_leaves: bool,
}

impl How {
    fn last_level(&self) -> &'static str {
        if self.count_leaves {
            "counted"
        } else {
            "applied"
        }
    }
}

// One parameter per flag of the subcommand, as clap parsed them.
#[allow(clippy::too_many_arguments)]
pub fn run(
    input: &InputArgs,
    depth: u32,
    divide: bool,
    json: bool,
    count_leaves: bool,
    start: &StartArgs,
    engine: &EngineArgs,
    global: &Global,
) -> Result<(), CliError> {
    let loaded = load(input, global)?;
    let how = How {
        depth,
        divide,
        json,
        count_leaves,
    };
    match &loaded.game {
        Loaded::Rbg(g) => {
            let r = super::rbg_game::rbg_reasoner(g, &loaded.source, global)?;
            // Shallow runs interpret (a build costs more than they do). Deep ones with `auto`
            // start on the interpreter and change to the compiled library between two
            // depths once it is built (at once when it is in the cache). The counts are the
            // same.
            let tier = if depth < 4 && engine.engine == EngineKind::Auto {
                Tiered::Interpreter
            } else {
                super::engine::tiered_game(g, engine, r.options(), global)
            };
            let rbg = Rbg {
                loaded: &loaded,
                r: &r,
                start,
                last: if count_leaves {
                    reasoner::LastLevel::Counted
                } else {
                    reasoner::LastLevel::Applied
                },
                global,
            };
            let mut c = Counter::new(&how, global);
            match tier {
                Tiered::Ready(cg) => rbg.compiled_depths(&cg, &mut c, 1),
                Tiered::Building(b) => rbg.interpreted_depths(&mut c, Some(b)),
                Tiered::Interpreter => rbg.interpreted_depths(&mut c, None),
            }
        }
        Loaded::Sbg(g) => {
            let mut e = sbg::Engine::new(g).map_err(|e| CliError::Game(e.to_string()))?;
            super::start::go_to_start(&mut e, start)?;
            report(&mut e, &how, global, |s, d| generic(s, d, count_leaves))
        }
        Loaded::Gdl(d) => {
            let auto = if depth >= 4 {
                super::engine::Auto::Compiled
            } else {
                super::engine::Auto::Interpreted
            };
            if let Some(mut pn) = super::engine::gdl_network(d, engine, global, auto) {
                super::start::go_to_start(&mut pn, start)?;
                return report(&mut pn, &how, global, |s, d| {
                    let counts = generic(s, d, count_leaves);
                    match s.budget_error() {
                        Some(m) => Err(CliError::Game(format!(
                            "the GDL network's budget is exceeded: {m}"
                        ))),
                        None => counts,
                    }
                });
            }
            let mut e = gdl::Engine::new(d).map_err(|e| CliError::Game(format!("{e}")))?;
            super::start::gdl_go_to_start(&mut e, start, &loaded)?;
            report(&mut e, &how, global, |s, d| {
                let counts = generic(s, d, count_leaves);
                super::start::gdl_budget(s, &loaded)?;
                counts
            })
        }
    }
}

/// What the RBG engines of one perft run share.
struct Rbg<'a> {
    loaded: &'a LoadedGame,
    r: &'a reasoner::Reasoner,
    start: &'a StartArgs,
    last: reasoner::LastLevel,
    global: &'a Global,
}

impl Rbg<'_> {
    fn error(&self, e: &reasoner::GameError) -> CliError {
        super::rbg_game::game_error(self.loaded, self.r, e)
    }

    /// Depths `from..` on the compiled library (both ways of counting the last level run
    /// inside the library, with no host call per node), then `--divide`.
    fn compiled_depths(
        &self,
        cg: &compiled::CompiledGame,
        c: &mut Counter,
        from: u32,
    ) -> Result<(), CliError> {
        let mut state = cg.initial_state().map_err(|e| self.error(&e))?;
        super::start::go_to_start(&mut state, self.start)?;
        let mut count = |s: &mut compiled::CompiledState, d| {
            cg.perft_by_depth_with(s, d, self.last)
                .map(|c| c.last().map_or((1, 1), |c| (c.leaves, c.nodes)))
                .map_err(|e| self.error(&e))
        };
        let result = (from..=c.how.depth).try_for_each(|d| c.depth(&mut state, d, &mut count));
        if result.is_ok() {
            c.divide(&mut state);
        }
        let warning = state.keeper_warning();
        super::rbg_game::keeper_warning(self.loaded, self.r, warning.as_ref(), self.global);
        result
    }

    /// Depths on the interpreter, changing to the compiled library between two depths once
    /// `building` has it.
    fn interpreted_depths(
        &self,
        c: &mut Counter,
        mut building: Option<Building>,
    ) -> Result<(), CliError> {
        let mut state = self.r.initial_state().map_err(|e| self.error(&e))?;
        super::start::go_to_start(&mut state, self.start)?;
        let mut count = |s: &mut reasoner::State, d| {
            reasoner::perft_with(s, d, self.last)
                .map(|c| (c.leaves, c.nodes))
                .map_err(|e| self.error(&e))
        };
        let mut result = Ok(());
        for d in 1..=c.how.depth {
            if let Some(cg) = building.as_mut().and_then(|b| b.poll(self.global)) {
                let warning = state.keeper_warning();
                super::rbg_game::keeper_warning(self.loaded, self.r, warning.as_ref(), self.global);
                return self.compiled_depths(&cg, c, d);
            }
            result = c.depth(&mut state, d, &mut count);
            if result.is_err() {
                break;
            }
        }
        if result.is_ok() {
            c.divide(&mut state);
        }
        let warning = state.keeper_warning();
        super::rbg_game::keeper_warning(self.loaded, self.r, warning.as_ref(), self.global);
        result
    }
}

/// Perft through the `GameState` interface. Returns leaves and 0 for nodes: `report` adds up
/// the leaves of the depths before (nodes = all states at depths 0..=d).
fn generic<G: GameState>(s: &mut G, d: u32, count_leaves: bool) -> Result<(u64, u64), CliError> {
    let leaves = if count_leaves {
        game::perft::perft(s, d)
    } else {
        game::perft::perft_applied(s, d)
    };
    Ok((leaves, 0))
}

/// Runs `count(state, d)` for every depth up to `depth` and prints one line (or JSON object)
/// per depth as soon as it is known.
fn report<G: GameState>(
    state: &mut G,
    how: &How,
    global: &Global,
    mut count: impl FnMut(&mut G, u32) -> Result<(u64, u64), CliError>,
) -> Result<(), CliError> {
    let mut c = Counter::new(how, global);
    for d in 1..=how.depth {
        c.depth(state, d, &mut count)?;
    }
    c.divide(state);
    Ok(())
}

/// The depths of one perft run, printed as they are counted; the engine may change between
/// two depths ([`Tiered`](super::engine::Tiered)).
struct Counter<'a> {
    how: &'a How,
    show_progress: bool,
    /// States at depths 0..d-1, for engines that report no nodes.
    states_above: u64,
    /// Once a depth has no leaves, no deeper one has: those are printed without a search.
    exhausted: Option<u64>,
}

impl<'a> Counter<'a> {
    /// Prints the header and installs the Ctrl-C handler.
    fn new(how: &'a How, global: &Global) -> Counter<'a> {
        if !how.json && !global.quiet {
            let label = if how.count_leaves {
                "the last level's moves counted, not applied (--count-leaves)"
            } else {
                "every leaf move applied"
            };
            println!("last level: {label}");
            println!(
                "{:>5} {:>14} {:>14} {:>10} {:>14}",
                "depth", "leaves", "nodes", "seconds", "nodes/s"
            );
        }
        // Ctrl-C stops between root moves and prints the count so far; a terminal gets a
        // progress line on deep searches.
        crate::interrupt::install(
            "stopping after the current root move, then printing the count so far",
            global.quiet,
        );
        Counter {
            how,
            show_progress: !global.quiet && std::io::stderr().is_terminal(),
            states_above: 1,
            exhausted: None,
        }
    }

    /// Counts and prints depth `d` on `state`.
    fn depth<G: GameState>(
        &mut self,
        state: &mut G,
        d: u32,
        count: &mut impl FnMut(&mut G, u32) -> Result<(u64, u64), CliError>,
    ) -> Result<(), CliError> {
        let json = self.how.json;
        let start = Instant::now();
        let (leaves, mut nodes) = match self.exhausted {
            Some(nodes) => (0, nodes),
            None if d == 1 => count(state, d)?,
            None => match by_root_moves(state, d, count, self.show_progress)? {
                Depth::Done(leaves, nodes) => (leaves, nodes),
                Depth::Interrupted { done, of, leaves } => {
                    let partial = json!({ "depth": d, "interrupted": true,
                        "root_moves_done": done, "root_moves": of, "leaves_so_far": leaves });
                    if json {
                        println!("{partial}");
                    } else {
                        println!("{d:>5} interrupted after {done} of {of} root moves: {leaves} leaves so far");
                    }
                    return Err(CliError::Interrupted);
                }
            },
        };
        if nodes == 0 {
            nodes = self.states_above + leaves;
        }
        self.states_above += leaves;
        if leaves == 0 {
            self.exhausted = Some(nodes);
        }
        let seconds = start.elapsed().as_secs_f64();
        if json {
            let line = DepthLine {
                depth: d,
                leaves,
                nodes,
                seconds,
                last_level: self.how.last_level(),
            };
            println!("{}", serde_json::to_string(&line).expect("serialises"));
        } else {
            let rate = if seconds > 0.0 {
                nodes as f64 / seconds
            } else {
                f64::NAN
            };
            println!("{d:>5} {leaves:>14} {nodes:>14} {seconds:>10.3} {rate:>14.0}");
        }
        Ok(())
    }

    /// `--divide`: the leaves below each first move at the full depth.
    fn divide<G: GameState>(&self, state: &mut G) {
        let (depth, json) = (self.how.depth, self.how.json);
        if !self.how.divide || depth == 0 {
            return;
        }
        let lines = game::perft::divide(state, depth);
        if !json {
            println!();
        }
        for (mv, n) in lines {
            if json {
                println!("{}", serde_json::json!({ "move": mv, "leaves": n }));
            } else {
                println!("{mv}: {n}");
            }
        }
    }
}

/// One depth's search, split by root move: finished, or stopped by Ctrl-C between two root
/// moves with the leaves counted so far.
enum Depth {
    Done(u64, u64),
    Interrupted { done: usize, of: usize, leaves: u64 },
}

/// `count(state, d)` as the sum over the root moves of `count(child, d - 1)` (nodes: the
/// root plus the children's, or 0 for engines that report none), with a progress line and an
/// estimate of the time left when `progress`, and a check for Ctrl-C after each root move.
fn by_root_moves<G: GameState>(
    state: &mut G,
    d: u32,
    count: &mut impl FnMut(&mut G, u32) -> Result<(u64, u64), CliError>,
    progress: bool,
) -> Result<Depth, CliError> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let bar = progress.then(|| {
        let b = indicatif::ProgressBar::new(moves.len() as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "depth {prefix}: {pos}/{len} root moves, {elapsed} so far, about {eta} left",
            )
            .expect("valid template"),
        );
        b.set_prefix(d.to_string());
        b
    });
    let (mut leaves, mut nodes, mut engine_nodes) = (0u64, 1u64, true);
    for (i, mv) in moves.iter().enumerate() {
        if crate::interrupt::requested() {
            if let Some(b) = &bar {
                b.finish_and_clear();
            }
            return Ok(Depth::Interrupted {
                done: i,
                of: moves.len(),
                leaves,
            });
        }
        state.apply(mv);
        let counted = count(state, d - 1);
        state.undo();
        let (l, n) = counted?;
        leaves += l;
        nodes += n;
        engine_nodes &= n > 0;
        if let Some(b) = &bar {
            b.inc(1);
        }
    }
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    Ok(Depth::Done(leaves, if engine_nodes { nodes } else { 0 }))
}
