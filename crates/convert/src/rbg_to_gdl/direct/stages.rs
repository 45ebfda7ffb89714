//! Loops that apply modifiers in the keeper's phase, as a chain of boards.
//!
//! The keeper's way through its phase is unique in each state, so its phase needs no move
//! arguments: where a walk of the phase reaches a [`Letter::Loop`] or [`Letter::Block`], it
//! is *cut*. The place and board so far become relations of their own (`(kinN v)`, the board
//! `(kbN v x)` with the vertices written `(kwrN v)`, the implicit piece left out as in the
//! state) and the walk goes on from them with a rule of its own. A loop is a relation
//! `(loopN a z)` walking over the board before it; the board after it is the vertices it
//! wrote with their new piece and the others as before. A block's alternatives all start
//! from one board and their ends make the next.
//!
//! A cut is right only where the walk so far can be taken in one way at most (the board
//! relations of two ways would mix): the navigations before it must be deterministic
//! ([`deterministic_nav`]), a loop must stop at the first vertex that cannot go on, and a
//! block's alternatives must exclude each other ([`super::exclusive`]). A loop relation walks
//! the board before the loop, so the loop must never read a vertex it wrote: its body reads
//! and writes where it stands, then moves along directions that never lead back.

use super::exclusive::{acyclic, deterministic_nav, first_check, loop_shape};
use super::*;

/// The walk after a cut: its rule's literals, where it stands, the board it reads.
pub(super) struct Resumed {
    pub(super) body: Body,
    pub(super) at: String,
    pub(super) ctx: Ctx,
}

/// One way into a stage: the literals of the walk that gets there, where it stands and the
/// board it leaves (a base and pieces put on it).
struct Way<'a> {
    lits: &'a [String],
    at: &'a str,
    ctx: &'a Ctx,
}

impl Translator<'_> {
    /// The walk ends its rule here: its place and board become a stage, the walk resumes
    /// from it. Stages reached by the same literals are one.
    pub(super) fn cut(&mut self, body: &Body, ctx: &Ctx, at: &str) -> Result<Resumed, Unsupported> {
        if !ctx.assigned.is_empty() || !ctx.terms.is_empty() {
            return Err(Unsupported(
                "an assignment before a loop that applies modifiers in the keeper's phase".into(),
            ));
        }
        if let Some(n) = just_entered(body, ctx, at) {
            // Nothing since the last stage: it is this one (a chain of renamings would cost
            // a top-down reasoner, which does not remember them, a level each).
            return Ok(self.resume(body, n, ctx.base));
        }
        let key = format!("{} | {at} | {:?}", body.lits.join(" "), ctx.puts);
        let (n, base) = match self.stage_memo.get(&key) {
            Some(&found) => found,
            None => {
                let way = Way {
                    lits: &body.lits,
                    at,
                    ctx,
                };
                let found = self.stage(&[way], false);
                self.stage_memo.insert(key, found);
                found
            }
        };
        Ok(self.resume(body, n, base))
    }

    /// A new stage entered by `ways` (at most one of which can be taken): `(kinN v)` and,
    /// where some way put pieces or the ways leave different boards, `(kbN v x)`. `guarded`:
    /// each way's literals decide whether its base board is the stage's (the ways' boards
    /// differ).
    fn stage(&mut self, ways: &[Way], guarded: bool) -> (u32, Base) {
        self.stage_count += 1;
        let n = self.stage_count;
        let same_base = ways.iter().all(|w| w.ctx.base == ways[0].ctx.base);
        let base = if same_base && ways.iter().all(|w| w.ctx.puts.is_empty()) {
            ways[0].ctx.base
        } else {
            Base::Stage(n)
        };
        for w in ways {
            self.extra
                .push(Rule::new(format!("(kin{n} {})", w.at), w.lits.to_vec()));
            if base != Base::Stage(n) {
                continue;
            }
            let puts = &w.ctx.puts;
            for (j, (v, x)) in puts.iter().enumerate() {
                self.extra
                    .push(Rule::new(format!("(kwr{n} {v})"), w.lits.to_vec()));
                if Some(*x) != self.nav.empty {
                    let mut b = w.lits.to_vec();
                    b.extend(
                        puts[j + 1..]
                            .iter()
                            .map(|(u, _)| format!("(distinct {v} {u})")),
                    );
                    let piece = &self.names.pieces[x.index()];
                    self.extra
                        .push(Rule::new(format!("(kb{n} {v} {piece})"), b));
                }
            }
            let mut b = if guarded || !same_base {
                w.lits.to_vec()
            } else {
                Vec::new()
            };
            b.extend(self.base_cell(w.ctx.base));
            b.push(format!("(not (kwr{n} ?kv))"));
            self.extra.push(Rule::new(format!("(kb{n} ?kv ?kx)"), b));
        }
        if base == Base::Stage(n) {
            self.extra.push(Rule::new(
                format!("(kbocc{n} ?kv)"),
                vec![format!("(kb{n} ?kv ?kx)")],
            ));
        }
        (n, base)
    }

    /// The literals of `(?kv ?kx)` on board `base`, without the implicit piece.
    fn base_cell(&self, base: Base) -> Vec<String> {
        let mut lits = vec![match base {
            Base::AfterMove => "(aft ?kv ?kx)".to_string(),
            Base::Stage(m) => format!("(kb{m} ?kv ?kx)"),
            Base::State => "(true (cell ?kv ?kx))".to_string(),
        }];
        if let (Some(e), Base::AfterMove) = (self.nav.empty, base) {
            lits.push(format!("(distinct ?kx {})", self.names.pieces[e.index()]));
        }
        lits
    }

    /// The walk's rule from stage `n` on: it starts where the stage's way stood.
    pub(super) fn resume(&self, body: &Body, n: u32, base: Base) -> Resumed {
        let mut body = body.branch();
        let at = body.fresh();
        body.lits = vec![format!("(kin{n} {at})")];
        Resumed {
            body,
            at,
            ctx: Ctx::plain(base),
        }
    }

    /// Loop letter `l` at `at`, followed by `next` (the letter after it in the walk).
    pub(super) fn walk_loop(
        &mut self,
        l: usize,
        next: Option<usize>,
        body: Body,
        ctx: Ctx,
        at: String,
    ) -> Result<Resumed, Unsupported> {
        let game = self.game;
        let Letter::Loop(id) = self.coarse.letters[l] else {
            unreachable!("a loop letter")
        };
        let paths = self.coarse.region_paths(l, 2)?;
        let shape = match &paths[..] {
            [path] => loop_shape(game, &self.coarse, path),
            _ => None,
        }
        .ok_or_else(|| {
            Unsupported(
                "a loop whose body is not: checks, pieces put, then a shift (its walk could \
                 read what it wrote)"
                    .into(),
            )
        })?;
        if !acyclic(game, &shape.dirs) {
            return Err(Unsupported(
                "a loop that applies modifiers whose shifts may lead back to where it was".into(),
            ));
        }
        // It stops at the first vertex that cannot go on: what follows checks there for
        // pieces its body does not go on over.
        let exit = next
            .and_then(|n| match &self.coarse.letters[n] {
                Letter::Nav(nodes) => first_check(game, nodes),
                _ => None,
            })
            .filter(|set| set.iter().all(|p| !shape.guard.contains(p)))
            .ok_or_else(|| {
                Unsupported(
                    "a loop that applies modifiers not followed by a check that stops it".into(),
                )
            })?;
        let r = if ctx.puts.is_empty() {
            Resumed { body, at, ctx }
        } else {
            self.cut(&body, &ctx, &at)?
        };
        // The same loop reached by the same literals (a keeper path and its continuations).
        let key = format!("loop {l} {} | {}", r.at, r.body.lits.join(" "));
        if let Some(&(n, base)) = self.stage_memo.get(&key) {
            let mut b = r.body.branch();
            b.fresh();
            b.fresh();
            return Ok(self.resume(&b, n, base));
        }
        let name = self.loop_relation(id, &shape, &r.ctx);
        let mut lits = r.body.lits.clone();
        self.extra
            .push(Rule::new(format!("(want_{name} {})", r.at), lits.clone()));
        let mut b = r.body.branch();
        let z = b.fresh();
        let w = b.fresh();
        lits.push(format!("({name} {} {z})", r.at));
        let mut guard = Body::default();
        self.nav.check(&exit, &r.ctx, &mut guard, &z)?;
        lits.extend(guard.lits);
        // The vertices it wrote: those it walked over before the end.
        let mut wrote = lits.clone();
        wrote.push(format!("({name} {} {w})", r.at));
        wrote.push(format!("(distinct {w} {z})"));
        let wrote_ctx = Ctx {
            puts: vec![(w.clone(), shape.piece)],
            ..r.ctx.clone()
        };
        // The board after the loop: one way whose put vertex ranges over the written ones.
        let (n, base) = self.stage_after_loop(&lits, &wrote, &z, &wrote_ctx);
        self.stage_memo.insert(key, (n, base));
        Ok(self.resume(&b, n, base))
    }

    /// The stage after a loop: its place (`lits` bind `z`), the vertices written (`wrote`
    /// bind the put vertex of `ctx`).
    pub(super) fn stage_after_loop(
        &mut self,
        lits: &[String],
        wrote: &[String],
        z: &str,
        ctx: &Ctx,
    ) -> (u32, Base) {
        self.stage_count += 1;
        let n = self.stage_count;
        self.extra
            .push(Rule::new(format!("(kin{n} {z})"), lits.to_vec()));
        let (v, x) = &ctx.puts[0];
        self.extra
            .push(Rule::new(format!("(kwr{n} {v})"), wrote.to_vec()));
        if Some(*x) != self.nav.empty {
            let piece = &self.names.pieces[x.index()];
            self.extra
                .push(Rule::new(format!("(kb{n} {v} {piece})"), wrote.to_vec()));
        }
        let mut b = self.base_cell(ctx.base);
        b.push(format!("(not (kwr{n} ?kv))"));
        self.extra.push(Rule::new(format!("(kb{n} ?kv ?kx)"), b));
        self.extra.push(Rule::new(
            format!("(kbocc{n} ?kv)"),
            vec![format!("(kb{n} ?kv ?kx)")],
        ));
        (n, Base::Stage(n))
    }

    /// `(loopN a z)`: from `a`, as many steps as the body's checks allow, on board `ctx`
    /// (asked where the walk gets, `want_loopN`).
    fn loop_relation(
        &mut self,
        _id: ir::NodeId,
        shape: &exclusive::LoopShape,
        ctx: &Ctx,
    ) -> String {
        self.loop_count += 1;
        let name = format!("loop{}", self.loop_count);
        self.extra.push(Rule::new(
            format!("({name} ?a ?a)"),
            vec![format!("(want_{name} ?a)")],
        ));
        let mut b = Body::default();
        b.push(format!("({name} ?a ?y)"));
        for set in &shape.checks {
            // The check reads only the stage's board (no pieces put on it).
            let _ = self.nav.check(set, ctx, &mut b, "?y");
        }
        let mut at = "?y".to_string();
        for (i, d) in shape.dirs.iter().enumerate() {
            self.nav.uses.directions.insert(*d);
            let to = if i + 1 == shape.dirs.len() {
                "?z".to_string()
            } else {
                format!("?m{i}")
            };
            b.push(format!("({} {at} {to})", nav::dir_relation(self.names, *d)));
            at = to;
        }
        self.extra
            .push(Rule::new(format!("({name} ?a ?z)"), b.lits));
        name
    }

    /// Block letter `l` at `at`: a stage before it, each alternative walked from it, and the
    /// stage their ends make.
    pub(super) fn walk_block(
        &mut self,
        l: usize,
        body: Body,
        ctx: Ctx,
        at: String,
    ) -> Result<Resumed, Unsupported> {
        let Letter::Block(id) = self.coarse.letters[l] else {
            unreachable!("a block letter")
        };
        if !exclusive::alternatives_exclusive(self.game, id) {
            return Err(Unsupported(
                "a sum that applies modifiers in a loop whose alternatives may both be taken"
                    .into(),
            ));
        }
        let start = self.cut(&body, &ctx, &at)?;
        let key = format!("block {l} {}", start.body.lits.join(" "));
        if let Some(&(n, base)) = self.stage_memo.get(&key) {
            return Ok(self.resume(&start.body, n, base));
        }
        let mut ends = Vec::new();
        for path in self.coarse.region_paths(l, MAX_PATHS)? {
            let mut inner = start.body.branch();
            inner.lits = start.body.lits.clone();
            let walked = self.walk_region(&path, start.ctx.clone(), &start.at, inner)?;
            if let Some(w) = walked {
                if !w.deterministic {
                    return Err(Unsupported(
                        "a sum that applies modifiers in a loop whose alternative may be \
                         taken in more than one way"
                            .into(),
                    ));
                }
                ends.push(w);
            }
        }
        let ways: Vec<Way> = ends
            .iter()
            .map(|w| Way {
                lits: &w.body.lits,
                at: &w.end,
                ctx: &w.ctx,
            })
            .collect();
        if ways.is_empty() {
            let mut body = start.body;
            body.push(text::FALSE.into());
            return Ok(Resumed { body, ..start });
        }
        let (n, base) = self.stage(&ways, true);
        self.stage_memo.insert(key, (n, base));
        Ok(self.resume(&start.body, n, base))
    }

    /// Whether the navigations of a walk since its last cut leave one way at most.
    pub(super) fn deterministic(&self, nodes: &[ir::NodeId]) -> bool {
        deterministic_nav(self.game, nodes)
    }
}

/// The stage a walk stands at the start of, with nothing put or read since: its rule is just
/// `(kinN at)`.
fn just_entered(body: &Body, ctx: &Ctx, at: &str) -> Option<u32> {
    let [lit] = &body.lits[..] else {
        return None;
    };
    if !ctx.puts.is_empty() {
        return None;
    }
    lit.strip_prefix("(kin")?
        .strip_suffix(&format!(" {at})"))?
        .parse()
        .ok()
}
