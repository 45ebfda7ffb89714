//! Whether a branch can make a move only where a pattern holds: its tests, read without its
//! modifiers, begin with the pattern's whole body (reversi's `{! dir {opp} dir ({opp} dir)*
//! {me}} + dir {opp} [me] dir ({opp} [me] dir)* {me} ...`, go's captures). Then the branch
//! and `{! pattern}` contradict each other, and `single` counts them as one move.
//!
//! The branch's states are walked beside the sets of pattern states whose actions match them
//! (a subset construction: the pattern may branch where the branch does not). Every path of
//! the branch must reach an accepting pattern state before it leaves the pattern's shape or
//! reaches a switch. A modifier read past could change what a later test reads, so after one
//! only ons may match, on a square the walk has left along directions that never lead back
//! (the board graph of the walk's directions has no cycle), and no pattern or comparison.

use super::single::Analysis;
use reasoner::view::ActionView;
use std::collections::HashSet;

/// Search size beyond which the branch counts as not covering (the answer is then "a
/// choice", which is always safe).
const MAX_STEPS: usize = 10_000;

/// Where the walk is: the branch's state, the pattern states matched so far, whether a
/// modifier was passed and whether one was passed on the current square.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Step {
    at: u32,
    pattern: Vec<u32>,
    modified: bool,
    here: bool,
}

impl Analysis<'_, '_> {
    /// Every move of the branch starting at state `first` passes the whole body of the
    /// pattern whose canonical start is `pattern`, at the branch's square.
    pub(super) fn covers(&self, first: u32, pattern: u32) -> bool {
        let mut dirs = HashSet::new();
        let mut any_modifier = false;
        let start = Step {
            at: first,
            pattern: vec![pattern],
            modified: false,
            here: false,
        };
        let mut seen = HashSet::new();
        let mut stack = vec![start];
        while let Some(step) = stack.pop() {
            if seen.len() > MAX_STEPS {
                return false;
            }
            if !seen.insert(step.clone()) {
                continue;
            }
            let Some(next) = self.advance(&step, &mut dirs) else {
                return false;
            };
            any_modifier |= next.modified;
            if next.pattern.iter().any(|&p| self.view.accepting(p)) {
                continue; // the pattern held on this path
            }
            for j in self.going_on(next.at) {
                stack.push(Step {
                    at: j,
                    ..next.clone()
                });
            }
        }
        !any_modifier || self.acyclic(&dirs)
    }

    /// The branch's action at `step.at` taken beside the pattern: the step after it, or
    /// `None` where the pattern cannot follow.
    fn advance(&self, step: &Step, dirs: &mut HashSet<u32>) -> Option<Step> {
        let action = &self.actions[step.at as usize];
        let mut next = step.clone();
        match action {
            ActionView::Off { .. } | ActionView::Assign { .. } => {
                next.modified = true;
                next.here = true;
                return Some(next);
            }
            ActionView::Switch { .. } | ActionView::Start => return None,
            ActionView::Shift { dir } => {
                dirs.insert(*dir);
                next.here = false;
            }
            ActionView::On { .. } if step.here => return None,
            ActionView::Pattern { .. } | ActionView::Compare { .. } if step.modified => {
                return None
            }
            _ => {}
        }
        let mut matched: Vec<u32> = (step.pattern.iter())
            .flat_map(|&p| self.view.successors(p).iter().copied())
            .filter(|&p| self.same_action(action, p))
            .collect();
        matched.sort_unstable();
        matched.dedup();
        if matched.is_empty() {
            return None;
        }
        next.pattern = matched;
        Some(next)
    }

    /// State `p` of a pattern body does what `action` does.
    fn same_action(&self, action: &ActionView, p: u32) -> bool {
        match (action, &self.actions[p as usize]) {
            (ActionView::Shift { dir: a }, ActionView::Shift { dir: b }) => a == b,
            (ActionView::On { pieces: a }, ActionView::On { pieces: b }) => a == b,
            (
                ActionView::Pattern {
                    start: a,
                    positive: x,
                },
                ActionView::Pattern {
                    start: b,
                    positive: y,
                },
            ) => x == y && self.rep[*a as usize] == self.rep[*b as usize],
            (
                ActionView::Compare {
                    left: l1,
                    op: o1,
                    right: r1,
                },
                ActionView::Compare {
                    left: l2,
                    op: o2,
                    right: r2,
                },
            ) => o1 == o2 && self.same_expr(*l1, *l2) && self.same_expr(*r1, *r2),
            _ => false,
        }
    }

    /// No walk along `dirs` returns to a square it left (Kahn's algorithm on the board).
    fn acyclic(&self, dirs: &HashSet<u32>) -> bool {
        let n = self.view.nvertices();
        let mut indegree = vec![0u32; n];
        for v in 0..n as u32 {
            for &d in dirs {
                if let Some(w) = self.view.neighbour(v, d) {
                    indegree[w as usize] += 1;
                }
            }
        }
        let mut ready: Vec<u32> = (0..n as u32)
            .filter(|&v| indegree[v as usize] == 0)
            .collect();
        let mut done = 0;
        while let Some(v) = ready.pop() {
            done += 1;
            for &d in dirs {
                if let Some(w) = self.view.neighbour(v, d) {
                    indegree[w as usize] -= 1;
                    if indegree[w as usize] == 0 {
                        ready.push(w);
                    }
                }
            }
        }
        done == n
    }
}
