//! One rating game over any [`GameState`]: random opening plies, then the two players; what
//! the game did is kept in a [`GameRecord`] (result by side and by player, how it ended,
//! length, branching, moves per piece type, a fingerprint of the move sequence).

use crate::options::Pairing;
use agents::{score_margin, Agent};
use game::{rng_from_seed, GameState, Rng};
use rand::Rng as _;
use serde::{Deserialize, Serialize};

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum End {
    /// SBG: a piece reached one of its `@` goal squares.
    Goal,
    /// SBG: a `#` goal (a side has too few pieces of a type).
    CaptureGoal,
    /// SBG: the side to move has no piece left.
    CaptureAll,
    /// SBG: the side to move has pieces but no legal move (it loses).
    NoMoves,
    /// SBG: the turn limit (a draw).
    TurnLimit,
    /// Other languages: a terminal state with a winner.
    Win,
    /// Other languages: a terminal state without a winner.
    Draw,
    /// Stopped at the rating's `max_length` before a terminal state (a draw).
    Unfinished,
}

impl End {
    pub const ALL: [End; 8] = [
        End::Goal,
        End::CaptureGoal,
        End::CaptureAll,
        End::NoMoves,
        End::TurnLimit,
        End::Win,
        End::Draw,
        End::Unfinished,
    ];

    /// Words for tables.
    pub fn describe(self) -> &'static str {
        match self {
            End::Goal => "goal square reached",
            End::CaptureGoal => "capture goal (#)",
            End::CaptureAll => "all pieces captured",
            End::NoMoves => "no legal move",
            End::TurnLimit => "turn limit (draw)",
            End::Win => "terminal, won",
            End::Draw => "terminal, drawn",
            End::Unfinished => "unfinished at max length",
        }
    }
}

/// What a language adds to the generic game loop.
pub trait Referee<G: GameState> {
    /// The piece type making `mv` in `state` (before it is applied), if the language has any.
    fn piece_moved(&self, _state: &G, _mv: &G::Move) -> Option<char> {
        None
    }

    /// The position as text (for the sample game), if the language can print one.
    fn position_text(&self, _state: &G) -> Option<String> {
        None
    }

    /// How a finished game ended (`state` is terminal; `last` the last move, if any).
    fn end(&self, state: &G, last: Option<&G::Move>) -> End {
        let _ = last;
        let s = state.scores();
        if score_margin(&s, 0) == 0 {
            End::Draw
        } else {
            End::Win
        }
    }
}

/// A referee that knows nothing but scores.
pub struct Generic;

impl<G: GameState> Referee<G> for Generic {}

/// Which game to play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSpec {
    pub pairing: Pairing,
    pub index: u32,
    /// `seats[side]`: the player (0 = A, the strong one; 1 = B) who plays `side`.
    pub seats: [usize; 2],
    pub seed: u64,
    pub opening_plies: u32,
    pub max_length: u64,
}

/// What one game did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub pairing: Pairing,
    pub index: u32,
    pub seats: [usize; 2],
    /// The winning side (0 first player, 1 second), `None` for a draw.
    pub winner_side: Option<usize>,
    pub end: End,
    pub length: u32,
    /// States where a choice was made and the legal moves summed over them.
    pub states: u32,
    pub legal_sum: u64,
    /// Moves per piece type, in order of first use (SBG).
    pub piece_moves: Vec<(char, u32)>,
    /// Hash of the sequence of states: equal for two games that went the same way.
    pub fingerprint: u64,
    /// The moves, as text (kept for the sample game only; empty otherwise).
    pub moves: Vec<String>,
    /// The final position (sample game only).
    pub final_position: Option<String>,
}

impl GameRecord {
    /// The player (0 = A, 1 = B) who won, if any.
    pub fn winner_player(&self) -> Option<usize> {
        self.winner_side.map(|s| self.seats[s])
    }
}

/// The seed of game `index` of `pairing`, mixed so that nearby seeds give unrelated games.
pub fn game_seed(seed: u64, pairing: Pairing, index: u32) -> u64 {
    let mut x = seed
        ^ (pairing.index() + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (u64::from(index) + 1).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    x ^= x >> 31;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 29)
}

/// Plays one game from `state` (left as it was): `players[p]` is player `p` (A, B), seated by
/// `spec.seats`. `keep_moves` keeps the move texts in the record.
pub fn play_game<G: GameState>(
    state: &mut G,
    players: [&mut dyn Agent<G>; 2],
    spec: &GameSpec,
    referee: &dyn Referee<G>,
    keep_moves: bool,
) -> GameRecord {
    let mut opening = rng_from_seed(spec.seed);
    let mut rngs: [Rng; 2] = [
        rng_from_seed(spec.seed ^ 0x5555_5555_5555_5555),
        rng_from_seed(spec.seed ^ 0xAAAA_AAAA_AAAA_AAAA),
    ];
    let mut rec = GameRecord {
        pairing: spec.pairing,
        index: spec.index,
        seats: spec.seats,
        winner_side: None,
        end: End::Unfinished,
        length: 0,
        states: 0,
        legal_sum: 0,
        piece_moves: Vec::new(),
        fingerprint: 0xCBF2_9CE4_8422_2325,
        moves: Vec::new(),
        final_position: None,
    };
    let [p0, p1] = players;
    let agents: [&mut dyn Agent<G>; 2] = [p0, p1];
    let mut moves = Vec::new();
    let mut last: Option<G::Move> = None;
    let mut finished = false;
    while u64::from(rec.length) < spec.max_length {
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            finished = true;
            break;
        }
        rec.states += 1;
        rec.legal_sum += moves.len() as u64;
        let side = state.current_player().unwrap_or(0) % 2;
        let mv = if rec.length < spec.opening_plies {
            moves[opening.random_range(0..moves.len())].clone()
        } else if let Some(counts) = state.simultaneous_moves() {
            // Every role's agent chooses its own move on this same state.
            let mut choices = vec![0; counts.len()];
            for (role, &count) in counts.iter().enumerate() {
                if count > 1 {
                    let who = spec.seats[role % 2];
                    match agents[who].choose_own(state, role, &mut rngs[who]) {
                        Some(c) if c < count => choices[role] = c,
                        // An agent bug must not stop a rating: the role's first move.
                        _ => {}
                    }
                }
            }
            state
                .joint_move(&choices)
                .unwrap_or_else(|| moves[0].clone())
        } else {
            let who = spec.seats[side];
            match agents[who].choose(state, &mut rngs[who]) {
                Some(m) if moves.contains(&m) => m,
                // An agent bug must not stop a rating: fall back to the first legal move.
                _ => moves[0].clone(),
            }
        };
        if let Some(k) = referee.piece_moved(state, &mv) {
            match rec.piece_moves.iter_mut().find(|(c, _)| *c == k) {
                Some(e) => e.1 += 1,
                None => rec.piece_moves.push((k, 1)),
            }
        }
        if keep_moves {
            rec.moves.push(state.move_text(&mv));
        }
        state.apply(&mv);
        rec.length += 1;
        rec.fingerprint = (rec.fingerprint ^ state.state_hash()).wrapping_mul(0x1000_0000_01B3);
        last = Some(mv);
    }
    if !finished {
        state.legal_moves(&mut moves);
        finished = moves.is_empty();
    }
    if finished {
        rec.end = referee.end(state, last.as_ref());
        let scores = state.scores();
        rec.winner_side = (0..2).find(|&p| score_margin(&scores, p) > 0);
    }
    if keep_moves {
        rec.final_position = referee.position_text(state);
    }
    for _ in 0..rec.length {
        state.undo();
    }
    rec
}
