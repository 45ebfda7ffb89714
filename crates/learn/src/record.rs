//! Training data from random play: uniform random games with the native SBG engine, one record
//! per position (the terminal one included), the move played listed first.

use crate::log::{write_log, Listing, LoggedMove, Outcome, Record};
use game::GameState;
use rand::Rng as _;
use sbg::words::WordLimits;
use sbg::{BuildError, Engine, Game, Side};

/// Bounds on the work of [`record`]: random play of a game whose turn limit is huge (or that
/// can go on forever) must end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordLimits {
    /// A game stops unfinished after this many plies (its last record is then an ongoing
    /// position, with no terminal record).
    pub max_length: u64,
    /// More records than this in all fails with [`RecordError::TooManyRecords`].
    pub max_records: usize,
}

impl Default for RecordLimits {
    fn default() -> Self {
        RecordLimits {
            max_length: 10_000,
            max_records: 1_000_000,
        }
    }
}

/// Why no log was recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The game cannot be played by the native engine.
    Build(BuildError),
    /// The games would produce more records than `RecordLimits::max_records`.
    TooManyRecords(usize),
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Build(e) => write!(f, "{e}"),
            RecordError::TooManyRecords(n) => write!(
                f,
                "the games would produce more than {n} records (lower the number of games or the \
                 maximum length)"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

/// Plays `games` uniform random games of `game` and returns the log text.
pub fn record(
    game: &Game,
    games: usize,
    listing: Listing,
    seed: u64,
    limits: RecordLimits,
) -> Result<String, RecordError> {
    Ok(write_log(&record_limited(
        game, games, listing, seed, limits,
    )?))
}

/// Plays `games` uniform random games and returns their records in order: each game from ply 0
/// to its terminal position. `All` lists every applicable word of every legal move (the played
/// move's words first, the observed word first among them); `Some` lists only the observed word
/// of the played move. Terminal positions list no moves. A position whose words could not all
/// be enumerated (the engine's word limits) is written as a `some` record.
pub fn record_games(
    game: &Game,
    games: usize,
    listing: Listing,
    seed: u64,
) -> Result<Vec<Record>, RecordError> {
    record_limited(game, games, listing, seed, RecordLimits::default())
}

/// [`record_games`] within explicit limits.
pub fn record_limited(
    game: &Game,
    games: usize,
    listing: Listing,
    seed: u64,
    limits: RecordLimits,
) -> Result<Vec<Record>, RecordError> {
    let mut engine = Engine::new(game).map_err(RecordError::Build)?;
    let mut rng = game::rng_from_seed(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let w = game.board.width;
    for _ in 0..games {
        engine.set_position(&game.board, Side::White, 0);
        for ply in 0.. {
            if ply >= limits.max_length {
                break;
            }
            if out.len() >= limits.max_records {
                return Err(RecordError::TooManyRecords(limits.max_records));
            }
            let board = engine.board();
            let side = engine.side_to_move();
            let number = engine.ply();
            engine.legal_moves(&mut moves);
            if moves.is_empty() {
                let scores = engine.scores();
                let just_moved = side.opponent().index();
                let outcome = match scores[just_moved] {
                    s if s >= 100 => Outcome::Won,
                    s if s <= 0 => Outcome::Lost,
                    _ => Outcome::Tie,
                };
                out.push(Record {
                    number,
                    board,
                    outcome,
                    to_move: side,
                    listing,
                    moves: Vec::new(),
                    span: 0..0,
                });
                break;
            }
            let played = moves[rng.random_range(0..moves.len())];
            let flip = |l: sbg::Letter| if side == Side::White { l } else { l.mirrored() };
            let words_from = |from: u16| {
                let f = from as usize;
                engine.words_at(f % w, f / w, WordLimits::default())
            };
            let pw = words_from(played.from);
            let mut complete = pw.complete;
            let to_of = |to: (usize, usize)| (to.1 * w + to.0) as u16;
            let played_words: Vec<_> = pw
                .words
                .iter()
                .filter(|wd| to_of(wd.to) == played.to)
                .collect();
            let mut listed = Vec::new();
            let push = |listed: &mut Vec<LoggedMove>, from: u16, letters: &[sbg::Letter]| {
                listed.push(LoggedMove {
                    from: from as usize,
                    letters: letters.iter().map(|&l| flip(l)).collect(),
                })
            };
            let observed = if played_words.is_empty() {
                None
            } else {
                Some(rng.random_range(0..played_words.len()))
            };
            if let Some(i) = observed {
                push(&mut listed, played.from, &played_words[i].letters);
            }
            let mut rec_listing = listing;
            if listing == Listing::All {
                for (j, wd) in played_words.iter().enumerate() {
                    if Some(j) != observed {
                        push(&mut listed, played.from, &wd.letters);
                    }
                }
                let mut froms: Vec<u16> = moves.iter().map(|m| m.from).collect();
                froms.sort_unstable();
                froms.dedup();
                for from in froms {
                    let ws = words_from(from);
                    complete &= ws.complete;
                    for wd in &ws.words {
                        if from == played.from && to_of(wd.to) == played.to {
                            continue;
                        }
                        push(&mut listed, from, &wd.letters);
                    }
                }
                if !complete {
                    rec_listing = Listing::Some;
                }
            }
            out.push(Record {
                number,
                board,
                outcome: Outcome::Ongoing,
                to_move: side,
                listing: rec_listing,
                moves: listed,
                span: 0..0,
            });
            engine.apply(&played);
        }
    }
    Ok(out)
}
