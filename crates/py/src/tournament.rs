//! Agent tournaments: every pair of agents plays a match of `games` games, sides alternating.
//! Each game is one job played by freshly built agents ([`agents::play_game`]), a pure function
//! of the game and the job, so the jobs may run anywhere (Ray tasks, `python/rbgtool/ray.py`)
//! and the tournament equals the single-process one. Pair `k` (pairs in the order (0,1), (0,2),
//! …, (1,2), …) plays the games of `rbgtool play --white A --black B --alternate --seed SEED+k`.
//! Jobs and outcomes cross to Python as JSON strings that it passes on without reading.

use crate::api::{Game, Kind};
use crate::engine::{EngineError, GdlBackend, RbgBackend};
use crate::errors;
use ::agents::{AgentSpec, MatchOptions, Tally};
use game::GameState;
use pyo3::prelude::*;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// Most games per pair and longest game (the CLI's limits).
const MAX_GAMES: u32 = 1_000_000;
const MAX_LENGTH: u64 = 10_000_000;

/// One game of the tournament.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Job {
    pub pair: usize,
    /// The tournament's agents playing this pair's match (its agent 0 and agent 1).
    pub agents: [usize; 2],
    pub specs: [String; 2],
    /// The pair's match seed and this game's number in it.
    pub seed: u64,
    pub game: u32,
    pub max_length: u64,
}

/// What a job's game gave.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Outcome {
    pub pair: usize,
    pub game: u32,
    /// `seats[p]`: the tournament agent that played player `p`.
    pub seats: [usize; 2],
    pub scores: Vec<i64>,
    pub length: u64,
    pub finished: bool,
    /// The tournament agent that won, if any.
    pub winner: Option<usize>,
    /// Seconds each seat's agent spent choosing.
    pub seconds: [f64; 2],
}

fn parse_specs(specs: &[String]) -> PyResult<Vec<AgentSpec>> {
    specs
        .iter()
        .map(|s| match ::agents::parse_agent_spec(s) {
            Ok(AgentSpec::Human) => Err("`human` cannot play in a tournament".to_string()),
            other => other.map_err(|e| e.to_string()),
        })
        .collect::<Result<_, _>>()
        .map_err(pyo3::exceptions::PyValueError::new_err)
}

/// Every game of the tournament, pair by pair.
pub fn plan(specs: &[String], games: u32, seed: u64, max_length: u64) -> Vec<Job> {
    let mut jobs = Vec::new();
    let mut pair = 0;
    for a in 0..specs.len() {
        for b in a + 1..specs.len() {
            for game in 0..games {
                jobs.push(Job {
                    pair,
                    agents: [a, b],
                    specs: [specs[a].clone(), specs[b].clone()],
                    seed: seed.wrapping_add(pair as u64),
                    game,
                    max_length,
                });
            }
            pair += 1;
        }
    }
    jobs
}

/// Why a job's game is not played: its engine or an agent cannot be built.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A spec of the job does not parse (a job made elsewhere than [`plan`]).
    #[error(transparent)]
    Spec(#[from] ::agents::SpecError),
    #[error(transparent)]
    Agent(#[from] ::agents::BuildError),
}

/// Python sees a job's error as `GameError` with its message, as when it was a string.
impl From<JobError> for PyErr {
    fn from(e: JobError) -> PyErr {
        errors::message(e.to_string())
    }
}

/// Builds an agent from its spec.
type BuildAgent<'a, G> =
    dyn Fn(&AgentSpec) -> Result<Box<dyn ::agents::Agent<G>>, ::agents::BuildError> + 'a;

/// Plays one job on `g` with agents built by `build` (fresh for this game).
fn play_on<G: GameState>(
    g: &mut G,
    job: &Job,
    build: &BuildAgent<'_, G>,
) -> Result<Outcome, JobError> {
    let specs: Vec<AgentSpec> = job
        .specs
        .iter()
        .map(|s| ::agents::parse_agent_spec(s))
        .collect::<Result<_, _>>()?;
    let (mut a, mut b) = (build(&specs[0])?, build(&specs[1])?);
    let options = MatchOptions {
        games: job.game + 1,
        seed: job.seed,
        max_length: job.max_length,
        alternate: true,
    };
    let played = ::agents::play_game(g, [a.as_mut(), b.as_mut()], &options, job.game, false);
    let r = played.result;
    Ok(Outcome {
        pair: job.pair,
        game: job.game,
        seats: r.seats.map(|s| job.agents[s]),
        scores: r.scores,
        length: r.length,
        finished: r.finished,
        winner: r.winner.map(|s| job.agents[s]),
        seconds: r.seats.map(|s| played.seconds[s]),
    })
}

/// Plays one job with the engines of `kind` (as `rbgtool play`: the SBG heuristic for SBG games,
/// mobility elsewhere).
pub fn play_job(kind: &Kind, job: &Job) -> Result<Outcome, JobError> {
    match kind {
        Kind::Sbg(g) => {
            let mut e = sbg::Engine::new(g).map_err(EngineError::from)?;
            play_on(&mut e, job, &|s| s.build_sbg(g))
        }
        Kind::Rbg { reasoner, ids, .. } => {
            let mut s = RbgBackend::new(reasoner, ids)?;
            play_on(&mut s, job, &|s| s.build_generic())
        }
        Kind::Gdl(d) => {
            let mut e = GdlBackend::new(d)?;
            play_on(&mut e, job, &|s| s.build_generic())
        }
    }
}

/// One pair's match: the wins of each of its agents and the draws.
#[derive(Serialize)]
struct PairResult {
    agents: [usize; 2],
    seed: u64,
    wins: [u32; 2],
    draws: u32,
}

/// Results per agent and per pair, and every game, as JSON. An outcome whose winner is not
/// one of its job's agents (a faulty `play_batch`) is an error.
fn report(
    game: &Game,
    specs: &[String],
    jobs: &[Job],
    outcomes: &[Outcome],
) -> PyResult<serde_json::Value> {
    let mut standings = vec![Tally::default(); specs.len()];
    let mut pairs: Vec<PairResult> = Vec::new();
    for (job, o) in jobs.iter().zip(outcomes) {
        if job.game == 0 {
            pairs.push(PairResult {
                agents: job.agents,
                seed: job.seed,
                wins: [0, 0],
                draws: 0,
            });
        }
        let Some(p) = pairs.last_mut() else { continue };
        let [a, b] = job.agents;
        match o.winner {
            None => {
                p.draws += 1;
                standings[a].draws += 1;
                standings[b].draws += 1;
            }
            Some(w) if w == a || w == b => {
                let (side, loser) = if w == a { (0, b) } else { (1, a) };
                p.wins[side] += 1;
                standings[w].wins += 1;
                standings[loser].losses += 1;
            }
            Some(w) => {
                return Err(errors::message(format!(
                    "game {} of pair {}: the winner {w} is not one of its agents",
                    job.game, job.pair
                )))
            }
        }
    }
    let standings: Vec<serde_json::Value> = specs
        .iter()
        .zip(&standings)
        .map(|(s, t)| {
            serde_json::json!({
                "agent": s, "games": t.games(), "wins": t.wins, "draws": t.draws,
                "losses": t.losses, "score": t.score_rate()
            })
        })
        .collect();
    let players = game.player_names()?;
    Ok(serde_json::json!({
        "agents": specs,
        "players": players,
        "standings": standings,
        "pairs": pairs,
        "results": outcomes,
    }))
}

/// A round-robin tournament: every pair of `agents` (specs such as `random`, `mcts:200`,
/// `alphabeta:2`) plays `games` games, sides alternating. Without `play_batch` the games run on
/// Rust threads with the GIL released; with it, the job list goes to
/// `play_batch(jobs: list[str]) -> list[str]` (JSON outcomes of `tournament_game`, in order),
/// which the Ray layer spreads over a cluster. Returns the report as JSON.
#[pyfunction]
#[pyo3(signature = (game, agents, games, seed=1, max_length=10_000, play_batch=None))]
pub fn tournament(
    py: Python<'_>,
    game: PyRef<'_, Game>,
    agents: Vec<String>,
    games: u32,
    seed: u64,
    max_length: u64,
    play_batch: Option<Py<PyAny>>,
) -> PyResult<String> {
    if agents.len() < 2 {
        return Err(value_err("a tournament needs at least two agents".into()));
    }
    if !(1..=MAX_GAMES).contains(&games) || !(1..=MAX_LENGTH).contains(&max_length) {
        return Err(value_err(format!(
            "games must lie in 1..={MAX_GAMES} and max_length in 1..={MAX_LENGTH}"
        )));
    }
    parse_specs(&agents)?;
    let jobs = plan(&agents, games, seed, max_length);
    let outcomes: Vec<Outcome> = match play_batch {
        None => {
            let kind = game.kind();
            py.detach(|| {
                jobs.par_iter()
                    .map(|j| play_job(kind, j))
                    .collect::<Result<_, _>>()
            })?
        }
        Some(f) => {
            let texts: Vec<String> = jobs
                .iter()
                .map(|j| serde_json::to_string(j).map_err(json_err))
                .collect::<PyResult<_>>()?;
            let back: Vec<String> = f.call1(py, (texts,))?.extract(py)?;
            if back.len() != jobs.len() {
                return Err(errors::message(
                    "play_batch returned a wrong number of results",
                ));
            }
            back.iter()
                .map(|t| serde_json::from_str(t).map_err(json_err))
                .collect::<PyResult<_>>()?
        }
    };
    serde_json::to_string(&report(&game, &agents, &jobs, &outcomes)?).map_err(json_err)
}

fn value_err(m: String) -> PyErr {
    pyo3::exceptions::PyValueError::new_err(m)
}

fn json_err(e: serde_json::Error) -> PyErr {
    errors::message(format!("bad tournament JSON: {e}"))
}

/// One tournament game (a JSON job of `tournament`'s `play_batch`), pure, with the GIL
/// released; returns the JSON outcome.
#[pyfunction]
pub fn tournament_game(py: Python<'_>, game: PyRef<'_, Game>, job: &str) -> PyResult<String> {
    let job: Job = serde_json::from_str(job).map_err(json_err)?;
    if job.max_length > MAX_LENGTH {
        return Err(errors::message("max_length above the limit"));
    }
    let kind = game.kind();
    let outcome = py.detach(|| play_job(kind, &job))?;
    serde_json::to_string(&outcome).map_err(json_err)
}
