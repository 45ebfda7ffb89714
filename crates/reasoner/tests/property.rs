//! Property test: on random small games, the reasoner's move generation (Algorithm 1 over
//! the compiled automaton) agrees with a naive enumerator that walks the rules expression
//! itself, path by path, and collects the distinct modifier sequences that end in a switch.

mod common;

use common::{game, Decl};
use ir::{Action, Arith, ArithOp, Game, Node, NodeId, SwitchTarget};
use proptest::prelude::*;
use reasoner::{Options, Reasoner};
use std::collections::{BTreeSet, HashSet};

const DECL: Decl = Decl {
    players: &[("p", 3), ("q", 3)],
    variables: &[("a", 3)],
    pieces: &["e", "x", "y"],
    rows: &[&["e", "x"], &["y", "e"]],
};

/// A tiny deterministic generator of rule texts.
struct Gen(u64);

impl Gen {
    fn next(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
    fn action(&mut self, in_pattern: bool, depth: u32) -> String {
        let choices = if in_pattern { 13 } else { 16 };
        match self.next(choices) {
            0 => "up".into(),
            1 => "down".into(),
            2 => "left".into(),
            3 => "right".into(),
            4 => "{e}".into(),
            5 => "{x, y}".into(),
            6 => "[e]".into(),
            7 => "[x]".into(),
            8 => "[$ a = a + 1]".into(),
            9 => "{$ a < 2}".into(),
            10 => "{$ x == 1}".into(),
            11 | 12 if depth < 3 => {
                let sign = if self.next(2) == 0 { "?" } else { "!" };
                format!("{{{sign} {}}}", self.expr(true, depth + 1))
            }
            11 => "[$ p = 2]".into(),
            12 => "{$ a / (a - 1) == 1}".into(),
            13 => "->p".into(),
            14 => "->q".into(),
            _ => "->>".into(),
        }
    }
    fn expr(&mut self, in_pattern: bool, depth: u32) -> String {
        if depth >= 4 {
            return self.action(in_pattern, depth);
        }
        match self.next(6) {
            0 | 1 => self.action(in_pattern, depth),
            2 | 3 => format!(
                "({} {})",
                self.expr(in_pattern, depth + 1),
                self.expr(in_pattern, depth + 1)
            ),
            4 => format!(
                "({} + {})",
                self.expr(in_pattern, depth + 1),
                self.expr(in_pattern, depth + 1)
            ),
            _ => format!("({})*", self.expr(in_pattern, depth + 1)),
        }
    }
}

#[derive(Clone, PartialEq, Eq, Hash)]
struct Semi {
    pieces: Vec<u32>,
    vars: Vec<i64>,
    pos: usize,
}

type Seen = HashSet<(Vec<NodeId>, Semi, Vec<(u32, u32)>)>;

/// The naive enumerator. `cut` records whether a bound stopped any path.
struct Naive<'g> {
    g: &'g Game,
    bound: usize,
    cut: bool,
}

impl Naive<'_> {
    fn arith(&self, e: &Arith, s: &Semi) -> Option<i64> {
        Some(match e {
            Arith::Const(c) => *c,
            Arith::Var(v) => s.vars[v.index()],
            Arith::Count(p) => s.pieces.iter().filter(|&&x| x == p.0).count() as i64,
            Arith::Bin(op, a, b) => {
                let (a, b) = (self.arith(a, s)?, self.arith(b, s)?);
                match op {
                    ArithOp::Add => a + b,
                    ArithOp::Sub => a - b,
                    ArithOp::Mul => a * b,
                    ArithOp::Div => a.checked_div(b)?,
                }
            }
        })
    }

    /// The semi-state after a non-switch action, or None if it is not valid.
    fn act(&mut self, a: &Action, s: &Semi) -> Option<Semi> {
        let mut t = s.clone();
        match a {
            Action::Shift(d) => {
                t.pos = self
                    .g
                    .board
                    .neighbour(ir::VertexId(s.pos as u32), *d)?
                    .index()
            }
            Action::On(set) => {
                if !set.iter().any(|p| p.0 == s.pieces[s.pos]) {
                    return None;
                }
            }
            Action::Off(p) => t.pieces[s.pos] = p.0,
            Action::Assign { var, value } => {
                let x = self.arith(value, s)?;
                if x < 0 || x > self.g.variables[var.index()].bound {
                    return None;
                }
                t.vars[var.index()] = x;
            }
            Action::Compare { left, op, right } => {
                if !op.holds(self.arith(left, s)?, self.arith(right, s)?) {
                    return None;
                }
            }
            Action::Pattern { positive, body } => {
                if self.pattern(*body, s) != *positive {
                    return None;
                }
            }
            Action::Switch(_) => unreachable!(),
        }
        Some(t)
    }

    fn pattern(&mut self, body: NodeId, s: &Semi) -> bool {
        let mut seen = HashSet::new();
        let mut out = BTreeSet::new();
        self.walk(vec![body], s.clone(), Vec::new(), true, &mut seen, &mut out);
        !out.is_empty()
    }

    /// Walks every path: `cont` is the stack of what remains (last = next).
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &mut self,
        mut cont: Vec<NodeId>,
        s: Semi,
        mods: Vec<(u32, u32)>,
        pattern: bool,
        seen: &mut Seen,
        out: &mut BTreeSet<Vec<(u32, u32)>>,
    ) {
        if pattern && !out.is_empty() {
            return;
        }
        if mods.len() > self.bound {
            self.cut = true;
            return;
        }
        if !seen.insert((cont.clone(), s.clone(), mods.clone())) {
            return;
        }
        let Some(id) = cont.pop() else {
            if pattern {
                out.insert(mods);
            }
            return;
        };
        match self.g.rules.node(id) {
            Node::Concat(ch) => {
                cont.extend(ch.iter().rev());
                self.walk(cont, s, mods, pattern, seen, out);
            }
            Node::Sum(ch) => {
                for c in ch {
                    let mut k = cont.clone();
                    k.push(*c);
                    self.walk(k, s.clone(), mods.clone(), pattern, seen, out);
                }
            }
            Node::Star(c) => {
                self.walk(cont.clone(), s.clone(), mods.clone(), pattern, seen, out);
                cont.push(id);
                cont.push(*c);
                self.walk(cont, s, mods, pattern, seen, out);
            }
            Node::Action(a) => {
                let mut mods = mods;
                // A pattern asks for reachability: the modifier sequence does not matter, and
                // leaving it out of `seen` makes the walk exact and finite there.
                if a.is_modifier() && !pattern {
                    let idx = self.g.rules.modifier_index(id).unwrap();
                    mods.push((idx, s.pos as u32));
                }
                if let Action::Switch(_) = a {
                    out.insert(mods);
                    return;
                }
                if let Some(t) = self.act(a, &s) {
                    self.walk(cont, t, mods, pattern, seen, out);
                }
            }
        }
    }
}

fn check(seed: u64) -> Result<bool, TestCaseError> {
    let mut gen = Gen(seed | 1);
    let body = gen.expr(false, 0);
    let tail = gen.action(false, 0);
    check_text(&format!("{body} ->p {tail} ->q"))
}

/// Rules that start with a pattern over a star (of modifiers, shifts, nested patterns):
/// the searches that used to grow exponentially with the star's iterations.
fn check_pattern_star(seed: u64) -> Result<bool, TestCaseError> {
    let mut gen = Gen(seed | 1);
    let sign = if gen.next(2) == 0 { "?" } else { "!" };
    let star = gen.expr(true, 1);
    let after = gen.action(true, 3);
    let rest = gen.expr(false, 2);
    check_text(&format!("{{{sign} ({star})* {after}}} {rest} ->p ->q"))
}

fn check_text(text: &str) -> Result<bool, TestCaseError> {
    let text = text.to_string();
    let g = game(&DECL, &text);
    let mut naive = Naive {
        g: &g,
        bound: 6,
        cut: false,
    };
    let s0 = Semi {
        pieces: g.board.initial.iter().map(|p| p.0).collect(),
        vars: vec![0; g.variables.len()],
        pos: 0,
    };
    let mut expected = BTreeSet::new();
    naive.walk(
        vec![g.rules.root()],
        s0,
        Vec::new(),
        false,
        &mut HashSet::new(),
        &mut expected,
    );
    if naive.cut {
        return Ok(false); // unbounded or too long for the naive walk: no ground truth
    }
    for region_tables in [true, false] {
        let opts = Options {
            modifier_limit: 64,
            region_tables,
            ..Options::default()
        };
        let r = Reasoner::with_options(&g, opts).unwrap();
        let mut s = r.raw_state();
        let moves = s
            .legal_moves_checked()
            .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        let got: Vec<Vec<(u32, u32)>> = moves.iter().map(|m| m.steps.to_vec()).collect();
        let got_set: BTreeSet<_> = got.iter().cloned().collect();
        prop_assert_eq!(got.len(), got_set.len(), "duplicate moves for {}", text);
        prop_assert_eq!(
            &got_set,
            &expected,
            "rules: {} (tables {})",
            text,
            region_tables
        );
        prop_assert_eq!(s.count_moves().unwrap(), expected.len() as u64);
    }
    if std::env::var("PROPSTAT").is_ok() {
        eprintln!("{} {}", expected.len(), text);
    }
    Ok(true)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn dfs_agrees_with_naive_enumeration(seed in any::<u64>()) {
        check(seed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]
    #[test]
    fn pattern_stars_agree_with_reachability(seed in any::<u64>()) {
        check_pattern_star(seed)?;
    }
}

#[test]
fn enough_cases_have_ground_truth() {
    let compared = (1..400u64).filter(|&s| check(s * 7919).unwrap()).count();
    assert!(compared > 200, "only {compared} cases compared");
    let compared = (1..400u64)
        .filter(|&s| check_pattern_star(s * 7919).unwrap())
        .count();
    assert!(
        compared > 200,
        "only {compared} pattern-star cases compared"
    );
    let _ = SwitchTarget::Keeper;
}
