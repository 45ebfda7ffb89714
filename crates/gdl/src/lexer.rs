//! Tokens of KIF as GDL uses it: parentheses, `?variables`, symbols (words, numbers, `<=`) and
//! `;` comments. Keywords are ordinary symbols here; the parser recognises them
//! case-insensitively.

use logos::Logos;

#[derive(Logos, Clone, Copy, Debug, PartialEq, Eq)]
#[logos(skip r"[ \t\r\n\f\u{feff}]+")]
pub enum Token {
    #[token("(")]
    LParen,
    #[token(")")]
    RParen,
    /// `?name`; the slice includes the `?`.
    #[regex(r"\?[^\s();\u{feff}]*")]
    Var,
    /// A symbol: anything else up to whitespace, a parenthesis or a comment.
    #[regex(r"[^\s();?\u{feff}][^\s();\u{feff}]*")]
    Symbol,
    /// `; ...` to the end of the line; the slice includes the semicolons.
    #[regex(r";[^\n]*", allow_greedy = true)]
    Comment,
}

/// A token with its byte range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lexeme {
    pub token: Token,
    pub start: usize,
    pub end: usize,
}

/// Splits `src` into lexemes; `Err` holds the byte ranges no token matched.
pub fn lex(src: &str) -> (Vec<Lexeme>, Vec<std::ops::Range<usize>>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    let mut lexer = Token::lexer(src);
    while let Some(tok) = lexer.next() {
        let span = lexer.span();
        match tok {
            Ok(token) => out.push(Lexeme {
                token,
                start: span.start,
                end: span.end,
            }),
            Err(()) => errors.push(span),
        }
    }
    (out, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens() {
        let (toks, errs) = lex("(<= (Legal ?p noop) ; hi\n (true (control ?p)))");
        assert!(errs.is_empty());
        let kinds: Vec<Token> = toks.iter().map(|l| l.token).collect();
        use Token::*;
        assert_eq!(
            kinds,
            vec![
                LParen, Symbol, LParen, Symbol, Var, Symbol, RParen, Comment, LParen, Symbol,
                LParen, Symbol, Var, RParen, RParen, RParen
            ]
        );
    }
}
