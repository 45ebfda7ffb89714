//! Equality of two games up to spans, vertex names (optionally) and the grouping of
//! concatenations and sums — what a print/parse round trip must preserve.

use crate::game::Game;
use crate::rules::{Action, Node, Rules};

/// A rules expression with arena indices and grouping normalised away: nested concatenations
/// and sums are flattened and one-element groups collapse to their element. Modifier order,
/// and so modifier numbering, is unaffected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Canonical {
    Action(Action),
    Pattern(bool, Box<Canonical>),
    Concat(Vec<Canonical>),
    Sum(Vec<Canonical>),
    Star(Box<Canonical>),
}

/// The canonical form of the rules.
pub fn canonical(rules: &Rules) -> Canonical {
    let mut done: Vec<Option<Canonical>> = vec![None; rules.len()];
    let take = |id: crate::NodeId, done: &mut Vec<Option<Canonical>>| {
        done[id.index()]
            .take()
            .expect("post-order visits children first")
    };
    for id in rules.postorder() {
        let c = match rules.node(id) {
            Node::Action(Action::Pattern { positive, body }) => {
                Canonical::Pattern(*positive, Box::new(take(*body, &mut done)))
            }
            Node::Action(a) => Canonical::Action(a.clone()),
            Node::Concat(ch) => group(ch.iter().map(|c| take(*c, &mut done)).collect(), true),
            Node::Sum(ch) => group(ch.iter().map(|c| take(*c, &mut done)).collect(), false),
            Node::Star(c) => Canonical::Star(Box::new(take(*c, &mut done))),
        };
        done[id.index()] = Some(c);
    }
    done[rules.root().index()]
        .take()
        .unwrap_or(Canonical::Concat(vec![]))
}

fn group(children: Vec<Canonical>, is_concat: bool) -> Canonical {
    let mut flat = Vec::with_capacity(children.len());
    for c in children {
        match c {
            Canonical::Concat(inner) if is_concat => flat.extend(inner),
            Canonical::Sum(inner) if !is_concat => flat.extend(inner),
            other => flat.push(other),
        }
    }
    if flat.len() == 1 {
        return flat.pop().expect("one element");
    }
    if is_concat {
        Canonical::Concat(flat)
    } else {
        Canonical::Sum(flat)
    }
}

/// What to ignore when comparing.
#[derive(Clone, Copy, Debug, Default)]
pub struct CompareOptions {
    /// Compare vertex names too (off: a printer may generate its own names).
    pub vertex_names: bool,
}

/// The first difference [`same_game`] finds: what differs and both sides, shown with `Debug`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{what} differ:\n  left:  {left}\n  right: {right}")]
pub struct GamesDiffer {
    /// The part that differs, e.g. "pieces" or "rules".
    pub what: &'static str,
    pub left: String,
    pub right: String,
}

impl GamesDiffer {
    fn new<T: std::fmt::Debug>(what: &'static str, left: &T, right: &T) -> Self {
        GamesDiffer {
            what,
            left: format!("{left:?}"),
            right: format!("{right:?}"),
        }
    }
}

/// `Ok(())` if the games are the same; otherwise the first difference.
pub fn same_game(a: &Game, b: &Game, opts: CompareOptions) -> Result<(), GamesDiffer> {
    fn eq<T: PartialEq + std::fmt::Debug>(
        what: &'static str,
        x: &T,
        y: &T,
    ) -> Result<(), GamesDiffer> {
        if x == y {
            Ok(())
        } else {
            Err(GamesDiffer::new(what, x, y))
        }
    }
    eq("players", &a.players, &b.players)?;
    eq("pieces", &a.pieces, &b.pieces)?;
    eq("variables", &a.variables, &b.variables)?;
    eq("directions", &a.board.directions, &b.board.directions)?;
    eq(
        "vertex counts",
        &a.board.vertex_count(),
        &b.board.vertex_count(),
    )?;
    if opts.vertex_names {
        eq("vertex names", &a.board.vertices, &b.board.vertices)?;
    }
    eq("initial pieces", &a.board.initial, &b.board.initial)?;
    eq("edges", &a.board.edge_table(), &b.board.edge_table())?;
    eq("rules", &canonical(&a.rules), &canonical(&b.rules))
}
