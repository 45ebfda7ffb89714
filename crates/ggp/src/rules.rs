//! The rules a match is played by, from their KIF text to a [`gdl::Engine`]: the player and
//! the manager build theirs the same way, and fail the same way.

/// Why rules cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    /// Not GDL: the parser's diagnostics against the text, rendered when displayed.
    #[error("{}", gdl::render("rules", .text, .diagnostics))]
    Syntax {
        text: String,
        diagnostics: Vec<gdl::Diagnostic>,
    },
    /// GDL the engine refuses (unsafe rules, no roles, …).
    #[error(transparent)]
    Engine(#[from] gdl::EngineError),
}

/// The engine playing `text` (KIF rules).
pub fn engine(text: &str) -> Result<gdl::Engine, RulesError> {
    let desc = gdl::parse(text).map_err(|diagnostics| RulesError::Syntax {
        text: text.to_string(),
        diagnostics,
    })?;
    Ok(gdl::Engine::new(&desc)?)
}
