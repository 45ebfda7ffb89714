//! The whole pipeline: records → per-piece data → PTA → consistency → minimisation →
//! best-first generalisation → regular expression, piece types in parallel (rayon); then the
//! start position, goals and turn limit; the result is a complete [`sbg::Game`] and a [`Report`].

use crate::consistency::{Checker, SomeRule};
use crate::generalize::{generalize, SearchLimits};
use crate::goals::learn_facts;
use crate::log::Record;
use crate::pta::{collect, collect_kind, Observations, PieceData, Sides};
use crate::regex::to_expr;
use crate::report::{PieceReport, Progress, Report};
use crate::sides;
use game::GameState;
use rayon::prelude::*;
use sbg::{Game, PieceRule, Side};
use std::fmt;
use std::time::{Duration, Instant};

/// Default work budget per piece type: well above what the corpus games need (docs/learner.md).
pub const DEFAULT_WORK_BUDGET: u64 = 1_000_000_000;

/// Learner settings.
#[derive(Clone, Debug)]
pub struct Options {
    /// Collapse candidates: state pairs at distance at most `k` (the paper's K = 2).
    pub k: usize,
    /// Expansions of the best-first search per piece type (the paper's MaxExpansions = 20).
    pub max_expansions: usize,
    /// Work budget of the search per piece type, in letter steps of the consistency checks
    /// (search nodes); the best DFA so far is kept when it runs out. The same inputs give the
    /// same result on any machine.
    pub work_budget: u64,
    /// Safety stop per piece type: the best DFA so far is kept and the report says the time
    /// limit fired (the result then depends on the machine's speed and load).
    pub time_limit: Duration,
    /// Words a `some` record allows beyond the observed ones.
    pub some_rule: SomeRule,
    /// Largest DFA the subset construction may build for one candidate.
    pub max_states: usize,
    /// Whether white's and black's pieces of a letter are learned from pooled data.
    pub sides: Sides,
    /// Name of the learned game.
    pub name: String,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            k: 2,
            max_expansions: 20,
            work_budget: DEFAULT_WORK_BUDGET,
            time_limit: Duration::from_secs(600),
            some_rule: SomeRule::PaperAndWindows,
            sides: Sides::Mirrored,
            max_states: 2000,
            name: "Learned".into(),
        }
    }
}

/// Why learning failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LearnError {
    NoRecords,
    /// No DFA (not even the prefix tree of the observations) fits the data: a piece moves
    /// differently from the same situation, or not as an SBG piece can.
    Inconsistent {
        kind: char,
        /// Index of the record in the input, its number (ply) and its game (0-based).
        record: usize,
        number: u32,
        game: usize,
        square: usize,
        word: String,
        /// Where the word was observed: record index and square.
        seen_in: (usize, usize),
    },
    /// With mirrored sides: each side's moves of `kind` fit on their own, but white's and
    /// black's contradict each other (record indices of a contradicting pair).
    NotMirrored {
        kind: char,
        record: usize,
        seen_in: usize,
    },
    /// The learned rules do not compile (e.g. too large a DFA).
    Engine(String),
    /// Records the learner cannot use (built in code rather than read by [`crate::parse_log`]):
    /// boards of different sizes, a move from off the board, too many letters or too long a word.
    BadRecord {
        record: usize,
        reason: String,
    },
}

impl fmt::Display for LearnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LearnError::NoRecords => write!(f, "the log has no records"),
            LearnError::Inconsistent {
                kind,
                record,
                number,
                game,
                square,
                word,
                seen_in,
            } => write!(
                f,
                "inconsistent: record {number} (record #{} of the log, game {}): the {kind} on \
                 square {square} can move by {word} as observed in record #{} from square {}, \
                 but this record lists every move and not that one",
                record + 1,
                game + 1,
                seen_in.0 + 1,
                seen_in.1
            ),
            LearnError::NotMirrored {
                kind,
                record,
                seen_in,
            } => write!(
                f,
                "the logs are not consistent with mirrored sides: white's and black's `{kind}` \
                 move differently (record #{} contradicts record #{} once black's moves are \
                 mirrored); each side alone is consistent: learn with --sides separate",
                record + 1,
                seen_in + 1
            ),
            LearnError::Engine(e) => write!(f, "the learned rules do not compile: {e}"),
            LearnError::BadRecord { record, reason } => {
                write!(f, "record #{} of the log: {reason}", record + 1)
            }
        }
    }
}

impl std::error::Error for LearnError {}

fn word_text(d: &PieceData, word: &[u8]) -> String {
    word.iter()
        .map(|&a| {
            let l = d.alphabet[a as usize];
            format!("({} {} {})", l.dx, l.dy, l.on.as_char())
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Learns a game from records (complete games in order for the goals and the turn limit).
pub fn learn(
    records: &[Record],
    options: &Options,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<(Game, Report), LearnError> {
    let began = Instant::now();
    if records.is_empty() {
        return Err(LearnError::NoRecords);
    }
    validate(records)?;
    let obs = Observations::new(records);
    let data = collect(records, options.sides);
    let results: Vec<Result<(PieceReport, Option<PieceRule>), LearnError>> = data
        .par_iter()
        .map(|d| {
            learn_piece(d, &obs, options, progress)
                .map_err(|(sit, word)| inconsistency(records, &obs, options, d, sit, &word))
        })
        .collect();
    let mut pieces = Vec::new();
    let mut learned = Vec::new();
    for r in results {
        let (rep, rule) = r?;
        pieces.push(rep);
        learned.push(rule);
    }
    let mut notes = Vec::new();
    let rules = match options.sides {
        Sides::Mirrored => {
            notes.extend(sides::one_sided_letters(records));
            learned.into_iter().flatten().collect()
        }
        Sides::Separate => sides::one_rule_per_letter(&pieces, learned, &mut notes),
    };
    let mut game = Game {
        name: options.name.clone(),
        board: records[0].board.clone(),
        rules,
        turn_limit: u32::MAX,
        goals: Vec::new(),
    };
    let engine = sbg::Engine::new(&game).map_err(|e| LearnError::Engine(e.to_string()))?;
    let has_move = |board: &sbg::Board, side: Side| {
        let mut e = engine.clone();
        e.set_position(board, side, 0);
        !e.is_terminal()
    };
    let facts = learn_facts(records, has_move);
    game.board = facts.start;
    game.turn_limit = facts.turn_limit;
    game.goals = facts.goals;
    sbg::Engine::new(&game).map_err(|e| LearnError::Engine(e.to_string()))?;
    let report = Report {
        pieces,
        games: facts.games,
        records: records.len(),
        seconds: began.elapsed().as_secs_f64(),
        notes: notes.into_iter().chain(facts.notes).collect(),
        undetermined: facts.undetermined,
        turn_limit_pinned: facts.turn_limit_pinned,
    };
    Ok((game, report))
}

/// The error for a piece whose observations contradict each other (even the prefix tree of
/// `U` is inconsistent). With mirrored sides, when each side's own data is consistent the
/// contradiction is between the sides: the logs are not mirror images.
fn inconsistency(
    records: &[Record],
    obs: &Observations,
    options: &Options,
    d: &PieceData,
    sit: usize,
    word: &[u8],
) -> LearnError {
    let s = &d.situations[sit];
    let ri = s.record as usize;
    let id = d.word_id(word).unwrap_or(0) as usize;
    let seen_in = d.first_seen.get(id).copied().unwrap_or((0, 0));
    if options.sides == Sides::Mirrored {
        let each_side_fits = [Side::White, Side::Black].iter().all(|&side| {
            let own = collect_kind(records, d.kind, Some(side));
            Checker::new(&own, obs, options.some_rule)
                .check(&own.prefix_tree())
                .is_ok()
        });
        if each_side_fits {
            return LearnError::NotMirrored {
                kind: d.kind,
                record: ri,
                seen_in: seen_in.0,
            };
        }
    }
    let games_before = records[..=ri].iter().filter(|r| r.number == 0).count();
    LearnError::Inconsistent {
        kind: d.kind,
        record: ri,
        number: records[ri].number,
        game: games_before.saturating_sub(1),
        square: s.square as usize,
        word: word_text(d, word),
        seen_in,
    }
}

/// Longest word the learner accepts (its searches recurse once per letter).
const MAX_WORD: usize = 100;

fn validate(records: &[Record]) -> Result<(), LearnError> {
    let b0 = &records[0].board;
    let mut letters = std::collections::HashSet::new();
    for (i, r) in records.iter().enumerate() {
        let bad = |reason: String| Err(LearnError::BadRecord { record: i, reason });
        let b = &r.board;
        if (b.width, b.height) != (b0.width, b0.height) || b.cells.len() != b.width * b.height {
            return bad("the board differs in size from the first record's".into());
        }
        if b.cells.is_empty() || b.cells.len() > u16::MAX as usize {
            return bad("the board is empty or too large".into());
        }
        for m in &r.moves {
            if m.from >= b.cells.len() {
                return bad(format!("a move starts off the board (square {})", m.from));
            }
            if m.letters.is_empty() || m.letters.len() > MAX_WORD {
                return bad(format!(
                    "a move has {} letters (1..={MAX_WORD})",
                    m.letters.len()
                ));
            }
            if let Some(p) = b.cells[m.from] {
                let flip = if r.to_move == Side::White { 1 } else { -1 };
                letters.extend(m.letters.iter().map(|l| (p.kind, l.dx, flip * l.dy, l.on)));
            }
        }
    }
    if letters.len() > 200 {
        return Err(LearnError::BadRecord {
            record: 0,
            reason: format!(
                "{} distinct letters; the learner handles 200",
                letters.len()
            ),
        });
    }
    Ok(())
}

/// Learns one piece type; `Err((situation, word))` when even the prefix tree is inconsistent.
fn learn_piece(
    d: &PieceData,
    obs: &Observations,
    options: &Options,
    progress: &(dyn Fn(&Progress) + Sync),
) -> Result<(PieceReport, Option<PieceRule>), (usize, Vec<u8>)> {
    let began = Instant::now();
    progress(&Progress::Started {
        kind: d.kind,
        words: d.words.len(),
        situations: d.situations.len(),
    });
    let mut checker = Checker::new(d, obs, options.some_rule);
    let pta = d.prefix_tree();
    checker.check(&pta).map_err(|f| (f.situation, f.word))?;
    let min = pta.minimized();
    let limits = SearchLimits {
        k: options.k,
        max_expansions: options.max_expansions,
        work_budget: options.work_budget,
        time_limit: options.time_limit,
        max_states: options.max_states,
    };
    let (best, stats) = if d.words.is_empty() {
        (min.clone(), Default::default())
    } else {
        generalize(min.clone(), &mut checker, &limits, |n, best_states| {
            progress(&Progress::Expanded {
                kind: d.kind,
                expansion: n,
                best_states,
            })
        })
    };
    let expr = to_expr(&best, &d.alphabet);
    let seconds = began.elapsed().as_secs_f64();
    progress(&Progress::Finished {
        kind: d.kind,
        states: best.states(),
        seconds,
    });
    let rule = expr.map(|expr| PieceRule { kind: d.kind, expr });
    let report = PieceReport {
        kind: d.kind,
        side: d.side,
        words: d.words.len(),
        situations: d.situations.len(),
        pta_states: pta.states(),
        minimized_pta_states: min.states(),
        states: best.states(),
        expansions: stats.expansions,
        candidates: stats.candidates,
        consistent_candidates: stats.consistent,
        work: checker.work,
        stopped: stats.stopped,
        seconds,
        rule: rule
            .as_ref()
            .map(|r| sbg::print::print_rule(r.kind, &r.expr)),
        expr: rule.as_ref().map(|r| r.expr.clone()),
    };
    Ok((report, rule))
}

/// The learned game's text, preceded by `//` comments naming what the logs did not determine
/// (a reader of the file sees which numbers are bounds or guesses).
pub fn learned_file(game: &sbg::Game, report: &Report) -> String {
    let mut text = String::new();
    for u in &report.undetermined {
        text.push_str(&format!("// not determined by the logs: {u}\n"));
    }
    for p in &report.pieces {
        if p.stopped == Some(crate::Stop::TimeLimit) {
            text.push_str(&format!(
                "// {}: the safety time limit stopped the search (machine-dependent result)\n",
                p.kind
            ));
        }
    }
    text + &sbg::print(game)
}
