//! Monotonic move classes: moves a playout may sample and check instead of listing.
//!
//! A class is a player's move of the shape `->p W {S} [x]... ->q`: right after the switch to
//! `p` (the class's root state), a walk `W` through shifts only whose end vertices `T` do
//! not depend on the vertex it starts from (hex's and gomoku's `anySquare`, connect4's
//! `down* up^5 (left* + right*)`), a test `{S}` of the piece there, then modifiers at that
//! vertex only (offs, and the switch that ends the move). The legal moves of a position in
//! the class are then one per vertex of `T` holding a piece of `S`, the same modifiers each.
//! When no off of the whole game puts a piece of `S` anywhere, a vertex that fails `{S}`
//! never passes it again: the class's legal moves only shrink along a game.
//!
//! A playout then keeps, per class, the moves of the first position of the class it met and
//! samples from them: a candidate drawn uniformly is taken if it is legal now and dropped for
//! good if not. Every legal move is still in the kept list (the list held every move legal
//! then, and legal moves only shrink), each once, so the first legal draw is uniform over the
//! legal moves: by induction on the list's length, the draw is uniform over the list; a legal
//! draw is kept, an illegal one leaves a shorter list holding the same legal moves. This is
//! the reference compiler's "monotonic moves" (rbg2cpp's benchmark), found here on the
//! automaton. Classes with the same cells and test have the same legal vertices in every
//! position and keep one list (`codegen::items::mono_items`' `MONO_LIST`).

use reasoner::view::{ActionView, ProgramView};

/// Work (state, vertex) steps allowed over all walks of one game.
const WALK_BUDGET: usize = 1 << 24;
/// Offs a class's move may apply before its switch.
const MAX_OFFS: usize = 8;

/// One class: the moves from `root` are `steps` at each vertex of `cells` holding a piece in
/// `pieces`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MonoClass {
    /// The switch state the move starts from.
    pub root: u32,
    /// The vertices the walk ends at, ascending.
    pub cells: Vec<u32>,
    /// The pieces `{S}` lets through, sorted.
    pub pieces: Vec<u16>,
    /// Modifier indices applied at the chosen vertex: the offs, then the switch.
    pub steps: Vec<u32>,
}

/// The game's monotonic classes.
pub(crate) fn monotonic_classes(view: &ProgramView<'_>, actions: &[ActionView]) -> Vec<MonoClass> {
    let n = view.nstates();
    let mut placed = vec![false; view.npieces()];
    for a in actions {
        if let ActionView::Off { piece, .. } = a {
            placed[*piece as usize] = true;
        }
    }
    let mut budget = WALK_BUDGET;
    let mut out = Vec::new();
    for r in 0..n as u32 {
        if !matches!(
            actions[r as usize],
            ActionView::Switch {
                player: Some(_),
                ..
            }
        ) {
            continue;
        }
        let Some((region, check)) = shift_region(view, actions, r) else {
            continue;
        };
        let ActionView::On { pieces } = &actions[check as usize] else {
            continue;
        };
        if pieces.iter().any(|&p| placed[p as usize]) {
            continue;
        }
        let Some(steps) = modifier_chain(view, actions, check) else {
            continue;
        };
        let Some(cells) = fixed_ends(view, actions, r, &region, &mut budget) else {
            continue;
        };
        out.push(MonoClass {
            root: r,
            cells,
            pieces: pieces.clone(),
            steps,
        });
    }
    out
}

/// The shift states reachable from `r` through shifts only, and the one other state they
/// (and `r`) lead into, which must be a test `{S}`. None when the walk reaches anything
/// else, or an accepting state.
fn shift_region(view: &ProgramView<'_>, actions: &[ActionView], r: u32) -> Option<(Vec<u32>, u32)> {
    if view.accepting(r) {
        return None;
    }
    let mut region = Vec::new();
    let mut seen = std::collections::HashSet::from([r]);
    let mut check = None;
    let mut stack = vec![r];
    while let Some(q) = stack.pop() {
        for &j in view.successors(q) {
            if matches!(actions[j as usize], ActionView::Shift { .. }) {
                if view.accepting(j) {
                    return None;
                }
                if seen.insert(j) {
                    region.push(j);
                    stack.push(j);
                }
            } else if check.is_some_and(|c| c != j) {
                return None;
            } else {
                check = Some(j);
            }
        }
    }
    let check = check?;
    (matches!(actions[check as usize], ActionView::On { .. }) && !view.accepting(check))
        .then_some((region, check))
}

/// The modifiers after the test: a line of offs ending in a switch, nothing accepting, no
/// branch.
fn modifier_chain(view: &ProgramView<'_>, actions: &[ActionView], check: u32) -> Option<Vec<u32>> {
    let mut steps = Vec::new();
    let mut q = check;
    loop {
        let [next] = view.successors(q) else {
            return None;
        };
        q = *next;
        if view.accepting(q) {
            return None;
        }
        match &actions[q as usize] {
            ActionView::Off { modifier, .. } if steps.len() < MAX_OFFS => steps.push(*modifier),
            ActionView::Switch { modifier, .. } => {
                steps.push(*modifier);
                return Some(steps);
            }
            _ => return None,
        }
    }
}

/// The vertices at which the walk from `r` reaches the test (the one successor outside the
/// region), if the same from every start
/// vertex (and not empty).
fn fixed_ends(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    r: u32,
    region: &[u32],
    budget: &mut usize,
) -> Option<Vec<u32>> {
    let nv = view.nvertices();
    let nq = region.len() + 1;
    let cost = nv.checked_mul(nv)?.checked_mul(nq)?;
    if cost > *budget {
        return None;
    }
    *budget -= cost;
    // Local index of each walked state: r is 0, region[i] is i + 1.
    let local = |q: u32| -> usize {
        if q == r {
            0
        } else {
            1 + region.iter().position(|&s| s == q).expect("in the region")
        }
    };
    let succ: Vec<Vec<(usize, Option<u32>)>> = std::iter::once(r)
        .chain(region.iter().copied())
        .map(|q| {
            view.successors(q)
                .iter()
                .map(|&j| match actions[j as usize] {
                    ActionView::Shift { dir } => (local(j), Some(dir)),
                    _ => (usize::MAX, None), // the check
                })
                .collect()
        })
        .collect();
    let mut first: Option<Vec<u32>> = None;
    let mut seen = vec![false; nq * nv];
    let mut ends = vec![false; nv];
    for v0 in 0..nv as u32 {
        seen.iter_mut().for_each(|s| *s = false);
        ends.iter_mut().for_each(|e| *e = false);
        let mut stack = vec![(0usize, v0)];
        seen[v0 as usize] = true;
        while let Some((i, v)) = stack.pop() {
            for &(j, dir) in &succ[i] {
                match dir {
                    None => ends[v as usize] = true,
                    Some(d) => {
                        if let Some(w) = view.neighbour(v, d) {
                            if !std::mem::replace(&mut seen[j * nv + w as usize], true) {
                                stack.push((j, w));
                            }
                        }
                    }
                }
            }
        }
        let cells: Vec<u32> = (0..nv as u32).filter(|&v| ends[v as usize]).collect();
        match &first {
            None if cells.is_empty() => return None,
            None => first = Some(cells),
            Some(f) if *f != cells => return None,
            Some(_) => {}
        }
    }
    first
}
