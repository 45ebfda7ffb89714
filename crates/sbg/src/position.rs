//! SBG positions as one FEN-like line, and SBG move notation.
//!
//! `rnbqk/ppppp/5/5/PPPPP/RNBQK w 0`: the rows from the top (black's side) down, separated by
//! `/`, pieces as on the board (uppercase white), a number for a run of empty squares; then
//! the side to move (`w` or `b`), the plies played, and, only when a goal ended the game, the
//! result (`white-won`, `black-won`, `draw`), which the board alone cannot tell (a piece may
//! stand on a goal square it did not just reach). Moves are `b2-b3`: from-square, to-square,
//! files `a..` and ranks `1..` from white's side (`(x,y)-(x,y)` on boards wider than 26).

use crate::ast::{Board, Piece, Side};
use game::text::{end_span, position_lines, Word};
use game::PositionError;

/// How a finished game ended, when a goal (not the lack of moves) ended it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Won(Side),
    Draw,
}

/// Everything a position text says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub board: Board,
    pub to_move: Side,
    pub ply: u32,
    pub ending: Option<Ending>,
}

/// The name of square `(x, y)` on a board `width` wide.
pub fn square_name(x: usize, y: usize, width: usize) -> String {
    if width <= 26 {
        format!("{}{}", (b'a' + x as u8) as char, y + 1)
    } else {
        format!("({x},{y})")
    }
}

/// The position as one line.
pub fn print_position(p: &Position) -> String {
    let b = &p.board;
    let mut rows = Vec::new();
    for y in (0..b.height).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for x in 0..b.width {
            match b.get(x, y) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(piece.letter());
                }
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let side = if p.to_move == Side::White { "w" } else { "b" };
    let mut s = format!("{} {side} {}", rows.join("/"), p.ply);
    match p.ending {
        Some(Ending::Won(Side::White)) => s.push_str(" white-won"),
        Some(Ending::Won(Side::Black)) => s.push_str(" black-won"),
        Some(Ending::Draw) => s.push_str(" draw"),
        None => {}
    }
    s
}

/// Reads a position for a board `width` by `height`; comment lines (`#`) are ignored.
pub fn parse_position(text: &str, width: usize, height: usize) -> Result<Position, PositionError> {
    let lines = position_lines(text);
    let words: Vec<Word<'_>> = match lines.as_slice() {
        [line] => line.clone(),
        [] => {
            return Err(PositionError::new(
                "empty position",
                end_span(text),
                "expected `ROWS SIDE PLY`",
            ))
        }
        [_, second, ..] => {
            return Err(PositionError::new(
                "an SBG position is one line",
                second[0].span(),
                "unexpected second line",
            ))
        }
    };
    let board = parse_board(&words[0], width, height)?;
    let missing = |what: &str| {
        PositionError::new(
            format!("the position has no {what}"),
            words[words.len() - 1].span().end..words[words.len() - 1].span().end,
            format!("expected the {what} here"),
        )
    };
    let side = words.get(1).ok_or_else(|| missing("side to move"))?;
    let to_move = match side.text {
        "w" => Side::White,
        "b" => Side::Black,
        _ => {
            return Err(PositionError::new(
                format!("unknown side to move `{}`", side.text),
                side.span(),
                "expected `w` or `b`",
            ))
        }
    };
    let ply_word = words.get(2).ok_or_else(|| missing("ply count"))?;
    let ply = ply_word.text.parse::<u32>().map_err(|_| {
        PositionError::new(
            format!("`{}` is not a ply count", ply_word.text),
            ply_word.span(),
            "expected a number of plies (0 or more)",
        )
    })?;
    let ending = match words.get(3) {
        None => None,
        Some(w) => Some(match w.text {
            "white-won" => Ending::Won(Side::White),
            "black-won" => Ending::Won(Side::Black),
            "draw" => Ending::Draw,
            _ => {
                return Err(PositionError::new(
                    format!("unknown result `{}`", w.text),
                    w.span(),
                    "expected `white-won`, `black-won` or `draw`",
                ))
            }
        }),
    };
    if let Some(extra) = words.get(4) {
        return Err(PositionError::new(
            "unexpected text after the result",
            extra.span(),
            "nothing may follow the result",
        ));
    }
    Ok(Position {
        board,
        to_move,
        ply,
        ending,
    })
}

fn parse_board(word: &Word<'_>, width: usize, height: usize) -> Result<Board, PositionError> {
    let mut board = Board::empty(width, height);
    let rows: Vec<&str> = word.text.split('/').collect();
    if rows.len() != height {
        return Err(PositionError::new(
            format!("the board has {} rows, the game {height}", rows.len()),
            word.span(),
            format!("expected {height} rows separated by `/`"),
        ));
    }
    let mut at = word.start;
    for (i, row) in rows.iter().enumerate() {
        let y = height - 1 - i;
        let span = at..at + row.len();
        let mut x: usize = 0;
        let mut chars = row.char_indices().peekable();
        while let Some((j, c)) = chars.next() {
            if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap_or(0) as usize;
                while let Some(&(_, d)) = chars.peek() {
                    let Some(v) = d.to_digit(10) else { break };
                    n = n.saturating_mul(10).saturating_add(v as usize);
                    chars.next();
                }
                x = x.saturating_add(n);
            } else if let Some(p) = Piece::from_letter(c) {
                if x < width {
                    board.set(x, y, Some(p));
                }
                x += 1;
            } else {
                let s = at + j;
                return Err(PositionError::new(
                    format!("unknown piece `{c}`"),
                    s..s + c.len_utf8(),
                    "expected a letter (a piece) or a number (empty squares)",
                ));
            }
        }
        if x != width {
            return Err(PositionError::new(
                format!("row {} has {x} squares, the board is {width} wide", y + 1),
                span,
                format!("expected {width} squares"),
            ));
        }
        at += row.len() + 1;
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prints_and_reads_a_small_position() {
        let mut board = Board::empty(3, 2);
        board.set(0, 0, Piece::from_letter('K'));
        board.set(2, 1, Piece::from_letter('q'));
        let p = Position {
            board,
            to_move: Side::Black,
            ply: 7,
            ending: Some(Ending::Won(Side::White)),
        };
        let text = print_position(&p);
        assert_eq!(text, "2q/K2 b 7 white-won");
        assert_eq!(parse_position(&text, 3, 2), Ok(p));
    }

    #[test]
    fn reports_where_a_row_is_too_long() {
        let e = parse_position("# comment\n3/K3 w 0\n", 3, 2).unwrap_err();
        assert_eq!(&"# comment\n3/K3 w 0\n"[e.span.clone()], "K3");
        assert!(e.message.contains("4 squares"), "{}", e.message);
    }
}
