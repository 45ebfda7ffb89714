//! Piece rule → Thompson NFA → DFA (subset construction) → minimal DFA (Moore refinement),
//! trimmed so that every state can still reach an accepting one. Letters are interned per
//! automaton; black's automaton is [`Dfa::mirrored`].

use crate::ast::{Expr, Letter};
use crate::minimize;
use std::collections::HashMap;
use std::fmt;
use std::rc::Rc;

/// Largest DFA built (states, before minimisation); see [`BuildError`].
pub const DFA_STATE_LIMIT: usize = 100_000;

/// Most NFA states in all the subsets one determinisation computes (every closure counted,
/// new or not). The subset construction's work and memory grow with this sum, which can be
/// quadratic in a rule's length while the state count stays small (`(0,1,e)^*` then a word
/// of n letters makes n subsets of up to n states); this bound ends such rules with an error
/// after about a second and a few hundred MB at most.
pub const SUBSET_WORK_LIMIT: usize = 20_000_000;

/// Why a rule could not be compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BuildError {
    /// The rule is too large once `^n` are written out (see `parse::EXPANDED_SIZE_LIMIT`).
    ExpressionTooLarge { kind: char, size: u64, limit: u64 },
    /// Determinisation produced more than [`DFA_STATE_LIMIT`] states.
    TooManyStates { kind: char, limit: usize },
    /// Determinisation computed subsets of more than [`SUBSET_WORK_LIMIT`] NFA states in all.
    SubsetsTooLarge { kind: char, limit: usize },
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
            BuildError::SubsetsTooLarge { kind, limit } => write!(
                f,
                "determinising the rule of piece {kind} computes subsets of more than {limit} NFA states in all (sbg::automaton::SUBSET_WORK_LIMIT)"
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
        let (dfa, _) = Self::determinize(&Nfa::from_expr(e), kind)?;
        Ok(dfa.trimmed().minimized())
    }

    /// Subset construction. Each subset is stored once (shared by the worklist and the
    /// index), and the total size of the subsets computed is bounded by [`SUBSET_WORK_LIMIT`];
    /// that total is returned beside the automaton.
    fn determinize(nfa: &Nfa, kind: char) -> Result<(Dfa, usize), BuildError> {
        let mut start = vec![nfa.start];
        nfa.closure(&mut start);
        let start: Rc<[u32]> = start.into();
        let mut work = start.len();
        let mut ids: HashMap<Rc<[u32]>, usize> = HashMap::from([(start.clone(), 0)]);
        let mut sets = vec![start];
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
                work += target.len();
                if work > SUBSET_WORK_LIMIT {
                    let limit = SUBSET_WORK_LIMIT;
                    return Err(BuildError::SubsetsTooLarge { kind, limit });
                }
                let id = match ids.get(target.as_slice()) {
                    Some(&id) => id,
                    None => {
                        if sets.len() >= DFA_STATE_LIMIT {
                            let limit = DFA_STATE_LIMIT;
                            return Err(BuildError::TooManyStates { kind, limit });
                        }
                        let target: Rc<[u32]> = target.into();
                        ids.insert(target.clone(), sets.len());
                        sets.push(target);
                        sets.len() - 1
                    }
                };
                out.push((group[0].0 as usize, id));
            }
            edges.push(out);
            i += 1;
        }
        let alphabet = nfa.alphabet.clone();
        Ok((
            Dfa {
                alphabet,
                accepting,
                edges,
            },
            work,
        ))
    }

    /// Drops the states that cannot reach an accepting state (the start always stays).
    fn trimmed(&self) -> Dfa {
        let mut live = minimize::live_states(&self.accepting, &self.edges);
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

    /// Merges equivalent states (Hopcroft, [`minimize`]); missing transitions go to an
    /// implicit dead state. States are renumbered in breadth-first order from the start, so
    /// the result does not depend on how classes were numbered.
    fn minimized(&self) -> Dfa {
        let (class, _) = minimize::equivalence_classes(&self.accepting, &self.edges);
        let count = class.iter().max().map_or(0, |&c| c + 1);
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

    fn rule(text: &str) -> Expr {
        parse_piece_rule(text).unwrap().0.expr
    }

    #[test]
    fn a_long_word_determinises_and_minimises_with_linear_work() {
        let n = 30_000;
        let word = "(0,1,e)".repeat(n);
        let e = rule(&format!("P {word} + (1,1,p) &"));
        let (dfa, subset_work) = Dfa::determinize(&Nfa::from_expr(&e), 'P').unwrap();
        let trimmed = dfa.trimmed();
        let (_, minimise_work) = minimize::equivalence_classes(&trimmed.accepting, &trimmed.edges);
        assert!(
            subset_work <= 4 * n,
            "subset work {subset_work} for {n} letters"
        );
        assert!(
            minimise_work <= 4 * n,
            "minimisation work {minimise_work} for {n} letters"
        );
        assert_eq!(trimmed.minimized().num_states(), n + 1);
    }

    #[test]
    fn a_star_before_a_long_word_ends_at_the_subset_limit() {
        // After k letters the subset holds the star and k word positions: quadratic work.
        let word = "(0,1,e)".repeat(8_000);
        let e = rule(&format!("P (0,1,e)^* {word} &"));
        let err = Dfa::from_expr('P', &e).unwrap_err();
        assert!(
            matches!(err, BuildError::SubsetsTooLarge { kind: 'P', .. }),
            "{err}"
        );
        assert!(err.to_string().contains("SUBSET_WORK_LIMIT"));
    }

    /// Moore refinement, round by round: quadratic, kept as the oracle for Hopcroft.
    fn moore_classes(dfa: &Dfa) -> Vec<usize> {
        let mut class: Vec<usize> = dfa.accepting.iter().map(|&a| a as usize).collect();
        let mut count = 0;
        loop {
            let mut ids: HashMap<(usize, Vec<(usize, usize)>), usize> = HashMap::new();
            let next: Vec<usize> = (0..class.len())
                .map(|q| {
                    let sig = dfa.edges[q].iter().map(|&(a, t)| (a, class[t])).collect();
                    let len = ids.len();
                    *ids.entry((class[q], sig)).or_insert(len)
                })
                .collect();
            class = next;
            if ids.len() == count {
                return class;
            }
            count = ids.len();
        }
    }

    /// Whether two class assignments describe the same partition.
    fn same_partition(a: &[usize], b: &[usize]) -> bool {
        let mut pairs: Vec<(usize, usize)> = a.iter().copied().zip(b.iter().copied()).collect();
        pairs.sort_unstable();
        pairs.dedup();
        let mut left: Vec<usize> = pairs.iter().map(|p| p.0).collect();
        let mut right: Vec<usize> = pairs.iter().map(|p| p.1).collect();
        left.dedup();
        right.sort_unstable();
        right.dedup();
        left.len() == pairs.len() && right.len() == pairs.len()
    }

    fn small_rule() -> impl proptest::strategy::Strategy<Value = Expr> {
        use proptest::prelude::*;
        let letter = (-1i32..=1, 0i32..=1, 0usize..3).prop_map(|(dx, dy, on)| {
            let on = ['e', 'p', 'w'][on];
            Expr::Letter(l(dx, dy, on))
        });
        letter.prop_recursive(4, 24, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 1..4).prop_map(Expr::Concat),
                proptest::collection::vec(inner.clone(), 1..4).prop_map(Expr::Alt),
                (inner.clone(), 0u32..3).prop_map(|(e, n)| Expr::Power(Box::new(e), n)),
                inner.prop_map(|e| Expr::Star(Box::new(e))),
            ]
        })
    }

    proptest::proptest! {
        #[test]
        fn hopcroft_finds_the_partition_moore_finds(e in small_rule()) {
            let (dfa, _) = Dfa::determinize(&Nfa::from_expr(&e), 'X').unwrap();
            let dfa = dfa.trimmed();
            let (hopcroft, _) = minimize::equivalence_classes(&dfa.accepting, &dfa.edges);
            proptest::prop_assert!(same_partition(&hopcroft, &moore_classes(&dfa)));
        }
    }

    #[test]
    fn mirror_flips_dy() {
        let d = dfa("P (1,2,e) &").mirrored();
        assert!(d.accepts(&[l(1, -2, 'e')]));
    }
}
