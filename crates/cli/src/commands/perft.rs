//! `rbgtool perft`: leaves and nodes per depth, timed.

use super::load::{load, Loaded};
use crate::cli::{EngineArgs, Global, InputArgs, StartArgs};
use crate::diag::CliError;
use game::GameState;
use serde::Serialize;
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
            let r = super::bench::rbg_reasoner(g, global)?;
            if let Some(cg) = super::engine::compiled_game(g, engine, r.options(), global) {
                let mut state = cg
                    .initial_state()
                    .map_err(|e| super::bench::game_error(&loaded, &r, &e))?;
                super::start::go_to_start(&mut state, start)?;
                return report(&mut state, &how, global, |s, d| {
                    if count_leaves {
                        cg.perft_by_depth(s, d)
                            .map(|c| c.last().map_or((1, 1), |c| (c.leaves, c.nodes)))
                            .map_err(|e| super::bench::game_error(&loaded, &r, &e))
                    } else {
                        generic(s, d, false)
                    }
                });
            }
            let mut state = r
                .initial_state()
                .map_err(|e| super::bench::game_error(&loaded, &r, &e))?;
            super::start::go_to_start(&mut state, start)?;
            let last = if count_leaves {
                reasoner::LastLevel::Counted
            } else {
                reasoner::LastLevel::Applied
            };
            let result = report(&mut state, &how, global, |s, d| {
                reasoner::perft_with(s, d, last)
                    .map(|c| (c.leaves, c.nodes))
                    .map_err(|e| super::bench::game_error(&loaded, &r, &e))
            });
            let warning = state.keeper_warning();
            super::bench::keeper_warning(&loaded, &r, warning.as_ref(), global);
            result
        }
        Loaded::Sbg(g) => {
            let mut e = sbg::Engine::new(g).map_err(|e| CliError::Game(e.to_string()))?;
            super::start::go_to_start(&mut e, start)?;
            report(&mut e, &how, global, |s, d| generic(s, d, count_leaves))
        }
        Loaded::Gdl(d) => {
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
    let How {
        depth,
        divide,
        json,
        ..
    } = *how;
    if !json && !global.quiet {
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
    let mut states_above = 1; // states at depths 0..d-1, for engines that report no nodes
                              // Once a depth has no leaves, no deeper one has: those are printed without a search.
    let mut exhausted = None;
    for d in 1..=depth {
        let start = Instant::now();
        let (leaves, mut nodes) = match exhausted {
            Some(nodes) => (0, nodes),
            None => count(state, d)?,
        };
        if nodes == 0 {
            nodes = states_above + leaves;
        }
        states_above += leaves;
        if leaves == 0 {
            exhausted = Some(nodes);
        }
        let seconds = start.elapsed().as_secs_f64();
        if json {
            let line = DepthLine {
                depth: d,
                leaves,
                nodes,
                seconds,
                last_level: how.last_level(),
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
    }
    if divide && depth > 0 {
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
    Ok(())
}
