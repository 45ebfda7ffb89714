//! What a diagnostic shows of the source: only the lines its labels touch, each cut to
//! [`WINDOW`] bytes either side of every label end, with "…" where text was left out. Line
//! and column numbers stay those of the whole file. Without this, one error on a 16 KB line
//! reprints the whole line, and thousands of them print megabytes.

use codespan_reporting::diagnostic::Diagnostic;
use codespan_reporting::files::{Error, Files};
use std::ops::Range;

/// Bytes of source kept on each side of a label's start and end.
pub const WINDOW: usize = 80;
/// A label over at most this many lines shows all of them; a longer one its ends only.
const SPANNED_LINES: usize = 8;
/// Longest message or note printed, in bytes.
const MESSAGE: usize = 400;

/// A kept piece of an original line: `len` bytes at `orig` are at `short` in the excerpt.
#[derive(Clone, Copy, Debug)]
struct Piece {
    short: usize,
    orig: usize,
    len: usize,
}

/// Start offsets of the lines of a text (the first is 0).
pub fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

/// The excerpt of one diagnostic, usable as codespan `Files` with file id `()`.
pub struct Excerpt<'a> {
    name: &'a str,
    orig: &'a str,
    text: String,
    /// Per kept line: its start in `text`, its 0-based number and start in the original, and
    /// its pieces.
    lines: Vec<(usize, usize, usize, Vec<Piece>)>,
}

/// Cuts the source for `d`; returns the excerpt and the diagnostic with its labels (and
/// over-long messages) adapted.
pub fn cut<'a>(
    name: &'a str,
    orig: &'a str,
    starts: &[usize],
    d: &Diagnostic<()>,
) -> (Excerpt<'a>, Diagnostic<()>) {
    let clamp = |x: usize| floor_char(orig, x.min(orig.len()));
    let line_of = |x: usize| starts.partition_point(|&s| s <= x).saturating_sub(1);
    // The points each line must show.
    let mut points: Vec<(usize, usize)> = d
        .labels
        .iter()
        .flat_map(|l| [clamp(l.range.start), clamp(l.range.end.max(l.range.start))])
        .map(|x| (line_of(x), x))
        .collect();
    // Lines inside a label spanning a few lines are shown too (from their start).
    let inner: Vec<(usize, usize)> = d
        .labels
        .iter()
        .map(|l| (line_of(clamp(l.range.start)), line_of(clamp(l.range.end))))
        .filter(|(a, b)| b > a && b - a <= SPANNED_LINES)
        .flat_map(|(a, b)| (a + 1..b).map(|line| (line, starts[line])))
        .collect();
    points.extend(inner);
    points.sort_unstable();
    points.dedup();
    let mut ex = Excerpt {
        name,
        orig,
        text: String::new(),
        lines: Vec::new(),
    };
    let mut i = 0;
    while i < points.len() {
        let line = points[i].0;
        let mut at: Vec<usize> = Vec::new();
        while i < points.len() && points[i].0 == line {
            at.push(points[i].1);
            i += 1;
        }
        ex.push_line(line, starts, &at);
    }
    let mut out = d.clone();
    for l in &mut out.labels {
        let (s, e) = (clamp(l.range.start), clamp(l.range.end.max(l.range.start)));
        l.range = ex.map(line_of(s), s)..ex.map(line_of(e), e);
    }
    out.message = shorten(&out.message);
    for l in &mut out.labels {
        l.message = shorten(&l.message);
    }
    for n in &mut out.notes {
        *n = shorten(n);
    }
    (ex, out)
}

impl Excerpt<'_> {
    /// Appends original line `line`, keeping windows around the byte offsets `at`.
    fn push_line(&mut self, line: usize, starts: &[usize], at: &[usize]) {
        let orig = self.orig;
        let start = starts[line];
        let mut end = starts.get(line + 1).map_or(orig.len(), |&n| n - 1);
        if end > start && orig.as_bytes()[end - 1] == b'\r' {
            end -= 1;
        }
        let mut windows: Vec<Range<usize>> = Vec::new();
        for &p in at {
            let w = floor_char(orig, p.saturating_sub(WINDOW).max(start))
                ..ceil_char(orig, (p + WINDOW).min(end).max(p.min(end)));
            match windows.last_mut() {
                Some(last) if w.start <= last.end + 3 => last.end = last.end.max(w.end),
                _ => windows.push(w),
            }
        }
        let short_start = self.text.len();
        let mut pieces = Vec::new();
        for (k, w) in windows.iter().enumerate() {
            if k > 0 || w.start > start {
                self.text.push('…');
            }
            pieces.push(Piece {
                short: self.text.len(),
                orig: w.start,
                len: w.end - w.start,
            });
            self.text.push_str(&orig[w.clone()]);
        }
        if windows.last().is_some_and(|w| w.end < end) {
            self.text.push('…');
        }
        self.text.push('\n');
        self.lines.push((short_start, line, start, pieces));
    }

    /// The excerpt offset of original offset `x` on original line `line`.
    fn map(&self, line: usize, x: usize) -> usize {
        let Some((_, _, _, pieces)) = self.lines.iter().find(|l| l.1 == line) else {
            return 0;
        };
        pieces
            .iter()
            .find(|p| p.orig <= x && x <= p.orig + p.len)
            .map_or(0, |p| p.short + (x - p.orig))
    }

    /// The original offset of excerpt offset `x` on kept line `li`.
    fn unmap(&self, li: usize, x: usize) -> usize {
        let (_, _, start, pieces) = &self.lines[li];
        pieces
            .iter()
            .rev()
            .find(|p| p.short <= x)
            .map_or(*start, |p| p.orig + (x - p.short).min(p.len))
    }
}

impl<'a> Files<'a> for Excerpt<'_> {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, _: ()) -> Result<&'a str, Error> {
        Ok(self.name)
    }

    fn source(&'a self, _: ()) -> Result<&'a str, Error> {
        Ok(&self.text)
    }

    fn line_index(&'a self, _: (), byte_index: usize) -> Result<usize, Error> {
        Ok(self
            .lines
            .partition_point(|l| l.0 <= byte_index)
            .saturating_sub(1))
    }

    fn line_number(&'a self, _: (), line_index: usize) -> Result<usize, Error> {
        Ok(self.lines.get(line_index).map_or(line_index, |l| l.1) + 1)
    }

    fn column_number(
        &'a self,
        _: (),
        line_index: usize,
        byte_index: usize,
    ) -> Result<usize, Error> {
        let Some(&(_, _, start, _)) = self.lines.get(line_index) else {
            return Ok(1);
        };
        let x = self.unmap(line_index, byte_index);
        Ok(self.orig[start..floor_char(self.orig, x)].chars().count() + 1)
    }

    fn line_range(&'a self, _: (), line_index: usize) -> Result<Range<usize>, Error> {
        let start = self
            .lines
            .get(line_index)
            .map(|l| l.0)
            .ok_or(Error::LineTooLarge {
                given: line_index,
                max: self.lines.len().saturating_sub(1),
            })?;
        let end = self
            .lines
            .get(line_index + 1)
            .map_or(self.text.len(), |l| l.0);
        Ok(start..end)
    }
}

fn shorten(s: &str) -> String {
    if s.len() <= MESSAGE {
        return s.to_string();
    }
    format!("{}…", &s[..floor_char(s, MESSAGE)])
}

fn floor_char(s: &str, mut x: usize) -> usize {
    x = x.min(s.len());
    while !s.is_char_boundary(x) {
        x -= 1;
    }
    x
}

fn ceil_char(s: &str, mut x: usize) -> usize {
    x = x.min(s.len());
    while !s.is_char_boundary(x) {
        x += 1;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use codespan_reporting::diagnostic::Label;
    use codespan_reporting::term::{self, termcolor::NoColor};

    fn render(src: &str, d: &Diagnostic<()>) -> String {
        let starts = line_starts(src);
        let (ex, d) = cut("f", src, &starts, d);
        let mut out = NoColor::new(Vec::new());
        term::emit_to_write_style(&mut out, &term::Config::default(), &ex, &d).unwrap();
        String::from_utf8(out.into_inner()).unwrap()
    }

    #[test]
    fn a_long_line_is_cut_around_the_caret_and_keeps_its_column() {
        let src = format!("first\n{}X{}\nlast\n", "a".repeat(5000), "b".repeat(5000));
        let at = 6 + 5000;
        let d = Diagnostic::error()
            .with_message("bad X")
            .with_labels(vec![Label::primary((), at..at + 1).with_message("here")]);
        let text = render(&src, &d);
        assert!(text.contains("f:2:5001"), "{text}");
        assert!(text.contains("…"), "{text}");
        assert!(text.len() < 600, "{} bytes: {text}", text.len());
        assert!(text.contains(&format!("{}X{}", "a".repeat(WINDOW), "b".repeat(WINDOW))));
    }

    #[test]
    fn short_lines_are_shown_whole() {
        let src = "a b c\nd e f\n";
        let d = Diagnostic::error()
            .with_message("bad e")
            .with_labels(vec![Label::primary((), 8..9)]);
        let text = render(src, &d);
        assert!(text.contains("f:2:3"), "{text}");
        assert!(text.contains("d e f"), "{text}");
        assert!(!text.contains("a b c"), "{text}");
    }

    #[test]
    fn labels_past_the_end_and_multibyte_text_do_not_panic() {
        let src = "é".repeat(300);
        for (a, b) in [(0, 0), (599, 600), (1, 3), (700, 800), (10, 5)] {
            let d = Diagnostic::error().with_labels(vec![Label::primary((), a..b)]);
            render(&src, &d);
        }
    }
}
