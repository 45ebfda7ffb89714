//! One interface for every engine, so agents, perft, bench and equivalence checks are written
//! once: the RBG reasoner, the native SBG engine and the GDL engine all implement
//! [`GameState`].
//!
//! * [`GameState`]: legal moves, apply/undo, scores, hash; simultaneous turns role by role.
//! * [`perft`]: perft by the definition in DESIGN.md §3, with per-depth terminal counts and
//!   score histograms for cross-engine equivalence.
//! * [`playout`]: uniform random playouts (flat Monte-Carlo) with a seeded RNG.
//! * [`text`]: moves and positions as text (notation, position text, their errors, move lists).
//! * [`record`]: game records (the moves of a played game with its result) as text.

pub mod perft;
pub mod playout;
pub mod record;
pub mod text;

pub use text::{MoveError, PositionError};

use std::fmt::Debug;
use std::hash::Hash;

/// The deterministic RNG used everywhere a `--seed` is accepted.
pub type Rng = rand_xoshiro::Xoshiro256PlusPlus;

/// A seeded [`Rng`].
pub fn rng_from_seed(seed: u64) -> Rng {
    use rand::SeedableRng;
    Rng::seed_from_u64(seed)
}

/// A game in progress. Implementations keep their own undo stack: `apply` pushes, `undo` pops.
///
/// Keeper (automatic) moves of RBG are not moves here: an implementation applies them inside
/// `apply` (and in its constructor) so that every state a caller sees has a real player to move
/// or is terminal.
///
/// # Simultaneous turns
///
/// In GDL every role moves at every turn, so a move is a *joint move* (one move per role).
/// Where one role has a choice (or only one role's move is not `noop`), that role is the
/// [`GameState::current_player`] and the joint moves are its choices: the game is played like
/// a turn-based one. Where several roles choose at once, `current_player` is `None`,
/// `legal_moves` still lists every joint move, and the turn can be seen role by role:
/// [`GameState::simultaneous_moves`] gives each role's number of own legal moves, a role's own
/// move is an index below its count ([`GameState::own_move_text`] names it), and
/// [`GameState::joint_move`] composes one own move per role into the joint move to apply.
/// Players of a simultaneous turn choose their own moves from the same state, none seeing the
/// others' choices, and the joint move is applied once all have chosen (`agents::matches`).
/// Engines without simultaneous turns (RBG, SBG) keep the defaults of these three methods.
pub trait GameState {
    /// A move as the engine represents it; equal moves are the same move (deduplicated).
    type Move: Clone + Eq + Hash + Debug;

    /// Player (role) names in declaration order; scores are reported in this order.
    fn player_names(&self) -> Vec<String>;

    /// The player who chooses the next move; `None` at terminal states, and in games where
    /// several roles choose at once (GDL joint moves).
    fn current_player(&self) -> Option<usize>;

    /// Appends all legal moves to `out` (after clearing it), deduplicated, in a deterministic
    /// order. No legal move means the state is terminal.
    fn legal_moves(&mut self, out: &mut Vec<Self::Move>);

    /// Applies a move returned by `legal_moves` for the current state.
    fn apply(&mut self, mv: &Self::Move);

    /// Takes back the last applied move. Panics if there is none (a caller bug).
    fn undo(&mut self);

    /// Takes back the last `n` applied moves. The default undoes them one by one; an engine
    /// that can jump back at once (the GDL network restores a snapshot of the start of a
    /// playout) overrides it. Panics if fewer than `n` moves were applied.
    fn undo_moves(&mut self, n: usize) {
        for _ in 0..n {
            self.undo();
        }
    }

    /// The score of every player in the current state (the final result at a terminal state).
    fn scores(&self) -> Vec<i64>;

    /// A hash of the complete state (position, variables, player to move, rules position).
    fn state_hash(&self) -> u64;

    /// A short human-readable form of a move for logs and panics; it need not tell the move
    /// apart from the other legal moves (use [`GameState::move_to_text`] for that).
    fn move_text(&self, mv: &Self::Move) -> String;

    /// The move in the language's notation (docs/positions.md), unique among the legal moves
    /// of this state, so that [`GameState::move_from_text`] gives it back. The default is
    /// [`GameState::move_text`], for engines where that is already unique.
    fn move_to_text(&mut self, mv: &Self::Move) -> String {
        self.move_text(mv)
    }

    /// The legal move a text in notation names. The default prints every legal move and
    /// compares ([`text::match_move`]); the error names the text and lists the legal moves.
    fn move_from_text(&mut self, text: &str) -> Result<Self::Move, MoveError> {
        let printed = text::printed_moves(self);
        text::match_move(text, &printed)
    }

    /// The whole state as text (docs/positions.md): loading it with
    /// [`GameState::set_position`] gives an equal state (same hash, same legal moves, same
    /// text). Lines starting with `#` are comments.
    fn position_text(&self) -> String;

    /// Replaces the state by the one a position text describes and forgets the history (no
    /// move can be undone). On error the state is unchanged.
    fn set_position(&mut self, text: &str) -> Result<(), PositionError>;

    /// True when no legal move exists.
    fn is_terminal(&mut self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.is_empty()
    }

    /// A simultaneous turn role by role (see "Simultaneous turns" above): each role's number
    /// of own legal moves, in role order, where several roles choose at once; `None` where
    /// one player chooses (or none: a terminal state). A role's own move is an index below its
    /// count, named by [`GameState::own_move_text`]. The default is `None` (turn-based
    /// engines).
    fn simultaneous_moves(&mut self) -> Option<Vec<usize>> {
        None
    }

    /// Role `role`'s own move `index` at a simultaneous turn as text (a GDL move term);
    /// `None` outside simultaneous turns or out of range.
    fn own_move_text(&mut self, _role: usize, _index: usize) -> Option<String> {
        None
    }

    /// The joint move made of one own move per role (`choices[r]` an index below role `r`'s
    /// count in [`GameState::simultaneous_moves`]): one of [`GameState::legal_moves`].
    /// `None` outside simultaneous turns, or with a wrong number of choices or an index out
    /// of range.
    fn joint_move(&mut self, _choices: &[usize]) -> Option<Self::Move> {
        None
    }
}

/// Role `role`'s own moves at a simultaneous turn, as texts (empty outside one).
pub fn own_moves_text<G: GameState + ?Sized>(state: &mut G, role: usize) -> Vec<String> {
    let count = state
        .simultaneous_moves()
        .and_then(|c| c.get(role).copied())
        .unwrap_or(0);
    (0..count)
        .map(|i| state.own_move_text(role, i).unwrap_or_default())
        .collect()
}
