//! Walking a path of letters: its literals, the modifiers it applies and where it ends;
//! patterns that apply modifiers and assignments computed from the state on the way.

use super::*;

/// One path walked: its literals, the modifiers it applies (index, event, vertex variable)
/// and the vertex where it ends.
pub(super) struct Walked {
    pub(super) body: Body,
    pub(super) events: Vec<(u32, Event, String)>,
    pub(super) end: String,
    /// The board where it ends (the pieces put since its last cut on top).
    pub(super) ctx: Ctx,
    /// Its navigations since its last cut leave one way at most ([`super::stages`]).
    pub(super) deterministic: bool,
}

/// What a walk knows of the pieces put so far.
#[derive(Clone, Default)]
pub(super) struct Trail {
    /// For each piece put, where the walk may be for each vertex it was put on: a navigation
    /// whose checks can never see that vertex does not need it (empty when the board is too
    /// large to analyse).
    pub(super) rows: Vec<Vec<Vec<bool>>>,
    /// `apart[j][k]` (k < j): puts j and k are on distinct vertices whatever the board.
    pub(super) apart: Vec<Vec<bool>>,
    /// Every piece put is the same piece, so a check sees them alike wherever they are (a
    /// chain's walk, [`super::chain`]): they count as apart.
    pub(super) one_piece: bool,
}

impl Translator<'_> {
    /// Walks a path of letters from vertex `start`; `None` if it can never be taken (an
    /// assignment out of its bound). `free_start`: a leading navigation that reaches every
    /// vertex from anywhere does not read the start.
    pub(super) fn walk(
        &mut self,
        path: &[usize],
        ctx: Ctx,
        start: &str,
        free_start: bool,
        first: Vec<String>,
    ) -> Result<Option<Walked>, Unsupported> {
        let mut body = Body::top();
        body.lits = first;
        self.walk_from(path, ctx, Trail::default(), start, free_start, body)
    }

    /// An alternative of a block ([`super::stages`]), from a stage's board `ctx`.
    pub(super) fn walk_region(
        &mut self,
        path: &[usize],
        ctx: Ctx,
        start: &str,
        body: Body,
    ) -> Result<Option<Walked>, Unsupported> {
        self.walk_from(path, ctx, Trail::default(), start, false, body)
    }

    /// [`Translator::walk`] from a board `ctx` reached along `trail`, adding to `body`.
    pub(super) fn walk_from(
        &mut self,
        path: &[usize],
        mut ctx: Ctx,
        trail: Trail,
        start: &str,
        free_start: bool,
        mut body: Body,
    ) -> Result<Option<Walked>, Unsupported> {
        self.walks += 1;
        if self.walks > MAX_WALKS {
            // Patterns inside patterns multiply their paths.
            return Err(Unsupported(format!(
                "rules whose paths take more than {MAX_WALKS} walks to translate"
            )));
        }
        let game = self.game;
        let mut at = start.to_string();
        let mut events = Vec::new();
        let vertices = game.board.vertex_count();
        let analyse = vertices <= MAX_ANALYSED_VERTICES;
        let Trail {
            mut rows,
            mut apart,
            one_piece,
        } = trail;
        let mut deterministic = true;
        // After a closure the walk does not know where it stands ([`super::closure`]).
        let mut lost = false;
        for (i, &l) in path.iter().enumerate() {
            if lost {
                lost = self.still_lost(l)?;
            }
            let nav = matches!(self.coarse.letters[l], Letter::Nav(_));
            if nav
                && matches!(ctx.base, Base::Stage(_))
                && !ctx.puts.is_empty()
                && ctx.assigned.is_empty()
                && ctx.terms.is_empty()
                && deterministic
            {
                // Pieces put after a loop make a board of their own too: the relations
                // reading it need no arguments for them (asked at every vertex otherwise).
                let r = self.cut(&body, &ctx, &at)?;
                (body, at, ctx) = (r.body, r.at, r.ctx);
                events.clear();
                rows.clear();
                apart.clear();
            }
            match &self.coarse.letters[l] {
                Letter::Loop(_) | Letter::Block(_) | Letter::Closure(_) => {
                    if ctx.base == Base::State {
                        return Err(Unsupported(
                            "a loop that applies modifiers within a player's move (the \
                             general encoding unrolls it)"
                                .into(),
                        ));
                    }
                    if !deterministic {
                        return Err(Unsupported(
                            "a loop that applies modifiers in a keeper's phase that may reach \
                             it in more than one way"
                                .into(),
                        ));
                    }
                    let taken = std::mem::take(&mut body);
                    let next = path.get(i + 1).copied();
                    let r = match self.coarse.letters[l] {
                        Letter::Loop(_) => self.walk_loop(l, next, taken, ctx.clone(), at)?,
                        Letter::Closure(_) => {
                            lost = true;
                            self.walk_closure(l, next, taken, ctx.clone(), at)?
                        }
                        _ => self.walk_block(l, taken, ctx.clone(), at)?,
                    };
                    (body, at, ctx) = (r.body, r.at, r.ctx);
                    // What came before is the stage's: the walk starts afresh from it.
                    events.clear();
                    rows.clear();
                    apart.clear();
                }
                Letter::Nav(nodes) => {
                    deterministic &= self.deterministic(nodes);
                    let mut visible = Vec::new();
                    let mut shown: Vec<usize> = Vec::new();
                    for (k, put) in ctx.puts.iter().enumerate() {
                        if !analyse || board::may_see(game, nodes, &mut rows[k]) {
                            visible.push(put.clone());
                            shown.push(k);
                        }
                    }
                    let all_apart = shown
                        .iter()
                        .enumerate()
                        .all(|(i, &j)| shown[..i].iter().all(|&k| apart[j][k]));
                    let mut nodes = &nodes[..];
                    // Rules that lead from anywhere to everywhere do not read where they start,
                    // nor do rules that lead from anywhere to the same vertices: these walk
                    // from the first vertex.
                    if i > 0 || free_start {
                        let skip = board::universal_prefix(game, nodes);
                        if skip > 0 {
                            nodes = &nodes[skip..];
                            at = if i == 0 { "?b0".into() } else { body.fresh() };
                        } else if board::same_ends_prefix(game, nodes) > 0 {
                            at = self.names.vertices[0].clone();
                        }
                    }
                    let seen = Ctx {
                        base: ctx.base,
                        hidden: visible.len() < ctx.puts.len(),
                        apart: all_apart,
                        puts: visible,
                        assigned: ctx.assigned.clone(),
                        terms: ctx.terms.clone(),
                    };
                    at = self.nav.walk(nodes, &seen, &mut body, &at, 0)?;
                }
                Letter::Pattern(_) => {
                    let trail = Trail {
                        rows: rows.clone(),
                        apart: apart.clone(),
                        one_piece,
                    };
                    self.pattern(l, &ctx, trail, &at, &mut body)?;
                }
                &Letter::Event(id) => {
                    let m = modifier(game, id);
                    let Node::Action(a) = game.rules.node(id) else {
                        unreachable!("an event is an action")
                    };
                    let e = match a {
                        Action::Off(x) => {
                            // A piece put where the last one was (no shift between) hides it.
                            if let Some(k) = ctx.puts.iter().position(|(v, _)| *v == at) {
                                ctx.puts.remove(k);
                                apart.remove(k);
                                for row in &mut apart[k..] {
                                    row.remove(k);
                                }
                                if analyse {
                                    rows.remove(k);
                                }
                            }
                            // Where the walk can never be back on an earlier put's vertex,
                            // the two are apart.
                            apart.push(
                                (0..ctx.puts.len())
                                    .map(|k| {
                                        one_piece
                                            || analyse && !(0..vertices).any(|u| rows[k][u][u])
                                    })
                                    .collect(),
                            );
                            ctx.puts.push((at.clone(), *x));
                            if analyse {
                                rows.push(
                                    (0..vertices)
                                        .map(|u| (0..vertices).map(|w| w == u).collect())
                                        .collect(),
                                );
                            }
                            Event::Put(*x)
                        }
                        Action::Assign { var, value } => match constant(value, &ctx.assigned) {
                            Some(n) => {
                                if !(0..=game.variables[var.index()].bound).contains(&n) {
                                    return Ok(None);
                                }
                                ctx.assigned.push((*var, n));
                                ctx.terms.retain(|(w, _)| w != var);
                                Event::Assign(*var, Value::Const(n))
                            }
                            None => {
                                let t = self.computed(*var, value, &ctx, &mut body)?;
                                ctx.assigned.retain(|(w, _)| w != var);
                                ctx.terms.retain(|(w, _)| w != var);
                                ctx.terms.push((*var, t.clone()));
                                events.push((m, Event::Assign(*var, Value::Term(t.clone())), t));
                                continue;
                            }
                        },
                        Action::Switch(t) => Event::Switch(*t),
                        _ => unreachable!("events are modifiers"),
                    };
                    // An assignment of a constant does not depend on where it is made.
                    let slot = match e {
                        Event::Assign(_, Value::Const(_)) => "0".to_string(),
                        _ => at.clone(),
                    };
                    events.push((m, e, slot));
                }
            }
        }
        Ok(Some(Walked {
            body,
            events,
            end: at,
            ctx,
            deterministic,
        }))
    }

    /// A pattern that applies modifiers, at vertex `at` of the walk whose literals are
    /// `body`: a relation over the vertices of the pieces put so far and `at`, one rule per
    /// path of its body, asked only where the walk gets (`want_`).
    fn pattern(
        &mut self,
        letter: usize,
        ctx: &Ctx,
        trail: Trail,
        at: &str,
        body: &mut Body,
    ) -> Result<(), Unsupported> {
        if self.pattern_depth >= MAX_PATTERN_DEPTH {
            return Err(Unsupported(format!(
                "patterns that apply modifiers nested more than {MAX_PATTERN_DEPTH} deep"
            )));
        }
        let shape = self.coarse.patterns[&letter].clone();
        if shape.nullable {
            if !shape.positive {
                body.push(text::FALSE.into());
            }
            return Ok(());
        }
        let mut args: Vec<String> = ctx.puts.iter().map(|(v, _)| v.clone()).collect();
        args.push(at.to_string());
        args.dedup();
        let args = args.join(" ");
        let mut want = body.lits.clone();
        if want.iter().any(|l| text::vars(l).any(|t| t == "?a0")) {
            // The player's start is read from the state (`player_move` adds it to the rule).
            want.insert(0, "(true (pos ?a0))".into());
        }
        // The same place walked again (a keeper path and its continuations) asks the same.
        let key = (letter, args.clone(), want.join(" "));
        if let Some((name, any)) = self.pattern_memo.get(&key) {
            body.lits
                .extend(pattern_literal(name, &args, shape.positive, *any));
            return Ok(());
        }
        self.pattern_count += 1;
        let name = format!("mpat{}", self.pattern_count);
        self.extra
            .push(Rule::new(format!("(want_{name} {args})"), want));
        let mut any = false;
        let first = self.extra.len();
        for path in self.coarse.pattern_paths(letter, MAX_PATHS)? {
            let mut inner = body.branch();
            inner.lits = vec![format!("(want_{name} {args})")];
            self.pattern_depth += 1;
            let walked = self.walk_from(&path, ctx.clone(), trail.clone(), at, false, inner);
            self.pattern_depth -= 1;
            if let Some(w) = walked? {
                // Paths that differ only in what they put read the same.
                if !self.extra[first..].iter().any(|r| r.body == w.body.lits) {
                    self.extra
                        .push(Rule::new(format!("({name} {args})"), w.body.lits));
                }
                any = true;
            }
        }
        body.lits
            .extend(pattern_literal(&name, &args, shape.positive, any));
        self.pattern_memo.insert(key, (name, any));
        Ok(())
    }

    /// The literals computing the value `value` to assign to `var` (reading the variables of
    /// `ctx`'s board) and the GDL variable they bind; a value out of the variable's range
    /// fails the rule, as the assignment fails the move.
    fn computed(
        &mut self,
        var: VarId,
        value: &Arith,
        ctx: &Ctx,
        body: &mut Body,
    ) -> Result<String, Unsupported> {
        let mut lits = Vec::new();
        let t = self.nav.term(value, ctx, body, &mut lits)?;
        body.lits.extend(lits);
        if t.parse::<i64>().is_ok() {
            return Err(Unsupported(
                "an assignment whose value overflows or is out of range".into(),
            ));
        }
        let bound = self.game.variables[var.index()].bound;
        if bound < super::nav::max_bound(self.game) {
            self.nav.uses.succ = true;
            self.nav.uses.order = true;
            body.push(format!("(atmost {t} {bound})"));
        }
        Ok(t)
    }
}

/// The value of `e` when it does not depend on the state (`None`: it does, or it
/// overflows, which the state-dependent translation then declines).
fn constant(e: &Arith, assigned: &[(VarId, i64)]) -> Option<i64> {
    use ir::ArithOp::*;
    match e {
        Arith::Const(c) => Some(*c),
        Arith::Var(v) => assigned.iter().rev().find(|(w, _)| w == v).map(|(_, c)| *c),
        Arith::Count(_) => None,
        Arith::Bin(op, a, b) => {
            let (a, b) = (constant(a, assigned)?, constant(b, assigned)?);
            match op {
                Add => a.checked_add(b),
                Sub => a.checked_sub(b),
                Mul => a.checked_mul(b),
                Div => a.checked_div(b),
            }
        }
    }
}

/// The literal asking pattern relation `name`: positive or negated; a pattern none of whose
/// paths can be taken never holds (`None`: nothing to ask).
fn pattern_literal(name: &str, args: &str, positive: bool, any: bool) -> Option<String> {
    let lit = format!("({name} {args})");
    match (positive, any) {
        (true, true) => Some(lit),
        (false, true) => Some(format!("(not {lit})")),
        (true, false) => Some(text::FALSE.into()),
        (false, false) => None,
    }
}
