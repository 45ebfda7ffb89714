//! `rbgtool check`: parse, validate, summarise.

use super::load::{load, load_with_warnings, Loaded};
use crate::cli::{Global, InputArgs};
use crate::diag::CliError;
use crate::diag_json;
use ir::analysis;
use serde::Serialize;
use serde_json::json;

/// What `check` reports about a valid RBG game.
#[derive(Serialize)]
pub struct RbgSummary {
    pub players: Vec<String>,
    pub pieces: usize,
    pub variables: usize,
    pub vertices: usize,
    pub directions: usize,
    pub edges: usize,
    pub rule_nodes: usize,
    pub actions: usize,
    pub modifiers: usize,
    pub patterns: usize,
    pub pattern_depth: u32,
    /// A number, or "unbounded".
    pub strong_straightness: String,
}

pub fn summarise(g: &ir::Game) -> RbgSummary {
    let size = analysis::rule_size(&g.rules);
    let straight = match analysis::strong_straightness(&g.rules) {
        analysis::Bound::Finite(n) => n.to_string(),
        analysis::Bound::Infinite => "unbounded".into(),
        analysis::Bound::Bottom => "0".into(),
    };
    RbgSummary {
        players: g.players.clone(),
        pieces: g.pieces.len(),
        variables: g.variables.len() - g.players.len(),
        vertices: g.board.vertex_count(),
        directions: g.board.direction_count(),
        edges: g.board.edges().count(),
        rule_nodes: size.nodes,
        actions: size.actions,
        modifiers: size.modifiers,
        patterns: size.patterns,
        pattern_depth: analysis::pattern_depth(&g.rules),
        strong_straightness: straight,
    }
}

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
/// docs/schemas/check.schema.json); an invalid game still exits 1.
fn run_json(input: &InputArgs) -> Result<(), CliError> {
    let (loaded, warnings) = match load_with_warnings(input) {
        Ok(ok) => ok,
        Err(CliError::Invalid {
            name,
            text,
            diagnostics,
            ..
        }) => {
            let v = json!({
                "file": name,
                "valid": false,
                "language": null,
                "summary": null,
                "diagnostics": diag_json::diagnostics(&name, &text, &diagnostics),
            });
            println!("{v}");
            return Err(CliError::Reported);
        }
        Err(e) => return Err(e),
    };
    let (language, summary) = match &loaded.game {
        Loaded::Rbg(g) => ("rbg", json!(summarise(g))),
        Loaded::Sbg(g) => ("sbg", json!(sbg_summary(g)?)),
        Loaded::Gdl(d) => ("gdl", json!(gdl_summary(d))),
    };
    let source = &loaded.source;
    let v = json!({
        "file": source.name,
        "valid": true,
        "language": language,
        "summary": summary,
        "diagnostics": diag_json::diagnostics(&source.name, &source.text, &warnings),
    });
    println!("{v}");
    Ok(())
}

/// What `check` reports about a valid SBG game.
#[derive(Serialize)]
pub struct SbgSummary {
    pub name: String,
    pub width: usize,
    pub height: usize,
    pub pieces_on_board: usize,
    pub piece_rules: usize,
    /// DFA states of each piece's rule, by piece letter.
    pub dfa_states: std::collections::BTreeMap<String, usize>,
    pub turn_limit: u32,
    pub goals: usize,
}

fn sbg_summary(g: &sbg::Game) -> Result<SbgSummary, CliError> {
    let engine = sbg::Engine::new(g).map_err(|e| CliError::Game(e.to_string()))?;
    let dfa_states = g
        .rules
        .iter()
        .map(|r| {
            let n = engine.dfa(r.kind).map_or(0, |d| d.num_states());
            (r.kind.to_string(), n)
        })
        .collect();
    Ok(SbgSummary {
        name: g.name.trim().to_string(),
        width: g.board.width,
        height: g.board.height,
        pieces_on_board: g.board.cells.iter().flatten().count(),
        piece_rules: g.rules.len(),
        dfa_states,
        turn_limit: g.turn_limit,
        goals: g.goals.len(),
    })
}

/// What `check` reports about a valid GDL game.
#[derive(Serialize)]
pub struct GdlSummary {
    pub roles: Vec<String>,
    /// Rules, facts included.
    pub rules: usize,
}

fn gdl_summary(d: &gdl::Description) -> GdlSummary {
    let roles = d
        .rules()
        .filter(|r| r.body.is_empty())
        .filter_map(|r| {
            let mut head = String::new();
            gdl::print::atom_text(&d.symbols, &r.head, &mut head);
            head.strip_prefix("(role ")
                .and_then(|h| h.strip_suffix(')'))
                .map(str::to_string)
        })
        .collect();
    GdlSummary {
        roles,
        rules: d.rules().count(),
    }
}
