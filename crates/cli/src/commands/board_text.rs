//! Boards drawn as text for a person at the terminal (`play` with a human, `show --text`):
//! rectangles as a grid with files `a..` and ranks `1..`, hexagons as offset rows of cells,
//! cuboids as one grid per layer. Cells hold piece names; an empty string is an empty cell.

/// A grid with files a.. and ranks 1.. (rank 1 at the bottom); `cell(x, y)` with `y = 0` at
/// the bottom is the text in a cell (empty for an empty cell).
pub fn algebraic_grid(
    width: usize,
    height: usize,
    cell: impl Fn(usize, usize) -> String,
) -> String {
    let files: Vec<String> = (0..width)
        .map(|x| ((b'a' + x as u8) as char).to_string())
        .collect();
    let ranks: Vec<String> = (0..height).rev().map(|y| (y + 1).to_string()).collect();
    labelled_grid(&files, &ranks, |x, row| cell(x, height - 1 - row))
}

/// A grid with the given column labels (below) and row labels (left, top row first);
/// `cell(x, row)` counts rows from the top.
pub fn labelled_grid(
    columns: &[String],
    rows: &[String],
    cell: impl Fn(usize, usize) -> String,
) -> String {
    let width = columns.len();
    let cells: Vec<Vec<String>> = (0..rows.len())
        .map(|r| (0..width).map(|x| cell(x, r)).collect())
        .collect();
    let w = cells
        .iter()
        .flatten()
        .chain(columns)
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let margin = rows
        .iter()
        .map(|r| r.chars().count())
        .max()
        .unwrap_or(0)
        .max(2);
    let line = |l: char, m: char, r: char| {
        let mut t = " ".repeat(margin + 1);
        t.push(l);
        for x in 0..width {
            t.push_str(&"─".repeat(w + 2));
            t.push(if x + 1 == width { r } else { m });
        }
        t.push('\n');
        t
    };
    let mut s = line('┌', '┬', '┐');
    for (r, label) in rows.iter().enumerate() {
        s.push_str(&format!("{label:>margin$} │"));
        for c in &cells[r] {
            s.push_str(&format!(" {c:^w$} │"));
        }
        s.push('\n');
        s.push_str(&if r + 1 == rows.len() {
            line('└', '┴', '┘')
        } else {
            line('├', '┼', '┤')
        });
    }
    s.push_str(&" ".repeat(margin + 2));
    for c in columns {
        s.push_str(&format!(" {c:^w$}  "));
    }
    s.push('\n');
    s
}

/// The board of an RBG game drawn from its vertex names, when every vertex comes from one
/// generator: `display` are the names moves print (`e2` on rectangles), `vertices` the
/// game's (`hx3y1`, `cx0y2z1`), `cell(v)` the text in vertex `v`. `None` for other graphs.
pub fn rbg_board(
    vertices: &[String],
    display: &[String],
    cell: impl Fn(usize) -> String,
) -> Option<String> {
    // Hexagons first: their file-rank names are not a rectangle's.
    if let Some(at) = all_coords(vertices, |n| ir::coords::generated_xy(n, "hx")) {
        return hexagon(&at, display, &cell);
    }
    if let Some(at) = all_coords(display, algebraic) {
        let (width, height) = extent(&at);
        let grid = place(&at, width, height, &cell)?;
        return Some(algebraic_grid(width, height, |x, y| {
            grid[y * width + x].clone()
        }));
    }
    if let Some(at) = all_coords(vertices, cuboid) {
        return layers(&at, &cell);
    }
    None
}

fn all_coords<T>(names: &[String], parse: impl Fn(&str) -> Option<T>) -> Option<Vec<T>> {
    (!names.is_empty())
        .then(|| names.iter().map(|n| parse(n)).collect())
        .flatten()
}

/// `e2` → (4, 1): file from `a`, rank from 1 at the bottom.
fn algebraic(name: &str) -> Option<(usize, usize)> {
    let mut c = name.chars();
    let x = (c.next()? as usize).checked_sub('a' as usize)?;
    let rank = c.as_str().parse::<usize>().ok()?.checked_sub(1)?;
    Some((x, rank))
}

/// `cx0y2z1` → (0, 2, 1).
fn cuboid(name: &str) -> Option<(usize, usize, usize)> {
    let (xy, z) = name.split_once('z')?;
    let (x, y) = ir::coords::generated_xy(xy, "cx")?;
    Some((x, y, number(z)?))
}

fn number(s: &str) -> Option<usize> {
    (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

fn extent(at: &[(usize, usize)]) -> (usize, usize) {
    let width = at.iter().map(|c| c.0 + 1).max().unwrap_or(0);
    let height = at.iter().map(|c| c.1 + 1).max().unwrap_or(0);
    (width, height)
}

/// The cells laid out row-major; `None` when the names leave the grid mostly empty (names
/// like `a1000` are not a board worth drawing).
fn place(
    at: &[(usize, usize)],
    width: usize,
    height: usize,
    cell: &impl Fn(usize) -> String,
) -> Option<Vec<String>> {
    if width.checked_mul(height)? > 4 * at.len() + 64 {
        return None;
    }
    let mut grid = vec![String::new(); width * height];
    for (v, &(x, y)) in at.iter().enumerate() {
        grid[y * width + x] = cell(v);
    }
    Some(grid)
}

/// Rows of hexagonal cells, each row shifted by half a cell from its neighbours as in the
/// game text (row `y` lists `hx0y{y}`, `hx1y{y}`, ... from the left); `·` is an empty cell.
/// Each row is flanked by the names of its end cells (`display`: file-rank names along the
/// diagonals, `ir::coords`, or the game's names).
fn hexagon(
    at: &[(usize, usize)],
    display: &[String],
    cell: &impl Fn(usize) -> String,
) -> Option<String> {
    let (width, height) = extent(at);
    let grid = place(at, width, height, cell)?;
    let mut name = vec![String::new(); width * height];
    let mut length = vec![0usize; height];
    for (v, &(x, y)) in at.iter().enumerate() {
        length[y] = length[y].max(x + 1);
        name[y * width + x].clone_from(&display[v]);
    }
    let longest = length.iter().copied().max().unwrap_or(0);
    let w = grid
        .iter()
        .map(|c| c.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let step = (w + 1).div_ceil(2) * 2; // even, so half a cell is whole characters
    let margin = name.iter().map(|n| n.chars().count()).max().unwrap_or(1);
    let mut s = match display.first().and_then(|d| algebraic(d)) {
        Some(_) => String::from(
            "cells are file-rank: files a.. go up to the right (/), ranks 1.. up to the left (\\)\n",
        ),
        None => String::from("cells are hx<column>y<row>, columns counted from each row's left end\n"),
    };
    for y in 0..height {
        let indent = (longest - length[y]) * step / 2;
        let first = &name[y * width];
        s.push_str(&format!("{first:>margin$}  {}", " ".repeat(indent)));
        let row: Vec<String> = (0..length[y])
            .map(|x| {
                let c = &grid[y * width + x];
                let c = if c.is_empty() { "·" } else { c };
                format!("{c:^w$}")
            })
            .collect();
        s.push_str(&row.join(&" ".repeat(step - w)));
        let last = &name[y * width + length[y].saturating_sub(1)];
        s.push_str(format!("  {last}").trim_end());
        s.push('\n');
    }
    Some(s)
}

/// One grid per layer (`z0` is the back layer), columns `x0..`, rows `y0..` from the top.
fn layers(at: &[(usize, usize, usize)], cell: &impl Fn(usize) -> String) -> Option<String> {
    let width = at.iter().map(|c| c.0 + 1).max().unwrap_or(0);
    let height = at.iter().map(|c| c.1 + 1).max().unwrap_or(0);
    let depth = at.iter().map(|c| c.2 + 1).max().unwrap_or(0);
    if width.checked_mul(height)?.checked_mul(depth)? > 4 * at.len() + 64 {
        return None;
    }
    let mut grid = vec![String::new(); width * height * depth];
    for (v, &(x, y, z)) in at.iter().enumerate() {
        grid[(z * height + y) * width + x] = cell(v);
    }
    let columns: Vec<String> = (0..width).map(|x| format!("x{x}")).collect();
    let rows: Vec<String> = (0..height).map(|y| format!("y{y}")).collect();
    let mut s = String::from("cells are cx<column>y<row>z<layer>\n");
    for z in 0..depth {
        s.push_str(&format!("layer z{z}\n"));
        s.push_str(&labelled_grid(&columns, &rows, |x, y| {
            grid[(z * height + y) * width + x].clone()
        }));
    }
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn hexagon_rows_are_offset_by_half_a_cell() {
        // A hexagon with two cells per side: rows of 2, 3, 2 cells.
        let v = names(&[
            "hx0y0", "hx1y0", "hx0y1", "hx1y1", "hx2y1", "hx0y2", "hx1y2",
        ]);
        let display = ir::coords::display_names(&v);
        let text = rbg_board(&v, &display, |i| {
            if i == 3 {
                "w".into()
            } else {
                String::new()
            }
        });
        assert_eq!(
            text.unwrap(),
            "cells are file-rank: files a.. go up to the right (/), ranks 1.. up to the left (\\)\n\
             a2   · ·  b3\n\
             a1  · w ·  c3\n\
             b1   · ·  c2\n"
        );
        let text = rbg_board(&v, &v, |_| String::new()).unwrap();
        assert!(text.starts_with("cells are hx<column>y<row>"), "{text}");
        assert!(text.contains("hx0y1  · · ·  hx2y1\n"), "{text}");
    }

    #[test]
    fn cuboid_layers_are_drawn_one_grid_each() {
        let v = names(&["cx0y0z0", "cx1y0z0", "cx0y0z1", "cx1y0z1"]);
        let text = rbg_board(&v, &v, |i| if i == 2 { "x".into() } else { String::new() }).unwrap();
        assert!(text.starts_with("cells are cx<column>y<row>z<layer>\nlayer z0\n"));
        assert_eq!(text.matches("layer z").count(), 2);
        let second = text.split("layer z1\n").nth(1).unwrap();
        assert!(second.contains("y0 │ x  │    │"), "{second}");
    }

    #[test]
    fn other_graphs_are_not_drawn() {
        let v = names(&["centre", "a1"]);
        assert_eq!(rbg_board(&v, &v, |_| String::new()), None);
    }
}
