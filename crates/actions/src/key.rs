//! A move's key, and the action space: keys in order, each one's index its id.

use reasoner::view::{ActionView, ProgramView};
use std::collections::HashMap;
use std::fmt;

/// What a move's last piece modifier put down, or, for a move without one, its switch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Placed {
    /// The piece (its index in the game's piece list).
    Piece(u16),
    /// The switch's modifier index.
    Switch(u32),
}

/// What a move is known by (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Key {
    /// The vertex of the move's first piece modifier (of its switch, without one).
    pub from: u32,
    /// The vertex of the piece modifier before the last one, if any.
    pub before: Option<u32>,
    /// The vertex of the last piece modifier (of the switch, without one).
    pub to: u32,
    pub placed: Placed,
    /// The vertex of the move's switch (where the next mover starts: an amazon's arrow in
    /// games that shoot it in the keeper's turn).
    pub end: u32,
    /// The switch's modifier index (pentago's rotation, chosen by the branch the move ends in).
    pub switch: u32,
}

impl Key {
    /// The key of a move whose piece modifiers were first at `first`, last at `last` (with
    /// its piece) and before that at `before`, ending with switch `switch` at `end`.
    pub(crate) fn new(
        first: Option<u32>,
        before: Option<u32>,
        last: Option<(u32, u16)>,
        switch: u32,
        end: u32,
    ) -> Key {
        match last {
            Some((to, p)) => Key {
                from: first.unwrap_or(to),
                before,
                to,
                placed: Placed::Piece(p),
                end,
                switch,
            },
            None => Key {
                from: end,
                before: None,
                to: end,
                placed: Placed::Switch(switch),
                end,
                switch,
            },
        }
    }
}

/// Two legal moves of one position with one key: ids cannot tell them apart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Collision {
    pub key: Key,
    /// Indices of the two moves in the list given.
    pub moves: (usize, usize),
}

impl fmt::Display for Collision {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "legal moves {} and {} share an action id (first vertex {}, last piece modifier at \
             vertex {}): this game's moves need a finer action space",
            self.moves.0, self.moves.1, self.key.from, self.key.to
        )
    }
}

impl std::error::Error for Collision {}

/// Per modifier index: a piece modifier's piece, or none (assignments, switches).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Modifier {
    Piece(u16),
    Other,
}

/// The action space of one game: its keys, sorted.
#[derive(Debug, Clone)]
pub struct ActionSpace {
    keys: Vec<Key>,
    index: HashMap<Key, u32>,
    modifiers: Vec<Modifier>,
}

impl ActionSpace {
    pub(crate) fn new(keys: Vec<Key>, view: &ProgramView<'_>) -> ActionSpace {
        let index = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, i as u32))
            .collect();
        let modifiers = (0..=view.nmodifiers())
            .map(|m| match view.modifier_state(m).map(|q| view.action(q)) {
                Some(ActionView::Off { piece, .. }) => Modifier::Piece(piece),
                _ => Modifier::Other,
            })
            .collect();
        ActionSpace {
            keys,
            index,
            modifiers,
        }
    }

    /// The number of ids (every id is below it).
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// The key of id `id`.
    pub fn key(&self, id: u32) -> Option<Key> {
        self.keys.get(id as usize).copied()
    }

    /// The key of a move given as its `(modifier index, vertex)` steps.
    pub fn key_of(&self, steps: &[(u32, u32)]) -> Option<Key> {
        let &(switch, end) = steps.last()?;
        let piece = |m: u32| match self.modifiers.get(m as usize) {
            Some(Modifier::Piece(p)) => Some(*p),
            _ => None,
        };
        let (mut first, mut before, mut last) = (None, None, None);
        for &(m, v) in steps {
            if let Some(p) = piece(m) {
                first = first.or(Some(v));
                before = last.map(|(w, _)| w);
                last = Some((v, p));
            }
        }
        Some(Key::new(first, before, last, switch, end))
    }

    /// The id of a move, if its key is in the space (every legal move's is).
    pub fn id(&self, steps: &[(u32, u32)]) -> Option<u32> {
        self.index.get(&self.key_of(steps)?).copied()
    }

    /// The ids of the legal moves of one position, in their order; an error where two share
    /// one. A move outside the space (which the enumeration's soundness rules out) gets
    /// `u32::MAX`.
    pub fn ids<'m>(
        &self,
        moves: impl IntoIterator<Item = &'m [(u32, u32)]>,
    ) -> Result<Vec<u32>, Collision> {
        let ids: Vec<u32> = moves
            .into_iter()
            .map(|s| self.id(s).unwrap_or(u32::MAX))
            .collect();
        let mut seen: HashMap<u32, usize> = HashMap::with_capacity(ids.len());
        for (i, &id) in ids.iter().enumerate() {
            if let Some(j) = seen.insert(id, i) {
                let key = self.key(id).unwrap_or(Key {
                    from: 0,
                    before: None,
                    to: 0,
                    placed: Placed::Switch(0),
                    end: 0,
                    switch: 0,
                });
                return Err(Collision { key, moves: (j, i) });
            }
        }
        Ok(ids)
    }
}
