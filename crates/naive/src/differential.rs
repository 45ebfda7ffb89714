//! The reasoner against the oracle, move by move, on a random small game.
//!
//! Where the oracle answers (no [`Stop`]), the reasoner must give the same legal moves (as a
//! set, without duplicates, and the same count from `count_moves`) and, after applying any of
//! them with the keeper's completion, the same pieces, variables, position and player to move;
//! `undo` must restore the previous state exactly. Where the oracle stops, the reasoner may
//! answer or fail with a `GameError`, but must not panic. Both reasoner modes (shift region
//! tables on and off) are compared.

use crate::random_game::{small_game, Bytes};
use crate::semantics::{self, Limits, State, Stop};
use reasoner::{CompileError, Options, Reasoner};

/// What a comparison covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Coverage {
    /// The game was valid and compiled.
    pub compared: bool,
    /// Positions whose legal moves were compared.
    pub positions: usize,
    /// Legal moves compared.
    pub moves: usize,
    /// The oracle gave up somewhere (unbounded or costly).
    pub oracle_stopped: bool,
}

/// Longest game played.
const MAX_PLIES: usize = 24;

/// Builds a game from `data`, and compares the reasoner with the oracle on it. `Err` describes
/// a disagreement (a bug in one of them).
pub fn compare(data: &[u8]) -> Result<Coverage, String> {
    compare_within(data, Limits::default())
}

/// [`compare`] with the oracle's limits given (the fuzz target uses smaller ones: more inputs
/// per second, each position cheaper).
pub fn compare_within(data: &[u8], limits: Limits) -> Result<Coverage, String> {
    let game = small_game(data);
    if !ir::validate::validate(&game).is_empty() {
        return Ok(Coverage::default());
    }
    let mut total = Coverage::default();
    for region_tables in [true, false] {
        let opts = Options {
            region_tables,
            ..Options::default()
        };
        let r = match Reasoner::with_options(&game, opts) {
            Ok(r) => r,
            Err(CompileError::TooLarge(_) | CompileError::AutomatonLimit { .. }) => {
                return Ok(total)
            }
            Err(e) => return Err(format!("a validated game does not compile: {e}")),
        };
        // The same move choices in both modes.
        let mut choices = Bytes::new(data);
        let c = play(&game, &r, &mut choices, limits)
            .map_err(|e| format!("tables {region_tables}: {e}"))?;
        total.compared = true;
        total.positions += c.positions;
        total.moves += c.moves;
        total.oracle_stopped |= c.oracle_stopped;
    }
    Ok(total)
}

fn play(
    g: &ir::Game,
    r: &Reasoner,
    choices: &mut Bytes,
    limits: Limits,
) -> Result<Coverage, String> {
    let mut cov = Coverage::default();
    let stopped = |mut cov: Coverage| {
        cov.oracle_stopped = true;
        Ok(cov)
    };
    let expected = match semantics::complete_keeper(g, semantics::initial(g), limits) {
        Ok(s) => s,
        Err(_) => {
            let _ = r.initial_state().map(|mut s| s.legal_moves_checked());
            return stopped(cov);
        }
    };
    let mut state = r
        .initial_state()
        .map_err(|e| format!("initial keeper completion failed: {e:?}"))?;
    same_state(&state, &expected, "initial state")?;
    let mut oracle = expected;
    for ply in 0..MAX_PLIES {
        let next = match semantics::moves(g, &oracle, limits) {
            Ok(m) => m,
            Err(_) => {
                let _ = state.legal_moves_checked();
                return stopped(cov);
            }
        };
        if semantics::player(&oracle).is_none() {
            // The keeper is stuck: game over, whatever the keeper's rules would allow.
            break;
        }
        let got = state
            .legal_moves_checked()
            .map_err(|e| format!("ply {ply}: legal moves failed: {e:?}"))?;
        let got_steps: Vec<Vec<(u32, u32)>> = got.iter().map(|m| m.steps.to_vec()).collect();
        let want: Vec<&Vec<(u32, u32)>> = next.keys().collect();
        let mut sorted = got_steps.clone();
        sorted.sort();
        if sorted.iter().collect::<Vec<_>>() != want {
            return Err(format!(
                "ply {ply}: reasoner moves {got_steps:?}, oracle moves {want:?}"
            ));
        }
        let count = state
            .count_moves()
            .map_err(|e| format!("count_moves: {e:?}"))?;
        if count != want.len() as u64 {
            return Err(format!(
                "ply {ply}: count_moves {count}, oracle {}",
                want.len()
            ));
        }
        cov.positions += 1;
        cov.moves += got.len();
        if got.is_empty() {
            break;
        }
        let pick = choices.below(got.len());
        let mv = &got[pick];
        let after = match semantics::complete_keeper(g, next[&got_steps[pick]].clone(), limits) {
            Ok(s) => s,
            Err(stop) => {
                // Improper keeper, a keeper loop or a costly completion: the reasoner may
                // succeed or fail, but must not panic.
                let _ = state.try_apply(mv);
                debug_assert!(matches!(
                    stop,
                    Stop::Cut | Stop::Improper | Stop::KeeperLoop
                ));
                return stopped(cov);
            }
        };
        state
            .try_apply(mv)
            .map_err(|e| format!("ply {ply}: applying {:?} failed: {e:?}", mv.steps))?;
        same_state(&state, &after, &format!("after ply {ply}"))?;
        state.undo();
        same_state(&state, &oracle, &format!("undo of ply {ply}"))?;
        state
            .try_apply(mv)
            .map_err(|e| format!("ply {ply}: re-applying failed: {e:?}"))?;
        oracle = after;
    }
    Ok(cov)
}

fn same_state(s: &reasoner::State<'_>, o: &State, when: &str) -> Result<(), String> {
    let pieces: Vec<u32> = s.pieces().iter().map(|&p| p as u32).collect();
    let vars: Vec<i64> = (0..o.semi.vars.len()).map(|i| s.variable(i)).collect();
    let got = (pieces, vars, s.player_to_move());
    let want = (
        o.semi.pieces.clone(),
        o.semi.vars.clone(),
        semantics::player(o),
    );
    if got != want {
        return Err(format!(
            "{when}: reasoner (pieces, variables, player) {got:?}, oracle {want:?}"
        ));
    }
    if want.2.is_some() && s.position().0 != o.semi.pos {
        return Err(format!(
            "{when}: reasoner position {}, oracle {}",
            s.position().0,
            o.semi.pos
        ));
    }
    Ok(())
}
