//! Loops that apply modifiers within a player's move, such as draughts' capture chains
//! (`jump (jump)* {! jump}`, each jump emptying the square jumped over).
//!
//! A move is still one GDL move: the pieces the loop puts, with those put before it, are a
//! term of the move, newest first, `(ch m15 ?c (ch m13 ?b (ch m12 ?a nil)))`. GDL's recursion
//! restriction forbids building such a term recursively, so it grows through *levels*:
//! `(chainG_k F P y)` holds when loop `F` can have taken `k` iterations `P` and stand on `y`.
//! Level `k + 1` is one rule: level `k`, a step of the loop's body that does not read the
//! chain (`(stepG F y m c z)`, a rule per path of the body) and the body's literals that do.
//! Those read the pieces of the chain as they read any piece put, on its vertices
//! `(incapG_k P v)`; each level's membership relation is its own, so negation stays
//! stratified. Loops whose bodies read the chain alike share a group `G` of levels.
//!
//! The translation is exact only where it is proved to be, else the general encoding is
//! used: every piece put before and inside the loop is one piece `x`, so they read alike
//! wherever they are; each path of the body puts `x` once, on a vertex it has just checked
//! for pieces other than `x`, so each iteration takes one such piece away. Levels go up to
//! the number of those pieces on the initial board; a state where a chain could go on past
//! it derives `chainover`, which ends the play with goal 0 for everybody (as the general
//! encoding's unrolling does), so a bound too small shows as a perft difference.

use super::walk::Trail;
use super::*;

/// One loop after one kind of start (a role, the same pieces put before it).
#[derive(Clone)]
pub(super) struct Family {
    f: usize,
    /// The group of loops whose iterations read the chain alike: they share the levels.
    g: usize,
    piece: PieceId,
}

/// Loops whose iterations read the chain alike share one set of levels: what their
/// iteration's rule reads beside its own relation (`(stepG F y m ...)`).
#[derive(Clone)]
pub(super) struct Group {
    /// The vertex put, the vertex the iteration ends on, the step's other arguments.
    put: String,
    end: String,
    args: String,
    /// The literals reading the chain, its level written `incapX_L`.
    reads: Vec<String>,
    /// Iterations a chain of the group may take.
    levels: usize,
    /// Its chains take one iteration at least (the walk before the loop ended with one).
    folded: bool,
    /// The numbers of pieces put before the loop, each with its level-0 membership rules.
    starts: BTreeSet<usize>,
}

/// Levels above this many are not written: the game uses the general encoding.
const MAX_LEVELS: usize = 64;

/// The chain's variable and relation while its level is not known.
const PLACEHOLDER: &str = "incapX_L";

impl Translator<'_> {
    /// The legal rules of path `path` of a move of `role` whose letter `i` is a loop; the
    /// literals `first` start the rules (who is in control, where the rules are).
    pub(super) fn chain_move(
        &mut self,
        role: &str,
        first: Vec<String>,
        path: &[usize],
        i: usize,
    ) -> Result<Vec<Rule>, Unsupported> {
        let (l, rest) = (path[i], &path[i + 1..]);
        let iters = self.coarse.region_paths(l, MAX_PATHS)?;
        let (piece, sets) = self.iteration_shape(&iters)?;
        if rest.iter().any(|&r| self.puts_or_nests(r)) {
            return Err(Unsupported(
                "a loop that applies modifiers within a player's move followed by pieces put \
                 or another loop"
                    .into(),
            ));
        }
        // `A (A)*`: the walk before the loop ends with an iteration, which the chain's
        // first step takes instead (one set of rules for it; chains then have one at least).
        let tail = iters
            .iter()
            .find(|it| it.len() < i && self.same_letters(&path[i - it.len()..i], it));
        let folded = tail.is_some();
        let head = &path[..i - tail.map_or(0, |it| it.len())];
        let Some(w0) = self.walk(head, Ctx::plain(Base::State), "?a0", true, first)? else {
            return Ok(Vec::new());
        };
        let only_piece = w0
            .events
            .iter()
            .all(|(_, e, _)| matches!(e, Event::Put(x) if *x == piece));
        if !w0.ctx.terms.is_empty() || w0.events.is_empty() || !only_piece {
            return Err(Unsupported(
                "a loop that applies modifiers within a player's move after modifiers other \
                 than the piece it puts"
                    .into(),
            ));
        }
        let key = (l, format!("{} {folded}", w0.events.len()), role.to_string());
        let family = match self.chain_families.get(&key) {
            Some(f) => f.clone(),
            None => {
                let f = self.chain_family(&iters, piece, &sets, folded)?;
                self.chain_families.insert(key, f.clone());
                f
            }
        };
        let (f, g) = (family.f, family.g);
        // This start of the chain: the pieces put before the loop are its first links.
        let mut body = w0.body.lits;
        if body.iter().any(|l| text::vars(l).any(|t| t == "?a0"))
            || w0.events.iter().any(|(_, _, v)| v == "?a0")
        {
            self.need_pos = true;
            body.insert(1, "(true (pos ?a0))".into());
        }
        let mut term = "nil".to_string();
        for (m, _, v) in &w0.events {
            self.puts.insert(*m, piece);
            term = format!("(ch m{m} {v} {term})");
        }
        let start = Rule::new(format!("(chain{g}_0 c{f} {term} {})", w0.end), body);
        if self.chain_starts.insert(start.text()) {
            self.extra.push(start);
        }
        self.chain_groups[g - 1].starts.insert(w0.events.len());
        // The moves: one rule per way on after the loop, shared by the starts.
        if !self.chain_rests.insert((f, rest.to_vec())) {
            return Ok(Vec::new());
        }
        self.chain_legal(role, &family, rest)
            .map(|r| r.into_iter().collect())
    }

    /// The piece the loop puts and the sets of the checks before its puts, if each path of
    /// its body puts that piece once, on the vertex it has just checked for other pieces.
    fn iteration_shape(
        &self,
        iters: &[Vec<usize>],
    ) -> Result<(PieceId, Vec<Vec<PieceId>>), Unsupported> {
        let declined = || {
            Unsupported(
                "a loop that applies modifiers within a player's move whose body does not put \
                 one piece once, where it has just checked for another"
                    .into(),
            )
        };
        let (mut piece, mut sets) = (None, Vec::new());
        for path in iters {
            let mut puts = 0;
            for (j, &l) in path.iter().enumerate() {
                match &self.coarse.letters[l] {
                    Letter::Nav(_) => {}
                    &Letter::Event(id) => {
                        let Node::Action(Action::Off(x)) = self.game.rules.node(id) else {
                            return Err(declined());
                        };
                        let before = j
                            .checked_sub(1)
                            .and_then(|k| match &self.coarse.letters[path[k]] {
                                Letter::Nav(nodes) => last_check(self.game, nodes),
                                _ => None,
                            })
                            .filter(|s| !s.contains(x))
                            .ok_or_else(declined)?;
                        if piece.is_some_and(|p| p != *x) {
                            return Err(declined());
                        }
                        piece = Some(*x);
                        sets.push(before);
                        puts += 1;
                    }
                    _ => return Err(declined()),
                }
            }
            if puts != 1 {
                return Err(declined());
            }
        }
        Ok((piece.ok_or_else(declined)?, sets))
    }

    /// Whether letter `l` puts a piece or is a loop, block or pattern that applies modifiers.
    fn puts_or_nests(&self, l: usize) -> bool {
        match &self.coarse.letters[l] {
            Letter::Nav(_) => false,
            &Letter::Event(id) => {
                matches!(self.game.rules.node(id), Node::Action(Action::Off(_)))
            }
            _ => true,
        }
    }

    /// The board a chain's walk reads: the chain `chain` of pieces `piece` on the state.
    fn chain_board(&self, chain: &str, piece: PieceId) -> (Ctx, Trail) {
        let v = self.game.board.vertex_count();
        let rows = if v <= MAX_ANALYSED_VERTICES {
            // Anywhere: the walk may meet any of its vertices.
            vec![vec![vec![true; v]; v]]
        } else {
            Vec::new()
        };
        let trail = Trail {
            rows,
            apart: vec![Vec::new()],
            one_piece: true,
        };
        let ctx = Ctx {
            puts: vec![(format!("?P_{chain}"), piece)],
            ..Ctx::plain(Base::State)
        };
        (ctx, trail)
    }

    /// A new family: its iteration's paths walked once, with the chain's level unknown, and
    /// split into a step relation of its own (what does not read the chain) and the
    /// literals reading the chain, which decide its group.
    fn chain_family(
        &mut self,
        iters: &[Vec<usize>],
        piece: PieceId,
        sets: &[Vec<PieceId>],
        folded: bool,
    ) -> Result<Family, Unsupported> {
        self.chain_count += 1;
        let f = self.chain_count;
        let mut group: Option<Group> = None;
        let mut steps = Vec::new();
        for path in iters {
            let (ctx, trail) = self.chain_board(PLACEHOLDER, piece);
            let mut body = Body::top();
            body.lits = vec![format!("(chainX_L ?f ?P_{PLACEHOLDER} ?y)")];
            let marks = (self.nav.rules.len(), self.extra.len());
            let Some(w) = self.walk_from(path, ctx, trail, "?y", false, body)? else {
                continue;
            };
            let shared = self.nav.rules[marks.0..]
                .iter()
                .chain(&self.extra[marks.1..])
                .any(|r| r.text().contains("X_L"));
            let [(m, _, put)] = &w.events[..] else {
                unreachable!("an iteration puts once")
            };
            if shared {
                return Err(Unsupported(
                    "a loop that applies modifiers within a player's move whose iteration \
                     reads the board through relations of its own"
                        .into(),
                ));
            }
            let (reads, own): (Vec<String>, Vec<String>) = w.body.lits[1..]
                .iter()
                .cloned()
                .partition(|l| l.contains("?P_"));
            let mut args: Vec<&str> = Vec::new();
            for v in own.iter().flat_map(|l| text::vars(l)) {
                let needed =
                    v == put || v == w.end || reads.iter().any(|l| text::vars(l).any(|u| u == v));
                if needed && v != "?y" && !args.contains(&v) {
                    args.push(v);
                }
            }
            let this = Group {
                put: put.clone(),
                end: w.end.clone(),
                args: args.join(" "),
                reads,
                levels: 0,
                folded,
                starts: BTreeSet::new(),
            };
            if group.as_ref().is_some_and(|g| !same_group(g, &this)) {
                return Err(Unsupported(
                    "a loop that applies modifiers within a player's move whose iterations \
                     read the board in different ways"
                        .into(),
                ));
            }
            steps.push((*m, this.args.clone(), own));
            group = Some(this);
        }
        let Some(mut this) = group else {
            return Err(Unsupported(
                "a loop that applies modifiers within a player's move that never goes round".into(),
            ));
        };
        this.levels = self.chain_bound(sets);
        if this.levels > MAX_LEVELS {
            return Err(Unsupported(format!(
                "a loop that applies modifiers within a player's move that may go on more than \
                 {MAX_LEVELS} times"
            )));
        }
        let g = match self.chain_groups.iter().position(|h| same_group(h, &this)) {
            Some(i) => {
                let h = &mut self.chain_groups[i];
                h.levels = h.levels.max(this.levels);
                i + 1
            }
            None => {
                self.chain_groups.push(this);
                self.chain_groups.len()
            }
        };
        for (m, args, own) in steps {
            self.puts.insert(m, piece);
            self.extra
                .push(Rule::new(format!("(step{g} c{f} ?y m{m} {args})"), own));
        }
        Ok(Family { f, g, piece })
    }

    /// How many iterations a chain may take: each takes away a piece of the checked sets;
    /// as many as the initial board holds (the guard catches more).
    fn chain_bound(&self, sets: &[Vec<PieceId>]) -> usize {
        let Ok(r) = reasoner::Reasoner::new(self.game) else {
            return 1;
        };
        let Ok(state) = r.initial_state() else {
            return 1;
        };
        let snap = state.snapshot();
        snap.pieces
            .iter()
            .filter(|&&p| {
                let p = PieceId::from_index(p as usize);
                sets.iter().any(|s| s.contains(&p))
            })
            .count()
            .max(1)
    }

    /// The legal rule of family `f` going on along `rest` after the loop.
    fn chain_legal(
        &mut self,
        role: &str,
        f: &Family,
        rest: &[usize],
    ) -> Result<Option<Rule>, Unsupported> {
        let (g, n) = (f.g, f.f);
        let chain = format!("incap{g}");
        let (ctx, trail) = self.chain_board(&chain, f.piece);
        let mut body = Body::top();
        body.lits = vec![format!("(chain{g} c{n} ?P_{chain} ?y)")];
        let Some(w) = self.walk_from(rest, ctx, trail, "?y", false, body)? else {
            return Ok(None);
        };
        let size = 1 + w.events.len();
        let mut mv = format!("(move{size} ch{g} ?P_{chain}");
        self.register(&w.events, &mut mv);
        mv.push(')');
        self.arities.insert(size);
        self.chain_slots.insert((size, 1, g, f.piece));
        Ok(Some(Rule::new(format!("(legal {role} {mv})"), w.body.lits)))
    }

    /// The levels of every group: each iteration's rule, the chain's vertices, the unions
    /// the moves read and the guard past the last level.
    pub(super) fn chain_levels(&mut self) {
        for (i, h) in self.chain_groups.clone().into_iter().enumerate() {
            let g = i + 1;
            let mut rules = Vec::new();
            // Level 0: the pieces put before the loop.
            for &n in &h.starts {
                let mut term = "nil".to_string();
                for j in 1..=n {
                    term = format!("(ch ?m{j} ?v{j} {term})");
                }
                for j in 1..=n {
                    rules.push(Rule::new(
                        format!("(incap{g}_0 {term} ?v{j})"),
                        vec![format!("(chain{g}_0 ?f {term} ?z)")],
                    ));
                }
            }
            for k in 0..=h.levels {
                let p = format!("?P_incap{g}_{k}");
                let mut body = vec![
                    format!("(chain{g}_{k} ?f {p} ?y)"),
                    format!("(step{g} ?f ?y ?m {})", h.args),
                ];
                body.extend(
                    h.reads
                        .iter()
                        .map(|l| l.replace(PLACEHOLDER, &format!("incap{g}_{k}"))),
                );
                let head = format!("(chain{g}_{} ?f (ch ?m {} {p}) {})", k + 1, h.put, h.end);
                rules.push(Rule::new(head, body));
            }
            // Level 0 too: the path that skips the loop is not a move of its own
            // ([`Translator::skips_loop`]).
            for k in usize::from(h.folded)..=h.levels {
                rules.push(Rule::new(
                    format!("(chain{g} ?f ?p ?y)"),
                    vec![format!("(chain{g}_{k} ?f ?p ?y)")],
                ));
            }
            for k in 1..=h.levels {
                let this = format!("(chain{g}_{k} ?f (ch ?m ?c ?r) ?z)");
                rules.push(Rule::new(
                    format!("(incap{g}_{k} (ch ?m ?c ?r) ?c)"),
                    vec![this.clone()],
                ));
                rules.push(Rule::new(
                    format!("(incap{g}_{k} (ch ?m ?c ?r) ?v)"),
                    vec![this, format!("(incap{g}_{} ?r ?v)", k - 1)],
                ));
            }
            for k in 0..=h.levels {
                rules.push(Rule::new(
                    format!("(incap{g} ?p ?v)"),
                    vec![format!("(incap{g}_{k} ?p ?v)")],
                ));
            }
            rules.push(Rule::new(
                "chainover".into(),
                vec![format!("(chain{g}_{} ?f ?p ?y)", h.levels + 1)],
            ));
            self.chain_over = true;
            self.extra.extend(rules);
        }
    }

    /// Whether two paths of letters are the same rules (copies of one macro).
    fn same_letters(&self, a: &[usize], b: &[usize]) -> bool {
        let game = self.game;
        a.len() == b.len()
            && a.iter().zip(b).all(|(&x, &y)| {
                match (&self.coarse.letters[x], &self.coarse.letters[y]) {
                    (Letter::Nav(p), Letter::Nav(q)) => {
                        p.len() == q.len() && p.iter().zip(q).all(|(&u, &v)| same_rules(game, u, v))
                    }
                    (&Letter::Event(u), &Letter::Event(v)) => same_rules(game, u, v),
                    _ => false,
                }
            })
    }

    /// Whether `path` (after switch letter `s`) is a path through a loop with the loop
    /// left out: the loop's chains with no iteration are its moves.
    pub(super) fn skips_loop(&self, s: usize, path: &[usize]) -> bool {
        (0..path.len()).any(|i| {
            let before = if i == 0 {
                &self.coarse.follow[s]
            } else {
                &self.coarse.follow[path[i - 1]]
            };
            before.iter().any(|&l| {
                matches!(self.coarse.letters[l], Letter::Loop(_))
                    && self.coarse.follow[l].contains(&path[i])
            })
        })
    }

    /// `aft` and `touched` for the chains of the move played.
    pub(super) fn chain_after_rules(&self) -> Vec<Rule> {
        let mut out = Vec::new();
        for &(size, j, g, piece) in &self.chain_slots {
            let slots: Vec<String> = (1..=size)
                .map(|i| match i == j {
                    true => format!("ch{g} ?v{i}"),
                    false => format!("?k{i} ?v{i}"),
                })
                .collect();
            out.push(Rule::new(
                format!("(chosen{g} ?v{j})"),
                vec![format!("(does ?r (move{size} {}))", slots.join(" "))],
            ));
            let x = &self.names.pieces[piece.index()];
            let on = vec![format!("(chosen{g} ?p)"), format!("(incap{g} ?p ?v)")];
            out.push(Rule::new(format!("(aft ?v {x})"), on.clone()));
            out.push(Rule::new("(touched ?v)".into(), on));
        }
        out
    }
}

impl Group {
    /// Iterations a chain of the group may take.
    pub(super) fn levels(&self) -> usize {
        self.levels
    }
}

/// Whether two loops' iterations read the chain alike (their levels can be shared).
fn same_group(a: &Group, b: &Group) -> bool {
    (&a.put, &a.end, &a.args, &a.reads, a.folded) == (&b.put, &b.end, &b.args, &b.reads, b.folded)
}

/// The set of the check `nodes` end with, if they do.
fn last_check(game: &Game, nodes: &[ir::NodeId]) -> Option<Vec<PieceId>> {
    let mut at = *nodes.last()?;
    loop {
        match game.rules.node(at) {
            Node::Concat(ch) => at = *ch.last()?,
            Node::Sum(ch) if ch.len() == 1 => at = ch[0],
            Node::Action(Action::On(set)) => return Some(set.clone()),
            _ => return None,
        }
    }
}
