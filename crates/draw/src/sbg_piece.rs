//! A piece's moves from a central square of an empty board, like the SBG spec's Figure 3:
//! green dots where it can move (words whose letters all read empty squares), red rings where
//! it captures (the last letter reads an opponent piece, the others empty squares), blue squares
//! where it captures a piece of its own side (a last letter `w`). A legend under the board
//! names the marks shown. Words that need other pieces on the way (jumps over pieces) cannot
//! show on an empty board.

use crate::sbg_board::{piece, square_colour, CELL};
use crate::svg::Svg;
use sbg::automaton::Dfa;
use sbg::{Game, On, Side};
use std::collections::{BTreeSet, HashSet};

const MARGIN: f64 = 16.0;
const MOVE: (&str, &str) = ("#2e8b57", "#1b5e3a");
const CAPTURE: &str = "#c0392b";
const SELF_CAPTURE: &str = "#2f6fbf";
/// Height of one legend line.
const LINE: f64 = 18.0;

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
    let mut self_captures = BTreeSet::new();
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
                On::Own if dfa.accepting[to] => {
                    self_captures.insert((nx, ny));
                }
                _ => {}
            }
        }
    }
    let legend = legend_lines(moves.len(), captures.len(), self_captures.len());
    let board_bottom = MARGIN + h as f64 * CELL;
    let caption = format!("{kind} on an empty board (white; black mirrors)");
    // Text is about 0.6 em wide per character; a small board widens to fit its legend.
    let text_width = |chars: usize, indent: f64| chars as f64 * 12.0 * 0.6 + indent;
    let widest = legend
        .iter()
        .map(|(_, t)| text_width(t.chars().count(), 22.0))
        .fold(text_width(caption.chars().count(), 0.0), f64::max);
    let width = (w as f64 * CELL).max(widest) + 2.0 * MARGIN;
    let left = (width - w as f64 * CELL) / 2.0;
    let mut svg = Svg::new(
        width,
        board_bottom + 20.0 + LINE * legend.len() as f64 + MARGIN / 2.0,
    );
    let pos = |x: i64, y: i64| {
        (
            left + (x as f64 + 0.5) * CELL,
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
        mark(&mut svg, Mark::Move, px, py, 1.0);
    }
    for &(x, y) in &captures {
        let (px, py) = pos(x, y);
        mark(&mut svg, Mark::Capture, px, py, 1.0);
    }
    for &(x, y) in &self_captures {
        let (px, py) = pos(x, y);
        mark(&mut svg, Mark::SelfCapture, px, py, 1.0);
    }
    let (px, py) = pos(cx, cy);
    piece(&mut svg, px, py, Side::White, &kind.to_string());
    svg.text(width / 2.0, board_bottom + 12.0, 12.0, "#333", &caption);
    for (i, (m, text)) in legend.iter().enumerate() {
        let y = board_bottom + 20.0 + LINE * (i as f64 + 0.5);
        mark(&mut svg, *m, MARGIN + 8.0, y, 0.45);
        svg.text_start(MARGIN + 22.0, y, 12.0, "#333", text);
    }
    Some(svg.finish(&format!("{} — piece {kind}", game.name.trim())))
}

#[derive(Clone, Copy)]
enum Mark {
    Move,
    Capture,
    SelfCapture,
}

/// The legend: one line per kind of mark the picture shows (moves always, with their count).
fn legend_lines(moves: usize, captures: usize, self_captures: usize) -> Vec<(Mark, String)> {
    let squares = |n: usize| if n == 1 { "square" } else { "squares" };
    let mut lines = vec![(
        Mark::Move,
        format!("moves to an empty square ({moves} {})", squares(moves)),
    )];
    if captures > 0 {
        lines.push((
            Mark::Capture,
            format!(
                "captures an opponent's piece ({captures} {})",
                squares(captures)
            ),
        ));
    }
    if self_captures > 0 {
        lines.push((
            Mark::SelfCapture,
            format!(
                "captures a piece of its own side ({self_captures} {})",
                squares(self_captures)
            ),
        ));
    }
    lines
}

/// One mark at full size on the board (`scale` 1) or smaller in the legend.
fn mark(svg: &mut Svg, m: Mark, x: f64, y: f64, scale: f64) {
    match m {
        Mark::Move => svg.circle(x, y, CELL * 0.15 * scale.max(0.8), MOVE.0, MOVE.1),
        Mark::Capture => svg.circle(x, y, CELL * 0.3 * scale, "none", CAPTURE),
        Mark::SelfCapture => {
            let r = CELL * 0.3 * scale;
            svg.rect(x - r, y - r, 2.0 * r, 2.0 * r, "none", SELF_CAPTURE)
        }
    }
}
