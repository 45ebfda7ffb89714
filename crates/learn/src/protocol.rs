//! The comparison with the paper's tables: for each seed, random games are recorded once and
//! the learner runs on their first G games for G on a grid, from the largest down; a piece
//! *stays exact from* the smallest G from which every grid point up to the largest gives
//! exactly the original rule's language. The paper's protocol learns each side separately with
//! its `F(pmp)` rule over 20 seeds; our default pools the sides with the 3-window rule.

use crate::compare::same_language;
use crate::consistency::SomeRule;
use crate::log::{Listing, Record};
use crate::pipeline::{learn, Options};
use crate::pta::Sides;
use crate::record::{record_games, RecordError};
use sbg::{Game, Side};
use std::collections::BTreeMap;

/// One learner setting of the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    pub sides: Sides,
    pub rule: SomeRule,
}

impl Setting {
    /// The paper's: each side alone, `F(pmp) ⊆ U`.
    pub const PAPER: Setting = Setting {
        sides: Sides::Separate,
        rule: SomeRule::Paper,
    };
    /// Ours by default: sides pooled (mirrored), the 3-window rule.
    pub const DEFAULT: Setting = Setting {
        sides: Sides::Mirrored,
        rule: SomeRule::PaperAndWindows,
    };
}

/// A learned automaton of the comparison: the piece letter and the side (`None`: pooled).
pub type PieceKey = (char, Option<Side>);

/// For one seed: per piece, the grid's smallest game count from which the piece stays exact
/// (`None`: not exact with the largest count).
pub fn stays_exact_from(
    original: &Game,
    listing: Listing,
    seed: u64,
    grid: &[usize],
    setting: Setting,
    options: &Options,
) -> Result<BTreeMap<PieceKey, Option<usize>>, RecordError> {
    let max = grid.iter().copied().max().unwrap_or(0);
    let records = record_games(original, max, listing, seed)?;
    let options = Options {
        sides: setting.sides,
        some_rule: setting.rule,
        ..options.clone()
    };
    let mut from: BTreeMap<PieceKey, Option<usize>> = BTreeMap::new();
    let mut frozen: BTreeMap<PieceKey, bool> = BTreeMap::new();
    let mut grid = grid.to_vec();
    grid.sort_unstable();
    for &g in grid.iter().rev() {
        let exact = exact_pieces(original, first_games(&records, g), &options);
        for (key, ok) in exact {
            let done = frozen.entry(key).or_insert(false);
            if *done {
                continue;
            }
            if ok {
                from.insert(key, Some(g));
            } else {
                from.entry(key).or_insert(None);
                *done = true;
            }
        }
        if !frozen.is_empty() && frozen.values().all(|&d| d) {
            break;
        }
    }
    Ok(from)
}

/// The records of the first `games` games.
fn first_games(records: &[Record], games: usize) -> &[Record] {
    let end = records
        .iter()
        .enumerate()
        .filter(|(_, r)| r.number == 0)
        .nth(games)
        .map_or(records.len(), |(i, _)| i);
    &records[..end]
}

/// Whether each learned automaton (per side with separate sides) is exactly the original
/// rule; every original rule's automaton is listed (not exact when it was not learned).
fn exact_pieces(original: &Game, records: &[Record], options: &Options) -> Vec<(PieceKey, bool)> {
    let sides: &[Option<Side>] = match options.sides {
        Sides::Mirrored => &[None],
        Sides::Separate => &[Some(Side::White), Some(Side::Black)],
    };
    let report = learn(records, options, &|_| {}).ok().map(|(_, r)| r);
    let mut out = Vec::new();
    for rule in &original.rules {
        for &side in sides {
            let learned = report.as_ref().and_then(|r| {
                r.pieces
                    .iter()
                    .find(|p| p.kind == rule.kind && p.side == side)
                    .and_then(|p| p.expr.clone())
            });
            let ok = learned.is_some_and(|e| same_language(&rule.expr, &e).unwrap_or(false));
            out.push(((rule.kind, side), ok));
        }
    }
    out
}

/// Average, min and max of per-seed results (`None` counts as "more than the grid").
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    pub seeds: usize,
    /// Seeds where the piece never stayed exact within the grid.
    pub never: usize,
    pub avg: Option<f64>,
    pub min: Option<usize>,
    pub max: Option<usize>,
}

/// Summarises per-seed results of one piece.
pub fn summarize(values: &[Option<usize>]) -> Summary {
    let found: Vec<usize> = values.iter().flatten().copied().collect();
    Summary {
        seeds: values.len(),
        never: values.len() - found.len(),
        avg: (!found.is_empty()).then(|| found.iter().sum::<usize>() as f64 / found.len() as f64),
        min: found.iter().min().copied(),
        max: found.iter().max().copied(),
    }
}

impl std::fmt::Display for Summary {
    /// `avg / min / max`, with `never k/n` when some seeds never stayed exact.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.avg, self.min, self.max) {
            (Some(a), Some(lo), Some(hi)) => write!(f, "{a:.1} / {lo} / {hi}")?,
            _ => write!(f, "-")?,
        }
        if self.never > 0 {
            write!(
                f,
                " (not exact at the largest count: {}/{} seeds)",
                self.never, self.seeds
            )?;
        }
        Ok(())
    }
}
