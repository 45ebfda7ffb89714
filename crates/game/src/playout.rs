//! Uniform random playouts: at every state all legal moves are computed and one is picked
//! uniformly (the reference benchmark's flat Monte-Carlo convention).

use crate::{GameState, Rng};
use rand::Rng as _;

/// The outcome of one playout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Playout {
    /// Moves applied (keeper steps are not moves).
    pub length: u64,
    /// Scores at the end of the playout.
    pub scores: Vec<i64>,
    /// False when the playout stopped at `max_length` before reaching a terminal state.
    pub finished: bool,
}

/// Plays uniformly random moves from `state` until a terminal state or `max_length` moves,
/// then undoes them all, leaving `state` as it was.
pub fn random_playout<G: GameState>(state: &mut G, rng: &mut Rng, max_length: u64) -> Playout {
    let mut moves = Vec::new();
    let mut length = 0;
    let mut finished = false;
    while length < max_length {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            finished = true;
            break;
        }
        let pick = rng.random_range(0..moves.len());
        state.apply(&moves[pick]);
        length += 1;
    }
    if !finished {
        state.legal_moves(&mut moves);
        finished = moves.is_empty();
    }
    let scores = state.scores();
    state.undo_moves(length as usize);
    Playout {
        length,
        scores,
        finished,
    }
}

/// How long a benchmark runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    Seconds(f64),
    Playouts(u64),
}

/// Totals of a flat Monte-Carlo run.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct FlatMcReport {
    pub playouts: u64,
    /// Moves applied over all playouts (keeper steps excluded), i.e. states that computed
    /// their legal moves and were left by a move.
    pub states: u64,
    pub seconds: f64,
    pub playouts_per_second: f64,
    pub states_per_second: f64,
    pub average_length: f64,
    /// Mean final score of each player, in player order.
    pub average_scores: Vec<f64>,
    /// Final score vectors with their counts.
    pub score_histogram: std::collections::BTreeMap<String, u64>,
    /// Playouts cut at the length limit before reaching a terminal state.
    pub unfinished: u64,
}

/// Runs uniformly random playouts from `state` until the budget is spent. `max_length` bounds
/// one playout (a game that never ends is reported through `unfinished`).
pub fn flat_monte_carlo<G: GameState>(
    state: &mut G,
    budget: Budget,
    rng: &mut Rng,
    max_length: u64,
) -> FlatMcReport {
    let start = std::time::Instant::now();
    let mut report = FlatMcReport::default();
    let mut score_sums: Vec<f64> = Vec::new();
    loop {
        match budget {
            Budget::Playouts(n) if report.playouts >= n => break,
            Budget::Seconds(s) if start.elapsed().as_secs_f64() >= s => break,
            _ => {}
        }
        let p = random_playout(state, rng, max_length);
        report.playouts += 1;
        report.states += p.length;
        report.unfinished += u64::from(!p.finished);
        if score_sums.len() < p.scores.len() {
            score_sums.resize(p.scores.len(), 0.0);
        }
        for (s, v) in score_sums.iter_mut().zip(&p.scores) {
            *s += *v as f64;
        }
        let key = p
            .scores
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        *report.score_histogram.entry(key).or_insert(0) += 1;
    }
    report.seconds = start.elapsed().as_secs_f64();
    let n = report.playouts.max(1) as f64;
    report.average_length = report.states as f64 / n;
    report.average_scores = score_sums.iter().map(|s| s / n).collect();
    if report.seconds > 0.0 {
        report.playouts_per_second = report.playouts as f64 / report.seconds;
        report.states_per_second = report.states as f64 / report.seconds;
    }
    report
}
