//! `rbgtool check`: parse, validate, summarise.

use super::load::{load, Loaded};
use crate::cli::{Global, InputArgs};
use crate::diag::CliError;
use front::summary::{gdl_summary, rbg_summary as summarise};

pub fn run(input: &InputArgs, json: bool, global: &Global) -> Result<(), CliError> {
    if json {
        return run_json(input);
    }
    let loaded = load(input, global)?;
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
            let s = gdl_summary(d);
            println!("{name}: valid GDL game (passes the checker)");
            println!("  roles: {}", s.roles.join(", "));
            println!("  rules: {} (facts included)", s.rules);
        }
    }
    Ok(())
}

/// `check --json`: one object whether the game is valid or not (docs/diagnostics.md,
/// docs/schemas/check.schema.json; built by `front::check`, which the playground shares); an
/// invalid game still exits 1.
fn run_json(input: &InputArgs) -> Result<(), CliError> {
    let source = crate::input::read(input)?;
    let v = front::check::check_json(&source.name, &source.text, source.lang.into())
        .map_err(CliError::Game)?;
    println!("{v}");
    if v["valid"] == false {
        return Err(CliError::Reported);
    }
    Ok(())
}

fn sbg_summary(g: &sbg::Game) -> Result<front::summary::SbgSummary, CliError> {
    front::summary::sbg_summary(g).map_err(CliError::Game)
}
