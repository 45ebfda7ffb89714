//! Keeper loops that spread a piece until they cannot: `(U {T} M {S} [A] ->>)* {! U {T} M {S}}`
//! (go's capture flood fill), or without the first check, `(U {S} [A] ->>)* {! U {S}}` (its
//! clearing). `U` leads from every vertex to every vertex, `M` only shifts.
//!
//! Each iteration is a keeper move of its own, and the keeper may choose any vertex where the
//! body holds; the check after the star makes it go on until none is left. The end board
//! does not depend on those choices when the loop is *monotone*: it only turns pieces of `S`
//! into `A`, `A` is in `T` (a vertex that passed `{T}` still passes it, and more do) and not
//! in `S` (a vertex is written once). A write possible once stays possible until it is made,
//! so every order writes the same set: the least one closed under "a vertex of `S` that `M`
//! leads to from a `T` vertex or a written one". That set is a recursive relation over the
//! board before the loop, `(closN v)`, and the board after it is a stage ([`super::stages`])
//! holding `A` there. The vertex where the walk stands afterwards does depend on the order,
//! so what follows must not read it ([`Translator::still_lost`]).

use super::board::{action, flat, universal_prefix};
use super::spread::{closure_shape, Closure};
use super::stages::Resumed;
use super::*;
use ir::NodeId;

/// Whether letter `next` begins with `{! body}` for the loop's body: the keeper goes on until
/// no vertex is left.
fn stops(game: &Game, next: &Letter, c: &Closure) -> bool {
    let Letter::Nav(nodes) = next else {
        return false;
    };
    let Some(Action::Pattern {
        positive: false,
        body,
    }) = flat(game, nodes).first().and_then(|&n| action(game, n))
    else {
        return false;
    };
    let body = flat(game, &[*body]);
    body.len() == c.reads.len()
        && body
            .iter()
            .zip(&c.reads)
            .all(|(&x, &y)| same_rules(game, x, y))
}

/// Whether `nodes` give the same answer wherever they start, as far as this looks: checks of
/// variables, checks that never hold, patterns that begin by going everywhere, until rules
/// that lead from every vertex to the same vertices (`Ok(false)`: from there on the walk
/// knows where it is; `Err`: they may read it).
fn starts_anywhere(game: &Game, nodes: &[NodeId]) -> Result<bool, ()> {
    let items = flat(game, nodes);
    for (i, &n) in items.iter().enumerate() {
        if !blind(game, n, 0) {
            return if same_ends(game, &items[i..]) {
                Ok(false)
            } else {
                Err(())
            };
        }
    }
    Ok(true)
}

/// Whether rules `id` neither move nor read the vertex they start at: checks of variables,
/// checks that never hold, patterns that begin by going everywhere.
fn blind(game: &Game, id: NodeId, depth: usize) -> bool {
    depth < MAX_DEPTH
        && match game.rules.node(id) {
            Node::Action(Action::Compare { .. }) => true,
            Node::Action(Action::On(set)) => set.is_empty(),
            Node::Action(Action::Pattern { body, .. }) => {
                universal_prefix(game, &flat(game, &[*body])) > 0
            }
            Node::Action(_) => false,
            Node::Concat(ch) | Node::Sum(ch) => ch.iter().all(|&c| blind(game, c, depth + 1)),
            Node::Star(c) => blind(game, *c, depth + 1),
        }
}

/// Whether some prefix of `items` reads no piece and leads from every vertex to the same
/// vertices (`left* {! left} up* {! up}`: the corner).
fn same_ends(game: &Game, items: &[NodeId]) -> bool {
    let v = game.board.vertex_count();
    if v == 0 || v > MAX_ANALYSED_VERTICES {
        return false;
    }
    let from = |s: usize, len: usize| {
        let mut set = vec![false; v];
        set[s] = true;
        items[..len]
            .iter()
            .try_fold(set, |set, &n| ends(game, n, set, 0))
    };
    (1..=items.len()).rev().any(|len| {
        let Some(first) = from(0, len) else {
            return false;
        };
        (1..v).all(|s| from(s, len).as_ref() == Some(&first))
    })
}

/// The vertices rules `id` lead to from `set`, if they read no piece (shifts, and patterns of
/// shifts, which depend on the board's edges only).
fn ends(game: &Game, id: NodeId, set: Vec<bool>, depth: usize) -> Option<Vec<bool>> {
    if depth > MAX_DEPTH {
        return None;
    }
    let board = &game.board;
    match game.rules.node(id) {
        Node::Action(Action::Shift(d)) => {
            let mut out = vec![false; set.len()];
            for u in (0..set.len()).filter(|&u| set[u]) {
                if let Some(w) = board.neighbour(ir::VertexId::from_index(u), *d) {
                    out[w.index()] = true;
                }
            }
            Some(out)
        }
        Node::Action(Action::Pattern { positive, body }) => {
            let mut out = set.clone();
            for u in (0..set.len()).filter(|&u| set[u]) {
                let mut one = vec![false; set.len()];
                one[u] = true;
                let hit = ends(game, *body, one, depth + 1)?.contains(&true);
                out[u] = hit == *positive;
            }
            Some(out)
        }
        Node::Action(_) => None,
        Node::Concat(ch) => ch.iter().try_fold(set, |s, &c| ends(game, c, s, depth + 1)),
        Node::Sum(ch) => ch.iter().try_fold(vec![false; set.len()], |acc, &c| {
            let o = ends(game, c, set.clone(), depth + 1)?;
            Some(acc.iter().zip(o).map(|(a, b)| *a || b).collect())
        }),
        Node::Star(c) => {
            let mut all = set;
            loop {
                let step = ends(game, *c, all.clone(), depth + 1)?;
                let grown: Vec<bool> = all.iter().zip(&step).map(|(a, b)| *a || *b).collect();
                if grown == all {
                    return Some(all);
                }
                all = grown;
            }
        }
    }
}

impl Translator<'_> {
    /// Closure letter `l` at `at`, followed by letter `next`: a stage whose board holds the
    /// loop's piece on the closure.
    pub(super) fn walk_closure(
        &mut self,
        l: usize,
        next: Option<usize>,
        body: Body,
        ctx: Ctx,
        at: String,
    ) -> Result<Resumed, Unsupported> {
        let Letter::Closure(id) = self.coarse.letters[l] else {
            unreachable!("a closure letter")
        };
        let c = closure_shape(self.game, id).expect("a closure letter has its shape");
        if !next.is_some_and(|n| stops(self.game, &self.coarse.letters[n], &c)) {
            return Err(Unsupported(
                "a keeper loop that spreads a piece, not followed by the check that it is done"
                    .into(),
            ));
        }
        let r = if ctx.puts.is_empty() {
            Resumed { body, at, ctx }
        } else {
            self.cut(&body, &ctx, &at)?
        };
        let key = format!("closure {l} {} | {}", r.at, r.body.lits.join(" "));
        if let Some(&(n, base)) = self.stage_memo.get(&key) {
            return Ok(self.resume(&r.body, n, base));
        }
        self.loop_count += 1;
        let name = format!("clos{}", self.loop_count);
        // The vertices written first: reached from a `T` vertex of the board before it.
        let mut seed = r.body.branch();
        seed.lits = r.body.lits.clone();
        let u = seed.fresh();
        let mut nodes: Vec<NodeId> = match &c.from {
            Some((first, steps)) => std::iter::once(*first).chain(steps.clone()).collect(),
            None => Vec::new(),
        };
        nodes.push(c.target);
        let v = self.nav.walk(&nodes, &r.ctx, &mut seed, &u, 0)?;
        self.extra
            .push(Rule::new(format!("({name} {v})"), seed.lits));
        // Then from a written vertex (which holds `A`, so passes `{T}`).
        if let Some((_, steps)) = &c.from {
            let mut more = Body::default();
            more.push(format!("({name} ?u)"));
            let mut nodes = steps.clone();
            nodes.push(c.target);
            let v = self.nav.walk(&nodes, &r.ctx, &mut more, "?u", 0)?;
            self.extra
                .push(Rule::new(format!("({name} {v})"), more.lits));
        }
        let wrote = Ctx {
            puts: vec![("?kw".into(), c.piece)],
            ..r.ctx.clone()
        };
        let lits = r.body.lits.clone();
        let (n, base) = self.stage_after_loop(&lits, &[format!("({name} ?kw)")], &r.at, &wrote);
        self.stage_memo.insert(key, (n, base));
        Ok(self.resume(&r.body, n, base))
    }

    /// After a closure the walk stands where the keeper wrote last, which depends on its
    /// order: letter `l` must not read that vertex. Whether the walk still does not know
    /// where it is after `l`.
    pub(super) fn still_lost(&self, l: usize) -> Result<bool, Unsupported> {
        let game = self.game;
        let lost = || {
            Unsupported(
                "rules that read where a keeper loop spreading a piece ended (its order)".into(),
            )
        };
        match &self.coarse.letters[l] {
            Letter::Nav(nodes) => starts_anywhere(game, nodes).map_err(|()| lost()),
            &Letter::Event(id) => match game.rules.node(id) {
                Node::Action(Action::Switch(SwitchTarget::Player(_))) if self.need_pos => {
                    Err(lost())
                }
                Node::Action(Action::Switch(_) | Action::Assign { .. }) => Ok(true),
                _ => Err(lost()),
            },
            Letter::Closure(_) => Ok(true),
            Letter::Pattern(_) | Letter::Loop(_) | Letter::Block(_) => Err(lost()),
        }
    }
}
