//! `rbgtool info`: what a network sees of a game and how it acts on it: the observation
//! tensor's shape and planes, and the action space (docs/python.md: the Python package's
//! `rbgtool.observation` and `Move.id` follow the same rules).

use super::load::{load, Loaded};
use crate::cli::{Global, InputArgs};
use crate::diag::CliError;

/// The tensor and the action space of one game.
struct Info {
    /// The observation tensor's shape, planes first (GDL: one entry per base proposition).
    shape: Vec<usize>,
    /// What each plane holds (GDL: empty).
    planes: Vec<String>,
    /// The number of action ids, and how they are made.
    actions: Option<u64>,
    encoding: String,
}

pub fn run(input: &InputArgs, tensor: bool, json: bool, global: &Global) -> Result<(), CliError> {
    let loaded = load(input, global)?;
    let info = match &loaded.game {
        Loaded::Rbg(g) => rbg_info(g)?,
        Loaded::Sbg(g) => sbg_info(g),
        Loaded::Gdl(d) => gdl_info(d)?,
    };
    if json {
        let value = serde_json::json!({
            "shape": info.shape,
            "planes": info.planes,
            "actions": info.actions,
            "encoding": info.encoding,
        });
        println!("{value}");
        return Ok(());
    }
    let shape: Vec<String> = info.shape.iter().map(|n| n.to_string()).collect();
    let comma = if shape.len() == 1 { "," } else { "" };
    println!("observation tensor: ({}{comma})", shape.join(", "));
    for (i, p) in info.planes.iter().enumerate() {
        println!("  plane {i}: {p}");
    }
    if !tensor {
        match info.actions {
            Some(n) => println!("actions: {n} ({})", info.encoding),
            None => println!("actions: {}", info.encoding),
        }
    }
    Ok(())
}

/// The grid of a board whose vertex names carry coordinates (`rx{x}y{y}`, `hx{x}y{y}`,
/// `cx{x}y{y}z{z}`): its extent, last coordinate first.
pub fn grid_of(vertices: &[String]) -> Option<Vec<usize>> {
    for (prefix, parts) in [("rx", 2), ("hx", 2), ("cx", 3)] {
        let coords: Option<Vec<Vec<usize>>> = (vertices.iter())
            .map(|name| coordinates(name.strip_prefix(prefix)?, parts))
            .collect();
        let Some(coords) = coords.filter(|c| !c.is_empty()) else {
            continue;
        };
        let extent: Vec<usize> = (0..parts)
            .map(|i| coords.iter().map(|c| c[i] + 1).max().unwrap_or(0))
            .collect();
        let mut cells: Vec<usize> = (coords.iter())
            .map(|c| (0..parts).rev().fold(0, |acc, i| acc * extent[i] + c[i]))
            .collect();
        cells.sort_unstable();
        cells.dedup();
        if cells.len() == coords.len() {
            return Some(extent.into_iter().rev().collect());
        }
    }
    None
}

/// `0y1` (after the leading `x`'s prefix) and so on: the coordinates, or None.
fn coordinates(rest: &str, parts: usize) -> Option<Vec<usize>> {
    let mut out = Vec::new();
    let mut s = rest;
    for (i, tag) in ['y', 'z'].iter().take(parts - 1).enumerate() {
        let (number, after) = s.split_once(*tag)?;
        out.push(number.parse().ok()?);
        s = after;
        if i + 2 == parts {
            out.push(s.parse().ok()?);
        }
    }
    Some(out)
}

fn rbg_info(g: &ir::Game) -> Result<Info, CliError> {
    let r = reasoner::Reasoner::new(g).map_err(|e| CliError::Game(e.to_string()))?;
    let cells = match grid_of(&g.board.vertices) {
        Some(grid) => grid,
        None => vec![g.board.vertices.len()],
    };
    let mut planes: Vec<String> = g.pieces.iter().map(|p| format!("piece {p}")).collect();
    planes.extend(g.players.iter().map(|p| format!("{p} to move")));
    planes.extend((g.variables.iter()).map(|v| format!("variable {} / {}", v.name, v.bound)));
    let (actions, encoding) = match actions::enumerate(&r.program(), Default::default()) {
        Ok(space) => (
            space.len() as u64,
            "compact ids: the moves' keys enumerated from the rules".to_string(),
        ),
        Err(e) => {
            let v = g.board.vertices.len() as u64;
            let m = g.rules.modifiers().len() as u64 + 1;
            (v * v * m, format!("V² · M ids ({e})"))
        }
    };
    Ok(Info {
        shape: std::iter::once(planes.len()).chain(cells).collect(),
        planes,
        actions: Some(actions),
        encoding,
    })
}

fn sbg_info(g: &sbg::Game) -> Info {
    let mut kinds: Vec<char> = g.rules.iter().map(|r| r.kind).collect();
    kinds.extend(g.board.cells.iter().flatten().map(|p| p.kind));
    kinds.sort_unstable();
    kinds.dedup();
    let mut planes: Vec<String> = kinds.iter().map(|k| format!("white {k}")).collect();
    planes.extend(
        kinds
            .iter()
            .map(|k| format!("black {}", k.to_ascii_lowercase())),
    );
    planes.extend(["white to move".to_string(), "black to move".to_string()]);
    let squares = (g.board.width * g.board.height) as u64;
    Info {
        shape: vec![planes.len(), g.board.height, g.board.width],
        planes,
        actions: Some(squares * squares),
        encoding: "from square × squares + to square".into(),
    }
}

fn gdl_info(d: &gdl::Description) -> Result<Info, CliError> {
    let net = propnet::build(d).map_err(|e| CliError::Game(format!("no static spaces: {e}")))?;
    let per_role: Vec<String> = (net.move_space().iter())
        .map(|moves| moves.len().to_string())
        .collect();
    Ok(Info {
        shape: vec![net.base_propositions().len()],
        planes: Vec::new(),
        actions: None,
        encoding: format!(
            "per role, the index of its move among every move it can make: {}",
            per_role.join(", ")
        ),
    })
}
