//! The paper's semantics, interpreted literally over the rules tree.
//!
//! A game state is a semi-state (pieces, variables, position), who is in control, and the
//! rest of the rules to follow: a stack of nodes still to walk (last = next). Because the
//! rules form a tree, the stack after a switch depends only on that switch, exactly as the
//! paper's state "the index of the last applied switch" does.
//!
//! Arithmetic is checked `i64`: overflow and division by zero make an action invalid (the
//! reasoner's documented semantics, DESIGN.md §3).

use ir::{Action, Arith, ArithOp, Game, Node, NodeId, SwitchTarget, VertexId};
use std::collections::{BTreeMap, HashSet};

/// The semi-state: a piece per vertex, variable values, the current vertex.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Semi {
    pub pieces: Vec<u32>,
    pub vars: Vec<i64>,
    pub pos: u32,
}

/// A game state: semi-state, control, and the nodes still to walk (last = next).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    pub semi: Semi,
    pub control: SwitchTarget,
    /// The switch that gave control (the paper's rules index; `None` at the start). Two
    /// states differ when it differs, even if the rest of the rules is the same.
    pub switch: Option<NodeId>,
    rest: Vec<NodeId>,
}

/// A move as the reasoner writes it: `(modifier index, vertex)` pairs, ending with a switch.
pub type Steps = Vec<(u32, u32)>;

/// Why the oracle gave no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// A path applied more than `Limits::modifiers` modifiers, or the walk exceeded
    /// `Limits::work` steps: the answer may be unbounded, or too costly for the oracle.
    Cut,
    /// Two keeper moves lead to different states after the keeper's completion: the game is
    /// not proper, and which state the reasoner picks is unspecified.
    Improper,
    /// More than `Limits::keeper_moves` keeper moves in a row.
    KeeperLoop,
}

/// Bounds that keep the oracle finite.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Longest modifier sequence walked (patterns are walked as reachability questions, with
    /// only `work` bounding them).
    pub modifiers: usize,
    /// Keeper moves in a row.
    pub keeper_moves: usize,
    /// Walk steps per question asked (legal moves, keeper completion).
    pub work: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            modifiers: 8,
            keeper_moves: 16,
            work: 200_000,
        }
    }
}

/// The initial state: keeper in control at the start of the rules, every variable 0, position
/// vertex 0 (no keeper move applied yet).
pub fn initial(g: &Game) -> State {
    State {
        semi: Semi {
            pieces: g.board.initial.iter().map(|p| p.0).collect(),
            vars: vec![0; g.variables.len()],
            pos: 0,
        },
        control: SwitchTarget::Keeper,
        switch: None,
        rest: vec![g.rules.root()],
    }
}

/// Every legal move from `s` (of whoever is in control) with the state right after it (before
/// any keeper completion).
pub fn moves(g: &Game, s: &State, limits: Limits) -> Result<BTreeMap<Steps, State>, Stop> {
    let mut w = Walker::new(g, limits);
    let mut out = BTreeMap::new();
    w.walk(
        s.rest.clone(),
        s.semi.clone(),
        Vec::new(),
        &mut Sink::Moves(&mut out),
    )?;
    Ok(out)
}

/// Applies keeper moves until a player is in control or the keeper has no move (game over).
pub fn complete_keeper(g: &Game, s: State, limits: Limits) -> Result<State, Stop> {
    let mut budget = limits.keeper_moves;
    complete(g, s, limits, &mut budget)
}

fn complete(g: &Game, mut s: State, limits: Limits, budget: &mut usize) -> Result<State, Stop> {
    while s.control == SwitchTarget::Keeper {
        let next = moves(g, &s, limits)?;
        let Some(first) = next.values().next() else {
            return Ok(s);
        };
        if *budget == 0 {
            return Err(Stop::KeeperLoop);
        }
        *budget -= 1;
        if next.len() == 1 {
            s = first.clone();
            continue;
        }
        // A real choice: every alternative must complete to the same state.
        let mut result = None;
        for t in next.into_values() {
            let mut b = *budget;
            let done = complete(g, t, limits, &mut b)?;
            match &result {
                None => result = Some(done),
                Some(r) if *r == done => {}
                Some(_) => return Err(Stop::Improper),
            }
        }
        return Ok(result.expect("several moves"));
    }
    Ok(s)
}

/// The player in control, `None` for the keeper (only after a completion: the game is over).
pub fn player(s: &State) -> Option<usize> {
    match s.control {
        SwitchTarget::Player(p) => Some(p.index()),
        SwitchTarget::Keeper => None,
    }
}

enum Sink<'a> {
    Moves(&'a mut BTreeMap<Steps, State>),
    /// A pattern: is there any complete path?
    Any(&'a mut bool),
}

type Seen = HashSet<(Vec<NodeId>, Semi, Steps)>;

struct Walker<'g> {
    g: &'g Game,
    limits: Limits,
    work: u64,
}

impl<'g> Walker<'g> {
    fn new(g: &'g Game, limits: Limits) -> Self {
        Walker { g, limits, work: 0 }
    }

    /// Walks every path from `rest`; each path reaching a switch (or, in a pattern, the end)
    /// is reported to `sink`. `seen` keys include the steps, so only truly identical partial
    /// paths are merged and a cycle of modifiers grows until the limit cuts it.
    fn walk(
        &mut self,
        rest: Vec<NodeId>,
        s: Semi,
        steps: Steps,
        sink: &mut Sink,
    ) -> Result<(), Stop> {
        let mut seen = Seen::new();
        self.go(rest, s, steps, sink, &mut seen)
    }

    fn go(
        &mut self,
        mut rest: Vec<NodeId>,
        s: Semi,
        steps: Steps,
        sink: &mut Sink,
        seen: &mut Seen,
    ) -> Result<(), Stop> {
        if let Sink::Any(true) = sink {
            return Ok(());
        }
        self.work += 1;
        if self.work > self.limits.work || steps.len() > self.limits.modifiers {
            return Err(Stop::Cut);
        }
        if !seen.insert((rest.clone(), s.clone(), steps.clone())) {
            return Ok(());
        }
        let Some(id) = rest.pop() else {
            if let Sink::Any(found) = sink {
                **found = true;
            }
            return Ok(());
        };
        match self.g.rules.node(id) {
            Node::Concat(ch) => {
                rest.extend(ch.iter().rev());
                self.go(rest, s, steps, sink, seen)
            }
            Node::Sum(ch) => {
                for c in ch {
                    let mut r = rest.clone();
                    r.push(*c);
                    self.go(r, s.clone(), steps.clone(), sink, seen)?;
                }
                Ok(())
            }
            Node::Star(c) => {
                self.go(rest.clone(), s.clone(), steps.clone(), sink, seen)?;
                rest.push(id);
                rest.push(*c);
                self.go(rest, s, steps, sink, seen)
            }
            Node::Action(a) => self.action(id, a, rest, s, steps, sink, seen),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn action(
        &mut self,
        id: NodeId,
        a: &Action,
        rest: Vec<NodeId>,
        s: Semi,
        mut steps: Steps,
        sink: &mut Sink,
        seen: &mut Seen,
    ) -> Result<(), Stop> {
        // A pattern asks for reachability: its modifier sequences do not matter, and leaving
        // them out of `seen` makes its walk finite (a star of modifiers inside it reaches the
        // same configurations again instead of growing until the limit).
        if let (Some(index), Sink::Moves(_)) = (self.g.rules.modifier_index(id), &sink) {
            steps.push((index, s.pos));
        }
        if let Action::Switch(target) = a {
            if let Sink::Moves(out) = sink {
                let next = State {
                    semi: s,
                    control: *target,
                    switch: Some(id),
                    rest,
                };
                out.entry(steps).or_insert(next);
            }
            return Ok(());
        }
        match self.apply(a, &s)? {
            Some(t) => self.go(rest, t, steps, sink, seen),
            None => Ok(()),
        }
    }

    /// The semi-state after a non-switch action, or `None` if the action is not valid.
    fn apply(&mut self, a: &Action, s: &Semi) -> Result<Option<Semi>, Stop> {
        let g = self.g;
        let mut t = s.clone();
        let valid = match a {
            Action::Shift(d) => match g.board.neighbour(VertexId(s.pos), *d) {
                Some(v) => {
                    t.pos = v.0;
                    true
                }
                None => false,
            },
            Action::On(set) => set.iter().any(|p| p.0 == s.pieces[s.pos as usize]),
            Action::Off(p) => {
                t.pieces[s.pos as usize] = p.0;
                true
            }
            Action::Assign { var, value } => match arith(value, s) {
                Some(x) if (0..=g.variables[var.index()].bound).contains(&x) => {
                    t.vars[var.index()] = x;
                    true
                }
                _ => false,
            },
            Action::Compare { left, op, right } => match (arith(left, s), arith(right, s)) {
                (Some(l), Some(r)) => op.holds(l, r),
                _ => false,
            },
            Action::Pattern { positive, body } => {
                let mut found = false;
                self.walk(
                    vec![*body],
                    s.clone(),
                    Vec::new(),
                    &mut Sink::Any(&mut found),
                )?;
                found == *positive
            }
            Action::Switch(_) => unreachable!("switches are handled by the caller"),
        };
        Ok(valid.then_some(t))
    }
}

/// The value of an expression; `None` on overflow or division by zero.
pub fn arith(e: &Arith, s: &Semi) -> Option<i64> {
    match e {
        Arith::Const(c) => Some(*c),
        Arith::Var(v) => Some(s.vars[v.index()]),
        Arith::Count(p) => Some(s.pieces.iter().filter(|&&x| x == p.0).count() as i64),
        Arith::Bin(op, a, b) => {
            let (a, b) = (arith(a, s)?, arith(b, s)?);
            match op {
                ArithOp::Add => a.checked_add(b),
                ArithOp::Sub => a.checked_sub(b),
                ArithOp::Mul => a.checked_mul(b),
                ArithOp::Div => a.checked_div(b),
            }
        }
    }
}
