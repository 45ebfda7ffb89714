//! Perft by the definition in DESIGN.md §3, specialised: move lists live in reusable flat
//! buffers, and by default ([`LastLevel::Counted`]) the last level counts moves without
//! generating or applying them; [`LastLevel::Applied`] applies (and takes back) every leaf move
//! with its keeper completion, as the reference compiler's perft harness does.

use crate::error::GameError;
use crate::sinks::MoveBuf;
use crate::state::Core;
use crate::State;
use rayon::prelude::*;

/// `leaves` = move sequences of exactly the depth; `nodes` = states visited at every depth up
/// to it, the root and the leaves included (the reference's "number of states").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftCounts {
    pub leaves: u64,
    pub nodes: u64,
}

/// What perft does with the moves of the last level. The counts are the same; the work is not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LastLevel {
    /// Count them without applying them (the fast shortcut).
    #[default]
    Counted,
    /// Apply each (with the keeper's completion) and take it back: every leaf state is
    /// reached, like for like with engines that apply every move.
    Applied,
}

/// Perft of `state` to `depth`, single-threaded, the last level counted.
pub fn perft(state: &mut State<'_>, depth: u32) -> Result<PerftCounts, GameError> {
    perft_with(state, depth, LastLevel::Counted)
}

/// Perft of `state` to `depth`, single-threaded, the last level handled as `last` says.
pub fn perft_with(
    state: &mut State<'_>,
    depth: u32,
    last: LastLevel,
) -> Result<PerftCounts, GameError> {
    Ok(*perft_by_depth_with(state, depth, last)?
        .last()
        .expect("depth + 1 entries"))
}

/// The counts of every depth `0..=depth` from one search (entry `k` is perft(k)): what
/// `rbgtool perft --depth D` prints line by line, at the cost of the deepest search alone.
pub fn perft_by_depth(state: &mut State<'_>, depth: u32) -> Result<Vec<PerftCounts>, GameError> {
    perft_by_depth_with(state, depth, LastLevel::Counted)
}

/// [`perft_by_depth`] with the last level handled as `last` says.
pub fn perft_by_depth_with(
    state: &mut State<'_>,
    depth: u32,
    last: LastLevel,
) -> Result<Vec<PerftCounts>, GameError> {
    if let Some(e) = state.error() {
        return Err(e.clone());
    }
    let mut per_depth = vec![0u64; depth as usize + 1];
    per_depth[0] = 1;
    if depth > 0 {
        let mut bufs = Vec::new();
        rec(state.core(), depth, 0, last, &mut bufs, &mut per_depth)?;
    }
    let mut nodes = 0;
    Ok(per_depth
        .iter()
        .map(|&leaves| {
            nodes += leaves;
            PerftCounts { leaves, nodes }
        })
        .collect())
}

/// `per_depth[k]` accumulates the number of states at distance `k` from the root.
fn rec(
    core: &mut Core<'_>,
    remaining: u32,
    k: usize,
    last: LastLevel,
    bufs: &mut Vec<MoveBuf>,
    per_depth: &mut [u64],
) -> Result<(), GameError> {
    if remaining == 0 {
        return Ok(());
    }
    if remaining == 1 && last == LastLevel::Counted {
        per_depth[k + 1] += core.count_moves()?;
        return Ok(());
    }
    let mut buf = bufs.pop().unwrap_or_default();
    core.gen_moves(&mut buf)?;
    per_depth[k + 1] += buf.len() as u64;
    let mut result = Ok(());
    for i in 0..buf.len() {
        let r = core
            .apply_move(buf.get(i))
            .and_then(|()| rec(core, remaining - 1, k + 1, last, bufs, per_depth));
        core.undo_move();
        if r.is_err() {
            result = r;
            break;
        }
    }
    bufs.push(buf);
    result
}

/// Perft with the root's moves spread over rayon's threads (each works on its own copy).
pub fn perft_parallel(state: &mut State<'_>, depth: u32) -> Result<PerftCounts, GameError> {
    if depth <= 1 {
        return perft(state, depth);
    }
    if let Some(e) = state.error() {
        return Err(e.clone());
    }
    let mut root = MoveBuf::default();
    state.core().gen_moves(&mut root)?;
    let moves: Vec<Vec<(u32, u32)>> = (0..root.len()).map(|i| root.get(i).to_vec()).collect();
    let template = state.core().clone();
    type Part = (Vec<u64>, Option<GameError>);
    let parts: Vec<Result<Part, GameError>> = moves
        .par_iter()
        .map(|mv| {
            let mut core = template.clone();
            let core = &mut core;
            let mut per_depth = vec![0u64; depth as usize + 1];
            core.apply_move(mv)?;
            let mut bufs = Vec::new();
            let last = LastLevel::Counted;
            rec(core, depth - 1, 1, last, &mut bufs, &mut per_depth)?;
            Ok((per_depth, core.warning.take()))
        })
        .collect();
    let mut per_depth = vec![0u64; depth as usize + 1];
    per_depth[0] = 1;
    per_depth[1] = moves.len() as u64;
    for p in parts {
        let (counts, warning) = p?;
        for (a, b) in per_depth.iter_mut().zip(counts) {
            *a += b;
        }
        if let Some(w) = warning {
            state.core().warning.get_or_insert(w);
        }
    }
    Ok(PerftCounts {
        leaves: per_depth[depth as usize],
        nodes: per_depth.iter().sum(),
    })
}
