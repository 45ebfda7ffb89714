//! Moves and positions of the compiled engine as text: the interpreter's notation and
//! position text (`reasoner::notation`, `reasoner::position`), since both engines have the
//! same moves and the same rules states.

use crate::snapshot::Snapshot;
use game::{MoveError, PositionError};
use reasoner::{notation, position, Move};

/// What the text functions need from the game: names, and the rules states of switches.
#[derive(Clone, Debug)]
pub(crate) struct TextTables {
    pub names: reasoner::GameNames,
    /// Automaton state of each modifier (`u32::MAX` when the rules never reach it).
    pub state_of_modifier: Vec<u32>,
    /// Modifier index of each automaton state (0 for states that are not modifiers).
    pub modifier_of_state: Vec<u32>,
}

impl TextTables {
    pub fn new(r: &reasoner::Reasoner) -> TextTables {
        let view = r.program();
        let mut state_of_modifier = vec![u32::MAX; view.nmodifiers() as usize + 1];
        let mut modifier_of_state = vec![0; view.nstates()];
        for m in 1..=view.nmodifiers() {
            if let Some(q) = view.modifier_state(m) {
                state_of_modifier[m as usize] = q;
                modifier_of_state[q as usize] = m;
            }
        }
        TextTables {
            names: r.names().clone(),
            state_of_modifier,
            modifier_of_state,
        }
    }

    /// The interpreter's form of a compiled snapshot.
    fn to_position(&self, s: Snapshot) -> position::Snapshot {
        position::Snapshot {
            rules: (s.rules != 0).then(|| (self.modifier_of_state[s.rules as usize], s.position)),
            pieces: s.pieces,
            variables: s.variables,
            player: s.player,
        }
    }
}

/// The whole of a position text, for errors.
pub(crate) fn whole(text: &str) -> std::ops::Range<usize> {
    0..text.trim_end().len()
}

/// The position text of a compiled snapshot.
pub(crate) fn position_text(t: &TextTables, s: Snapshot) -> String {
    position::print(&t.names, &t.to_position(s))
}

/// The snapshot a position text describes (the caller sets it and completes the keeper).
pub(crate) fn parse_position(t: &TextTables, text: &str) -> Result<Snapshot, PositionError> {
    let p = position::parse(&t.names, text)?;
    let (rules, pos) = match p.rules {
        None => (0, 0),
        Some((m, v)) => match t.state_of_modifier.get(m as usize) {
            Some(&q) if q != u32::MAX => (q, v),
            _ => {
                return Err(PositionError::new(
                    format!("the rules can never reach switch {m}"),
                    whole(text),
                    "this position",
                ))
            }
        },
    };
    Ok(Snapshot {
        pieces: p.pieces,
        variables: p.variables,
        player: p.player,
        rules,
        position: pos,
    })
}

/// The notation of `mv` among the state's legal `moves`.
pub(crate) fn move_to_text(t: &TextTables, moves: &[Move], mv: &Move) -> String {
    notation::move_to_text(&t.names, moves, mv)
}

/// The move among the state's legal `moves` that `text` names.
pub(crate) fn move_from_text(
    t: &TextTables,
    moves: &[Move],
    text: &str,
) -> Result<Move, MoveError> {
    let texts = notation::move_texts(&t.names, moves);
    notation::move_from_text(&t.names, moves, &texts, text)
}
