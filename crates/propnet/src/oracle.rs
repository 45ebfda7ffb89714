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

/// Both engines see a simultaneous turn alike: the same own moves per role, and every
/// composed joint move the same (checked for the first and last own move of each role).
fn same_turns<A: GameState, B: GameState>(a: &mut A, b: &mut B) -> Result<(), String> {
    let counts = a.simultaneous_moves();
    if counts != b.simultaneous_moves() {
        return Err(format!(
            "simultaneous turns {counts:?} (interpreter) {:?} (network)",
            b.simultaneous_moves()
        ));
    }
    let Some(counts) = counts else {
        return Ok(());
    };
    for role in 0..counts.len() {
        let (oa, ob) = (game::own_moves_text(a, role), game::own_moves_text(b, role));
        if oa != ob {
            return Err(format!("own moves of role {role}: {oa:?} {ob:?}"));
        }
    }
    for pick in [0, 1] {
        let choices: Vec<usize> = counts.iter().map(|&c| pick * (c - 1)).collect();
        let texts = (
            a.joint_move(&choices).map(|m| a.move_text(&m)),
            b.joint_move(&choices).map(|m| b.move_text(&m)),
        );
        if texts.0.is_none() || texts.0 != texts.1 {
            return Err(format!("joint move of {choices:?}: {texts:?}"));
        }
    }
    Ok(())
}

/// Plays `playouts` seeded random games of at most `max_len` plies on the interpreter and
/// on `net` in lockstep; the first difference in legal joint moves, simultaneous turns (own
/// moves per role, composed joint moves), state hash, position text or scores, as a message. Both must start at the initial state.
pub fn same_playouts(
    desc: &gdl::Description,
    net: &mut crate::Propnet,
    seed: u64,
    playouts: u64,
    max_len: usize,
) -> Result<(), String> {
    let mut a = gdl::Engine::new(desc).map_err(|e| format!("interpreter: {e}"))?;
    let b = net;
    let mut rng = game::rng_from_seed(seed);
    for p in 0..playouts {
        let mut depth = 0;
        let result = loop {
            let ma = moves(&mut a);
            let mb = moves(b);
            if a.budget_error().is_some() || b.budget_error().is_some() {
                break Ok(());
            }
            let at = format!("playout {p}, ply {depth}");
            if ma != mb {
                break Err(format!(
                    "{at}: legal moves {ma:?} (interpreter) {mb:?} (network)"
                ));
            }
            if a.state_hash() != b.state_hash() || a.position_text() != b.position_text() {
                break Err(format!("{at}: states differ"));
            }
            if a.scores() != b.scores() {
                break Err(format!("{at}: scores {:?} {:?}", a.scores(), b.scores()));
            }
            if let Err(e) = same_turns(&mut a, b) {
                break Err(format!("{at}: {e}"));
            }
            if ma.is_empty() || depth == max_len {
                break Ok(());
            }
            let pick = ma
                .iter()
                .nth(rng.random_range(0..ma.len()))
                .expect("in range");
            let (ja, jb) = match (a.move_from_text(pick), b.move_from_text(pick)) {
                (Ok(ja), Ok(jb)) => (ja, jb),
                _ => break Err(format!("{at}: `{pick}` is not read back")),
            };
            a.apply(&ja);
            b.apply(&jb);
            depth += 1;
        };
        result?;
        // Taken back one move at a time, or half of them at once and then the rest (the
        // network flips what differs, then restores its snapshot of the start).
        let steps = if p % 2 == 0 {
            vec![1; depth]
        } else {
            vec![depth / 2, depth - depth / 2]
        };
        for n in steps {
            a.undo_moves(n);
            b.undo_moves(n);
            if a.state_hash() != b.state_hash()
                || moves(&mut a) != moves(b)
                || a.scores() != b.scores()
            {
                return Err(format!(
                    "playout {p}: states differ after taking back {n} moves"
                ));
            }
        }
    }
    Ok(())
}
