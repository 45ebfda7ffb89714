//! The learner's automaton: a dense DFA over a piece type's alphabet (letter ids), with the
//! operations of the paper's Algorithm 2: minimisation (trim + Moore refinement + canonical
//! numbering), collapsing two states (an NFA) and the subset construction back to a DFA.

use std::collections::{HashMap, VecDeque};

/// No transition.
pub const NONE: u32 = u32::MAX;

/// A DFA over letters `0..letters`; state 0 is the start; `next[q * letters + a]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dfa {
    pub letters: usize,
    pub accepting: Vec<bool>,
    pub next: Vec<u32>,
}

impl Dfa {
    pub fn states(&self) -> usize {
        self.accepting.len()
    }

    #[inline]
    pub fn step(&self, q: usize, a: usize) -> u32 {
        self.next[q * self.letters + a]
    }

    /// The prefix-tree automaton of `words`.
    pub fn prefix_tree(letters: usize, words: &[Vec<u8>]) -> Dfa {
        let mut d = Dfa {
            letters,
            accepting: vec![false],
            next: vec![NONE; letters],
        };
        for w in words {
            let mut q = 0usize;
            for &a in w {
                let t = d.step(q, a as usize);
                q = if t == NONE {
                    let n = d.states();
                    d.accepting.push(false);
                    d.next.extend(std::iter::repeat_n(NONE, letters));
                    d.next[q * letters + a as usize] = n as u32;
                    n
                } else {
                    t as usize
                };
            }
            d.accepting[q] = true;
        }
        d
    }

    /// Whether the automaton accepts `word`.
    pub fn accepts(&self, word: &[u8]) -> bool {
        let mut q = 0usize;
        for &a in word {
            match self.step(q, a as usize) {
                NONE => return false,
                t => q = t as usize,
            }
        }
        self.accepting[q]
    }

    /// The minimal DFA of the same language, states numbered in breadth-first order from the
    /// start (letters in order), so equal languages give equal values.
    pub fn minimized(&self) -> Dfa {
        let n = self.states();
        let k = self.letters;
        // Live states: reachable from the start and able to reach acceptance.
        let mut reach = vec![false; n];
        reach[0] = true;
        let mut stack = vec![0usize];
        while let Some(q) = stack.pop() {
            for a in 0..k {
                let t = self.step(q, a);
                if t != NONE && !reach[t as usize] {
                    reach[t as usize] = true;
                    stack.push(t as usize);
                }
            }
        }
        let mut rev: Vec<Vec<usize>> = vec![Vec::new(); n];
        for q in 0..n {
            for a in 0..k {
                let t = self.step(q, a);
                if t != NONE {
                    rev[t as usize].push(q);
                }
            }
        }
        let mut co = vec![false; n];
        let mut stack: Vec<usize> = (0..n).filter(|&q| self.accepting[q]).collect();
        for &q in &stack {
            co[q] = true;
        }
        while let Some(q) = stack.pop() {
            for &p in &rev[q] {
                if !co[p] {
                    co[p] = true;
                    stack.push(p);
                }
            }
        }
        let live: Vec<bool> = (0..n).map(|q| reach[q] && co[q]).collect();
        let tr = |q: usize, a: usize| -> u32 {
            let t = self.step(q, a);
            if t != NONE && live[t as usize] {
                t
            } else {
                NONE
            }
        };
        // Moore refinement over live states (plus the start, kept even when dead).
        let keep: Vec<usize> = (0..n).filter(|&q| live[q] || q == 0).collect();
        let mut class = vec![u32::MAX; n];
        for &q in &keep {
            class[q] = u32::from(self.accepting[q]);
        }
        let mut count = 0;
        loop {
            let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
            let mut new = vec![u32::MAX; n];
            for &q in &keep {
                let mut sig = Vec::with_capacity(k + 1);
                sig.push(class[q]);
                for a in 0..k {
                    let t = tr(q, a);
                    sig.push(if t == NONE { NONE } else { class[t as usize] });
                }
                let next_id = ids.len() as u32;
                new[q] = *ids.entry(sig).or_insert(next_id);
            }
            let c = ids.len();
            class = new;
            if c == count {
                break;
            }
            count = c;
        }
        // Canonical numbering by BFS over classes.
        let mut rep: HashMap<u32, usize> = HashMap::new();
        for &q in &keep {
            rep.entry(class[q]).or_insert(q);
        }
        let mut order: HashMap<u32, u32> = HashMap::new();
        let mut queue = VecDeque::new();
        order.insert(class[0], 0);
        queue.push_back(class[0]);
        let mut out = Dfa {
            letters: k,
            accepting: Vec::new(),
            next: Vec::new(),
        };
        while let Some(c) = queue.pop_front() {
            let q = rep[&c];
            out.accepting.push(self.accepting[q] && live[q]);
            for a in 0..k {
                let t = tr(q, a);
                if t == NONE {
                    out.next.push(NONE);
                } else {
                    let tc = class[t as usize];
                    let id = match order.get(&tc) {
                        Some(&id) => id,
                        None => {
                            let id = order.len() as u32;
                            order.insert(tc, id);
                            queue.push_back(tc);
                            id
                        }
                    };
                    out.next.push(id);
                }
            }
        }
        out
    }

    /// Merges state `t` into `s` (an NFA) and determinises the result; `None` when the subset
    /// construction would exceed `limit` states.
    pub fn collapse(&self, s: usize, t: usize, limit: usize) -> Option<Dfa> {
        let k = self.letters;
        let map = |q: u32| if q as usize == t { s as u32 } else { q };
        // NFA successors of a (merged) state.
        let succ = |q: usize, a: usize, out: &mut Vec<u32>| {
            let x = self.step(q, a);
            if x != NONE {
                out.push(map(x));
            }
            if q == s {
                let y = self.step(t, a);
                if y != NONE {
                    out.push(map(y));
                }
            }
        };
        let start = vec![map(0)];
        let mut ids: HashMap<Vec<u32>, u32> = HashMap::new();
        ids.insert(start.clone(), 0);
        let mut sets = vec![start];
        let mut out = Dfa {
            letters: k,
            accepting: Vec::new(),
            next: Vec::new(),
        };
        let mut i = 0;
        let mut buf = Vec::new();
        while i < sets.len() {
            let set = sets[i].clone();
            out.accepting
                .push(set.iter().any(|&q| self.accepting[q as usize]));
            for a in 0..k {
                buf.clear();
                for &q in &set {
                    succ(q as usize, a, &mut buf);
                }
                if buf.is_empty() {
                    out.next.push(NONE);
                    continue;
                }
                buf.sort_unstable();
                buf.dedup();
                let id = match ids.get(&buf) {
                    Some(&id) => id,
                    None => {
                        if sets.len() >= limit {
                            return None;
                        }
                        let id = sets.len() as u32;
                        ids.insert(buf.clone(), id);
                        sets.push(buf.clone());
                        id
                    }
                };
                out.next.push(id);
            }
            i += 1;
        }
        Some(out)
    }

    /// Pairs `(s, t)`, `s < t`, of states at undirected distance at most `k` with the same
    /// acceptance: the paper's generalising candidates.
    pub fn candidate_pairs(&self, k: usize) -> Vec<(usize, usize)> {
        let n = self.states();
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n];
        for q in 0..n {
            for a in 0..self.letters {
                let t = self.step(q, a);
                if t != NONE && t as usize != q {
                    adj[q].push(t as usize);
                    adj[t as usize].push(q);
                }
            }
        }
        for a in &mut adj {
            a.sort_unstable();
            a.dedup();
        }
        let mut pairs = Vec::new();
        let mut dist = vec![usize::MAX; n];
        for s in 0..n {
            let mut touched = vec![s];
            dist[s] = 0;
            let mut queue = VecDeque::from([s]);
            while let Some(q) = queue.pop_front() {
                if dist[q] == k {
                    continue;
                }
                for &r in &adj[q] {
                    if dist[r] == usize::MAX {
                        dist[r] = dist[q] + 1;
                        touched.push(r);
                        queue.push_back(r);
                    }
                }
            }
            for &t in &touched {
                if t > s && self.accepting[t] == self.accepting[s] {
                    pairs.push((s, t));
                }
                dist[t] = usize::MAX;
            }
        }
        pairs.sort_unstable();
        pairs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn collapsing_a_ray_gives_a_loop() {
        // Words e, ee, eee (letter 0): merging states 1 and 2 gives e^+.
        let d = Dfa::prefix_tree(1, &[vec![0], vec![0, 0], vec![0, 0, 0]]).minimized();
        assert_eq!(d.states(), 4);
        let g = d.collapse(1, 2, 100).unwrap().minimized();
        assert_eq!(g.states(), 2);
        assert!(g.accepts(&[0; 7]));
        assert!(!g.accepts(&[]));
    }

    #[test]
    fn minimization_is_canonical() {
        let a = Dfa::prefix_tree(2, &[vec![0, 1], vec![1, 1]]).minimized();
        let b = Dfa::prefix_tree(2, &[vec![1, 1], vec![0, 1]]).minimized();
        assert_eq!(a, b);
        assert_eq!(a.states(), 3);
    }
}
