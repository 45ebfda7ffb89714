//! A game manager: runs one match between players it reaches through a [`Transport`] (HTTP in
//! the CLI, direct calls in tests). It sends `start` to every player, then each turn `play`
//! with the previous joint move, checks every reply against the rules and replaces a reply
//! that is malformed, illegal, late or missing by a random legal move of that role (logged,
//! as ggp-base's manager does), until the game ends; then `stop`, and the goals.

use crate::rules::RulesError;
use crate::sexp::{parse_one, SexpError};
use game::{GameState, Rng};
use rand::Rng as _;
use std::time::Duration;

/// Why a transport got no reply (late, connection closed, …): each transport has its own
/// reasons, and the manager only logs them.
pub type TransportError = Box<dyn std::error::Error + Send + Sync>;

/// Why a match cannot be run.
#[derive(Debug, thiserror::Error)]
pub enum ManagerError {
    /// The rules' text is no list of s-expressions.
    #[error(transparent)]
    Syntax(#[from] SexpError),
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The referee refused the joint move of the players' replies (or their substitutes).
    #[error("turn {turn}: {error}")]
    Move {
        turn: u64,
        #[source]
        error: game::MoveError,
    },
    /// The referee's engine exceeded a budget (the message names it).
    #[error("{0}")]
    Budget(String),
}

/// Why a reply to `play` is replaced by a random legal move.
#[derive(Debug, thiserror::Error)]
enum BadReply {
    #[error(transparent)]
    Missing(TransportError),
    #[error(transparent)]
    Malformed(#[from] SexpError),
    #[error("the illegal move `{0}`")]
    Illegal(String),
}

/// Sends messages to the players.
pub trait Transport {
    /// Sends each `(player, message)` (at once, where the transport can) and waits at most
    /// `clock` for the replies, in the same order: a reply's text, or why there is none
    /// (late, connection closed, …).
    fn exchange(
        &mut self,
        messages: &[(usize, String)],
        clock: Duration,
    ) -> Vec<Result<String, TransportError>>;
}

/// How a match is run.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    pub id: String,
    /// Seconds for `start` and for each `play`.
    pub start_clock: u64,
    pub play_clock: u64,
    /// The match stops, unfinished, after this many turns.
    pub max_turns: u64,
    /// Seeds the random moves that replace bad replies.
    pub seed: u64,
}

/// What happened in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchLog {
    pub roles: Vec<String>,
    /// Each turn's move in the engine's notation (the joint move, or the chooser's term):
    /// a game record's moves, replayable with `rbgtool replay`.
    pub moves: Vec<String>,
    /// Goals at the end; `None` when the match stopped unfinished.
    pub goals: Option<Vec<i64>>,
    /// One line per substituted reply or other incident (a player not `ready`).
    pub incidents: Vec<String>,
    /// Replies to `play` replaced by a random legal move.
    pub replaced: usize,
}

/// The rules' text as a `start` message carries them: every top-level expression of `rules`.
fn rules_list(rules: &str) -> Result<String, SexpError> {
    let items = crate::sexp::parse_all(rules)?;
    let items: Vec<String> = items.iter().map(ToString::to_string).collect();
    Ok(format!("({})", items.join(" ")))
}

/// The rules as the players read them (lower case, as a `start` message carries them), built
/// into the referee's engine; and that list's text.
fn referee(rules: &str) -> Result<(gdl::Engine, String), ManagerError> {
    let listed = rules_list(rules)?;
    let text = listed
        .strip_prefix('(')
        .and_then(|t| t.strip_suffix(')'))
        .unwrap_or_default();
    let engine = crate::rules::engine(text)?;
    Ok((engine, listed))
}

/// The roles of `rules` (KIF), in order, or why the rules cannot be played.
pub fn roles(rules: &str) -> Result<Vec<String>, ManagerError> {
    Ok(referee(rules)?.0.player_names())
}

/// Runs a match of `rules` (KIF) with player `r` playing role `r` (as many players as roles).
pub fn run_match(
    rules: &str,
    spec: &MatchSpec,
    transport: &mut dyn Transport,
) -> Result<MatchLog, ManagerError> {
    let (mut referee, listed) = referee(rules)?;
    let roles = referee.player_names();
    let mut rng: Rng = game::rng_from_seed(spec.seed);
    let mut log = MatchLog {
        roles: roles.clone(),
        moves: Vec::new(),
        goals: None,
        incidents: Vec::new(),
        replaced: 0,
    };
    let start: Vec<(usize, String)> = roles
        .iter()
        .enumerate()
        .map(|(r, role)| {
            let m = format!(
                "(start {} {role} {listed} {} {})",
                spec.id, spec.start_clock, spec.play_clock
            );
            (r, m)
        })
        .collect();
    let clock = |s: u64| Duration::from_secs(s);
    for (r, reply) in transport
        .exchange(&start, clock(spec.start_clock))
        .into_iter()
        .enumerate()
    {
        match reply {
            Ok(t) if t.trim().eq_ignore_ascii_case("ready") => {}
            Ok(t) => log
                .incidents
                .push(format!("start: {} replied `{}`", roles[r], t.trim())),
            Err(e) => log.incidents.push(format!("start: {}: {e}", roles[r])),
        }
    }
    let mut previous = "nil".to_string();
    let mut turn = 0u64;
    let finished = loop {
        if referee.is_terminal() {
            break true;
        }
        if turn >= spec.max_turns {
            break false;
        }
        turn += 1;
        let legal = referee.legal_texts();
        let play: Vec<(usize, String)> = (0..roles.len())
            .map(|r| (r, format!("(play {} {previous})", spec.id)))
            .collect();
        let replies = transport.exchange(&play, clock(spec.play_clock));
        let mut chosen = Vec::with_capacity(roles.len());
        for (r, reply) in replies.into_iter().enumerate() {
            let own = legal.get(r).cloned().unwrap_or_default();
            let read = reply.map_err(BadReply::Missing).and_then(|t| {
                let term = parse_one(&t)?.to_string();
                if own.contains(&term) {
                    Ok(term)
                } else {
                    Err(BadReply::Illegal(term))
                }
            });
            let term = match read {
                Ok(term) => term,
                Err(e) => {
                    let pick = own
                        .get(rng.random_range(0..own.len().max(1)))
                        .cloned()
                        .unwrap_or_default();
                    log.incidents.push(format!(
                        "turn {turn}: {}: {e}; played `{pick}` instead",
                        roles[r]
                    ));
                    log.replaced += 1;
                    pick
                }
            };
            chosen.push(term);
        }
        let mv = referee
            .move_from_text(&chosen.join(" | "))
            .map_err(|error| ManagerError::Move { turn, error })?;
        log.moves.push(referee.move_to_text(&mv));
        referee.apply(&mv);
        previous = format!("({})", chosen.join(" "));
    };
    if let Some(e) = referee.budget_error() {
        return Err(ManagerError::Budget(e));
    }
    let stop: Vec<(usize, String)> = (0..roles.len())
        .map(|r| (r, format!("(stop {} {previous})", spec.id)))
        .collect();
    let _ = transport.exchange(&stop, clock(spec.play_clock));
    log.goals = finished.then(|| referee.scores());
    Ok(log)
}
