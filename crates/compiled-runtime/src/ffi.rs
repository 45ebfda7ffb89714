//! The functions of the C ABI ([`super::abi::VTable`]), generic over the game: the generated
//! library exports `rbg_entry`, returning `&vtable::<G>()`.
//!
//! # Safety
//! Every function takes a state pointer made by `new` or `clone` of the same table and not
//! yet given to `free`, and buffers of the lengths `abi::VTable` documents; the loader
//! (`compiled::library`) keeps both promises.

use super::abi::{Fault, Info, Limits, StatePtr, VTable, ABI_VERSION};
use super::game::PieceIndex;

use super::search::Flow;
use super::sink::Mv;
use super::state::{LeafDigest, Rules, State};

/// The table of game `G`'s functions.
pub const fn vtable<G: Rules>() -> VTable {
    VTable {
        abi_version: ABI_VERSION,
        info: Info {
            vertices: G::NV as u64,
            pieces: G::NP as u64,
            players: G::NPLAYERS as u64,
            variables: G::NVARS as u64,
            states: G::NSTATES as u64,
            modifiers: G::NMOD as u64,
            monotonic_classes: G::NMONO as u64,
        },
        new: new::<G>,
        free: free::<G>,
        clone: clone::<G>,
        set_limits: set_limits::<G>,
        set_sampling: set_sampling::<G>,
        class_moves: class_moves::<G>,
        warning: warning::<G>,
        reset_raw: reset_raw::<G>,
        complete_keeper: complete_keeper::<G>,
        error: error::<G>,
        seed: seed::<G>,
        gen: gen::<G>,
        moves: moves::<G>,
        count: count::<G>,
        has_move: has_move::<G>,
        apply: apply::<G>,
        undo: undo::<G>,
        frames: frames::<G>,
        get: get::<G>,
        set: set::<G>,
        hash: hash::<G>,
        perft: perft::<G>,
        playout: playout::<G>,
    }
}

/// The state behind a pointer of this table.
///
/// # Safety
/// `st` is a live state of game `G` (see the module's safety note).
#[inline(always)]
unsafe fn state<'a, G: Rules>(st: StatePtr) -> &'a mut State<G> {
    &mut *(st as *mut State<G>)
}

fn status(r: Result<(), super::state::Failed>) -> i32 {
    match r {
        Ok(()) => 0,
        Err(_) => -1,
    }
}

unsafe extern "C" fn new<G: Rules>(limits: *const Limits) -> StatePtr {
    Box::into_raw(Box::new(State::<G>::new(&*limits))) as StatePtr
}

unsafe extern "C" fn free<G: Rules>(st: StatePtr) {
    drop(Box::from_raw(st as *mut State<G>));
}

unsafe extern "C" fn clone<G: Rules>(st: StatePtr) -> StatePtr {
    Box::into_raw(Box::new(state::<G>(st).clone())) as StatePtr
}

unsafe extern "C" fn set_limits<G: Rules>(st: StatePtr, limits: *const Limits) {
    state::<G>(st).set_limits(&*limits);
}

unsafe extern "C" fn set_sampling<G: Rules>(st: StatePtr, check: u32) {
    state::<G>(st).sample_check = check != 0;
}

/// The number of legal moves the monotonic class starting here predicts (its cells holding a
/// piece its test lets through), or -1 when none starts here: lets tests hold the analysis
/// to the listed moves.
unsafe extern "C" fn class_moves<G: Rules>(st: StatePtr) -> i64 {
    let c = state::<G>(st);
    let class = G::mono_class(c.rules);
    if class == usize::MAX || c.keeper_to_move() {
        return -1;
    }
    State::<G>::mono_cells(class)
        .iter()
        .filter(|&&v| c.mono_ok(class, v))
        .count() as i64
}

unsafe extern "C" fn warning<G: Rules>(st: StatePtr, out: *mut Fault) -> i32 {
    let c = state::<G>(st);
    *out = c.warn;
    (c.warn.kind != 0) as i32
}

unsafe extern "C" fn reset_raw<G: Rules>(st: StatePtr) {
    state::<G>(st).reset_raw();
}

unsafe extern "C" fn complete_keeper<G: Rules>(st: StatePtr) -> i32 {
    status(state::<G>(st).complete_keeper::<true>())
}

unsafe extern "C" fn error<G: Rules>(st: StatePtr, out: *mut Fault) {
    *out = state::<G>(st).err;
}

unsafe extern "C" fn seed<G: Rules>(st: StatePtr, seed: *const u64) {
    let c = state::<G>(st);
    c.rng = *(seed as *const [u64; 4]);
    if c.rng == [0; 4] {
        c.rng = [1, 2, 3, 4];
    }
}

unsafe extern "C" fn gen<G: Rules>(st: StatePtr) -> i64 {
    let c = state::<G>(st);
    match c.gen_moves() {
        Flow::Err => -1,
        _ => c.moves.len() as i64,
    }
}

unsafe extern "C" fn moves<G: Rules>(
    st: StatePtr,
    steps: *mut *const u32,
    ends: *mut *const u32,
    n: *mut u64,
) {
    let c = state::<G>(st);
    *steps = c.flat.0.as_ptr() as *const u32;
    *ends = c.flat.1.as_ptr();
    *n = c.flat.1.len() as u64;
}

unsafe extern "C" fn count<G: Rules>(st: StatePtr) -> i64 {
    match state::<G>(st).count_moves() {
        Ok(n) => n as i64,
        Err(_) => -1,
    }
}

unsafe extern "C" fn has_move<G: Rules>(st: StatePtr) -> i32 {
    let c = state::<G>(st);
    let saved = c.err;
    match c.has_move() {
        Ok(b) => b as i32,
        Err(_) => {
            c.err = saved;
            -1
        }
    }
}

unsafe extern "C" fn apply<G: Rules>(st: StatePtr, steps: *const u32, n: u64) -> i32 {
    let c = state::<G>(st);
    let steps = std::slice::from_raw_parts(steps as *const [u32; 2], n as usize);
    if steps
        .iter()
        .any(|s| s[0] == 0 || s[0] as usize > G::NMOD || s[1] as usize >= G::NV)
    {
        return -2;
    }
    // A listed move ends with its switch; an empty one applies nothing, as it always has.
    status(match steps.split_last() {
        Some((&[m, v], prefix)) => c.apply_move(Mv { prefix, m, v }),
        None => {
            c.push_frame();
            c.complete_keeper::<true>()
        }
    })
}

unsafe extern "C" fn undo<G: Rules>(st: StatePtr) -> i32 {
    if state::<G>(st).undo_move() {
        0
    } else {
        -1
    }
}

unsafe extern "C" fn frames<G: Rules>(st: StatePtr) -> u64 {
    state::<G>(st).frames
}

unsafe extern "C" fn get<G: Rules>(st: StatePtr, pieces: *mut u16, vars: *mut i64, meta: *mut u32) {
    let c = state::<G>(st);
    for (i, p) in (**c.pieces).as_ref().iter().enumerate() {
        *pieces.add(i) = p.index() as u16;
    }
    for (i, &x) in (**c.vars).as_ref().iter().enumerate() {
        *vars.add(i) = x;
    }
    *meta = c.player;
    *meta.add(1) = c.rules;
    *meta.add(2) = c.pos;
}

unsafe extern "C" fn set<G: Rules>(
    st: StatePtr,
    pieces: *const u16,
    vars: *const i64,
    meta: *const u32,
) -> i32 {
    let c = state::<G>(st);
    let pieces = std::slice::from_raw_parts(pieces, G::NV);
    let vars = std::slice::from_raw_parts(vars, G::NVARS);
    let (player, rules, pos) = (*meta, *meta.add(1), *meta.add(2));
    if pieces.iter().any(|&p| p as usize >= G::NP)
        || player > G::NPLAYERS
        || rules as usize >= G::NSTATES
        || (pos as usize >= G::NV && G::NV > 0)
        || !G::is_rules_state(rules)
    {
        return -2;
    }
    for (i, &p) in pieces.iter().enumerate() {
        c.pieces[i] = G::Piece::from_u32(p as u32);
    }
    (**c.vars).as_mut().copy_from_slice(vars);
    (c.player, c.rules, c.pos) = (player, rules, pos);
    c.undo.clear();
    c.frames = 0;
    c.err = Fault::NONE;
    c.recount();
    0
}

unsafe extern "C" fn hash<G: Rules>(st: StatePtr) -> u64 {
    state::<G>(st).full_hash()
}

unsafe extern "C" fn perft<G: Rules>(st: StatePtr, depth: u32, applied: u32, out: *mut u64) -> i32 {
    let c = state::<G>(st);
    let mut per = vec![0u64; depth as usize + 1];
    per[0] = 1;
    c.leaf_digest = match applied {
        2 => LeafDigest::Grouped,
        3 => LeafDigest::Plain,
        _ => LeafDigest::Off,
    };
    c.digest = 0;
    let r = if c.leaf_digest == LeafDigest::Off {
        c.perft::<false>(depth, 0, &mut per, applied != 0)
    } else {
        c.perft::<true>(depth, 0, &mut per, true)
    };
    std::ptr::copy_nonoverlapping(per.as_ptr(), out, per.len());
    if c.leaf_digest != LeafDigest::Off {
        *out.add(per.len()) = c.digest;
        c.leaf_digest = LeafDigest::Off;
    }
    status(r)
}

unsafe extern "C" fn playout<G: Rules>(
    st: StatePtr,
    max_len: u64,
    scores: *mut i64,
    out: *mut u64,
) -> i32 {
    let c = state::<G>(st);
    let scores = std::slice::from_raw_parts_mut(scores, G::NPLAYERS as usize);
    scores.fill(0);
    match c.playout(max_len, scores) {
        Ok((len, fin)) => {
            *out = len;
            *out.add(1) = fin as u64;
            0
        }
        Err(_) => -1,
    }
}
