//! Navigations (rules without modifiers) as GDL literals and relations. A navigation starts at
//! a vertex (a GDL variable) and ends at one; shifts follow the board's direction relations,
//! checks read the board, sums, stars and patterns become relations of their own, shared by
//! every place that uses the same rules on the same board.
//!
//! The board a check reads is the state's (`true`) or, for the keeper after a move, the board
//! the move left (`aft`), with the pieces the move in progress has put so far on top: those
//! vertices are passed to the relations as extra arguments (the *context*).

mod arith;
mod check;

use super::text::Rule;
use super::{Unsupported, MAX_DEPTH};
use crate::rbg_to_gdl::names::Names;
use ir::{Action, Arith, DirId, Game, Node, NodeId, PieceId, VarId};
use std::collections::{BTreeSet, HashMap, HashSet};

/// Which board the checks read, before the context's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Base {
    /// The current state: `(true (cell v x))`, `(true (var x n))`.
    State,
    /// After the move being played: `(aft v x)`, `(aftvar x n)` (the keeper's phase).
    AfterMove,
    /// A board the keeper's phase reached after a loop that applies modifiers (`(kbN v x)`,
    /// [`super::stages`]); its variables are still the move's (`aftvar`).
    Stage(u32),
}

/// The board a navigation reads: its base, the pieces put so far (vertex variable, piece) and
/// the variables assigned so far (constants).
#[derive(Clone, Debug)]
pub struct Ctx {
    pub base: Base,
    pub puts: Vec<(String, PieceId)>,
    pub assigned: Vec<(VarId, i64)>,
    /// Variables assigned values computed from the state: the GDL variable of the path's
    /// rule that holds each (readable only in that rule's own body).
    pub terms: Vec<(VarId, String)>,
    /// Pieces put that no check of this navigation can see (only a count would).
    pub hidden: bool,
    /// The pieces were put on pairwise distinct vertices (a static board analysis says so),
    /// so a check sees at most one of them.
    pub apart: bool,
}

impl Ctx {
    /// The board `base` as it is: nothing put, nothing assigned.
    pub fn plain(base: Base) -> Ctx {
        Ctx {
            base,
            puts: Vec::new(),
            assigned: Vec::new(),
            terms: Vec::new(),
            hidden: false,
            apart: true,
        }
    }

    /// What tells this board from others for a relation's memo: the pieces put (not where),
    /// the variables assigned and the flags.
    fn key(&self) -> String {
        format!(
            "{:?}",
            (
                self.base,
                self.puts
                    .iter()
                    .map(|(v, p)| (*p, chain_rel(v)))
                    .collect::<Vec<_>>(),
                &self.assigned,
                self.terms.iter().map(|t| t.0).collect::<Vec<_>>(),
                self.hidden,
                self.apart,
            )
        )
    }

    /// The same board with the context's vertices renamed `?c1 .. ?ck`, for a relation's rules.
    fn formal(&self) -> Ctx {
        Ctx {
            base: self.base,
            puts: self
                .puts
                .iter()
                .enumerate()
                .map(|(i, (v, p))| match chain_rel(v) {
                    // A chain's name says which relation holds its vertices.
                    Some(_) => (v.clone(), *p),
                    None => (format!("?c{}", i + 1), *p),
                })
                .collect(),
            assigned: self.assigned.clone(),
            terms: self.terms.clone(),
            hidden: self.hidden,
            apart: self.apart,
        }
    }

    /// The context's vertices as arguments: `?c1 ?c2 ` (with a trailing space) or nothing.
    fn args(&self) -> String {
        self.puts.iter().map(|(v, _)| format!("{v} ")).collect()
    }
}

/// The literals of one rule body under construction, with fresh variables `?t1, ?t2, ...`.
#[derive(Default)]
pub struct Body {
    pub lits: Vec<String>,
    next: usize,
    /// The body of a path's rule (its literals bind every variable they use), not of a
    /// shared relation.
    pub top: bool,
}

impl Body {
    /// The body of a path's rule.
    pub fn top() -> Body {
        Body {
            top: true,
            ..Body::default()
        }
    }

    /// An empty body whose fresh variables continue this one's (for a rule that shares
    /// some of its variables).
    pub fn branch(&self) -> Body {
        Body {
            lits: Vec::new(),
            next: self.next,
            top: self.top,
        }
    }

    pub fn fresh(&mut self) -> String {
        self.next += 1;
        format!("?t{}", self.next)
    }

    pub fn push(&mut self, lit: String) {
        self.lits.push(lit);
    }
}

/// What the output needs besides the relations written here.
#[derive(Default)]
pub struct Uses {
    pub directions: BTreeSet<DirId>,
    /// `(same v v)` for every vertex.
    pub same: bool,
    pub succ: bool,
    pub order: bool,
    /// `(vnext v w)`, the vertices in a chain, and `vfirst`/`vlast` (piece counts walk it).
    pub counts: bool,
}

type Key = (String, String, String);

/// Navigation relations, written once per (rules, board) pair.
pub struct Nav<'g> {
    game: &'g Game,
    names: &'g Names,
    /// The piece the state leaves implicit: a vertex without a `cell` fact holds it
    /// (`occ`, `aftocc`: the vertex holds another piece).
    pub empty: Option<PieceId>,
    /// Structurally equal nodes share an id (macros expand to copies of the same rules).
    canon: Vec<usize>,
    /// Per shared id: how many times structurally distinct nodes have it as a child.
    parents: Vec<u32>,
    /// Whether a node's checks read the board (pieces), and the variables.
    reads_board: Vec<bool>,
    reads_vars: Vec<bool>,
    /// The piece sets the checks of each node test (pattern bodies included).
    checks: Vec<Vec<Vec<PieceId>>>,
    memo: HashMap<Key, String>,
    universal: HashMap<Vec<usize>, usize>,
    /// Relations whose rules are being written, innermost last.
    building: Vec<String>,
    /// Rule indices by head relation, for the first `indexed` rules.
    by_head: HashMap<String, Vec<usize>>,
    indexed: usize,
    pub rules: Vec<Rule>,
    pub uses: Uses,
    counter: usize,
}

impl<'g> Nav<'g> {
    pub fn new(game: &'g Game, names: &'g Names) -> Nav<'g> {
        // Hash-consing bottom-up: a node's id is that of its kind and its children's ids.
        let rules = &game.rules;
        let mut canon = vec![0; rules.len()];
        let mut ids: HashMap<String, usize> = HashMap::new();
        let mut reads_board = vec![false; rules.len()];
        let mut reads_vars = vec![false; rules.len()];
        let mut checks: Vec<Vec<Vec<PieceId>>> = vec![Vec::new(); rules.len()];
        for id in rules.postorder() {
            let mut below: Vec<Vec<PieceId>> = match rules.node(id) {
                Node::Action(Action::On(set)) => vec![set.clone()],
                Node::Action(Action::Pattern { body, .. }) => checks[body.index()].clone(),
                _ => rules
                    .children(id)
                    .iter()
                    .flat_map(|c| checks[c.index()].iter().cloned())
                    .collect(),
            };
            below.sort();
            below.dedup();
            checks[id.index()] = below;
            let below = |v: &Vec<bool>| rules.children(id).iter().any(|c| v[c.index()]);
            let (board, vars) = match rules.node(id) {
                Node::Action(Action::On(_)) => (true, false),
                Node::Action(Action::Compare { left, right, .. }) => {
                    fn counts(a: &Arith) -> bool {
                        match a {
                            Arith::Count(_) => true,
                            Arith::Bin(_, l, r) => counts(l) || counts(r),
                            Arith::Const(_) | Arith::Var(_) => false,
                        }
                    }
                    (counts(left) || counts(right), true)
                }
                _ => (below(&reads_board), below(&reads_vars)),
            };
            reads_board[id.index()] = board;
            reads_vars[id.index()] = vars;
            let key = match rules.node(id) {
                Node::Action(Action::Pattern { positive, body }) => {
                    format!("p{positive}{}", canon[body.index()])
                }
                Node::Action(a) => format!("a{a:?}"),
                Node::Concat(ch) => format!(
                    "c{:?}",
                    ch.iter().map(|c| canon[c.index()]).collect::<Vec<_>>()
                ),
                Node::Sum(ch) => format!(
                    "s{:?}",
                    ch.iter().map(|c| canon[c.index()]).collect::<Vec<_>>()
                ),
                Node::Star(c) => format!("*{}", canon[c.index()]),
            };
            let n = ids.len();
            canon[id.index()] = *ids.entry(key).or_insert(n);
        }
        let mut parents = vec![0; ids.len()];
        let mut counted = vec![false; ids.len()];
        for id in rules.postorder() {
            if !std::mem::replace(&mut counted[canon[id.index()]], true) {
                for c in rules.children(id) {
                    parents[canon[c.index()]] += 1;
                }
            }
        }
        Nav {
            game,
            names,
            empty: None,
            canon,
            parents,
            reads_board,
            reads_vars,
            checks,
            memo: HashMap::new(),
            universal: HashMap::new(),
            building: Vec::new(),
            by_head: HashMap::new(),
            indexed: 0,
            rules: Vec::new(),
            uses: Uses::default(),
            counter: 0,
        }
    }

    /// [`super::board::universal_prefix`], remembered per sequence of rules.
    fn universal_prefix(&mut self, nodes: &[NodeId]) -> usize {
        if nodes.is_empty() || !super::board::shift_only(self.game, nodes[0], 0) {
            return 0;
        }
        let key: Vec<usize> = nodes.iter().map(|n| self.canon[n.index()]).collect();
        if let Some(&n) = self.universal.get(&key) {
            return n;
        }
        let n = super::board::universal_prefix(self.game, nodes);
        self.universal.insert(key, n);
        n
    }

    fn fresh_name(&mut self, prefix: &str) -> String {
        self.counter += 1;
        format!("{prefix}{}", self.counter)
    }

    /// The relation for `kind` of these nodes under this board, if written already; else a
    /// new name, remembered before its rules are written (so recursion finds it).
    fn relation(
        &mut self,
        nodes: &[NodeId],
        kind: String,
        ctx: &Ctx,
        prefix: &str,
    ) -> (String, bool) {
        // Pieces put matter to these rules only by which of their checks' sets hold them.
        let ctx_key = if nodes.is_empty() {
            ctx.key()
        } else {
            let mut sets: Vec<&Vec<PieceId>> =
                nodes.iter().flat_map(|n| &self.checks[n.index()]).collect();
            sets.sort();
            sets.dedup();
            let seen: Vec<(Vec<bool>, Option<&str>)> = ctx
                .puts
                .iter()
                .map(|(v, p)| (sets.iter().map(|s| s.contains(p)).collect(), chain_rel(v)))
                .collect();
            format!(
                "{:?}",
                (ctx.base, seen, &ctx.assigned, ctx.hidden, ctx.apart),
            ) + &format!("{:?}", ctx.terms.iter().map(|t| t.0).collect::<Vec<_>>())
        };
        let key: Key = (
            format!(
                "{:?}",
                nodes
                    .iter()
                    .map(|n| self.canon[n.index()])
                    .collect::<Vec<_>>()
            ),
            kind,
            ctx_key,
        );
        if let Some(name) = self.memo.get(&key) {
            return (name.clone(), false);
        }
        let name = self.fresh_name(prefix);
        self.memo.insert(key, name.clone());
        (name, true)
    }

    /// Walks `nodes` in sequence from vertex `x`; returns the vertex where they end.
    pub fn walk(
        &mut self,
        nodes: &[NodeId],
        ctx: &Ctx,
        b: &mut Body,
        x: &str,
        depth: usize,
    ) -> Result<String, Unsupported> {
        let mut at = x.to_string();
        // Rules that lead from anywhere to everywhere do not read where they start: the
        // vertex after them is a fresh variable, bound by the check that follows (or made
        // safe by `(vertex ?v)`).
        let skip = self.universal_prefix(nodes);
        if skip > 0 {
            at = b.fresh();
        }
        for &n in &nodes[skip..] {
            at = self.node(n, ctx, b, &at, depth)?;
        }
        Ok(at)
    }

    fn node(
        &mut self,
        id: NodeId,
        ctx: &Ctx,
        b: &mut Body,
        x: &str,
        depth: usize,
    ) -> Result<String, Unsupported> {
        if depth > MAX_DEPTH {
            return Err(Unsupported(format!(
                "rules nested more than {MAX_DEPTH} deep"
            )));
        }
        let game = self.game;
        // A relation carries only the context its rules read (so it is shared more, and a
        // bottom-up reasoner does not multiply it by the vertices of pieces it never reads).
        let narrowed;
        let ctx = if (ctx.puts.is_empty() || self.reads_board[id.index()])
            && (ctx.assigned.is_empty() || self.reads_vars[id.index()])
        {
            ctx
        } else {
            narrowed = Ctx {
                base: ctx.base,
                puts: if self.reads_board[id.index()] {
                    ctx.puts.clone()
                } else {
                    Vec::new()
                },
                assigned: if self.reads_vars[id.index()] {
                    ctx.assigned.clone()
                } else {
                    Vec::new()
                },
                terms: if self.reads_vars[id.index()] {
                    ctx.terms.clone()
                } else {
                    Vec::new()
                },
                hidden: ctx.hidden || !ctx.puts.is_empty(),
                apart: ctx.apart || !self.reads_board[id.index()],
            };
            &narrowed
        };
        match game.rules.node(id) {
            Node::Action(Action::Shift(d)) => {
                let y = b.fresh();
                self.uses.directions.insert(*d);
                b.push(format!("({} {x} {y})", dir_relation(self.names, *d)));
                Ok(y)
            }
            Node::Action(Action::On(set)) => {
                self.check(set, ctx, b, x)?;
                Ok(x.to_string())
            }
            Node::Action(Action::Compare { left, op, right }) => {
                self.compare(left, *op, right, ctx, b)?;
                Ok(x.to_string())
            }
            Node::Action(Action::Pattern {
                positive: false,
                body,
            }) if b.top => {
                // A negated pattern is computed for every vertex by a bottom-up reasoner
                // (demand cannot pass a negation): its relation starts with the literals that
                // bind the vertex where it is asked.
                let guard = b.lits.join(" ");
                let (name, new) =
                    self.relation(&[*body], format!("guard {guard} at {x}"), ctx, "pat");
                if new {
                    self.building.push(name.clone());
                    let mut rb = Body {
                        lits: b.lits.clone(),
                        next: b.next,
                        top: false,
                    };
                    self.node(*body, ctx, &mut rb, x, depth + 1)?;
                    self.rules
                        .push(Rule::new(format!("({name} {}{x})", ctx.args()), rb.lits));
                    self.building.pop();
                }
                b.push(format!("(not ({name} {}{x}))", ctx.args()));
                Ok(x.to_string())
            }
            Node::Action(Action::Pattern { positive, body }) => {
                let (name, new) = self.relation(&[*body], "pattern".into(), ctx, "pat");
                if new {
                    self.building.push(name.clone());
                    let f = ctx.formal();
                    let mut rb = self.rule_body(&name, &f, id);
                    self.node(*body, &f, &mut rb, "?a", depth + 1)?;
                    self.rules
                        .push(Rule::new(format!("({name} {}?a)", f.args()), rb.lits));
                    self.building.pop();
                }
                self.demand(&name, id, ctx, b, x);
                let lit = format!("({name} {}{x})", ctx.args());
                b.push(if *positive {
                    lit
                } else {
                    format!("(not {lit})")
                });
                Ok(x.to_string())
            }
            Node::Action(_) => Err(Unsupported("a modifier inside a navigation".into())),
            Node::Concat(ch) => self.walk(ch, ctx, b, x, depth + 1),
            Node::Sum(ch) if ch.len() == 1 => self.node(ch[0], ctx, b, x, depth + 1),
            Node::Sum(ch) => {
                let (name, new) = self.relation(&[id], "sum".into(), ctx, "nav");
                if new {
                    self.building.push(name.clone());
                    let f = ctx.formal();
                    let mut alternatives = Vec::new();
                    for &c in ch {
                        self.alternatives(c, &mut alternatives, depth);
                    }
                    for c in alternatives {
                        let mut rb = self.rule_body(&name, &f, id);
                        let y = self.node(c, &f, &mut rb, "?a", depth + 1)?;
                        self.rules
                            .push(Rule::new(format!("({name} {}?a {y})", f.args()), rb.lits));
                    }
                    self.building.pop();
                }
                self.demand(&name, id, ctx, b, x);
                let y = b.fresh();
                b.push(format!("({name} {}{x} {y})", ctx.args()));
                Ok(y)
            }
            Node::Star(c) => {
                let (name, new) = self.relation(&[id], "star".into(), ctx, "star");
                if new {
                    self.building.push(name.clone());
                    let f = ctx.formal();
                    let args = f.args();
                    let base = self.rule_body(&name, &f, id);
                    self.rules
                        .push(Rule::new(format!("({name} {args}?a ?a)"), base.lits));
                    if self.demanded(id) && self.asks_nothing(*c, &f, depth) {
                        // Left recursion from the asked start: each start's walk is found
                        // once (asking every vertex on the way, as right recursion must,
                        // finds each walk's every suffix: quadratic in its length).
                        let mut rb = Body::default();
                        rb.push(format!("({name} {args}?a ?y)"));
                        let z = self.node(*c, &f, &mut rb, "?y", depth + 1)?;
                        self.rules
                            .push(Rule::new(format!("({name} {args}?a {z})"), rb.lits));
                    } else {
                        // Right recursion: a top-down reasoner extends from a known start.
                        let mut rb = self.rule_body(&name, &f, id);
                        let y = self.node(*c, &f, &mut rb, "?a", depth + 1)?;
                        rb.push(format!("({name} {args}{y} ?z)"));
                        self.rules
                            .push(Rule::new(format!("({name} {args}?a ?z)"), rb.lits));
                    }
                    self.building.pop();
                }
                self.demand(&name, id, ctx, b, x);
                let y = b.fresh();
                b.push(format!("({name} {}{x} {y})", ctx.args()));
                Ok(y)
            }
        }
    }

    /// The alternatives of a sum's child `id`: a child that is a sum itself gives its own, so
    /// a sum of sums is one relation (tic-tac-toe's four lines of two directions each: one
    /// relation of eight rules, not five relations with four demands and four union rules).
    /// A sum used in other places too keeps its own relation (it would be written twice).
    fn alternatives(&self, id: NodeId, out: &mut Vec<NodeId>, depth: usize) {
        let once = self.parents[self.canon[id.index()]] <= 1;
        match self.game.rules.node(id) {
            Node::Sum(ch) if depth < MAX_DEPTH && once => {
                for &c in ch {
                    self.alternatives(c, out, depth + 1);
                }
            }
            Node::Concat(ch) if ch.len() == 1 && depth < MAX_DEPTH && once => {
                self.alternatives(ch[0], out, depth + 1)
            }
            _ => out.push(id),
        }
    }

    /// Whether the relation of node `id` is computed only where it is asked (`want_R`):
    /// every relation that reads the board, for a bottom-up reasoner evaluates all rules after
    /// every move: the keeper's, the stars, whose walks it would otherwise find from every
    /// vertex (a rook's lines from every square, for the two a rook is on), and the legal
    /// moves' too, which are needed only for the player in control (chess's tests of a king
    /// in check, asked for the other side's moves as well, took three times the join steps).
    /// Relations that read nothing of the board are static and need no demand.
    fn demanded(&self, id: NodeId) -> bool {
        self.reads_board[id.index()]
    }

    /// Whether node `id` on board `ctx` becomes literals that ask no relation computed on
    /// demand (shifts, checks written inline, static relations): a left-recursive star's body
    /// must not, since its demand could not pass the star being written.
    fn asks_nothing(&self, id: NodeId, ctx: &Ctx, depth: usize) -> bool {
        if depth > MAX_DEPTH {
            return false;
        }
        let inline_check = ctx.puts.len() <= 1 || ctx.apart;
        match self.game.rules.node(id) {
            Node::Action(Action::Shift(_)) => true,
            Node::Action(Action::On(set)) => inline_check && set.len() <= 3,
            Node::Concat(ch) => ch.iter().all(|&c| self.asks_nothing(c, ctx, depth + 1)),
            Node::Sum(ch) if ch.len() == 1 => self.asks_nothing(ch[0], ctx, depth + 1),
            Node::Sum(_) | Node::Star(_) | Node::Action(Action::Pattern { .. }) => {
                !self.reads_board[id.index()]
            }
            Node::Action(_) => false,
        }
    }

    /// The start of a rule of relation `name` for node `id`: its demand literal where it has
    /// one.
    fn rule_body(&self, name: &str, f: &Ctx, id: NodeId) -> Body {
        let mut b = Body::default();
        if self.demanded(id) {
            b.push(format!("(want_{name} {}?a)", f.args()));
        }
        b
    }

    /// Relation `name` is asked at `x` after the literals of `b`: its demand grows by what
    /// they allow. Positive literals are kept unless they are navigations that may depend on
    /// `name` (or on a relation whose rules are still being written), so demand stays
    /// stratified; what is dropped only widens the demand.
    fn demand(&mut self, name: &str, id: NodeId, ctx: &Ctx, b: &Body, x: &str) {
        if self.demanded(id) {
            self.ask(name, ctx, b, x);
        }
    }

    /// Writes the demand rule of relation `name` asked at `x` after the literals of `b`.
    fn ask(&mut self, name: &str, ctx: &Ctx, b: &Body, x: &str) {
        self.ask_at(name, ctx, b, Some(x));
    }

    /// [`Nav::ask`], where `x: None` asks for the relation over the context's vertices only
    /// (its rules find the vertex themselves).
    fn ask_at(&mut self, name: &str, ctx: &Ctx, b: &Body, x: Option<&str>) {
        self.index_rules();
        // A demand literal is a navigation too: its rules come from the rules that ask for
        // its relation, so it may lead back here (its own demand excepted: that recursion is
        // positive and keeps its arguments bound).
        let own = format!("want_{name}");
        let keep = |l: &String| {
            let rel = super::text::head_relation(l);
            if l.starts_with("(not ") {
                // A negated navigation narrows the demand too (reversi counts its discs
                // only once neither side can move), where it cannot depend on this relation;
                // so does an empty square's test, which reads only the board (English
                // draughts' keeper asks a man's jumps only from the squares men are on).
                return BOARD_TESTS.contains(&rel)
                    || generated(rel) && self.independent(rel, name, true);
            }
            let derived = generated(rel) || (rel.starts_with("want_") && rel != own);
            !derived || self.is_static(rel) || self.independent(rel, name, false)
        };
        let mut body: Vec<String> = b.lits.iter().filter(|l| keep(l)).cloned().collect();
        // A board test whose square nothing kept binds would only ask whether some square is
        // empty.
        let args = ctx.args();
        let bound: HashSet<&str> = body
            .iter()
            .filter(|l| {
                !["(not ", "(or ", "(distinct "]
                    .iter()
                    .any(|p| l.starts_with(p))
            })
            .flat_map(|l| super::text::vars(l))
            .chain(super::text::vars(&args))
            .chain(x)
            .collect();
        let unbound: Vec<String> = body
            .iter()
            .filter(|l| {
                l.starts_with("(not ")
                    && BOARD_TESTS.contains(&super::text::head_relation(l))
                    && !super::text::vars(l).all(|v| bound.contains(v))
            })
            .cloned()
            .collect();
        body.retain(|l| !unbound.contains(l));
        let binds_x = body
            .iter()
            .filter(|l| !l.starts_with("(or ") && !l.starts_with("(distinct "))
            .flat_map(|l| super::text::vars(l))
            .any(|v| Some(v) == x);
        let mut maybe = Vec::new();
        if !binds_x {
            // Nothing kept says where: it is asked at every vertex (`finish` adds `(vertex
            // x)`) for the pieces put that the other literals allow. A demand literal may be
            // recursive with this one, so it stays only where its variables are the head's
            // or bound by the other literals (GDL's recursion restriction); the others are
            // added back once the whole program shows they are not (`settle_demands`).
            let is_want = |l: &String| super::text::head_relation(l).starts_with("want_");
            let args = ctx.args();
            let bound: HashSet<String> = super::text::vars(&args)
                .chain(
                    body.iter()
                        .filter(|l| !is_want(l))
                        .filter(|l| !l.starts_with("(or ") && !l.starts_with("(distinct "))
                        .flat_map(|l| super::text::vars(l)),
                )
                .map(str::to_string)
                .collect();
            (body, maybe) = body
                .into_iter()
                .partition(|l| !is_want(l) || super::text::vars(l).all(|v| bound.contains(v)));
        }
        let head = format!("(want_{name} {}{})", ctx.args(), x.unwrap_or_default());
        let mut rule = Rule::new(head.replace(" )", ")"), body);
        rule.maybe = maybe;
        self.rules.push(rule);
    }

    /// Indexes the rules written since the last call by their head relation.
    fn index_rules(&mut self) {
        for (i, r) in self.rules.iter().enumerate().skip(self.indexed) {
            self.by_head
                .entry(super::text::head_relation(&r.head).to_string())
                .or_default()
                .push(i);
        }
        self.indexed = self.rules.len();
    }

    /// Whether relation `rel` certainly does not depend on relation `name` (nor its demand):
    /// none of the relations it uses, transitively, is `name` or one whose rules are still
    /// being written (their later rules are unknown). `known`: also every generated or demand
    /// relation it reaches has its rules among the navigations' (the rules of the patterns
    /// that apply modifiers are written elsewhere and may lead back), as a negated literal in
    /// a demand needs: a cycle through it would break stratification.
    fn independent(&self, rel: &str, name: &str, known: bool) -> bool {
        let want = format!("want_{name}");
        let mut seen: HashSet<&str> = HashSet::new();
        let mut stack: Vec<&str> = vec![rel];
        while let Some(r) = stack.pop() {
            if !seen.insert(r) {
                continue;
            }
            if r == name || r == want || self.building.iter().any(|b| b == r) {
                return false;
            }
            let rules = self.by_head.get(r);
            if known && rules.is_none() && (generated(r) || r.starts_with("want_")) {
                return false;
            }
            for &i in rules.into_iter().flatten() {
                for lit in &self.rules[i].body {
                    stack.extend(super::text::relations(lit));
                }
            }
        }
        true
    }

    /// Whether generated relation `rel` depends on neither the state nor the move (its rules
    /// read only the board's facts and other such relations).
    fn is_static(&self, rel: &str) -> bool {
        let mut seen = HashSet::new();
        self.static_rel(rel, &mut seen)
    }

    fn static_rel<'a>(&'a self, rel: &'a str, seen: &mut HashSet<&'a str>) -> bool {
        if !seen.insert(rel) {
            return true;
        }
        self.rules
            .iter()
            .filter(|r| super::text::head_relation(&r.head) == rel)
            .all(|r| {
                r.body.iter().all(|l| {
                    let inner = l.strip_prefix("(not ").unwrap_or(l);
                    let used = super::text::head_relation(inner);
                    !(l.contains("(true ")
                        || l.contains("(aft")
                        || l.contains("(kb")
                        || used == "occ"
                        || used.starts_with("want_"))
                        && (!generated(used) || self.static_rel(used, seen))
                })
            })
    }
}

/// Relations of the board before the keeper's phase: a demand may read them negated, as
/// they depend on nothing the navigations write.
const BOARD_TESTS: [&str; 2] = ["occ", "aftocc"];

/// Whether a relation name is one this module makes (`nav3`, `star12`, ...).
fn generated(rel: &str) -> bool {
    ["nav", "star", "pat", "on", "some", "mpat", "cnt"]
        .iter()
        .any(|p| {
            rel.strip_prefix(p)
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()))
        })
}

/// The largest bound of the game's variables: the largest value a variable can hold.
pub fn max_bound(game: &Game) -> i64 {
    game.variables.iter().map(|v| v.bound).max().unwrap_or(0)
}

/// The relation holding the vertices of a put that stands for a chain of puts of one piece
/// (a loop in a player's move, [`super::chain`]): its "vertex" is the chain's variable,
/// named `?P_` and the relation.
pub fn chain_rel(v: &str) -> Option<&str> {
    v.strip_prefix("?P_")
}

/// The literal "vertex `x` is where put `c` is" (among the chain's vertices for a chain).
pub fn on_put(x: &str, c: &str) -> String {
    match chain_rel(c) {
        Some(r) => format!("({r} {c} {x})"),
        None => format!("(same {x} {c})"),
    }
}

/// The literal "vertex `x` is not where put `c` is".
pub fn off_put(x: &str, c: &str) -> String {
    match chain_rel(c) {
        Some(r) => format!("(not ({r} {c} {x}))"),
        None => format!("(distinct {x} {c})"),
    }
}

/// The GDL relation of a direction.
pub fn dir_relation(names: &Names, d: DirId) -> String {
    format!("d_{}", names.directions[d.index()])
}
