//! The GDL engine: a checked description is compiled ([`program`]) into join plans
//! ([`compile`]) over hash-consed ground terms ([`store`]) and evaluated bottom-up ([`eval`]).
//!
//! Relations fall into three layers: *static* ones (not depending on `true` or `does`) are
//! computed once; *state* ones are computed per state, lazily (a query computes only the
//! components it needs) and cached per level of the search stack, so undo costs nothing; *move*
//! ones (depending on `does`, i.e. `next`) are recomputed for each joint move. [`Engine`]
//! implements [`game::GameState`] with joint moves (one legal move per role, in role order).

pub mod compile;
pub mod eval;
pub mod joint;
pub mod lift;
pub mod magic;
pub mod position;
pub mod program;
pub mod store;
mod tune;

use crate::ast::{Description, Symbol, Symbols};
use crate::Diagnostic;
use compile::RelId;
use eval::{Ctx, Db};
pub use program::{CompileError, Program};
use std::cell::RefCell;
use std::fmt;
use store::{Id, Store};
pub use tune::demand_program;

/// A joint move: the move of every role, in role order (ids of ground terms of this engine).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JointMove(pub Box<[u32]>);

/// Why an [`Engine`] could not be built.
#[derive(Debug)]
pub enum EngineError {
    /// The checker found errors.
    Invalid(Vec<Diagnostic>),
    /// The rules could not be compiled (see the message).
    Compile(String),
    /// The description has no role.
    NoRoles,
    /// A budget of the engine was exceeded (the message names it).
    Budget(String),
}

/// The most joint moves one state may have: they are listed one by one (a joint move is one
/// legal move per role, so a few dozen roles with two moves each already have trillions).
pub const MAX_JOINT_MOVES: u128 = 1_000_000;

/// The most facts one relation may have in one state (or joint move): a state-dependent join
/// or a state that grows with every move stops here instead of filling the memory.
pub const STATE_FACT_BUDGET: usize = 500_000;

/// The most join steps one query of a state (legal moves, goals, terminal, next state) may
/// take (a few seconds).
pub const QUERY_JOIN_BUDGET: u64 = 100_000_000;

/// Each role's number of legal moves.
fn counts(legal: &[Vec<Id>]) -> Vec<usize> {
    legal.iter().map(Vec::len).collect()
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Invalid(d) => write!(f, "invalid GDL ({} errors)", d.len()),
            EngineError::Compile(m) => write!(f, "cannot compile GDL: {m}"),
            EngineError::NoRoles => write!(f, "the description has no roles"),
            EngineError::Budget(m) => write!(f, "the GDL engine's budget is exceeded: {m}"),
        }
    }
}

impl std::error::Error for EngineError {}

/// Engine settings.
#[derive(Clone, Debug)]
pub struct EngineOptions {
    /// Per-state relations with at least this many facts in the first states are evaluated on
    /// demand (see [`magic`]); `None` evaluates every relation in full.
    pub demand_threshold: Option<usize>,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            demand_threshold: Some(5000),
        }
    }
}

/// Plays a GDL game.
pub struct Engine {
    inner: RefCell<Inner>,
}

struct Inner {
    prog: Program,
    store: Store,
    symbols: Symbols,
    /// 0: static, 1: current joint move, 2 + k: state at search depth k.
    dbs: Vec<Db>,
    level: usize,
    roles: Vec<Id>,
    role_names: Vec<String>,
    /// Legal moves per role, cached per level (None: not computed yet).
    legal: Vec<Option<Option<Vec<Vec<Id>>>>>,
    rel: Rels,
    init: Vec<Id>,
    budget: usize,
    overflowed: Option<RelId>,
    joins: u64,
    join_limit: u64,
    /// Join steps per rule (an index of `prog.rules`), once [`Engine::profile_joins`] asked.
    profile: Option<Vec<u64>>,
    /// The join steps choosing the program took ([`Engine::tuning_joins`]).
    tuning_joins: u64,
    /// See [`Engine::budget_error`]: the message and the rule responsible (if known). Once
    /// set, every query answers as if the state were empty, until the state is reset.
    budget_error: Option<(String, Option<crate::ast::Span>)>,
}

#[derive(Clone, Copy)]
struct Rels {
    true_: RelId,
    does: RelId,
    next: RelId,
    legal: RelId,
    goal: RelId,
    terminal: RelId,
}

impl Engine {
    /// The join steps evaluation has taken so far (compilation's probes included): a
    /// measure of work that, unlike time, does not depend on the machine.
    pub fn joins(&self) -> u64 {
        self.inner.borrow().joins
    }

    /// The join steps the engine's construction spent choosing between the plain program and
    /// its demand transformations (bounded by the tuning's budget; 0 without tuning).
    pub fn tuning_joins(&self) -> u64 {
        self.inner.borrow().tuning_joins
    }

    /// Counts join steps per rule from now on (a developer's profile; see
    /// [`Engine::joins_by_rule`]).
    pub fn profile_joins(&self) {
        let mut inner = self.inner.borrow_mut();
        inner.profile = Some(vec![0; inner.prog.rules.len()]);
    }

    /// The join steps counted per rule since [`Engine::profile_joins`], largest first: the
    /// rule's head relation (`name/arity`), its place in the description, and the steps. The
    /// engine's rewritten rules keep the place of the rule they come from.
    pub fn joins_by_rule(&self) -> Vec<(String, crate::ast::Span, u64)> {
        let inner = self.inner.borrow();
        let Some(profile) = &inner.profile else {
            return Vec::new();
        };
        let mut rows: Vec<(String, crate::ast::Span, u64)> = profile
            .iter()
            .zip(&inner.prog.rules)
            .filter(|(&n, _)| n > 0)
            .map(|(&n, r)| {
                let rel = &inner.prog.rels[r.head_rel];
                let name = format!("{}/{}", inner.symbols.name(rel.sym), rel.arity);
                (name, r.span, n)
            })
            .collect();
        rows.sort_by(|a, b| b.2.cmp(&a.2).then(a.1.start.cmp(&b.1.start)));
        rows
    }

    /// Checks and compiles `desc` and sets up its initial state (with the default options).
    pub fn new(desc: &Description) -> Result<Engine, EngineError> {
        Engine::with_options(desc, &EngineOptions::default())
    }

    /// Checks and compiles `desc` with `options`.
    pub fn with_options(
        desc: &Description,
        options: &EngineOptions,
    ) -> Result<Engine, EngineError> {
        use codespan_reporting::diagnostic::Severity;
        let diags = crate::check::restrictions(desc);
        if diags.iter().any(|d| d.severity >= Severity::Error) {
            return Err(EngineError::Invalid(diags));
        }
        Engine::new_unchecked(desc, options)
    }

    /// Like [`Engine::with_options`] without running the checker first, for descriptions made
    /// by our own passes (e.g. [`demand_program`]) that are safe and stratified by construction
    /// but need not obey GDL's recursion restriction.
    pub fn new_unchecked(
        desc: &Description,
        options: &EngineOptions,
    ) -> Result<Engine, EngineError> {
        let lifted = lift::lift_wide_ors(desc);
        let desc = lifted.as_ref().unwrap_or(desc);
        let mut inner = match options.demand_threshold {
            Some(threshold) => tune::tuned(desc, threshold)?,
            None => Inner::build(desc)?,
        };
        if let Some(legal) = inner.legal() {
            joint::joint_move_budget(&counts(&legal))
                .map_err(|e| EngineError::Budget(e.to_string()))?;
        }
        if let Some((m, _)) = &inner.budget_error {
            return Err(EngineError::Budget(m.clone()));
        }
        Ok(Engine {
            inner: RefCell::new(inner),
        })
    }

    /// The budget the engine exceeded, naming it and the relation responsible (`None` when no
    /// budget was hit). From then on the engine answers every query as if the state were
    /// empty (no legal move, no goal), so callers check this after using it, e.g. once per
    /// perft depth or game, and report the error instead of those answers.
    pub fn budget_error(&self) -> Option<String> {
        self.inner
            .borrow()
            .budget_error
            .as_ref()
            .map(|(m, _)| m.clone())
    }

    /// The source span of the rule that was being evaluated when a budget was exceeded.
    pub fn budget_error_span(&self) -> Option<crate::ast::Span> {
        self.inner
            .borrow()
            .budget_error
            .as_ref()
            .and_then(|(_, s)| *s)
    }

    /// The propositions true in the current state, as KIF text, sorted.
    pub fn state_text(&self) -> Vec<String> {
        let inner = self.inner.borrow();
        let d = 2 + inner.level;
        let mut v: Vec<String> = inner.dbs[d].facts[inner.rel.true_]
            .iter()
            .map(|&a| inner.text(inner.store.args(a)[0]))
            .collect();
        v.sort();
        v
    }

    /// The move of each role in a joint move, as KIF text.
    pub fn move_terms(&self, mv: &JointMove) -> Vec<String> {
        let inner = self.inner.borrow();
        mv.0.iter().map(|&m| inner.text(m)).collect()
    }

    /// Every goal value of each role in the current state (KIF text, sorted): the validator
    /// asks for all of them, where [`game::GameState::scores`] keeps the highest.
    pub fn goal_texts(&self) -> Vec<Vec<String>> {
        let mut inner = self.inner.borrow_mut();
        let goal_rel = inner.rel.goal;
        let facts = inner.eval(|c| c.facts(goal_rel).to_vec());
        let mut per_role = vec![Vec::new(); inner.roles.len()];
        for a in facts {
            let args = inner.store.args(a);
            if let Some(i) = inner.roles.iter().position(|&r| r == args[0]) {
                per_role[i].push(inner.text(args[1]));
            }
        }
        for values in &mut per_role {
            values.sort();
        }
        per_role
    }

    /// Legal moves of each role (KIF text), empty lists at a terminal state.
    pub fn legal_texts(&self) -> Vec<Vec<String>> {
        let mut inner = self.inner.borrow_mut();
        let legal = inner.legal();
        let legal = legal.unwrap_or_default();
        legal
            .iter()
            .map(|ms| ms.iter().map(|&m| inner.text(m)).collect())
            .collect()
    }
}

impl Inner {
    fn build(desc: &Description) -> Result<Inner, EngineError> {
        let mut store = Store::default();
        let (prog, static_db) =
            Program::build(desc, &mut store).map_err(|e| EngineError::Compile(e.0))?;
        let rel = Rels {
            true_: prog.rel(Symbol::TRUE, 1),
            does: prog.rel(Symbol::DOES, 2),
            next: prog.rel(Symbol::NEXT, 1),
            legal: prog.rel(Symbol::LEGAL, 2),
            goal: prog.rel(Symbol::GOAL, 2),
            terminal: prog.rel(Symbol::TERMINAL, 0),
        };
        let role_rel = prog.rel(Symbol::ROLE, 1);
        let init_rel = prog.rel(Symbol::INIT, 1);
        let roles: Vec<Id> = static_db.facts[role_rel]
            .iter()
            .map(|&a| store.args(a)[0])
            .collect();
        if roles.is_empty() {
            return Err(EngineError::NoRoles);
        }
        let init: Vec<Id> = static_db.facts[init_rel]
            .iter()
            .map(|&a| store.args(a)[0])
            .collect();
        let n = prog.rels.len();
        let m = prog.sccs.len();
        let mut inner = Inner {
            store,
            symbols: desc.symbols.clone(),
            dbs: vec![static_db, Db::new(n, m)],
            level: 0,
            role_names: Vec::new(),
            roles,
            legal: Vec::new(),
            rel,
            prog,
            init,
            budget: usize::MAX,
            overflowed: None,
            joins: 0,
            join_limit: u64::MAX,
            profile: None,
            tuning_joins: 0,
            budget_error: None,
        };
        inner.role_names = inner.roles.iter().map(|&r| inner.text(r)).collect();
        inner.reset();
        Ok(inner)
    }

    /// Back to the initial state with every cache dropped and no budget.
    fn reset(&mut self) {
        let init = self.init.clone();
        self.reset_to(&init);
    }

    /// Makes `props` the state at level 0 with every cache dropped and no budget.
    fn reset_to(&mut self, props: &[Id]) {
        self.budget = usize::MAX;
        self.budget_error = None;
        self.join_limit = u64::MAX;
        self.overflowed = None;
        self.enter_level(0, props);
    }

    fn text(&self, t: Id) -> String {
        joint::term_text(&self.symbols, &self.store, t)
    }

    /// Runs `f` in an evaluation context for the current state; once a hard limit was
    /// reached, answers `R::default()` (nothing) without evaluating.
    fn eval<R: Default>(&mut self, f: impl FnOnce(&mut Ctx<'_>) -> R) -> R {
        if self.budget_error.is_some() {
            return R::default();
        }
        let layers = [0, 2 + self.level, 1];
        let mut ctx = Ctx::new(&self.prog, &mut self.store, &mut self.dbs, layers);
        ctx.budget = self.budget;
        ctx.joins = self.joins;
        ctx.join_limit = self.join_limit;
        ctx.fact_limit = STATE_FACT_BUDGET;
        ctx.query_join_limit = QUERY_JOIN_BUDGET;
        ctx.profile = self.profile.take();
        let r = f(&mut ctx);
        self.joins = ctx.joins;
        self.profile = ctx.profile.take();
        let (overflowed, hit) = (ctx.overflowed, ctx.limit_hit);
        if let Some(o) = overflowed {
            self.overflowed.get_or_insert(o);
        }
        if let Some((limit, rule)) = hit {
            self.budget_error = Some(self.limit_message(limit, rule));
            return R::default();
        }
        r
    }

    /// The error for a hard limit reached while joining rule `rule` (an index of
    /// `prog.rules`, `usize::MAX` if unknown).
    fn limit_message(&self, limit: eval::Limit, rule: usize) -> (String, Option<crate::ast::Span>) {
        let rule = self.prog.rules.get(rule);
        let what = rule.map_or("a rule".to_string(), |r| {
            let rel = &self.prog.rels[r.head_rel];
            format!("a rule for `{}/{}`", self.symbols.name(rel.sym), rel.arity)
        });
        let m = match limit {
            eval::Limit::Facts => format!(
                "{what} made more than {STATE_FACT_BUDGET} facts in one state (the engine's \
                 budget per relation and state, gdl::engine::STATE_FACT_BUDGET)"
            ),
            eval::Limit::Joins => format!(
                "{what} took more than {QUERY_JOIN_BUDGET} join steps in one query of a state \
                 (the engine's budget, gdl::engine::QUERY_JOIN_BUDGET)"
            ),
        };
        (m, rule.map(|r| r.span))
    }

    /// Makes `props` the state at search depth `level`.
    fn enter_level(&mut self, level: usize, props: &[Id]) {
        let n = self.prog.rels.len();
        let m = self.prog.sccs.len();
        while self.dbs.len() < level + 3 {
            self.dbs.push(Db::new(n, m));
        }
        if self.legal.len() < level + 1 {
            self.legal.resize(level + 1, None);
        }
        self.legal[level] = None;
        self.level = level;
        let d = 2 + level;
        self.dbs[d].reset();
        for &p in props {
            let atom = self.store.intern(Symbol::TRUE, &[p]);
            self.dbs[d].insert(self.rel.true_, atom);
        }
    }

    fn is_terminal(&mut self) -> bool {
        let t = self.rel.terminal;
        self.eval(|c| !c.facts(t).is_empty())
    }

    /// Legal moves per role; `None` at a terminal state.
    fn legal(&mut self) -> Option<Vec<Vec<Id>>> {
        if let Some(cached) = &self.legal[self.level] {
            return cached.clone();
        }
        let result = if self.is_terminal() {
            None
        } else {
            let legal_rel = self.rel.legal;
            let facts = self.eval(|c| c.facts(legal_rel).to_vec());
            let mut per_role = vec![Vec::new(); self.roles.len()];
            for a in facts {
                let args = self.store.args(a);
                if let Some(i) = self.roles.iter().position(|&r| r == args[0]) {
                    per_role[i].push(args[1]);
                }
            }
            if joint::ordered_by_text(per_role.iter().map(Vec::len)) {
                for moves in &mut per_role {
                    moves.sort_by_cached_key(|&m| self.text(m));
                }
            }
            Some(per_role)
        };
        self.legal[self.level] = Some(result.clone());
        result
    }

    fn apply(&mut self, mv: &JointMove) {
        let db = &mut self.dbs[1];
        db.reset();
        for (i, &m) in mv.0.iter().enumerate() {
            let atom = self.store.intern(Symbol::DOES, &[self.roles[i], m]);
            self.dbs[1].insert(self.rel.does, atom);
        }
        let next_rel = self.rel.next;
        let facts = self.eval(|c| c.facts(next_rel).to_vec());
        let next: Vec<Id> = facts.iter().map(|&a| self.store.args(a)[0]).collect();
        let level = self.level + 1;
        self.enter_level(level, &next);
    }

    fn scores(&mut self) -> Vec<i64> {
        let goal_rel = self.rel.goal;
        let facts = self.eval(|c| c.facts(goal_rel).to_vec());
        let mut scores = vec![None; self.roles.len()];
        for a in facts {
            let args = self.store.args(a);
            let Some(i) = self.roles.iter().position(|&r| r == args[0]) else {
                continue;
            };
            let v = self
                .symbols
                .name(self.store.functor(args[1]))
                .parse::<i64>();
            if let Ok(v) = v {
                scores[i] = Some(scores[i].map_or(v, |old: i64| old.max(v)));
            }
        }
        scores.into_iter().map(|s| s.unwrap_or(0)).collect()
    }
}

impl game::GameState for Engine {
    type Move = JointMove;

    fn player_names(&self) -> Vec<String> {
        self.inner.borrow().role_names.clone()
    }

    fn current_player(&self) -> Option<usize> {
        let mut inner = self.inner.borrow_mut();
        let legal = inner.legal()?;
        let noop = inner.symbols.get("noop");
        joint::chooser(&counts(&legal), |r| {
            Some(inner.store.functor(legal[r][0])) != noop
        })
    }

    fn legal_moves(&mut self, out: &mut Vec<JointMove>) {
        out.clear();
        let inner = self.inner.get_mut();
        let Some(legal) = inner.legal() else {
            return;
        };
        if legal.iter().any(|l| l.is_empty()) {
            return;
        }
        if let Err(e) = joint::joint_move_budget(&counts(&legal)) {
            inner.budget_error = Some((e.to_string(), None));
            return;
        }
        joint::joint_moves(&legal, out, |m| JointMove(m.into()));
    }

    fn apply(&mut self, mv: &JointMove) {
        self.inner.get_mut().apply(mv);
    }

    fn undo(&mut self) {
        let inner = self.inner.get_mut();
        assert!(inner.level > 0, "undo without a move to take back");
        inner.level -= 1;
    }

    fn scores(&self) -> Vec<i64> {
        self.inner.borrow_mut().scores()
    }

    fn state_hash(&self) -> u64 {
        let inner = self.inner.borrow();
        let d = 2 + inner.level;
        inner.dbs[d].facts[inner.rel.true_]
            .iter()
            .map(|&a| joint::prop_hash(inner.store.structural_hash(a)))
            .fold(0u64, u64::wrapping_add)
    }

    fn move_text(&self, mv: &JointMove) -> String {
        self.move_terms(mv).join(" | ")
    }

    /// The term of the role that chooses, or every role's term when several choose at once
    /// (see [`position`]).
    fn move_to_text(&mut self, mv: &JointMove) -> String {
        match self.current_player() {
            Some(p) => self.move_terms(mv).swap_remove(p),
            None => self.move_text(mv),
        }
    }

    /// Also accepts every role's term joined by ` | ` where one role chooses.
    fn move_from_text(&mut self, text: &str) -> Result<JointMove, game::MoveError> {
        joint::move_from_text(self, text)
    }

    fn position_text(&self) -> String {
        let mut s = self.state_text().join("\n");
        s.push('\n');
        s
    }

    fn set_position(&mut self, text: &str) -> Result<(), game::PositionError> {
        let inner = self.inner.get_mut();
        let props = position::parse_props(text, &inner.symbols, &mut inner.store)?;
        inner.reset_to(&props);
        Ok(())
    }

    fn is_terminal(&mut self) -> bool {
        self.inner.get_mut().is_terminal()
    }

    fn simultaneous_moves(&mut self) -> Option<Vec<usize>> {
        let legal = self.inner.get_mut().legal()?;
        joint::simultaneous(&counts(&legal), self.current_player())
    }

    fn own_move_text(&mut self, role: usize, index: usize) -> Option<String> {
        self.simultaneous_moves()?;
        let inner = self.inner.get_mut();
        let m = *inner.legal()?.get(role)?.get(index)?;
        Some(inner.text(m))
    }

    fn joint_move(&mut self, choices: &[usize]) -> Option<JointMove> {
        self.simultaneous_moves()?;
        let legal = self.inner.get_mut().legal()?;
        joint::compose(&legal, choices).map(|m| JointMove(m.into()))
    }
}

impl Engine {
    /// Fact counts per relation in the current state's database and in the static one
    /// (`name/arity`, static count, state count), for profiling descriptions.
    #[doc(hidden)]
    pub fn fact_counts(&self) -> Vec<(String, usize, usize)> {
        let inner = self.inner.borrow();
        let d = 2 + inner.level;
        inner
            .prog
            .rels
            .iter()
            .enumerate()
            .map(|(r, rel)| {
                (
                    format!("{}/{}", inner.symbols.name(rel.sym), rel.arity),
                    inner.dbs[0].facts[r].len(),
                    inner.dbs[d].facts[r].len(),
                )
            })
            .collect()
    }
}
