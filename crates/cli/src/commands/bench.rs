//! `rbgtool bench`: flat Monte-Carlo playouts.

use super::load::{load, Loaded};
use super::rbg_game::{game_error, keeper_warning, rbg_reasoner_with};
use crate::cli::{EngineArgs, Global, InputArgs, SamplingArg, StartArgs};
use crate::diag::CliError;
use serde::Serialize;

#[derive(Serialize)]
struct Report {
    game: String,
    engine: &'static str,
    /// What was measured: every visited state applies one legal move drawn uniformly, from
    /// a list of all of them or (monotonic classes) by sampling and checking.
    measure: &'static str,
    /// "list", or "check" with the number of monotonic classes sampled
    /// ("check (2 monotonic classes)").
    sampling: String,
    playouts: u64,
    states: u64,
    seconds: f64,
    playouts_per_second: f64,
    states_per_second: f64,
    average_length: f64,
    average_scores: Vec<f64>,
    /// "score score ..." → count
    score_histogram: std::collections::BTreeMap<String, u64>,
    unfinished: u64,
}

const MAX_LENGTH: u64 = 1_000_000;

/// How long the interpreter plays between two looks at the library being built.
const SLICE_SECONDS: f64 = 0.2;

/// Where `--engine auto`'s benchmark ends up when the library was not in the cache.
enum Tier {
    /// The library became ready: measure it with what is left of the budget.
    Compiled(Box<compiled::CompiledGame>, reasoner::Budget),
    /// The budget ran out first: the interpreter's playouts are the measurement.
    Interpreted(reasoner::BenchReport),
}

/// Playouts on the interpreter in slices while the library builds (`auto` answers at once);
/// the measurement moves to the library, with the rest of the time, once it is ready. A
/// benchmark measures one engine: the interpreter's playouts before the switch are reported
/// in a note, not mixed into the library's. (A `--playouts` budget builds first instead, so
/// that its result depends on the seed alone.)
fn while_building(
    state: &mut reasoner::State<'_>,
    mut building: super::engine::Building,
    seconds: f64,
    seed: u64,
    global: &Global,
) -> Result<Tier, reasoner::GameError> {
    let mut played = reasoner::BenchReport::default();
    for slice in 0u64.. {
        let left = seconds - played.seconds;
        if left <= 0.0 {
            if !global.quiet {
                eprintln!(
                    "note: the time ran out while the compiled engine was building: these are \
                     the interpreter's playouts (the library is used once built; \
                     --engine compiled waits for it)"
                );
            }
            return Ok(Tier::Interpreted(played));
        }
        if let Some(cg) = building.poll(global) {
            if !global.quiet && played.playouts > 0 {
                eprintln!(
                    "note: {} playouts ran on the interpreter while it built ({:.0} playouts/s); \
                     the figures below are the compiled engine's",
                    played.playouts,
                    played.playouts_per_second()
                );
            }
            return Ok(Tier::Compiled(
                Box::new(cg),
                reasoner::Budget::Seconds(left),
            ));
        }
        let step = reasoner::Budget::Seconds(left.min(SLICE_SECONDS));
        played.absorb(reasoner::flat_mc_from(
            state,
            step,
            seed.wrapping_add(slice),
        )?);
    }
    unreachable!("the loop returns once the time is spent")
}

/// The labels of bench reports (the reference's flat-MC benchmark lists moves, and samples
/// and checks those of monotonic classes).
const MEASURE_LIST: &str = "flat Monte-Carlo: every state lists all legal moves and applies one";
const MEASURE_CHECK: &str =
    "flat Monte-Carlo: every state applies one legal move drawn uniformly; \
     moves of monotonic classes are sampled and checked, other states list all legal moves";

// One parameter per flag of the subcommand, as clap parsed them.
#[allow(clippy::too_many_arguments)]
pub fn run(
    input: &InputArgs,
    seconds: Option<f64>,
    playouts: Option<u64>,
    seed: u64,
    json: bool,
    sampling: SamplingArg,
    start: &StartArgs,
    engine: &EngineArgs,
    global: &Global,
) -> Result<(), CliError> {
    let loaded = load(input, global)?;
    let budget = match (seconds, playouts) {
        (_, Some(n)) => game::playout::Budget::Playouts(n),
        (Some(s), None) if s > 0.0 => game::playout::Budget::Seconds(s),
        (Some(_), None) => return Err(CliError::Usage("--seconds must be positive".into())),
        (None, None) => game::playout::Budget::Seconds(10.0),
    };
    let mut rng = game::rng_from_seed(seed);
    // Monotonic classes sampled (compiled engine with --sampling check), else listing.
    let mut classes = None;
    let (engine, r) = match &loaded.game {
        Loaded::Rbg(g) => {
            // The compiled library's playouts start at the initial position.
            let from_initial = start.position.is_none() && start.moves.is_none();
            let auto = super::engine::Auto::Compiled;
            let wants_compiled = from_initial && super::engine::wants_compiled(engine, auto);
            // Without region tables when the compiled engine runs: they are most of the
            // interpreter's memory (go: 44 MB); a fallback then interprets without them.
            let r = rbg_reasoner_with(g, &loaded.source, global, !wants_compiled)?;
            let b = match budget {
                game::playout::Budget::Seconds(s) => reasoner::Budget::Seconds(s),
                game::playout::Budget::Playouts(n) => reasoner::Budget::Playouts(n),
            };
            let tier = if from_initial && matches!(b, reasoner::Budget::Playouts(_)) {
                // A number of playouts is reproducible from the seed: always on one engine,
                // the library's, built first (the slices of `while_building` would depend on
                // the build's time).
                match super::engine::compiled_game(g, engine, r.options(), global, auto) {
                    Some(cg) => super::engine::Tiered::Ready(Box::new(cg)),
                    None => super::engine::Tiered::Interpreter,
                }
            } else if from_initial {
                super::engine::tiered_game(g, engine, r.options(), global)
            } else {
                if engine.engine == crate::cli::EngineKind::Compiled {
                    eprintln!("note: using the interpreter: --position/--moves with bench");
                }
                super::engine::Tiered::Interpreter
            };
            let how = match sampling {
                SamplingArg::Check => compiled::Sampling::Check,
                SamplingArg::List => compiled::Sampling::List,
            };
            let compiled_mc = |cg: &compiled::CompiledGame, b, classes: &mut Option<usize>| {
                if how == compiled::Sampling::Check {
                    *classes = Some(cg.monotonic_classes());
                }
                cg.flat_mc_with(b, seed, how)
            };
            let (rep, name) = match tier {
                super::engine::Tiered::Ready(cg) => {
                    (compiled_mc(&cg, b, &mut classes), "rbg compiled")
                }
                super::engine::Tiered::Building(building) => {
                    let mut state = r.initial_state().map_err(|e| game_error(&loaded, &r, &e))?;
                    let reasoner::Budget::Seconds(seconds) = b else {
                        unreachable!("a number of playouts builds first")
                    };
                    match while_building(&mut state, building, seconds, seed, global) {
                        Ok(Tier::Compiled(cg, left)) => {
                            (compiled_mc(&cg, left, &mut classes), "rbg compiled")
                        }
                        Ok(Tier::Interpreted(rep)) => (Ok(rep), "rbg reasoner"),
                        Err(e) => (Err(e), "rbg reasoner"),
                    }
                }
                super::engine::Tiered::Interpreter => {
                    let mut state = r.initial_state().map_err(|e| game_error(&loaded, &r, &e))?;
                    super::start::go_to_start(&mut state, start)?;
                    (reasoner::flat_mc_from(&mut state, b, seed), "rbg reasoner")
                }
            };
            let rep = rep.map_err(|e| game_error(&loaded, &r, &e))?;
            keeper_warning(&loaded, &r, rep.keeper_warning.as_ref(), global);
            let report = rep.to_flat_mc();
            (name, report)
        }
        Loaded::Sbg(g) => {
            let mut e = sbg::Engine::new(g).map_err(|e| CliError::Game(e.to_string()))?;
            super::start::go_to_start(&mut e, start)?;
            let rep = game::playout::flat_monte_carlo(&mut e, budget, &mut rng, MAX_LENGTH);
            ("native sbg engine", rep)
        }
        Loaded::Gdl(d) => {
            let auto = super::engine::Auto::Compiled;
            if let Some(mut pn) = super::engine::gdl_network(d, engine, global, auto) {
                super::start::go_to_start(&mut pn, start)?;
                let rep = game::playout::flat_monte_carlo(&mut pn, budget, &mut rng, MAX_LENGTH);
                if let Some(m) = pn.budget_error() {
                    return Err(CliError::Game(format!(
                        "the GDL network's budget is exceeded: {m}"
                    )));
                }
                ("gdl network", rep)
            } else {
                let mut e = gdl::Engine::new(d).map_err(|e| CliError::Game(format!("{e}")))?;
                super::start::gdl_go_to_start(&mut e, start, &loaded)?;
                let rep = game::playout::flat_monte_carlo(&mut e, budget, &mut rng, MAX_LENGTH);
                super::start::gdl_budget(&e, &loaded)?;
                ("gdl engine", rep)
            }
        }
    };
    let (measure, sampling) = match classes {
        Some(k) if k > 0 => (MEASURE_CHECK, format!("check ({k} monotonic classes)")),
        _ => (MEASURE_LIST, "list".to_string()),
    };
    let report = Report {
        game: loaded.source.name.clone(),
        engine,
        measure,
        sampling,
        playouts: r.playouts,
        states: r.states,
        seconds: r.seconds,
        playouts_per_second: r.playouts_per_second,
        states_per_second: r.states_per_second,
        average_length: r.average_length,
        average_scores: r.average_scores,
        score_histogram: r.score_histogram,
        unfinished: r.unfinished,
    };
    if json {
        println!("{}", serde_json::to_string(&report).expect("serialises"));
        return Ok(());
    }
    println!("game:            {} ({})", report.game, report.engine);
    println!("measure:         {}", report.measure);
    println!("sampling:        {}", report.sampling);
    println!(
        "playouts:        {} in {:.2} s",
        report.playouts, report.seconds
    );
    println!("playouts/s:      {:.1}", report.playouts_per_second);
    println!("states/s:        {:.0}", report.states_per_second);
    println!("average length:  {:.2}", report.average_length);
    let scores: Vec<String> = report
        .average_scores
        .iter()
        .map(|s| format!("{s:.2}"))
        .collect();
    println!("average scores:  {}", scores.join(" "));
    if report.unfinished > 0 {
        println!(
            "unfinished:      {} (cut at {MAX_LENGTH} moves)",
            report.unfinished
        );
    }
    if global.verbose {
        println!("final scores:");
        for (k, v) in &report.score_histogram {
            println!("  {k}: {v}");
        }
    }
    Ok(())
}
