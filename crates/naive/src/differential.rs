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
use reasoner::{CompileError, GameError, Options, Reasoner};

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

/// A disagreement between the reasoner and the oracle (a bug in one of them).
#[derive(Debug, thiserror::Error)]
pub enum Disagreement {
    /// The reasoner refuses a game `ir::validate` accepts.
    #[error("a validated game does not compile: {0}")]
    NoCompile(#[source] CompileError),
    /// The reasoner, with region tables on or off, differs from the oracle in play.
    #[error("tables {region_tables}: {mismatch}")]
    InPlay {
        region_tables: bool,
        #[source]
        mismatch: Mismatch,
    },
}

/// The reasoner's (pieces, variables, player to move).
pub type Seen = (Vec<u32>, Vec<i64>, Option<usize>);

/// Where a game played by the reasoner and by the oracle first differs. The reasoner's
/// errors are shown with `Debug`, which names the variant.
#[derive(Debug, thiserror::Error)]
pub enum Mismatch {
    #[error("initial keeper completion failed: {0:?}")]
    InitialState(GameError),
    #[error("ply {ply}: legal moves failed: {error:?}")]
    LegalMoves { ply: usize, error: GameError },
    /// The legal moves, as steps: the reasoner's in its order, the oracle's sorted.
    #[error("ply {ply}: reasoner moves {reasoner:?}, oracle moves {oracle:?}")]
    Moves {
        ply: usize,
        reasoner: Vec<Vec<(u32, u32)>>,
        oracle: Vec<Vec<(u32, u32)>>,
    },
    #[error("count_moves: {0:?}")]
    CountFailed(GameError),
    #[error("ply {ply}: count_moves {reasoner}, oracle {oracle}")]
    Count {
        ply: usize,
        reasoner: u64,
        oracle: usize,
    },
    #[error("ply {ply}: applying {steps:?} failed: {error:?}")]
    Apply {
        ply: usize,
        steps: Vec<(u32, u32)>,
        error: GameError,
    },
    #[error("ply {ply}: re-applying failed: {error:?}")]
    Reapply { ply: usize, error: GameError },
    /// `when` says which state (`initial state`, `after ply 3`, `undo of ply 3`).
    #[error("{when}: reasoner (pieces, variables, player) {reasoner:?}, oracle {oracle:?}")]
    State {
        when: String,
        // Boxed: the error stays small on the `Ok` path of every comparison.
        reasoner: Box<Seen>,
        oracle: Box<Seen>,
    },
    #[error("{when}: reasoner position {reasoner}, oracle {oracle}")]
    Position {
        when: String,
        reasoner: u32,
        oracle: u32,
    },
}

/// Longest game played.
const MAX_PLIES: usize = 24;

/// Builds a game from `data`, and compares the reasoner with the oracle on it. `Err` describes
/// a disagreement (a bug in one of them).
pub fn compare(data: &[u8]) -> Result<Coverage, Disagreement> {
    compare_within(data, Limits::default())
}

/// [`compare`] with the oracle's limits given (the fuzz target uses smaller ones: more inputs
/// per second, each position cheaper).
pub fn compare_within(data: &[u8], limits: Limits) -> Result<Coverage, Disagreement> {
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
            Err(e) => return Err(Disagreement::NoCompile(e)),
        };
        // The same move choices in both modes.
        let mut choices = Bytes::new(data);
        let c = play(&game, &r, &mut choices, limits).map_err(|mismatch| Disagreement::InPlay {
            region_tables,
            mismatch,
        })?;
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
) -> Result<Coverage, Mismatch> {
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
    let mut state = r.initial_state().map_err(Mismatch::InitialState)?;
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
            .map_err(|error| Mismatch::LegalMoves { ply, error })?;
        let got_steps: Vec<Vec<(u32, u32)>> = got.iter().map(|m| m.steps.to_vec()).collect();
        let want: Vec<&Vec<(u32, u32)>> = next.keys().collect();
        let mut sorted = got_steps.clone();
        sorted.sort();
        if sorted.iter().collect::<Vec<_>>() != want {
            return Err(Mismatch::Moves {
                ply,
                reasoner: got_steps,
                oracle: want.into_iter().cloned().collect(),
            });
        }
        let count = state.count_moves().map_err(Mismatch::CountFailed)?;
        if count != want.len() as u64 {
            return Err(Mismatch::Count {
                ply,
                reasoner: count,
                oracle: want.len(),
            });
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
        state.try_apply(mv).map_err(|error| Mismatch::Apply {
            ply,
            steps: mv.steps.to_vec(),
            error,
        })?;
        same_state(&state, &after, &format!("after ply {ply}"))?;
        state.undo();
        same_state(&state, &oracle, &format!("undo of ply {ply}"))?;
        state
            .try_apply(mv)
            .map_err(|error| Mismatch::Reapply { ply, error })?;
        oracle = after;
    }
    Ok(cov)
}

fn same_state(s: &reasoner::State<'_>, o: &State, when: &str) -> Result<(), Mismatch> {
    let pieces: Vec<u32> = s.pieces().iter().map(|&p| p as u32).collect();
    let vars: Vec<i64> = (0..o.semi.vars.len()).map(|i| s.variable(i)).collect();
    let got = (pieces, vars, s.player_to_move());
    let want = (
        o.semi.pieces.clone(),
        o.semi.vars.clone(),
        semantics::player(o),
    );
    if got != want {
        return Err(Mismatch::State {
            when: when.to_string(),
            reasoner: Box::new(got),
            oracle: Box::new(want),
        });
    }
    if want.2.is_some() && s.position().0 != o.semi.pos {
        return Err(Mismatch::Position {
            when: when.to_string(),
            reasoner: s.position().0,
            oracle: o.semi.pos,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_disagreement_names_the_mode_then_the_ply() {
        let e = Disagreement::InPlay {
            region_tables: false,
            mismatch: Mismatch::Count {
                ply: 2,
                reasoner: 3,
                oracle: 4,
            },
        };
        assert_eq!(
            e.to_string(),
            "tables false: ply 2: count_moves 3, oracle 4"
        );
    }
}
