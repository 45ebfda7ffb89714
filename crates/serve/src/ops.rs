//! What the playground does on a state. Each operation is an [`OnState`], so it is written
//! once for every engine; long ones check their [`Budget`] and stop early with what they have.

use crate::engine::{Game, OnState, Played};
use crate::error::ApiError;
use crate::limits::Budget;
use agents::{AgentSpec, Budget as Think};
use game::GameState;
use serde::Serialize;
use std::time::{Duration, Instant};

/// Legal moves listed at most (amazons has about 2000 in its first position).
pub const MOVES_SHOWN: usize = 5000;

/// The position as the page shows it.
#[derive(Serialize, Debug)]
pub struct View {
    pub players: Vec<String>,
    /// The player to move; `null` at the end, or when several roles move at once (GDL).
    pub player: Option<String>,
    pub terminal: bool,
    /// Scores in player order (the result when terminal).
    pub scores: Vec<i64>,
    /// Legal moves in notation, at most [`MOVES_SHOWN`]: the listing stops there (its work is
    /// bounded by what is shown), so `moves_more` says whether there are others.
    pub moves: Vec<String>,
    /// The number of moves listed (all of them unless `moves_more`).
    pub moves_total: usize,
    pub moves_more: bool,
    /// Whose turn, or the result, in words.
    pub status: String,
    /// The position text (docs/positions.md).
    pub position: String,
    /// The board drawn (RBG, SBG; GDL when the state has a board-like relation).
    pub svg: Option<String>,
    /// At a simultaneous turn (GDL), each role's own legal moves in notation (at most
    /// [`MOVES_SHOWN`] each); `null` at other turns. A player chooses from its role's list.
    pub own_moves: Option<Vec<Vec<String>>>,
    /// For each of `moves`, the squares of the picture it touches in order (from,
    /// intermediate, to: the targets of the SVG's `data-sq`); empty when it names none.
    pub squares: Vec<Vec<String>>,
    /// The squares of the last move played, for the page to mark; empty at the start.
    pub last: Vec<String>,
}

/// The view of the current state.
pub struct Look;

impl OnState for Look {
    type Out = View;
    fn run<G: Played>(self, state: &mut G, game: &Game) -> Result<View, ApiError> {
        Ok(view(state, game, None))
    }

    fn run_after<G: Played>(
        self,
        state: &mut G,
        game: &Game,
        last: Option<&G::Move>,
    ) -> Result<View, ApiError> {
        Ok(view(state, game, last))
    }
}

/// The view of the state `last` led to.
pub fn view<G: Played>(state: &mut G, game: &Game, last: Option<&G::Move>) -> View {
    let (listed, complete) = state.listed_moves(MOVES_SHOWN);
    let squares = state.squares(game, &listed.iter().map(|(m, _)| m).collect::<Vec<_>>());
    let moves: Vec<String> = listed.into_iter().map(|(_, t)| t).collect();
    let last = last
        .map(|m| state.squares(game, &[m]).swap_remove(0))
        .unwrap_or_default();
    let players = state.player_names();
    let moves_total = moves.len();
    View {
        squares,
        last,
        player: state
            .current_player()
            .filter(|_| moves_total > 0)
            .and_then(|p| players.get(p).cloned()),
        status: status_line(state, &players, moves_total, complete),
        terminal: moves_total == 0,
        scores: state.scores(),
        players,
        moves,
        moves_total,
        moves_more: !complete,
        position: state.position_text(),
        svg: state.picture(game),
        own_moves: own_moves(state),
    }
}

/// Each role's own moves at a simultaneous turn.
fn own_moves<G: GameState>(state: &mut G) -> Option<Vec<Vec<String>>> {
    let counts = state.simultaneous_moves()?;
    let lists = (0..counts.len())
        .map(|role| {
            (0..counts[role].min(MOVES_SHOWN))
                .map(|i| state.own_move_text(role, i).unwrap_or_default())
                .collect()
        })
        .collect();
    Some(lists)
}

fn status_line<G: GameState>(state: &G, names: &[String], moves: usize, all: bool) -> String {
    if moves == 0 {
        let scores: Vec<String> = names
            .iter()
            .zip(state.scores())
            .map(|(n, s)| format!("{n} {s}"))
            .collect();
        return format!("game over: {}", scores.join(", "));
    }
    let plural = if moves == 1 { "" } else { "s" };
    let moves = if all {
        moves.to_string()
    } else {
        format!("more than {moves}")
    };
    match state.current_player() {
        Some(p) => format!(
            "{} to move, {moves} legal move{plural}",
            names.get(p).map_or("?", String::as_str)
        ),
        None => format!("several players move at once, {moves} legal joint move{plural}"),
    }
}

/// Which agent answers, and how long it may think.
#[derive(Clone, Copy, Debug)]
pub enum AgentKind {
    Random,
    AlphaBeta,
    Mcts,
}

impl AgentKind {
    pub fn parse(name: &str) -> Result<AgentKind, ApiError> {
        match name {
            "random" => Ok(AgentKind::Random),
            "alphabeta" => Ok(AgentKind::AlphaBeta),
            "mcts" => Ok(AgentKind::Mcts),
            _ => Err(ApiError::invalid(format!(
                "unknown agent `{name}`: random, alphabeta or mcts"
            ))),
        }
    }

    /// The agent with a time budget per move (searches stop on time, so a request ends).
    fn spec(self, think: Duration) -> AgentSpec {
        match self {
            AgentKind::Random => AgentSpec::Random,
            AgentKind::AlphaBeta => AgentSpec::AlphaBeta(Think::Time(think)),
            AgentKind::Mcts => AgentSpec::Mcts(Think::Time(think)),
        }
    }
}

/// An agent chooses and plays a move; the answer is the move and the view after it. At a
/// simultaneous turn, `own` may give some roles' own moves (a person's choice): the agent
/// chooses the others', each from its role's own moves, never seeing the given ones.
pub struct AgentMove {
    pub kind: AgentKind,
    pub think: Duration,
    pub seed: u64,
    pub own: Option<Vec<Option<String>>>,
}

#[derive(Serialize, Debug)]
pub struct AgentAnswer {
    /// The move in notation, `null` when the game was over.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub view: View,
}

impl OnState for AgentMove {
    type Out = AgentAnswer;
    fn run<G: Played>(self, state: &mut G, game: &Game) -> Result<AgentAnswer, ApiError> {
        self.run_after(state, game, None)
    }

    /// The view marks the agent's move, or `last` when the game was over.
    fn run_after<G: Played>(
        self,
        state: &mut G,
        game: &Game,
        last: Option<&G::Move>,
    ) -> Result<AgentAnswer, ApiError> {
        let mut agent = G::agent(self.kind.spec(self.think), &game.loaded)
            .map_err(|e| ApiError::invalid(e.to_string()))?;
        let mut rng = game::rng_from_seed(self.seed);
        let chosen = match &self.own {
            None => agent.choose(state, &mut rng),
            Some(own) => Some(joint_with(state, own, &mut *agent, &mut rng)?),
        };
        let mv = chosen.as_ref().map(|mv| {
            let text = state.move_to_text(mv);
            state.apply(mv);
            text
        });
        Ok(AgentAnswer {
            mv,
            view: view(state, game, chosen.as_ref().or(last)),
        })
    }
}

/// The joint move of a simultaneous turn with the own moves `own` gives (by role, in
/// notation) and the agent's choice for the roles it leaves `None`.
fn joint_with<G: Played, A: agents::Agent<G> + ?Sized>(
    state: &mut G,
    own: &[Option<String>],
    agent: &mut A,
    rng: &mut game::Rng,
) -> Result<G::Move, ApiError> {
    let Some(counts) = state.simultaneous_moves() else {
        return Err(ApiError::invalid(
            "`own` moves are for simultaneous turns; this is not one",
        ));
    };
    if own.len() != counts.len() {
        return Err(ApiError::invalid(format!(
            "`own` has {} entries but the game has {} roles",
            own.len(),
            counts.len()
        )));
    }
    let names = state.player_names();
    let mut choices = vec![0; counts.len()];
    for (role, given) in own.iter().enumerate() {
        choices[role] = match given {
            Some(text) => game::own_moves_text(state, role)
                .iter()
                .position(|m| m == text)
                .ok_or_else(|| {
                    ApiError::invalid(format!(
                        "`{text}` is not a legal move of {} here",
                        names[role]
                    ))
                })?,
            None if counts[role] > 1 => agent
                .choose_own(state, role, rng)
                .ok_or_else(|| ApiError::internal("the agent chose no move"))?,
            None => 0,
        };
    }
    state
        .joint_move(&choices)
        .ok_or_else(|| ApiError::internal("the own moves make no joint move"))
}

/// A uniformly random playout from the state, its moves in notation.
pub struct Playout {
    pub seed: u64,
    pub max_length: usize,
    pub budget: Budget,
}

#[derive(Serialize, Debug)]
pub struct PlayoutAnswer {
    pub moves: Vec<String>,
    /// True when the playout reached the end of the game.
    pub finished: bool,
    pub scores: Vec<i64>,
}

impl OnState for Playout {
    type Out = PlayoutAnswer;
    fn run<G: Played>(self, state: &mut G, _: &Game) -> Result<PlayoutAnswer, ApiError> {
        use rand::Rng as _;
        let mut rng = game::rng_from_seed(self.seed);
        let mut played = Vec::new();
        let mut legal = Vec::new();
        let mut finished = false;
        while played.len() < self.max_length && self.budget.alive() {
            state.legal_moves(&mut legal);
            if legal.is_empty() {
                finished = true;
                break;
            }
            let mv = legal[rng.random_range(0..legal.len())].clone();
            played.push(state.move_to_text(&mv));
            state.apply(&mv);
        }
        Ok(PlayoutAnswer {
            moves: played,
            finished: finished || state.is_terminal(),
            scores: state.scores(),
        })
    }
}

/// Perft to a depth, stopped by the budget.
pub struct Perft {
    pub depth: u32,
    pub budget: Budget,
}

#[derive(Serialize, Debug)]
pub struct PerftAnswer {
    pub depth: u32,
    /// Leaves at `depth` (terminal states before it count as leaves, DESIGN.md §3), counted
    /// so far when `complete` is false.
    pub nodes: u64,
    pub complete: bool,
    pub seconds: f64,
}

impl OnState for Perft {
    type Out = PerftAnswer;
    fn run<G: Played>(self, state: &mut G, _: &Game) -> Result<PerftAnswer, ApiError> {
        let start = Instant::now();
        let mut nodes = 0;
        let complete = perft(state, self.depth, &self.budget, &mut nodes);
        Ok(PerftAnswer {
            depth: self.depth,
            nodes,
            complete,
            seconds: start.elapsed().as_secs_f64(),
        })
    }
}

/// Adds the leaves below `state` to `nodes`; false when the budget ended the count.
fn perft<G: GameState>(state: &mut G, depth: u32, budget: &Budget, nodes: &mut u64) -> bool {
    if depth == 0 {
        *nodes += 1;
        return *nodes & 4095 != 0 || budget.alive();
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if moves.is_empty() {
        *nodes += 1;
        return budget.alive();
    }
    for mv in &moves {
        state.apply(mv);
        let going = perft(state, depth - 1, budget, nodes);
        state.undo();
        if !going {
            return false;
        }
    }
    depth < 3 || budget.alive()
}

/// Random playouts for a while: the flat Monte-Carlo speed of this engine on this position.
pub struct Bench {
    pub time: Duration,
    pub seed: u64,
    pub budget: Budget,
}

#[derive(Serialize, Debug)]
pub struct BenchAnswer {
    pub playouts: u64,
    pub plies: u64,
    pub seconds: f64,
    pub playouts_per_second: f64,
}

impl OnState for Bench {
    type Out = BenchAnswer;
    fn run<G: Played>(self, state: &mut G, _: &Game) -> Result<BenchAnswer, ApiError> {
        let start = Instant::now();
        let mut rng = game::rng_from_seed(self.seed);
        let (mut playouts, mut plies) = (0, 0);
        while start.elapsed() < self.time && self.budget.alive() {
            let p = game::playout::random_playout(state, &mut rng, 10_000);
            playouts += 1;
            plies += p.length;
        }
        let seconds = start.elapsed().as_secs_f64();
        Ok(BenchAnswer {
            playouts,
            plies,
            seconds,
            playouts_per_second: playouts as f64 / seconds.max(1e-9),
        })
    }
}
