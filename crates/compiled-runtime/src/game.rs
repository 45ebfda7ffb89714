//! What a generated game gives the runtime: its sizes and tables ([`Game`]; the code of its
//! states is `state::Rules`). The generated library defines one type (`G`) implementing both;
//! every function of the runtime is generic over it and instantiated once, there.

use std::ops::{Index, IndexMut};

/// A fixed-length array (`[T; N]`): the state's boards, counts and vertex sets have lengths
/// the game fixes, so indexing them checks against a constant.
pub trait Array<T: Copy>:
    Copy + AsRef<[T]> + AsMut<[T]> + Index<usize, Output = T> + IndexMut<usize> + 'static
{
    /// The array with every element `x`.
    fn splat(x: T) -> Self;
}

impl<T: Copy + 'static, const N: usize> Array<T> for [T; N] {
    #[inline(always)]
    fn splat(x: T) -> Self {
        [x; N]
    }
}

/// A piece index as the board stores it (`u8` when the game has at most 256 pieces).
pub trait PieceIndex: Copy + Eq + Default + 'static {
    fn from_u32(x: u32) -> Self;
    fn index(self) -> usize;
}

macro_rules! piece_index {
    ($($t:ty),*) => {$(
        impl PieceIndex for $t {
            #[inline(always)]
            fn from_u32(x: u32) -> Self {
                x as $t
            }
            #[inline(always)]
            fn index(self) -> usize {
                self as usize
            }
        }
    )*};
}
piece_index!(u8, u16, u32);

/// A generated game's sizes and tables.
pub trait Game: Sized + 'static {
    /// Vertices, directions, pieces, variables, rules states, modifiers.
    const NV: usize;
    const NP: usize;
    const NVARS: usize;
    const NSTATES: usize;
    const NMOD: usize;
    /// Players; the keeper is player `NPLAYERS`.
    const NPLAYERS: u32;
    /// Visited marks per vertex and level (states that need one).
    const NCHECK: usize;
    /// Words of a set of vertices.
    const WORDS: usize;
    /// Whether the code reads piece counts, piece sets.
    const USES_COUNTS: bool;
    const USES_PBITS: bool;
    /// Monotonic move classes (`compiled::monotonic`), and the words of a set of pieces.
    const NMONO: usize;
    const MONO_WORDS: usize;

    type Piece: PieceIndex;
    /// `[Piece; NV]`, `[u32; NP]`, `[u64; NP * WORDS]` (or empty without piece sets),
    /// `[i64; NVARS]`, `[u64; WORDS]`.
    type Board: Array<Self::Piece>;
    type Counts: Array<u32>;
    type PieceSets: Array<u64>;
    type Vars: Array<i64>;
    type Set: Array<u64>;

    /// The declared initial board.
    fn initial() -> &'static Self::Board;
    /// Per modifier index (0 unused): its kind (1 piece, 2 assignment, 3 switch) and
    /// arguments (the piece; the player and rules state of a switch).
    fn mod_kind() -> &'static [u8];
    fn mod_a() -> &'static [u32];
    fn mod_b() -> &'static [u32];
    /// Whether rules state `q` follows a switch (where a player's move may start).
    fn is_rules_state(q: u32) -> bool;

    /// The monotonic class whose moves start at rules state `q`, `usize::MAX` for none.
    fn mono_class(q: u32) -> usize;
    /// Per class: where its cells and steps start in `mono_cells`, `mono_steps` (one more
    /// entry than classes), its piece test (`MONO_WORDS` words each), its cells as a set
    /// (`WORDS` words each) and the class whose kept list it shares.
    fn mono_cell_at() -> &'static [u32];
    fn mono_cells() -> &'static [u32];
    fn mono_step_at() -> &'static [u32];
    fn mono_steps() -> &'static [u32];
    fn mono_ok() -> &'static [u64];
    fn mono_mask() -> &'static [u64];
    fn mono_list() -> &'static [u32];
}
