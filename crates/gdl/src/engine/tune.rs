//! Choosing between plain bottom-up evaluation and demand transformations ([`super::magic`]):
//! relations that grow past a fact budget while the first states are evaluated are selected for
//! demand, for several budgets, and the candidate programs are compared by the join steps their
//! first states take (a deterministic measure). Also the probes this needs.

use super::{magic, EngineError, Inner, JointMove};
use crate::ast::{Description, Symbol};
use std::collections::{HashMap, HashSet};

/// A candidate whose first states take more join steps than this is not considered: a
/// description whose every candidate is that costly (a state-dependent blow-up) then keeps the
/// plain program, which reports the budget it exceeds once, instead of every candidate
/// running into the engine's budgets in turn.
const TUNE_JOIN_CAP: u64 = 10_000_000;

/// The join steps all probes and measurements of the tuning may take together. A description
/// whose first states are large whatever is asked on demand (connect6's 130,000 moves of two
/// stones) would otherwise be probed relation by relation for a minute and a half; past this
/// the best program found so far is kept.
const TUNE_TOTAL_JOINS: u64 = 2 * TUNE_JOIN_CAP;

/// The engine state for the cheapest of the plain program and its demand transformations.
pub(super) fn tuned(desc: &Description, threshold: usize) -> Result<Inner, EngineError> {
    let mut inner = Inner::build(desc)?;
    // Candidate programs: demand transformations selected with decreasing thresholds.
    // Each is measured by the join steps it needs for the first states (deterministic),
    // stopping as soon as it costs more than the best so far; the plain program last.
    let mut thresholds: Vec<usize> = [1, 5, 16, 50, 160]
        .iter()
        .map(|d| (threshold / d).max(10))
        .collect();
    thresholds.dedup();
    let mut best: Option<(u64, Inner)> = None;
    let mut seen = Vec::new();
    let mut spent = 0;
    for t in thresholds {
        if spent > TUNE_TOTAL_JOINS {
            break;
        }
        let Some((program, selected)) = demand_variant(desc, t, &mut spent)? else {
            continue;
        };
        if seen.contains(&selected) {
            continue;
        }
        seen.push(selected);
        let mut candidate = Inner::build(&program)?;
        let limit = best.as_ref().map_or(TUNE_JOIN_CAP, |b| b.0);
        let cost = candidate.cost(limit);
        spent += candidate.joins;
        if let Some(cost) = cost {
            best = Some((cost, candidate));
        }
    }
    if let Some((cost, candidate)) = best {
        let plain = inner.cost(cost);
        spent += inner.joins;
        if plain.is_none() {
            inner = candidate;
        }
    }
    inner.reset();
    inner.tuning_joins = spent;
    Ok(inner)
}

/// The demand transformation of `desc` for the relations that reach `threshold` facts in the
/// first states (found by repeated probing), with the selected relations; `None` when no
/// relation is that large. The probes' join steps are added to `spent`; past
/// [`TUNE_TOTAL_JOINS`] the selection so far is taken.
#[allow(clippy::type_complexity)]
fn demand_variant(
    desc: &Description,
    threshold: usize,
    spent: &mut u64,
) -> Result<Option<(Description, Vec<(Symbol, usize)>)>, EngineError> {
    let mut callers: HashMap<(Symbol, usize), HashSet<(Symbol, usize)>> = HashMap::new();
    for r in desc.rules() {
        for l in &r.body {
            l.for_each_atom(false, &mut |a, _| {
                callers
                    .entry((a.rel, a.args.len()))
                    .or_default()
                    .insert((r.head.rel, r.head.args.len()));
            });
        }
    }
    let mut inner = Inner::build(desc)?;
    let mut selected = HashSet::new();
    let mut result = None;
    // Relations that stay large even on demand: not probed again.
    let mut exempt: HashSet<String> = HashSet::new();
    for _ in 0..24 {
        if *spent > TUNE_TOTAL_JOINS {
            break;
        }
        let before = inner.joins;
        let probed = inner.probe(threshold);
        *spent += inner.joins - before;
        if let Some((m, _)) = &inner.budget_error {
            // Even the first states exceed the engine's budgets, on demand or not: no
            // candidate is worth measuring.
            return Err(EngineError::Budget(m.clone()));
        }
        let Some((sym, arity)) = probed else {
            break;
        };
        // An adorned copy `p#mask` or a demand set `magic#p#mask` that is still large means
        // p's callers ask too broadly: evaluate them on demand as well.
        let name = inner.symbols.name(sym);
        let base = name.trim_start_matches("magic#");
        let base = base.split('#').next().unwrap_or(base);
        let Some(base) = desc.symbols.get(base) else {
            break;
        };
        let key = (base, arity);
        let mut grew = selected.insert(key);
        if !grew {
            // Everything above it that is not GDL's own relation.
            let mut stack = vec![key];
            let mut seen = HashSet::from([key]);
            while let Some(k) = stack.pop() {
                for &c in callers.get(&k).into_iter().flatten() {
                    if c.0 .0 > Symbol::IMPLIED.0 && seen.insert(c) {
                        grew |= selected.insert(c);
                        stack.push(c);
                    }
                }
            }
        }
        selected.retain(|k: &(Symbol, usize)| k.0 .0 > Symbol::IMPLIED.0);
        if !grew {
            exempt.insert(name.to_string());
            inner.reset();
            inner.exempt(&exempt);
            continue;
        }
        // Demand for negated calls too when the result stays stratified.
        let transformed = [true, false].into_iter().find_map(|negated| {
            magic::transform(desc, &selected, negated).filter(|t| {
                let on_does = crate::check::DepGraph::new(t).depends_on(Symbol::DOES);
                crate::check::is_stratified(t)
                    && ![Symbol::LEGAL, Symbol::GOAL, Symbol::TERMINAL]
                        .iter()
                        .any(|r| on_does.contains(r))
            })
        });
        let Some(t) = transformed else {
            break;
        };
        inner = Inner::build(&t)?;
        inner.exempt(&exempt);
        let mut list: Vec<(Symbol, usize)> = selected.iter().copied().collect();
        list.sort();
        result = Some((t, list));
    }
    Ok(result)
}

impl Inner {
    /// Evaluates the initial state (legal moves, goals, the first joint move) with a budget of
    /// `budget` facts per relation; the first relation to reach it, if any. Leaves the engine
    /// in a state that needs [`Inner::reset`].
    fn probe(&mut self, budget: usize) -> Option<(Symbol, usize)> {
        self.budget = budget;
        let _ = self.legal();
        let _ = self.scores();
        if self.overflowed.is_none() {
            if let Some(legal) = self.legal() {
                if legal.iter().all(|l| !l.is_empty()) {
                    let mv = JointMove(legal.iter().map(|l| l[0]).collect());
                    self.apply(&mv);
                }
            }
        }
        self.overflowed
            .filter(|&r| r != usize::MAX)
            .map(|r| (self.prog.rels[r].sym, self.prog.rels[r].arity))
    }

    /// Join steps needed for the legal moves, goals and terminal test of the initial state, its
    /// first joint move and the legal moves after it; `None` past `limit`.
    fn cost(&mut self, limit: u64) -> Option<u64> {
        self.joins = 0;
        self.join_limit = limit;
        let _ = self.legal();
        let _ = self.scores();
        if let Some(legal) = self.legal() {
            if legal.iter().all(|l| !l.is_empty()) {
                let mv = JointMove(legal.iter().map(|l| l[0]).collect());
                self.apply(&mv);
                let _ = self.legal();
            }
        }
        let over = self.overflowed.is_some() || self.budget_error.is_some();
        self.reset();
        (!over).then_some(self.joins)
    }

    /// Marks the relations named in `names` as exempt from probe budgets.
    fn exempt(&mut self, names: &HashSet<String>) {
        for rel in &mut self.prog.rels {
            rel.exempt = names.contains(self.symbols.name(rel.sym));
        }
    }
}

/// The demand-transformed program for the relations that reach `threshold` facts in the first
/// states (what [`super::EngineOptions::demand_threshold`] considers); `None` when none does.
pub fn demand_program(desc: &Description, threshold: usize) -> Option<Description> {
    demand_variant(desc, threshold, &mut 0)
        .ok()
        .flatten()
        .map(|(d, _)| d)
}
