//! A piece's moves from a central square of an empty board, like the SBG spec's Figure 3:
//! green dots where it can move (words whose letters all read empty squares), red rings where
//! it captures (the last letter reads an opponent piece, the others empty squares). Words that
//! need other pieces on the way (jumps over pieces) cannot show on an empty board.

use crate::sbg_board::{piece, square_colour, CELL};
use crate::svg::Svg;
use sbg::automaton::Dfa;
use sbg::{Game, On, Side};
use std::collections::{BTreeSet, HashSet};

const MARGIN: f64 = 16.0;

/// `None` if the game has no rule for `kind`.
pub fn sbg_piece_moves(game: &Game, kind: char) -> Option<String> {
    let kind = kind.to_ascii_uppercase();
    let rule = game.rule(kind)?;
    let dfa = Dfa::from_expr(kind, &rule.expr).ok()?;
    let (w, h) = (game.board.width.max(3), game.board.height.max(3));
    let (w, h) = (w | 1, h | 1); // odd sizes have a true centre
    let (cx, cy) = ((w / 2) as i64, (h / 2) as i64);
    let mut moves = BTreeSet::new();
    let mut captures = BTreeSet::new();
    let mut seen = HashSet::new();
    let mut stack = vec![(0usize, cx, cy)];
    while let Some((q, x, y)) = stack.pop() {
        if !seen.insert((q, x, y)) {
            continue;
        }
        for &(li, to) in &dfa.edges[q] {
            let l = dfa.alphabet[li];
            let (nx, ny) = (x + l.dx as i64, y + l.dy as i64);
            if nx < 0 || ny < 0 || nx >= w as i64 || ny >= h as i64 {
                continue;
            }
            let at_origin = nx == cx && ny == cy;
            match l.on {
                On::Empty if !at_origin => {
                    if dfa.accepting[to] {
                        moves.insert((nx, ny));
                    }
                    stack.push((to, nx, ny));
                }
                On::Opponent if !at_origin && dfa.accepting[to] => {
                    captures.insert((nx, ny));
                }
                On::Own if at_origin => stack.push((to, nx, ny)),
                _ => {}
            }
        }
    }
    let mut svg = Svg::new(
        w as f64 * CELL + 2.0 * MARGIN,
        h as f64 * CELL + 2.0 * MARGIN + 20.0,
    );
    let pos = |x: i64, y: i64| {
        (
            MARGIN + (x as f64 + 0.5) * CELL,
            MARGIN + ((h as i64 - 1 - y) as f64 + 0.5) * CELL,
        )
    };
    for y in 0..h {
        for x in 0..w {
            let (px, py) = pos(x as i64, y as i64);
            svg.rect(
                px - CELL / 2.0,
                py - CELL / 2.0,
                CELL,
                CELL,
                square_colour(x, y),
                "none",
            );
        }
    }
    for &(x, y) in &moves {
        let (px, py) = pos(x, y);
        svg.circle(px, py, CELL * 0.15, "#2e8b57", "#1b5e3a");
    }
    for &(x, y) in &captures {
        let (px, py) = pos(x, y);
        svg.circle(px, py, CELL * 0.3, "none", "#c0392b");
    }
    let (px, py) = pos(cx, cy);
    piece(&mut svg, px, py, Side::White, &kind.to_string());
    svg.text(
        MARGIN + w as f64 * CELL / 2.0,
        MARGIN + h as f64 * CELL + 12.0,
        12.0,
        "#333",
        &format!(
            "{kind}: {} moves, {} captures on an empty board (white; black mirrors)",
            moves.len(),
            captures.len()
        ),
    );
    Some(svg.finish(&format!("{} — piece {kind}", game.name.trim())))
}
