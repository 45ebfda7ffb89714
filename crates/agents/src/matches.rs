//! Matches between two agents: a series of games from the same start state, with wins, draws
//! and losses per agent and per side, lengths and thinking time, serialisable for `--json`.
//!
//! At a simultaneous turn ([`GameState::simultaneous_moves`]) the agent seated at each role
//! with a choice is asked for that role's own move ([`Agent::choose_own`]) on the same state,
//! the joint move is composed from the answers, every agent is told it
//! ([`Agent::turn_played`]), and it counts as one move of the game (one entry of a record).

use crate::{mover, score_margin, Agent};
use game::GameState;
use serde::Serialize;
use std::fmt;
use std::time::Instant;

/// How a match is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MatchOptions {
    pub games: u32,
    /// Game `i` gives each agent its own RNG seeded from `(seed, i, agent)`.
    pub seed: u64,
    /// A game stops after this many moves, unfinished (counted as a draw).
    pub max_length: u64,
    /// Agents swap sides after every game (agent 0 starts as the first player).
    pub alternate: bool,
}

impl Default for MatchOptions {
    /// One game, seed 0, at most 1000 moves, fixed sides.
    fn default() -> Self {
        MatchOptions {
            games: 1,
            seed: 0,
            max_length: 1000,
            alternate: false,
        }
    }
}

/// Wins, draws and losses from one point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Wins plus half the draws, over the games (0 without games).
    pub fn score_rate(&self) -> f64 {
        let g = self.games();
        if g == 0 {
            0.0
        } else {
            (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(g)
        }
    }

    fn add(&mut self, margin: i64) {
        match margin.signum() {
            1 => self.wins += 1,
            0 => self.draws += 1,
            _ => self.losses += 1,
        }
    }
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    pub game: u32,
    /// `seats[p]` is the agent (0 or 1) that played player `p`.
    pub seats: [usize; 2],
    /// Final scores per player (player order of the game).
    pub scores: Vec<i64>,
    /// Moves played.
    pub length: u64,
    /// False when the game hit `max_length` (then it counts as a draw whatever the scores).
    pub finished: bool,
    /// The agent that won, if any.
    pub winner: Option<usize>,
}

/// The results of a match.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReport {
    pub agents: [String; 2],
    pub players: Vec<String>,
    pub options: MatchOptions,
    /// Results of each agent over all its games.
    pub per_agent: [Tally; 2],
    /// Results of each side (player 0, player 1) whoever played it.
    pub per_side: [Tally; 2],
    /// `per_agent_side[a][p]`: agent `a`'s results when playing player `p`.
    pub per_agent_side: [[Tally; 2]; 2],
    pub unfinished: u32,
    /// Mean number of moves per game.
    pub average_length: f64,
    /// Moves chosen by each agent (own moves at simultaneous turns) and the time spent
    /// choosing them.
    pub moves: [u64; 2],
    pub seconds: [f64; 2],
    /// Mean thinking time per move of each agent, in milliseconds.
    pub ms_per_move: [f64; 2],
    pub results: Vec<GameResult>,
    /// Stopped before `options.games` games (e.g. Ctrl-C): the tallies cover `results` only.
    pub interrupted: bool,
}

/// Plays `games` games with agent 0 as the first player and agent 1 as the second; `g` is the
/// start state and is left as it was. See [`play_match_with`].
pub fn play_match<G: GameState>(
    g: &mut G,
    agents: [&mut dyn Agent<G>; 2],
    games: u32,
    seed: u64,
    max_length: u64,
) -> MatchReport {
    let options = MatchOptions {
        games,
        seed,
        max_length,
        alternate: false,
    };
    play_match_with(g, agents, &options)
}

fn game_rng(seed: u64, game: u32, agent: usize) -> game::Rng {
    let salt = (u64::from(game) << 1 | agent as u64).wrapping_add(1);
    game::rng_from_seed(seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Plays a match of two-player games. Panics if an agent returns no move or an illegal one at a
/// non-terminal state (an agent bug).
pub fn play_match_with<G: GameState>(
    g: &mut G,
    agents: [&mut dyn Agent<G>; 2],
    options: &MatchOptions,
) -> MatchReport {
    play_match_observed(g, agents, options, &mut |_| {})
}

/// [`play_match_with`], calling `on_game` after every game (for a progress bar).
pub fn play_match_observed<G: GameState>(
    g: &mut G,
    agents: [&mut dyn Agent<G>; 2],
    options: &MatchOptions,
    on_game: &mut dyn FnMut(&GameResult),
) -> MatchReport {
    play_match_recorded(g, agents, options, false, &mut |r, _| on_game(r))
}

/// [`play_match_observed`]; with `record`, `on_game` also gets the moves of the game in
/// notation ([`GameState::move_to_text`]), otherwise an empty list.
pub fn play_match_recorded<G: GameState>(
    g: &mut G,
    agents: [&mut dyn Agent<G>; 2],
    options: &MatchOptions,
    record: bool,
    on_game: &mut dyn FnMut(&GameResult, &[String]),
) -> MatchReport {
    play_match_until(g, agents, options, record, on_game, &|| false)
}

/// [`play_match_recorded`] that starts no further game once `stop` returns true (checked
/// before each game): the report covers the games finished and says it was interrupted.
pub fn play_match_until<G: GameState>(
    g: &mut G,
    agents: [&mut dyn Agent<G>; 2],
    options: &MatchOptions,
    record: bool,
    on_game: &mut dyn FnMut(&GameResult, &[String]),
    stop: &dyn Fn() -> bool,
) -> MatchReport {
    let mut report = MatchReport {
        agents: [agents[0].name(), agents[1].name()],
        players: g.player_names(),
        options: *options,
        per_agent: Default::default(),
        per_side: Default::default(),
        per_agent_side: Default::default(),
        unfinished: 0,
        average_length: 0.0,
        moves: [0; 2],
        seconds: [0.0; 2],
        ms_per_move: [0.0; 2],
        results: Vec::new(),
        interrupted: false,
    };
    let mut total_length = 0u64;
    let [a0, a1] = agents;
    for i in 0..options.games {
        if stop() {
            report.interrupted = true;
            break;
        }
        let played = play_game(g, [&mut *a0, &mut *a1], options, i, record);
        let (seats, scores, finished) = (
            played.result.seats,
            &played.result.scores,
            played.result.finished,
        );
        for a in 0..2 {
            report.moves[a] += played.moves[a];
            report.seconds[a] += played.seconds[a];
        }
        let margins: [i64; 2] =
            std::array::from_fn(|p| if finished { score_margin(scores, p) } else { 0 });
        for p in 0..2 {
            report.per_side[p].add(margins[p]);
            report.per_agent[seats[p]].add(margins[p]);
            report.per_agent_side[seats[p]][p].add(margins[p]);
        }
        report.unfinished += u32::from(!finished);
        total_length += played.result.length;
        report.results.push(played.result);
        on_game(
            report.results.last().expect("just pushed"),
            &played.notation,
        );
    }
    if !report.results.is_empty() {
        report.average_length = total_length as f64 / report.results.len() as f64;
    }
    for a in 0..2 {
        if report.moves[a] > 0 {
            report.ms_per_move[a] = report.seconds[a] * 1000.0 / report.moves[a] as f64;
        }
    }
    report
}

/// One game as played: its result, the moves each agent chose and the seconds it spent.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    pub result: GameResult,
    pub moves: [u64; 2],
    pub seconds: [f64; 2],
    /// The moves in notation when recorded, otherwise empty.
    pub notation: Vec<String>,
}

/// Game `i` of a match with `options` (its seats and its agents' RNGs), on its own: a match is
/// these games in order, so games played separately by fresh agents (a tournament's tasks) are
/// those of matches whose agents keep nothing between games. `g` is the start state and is left
/// as it was. Panics if an agent returns no move or an illegal one at a non-terminal state.
pub fn play_game<G: GameState>(
    g: &mut G,
    mut agents: [&mut dyn Agent<G>; 2],
    options: &MatchOptions,
    i: u32,
    record: bool,
) -> PlayedGame {
    let seats = if options.alternate && i % 2 == 1 {
        [1, 0]
    } else {
        [0, 1]
    };
    let mut rngs = [game_rng(options.seed, i, 0), game_rng(options.seed, i, 1)];
    let (mut moves_of, mut seconds) = ([0u64; 2], [0.0f64; 2]);
    let mut moves = Vec::new();
    let mut length = 0u64;
    let mut finished = false;
    let mut notation = Vec::new();
    // The player who made each move so far (`usize::MAX`: a simultaneous turn's), so that a
    // take-back knows how far to go.
    let mut by_player: Vec<usize> = Vec::new();
    loop {
        g.legal_moves(&mut moves);
        if moves.is_empty() {
            finished = true;
            break;
        }
        if length >= options.max_length {
            break;
        }
        let mv = if let Some(counts) = g.simultaneous_moves() {
            // Every role with a choice is asked on this same state; the joint move is made
            // once all have answered, so none sees another's choice of this turn.
            let mut choices = vec![0; counts.len()];
            for (role, &count) in counts.iter().enumerate() {
                if count < 2 {
                    continue;
                }
                let a = seats[role % 2];
                let start = Instant::now();
                let own = agents[a].choose_own(g, role, &mut rngs[a]);
                seconds[a] += start.elapsed().as_secs_f64();
                moves_of[a] += 1;
                let own = own.unwrap_or_else(|| {
                    panic!(
                        "agent {} returned no move for role {role}",
                        agents[a].name()
                    )
                });
                assert!(
                    own < count,
                    "agent {} returned own move {own} of role {role}, which has {count}",
                    agents[a].name()
                );
                choices[role] = own;
            }
            let mv = g
                .joint_move(&choices)
                .unwrap_or_else(|| panic!("the engine composed no joint move of {choices:?}"));
            for agent in agents.iter_mut() {
                agent.turn_played(g, &mv);
            }
            by_player.push(usize::MAX);
            mv
        } else {
            let player = mover(g);
            let a = seats[player % 2];
            let start = Instant::now();
            let mv = agents[a].choose(g, &mut rngs[a]);
            seconds[a] += start.elapsed().as_secs_f64();
            if mv.is_none() && agents[a].wants_take_back() {
                let back = plies_to_take_back(&by_player, player);
                for _ in 0..back {
                    g.undo();
                    by_player.pop();
                    notation.pop();
                }
                length -= back as u64;
                continue;
            }
            let mv = mv.unwrap_or_else(|| panic!("agent {} returned no move", agents[a].name()));
            moves_of[a] += 1;
            by_player.push(player);
            assert!(
                moves.contains(&mv),
                "agent {} returned the illegal move {}",
                agents[a].name(),
                g.move_text(&mv)
            );
            mv
        };
        if record {
            notation.push(g.move_to_text(&mv));
        }
        g.apply(&mv);
        length += 1;
    }
    let scores = g.scores();
    for agent in agents.iter_mut() {
        agent.game_over(g);
    }
    for _ in 0..length {
        g.undo();
    }
    let margins: [i64; 2] = std::array::from_fn(|p| {
        if finished {
            score_margin(&scores, p)
        } else {
            0
        }
    });
    let winner = (0..2).find(|&p| margins[p] > 0).map(|p| seats[p]);
    PlayedGame {
        result: GameResult {
            game: i,
            seats,
            scores,
            length,
            finished,
            winner,
        },
        moves: moves_of,
        seconds,
        notation,
    }
}

/// How many of the last moves to take back so that `player`'s last move is undone and
/// `player` is to move again: back to and including its last move (0 when it has made none).
/// The moves of a simultaneous turn are nobody's, so a take-back stops before them.
fn plies_to_take_back(by_player: &[usize], player: usize) -> usize {
    let mut back = 0;
    for &p in by_player.iter().rev() {
        if p == usize::MAX {
            return 0;
        }
        back += 1;
        if p == player {
            return back;
        }
    }
    0
}

impl fmt::Display for MatchReport {
    /// The results table: one row per agent and side it played, then totals per agent when the
    /// sides alternate.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side_name = |p: usize| {
            self.players
                .get(p)
                .cloned()
                .unwrap_or_else(|| format!("player {p}"))
        };
        let width = self
            .agents
            .iter()
            .map(String::len)
            .max()
            .unwrap_or(5)
            .max(5);
        writeln!(
            f,
            "{:<width$}  {:<8} {:>5} {:>5} {:>5} {:>6} {:>7} {:>10}",
            "agent", "side", "games", "wins", "draws", "losses", "score", "ms/move"
        )?;
        let row = |f: &mut fmt::Formatter<'_>, a: usize, side: &str, t: &Tally| {
            writeln!(
                f,
                "{:<width$}  {:<8} {:>5} {:>5} {:>5} {:>6} {:>6.1}% {:>10.3}",
                self.agents[a],
                side,
                t.games(),
                t.wins,
                t.draws,
                t.losses,
                100.0 * t.score_rate(),
                self.ms_per_move[a]
            )
        };
        for a in 0..2 {
            for p in 0..2 {
                let t = &self.per_agent_side[a][p];
                if t.games() > 0 {
                    row(f, a, &side_name(p), t)?;
                }
            }
            if self.options.alternate {
                row(f, a, "all", &self.per_agent[a])?;
            }
        }
        if self.interrupted {
            write!(
                f,
                "interrupted: {} of {} games played; ",
                self.results.len(),
                self.options.games
            )?;
        }
        writeln!(
            f,
            "{}, average length {:.1} moves, {} unfinished (max length {}), seed {}",
            game::text::counted(self.results.len(), "game"),
            self.average_length,
            self.unfinished,
            self.options.max_length,
            self.options.seed
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Random;

    #[test]
    fn a_take_back_goes_to_the_seats_last_move() {
        assert_eq!(plies_to_take_back(&[0, 1, 0, 1], 0), 2);
        assert_eq!(plies_to_take_back(&[0, 1, 0, 1], 1), 1);
        assert_eq!(plies_to_take_back(&[], 0), 0);
        assert_eq!(plies_to_take_back(&[usize::MAX, 0, 1], 0), 2);
        assert_eq!(plies_to_take_back(&[0, usize::MAX, 1], 0), 0);
    }

    /// Plays its first legal move; on its third turn asks to take back instead.
    struct Undoer {
        turns: usize,
    }

    impl<G: GameState> Agent<G> for Undoer {
        fn name(&self) -> String {
            "undoer".into()
        }

        fn choose(&mut self, state: &mut G, _rng: &mut game::Rng) -> Option<G::Move> {
            self.turns += 1;
            let mut legal = Vec::new();
            state.legal_moves(&mut legal);
            (self.turns != 3).then(|| legal.swap_remove(0))
        }

        fn choose_own(&mut self, _: &mut G, _: usize, _: &mut game::Rng) -> Option<usize> {
            Some(0)
        }

        fn wants_take_back(&mut self) -> bool {
            self.turns == 3
        }
    }

    #[test]
    fn a_game_goes_on_from_the_position_taken_back_to() {
        let text = "<<Tiny>>\n<BOARD>\n3 4\n|ppp|\n|...|\n|...|\n|PPP|\n<PIECES>\n\
                    P (0,1,e) + (-1,1,e) + (1,1,e) + (-1,1,p) + (1,1,p) &\n\
                    <GOALS>\n20 &\n@P 0 3, 1 3, 2 3 &\n";
        let game = sbg::parse(text).unwrap().0;
        let mut e = sbg::Engine::new(&game).unwrap();
        let start = e.state_hash();
        let mut undoer = Undoer { turns: 0 };
        let mut random = Random;
        let options = MatchOptions {
            max_length: 5,
            ..MatchOptions::default()
        };
        let played = play_game(&mut e, [&mut undoer, &mut random], &options, 0, true);
        // u1 r1 u2 r2, then r2 and u2 taken back, u3 r3 u4 (no side can win sooner): five
        // moves on the board, four chosen by the undoer (asked five times), three by random.
        assert_eq!(played.result.length, 5);
        assert_eq!(played.notation.len(), 5);
        assert_eq!(played.moves, [4, 3]);
        assert_eq!(undoer.turns, 5);
        assert_eq!(e.state_hash(), start, "the start state is restored");
    }
}
