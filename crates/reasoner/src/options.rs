//! The reasoner's limits and checks ([`Options`]) and its keeper policy ([`KeeperMode`]).

use crate::FOLLOW_LIMIT;

/// Limits and checks of the reasoner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Maximum nesting of modifier applications and pattern evaluations in one search
    /// (a k-straight game needs about k plus its pattern depth).
    pub modifier_limit: usize,
    /// Maximum work (actions taken, levels entered, semi-state words recorded) of one
    /// outermost pattern evaluation, nested patterns included (see `patterns`).
    pub pattern_limit: u64,
    /// Maximum modifiers applied by one move generation outside patterns (levels entered,
    /// final modifiers reported): bounds the time and the moves listed.
    pub search_limit: u64,
    /// Maximum keeper moves in a row.
    pub keeper_limit: usize,
    /// What to do where the keeper has several moves (see [`KeeperMode`]).
    pub keeper: KeeperMode,
    /// Tabulate shift regions (see `compile`); off, shifts are walked one by one at run time.
    /// Only useful to test that both paths agree.
    pub region_tables: bool,
    /// Maximum entries of the automaton's follow sets (see [`FOLLOW_LIMIT`]): stars over many
    /// actions make them quadratic, and a compile past it fails with
    /// [`CompileError::AutomatonLimit`] naming the rule.
    pub follow_limit: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            modifier_limit: 1024,
            pattern_limit: compiled_runtime::semantics::DEFAULT_PATTERN_LIMIT,
            search_limit: 1 << 25,
            keeper_limit: 100_000,
            keeper: KeeperMode::Check,
            region_tables: true,
            follow_limit: FOLLOW_LIMIT,
        }
    }
}

/// The keeper's policy where it has several moves. Both apply the first move found; they
/// differ in what an improper description (the choice matters) costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KeeperMode {
    /// Detect improper keepers: at the first keeper state of each keeper phase that has several
    /// moves, the completions of up to five of them must reach the same game state, or the
    /// search fails with [`GameError::ImproperKeeper`].
    #[default]
    Check,
    /// The reference engines' behaviour: take the first keeper move. The first
    /// [`FIRST_MODE_CHECKS`] keeper phases a state runs are still checked as in `Check` (so the
    /// cost stays bounded), and the first finding is kept as a warning instead of failing.
    First,
}

/// Keeper phases checked in [`KeeperMode::First`] per state (and the states cloned from it);
/// the compiled library checks as many (both read `compiled_runtime::semantics`).
pub use compiled_runtime::semantics::FIRST_MODE_CHECKS;
