//! The network against the interpreter, state by state: the test suite and the fuzz target
//! share this check.

use game::GameState;
use rand::Rng as _;
use std::collections::BTreeSet;

/// Joint moves as text, sorted, of any GDL engine.
fn moves<G: GameState>(g: &mut G) -> BTreeSet<String> {
    let mut out = Vec::new();
    g.legal_moves(&mut out);
    out.iter().map(|m| g.move_text(m)).collect()
}

/// How the engines differ at a simultaneous turn; each variant shows the interpreter's side
/// first.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnsDiffer {
    /// Each role's number of own moves ([`GameState::simultaneous_moves`]).
    #[error("simultaneous turns {interpreter:?} (interpreter) {network:?} (network)")]
    Counts {
        interpreter: Option<Vec<usize>>,
        network: Option<Vec<usize>>,
    },
    #[error("own moves of role {role}: {interpreter:?} {network:?}")]
    OwnMoves {
        role: usize,
        interpreter: Vec<String>,
        network: Vec<String>,
    },
    /// The joint move composed of `choices`, as text (`None`: not composed).
    #[error("joint move of {choices:?}: ({interpreter:?}, {network:?})")]
    JointMove {
        choices: Vec<usize>,
        interpreter: Option<String>,
        network: Option<String>,
    },
}

/// Both engines see a simultaneous turn alike: the same own moves per role, and every
/// composed joint move the same (checked for the first and last own move of each role).
fn same_turns<A: GameState, B: GameState>(a: &mut A, b: &mut B) -> Result<(), TurnsDiffer> {
    let (counts, network) = (a.simultaneous_moves(), b.simultaneous_moves());
    if counts != network {
        return Err(TurnsDiffer::Counts {
            interpreter: counts,
            network,
        });
    }
    let Some(counts) = counts else {
        return Ok(());
    };
    for role in 0..counts.len() {
        let (oa, ob) = (game::own_moves_text(a, role), game::own_moves_text(b, role));
        if oa != ob {
            return Err(TurnsDiffer::OwnMoves {
                role,
                interpreter: oa,
                network: ob,
            });
        }
    }
    for pick in [0, 1] {
        let choices: Vec<usize> = counts.iter().map(|&c| pick * (c - 1)).collect();
        let interpreter = a.joint_move(&choices).map(|m| a.move_text(&m));
        let network = b.joint_move(&choices).map(|m| b.move_text(&m));
        if interpreter.is_none() || interpreter != network {
            return Err(TurnsDiffer::JointMove {
                choices,
                interpreter,
                network,
            });
        }
    }
    Ok(())
}

/// The first difference [`same_playouts`] finds between the interpreter and the network
/// (each variant shows the interpreter's side first), or why it compared nothing.
#[derive(Debug, thiserror::Error)]
pub enum EnginesDiffer {
    /// The interpreter could not be built.
    #[error("interpreter: {0}")]
    Interpreter(#[source] gdl::EngineError),
    #[error("playout {playout}, ply {ply}: legal moves {interpreter:?} (interpreter) {network:?} (network)")]
    LegalMoves {
        playout: u64,
        ply: usize,
        interpreter: BTreeSet<String>,
        network: BTreeSet<String>,
    },
    /// The state hashes or position texts differ.
    #[error("playout {playout}, ply {ply}: states differ")]
    States { playout: u64, ply: usize },
    #[error("playout {playout}, ply {ply}: scores {interpreter:?} {network:?}")]
    Scores {
        playout: u64,
        ply: usize,
        interpreter: Vec<i64>,
        network: Vec<i64>,
    },
    #[error("playout {playout}, ply {ply}: {turns}")]
    Turns {
        playout: u64,
        ply: usize,
        #[source]
        turns: TurnsDiffer,
    },
    /// An engine cannot read the text of a legal joint move.
    #[error("playout {playout}, ply {ply}: `{text}` is not read back")]
    NotReadBack {
        playout: u64,
        ply: usize,
        text: String,
    },
    #[error("playout {playout}: states differ after taking back {moves} moves")]
    Undo { playout: u64, moves: usize },
}

/// Plays `playouts` seeded random games of at most `max_len` plies on the interpreter and
/// on `net` in lockstep; the first difference in legal joint moves, simultaneous turns (own
/// moves per role, composed joint moves), state hash, position text or scores. Both must
/// start at the initial state.
pub fn same_playouts(
    desc: &gdl::Description,
    net: &mut crate::Propnet,
    seed: u64,
    playouts: u64,
    max_len: usize,
) -> Result<(), EnginesDiffer> {
    let mut a = gdl::Engine::new(desc).map_err(EnginesDiffer::Interpreter)?;
    let b = net;
    let mut rng = game::rng_from_seed(seed);
    for playout in 0..playouts {
        let mut ply = 0;
        let result = loop {
            let ma = moves(&mut a);
            let mb = moves(b);
            if a.budget_error().is_some() || b.budget_error().is_some() {
                break Ok(());
            }
            if ma != mb {
                break Err(EnginesDiffer::LegalMoves {
                    playout,
                    ply,
                    interpreter: ma,
                    network: mb,
                });
            }
            if a.state_hash() != b.state_hash() || a.position_text() != b.position_text() {
                break Err(EnginesDiffer::States { playout, ply });
            }
            if a.scores() != b.scores() {
                break Err(EnginesDiffer::Scores {
                    playout,
                    ply,
                    interpreter: a.scores(),
                    network: b.scores(),
                });
            }
            if let Err(turns) = same_turns(&mut a, b) {
                break Err(EnginesDiffer::Turns {
                    playout,
                    ply,
                    turns,
                });
            }
            if ma.is_empty() || ply == max_len {
                break Ok(());
            }
            let pick = ma
                .iter()
                .nth(rng.random_range(0..ma.len()))
                .expect("in range");
            let (ja, jb) = match (a.move_from_text(pick), b.move_from_text(pick)) {
                (Ok(ja), Ok(jb)) => (ja, jb),
                _ => {
                    let text = pick.clone();
                    break Err(EnginesDiffer::NotReadBack { playout, ply, text });
                }
            };
            a.apply(&ja);
            b.apply(&jb);
            ply += 1;
        };
        result?;
        take_back(&mut a, b, playout, ply)?;
    }
    Ok(())
}

/// Takes back the `depth` moves of a playout on both engines, one move at a time or half of
/// them at once and then the rest (the network flips what differs, then restores its snapshot
/// of the start), comparing after each step.
fn take_back(
    a: &mut gdl::Engine,
    b: &mut crate::Propnet,
    playout: u64,
    depth: usize,
) -> Result<(), EnginesDiffer> {
    let steps = if playout.is_multiple_of(2) {
        vec![1; depth]
    } else {
        vec![depth / 2, depth - depth / 2]
    };
    for moves_back in steps {
        a.undo_moves(moves_back);
        b.undo_moves(moves_back);
        if a.state_hash() != b.state_hash() || moves(a) != moves(b) || a.scores() != b.scores() {
            return Err(EnginesDiffer::Undo {
                playout,
                moves: moves_back,
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    // The texts are the ones the check has always printed (built with `format!` before).
    #[test]
    fn differences_read_as_before() {
        let (interpreter, network) = (Some("(a x)".to_string()), None);
        let texts = (interpreter.clone(), network.clone());
        let turns = TurnsDiffer::JointMove {
            choices: vec![0, 2],
            interpreter,
            network,
        };
        assert_eq!(
            turns.to_string(),
            format!("joint move of [0, 2]: {texts:?}")
        );
        let e = EnginesDiffer::Turns {
            playout: 3,
            ply: 7,
            turns,
        };
        assert_eq!(
            e.to_string(),
            "playout 3, ply 7: joint move of [0, 2]: (Some(\"(a x)\"), None)"
        );
        let e = EnginesDiffer::Undo {
            playout: 1,
            moves: 4,
        };
        assert_eq!(
            e.to_string(),
            "playout 1: states differ after taking back 4 moves"
        );
    }
}
