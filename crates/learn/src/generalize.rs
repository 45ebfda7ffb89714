//! Algorithm 2 of the paper: best-first generalisation. Candidates collapse two states of the
//! same acceptance within distance `K` (an NFA), go back to a DFA by the subset construction and
//! are minimised; consistent ones enter a queue ordered by size (fewest states first, then the
//! order found). The smallest consistent DFA seen after `max_expansions` expansions (or when the
//! work budget runs out) is the answer. Equal minimal DFAs are recognised and checked once.
//!
//! The work budget counts the consistency checks' letter steps ([`Checker::work`]), so where the
//! search stops depends on its inputs only; the time limit is a safety stop, reported when it
//! fires (its result then depends on the machine).

use crate::consistency::Checker;
use crate::dfa::Dfa;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};
use std::time::{Duration, Instant};

/// Search settings (see [`crate::pipeline::Options`]).
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    pub k: usize,
    pub max_expansions: usize,
    /// Letter steps of consistency checks the search may spend (deterministic).
    pub work_budget: u64,
    /// Safety stop (depends on the machine; reported when it fires).
    pub time_limit: Duration,
    /// Largest DFA the subset construction may build.
    pub max_states: usize,
}

/// What the search did.
#[derive(Clone, Debug, Default)]
pub struct SearchStats {
    pub expansions: usize,
    pub candidates: usize,
    pub consistent: usize,
    /// Why the search stopped before `max_expansions` expansions or an empty queue.
    pub stopped: Option<Stop>,
}

/// What cut a search short.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The work budget ran out (the same on every machine).
    WorkBudget,
    /// The safety time limit fired (the result depends on the machine's speed and load).
    TimeLimit,
}

/// Generalises the (consistent) minimised prefix-tree automaton `start`.
/// `on_expansion(n, best_states)` is called after every expansion.
pub fn generalize(
    start: Dfa,
    checker: &mut Checker,
    limits: &SearchLimits,
    mut on_expansion: impl FnMut(usize, usize),
) -> (Dfa, SearchStats) {
    let began = Instant::now();
    let mut stats = SearchStats::default();
    checker.work = 0;
    checker.work_limit = limits.work_budget;
    checker.exhausted = false;
    let mut best = start.clone();
    let mut seen: HashSet<Dfa> = HashSet::new();
    seen.insert(start.clone());
    let mut queue = BinaryHeap::new();
    let mut order = 0usize;
    queue.push(Reverse((start.states(), order, start)));
    'search: while let Some(Reverse((size, _, dfa))) = queue.pop() {
        if stats.expansions >= limits.max_expansions {
            break;
        }
        if size < best.states() {
            best = dfa.clone();
        }
        for (s, t) in dfa.candidate_pairs(limits.k) {
            if began.elapsed() > limits.time_limit {
                stats.stopped = Some(Stop::TimeLimit);
                break 'search;
            }
            let Some(merged) = dfa.collapse(s, t, limits.max_states) else {
                continue;
            };
            let cand = merged.minimized();
            if !seen.insert(cand.clone()) {
                continue;
            }
            stats.candidates += 1;
            let verdict = checker.check(&cand);
            if checker.exhausted {
                stats.stopped = Some(Stop::WorkBudget);
                break 'search;
            }
            if verdict.is_ok() {
                stats.consistent += 1;
                if cand.states() < best.states() {
                    best = cand.clone();
                }
                order += 1;
                queue.push(Reverse((cand.states(), order, cand)));
            }
        }
        stats.expansions += 1;
        on_expansion(stats.expansions, best.states());
    }
    (best, stats)
}
