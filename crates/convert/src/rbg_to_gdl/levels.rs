//! Which automaton states each level of a frame can be in. Level `i` holds the walks that
//! have applied `i` modifiers; its states are the closure (over actions that are not
//! modifiers) of the states the `i`-th modifiers lead to. The back end writes, at each level,
//! only the rules those states can use — comparisons, patterns (and so pattern frames),
//! assignments — and as many levels as there are non-empty ones: the number of levels of a
//! frame is the longest chain of modifiers it can apply (the paper's straightness, per frame).
//!
//! The level sets are a function of the previous set, so a repeated non-empty set means
//! unboundedly many levels; such a frame is cut at the unrolling limit.

use super::nfa::{Automaton, State};
use ir::{Action, Game, Node, NodeId, SwitchTarget};
use std::collections::{BTreeMap, BTreeSet};

/// What a frame walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// The keeper phase: `->>` goes on, a switch to a player ends it.
    Keeper,
    /// A player's move: any switch ends it.
    Player,
    /// A pattern body: never switches.
    Pattern,
}

/// One level of a frame.
#[derive(Clone, Debug, Default)]
pub struct Level {
    /// States the walk can be in.
    pub reach: BTreeSet<State>,
    /// Modifiers that can be applied from here (to reach the next level).
    pub mods: BTreeSet<NodeId>,
    /// Pattern actions that can be checked here.
    pub patterns: BTreeSet<NodeId>,
}

/// The levels of a frame: `levels.len() - 1` is the deepest level (its `reach` may be empty
/// when the frame's longest chains end there with a switch).
#[derive(Clone, Debug)]
pub struct FramePlan {
    pub levels: Vec<Level>,
    /// Cut at the unrolling limit: deeper chains exist.
    pub unrolled: bool,
}

/// Levels of a bounded frame beyond which the translation gives up (as if unbounded).
const HARD_LIMIT: u64 = 1000;

/// Successors of every state.
pub type Successors = BTreeMap<State, Vec<NodeId>>;

pub fn successors(aut: &Automaton) -> Successors {
    let mut m = Successors::new();
    for &(q, a) in &aut.transitions {
        m.entry(q).or_default().push(a);
    }
    m
}

fn action(game: &Game, a: NodeId) -> &Action {
    match game.rules.node(a) {
        Node::Action(x) => x,
        _ => unreachable!("automaton states are actions"),
    }
}

/// Plans a frame starting in `starts`, with at most `cap` levels.
pub fn plan(
    game: &Game,
    succ: &Successors,
    starts: BTreeSet<State>,
    walk: Walk,
    cap: u64,
) -> FramePlan {
    let mut levels: Vec<Level> = Vec::new();
    let mut seen: Vec<BTreeSet<State>> = Vec::new();
    let mut current = starts;
    // Bounded frames end by themselves (the sets cannot go on without repeating); this only
    // guards against absurdly long ones.
    let mut limit = HARD_LIMIT;
    let mut unrolled = false;
    loop {
        // Closure over actions that are not modifiers.
        let mut level = Level::default();
        let mut stack: Vec<State> = current.iter().copied().collect();
        let mut reach = current.clone();
        let mut next = BTreeSet::new();
        let mut ends = false;
        while let Some(q) = stack.pop() {
            for &a in succ.get(&q).map(Vec::as_slice).unwrap_or(&[]) {
                let act = action(game, a);
                if act.is_modifier() {
                    level.mods.insert(a);
                    let goes_on = match act {
                        Action::Switch(SwitchTarget::Keeper) => walk == Walk::Keeper,
                        Action::Switch(_) => false,
                        _ => true,
                    };
                    if goes_on {
                        next.insert(State::After(a));
                    } else {
                        ends = true;
                    }
                    continue;
                }
                if let Action::Pattern { .. } = act {
                    level.patterns.insert(a);
                }
                if reach.insert(State::After(a)) {
                    stack.push(State::After(a));
                }
            }
        }
        level.reach = reach;
        levels.push(level);
        if next.is_empty() {
            if ends {
                // The chains ending here with a switch have one more level.
                levels.push(Level::default());
            }
            break;
        }
        if seen.contains(&next) {
            // The sets repeat: unboundedly many levels.
            limit = cap;
        }
        if levels.len() as u64 > limit {
            unrolled = true;
            levels.truncate(limit as usize + 1);
            break;
        }
        seen.push(std::mem::take(&mut current));
        current = next;
    }
    FramePlan { levels, unrolled }
}

/// The start states of the two main frames.
pub fn main_starts(game: &Game, aut: &Automaton, walk: Walk) -> BTreeSet<State> {
    let mut s = BTreeSet::new();
    if walk == Walk::Keeper {
        s.insert(State::Start);
    }
    for &(_, a) in &aut.transitions {
        match action(game, a) {
            Action::Switch(SwitchTarget::Keeper) if walk == Walk::Keeper => {
                s.insert(State::After(a));
            }
            Action::Switch(SwitchTarget::Player(_)) if walk == Walk::Player => {
                s.insert(State::After(a));
            }
            _ => {}
        }
    }
    s
}
