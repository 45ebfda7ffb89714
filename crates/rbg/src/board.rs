//! The `#board` section to an [`ir::Board`]: the LL-RBG explicit graph and the HL-RBG
//! generators `rectangle`, `hexagon` and `cuboid`.
//!
//! Vertices are numbered in text order (generators: layer by layer, top row first, left to
//! right, omitted cells skipped); the first one is the initial position. Generated vertices
//! are named `rx{column}y{row}` (rectangle), `hx{column}y{row}` (hexagon) and
//! `cx{column}y{row}z{layer}` (cuboid), counting from 0 at the top-left (first layer for z).
//! Directions are ordered by name, so the same graph written as a generator or as LL-RBG gives
//! the same `DirId`s.

use crate::ast::{BoardAst, Layer, Line, Name, Pos, Vertex};
use crate::lexer::Sym;
use crate::validate::{Cx, Decl, Names};
use codespan_reporting::diagnostic::Diagnostic;
use ir::{Board, DirId, PieceId, Span, VertexId};
use std::collections::HashMap;

/// The board with the spans of its vertices and directions.
pub struct BuiltBoard {
    pub board: Board,
    pub vertex_spans: Vec<Span>,
    pub direction_spans: Vec<Span>,
}

/// Builds the board, declaring its directions in `names` (where clashes are reported).
pub fn build(cx: &mut Cx, names: &mut Names, ast: &BoardAst, header: Pos) -> Option<BuiltBoard> {
    // Generators declare their directions first, so a malformed shape does not also make
    // every shift in the rules an unknown direction.
    let labels: &[Name] = match ast {
        BoardAst::Graph(vs) => return graph(cx, names, vs),
        BoardAst::Rectangle { labels, .. } => labels,
        BoardAst::Hexagon { labels, .. } | BoardAst::Cuboid { labels, .. } => labels,
    };
    let dirs = declare_labels(cx, names, labels)?;
    match ast {
        BoardAst::Graph(_) => unreachable!("handled above"),
        BoardAst::Rectangle { labels, lines } => {
            check_rect(cx, lines, None)?;
            let cells = lines.iter().enumerate().flat_map(|(y, line)| {
                line.cells
                    .iter()
                    .enumerate()
                    .map(move |(x, c)| (format!("rx{x}y{y}"), [x as i64, y as i64, 0], *c))
            });
            let deltas = [[0, -1, 0], [0, 1, 0], [-1, 0, 0], [1, 0, 0]];
            grid(cx, names, labels, &deltas, cells.collect(), header, &dirs)
        }
        BoardAst::Hexagon { labels, lines } => {
            let offsets = hexagon_offsets(cx, lines)?;
            let cells = lines.iter().enumerate().flat_map(|(y, line)| {
                let o = offsets[y];
                line.cells
                    .iter()
                    .enumerate()
                    .map(move |(x, c)| (format!("hx{x}y{y}"), [o + 2 * x as i64, y as i64, 0], *c))
            });
            // Doubled column coordinates: east is two half-cells to the right.
            let deltas = [
                [-1, -1, 0],
                [1, -1, 0],
                [2, 0, 0],
                [1, 1, 0],
                [-1, 1, 0],
                [-2, 0, 0],
            ];
            grid(cx, names, labels, &deltas, cells.collect(), header, &dirs)
        }
        BoardAst::Cuboid { labels, layers } => {
            check_cuboid(cx, layers)?;
            let mut cells = Vec::new();
            for (z, layer) in layers.iter().enumerate() {
                for (y, line) in layer.lines.iter().enumerate() {
                    for (x, c) in line.cells.iter().enumerate() {
                        let key = [x as i64, y as i64, z as i64];
                        cells.push((format!("cx{x}y{y}z{z}"), key, *c));
                    }
                }
            }
            // The first layer is the back one: `front` leads to the next layer.
            let deltas = [
                [0, -1, 0],
                [0, 1, 0],
                [-1, 0, 0],
                [1, 0, 0],
                [0, 0, 1],
                [0, 0, -1],
            ];
            grid(cx, names, labels, &deltas, cells, header, &dirs)
        }
    }
}

/// All lines of a rectangle (or cuboid layer) have the length of the first line (or `width`).
fn check_rect(cx: &mut Cx, lines: &[Line], width: Option<(usize, Pos)>) -> Option<()> {
    let (width, first) = width.unwrap_or((lines[0].cells.len(), lines[0].pos));
    let mut ok = true;
    for line in lines {
        if line.cells.len() != width {
            cx.error2(
                line.pos,
                "board lines have different lengths",
                format!("this line has {} cells", line.cells.len()),
                first,
                format!("but this line has {width}"),
            );
            ok = false;
        }
    }
    ok.then_some(())
}

fn check_cuboid(cx: &mut Cx, layers: &[Layer]) -> Option<()> {
    let first = &layers[0];
    let width = (first.lines[0].cells.len(), first.lines[0].pos);
    let mut ok = true;
    for layer in layers {
        ok &= check_rect(cx, &layer.lines, Some(width)).is_some();
        if layer.lines.len() != first.lines.len() {
            cx.error2(
                layer.pos,
                "cuboid layers have different numbers of lines",
                format!("this layer has {} lines", layer.lines.len()),
                first.pos,
                format!("but this layer has {}", first.lines.len()),
            );
            ok = false;
        }
    }
    ok.then_some(())
}

/// The hexagon shape rule: each line is one cell longer than the previous up to the longest
/// line, then each is one cell shorter. Returns each line's offset in half-cells.
fn hexagon_offsets(cx: &mut Cx, lines: &[Line]) -> Option<Vec<i64>> {
    let mut offsets = vec![0i64];
    let mut shrinking = false;
    for w in lines.windows(2) {
        let (prev, line) = (w[0].cells.len(), w[1].cells.len());
        let o = *offsets.last().expect("non-empty");
        if line == prev + 1 && !shrinking {
            offsets.push(o - 1);
        } else if line + 1 == prev {
            shrinking = true;
            offsets.push(o + 1);
        } else {
            let want = if shrinking {
                format!("{}", prev.saturating_sub(1))
            } else {
                format!("{} or {}", prev + 1, prev.saturating_sub(1))
            };
            cx.error2(
                w[1].pos,
                "the lines of a hexagon do not form a hexagon",
                format!("this line has {line} cells; it should have {want}"),
                w[0].pos,
                format!("the previous line has {prev}"),
            );
            cx.errors.last_mut().expect("just pushed").notes.push(
                "hexagon lines grow by one cell up to the longest line, then shrink by one".into(),
            );
            return None;
        }
    }
    Some(offsets)
}

fn piece(cx: &mut Cx, names: &Names, n: Name) -> PieceId {
    match names.get(n.sym) {
        Some(Decl::Piece(p)) => p,
        _ if names.is_poisoned(n.sym) => PieceId(0),
        other => {
            let text = cx.text(n.sym);
            let msg = match other {
                Some(d) => format!("`{text}` is {}, not a piece", d.what()),
                None => format!("unknown piece `{text}`"),
            };
            let suggestion = other
                .is_none()
                .then(|| names.suggestion(cx, n.sym, |d| matches!(d, Decl::Piece(_))))
                .flatten();
            let d = Diagnostic::error()
                .with_message(msg)
                .with_labels(cx.exp.labels(
                    n.pos().l,
                    n.pos().r,
                    "pieces are declared in `#pieces`",
                ))
                .with_notes(suggestion.into_iter().collect());
            cx.push_error(d);
            PieceId(0)
        }
    }
}

/// Orders directions by name and declares them. `dirs` are in order of first appearance.
fn directions(
    cx: &mut Cx,
    names: &mut Names,
    dirs: &[Name],
) -> (Vec<String>, HashMap<Sym, DirId>, Vec<Span>) {
    let mut sorted: Vec<Name> = dirs.to_vec();
    sorted.sort_by(|a, b| cx.text(a.sym).cmp(cx.text(b.sym)));
    let mut map = HashMap::new();
    let mut spans = Vec::new();
    let mut out = Vec::new();
    for n in sorted {
        let id = DirId::from_index(out.len());
        names.declare(cx, n, Decl::Direction(id));
        map.insert(n.sym, id);
        out.push(cx.text(n.sym).to_string());
        spans.push(cx.span(n.pos()));
    }
    (out, map, spans)
}

type Cell = (String, [i64; 3], Option<Name>);

type Dirs = (Vec<String>, HashMap<Sym, DirId>, Vec<Span>);

/// Checks that a generator's labels are distinct and declares them.
fn declare_labels(cx: &mut Cx, names: &mut Names, labels: &[Name]) -> Option<Dirs> {
    let mut seen: HashMap<Sym, Name> = HashMap::new();
    let mut ok = true;
    for &l in labels {
        if let Some(prev) = seen.insert(l.sym, l) {
            let msg = format!("direction `{}` is given twice", cx.text(l.sym));
            cx.error2(
                l.pos(),
                msg,
                "given again here",
                prev.pos(),
                "first given here",
            );
            ok = false;
        }
    }
    let unique: Vec<Name> = {
        let mut done = std::collections::HashSet::new();
        labels
            .iter()
            .copied()
            .filter(|l| done.insert(l.sym))
            .collect()
    };
    let dirs = directions(cx, names, &unique);
    ok.then_some(dirs)
}

#[allow(clippy::too_many_arguments)]
fn grid(
    cx: &mut Cx,
    names: &mut Names,
    labels: &[Name],
    deltas: &[[i64; 3]],
    cells: Vec<Cell>,
    header: Pos,
    dirs: &Dirs,
) -> Option<BuiltBoard> {
    let (dir_names, dir_ids, direction_spans) = dirs.clone();
    let mut vertices = Vec::new();
    let mut initial = Vec::new();
    let mut vertex_spans = Vec::new();
    let mut at: HashMap<[i64; 3], VertexId> = HashMap::new();
    for (name, key, cell) in &cells {
        if let Some(p) = cell {
            at.insert(*key, VertexId::from_index(vertices.len()));
            vertices.push(name.clone());
            initial.push(piece(cx, names, *p));
            vertex_spans.push(cx.span(p.pos()));
        }
    }
    if vertices.is_empty() {
        cx.error(
            header,
            "the board has no vertices",
            "every cell of this board is omitted",
        );
        return None;
    }
    let mut board = Board::new(vertices, initial, dir_names);
    for (_, key, cell) in &cells {
        if cell.is_none() {
            continue;
        }
        let from = at[key];
        for (l, d) in labels.iter().zip(deltas) {
            let target = [key[0] + d[0], key[1] + d[1], key[2] + d[2]];
            if let Some(&to) = at.get(&target) {
                board.set_edge(from, dir_ids[&l.sym], Some(to));
            }
        }
    }
    Some(BuiltBoard {
        board,
        vertex_spans,
        direction_spans,
    })
}

fn graph(cx: &mut Cx, names: &mut Names, vs: &[Vertex]) -> Option<BuiltBoard> {
    let mut index: HashMap<Sym, (VertexId, Pos)> = HashMap::new();
    for (i, v) in vs.iter().enumerate() {
        if let Some(&(_, prev)) = index.get(&v.name.sym) {
            let msg = format!("vertex `{}` is declared twice", cx.text(v.name.sym));
            cx.error2(
                v.name.pos(),
                msg,
                "declared again here",
                prev,
                "first declared here",
            );
        } else {
            index.insert(v.name.sym, (VertexId::from_index(i), v.name.pos()));
        }
    }
    // Directions in order of first appearance, then sorted by `directions`.
    let mut labels: Vec<Name> = Vec::new();
    let mut known: HashMap<Sym, ()> = HashMap::new();
    for v in vs {
        for &(l, _) in &v.edges {
            if known.insert(l.sym, ()).is_none() {
                labels.push(l);
            }
        }
    }
    let (dir_names, dir_ids, direction_spans) = directions(cx, names, &labels);
    let vertices = vs.iter().map(|v| cx.text(v.name.sym).to_string()).collect();
    let initial = vs.iter().map(|v| piece(cx, names, v.piece)).collect();
    let vertex_spans = vs.iter().map(|v| cx.span(v.name.pos())).collect();
    let mut board = Board::new(vertices, initial, dir_names);
    for (i, v) in vs.iter().enumerate() {
        let from = VertexId::from_index(i);
        let mut used: HashMap<Sym, Name> = HashMap::new();
        for &(l, t) in &v.edges {
            if let Some(prev) = used.insert(l.sym, l) {
                let msg = format!(
                    "vertex `{}` has two edges labelled `{}`",
                    cx.text(v.name.sym),
                    cx.text(l.sym)
                );
                cx.error2(l.pos(), msg, "second edge", prev.pos(), "first edge");
                continue;
            }
            match index.get(&t.sym) {
                Some(&(to, _)) => {
                    board.set_edge(from, dir_ids[&l.sym], Some(to));
                }
                None => {
                    let msg = format!("edge to unknown vertex `{}`", cx.text(t.sym));
                    cx.error(t.pos(), msg, "no vertex of this name in `#board`");
                }
            }
        }
    }
    Some(BuiltBoard {
        board,
        vertex_spans,
        direction_spans,
    })
}
