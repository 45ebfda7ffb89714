//! The compiled form of a game that the move generator runs: the actions of all automata in
//! one flat state space ([`Op`]), their successor lists and the tables precomputed for them
//! ([`Program`]). [`crate::compile`] builds it.

use crate::arith::Expr;
use ir::{CmpOp, NodeId};

/// "No vertex" / "no table".
pub(crate) const NONE: u32 = u32::MAX;

/// The action that leads into a state.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Op {
    /// The start state of an automaton: no action leads into it.
    Start,
    Shift(u32),
    /// `{pieces}` as a bit mask (games with at most 64 pieces).
    On(u64),
    /// `{pieces}` as an offset into `Program::on_table` (larger games).
    OnSet(u32),
    Off {
        piece: u16,
        modifier: u32,
    },
    Assign {
        var: u32,
        expr: u32,
        modifier: u32,
    },
    Compare {
        left: u32,
        op: CmpOp,
        right: u32,
    },
    /// `player == nplayers` is the keeper.
    Switch {
        player: u32,
        modifier: u32,
    },
    Pattern {
        start: u32,
        positive: bool,
        /// Patterns with structurally equal bodies share a class: within one level (fixed
        /// semi-state) their result at a vertex is computed once (`{? X} ... + {! X}`).
        class: u32,
    },
}

impl Op {
    pub(crate) fn is_shift(&self) -> bool {
        matches!(self, Op::Shift(_))
    }
}

/// A region entry: take action `j` at vertex `w` (or accept, if `j == ACCEPT`). `mask` is
/// the piece set of an on (all ones for other actions), so most failing ons are rejected
/// without looking the action up.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub j: u32,
    pub w: u32,
    pub mask: u64,
    /// `j` is a modifier or switch: taking it runs its search at once (nothing is pushed).
    pub runs_now: bool,
    /// `j` is an on with `Hot::drops`: the mask is its whole test.
    pub drops: bool,
    /// For a `drops` entry: the moves it ends (switches after each off after `j`).
    pub moves: u32,
}

/// `Program::flat` kinds: some successor would be pushed; all run at once (modifiers and
/// switches); all are `Hot::direct` tests; both of the latter.
pub(crate) const FLAT_NO: u8 = 0;
pub(crate) const FLAT_RUNS: u8 = 1;
pub(crate) const FLAT_TESTS: u8 = 2;
pub(crate) const FLAT_MIXED: u8 = 3;

/// Marks a region entry where a pattern body may end.
pub(crate) const ACCEPT: u32 = u32::MAX - 1;

#[derive(Clone, Copy, Debug)]
pub(crate) struct Hot {
    pub op: Op,
    /// The state's visited-array index times the number of vertices (the offset of its marks
    /// in a level), or NONE if it needs no mark.
    pub check: u32,
    /// A pattern body may end right after this action.
    pub accepting: bool,
    /// A modifier whose successors are all switches: the move ends right after it, so nothing
    /// can read its change and a search that only counts or lists moves need not apply it.
    pub ends_move: bool,
    /// A test (not a modifier) after which only modifiers and switches can follow, with no
    /// shift table and not accepting: taking it pushes nothing on its level (see
    /// `Program::succ_direct`).
    pub direct: bool,
    /// A direct test followed only by offs that end the move (`ends_move`): when counting,
    /// each of them adds its switches.
    pub drops: bool,
    /// An off whose level is a shift-table row of `drops` ons only (no whole-board class, not
    /// accepting): when counting, `Core::scan_drops` runs it.
    pub scan: bool,
    /// An off with a shift table (no whole-board class, not accepting) whose successors all
    /// start its rows: if no row entry at the vertex passes its mask, the off's level finds
    /// nothing (`Core::row_may_pass`).
    pub prescan: bool,
    /// A `scan` off none of whose rows reaches the same off at the same vertex twice: its
    /// passing entries' `Entry::moves` add up without marks.
    pub scan_unique: bool,
}

/// The compiled game: automata, action tables, board, declarations.
#[derive(Clone, Debug)]
pub(crate) struct Program {
    pub ops: Vec<Op>,
    /// The IR node of each state (the rules root for the main start state, the pattern node for
    /// a pattern's start state): error messages name it.
    pub node: Vec<NodeId>,
    pub succ_start: Vec<u32>,
    pub succ: Vec<u32>,
    /// Dense visited-array index of a state, or NONE if it needs no visited mark.
    pub check: Vec<u32>,
    pub n_checked: usize,
    /// A pattern body may end in this state.
    pub accepting: Vec<bool>,
    pub exprs: Vec<Expr>,
    pub on_table: Vec<bool>,
    /// Per state: base index into `rows` of its shift-region table, or NONE.
    pub table: Vec<u32>,
    /// Per tabled state: a class reached at every vertex from every vertex (e.g. after
    /// `anySquare`), kept out of the rows and expanded over the whole board — through the
    /// piece lists when its actions are ons — or NONE.
    pub full_class: Vec<u32>,
    /// `rows[base + v] .. rows[base + v + 1]` are the entries of vertex `v`.
    pub rows: Vec<u32>,
    /// Region entries during construction: (class, vertex).
    pub entries: Vec<(u32, u32)>,
    /// Region entries as the move generator reads them (see [`Entry`]).
    pub row_entries: Vec<Entry>,
    /// Per row (`table[q] + v`): some entry is at `v` itself.
    pub row_self: Vec<bool>,
    /// `ops` and `check` side by side for the move generator's inner loop.
    pub hot: Vec<Hot>,
    pub class_start: Vec<u32>,
    pub class_succ: Vec<u32>,
    pub class_accepting: Vec<bool>,
    /// `nb[v * ndirs + d]`, NONE when there is no edge.
    pub nb: Vec<u32>,
    pub ndirs: usize,
    pub nvertices: usize,
    pub npieces: usize,
    pub nplayers: u32,
    pub bounds: Vec<i64>,
    /// `mod_state[i]` is the state of modifier index `i` (1-based; entry 0 unused).
    pub mod_state: Vec<u32>,
    pub initial: Vec<u16>,
    /// Strong straightness of the rules, if finite.
    pub straightness: Option<u64>,
    /// Number of distinct pattern bodies (see `Op::Pattern::class`).
    pub npattern_classes: usize,
    /// Per pattern start state: offset into `links` of its straight body, or NONE (see
    /// `chains`).
    pub chain: Vec<u32>,
    /// Per pattern start state with a straight body: the pattern levels its walk replaces.
    pub chain_nest: Vec<u32>,
    pub links: Vec<Link>,
    /// Per state: how its successors (for a state with a table: its row entries) can be
    /// taken without the stack, one of the `FLAT_*` kinds (see `Core::flat`).
    pub flat: Vec<u8>,
    /// Per state: a keeper state whose completion cannot branch (see `keeper`).
    pub keeper_det: Vec<bool>,
    /// Per state: a level entered here pushes nothing (not accepting, no whole-board class,
    /// and its successors or row entries all direct), so `Core::direct_level` runs it.
    pub direct_level: Vec<bool>,
}

impl Program {
    #[inline(always)]
    pub fn succ_of(&self, q: u32) -> &[u32] {
        let q = q as usize;
        let (lo, hi) = (at(&self.succ_start, q), at(&self.succ_start, q + 1));
        debug_assert!(lo <= hi && hi as usize <= self.succ.len());
        // SAFETY: succ_start is monotone and ends at succ.len() (built in `compile`).
        unsafe { self.succ.get_unchecked(lo as usize..hi as usize) }
    }

    #[inline(always)]
    pub fn class_succ_of(&self, c: u32) -> &[u32] {
        let c = c as usize;
        let (lo, hi) = (at(&self.class_start, c), at(&self.class_start, c + 1));
        debug_assert!(lo <= hi && hi as usize <= self.class_succ.len());
        // SAFETY: class_start is monotone and ends at class_succ.len().
        unsafe { self.class_succ.get_unchecked(lo as usize..hi as usize) }
    }

    pub fn nstates(&self) -> usize {
        self.ops.len()
    }

    /// The modifier index of a modifier state.
    pub fn modifier_of(&self, state: u32) -> u32 {
        match self.ops[state as usize] {
            Op::Off { modifier, .. }
            | Op::Assign { modifier, .. }
            | Op::Switch { modifier, .. } => modifier,
            _ => 0,
        }
    }
}

/// One test of a straight body; a body ends with [`Link::End`].
#[derive(Clone, Copy, Debug)]
pub(crate) enum Link {
    Shift(u32),
    On(u64),
    OnSet(u32),
    Compare {
        left: u32,
        op: CmpOp,
        right: u32,
    },
    /// A nested straight body (offset into `Program::links`) that must hold (or fail).
    Pattern {
        body: u32,
        positive: bool,
    },
    End,
}

/// Unchecked read for the hot loop. Every index used with it is in range by construction of
/// the program (successor lists hold state ids, the board table holds vertex ids or NONE,
/// which is tested before use) — checked in debug builds.
#[inline(always)]
pub(crate) fn at<T: Copy>(xs: &[T], i: usize) -> T {
    debug_assert!(i < xs.len());
    // SAFETY: see above.
    unsafe { *xs.get_unchecked(i) }
}

/// `at` by reference, for larger entries read field by field.
#[inline(always)]
pub(crate) fn at_ref<T>(xs: &[T], i: usize) -> &T {
    debug_assert!(i < xs.len());
    // SAFETY: see `at`.
    unsafe { xs.get_unchecked(i) }
}
