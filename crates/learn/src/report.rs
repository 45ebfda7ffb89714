//! What the learner reports: progress per piece type while it runs, and what was learned for
//! each piece type and the whole game.

use crate::generalize::Stop;
use sbg::Side;
use std::fmt;

/// Progress of one piece type.
#[derive(Clone, Debug)]
pub enum Progress {
    Started {
        kind: char,
        words: usize,
        situations: usize,
    },
    Expanded {
        kind: char,
        expansion: usize,
        best_states: usize,
    },
    Finished {
        kind: char,
        states: usize,
        seconds: f64,
    },
}

/// What was learned for one piece type.
#[derive(Clone, Debug)]
pub struct PieceReport {
    pub kind: char,
    /// The side learned (`None`: both sides, pooled).
    pub side: Option<Side>,
    /// Distinct observed words (`|U|`) and situations checked.
    pub words: usize,
    pub situations: usize,
    pub pta_states: usize,
    pub minimized_pta_states: usize,
    /// States of the learned (minimal) DFA.
    pub states: usize,
    pub expansions: usize,
    pub candidates: usize,
    pub consistent_candidates: usize,
    /// Letter steps spent by the search's consistency checks.
    pub work: u64,
    /// Why the search stopped early, if it did.
    pub stopped: Option<Stop>,
    pub seconds: f64,
    /// The learned rule as text and as an expression (`None`: the piece never moved).
    pub rule: Option<String>,
    pub expr: Option<sbg::Expr>,
}

/// The final report.
#[derive(Clone, Debug)]
pub struct Report {
    pub pieces: Vec<PieceReport>,
    pub games: usize,
    pub records: usize,
    pub seconds: f64,
    pub notes: Vec<String>,
    /// What the logs do not determine (the turn limit when no game reached it, goals of pieces
    /// that never decided a game, ...): the learned game's value is a guess or a bound.
    pub undetermined: Vec<String>,
    /// Whether a game reached the turn limit, so the learned limit is exact.
    pub turn_limit_pinned: bool,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "consistent: learned from {} records of {} games in {:.2} s",
            self.records, self.games, self.seconds
        )?;
        writeln!(
            f,
            "piece   words  situations  PTA  min-PTA  DFA  expansions         work  time"
        )?;
        for p in &self.pieces {
            writeln!(
                f,
                "{:<6}  {:>5}  {:>10}  {:>3}  {:>7}  {:>3}  {:>10}  {:>11}  {:.3} s{}",
                match p.side {
                    None => p.kind.to_string(),
                    Some(Side::White) => format!("{} (w)", p.kind.to_ascii_uppercase()),
                    Some(Side::Black) => format!("{} (b)", p.kind.to_ascii_lowercase()),
                },
                p.words,
                p.situations,
                p.pta_states,
                p.minimized_pta_states,
                p.states,
                p.expansions,
                p.work,
                p.seconds,
                match p.stopped {
                    None => "",
                    Some(Stop::WorkBudget) => " (work budget ran out)",
                    Some(Stop::TimeLimit) =>
                        " (SAFETY TIME LIMIT fired: result depends on the machine)",
                }
            )?;
        }
        for n in &self.notes {
            writeln!(f, "note: {n}")?;
        }
        for n in &self.undetermined {
            writeln!(f, "not determined by the logs: {n}")?;
        }
        Ok(())
    }
}
