//! The simulation validator (`rbgtool check GAME.kif --simulate N`): random playouts on the
//! interpreter, each state checked as it is reached.
//!
//! * a state that is not terminal gives every role at least one legal move (`gdl::E11`);
//! * a terminal state gives every role exactly one goal value, an integer from 0 to 100
//!   (`gdl::E12`);
//! * every playout reaches a terminal state within the depth bound (`gdl::E13`);
//! * with [`SimulateOptions::monotonic`] (the game declared monotonic, as the GDL
//!   specification defines it): every state, terminal or not, gives every role exactly one goal
//!   value, and no role's value falls from one state of a playout to the next (`gdl::E14`).
//!
//! The first problem ends the run: its diagnostic names the role, and its notes give the
//! state's propositions, the moves that led there, and the seed and playout that reproduce
//! it. Moves are drawn uniformly from the joint moves, as `game::playout` does.

use crate::engine::{Engine, EngineError, JointMove};
use crate::{Description, Diagnostic};
use game::GameState;
use rand::Rng as _;

/// The depth bound when none is given.
pub const DEFAULT_DEPTH: u64 = 1000;

/// Moves and propositions shown in a note, at most (the rest are counted).
const SHOWN: usize = 60;

/// What to simulate.
#[derive(Clone, Copy, Debug)]
pub struct SimulateOptions {
    /// Random playouts to play.
    pub playouts: u64,
    /// Moves a playout may take before it must have reached a terminal state.
    pub depth: u64,
    pub seed: u64,
    /// Check that the game is monotonic: one goal value per role in every state, never
    /// falling along a playout.
    pub monotonic: bool,
}

/// The outcome of a simulation.
#[derive(Clone, Debug)]
pub struct Simulation {
    /// Playouts played (up to and including the one that found a problem).
    pub playouts: u64,
    /// States checked.
    pub states: u64,
    /// The first problem found.
    pub problem: Option<Diagnostic>,
}

/// Why a simulation stopped before checking its playouts (not a problem of the game found by
/// them: that is [`Simulation::problem`]).
#[derive(Debug, thiserror::Error)]
pub enum SimulateError {
    /// The engine could not be built.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// A budget of the engine was exceeded in a state (the message names it).
    #[error("the GDL engine's budget is exceeded: {0}")]
    Budget(String),
    /// The engine contradicts itself: a bug.
    #[error("the engine listed no joint move although every role has one")]
    NoJointMove,
}

/// Plays the playouts; an error when the engine cannot be built or exceeds a budget.
pub fn simulate(
    desc: &Description,
    options: &SimulateOptions,
) -> Result<Simulation, SimulateError> {
    let mut engine = Engine::new(desc)?;
    let mut rng = game::rng_from_seed(options.seed);
    let mut sim = Simulation {
        playouts: 0,
        states: 0,
        problem: None,
    };
    for index in 0..options.playouts {
        sim.playouts += 1;
        let mut path = Vec::new();
        let found = playout(&mut engine, &mut rng, options, &mut path, &mut sim.states);
        let state = engine.state_text();
        for _ in 0..path.len() {
            engine.undo();
        }
        if let Some(d) = found? {
            let notes = vec![
                state_note(&state),
                moves_note(&path),
                format!(
                    "found by playout {} of seed {} (--depth {})",
                    index + 1,
                    options.seed,
                    options.depth
                ),
            ];
            sim.problem = Some(d.with_notes(notes));
            break;
        }
    }
    crate::codes::assign(sim.problem.as_mut_slice());
    Ok(sim)
}

/// One playout from the current state, leaving the moves applied (their texts in `path`);
/// the first problem, if any.
fn playout(
    engine: &mut Engine,
    rng: &mut game::Rng,
    options: &SimulateOptions,
    path: &mut Vec<String>,
    states: &mut u64,
) -> Result<Option<Diagnostic>, SimulateError> {
    let roles = engine.player_names();
    let mut moves: Vec<JointMove> = Vec::new();
    let mut before: Option<Vec<Vec<String>>> = None;
    loop {
        *states += 1;
        if options.monotonic {
            let goals = engine.goal_texts();
            budget(engine)?;
            if let Some(d) = not_monotonic(&roles, before.as_deref(), &goals) {
                return Ok(Some(d));
            }
            before = Some(goals);
        }
        let terminal = engine.is_terminal();
        budget(engine)?;
        if terminal {
            let goals = engine.goal_texts();
            budget(engine)?;
            return Ok(bad_goals(&roles, &goals));
        }
        let legal = engine.legal_texts();
        budget(engine)?;
        if let Some(r) = legal.iter().position(Vec::is_empty) {
            return Ok(Some(Diagnostic::error().with_message(format!(
                "role `{}` has no legal move in a non-terminal state",
                roles[r]
            ))));
        }
        if path.len() as u64 >= options.depth {
            return Ok(Some(Diagnostic::error().with_message(format!(
                "a random playout reached no terminal state within {} moves",
                options.depth
            ))));
        }
        engine.legal_moves(&mut moves);
        budget(engine)?;
        if moves.is_empty() {
            return Err(SimulateError::NoJointMove);
        }
        let mv = &moves[rng.random_range(0..moves.len())];
        path.push(engine.move_text(mv));
        engine.apply(mv);
    }
}

fn budget(engine: &Engine) -> Result<(), SimulateError> {
    match engine.budget_error() {
        Some(m) => Err(SimulateError::Budget(m)),
        None => Ok(()),
    }
}

/// The first role whose goal values in a terminal state are not exactly one integer in
/// `0..=100`.
fn bad_goals(roles: &[String], goals: &[Vec<String>]) -> Option<Diagnostic> {
    for (role, values) in roles.iter().zip(goals) {
        let message = match values.as_slice() {
            [] => format!("role `{role}` has no goal in a terminal state"),
            [v] if matches!(v.parse::<u8>(), Ok(0..=100)) => continue,
            [v] => format!(
                "role `{role}` has the goal `{v}` in a terminal state, not an integer from 0 to 100"
            ),
            many => format!(
                "role `{role}` has {} goals in a terminal state ({})",
                many.len(),
                many.join(", ")
            ),
        };
        return Some(Diagnostic::error().with_message(message));
    }
    None
}

/// For a game declared monotonic: the first role without exactly one goal value in this
/// state, or whose value is lower than in the state `before` it.
fn not_monotonic(
    roles: &[String],
    before: Option<&[Vec<String>]>,
    goals: &[Vec<String>],
) -> Option<Diagnostic> {
    let value = |values: &[String]| match values {
        [v] => v.parse::<u8>().ok().filter(|v| *v <= 100),
        _ => None,
    };
    for (i, role) in roles.iter().enumerate() {
        let Some(now) = value(&goals[i]) else {
            let message = match goals[i].as_slice() {
                [] => "no goal".to_string(),
                [v] => format!("the goal `{v}`, not an integer from 0 to 100,"),
                many => format!("{} goals ({})", many.len(), many.join(", ")),
            };
            return Some(Diagnostic::error().with_message(format!(
                "the game is declared monotonic but role `{role}` has {message} in this state"
            )));
        };
        let was = before.and_then(|b| value(&b[i]));
        if let Some(was) = was.filter(|was| now < *was) {
            return Some(Diagnostic::error().with_message(format!(
                "the game is declared monotonic but role `{role}`'s goal fell from {was} to {now}"
            )));
        }
    }
    None
}

fn state_note(props: &[String]) -> String {
    if props.is_empty() {
        return "the state holds no proposition".to_string();
    }
    format!("the state: {}", capped(props))
}

fn moves_note(path: &[String]) -> String {
    if path.is_empty() {
        return "reached without a move (the initial state)".to_string();
    }
    let shown: Vec<String> = path.iter().map(|m| format!("[{m}]")).collect();
    let n = path.len();
    format!(
        "after {n} move{}: {}",
        if n == 1 { "" } else { "s" },
        capped(&shown)
    )
}

/// The items joined by spaces, the first [`SHOWN`] only, then how many more there are.
fn capped(items: &[String]) -> String {
    let mut s = items[..items.len().min(SHOWN)].join(" ");
    if items.len() > SHOWN {
        s.push_str(&format!(" … and {} more", items.len() - SHOWN));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(src: &str) -> Simulation {
        run_with(src, false)
    }

    fn run_monotonic(src: &str) -> Simulation {
        run_with(src, true)
    }

    /// 20 playouts of at most 50 moves, seed 1.
    fn run_with(src: &str, monotonic: bool) -> Simulation {
        let desc = crate::parse(src).unwrap();
        let options = SimulateOptions {
            playouts: 20,
            depth: 50,
            seed: 1,
            monotonic,
        };
        simulate(&desc, &options).unwrap()
    }

    #[test]
    fn a_monotonic_game_passes_the_monotonic_check() {
        let sim = run_monotonic(&format!(
            "{BASE} (<= (legal ?r noop) (role ?r)) (<= (goal ?r 0) (role ?r) (true (step 0))) \
             (<= (goal ?r 50) (role ?r) (not (true (step 0))))"
        ));
        assert!(sim.problem.is_none(), "{:?}", sim.problem);
    }

    #[test]
    fn a_falling_goal_breaks_a_declared_monotonic_game() {
        let src = format!(
            "{BASE} (<= (legal ?r noop) (role ?r)) (<= (goal ?r 50) (role ?r) (true (step 0))) \
             (<= (goal ?r 0) (role ?r) (not (true (step 0))))"
        );
        assert!(run(&src).problem.is_none(), "only checked when declared");
        let d = run_monotonic(&src).problem.unwrap();
        assert_eq!(d.code.as_deref(), Some("gdl::E14"));
        assert!(
            d.message.contains("`a`'s goal fell from 50 to 0"),
            "{}",
            d.message
        );
        assert_eq!(d.notes[1], "after 1 move: [noop | noop]");
    }

    #[test]
    fn a_monotonic_game_needs_a_goal_in_every_state() {
        let d = run_monotonic(&format!(
            "{BASE} (<= (legal ?r noop) (role ?r)) (goal a 0) (goal b 0) (goal b 100)"
        ))
        .problem
        .unwrap();
        assert_eq!(d.code.as_deref(), Some("gdl::E14"));
        assert!(
            d.message
                .contains("role `b` has 2 goals (0, 100) in this state"),
            "{}",
            d.message
        );
        assert_eq!(d.notes[1], "reached without a move (the initial state)");
    }

    const BASE: &str = "(role a) (role b) (init (step 0)) (succ 0 1) (succ 1 2) \
        (<= (next (step ?y)) (true (step ?x)) (succ ?x ?y)) (<= terminal (true (step 2))) ";

    #[test]
    fn a_sound_game_passes() {
        let sim = run(&format!(
            "{BASE} (<= (legal ?r noop) (role ?r)) (<= (goal ?r 50) (role ?r))"
        ));
        assert!(sim.problem.is_none(), "{:?}", sim.problem);
        assert_eq!((sim.playouts, sim.states), (20, 60));
    }

    #[test]
    fn a_dead_end_is_found() {
        let sim = run(&format!(
            "{BASE} (legal a noop) (<= (legal b noop) (true (step 0))) (<= (goal ?r 50) (role ?r))"
        ));
        let d = sim.problem.unwrap();
        assert_eq!(d.code.as_deref(), Some("gdl::E11"));
        assert!(d.message.contains("`b`"), "{}", d.message);
        assert_eq!(d.notes[0], "the state: (step 1)");
        assert_eq!(d.notes[1], "after 1 move: [noop | noop]");
    }

    #[test]
    fn goals_are_checked_in_terminal_states() {
        let goals = [
            ("(goal a 50)", "role `b` has no goal"),
            ("(<= (goal ?r 50) (role ?r)) (goal b 100)", "2 goals"),
        ];
        for (g, want) in goals {
            let sim = run(&format!("{BASE} (<= (legal ?r noop) (role ?r)) {g}"));
            let d = sim.problem.unwrap();
            assert_eq!(d.code.as_deref(), Some("gdl::E12"));
            assert!(d.message.contains(want), "{}", d.message);
        }
    }

    #[test]
    fn an_endless_game_is_found() {
        let sim = run(
            "(role a) (init on) (<= (next on) (true on)) (legal a noop) (<= terminal (true off)) \
             (goal a 0)",
        );
        let d = sim.problem.unwrap();
        assert_eq!(d.code.as_deref(), Some("gdl::E13"));
        assert!(
            d.notes[1].starts_with("after 50 moves: [noop]"),
            "{}",
            d.notes[1]
        );
    }

    #[test]
    fn an_invalid_description_is_an_error_not_a_problem() {
        let desc = crate::parse("(init on) (<= terminal (true on))").unwrap();
        let options = SimulateOptions {
            playouts: 1,
            depth: 10,
            seed: 1,
            monotonic: false,
        };
        let e = simulate(&desc, &options).unwrap_err();
        assert!(
            matches!(e, SimulateError::Engine(EngineError::Invalid(_))),
            "{e:?}"
        );
        assert_eq!(e.to_string(), "invalid GDL (1 errors)");
    }
}
