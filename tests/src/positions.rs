//! Round trips of move notation and position text over random playouts, for any engine.

use game::{GameState, Rng};
use rand::Rng as _;

/// Legal moves with their notation.
fn notated<G: GameState>(g: &mut G) -> Vec<(G::Move, String)> {
    game::text::printed_moves(g)
}

/// Checks one state: its position text loads into `fresh` as an equal state, and every legal
/// move prints to a text that parses back to it. Returns what is wrong.
pub fn check_state<G: GameState>(g: &mut G, fresh: &mut G) -> Vec<String> {
    let mut failures = Vec::new();
    let text = g.position_text();
    if let Err(e) = fresh.set_position(&text) {
        return vec![format!("position does not load: {e}\n{text}")];
    }
    if fresh.state_hash() != g.state_hash() {
        failures.push(format!("loaded position has another hash\n{text}"));
    }
    let back = fresh.position_text();
    if back != text {
        failures.push(format!(
            "position text changes on loading:\n{text}\n---\n{back}"
        ));
    }
    let moves = notated(g);
    let mut ours: Vec<String> = moves.iter().map(|(_, t)| t.clone()).collect();
    let mut theirs: Vec<String> = notated(fresh).into_iter().map(|(_, t)| t).collect();
    ours.sort();
    theirs.sort();
    if ours != theirs {
        failures.push(format!("loaded position has other moves\n{text}"));
    }
    if g.scores() != fresh.scores() {
        failures.push(format!("loaded position has other scores\n{text}"));
    }
    // Every move of small states; an even sample of at most 500 of larger ones.
    let stride = moves.len().div_ceil(500).max(1);
    for (mv, t) in moves.iter().step_by(stride) {
        if t.is_empty() || t.contains(';') {
            failures.push(format!("bad notation `{t}`"));
        }
        match g.move_from_text(t) {
            Ok(back) if &back == mv => {}
            Ok(_) => failures.push(format!("`{t}` parses to another move\n{text}")),
            Err(e) => failures.push(format!("`{t}` does not parse: {e}")),
        }
        if failures.len() > 5 {
            break;
        }
    }
    failures
}

/// Random playouts of at most `plies` moves from the current state of `g`, checking every
/// state visited (then undoing back). Returns the failures and the number of states checked.
pub fn check_playouts<G: GameState>(
    g: &mut G,
    fresh: &mut G,
    rng: &mut Rng,
    playouts: usize,
    plies: usize,
) -> (Vec<String>, usize) {
    let mut failures = Vec::new();
    let mut states = 0;
    let mut moves = Vec::new();
    for _ in 0..playouts {
        let mut depth = 0;
        loop {
            states += 1;
            failures.extend(check_state(g, fresh));
            if !failures.is_empty() || depth >= plies {
                break;
            }
            g.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let pick = rng.random_range(0..moves.len());
            g.apply(&moves[pick]);
            depth += 1;
        }
        for _ in 0..depth {
            g.undo();
        }
        if !failures.is_empty() {
            break;
        }
    }
    (failures, states)
}
