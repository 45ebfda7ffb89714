//! `rbgtool check`: parse, validate, summarise.

use super::load::{load, Loaded};
use crate::cli::{Global, InputArgs};
use crate::diag::CliError;
use front::summary::{gdl_summary, rbg_summary as summarise};
use gdl::check::simulate::{simulate, SimulateOptions, Simulation};

pub fn run(
    input: &InputArgs,
    json: bool,
    sim: Option<SimulateOptions>,
    global: &Global,
) -> Result<(), CliError> {
    if json {
        return run_json(input, sim);
    }
    let loaded = load(input, global)?;
    if sim.is_some() && !matches!(loaded.game, Loaded::Gdl(_)) {
        return Err(gdl_only());
    }
    let name = &loaded.source.name;
    match &loaded.game {
        Loaded::Rbg(g) => {
            let s = summarise(g);
            println!("{name}: valid RBG game");
            println!("  players:             {}", s.players.join(", "));
            println!("  pieces:              {}", s.pieces);
            println!(
                "  variables:           {} (plus one score per player)",
                s.variables
            );
            println!(
                "  board:               {} vertices, {} directions, {} edges",
                s.vertices, s.directions, s.edges
            );
            println!(
                "  rules:               {} actions ({} modifiers, {} patterns), pattern depth {}",
                s.actions, s.modifiers, s.patterns, s.pattern_depth
            );
            println!("  strong straightness: {}", s.strong_straightness);
        }
        Loaded::Sbg(g) => {
            let s = sbg_summary(g)?;
            println!("{name}: valid SBG game \"{}\"", s.name);
            println!(
                "  board:       {} x {}, {} pieces",
                s.width, s.height, s.pieces_on_board
            );
            let rules: Vec<String> = s
                .dfa_states
                .iter()
                .map(|(k, n)| format!("{k} ({n} DFA states)"))
                .collect();
            println!("  piece rules: {}", rules.join(", "));
            println!("  turn limit:  {} plies", s.turn_limit);
            println!("  goals:       {}", s.goals);
        }
        Loaded::Gdl(d) => {
            let done = match sim {
                Some(options) => Some((run_simulation(d, &options)?, options)),
                None => None,
            };
            if let Some(problem) = done.as_ref().and_then(|(s, _)| s.problem.clone()) {
                return Err(CliError::Invalid {
                    what: "game",
                    name: name.clone(),
                    text: loaded.source.text.clone(),
                    diagnostics: vec![problem],
                });
            }
            let s = gdl_summary(d);
            println!("{name}: valid GDL game (passes the checker)");
            println!("  roles: {}", s.roles.join(", "));
            println!("  rules: {} (facts included)", s.rules);
            if let Some((sim, options)) = done {
                let monotonic = if options.monotonic {
                    ", goals monotonic"
                } else {
                    ""
                };
                println!(
                    "  simulation: {} random playouts of at most {} moves, {} states checked{monotonic}, no problem",
                    sim.playouts, options.depth, sim.states
                );
            }
        }
    }
    Ok(())
}

fn gdl_only() -> CliError {
    CliError::Usage("--simulate checks GDL games only".to_string())
}

fn run_simulation(
    desc: &gdl::Description,
    options: &SimulateOptions,
) -> Result<Simulation, CliError> {
    simulate(desc, options).map_err(|e| CliError::Game(e.to_string()))
}

/// `check --json`: one object whether the game is valid or not (docs/diagnostics.md,
/// docs/schemas/check.schema.json; built by `front::check`, which the playground shares); an
/// invalid game still exits 1.
fn run_json(input: &InputArgs, sim: Option<SimulateOptions>) -> Result<(), CliError> {
    let source = crate::input::read(input)?;
    let mut v = front::check::check_json(&source.name, &source.text, source.lang.into())
        .map_err(|e| CliError::Game(e.to_string()))?;
    if let Some(options) = sim {
        if v["valid"] == true && v["language"] != "gdl" {
            return Err(gdl_only());
        }
        if v["valid"] == true {
            simulate_json(&mut v, &source.name, &source.text, &options)?;
        }
    }
    println!("{v}");
    if v["valid"] == false {
        return Err(CliError::Reported);
    }
    Ok(())
}

fn sbg_summary(g: &sbg::Game) -> Result<front::summary::SbgSummary, CliError> {
    front::summary::sbg_summary(g).map_err(|e| CliError::Game(e.to_string()))
}

/// Adds the simulation's `"simulation"` object to a valid GDL game's `check --json` object,
/// and its problem to the diagnostics (the game is then invalid).
fn simulate_json(
    v: &mut serde_json::Value,
    name: &str,
    text: &str,
    options: &SimulateOptions,
) -> Result<(), CliError> {
    let desc = gdl::parse(text).map_err(|_| CliError::Game("the game no longer parses".into()))?;
    let done = run_simulation(&desc, options)?;
    v["simulation"] = serde_json::json!({
        "playouts": done.playouts,
        "states": done.states,
        "depth": options.depth,
        "seed": options.seed,
        "monotonic": options.monotonic,
    });
    if let Some(problem) = done.problem {
        v["valid"] = false.into();
        let ds = front::diag_json::diagnostics(name, text, &[problem]);
        if let Some(list) = v["diagnostics"].as_array_mut() {
            list.extend(ds);
        }
    }
    Ok(())
}
