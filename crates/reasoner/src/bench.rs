//! Flat Monte-Carlo playouts, the reference benchmark's convention: at every visited state all
//! legal moves are computed and one is picked uniformly; keeper states are not counted.

use crate::error::GameError;
use crate::sinks::MoveBuf;
use crate::Reasoner;
use rand::Rng as _;
use std::collections::BTreeMap;
use std::time::Instant;

/// How long to run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    Seconds(f64),
    Playouts(u64),
}

/// Playouts longer than this are cut (and counted in `unfinished`) so a game that never ends
/// cannot hang a benchmark.
pub const MAX_PLAYOUT_LENGTH: u64 = 1_000_000;

#[derive(Clone, Debug, Default, PartialEq)]
pub struct BenchReport {
    pub playouts: u64,
    /// Player moves applied over all playouts.
    pub states: u64,
    pub seconds: f64,
    pub avg_length: f64,
    /// Sum of each player's final score over all playouts (players in declaration order).
    pub score_sums: Vec<i64>,
    /// Final score vectors and how often they occurred.
    pub histogram: BTreeMap<Vec<i64>, u64>,
    /// Playouts cut at `MAX_PLAYOUT_LENGTH` (not in `playouts`, the averages or the
    /// histogram; their moves are in `states`). The playout in progress at a time budget's
    /// deadline is dropped without being counted here.
    pub unfinished: u64,
    /// `KeeperMode::First`: the improper keeper choice found, if any (see
    /// [`crate::State::keeper_warning`]).
    pub keeper_warning: Option<GameError>,
}

impl BenchReport {
    /// The report in the engine-independent form `rbgtool bench` prints (score vectors as
    /// space-separated keys).
    pub fn to_flat_mc(&self) -> game::playout::FlatMcReport {
        game::playout::FlatMcReport {
            playouts: self.playouts,
            states: self.states,
            seconds: self.seconds,
            playouts_per_second: self.playouts_per_second(),
            states_per_second: self.states_per_second(),
            average_length: self.avg_length,
            average_scores: self.avg_scores(),
            score_histogram: self
                .histogram
                .iter()
                .map(|(k, v)| {
                    let key: Vec<String> = k.iter().map(|s| s.to_string()).collect();
                    (key.join(" "), *v)
                })
                .collect(),
            unfinished: self.unfinished,
        }
    }

    /// Adds `other`'s playouts to these (a benchmark run in slices): counts, times, scores
    /// and histogram summed, the average length weighted, the first keeper warning kept.
    pub fn absorb(&mut self, other: BenchReport) {
        let total = self.playouts + other.playouts;
        if total > 0 {
            self.avg_length = (self.avg_length * self.playouts as f64
                + other.avg_length * other.playouts as f64)
                / total as f64;
        }
        self.playouts = total;
        self.states += other.states;
        self.seconds += other.seconds;
        if self.score_sums.len() < other.score_sums.len() {
            self.score_sums.resize(other.score_sums.len(), 0);
        }
        for (s, o) in self.score_sums.iter_mut().zip(&other.score_sums) {
            *s += o;
        }
        for (k, v) in other.histogram {
            *self.histogram.entry(k).or_default() += v;
        }
        self.unfinished += other.unfinished;
        if self.keeper_warning.is_none() {
            self.keeper_warning = other.keeper_warning;
        }
    }

    pub fn playouts_per_second(&self) -> f64 {
        self.playouts as f64 / self.seconds.max(1e-9)
    }
    pub fn states_per_second(&self) -> f64 {
        self.states as f64 / self.seconds.max(1e-9)
    }
    /// Mean final score of each player.
    pub fn avg_scores(&self) -> Vec<f64> {
        self.score_sums
            .iter()
            .map(|&s| s as f64 / self.playouts.max(1) as f64)
            .collect()
    }
}

/// Runs uniform random playouts from the initial state.
pub fn flat_mc(reasoner: &Reasoner, budget: Budget, seed: u64) -> Result<BenchReport, GameError> {
    flat_mc_from(&mut reasoner.initial_state()?, budget, seed)
}

/// Runs uniform random playouts from `state` (e.g. a loaded position); `state` is left as
/// it was, without its undo history.
pub fn flat_mc_from(
    state: &mut crate::State<'_>,
    budget: Budget,
    seed: u64,
) -> Result<BenchReport, GameError> {
    if let Some(e) = state.error() {
        return Err(e.clone());
    }
    let core = state.core();
    let mut rng = game::rng_from_seed(seed);
    let nplayers = core.prog.nplayers as usize;
    let mut report = BenchReport {
        score_sums: vec![0; nplayers],
        ..BenchReport::default()
    };
    let mut buf = MoveBuf::default();
    let start = Instant::now();
    let snapshot = core.clone();
    let mut finished_states = 0u64;
    loop {
        match budget {
            Budget::Playouts(n) if report.playouts + report.unfinished >= n => break,
            Budget::Seconds(s) if start.elapsed().as_secs_f64() >= s => break,
            _ => {}
        }
        let mut length = 0u64;
        // Cut by the time budget or by MAX_PLAYOUT_LENGTH.
        let mut cut = false;
        loop {
            core.gen_moves(&mut buf)?;
            if buf.is_empty() {
                break;
            }
            if length >= MAX_PLAYOUT_LENGTH {
                cut = true;
                break;
            }
            // A single playout of a slow game may outlast the budget: look at the clock at
            // every move (cheap next to move generation) and drop the unfinished playout (its
            // moves still count as work).
            if let Budget::Seconds(limit) = budget {
                if start.elapsed().as_secs_f64() >= limit {
                    cut = true;
                    break;
                }
            }
            let pick = rng.random_range(0..buf.len());
            core.apply_move(buf.get(pick))?;
            // Playouts never undo: drop the undo entries instead of letting them pile up.
            core.undo.clear();
            core.frames = 0;
            length += 1;
        }
        report.states += length;
        if cut {
            core.restore_from(&snapshot);
            if length >= MAX_PLAYOUT_LENGTH {
                report.unfinished += 1;
                continue;
            }
            // The deadline: the playout in progress is dropped (its moves still count as
            // work), but it is no game cut at the length limit.
            break;
        }
        report.playouts += 1;
        finished_states += length;
        let scores = core.vars[..nplayers].to_vec();
        for (s, x) in report.score_sums.iter_mut().zip(&scores) {
            *s += x;
        }
        *report.histogram.entry(scores).or_insert(0) += 1;
        core.restore_from(&snapshot);
    }
    report.seconds = start.elapsed().as_secs_f64();
    report.keeper_warning = core.warning.take();
    report.avg_length = finished_states as f64 / report.playouts.max(1) as f64;
    Ok(report)
}

/// One uniformly random playout from `state` (at most `max_length` moves), the fast
/// counterpart of `game::playout::random_playout`; `state` is restored afterwards.
pub fn random_playout(
    state: &mut crate::State<'_>,
    rng: &mut game::Rng,
    max_length: u64,
) -> Result<game::playout::Playout, GameError> {
    if let Some(e) = state.error() {
        return Err(e.clone());
    }
    let core = state.core();
    let nplayers = core.prog.nplayers as usize;
    let mut buf = MoveBuf::default();
    let mut length = 0u64;
    let mut result = Ok(false);
    while length < max_length {
        if let Err(e) = core.gen_moves(&mut buf) {
            result = Err(e);
            break;
        }
        if buf.is_empty() {
            result = Ok(true);
            break;
        }
        let pick = rng.random_range(0..buf.len());
        let r = core.apply_move(buf.get(pick));
        length += 1;
        if let Err(e) = r {
            result = Err(e);
            break;
        }
    }
    let finished = match result {
        Ok(true) => true,
        Ok(false) => core.count_moves().map(|n| n == 0).unwrap_or(false),
        Err(_) => false,
    };
    let scores = core.vars[..nplayers].to_vec();
    for _ in 0..length {
        core.undo_move();
    }
    result.map(|_| game::playout::Playout {
        length,
        scores,
        finished,
    })
}
