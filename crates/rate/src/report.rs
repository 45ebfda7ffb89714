//! The rating report: the measurements aggregated from the game records, the checks against
//! the thresholds and the flags a designer should look at.

use crate::options::{Pairing, RateOptions};
use crate::play::{End, GameRecord};
use crate::stats::{LengthStats, Share};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// What a piece type can do at all, from its rule alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PieceStatic {
    pub kind: char,
    pub has_rule: bool,
    pub can_move: bool,
    pub can_capture: bool,
    /// False when a goal gives the type a square to reach (it may then do without captures).
    pub needs_capture: bool,
}

/// A piece type in the report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PieceReport {
    #[serde(flatten)]
    pub fixed: PieceStatic,
    /// Moves made with this type in the equal and gradient games, and their share of all moves.
    pub moves: u32,
    pub usefulness: f64,
}

/// The games of one pairing.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PairingStats {
    pub pairing: Pairing,
    /// `[A, B]` as text (A the strong player).
    pub players: [String; 2],
    pub games: u32,
    /// Results by side: first player's wins, second player's wins, draws.
    pub first_wins: u32,
    pub second_wins: u32,
    pub draws: u32,
    /// Results by player: A's wins, B's wins.
    pub a_wins: u32,
    pub b_wins: u32,
    /// A's wins when it played first (its wins as second player are `a_wins - a_first_wins`).
    pub a_first_wins: u32,
    /// How the games ended (only ends that happened, in a fixed order).
    pub ends: Vec<(End, u32)>,
    pub length: LengthStats,
    /// Lengths of the decisive games only.
    pub decisive_length: LengthStats,
    /// Games that differ from every other game of the pairing.
    pub distinct: u32,
}

/// A problem a designer should look at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flag {
    /// A stable code, e.g. `rarely-decisive`, `piece-cannot-capture`.
    pub code: String,
    pub message: String,
}

/// Pass/fail of the thresholds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Checks {
    pub decisive: bool,
    pub balanced: bool,
    pub skill: bool,
    /// Every piece type can move and (unless it has a goal square) capture, and is used.
    pub pieces: bool,
}

impl Checks {
    pub fn all(&self) -> bool {
        self.decisive && self.balanced && self.skill && self.pieces
    }
}

/// The sample game: the first game between equal players.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SampleGame {
    pub moves: Vec<String>,
    pub end: End,
    pub winner_side: Option<usize>,
    pub final_position: Option<String>,
}

/// Everything `rbgtool rate` says about a game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub game: String,
    pub options: RateOptions,
    pub turn_limit: Option<u32>,
    /// Share of equal-player games that are not drawn.
    pub decisiveness: Share,
    /// First player's share of the decisive equal-player games.
    pub balance: Share,
    /// Share of the gradient games the stronger player wins.
    pub skill: Share,
    /// Share of the strategy games the searching player wins against random.
    pub strategy: Share,
    /// Mean number of legal moves over every state where a move was chosen.
    pub branching: f64,
    pub pairings: Vec<PairingStats>,
    pub pieces: Vec<PieceReport>,
    /// Distinct games among all games played, and all games.
    pub distinct_games: u32,
    pub games: u32,
    pub checks: Checks,
    pub flags: Vec<Flag>,
    pub sample: Option<SampleGame>,
}

fn pairing_stats(
    pairing: Pairing,
    options: &RateOptions,
    turn_limit: Option<u32>,
    recs: &[&GameRecord],
) -> PairingStats {
    let count = |f: &dyn Fn(&GameRecord) -> bool| recs.iter().filter(|r| f(r)).count() as u32;
    let ends = End::ALL
        .iter()
        .map(|&e| (e, count(&|r| r.end == e)))
        .filter(|&(_, n)| n > 0)
        .collect();
    let lengths: Vec<u32> = recs.iter().map(|r| r.length).collect();
    let decisive: Vec<u32> = recs
        .iter()
        .filter(|r| r.winner_side.is_some())
        .map(|r| r.length)
        .collect();
    let players = options.players(pairing).map(|p| p.to_string());
    PairingStats {
        pairing,
        players,
        games: recs.len() as u32,
        first_wins: count(&|r| r.winner_side == Some(0)),
        second_wins: count(&|r| r.winner_side == Some(1)),
        draws: count(&|r| r.winner_side.is_none()),
        a_wins: count(&|r| r.winner_player() == Some(0)),
        b_wins: count(&|r| r.winner_player() == Some(1)),
        a_first_wins: count(&|r| r.winner_side == Some(0) && r.seats[0] == 0),
        ends,
        length: LengthStats::new(&lengths, turn_limit),
        decisive_length: LengthStats::new(&decisive, turn_limit),
        distinct: distinct(recs.iter().copied()),
    }
}

fn distinct<'a>(recs: impl Iterator<Item = &'a GameRecord>) -> u32 {
    recs.map(|r| (r.fingerprint, r.length))
        .collect::<HashSet<_>>()
        .len() as u32
}

impl Report {
    /// Aggregates the records (in spec order) into the report, without the verdicts
    /// (`flags::judge` adds them).
    pub fn from_records(
        game: String,
        options: &RateOptions,
        turn_limit: Option<u32>,
        statics: Vec<PieceStatic>,
        records: &[GameRecord],
    ) -> Report {
        let of = |p: Pairing| -> Vec<&GameRecord> {
            records.iter().filter(|r| r.pairing == p).collect()
        };
        let pairings: Vec<PairingStats> = Pairing::ALL
            .iter()
            .map(|&p| pairing_stats(p, options, turn_limit, &of(p)))
            .collect();
        let [eq, gr, st] = [&pairings[0], &pairings[1], &pairings[2]];
        let decisive = eq.first_wins + eq.second_wins;
        let states: u64 = records.iter().map(|r| u64::from(r.states)).sum();
        let legal: u64 = records.iter().map(|r| r.legal_sum).sum();
        let pieces = piece_reports(statics, records);
        let sample = records
            .iter()
            .find(|r| r.pairing == Pairing::Equal && r.index == 0)
            .map(|r| SampleGame {
                moves: r.moves.clone(),
                end: r.end,
                winner_side: r.winner_side,
                final_position: r.final_position.clone(),
            });
        Report {
            game,
            options: options.clone(),
            turn_limit,
            decisiveness: Share::new(decisive, eq.games),
            balance: Share::new(eq.first_wins, decisive),
            skill: Share::new(gr.a_wins, gr.games),
            strategy: Share::new(st.a_wins, st.games),
            branching: if states == 0 {
                0.0
            } else {
                legal as f64 / states as f64
            },
            pairings: pairings.clone(),
            pieces,
            distinct_games: distinct(records.iter()),
            games: records.len() as u32,
            checks: Checks {
                decisive: false,
                balanced: false,
                skill: false,
                pieces: false,
            },
            flags: Vec::new(),
            sample,
        }
    }

    /// The statistics of one pairing.
    pub fn pairing(&self, p: Pairing) -> &PairingStats {
        &self.pairings[p.index() as usize]
    }

    /// Whether a flag with this code was raised.
    pub fn has_flag(&self, code: &str) -> bool {
        self.flags.iter().any(|f| f.code == code)
    }
}

fn piece_reports(statics: Vec<PieceStatic>, records: &[GameRecord]) -> Vec<PieceReport> {
    let counted = records
        .iter()
        .filter(|r| matches!(r.pairing, Pairing::Equal | Pairing::Gradient));
    let mut total = 0u64;
    let mut per: Vec<(char, u32)> = Vec::new();
    for r in counted {
        for &(k, n) in &r.piece_moves {
            total += u64::from(n);
            match per.iter_mut().find(|(c, _)| *c == k) {
                Some(e) => e.1 += n,
                None => per.push((k, n)),
            }
        }
    }
    statics
        .into_iter()
        .map(|fixed| {
            let moves = per
                .iter()
                .find(|(c, _)| *c == fixed.kind)
                .map_or(0, |e| e.1);
            PieceReport {
                usefulness: if total == 0 {
                    0.0
                } else {
                    f64::from(moves) / total as f64
                },
                moves,
                fixed,
            }
        })
        .collect()
}
