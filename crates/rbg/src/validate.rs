//! Name-level validation and the diagnostics shared by lowering: the declaration table
//! (players ∪ variables, pieces and directions must be disjoint, each declared once), bounds,
//! and the final structural check of the produced IR ([`ir::validate`]).

use crate::ast::{Name, Pos};
use crate::lexer::Sym;
use crate::macros::Expansion;
use codespan_reporting::diagnostic::{Diagnostic, Label};
use ir::{DirId, PieceId, PlayerId, VarId};
use std::collections::HashMap;

/// Collects diagnostics about expanded tokens. A mistake inside a macro body is met once per
/// expansion; it is reported once, at the text written in the body, with a note counting the
/// expansions ([`Cx::finish`]).
pub struct Cx<'e> {
    pub exp: &'e Expansion,
    pub errors: Vec<Diagnostic<()>>,
    pub warnings: Vec<Diagnostic<()>>,
    /// (message, primary range) of each error and warning reported, to how many times it was
    /// met (errors and warnings are told apart by the flag).
    seen: HashMap<(bool, String, std::ops::Range<usize>), (usize, usize)>,
}

impl<'e> Cx<'e> {
    pub fn new(exp: &'e Expansion) -> Self {
        Cx {
            exp,
            errors: Vec::new(),
            warnings: Vec::new(),
            seen: HashMap::new(),
        }
    }

    /// Adds an error unless the same message was already reported at the same place.
    pub fn push_error(&mut self, d: Diagnostic<()>) {
        if self.first_time(true, &d, self.errors.len()) {
            self.errors.push(d);
        }
    }

    fn push_warning(&mut self, d: Diagnostic<()>) {
        if self.first_time(false, &d, self.warnings.len()) {
            self.warnings.push(d);
        }
    }

    fn first_time(&mut self, error: bool, d: &Diagnostic<()>, index: usize) -> bool {
        let Some(primary) = d.labels.first() else {
            return true;
        };
        let key = (error, d.message.clone(), primary.range.clone());
        let entry = self.seen.entry(key).or_insert((index, 0));
        entry.1 += 1;
        entry.1 == 1
    }

    /// Notes how many expansions met each diagnostic reported more than once.
    pub fn finish(&mut self) {
        let repeats: Vec<(bool, usize, usize)> = self
            .seen
            .iter()
            .filter(|(_, &(_, n))| n > 1)
            .map(|((error, _, _), &(i, n))| (*error, i, n))
            .collect();
        for (error, i, n) in repeats {
            let list = if error {
                &mut self.errors
            } else {
                &mut self.warnings
            };
            if let Some(d) = list.get_mut(i) {
                d.notes
                    .push(format!("reported once; met in {n} expansions of macros"));
            }
        }
        self.seen.clear();
    }

    pub fn text(&self, sym: Sym) -> &'e str {
        self.exp.interner.text(sym)
    }

    /// The source span to record in the IR for tokens `pos`.
    pub fn span(&self, pos: Pos) -> ir::Span {
        self.exp.site_range(pos.l, pos.r)
    }

    pub fn error(&mut self, pos: Pos, message: impl Into<String>, label: impl Into<String>) {
        let d = Diagnostic::error()
            .with_message(message.into())
            .with_labels(self.exp.labels(pos.l, pos.r, label));
        self.push_error(d);
    }

    /// An error with a secondary label at `other` (e.g. a previous declaration).
    pub fn error2(
        &mut self,
        pos: Pos,
        message: impl Into<String>,
        label: impl Into<String>,
        other: Pos,
        other_label: impl Into<String>,
    ) {
        let mut labels = self.exp.labels(pos.l, pos.r, label);
        let span = self.span(other);
        labels.push(Label::secondary((), span.range()).with_message(other_label.into()));
        self.push_error(
            Diagnostic::error()
                .with_message(message.into())
                .with_labels(labels),
        );
    }

    pub fn warning(&mut self, pos: Pos, message: impl Into<String>, label: impl Into<String>) {
        let d = Diagnostic::warning()
            .with_message(message.into())
            .with_labels(self.exp.labels(pos.l, pos.r, label));
        self.push_warning(d);
    }

    /// Parses a number token; errors if it does not fit in `i64`.
    pub fn number(&mut self, n: Name) -> Option<i64> {
        match self.text(n.sym).parse::<i64>() {
            Ok(v) => Some(v),
            Err(_) => {
                self.error(
                    n.pos(),
                    format!("number `{}` is too large", self.text(n.sym)),
                    format!("numbers must be at most {}", i64::MAX),
                );
                None
            }
        }
    }
}

/// What a name denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decl {
    /// A player and its score variable.
    Player(PlayerId, VarId),
    Variable(VarId),
    Piece(PieceId),
    Direction(DirId),
}

impl Decl {
    pub fn what(self) -> &'static str {
        match self {
            Decl::Player(..) => "a player",
            Decl::Variable(_) => "a variable",
            Decl::Piece(_) => "a piece",
            Decl::Direction(_) => "a direction",
        }
    }
}

/// All declared names with where they are declared.
#[derive(Default)]
pub struct Names {
    map: HashMap<Sym, (Decl, Pos)>,
    /// Names declared twice: already reported, so uses of them are not reported again.
    poisoned: std::collections::HashSet<Sym>,
}

impl Names {
    /// Declares `name`; reports a clash with an earlier declaration and returns false.
    pub fn declare(&mut self, cx: &mut Cx, name: Name, decl: Decl) -> bool {
        if let Some(&(prev, prev_pos)) = self.map.get(&name.sym) {
            let text = cx.text(name.sym);
            let message = if std::mem::discriminant(&prev) == std::mem::discriminant(&decl) {
                format!("`{text}` is declared twice")
            } else {
                format!(
                    "`{text}` is declared as {} and as {}",
                    prev.what(),
                    decl.what()
                )
            };
            cx.error2(
                name.pos(),
                message,
                "declared again here",
                prev_pos,
                "first declared here",
            );
            self.poisoned.insert(name.sym);
            return false;
        }
        self.map.insert(name.sym, (decl, name.pos()));
        true
    }

    /// Whether `sym` had a conflicting declaration (already reported).
    pub fn is_poisoned(&self, sym: Sym) -> bool {
        self.poisoned.contains(&sym)
    }

    pub fn get(&self, sym: Sym) -> Option<Decl> {
        self.map.get(&sym).map(|&(d, _)| d)
    }

    /// "did you mean `down`?" for an unknown name: the nearest declared name of a kind
    /// `wanted` accepts.
    pub fn suggestion(
        &self,
        cx: &Cx,
        unknown: Sym,
        wanted: impl Fn(Decl) -> bool,
    ) -> Option<String> {
        let mut candidates: Vec<(Pos, &str)> = self
            .map
            .iter()
            .filter(|(_, (d, _))| wanted(*d))
            .map(|(&sym, &(_, pos))| (pos, cx.text(sym)))
            .collect();
        candidates.sort_by_key(|(pos, _)| pos.l); // declaration order: deterministic ties
        ir::suggest::did_you_mean(cx.text(unknown), candidates.into_iter().map(|(_, t)| t))
    }
}

/// Runs the IR's structural validation; anything it finds is a bug of lowering or an input
/// we failed to reject earlier, reported with the IR's spans.
pub fn check_ir(game: &ir::Game) -> Vec<Diagnostic<()>> {
    ir::validate::validate(game)
        .into_iter()
        .map(|e| {
            let mut d = Diagnostic::error().with_message(e.message.clone());
            if !e.span.is_dummy() {
                d = d.with_labels(vec![Label::primary((), e.span.range())]);
            }
            d
        })
        .collect()
}
