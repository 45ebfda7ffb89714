//! The C ABI between a generated library and its loader (`compiled::library`). The library
//! exports one symbol, `rbg_entry`, returning a [`VTable`]: its ABI version first, then what
//! the game is and the functions over an opaque state. Both sides compile this module (the
//! loader as a crate, the library as source), so the `repr(C)` types are the same on both.

use std::ffi::c_void;

/// Bumped whenever these types, the functions' meaning or the runtime's semantics change.
pub const ABI_VERSION: u32 = 8;

/// A state of the library, owned by the loader through `new`/`clone` and `free`.
pub type StatePtr = *mut c_void;

/// The limits of a state (`reasoner::Options`, each one reaching the library).
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Modifiers one move may apply (levels below the root).
    pub modifier_limit: u64,
    /// Keeper moves one completion may take.
    pub keeper_limit: u64,
    /// Levels one move generation may enter.
    pub search_limit: u64,
    /// Levels below modifiers inside patterns one move generation may enter.
    pub pattern_limit: u64,
    /// 1: every keeper phase checked (an improper choice is an error); 0: the first move,
    /// with the first `FIRST_MODE_CHECKS` phases checked into a warning.
    pub check_keeper: u32,
}

/// Why a search or a keeper completion failed (`Fault::kind`).
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// No error.
    None = 0,
    ModifierLimit = 1,
    KeeperLoop = 2,
    ImproperKeeper = 3,
    UnboundedCycle = 4,
    SearchLimit = 5,
    PatternLimit = 6,
}

impl ErrorKind {
    /// The kind a `Fault::kind` read from a library names; None for a value no kind has.
    pub fn from_u32(x: u32) -> Option<ErrorKind> {
        use ErrorKind::*;
        [
            None,
            ModifierLimit,
            KeeperLoop,
            ImproperKeeper,
            UnboundedCycle,
            SearchLimit,
            PatternLimit,
        ]
        .into_iter()
        .find(|k| *k as u32 == x)
    }
}

/// An error, or the improper keeper choice first mode found: its kind, the rules state where
/// it happened, the moves compared (improper keeper) and the limit passed.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fault {
    /// An [`ErrorKind`] as `u32`.
    pub kind: u32,
    pub state: u32,
    pub moves: u64,
    pub limit: u64,
}

impl Fault {
    pub const NONE: Fault = Fault {
        kind: ErrorKind::None as u32,
        state: 0,
        moves: 0,
        limit: 0,
    };
}

/// The sizes of the game a library was generated from.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Info {
    pub vertices: u64,
    pub pieces: u64,
    pub players: u64,
    pub variables: u64,
    pub states: u64,
    pub modifiers: u64,
    pub monotonic_classes: u64,
}

/// The library's functions. Results: `i32` 0 for success and -1 for an error kept in the
/// state (`error`), -2 for input out of range (nothing changed); counts are `i64`, -1 for an
/// error. Every pointer argument must be valid for the lengths the game's [`Info`] gives.
#[repr(C)]
pub struct VTable {
    /// [`ABI_VERSION`] of the library: the first field in every version, read before any
    /// other.
    pub abi_version: u32,
    pub info: Info,
    pub new: unsafe extern "C" fn(*const Limits) -> StatePtr,
    pub free: unsafe extern "C" fn(StatePtr),
    pub clone: unsafe extern "C" fn(StatePtr) -> StatePtr,
    pub set_limits: unsafe extern "C" fn(StatePtr, *const Limits),
    /// Playouts sample and check monotonic classes' moves (`!= 0`) or list every move.
    pub set_sampling: unsafe extern "C" fn(StatePtr, u32),
    /// The legal moves the monotonic class starting here predicts, -1 when none starts here.
    pub class_moves: unsafe extern "C" fn(StatePtr) -> i64,
    /// The improper keeper choice first mode found: 1, or 0 when none.
    pub warning: unsafe extern "C" fn(StatePtr, *mut Fault) -> i32,
    /// Back to the declared initial semi-state (keeper to move, nothing applied).
    pub reset_raw: unsafe extern "C" fn(StatePtr),
    pub complete_keeper: unsafe extern "C" fn(StatePtr) -> i32,
    pub error: unsafe extern "C" fn(StatePtr, *mut Fault),
    /// Four words of xoshiro256++ state (all zero is replaced).
    pub seed: unsafe extern "C" fn(StatePtr, *const u64),
    /// Lists the legal moves: their number, or -1.
    pub gen: unsafe extern "C" fn(StatePtr) -> i64,
    /// The moves listed by `gen`: `steps` as (modifier, vertex) pairs, `ends[i]` the pairs
    /// up to the end of move i, `n` moves; valid until the next call on the state.
    pub moves: unsafe extern "C" fn(StatePtr, *mut *const u32, *mut *const u32, *mut u64),
    pub count: unsafe extern "C" fn(StatePtr) -> i64,
    /// 1 if a legal move exists, 0 if not, -1 on error (not kept in the state).
    pub has_move: unsafe extern "C" fn(StatePtr) -> i32,
    /// Applies `n` (modifier, vertex) pairs and the keeper's completion: -1 on a keeper error
    /// (the move stays applied), -2 for a malformed move (nothing applied).
    pub apply: unsafe extern "C" fn(StatePtr, *const u32, u64) -> i32,
    /// Takes back the last move: 0, or -1 when there is none.
    pub undo: unsafe extern "C" fn(StatePtr) -> i32,
    pub frames: unsafe extern "C" fn(StatePtr) -> u64,
    /// Reads the state: pieces (vertices), variables, [player, rules, pos].
    pub get: unsafe extern "C" fn(StatePtr, *mut u16, *mut i64, *mut u32),
    /// Sets the state (the undo stack cleared): 0, or -2 if a value is out of range.
    pub set: unsafe extern "C" fn(StatePtr, *const u16, *const i64, *const u32) -> i32,
    pub hash: unsafe extern "C" fn(StatePtr) -> u64,
    /// Perft to a depth: `out[k]` the states at distance k (depth + 1 words; with `applied`
    /// 2 or 3, one more: the sum of the leaves' hashes). `applied`: 0 counts the last
    /// level, 1 applies every leaf, 2 as perft applies them grouped, 3 each on its own.
    pub perft: unsafe extern "C" fn(StatePtr, u32, u32, *mut u64) -> i32,
    /// One uniform random playout (the state restored afterwards): final scores (players)
    /// into `scores`, `out` = [length, finished].
    pub playout: unsafe extern "C" fn(StatePtr, u64, *mut i64, *mut u64) -> i32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_error_kind_round_trips_and_unknown_codes_are_none() {
        for x in 0..7 {
            assert_eq!(ErrorKind::from_u32(x).map(|k| k as u32), Some(x));
        }
        assert_eq!(ErrorKind::from_u32(7), None);
        assert_eq!(ErrorKind::from_u32(u32::MAX), None);
    }

    /// The loader reads the version before trusting anything else of the table.
    #[test]
    fn the_version_is_the_tables_first_field() {
        assert_eq!(std::mem::offset_of!(VTable, abi_version), 0);
    }
}
