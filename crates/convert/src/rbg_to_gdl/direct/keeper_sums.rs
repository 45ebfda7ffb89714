//! Sums in the keeper's phase that put pieces, as blocks of their own ([`Letter::Block`]).
//!
//! A keeper phase of several `->>` steps, each a sum of two ways (go marks the four
//! neighbours of the stone placed: capture or not), is 2^n paths, each a relation of its own
//! that repeats everything after it. Where the ways of such a sum exclude each other, the
//! keeper's way through it is unique, so it can be a stage ([`super::stages`]): the paths add
//! up instead of multiplying. Only sums reached in the keeper's phase alone qualify (a
//! player's choice between the ways is a move argument, not a stage).

use super::coarse::{pure_nodes, Coarse, Letter};
use super::exclusive::alternatives_exclusive;
use ir::{Action, Game, Node, SwitchTarget};

/// For each node: a sum that puts pieces in the keeper's phase only, its ways exclusive.
pub(super) fn keeper_sums(game: &Game, coarse: &Coarse) -> Vec<bool> {
    let rules = &game.rules;
    let mut parent = vec![None; rules.len()];
    for id in rules.postorder() {
        for c in rules.children(id) {
            parent[c.index()] = Some(id);
        }
    }
    let pure = pure_nodes(game);
    let keeper = context(game, coarse, true);
    let player = context(game, coarse, false);
    let mut out = vec![false; rules.len()];
    for (l, letter) in coarse.letters.iter().enumerate() {
        let &Letter::Event(id) = letter else { continue };
        if !matches!(rules.node(id), Node::Action(Action::Off(_))) || !keeper[l] || player[l] {
            continue;
        }
        // The nearest sum around the put, if no star or pattern is between.
        let mut up = parent[id.index()];
        while let Some(x) = up {
            match rules.node(x) {
                Node::Concat(_) => up = parent[x.index()],
                Node::Sum(_) => {
                    out[x.index()] = !pure[x.index()] && alternatives_exclusive(game, x);
                    break;
                }
                _ => break,
            }
        }
    }
    out
}

/// The letters a keeper's (`keeper`) or a player's phase reaches: from the rules' start (the
/// keeper's) or after switches to such a phase, up to the next switch out of it.
fn context(game: &Game, coarse: &Coarse, keeper: bool) -> Vec<bool> {
    let is_keeper = |l: usize| coarse.switch(game, l).map(|t| t == SwitchTarget::Keeper);
    let mut seen = vec![false; coarse.letters.len()];
    let mut stack: Vec<usize> = (0..coarse.letters.len())
        .filter(|&l| is_keeper(l) == Some(keeper))
        .flat_map(|l| coarse.follow[l].iter().copied())
        .collect();
    if keeper {
        stack.extend(coarse.first.iter().copied());
    }
    while let Some(l) = stack.pop() {
        if std::mem::replace(&mut seen[l], true) {
            continue;
        }
        if is_keeper(l).is_none_or(|k| k == keeper) {
            stack.extend(coarse.follow[l].iter().copied());
        }
    }
    seen
}
