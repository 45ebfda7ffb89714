//! The names a person reads in RBG moves and positions, taken from the IR once: players,
//! pieces, variables with their bounds, vertices (and their display names), and what each
//! modifier does. [`crate::notation`] and [`crate::position`] read only this, so any engine
//! whose moves are [`crate::Move`]s can use them.

/// Names of a game's players, pieces, variables, vertices and modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameNames {
    pub players: Vec<String>,
    pub pieces: Vec<String>,
    /// Name and upper bound of each variable, players' scores first.
    pub variables: Vec<(String, i64)>,
    /// Vertex names as in the game (`rx4y6` for generated boards).
    pub vertices: Vec<String>,
    /// The names moves and positions print: `e2` for `rx4y6` on a rectangle board of eight
    /// rows (files `a..` from the left, ranks `1..` from the bottom), file-rank names along the
    /// two diagonals of a hexagon board (`ir::coords`), otherwise the vertex name.
    pub display: Vec<String>,
    /// Per modifier index (entry 0 unused): `[wP]`, `[$turn]`, `->white`, `->>`.
    pub modifier_text: Vec<String>,
    /// Per modifier index: the player a switch gives the turn to (`players.len()` for the
    /// keeper), `None` for offs and assignments.
    pub switch_to: Vec<Option<u32>>,
}

impl GameNames {
    pub fn new(game: &ir::Game) -> GameNames {
        let keeper = game.players.len() as u32;
        let mut modifier_text = vec![String::new()];
        let mut switch_to = vec![None];
        for &id in game.rules.modifiers() {
            let (text, to) = match game.rules.node(id) {
                ir::Node::Action(ir::Action::Off(p)) => {
                    (format!("[{}]", game.piece_name(*p)), None)
                }
                ir::Node::Action(ir::Action::Assign { var, .. }) => {
                    (format!("[${}]", game.variable_name(*var)), None)
                }
                ir::Node::Action(ir::Action::Switch(ir::SwitchTarget::Player(p))) => (
                    format!("->{}", game.player_name(*p)),
                    Some(p.index() as u32),
                ),
                _ => ("->>".to_string(), Some(keeper)),
            };
            modifier_text.push(text);
            switch_to.push(to);
        }
        GameNames {
            players: game.players.clone(),
            pieces: game.pieces.clone(),
            variables: game
                .variables
                .iter()
                .map(|v| (v.name.clone(), v.bound))
                .collect(),
            vertices: game.board.vertices.clone(),
            display: display_names(&game.board.vertices),
            modifier_text,
            switch_to,
        }
    }

    /// The vertex a name (display or game name) denotes.
    pub fn vertex(&self, name: &str) -> Option<u32> {
        let find = |names: &[String]| names.iter().position(|n| n == name);
        find(&self.display)
            .or_else(|| find(&self.vertices))
            .map(|v| v as u32)
    }

    pub fn keeper(&self) -> u32 {
        self.players.len() as u32
    }
}

/// File-rank names (`e2`, `a1` bottom-left) on generated rectangle and hexagon boards of at
/// most 26 files (`ir::coords`); otherwise the names themselves.
pub fn display_names(vertices: &[String]) -> Vec<String> {
    ir::coords::display_names(vertices)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rectangle_vertices_get_algebraic_names() {
        let v: Vec<String> = ["rx0y0", "rx1y0", "rx0y1", "rx1y1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(display_names(&v), ["a2", "b2", "a1", "b1"]);
        let other: Vec<String> = vec!["rx0y0".into(), "centre".into()];
        assert_eq!(display_names(&other), other);
    }
}
