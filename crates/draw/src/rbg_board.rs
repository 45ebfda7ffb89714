//! An RBG initial position. Boards from `rectangle`, `hexagon` and `cuboid` are laid out from
//! the front end's vertex names (`rx{x}y{y}`, `hx{x}y{y}`, `cx{x}y{y}z{z}`); any other graph
//! is laid out from its direction names when they read as compass directions (up, north,
//! left, west, ...), and otherwise drawn as a node-link diagram on a circle. A piece named like
//! an empty square (`e`, `empty...`, `blank`), or else the piece on most squares at the start,
//! is the background (drawn as an empty square); the others are drawn as `picture` says.
//! Coordinates stand on the rim (hexagons: `crate::hexagon`); `Options::labels` writes each
//! cell's name in it.

use crate::picture::{Picture, Shape};
use ir::Game;
use std::collections::{BTreeMap, HashMap, VecDeque};

fn coords(name: &str, prefix: char, parts: usize) -> Option<Vec<i64>> {
    let rest = name.strip_prefix(prefix)?;
    let mut out = Vec::new();
    let mut s = rest;
    for tag in ['x', 'y', 'z'].iter().take(parts) {
        s = s.strip_prefix(*tag)?;
        let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
        out.push(s[..end].parse().ok()?);
        s = &s[end..];
    }
    s.is_empty().then_some(out)
}

/// Direction name → unit vector (screen coordinates: y grows downwards).
fn compass(d: &str) -> Option<(i64, i64)> {
    let d = d.to_ascii_lowercase();
    let v = |s: &str| -> Option<(i64, i64)> {
        Some(match s {
            "up" | "north" | "n" | "top" => (0, -1),
            "down" | "south" | "s" | "bottom" => (0, 1),
            "left" | "west" | "w" => (-1, 0),
            "right" | "east" | "e" => (1, 0),
            _ => return None,
        })
    };
    if let Some(x) = v(&d) {
        return Some(x);
    }
    for split in 1..d.len() {
        if let (Some(a), Some(b)) = (v(&d[..split]), v(&d[split..])) {
            return Some((a.0 + b.0, a.1 + b.1));
        }
    }
    None
}

/// Positions in cell units and the shape to draw.
fn layout(g: &Game) -> (Vec<(f64, f64)>, Shape) {
    let names = &g.board.vertices;
    if let Some(c) = names
        .iter()
        .map(|n| coords(n, 'r', 2))
        .collect::<Option<Vec<_>>>()
    {
        return (
            c.iter().map(|v| (v[0] as f64, v[1] as f64)).collect(),
            Shape::Square,
        );
    }
    if let Some(c) = names
        .iter()
        .map(|n| coords(n, 'c', 3))
        .collect::<Option<Vec<_>>>()
    {
        let width = c.iter().map(|v| v[0]).max().unwrap_or(0) + 2;
        let pos = c
            .iter()
            .map(|v| ((v[2] * width + v[0]) as f64, v[1] as f64))
            .collect();
        return (pos, Shape::Square);
    }
    if let Some(c) = names
        .iter()
        .map(|n| coords(n, 'h', 2))
        .collect::<Option<Vec<_>>>()
    {
        let mut len: BTreeMap<i64, i64> = BTreeMap::new();
        for v in &c {
            let e = len.entry(v[1]).or_default();
            *e = (*e).max(v[0] + 1);
        }
        let longest = len.values().copied().max().unwrap_or(1);
        let pos = c
            .iter()
            .map(|v| {
                let shift = (longest - len[&v[1]]) as f64 / 2.0;
                (v[0] as f64 + shift, v[1] as f64 * 0.866)
            })
            .collect();
        return (pos, Shape::Hex);
    }
    // Compass directions: breadth-first placement; accept it if no two vertices collide.
    let vecs: Vec<Option<(i64, i64)>> = g.board.directions.iter().map(|d| compass(d)).collect();
    if !names.is_empty() && vecs.iter().any(Option::is_some) {
        let mut pos: Vec<Option<(i64, i64)>> = vec![None; names.len()];
        let mut ok = true;
        let mut taken: HashMap<(i64, i64), usize> = HashMap::new();
        for start in 0..names.len() {
            if pos[start].is_some() {
                continue;
            }
            // Another component: place it to the right of everything so far.
            let right = taken.keys().map(|p| p.0).max().map_or(0, |m| m + 2);
            pos[start] = Some((right, 0));
            taken.insert((right, 0), start);
            let mut queue = VecDeque::from([start]);
            while let Some(v) = queue.pop_front() {
                let (x, y) = pos[v].expect("placed");
                for (from, d, to) in g.board.edges().filter(|e| e.0.index() == v) {
                    let _ = from;
                    let Some((dx, dy)) = vecs[d.index()] else {
                        continue;
                    };
                    let p = (x + dx, y + dy);
                    match pos[to.index()] {
                        Some(q) if q != p => ok = false,
                        Some(_) => {}
                        None => {
                            if taken.insert(p, to.index()).is_some() {
                                ok = false;
                            }
                            pos[to.index()] = Some(p);
                            queue.push_back(to.index());
                        }
                    }
                }
            }
        }
        if ok {
            let minx = pos.iter().flatten().map(|p| p.0).min().unwrap_or(0);
            let miny = pos.iter().flatten().map(|p| p.1).min().unwrap_or(0);
            let p = pos
                .iter()
                .map(|p| {
                    let (x, y) = p.expect("placed");
                    ((x - minx) as f64, (y - miny) as f64)
                })
                .collect();
            return (p, Shape::Square);
        }
    }
    // A node-link drawing on a circle; a hub (one vertex joined to every other, as Mu
    // Torere's centre) goes in the middle.
    let mut neighbours = vec![std::collections::HashSet::new(); names.len()];
    for (a, _, b) in g.board.edges() {
        if a != b {
            neighbours[a.index()].insert(b.index());
            neighbours[b.index()].insert(a.index());
        }
    }
    let hubs: Vec<usize> = (0..names.len())
        .filter(|&v| names.len() > 3 && neighbours[v].len() + 1 == names.len())
        .collect();
    let hub = (hubs.len() == 1).then(|| hubs[0]);
    let ring = names.len() - usize::from(hub.is_some());
    let n = ring.max(1) as f64;
    let r = (n * 1.2 / std::f64::consts::TAU).max(1.5);
    let mut k = 0;
    let pos = (0..names.len())
        .map(|i| {
            if Some(i) == hub {
                return (r, r);
            }
            let a = k as f64 / n * std::f64::consts::TAU;
            k += 1;
            (r + r * a.cos(), r + r * a.sin())
        })
        .collect();
    (pos, Shape::Dot)
}

/// What a picture shows besides the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Each cell's name written in it (file-rank names on rectangles and hexagons, the
    /// vertex names otherwise); off, a board shows its coordinates on the rim only.
    pub labels: bool,
}

/// The initial position of an RBG game as SVG, with the default [`Options`].
pub fn rbg_board(g: &Game) -> String {
    rbg_board_with(g, Options::default())
}

/// The initial position of an RBG game as SVG.
pub fn rbg_board_with(g: &Game, options: Options) -> String {
    draw(g, options, None)
}

/// [`rbg_board`] for a page where squares are clicked: each cell carries its name from
/// `names` (one per vertex, as moves print them) as a target (`Svg::target`).
pub fn rbg_board_clickable(g: &Game, names: &[String]) -> String {
    let targets = (names.len() == g.board.vertex_count()).then_some(names);
    draw(g, Options::default(), targets)
}

fn draw(g: &Game, options: Options, targets: Option<&[String]>) -> String {
    let (pos, shape) = layout(g);
    let names = &g.board.vertices;
    let grid = matches!(shape, Shape::Square) && names.iter().all(|n| coords(n, 'r', 2).is_some());
    let maxx = pos.iter().map(|p| p.0).fold(0.0, f64::max);
    let maxy = pos.iter().map(|p| p.1).fold(0.0, f64::max);
    let axes = (grid && maxx < 26.0).then(|| {
        let files = (0..=maxx as usize).map(|x| ((b'a' + x as u8) as char).to_string());
        let ranks = (0..=maxy as usize).map(|y| (maxy as usize + 1 - y).to_string());
        (files.collect(), ranks.collect())
    });
    let hexagon = matches!(shape, Shape::Hex)
        .then(|| ir::coords::file_rank(names))
        .flatten();
    let (rim, sides) = match &hexagon {
        Some(fr) => (
            crate::hexagon::rim(&fr.cells, &pos),
            crate::hexagon::sides(&fr.cells, &g.players),
        ),
        None => (Vec::new(), Vec::new()),
    };
    let cell_names = options.labels.then(|| ir::coords::display_names(names));
    let layers = names
        .iter()
        .map(|n| coords(n, 'c', 3))
        .collect::<Option<Vec<_>>>()
        .map(|c| cuboid_layers(&c, &pos));
    let edges: Vec<(usize, usize)> = if matches!(shape, Shape::Dot) {
        g.board
            .edges()
            .map(|(a, _, b)| (a.index(), b.index()))
            .collect()
    } else {
        Vec::new()
    };
    Picture {
        pieces: &g.pieces,
        players: &g.players,
        initial: &g.board.initial,
        background: None,
        pos,
        shape,
        grid,
        axes,
        rim,
        cell_names,
        layers: layers.unwrap_or_default(),
        edges,
        sides,
        targets,
        title: format!(
            "{} vertices; players: {}",
            g.board.vertex_count(),
            g.players.join(", ")
        ),
    }
    .draw()
}

/// Each cuboid layer's label (`z = k`) and the x of its centre, in cell units.
fn cuboid_layers(c: &[Vec<i64>], pos: &[(f64, f64)]) -> Vec<(String, f64)> {
    let mut span: BTreeMap<i64, (f64, f64)> = BTreeMap::new();
    for (v, p) in c.iter().zip(pos) {
        let e = span.entry(v[2]).or_insert((p.0, p.0));
        e.0 = e.0.min(p.0);
        e.1 = e.1.max(p.0);
    }
    span.into_iter()
        .map(|(z, (lo, hi))| (format!("layer z = {z}"), (lo + hi) / 2.0))
        .collect()
}
