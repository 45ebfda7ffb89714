//! The static facts [`super::stages`] needs before it cuts a walk of the keeper's phase:
//! that the walk so far leaves one way at most, that a loop never reads what it wrote, and
//! that a block's alternatives exclude each other.

use super::board::{action, flat, flatten};
use super::coarse::{Coarse, Letter};
use ir::{Action, DirId, Game, Node, NodeId, PieceId, VertexId};

/// A loop whose body checks where it stands, puts pieces there, then shifts.
pub(super) struct LoopShape {
    /// The sets of the body's checks, in order.
    pub(super) checks: Vec<Vec<PieceId>>,
    /// The pieces the body goes on over (all its checks hold).
    pub(super) guard: Vec<PieceId>,
    /// The last piece the body puts (what the vertex holds after it).
    pub(super) piece: PieceId,
    pub(super) dirs: Vec<DirId>,
}

/// Boards larger than this are not analysed for cycles (loops on them are declined).
const MAX_CYCLE_VERTICES: usize = 4_096;

/// The shape of a loop whose one path of letters (its body) is `path`, if it is: checks,
/// then pieces put, then shifts.
pub(super) fn loop_shape(game: &Game, coarse: &Coarse, path: &[usize]) -> Option<LoopShape> {
    let mut items = Vec::new();
    for &l in path {
        match &coarse.letters[l] {
            Letter::Nav(nodes) => flatten(game, nodes, &mut items),
            Letter::Event(id) => items.push(*id),
            _ => return None,
        }
    }
    let (mut checks, mut piece, mut dirs) = (Vec::new(), None, Vec::new());
    for n in items {
        match (action(game, n)?, piece.is_some(), dirs.is_empty()) {
            (Action::On(set), false, _) => checks.push(set.clone()),
            (Action::Off(x), _, true) => piece = Some(*x),
            (Action::Shift(d), true, _) => dirs.push(*d),
            _ => return None,
        }
    }
    let first = checks.first()?.clone();
    let guard = first
        .into_iter()
        .filter(|p| checks.iter().all(|s| s.contains(p)))
        .collect();
    (!dirs.is_empty()).then_some(LoopShape {
        checks,
        guard,
        piece: piece?,
        dirs,
    })
}

/// Whether following `dirs` again and again never comes back to a vertex.
pub(super) fn acyclic(game: &Game, dirs: &[DirId]) -> bool {
    let board = &game.board;
    let n = board.vertex_count();
    if n > MAX_CYCLE_VERTICES {
        return false;
    }
    let step = |v: VertexId| dirs.iter().try_fold(v, |u, &d| board.neighbour(u, d));
    (0..n).all(|v| {
        let start = VertexId::from_index(v);
        let mut at = step(start);
        for _ in 0..n {
            match at {
                None => return true,
                Some(u) if u == start => return false,
                Some(u) => at = step(u),
            }
        }
        true
    })
}

/// The set of the check `nodes` begin with (where they start), if they do.
pub(super) fn first_check(game: &Game, nodes: &[NodeId]) -> Option<Vec<PieceId>> {
    match action(game, *flat(game, nodes).first()?)? {
        Action::On(set) => Some(set.clone()),
        _ => None,
    }
}

fn disjoint(a: &[PieceId], b: &[PieceId]) -> bool {
    a.iter().all(|p| !b.contains(p))
}

/// Whether navigation `nodes` ends in one vertex at most: shifts, checks, comparisons and
/// patterns, and stars whose body and what follows them both begin with the same shifts and
/// then checks for disjoint pieces (one of the two goes on at most).
pub(super) fn deterministic_nav(game: &Game, nodes: &[NodeId]) -> bool {
    let items = flat(game, nodes);
    items
        .iter()
        .enumerate()
        .all(|(i, &n)| match game.rules.node(n) {
            Node::Action(
                Action::Shift(_) | Action::On(_) | Action::Compare { .. } | Action::Pattern { .. },
            ) => true,
            Node::Star(c) => match (lead(game, &[*c]), lead(game, &items[i + 1..])) {
                (Some((d, a)), Some((e, b))) => {
                    d == e && disjoint(&a, &b) && deterministic_nav(game, &[*c])
                }
                _ => false,
            },
            _ => false,
        })
}

/// The shifts `nodes` begin with and the set of the check after them.
fn lead(game: &Game, nodes: &[NodeId]) -> Option<(Vec<DirId>, Vec<PieceId>)> {
    let mut dirs = Vec::new();
    for n in flat(game, nodes) {
        match action(game, n)? {
            Action::Shift(d) => dirs.push(*d),
            Action::On(set) => return Some((dirs, set.clone())),
            _ => return None,
        }
    }
    None
}

/// A navigation or modifier, as far as exclusivity is concerned.
#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Shift(DirId),
    On(Vec<PieceId>),
    Off,
    Star(Vec<Tok>),
    Sum(Vec<Vec<Tok>>),
    /// A pattern: positive, its body.
    Pattern(bool, Vec<Tok>),
}

fn tokens(game: &Game, node: NodeId) -> Option<Vec<Tok>> {
    flat(game, &[node])
        .into_iter()
        .map(|n| match game.rules.node(n) {
            Node::Star(c) => tokens(game, *c).map(Tok::Star),
            Node::Sum(ch) => ch
                .iter()
                .map(|&c| tokens(game, c))
                .collect::<Option<_>>()
                .map(Tok::Sum),
            Node::Action(Action::Pattern { positive, body }) => {
                tokens(game, *body).map(|b| Tok::Pattern(*positive, b))
            }
            Node::Action(Action::Shift(d)) => Some(Tok::Shift(*d)),
            Node::Action(Action::On(s)) => Some(Tok::On(s.clone())),
            Node::Action(Action::Off(_)) => Some(Tok::Off),
            _ => None,
        })
        .collect()
}

/// The tokens with the pieces put left out.
fn erased(toks: &[Tok]) -> Vec<Tok> {
    toks.iter()
        .filter(|t| **t != Tok::Off)
        .map(|t| match t {
            Tok::Star(b) => Tok::Star(erased(b)),
            Tok::Sum(alts) => Tok::Sum(alts.iter().map(|a| erased(a)).collect()),
            Tok::Pattern(p, b) => Tok::Pattern(*p, erased(b)),
            t => t.clone(),
        })
        .collect()
}

/// Whether every pair of the sum `id`'s alternatives excludes each other.
pub(super) fn alternatives_exclusive(game: &Game, id: NodeId) -> bool {
    let Node::Sum(ch) = game.rules.node(id) else {
        return false;
    };
    ch.iter().enumerate().all(|(i, &a)| {
        ch[i + 1..]
            .iter()
            .all(|&b| excludes(game, a, b) || excludes(game, b, a))
    })
}

/// Whether alternatives `a` and `b` cannot both be taken: they begin with disjoint checks,
/// or `a` begins with `{! P}` and `b` walks P first without reading what it puts.
fn excludes(game: &Game, a: NodeId, b: NodeId) -> bool {
    if let (Some(x), Some(y)) = (first_check(game, &[a]), first_check(game, &[b])) {
        if disjoint(&x, &y) {
            return true;
        }
    }
    let Some(&first) = flat(game, &[a]).first() else {
        return false;
    };
    let Some(Action::Pattern {
        positive: false,
        body,
    }) = action(game, first)
    else {
        return false;
    };
    let (Some(p), Some(tb)) = (tokens(game, *body), tokens(game, b)) else {
        return false;
    };
    // The shortest start of `b` that reads as P.
    let Some(span) = (0..=tb.len()).map(|k| &tb[..k]).find(|s| erased(s) == p) else {
        return false;
    };
    reads_before_writes(game, span)
}

/// Whether no check of `span` reads a vertex a piece was put on earlier in it: after the
/// first piece put, the walk goes along one sequence of shifts that never leads back, and
/// reads where it stands before it puts there.
fn reads_before_writes(game: &Game, span: &[Tok]) -> bool {
    let Some(f) = span.iter().position(|t| *t == Tok::Off) else {
        return true;
    };
    let rest = &span[f..];
    let dirs: Vec<DirId> = rest
        .iter()
        .skip_while(|t| **t == Tok::Off)
        .map_while(|t| match t {
            Tok::Shift(d) => Some(*d),
            _ => None,
        })
        .collect();
    !dirs.is_empty() && acyclic(game, &dirs) && segments(rest, &dirs, true)
}

/// Whether `toks` are steps each reading, then putting, then shifting by `dirs` (a star of
/// such steps counts as steps), ending with reads only. `putting`: the first step has
/// already read.
fn segments(toks: &[Tok], dirs: &[DirId], mut putting: bool) -> bool {
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Tok::On(_) if !putting => i += 1,
            Tok::Off => {
                putting = true;
                i += 1;
            }
            Tok::Shift(_) => {
                let shifts: Vec<DirId> = toks[i..]
                    .iter()
                    .take(dirs.len())
                    .filter_map(|t| match t {
                        Tok::Shift(d) => Some(*d),
                        _ => None,
                    })
                    .collect();
                if shifts != dirs {
                    return false;
                }
                i += dirs.len();
                putting = false;
            }
            Tok::Star(body) if !putting => {
                // A whole step: it must end with its shifts.
                if !matches!(body.last(), Some(Tok::Shift(_))) || !segments(body, dirs, false) {
                    return false;
                }
                i += 1;
            }
            _ => return false,
        }
    }
    true
}
