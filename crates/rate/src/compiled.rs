//! An RBG game played by its compiled library (`rbgtool rate --engine compiled`): the same
//! players and games as [`crate::RbgSubject`], on the compiled engine's game states.

use crate::error::SubjectError;
use crate::options::{Player, RateOptions};
use crate::play::{GameRecord, GameSpec};
use crate::subject::{play_generic, Subject};

/// An RBG game whose rules were compiled into a library (`compiled::CompiledGame`).
pub struct CompiledRbgSubject {
    pub name: String,
    game: compiled::CompiledGame,
    tt_bits: u32,
}

impl CompiledRbgSubject {
    /// Checks that the game has an initial state; the error is the engine's message.
    pub fn new(
        name: &str,
        game: compiled::CompiledGame,
        options: &RateOptions,
    ) -> Result<CompiledRbgSubject, SubjectError> {
        game.initial_state()?;
        Ok(CompiledRbgSubject {
            name: name.to_string(),
            game,
            tt_bits: options.tt_bits,
        })
    }
}

impl Subject for CompiledRbgSubject {
    type Kit = ();

    fn name(&self) -> String {
        self.name.clone()
    }

    fn kit(&self) {}

    fn play(&self, _: &mut (), spec: &GameSpec, players: [Player; 2], keep: bool) -> GameRecord {
        let Ok(mut state) = self.game.initial_state() else {
            unreachable!("checked in CompiledRbgSubject::new")
        };
        play_generic(&mut state, self.tt_bits, spec, players, keep)
    }
}
