//! An SBG initial position. The letters K, Q, R, B, N and P are drawn as chess pieces
//! ([`crate::pieces`]) whatever their rules say; other letters (fairy pieces: cannons,
//! griffins, ogres, ...) as discs carrying the letter, as the game names them.

use crate::pieces;
use crate::svg::{Area, Svg};
use sbg::{Game, Side};

pub const CELL: f64 = 48.0;
const MARGIN: f64 = 28.0;

pub(crate) fn square_colour(x: usize, y: usize) -> &'static str {
    if (x + y).is_multiple_of(2) {
        "#b58863"
    } else {
        "#f0d9b5"
    }
}

/// Draws a piece: a chess piece for K, Q, R, B, N and P, otherwise a disc with its letter
/// (white pieces light with a dark letter, black pieces the reverse).
pub(crate) fn piece(svg: &mut Svg, cx: f64, cy: f64, side: Side, label: &str) {
    let mut letters = label.chars();
    if let (Some(kind), None) = (letters.next().and_then(pieces::from_letter), letters.next()) {
        pieces::draw(svg, kind, side == Side::White, cx, cy, CELL * 0.86);
        return;
    }
    let (fill, ink) = match side {
        Side::White => ("#fafafa", "#111"),
        Side::Black => ("#222", "#fafafa"),
    };
    svg.circle(cx, cy, CELL * 0.36, fill, "#111");
    svg.text(cx, cy, CELL * 0.4, ink, label);
}

/// The board as a grid, white (uppercase) at the bottom, files a.. and ranks 1...
pub fn sbg_board(game: &Game) -> String {
    sbg_board_with(game, false)
}

/// [`sbg_board`], with each square's name (`a1`) written in it when `labels`.
pub fn sbg_board_with(game: &Game, labels: bool) -> String {
    board(game, labels, false)
}

/// [`sbg_board`] for a page where squares are clicked: each square is a target
/// ([`Svg::target`]) named as moves name it (`sbg::position::square_name`).
pub fn sbg_board_clickable(game: &Game) -> String {
    board(game, false, true)
}

fn board(game: &Game, labels: bool, clickable: bool) -> String {
    let b = &game.board;
    let (w, h) = (b.width as f64, b.height as f64);
    let mut svg = Svg::new(w * CELL + 2.0 * MARGIN, h * CELL + 2.0 * MARGIN);
    for y in 0..b.height {
        for x in 0..b.width {
            let px = MARGIN + x as f64 * CELL;
            let py = MARGIN + (b.height - 1 - y) as f64 * CELL;
            svg.rect(px, py, CELL, CELL, square_colour(x, y), "none");
            if labels {
                let name = format!("{}{}", (b'a' + (x % 26) as u8) as char, y + 1);
                svg.text_start(px + 2.0, py + 6.0, CELL * 0.18, "#5a4330", &name);
            }
            if let Some(p) = b.get(x, y) {
                piece(
                    &mut svg,
                    px + CELL / 2.0,
                    py + CELL / 2.0,
                    p.side,
                    &p.kind.to_string(),
                );
            }
        }
    }
    if clickable {
        for y in 0..b.height {
            for x in 0..b.width {
                let area = Area::Rect {
                    x: MARGIN + x as f64 * CELL,
                    y: MARGIN + (b.height - 1 - y) as f64 * CELL,
                    w: CELL,
                    h: CELL,
                };
                svg.target(&area, &sbg::position::square_name(x, y, b.width));
            }
        }
    }
    for x in 0..b.width {
        let label = ((b'a' + (x % 26) as u8) as char).to_string();
        svg.text(
            MARGIN + (x as f64 + 0.5) * CELL,
            MARGIN + h * CELL + 12.0,
            12.0,
            "#333",
            &label,
        );
    }
    for y in 0..b.height {
        let py = MARGIN + (h - 1.0 - y as f64 + 0.5) * CELL;
        svg.text(MARGIN - 12.0, py, 12.0, "#333", &(y + 1).to_string());
    }
    svg.finish(game.name.trim())
}
