//! Text → [`Game`]: runs the lalrpop grammar over the logos tokens, then checks the raw tree
//! (numbers, board shape, letters, goals) and turns it into the AST. Quirks of real files are
//! accepted with a [`Warning`] each, never silently; anything else is an [`Error`] with a span.

use crate::ast::{Board, Expr, Game, Goal, Letter, On, Piece, PieceRule};
use crate::cst::{Marker, RawExpr, RawGame, RawGoal, RawRule, Span, Text};
use crate::diagnostics::{Error, Warning};
use crate::lexer::{LexError, Lexer, Tok, BOM};
use codespan_reporting::diagnostic::Diagnostic;
use lalrpop_util::ParseError;

#[allow(clippy::all, unused_parens, dead_code)]
mod grammar {
    include!(concat!(env!("OUT_DIR"), "/sbg.rs"));
}

/// Largest rule accepted, counted in letters once every `^n` is written out; it bounds the
/// size of the automata built from the rules.
pub const EXPANDED_SIZE_LIMIT: u64 = 100_000;

/// Everything the parser found: the game when there is no error, and all errors and warnings.
#[derive(Clone, Debug)]
pub struct Parsed<T> {
    pub value: Option<T>,
    pub errors: Vec<Error>,
    pub warnings: Vec<Warning>,
}

impl<T> Parsed<T> {
    /// The codespan form: `Ok((value, warnings))` or `Err(errors followed by warnings)`.
    #[allow(clippy::type_complexity)]
    pub fn into_result(self) -> Result<(T, Vec<Diagnostic<()>>), Vec<Diagnostic<()>>> {
        let warnings = self.warnings.iter().map(Warning::to_diagnostic);
        match self.value {
            Some(v) if self.errors.is_empty() => {
                Ok((v, crate::diagnostics::cap_diagnostics(warnings.collect())))
            }
            _ => Err(crate::diagnostics::cap_diagnostics(
                self.errors
                    .iter()
                    .map(Error::to_diagnostic)
                    .chain(warnings)
                    .collect(),
            )),
        }
    }
}

/// Parses a whole game: `Ok((game, warnings))` or `Err(diagnostics)` (errors first).
#[allow(clippy::type_complexity)]
pub fn parse(src: &str) -> Result<(Game, Vec<Diagnostic<()>>), Vec<Diagnostic<()>>> {
    parse_game(src).into_result()
}

/// Parses one piece rule such as `P (0,1,e) + (1,1,p) &` (the `&` may be missing).
#[allow(clippy::type_complexity)]
pub fn parse_piece_rule(
    src: &str,
) -> Result<(PieceRule, Vec<Diagnostic<()>>), Vec<Diagnostic<()>>> {
    parse_rule(src).into_result()
}

/// The rule part of a `.sbg1` line, which starts with the path of the game it came from
/// (`/path/games00-04.sbgP (2,1,e) + ... &`); lines without such a prefix are returned whole.
pub fn sbg1_rule_text(line: &str) -> &str {
    let head = &line[..line.find('(').unwrap_or(line.len())];
    match head.rfind(".sbg") {
        Some(i) => &line[i + 4..],
        None => line,
    }
}

/// Deepest parenthesis nesting accepted: the checker and the passes after it (automaton,
/// printers, translations) recurse once per level.
pub const MAX_NESTING: usize = 500;

/// The first `(` nested deeper than [`MAX_NESTING`], if any.
fn too_deep(tokens: Lexer<'_>) -> Option<Error> {
    let mut depth = 0usize;
    for t in tokens {
        match t {
            Ok((start, Tok::LParen, end)) => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(Error::NestingTooDeep {
                        span: start..end,
                        limit: MAX_NESTING,
                    });
                }
            }
            Ok((_, Tok::RParen, _)) => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// [`parse`] with the typed errors and warnings.
pub fn parse_game(src: &str) -> Parsed<Game> {
    let mut cx = Checker::new(src);
    if let Some(e) = too_deep(Lexer::game(src)) {
        cx.errors.push(e);
        return cx.finish(None);
    }
    if let Some(span) = crate::lexer::bare_name_line(src) {
        cx.warnings.push(Warning::BareName { span });
    }
    let value = match grammar::GameParser::new().parse(Lexer::game(src)) {
        Ok(raw) => cx.game(&raw),
        Err(e) => {
            cx.syntax_error(src, e);
            None
        }
    };
    cx.finish(value)
}

/// [`parse_piece_rule`] with the typed errors and warnings.
pub fn parse_rule(src: &str) -> Parsed<PieceRule> {
    let mut cx = Checker::new(src);
    if let Some(e) = too_deep(Lexer::new(src)) {
        cx.errors.push(e);
        return cx.finish(None);
    }
    let value = match grammar::PieceRuleParser::new().parse(Lexer::new(src)) {
        Ok(raw) => {
            let kind = cx.rule_letter(&raw.letter);
            let expr = cx.expr(&raw.expr, None);
            cx.amps(&raw.amps, raw.span.clone(), true);
            cx.size_check(&raw, expr.as_ref());
            kind.zip(expr).map(|(kind, expr)| PieceRule { kind, expr })
        }
        Err(e) => {
            cx.syntax_error(src, e);
            None
        }
    };
    cx.finish(value)
}

/// "did you mean `<PIECES>`?" for a misspelt section marker (`<PIECE>`, `<--goals-->`)
/// starting at `at`.
fn section_marker_suggestion(src: &str, at: usize) -> Option<String> {
    const MARKERS: [&str; 6] = [
        "<BOARD>",
        "<PIECES>",
        "<GOALS>",
        "<--BOARD-->",
        "<--PIECES-->",
        "<--GOALS-->",
    ];
    let rest = src.get(at..)?;
    if !rest.starts_with('<') {
        return None;
    }
    let end = rest
        .find(|c: char| c == '>' || c.is_whitespace())
        .map_or(rest.len(), |i| i + usize::from(rest[i..].starts_with('>')));
    let written = &rest[..end];
    // Markers are upper case: `<pieces>` is the right word in the wrong case.
    let upper = written.to_uppercase();
    MARKERS
        .iter()
        .copied()
        .find(|m| *m == upper)
        .or_else(|| ir::suggest::nearest(&upper, MARKERS))
        .map(|m| format!("did you mean `{m}`?"))
}

struct Checker {
    errors: Vec<Error>,
    warnings: Vec<Warning>,
}

impl Checker {
    fn new(src: &str) -> Checker {
        let mut warnings = Vec::new();
        if src.starts_with(BOM) {
            warnings.push(Warning::ByteOrderMark { span: 0..BOM.len() });
        }
        if let Some(i) = src.find("\r\n") {
            warnings.push(Warning::CrLf { span: i..i + 2 });
        }
        Checker {
            errors: Vec::new(),
            warnings,
        }
    }

    fn finish<T>(self, value: Option<T>) -> Parsed<T> {
        let value = if self.errors.is_empty() { value } else { None };
        Parsed {
            value,
            errors: self.errors,
            warnings: self.warnings,
        }
    }

    fn syntax_error(&mut self, src: &str, e: ParseError<usize, Tok<'_>, LexError>) {
        let clean = |v: Vec<String>| -> Vec<String> {
            v.into_iter()
                .map(|s| format!("`{}`", s.trim_matches('"').replace("\\\"", "\"")))
                .collect()
        };
        self.errors.push(match e {
            ParseError::InvalidToken { location } => Error::InvalidToken {
                span: location..location + 1,
                note: section_marker_suggestion(src, location),
            },
            ParseError::UnrecognizedEof { location, expected } => Error::UnexpectedEnd {
                span: location..location,
                expected: clean(expected),
            },
            ParseError::UnrecognizedToken {
                token: (l, Tok::UnterminatedComment, r),
                ..
            }
            | ParseError::ExtraToken {
                token: (l, Tok::UnterminatedComment, r),
            } => Error::UnterminatedComment { span: l..r },
            ParseError::UnrecognizedToken {
                token: (l, _, r),
                expected,
            } => Error::UnexpectedToken {
                span: l..r,
                expected: clean(expected),
            },
            ParseError::ExtraToken { token: (l, _, r) } => Error::UnexpectedToken {
                span: l..r,
                expected: Vec::new(),
            },
            ParseError::User { error } => Error::InvalidToken {
                note: section_marker_suggestion(src, error.span.start),
                span: error.span,
            },
        });
    }

    fn nat(&mut self, t: &Text<'_>, what: &'static str) -> Option<u32> {
        match t.text.parse::<u32>() {
            Ok(n) => Some(n),
            Err(_) => {
                self.errors.push(Error::BadNumber {
                    span: t.span.clone(),
                    what,
                });
                None
            }
        }
    }

    fn marker(&mut self, m: &Marker) {
        if m.old {
            self.warnings.push(Warning::OldSectionMarker {
                span: m.span.clone(),
            });
        }
    }

    fn amps(&mut self, amps: &[Span], item: Span, optional_end: bool) {
        match amps {
            [] if !optional_end => self.warnings.push(Warning::MissingAmpersand {
                span: item.end.saturating_sub(1)..item.end,
            }),
            [] | [_] => {}
            [_, extra @ ..] => self.warnings.push(Warning::RepeatedAmpersand {
                span: extra[0].start..extra[extra.len() - 1].end,
            }),
        }
    }

    fn game(&mut self, raw: &RawGame<'_>) -> Option<Game> {
        // Control characters (a stray CR, tabs) become spaces: kept, a printed game would not
        // read back the same. Other characters are kept as written, with the warning.
        let name: String = raw
            .name
            .text
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        let name = name.trim().to_string();
        if !raw
            .name
            .text
            .trim()
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ')
        {
            self.warnings.push(Warning::NameCharacters {
                span: raw.name.span.clone(),
            });
        }
        self.marker(&raw.board);
        self.marker(&raw.pieces);
        self.marker(&raw.goals);
        let board = self.board(raw);
        let dims = board.as_ref().map(|b| (b.width, b.height));
        let mut rules: Vec<(PieceRule, Span)> = Vec::new();
        for r in &raw.rules {
            let kind = self.rule_letter(&r.letter);
            let expr = self.expr(&r.expr, dims);
            self.amps(&r.amps, r.span.clone(), false);
            self.size_check(r, expr.as_ref());
            let (Some(kind), Some(expr)) = (kind, expr) else {
                continue;
            };
            if let Some((first, span)) = rules.iter_mut().find(|(p, _)| p.kind == kind) {
                self.warnings.push(Warning::DuplicateRule {
                    span: r.letter.span.clone(),
                    first: span.clone(),
                });
                first.expr = Expr::alt(vec![first.expr.clone(), expr]);
            } else {
                rules.push((PieceRule { kind, expr }, r.letter.span.clone()));
            }
        }
        let turn_limit = self.nat(&raw.turn_limit, "a natural number (turn limit)");
        self.amps(&raw.turn_limit_amps, raw.turn_limit.span.clone(), false);
        let goals: Vec<Goal> = raw
            .goal_list
            .iter()
            .filter_map(|g| self.goal(g, dims))
            .collect();
        let board = board?;
        if self.errors.is_empty() {
            let mut warned = Vec::new();
            for (i, cell) in board.cells.iter().enumerate() {
                let Some(p) = cell else { continue };
                if rules.iter().all(|(r, _)| r.kind != p.kind) && !warned.contains(&p.kind) {
                    warned.push(p.kind);
                    let (x, y) = (i % board.width, i / board.width);
                    let row = &raw.rows[board.height - 1 - y];
                    let at = row.span.start + x;
                    self.warnings.push(Warning::PieceWithoutRule {
                        span: at..at + 1,
                        kind: p.kind,
                    });
                }
            }
        }
        Some(Game {
            name,
            board,
            rules: rules.into_iter().map(|(r, _)| r).collect(),
            turn_limit: turn_limit?,
            goals,
        })
    }

    fn board(&mut self, raw: &RawGame<'_>) -> Option<Board> {
        let width = self.nat(&raw.width, "a natural number (board width)");
        let height = self.nat(&raw.height, "a natural number (board height)");
        for row in raw.rows.iter().filter(|r| !r.piped) {
            self.warnings.push(Warning::RowWithoutBars {
                span: row.span.clone(),
            });
        }
        let (width, height) = (width? as usize, height? as usize);
        for (n, t) in [(width, &raw.width), (height, &raw.height)] {
            if n == 0 {
                self.errors.push(Error::EmptyBoard {
                    span: t.span.clone(),
                });
                return None;
            }
        }
        if raw.rows.len() != height {
            let end = raw.rows.last().map_or(raw.height.span.end, |r| r.span.end);
            self.errors.push(Error::RowCount {
                span: raw.board.span.start..end,
                expected: height,
                found: raw.rows.len(),
            });
            return None;
        }
        // Every row is measured before the board is allocated, so the allocation is bounded by
        // the text (width x height squares written out), never by the declared numbers alone.
        let widths: Vec<usize> = raw.rows.iter().map(|r| r.cells.chars().count()).collect();
        if let Some(&found) = widths.first() {
            if found != width && widths.iter().all(|&w| w == found) {
                self.errors.push(Error::HeaderWidth {
                    span: raw.width.span.clone(),
                    declared: width,
                    found,
                });
                return None;
            }
        }
        let mut ok = true;
        for row in &raw.rows {
            let found = row.cells.chars().count();
            if found != width {
                self.errors.push(Error::RowWidth {
                    span: row.span.clone(),
                    expected: width,
                    found,
                });
                ok = false;
            }
        }
        if !ok {
            return None;
        }
        let mut board = Board::empty(width, height);
        for (r, row) in raw.rows.iter().enumerate() {
            let y = height - 1 - r;
            for (x, (off, c)) in row.cells.char_indices().enumerate() {
                let at = row.span.start + off;
                let piece = match c {
                    '.' => None,
                    c => match Piece::from_letter(c) {
                        Some(p) => Some(p),
                        None => {
                            self.errors.push(Error::UnknownSquare {
                                span: at..at + c.len_utf8(),
                                found: c,
                            });
                            ok = false;
                            None
                        }
                    },
                };
                board.set(x, y, piece);
            }
        }
        ok.then_some(board)
    }

    fn rule_letter(&mut self, t: &Text<'_>) -> Option<char> {
        let mut chars = t.text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_uppercase() => Some(c),
            (Some(c), None) if c.is_ascii_lowercase() => {
                self.warnings.push(Warning::LowercaseRuleLetter {
                    span: t.span.clone(),
                });
                Some(c.to_ascii_uppercase())
            }
            _ => {
                self.errors.push(Error::BadRuleLetter {
                    span: t.span.clone(),
                });
                None
            }
        }
    }

    fn size_check(&mut self, raw: &RawRule<'_>, expr: Option<&Expr>) {
        if let Some(e) = expr {
            let size = e.expanded_size();
            if size > EXPANDED_SIZE_LIMIT {
                self.errors.push(Error::ExpressionTooLarge {
                    span: raw.span.clone(),
                    size,
                    limit: EXPANDED_SIZE_LIMIT,
                });
            }
        }
    }

    fn expr(&mut self, raw: &RawExpr<'_>, dims: Option<(usize, usize)>) -> Option<Expr> {
        match raw {
            RawExpr::Letter { dx, dy, on, span } => {
                let dxv = self.int(dx);
                let dyv = self.int(dy);
                let onv = match on.text {
                    "e" | "p" | "w" => On::from_char(on.text.as_bytes()[0] as char),
                    _ => {
                        self.errors.push(Error::BadOn {
                            span: on.span.clone(),
                        });
                        None
                    }
                };
                let (dx, dy, on) = (dxv?, dyv?, onv?);
                if let Some((w, h)) = dims {
                    if dx.unsigned_abs() as usize >= w || dy.unsigned_abs() as usize >= h {
                        self.errors.push(Error::LetterOutOfRange {
                            span: span.clone(),
                            width: w,
                            height: h,
                        });
                        return None;
                    }
                }
                Some(Expr::Letter(Letter { dx, dy, on }))
            }
            RawExpr::Concat(parts, _) | RawExpr::Alt(parts, _) => {
                let conv: Vec<Option<Expr>> = parts.iter().map(|p| self.expr(p, dims)).collect();
                let conv: Option<Vec<Expr>> = conv.into_iter().collect();
                let conv = conv?;
                Some(if matches!(raw, RawExpr::Concat(..)) {
                    Expr::concat(conv)
                } else {
                    Expr::alt(conv)
                })
            }
            RawExpr::Power(base, power, _) => {
                let base = self.expr(base, dims);
                match power {
                    None => Some(Expr::Star(Box::new(base?))),
                    Some(n) => {
                        let n = self.nat(n, "a natural number (power)");
                        Some(Expr::Power(Box::new(base?), n?))
                    }
                }
            }
        }
    }

    fn int(&mut self, t: &Text<'_>) -> Option<i32> {
        match t.text.parse::<i32>() {
            Ok(n) => Some(n),
            Err(_) => {
                self.errors.push(Error::BadNumber {
                    span: t.span.clone(),
                    what: "an integer that fits in 32 bits",
                });
                None
            }
        }
    }

    fn goal_piece(&mut self, t: &Text<'_>) -> Option<Piece> {
        let mut chars = t.text.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Piece::from_letter(c),
            _ => None,
        }
        .or_else(|| {
            self.errors.push(Error::BadGoalLetter {
                span: t.span.clone(),
            });
            None
        })
    }

    fn goal(&mut self, raw: &RawGoal<'_>, dims: Option<(usize, usize)>) -> Option<Goal> {
        match raw {
            RawGoal::Count {
                letter,
                count,
                amps,
                span,
            } => {
                self.amps(amps, span.clone(), false);
                let piece = self.goal_piece(letter);
                let n = self.nat(count, "a natural number (piece count)");
                Some(Goal::Count {
                    piece: piece?,
                    at_most: n?,
                })
            }
            RawGoal::Reach {
                letter,
                squares,
                amps,
                span,
            } => {
                self.amps(amps, span.clone(), false);
                let piece = self.goal_piece(letter);
                let mut out = Vec::new();
                let mut ok = true;
                for (x, y) in squares {
                    let xv = self.nat(x, "a natural number (column)");
                    let yv = self.nat(y, "a natural number (row)");
                    let (Some(xv), Some(yv)) = (xv, yv) else {
                        ok = false;
                        continue;
                    };
                    let (xv, yv) = (xv as usize, yv as usize);
                    if let Some((w, h)) = dims {
                        if xv >= w || yv >= h {
                            self.errors.push(Error::SquareOutsideBoard {
                                span: x.span.start..y.span.end,
                                width: w,
                                height: h,
                            });
                            ok = false;
                            continue;
                        }
                    }
                    out.push((xv, yv));
                }
                let piece = piece?;
                ok.then_some(Goal::Reach {
                    piece,
                    squares: out,
                })
            }
        }
    }
}
