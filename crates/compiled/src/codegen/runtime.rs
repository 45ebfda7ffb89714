//! The generated library's tie to the runtime crate (`compiled_runtime`): the game as its
//! `Game` (the constants, tables and state code written before), the entry symbol of the C
//! ABI, and the runtime's modules as source. Only fixed text and the names written by the
//! other modules appear here: nothing of the game's own text.

/// What the game-specific part uses of the runtime, at the top of the file.
pub(super) const IMPORTS: &str = "\
use rt::search::*;
use rt::sets::*;
use rt::sink::*;
use rt::state::Undo;
type St = rt::state::State<G>;
";

/// `G`, the game as the runtime sees it (`Game`: sizes and tables; `Rules`: the states'
/// code): each item forwards to the generated one of the same name.
pub(super) fn game_impl(out: &mut String) {
    out.push_str(
        "\n// ---- the game as the runtime's `Game` ----\n\
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
    fn initial() -> &'static [Piece; NV] { &INITIAL }
    #[inline(always)]
    fn mod_kind() -> &'static [u8] { &MOD_KIND }
    #[inline(always)]
    fn mod_a() -> &'static [u32] { &MOD_A }
    #[inline(always)]
    fn mod_b() -> &'static [u32] { &MOD_B }
    #[inline(always)]
    fn is_rules_state(q: u32) -> bool { is_rules_state(q) }
    #[inline(always)]
    fn mono_class(q: u32) -> usize { mono_class(q) }
    #[inline(always)]
    fn mono_cell_at() -> &'static [u32] { &MONO_CELL_AT }
    #[inline(always)]
    fn mono_cells() -> &'static [u32] { &MONO_CELLS }
    #[inline(always)]
    fn mono_step_at() -> &'static [u32] { &MONO_STEP_AT }
    #[inline(always)]
    fn mono_steps() -> &'static [u32] { &MONO_STEPS }
    #[inline(always)]
    fn mono_ok() -> &'static [u64] { &MONO_OK }
    #[inline(always)]
    fn mono_mask() -> &'static [u64] { &MONO_MASK }
    #[inline(always)]
    fn mono_list() -> &'static [u32] { &MONO_LIST }
}
impl rt::state::Rules for G {
    #[inline(always)]
    fn level_entry<S: Sink>(c: &mut St, q: u32, v: u32, d: usize, stamp: u32, k: &mut S) -> Flow { level_entry(c, q, v, d, stamp, k) }
    #[inline(always)]
    fn run_state<S: Sink>(c: &mut St, q: u32, v: u32, d: usize, stamp: u32, k: &mut S) -> Flow { run_state(c, q, v, d, stamp, k) }
    #[inline(always)]
    fn plevel_entry(c: &mut St, q: u32, v: u32, d: usize, stamp: u32) -> Flow { plevel_entry(c, q, v, d, stamp) }
    #[inline(always)]
    fn prun_state(c: &mut St, q: u32, v: u32, d: usize, stamp: u32) -> Flow { prun_state(c, q, v, d, stamp) }
    #[inline(always)]
    fn root_level<S: Sink>(c: &mut St, q: u32, v: u32, k: &mut S) -> Flow { root_level(c, q, v, k) }
    #[inline(always)]
    fn keeper_first<const SETS: bool>(c: &mut St, q: u32, v: u32) -> (Flow, bool) { keeper_first::<SETS>(c, q, v) }
    #[inline(always)]
    fn keeper_single(q: u32) -> bool { keeper_single(q) }
    #[inline(always)]
    fn keeper_frontier(q: u32) -> bool { keeper_frontier(q) }
    #[inline(always)]
    fn apply_assign<const LOG: bool>(c: &mut St, m: u32, v: u32) { apply_assign::<LOG>(c, m, v) }
}

/// The C ABI: one symbol, the table of the runtime's functions for `G`.
#[no_mangle]
pub extern \"C\" fn rbg_entry() -> *const rt::abi::VTable {
    static TABLE: rt::abi::VTable = rt::ffi::vtable::<G>();
    &TABLE
}
",
    );
}

/// The runtime crate's modules, each as an inline module of `rt`.
pub(super) fn runtime_module(out: &mut String) {
    out.push_str(
        "\n// ---- the runtime: the compiled_runtime crate's modules ----\npub mod rt {\n",
    );
    for (name, source) in compiled_runtime::MODULES {
        out.push_str("pub mod ");
        out.push_str(name);
        out.push_str(" {\n");
        out.push_str(source);
        out.push_str("}\n");
    }
    out.push_str("}\n");
}
