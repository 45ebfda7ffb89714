//! The keeper rules states from which the keeper has at most one distinct move in every
//! position, found from the shape of the rules. Check mode lists the keeper's moves to
//! compare the outcomes of a choice; where there is no choice it takes the first move as
//! first mode does (`keeper_single`), which costs no listing.
//!
//! From the state, every path of the automaton up to a switch is followed. Where it
//! branches, each branch's leading tests (patterns, comparisons) are its guard, and the
//! state after them its continuation. Branches with the same continuation make the same
//! move (tests neither move nor modify), so they count as one; branches with different
//! continuations must have contradicting guards (`{? p}` against `{! p}` with the same
//! body; comparisons of the same expressions that cannot both hold; ons with disjoint
//! pieces; a negated pattern against a branch that walks the pattern's body: `cover`). A
//! branch from which no switch can follow (the rules' loop exiting to their end) makes no
//! move and is left out.
//! Anything else, a star whose loop and exit both go on (connect four's `down*`) included,
//! is a choice.
//!
//! The interpreter has a narrower analysis (`reasoner`'s `keeper_det`, every pair of
//! successors exclusive by their first test): it then walks the keeper's move without
//! backtracking, which a guard of several tests, or two branches meeting again, would
//! mislead. The library's first-move search backtracks, so it can take the wider one.

use super::keeper::keeper_rules_states;
use super::Gen;
use ir::CmpOp;
use reasoner::view::{ActionView, ExprView, ProgramView};
use std::fmt::Write as _;

/// One test of a guard: a pattern (its canonical body and whether it must hold), a
/// comparison, or an on (the state whose pieces it lets through).
#[derive(Clone, Copy)]
enum Literal {
    Pattern(u32, bool),
    Compare(u32, CmpOp, u32),
    On(u32),
}

/// What check mode needs to know of the keeper's rules states (`KeeperShape::of`).
pub(super) struct KeeperShape {
    /// The keeper rules states with at most one move in every position.
    pub(super) single: Vec<u32>,
    /// The other keeper rules states whose search meets frontier states before any
    /// modifier, with a pattern test after them: the search cut at the frontier shows,
    /// without that test, whether the position at hand leaves one way (connect four's
    /// `down* {e} {! down {e}}` before its guarded drops).
    pub(super) cut: Vec<u32>,
    /// Per state: a frontier state of a `cut` state (`frontier_of`).
    pub(super) frontier: Vec<bool>,
    /// Per `cut` state, in order: the states its search walks before it stops at a frontier
    /// state, and the frontier states it may stop at (`Region`).
    pub(super) regions: Vec<Region>,
}

/// What a cut state's search walks: `states` (found from `q` through moves that can still
/// reach a switch, stopping at frontier states) and the `frontier` states met.
pub(super) struct Region {
    pub(super) q: u32,
    pub(super) states: Vec<u32>,
    pub(super) frontier: Vec<u32>,
}

impl KeeperShape {
    pub(super) fn of(view: &ProgramView<'_>, actions: &[ActionView], rep: &[u32]) -> Self {
        let a = Analysis {
            view,
            actions,
            rep,
            live: live_states(view, actions),
        };
        let mut shape = KeeperShape {
            single: Vec::new(),
            cut: Vec::new(),
            frontier: vec![false; view.nstates()],
            regions: Vec::new(),
        };
        for q in keeper_rules_states(actions) {
            if a.single(q) {
                shape.single.push(q);
            } else if let Some(states) = a.frontier_of(q) {
                for f in states {
                    shape.frontier[f as usize] = true;
                }
                shape.cut.push(q);
            }
        }
        shape.regions = (shape.cut.iter())
            .map(|&q| a.region(q, &shape.frontier))
            .collect();
        shape
    }
}

impl Gen<'_, '_> {
    /// `keeper_single(q)`: the keeper has at most one move from rules state `q`;
    /// `keeper_frontier(q)`: its search from `q` can be cut at frontier states
    /// (`KeeperShape`).
    pub(super) fn keeper_single(&self, out: &mut String) {
        for (name, states) in [
            ("keeper_single", &self.keeper_shape.single),
            ("keeper_frontier", &self.keeper_shape.cut),
        ] {
            let _ = write!(
                out,
                "#[inline(always)]\nfn {name}(q: u32) -> bool {{\n    matches!(q, u32::MAX"
            );
            for q in states {
                let _ = write!(out, " | {q}");
            }
            out.push_str(")\n}\n");
        }
    }
}

/// Per state: a switch can follow it within its move (backwards from every switch, through
/// states that are not switches themselves).
fn live_states(view: &ProgramView<'_>, actions: &[ActionView]) -> Vec<bool> {
    let n = view.nstates();
    let is_switch = |j: u32| matches!(actions[j as usize], ActionView::Switch { .. });
    let mut preds = vec![Vec::new(); n];
    for s in 0..n as u32 {
        for &j in view.successors(s) {
            preds[j as usize].push(s);
        }
    }
    let mut live = vec![false; n];
    let mut stack: Vec<u32> = (0..n as u32).filter(|&j| is_switch(j)).collect();
    while let Some(x) = stack.pop() {
        for &p in &preds[x as usize] {
            if !live[p as usize] {
                live[p as usize] = true;
                if !is_switch(p) {
                    stack.push(p);
                }
            }
        }
    }
    live
}

pub(super) struct Analysis<'a, 'v> {
    pub(super) view: &'a ProgramView<'v>,
    pub(super) actions: &'a [ActionView],
    pub(super) rep: &'a [u32],
    live: Vec<bool>,
}

impl Analysis<'_, '_> {
    fn is_switch(&self, j: u32) -> bool {
        matches!(self.actions[j as usize], ActionView::Switch { .. })
    }

    /// The successors of `s` from which the move can go on to a switch.
    pub(super) fn going_on(&self, s: u32) -> Vec<u32> {
        (self.view.successors(s).iter().copied())
            .filter(|&j| self.is_switch(j) || self.live[j as usize])
            .collect()
    }

    /// The states first met from keeper rules state `q`, before any modifier or switch,
    /// from which the keeper has at most one move. They are worth a cut when a pattern test
    /// follows one of them (connect four's win check after its drop): the cut search skips
    /// it. Otherwise the listing costs about what the cut search would, and the first move
    /// after it would walk the prefix again (go's capture loop over every square).
    fn frontier_of(&self, q: u32) -> Option<Vec<u32>> {
        let mut found = Vec::new();
        let mut seen = vec![false; self.view.nstates()];
        let mut stack = self.going_on(q);
        while let Some(s) = stack.pop() {
            if std::mem::replace(&mut seen[s as usize], true) || self.is_modifier(s) {
                continue;
            }
            if self.single(s) {
                found.push(self.last_test(s));
            } else {
                stack.extend(self.going_on(s));
            }
        }
        found
            .iter()
            .any(|&f| self.pattern_follows(f))
            .then_some(found)
    }

    /// The states the search from cut state `q` walks, stopping at `frontier` states.
    fn region(&self, q: u32, frontier: &[bool]) -> Region {
        let mut r = Region {
            q,
            states: Vec::new(),
            frontier: Vec::new(),
        };
        let mut seen = vec![false; self.view.nstates()];
        let mut stack = self.going_on(q);
        while let Some(s) = stack.pop() {
            if std::mem::replace(&mut seen[s as usize], true) {
                continue;
            }
            if frontier[s as usize] {
                r.frontier.push(s);
            } else {
                r.states.push(s);
                stack.extend(self.going_on(s));
            }
        }
        r
    }

    /// The last state of the one-way run of tests and shifts from single state `s`: a cut
    /// there counts only the positions that pass them.
    fn last_test(&self, s: u32) -> u32 {
        let mut f = s;
        for _ in 0..self.view.nstates() {
            match self.going_on(f)[..] {
                [j] if !self.is_modifier(j) && j != f => f = j,
                _ => break,
            }
        }
        f
    }

    /// A pattern test follows state `f` in its move.
    fn pattern_follows(&self, f: u32) -> bool {
        let mut seen = vec![false; self.view.nstates()];
        let mut stack = self.going_on(f);
        while let Some(s) = stack.pop() {
            if self.is_switch(s) || std::mem::replace(&mut seen[s as usize], true) {
                continue;
            }
            if matches!(self.actions[s as usize], ActionView::Pattern { .. }) {
                return true;
            }
            stack.extend(self.going_on(s));
        }
        false
    }

    fn is_modifier(&self, s: u32) -> bool {
        matches!(
            self.actions[s as usize],
            ActionView::Off { .. } | ActionView::Assign { .. } | ActionView::Switch { .. }
        )
    }

    /// At most one distinct move from state `q` (a keeper rules state, or any state of the
    /// keeper's rules).
    fn single(&self, q: u32) -> bool {
        let mut seen = vec![false; self.view.nstates()];
        let mut stack = vec![q];
        while let Some(s) = stack.pop() {
            let next = self.going_on(s);
            if next.len() > 1 && !self.exclusive(&next) {
                return false;
            }
            for j in next {
                if !self.is_switch(j) && !std::mem::replace(&mut seen[j as usize], true) {
                    stack.push(j);
                }
            }
        }
        true
    }

    /// The branches starting at `next` make at most one move between them.
    fn exclusive(&self, next: &[u32]) -> bool {
        let branches: Vec<(Vec<Literal>, u32)> = next.iter().map(|&j| self.guard(j)).collect();
        branches.iter().enumerate().all(|(i, (gi, ci))| {
            branches[..i].iter().enumerate().all(|(j, (gj, cj))| {
                ci == cj
                    || self.contradict(gi, gj)
                    || self.negation_covered(gi, next[j])
                    || self.negation_covered(gj, next[i])
            })
        })
    }

    /// `guard` has a negated pattern whose body every move of the branch at `other` walks
    /// (`cover`).
    fn negation_covered(&self, guard: &[Literal], other: u32) -> bool {
        (guard.iter()).any(|l| matches!(*l, Literal::Pattern(p, false) if self.covers(other, p)))
    }

    /// A branch's leading tests and the state after them (where it continues).
    fn guard(&self, mut j: u32) -> (Vec<Literal>, u32) {
        let mut lits = Vec::new();
        loop {
            let lit = match self.actions[j as usize] {
                ActionView::Pattern { start, positive } => {
                    Literal::Pattern(self.rep[start as usize], positive)
                }
                ActionView::Compare { left, op, right } => Literal::Compare(left, op, right),
                ActionView::On { .. } => Literal::On(j),
                _ => return (lits, j),
            };
            lits.push(lit);
            match self.going_on(j)[..] {
                [k] if lits.len() < 16 => j = k,
                _ => return (lits, j),
            }
        }
    }

    fn contradict(&self, a: &[Literal], b: &[Literal]) -> bool {
        a.iter()
            .any(|x| b.iter().any(|y| self.literals_contradict(*x, *y)))
    }

    fn literals_contradict(&self, x: Literal, y: Literal) -> bool {
        match (x, y) {
            (Literal::Pattern(p, a), Literal::Pattern(q, b)) => p == q && a != b,
            (Literal::Compare(l1, o1, r1), Literal::Compare(l2, o2, r2)) => {
                self.same_expr(l1, l2) && self.same_expr(r1, r2) && disjoint(o1, o2)
            }
            (Literal::On(a), Literal::On(b)) => {
                match (&self.actions[a as usize], &self.actions[b as usize]) {
                    (ActionView::On { pieces: p }, ActionView::On { pieces: q }) => {
                        !p.iter().any(|x| q.contains(x))
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// Structurally equal expressions (the same value in every position).
    pub(super) fn same_expr(&self, a: u32, b: u32) -> bool {
        match (self.view.expr(a), self.view.expr(b)) {
            (ExprView::Const(x), ExprView::Const(y)) => x == y,
            (ExprView::Var(x), ExprView::Var(y)) | (ExprView::Count(x), ExprView::Count(y)) => {
                x == y
            }
            (ExprView::Bin(o1, a1, b1), ExprView::Bin(o2, a2, b2)) => {
                o1 == o2 && self.same_expr(a1, a2) && self.same_expr(b1, b2)
            }
            _ => false,
        }
    }
}

/// `l o1 r` and `l o2 r` never both hold.
fn disjoint(o1: CmpOp, o2: CmpOp) -> bool {
    use CmpOp::*;
    let holds = |o: CmpOp, ord: std::cmp::Ordering| match o {
        Lt => ord.is_lt(),
        Le => ord.is_le(),
        Eq => ord.is_eq(),
        Ne => ord.is_ne(),
        Gt => ord.is_gt(),
        Ge => ord.is_ge(),
    };
    use std::cmp::Ordering::*;
    [Less, Equal, Greater]
        .into_iter()
        .all(|ord| !(holds(o1, ord) && holds(o2, ord)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comparisons_are_disjoint_when_no_order_satisfies_both() {
        use CmpOp::*;
        assert!(disjoint(Lt, Eq) && disjoint(Lt, Ge) && disjoint(Gt, Le) && disjoint(Eq, Ne));
        assert!(disjoint(Lt, Gt));
        assert!(!disjoint(Le, Ge) && !disjoint(Lt, Ne) && !disjoint(Eq, Eq));
    }
}
