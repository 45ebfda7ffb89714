//! The reasoner's automaton → Rust source of one game (a self-contained `cdylib` crate).
//!
//! Every NFA state becomes code. A level of the search (one modifier sequence, the paper's
//! Algorithm 1) starts in `level_entry`, whose match arms are the states a level can start
//! from (start states, modifiers, switches); the states that need a visited mark are pushed
//! on the level's stack and dispatched by `run_state`. A state with a single predecessor and
//! no shift into it is reached at most once per level and vertex when its predecessor is, so
//! it needs no mark: its code is inlined into the predecessor's. Board neighbours are a
//! static array, piece tests are bit masks, expressions are checked `i64` arithmetic written
//! out per expression.
//!
//! Nothing from the game's text is emitted: pieces, variables, players and vertices are
//! indices, so no game can inject code.
//!
//! Plan, then emit (as a compiler's back ends read an analysis made before any of them
//! writes). `Gen::new` is the plan: every decision that reads only the automaton (marks,
//! rays, shift tables, whole-board regions, levels of sets, direct levels, the keeper's
//! shape), made before any text is written. The emit functions are `&self` methods over it
//! and the plan has no interior mutability. What only writing finds out (the composite
//! steps, masks, pattern sets and `pat{q}` functions the code uses, the levels called from
//! loops) is collected in `context::Needs`, passed as `&mut`; where the code being written
//! sits (`context::Scope`) is passed by value. The order this imposes is in `generate`'s
//! types: `Gen::code` writes the states' code and the set functions first and returns them
//! with the `Needs` they found (`code::Code`); the file's items are then written in the
//! file's order, those that depend on the code from that `Needs`, which nothing can add to
//! any more (it is no longer mutable).
//!
//! * `plan`: `Gen::new`, where marks, whole-board regions, shift tables and rays are
//!   decided together, then the analyses below.
//! * `analysis`: shared pattern bodies, patterns explored in any order, counter use.
//! * `regions`: whole-board shift regions (`anySquare`) run per vertex instead of walked.
//! * `levels`: which states get functions of their own, which levels are direct calls.
//! * `keeper`: the keeper's first move as direct calls of inlined code (`keeper_first`).
//! * `single`: the keeper states with at most one move, which check mode need not list.
//! * `code`: the code written first (the states' functions, the set functions), with the
//!   `Needs` it found.
//! * `context`: what the emit functions carry down (`Scope`) and collect (`Needs`).
//! * `states`: a state's code (successors, rays, marks, calls).
//! * `modifiers`: a modifier's code.
//! * `chains`: shift chains in one step, short pattern bodies evaluated in place.
//! * `bitsets`: pattern bodies tested across the board evaluated at every vertex at once.
//! * `reach`: levels of shifts and tests evaluated as sets of vertices (their code:
//!   `reach::write`).
//! * `frontier_sets`: the keeper's search cut at the frontier (`single`) as sets.
//! * `cover`: branches that can move only where a pattern holds (for `single`).
//! * `defer`: modifiers a listing search records without applying.
//! * `light`: modifiers a listing search applies to the board alone.
//! * `items`: the file's other items (board tables, expressions, dispatch, the modifier
//!   tables and `apply_assign`, the monotonic move classes of `crate::monotonic`).
//! * `runtime`: the game as a `compiled_runtime::game::Game`, the C ABI's entry symbol, and
//!   the runtime crate's modules as source (`mod rt`), which do the rest.

use crate::tables::ShiftTable;
use reasoner::view::{ActionView, ExprView, ProgramView};
use std::fmt::Write as _;

mod analysis;
mod bitsets;
mod chains;
mod code;
mod context;
mod cover;
mod defer;
mod frontier_sets;
mod items;
mod keeper;
mod levels;
mod light;
mod modifiers;
mod plan;
mod reach;
mod regions;
mod runtime;
mod single;
mod states;

use code::{Body, Code};
use context::{Needs, Scope};
use items::cmp_text;
use regions::FullRegion;

pub use compiled_runtime::abi::ABI_VERSION;

/// Deeper inlining of unmarked states is cut (the state is pushed instead) to keep the
/// generated code shallow.
const MAX_INLINE_DEPTH: usize = 24;

/// Largest automaton (states) the generator accepts.
const MAX_STATES: usize = 60_000;

/// Why a game is left to the interpreter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal(pub String);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Generates the source of the game's library.
pub fn generate(view: &ProgramView<'_>) -> Result<String, Refusal> {
    let n = view.nstates();
    if n > MAX_STATES {
        return Err(Refusal(format!(
            "{n} automaton states (the compiled engine takes at most {MAX_STATES})"
        )));
    }
    if view.npieces() > u16::MAX as usize {
        return Err(Refusal("more than 65535 pieces".into()));
    }
    if let Some(q) = analysis::pattern_modifier_cycle(view) {
        // The interpreter prunes a pattern's repeated (state, vertex, semi-state) levels and
        // bounds its work; the generated code walks every path, which here never ends.
        return Err(Refusal(format!(
            "a pattern applies a modifier in a loop (automaton state {q})"
        )));
    }
    let g = Gen::new(view);
    // The code that finds what the other items hold first; the file in its order after.
    let Code {
        bodies,
        sets,
        needs,
    } = g.code();
    let mut out = String::with_capacity(1 << 16);
    g.prelude(&mut out);
    g.table_arrays(&mut out);
    g.exprs(&mut out);
    g.dispatch(&mut out, bodies, &needs);
    g.root_level(&mut out);
    g.keeper_first(&mut out);
    g.keeper_single(&mut out);
    out.push_str(&sets);
    g.set_masks(&mut out, &needs);
    g.reach_arrays(&mut out, &needs);
    g.table_set_arrays(&mut out, &needs);
    g.apply_mod(&mut out);
    g.composite_arrays(&mut out, &needs);
    let classes = crate::monotonic::monotonic_classes(view, &g.actions);
    items::mono_items(&mut out, &classes, view.npieces(), view.nvertices());
    runtime::game_impl(&mut out);
    runtime::runtime_module(&mut out);
    Ok(out)
}

/// The plan: what `new` (`plan.rs`) decided from the automaton, read (never changed) by
/// the emit functions.
struct Gen<'a, 'v> {
    view: &'a ProgramView<'v>,
    actions: Vec<ActionView>,
    /// Visited-array index of each state that needs a mark.
    check: Vec<Option<u32>>,
    ncheck: u32,
    /// Whether `run_state` must have an arm for the state (it can be pushed).
    pushed: Vec<bool>,
    /// The state belongs to a pattern body (not to the rules' automaton).
    in_pattern: Vec<bool>,
    /// Per state: its whole-board shift region (see `full_regions`).
    full: Vec<Option<FullRegion>>,
    /// Shift states only reached inside a whole-board region: no code.
    covered: Vec<bool>,
    /// The state whose code runs for this one: states of structurally equal pattern bodies
    /// share the code of the first such body.
    rep: Vec<u32>,
    uses_counts: bool,
    /// Per state: steps to an accepting state when it belongs to a pattern body whose order
    /// of exploration cannot change its result (`free_pattern_order`), else `None`.
    accept_distance: Vec<Option<u32>>,
    /// Per entry state of the rules and start of a pattern body: its level needs no mark and
    /// pushes nothing, so it can run as a direct call of its code instead of through `level`
    /// or `plevel` (`direct_levels`).
    direct_level: Vec<bool>,
    /// Rays (see `marks`): each runs as one `loop` entered at its first state.
    rays: Vec<Vec<u32>>,
    /// Per state: the ray it is the first state of.
    ray_at: Vec<Option<usize>>,
    /// Shift tables (see `tables`), and per state the table it is the root of.
    tables: Vec<ShiftTable>,
    table_at: Vec<Option<usize>>,
    /// Predecessors per state.
    preds: Vec<Vec<u32>>,
    /// States on a kept ray.
    on_ray: Vec<bool>,
    /// Modifiers that sinks not keeping their move record without applying
    /// (`defer::deferrable_modifiers`).
    defer: Vec<bool>,
    /// Modifiers that sinks not keeping their move apply to the pieces only
    /// (`light::light_modifiers`).
    light: Vec<bool>,
    /// Per direction: the vertex offset of every neighbour in it, if one (`bitsets`).
    offsets: Vec<Option<i64>>,
    /// Per entry state: its level evaluated as sets of vertices (`reach.rs`).
    reach: Vec<Option<reach::ReachLevel>>,
    /// Per state: it may run while the keeper is to move (`keeper::keeper_states`).
    keeper: Vec<bool>,
    /// Where check mode need not list the keeper's moves (`single`).
    keeper_shape: single::KeeperShape,
    /// The cut states whose frontier search is computed as sets (`frontier_sets`).
    frontier_sets: Vec<frontier_sets::FrontierSet>,
}
