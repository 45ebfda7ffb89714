//! Glushkov follow sets of the rules (and of every pattern body), computed bottom-up without
//! recursion, under a size limit.
//!
//! The follow sets are the NFA's transitions, and their total size is quadratic in the number
//! of actions under a star: `(a1 + … + an)*` lets every action follow every other, and nested
//! stars such as `((a+b)* (c)*)*` add the same entries again at each level before they are
//! deduplicated. A game of a few hundred bytes (macros multiply actions) could otherwise ask for
//! gigabytes here, so the entries appended are counted and the construction stops with
//! [`CompileError::AutomatonLimit`] naming the rule where the count crossed the limit.

use crate::error::CompileError;
use crate::program::NONE;
use ir::{Action, Game, Node, NodeId};

/// Default of `Options::follow_limit`: follow-set entries (`u32`s, duplicates included) the
/// construction may append, 4 Mi (16 MiB). The games of our corpora need at most about 9 000
/// (arimaa; chess 5 400), so the limit leaves a factor of 400 and only stars over thousands
/// of actions reach it.
pub const FOLLOW_LIMIT: usize = 1 << 22;

/// The follow set of every state and whether a pattern body may end in it.
pub(crate) struct Follow {
    pub sets: Vec<Vec<u32>>,
    pub accepting: Vec<bool>,
}

/// First/last positions of a sub-expression, and whether it accepts the empty word.
struct Info {
    nullable: bool,
    first: Vec<u32>,
    last: Vec<u32>,
}

/// Counts the entries appended, and fails at the node that crosses the limit.
struct Meter<'a> {
    game: &'a Game,
    appended: usize,
    limit: usize,
}

impl Meter<'_> {
    /// `follow[p] += first` for every `p` in `last`, after checking the count.
    fn link(
        &mut self,
        sets: &mut [Vec<u32>],
        last: &[u32],
        first: &[u32],
        at: NodeId,
    ) -> Result<(), CompileError> {
        let add = last.len().saturating_mul(first.len());
        self.appended = self.appended.saturating_add(add);
        if self.appended > self.limit {
            return Err(CompileError::AutomatonLimit {
                limit: self.limit,
                node: at,
                span: self.game.spans.node(at),
            });
        }
        for &p in last {
            sets[p as usize].extend_from_slice(first);
        }
        Ok(())
    }
}

/// Follow sets of the states numbered by `state_of` (actions) and `pattern_start` (the start
/// state of each pattern's body); state 0 is the start of the rules.
pub(crate) fn follow_sets(
    game: &Game,
    state_of: &[u32],
    pattern_start: &[u32],
    nstates: usize,
    limit: usize,
) -> Result<Follow, CompileError> {
    let rules = &game.rules;
    let mut meter = Meter {
        game,
        appended: 0,
        limit,
    };
    let mut sets: Vec<Vec<u32>> = vec![Vec::new(); nstates];
    let mut accepting = vec![false; nstates];
    let mut info: Vec<Option<Info>> = (0..rules.len()).map(|_| None).collect();
    for id in rules.postorder() {
        let mut take = |c: &NodeId| info[c.index()].take().expect("post-order");
        let value = match rules.node(id) {
            Node::Action(a) => {
                if let Action::Pattern { body, .. } = a {
                    let b = take(body);
                    let start = pattern_start[id.index()];
                    debug_assert_ne!(start, NONE);
                    let start = start as usize;
                    sets[start] = b.first;
                    accepting[start] = b.nullable;
                    for &p in &b.last {
                        accepting[p as usize] = true;
                    }
                }
                let s = state_of[id.index()];
                Info {
                    nullable: false,
                    first: vec![s],
                    last: vec![s],
                }
            }
            Node::Concat(ch) => {
                let mut acc = Info {
                    nullable: true,
                    first: Vec::new(),
                    last: Vec::new(),
                };
                for c in ch {
                    let c = take(c);
                    meter.link(&mut sets, &acc.last, &c.first, id)?;
                    if acc.nullable {
                        acc.first.extend_from_slice(&c.first);
                    }
                    acc.last = if c.nullable {
                        union(c.last, &acc.last)
                    } else {
                        c.last
                    };
                    acc.nullable &= c.nullable;
                }
                acc
            }
            Node::Sum(ch) => {
                let mut acc = Info {
                    nullable: false,
                    first: Vec::new(),
                    last: Vec::new(),
                };
                for c in ch {
                    let c = take(c);
                    acc.nullable |= c.nullable;
                    acc.first.extend_from_slice(&c.first);
                    acc.last.extend_from_slice(&c.last);
                }
                acc
            }
            Node::Star(c) => {
                let c = take(c);
                meter.link(&mut sets, &c.last, &c.first, id)?;
                Info {
                    nullable: true,
                    first: c.first,
                    last: c.last,
                }
            }
        };
        info[id.index()] = Some(value);
    }
    let root = info[rules.root().index()].take().expect("root info");
    sets[0] = root.first;
    for f in &mut sets {
        f.sort_unstable();
        f.dedup();
    }
    Ok(Follow { sets, accepting })
}

fn union(mut a: Vec<u32>, b: &[u32]) -> Vec<u32> {
    a.extend_from_slice(b);
    a
}
