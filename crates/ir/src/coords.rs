//! File-rank names of generated boards, for people: the RBG front end's generators name
//! vertices `rx{x}y{y}` (rectangles, row `y` from the top) and `hx{x}y{y}` (hexagons, row `y`
//! from the top, `x` from each row's left end). Engines print moves with these names and read
//! them back; pictures write them on the rim.
//!
//! A rectangle's files run left to right and its ranks bottom to top (`a1` bottom left, as in
//! chess). A hexagon's rows are offset by half a cell, so its files and ranks are its two
//! diagonal axes: a file is a line of cells going up to the right (`/`), a rank a line going
//! up to the left (`\`); file `a` is the leftmost such line and rank 1 the lowest. On Hex's
//! rhombus standing on a corner this is Hex's usual `a1`..`i9`, `a1` the left corner.

/// How the vertices of a generated board are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grid {
    Rectangle,
    Hexagon,
}

/// The file and rank (both from 0) of every vertex of a generated board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileRank {
    pub grid: Grid,
    /// Per vertex: (file, rank), `(0, 0)` is `a1`.
    pub cells: Vec<(usize, usize)>,
}

/// Most files a board may have to be named by letters.
const MAX_FILES: usize = 26;

/// `(x, y)` of a generated vertex name with the given prefix (`rx3y1`, `hx0y4`).
pub fn generated_xy(name: &str, prefix: &str) -> Option<(usize, usize)> {
    let (x, y) = name.strip_prefix(prefix)?.split_once('y')?;
    let number = |s: &str| {
        (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    Some((number(x)?, number(y)?))
}

/// Files and ranks when every vertex comes from one rectangle or hexagon generator, with at
/// most 26 files and no two vertices on one name; `None` otherwise.
pub fn file_rank(vertices: &[String]) -> Option<FileRank> {
    let all = |prefix: &str| -> Option<Vec<(usize, usize)>> {
        (!vertices.is_empty())
            .then(|| vertices.iter().map(|n| generated_xy(n, prefix)).collect())
            .flatten()
    };
    let placed = if let Some(xy) = all("rx") {
        let height = xy.iter().map(|c| c.1 + 1).max().unwrap_or(0);
        let cells = xy.iter().map(|&(x, y)| (x, height - 1 - y)).collect();
        FileRank {
            grid: Grid::Rectangle,
            cells,
        }
    } else {
        FileRank {
            grid: Grid::Hexagon,
            cells: hexagon_axes(&all("hx")?)?,
        }
    };
    let files = placed.cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
    let distinct: std::collections::HashSet<&(usize, usize)> = placed.cells.iter().collect();
    (files <= MAX_FILES && distinct.len() == placed.cells.len()).then_some(placed)
}

/// A hexagon's cells on its two diagonal axes. Row `y`'s cells sit at half-cell columns
/// `2x + (longest row - its length)` (rows centred); with `r` the row from the bottom,
/// `column - r` is constant up a `/` line and `column + r` up a `\` line. `None` when the
/// rows do not fit a hexagonal grid (the two sums of one cell of different parity than
/// another's).
fn hexagon_axes(xy: &[(usize, usize)]) -> Option<Vec<(usize, usize)>> {
    let rows = xy.iter().map(|c| c.1 + 1).max()?;
    let mut length = vec![0i64; rows];
    for &(x, y) in xy {
        length[y] = length[y].max(x as i64 + 1);
    }
    let longest = *length.iter().max()?;
    let sums: Vec<(i64, i64)> = xy
        .iter()
        .map(|&(x, y)| {
            let column = 2 * x as i64 + longest - length[y];
            let r = (rows - 1 - y) as i64;
            (column - r, column + r)
        })
        .collect();
    let parity = sums[0].0.rem_euclid(2);
    if sums.iter().any(|s| s.0.rem_euclid(2) != parity) {
        return None;
    }
    let low_f = sums.iter().map(|s| s.0).min()?;
    let low_g = sums.iter().map(|s| s.1).min()?;
    Some(
        sums.iter()
            .map(|&(f, g)| (((f - low_f) / 2) as usize, ((g - low_g) / 2) as usize))
            .collect(),
    )
}

/// `e5` for file 4, rank 4 (both from 0).
pub fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

/// The names moves and positions print: file-rank names on generated rectangles and
/// hexagons ([`file_rank`]), otherwise the vertex names themselves.
pub fn display_names(vertices: &[String]) -> Vec<String> {
    match file_rank(vertices) {
        Some(p) => p.cells.iter().map(|&(f, r)| square_name(f, r)).collect(),
        None => vertices.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn rectangle_vertices_get_chess_names() {
        let v = names(&["rx0y0", "rx1y0", "rx0y1", "rx1y1"]);
        assert_eq!(display_names(&v), ["a2", "b2", "a1", "b1"]);
        let other = names(&["rx0y0", "centre"]);
        assert_eq!(display_names(&other), other);
        // `rx01y0` and `rx1y0` are one square: keep the game's names.
        let clash = names(&["rx01y0", "rx1y0"]);
        assert_eq!(display_names(&clash), clash);
    }

    #[test]
    fn a_hex_rhombus_is_named_along_its_diagonals() {
        // Rows of 1, 2, 1 cells: a 2x2 rhombus on a corner.
        let v = names(&["hx0y0", "hx0y1", "hx1y1", "hx0y2"]);
        // Top, left, right and bottom corners: the left one is a1, the right one b2.
        assert_eq!(display_names(&v), ["a2", "a1", "b2", "b1"]);
    }

    #[test]
    fn a_hexagon_of_side_two_has_three_files_and_ranks() {
        let v = names(&[
            "hx0y0", "hx1y0", "hx0y1", "hx1y1", "hx2y1", "hx0y2", "hx1y2",
        ]);
        let p = file_rank(&v).unwrap();
        assert_eq!(p.grid, Grid::Hexagon);
        assert_eq!(
            display_names(&v),
            ["a2", "b3", "a1", "b2", "c3", "b1", "c2"]
        );
        // Rows whose lengths jump by two fit no hexagonal grid.
        assert_eq!(
            file_rank(&names(&["hx0y0", "hx0y1", "hx1y1", "hx2y1"])),
            None
        );
    }
}
