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
//! * `analysis`: shared pattern bodies, patterns explored in any order, counter use.
//! * `regions`: whole-board shift regions (`anySquare`) run per vertex instead of walked.
//! * `levels`: which states get functions of their own, which levels are direct calls.
//! * `keeper`: the keeper's first move as direct calls of inlined code (`keeper_level`).
//! * `single`: the keeper states with at most one move, which check mode need not list.
//! * `code`: the code written first (the states' functions, the set functions), with the
//!   `Needs` it found.
//! * `context`: what the emit functions carry down (`Scope`) and collect (`Needs`).
//! * `states`: a state's code (successors, rays, marks, calls, modifiers).
//! * `chains`: shift chains in one step, short pattern bodies evaluated in place.
//! * `bitsets`: pattern bodies tested across the board evaluated at every vertex at once.
//! * `reach`: levels of shifts and tests evaluated as sets of vertices.
//! * `frontier_sets`: the keeper's search cut at the frontier (`single`) as sets.
//! * `cover`: branches that can move only where a pattern holds (for `single`).
//! * `defer`: modifiers a listing search records without applying.
//! * `light`: modifiers a listing search applies to the board alone.
//! * `items`: the file's other items (board tables, expressions, dispatch, the modifier
//!   tables and `apply_assign`, the monotonic move classes of `crate::monotonic`).
//! * `runtime`: the game as a `compiled_runtime::game::Game`, the C ABI's entry symbol, and
//!   the runtime crate's modules as source (`mod rt`), which do the rest.

use crate::tables::{shift_tables, ShiftTable};
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
mod reach;
mod regions;
mod runtime;
mod single;
mod states;

use analysis::{canonical_patterns, expr_uses_counts, free_pattern_order, pattern_states};
use code::{Body, Code};
use context::{Needs, Scope};
use items::cmp_text;
use regions::{full_regions, unmarked_by_regions, FullRegion};

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

/// The plan: what `new` decided from the automaton, read (never changed) by the emit
/// functions.
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

impl<'a, 'v> Gen<'a, 'v> {
    fn new(view: &'a ProgramView<'v>) -> Self {
        let n = view.nstates();
        let actions: Vec<ActionView> = (0..n as u32).map(|q| view.action(q)).collect();
        let rep = canonical_patterns(view, &actions);
        let is_entry = |q: u32| {
            rep[q as usize] == q
                && matches!(
                    actions[q as usize],
                    ActionView::Start
                        | ActionView::Off { .. }
                        | ActionView::Assign { .. }
                        | ActionView::Switch { .. }
                )
        };
        let in_pattern = pattern_states(view);
        let preds = crate::marks::predecessors(view);
        let crate::marks::Marks { need, rays, merges } =
            crate::marks::needs_mark(view, &actions, &is_entry, &in_pattern, &preds);
        let mut check = vec![None; n];
        let mut ncheck = 0;
        for q in 0..n {
            if rep[q] != q as u32 {
                continue; // no code: a copy of an equal pattern body
            }
            if need[q] {
                check[q] = Some(ncheck);
                ncheck += 1;
            }
        }
        let uses_counts = expr_uses_counts(view);
        let (full, covered) = full_regions(view, &actions, &rep, &check, &preds);
        for j in unmarked_by_regions(view, &actions, &preds, &is_entry, &full, &covered) {
            check[j as usize] = None;
        }
        let usable =
            |q: u32| rep[q as usize] == q && !covered[q as usize] && full[q as usize].is_none();
        let in_ray = |q: u32| rays.iter().any(|r| r.contains(&q));
        // A table's shifts may be a ray (it replaces the ray); its root may not.
        let is_shift = |q: u32| matches!(actions[q as usize], ActionView::Shift { .. });
        let tables = shift_tables(
            view,
            &actions,
            &is_entry,
            &|q| usable(q) && (is_shift(q) || !in_ray(q)),
            &preds,
        );
        let mut in_table = vec![false; n];
        let mut table_at = vec![None; n];
        for (i, t) in tables.iter().enumerate() {
            table_at[t.root as usize] = Some(i);
            for &s in &t.region {
                in_table[s as usize] = true;
                check[s as usize] = None;
            }
            for e in &t.exits {
                if !e.mark {
                    // Only this table leads into the exit, once per level: no mark.
                    check[e.state as usize] = None;
                } else if check[e.state as usize].is_none() {
                    check[e.state as usize] = Some(ncheck);
                    ncheck += 1;
                }
            }
        }
        // A ray runs as a loop unless a region touches it (then the stack runs it) or a
        // table replaces it.
        let mut ray_at = vec![None; n];
        let rays: Vec<Vec<u32>> = rays
            .into_iter()
            .filter(|r| r.iter().all(|&q| usable(q) && !in_table[q as usize]))
            .collect();
        for (i, r) in rays.iter().enumerate() {
            ray_at[r[0] as usize] = Some(i);
        }
        let accept_distance = free_pattern_order(view, &actions);
        let mut on_ray = vec![false; n];
        for &q in rays.iter().flatten() {
            on_ray[q as usize] = true;
        }
        // A merge left unmarked by `crate::paths` keeps its mark after all when one of the
        // rays of its proof is written as plain code (not a loop, a shift table or a
        // whole-board region): that cycle's code would be unrolled with a copy of the
        // merge's code per path (a fuzzed automaton took minutes).
        let plain = |s: u32| !(on_ray[s as usize] || in_table[s as usize] || covered[s as usize]);
        for (q, ray_states) in merges {
            let q = q as usize;
            if check[q].is_none() && !in_table[q] && ray_states.iter().any(|&s| plain(s)) {
                check[q] = Some(ncheck);
                ncheck += 1;
            }
        }
        let defer = defer::deferrable_modifiers(view, &actions, &in_pattern);
        let offsets = bitsets::uniform_offsets(view);
        let keeper = keeper::keeper_states(view, &actions);
        let reach = reach::reach_levels(
            view,
            &actions,
            &is_entry,
            &in_pattern,
            &offsets,
            &preds,
            &keeper,
            &tables,
            &table_at,
        );
        let light =
            light::light_modifiers(view, &actions, &in_pattern, &full, &covered, &rep, &reach);
        let mut g = Gen {
            defer,
            light,
            offsets,
            reach,
            keeper,
            keeper_shape: single::KeeperShape::of(view, &actions, &rep),
            frontier_sets: Vec::new(),
            preds,
            on_ray,
            tables,
            table_at,
            direct_level: vec![false; n],
            accept_distance,
            rays,
            ray_at,
            full,
            covered,
            view,
            actions,
            check,
            ncheck,
            pushed: vec![false; n],
            in_pattern,
            rep,
            uses_counts,
        };
        g.find_pushed();
        g.frontier_sets = g.plan_frontier_sets();
        g.direct_level = g.direct_levels();
        g
    }
}
