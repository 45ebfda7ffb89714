//! Move generation: a depth-first search over (DFA state, square) pairs from every piece of the
//! side to move. The board does not change during the search, so each pair is expanded at most
//! once per piece and destinations are deduplicated with a stamp per square.

use crate::tables::{Tables, ACCEPT, EXPAND, NO_SQUARE, NO_STATE};

/// A move: the piece on `from` goes to `to` (squares are `y * width + x`, `y = 0` at the
/// bottom). `from == to` is a null move that changes nothing but the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub from: u16,
    pub to: u16,
}

/// Boards up to this many squares keep a bitset of each side's pieces.
pub(crate) const SMALL_BOARD: usize = 128;

#[derive(Clone, Debug, Default)]
pub(crate) struct Scratch {
    pub(crate) visited: Vec<u32>,
    pub(crate) seen: Vec<u32>,
    pub(crate) stamp: u32,
    pub(crate) stack: Vec<(u32, u16)>,
}

/// All moves of `side` (or only the first one), deduplicated by (from, to), in order of the
/// origin square and then of discovery. `own` is the side's bitset on small boards.
pub(crate) fn generate(
    t: &Tables,
    board: &[u8],
    own: u128,
    side: usize,
    s: &mut Scratch,
    out: &mut Vec<Move>,
    first: bool,
) {
    if t.nsq <= SMALL_BOARD {
        let mut bits = own;
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if from_square(t, board, side, from, s, out, first) {
                return;
            }
        }
    } else {
        for from in 0..t.nsq {
            if from_square(t, board, side, from, s, out, first) {
                return;
            }
        }
    }
}

/// The moves of the piece on `from` if `side` owns it; true when `first` and one was found.
#[inline(always)]
fn from_square(
    t: &Tables,
    board: &[u8],
    side: usize,
    from: usize,
    s: &mut Scratch,
    out: &mut Vec<Move>,
    first: bool,
) -> bool {
    let start = t.start[side][board[from] as usize];
    if start == NO_STATE {
        return false;
    }
    let nsq = t.nsq;
    let class = &t.class[side];
    if s.stamp == u32::MAX {
        s.visited.fill(0);
        s.seen.fill(0);
        s.stamp = 0;
    }
    s.stamp += 1;
    let stamp = s.stamp;
    // The start pair is not marked visited: a non-empty word may come back to it. Targets
    // without transitions are never expanded, so only the others are marked.
    let (mut q, mut sq) = (start, from);
    loop {
        let (lo, hi) = t.edges[q as usize];
        for tr in &t.trans[lo as usize..hi as usize] {
            let d = t.dest[tr.dest_base as usize + sq];
            if d == NO_SQUARE || class[board[d as usize] as usize] != tr.on {
                continue;
            }
            if tr.flags & EXPAND != 0 {
                let v = tr.target as usize * nsq + d as usize;
                if s.visited[v] == stamp {
                    continue;
                }
                s.visited[v] = stamp;
                s.stack.push((tr.target, d));
            }
            if tr.flags & ACCEPT != 0 && s.seen[d as usize] != stamp {
                s.seen[d as usize] = stamp;
                out.push(Move {
                    from: from as u16,
                    to: d,
                });
                if first {
                    s.stack.clear();
                    return true;
                }
            }
        }
        match s.stack.pop() {
            Some((q2, sq2)) => (q, sq) = (q2, sq2 as usize),
            None => return false,
        }
    }
}
