//! An RBG initial position. Boards from `rectangle`, `hexagon` and `cuboid` are laid out from
//! the front end's vertex names (`rx{x}y{y}`, `hx{x}y{y}`, `cx{x}y{y}z{z}`); any other graph
//! is laid out from its direction names when they read as compass directions (up, north,
//! left, west, ...), and otherwise drawn as a node-link diagram on a circle. A piece named like
//! an empty square (`e`, `empty...`, `blank`), or else the piece on most squares at the start,
//! is the background (drawn as an empty square); the others get short labels in a legend.

use crate::svg::{Area, Svg};
use ir::{Game, PieceId};
use std::collections::{BTreeMap, HashMap, VecDeque};

const CELL: f64 = 44.0;
const MARGIN: f64 = 20.0;

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

/// Short labels, unique, for the pieces drawn.
fn labels(pieces: &[String]) -> Vec<String> {
    let mut out: Vec<String> = pieces
        .iter()
        .map(|n| {
            if n.chars().count() <= 2 {
                return n.clone();
            }
            let mut l: String = n.chars().take(1).collect();
            l.extend(n.chars().skip(1).filter(|c| c.is_ascii_uppercase()));
            if l.len() == 1 {
                l = n.chars().take(2).collect();
            }
            l
        })
        .collect();
    let mut count: HashMap<String, usize> = HashMap::new();
    for l in &out {
        *count.entry(l.clone()).or_default() += 1;
    }
    for (i, l) in out.iter_mut().enumerate() {
        if count[l.as_str()] > 1 {
            *l = pieces[i].chars().take(3).collect();
        }
    }
    out
}

fn side_colours(name: &str) -> (&'static str, &'static str) {
    let n = name.to_ascii_lowercase();
    if n.starts_with("white") || n.starts_with('w') || n.starts_with("red") || n.starts_with('x') {
        ("#fafafa", "#111")
    } else if n.starts_with("black")
        || n.starts_with('b')
        || n.starts_with("blue")
        || n.starts_with('o')
    {
        ("#222", "#fafafa")
    } else {
        ("#999", "#111")
    }
}

/// The chess symbol a piece name stands for (`wP`, `bKo`, `whiteKnight`, `wRook`), when its
/// first letters name a side and the rest a chess piece.
fn chess_glyph(name: &str) -> Option<char> {
    let lower = name.to_ascii_lowercase();
    let (white, rest) = if let Some(r) = lower.strip_prefix("white") {
        (true, r)
    } else if let Some(r) = lower.strip_prefix("black") {
        (false, r)
    } else if let Some(r) = lower.strip_prefix('w') {
        (true, r)
    } else if let Some(r) = lower.strip_prefix('b') {
        (false, r)
    } else {
        return None;
    };
    let kind = match rest {
        "p" | "pe" | "pawn" => 0,
        "n" | "kn" | "knight" => 1,
        "b" | "bi" | "bishop" => 2,
        "r" | "ro" | "rook" => 3,
        "q" | "qu" | "queen" => 4,
        "k" | "ko" | "ki" | "king" => 5,
        _ => return None,
    };
    let white_glyphs = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black_glyphs = ['♟', '♞', '♝', '♜', '♛', '♚'];
    Some(if white {
        white_glyphs[kind]
    } else {
        black_glyphs[kind]
    })
}

/// Chess symbols for every piece drawn, when every one of them names a chess piece and a
/// king is among them (so `wk`/`bk` draughts kings stay discs).
fn chess_glyphs(pieces: &[String], shown: &[usize]) -> Option<Vec<char>> {
    let glyphs: Vec<(usize, char)> = shown
        .iter()
        .map(|&i| chess_glyph(&pieces[i]).map(|c| (i, c)))
        .collect::<Option<_>>()?;
    let kinds: std::collections::HashSet<char> = glyphs.iter().map(|g| g.1).collect();
    if kinds.len() < 4 || !(kinds.contains(&'♔') || kinds.contains(&'♚')) {
        return None;
    }
    let mut out = vec![' '; pieces.len()];
    for (i, c) in glyphs {
        out[i] = c;
    }
    Some(out)
}

/// Draughts men (`wm`, `whiteMan`) are plain discs, kings (`wk`, `whiteKing`) discs with a
/// ring: how a player draws them, no label needed. `None` for other names.
fn draughts_piece(name: &str) -> Option<&'static str> {
    match name.to_ascii_lowercase().as_str() {
        "wm" | "whiteman" => Some("white disc"),
        "bm" | "blackman" => Some("black disc"),
        "wk" | "whiteking" => Some("white disc with a ring (king)"),
        "bk" | "blackking" => Some("black disc with a ring (king)"),
        _ => None,
    }
}

/// Draughts drawing only when every piece drawn is a draughts man or king.
fn draughts(pieces: &[String], shown: &[usize]) -> bool {
    !shown.is_empty() && shown.iter().all(|&i| draughts_piece(&pieces[i]).is_some())
}

pub(crate) enum Shape {
    Square,
    Hex,
    Dot,
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

/// The initial position of an RBG game as SVG.
pub fn rbg_board(g: &Game) -> String {
    picture(g).draw()
}

/// [`rbg_board`] for a page where squares are clicked: each cell carries its name from
/// `names` (one per vertex, as moves print them) as a target ([`Svg::target`]), which also
/// replaces the names written in hexagon cells.
pub fn rbg_board_clickable(g: &Game, names: &[String]) -> String {
    let mut p = picture(g);
    if names.len() == p.pos.len() {
        p.targets = Some(names);
        p.cell_names = None;
    }
    p.draw()
}

fn picture(g: &Game) -> Picture<'_> {
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
    let cell_names = matches!(shape, Shape::Hex).then_some(names.as_slice());
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
        initial: &g.board.initial,
        background: None,
        pos,
        shape,
        grid,
        axes,
        cell_names,
        layers: layers.unwrap_or_default(),
        edges,
        targets: None,
        title: format!(
            "{} players: {}",
            g.board.vertex_count(),
            g.players.join(", ")
        ),
    }
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

/// What a board picture shows, whatever game it comes from.
pub(crate) struct Picture<'a> {
    pub pieces: &'a [String],
    /// The piece on each cell.
    pub initial: &'a [PieceId],
    /// The piece drawn as an empty cell (`None`: guessed from the names and counts).
    pub background: Option<PieceId>,
    /// Each cell's position in cell units.
    pub pos: Vec<(f64, f64)>,
    pub shape: Shape,
    /// Square cells on a rectangle: chequered.
    pub grid: bool,
    /// Column labels (left to right) and row labels (top to bottom) of a grid.
    pub axes: Option<(Vec<String>, Vec<String>)>,
    /// Each cell's name, written small in the cell (hexagon boards).
    pub cell_names: Option<&'a [String]>,
    /// Labels above groups of columns (cuboid layers): text and centre x in cell units.
    pub layers: Vec<(String, f64)>,
    /// Lines between cells (node-link drawings).
    pub edges: Vec<(usize, usize)>,
    /// Each cell's name as a click target ([`Svg::target`]), or none.
    pub targets: Option<&'a [String]>,
    pub title: String,
}

impl Picture<'_> {
    pub(crate) fn draw(&self) -> String {
        let g = self;
        let labels = labels(g.pieces);
        let mut freq = vec![0usize; g.pieces.len()];
        for p in g.initial {
            freq[p.index()] += 1;
        }
        // The background: a piece named like an empty square, else the most frequent one.
        let named_empty = g.pieces.iter().position(|n| {
            let n = n.to_ascii_lowercase();
            n == "e" || n.starts_with("empty") || n == "blank" || n == "none"
        });
        let background = g.background.or_else(|| {
            named_empty
                .or_else(|| (0..g.pieces.len()).max_by_key(|&i| (freq[i], usize::MAX - i)))
                .map(PieceId::from_index)
        });
        let pos = &self.pos;
        let maxx = pos.iter().map(|p| p.0).fold(0.0, f64::max);
        let maxy = pos.iter().map(|p| p.1).fold(0.0, f64::max);
        let shown: Vec<usize> = (0..g.pieces.len())
            .filter(|&i| Some(PieceId::from_index(i)) != background && freq[i] > 0)
            .collect();
        let glyphs = chess_glyphs(g.pieces, &shown);
        let draughts = draughts(g.pieces, &shown);
        // Drawn as something other than its own name: a glyph, a disc, a shortened label.
        let abbreviated = |i: usize| glyphs.is_some() || draughts || labels[i] != g.pieces[i];
        let legend: Vec<usize> = shown.iter().copied().filter(|&i| abbreviated(i)).collect();
        let legend_h = 16.0 * (legend.len() + 1) as f64;
        // Room above the board for layer labels.
        let top = MARGIN + if g.layers.is_empty() { 0.0 } else { 14.0 };
        let mut svg = Svg::new(
            (maxx + 1.0) * CELL + 2.0 * MARGIN,
            (maxy + 1.0) * CELL + top + MARGIN + legend_h,
        );
        let centre = |i: usize| {
            (
                MARGIN + (pos[i].0 + 0.5) * CELL,
                top + (pos[i].1 + 0.5) * CELL,
            )
        };
        for &(a, b) in &g.edges {
            let (x1, y1) = centre(a);
            let (x2, y2) = centre(b);
            svg.line(x1, y1, x2, y2, "#bbb");
        }
        for (text, x) in &g.layers {
            svg.text(MARGIN + (x + 0.5) * CELL, top - 10.0, 12.0, "#333", text);
        }
        let grid = g.grid;
        for (i, &piece) in g.initial.iter().enumerate() {
            let (cx, cy) = centre(i);
            match g.shape {
                Shape::Square => {
                    // Chequered like a chess board where the board is a rectangle grid.
                    let dark = grid && (pos[i].0 + pos[i].1) as i64 % 2 == 1;
                    let fill = if dark { "#b58863" } else { "#f0d9b5" };
                    svg.rect(
                        cx - CELL / 2.0,
                        cy - CELL / 2.0,
                        CELL,
                        CELL,
                        fill,
                        "#8a6d4b",
                    )
                }
                Shape::Hex => {
                    svg.polygon(&hexagon(cx, cy), "#f0d9b5", "#8a6d4b");
                    if let Some(names) = g.cell_names {
                        svg.text(cx, cy + CELL * 0.28, CELL * 0.16, "#8a6d4b", &names[i]);
                    }
                }
                Shape::Dot => svg.circle(cx, cy, CELL * 0.2, "#f0d9b5", "#8a6d4b"),
            }
            if Some(piece) != background {
                let name = &g.pieces[piece.index()];
                if let Some(glyphs) = &glyphs {
                    svg.text(
                        cx,
                        cy + CELL * 0.06,
                        CELL * 0.8,
                        "#000",
                        &glyphs[piece.index()].to_string(),
                    );
                    continue;
                }
                let (fill, ink) = side_colours(name);
                svg.circle(cx, cy, CELL * 0.34, fill, "#111");
                if draughts {
                    if draughts_piece(name).is_some_and(|d| d.ends_with("(king)")) {
                        svg.circle(cx, cy, CELL * 0.2, "none", ink);
                    }
                    continue;
                }
                let label = &labels[piece.index()];
                let size = if label.chars().count() > 2 {
                    CELL * 0.22
                } else {
                    CELL * 0.3
                };
                svg.text(cx, cy, size, ink, label);
            }
        }
        if let Some(names) = g.targets {
            for (i, name) in names.iter().enumerate() {
                svg.target(&self.area(centre(i)), name);
            }
        }
        if let Some((files, ranks)) = &g.axes {
            coordinates(&mut svg, files, ranks, top);
        }
        let mut y = (maxy + 1.0) * CELL + top + MARGIN;
        if let Some(b) = background {
            svg.text(
                MARGIN + 80.0,
                y,
                12.0,
                "#333",
                &format!("empty square: {}", g.pieces[b.index()]),
            );
        }
        // The legend explains only what the picture abbreviates.
        for &i in &legend {
            y += 16.0;
            let shown_as = match (&glyphs, draughts_piece(&g.pieces[i])) {
                (Some(gl), _) => gl[i].to_string(),
                (None, Some(d)) if draughts => d.to_string(),
                _ => labels[i].clone(),
            };
            svg.text(
                MARGIN + 80.0,
                y,
                12.0,
                "#333",
                &format!("{shown_as} = {}", g.pieces[i]),
            );
        }
        svg.finish(&g.title)
    }
}

impl Picture<'_> {
    /// The outline of a cell centred at `(cx, cy)`.
    fn area(&self, (cx, cy): (f64, f64)) -> Area {
        match self.shape {
            Shape::Square => Area::Rect {
                x: cx - CELL / 2.0,
                y: cy - CELL / 2.0,
                w: CELL,
                h: CELL,
            },
            Shape::Hex => Area::Polygon(hexagon(cx, cy)),
            Shape::Dot => Area::Circle {
                cx,
                cy,
                r: CELL * 0.4,
            },
        }
    }
}

/// The corners of a hexagon cell centred at `(cx, cy)`.
fn hexagon(cx: f64, cy: f64) -> Vec<(f64, f64)> {
    let r = CELL * 0.577;
    (0..6)
        .map(|k| {
            let a = std::f64::consts::PI / 3.0 * k as f64 + std::f64::consts::PI / 6.0;
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

/// Column labels under and row labels left of a grid (rows listed top to bottom).
fn coordinates(svg: &mut Svg, files: &[String], ranks: &[String], top: f64) {
    for (x, file) in files.iter().enumerate() {
        let cx = MARGIN + (x as f64 + 0.5) * CELL;
        let y = top + ranks.len() as f64 * CELL + 8.0;
        svg.text(cx, y, 10.0, "#555", file);
    }
    for (y, rank) in ranks.iter().enumerate() {
        let cy = top + (y as f64 + 0.5) * CELL;
        svg.text(MARGIN / 2.0, cy, 10.0, "#555", rank);
    }
}
