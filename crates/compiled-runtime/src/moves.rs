//! Moves found by a search, grouped by the path they were found under.

use super::sink::{Mv, Path, Sink};

/// Moves found by a search, grouped by the path they were found under: a group is a copy of
/// that path and its switch's modifier, a move is (group, vertex). A level listing many moves
/// under one path (an amazon's arrows) writes the path once, and each move in one store.
/// With `first`, stops at the first move.
#[derive(Clone)]
pub struct MoveBuf {
    /// The groups' paths, back to back.
    prefix: Vec<[u32; 2]>,
    /// Per group: its path's end in `prefix` (its start is the previous group's end) and its
    /// switch's modifier.
    groups: Vec<[u32; 2]>,
    moves: Vec<[u32; 2]>,
    /// The path version and modifier of the open group (the last one); `u64::MAX` when
    /// there is none, which no path version reaches.
    ver: u64,
    m: u32,
    /// Stop at the first move.
    pub first: bool,
}
impl Default for MoveBuf {
    fn default() -> MoveBuf {
        MoveBuf {
            prefix: Vec::new(),
            groups: Vec::new(),
            moves: Vec::new(),
            ver: u64::MAX,
            m: 0,
            first: false,
        }
    }
}
impl MoveBuf {
    pub fn clear(&mut self) {
        self.prefix.clear();
        self.groups.clear();
        self.moves.clear();
        self.ver = u64::MAX;
    }
    pub fn len(&self) -> usize {
        self.moves.len()
    }
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
    pub fn get(&self, i: usize) -> Mv<'_> {
        let [g, v] = self.moves[i];
        let (prefix, m) = self.group_steps(g as usize);
        Mv { prefix, m, v }
    }
    /// Group `g`'s path and switch modifier.
    #[inline(always)]
    fn group_steps(&self, g: usize) -> (&[[u32; 2]], u32) {
        let lo = if g == 0 {
            0
        } else {
            self.groups[g - 1][0] as usize
        };
        let [hi, m] = self.groups[g];
        (&self.prefix[lo..hi as usize], m)
    }
    /// The group of moves `path + (m, _)`: the open one if the path and modifier are the
    /// same, else a new one.
    #[inline(always)]
    fn group(&mut self, path: &Path, m: u32) -> u32 {
        if path.ver != self.ver || m != self.m {
            self.open(path, m);
        }
        self.groups.len() as u32 - 1
    }
    #[inline(always)]
    fn open(&mut self, path: &Path, m: u32) {
        // Plain stores after one reservation: most paths are one to three steps, and a call
        // of memcpy per group cost more than the copy (go: one group per move).
        let n = path.steps.len();
        self.prefix.reserve(n);
        let len = self.prefix.len();
        // SAFETY: `reserve` made room for the `n` steps written, and `set_len` covers them.
        unsafe {
            let out = self.prefix.as_mut_ptr().add(len);
            for (i, s) in path.steps.iter().enumerate() {
                *out.add(i) = *s;
            }
            self.prefix.set_len(len + n);
        }
        self.groups.push([(len + n) as u32, m]);
        (self.ver, self.m) = (path.ver, m);
    }
    /// The moves as the C ABI lists them: `steps` as (modifier, vertex) pairs back to back,
    /// `ends[i]` the pairs up to the end of move i.
    pub fn flatten(&self, steps: &mut Vec<[u32; 2]>, ends: &mut Vec<u32>) {
        steps.clear();
        ends.clear();
        for i in 0..self.len() {
            let mv = self.get(i);
            steps.extend_from_slice(mv.prefix);
            steps.push([mv.m, mv.v]);
            ends.push(steps.len() as u32);
        }
    }
}
impl Sink for MoveBuf {
    const RECORD: bool = true;
    #[inline(always)]
    fn switch(&mut self, path: &Path, m: u32, v: u32) -> bool {
        let g = self.group(path, m);
        self.moves.push([g, v]);
        self.first
    }
    /// One reservation for the whole set, and its moves written in one group.
    #[inline(always)]
    fn switch_each(&mut self, path: &Path, m: u32, bits: &[u64]) -> Option<u32> {
        if self.first {
            let v = super::sets::set_first(bits)?;
            self.switch(path, m, v);
            return Some(v);
        }
        let count: usize = bits.iter().map(|b| b.count_ones() as usize).sum();
        if count == 0 {
            return None;
        }
        let g = self.group(path, m);
        self.moves.reserve(count);
        let len = self.moves.len();
        // SAFETY: the reservation made room for the `count` moves the loop writes, and the
        // `set_len` covers exactly them.
        unsafe {
            let out = self.moves.as_mut_ptr().add(len);
            let mut e = 0;
            // A loop per word: an iterator over the set's vertices made this loop a third
            // slower (gomoku's playouts).
            for (i, &word) in bits.iter().enumerate() {
                let mut b = word;
                while b != 0 {
                    let w = (i * 64) as u32 + b.trailing_zeros();
                    b &= b - 1;
                    *out.add(e) = [g, w];
                    e += 1;
                }
            }
            self.moves.set_len(len + count);
        }
        None
    }
    fn add(&mut self, _: u64) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(steps: &[[u32; 2]], ver: u64) -> Path {
        Path {
            steps: steps.to_vec(),
            ver,
        }
    }

    /// Moves under one path share a group; a new path version or switch opens another, and
    /// the flattened list gives every move its own steps.
    #[test]
    fn moves_under_one_path_share_a_group_and_flatten_to_their_own_steps() {
        let mut buf = MoveBuf::default();
        let p = path(&[[1, 4]], 7);
        assert!(!buf.switch(&p, 9, 5));
        assert!(!buf.switch(&p, 9, 6));
        assert!(!buf.switch(&p, 8, 6));
        let q = path(&[[2, 0], [3, 1]], 8);
        assert!(!buf.switch(&q, 9, 2));
        assert_eq!(buf.len(), 4);
        assert_eq!(buf.groups.len(), 3, "(p, 9), (p, 8), (q, 9)");
        let (mut steps, mut ends) = (Vec::new(), Vec::new());
        buf.flatten(&mut steps, &mut ends);
        assert_eq!(
            steps,
            [
                [1, 4],
                [9, 5],
                [1, 4],
                [9, 6],
                [1, 4],
                [8, 6],
                [2, 0],
                [3, 1],
                [9, 2]
            ]
        );
        assert_eq!(ends, [2, 4, 6, 9]);
        let mv = buf.get(3);
        assert_eq!((mv.prefix, mv.m, mv.v), (&[[2, 0], [3, 1]][..], 9, 2));
        buf.clear();
        assert!(buf.is_empty());
    }

    #[test]
    fn a_set_of_vertices_is_listed_in_ascending_order_or_stops_at_its_first() {
        let mut buf = MoveBuf::default();
        let p = path(&[], 1);
        let bits = [1u64 << 63 | 1 << 3, 1 << 0];
        assert_eq!(buf.switch_each(&p, 5, &bits), None);
        let vs: Vec<u32> = (0..buf.len()).map(|i| buf.get(i).v).collect();
        assert_eq!(vs, [3, 63, 64]);

        let mut first = MoveBuf {
            first: true,
            ..MoveBuf::default()
        };
        assert_eq!(first.switch_each(&p, 5, &bits), Some(3));
        assert_eq!(first.len(), 1);
        assert_eq!(first.switch_each(&p, 5, &[0, 0]), None);
    }
}
