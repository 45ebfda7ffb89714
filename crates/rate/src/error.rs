//! Why a game cannot be rated: its engine (or the SBG heuristic) does not build, or it has no
//! initial state. The messages are the engines' own.

/// Why a [`crate::Subject`] cannot be made for a game.
#[derive(Debug, thiserror::Error)]
pub enum SubjectError {
    /// The RBG reasoner could not compile the game.
    #[error(transparent)]
    Compile(#[from] reasoner::CompileError),
    /// The RBG game (interpreted or compiled) has no initial state.
    #[error(transparent)]
    Game(#[from] reasoner::GameError),
    #[error(transparent)]
    Gdl(#[from] gdl::EngineError),
    /// The SBG engine or heuristic could not be built.
    #[error(transparent)]
    Sbg(#[from] sbg::BuildError),
}
