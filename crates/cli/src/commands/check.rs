//! `rbgtool check`: parse, validate, summarise.

use super::load::{load, Loaded};
use crate::cli::{Global, InputArgs};
use crate::diag::CliError;
use ir::analysis;
use serde::Serialize;

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
    let loaded = load(input, global)?;
    match &loaded.game {
        Loaded::Rbg(g) => {
            let s = summarise(g);
            if json {
                println!("{}", serde_json::to_string(&s).expect("summary serialises"));
            } else {
                println!("{}: valid RBG game", loaded.source.name);
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
        }
        Loaded::Sbg(g) => {
            let engine = sbg::Engine::new(g).map_err(|e| CliError::Game(e.to_string()))?;
            let dfa_states: Vec<(String, usize)> = g
                .rules
                .iter()
                .map(|r| {
                    let n = engine.dfa(r.kind).map_or(0, |d| d.num_states());
                    (r.kind.to_string(), n)
                })
                .collect();
            let pieces_on_board = g.board.cells.iter().flatten().count();
            if json {
                let v = serde_json::json!({
                    "language": "sbg",
                    "name": g.name.trim(),
                    "width": g.board.width,
                    "height": g.board.height,
                    "pieces_on_board": pieces_on_board,
                    "piece_rules": g.rules.len(),
                    "dfa_states": dfa_states.iter().cloned().collect::<std::collections::BTreeMap<_, _>>(),
                    "turn_limit": g.turn_limit,
                    "goals": g.goals.len(),
                });
                println!("{v}");
            } else {
                println!(
                    "{}: valid SBG game \"{}\"",
                    loaded.source.name,
                    g.name.trim()
                );
                println!(
                    "  board:       {} x {}, {} pieces",
                    g.board.width, g.board.height, pieces_on_board
                );
                let rules: Vec<String> = dfa_states
                    .iter()
                    .map(|(k, n)| format!("{k} ({n} DFA states)"))
                    .collect();
                println!("  piece rules: {}", rules.join(", "));
                println!("  turn limit:  {} plies", g.turn_limit);
                println!("  goals:       {}", g.goals.len());
            }
        }
        Loaded::Gdl(d) => {
            let rules = d.rules().count();
            let roles: Vec<String> = d
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
            if json {
                let v = serde_json::json!({ "language": "gdl", "roles": roles, "rules": rules });
                println!("{v}");
            } else {
                println!(
                    "{}: valid GDL game (passes the checker)",
                    loaded.source.name
                );
                println!("  roles: {}", roles.join(", "));
                println!("  rules: {rules} (facts included)");
            }
        }
    }
    Ok(())
}
