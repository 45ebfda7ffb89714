//! The training-log format of the paper (Björnsson 2012, Figure 4): a reader with codespan
//! diagnostics and a writer. The full format is documented in `docs/learner.md`.
//!
//! ```text
//! 0                      record number = ply of the position in its game (0 starts a game)
//! rnbqkbnr               board rows, top row first, one character per square
//! ...                    ('.' empty, uppercase white, lowercase black)
//! RNBQKBNR
//!                        blank line
//! *                      outcome: * ongoing, -1 / 0 / 1 lost / tied / won for the player just moving
//! 0 all 20               player to move (0 white, 1 black), listing (all | some), number of moves
//! (1 (1 2 e))            one move a line: from-square (a1=0, b1=1, ...), then the letters
//! ```
//!
//! Letters are written as observed on the board: a black pawn stepping down is `(0 -1 e)`.

use codespan_reporting::diagnostic::{Diagnostic, Label};
use sbg::{Board, Letter, On, Piece, Side};
use std::fmt::Write;
use std::ops::Range;

/// Outcome of a position for the player who just moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `*`: not terminal.
    Ongoing,
    /// `-1`
    Lost,
    /// `0`
    Tie,
    /// `1`
    Won,
}

/// Whether a record lists every legal move or only some (typically the one played).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Listing {
    All,
    Some,
}

/// One observed piece-movement pattern: the piece on `from` (`y * width + x`) moved along
/// `letters`, given in board coordinates (as observed, not mirrored for black).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LoggedMove {
    pub from: usize,
    pub letters: Vec<Letter>,
}

/// One training record: a position and some or all of its legal moves. The first listed move is
/// the one played (when the game continued).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The ply of the position in its game; 0 starts a new game.
    pub number: u32,
    pub board: Board,
    pub outcome: Outcome,
    pub to_move: Side,
    pub listing: Listing,
    pub moves: Vec<LoggedMove>,
    /// Byte range of the record in the log it was read from (empty for records built in code).
    pub span: Range<usize>,
}

impl Record {
    /// The square reached by a move, if every step stays on the board.
    pub fn destination(&self, mv: &LoggedMove) -> Option<usize> {
        let (w, h) = (self.board.width as i64, self.board.height as i64);
        let (mut x, mut y) = ((mv.from as i64) % w, (mv.from as i64) / w);
        for l in &mv.letters {
            x += i64::from(l.dx);
            y += i64::from(l.dy);
            if !(0..w).contains(&x) || !(0..h).contains(&y) {
                return None;
            }
        }
        Some((y * w + x) as usize)
    }
}

/// The text of a log.
pub fn write_log(records: &[Record]) -> String {
    let mut out = String::new();
    for r in records {
        let _ = writeln!(out, "{}", r.number);
        for y in (0..r.board.height).rev() {
            for x in 0..r.board.width {
                out.push(r.board.get(x, y).map_or('.', Piece::letter));
            }
            out.push('\n');
        }
        out.push('\n');
        out.push_str(match r.outcome {
            Outcome::Ongoing => "*",
            Outcome::Lost => "-1",
            Outcome::Tie => "0",
            Outcome::Won => "1",
        });
        let listing = match r.listing {
            Listing::All => "all",
            Listing::Some => "some",
        };
        let _ = writeln!(out, "\n{} {} {}", r.to_move.index(), listing, r.moves.len());
        for m in &r.moves {
            let _ = write!(out, "({}", m.from);
            for l in &m.letters {
                let _ = write!(out, " ({} {} {})", l.dx, l.dy, l.on.as_char());
            }
            out.push_str(")\n");
        }
        out.push('\n');
    }
    out
}

/// Reads a log. Errors name the record (by its number and line) and point at the offending text.
pub fn parse_log(src: &str) -> Result<Vec<Record>, Vec<Diagnostic<()>>> {
    let mut p = Reader {
        src,
        lines: lines(src),
        at: 0,
        errors: Vec::new(),
        move_spans: Vec::new(),
    };
    let mut records = Vec::new();
    loop {
        p.skip_blank();
        if p.at >= p.lines.len() {
            break;
        }
        match p.record() {
            Ok(r) => {
                if let Some(first) = records.first() {
                    let first: &Record = first;
                    if (first.board.width, first.board.height) != (r.board.width, r.board.height) {
                        p.errors.push(error(
                            format!(
                                "record {}: the board is {}x{}, the first record's is {}x{}",
                                r.number,
                                r.board.width,
                                r.board.height,
                                first.board.width,
                                first.board.height
                            ),
                            r.span.clone(),
                            "this record",
                        ));
                    }
                }
                p.check_moves(&r);
                records.push(r);
            }
            Err(()) => break,
        }
        if p.errors.len() >= 20 {
            break;
        }
    }
    if p.errors.is_empty() {
        Ok(records)
    } else {
        Err(p.errors)
    }
}

fn error(message: String, span: Range<usize>, label: &str) -> Diagnostic<()> {
    Diagnostic::error()
        .with_message(message)
        .with_labels(vec![Label::primary((), span).with_message(label)])
}

/// Lines with their byte offsets (line text without the line break).
fn lines(src: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = 0;
    for line in src.split_inclusive('\n') {
        let text = line.trim_end_matches(['\n', '\r']);
        out.push((start, text));
        start += line.len();
    }
    out
}

struct Reader<'a> {
    src: &'a str,
    lines: Vec<(usize, &'a str)>,
    at: usize,
    errors: Vec<Diagnostic<()>>,
    /// Spans of the moves of the record read last.
    move_spans: Vec<Range<usize>>,
}

impl Reader<'_> {
    fn skip_blank(&mut self) {
        while self.at < self.lines.len() && self.lines[self.at].1.trim().is_empty() {
            self.at += 1;
        }
    }

    fn span_of_line(&self, i: usize) -> Range<usize> {
        match self.lines.get(i) {
            Some(&(s, t)) => s..s + t.len(),
            None => self.src.len()..self.src.len(),
        }
    }

    fn fail<T>(&mut self, message: String, span: Range<usize>, label: &str) -> Result<T, ()> {
        self.errors.push(error(message, span, label));
        Err(())
    }

    fn record(&mut self) -> Result<Record, ()> {
        let start_line = self.at;
        let start = self.lines[start_line].0;
        let head = self.lines[start_line].1.trim();
        let Ok(number) = head.parse::<u32>() else {
            let span = self.span_of_line(start_line);
            return self.fail(
                format!("expected a record number, found `{head}`"),
                span,
                "a record starts with its number (the ply in its game)",
            );
        };
        let name = format!("record {number} (line {})", start_line + 1);
        self.at += 1;
        // Board rows: lines of '.' and letters.
        let mut rows: Vec<(usize, &str)> = Vec::new();
        while let Some(&(s, t)) = self.lines.get(self.at) {
            let t = t.trim();
            if t.is_empty() || !t.chars().all(|c| c == '.' || c.is_ascii_alphabetic()) {
                break;
            }
            rows.push((s, t));
            self.at += 1;
        }
        if rows.is_empty() {
            let span = self.span_of_line(self.at);
            return self.fail(
                format!("{name}: expected the board rows"),
                span,
                "rows of '.' and piece letters, top row first",
            );
        }
        let width = rows[0].1.len();
        for &(s, t) in &rows {
            if t.len() != width {
                return self.fail(
                    format!("{name}: board rows of different lengths"),
                    s..s + t.len(),
                    &format!("{} squares, the first row has {width}", t.len()),
                );
            }
        }
        let height = rows.len();
        let mut board = Board::empty(width, height);
        for (i, &(_, t)) in rows.iter().enumerate() {
            for (x, c) in t.chars().enumerate() {
                board.set(x, height - 1 - i, Piece::from_letter(c));
            }
        }
        self.skip_blank();
        // Outcome.
        let Some(&(s, t)) = self.lines.get(self.at) else {
            return self.truncated(&name, start, "the outcome");
        };
        let outcome = match t.trim() {
            "*" => Outcome::Ongoing,
            "-1" => Outcome::Lost,
            "0" => Outcome::Tie,
            "1" => Outcome::Won,
            other => {
                return self.fail(
                    format!("{name}: expected the outcome (*, -1, 0 or 1), found `{other}`"),
                    s..s + t.len(),
                    "outcome for the player who just moved",
                )
            }
        };
        self.at += 1;
        // Player, listing, count.
        let Some(&(s, t)) = self.lines.get(self.at) else {
            return self.truncated(&name, start, "the line `player listing count`");
        };
        let fields: Vec<&str> = t.split_whitespace().collect();
        let bad_header = |me: &mut Self, what: &str| {
            me.fail::<Record>(
                format!("{name}: expected `player all|some count`, {what}"),
                s..s + t.len(),
                "player to move (0 or 1), listing and number of moves",
            )
        };
        if fields.len() != 3 {
            return bad_header(self, &format!("found {} fields", fields.len()));
        }
        let to_move = match fields[0] {
            "0" => Side::White,
            "1" => Side::Black,
            f => return bad_header(self, &format!("the player is `{f}`")),
        };
        let listing = match fields[1] {
            "all" => Listing::All,
            "some" => Listing::Some,
            f => return bad_header(self, &format!("the listing is `{f}`")),
        };
        let Ok(count) = fields[2].parse::<usize>() else {
            return bad_header(self, &format!("the count is `{}`", fields[2]));
        };
        self.at += 1;
        // One move per line: the lines left bound what the count may reserve.
        let mut moves = Vec::with_capacity(count.min(self.lines.len().saturating_sub(self.at)));
        for i in 0..count {
            let Some(&(s, t)) = self.lines.get(self.at) else {
                return self.truncated(
                    &name,
                    start,
                    &format!("{count} moves, the log ends after {i}"),
                );
            };
            if t.trim().is_empty() {
                return self.fail(
                    format!("{name} is truncated: it announces {count} moves but lists {i}"),
                    start..s,
                    "this record",
                );
            }
            let mv = match parse_move(t, board.width * board.height) {
                Ok(m) => m,
                Err((msg, r)) => {
                    return self.fail(
                        format!("{name}, move {}: {msg}", i + 1),
                        s + r.start..s + r.end,
                        "here",
                    )
                }
            };
            moves.push((mv, s..s + t.len()));
            self.at += 1;
        }
        let end = self
            .lines
            .get(self.at - 1)
            .map_or(self.src.len(), |&(s, t)| s + t.len());
        let spans: Vec<Range<usize>> = moves.iter().map(|(_, r)| r.clone()).collect();
        self.move_spans = spans;
        Ok(Record {
            number,
            board,
            outcome,
            to_move,
            listing,
            moves: moves.into_iter().map(|(m, _)| m).collect(),
            span: start..end,
        })
    }

    fn truncated<T>(&mut self, name: &str, start: usize, what: &str) -> Result<T, ()> {
        let end = self.src.len();
        self.fail(
            format!("{name} is truncated: expected {what}"),
            start..end,
            "this record",
        )
    }
}

impl Reader<'_> {
    /// Impossible moves: from a square without a piece of the player to move, off the board, or
    /// a letter whose `on` does not match the board.
    fn check_moves(&mut self, r: &Record) {
        let (w, h) = (r.board.width as i64, r.board.height as i64);
        for (i, m) in r.moves.iter().enumerate() {
            let span = self.move_spans[i].clone();
            let name = format!("record {}, move {}", r.number, i + 1);
            let (x0, y0) = ((m.from as i64) % w, (m.from as i64) / w);
            let mover = match r.board.get(x0 as usize, y0 as usize) {
                Some(p) if p.side == r.to_move => p,
                Some(p) => {
                    self.errors.push(error(
                        format!(
                            "{name}: the piece on square {} is `{}`, not one of player {}'s",
                            m.from,
                            p.letter(),
                            r.to_move.index()
                        ),
                        span,
                        "impossible move",
                    ));
                    continue;
                }
                None => {
                    self.errors.push(error(
                        format!("{name}: square {} is empty", m.from),
                        span,
                        "impossible move",
                    ));
                    continue;
                }
            };
            let (mut x, mut y) = (x0, y0);
            for (k, l) in m.letters.iter().enumerate() {
                x += i64::from(l.dx);
                y += i64::from(l.dy);
                if !(0..w).contains(&x) || !(0..h).contains(&y) {
                    self.errors.push(error(
                        format!("{name}: step {} leaves the board", k + 1),
                        span.clone(),
                        "impossible move",
                    ));
                    break;
                }
                let found = match r.board.get(x as usize, y as usize) {
                    None => On::Empty,
                    Some(p) if p.side == mover.side => On::Own,
                    Some(_) => On::Opponent,
                };
                if found != l.on {
                    self.errors.push(error(
                        format!(
                            "{name}: step {} reaches square {} which is `{}`, the letter says `{}`",
                            k + 1,
                            y * w + x,
                            found.as_char(),
                            l.on.as_char()
                        ),
                        span.clone(),
                        "impossible move",
                    ));
                    break;
                }
            }
        }
    }
}

/// `(square (dx dy on) ...)`; errors carry a byte range within the line.
fn parse_move(line: &str, squares: usize) -> Result<LoggedMove, (String, Range<usize>)> {
    // Tokens: parentheses and words, with their offsets.
    let mut toks: Vec<(usize, &str)> = Vec::new();
    let mut i = 0;
    let b = line.as_bytes();
    while i < b.len() {
        match b[i] {
            b' ' | b'\t' | b',' => i += 1,
            b'(' | b')' => {
                toks.push((i, &line[i..i + 1]));
                i += 1;
            }
            _ => {
                let s = i;
                while i < b.len() && !matches!(b[i], b' ' | b'\t' | b',' | b'(' | b')') {
                    i += 1;
                }
                toks.push((s, &line[s..i]));
            }
        }
    }
    let whole = 0..line.len();
    let tok_range = |k: usize| -> Range<usize> {
        toks.get(k)
            .map_or(line.len()..line.len(), |&(s, t)| s..s + t.len())
    };
    let expect = |k: usize, want: &str| -> Result<(), (String, Range<usize>)> {
        match toks.get(k) {
            Some(&(_, t)) if t == want => Ok(()),
            Some(&(_, t)) => Err((format!("expected `{want}`, found `{t}`"), tok_range(k))),
            None => Err((
                format!("expected `{want}` before the end of the line"),
                tok_range(k),
            )),
        }
    };
    expect(0, "(")?;
    let from = match toks.get(1).map(|&(_, t)| t.parse::<usize>()) {
        Some(Ok(sq)) if sq < squares => sq,
        Some(Ok(sq)) => {
            return Err((
                format!(
                    "square {sq} is not on the board (squares 0..{})",
                    squares - 1
                ),
                tok_range(1),
            ))
        }
        _ => {
            return Err((
                "expected the from-square (a1=0, b1=1, ...)".into(),
                tok_range(1),
            ))
        }
    };
    let mut k = 2;
    let mut letters = Vec::new();
    loop {
        match toks.get(k) {
            Some(&(_, ")")) => {
                k += 1;
                break;
            }
            Some(&(_, "(")) => {
                let num = |j: usize| -> Result<i32, (String, Range<usize>)> {
                    match toks.get(j).map(|&(_, t)| t.parse::<i32>()) {
                        Some(Ok(v)) if v.abs() <= 1000 => Ok(v),
                        _ => Err(("expected a step (an integer)".into(), tok_range(j))),
                    }
                };
                let dx = num(k + 1)?;
                let dy = num(k + 2)?;
                let on = match toks.get(k + 3).map(|&(_, t)| t) {
                    Some("e") => On::Empty,
                    Some("w") => On::Own,
                    Some("p") => On::Opponent,
                    _ => return Err(("expected `e`, `w` or `p`".into(), tok_range(k + 3))),
                };
                expect(k + 4, ")")?;
                letters.push(Letter { dx, dy, on });
                k += 5;
            }
            Some(&(_, t)) => {
                return Err((
                    format!("expected `(dx dy on)` or `)`, found `{t}`"),
                    tok_range(k),
                ))
            }
            None => return Err(("the move is not closed by `)`".into(), whole)),
        }
    }
    if k < toks.len() {
        return Err(("unexpected text after the move".into(), tok_range(k)));
    }
    if letters.is_empty() {
        return Err(("a move needs at least one letter".into(), whole));
    }
    Ok(LoggedMove { from, letters })
}
