//! What a hexagon board shows besides its cells: file and rank names on the rim (the
//! diagonal axes of `ir::coords`), and on a rhombus of two players named by colours (Hex)
//! each player's sides in that colour. Which sides a player joins is Hex's convention, not
//! read from the rules: the first player the files `a` and last (upper left and lower right
//! sides), the second the ranks 1 and last (lower left and upper right), as
//! `corpus/rbg/hex.rbg` plays it.

use crate::picture::named_colour;
use ir::coords::square_name;

/// Up to the right along a file, in cell units (y grows downwards).
const NE: (f64, f64) = (0.5, -0.866);
/// Up to the left along a rank.
const NW: (f64, f64) = (-0.5, -0.866);

/// File letters below each file's lowest cell (down to the left of it) and rank numbers
/// beyond each rank's first cell (up to the left), at `pos` in cell units.
pub(crate) fn rim(cells: &[(usize, usize)], pos: &[(f64, f64)]) -> Vec<(String, (f64, f64))> {
    let files = cells.iter().map(|c| c.0 + 1).max().unwrap_or(0);
    let ranks = cells.iter().map(|c| c.1 + 1).max().unwrap_or(0);
    let mut out = Vec::new();
    let at = |v: usize, step: (f64, f64)| (pos[v].0 + 0.85 * step.0, pos[v].1 + 0.85 * step.1);
    for f in 0..files {
        let lowest = (0..cells.len())
            .filter(|&v| cells[v].0 == f)
            .min_by_key(|&v| cells[v].1);
        if let Some(v) = lowest {
            let letter = square_name(f, 0).chars().take(1).collect();
            out.push((letter, at(v, (-NE.0, -NE.1))));
        }
    }
    for r in 0..ranks {
        let first = (0..cells.len())
            .filter(|&v| cells[v].1 == r)
            .min_by_key(|&v| cells[v].0);
        if let Some(v) = first {
            out.push(((r + 1).to_string(), at(v, NW)));
        }
    }
    out
}

/// The sides of the rim cells in their player's colour (cell, side as `picture` numbers
/// them, colour), when the board is a rhombus and both players are named by colours.
pub(crate) fn sides(
    cells: &[(usize, usize)],
    players: &[String],
) -> Vec<(usize, usize, &'static str)> {
    let n = cells.iter().map(|c| c.0.max(c.1) + 1).max().unwrap_or(0);
    let colours: Option<Vec<&'static str>> = players
        .iter()
        .map(|p| named_colour(p).map(|c| c.0))
        .collect();
    let (Some(colours), true) = (colours, cells.len() == n * n && players.len() == 2) else {
        return Vec::new();
    };
    let last = n - 1;
    let mut out = Vec::new();
    for (v, &(f, r)) in cells.iter().enumerate() {
        let on_file_side = f == 0 || f == last;
        let on_rank_side = r == 0 || r == last;
        // Sides: 0 lower right, 1 lower left, 2 left, 3 upper left, 4 upper right, 5 right.
        // The left and right sides of a corner cell belong to neither player.
        let mut add = |side: usize, player: usize, shared: bool| {
            if !(shared && on_file_side && on_rank_side) {
                out.push((v, side, colours[player]));
            }
        };
        if f == 0 {
            add(3, 0, false);
            add(2, 0, true);
        }
        if f == last {
            add(0, 0, false);
            add(5, 0, true);
        }
        if r == 0 {
            add(1, 1, false);
            add(2, 1, true);
        }
        if r == last {
            add(4, 1, false);
            add(5, 1, true);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rhombus_gives_each_player_two_sides() {
        // 2x2 rhombus: a1 left corner, b2 right corner, a2 top, b1 bottom.
        let cells = [(0, 1), (0, 0), (1, 1), (1, 0)];
        let players = ["red".to_string(), "blue".to_string()];
        let s = sides(&cells, &players);
        let red = s.iter().filter(|x| x.2 == "#d7362b").count();
        let blue = s.iter().filter(|x| x.2 == "#2f62c9").count();
        // Each of the four cells is a corner: only the slanted sides are coloured.
        assert_eq!((red, blue), (4, 4), "{s:?}");
        assert!(sides(&cells, &["x".to_string(), "o".to_string()]).is_empty());
        assert!(sides(&cells[..3], &players).is_empty(), "not a rhombus");
    }
}
