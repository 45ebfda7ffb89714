//! A board picture whatever game it comes from (RBG, GDL): cells, pieces, coordinates on
//! the rim, and a legend only for the labels it shortens.
//!
//! How a piece is drawn, first match wins: a chess piece by its name ([`pieces::from_name`],
//! when a king is among at least four kinds, so draughts' `wk` stays a draughts king) as a
//! drawn shape; draughts men and kings (`wm`, `bk`, `whiteKing`) as plain and ringed discs;
//! a player's stone (`r` of player `red`, `w` of `white`) as a disc in the player's colour;
//! anything else as a disc with a short label (the legend names the shortened ones).

use crate::pieces::{self, Chess};
use crate::svg::{Area, Svg};
use ir::PieceId;
use std::collections::{HashMap, HashSet};

pub(crate) const CELL: f64 = 44.0;
pub(crate) const MARGIN: f64 = 20.0;

pub(crate) enum Shape {
    Square,
    Hex,
    Dot,
}

/// What a board picture shows.
pub(crate) struct Picture<'a> {
    pub pieces: &'a [String],
    /// The game's players, for the colours of their stones (empty: unknown).
    pub players: &'a [String],
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
    /// Labels anywhere on the rim (hexagon boards): text and position in cell units.
    pub rim: Vec<(String, (f64, f64))>,
    /// Each cell's name, written small in the cell (`--labels`).
    pub cell_names: Option<Vec<String>>,
    /// Labels above groups of columns (cuboid layers): text and centre x in cell units.
    pub layers: Vec<(String, f64)>,
    /// Lines between cells (node-link drawings).
    pub edges: Vec<(usize, usize)>,
    /// Sides of hexagonal cells drawn thick in a colour (Hex's players' edges): cell, side
    /// (0 = lower right, then clockwise) and colour.
    pub sides: Vec<(usize, usize, &'static str)>,
    /// Each cell's name as a click target ([`Svg::target`]), or none.
    pub targets: Option<&'a [String]>,
    pub title: String,
}

/// How one kind of piece is drawn.
#[derive(Clone, Debug, PartialEq)]
enum Look {
    Chess(bool, Chess),
    /// Draughts: white?, king?
    Draughts(bool, bool),
    /// A plain disc: fill colour.
    Stone(&'static str),
    /// A disc with a label: fill, ink, label.
    Labelled(&'static str, &'static str, String),
}

/// Fill and ink of the colour a name says (`red`, `whitePawn`), if it says one.
pub(crate) fn named_colour(name: &str) -> Option<(&'static str, &'static str)> {
    let n = name.to_ascii_lowercase();
    let palette = [
        ("white", "#fafafa", "#111"),
        ("black", "#222", "#fafafa"),
        ("red", "#d7362b", "#fff"),
        ("blue", "#2f62c9", "#fff"),
        ("yellow", "#f2c40f", "#111"),
        ("green", "#2e8b57", "#fff"),
        ("orange", "#ee8a1c", "#111"),
        ("purple", "#7b3fa0", "#fff"),
    ];
    palette
        .iter()
        .find(|(c, _, _)| n.starts_with(c))
        .map(|&(_, fill, ink)| (fill, ink))
}

/// The player a piece belongs to: the one whose name it is or begins (`r` of `red`), when
/// only one does.
fn owner(piece: &str, players: &[String]) -> Option<usize> {
    let p = piece.to_ascii_lowercase();
    let hits: Vec<usize> = (0..players.len())
        .filter(|&i| players[i].to_ascii_lowercase().starts_with(&p))
        .collect();
    (hits.len() == 1).then(|| hits[0])
}

/// Light for names of the first side (`w`, `white`, `x`), dark for the second.
fn side_colours(name: &str) -> (&'static str, &'static str) {
    let n = name.to_ascii_lowercase();
    if let Some(c) = named_colour(&n) {
        return c;
    }
    match n.chars().next() {
        Some('w' | 'x') => ("#fafafa", "#111"),
        Some('b' | 'o') => ("#222", "#fafafa"),
        _ => ("#999", "#111"),
    }
}

/// Draughts men (`wm`, `whiteMan`) and kings (`wk`, `whiteKing`): (white?, king?).
fn draughts_piece(name: &str) -> Option<(bool, bool)> {
    match name.to_ascii_lowercase().as_str() {
        "wm" | "whiteman" => Some((true, false)),
        "bm" | "blackman" => Some((false, false)),
        "wk" | "whiteking" => Some((true, true)),
        "bk" | "blackking" => Some((false, true)),
        _ => None,
    }
}

/// Short labels, unique, for the pieces drawn with one.
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

/// How each piece in `shown` is drawn (indexed by piece; others `None`).
fn looks(pieces: &[String], players: &[String], shown: &[usize]) -> Vec<Option<Look>> {
    let chess: Vec<Option<(bool, Chess)>> = shown
        .iter()
        .map(|&i| pieces::from_name(&pieces[i]))
        .collect();
    let kinds: HashSet<Chess> = chess.iter().flatten().map(|c| c.1).collect();
    let all_chess =
        chess.iter().all(Option::is_some) && kinds.len() >= 4 && kinds.contains(&Chess::King);
    let all_draughts = shown.iter().all(|&i| draughts_piece(&pieces[i]).is_some());
    let labels = labels(pieces);
    let mut out = vec![None; pieces.len()];
    for (k, &i) in shown.iter().enumerate() {
        let name = &pieces[i];
        let stone = owner(name, players).and_then(|p| named_colour(&players[p]));
        out[i] = Some(match (chess[k], draughts_piece(name), stone) {
            (Some((w, c)), _, _) if all_chess => Look::Chess(w, c),
            (_, Some((w, king)), _) if all_draughts => Look::Draughts(w, king),
            (_, _, Some((fill, _))) => Look::Stone(fill),
            _ => {
                let (fill, ink) = match owner(name, players) {
                    Some(0) => ("#fafafa", "#111"),
                    Some(1) => ("#222", "#fafafa"),
                    _ => side_colours(name),
                };
                Look::Labelled(fill, ink, labels[i].clone())
            }
        });
    }
    out
}

fn draw_piece(svg: &mut Svg, look: &Look, cx: f64, cy: f64) {
    match look {
        Look::Chess(white, kind) => pieces::draw(svg, *kind, *white, cx, cy, CELL * 0.86),
        Look::Draughts(white, king) => {
            let (fill, ink) = if *white {
                ("#fafafa", "#111")
            } else {
                ("#222", "#fafafa")
            };
            svg.circle(cx, cy, CELL * 0.34, fill, "#111");
            if *king {
                svg.circle(cx, cy, CELL * 0.2, "none", ink);
            }
        }
        Look::Stone(fill) => svg.circle_styled(cx, cy, CELL * 0.36, fill, "#111", 1.5),
        Look::Labelled(fill, ink, label) => {
            svg.circle(cx, cy, CELL * 0.34, fill, "#111");
            let size = if label.chars().count() > 2 { 0.22 } else { 0.3 };
            svg.text(cx, cy, CELL * size, ink, label);
        }
    }
}

impl Picture<'_> {
    /// The piece drawn as an empty cell: the given one, else one named like an empty square,
    /// else the most frequent.
    fn background(&self, freq: &[usize]) -> Option<PieceId> {
        let named_empty = self.pieces.iter().position(|n| {
            let n = n.to_ascii_lowercase();
            n == "e" || n.starts_with("empty") || n == "blank" || n == "none"
        });
        self.background.or_else(|| {
            named_empty
                .or_else(|| (0..self.pieces.len()).max_by_key(|&i| (freq[i], usize::MAX - i)))
                .map(PieceId::from_index)
        })
    }

    pub(crate) fn draw(&self) -> String {
        let mut freq = vec![0usize; self.pieces.len()];
        for p in self.initial {
            freq[p.index()] += 1;
        }
        let background = self.background(&freq);
        let shown: Vec<usize> = (0..self.pieces.len())
            .filter(|&i| Some(PieceId::from_index(i)) != background && freq[i] > 0)
            .collect();
        let looks = looks(self.pieces, self.players, &shown);
        // The legend names only what a shortened label stands for.
        let legend: Vec<(String, &String)> = shown
            .iter()
            .filter_map(|&i| match &looks[i] {
                Some(Look::Labelled(_, _, l)) if *l != self.pieces[i] => {
                    Some((l.clone(), &self.pieces[i]))
                }
                _ => None,
            })
            .collect();
        let maxx = self.pos.iter().map(|p| p.0).fold(0.0, f64::max);
        let maxy = self.pos.iter().map(|p| p.1).fold(0.0, f64::max);
        // Room around a hexagon for its rim labels, above the board for layer labels.
        let pad = MARGIN + if self.rim.is_empty() { 0.0 } else { CELL * 0.5 };
        let top = pad + if self.layers.is_empty() { 0.0 } else { 14.0 };
        let legend_h = match legend.len() {
            0 => 0.0,
            n => 16.0 * (n + 1) as f64,
        };
        let mut svg = Svg::new(
            (maxx + 1.0) * CELL + 2.0 * pad,
            (maxy + 1.0) * CELL + top + pad + legend_h,
        );
        let centre = |p: (f64, f64)| (pad + (p.0 + 0.5) * CELL, top + (p.1 + 0.5) * CELL);
        for &(a, b) in &self.edges {
            let (x1, y1) = centre(self.pos[a]);
            let (x2, y2) = centre(self.pos[b]);
            svg.line(x1, y1, x2, y2, "#bbb");
        }
        for (text, x) in &self.layers {
            svg.text(pad + (x + 0.5) * CELL, top - 10.0, 12.0, "#333", text);
        }
        for (i, &piece) in self.initial.iter().enumerate() {
            let (cx, cy) = centre(self.pos[i]);
            self.cell(&mut svg, i, cx, cy);
            if let Some(look) = looks.get(piece.index()).and_then(Option::as_ref) {
                draw_piece(&mut svg, look, cx, cy);
            }
        }
        for &(cell, side, colour) in &self.sides {
            let (cx, cy) = centre(self.pos[cell]);
            let (a, b) = (hex_corner(cx, cy, side), hex_corner(cx, cy, side + 1));
            svg.thick_line(a, b, colour, 5.0);
        }
        for (text, p) in &self.rim {
            let (x, y) = centre(*p);
            svg.text(x, y, 11.0, "#555", text);
        }
        if let Some((files, ranks)) = &self.axes {
            coordinates(&mut svg, files, ranks, pad, top);
        }
        if let Some(names) = self.targets {
            for (i, name) in names.iter().enumerate() {
                svg.target(&self.area(centre(self.pos[i])), name);
            }
        }
        let mut y = (maxy + 1.0) * CELL + top + pad;
        if let (Some(b), false) = (background, legend.is_empty()) {
            let empty = format!("empty square: {}", self.pieces[b.index()]);
            svg.text_start(pad, y, 12.0, "#333", &empty);
        }
        for (label, name) in &legend {
            y += 16.0;
            svg.text_start(pad, y, 12.0, "#333", &format!("{label} = {name}"));
        }
        svg.finish(&self.title)
    }

    /// Cell `i` centred at (`cx`, `cy`), with its name when names are shown.
    fn cell(&self, svg: &mut Svg, i: usize, cx: f64, cy: f64) {
        let name = self.cell_names.as_ref().map(|n| n[i].as_str());
        match self.shape {
            Shape::Square => {
                // Chequered like a chess board where the board is a rectangle grid.
                let p = self.pos[i];
                let dark = self.grid && (p.0 + p.1) as i64 % 2 == 1;
                let fill = if dark { "#b58863" } else { "#f0d9b5" };
                let h = CELL / 2.0;
                svg.rect(cx - h, cy - h, CELL, CELL, fill, "#8a6d4b");
                if let Some(n) = name {
                    svg.text_start(cx - h + 2.0, cy - h + 6.0, CELL * 0.18, "#5a4330", n);
                }
            }
            Shape::Hex => {
                let pts: Vec<(f64, f64)> = (0..6).map(|k| hex_corner(cx, cy, k)).collect();
                svg.polygon(&pts, "#f0d9b5", "#8a6d4b");
                if let Some(n) = name {
                    svg.text(cx, cy + CELL * 0.3, CELL * 0.17, "#5a4330", n);
                }
            }
            Shape::Dot => {
                svg.circle(cx, cy, CELL * 0.2, "#f0d9b5", "#8a6d4b");
                if let Some(n) = name {
                    svg.text(cx, cy + CELL * 0.45, CELL * 0.22, "#5a4330", n);
                }
            }
        }
    }
}

impl Picture<'_> {
    /// The outline of a cell centred at `(cx, cy)`: where a click lands on it.
    fn area(&self, (cx, cy): (f64, f64)) -> Area {
        match self.shape {
            Shape::Square => Area::Rect {
                x: cx - CELL / 2.0,
                y: cy - CELL / 2.0,
                w: CELL,
                h: CELL,
            },
            Shape::Hex => Area::Polygon((0..6).map(|k| hex_corner(cx, cy, k)).collect()),
            Shape::Dot => Area::Circle {
                cx,
                cy,
                r: CELL * 0.4,
            },
        }
    }
}

/// Corner `k` (mod 6) of a pointy-top hexagonal cell: 0 lower right, 1 bottom, then
/// clockwise; side `k` joins corners `k` and `k + 1` (0: lower right side, 2: left side).
fn hex_corner(cx: f64, cy: f64, k: usize) -> (f64, f64) {
    let r = CELL * 0.577;
    let a = std::f64::consts::PI / 3.0 * (k % 6) as f64 + std::f64::consts::PI / 6.0;
    (cx + r * a.cos(), cy + r * a.sin())
}

/// Column labels under and row labels left of a grid (rows listed top to bottom).
fn coordinates(svg: &mut Svg, files: &[String], ranks: &[String], left: f64, top: f64) {
    for (x, file) in files.iter().enumerate() {
        let cx = left + (x as f64 + 0.5) * CELL;
        let y = top + ranks.len() as f64 * CELL + 8.0;
        svg.text(cx, y, 10.0, "#555", file);
    }
    for (y, rank) in ranks.iter().enumerate() {
        let cy = top + (y as f64 + 0.5) * CELL;
        svg.text(left / 2.0, cy, 10.0, "#555", rank);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn stones_take_their_players_colours() {
        let players = names(&["red", "blue"]);
        let pieces = names(&["e", "r", "b"]);
        let l = looks(&pieces, &players, &[1, 2]);
        assert_eq!(l[1], Some(Look::Stone("#d7362b")));
        assert_eq!(l[2], Some(Look::Stone("#2f62c9")));
        // Noughts and crosses: players without colours keep their letters.
        let players = names(&["xplayer", "oplayer"]);
        let l = looks(&names(&["e", "x", "o"]), &players, &[1, 2]);
        assert_eq!(l[1], Some(Look::Labelled("#fafafa", "#111", "x".into())));
    }
}
