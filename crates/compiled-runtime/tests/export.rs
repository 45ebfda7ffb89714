//! `export_game!` over a game written by hand, as the generator would write it: three
//! vertices, the keeper hands the move to the player, who then puts a switch on any vertex
//! forever. Perft counts 3^depth, through the runtime's search, keeper and perft.

use compiled_runtime as rt;
use rt::search::Flow;
use rt::sink::{KeepFirst, Sink};

type St = rt::state::State<G>;
type Piece = u8;

const NV: usize = 3;
const NP: usize = 1;
const NVARS: usize = 0;
const NSTATES: usize = 2;
const NMOD: usize = 2;
const NPLAYERS: u32 = 1;
const NCHECK: usize = 0;
const WORDS: usize = 1;
const USES_COUNTS: bool = false;
const USES_PBITS: bool = false;
const NMONO: usize = 0;
const MONO_WORDS: usize = 1;

static INITIAL: [Piece; NV] = [0; NV];
// Modifier 1: the keeper's switch to player 0 at rules state 1; modifier 2: the player's
// own switch back to state 1 (kind 3: a switch; a: the player; b: the rules state).
static MOD_KIND: [u8; NMOD + 1] = [0, 3, 3];
static MOD_A: [u32; NMOD + 1] = [0, 0, 0];
static MOD_B: [u32; NMOD + 1] = [0, 1, 1];
static MONO_CELL_AT: [u32; 1] = [0];
static MONO_CELLS: [u32; 0] = [];
static MONO_STEP_AT: [u32; 1] = [0];
static MONO_STEPS: [u32; 0] = [];
static MONO_OK: [u64; 0] = [];
static MONO_MASK: [u64; 0] = [];
static MONO_LIST: [u32; 0] = [];

fn is_rules_state(_: u32) -> bool {
    true
}
fn mono_class(_: u32) -> usize {
    usize::MAX
}

/// State 0 (the keeper): switch to the player where it stands; state 1: a switch on every
/// vertex.
fn root_level<S: Sink>(c: &mut St, q: u32, v: u32, k: &mut S) -> Flow {
    let (m, targets) = if q == 0 {
        (1, v..v + 1)
    } else {
        (2, 0..NV as u32)
    };
    for w in targets {
        if k.switch(&c.path, m, w) {
            if S::KEEP {
                c.player = 0;
                c.rules = 1;
                c.pos = w;
            }
            return Flow::Stop;
        }
    }
    Flow::Go
}
fn keeper_first<const SETS: bool>(c: &mut St, q: u32, v: u32) -> (Flow, bool) {
    let mut k = KeepFirst::<false, SETS> { found: false };
    let f = root_level(c, q, v, &mut k);
    (f, k.found)
}
fn keeper_single(q: u32) -> bool {
    q == 0
}
fn keeper_frontier(_: u32) -> bool {
    false
}
fn keeper_frontier_hits(_: &St, _: u32, _: u32) -> Option<u32> {
    None
}
// Levels and pattern bodies below the root: this game has none.
fn level_entry<S: Sink>(_: &mut St, _: u32, _: u32, _: usize, _: u32, _: &mut S) -> Flow {
    Flow::Go
}
fn run_state<S: Sink>(_: &mut St, _: u32, _: u32, _: usize, _: u32, _: &mut S) -> Flow {
    Flow::Go
}
fn plevel_entry(_: &mut St, _: u32, _: u32, _: usize, _: u32) -> Flow {
    Flow::Go
}
fn prun_state(_: &mut St, _: u32, _: u32, _: usize, _: u32) -> Flow {
    Flow::Go
}
fn apply_assign<const LOG: bool>(_: &mut St, _: u32, _: u32) {
    unreachable!("no assignments")
}

rt::export_game!();

#[test]
fn the_exported_table_describes_the_game() {
    // SAFETY: the table is a static of this test binary.
    let table = unsafe { &*rbg_entry() };
    assert_eq!(table.abi_version, rt::abi::ABI_VERSION);
    assert_eq!((table.info.vertices, table.info.players), (3, 1));
}

#[test]
fn perft_of_the_exported_game_counts_every_switch() {
    let limits = rt::abi::Limits {
        modifier_limit: 100,
        keeper_limit: 100,
        search_limit: 1_000,
        pattern_limit: 1_000,
        check_keeper: 1,
    };
    let mut s = St::new(&limits);
    s.complete_keeper::<false>().expect("the keeper hands over");
    assert_eq!((s.player, s.rules), (0, 1));
    let mut per_depth = [0u64; 4];
    per_depth[0] = 1;
    s.perft::<false>(3, 0, &mut per_depth, true)
        .expect("no error");
    assert_eq!(per_depth, [1, 3, 9, 27]);
}
