//! Piece modifiers whose next level reads squares only: listing and counting moves write
//! the piece alone, without the piece counts and piece sets, and write it back the same way
//! (go's `[stone]` before its liberty test, at every empty point). A sink that keeps its
//! move writes all three, so the position it leaves is whole.

use super::*;

/// Budget of states visited by the whole analysis.
const LIGHT_BUDGET: usize = 1 << 22;

/// Per state: an `Off` modifier of the rules whose level, up to its switches, takes only
/// shifts, piece tests and patterns made of the same, and no whole-board region (those walk
/// the piece sets), in its own code or in the code run for it (`rep`): nothing there reads
/// the counts or the sets.
pub(super) fn light_modifiers(
    view: &ProgramView<'_>,
    actions: &[ActionView],
    in_pattern: &[bool],
    full: &[Option<FullRegion>],
    covered: &[bool],
    rep: &[u32],
    reach: &[Option<super::reach::ReachLevel>],
) -> Vec<bool> {
    let n = view.nstates();
    let mut light = vec![false; n];
    let mut budget = LIGHT_BUDGET;
    let mut seen = vec![u32::MAX; n];
    let mut stack: Vec<u32> = Vec::new();
    for j in 0..n as u32 {
        // A level evaluated as sets reads the piece sets.
        if in_pattern[j as usize]
            || !matches!(actions[j as usize], ActionView::Off { .. })
            || reach[j as usize].is_some()
        {
            continue;
        }
        stack.clear();
        stack.extend_from_slice(view.successors(j));
        let mut ok = !stack.is_empty();
        while let (true, Some(q)) = (ok, stack.pop()) {
            if seen[q as usize] == j {
                continue;
            }
            seen[q as usize] = j;
            // The code run for q is its representative's (shared pattern bodies).
            let code = rep[q as usize] as usize;
            if budget == 0 || full[code].is_some() || covered[code] || covered[q as usize] {
                ok = false;
                break;
            }
            budget -= 1;
            match actions[q as usize] {
                // The level ends here.
                ActionView::Switch { .. } => continue,
                ActionView::Shift { .. } | ActionView::On { .. } | ActionView::Start => {}
                ActionView::Pattern { start, .. } => stack.push(start),
                _ => ok = false,
            }
            stack.extend_from_slice(view.successors(q));
        }
        // A move ending at the modifier has no level after it.
        let ends_move = view
            .successors(j)
            .iter()
            .all(|&s| matches!(actions[s as usize], ActionView::Switch { .. }));
        light[j as usize] = ok && !ends_move;
    }
    light
}
