//! The keys a game's rules can make, from its automaton: every player's turn walked from
//! every vertex, every test taken both ways.
//!
//! The walk goes from each player's turn (a state after a player's switch) at each vertex up
//! to the move's switch, carrying what the key keeps of the piece modifiers met: the first
//! one's vertex, the last two's vertices and the last one's piece. Tests read nothing here, so the walk reaches every key a position could allow and
//! maybe some none does; the space is larger than needed, never too small.

use crate::key::{ActionSpace, Key};
use reasoner::view::{ActionView, ProgramView};
use std::collections::{BTreeSet, HashSet};
use std::fmt;

/// How much walking the enumeration may do before it gives up.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Walk positions visited, over the whole enumeration.
    pub steps: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { steps: 2_000_000 }
    }
}

/// The enumeration gave up: the rules' moves carry more than `Limits` allows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TooLarge {
    pub steps: u64,
}

impl fmt::Display for TooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the action space walk passed {} positions without finishing",
            self.steps
        )
    }
}

impl std::error::Error for TooLarge {}

/// The game's action space (module docs).
pub fn enumerate(view: &ProgramView<'_>, limits: Limits) -> Result<ActionSpace, TooLarge> {
    let mut walk = Walk {
        view,
        budget: limits.steps,
        limit: limits.steps,
        keys: BTreeSet::new(),
    };
    walk.run()?;
    Ok(ActionSpace::new(walk.keys.into_iter().collect(), view))
}

struct Walk<'a, 'v> {
    view: &'a ProgramView<'v>,
    budget: u64,
    limit: u64,
    keys: BTreeSet<Key>,
}

/// What a move's key keeps of its piece modifiers so far: the first one's vertex, the
/// vertex of the one before the last, and the last one's vertex and piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Marks {
    first: Option<u32>,
    before: Option<u32>,
    last: Option<(u32, u16)>,
}

/// Where a move is: its state, vertex and marks.
type Position = (u32, u32, Marks);

impl Walk<'_, '_> {
    /// Every move from every player's turn at every vertex. Positions met twice (from two
    /// turns or vertices) are walked once: what follows depends on the position alone.
    fn run(&mut self) -> Result<(), TooLarge> {
        let none = Marks {
            first: None,
            before: None,
            last: None,
        };
        let mut seen: HashSet<Position> = HashSet::new();
        let mut stack = Vec::new();
        for q in 0..self.view.nstates() as u32 {
            if matches!(
                self.view.action(q),
                ActionView::Switch {
                    player: Some(_),
                    ..
                }
            ) {
                for v in 0..self.view.nvertices() as u32 {
                    seen.insert((q, v, none));
                    stack.push((q, v, none));
                }
            }
        }
        while let Some((s, v, marks)) = stack.pop() {
            if self.budget == 0 {
                return Err(TooLarge { steps: self.limit });
            }
            self.budget -= 1;
            for &j in self.view.successors(s) {
                if let Some(p) = self.step(j, v, marks) {
                    if seen.insert(p) {
                        stack.push(p);
                    }
                }
            }
        }
        Ok(())
    }

    /// State `j`'s action taken at `v`: where the move goes on, or `None` off the board or
    /// at its switch (its key recorded).
    fn step(&mut self, j: u32, v: u32, marks: Marks) -> Option<Position> {
        match self.view.action(j) {
            ActionView::Shift { dir } => Some((j, self.view.neighbour(v, dir)?, marks)),
            ActionView::Off { piece, .. } => Some((
                j,
                v,
                Marks {
                    first: marks.first.or(Some(v)),
                    before: marks.last.map(|(w, _)| w),
                    last: Some((v, piece)),
                },
            )),
            ActionView::Switch { modifier, .. } => {
                self.keys
                    .insert(Key::new(marks.first, marks.before, marks.last, modifier, v));
                None
            }
            // Tests read nothing here: taken both ways. Assignments change no mark.
            _ => Some((j, v, marks)),
        }
    }
}
