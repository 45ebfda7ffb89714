//! The direct translation: GDL a GDL author would recognise, for games whose moves have a
//! fixed shape — between two switches the rules apply a bounded sequence of modifiers, with
//! navigations (shifts, checks, patterns without modifiers, stars over them) in between.
//!
//! * the state is the board `(cell v x)`, the variables `(var x n)`, `(control r)`, and where
//!   needed the rules' place `(at mK)` and the current vertex `(pos v)`;
//! * each path of letters from a player's switch to the next switch ([`coarse`]) is one
//!   `legal` rule whose move names the modifiers it applies and their vertices, as the general
//!   encoding does: `(move3 m2 ?v1 m3 ?v2 m4 ?v3)`; navigations are literals and shared
//!   relations ([`nav`]);
//! * `next` applies the move's pieces and assignments (`aft`, `aftvar`: the board after the
//!   move), then the keeper's phase: each of its paths to a player's switch, or to a `->>`
//!   after which nothing can follow (the play is over), is a relation `kpJ` read in `next`;
//! * the initial state is the reasoner's, after the keeper's first phase.
//!
//! Games outside this shape ([`Unsupported`] says why) use the general encoding.

mod coarse;
mod nav;
mod text;

use super::names::Names;
use coarse::{Coarse, Letter};
use ir::{Action, Arith, Game, Node, PieceId, PlayerId, SwitchTarget, VarId};
use nav::{Base, Body, Ctx, Nav};
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;
use text::{fact_lines, Rule};

/// Why a game needs the general encoding.
#[derive(Clone, Debug)]
pub struct Unsupported(pub String);

/// Paths of letters after one switch; more are left to the general encoding.
const MAX_PATHS: usize = 4_000;

/// Keeper phases chained by `->>` followed deeper than this are left to the general encoding.
const MAX_KEEPER_CHAIN: usize = 8;

/// Boards up to this size are analysed for which pieces put a check can see.
const MAX_ANALYSED_VERTICES: usize = 512;

/// Patterns that apply modifiers nested deeper than this are left to the general encoding
/// (each level is a relation whose arguments are all the vertices of the levels above).
const MAX_PATTERN_DEPTH: usize = 8;

/// The largest score bound given a table of goals.
const MAX_SCALED_BOUND: i64 = 10_000;

#[derive(Clone, Debug)]
enum Event {
    Put(PieceId),
    /// An assignment of a constant, or of a value the rule's literals compute from the state
    /// (a GDL variable, carried in the move's slot).
    Assign(VarId, Value),
    Switch(SwitchTarget),
}

#[derive(Clone, Debug)]
enum Value {
    Const(i64),
    Term(String),
}

/// One path walked: its literals, the modifiers it applies (index, event, vertex variable)
/// and the vertex where it ends.
struct Walked {
    body: Body,
    events: Vec<(u32, Event, String)>,
    end: String,
}

/// What a walk knows of the pieces put and variables assigned so far.
#[derive(Clone, Default)]
struct Trail {
    /// For each piece put, where the walk may be for each vertex it was put on: a navigation
    /// whose checks can never see that vertex does not need it (empty when the board is too
    /// large to analyse).
    rows: Vec<Vec<Vec<bool>>>,
    /// `apart[j][k]` (k < j): puts j and k are on distinct vertices whatever the board.
    apart: Vec<Vec<bool>>,
}

/// How a keeper phase ends.
enum KeeperEnd {
    /// A switch to this player (modifier index).
    Player(PlayerId, u32),
    /// A `->>` after which nothing can follow: the play is over.
    Stuck,
    /// A `->>` followed by these paths: the play is over when none of them can be taken.
    StuckUnless(Vec<Vec<usize>>),
}

struct Translator<'g> {
    game: &'g Game,
    names: &'g Names,
    coarse: Coarse,
    nav: Nav<'g>,
    /// Rules in sections (title, rules).
    sections: Vec<(String, Vec<Rule>)>,
    /// Move arities used.
    arities: BTreeSet<usize>,
    /// `(puts mK x)`, `(sets mK x n)`, `(switchto mK r)` facts.
    puts: BTreeMap<u32, PieceId>,
    sets: BTreeMap<u32, (VarId, i64)>,
    /// `(setsv mK x)`: assignments whose value is the move's slot.
    sets_slot: BTreeMap<u32, VarId>,
    switch_to: BTreeMap<u32, String>,
    need_at: bool,
    need_pos: bool,
    /// The modifier standing for each player switch's place in the rules.
    same_place: BTreeMap<u32, u32>,
    /// Rules of the patterns that apply modifiers, and their names by (letter, arguments,
    /// literals before) with whether some path of theirs can be taken.
    extra: Vec<Rule>,
    pattern_count: usize,
    pattern_depth: usize,
    pattern_memo: BTreeMap<(usize, String, String), (String, bool)>,
}

/// The GDL text of `game` in the direct encoding, or why it does not fit.
pub fn translate(game: &Game, names: &Names) -> Result<String, Unsupported> {
    let coarse = Coarse::build(game)?;
    let mut t = Translator {
        game,
        names,
        coarse,
        nav: Nav::new(game, names),
        sections: Vec::new(),
        arities: BTreeSet::new(),
        puts: BTreeMap::new(),
        sets: BTreeMap::new(),
        sets_slot: BTreeMap::new(),
        switch_to: BTreeMap::new(),
        need_at: false,
        need_pos: false,
        same_place: BTreeMap::new(),
        extra: Vec::new(),
        pattern_count: 0,
        pattern_depth: 0,
        pattern_memo: BTreeMap::new(),
    };
    t.run()
}

fn modifier(game: &Game, id: ir::NodeId) -> u32 {
    game.rules.modifier_index(id).unwrap_or(0)
}

impl Translator<'_> {
    fn run(&mut self) -> Result<String, Unsupported> {
        let game = self.game;
        let all_switches = self.coarse.reachable_switches(game);
        // Switches to the same player after which the same letters may follow are one place
        // of the rules; the first stands for them all.
        let mut classes: BTreeMap<(PlayerId, Vec<usize>), usize> = BTreeMap::new();
        let mut switches = Vec::new();
        for &s in &all_switches {
            match self.coarse.switch(game, s) {
                Some(SwitchTarget::Player(p)) => {
                    let rep = *classes
                        .entry((p, self.coarse.follow[s].clone()))
                        .or_insert(s);
                    self.same_place
                        .insert(self.modifier_of(s), self.modifier_of(rep));
                    if rep == s {
                        switches.push(s);
                    }
                }
                _ => switches.push(s),
            }
        }
        // One place per player: control alone says where the rules are.
        let mut per_player: BTreeMap<PlayerId, usize> = BTreeMap::new();
        for (p, _) in classes.keys() {
            *per_player.entry(*p).or_default() += 1;
        }
        self.need_at = per_player.values().any(|&n| n > 1);

        let mut legal = Vec::new();
        let mut keeper_starts: BTreeSet<usize> = BTreeSet::new();
        for &s in &switches {
            let Some(SwitchTarget::Player(p)) = self.coarse.switch(game, s) else {
                continue;
            };
            for path in self.coarse.paths(game, Some(s), MAX_PATHS)? {
                let last = *path.last().expect("a path ends with its switch");
                if let Some(SwitchTarget::Keeper) = self.coarse.switch(game, last) {
                    keeper_starts.insert(last);
                }
                if let Some(rule) = self.player_move(p, s, &path)? {
                    legal.push(rule);
                }
            }
        }
        let mut keeper = Vec::new();
        let mut runs = 0;
        for &k in &keeper_starts {
            self.keeper_phase(k, &mut keeper, &mut runs)?;
        }
        let init = self.initial_state()?;
        self.sections.push((
            "Legal moves: one rule per shape of move. A move lists the modifiers it applies \
             (by their number in the rules) with their vertices."
                .into(),
            legal,
        ));
        let mut next = self.after_move_rules(runs > 0);
        next.extend(keeper);
        self.sections.push((
            "next: the board after the move (aft, aftvar), then the keeper's phase".into(),
            next,
        ));
        self.sections
            .push(("End of play and goals".into(), self.end_rules()?));
        Ok(self.write(init))
    }

    /// The `legal` rule of one path of player `p`'s move after switch letter `s`.
    fn player_move(
        &mut self,
        p: PlayerId,
        s: usize,
        path: &[usize],
    ) -> Result<Option<Rule>, Unsupported> {
        let ctx = Ctx {
            base: Base::State,
            puts: Vec::new(),
            assigned: Vec::new(),
            terms: Vec::new(),
            hidden: false,
            apart: true,
        };
        let role = self.names.variables[p.index()].clone();
        let mut first = vec![format!("(true (control {role}))")];
        if self.need_at {
            first.push(format!("(true (at m{}))", self.modifier_of(s)));
        }
        let Some(w) = self.walk(path, ctx, "?a0", true, first)? else {
            return Ok(None);
        };
        let uses_start = w
            .body
            .lits
            .iter()
            .any(|l| text::vars(l).any(|t| t == "?a0"))
            || w.events.iter().any(|(_, _, v)| v == "?a0");
        let mut body = w.body.lits;
        if uses_start {
            self.need_pos = true;
            body.insert(1, "(true (pos ?a0))".into());
        }
        let mut mv = format!("(move{}", w.events.len());
        for (m, e, v) in &w.events {
            let _ = write!(mv, " m{m} {v}");
            match e {
                Event::Put(x) => {
                    self.puts.insert(*m, *x);
                }
                Event::Assign(x, Value::Const(n)) => {
                    self.sets.insert(*m, (*x, *n));
                }
                Event::Assign(x, Value::Term(_)) => {
                    self.sets_slot.insert(*m, *x);
                }
                Event::Switch(t) => {
                    self.switch_to.insert(*m, self.target_name(*t));
                }
            }
        }
        mv.push(')');
        self.arities.insert(w.events.len());
        Ok(Some(Rule::new(format!("(legal {role} {mv})"), body)))
    }

    fn modifier_of(&self, letter: usize) -> u32 {
        match self.coarse.letters[letter] {
            Letter::Event(id) => modifier(self.game, id),
            Letter::Nav(_) | Letter::Pattern(_) => 0,
        }
    }

    /// The place in the rules after player switch `m`.
    fn place(&self, m: u32) -> u32 {
        self.same_place.get(&m).copied().unwrap_or(m)
    }

    fn target_name(&self, t: SwitchTarget) -> String {
        match t {
            SwitchTarget::Player(p) => self.names.variables[p.index()].clone(),
            SwitchTarget::Keeper => self.names.keeper.clone(),
        }
    }

    /// Walks a path of letters from vertex `start`; `None` if it can never be taken (an
    /// assignment out of its bound). `free_start`: a leading navigation that reaches every
    /// vertex from anywhere does not read the start.
    fn walk(
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

    /// [`Translator::walk`] from a board `ctx` reached along `trail`, adding to `body`.
    fn walk_from(
        &mut self,
        path: &[usize],
        mut ctx: Ctx,
        trail: Trail,
        start: &str,
        free_start: bool,
        mut body: Body,
    ) -> Result<Option<Walked>, Unsupported> {
        let game = self.game;
        let mut at = start.to_string();
        let mut events = Vec::new();
        let vertices = game.board.vertex_count();
        let analyse = vertices <= MAX_ANALYSED_VERTICES;
        let Trail {
            mut rows,
            mut apart,
        } = trail;
        for (i, &l) in path.iter().enumerate() {
            match &self.coarse.letters[l] {
                Letter::Nav(nodes) => {
                    let mut visible = Vec::new();
                    let mut shown: Vec<usize> = Vec::new();
                    for (k, put) in ctx.puts.iter().enumerate() {
                        if !analyse || nav::may_see(game, nodes, &mut rows[k]) {
                            visible.push(put.clone());
                            shown.push(k);
                        }
                    }
                    let all_apart = shown
                        .iter()
                        .enumerate()
                        .all(|(i, &j)| shown[..i].iter().all(|&k| apart[j][k]));
                    let mut nodes = &nodes[..];
                    // Rules that lead from anywhere to everywhere do not read where they start.
                    if i > 0 || free_start {
                        let skip = nav::universal_prefix(game, nodes);
                        if skip > 0 {
                            nodes = &nodes[skip..];
                            at = if i == 0 { "?b0".into() } else { body.fresh() };
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
                                    .map(|k| analyse && !(0..vertices).any(|u| rows[k][u][u]))
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
                        Action::Assign { var, value } if has_count(value) => {
                            return Err(Unsupported("an assignment of a piece count".into()));
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
            let lit = format!("({name} {args})");
            body.push(match (shape.positive, any) {
                (true, true) => lit,
                (false, true) => format!("(not {lit})"),
                (true, false) => text::FALSE.into(),
                (false, false) => return Ok(()),
            });
            return Ok(());
        }
        self.pattern_count += 1;
        let name = format!("mpat{}", self.pattern_count);
        self.extra
            .push(Rule::new(format!("(want_{name} {args})"), want));
        let mut any = false;
        for path in self.coarse.pattern_paths(letter, MAX_PATHS)? {
            let mut inner = body.branch();
            inner.lits = vec![format!("(want_{name} {args})")];
            self.pattern_depth += 1;
            let walked = self.walk_from(&path, ctx.clone(), trail.clone(), at, false, inner);
            self.pattern_depth -= 1;
            if let Some(w) = walked? {
                self.extra
                    .push(Rule::new(format!("({name} {args})"), w.body.lits));
                any = true;
            }
        }
        self.pattern_memo.insert(key, (name.clone(), any));
        let lit = format!("({name} {args})");
        body.push(match (shape.positive, any) {
            (true, true) => lit,
            (false, true) => format!("(not {lit})"),
            (true, false) => text::FALSE.into(),
            (false, false) => return Ok(()),
        });
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
        let max_bound = self
            .game
            .variables
            .iter()
            .map(|v| v.bound)
            .max()
            .unwrap_or(0);
        if bound < max_bound {
            self.nav.uses.succ = true;
            self.nav.uses.order = true;
            body.push(format!("(atmost {t} {bound})"));
        }
        Ok(t)
    }

    /// The keeper's phase after switch letter `k` (a `->>` ending a move): one relation per
    /// path to its end, and the `next` rules each implies.
    fn keeper_phase(
        &mut self,
        k: usize,
        out: &mut Vec<Rule>,
        runs: &mut usize,
    ) -> Result<(), Unsupported> {
        let game = self.game;
        let Letter::Event(kid) = self.coarse.letters[k] else {
            unreachable!("a switch is an event")
        };
        let km = modifier(game, kid);
        // Paths through chained `->>` switches, each ending at a player's switch or at a
        // `->>` after which nothing can follow.
        let mut stack: Vec<(Vec<usize>, usize, usize)> = vec![(Vec::new(), k, 0)];
        let mut complete: Vec<(Vec<usize>, KeeperEnd)> = Vec::new();
        while let Some((prefix, from, depth)) = stack.pop() {
            for path in self.coarse.paths(game, Some(from), MAX_PATHS)? {
                let last = *path.last().expect("a path ends with its switch");
                let mut full = prefix.clone();
                full.extend(&path);
                match self.coarse.switch(game, last) {
                    Some(SwitchTarget::Player(p)) => {
                        let Letter::Event(id) = self.coarse.letters[last] else {
                            unreachable!()
                        };
                        complete.push((full, KeeperEnd::Player(p, modifier(game, id))));
                    }
                    _ => {
                        let next = self.coarse.paths(game, Some(last), MAX_PATHS)?;
                        if next.is_empty() {
                            complete.push((full, KeeperEnd::Stuck));
                        } else if depth >= MAX_KEEPER_CHAIN {
                            return Err(Unsupported("a long chain of keeper phases".into()));
                        } else {
                            stack.push((full.clone(), last, depth + 1));
                            complete.push((full, KeeperEnd::StuckUnless(next)));
                        }
                    }
                }
            }
        }
        for (path, end) in complete {
            let ctx = Ctx {
                base: Base::AfterMove,
                puts: Vec::new(),
                assigned: Vec::new(),
                terms: Vec::new(),
                hidden: false,
                apart: true,
            };
            let first = vec![format!("(moved m{km} ?s0)")];
            let Some(mut w) = self.walk(&path, ctx.clone(), "?s0", false, first.clone())? else {
                continue;
            };
            *runs += 1;
            let name = format!("kp{runs}");
            let mut args: Vec<String> = Vec::new();
            let mut puts: Vec<(String, PieceId)> = Vec::new();
            let mut assigned: BTreeMap<VarId, String> = BTreeMap::new();
            for (_, e, v) in &w.events {
                match e {
                    Event::Put(x) => {
                        puts.push((v.clone(), *x));
                        if !args.contains(v) {
                            args.push(v.clone());
                        }
                    }
                    Event::Assign(x, Value::Const(n)) => {
                        assigned.insert(*x, n.to_string());
                    }
                    Event::Assign(x, Value::Term(t)) => {
                        assigned.insert(*x, t.clone());
                        if !args.contains(t) {
                            args.push(t.clone());
                        }
                    }
                    Event::Switch(_) => {}
                }
            }
            if self.need_pos && !args.contains(&w.end) {
                args.push(w.end.clone());
            }
            let head = format!("({name} {})", args.join(" "));
            let head = head.replace(" )", ")");
            if let KeeperEnd::StuckUnless(next) = &end {
                // Stuck where no continuation can be taken from the state this path leaves
                // (named by its put vertices and end; the walks share the path's names).
                let mut cont_args = args.clone();
                if !cont_args.contains(&w.end) {
                    cont_args.push(w.end.clone());
                }
                let cont = format!("(kcont{runs} {})", cont_args.join(" ")).replace(" )", ")");
                for p in next {
                    let mut longer = path.clone();
                    longer.extend(p);
                    if let Some(wp) =
                        self.walk(&longer, ctx.clone(), "?s0", false, first.clone())?
                    {
                        out.push(Rule::new(cont.clone(), wp.body.lits));
                    }
                }
                w.body.lits.push(format!("(not {cont})"));
            }
            out.push(Rule::new(head.clone(), w.body.lits));
            for (i, (v, x)) in puts.iter().enumerate() {
                let piece = &self.names.pieces[x.index()];
                let mut b = vec![head.clone()];
                for (later, _) in &puts[i + 1..] {
                    b.push(format!("(distinct {v} {later})"));
                }
                out.push(Rule::new(format!("(next (cell {v} {piece}))"), b));
                out.push(Rule::new(format!("(kwrote {v})"), vec![head.clone()]));
            }
            for (x, n) in &assigned {
                let var = &self.names.variables[x.index()];
                out.push(Rule::new(
                    format!("(next (var {var} {n}))"),
                    vec![head.clone()],
                ));
                out.push(Rule::new(format!("(kset {var})"), vec![head.clone()]));
            }
            let control = match end {
                KeeperEnd::Player(p, m) => {
                    if self.need_at {
                        let place = self.place(m);
                        out.push(Rule::new(
                            format!("(next (at m{place}))"),
                            vec![head.clone()],
                        ));
                    }
                    if self.need_pos {
                        out.push(Rule::new(
                            format!("(next (pos {}))", w.end),
                            vec![head.clone()],
                        ));
                    }
                    self.names.variables[p.index()].clone()
                }
                KeeperEnd::Stuck | KeeperEnd::StuckUnless(_) => self.names.keeper.clone(),
            };
            out.push(Rule::new(
                format!("(next (control {control}))"),
                vec![head.clone()],
            ));
            out.push(Rule::new("kany".into(), vec![head]));
        }
        Ok(())
    }

    /// `moved`, `aft`, `aftvar` and the state's parts the keeper leaves alone.
    fn after_move_rules(&mut self, keeper: bool) -> Vec<Rule> {
        let mut out = Vec::new();
        let has_vars = !self.game.variables.is_empty();
        let slot_values = !self.sets_slot.is_empty();
        for &n in &self.arities {
            let slots: Vec<String> = (1..=n).map(|i| format!("?k{i} ?v{i}")).collect();
            let does = format!("(does ?r (move{n} {}))", slots.join(" "));
            out.push(Rule::new(
                format!("(moved ?k{n} ?v{n})"),
                vec![does.clone()],
            ));
            for i in 1..=n {
                let mut b = vec![does.clone(), format!("(puts ?k{i} ?x)")];
                b.extend((i + 1..=n).map(|j| format!("(not (over ?k{j} ?v{j} ?v{i}))")));
                out.push(Rule::new(format!("(aft ?v{i} ?x)"), b));
                out.push(Rule::new(
                    format!("(touched ?v{i})"),
                    vec![does.clone(), format!("(puts ?k{i} ?x)")],
                ));
                if has_vars {
                    let later = || (i + 1..=n).map(|j| format!("(not (resets ?k{j} ?x))"));
                    let mut b = vec![does.clone(), format!("(sets ?k{i} ?x ?n)")];
                    b.extend(later());
                    out.push(Rule::new("(aftvar ?x ?n)".into(), b));
                    out.push(Rule::new(
                        "(vtouched ?x)".into(),
                        vec![does.clone(), format!("(sets ?k{i} ?x ?n)")],
                    ));
                    if slot_values {
                        // The value assigned is the move's slot.
                        let mut b = vec![does.clone(), format!("(setsv ?k{i} ?x)")];
                        b.extend(later());
                        out.push(Rule::new(format!("(aftvar ?x ?v{i})"), b));
                        out.push(Rule::new(
                            "(vtouched ?x)".into(),
                            vec![does.clone(), format!("(setsv ?k{i} ?x)")],
                        ));
                    }
                }
            }
        }
        out.push(Rule::new(
            "(over ?k ?v ?v)".into(),
            vec!["(puts ?k ?x)".into()],
        ));
        out.push(Rule::new(
            "(aft ?v ?x)".into(),
            vec!["(true (cell ?v ?x))".into(), "(not (touched ?v))".into()],
        ));
        if has_vars {
            out.push(Rule::new(
                "(resets ?k ?x)".into(),
                vec!["(sets ?k ?x ?n)".into()],
            ));
            if slot_values {
                out.push(Rule::new(
                    "(resets ?k ?x)".into(),
                    vec!["(setsv ?k ?x)".into()],
                ));
            }
            out.push(Rule::new(
                "(aftvar ?x ?n)".into(),
                vec!["(true (var ?x ?n))".into(), "(not (vtouched ?x))".into()],
            ));
        }
        let (cell_rest, var_rest, idle) = if keeper {
            (
                vec!["(aft ?v ?x)".to_string(), "(not (kwrote ?v))".into()],
                vec!["(aftvar ?x ?n)".to_string(), "(not (kset ?x))".into()],
                vec!["(not kany)".to_string()],
            )
        } else {
            (
                vec!["(aft ?v ?x)".to_string()],
                vec!["(aftvar ?x ?n)".to_string()],
                Vec::new(),
            )
        };
        out.push(Rule::new("(next (cell ?v ?x))".into(), cell_rest));
        if has_vars {
            out.push(Rule::new("(next (var ?x ?n))".into(), var_rest));
        }
        // Without a keeper's phase (or with a keeper stuck at once) the move's switch decides.
        let with = |mut b: Vec<String>, extra: &[String]| {
            b.extend(extra.iter().cloned());
            b
        };
        out.push(Rule::new(
            "(next (control ?p))".into(),
            with(
                vec!["(moved ?k ?v)".into(), "(switchto ?k ?p)".into()],
                &idle,
            ),
        ));
        if self.need_at {
            out.push(Rule::new(
                "(next (at ?q))".into(),
                with(vec!["(moved ?k ?v)".into(), "(place ?k ?q)".into()], &idle),
            ));
        }
        if self.need_pos {
            out.push(Rule::new(
                "(next (pos ?v))".into(),
                with(vec!["(moved ?k ?v)".into()], &idle),
            ));
        }
        out
    }

    fn end_rules(&self) -> Result<Vec<Rule>, Unsupported> {
        let mut out = vec![
            Rule::new(
                "(legal ?r noop)".into(),
                vec!["(role ?r)".into(), "(not (true (control ?r)))".into()],
            ),
            Rule::new(
                "canmove".into(),
                vec!["(legal ?r ?m)".into(), "(distinct ?m noop)".into()],
            ),
            Rule::new("terminal".into(), vec!["(not canmove)".into()]),
        ];
        for (i, role) in self.names.variables[..self.game.players.len()]
            .iter()
            .enumerate()
        {
            let bound = self.game.variables[i].bound;
            if bound == 100 {
                out.push(Rule::new(
                    format!("(goal {role} ?n)"),
                    vec![format!("(true (var {role} ?n))")],
                ));
            } else if bound <= MAX_SCALED_BOUND && bound > 0 {
                out.push(Rule::new(
                    format!("(goal {role} ?g)"),
                    vec![
                        format!("(true (var {role} ?n))"),
                        format!("(scaled{} ?n ?g)", i + 1),
                    ],
                ));
            } else {
                return Err(Unsupported(format!("a score bound of {bound}")));
            }
        }
        Ok(out)
    }

    /// The `init` facts: the reasoner's state after the keeper's first phase.
    fn initial_state(&mut self) -> Result<Vec<String>, Unsupported> {
        let game = self.game;
        let r = reasoner::Reasoner::new(game)
            .map_err(|e| Unsupported(format!("the reasoner cannot run the game: {e:?}")))?;
        let state = r
            .initial_state()
            .map_err(|e| Unsupported(format!("the initial keeper phase fails: {e:?}")))?;
        let snap = state.snapshot();
        let mut init = Vec::new();
        for (v, &p) in snap.pieces.iter().enumerate() {
            init.push(format!(
                "(init (cell {} {}))",
                self.names.vertices[v], self.names.pieces[p as usize]
            ));
        }
        for (i, n) in snap.variables.iter().enumerate() {
            init.push(format!("(init (var {} {n}))", self.names.variables[i]));
        }
        let control = match game.players.get(snap.player as usize) {
            Some(_) => self.names.variables[snap.player as usize].clone(),
            None => self.names.keeper.clone(),
        };
        init.push(format!("(init (control {control}))"));
        let (m, pos) = snap.rules.unwrap_or((0, 0));
        if self.need_at {
            init.push(format!("(init (at m{}))", self.place(m)));
        }
        if self.need_pos {
            init.push(format!(
                "(init (pos {}))",
                self.names.vertices[pos as usize]
            ));
        }
        Ok(init)
    }

    /// The whole text.
    fn write(&mut self, init: Vec<String>) -> String {
        let game = self.game;
        let names = self.names;
        let mut vertex = false;
        let mut nav_rules: Vec<Rule> = std::mem::take(&mut self.nav.rules);
        nav_rules.append(&mut self.extra);
        nav_rules.sort_by_key(|r| relation_order(text::head_relation(&r.head)));
        let mut sections = std::mem::take(&mut self.sections);
        sections.insert(
            1,
            (
                "Navigations: the rules between modifiers, shared where they are equal".into(),
                nav_rules,
            ),
        );
        let given = self.given_relations();
        let mut groups: Vec<Vec<Rule>> = sections
            .iter_mut()
            .map(|s| std::mem::take(&mut s.1))
            .collect();
        text::drop_undefined(&mut groups, &given);
        let body_sections: Vec<(String, Vec<String>)> = sections
            .into_iter()
            .zip(groups)
            .map(|((t, _), rules)| {
                let lines = rules
                    .into_iter()
                    .filter_map(|r| r.finish(&mut vertex))
                    .map(|r| r.text())
                    .collect();
                (t, lines)
            })
            .collect();
        let mut sections: Vec<(String, Vec<String>)> = Vec::new();

        let mut roles: Vec<String> = names.variables[..game.players.len()]
            .iter()
            .map(|r| format!("(role {r})"))
            .collect();
        roles.extend(init);
        sections.push((
            "Roles and the initial state (after the keeper's first phase)".into(),
            roles,
        ));

        let mut statics: Vec<String> = Vec::new();
        if self.nav.uses.same {
            vertex = true;
        }
        if vertex {
            let vs: Vec<String> = names
                .vertices
                .iter()
                .map(|v| format!("(vertex {v})"))
                .collect();
            statics.extend(fact_lines(&vs));
        }
        if self.nav.uses.same {
            statics.push("(<= (same ?v ?v) (vertex ?v))".into());
        }
        for &d in &self.nav.uses.directions {
            let rel = nav::dir_relation(names, d);
            let edges: Vec<String> = game
                .board
                .edges()
                .filter(|e| e.1 == d)
                .map(|(a, _, b)| {
                    format!(
                        "({rel} {} {})",
                        names.vertices[a.index()],
                        names.vertices[b.index()]
                    )
                })
                .collect();
            statics.extend(fact_lines(&edges));
        }
        let mut facts: Vec<String> = Vec::new();
        for (m, x) in &self.puts {
            facts.push(format!("(puts m{m} {})", names.pieces[x.index()]));
        }
        for (m, (x, n)) in &self.sets {
            facts.push(format!("(sets m{m} {} {n})", names.variables[x.index()]));
        }
        for (m, x) in &self.sets_slot {
            facts.push(format!("(setsv m{m} {})", names.variables[x.index()]));
        }
        for (m, r) in &self.switch_to {
            facts.push(format!("(switchto m{m} {r})"));
        }
        if self.need_at {
            for (m, q) in &self.same_place {
                facts.push(format!("(place m{m} m{q})"));
            }
        }
        statics.extend(fact_lines(&facts));
        let max_bound = game.variables.iter().map(|v| v.bound).max().unwrap_or(0);
        if self.nav.uses.succ {
            let succ: Vec<String> = (0..max_bound)
                .map(|n| format!("(succ {n} {})", n + 1))
                .collect();
            statics.extend(fact_lines(&succ));
        }
        if self.nav.uses.order {
            statics.push("(<= (less ?a ?b) (succ ?a ?b))".into());
            statics.push("(<= (less ?a ?c) (succ ?a ?b) (less ?b ?c))".into());
            statics.push("(<= (atmost ?a ?b) (less ?a ?b))".into());
            statics.push("(<= (atmost ?a ?a) (succ ?a ?b))".into());
            statics.push(format!("(atmost {max_bound} {max_bound})"));
        }
        for (i, v) in game.variables[..game.players.len()].iter().enumerate() {
            if v.bound != 100 {
                let rows: Vec<String> = (0..=v.bound)
                    .map(|n| {
                        format!(
                            "(scaled{} {n} {})",
                            i + 1,
                            (100 * n + v.bound / 2) / v.bound
                        )
                    })
                    .collect();
                statics.extend(fact_lines(&rows));
            }
        }
        sections.push(("The board and the rules' constants".into(), statics));
        sections.extend(body_sections);

        let mut out = String::new();
        let _ = writeln!(
            out,
            ";; Translated from RBG by rbgtool (direct encoding: one legal rule per shape of move)."
        );
        for (title, lines) in sections {
            if lines.is_empty() {
                continue;
            }
            let _ = writeln!(out, "\n;; {title}");
            for l in lines {
                let _ = writeln!(out, "{l}");
            }
        }
        crate::prune::unused_rules(&out)
    }

    /// Relations defined by the facts written beside the rules, and GDL's own.
    fn given_relations(&self) -> Vec<String> {
        let mut given: Vec<String> = ["true", "does", "distinct", "role", "vertex", "or", "same"]
            .map(String::from)
            .to_vec();
        let uses = &self.nav.uses;
        if !self.puts.is_empty() {
            given.push("puts".into());
        }
        if !self.sets.is_empty() {
            given.push("sets".into());
        }
        if !self.sets_slot.is_empty() {
            given.push("setsv".into());
        }
        if !self.switch_to.is_empty() {
            given.push("switchto".into());
        }
        if self.need_at {
            given.push("place".into());
        }
        if uses.succ {
            given.push("succ".into());
        }
        if uses.order {
            given.extend(["less".into(), "atmost".into()]);
        }
        for &d in &uses.directions {
            given.push(nav::dir_relation(self.names, d));
        }
        for i in 0..self.game.players.len() {
            given.push(format!("scaled{}", i + 1));
        }
        given
    }
}

/// Navigation rules sorted by relation name (numbers in order), so a relation's rules are
/// together.
fn relation_order(name: &str) -> (String, u64) {
    let digits = name.trim_start_matches(|c: char| !c.is_ascii_digit());
    let prefix = &name[..name.len() - digits.len()];
    (prefix.to_string(), digits.parse().unwrap_or(0))
}

/// The value of an assignment's expression when it is a constant.
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

fn has_count(e: &Arith) -> bool {
    match e {
        Arith::Count(_) => true,
        Arith::Bin(_, a, b) => has_count(a) || has_count(b),
        Arith::Const(_) | Arith::Var(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(src: &str) -> Game {
        rbg::parse_game(src)
            .map_err(|_| ())
            .expect("valid RBG")
            .game
    }

    const HEAD: &str = "#players = a(100), b(100)\n#pieces = e, x\n#variables =\n\
                        #board = rectangle(up, down, left, right, [e, e, e] [e, e, e])\n";

    #[test]
    fn a_game_with_fixed_moves_is_translated_directly() {
        let g = game(&format!(
            "{HEAD}#rules = ->a ((up* + down*)(left* + right*) {{e}} [x] ->b \
             (up* + down*)(left* + right*) {{e}} [x] ->a)*"
        ));
        let text = translate(&g, &Names::new(&g)).expect("fits the direct encoding");
        // Placing anywhere needs neither the rules' place nor the previous vertex.
        assert!(!text.contains("(at ") && !text.contains("(pos "), "{text}");
        // `->a` is modifier 1; a move is `[x]` (2) and the switch `->b` (3), on the same vertex.
        assert!(
            text.contains("(<= (legal a (move2 m2 ?b0 m3 ?b0))"),
            "{text}"
        );
        gdl::parse_and_check(&text).map_err(|_| ()).expect("checks");
    }

    #[test]
    fn a_loop_that_applies_modifiers_needs_the_general_encoding() {
        let g = game(&format!("{HEAD}#rules = ->a ((right {{e}} [x])* ->b ->a)*"));
        let why = translate(&g, &Names::new(&g))
            .expect_err("a loop of modifiers")
            .0;
        assert!(why.contains("loop that applies modifiers"), "{why}");
    }

    #[test]
    fn a_move_that_starts_where_the_last_ended_stores_the_vertex() {
        let g = game(&format!(
            "{HEAD}#rules = ->a (right {{e}} [x] ->b left ->a)*"
        ));
        let text = translate(&g, &Names::new(&g)).expect("fits");
        assert!(
            text.contains("(true (pos ?a0))") && text.contains("(init (pos "),
            "{text}"
        );
    }
}
