//! Analyses of the automaton the generator relies on: shared pattern bodies, patterns whose
//! exploration order is free, pattern states, counter use, modifier loops inside patterns.

use super::*;

/// Maps every state of a pattern body to the corresponding state of the first structurally
/// equal body (its own id if none is earlier). Bodies are compared by their automata read in
/// breadth-first order from the start: actions (modifier indices aside: patterns record no
/// moves), expressions, successor lists and acceptance. Inner bodies (larger start ids) are
/// canonicalised first, so nested patterns compare by their representatives.
pub(super) fn canonical_patterns(view: &ProgramView<'_>, actions: &[ActionView]) -> Vec<u32> {
    let n = view.nstates();
    let mut rep: Vec<u32> = (0..n as u32).collect();
    let mut seen: std::collections::HashMap<String, Vec<u32>> = std::collections::HashMap::new();
    let starts: Vec<u32> = (1..n as u32)
        .rev()
        .filter(|&q| matches!(actions[q as usize], ActionView::Start))
        .collect();
    let mut local = vec![u32::MAX; n];
    for s in starts {
        let mut order = vec![s];
        local[s as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            for &j in view.successors(order[i]) {
                if local[j as usize] == u32::MAX {
                    local[j as usize] = order.len() as u32;
                    order.push(j);
                }
            }
            i += 1;
        }
        let mut sig = String::new();
        for &q in &order {
            let a = match &actions[q as usize] {
                ActionView::Off { piece, .. } => format!("off{piece}"),
                ActionView::Assign { var, expr, .. } => {
                    format!("let{var}={}", expr_text(view, *expr))
                }
                ActionView::Compare { left, op, right } => format!(
                    "cmp{}{op:?}{}",
                    expr_text(view, *left),
                    expr_text(view, *right)
                ),
                ActionView::Pattern { start, positive } => {
                    format!("pat{}{positive}", rep[*start as usize])
                }
                other => format!("{other:?}"),
            };
            let succ: Vec<u32> = view
                .successors(q)
                .iter()
                .map(|&j| local[j as usize])
                .collect();
            let _ = write!(sig, "{a}|{}|{succ:?};", view.accepting(q));
        }
        for &q in &order {
            local[q as usize] = u32::MAX;
        }
        match seen.get(&sig) {
            Some(first) => {
                for (&q, &r) in order.iter().zip(first) {
                    rep[q as usize] = r;
                }
            }
            None => {
                seen.insert(sig, order);
            }
        }
    }
    rep
}

pub(super) fn expr_text(view: &ProgramView<'_>, e: u32) -> String {
    match view.expr(e) {
        ExprView::Bin(op, a, b) => {
            format!("({}{op:?}{})", expr_text(view, a), expr_text(view, b))
        }
        other => format!("{other:?}"),
    }
}

/// Per state of a pattern body that holds no modifier and no nested pattern: the fewest
/// steps from it to an accepting state (`u32::MAX` when none is reachable). Such a body's
/// value is whether an accepting state is reachable, and no error can arise inside it, so
/// its successors may be explored in any order. `None` for every other state.
pub(super) fn free_pattern_order(
    view: &ProgramView<'_>,
    actions: &[ActionView],
) -> Vec<Option<u32>> {
    use std::collections::{hash_map::Entry, HashMap, HashSet, VecDeque};
    let n = view.nstates();
    let mut out = vec![None; n];
    for start in 1..n as u32 {
        if !matches!(actions[start as usize], ActionView::Start) {
            continue;
        }
        let mut body = vec![start];
        let mut seen = HashSet::from([start]);
        let mut i = 0;
        while i < body.len() {
            for &j in view.successors(body[i]) {
                if seen.insert(j) {
                    body.push(j);
                }
            }
            i += 1;
        }
        let free = body.iter().all(|&q| {
            !matches!(
                actions[q as usize],
                ActionView::Off { .. }
                    | ActionView::Assign { .. }
                    | ActionView::Pattern { .. }
                    | ActionView::Switch { .. }
            )
        });
        if !free {
            continue;
        }
        // Breadth-first from the accepting states along reversed edges.
        let mut preds: HashMap<u32, Vec<u32>> = HashMap::new();
        for &q in &body {
            for &j in view.successors(q) {
                preds.entry(j).or_default().push(q);
            }
        }
        let mut dist: HashMap<u32, u32> = HashMap::new();
        let mut queue: VecDeque<u32> = body
            .iter()
            .copied()
            .filter(|&q| view.accepting(q))
            .collect();
        for &q in &queue {
            dist.insert(q, 0);
        }
        while let Some(q) = queue.pop_front() {
            let d = dist[&q];
            for &p in preds.get(&q).map_or(&[][..], |v| v) {
                if let Entry::Vacant(e) = dist.entry(p) {
                    e.insert(d + 1);
                    queue.push_back(p);
                }
            }
        }
        for q in body {
            out[q as usize] = Some(dist.get(&q).copied().unwrap_or(u32::MAX));
        }
    }
    out
}

/// The states of pattern bodies: those reachable from a pattern's start state.
pub(super) fn pattern_states(view: &ProgramView<'_>) -> Vec<bool> {
    let n = view.nstates();
    let mut out = vec![false; n];
    let mut stack: Vec<u32> = (1..n as u32)
        .filter(|&q| matches!(view.action(q), ActionView::Start))
        .collect();
    for &q in &stack {
        out[q as usize] = true;
    }
    while let Some(q) = stack.pop() {
        for &j in view.successors(q) {
            if !out[j as usize] {
                out[j as usize] = true;
                stack.push(j);
            }
        }
    }
    out
}

pub(super) fn expr_uses_counts(view: &ProgramView<'_>) -> bool {
    let mut stack = Vec::new();
    for q in 0..view.nstates() as u32 {
        match view.action(q) {
            ActionView::Assign { expr, .. } => stack.push(expr),
            ActionView::Compare { left, right, .. } => {
                stack.push(left);
                stack.push(right);
            }
            _ => {}
        }
    }
    while let Some(e) = stack.pop() {
        match view.expr(e) {
            ExprView::Count(_) => return true,
            ExprView::Bin(_, a, b) => {
                stack.push(a);
                stack.push(b);
            }
            _ => {}
        }
    }
    false
}

/// A modifier state of a pattern body that lies on a cycle of the body (`{? ([x] + ...)* }`),
/// if any.
pub(super) fn pattern_modifier_cycle(view: &ProgramView<'_>) -> Option<u32> {
    let in_pattern = pattern_states(view);
    let n = view.nstates();
    let mut seen = vec![u32::MAX; n];
    for q in 0..n as u32 {
        if !in_pattern[q as usize]
            || !matches!(
                view.action(q),
                ActionView::Off { .. } | ActionView::Assign { .. }
            )
        {
            continue;
        }
        // Whether q reaches itself (successors stay inside its body: bodies do not share
        // states, nested patterns are separate bodies).
        let mut stack = view.successors(q).to_vec();
        while let Some(j) = stack.pop() {
            if j == q {
                return Some(q);
            }
            if std::mem::replace(&mut seen[j as usize], q) != q {
                stack.extend_from_slice(view.successors(j));
            }
        }
    }
    None
}
