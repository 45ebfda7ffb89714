//! The generated game's tie to the runtime: [`export_game!`](crate::export_game) declares
//! the game type `G`, implements [`Game`](super::game::Game) and
//! [`Rules`](super::state::Rules) for it by forwarding to the generated items of the same
//! names (constants, tables, the states' code), and exports the C ABI's one entry symbol.
//!
//! The generated library invokes it once; the runtime's modules are `rt` there, so the
//! macro names them through `rt::` (a test of this crate says `use compiled_runtime as
//! rt;`). Its items are resolved where it is invoked.

/// Declares `G` and exports it (see the module docs). The invoking module defines the
/// game's constants (`NV`, `NP`, `NVARS`, `NSTATES`, `NMOD`, `NPLAYERS`, `NCHECK`, `WORDS`,
/// `USES_COUNTS`, `USES_PBITS`, `NMONO`, `MONO_WORDS`), its `Piece` type, its tables
/// (`INITIAL`, `MOD_KIND`, `MOD_A`, `MOD_B`, `MONO_*`) and the functions `Game` and
/// `Rules` forward to.
#[macro_export]
macro_rules! export_game {
    () => {
        #[derive(Clone, Copy)]
        pub struct G;

        impl rt::game::Game for G {
            const NV: usize = NV;
            const NP: usize = NP;
            const NVARS: usize = NVARS;
            const NSTATES: usize = NSTATES;
            const NMOD: usize = NMOD;
            const NPLAYERS: u32 = NPLAYERS;
            const NCHECK: usize = NCHECK;
            const WORDS: usize = WORDS;
            const USES_COUNTS: bool = USES_COUNTS;
            const USES_PBITS: bool = USES_PBITS;
            const NMONO: usize = NMONO;
            const MONO_WORDS: usize = MONO_WORDS;
            type Piece = Piece;
            type Board = [Piece; NV];
            type Counts = [u32; NP];
            type PieceSets = [u64; if USES_PBITS { NP * WORDS } else { 0 }];
            type Vars = [i64; NVARS];
            type Set = [u64; WORDS];
            #[inline(always)]
            fn initial() -> &'static [Piece; NV] {
                &INITIAL
            }
            #[inline(always)]
            fn mod_kind() -> &'static [u8] {
                &MOD_KIND
            }
            #[inline(always)]
            fn mod_a() -> &'static [u32] {
                &MOD_A
            }
            #[inline(always)]
            fn mod_b() -> &'static [u32] {
                &MOD_B
            }
            #[inline(always)]
            fn is_rules_state(q: u32) -> bool {
                is_rules_state(q)
            }
            #[inline(always)]
            fn mono_class(q: u32) -> usize {
                mono_class(q)
            }
            #[inline(always)]
            fn mono_cell_at() -> &'static [u32] {
                &MONO_CELL_AT
            }
            #[inline(always)]
            fn mono_cells() -> &'static [u32] {
                &MONO_CELLS
            }
            #[inline(always)]
            fn mono_step_at() -> &'static [u32] {
                &MONO_STEP_AT
            }
            #[inline(always)]
            fn mono_steps() -> &'static [u32] {
                &MONO_STEPS
            }
            #[inline(always)]
            fn mono_ok() -> &'static [u64] {
                &MONO_OK
            }
            #[inline(always)]
            fn mono_mask() -> &'static [u64] {
                &MONO_MASK
            }
            #[inline(always)]
            fn mono_list() -> &'static [u32] {
                &MONO_LIST
            }
        }

        impl rt::state::Rules for G {
            #[inline(always)]
            fn level_entry<S: rt::sink::Sink>(
                c: &mut rt::state::State<G>,
                q: u32,
                v: u32,
                d: usize,
                stamp: u32,
                k: &mut S,
            ) -> rt::search::Flow {
                level_entry(c, q, v, d, stamp, k)
            }
            #[inline(always)]
            fn run_state<S: rt::sink::Sink>(
                c: &mut rt::state::State<G>,
                q: u32,
                v: u32,
                d: usize,
                stamp: u32,
                k: &mut S,
            ) -> rt::search::Flow {
                run_state(c, q, v, d, stamp, k)
            }
            #[inline(always)]
            fn plevel_entry(
                c: &mut rt::state::State<G>,
                q: u32,
                v: u32,
                d: usize,
                stamp: u32,
            ) -> rt::search::Flow {
                plevel_entry(c, q, v, d, stamp)
            }
            #[inline(always)]
            fn prun_state(
                c: &mut rt::state::State<G>,
                q: u32,
                v: u32,
                d: usize,
                stamp: u32,
            ) -> rt::search::Flow {
                prun_state(c, q, v, d, stamp)
            }
            #[inline(always)]
            fn root_level<S: rt::sink::Sink>(
                c: &mut rt::state::State<G>,
                q: u32,
                v: u32,
                k: &mut S,
            ) -> rt::search::Flow {
                root_level(c, q, v, k)
            }
            #[inline(always)]
            fn keeper_first<const SETS: bool>(
                c: &mut rt::state::State<G>,
                q: u32,
                v: u32,
            ) -> (rt::search::Flow, bool) {
                keeper_first::<SETS>(c, q, v)
            }
            #[inline(always)]
            fn keeper_single(q: u32) -> bool {
                keeper_single(q)
            }
            #[inline(always)]
            fn keeper_frontier(q: u32) -> bool {
                keeper_frontier(q)
            }
            #[inline(always)]
            fn keeper_frontier_hits(c: &rt::state::State<G>, q: u32, v: u32) -> Option<u32> {
                keeper_frontier_hits(c, q, v)
            }
            #[inline(always)]
            fn apply_assign<const LOG: bool>(c: &mut rt::state::State<G>, m: u32, v: u32) {
                apply_assign::<LOG>(c, m, v)
            }
        }

        /// The C ABI: one symbol, the table of the runtime's functions for `G`.
        #[no_mangle]
        pub extern "C" fn rbg_entry() -> *const rt::abi::VTable {
            static TABLE: rt::abi::VTable = rt::ffi::vtable::<G>();
            &TABLE
        }
    };
}
