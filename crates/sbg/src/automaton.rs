//! Piece rule → Thompson NFA → DFA (subset construction) → minimal DFA (Moore refinement),
//! trimmed so that every state can still reach an accepting one. Letters are interned per
//! automaton; black's automaton is [`Dfa::mirrored`].

use crate::ast::{Expr, Letter};
use std::collections::HashMap;
use std::fmt;

/// Largest DFA built (states, before minimisation); see [`BuildError`].
pub const DFA_STATE_LIMIT: usize = 100_000;

/// Why a rule could not be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// The rule is too large once `^n` are written out (see `parse::EXPANDED_SIZE_LIMIT`).
    ExpressionTooLarge { kind: char, size: u64, limit: u64 },
    /// Determinisation produced more than [`DFA_STATE_LIMIT`] states.
    TooManyStates { kind: char, limit: usize },
    /// The engine numbers squares with 16 bits.
    BoardTooLarge { squares: usize, limit: usize },
    /// The move search would need a visited table of `entries` (states x squares) entries.
    SearchTooLarge { entries: usize, limit: usize },
    /// A game built by hand (not by the parser) that no SBG text can describe.
    InvalidGame { reason: String },
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::ExpressionTooLarge { kind, size, limit } => write!(
                f,
                "rule of piece {kind} has {size} letters once powers are written out (limit {limit})"
            ),
            BuildError::TooManyStates { kind, limit } => write!(
                f,
                "the automaton of piece {kind} has more than {limit} states (sbg::automaton::DFA_STATE_LIMIT)"
            ),
            BuildError::BoardTooLarge { squares, limit } => {
                write!(f, "the board has {squares} squares; the engine handles at most {limit}")
            }
            BuildError::SearchTooLarge { entries, limit } => write!(
                f,
                "the move search needs {entries} (automaton state, square) pairs; the limit is {limit} (sbg::engine::SEARCH_LIMIT)"
            ),
            BuildError::InvalidGame { reason } => write!(f, "invalid game: {reason}"),
        }
    }
}

impl std::error::Error for BuildError {}

/// A Thompson NFA with epsilon moves; letters are indices into `alphabet`.
#[derive(Clone, Debug, Default)]
pub struct Nfa {
    pub alphabet: Vec<Letter>,
    pub eps: Vec<Vec<u32>>,
    pub edges: Vec<Vec<(u32, u32)>>,
    pub start: u32,
    pub accept: u32,
}

impl Nfa {
    pub fn from_expr(e: &Expr) -> Nfa {
        let mut nfa = Nfa::default();
        let mut index = HashMap::new();
        let (s, t) = nfa.fragment(e, &mut index);
        nfa.start = s;
        nfa.accept = t;
        nfa
    }

    fn state(&mut self) -> u32 {
        self.eps.push(Vec::new());
        self.edges.push(Vec::new());
        (self.eps.len() - 1) as u32
    }

    fn fragment(&mut self, e: &Expr, index: &mut HashMap<Letter, u32>) -> (u32, u32) {
        match e {
            Expr::Letter(l) => {
                let a = *index.entry(*l).or_insert_with(|| {
                    self.alphabet.push(*l);
                    (self.alphabet.len() - 1) as u32
                });
                let (s, t) = (self.state(), self.state());
                self.edges[s as usize].push((a, t));
                (s, t)
            }
            Expr::Concat(parts) => self.chain(parts.iter(), index),
            Expr::Alt(parts) => {
                let (s, t) = (self.state(), self.state());
                for p in parts {
                    let (ps, pt) = self.fragment(p, index);
                    self.eps[s as usize].push(ps);
                    self.eps[pt as usize].push(t);
                }
                (s, t)
            }
            Expr::Power(base, n) => {
                if *n == 0 {
                    let (s, t) = (self.state(), self.state());
                    self.eps[s as usize].push(t);
                    (s, t)
                } else {
                    self.chain(std::iter::repeat_n(&**base, *n as usize), index)
                }
            }
            Expr::Star(base) => {
                let (s, t) = (self.state(), self.state());
                let (bs, bt) = self.fragment(base, index);
                self.eps[s as usize].extend([t, bs]);
                self.eps[bt as usize].extend([bs, t]);
                (s, t)
            }
        }
    }

    fn chain<'a>(
        &mut self,
        parts: impl Iterator<Item = &'a Expr>,
        index: &mut HashMap<Letter, u32>,
    ) -> (u32, u32) {
        let mut ends: Option<(u32, u32)> = None;
        for p in parts {
            let (ps, pt) = self.fragment(p, index);
            ends = Some(match ends {
                None => (ps, pt),
                Some((s, t)) => {
                    self.eps[t as usize].push(ps);
                    (s, pt)
                }
            });
        }
        ends.expect("a concatenation has parts")
    }

    fn closure(&self, set: &mut Vec<u32>) {
        let mut stack = set.clone();
        let mut seen: std::collections::HashSet<u32> = set.iter().copied().collect();
        while let Some(s) = stack.pop() {
            for &t in &self.eps[s as usize] {
                if seen.insert(t) {
                    set.push(t);
                    stack.push(t);
                }
            }
        }
        set.sort_unstable();
    }
}

/// A deterministic automaton over `alphabet`. State 0 is the start; `edges[q]` is sorted by
/// letter index. Every state except possibly the start can reach an accepting state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dfa {
    pub alphabet: Vec<Letter>,
    pub accepting: Vec<bool>,
    pub edges: Vec<Vec<(usize, usize)>>,
}

impl Dfa {
    /// The minimal trimmed DFA of a piece rule (`kind` is only used in errors).
    pub fn from_expr(kind: char, e: &Expr) -> Result<Dfa, BuildError> {
        let size = e.expanded_size();
        let limit = crate::parse::EXPANDED_SIZE_LIMIT;
        if size > limit {
            return Err(BuildError::ExpressionTooLarge { kind, size, limit });
        }
        let dfa = Self::determinize(&Nfa::from_expr(e), kind)?;
        Ok(dfa.trimmed().minimized())
    }

    fn determinize(nfa: &Nfa, kind: char) -> Result<Dfa, BuildError> {
        let mut start = vec![nfa.start];
        nfa.closure(&mut start);
        let mut ids: HashMap<Vec<u32>, usize> = HashMap::new();
        let mut sets = vec![start.clone()];
        ids.insert(start, 0);
        let mut edges = Vec::new();
        let mut accepting = Vec::new();
        let mut i = 0;
        while i < sets.len() {
            let set = sets[i].clone();
            accepting.push(set.contains(&nfa.accept));
            let mut by_letter: Vec<(u32, u32)> = set
                .iter()
                .flat_map(|&s| nfa.edges[s as usize].iter().copied())
                .collect();
            by_letter.sort_unstable();
            by_letter.dedup();
            let mut out = Vec::new();
            for group in by_letter.chunk_by(|a, b| a.0 == b.0) {
                let mut target: Vec<u32> = group.iter().map(|&(_, t)| t).collect();
                nfa.closure(&mut target);
                let next = sets.len();
                let id = *ids.entry(target.clone()).or_insert(next);
                if id == next {
                    if sets.len() >= DFA_STATE_LIMIT {
                        return Err(BuildError::TooManyStates {
                            kind,
                            limit: DFA_STATE_LIMIT,
                        });
                    }
                    sets.push(target);
                }
                out.push((group[0].0 as usize, id));
            }
            edges.push(out);
            i += 1;
        }
        Ok(Dfa {
            alphabet: nfa.alphabet.clone(),
            accepting,
            edges,
        })
    }

    /// Drops the states that cannot reach an accepting state (the start always stays).
    fn trimmed(&self) -> Dfa {
        let n = self.accepting.len();
        let mut live = self.accepting.clone();
        let mut changed = true;
        while changed {
            changed = false;
            for q in 0..n {
                if !live[q] && self.edges[q].iter().any(|&(_, t)| live[t]) {
                    live[q] = true;
                    changed = true;
                }
            }
        }
        live[0] = true;
        self.restricted(&live)
    }

    fn restricted(&self, keep: &[bool]) -> Dfa {
        let mut new_id = vec![usize::MAX; keep.len()];
        let mut count = 0;
        for (q, &k) in keep.iter().enumerate() {
            if k {
                new_id[q] = count;
                count += 1;
            }
        }
        let mut edges = Vec::with_capacity(count);
        let mut accepting = Vec::with_capacity(count);
        for q in (0..keep.len()).filter(|&q| keep[q]) {
            accepting.push(self.accepting[q]);
            edges.push(
                self.edges[q]
                    .iter()
                    .filter(|&&(_, t)| keep[t])
                    .map(|&(a, t)| (a, new_id[t]))
                    .collect(),
            );
        }
        Dfa {
            alphabet: self.alphabet.clone(),
            accepting,
            edges,
        }
    }

    /// Moore partition refinement; missing transitions go to an implicit dead state. States are
    /// renumbered in breadth-first order from the start.
    fn minimized(&self) -> Dfa {
        let n = self.accepting.len();
        let mut class: Vec<usize> = self.accepting.iter().map(|&a| a as usize).collect();
        let mut count = 0;
        loop {
            let mut ids: HashMap<(usize, Vec<(usize, usize)>), usize> = HashMap::new();
            let next: Vec<usize> = (0..n)
                .map(|q| {
                    let sig: Vec<(usize, usize)> =
                        self.edges[q].iter().map(|&(a, t)| (a, class[t])).collect();
                    let len = ids.len();
                    *ids.entry((class[q], sig)).or_insert(len)
                })
                .collect();
            let new_count = ids.len();
            class = next;
            if new_count == count {
                break;
            }
            count = new_count;
        }
        // Breadth-first renumbering of the classes from the start's class.
        let mut order = vec![usize::MAX; count];
        let mut rep = Vec::new();
        order[class[0]] = 0;
        rep.push(0);
        let mut i = 0;
        while i < rep.len() {
            for &(_, t) in &self.edges[rep[i]] {
                if order[class[t]] == usize::MAX {
                    order[class[t]] = rep.len();
                    rep.push(t);
                }
            }
            i += 1;
        }
        let edges = rep
            .iter()
            .map(|&q| {
                self.edges[q]
                    .iter()
                    .map(|&(a, t)| (a, order[class[t]]))
                    .collect()
            })
            .collect();
        let accepting = rep.iter().map(|&q| self.accepting[q]).collect();
        Dfa {
            alphabet: self.alphabet.clone(),
            accepting,
            edges,
        }
    }

    /// The same automaton reading every letter as `(dx, -dy, on)` (black's view).
    pub fn mirrored(&self) -> Dfa {
        Dfa {
            alphabet: self.alphabet.iter().map(|l| l.mirrored()).collect(),
            ..self.clone()
        }
    }

    pub fn num_states(&self) -> usize {
        self.accepting.len()
    }

    /// Whether the automaton accepts `word`.
    pub fn accepts(&self, word: &[Letter]) -> bool {
        let mut q = 0;
        for l in word {
            let Some(a) = self.alphabet.iter().position(|x| x == l) else {
                return false;
            };
            match self.edges[q].iter().find(|&&(b, _)| b == a) {
                Some(&(_, t)) => q = t,
                None => return false,
            }
        }
        self.accepting[q]
    }

    /// True when the language is finite (no cycle among the states).
    pub fn is_finite(&self) -> bool {
        // Kahn's algorithm: acyclic iff every state gets removed.
        let n = self.num_states();
        let mut indeg = vec![0usize; n];
        for es in &self.edges {
            for &(_, t) in es {
                indeg[t] += 1;
            }
        }
        let mut stack: Vec<usize> = (0..n).filter(|&q| indeg[q] == 0).collect();
        let mut removed = 0;
        while let Some(q) = stack.pop() {
            removed += 1;
            for &(_, t) in &self.edges[q] {
                indeg[t] -= 1;
                if indeg[t] == 0 {
                    stack.push(t);
                }
            }
        }
        removed == n
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse_piece_rule;

    fn dfa(src: &str) -> Dfa {
        let (rule, _) = parse_piece_rule(src).unwrap();
        Dfa::from_expr(rule.kind, &rule.expr).unwrap()
    }

    fn l(dx: i32, dy: i32, on: char) -> Letter {
        Letter {
            dx,
            dy,
            on: crate::ast::On::from_char(on).unwrap(),
        }
    }

    #[test]
    fn rook_ray_is_two_states() {
        let d = dfa("R (0,1,e)^*(0,1,p) + (0,1,e)(0,1,e)^* &");
        assert_eq!(d.num_states(), 3);
        assert!(d.accepts(&[l(0, 1, e()), l(0, 1, 'p')]));
        assert!(d.accepts(&[l(0, 1, 'e'); 5]));
        assert!(!d.accepts(&[]));
        assert!(!d.is_finite());
    }

    fn e() -> char {
        'e'
    }

    #[test]
    fn finite_expansion_minimizes() {
        let d = dfa("B (1,1,e) + (1,1,e)^2 + (1,1,e)^3 + (1,1,e)^0(1,1,p) &");
        assert!(d.is_finite());
        assert!(d.accepts(&[l(1, 1, 'e'); 3]));
        assert!(!d.accepts(&[l(1, 1, 'e'); 4]));
        assert_eq!(d.num_states(), 4);
    }

    #[test]
    fn empty_language_keeps_a_start() {
        let d = dfa("X ((0,1,e)^0) &");
        assert_eq!(d.num_states(), 1);
        assert!(d.accepts(&[]));
        assert!(!d.accepts(&[l(0, 1, 'e')]));
    }

    #[test]
    fn mirror_flips_dy() {
        let d = dfa("P (1,2,e) &").mirrored();
        assert!(d.accepts(&[l(1, -2, 'e')]));
    }
}
