//! Moves and positions of the compiled engine as text: the interpreter's notation and
//! position text (`reasoner::notation`, `reasoner::position`), since both engines have the
//! same moves and the same rules states.

use crate::engine::{CompiledState, Snapshot};
use game::{GameState, MoveError, PositionError};
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

fn whole(text: &str) -> std::ops::Range<usize> {
    0..text.trim_end().len()
}

pub(crate) fn position_text(s: &CompiledState<'_>) -> String {
    let t = s.tables();
    position::print(&t.names, &t.to_position(s.snapshot()))
}

pub(crate) fn set_position(s: &mut CompiledState<'_>, text: &str) -> Result<(), PositionError> {
    let t = s.tables();
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
    let snapshot = Snapshot {
        pieces: p.pieces,
        variables: p.variables,
        player: p.player,
        rules,
        position: pos,
    };
    let before = s.snapshot();
    s.set_snapshot(&snapshot)
        .map_err(|e| PositionError::new(e, whole(text), "this position"))?;
    if let Err(e) = s.complete_keeper() {
        let _ = s.set_snapshot(&before);
        return Err(PositionError::new(
            format!("the keeper cannot continue from this position: {e}"),
            whole(text),
            "this position",
        ));
    }
    Ok(())
}

fn legal(s: &mut CompiledState<'_>) -> Vec<Move> {
    let mut out = Vec::new();
    s.legal_moves(&mut out);
    out
}

pub(crate) fn move_to_text(s: &mut CompiledState<'_>, mv: &Move) -> String {
    let moves = legal(s);
    notation::move_to_text(&s.tables().names, &moves, mv)
}

pub(crate) fn move_from_text(s: &mut CompiledState<'_>, text: &str) -> Result<Move, MoveError> {
    let moves = legal(s);
    let names = &s.tables().names;
    let texts = notation::move_texts(names, &moves);
    notation::move_from_text(names, &moves, &texts, text)
}
