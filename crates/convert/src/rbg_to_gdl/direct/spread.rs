//! The shape of a keeper loop that spreads a piece until it cannot ([`super::closure`]
//! translates it): a module of its own, as the coarse letters ([`super::coarse`]) recognise
//! such loops before anything is translated.

use super::board::{action, flat, shift_only, universal_prefix};
use ir::{Action, Game, Node, NodeId, PieceId, SwitchTarget};

/// The parts of a monotone spreading loop's body.
pub(super) struct Closure {
    /// `A`, the piece it puts.
    pub(super) piece: PieceId,
    /// `{T}` and `M`, when the written vertex is reached from another.
    pub(super) from: Option<(NodeId, Vec<NodeId>)>,
    /// `{S}`, the check on the vertex written.
    pub(super) target: NodeId,
    /// The body's rules before the put (`U {T} M {S}`), which the stop check repeats.
    pub(super) reads: Vec<NodeId>,
}

/// The shape of star `star` if it is a monotone spreading loop of the keeper.
pub(super) fn closure_shape(game: &Game, star: NodeId) -> Option<Closure> {
    let Node::Star(body) = game.rules.node(star) else {
        return None;
    };
    let items = flat(game, &[*body]);
    let [reads @ .., put, switch] = &items[..] else {
        return None;
    };
    let (Some(Action::Off(a)), Some(Action::Switch(SwitchTarget::Keeper))) =
        (action(game, *put), action(game, *switch))
    else {
        return None;
    };
    let skip = universal_prefix(game, reads);
    if skip == 0 {
        return None;
    }
    let [middle @ .., target] = &reads[skip..] else {
        return None;
    };
    let check = |n: NodeId| match action(game, n) {
        Some(Action::On(set)) => Some(set.contains(a)),
        _ => None,
    };
    // `A` not in `S`: each vertex is written once.
    if check(*target)? {
        return None;
    }
    let from = match middle {
        [] => None,
        [first, steps @ ..] => {
            // `A` in `T`, and nothing between the two checks reads the board.
            let shifts = !steps.is_empty() && steps.iter().all(|&s| shift_only(game, s, 0));
            if !check(*first)? || !shifts {
                return None;
            }
            Some((*first, steps.to_vec()))
        }
    };
    Some(Closure {
        piece: *a,
        from,
        target: *target,
        reads: reads.to_vec(),
    })
}
