//! What the interpreter (`reasoner`) and the compiled library must agree on, defined once:
//! both engines use these, so a perft or a keeper check cannot differ between them by a
//! copied constant.

/// Nesting of levels (modifier sequences) from which a search compares each level's
/// (state, vertex, semi-state) with its ancestors': a repeat is an unbounded cycle of the
/// rules (an error for moves; a pattern's repeated level is pruned). Below it no level is
/// compared (the common case costs nothing).
pub const CYCLE_CHECK_DEPTH: usize = 48;

/// Keeper phases checked in first mode (`KeeperMode::First`) before a state stops checking:
/// a game whose keeper makes an improper choice usually does so early.
pub const FIRST_MODE_CHECKS: u32 = 10_000;

/// The default work limit of one move generation's patterns (levels below modifiers inside
/// pattern bodies): a pattern branching over modifiers (`{! ([x] + [e])^34 {}}`) would take
/// 2^34 levels; past this bound it is a `PatternLimit` error instead.
pub const DEFAULT_PATTERN_LIMIT: u64 = 1 << 25;

/// The hashes' multiplier (FxHash's).
const K: u64 = 0x517c_c1b7_2722_0a95;

/// One word mixed into a hash.
#[inline(always)]
pub fn mix(h: u64, x: u64) -> u64 {
    (h.rotate_left(5) ^ x).wrapping_mul(K)
}

/// The semi-state's hash: pieces, then variables.
#[inline]
pub fn semi_hash(
    pieces: impl IntoIterator<Item = u64>,
    vars: impl IntoIterator<Item = i64>,
) -> u64 {
    let h = pieces.into_iter().fold(0, mix);
    vars.into_iter().fold(h, |h, x| mix(h, x as u64))
}

/// The whole state's hash: the semi-state's, then who moves, the rules state and the vertex.
#[inline]
pub fn full_hash(semi: u64, player: u32, rules: u32, pos: u32) -> u64 {
    [player, rules, pos]
        .into_iter()
        .fold(semi, |h, x| mix(h, x as u64))
}

/// What a keeper completion is compared by in the improper-keeper check: the whole state, or,
/// where the keeper is to move and stuck (the game ended), the pieces and variables only:
/// where a finished game's keeper stopped is not part of its outcome (go's scoring after two
/// passes on an empty board picks any square and stops there).
#[inline]
pub fn outcome_hash(semi: u64, keeper_to_move: bool, player: u32, rules: u32, pos: u32) -> u64 {
    if keeper_to_move {
        semi ^ 0x9e37_79b9_7f4a_7c15
    } else {
        full_hash(semi, player, rules, pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_tell_states_apart_by_every_part() {
        let base = semi_hash([1, 2, 0], [5]);
        assert_ne!(base, semi_hash([2, 1, 0], [5]), "order of pieces");
        assert_ne!(base, semi_hash([1, 2, 0], [6]), "variables");
        let full = full_hash(base, 0, 3, 7);
        assert_ne!(full, full_hash(base, 1, 3, 7));
        assert_ne!(full, full_hash(base, 0, 4, 7));
        assert_ne!(full, full_hash(base, 0, 3, 8));
    }

    #[test]
    fn a_finished_games_outcome_ignores_where_the_keeper_stopped() {
        let semi = semi_hash([1, 0], []);
        assert_eq!(
            outcome_hash(semi, true, 2, 5, 0),
            outcome_hash(semi, true, 2, 9, 1)
        );
        assert_ne!(
            outcome_hash(semi, false, 0, 5, 0),
            outcome_hash(semi, false, 0, 9, 1)
        );
    }

    /// The hash is a fixed function (perft digests are compared across engines and runs).
    #[test]
    fn hash_values_are_stable() {
        assert_eq!(semi_hash([], []), 0);
        assert_eq!(mix(0, 1), K);
        assert_eq!(semi_hash([1], []), K);
    }
}
