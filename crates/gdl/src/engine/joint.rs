//! The conventions every GDL engine shares (the interpreter here and the propositional
//! network of `crates/propnet`), written once so that both give the same moves, texts and
//! hashes: joint moves in role order with the last role varying fastest, the role that
//! chooses, the joint-move budget, a proposition's share of the state hash, and terms as KIF.

use super::store::{Id, Store};
use super::MAX_JOINT_MOVES;
use crate::ast::Symbols;
use game::GameState;

/// Pushes `make(moves)` for every joint move of the per-role move lists `legal`, in role
/// order, the last role's move varying fastest; nothing when a role has no move.
pub fn joint_moves<T: Copy, M>(legal: &[Vec<T>], out: &mut Vec<M>, make: impl Fn(&[T]) -> M) {
    if legal.is_empty() || legal.iter().any(Vec::is_empty) {
        return;
    }
    // Two roles (most games) without the odometer's allocations.
    if let [a, b] = legal {
        for &x in a {
            for &y in b {
                out.push(make(&[x, y]));
            }
        }
        return;
    }
    let mut idx = vec![0usize; legal.len()];
    let mut current: Vec<T> = legal.iter().map(|l| l[0]).collect();
    loop {
        out.push(make(&current));
        // Odometer, last role fastest.
        let mut r = legal.len();
        loop {
            if r == 0 {
                return;
            }
            r -= 1;
            idx[r] += 1;
            if idx[r] < legal[r].len() {
                current[r] = legal[r][idx[r]];
                break;
            }
            idx[r] = 0;
            current[r] = legal[r][0];
        }
    }
}

/// The number of joint moves of per-role move counts (saturating).
pub fn joint_move_count(counts: impl IntoIterator<Item = usize>) -> u128 {
    counts
        .into_iter()
        .fold(1u128, |n, c| n.saturating_mul(c as u128))
}

/// Per-role move counts that make more than [`MAX_JOINT_MOVES`] joint moves (which are listed
/// one by one).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "a state has {} joint moves ({roles} roles with {moves} legal moves in all), more than the \
     engine's budget of {budget} (gdl::engine::MAX_JOINT_MOVES)",
    shown(*.joint),
    budget = MAX_JOINT_MOVES
)]
pub struct TooManyJointMoves {
    /// The joint moves, saturating at `u128::MAX`.
    pub joint: u128,
    pub roles: usize,
    /// The legal moves of all roles together.
    pub moves: usize,
}

/// A joint-move count as text; the saturated count is only a lower bound.
fn shown(joint: u128) -> String {
    if joint == u128::MAX {
        "more than 10^38".to_string()
    } else {
        joint.to_string()
    }
}

/// The error when per-role move counts make more than [`MAX_JOINT_MOVES`] joint moves.
pub fn joint_move_budget(counts: &[usize]) -> Result<(), TooManyJointMoves> {
    let joint = joint_move_count(counts.iter().copied());
    if joint <= MAX_JOINT_MOVES {
        return Ok(());
    }
    Err(TooManyJointMoves {
        joint,
        roles: counts.len(),
        moves: counts.iter().sum::<usize>(),
    })
}

/// The role that chooses, from each role's number of legal moves: the one role with several,
/// or, when every role has one, the one role whose move is not `noop` (`acts(role)`); `None`
/// when several roles choose at once.
pub fn chooser(counts: &[usize], acts: impl Fn(usize) -> bool) -> Option<usize> {
    let choosing: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] > 1).collect();
    match choosing.len() {
        1 => Some(choosing[0]),
        0 => {
            let acting: Vec<usize> = (0..counts.len())
                .filter(|&i| counts[i] > 0 && acts(i))
                .collect();
            (acting.len() == 1).then(|| acting[0])
        }
        _ => None,
    }
}

/// Whether two roles or more choose among several moves: then every engine lists each role's
/// legal moves in the order of their texts, so that an own move's index (what agents and the
/// match protocol choose by) means the same move whichever engine plays. Otherwise the
/// interpreter lists them in the order its rules derive them and the network in the order of
/// its gates (a role with a claim and a `noop` at once: claims first in one, `noop` in the
/// other; the network's fuzzer found it).
pub fn ordered_by_text(counts: impl IntoIterator<Item = usize>) -> bool {
    counts.into_iter().filter(|&c| c > 1).count() >= 2
}

/// Each role's number of legal moves at a simultaneous turn (`game::GameState::
/// simultaneous_moves`): when no single role chooses (`current` is `None`) and every role has
/// a move; `None` otherwise (one role chooses, or the state is terminal).
pub fn simultaneous(counts: &[usize], current: Option<usize>) -> Option<Vec<usize>> {
    let playable = !counts.is_empty() && counts.iter().all(|&c| c > 0);
    (current.is_none() && playable).then(|| counts.to_vec())
}

/// The joint move of one own move per role (`choices[r]` indexes `legal[r]`); `None` with a
/// wrong number of choices or an index out of range.
pub fn compose<T: Copy>(legal: &[Vec<T>], choices: &[usize]) -> Option<Vec<T>> {
    if choices.len() != legal.len() {
        return None;
    }
    legal
        .iter()
        .zip(choices)
        .map(|(l, &c)| l.get(c).copied())
        .collect()
}

/// A true proposition's share of the state hash (the hash is the wrapping sum over the true
/// propositions), from the structural hash of its `(true p)` atom.
#[inline]
pub fn prop_hash(atom_hash: u64) -> u64 {
    (atom_hash ^ (atom_hash >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9)
}

/// The legal move a text names: the chooser's term, or every role's term joined by ` | `
/// (also where one role chooses).
pub fn move_from_text<G: GameState>(g: &mut G, text: &str) -> Result<G::Move, game::MoveError> {
    let printed = game::text::printed_moves(g);
    game::text::match_move(text, &printed).or_else(|e| {
        let wanted = game::text::normalize(text);
        printed
            .iter()
            .find(|(m, _)| g.move_text(m) == wanted)
            .map(|(m, _)| m.clone())
            .ok_or(e)
    })
}

/// A ground term as KIF text.
pub fn term_text(symbols: &Symbols, store: &Store, t: Id) -> String {
    let mut s = String::new();
    write_term(symbols, store, t, &mut s);
    s
}

fn write_term(symbols: &Symbols, store: &Store, t: Id, out: &mut String) {
    let args = store.args(t);
    let name = symbols.name(store.functor(t));
    if args.is_empty() {
        out.push_str(name);
    } else {
        out.push('(');
        out.push_str(name);
        for &a in args {
            out.push(' ');
            write_term(symbols, store, a, out);
        }
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joint_moves_vary_the_last_role_fastest() {
        let mut out = Vec::new();
        joint_moves(
            &[vec![1, 2], vec![3], vec![4, 5]],
            &mut out,
            <[i32]>::to_vec,
        );
        assert_eq!(out, [[1, 3, 4], [1, 3, 5], [2, 3, 4], [2, 3, 5]]);
        out.clear();
        joint_moves(&[vec![1, 2], vec![3, 4]], &mut out, <[i32]>::to_vec);
        assert_eq!(out, [[1, 3], [1, 4], [2, 3], [2, 4]]);
        out.clear();
        joint_moves(&[vec![1], vec![]], &mut out, <[i32]>::to_vec);
        assert!(out.is_empty());
    }

    #[test]
    fn the_chooser_is_the_one_role_with_a_choice_or_the_one_that_acts() {
        assert_eq!(chooser(&[1, 5], |_| false), Some(1));
        assert_eq!(chooser(&[3, 5], |_| true), None);
        assert_eq!(chooser(&[1, 1], |r| r == 0), Some(0));
        assert_eq!(chooser(&[1, 1], |_| true), None);
    }

    #[test]
    fn simultaneous_turns_compose_one_move_per_role() {
        assert_eq!(simultaneous(&[2, 3], None), Some(vec![2, 3]));
        assert_eq!(simultaneous(&[1, 3], Some(1)), None);
        assert_eq!(simultaneous(&[0, 0], None), None);
        assert_eq!(simultaneous(&[], None), None);
        let legal = [vec![10, 11], vec![20, 21, 22]];
        assert_eq!(compose(&legal, &[1, 2]), Some(vec![11, 22]));
        assert_eq!(compose(&legal, &[2, 0]), None);
        assert_eq!(compose(&legal, &[0]), None);
    }

    #[test]
    fn the_budget_names_the_count() {
        assert!(joint_move_budget(&[1000, 1000]).is_ok());
        let e = joint_move_budget(&[1000, 1001]).unwrap_err();
        assert_eq!(
            e,
            TooManyJointMoves {
                joint: 1001000,
                roles: 2,
                moves: 2001
            }
        );
        assert_eq!(
            e.to_string(),
            "a state has 1001000 joint moves (2 roles with 2001 legal moves in all), more than \
             the engine's budget of 1000000 (gdl::engine::MAX_JOINT_MOVES)"
        );
        // Saturates (the legal moves' total must not overflow: it is summed unchecked).
        assert!(joint_move_budget(&[usize::MAX / 4; 3])
            .unwrap_err()
            .to_string()
            .contains("a state has more than 10^38 joint moves"));
    }
}
