//! Agent specifications as written on the command line: `random`, `human`, `alphabeta:3`
//! (depth), `alphabeta:2s` (time), `mcts:1000` (iterations), `mcts:2s` / `mcts:500ms` (time).
//! A bare `alphabeta` is depth 3 and a bare `mcts` 1000 iterations.

use crate::alphabeta::{AlphaBeta, AlphaBetaOptions};
use crate::eval::{Heuristic, Mobility};
use crate::mcts::{Mcts, MctsOptions};
use crate::random::Random;
use crate::sbg_eval::{SbgHeuristic, SbgWeights};
use crate::Agent;
use game::GameState;
use std::fmt;
use std::time::Duration;

/// How much an agent may think per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// Depth (alpha-beta) or iterations (MCTS).
    Count(u64),
    /// Wall-clock time per move (results are then not reproducible).
    Time(Duration),
}

/// A parsed agent specification.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgentSpec {
    Random,
    /// A person at the terminal: the command line plays it, [`AgentSpec::build`] refuses it.
    Human,
    AlphaBeta(Budget),
    Mcts(Budget),
}

/// Largest alpha-beta depth accepted.
pub const MAX_DEPTH: u64 = 64;
/// Largest MCTS iteration count accepted per move (a tree that stops growing, as in a small
/// game, would otherwise let a huge count run for ever; longer searches take a time budget).
pub const MAX_ITERATIONS: u64 = 10_000_000;
const EXPECTED: &str =
    "expected random, human, alphabeta[:DEPTH|:TIME] or mcts[:ITERATIONS|:TIME], \
                        e.g. alphabeta:3, mcts:1000, mcts:2s, mcts:500ms";

/// Why a text is not an agent specification; `arg` is the budget as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("unknown agent `{name}` ({EXPECTED})")]
    Unknown { name: String },
    #[error("agent `{name}` takes no argument ({EXPECTED})")]
    TakesNoArgument { name: String },
    #[error("`{arg}` is not a time such as 2s or 500ms")]
    NotATime { arg: String },
    #[error("time `{arg}` must be positive and at most a day")]
    TimeOutOfRange { arg: String },
    #[error("`{arg}` is neither a number nor a time such as 2s or 500ms")]
    NotABudget { arg: String },
    #[error("the budget must be at least 1")]
    ZeroBudget,
    #[error("alpha-beta depth {depth} is above the limit {MAX_DEPTH}")]
    DepthTooLarge { depth: u64 },
    #[error("MCTS iterations {iterations} are above the limit {MAX_ITERATIONS} (use a time, e.g. mcts:60s)")]
    TooManyIterations { iterations: u64 },
}

/// Why a specification builds no agent.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    #[error("`human` is played by the command line, not by a library agent")]
    Human,
    /// The SBG heuristic could not be set up for the game.
    #[error(transparent)]
    Heuristic(#[from] sbg::BuildError),
}

fn parse_budget(arg: &str) -> Result<Budget, SpecError> {
    let time = |num: &str, scale: f64| -> Result<Budget, SpecError> {
        let v: f64 = num.parse().map_err(|_| SpecError::NotATime {
            arg: arg.to_string(),
        })?;
        if !v.is_finite() || v <= 0.0 || v * scale > 86_400.0 {
            return Err(SpecError::TimeOutOfRange {
                arg: arg.to_string(),
            });
        }
        Ok(Budget::Time(Duration::from_secs_f64(v * scale)))
    };
    if let Some(num) = arg.strip_suffix("ms") {
        time(num, 1e-3)
    } else if let Some(num) = arg.strip_suffix('s') {
        time(num, 1.0)
    } else {
        let n: u64 = arg.parse().map_err(|_| SpecError::NotABudget {
            arg: arg.to_string(),
        })?;
        if n == 0 {
            return Err(SpecError::ZeroBudget);
        }
        Ok(Budget::Count(n))
    }
}

/// Parses an agent specification (case-insensitive, surrounding blanks ignored).
pub fn parse_agent_spec(text: &str) -> Result<AgentSpec, SpecError> {
    let lower = text.trim().to_ascii_lowercase();
    let (name, arg) = match lower.split_once(':') {
        Some((n, a)) => (n.trim(), Some(a.trim())),
        None => (lower.as_str(), None),
    };
    let spec = match (name, arg) {
        ("random", None) => AgentSpec::Random,
        ("human", None) => AgentSpec::Human,
        ("random" | "human", Some(_)) => {
            return Err(SpecError::TakesNoArgument {
                name: name.to_string(),
            })
        }
        ("alphabeta" | "ab", arg) => {
            let budget = arg.map_or(Ok(Budget::Count(3)), parse_budget)?;
            if let Budget::Count(d) = budget {
                if d > MAX_DEPTH {
                    return Err(SpecError::DepthTooLarge { depth: d });
                }
            }
            AgentSpec::AlphaBeta(budget)
        }
        ("mcts" | "uct", arg) => {
            let budget = arg.map_or(Ok(Budget::Count(1000)), parse_budget)?;
            if let Budget::Count(n) = budget {
                if n > MAX_ITERATIONS {
                    return Err(SpecError::TooManyIterations { iterations: n });
                }
            }
            AgentSpec::Mcts(budget)
        }
        _ => {
            return Err(SpecError::Unknown {
                name: text.trim().to_string(),
            })
        }
    };
    Ok(spec)
}

impl std::str::FromStr for AgentSpec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Self, SpecError> {
        parse_agent_spec(s)
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Count(n) => write!(f, "{n}"),
            Budget::Time(t) if t.subsec_millis() == 0 && t.as_secs() > 0 => {
                write!(f, "{}s", t.as_secs())
            }
            Budget::Time(t) => write!(f, "{}ms", t.as_millis()),
        }
    }
}

impl fmt::Display for AgentSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AgentSpec::Random => f.write_str("random"),
            AgentSpec::Human => f.write_str("human"),
            AgentSpec::AlphaBeta(b) => write!(f, "alphabeta:{b}"),
            AgentSpec::Mcts(b) => write!(f, "mcts:{b}"),
        }
    }
}

impl AgentSpec {
    /// The agent, with `heuristic` for alpha-beta. `human` is refused: the command line plays it.
    /// The agent may borrow (`'a`) like the game state does (RBG reasoner states borrow their
    /// reasoner).
    pub fn build<'a, G, H>(&self, heuristic: H) -> Result<Box<dyn Agent<G> + 'a>, BuildError>
    where
        G: GameState + 'a,
        H: Heuristic<G> + 'a,
    {
        Ok(match *self {
            AgentSpec::Random => Box::new(Random),
            AgentSpec::Human => return Err(BuildError::Human),
            AgentSpec::AlphaBeta(budget) => {
                let options = match budget {
                    Budget::Count(d) => AlphaBetaOptions {
                        depth: d.min(MAX_DEPTH) as u32,
                        ..AlphaBetaOptions::default()
                    },
                    Budget::Time(t) => AlphaBetaOptions {
                        depth: MAX_DEPTH as u32,
                        time: Some(t),
                        ..AlphaBetaOptions::default()
                    },
                };
                Box::new(AlphaBeta::new(options, heuristic))
            }
            AgentSpec::Mcts(budget) => {
                let options = match budget {
                    Budget::Count(n) => MctsOptions {
                        iterations: n,
                        ..MctsOptions::default()
                    },
                    Budget::Time(t) => MctsOptions {
                        time: Some(t),
                        ..MctsOptions::default()
                    },
                };
                Box::new(Mcts::new(options))
            }
        })
    }

    /// The agent for any game, alpha-beta with the generic [`Mobility`] heuristic.
    pub fn build_generic<'a, G: GameState + 'a>(
        &self,
    ) -> Result<Box<dyn Agent<G> + 'a>, BuildError> {
        self.build::<G, Mobility>(Mobility::default())
    }

    /// The agent for an SBG game on the native engine, alpha-beta with the [`SbgHeuristic`]
    /// (default weights).
    pub fn build_sbg(&self, game: &sbg::Game) -> Result<Box<dyn Agent<sbg::Engine>>, BuildError> {
        let h = SbgHeuristic::new(game, SbgWeights::default())?;
        self.build(h)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        assert_eq!(parse_agent_spec("random"), Ok(AgentSpec::Random));
        assert_eq!(parse_agent_spec(" Human "), Ok(AgentSpec::Human));
        assert_eq!(
            parse_agent_spec("alphabeta:3"),
            Ok(AgentSpec::AlphaBeta(Budget::Count(3)))
        );
        assert_eq!(
            parse_agent_spec("alphabeta"),
            Ok(AgentSpec::AlphaBeta(Budget::Count(3)))
        );
        assert_eq!(
            parse_agent_spec("mcts:1000"),
            Ok(AgentSpec::Mcts(Budget::Count(1000)))
        );
        assert_eq!(
            parse_agent_spec("mcts:2s"),
            Ok(AgentSpec::Mcts(Budget::Time(Duration::from_secs(2))))
        );
        assert_eq!(
            parse_agent_spec("mcts:250ms"),
            Ok(AgentSpec::Mcts(Budget::Time(Duration::from_millis(250))))
        );
        assert_eq!(
            parse_agent_spec("alphabeta:1.5s"),
            Ok(AgentSpec::AlphaBeta(Budget::Time(Duration::from_millis(
                1500
            ))))
        );
    }

    #[test]
    fn bad_specs_are_explained() {
        for bad in [
            "",
            "minimax",
            "alphabeta:0",
            "alphabeta:65",
            "mcts:x",
            "mcts:-1s",
            "random:3",
            "mcts:0ms",
        ] {
            let err = parse_agent_spec(bad).expect_err(bad);
            assert!(!err.to_string().is_empty(), "{bad}");
        }
        let unknown = parse_agent_spec("minimax").unwrap_err();
        assert_eq!(
            unknown,
            SpecError::Unknown {
                name: "minimax".into()
            }
        );
        assert!(unknown.to_string().contains("alphabeta:3"));
        assert_eq!(
            parse_agent_spec("alphabeta:65"),
            Err(SpecError::DepthTooLarge { depth: 65 })
        );
        assert_eq!(
            parse_agent_spec("mcts:-1s"),
            Err(SpecError::TimeOutOfRange { arg: "-1s".into() })
        );
        assert_eq!(parse_agent_spec("alphabeta:0"), Err(SpecError::ZeroBudget));
        assert!(matches!(
            AgentSpec::Human.build_generic::<sbg::Engine>(),
            Err(BuildError::Human)
        ));
    }

    #[test]
    fn specs_print_back() {
        for s in [
            "random",
            "human",
            "alphabeta:3",
            "alphabeta:2s",
            "mcts:1000",
            "mcts:2s",
            "mcts:500ms",
        ] {
            assert_eq!(parse_agent_spec(s).unwrap().to_string(), s);
        }
    }
}
