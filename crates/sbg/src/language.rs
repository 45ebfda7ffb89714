//! Language-level operations on piece automata, for the learner and for tests: equivalence of
//! two DFAs, the accepted words up to a length, and a DFA back to a piece expression (state
//! elimination), so that a learned automaton can be written as an SBG rule.

use crate::ast::{Expr, Letter};
use crate::automaton::Dfa;
use std::collections::{BTreeSet, HashMap, HashSet, VecDeque};

impl Dfa {
    /// The state reached from `q` by `l`, if any.
    pub fn step(&self, q: usize, l: &Letter) -> Option<usize> {
        let a = self.alphabet.iter().position(|x| x == l)?;
        self.edges[q]
            .iter()
            .find(|&&(b, _)| b == a)
            .map(|&(_, t)| t)
    }

    /// True when both automata accept the same words (their alphabets may differ).
    pub fn equivalent(&self, other: &Dfa) -> bool {
        self.compare(other, true)
    }

    /// True when both automata accept the same non-empty words: they describe the same moves.
    pub fn same_moves(&self, other: &Dfa) -> bool {
        self.compare(other, false)
    }

    fn compare(&self, other: &Dfa, with_empty: bool) -> bool {
        let letters: BTreeSet<Letter> = self
            .alphabet
            .iter()
            .chain(&other.alphabet)
            .copied()
            .collect();
        let accepts = |d: &Dfa, q: Option<usize>| q.is_some_and(|q| d.accepting[q]);
        let mut seen = HashSet::new();
        // The third component marks the initial pair, reached by the empty word only.
        let mut queue = VecDeque::from([(Some(0), Some(0), true)]);
        while let Some((p, q, initial)) = queue.pop_front() {
            if !seen.insert((p, q, initial)) {
                continue;
            }
            if (with_empty || !initial) && accepts(self, p) != accepts(other, q) {
                return false;
            }
            for l in &letters {
                let np = p.and_then(|p| self.step(p, l));
                let nq = q.and_then(|q| other.step(q, l));
                if np.is_some() || nq.is_some() {
                    queue.push_back((np, nq, false));
                }
            }
        }
        true
    }

    /// The accepted non-empty words of length at most `max_len`, at most `max_words` of them,
    /// in length-then-lexicographic order of the search (deterministic).
    pub fn words(&self, max_len: usize, max_words: usize) -> Vec<Vec<Letter>> {
        let mut out = Vec::new();
        let mut layer = vec![(0usize, Vec::new())];
        for _ in 0..max_len {
            let mut next = Vec::new();
            for (q, w) in &layer {
                for &(a, t) in &self.edges[*q] {
                    let mut w2: Vec<Letter> = w.clone();
                    w2.push(self.alphabet[a]);
                    if self.accepting[t] {
                        if out.len() == max_words {
                            return out;
                        }
                        out.push(w2.clone());
                    }
                    next.push((t, w2));
                }
            }
            layer = next;
        }
        out
    }

    /// An expression for the automaton's language minus the empty word (which is never a
    /// move), or `None` when no non-empty word is accepted. Built by state elimination.
    pub fn to_expr(&self) -> Option<Expr> {
        // Generalised automaton: states 0..n, a fresh start n and a fresh final n + 1.
        let n = self.num_states();
        let (s, f) = (n, n + 1);
        let mut r: HashMap<(usize, usize), Re> = HashMap::new();
        let add = |r: &mut HashMap<(usize, usize), Re>, i: usize, j: usize, e: Re| {
            let old = r.remove(&(i, j)).unwrap_or(Re::Empty);
            r.insert((i, j), old.or(e));
        };
        // The start is entered only through a non-empty word: copy it as state `n + 2`, which
        // has the start's outgoing edges and acceptance but nothing coming in.
        let s0 = n + 2;
        add(&mut r, s, s0, Re::Eps);
        for q in 0..n {
            for &(a, t) in &self.edges[q] {
                let letter = Re::E(Expr::Letter(self.alphabet[a]));
                add(&mut r, q, t, letter.clone());
                if q == 0 {
                    add(&mut r, s0, t, letter);
                }
            }
            if self.accepting[q] {
                add(&mut r, q, f, Re::Eps);
            }
        }
        for q in (0..n).chain([s0]) {
            let self_loop = r.remove(&(q, q)).unwrap_or(Re::Empty).star();
            let ins: Vec<(usize, Re)> = r
                .iter()
                .filter(|((i, j), _)| *j == q && *i != q)
                .map(|((i, _), e)| (*i, e.clone()))
                .collect();
            let outs: Vec<(usize, Re)> = r
                .iter()
                .filter(|((i, j), _)| *i == q && *j != q)
                .map(|((_, j), e)| (*j, e.clone()))
                .collect();
            r.retain(|(i, j), _| *i != q && *j != q);
            let mut ins = ins;
            let mut outs = outs;
            ins.sort_by_key(|(i, _)| *i);
            outs.sort_by_key(|(j, _)| *j);
            for (i, ein) in &ins {
                for (j, eout) in &outs {
                    let e = ein.clone().then(self_loop.clone()).then(eout.clone());
                    add(&mut r, *i, *j, e);
                }
            }
        }
        match r.remove(&(s, f)).unwrap_or(Re::Empty) {
            Re::E(e) => Some(e),
            Re::Empty | Re::Eps => None,
        }
    }
}

/// A regular expression during elimination: the empty language, the empty word, or an
/// expression (whose language may contain the empty word).
#[derive(Clone, Debug)]
enum Re {
    Empty,
    Eps,
    E(Expr),
}

impl Re {
    fn then(self, other: Re) -> Re {
        match (self, other) {
            (Re::Empty, _) | (_, Re::Empty) => Re::Empty,
            (Re::Eps, x) | (x, Re::Eps) => x,
            (Re::E(a), Re::E(b)) => Re::E(Expr::concat(vec![a, b])),
        }
    }

    fn or(self, other: Re) -> Re {
        match (self, other) {
            (Re::Empty, x) | (x, Re::Empty) => x,
            (Re::Eps, Re::Eps) => Re::Eps,
            (Re::Eps, Re::E(a)) | (Re::E(a), Re::Eps) => Re::E(optional(a)),
            (Re::E(a), Re::E(b)) => Re::E(Expr::alt(vec![a, b])),
        }
    }

    fn star(self) -> Re {
        match self {
            Re::Empty | Re::Eps => Re::Eps,
            Re::E(Expr::Star(a)) => Re::E(Expr::Star(a)),
            Re::E(a) => Re::E(Expr::Star(Box::new(a))),
        }
    }
}

/// `a` or the empty word: SBG has no `?`, so the empty word is written `a^0`.
fn optional(a: Expr) -> Expr {
    match a {
        Expr::Star(_) => a,
        a => Expr::alt(vec![a.clone(), Expr::Power(Box::new(a), 0)]),
    }
}

#[cfg(test)]
mod tests {
    use crate::automaton::Dfa;
    use crate::parse::parse_piece_rule;

    fn dfa(src: &str) -> Dfa {
        let (rule, _) = parse_piece_rule(src).unwrap();
        Dfa::from_expr(rule.kind, &rule.expr).unwrap()
    }

    #[test]
    fn equivalence_ignores_how_a_rule_is_written() {
        let a = dfa("R (0,1,e)^*(0,1,p) + (0,1,e)(0,1,e)^* &");
        let b = dfa("R (0,1,e)^*((0,1,p) + (0,1,e)) &");
        let c = dfa("R (0,1,e)^*(0,1,p) &");
        assert!(a.equivalent(&b));
        assert!(!a.equivalent(&c));
    }

    #[test]
    fn words_in_order() {
        let d = dfa("R (0,1,e)^*(0,1,p) &");
        let w = d.words(2, 10);
        assert_eq!(w.len(), 2);
        assert_eq!(w[0].len(), 1);
    }

    #[test]
    fn back_to_an_expression() {
        for src in [
            "R (0,1,e)^*(0,1,p) + (0,1,e)(0,1,e)^* &",
            "C (1,1,e) + ((1,1,p)(1,1,e) + (-1,1,p)(-1,1,e))((1,1,p)(1,1,e) + (-1,1,p)(-1,1,e))^* &",
            "X ((0,1,e)(0,-1,w))^*((1,0,e) + (0,1,e))^* &",
            "B (1,1,e) + (1,1,e)^2 + (1,1,e)^3 + (1,1,p) &",
        ] {
            let d = dfa(src);
            let e = d.to_expr().unwrap();
            let back = Dfa::from_expr('X', &e).unwrap();
            // The empty word is dropped (never a move), so compare non-empty words.
            assert!(d.same_moves(&back), "{src} -> {}", crate::print::print_expr(&e));
        }
        assert!(dfa("X (0,1,e)^0 &").to_expr().is_none());
    }
}
