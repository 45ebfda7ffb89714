//! Gate values kept up to date by propagating changes: each gate counts its satisfied inputs,
//! and a gate whose count crosses its threshold passes the change on at once as an event
//! (counting propagation is order-independent on an acyclic network, so no gate needs to be
//! looked at twice to decide whether it changed). A cyclic component (recursive rules) counts
//! only its inputs from outside and is solved as a block, from false upwards (its least
//! model: no negation inside a cycle). A component none of whose gates holds or is made
//! true by its outside inputs alone stays false without being solved: a translation's
//! reachability over the board (hex's path from the square just played) is one component per
//! start, and each change on the board touches every one of them.

use crate::net::{Net, Node, ACYCLIC, INDEX, INTERNAL, LEAF, NEG, TO_CYCLE};

/// An event's flag: the gate became true (else false).
const RISE: u32 = 1 << 31;

/// A gate's satisfied inputs and how many make it true, side by side for locality.
#[derive(Clone, Copy, Default)]
struct Count {
    now: u32,
    needed: u32,
}

#[derive(Clone)]
pub struct Values {
    pub bits: Vec<u64>,
    counts: Vec<Count>,
    /// For each cyclic component: its gates that hold, and its gates whose outside inputs
    /// alone reach their threshold (`solve` starts from these).
    lit: Vec<u32>,
    seeded: Vec<u32>,
    /// Gates whose value changed and whose readers are not yet told: `gate | RISE?`.
    events: Vec<u32>,
    /// Scratch: the readers of a batch of flipped inputs.
    touched: Vec<Node>,
    dirty: Vec<u32>,
    dirty_flag: Vec<bool>,
    /// Scratch for solving a cyclic component.
    inner: Vec<u32>,
    solved: Vec<bool>,
    work: Vec<Node>,
}

impl Values {
    /// Every gate evaluated from scratch with the propositions `state` true.
    pub fn new(net: &Net, state: &[usize]) -> Values {
        let mut v = Values {
            bits: vec![0; net.nodes.div_ceil(64)],
            counts: net
                .thr
                .iter()
                .map(|&needed| Count { now: 0, needed })
                .collect(),
            lit: vec![0; net.cyclic.len()],
            seeded: vec![0; net.cyclic.len()],
            events: Vec::new(),
            touched: Vec::new(),
            dirty: Vec::new(),
            dirty_flag: vec![false; net.cyclic.len()],
            inner: vec![0; net.nodes],
            solved: vec![false; net.nodes],
            work: Vec::new(),
        };
        v.reset(net, state);
        v
    }

    /// Takes the gate values of `other` (a snapshot of the same network), leaving the
    /// scratch space alone.
    pub fn copy_from(&mut self, other: &Values) {
        self.bits.copy_from_slice(&other.bits);
        self.counts.copy_from_slice(&other.counts);
        self.lit.copy_from_slice(&other.lit);
        self.seeded.copy_from_slice(&other.seeded);
    }

    #[inline]
    pub fn get(&self, n: Node) -> bool {
        self.bits[n as usize >> 6] >> (n & 63) & 1 != 0
    }

    /// The 64 gate values from gate `n` on (bit `i` is gate `n + i`; zeros past the end).
    #[inline]
    pub fn bits_from(&self, n: usize) -> u64 {
        let (w, shift) = (n >> 6, n & 63);
        let low = self.bits.get(w).copied().unwrap_or(0) >> shift;
        if shift == 0 {
            return low;
        }
        low | self.bits.get(w + 1).copied().unwrap_or(0) << (64 - shift)
    }

    #[inline]
    fn flip(&mut self, n: Node) {
        self.bits[n as usize >> 6] ^= 1 << (n & 63);
    }

    /// Recomputes every gate in evaluation order.
    pub fn reset(&mut self, net: &Net, state: &[usize]) {
        self.bits.iter_mut().for_each(|w| *w = 0);
        for &p in state {
            self.flip(p as Node);
        }
        self.flip(net.always);
        let mut done = vec![false; net.cyclic.len()];
        for &n in &net.order {
            if net.thr[n as usize] == LEAF {
                continue;
            }
            let c = net.scc[n as usize];
            if c == ACYCLIC {
                let count = self.satisfied(net, n, false);
                self.counts[n as usize].now = count;
                if count >= net.thr[n as usize] {
                    self.flip(n);
                }
            } else if !done[c as usize] {
                done[c as usize] = true;
                self.seeded[c as usize] = 0;
                for &m in &net.cyclic[c as usize] {
                    let count = self.satisfied(net, m, true);
                    self.counts[m as usize].now = count;
                    self.seeded[c as usize] += (count >= net.thr[m as usize]) as u32;
                }
                self.lit[c as usize] = 0;
                self.solve(net, c, false);
            }
        }
        self.events.clear();
    }

    /// Satisfied inputs of `n` (only those from outside its component when `external`).
    fn satisfied(&self, net: &Net, n: Node, external: bool) -> u32 {
        let c = net.scc[n as usize];
        net.ins_of(n)
            .iter()
            .filter(|&&e| {
                let s = e & INDEX;
                !(external && net.scc[s as usize] == c) && (self.get(s) ^ (e & NEG != 0))
            })
            .count() as u32
    }

    /// Flips inputs (each must be a leaf) and propagates. The inputs' readers count every
    /// flip before any of them is decided, the gains before the losses, so changes that
    /// cancel out (one role's pass turning on as another's turns off) move no gate and
    /// leave no reader to look at.
    pub fn flip_all(&mut self, net: &Net, leaves: &[Node]) {
        self.touched.clear();
        for &n in leaves {
            self.flip(n);
        }
        for gain in [true, false] {
            for &n in leaves {
                // A rise satisfies the plain readers, a fall the negated ones.
                let plain = self.get(n) == gain;
                let n = n as usize;
                let (a, m, b) = (net.ext_start[n], net.ext_neg[n], net.ext_start[n + 1]);
                let edges = if plain { a..m } else { m..b };
                if gain {
                    self.count_leaf_edges::<true>(net, edges);
                } else {
                    self.count_leaf_edges::<false>(net, edges);
                }
            }
        }
        for i in 0..self.touched.len() {
            let t = self.touched[i];
            let count = self.counts[t as usize];
            let on = count.now >= count.needed;
            if on != self.get(t) {
                self.flip(t);
                self.events.push(t | if on { RISE } else { 0 });
            }
        }
        self.settle(net);
    }

    /// One input's readers `ext[edges]` gain (or lose) a satisfied input; those whose count
    /// reaches (or leaves) their threshold are decided after the whole batch.
    #[inline]
    fn count_leaf_edges<const GAIN: bool>(&mut self, net: &Net, edges: std::ops::Range<u32>) {
        let Values {
            counts,
            seeded,
            touched,
            dirty,
            dirty_flag,
            ..
        } = self;
        for &e in &net.ext[edges.start as usize..edges.end as usize] {
            let t = (e & INDEX) as usize;
            let count = &mut counts[t];
            let before = count.now;
            count.now = if GAIN {
                before + 1
            } else {
                before.wrapping_sub(1)
            };
            if e & TO_CYCLE != 0 {
                let c = net.scc[t] as usize;
                if before.wrapping_add(GAIN as u32) == count.needed {
                    seeded[c] = if GAIN {
                        seeded[c].wrapping_add(1)
                    } else {
                        seeded[c].wrapping_sub(1)
                    };
                }
                if !dirty_flag[c] {
                    dirty_flag[c] = true;
                    dirty.push(c as u32);
                }
            } else if before.wrapping_add(GAIN as u32) == count.needed {
                touched.push(t as Node);
            }
        }
    }

    /// Tells each event's readers, then solves the cyclic components they touched.
    fn settle(&mut self, net: &Net) {
        loop {
            self.drain_events(net);
            match self.dirty.pop() {
                Some(c) => {
                    self.dirty_flag[c as usize] = false;
                    self.solve(net, c, true);
                }
                None => return,
            }
        }
    }

    /// The hot loop: every event's readers count the change, and those that cross their
    /// threshold become events in turn.
    fn drain_events(&mut self, net: &Net) {
        let Values {
            bits,
            counts,
            seeded,
            events,
            dirty,
            dirty_flag,
            ..
        } = self;
        let (ext_start, ext, scc) = (&net.ext_start[..], &net.ext[..], &net.scc[..]);
        while let Some(event) = events.pop() {
            let n = (event & INDEX) as usize;
            let rise = event & RISE;
            for &e in &ext[ext_start[n] as usize..ext_start[n + 1] as usize] {
                let t = (e & INDEX) as usize;
                // Satisfied now: a rise on a plain edge or a fall on a negated one.
                let up = (rise ^ e) >> 31;
                let count = &mut counts[t];
                let before = count.now;
                count.now = before.wrapping_add(up.wrapping_mul(2)).wrapping_sub(1);
                if e & TO_CYCLE != 0 {
                    let c = scc[t] as usize;
                    if before.wrapping_add(up) == count.needed {
                        seeded[c] = seeded[c].wrapping_add(up.wrapping_mul(2)).wrapping_sub(1);
                    }
                    if !dirty_flag[c] {
                        dirty_flag[c] = true;
                        dirty.push(c as u32);
                    }
                } else if before.wrapping_add(up) == count.needed {
                    // Crossed the threshold: upwards when the count grew. (A gate that rose
                    // and fell again has both events waiting, and the later is told first, so
                    // a reader's count can dip below zero for a while: counts wrap, and a dip
                    // never crosses a threshold of one or more.)
                    bits[t >> 6] ^= 1 << (t & 63);
                    events.push(t as u32 | (up << 31));
                }
            }
        }
    }

    /// The least model of cyclic component `c` from its outside inputs; changed gates
    /// become events (while resetting, the gates after it are computed from scratch instead).
    fn solve(&mut self, net: &Net, c: u32, propagate: bool) {
        if self.lit[c as usize] == 0 && self.seeded[c as usize] == 0 {
            return;
        }
        let members = &net.cyclic[c as usize];
        for &m in members {
            self.inner[m as usize] = 0;
            self.solved[m as usize] = false;
            if self.counts[m as usize].now >= net.thr[m as usize] {
                self.work.push(m);
            }
        }
        while let Some(m) = self.work.pop() {
            if self.solved[m as usize] {
                continue;
            }
            self.solved[m as usize] = true;
            for &e in net.outs(m) {
                if e & INTERNAL == 0 {
                    continue;
                }
                let t = (e & INDEX) as usize;
                self.inner[t] += 1;
                if !self.solved[t] && self.counts[t].now + self.inner[t] >= net.thr[t] {
                    self.work.push(t as Node);
                }
            }
        }
        let mut lit = 0;
        for &m in members {
            lit += self.solved[m as usize] as u32;
            if self.solved[m as usize] != self.get(m) {
                self.flip(m);
                if propagate {
                    let rise = if self.solved[m as usize] { RISE } else { 0 };
                    self.events.push(m | rise);
                }
            }
        }
        self.lit[c as usize] = lit;
    }
}
