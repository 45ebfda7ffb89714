//! Compact, stable action ids for RBG games, for networks with a policy head.
//!
//! A move is a sequence of modifiers `(modifier index, vertex)` ending with a switch. Its
//! [`Key`] keeps what tells the moves of one position apart in the games we know: the vertex
//! of its first piece modifier (where the piece came from), the vertex and piece of its last piece
//! modifier (where what piece went) and the vertex of the piece modifier before that (an
//! amazon's landing square before its arrow, a castling king's square before its rook's, a
//! jump's last capture), and its switch and the switch's vertex (an amazon's arrow where the
//! keeper shoots it; pentago's rotation, chosen by the branch the move ends in). A move
//! without piece modifiers keys by its switch.
//!
//! The action space is every key the rules can make, found once from the automaton
//! ([`enumerate`]): its walk from every player's turn at every vertex, taking every test
//! both ways (so it over-approximates what positions allow), collects the keys; sorted, a
//! key's index is its id. The ids depend on the game alone: stable across runs and
//! platforms. Two legal moves of one position may still share a key (a draughts king
//! reaching one square by two routes whose last jumps are alike): [`ActionSpace::ids`]
//! reports it.

mod enumerate;
mod key;

pub use enumerate::{enumerate, Limits};
pub use key::{ActionSpace, Collision, Key, Placed};
