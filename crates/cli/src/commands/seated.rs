//! Several roles' agents in one seat of a match: a match seats two agents and gives role `r`
//! to seat `r % 2`, so a game of more than two roles whose roles each have their own agent
//! (`play --agent ROLE=SPEC` for a third role) puts every role's agent in its role's seat,
//! and the seat asks the agent of the role to move.

use agents::Agent;
use game::{GameState, Rng};

pub struct Seated<'g, G: GameState> {
    /// Each role of the seat with its agent.
    roles: Vec<(usize, Box<dyn Agent<G> + 'g>)>,
    /// The agent asked last, which a take-back concerns.
    last: usize,
}

impl<'g, G: GameState> Seated<'g, G> {
    pub fn new(roles: Vec<(usize, Box<dyn Agent<G> + 'g>)>) -> Self {
        Seated { roles, last: 0 }
    }

    /// The agent of `role`; a role the seat does not hold is a bug of the match's seating.
    fn agent(&mut self, role: usize) -> &mut Box<dyn Agent<G> + 'g> {
        let i = self.roles.iter().position(|r| r.0 == role);
        self.last = i.unwrap_or_else(|| panic!("role {role} has no agent in this seat"));
        &mut self.roles[self.last].1
    }
}

impl<G: GameState> Agent<G> for Seated<'_, G> {
    /// The agents' names in role order, `/` between them (`human/random`).
    fn name(&self) -> String {
        let names: Vec<String> = self.roles.iter().map(|r| r.1.name()).collect();
        names.join("/")
    }

    fn choose(&mut self, state: &mut G, rng: &mut Rng) -> Option<G::Move> {
        let role = state.current_player()?;
        self.agent(role).choose(state, rng)
    }

    fn choose_own(&mut self, state: &mut G, role: usize, rng: &mut Rng) -> Option<usize> {
        self.agent(role).choose_own(state, role, rng)
    }

    fn turn_played(&mut self, state: &mut G, joint: &G::Move) {
        for (_, a) in &mut self.roles {
            a.turn_played(state, joint);
        }
    }

    fn game_over(&mut self, state: &mut G) {
        for (_, a) in &mut self.roles {
            a.game_over(state);
        }
    }

    fn wants_take_back(&mut self) -> bool {
        self.roles
            .get_mut(self.last)
            .is_some_and(|r| r.1.wants_take_back())
    }
}
