//! Structural invariants of a [`Game`] that every engine and back end may rely on once
//! [`validate`] returns no error. Front ends report name-level problems with their own spans;
//! this pass catches what any producer of IR (front ends, SBG lowering, generated games) could
//! get wrong.

use crate::game::Game;
use crate::ids::NodeId;
use crate::rules::{Action, Arith, Node, SwitchTarget};
use crate::span::Span;
use std::collections::HashSet;

/// One broken invariant, with the span of the offending item (dummy if it has no source).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValidationError {
    pub kind: ErrorKind,
    pub span: Span,
    pub message: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    NoPlayers,
    NoPieces,
    NoVertices,
    ScoreVariables,
    NegativeBound,
    DuplicateName,
    NameClash,
    BadId,
    NotATree,
    SwitchInPattern,
}

impl std::fmt::Display for ValidationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// Checks every invariant; returns all violations found (empty means valid).
pub fn validate(game: &Game) -> Vec<ValidationError> {
    let mut v = Validator {
        game,
        errors: Vec::new(),
    };
    v.declarations();
    v.board();
    v.rules();
    v.errors
}

struct Validator<'a> {
    game: &'a Game,
    errors: Vec<ValidationError>,
}

impl Validator<'_> {
    fn error(&mut self, kind: ErrorKind, span: Span, message: String) {
        self.errors.push(ValidationError {
            kind,
            span,
            message,
        });
    }

    fn declarations(&mut self) {
        let g = self.game;
        if g.players.is_empty() {
            self.error(
                ErrorKind::NoPlayers,
                Span::DUMMY,
                "the game declares no players".into(),
            );
        }
        if g.pieces.is_empty() {
            self.error(
                ErrorKind::NoPieces,
                Span::DUMMY,
                "the game declares no pieces".into(),
            );
        }
        for (i, p) in g.players.iter().enumerate() {
            match g.variables.get(i) {
                Some(var) if &var.name == p => {}
                _ => self.error(
                    ErrorKind::ScoreVariables,
                    g.spans.players.get(i).copied().unwrap_or_default(),
                    format!("player `{p}` must own score variable number {i} of the same name"),
                ),
            }
        }
        for (i, var) in g.variables.iter().enumerate() {
            if var.bound < 0 {
                let span = g.spans.variables.get(i).copied().unwrap_or_default();
                self.error(
                    ErrorKind::NegativeBound,
                    span,
                    format!("variable `{}` has negative bound {}", var.name, var.bound),
                );
            }
        }
        // Players are variables, so one namespace holds variables; pieces and directions each
        // have their own, and the three must be disjoint.
        let mut seen: std::collections::HashMap<&str, &str> = Default::default();
        let groups: [(&str, Vec<&str>, &Vec<Span>); 3] = [
            (
                "variable",
                g.variables.iter().map(|v| v.name.as_str()).collect(),
                &g.spans.variables,
            ),
            (
                "piece",
                g.pieces.iter().map(String::as_str).collect(),
                &g.spans.pieces,
            ),
            (
                "direction",
                g.board.directions.iter().map(String::as_str).collect(),
                &g.spans.directions,
            ),
        ];
        for (what, names, spans) in groups {
            for (i, name) in names.into_iter().enumerate() {
                let span = spans.get(i).copied().unwrap_or_default();
                match seen.insert(name, what) {
                    Some(prev) if prev == what => self.error(
                        ErrorKind::DuplicateName,
                        span,
                        format!("{what} `{name}` is declared twice"),
                    ),
                    Some(prev) => self.error(
                        ErrorKind::NameClash,
                        span,
                        format!("`{name}` is both a {prev} and a {what}"),
                    ),
                    None => {}
                }
            }
        }
    }

    fn board(&mut self) {
        let g = self.game;
        let b = &g.board;
        if b.vertices.is_empty() {
            self.error(
                ErrorKind::NoVertices,
                Span::DUMMY,
                "the board has no vertices".into(),
            );
        }
        let mut names = HashSet::new();
        for (i, name) in b.vertices.iter().enumerate() {
            if !names.insert(name) {
                let span = g.spans.vertices.get(i).copied().unwrap_or_default();
                self.error(
                    ErrorKind::DuplicateName,
                    span,
                    format!("vertex `{name}` is declared twice"),
                );
            }
        }
        for (i, p) in b.initial.iter().enumerate() {
            if p.index() >= g.pieces.len() {
                let span = g.spans.vertices.get(i).copied().unwrap_or_default();
                self.error(
                    ErrorKind::BadId,
                    span,
                    format!("vertex {i} holds an unknown piece"),
                );
            }
        }
        for (from, _, to) in b.edges() {
            if to.index() >= b.vertices.len() {
                let span = g
                    .spans
                    .vertices
                    .get(from.index())
                    .copied()
                    .unwrap_or_default();
                self.error(
                    ErrorKind::BadId,
                    span,
                    format!("an edge of vertex {} leads nowhere", from.0),
                );
            }
        }
    }

    fn rules(&mut self) {
        let g = self.game;
        let rules = &g.rules;
        let n = rules.len();
        if rules.root().index() >= n {
            self.error(
                ErrorKind::BadId,
                Span::DUMMY,
                "the rules root is not a node".into(),
            );
            return;
        }
        let mut parent_seen = vec![false; n];
        // (node, inside a pattern)
        let mut stack = vec![(rules.root(), false)];
        parent_seen[rules.root().index()] = true;
        while let Some((id, in_pattern)) = stack.pop() {
            let span = g.spans.node(id);
            let mut push =
                |c: NodeId, inp: bool, me: &mut Self, stack: &mut Vec<(NodeId, bool)>| {
                    if c.index() >= n {
                        me.error(
                            ErrorKind::BadId,
                            span,
                            format!("node {} has an unknown child", id.0),
                        );
                    } else if std::mem::replace(&mut parent_seen[c.index()], true) {
                        me.error(
                            ErrorKind::NotATree,
                            span,
                            format!("node {} is reachable twice: the rules must be a tree", c.0),
                        );
                    } else {
                        stack.push((c, inp));
                    }
                };
            match rules.node(id) {
                Node::Action(a) => {
                    self.action(a, span, in_pattern);
                    if let Action::Pattern { body, .. } = a {
                        push(*body, true, self, &mut stack);
                    }
                }
                Node::Concat(ch) | Node::Sum(ch) => {
                    for &c in ch {
                        push(c, in_pattern, self, &mut stack);
                    }
                }
                Node::Star(c) => push(*c, in_pattern, self, &mut stack),
            }
        }
    }

    fn action(&mut self, a: &Action, span: Span, in_pattern: bool) {
        let g = self.game;
        let bad = |what: &str| format!("the rules use an unknown {what}");
        match a {
            Action::Shift(d) if d.index() >= g.board.directions.len() => {
                self.error(ErrorKind::BadId, span, bad("direction"))
            }
            Action::On(ps) if ps.iter().any(|p| p.index() >= g.pieces.len()) => {
                self.error(ErrorKind::BadId, span, bad("piece"))
            }
            Action::Off(p) if p.index() >= g.pieces.len() => {
                self.error(ErrorKind::BadId, span, bad("piece"))
            }
            Action::Assign { var, value } => {
                if var.index() >= g.variables.len() {
                    self.error(ErrorKind::BadId, span, bad("variable"));
                }
                self.arith(value, span);
            }
            Action::Compare { left, right, .. } => {
                self.arith(left, span);
                self.arith(right, span);
            }
            Action::Switch(t) => {
                if in_pattern {
                    self.error(
                        ErrorKind::SwitchInPattern,
                        span,
                        "a switch cannot appear inside a pattern".into(),
                    );
                }
                if let SwitchTarget::Player(p) = t {
                    if p.index() >= g.players.len() {
                        self.error(ErrorKind::BadId, span, bad("player"));
                    }
                }
            }
            _ => {}
        }
    }

    fn arith(&mut self, e: &Arith, span: Span) {
        match e {
            Arith::Const(_) => {}
            Arith::Var(v) if v.index() >= self.game.variables.len() => self.error(
                ErrorKind::BadId,
                span,
                "an expression uses an unknown variable".into(),
            ),
            Arith::Count(p) if p.index() >= self.game.pieces.len() => self.error(
                ErrorKind::BadId,
                span,
                "an expression uses an unknown piece".into(),
            ),
            Arith::Bin(_, a, b) => {
                self.arith(a, span);
                self.arith(b, span);
            }
            _ => {}
        }
    }
}
