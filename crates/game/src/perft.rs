//! Perft as defined in DESIGN.md §3: `leaves(d)` is the number of move sequences of length
//! exactly `d` (a terminal state has no children); `nodes(d)` counts every state visited at
//! depths `0..=d`, i.e. `1 + leaves(1) + ... + leaves(d)`.

use crate::GameState;
use serde::Serialize;
use std::collections::BTreeMap;

/// Counts for one depth `k`, over all move sequences of length exactly `k`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DepthStats {
    pub depth: u32,
    /// Move sequences of length exactly `depth` (perft(depth)).
    pub leaves: u64,
    /// States visited at depths `0..=depth`.
    pub nodes: u64,
    /// How many of the `leaves` states are terminal.
    pub terminals: u64,
    /// Score vectors of those terminal states, with their multiplicity.
    pub score_histogram: BTreeMap<Vec<i64>, u64>,
}

/// Perft leaves at exactly `depth`, by plain recursion over apply/undo.
pub fn perft<G: GameState>(state: &mut G, depth: u32) -> u64 {
    fn go<G: GameState>(state: &mut G, depth: u32, buffers: &mut Vec<Vec<G::Move>>) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = buffers.pop().unwrap_or_default();
        state.legal_moves(&mut moves);
        let total = if depth == 1 {
            moves.len() as u64
        } else {
            let mut sum = 0;
            for mv in &moves {
                state.apply(mv);
                sum += go(state, depth - 1, buffers);
                state.undo();
            }
            sum
        };
        buffers.push(moves);
        total
    }
    go(state, depth, &mut Vec::new())
}

/// Perft leaves at exactly `depth` with every leaf move applied and taken back (the same
/// count as [`perft`], the work of an engine that reaches every leaf state).
pub fn perft_applied<G: GameState>(state: &mut G, depth: u32) -> u64 {
    fn go<G: GameState>(state: &mut G, depth: u32, buffers: &mut Vec<Vec<G::Move>>) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = buffers.pop().unwrap_or_default();
        state.legal_moves(&mut moves);
        let mut sum = 0;
        for mv in &moves {
            state.apply(mv);
            sum += go(state, depth - 1, buffers);
            state.undo();
        }
        buffers.push(moves);
        sum
    }
    go(state, depth, &mut Vec::new())
}

/// Per-depth statistics for depths `1..=depth` from one search.
pub fn perft_stats<G: GameState>(state: &mut G, depth: u32) -> Vec<DepthStats> {
    let mut stats: Vec<DepthStats> = (1..=depth)
        .map(|d| DepthStats {
            depth: d,
            ..DepthStats::default()
        })
        .collect();
    fn go<G: GameState>(state: &mut G, k: u32, max: u32, stats: &mut [DepthStats]) {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if k > 0 {
            let s = &mut stats[k as usize - 1];
            s.leaves += 1;
            if moves.is_empty() {
                s.terminals += 1;
                *s.score_histogram.entry(state.scores()).or_insert(0) += 1;
            }
        }
        if k == max {
            return;
        }
        for mv in &moves {
            state.apply(mv);
            go(state, k + 1, max, stats);
            state.undo();
        }
    }
    if depth > 0 {
        go(state, 0, depth, &mut stats);
    }
    let mut nodes = 1;
    for s in &mut stats {
        nodes += s.leaves;
        s.nodes = nodes;
    }
    stats
}

/// Leaves below each legal move at `depth - 1` (`--divide`), in `legal_moves` order.
pub fn divide<G: GameState>(state: &mut G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .iter()
        .map(|mv| {
            let text = state.move_to_text(mv);
            state.apply(mv);
            let n = perft(state, depth.saturating_sub(1));
            state.undo();
            (text, n)
        })
        .collect()
}
