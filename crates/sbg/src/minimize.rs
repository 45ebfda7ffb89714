//! Trimming and minimisation of a piece rule's DFA in time O(m log n) (m transitions, n
//! states), so that a rule word of thousands of letters costs about as much as it is long.
//!
//! The previous fixpoints (liveness by repeated sweeps, Moore refinement round by round) took
//! one sweep per letter of a long word: quadratic, 13–27 s for an 84 KB file (issue 38).
//! Here liveness is one backward search and minimisation is Hopcroft's algorithm over a
//! refinable partition (blocks as ranges of one array, split in time proportional to the
//! marked states), the variant for partial transition functions: the implicit dead state is
//! a block of its own that is never used as a splitter, which is sound because the partition
//! is stable with respect to all states, and a trimmed automaton's states all differ from it.

/// Transitions as in [`crate::automaton::Dfa`]: `edges[q]` holds `(letter, target)`.
pub(crate) type Edges = [Vec<(usize, usize)>];

/// The states from which an accepting state is reachable (one backward search).
pub(crate) fn live_states(accepting: &[bool], edges: &Edges) -> Vec<bool> {
    let reverse = predecessors(edges);
    let mut live = accepting.to_vec();
    let mut stack: Vec<usize> = (0..live.len()).filter(|&q| live[q]).collect();
    while let Some(t) = stack.pop() {
        for &(_, s) in &reverse[t] {
            if !live[s] {
                live[s] = true;
                stack.push(s);
            }
        }
    }
    live
}

/// For each state, its incoming transitions as `(letter, source)`, sorted by letter.
fn predecessors(edges: &Edges) -> Vec<Vec<(usize, usize)>> {
    let mut reverse = vec![Vec::new(); edges.len()];
    for (s, out) in edges.iter().enumerate() {
        for &(a, t) in out {
            reverse[t].push((a, s));
        }
    }
    for r in &mut reverse {
        r.sort_unstable();
    }
    reverse
}

/// The equivalence class of each state (classes numbered arbitrarily) and the work done:
/// incoming transitions scanned plus states moved between blocks, which tests bound.
pub(crate) fn equivalence_classes(accepting: &[bool], edges: &Edges) -> (Vec<usize>, usize) {
    let reverse = predecessors(edges);
    let mut partition = Partition::new(accepting);
    let mut waiting: Vec<usize> = (0..partition.len()).collect();
    let mut in_waiting = vec![true; partition.len()];
    let mut work = 0;
    let mut incoming = Vec::new();
    while let Some(b) = waiting.pop() {
        in_waiting[b] = false;
        incoming.clear();
        for &t in partition.members(b) {
            incoming.extend_from_slice(&reverse[t]);
        }
        incoming.sort_unstable();
        work += incoming.len();
        for group in incoming.chunk_by(|x, y| x.0 == y.0) {
            for &(_, s) in group {
                partition.mark(s);
            }
            for (old, new) in partition.split() {
                work += partition.members(new).len();
                in_waiting.push(false);
                // Stable with respect to `old` before the split, the partition needs only one
                // half as a splitter (the smaller, for the log factor) unless `old` waits.
                let queue = if in_waiting[old] || partition.size(new) <= partition.size(old) {
                    new
                } else {
                    old
                };
                if !in_waiting[queue] {
                    in_waiting[queue] = true;
                    waiting.push(queue);
                }
            }
        }
    }
    (partition.block, work)
}

/// A partition of `0..n` whose blocks are ranges of `elems`; marking moves a state to the
/// front of its block's range, and [`Partition::split`] cuts the marked prefixes off as new
/// blocks, in time proportional to the number of marked states.
struct Partition {
    elems: Vec<usize>,
    pos: Vec<usize>,
    block: Vec<usize>,
    start: Vec<usize>,
    end: Vec<usize>,
    marked: Vec<usize>,
    touched: Vec<usize>,
}

impl Partition {
    /// Two blocks to start: accepting and non-accepting states (empty ones left out).
    fn new(accepting: &[bool]) -> Partition {
        let n = accepting.len();
        let mut elems: Vec<usize> = (0..n).filter(|&q| accepting[q]).collect();
        let cut = elems.len();
        elems.extend((0..n).filter(|&q| !accepting[q]));
        let mut pos = vec![0; n];
        for (i, &q) in elems.iter().enumerate() {
            pos[q] = i;
        }
        let ranges: Vec<(usize, usize)> = [(0, cut), (cut, n)]
            .into_iter()
            .filter(|(s, e)| s < e)
            .collect();
        let mut block = vec![0; n];
        for (b, &(s, e)) in ranges.iter().enumerate() {
            for &q in &elems[s..e] {
                block[q] = b;
            }
        }
        Partition {
            elems,
            pos,
            block,
            start: ranges.iter().map(|r| r.0).collect(),
            end: ranges.iter().map(|r| r.1).collect(),
            marked: vec![0; ranges.len()],
            touched: Vec::new(),
        }
    }

    fn len(&self) -> usize {
        self.start.len()
    }

    fn size(&self, b: usize) -> usize {
        self.end[b] - self.start[b]
    }

    fn members(&self, b: usize) -> &[usize] {
        &self.elems[self.start[b]..self.end[b]]
    }

    fn mark(&mut self, q: usize) {
        let b = self.block[q];
        let front = self.start[b] + self.marked[b];
        let i = self.pos[q];
        if i < front {
            return;
        }
        let other = self.elems[front];
        self.elems.swap(i, front);
        self.pos[other] = i;
        self.pos[q] = front;
        if self.marked[b] == 0 {
            self.touched.push(b);
        }
        self.marked[b] += 1;
    }

    /// Splits every block with some but not all states marked; returns `(old, new)` pairs,
    /// `new` holding the marked states. Clears the marks.
    fn split(&mut self) -> Vec<(usize, usize)> {
        let mut splits = Vec::new();
        for b in std::mem::take(&mut self.touched) {
            let cut = self.start[b] + self.marked[b];
            self.marked[b] = 0;
            if cut == self.end[b] {
                continue;
            }
            let new = self.start.len();
            self.start.push(self.start[b]);
            self.end.push(cut);
            self.marked.push(0);
            self.start[b] = cut;
            for &q in &self.elems[self.start[new]..cut] {
                self.block[q] = new;
            }
            splits.push((b, new));
        }
        splits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(n: usize) -> (Vec<bool>, Vec<Vec<(usize, usize)>>) {
        let mut edges: Vec<Vec<(usize, usize)>> = (0..n).map(|q| vec![(0, q + 1)]).collect();
        edges.push(Vec::new());
        let mut accepting = vec![false; n + 1];
        accepting[n] = true;
        (accepting, edges)
    }

    #[test]
    fn a_chain_is_live_and_minimal_with_work_linear_in_its_length() {
        let n = 50_000;
        let (accepting, edges) = chain(n);
        assert!(live_states(&accepting, &edges).iter().all(|&l| l));
        let (class, work) = equivalence_classes(&accepting, &edges);
        let mut distinct = class.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), n + 1);
        assert!(work <= 4 * (n + 1), "work {work} for a chain of {n}");
    }

    #[test]
    fn a_cycle_of_equal_states_is_one_class() {
        // Three accepting states in a cycle on one letter: all equivalent.
        let edges = vec![vec![(0, 1)], vec![(0, 2)], vec![(0, 0)]];
        let (class, _) = equivalence_classes(&[true; 3], &edges);
        assert!(class.iter().all(|&c| c == class[0]));
    }

    #[test]
    fn a_missing_transition_differs_from_a_present_one() {
        // 0 -a-> 2 and 1 has no transition: the dead state is implicit, so 0 and 1 differ.
        let edges = vec![vec![(0, 2)], vec![], vec![]];
        let (class, _) = equivalence_classes(&[false, true, true], &edges);
        assert_ne!(class[1], class[0]);
        assert_eq!(class[1], class[2]);
    }
}
