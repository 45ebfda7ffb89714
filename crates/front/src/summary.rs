//! What `check` reports about a valid game, per language.

use ir::analysis;
use serde::Serialize;
use std::collections::BTreeMap;

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

pub fn rbg_summary(g: &ir::Game) -> RbgSummary {
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

/// What `check` reports about a valid SBG game.
#[derive(Serialize)]
pub struct SbgSummary {
    pub name: String,
    pub width: usize,
    pub height: usize,
    pub pieces_on_board: usize,
    pub piece_rules: usize,
    /// DFA states of each piece's rule, by piece letter.
    pub dfa_states: BTreeMap<String, usize>,
    pub turn_limit: u32,
    pub goals: usize,
}

/// The summary, or why the native engine cannot be built.
pub fn sbg_summary(g: &sbg::Game) -> Result<SbgSummary, sbg::BuildError> {
    let engine = sbg::Engine::new(g)?;
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

pub fn gdl_summary(d: &gdl::Description) -> GdlSummary {
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
