//! A compiled state as values, in the interpreter's terms (both engines share the automaton's
//! state ids), for comparing the engines and for positions as text.

/// The state as the interpreter shows it: pieces per vertex, variables (players' scores
/// first), player to move (`nplayers` = keeper), rules state (automaton state id, shared
/// with the interpreter) and position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Snapshot {
    pub pieces: Vec<u16>,
    pub variables: Vec<i64>,
    pub player: u32,
    pub rules: u32,
    pub position: u32,
}

impl Snapshot {
    /// The snapshot of an interpreter state.
    pub fn of_interpreter(s: &reasoner::State<'_>) -> Snapshot {
        let r = s.reasoner();
        let nvars = r.program().bounds().len();
        let (position, rules) = s.position();
        Snapshot {
            pieces: s.pieces(),
            variables: (0..nvars).map(|i| s.variable(i)).collect(),
            player: s
                .player_to_move()
                .map_or(r.player_names().len() as u32, |p| p as u32),
            rules,
            position,
        }
    }
}
