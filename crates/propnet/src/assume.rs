//! Relations read only on one side's turn may assume it is that side's turn. A translation
//! asks the moves it may make through helper relations whose rules test whose turn it is
//! (`(want_nav1 ?t) :- (true (control white)) (true (cell ?b w)) ...`): ground, each turn
//! change flips every such helper of both sides and all they feed, though only the legal
//! atoms, which test the turn themselves, read them (breakthrough's translation: 346 gate
//! events per state, 115 with this and `crate::guard`'s readers; the hand-written file 31).
//!
//! For a turn proposition `g` (the guard of some split legal atoms), call an atom *closed
//! under `g`* when it is such a legal atom or every rule of it tests `g`: it is false
//! whenever `g` is. A derived atom whose readers are all closed under `g`, or are such atoms
//! in turn, matters only while `g` holds, so its rules may drop `g` (and a rule testing `not
//! g` may go). Atoms read from outside the network's rules (`legal`, `next`, `goal`,
//! `terminal`, guards) keep theirs.

use crate::ground::AtomId;
use crate::guard::Rules;
use crate::Node;
use std::collections::{HashMap, HashSet};

/// The network's rules by atom, and what [`assume_turns`] must know about the atoms.
pub struct Program<'a> {
    /// The rules of each atom (empty for inputs and propositions).
    pub rules: &'a mut [Rules],
    /// The gate of each atom.
    pub node: &'a [Node],
    /// Atoms whose gates are read from outside the rules.
    pub fixed: &'a [bool],
    /// Gates below this are the state's propositions.
    pub propositions: Node,
}

/// Drops each turn proposition (a guard of split legal atoms, `guard_of`, that is a state
/// proposition) from the rules of the atoms read only while it holds. Returns how many
/// atoms' rules changed.
pub fn assume_turns(p: &mut Program, guard_of: &HashMap<Node, Node>) -> usize {
    let atom_of: HashMap<Node, AtomId> = p
        .node
        .iter()
        .enumerate()
        .map(|(a, &n)| (n, a as AtomId))
        .collect();
    let readers = readers(p, &atom_of);
    let mut turns: Vec<Node> = guard_of
        .values()
        .copied()
        .filter(|&g| g < p.propositions)
        .collect();
    turns.sort_unstable();
    turns.dedup();
    let mut changed: HashSet<AtomId> = HashSet::new();
    for turn in turns {
        // A split legal atom is read as its guard and itself, so it is closed too.
        let closed: Vec<bool> = p
            .rules
            .iter()
            .zip(p.node)
            .map(|(rules, n)| {
                guard_of.get(n) == Some(&turn)
                    || !rules.is_empty() && rules.iter().all(|b| b.contains(&(turn, false)))
            })
            .collect();
        for a in read_only_while(p, &atom_of, &readers, &closed, &changed) {
            p.rules[a as usize].retain(|body| !body.contains(&(turn, true)));
            for body in p.rules[a as usize].iter_mut() {
                body.retain(|&l| l != (turn, false));
            }
            changed.insert(a);
        }
    }
    changed.len()
}

/// The atoms whose rules read each atom.
fn readers(p: &Program, atom_of: &HashMap<Node, AtomId>) -> Vec<Vec<AtomId>> {
    let mut readers: Vec<Vec<AtomId>> = vec![Vec::new(); p.rules.len()];
    for (h, rules) in p.rules.iter().enumerate() {
        for &(n, _) in rules.iter().flatten() {
            if let Some(&a) = atom_of.get(&n) {
                readers[a as usize].push(h as AtomId);
            }
        }
    }
    for r in &mut readers {
        r.sort_unstable();
        r.dedup();
    }
    readers
}

/// The greatest set of derived atoms, not fixed nor in `taken`, each read only by atoms
/// `closed` or in the set, that some closed atom reads (directly or through the set).
fn read_only_while(
    p: &Program,
    atom_of: &HashMap<Node, AtomId>,
    readers: &[Vec<AtomId>],
    closed: &[bool],
    taken: &HashSet<AtomId>,
) -> Vec<AtomId> {
    let eligible = |a: AtomId| {
        let a = a as usize;
        !p.rules[a].is_empty() && !p.fixed[a] && !taken.contains(&(a as AtomId))
    };
    // Candidates: what the closed atoms read, backwards through eligible atoms.
    let mut inside = vec![false; p.rules.len()];
    let mut stack: Vec<AtomId> = (0..p.rules.len() as AtomId)
        .filter(|&a| closed[a as usize])
        .collect();
    while let Some(h) = stack.pop() {
        for &(n, _) in p.rules[h as usize].iter().flatten() {
            if let Some(&a) = atom_of.get(&n) {
                if eligible(a) && !inside[a as usize] {
                    inside[a as usize] = true;
                    stack.push(a);
                }
            }
        }
    }
    // Drop every candidate some reader outside the set reads, until none does.
    let outside = |inside: &[bool], a: AtomId| {
        readers[a as usize]
            .iter()
            .any(|&h| !inside[h as usize] && !closed[h as usize])
    };
    let mut check: Vec<AtomId> = (0..p.rules.len() as AtomId)
        .filter(|&a| inside[a as usize])
        .collect();
    while let Some(a) = check.pop() {
        if !inside[a as usize] || !outside(&inside, a) {
            continue;
        }
        inside[a as usize] = false;
        for &(n, _) in p.rules[a as usize].iter().flatten() {
            if let Some(&b) = atom_of.get(&n) {
                if inside[b as usize] {
                    check.push(b);
                }
            }
        }
    }
    (0..p.rules.len() as AtomId)
        .filter(|&a| inside[a as usize])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guard::Literal;

    /// Atoms 0 (`control`) and 1 (`cell`) are propositions; 2 `want :- control, cell`;
    /// 3 `nav :- want`; 4 a legal atom split with guard 0 reading `nav`; 5 `pass :- not
    /// control`, read by `nav` too.
    fn program(extra_reader: bool) -> (Vec<Rules>, Vec<bool>) {
        let mut rules: Vec<Rules> = vec![
            vec![],
            vec![],
            vec![vec![(0, false), (1, false)]],
            vec![vec![(2, false)], vec![(5, false)]],
            vec![vec![(3, false)]],
            vec![vec![(0, true), (1, false)]],
        ];
        let mut fixed = vec![false, false, false, false, true, false];
        if extra_reader {
            // 6, read from outside the rules (a `next`), reads `want`.
            rules.push(vec![vec![(2, false)]]);
            fixed.push(true);
        }
        (rules, fixed)
    }

    fn assume(rules: &mut [Rules], fixed: &[bool]) -> usize {
        let node: Vec<Node> = (0..rules.len() as Node).collect();
        let guard_of = HashMap::from([(4, 0)]);
        assume_turns(
            &mut Program {
                rules,
                node: &node,
                fixed,
                propositions: 2,
            },
            &guard_of,
        )
    }

    #[test]
    fn helpers_only_the_guarded_legal_atom_reads_assume_its_turn() {
        let (mut rules, fixed) = program(false);
        assert_eq!(assume(&mut rules, &fixed), 3);
        assert_eq!(rules[2], vec![vec![(1, false)]]);
        assert_eq!(rules[3], vec![vec![(2, false)], vec![(5, false)]]);
        // `not control` cannot hold on the turn: the rule goes.
        assert_eq!(rules[5], Vec::<Vec<Literal>>::new());
        assert_eq!(rules[4], vec![vec![(3, false)]]);
    }

    #[test]
    fn a_helper_read_from_elsewhere_keeps_its_turn_test() {
        let (mut rules, fixed) = program(true);
        // `want` is read by atom 6 too, which does not test the turn: only `nav` and `pass`,
        // read by the legal atom alone, change.
        assert_eq!(assume(&mut rules, &fixed), 2);
        assert_eq!(rules[2], vec![vec![(0, false), (1, false)]]);
        assert!(rules[5].is_empty());
    }
}
