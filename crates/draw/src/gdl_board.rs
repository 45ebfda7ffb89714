//! A GDL state drawn as a board, when it has one: a relation of three arguments, `(cell X Y
//! PIECE)`-like, whose facts give each (X, Y) at most one piece, with at most 26 values of X
//! and of Y. X is the column, Y the row; letters and numbers sort as a player reads them, and
//! numeric rows grow upwards (rank 1 at the bottom, as chess GDL writes them). A numeric axis
//! spans every number from its smallest to its largest value, and from 1 up to the smallest of
//! the game's candidate `sizes` that holds them (e.g. `(index 1)` ... `(index 8)` facts), so a
//! state listing only occupied cells (Reversi's four stones, Amazons' `location`) still shows
//! the whole board. Cells with no fact, or with a piece named like an
//! empty square (`b`, `blank`, `e`, `empty`), are empty. Our RBG → GDL translation's
//! two-argument cells, `(cell rx0y2 x)`, are read the same way, rows numbered from the top;
//! as its states leave the empty squares out, the game's vertex names (`squares`, from
//! [`rbg_squares`]) give the board's extent, and a state with no piece on it is an empty
//! board.

use crate::picture::{Picture, Shape};
use ir::PieceId;
use std::collections::{BTreeMap, BTreeSet};

/// Most values an axis may take.
const MAX_AXIS: usize = 26;

/// Why a GDL state is not drawn: none of its relations reads as a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "this state has no board to draw: no relation of three plain arguments, \
     (cell X Y PIECE)-like, gives each (X, Y) one piece"
)]
pub struct NoBoard;

/// A GDL state's board as a grid: what [`gdl_board`] draws, for a text view too.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GdlGrid {
    /// The relation the cells come from (`cell`).
    pub relation: String,
    /// Column labels, left to right.
    pub files: Vec<String>,
    /// Row labels, top row first.
    pub ranks: Vec<String>,
    /// The piece names used, the empty square's first.
    pub pieces: Vec<String>,
    /// Row-major from the top row: an index into `pieces` (0: empty).
    pub cells: Vec<usize>,
    /// The cells are an RBG translation's vertices (`rx0y2`): a move names one by that word.
    pub vertices: bool,
}

/// The names among `constants` (a game's) that are our RBG → GDL translation's vertices
/// (`rx3y0`), sorted: the `squares` of [`gdl_grid`].
pub fn rbg_squares<'a>(constants: impl Iterator<Item = &'a str>) -> Vec<String> {
    let set: BTreeSet<&str> = constants.filter(|c| rbg_vertex(c).is_some()).collect();
    set.into_iter().map(str::to_string).collect()
}

/// The board of a GDL state given as its facts in KIF (`(cell 1 1 b)`), or why there is none.
/// `squares`: the game's vertex names when it is our RBG translation ([`rbg_squares`]).
pub fn gdl_grid(facts: &[String], sizes: &[i64], squares: &[String]) -> Result<GdlGrid, NoBoard> {
    let coords: Vec<(String, String)> = squares.iter().filter_map(|s| rbg_vertex(s)).collect();
    let board = match find_board(facts, !coords.is_empty()) {
        Ok(b) => b,
        // A translated state with no piece on the board.
        Err(_) if !coords.is_empty() => Board {
            relation: "cell".into(),
            cells: Vec::new(),
            rows_from_top: true,
        },
        Err(e) => return Err(e),
    };
    let extent = |pick: fn(&(String, String)) -> &String| -> Vec<&String> {
        if board.rows_from_top {
            coords.iter().map(pick).collect()
        } else {
            Vec::new()
        }
    };
    let files = axis(
        board.cells.iter().map(|c| &c.0).chain(extent(|c| &c.0)),
        sizes,
    );
    let mut ranks = axis(
        board.cells.iter().map(|c| &c.1).chain(extent(|c| &c.1)),
        sizes,
    );
    if !board.rows_from_top && ranks.iter().all(|r| r.parse::<i64>().is_ok()) {
        ranks.reverse();
    }
    let empty_names = ["b", "blank", "e", "empty", "none"];
    let mut pieces: Vec<String> = vec![String::new()];
    let mut piece_of: BTreeMap<&str, usize> = BTreeMap::new();
    let mut cells = vec![0; files.len() * ranks.len()];
    let column: BTreeMap<&str, usize> = files
        .iter()
        .enumerate()
        .map(|(i, f)| (f.as_str(), i))
        .collect();
    let row: BTreeMap<&str, usize> = ranks
        .iter()
        .enumerate()
        .map(|(i, r)| (r.as_str(), i))
        .collect();
    let mut empty = "empty".to_string();
    for (x, y, p) in &board.cells {
        if empty_names.contains(&p.to_ascii_lowercase().as_str()) {
            empty.clone_from(p);
            continue;
        }
        let next = pieces.len();
        let id = *piece_of.entry(p.as_str()).or_insert(next);
        if id == next {
            pieces.push(p.clone());
        }
        cells[row[y.as_str()] * files.len() + column[x.as_str()]] = id;
    }
    pieces[0] = empty;
    Ok(GdlGrid {
        relation: board.relation,
        files,
        ranks,
        pieces,
        cells,
        vertices: board.rows_from_top,
    })
}

/// The board of a GDL state given as its facts in KIF (`(cell 1 1 b)`) as SVG, or why there
/// is none.
pub fn gdl_board(facts: &[String], sizes: &[i64], title: &str) -> Result<String, NoBoard> {
    gdl_board_with(facts, sizes, &[], title, false)
}

/// [`gdl_board`], with each cell's name (column then row, `a1`, `11`) written in it when
/// `labels`.
pub fn gdl_board_with(
    facts: &[String],
    sizes: &[i64],
    squares: &[String],
    title: &str,
    labels: bool,
) -> Result<String, NoBoard> {
    Ok(draw_grid(
        gdl_grid(facts, sizes, squares)?,
        title,
        labels,
        false,
    ))
}

/// [`gdl_board`] for a page where squares are clicked: each cell is a target
/// (`crate::svg::Svg::target`) named by [`GdlGrid::square_name`].
pub fn gdl_board_clickable(
    facts: &[String],
    sizes: &[i64],
    squares: &[String],
    title: &str,
) -> Result<String, NoBoard> {
    Ok(draw_grid(
        gdl_grid(facts, sizes, squares)?,
        title,
        false,
        true,
    ))
}

fn draw_grid(grid: GdlGrid, title: &str, labels: bool, clickable: bool) -> String {
    let names: Vec<String> = (0..grid.ranks.len())
        .flat_map(|y| (0..grid.files.len()).map(move |x| (x, y)))
        .map(|(x, y)| grid.square_name(x, y))
        .collect();
    let GdlGrid {
        relation,
        files,
        ranks,
        pieces,
        cells,
        vertices: _,
    } = grid;
    let initial: Vec<PieceId> = cells.into_iter().map(PieceId::from_index).collect();
    let pos = (0..ranks.len())
        .flat_map(|y| (0..files.len()).map(move |x| (x as f64, y as f64)))
        .collect();
    let cell_names = labels.then(|| {
        let (files, ranks) = (&files, &ranks);
        ranks
            .iter()
            .flat_map(|r| files.iter().map(move |f| format!("{f}{r}")))
            .collect()
    });
    Picture {
        pieces: &pieces,
        players: &[],
        initial: &initial,
        background: Some(PieceId::from_index(0)),
        pos,
        shape: Shape::Square,
        grid: true,
        axes: Some((files, ranks)),
        rim: Vec::new(),
        cell_names,
        layers: Vec::new(),
        edges: Vec::new(),
        sides: Vec::new(),
        targets: clickable.then_some(names.as_slice()),
        title: format!("{title} ({relation} facts)"),
    }
    .draw()
}

impl GdlGrid {
    /// The name of the cell in column `x` (from the left) and row `row` (from the top), in
    /// algebraic notation whatever the game calls it: files `a..` from the left, ranks `1..`
    /// from the bottom.
    pub fn square_name(&self, x: usize, row: usize) -> String {
        let file = (b'a' + (x % 26) as u8) as char;
        format!("{file}{}", self.ranks.len() - row)
    }

    /// The cells a move's term names ([`GdlGrid::square_name`]): each pair of consecutive
    /// arguments equal to a column label and a row label of the grid (`(move e 2 e 4)`,
    /// `(mark 1 3)`), nested terms included, or on a translated RBG board each vertex name
    /// (`(move2 m2 rx0y0 m3 rx0y0)`, a vertex repeated in a row once); empty when none do.
    pub fn move_squares(&self, term: &str) -> Vec<String> {
        let words: Vec<&str> = term
            .split(|c: char| c.is_whitespace() || c == '(' || c == ')' || c == '|')
            .filter(|w| !w.is_empty())
            .collect();
        let column = |w: &str| self.files.iter().position(|f| f == w);
        let row = |w: &str| self.ranks.iter().position(|r| r == w);
        let vertex = |w: &str| {
            let (x, y) = rbg_vertex(w).filter(|_| self.vertices)?;
            Some((column(&x)?, row(&y)?))
        };
        let mut out: Vec<String> = Vec::new();
        // A translated move names a vertex once per modifier there (`m3 rx1y2 m4 rx1y2`):
        // one square. Pairs are kept as written (`(move a 1 a 1)` is two clicks).
        let mut last_vertex: Option<String> = None;
        let mut i = 0;
        while i < words.len() {
            if let Some((x, y)) = vertex(words[i]) {
                let square = self.square_name(x, y);
                if last_vertex.as_ref() != Some(&square) {
                    out.push(square.clone());
                }
                last_vertex = Some(square);
                i += 1;
                continue;
            } else if let Some((x, y)) =
                (words.get(i + 1)).and_then(|&next| column(words[i]).zip(row(next)))
            {
                out.push(self.square_name(x, y));
                last_vertex = None;
                i += 2;
            } else {
                i += 1;
            }
        }
        out
    }
}

/// A cell's column, row and piece, as written in the facts.
type Cell = (String, String, String);

struct Board {
    relation: String,
    cells: Vec<Cell>,
    /// Rows numbered from the top (RBG's `rx{X}y{Y}` vertex names).
    rows_from_top: bool,
}

/// The three-argument relation with the most facts that reads as a board.
/// `sparse`: a relation of translated vertices may hold a single piece (its other squares
/// are empty).
fn find_board(facts: &[String], sparse: bool) -> Result<Board, NoBoard> {
    let mut by_relation: BTreeMap<(String, bool), Vec<Cell>> = BTreeMap::new();
    for fact in facts {
        match flat_fact(fact).as_deref() {
            Some([rel, x, y, p]) => by_relation.entry((rel.clone(), false)).or_default().push((
                x.clone(),
                y.clone(),
                p.clone(),
            )),
            Some([rel, vertex, p]) => {
                if let Some((x, y)) = rbg_vertex(vertex) {
                    by_relation
                        .entry((rel.clone(), true))
                        .or_default()
                        .push((x, y, p.clone()));
                }
            }
            _ => {}
        }
    }
    let mut best: Option<Board> = None;
    for ((relation, rows_from_top), cells) in by_relation {
        let places: BTreeSet<(&str, &str)> =
            cells.iter().map(|c| (c.0.as_str(), c.1.as_str())).collect();
        let xs: BTreeSet<&str> = cells.iter().map(|c| c.0.as_str()).collect();
        let ys: BTreeSet<&str> = cells.iter().map(|c| c.1.as_str()).collect();
        let reads_as_board = (cells.len() >= 2 || (sparse && rows_from_top && !cells.is_empty()))
            && places.len() == cells.len()
            && xs.len() <= MAX_AXIS
            && ys.len() <= MAX_AXIS;
        if reads_as_board && best.as_ref().is_none_or(|b| b.cells.len() < cells.len()) {
            best = Some(Board {
                relation,
                cells,
                rows_from_top,
            });
        }
    }
    best.ok_or(NoBoard)
}

/// The words of `(rel a b ...)` whose arguments are plain constants; `None` otherwise.
fn flat_fact(fact: &str) -> Option<Vec<String>> {
    let inner = fact.trim().strip_prefix('(')?.strip_suffix(')')?;
    if inner.contains(['(', ')']) {
        return None;
    }
    Some(inner.split_whitespace().map(str::to_string).collect())
}

/// Column and row of an RBG rectangle vertex name `rx{X}y{Y}` (as our RBG → GDL translation
/// writes cells: `(cell rx0y2 e)`).
fn rbg_vertex(name: &str) -> Option<(String, String)> {
    let (x, y) = name.strip_prefix("rx")?.split_once('y')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(x) && digits(y)).then(|| (x.to_string(), y.to_string()))
}

/// An axis's values in reading order: numbers ascending, filled in between (and from 1 to
/// the smallest of `sizes` that holds them); single letters (files) from `a` to the last one
/// seen, so a file is drawn where its letter says; otherwise sorted as text.
fn axis<'a>(values: impl Iterator<Item = &'a String>, sizes: &[i64]) -> Vec<String> {
    let seen: BTreeSet<&String> = values.collect();
    let letter = |v: &&String| match v.as_bytes() {
        [c @ b'a'..=b'z'] => Some(i64::from(c - b'a') + 1),
        _ => None,
    };
    if let Some(ns) = seen.iter().map(letter).collect::<Option<Vec<i64>>>() {
        let hi = ns.iter().copied().max().unwrap_or(0);
        return (0..hi as u8)
            .map(|i| char::from(b'a' + i).to_string())
            .collect();
    }
    let numbers: Option<Vec<i64>> = seen.iter().map(|v| v.parse::<i64>().ok()).collect();
    match numbers {
        Some(ns) if !ns.is_empty() => {
            let lo = *ns.iter().min().expect("non-empty");
            let hi = *ns.iter().max().expect("non-empty");
            let size = sizes.iter().copied().filter(|&n| n >= hi).min();
            let (lo, hi) = match size {
                Some(n) if lo >= 1 => (1, n),
                _ => (lo, hi),
            };
            if hi - lo >= MAX_AXIS as i64 {
                return seen.into_iter().cloned().collect();
            }
            (lo..=hi).map(|n| n.to_string()).collect()
        }
        _ => seen.into_iter().cloned().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(text: &[&str]) -> Vec<String> {
        text.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn tic_tac_toe_cells_make_a_three_by_three_grid() {
        let state = facts(&[
            "(cell 1 1 x)",
            "(cell 1 2 b)",
            "(cell 2 2 o)",
            "(control oplayer)",
        ]);
        let svg = gdl_board(&state, &[3], "t").unwrap();
        assert_eq!(svg.matches("<rect x=").count(), 9, "{svg}");
        assert!(svg.contains("(cell facts)"));
    }

    #[test]
    fn a_sparse_numeric_board_spans_its_range() {
        assert_eq!(
            axis(["2".to_string(), "7".to_string()].iter(), &[]),
            ["2", "3", "4", "5", "6", "7"]
        );
        assert_eq!(
            axis(["4".to_string(), "5".to_string()].iter(), &[3, 8, 10]).len(),
            8
        );
        assert_eq!(
            axis(["b".to_string(), "a".to_string()].iter(), &[8]),
            ["a", "b"]
        );
        assert_eq!(
            axis(["e".to_string(), "c".to_string()].iter(), &[]),
            ["a", "b", "c", "d", "e"]
        );
    }

    #[test]
    fn a_vertex_named_twice_in_a_row_is_one_square_and_pairs_are_kept() {
        let squares: Vec<String> = (0..3)
            .flat_map(|y| (0..3).map(move |x| format!("rx{x}y{y}")))
            .collect();
        let translated = gdl_grid(&facts(&["(cell rx1y1 x)"]), &[], &squares).unwrap();
        assert_eq!(
            translated.move_squares("(move2 m2 rx0y0 m3 rx0y0 m4 rx1y0)"),
            ["a3", "b3"]
        );
        let state = facts(&["(cell 1 1 x)", "(cell 3 3 o)"]);
        let written = gdl_grid(&state, &[], &[]).unwrap();
        assert_eq!(written.move_squares("(move 1 1 1 1)"), ["a1", "a1"]);
    }

    #[test]
    fn a_translated_state_without_empty_squares_is_drawn_on_its_vertices() {
        let squares: Vec<String> = (0..3)
            .flat_map(|y| (0..3).map(move |x| format!("rx{x}y{y}")))
            .collect();
        let named = rbg_squares(squares.iter().map(String::as_str).chain(["e", "x", "rxy"]));
        let mut sorted = squares.clone();
        sorted.sort();
        assert_eq!(named, sorted);
        let one = gdl_grid(&facts(&["(cell rx1y1 x)", "(control o)"]), &[], &squares).unwrap();
        assert_eq!((one.files.len(), one.ranks.len()), (3, 3));
        assert_eq!(one.cells, [0, 0, 0, 0, 1, 0, 0, 0, 0]);
        let empty = gdl_grid(&facts(&["(control x)"]), &[], &squares).unwrap();
        assert_eq!((empty.relation.as_str(), empty.cells.len()), ("cell", 9));
        assert!(empty.cells.iter().all(|&c| c == 0));
        // Without the squares a single cell is no board.
        assert!(gdl_grid(&facts(&["(cell rx1y1 x)"]), &[], &[]).is_err());
    }

    #[test]
    fn a_state_without_a_board_says_why() {
        let err = gdl_board(&facts(&["(control red)", "(step 1)"]), &[], "t").unwrap_err();
        assert_eq!(err, NoBoard);
        assert!(err.to_string().contains("no board to draw"), "{err}");
    }
}
