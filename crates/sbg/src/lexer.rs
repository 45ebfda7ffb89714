//! Tokens of SBG text (logos). Whitespace, `//` and `/* */` comments are skipped everywhere;
//! a byte-order mark is taken off by [`Lexer::new`] before lexing starts.

use logos::Logos;
use std::ops::Range;

/// One token. Words (`[.a-zA-Z]+`) cover piece letters, `on` letters and rows written
/// without `|`; which is which is decided by the grammar and checked in `parse`.
#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(skip r"[ \t\r\n\f]+")]
#[logos(skip(r"//[^\n]*", allow_greedy = true))]
#[logos(skip r"/\*([^*]|\*+[^*/])*\*+/")]
pub enum Tok<'s> {
    /// `<<name>>`, the text between the brackets.
    #[regex(r"<<[^<>\n]*>>", |lex| { let s = lex.slice(); &s[2..s.len() - 2] })]
    Name(&'s str),
    /// `<BOARD>` (false) or the old `<--BOARD-->` (true).
    #[token("<BOARD>", |_| false)]
    #[token("<--BOARD-->", |_| true)]
    Board(bool),
    #[token("<PIECES>", |_| false)]
    #[token("<--PIECES-->", |_| true)]
    Pieces(bool),
    #[token("<GOALS>", |_| false)]
    #[token("<--GOALS-->", |_| true)]
    Goals(bool),
    /// `|...|`, a board row with its bars; the content is checked by the parser.
    #[regex(r"\|[^|\n]*\|")]
    Row(&'s str),
    #[regex(r"[.a-zA-Z]+")]
    Word(&'s str),
    /// A signed integer, kept as text so the parser can report overflow with a span.
    #[regex(r"-?[0-9]+")]
    Int(&'s str),
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    #[token(",")]
    Comma,
    #[token("+")]
    Plus,
    #[token("^")]
    Caret,
    #[token("*")]
    Star,
    #[token("&")]
    Amp,
    #[token("@")]
    At,
    #[token("#")]
    Hash,
    /// `/*` with no closing `*/`.
    #[token("/*")]
    UnterminatedComment,
}

/// A character sequence that is no token, at this byte range of the whole source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LexError {
    pub span: Range<usize>,
}

/// Spanned tokens in the shape lalrpop expects, with offsets into the original source.
pub struct Lexer<'s> {
    inner: logos::SpannedIter<'s, Tok<'s>>,
    base: usize,
    /// A game name written on a bare first line ([`bare_name_line`]), given as a
    /// [`Tok::Name`] before the other tokens; tokens inside the line are skipped.
    bare_name: Option<(Range<usize>, &'s str)>,
    bare_name_given: bool,
}

/// The UTF-8 byte-order mark.
pub const BOM: &str = "\u{feff}";

impl<'s> Lexer<'s> {
    /// Lexes `src`, skipping a leading byte-order mark (spans still count its bytes).
    pub fn new(src: &'s str) -> Self {
        let base = if src.starts_with(BOM) { BOM.len() } else { 0 };
        Lexer {
            inner: Tok::lexer(&src[base..]).spanned(),
            base,
            bare_name: None,
            bare_name_given: false,
        }
    }

    /// Lexes a whole game, reading a game name written on a bare first line.
    pub fn game(src: &'s str) -> Self {
        let mut lexer = Lexer::new(src);
        lexer.bare_name = bare_name_line(src).map(|r| (r.clone(), src[r].trim()));
        lexer
    }
}

/// The byte range of a game name written without `<< >>` on the first line, as the Java SBG
/// tools write it: the first non-blank line starts with no `/` or `|` and holds no `<` or `>`
/// (which a name between `<< >>` cannot hold either, so it could not be printed back), and
/// the next non-blank line is the board marker.
pub fn bare_name_line(src: &str) -> Option<Range<usize>> {
    let base = if src.starts_with(BOM) { BOM.len() } else { 0 };
    let mut lines = src[base..]
        .split_inclusive('\n')
        .scan(base, |at, l| {
            let start = *at;
            *at += l.len();
            Some((start, l))
        })
        .filter(|(_, l)| !l.trim().is_empty());
    let (start, first) = lines.next()?;
    let (_, second) = lines.next()?;
    let name = first.trim();
    let marker = second.trim_start();
    let bare = !name.starts_with(['/', '|']) && !name.contains(['<', '>']);
    (bare && (marker.starts_with("<BOARD>") || marker.starts_with("<--BOARD-->"))).then(|| {
        let end = start + first.trim_end().len();
        start + (first.len() - first.trim_start().len())..end
    })
}

impl<'s> Iterator for Lexer<'s> {
    type Item = Result<(usize, Tok<'s>, usize), LexError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some((range, name)) = self.bare_name.clone() {
            if !self.bare_name_given {
                self.bare_name_given = true;
                return Some(Ok((range.start, Tok::Name(name), range.end)));
            }
        }
        let (mut tok, mut span) = self.inner.next()?;
        if let Some((range, _)) = &self.bare_name {
            while span.start + self.base < range.end {
                (tok, span) = self.inner.next()?;
            }
        }
        let (start, end) = (span.start + self.base, span.end + self.base);
        Some(match tok {
            Ok(tok) => Ok((start, tok, end)),
            Err(()) => Err(LexError { span: start..end }),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(src: &str) -> Vec<Tok<'_>> {
        Lexer::new(src).map(|t| t.unwrap().1).collect()
    }

    #[test]
    fn lexes_letters_and_comments() {
        let t = toks("P (0,-1,e)^* /* c\n */ + // x\n &");
        assert_eq!(
            t,
            vec![
                Tok::Word("P"),
                Tok::LParen,
                Tok::Int("0"),
                Tok::Comma,
                Tok::Int("-1"),
                Tok::Comma,
                Tok::Word("e"),
                Tok::RParen,
                Tok::Caret,
                Tok::Star,
                Tok::Plus,
                Tok::Amp
            ]
        );
    }

    #[test]
    fn lexes_sections_rows_and_bom() {
        let t = toks("\u{feff}<<A b1>> <--BOARD--> |r.K| r.K <GOALS>");
        assert_eq!(
            t,
            vec![
                Tok::Name("A b1"),
                Tok::Board(true),
                Tok::Row("|r.K|"),
                Tok::Word("r.K"),
                Tok::Goals(false)
            ]
        );
        let spans: Vec<_> = Lexer::new("\u{feff}<<A>>").map(|t| t.unwrap()).collect();
        assert_eq!(spans[0].0, 3);
    }

    #[test]
    fn unterminated_comment_is_a_token() {
        assert_eq!(
            toks("/* never"),
            vec![Tok::UnterminatedComment, Tok::Word("never")]
        );
    }
}
