//! What a rating plays: the players, how many games of each pairing, the seed, and the
//! thresholds a good game must meet.

use serde::{Deserialize, Serialize};

/// A player of the rating games. Every player is stochastic: alpha-beta breaks ties at random
/// (root moves shuffled), MCTS shuffles its expansions, and every game starts with
/// [`RateOptions::opening_plies`] uniformly random moves, so repeated games differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Player {
    Random,
    /// Alpha-beta to this depth (SBG heuristic on SBG games, mobility elsewhere).
    AlphaBeta {
        depth: u32,
    },
    Mcts {
        iterations: u64,
    },
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::AlphaBeta { depth } => write!(f, "alphabeta:{depth}"),
            Player::Mcts { iterations } => write!(f, "mcts:{iterations}"),
        }
    }
}

/// Why a text names no rating [`Player`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePlayerError {
    /// Not an agent specification at all.
    #[error(transparent)]
    Spec(#[from] agents::SpecError),
    /// An agent, but not one a rating plays (`human`, or a time budget).
    #[error(
        "`{text}`: rating players are random, alphabeta:DEPTH or mcts:ITERATIONS \
         (time budgets would make the rating irreproducible)"
    )]
    NotRated { text: String },
}

impl std::str::FromStr for Player {
    type Err = ParsePlayerError;

    /// `random`, `alphabeta:D` or `mcts:N` (counts only: time budgets are not reproducible).
    fn from_str(s: &str) -> Result<Player, ParsePlayerError> {
        match agents::parse_agent_spec(s)? {
            agents::AgentSpec::Random => Ok(Player::Random),
            agents::AgentSpec::AlphaBeta(agents::Budget::Count(d)) => {
                Ok(Player::AlphaBeta { depth: d as u32 })
            }
            agents::AgentSpec::Mcts(agents::Budget::Count(n)) => Ok(Player::Mcts { iterations: n }),
            _ => Err(ParsePlayerError::NotRated {
                text: s.to_string(),
            }),
        }
    }
}

/// The three pairings a rating plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pairing {
    /// The strong player against itself: decisiveness, balance, lengths, piece usefulness.
    Equal,
    /// The strong player against the weak one, sides alternating: the skill gradient.
    Gradient,
    /// The strong player against the random player, sides alternating: strategy.
    Strategy,
}

impl Pairing {
    pub const ALL: [Pairing; 3] = [Pairing::Equal, Pairing::Gradient, Pairing::Strategy];

    pub fn index(self) -> u64 {
        match self {
            Pairing::Equal => 0,
            Pairing::Gradient => 1,
            Pairing::Strategy => 2,
        }
    }
}

/// Thresholds of a good game (the done-when of issue 16; all shares in `0..=1`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// Share of non-drawn games between equal players, at least.
    pub decisive: f64,
    /// First player's share of the decisive equal games, within `[lo, hi]`.
    pub balance: (f64, f64),
    /// Share of the gradient games the stronger player wins, at least.
    pub skill: f64,
    /// A piece type making fewer than this share of the moves is flagged as (nearly) unused.
    pub piece_use: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Thresholds {
            decisive: 0.6,
            balance: (0.35, 0.65),
            skill: 0.75,
            piece_use: 0.02,
        }
    }
}

/// Everything a rating depends on; the report is a function of these options and the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RateOptions {
    pub seed: u64,
    /// Games of each pairing: equal players, stronger vs weaker, search vs random.
    pub equal_games: u32,
    pub gradient_games: u32,
    pub strategy_games: u32,
    /// The equal players and the stronger one.
    pub strong: Player,
    /// The weaker player of the gradient pairing.
    pub weak: Player,
    /// Uniformly random moves at the start of every game (both sides), so games differ.
    pub opening_plies: u32,
    /// A game stops unfinished (a draw) after this many moves; SBG games end at their own turn
    /// limit first.
    pub max_length: u64,
    /// Transposition table of the alpha-beta players: `2^tt_bits` entries.
    pub tt_bits: u32,
    pub thresholds: Thresholds,
}

impl Default for RateOptions {
    fn default() -> Self {
        RateOptions {
            seed: 1,
            equal_games: 40,
            gradient_games: 40,
            strategy_games: 20,
            strong: Player::AlphaBeta { depth: 3 },
            weak: Player::AlphaBeta { depth: 1 },
            opening_plies: 2,
            max_length: 1000,
            tt_bits: 14,
            thresholds: Thresholds::default(),
        }
    }
}

impl RateOptions {
    pub fn games(&self, p: Pairing) -> u32 {
        match p {
            Pairing::Equal => self.equal_games,
            Pairing::Gradient => self.gradient_games,
            Pairing::Strategy => self.strategy_games,
        }
    }

    /// The two players of a pairing: `[A, B]`, A being the strong player.
    pub fn players(&self, p: Pairing) -> [Player; 2] {
        match p {
            Pairing::Equal => [self.strong, self.strong],
            Pairing::Gradient => [self.strong, self.weak],
            Pairing::Strategy => [self.strong, Player::Random],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse_or_say_why_not() {
        assert_eq!("mcts:200".parse(), Ok(Player::Mcts { iterations: 200 }));
        assert_eq!(
            "mcts:2s".parse::<Player>(),
            Err(ParsePlayerError::NotRated {
                text: "mcts:2s".into()
            })
        );
        assert!(matches!(
            "minimax".parse::<Player>(),
            Err(ParsePlayerError::Spec(agents::SpecError::Unknown { .. }))
        ));
        let why = "human".parse::<Player>().unwrap_err().to_string();
        assert!(
            why.starts_with("`human`: rating players are random"),
            "{why}"
        );
    }
}
