//! Gate values kept up to date by propagating changes: each gate counts its satisfied inputs,
//! and only gates whose count crosses their threshold pass the change on. A cyclic component
//! (recursive rules) counts only its inputs from outside and is solved as a block, from false
//! upwards (its least model: no negation inside a cycle).

use crate::net::{Net, Node, ACYCLIC, INDEX, INTERNAL, LEAF, NEG};

#[derive(Clone)]
pub struct Values {
    pub bits: Vec<u64>,
    count: Vec<u32>,
    stack: Vec<Node>,
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
            count: vec![0; net.nodes],
            stack: Vec::new(),
            dirty: Vec::new(),
            dirty_flag: vec![false; net.cyclic.len()],
            inner: vec![0; net.nodes],
            solved: vec![false; net.nodes],
            work: Vec::new(),
        };
        v.reset(net, state);
        v
    }

    #[inline]
    pub fn get(&self, n: Node) -> bool {
        self.bits[n as usize >> 6] >> (n & 63) & 1 != 0
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
                self.count[n as usize] = count;
                if count >= net.thr[n as usize] {
                    self.flip(n);
                }
            } else if !done[c as usize] {
                done[c as usize] = true;
                for &m in &net.cyclic[c as usize] {
                    self.count[m as usize] = self.satisfied(net, m, true);
                }
                self.solve(net, c, false);
            }
        }
        self.stack.clear();
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

    /// Flips inputs (each must be a leaf) and propagates once.
    pub fn flip_all(&mut self, net: &Net, leaves: &[Node]) {
        for &n in leaves {
            self.flip(n);
            self.propagate(net, n);
        }
        self.settle(net);
    }

    #[inline]
    fn propagate(&mut self, net: &Net, n: Node) {
        let v = self.get(n);
        let (a, b) = (
            net.out_start[n as usize] as usize,
            net.out_start[n as usize + 1] as usize,
        );
        for i in a..b {
            let e = net.out[i];
            if e & INTERNAL != 0 {
                continue;
            }
            let t = (e & INDEX) as usize;
            if v ^ (e & NEG != 0) {
                self.count[t] += 1;
            } else {
                self.count[t] -= 1;
            }
            let c = net.scc[t];
            if c != ACYCLIC {
                if !self.dirty_flag[c as usize] {
                    self.dirty_flag[c as usize] = true;
                    self.dirty.push(c);
                }
            } else if (self.count[t] >= net.thr[t]) != self.get(t as Node) {
                self.stack.push(t as Node);
            }
        }
    }

    fn settle(&mut self, net: &Net) {
        loop {
            while let Some(t) = self.stack.pop() {
                if (self.count[t as usize] >= net.thr[t as usize]) != self.get(t) {
                    self.flip(t);
                    self.propagate(net, t);
                }
            }
            match self.dirty.pop() {
                Some(c) => {
                    self.dirty_flag[c as usize] = false;
                    self.solve(net, c, true);
                }
                None => return,
            }
        }
    }

    /// The least model of cyclic component `c` from its outside inputs; changed gates
    /// propagate out (while resetting, the gates after it are computed from scratch instead).
    fn solve(&mut self, net: &Net, c: u32, propagate: bool) {
        let members = &net.cyclic[c as usize];
        for &m in members {
            self.inner[m as usize] = 0;
            self.solved[m as usize] = false;
            if self.count[m as usize] >= net.thr[m as usize] {
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
                if !self.solved[t] && self.count[t] + self.inner[t] >= net.thr[t] {
                    self.work.push(t as Node);
                }
            }
        }
        for &m in members {
            if self.solved[m as usize] != self.get(m) {
                self.flip(m);
                if propagate {
                    self.propagate(net, m);
                }
            }
        }
    }
}
