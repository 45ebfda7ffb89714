//! Starting elsewhere than the initial position (`--position`, `--moves`), and running one
//! piece of code on whichever engine plays the loaded game.

use super::load::{Loaded, LoadedGame};
use crate::cli::StartArgs;
use crate::diag::CliError;
use codespan_reporting::diagnostic::{Diagnostic, Label};
use game::text::{split_moves, MoveErrorKind};
use game::GameState;
use std::path::Path;

/// Code that runs on any engine's state.
pub trait OnState {
    type Out;
    fn run<G: GameState>(self, state: &mut G, loaded: &LoadedGame) -> Result<Self::Out, CliError>;
}

/// Builds the engine of the loaded game, puts it at the start `start` asks for, and runs `f`.
pub fn with_state<F: OnState>(
    loaded: &LoadedGame,
    start: &StartArgs,
    global: &crate::cli::Global,
    f: F,
) -> Result<F::Out, CliError> {
    match &loaded.game {
        Loaded::Rbg(g) => {
            let r = super::rbg_game::rbg_reasoner(g, &loaded.source, global)?;
            let mut s = r
                .initial_state()
                .map_err(|e| super::rbg_game::game_error(loaded, &r, &e))?;
            go_to_start(&mut s, start)?;
            f.run(&mut s, loaded)
        }
        Loaded::Sbg(g) => {
            let mut e = sbg::Engine::new(g).map_err(|e| CliError::Game(e.to_string()))?;
            go_to_start(&mut e, start)?;
            f.run(&mut e, loaded)
        }
        Loaded::Gdl(d) => {
            let mut e = gdl::Engine::new(d).map_err(|e| CliError::Game(format!("{e}")))?;
            gdl_go_to_start(&mut e, start, loaded)?;
            let out = f.run(&mut e, loaded);
            gdl_budget(&e, loaded)?;
            out
        }
    }
}

/// `go_to_start` for the GDL engine: a budget exceeded on the way is the error to report
/// (the moves after it are not found, as the engine answers nothing then).
pub fn gdl_go_to_start(
    e: &mut gdl::Engine,
    start: &StartArgs,
    loaded: &LoadedGame,
) -> Result<(), CliError> {
    let started = go_to_start(e, start);
    gdl_budget(e, loaded)?;
    started
}

/// The GDL engine's exceeded budget, if any, as an error pointing at the rule responsible:
/// after it the engine's answers are empty, so they must not be reported as results.
pub fn gdl_budget(e: &gdl::Engine, loaded: &LoadedGame) -> Result<(), CliError> {
    let Some(message) = e.budget_error() else {
        return Ok(());
    };
    let message = format!("the GDL engine's budget is exceeded: {message}");
    match e.budget_error_span() {
        Some(span) if span.range().end <= loaded.source.text.len() && !span.range().is_empty() => {
            Err(CliError::Invalid {
                what: "game",
                name: loaded.source.name.clone(),
                text: loaded.source.text.clone(),
                diagnostics: vec![Diagnostic::error().with_message(message).with_labels(vec![
                    Label::primary((), span.range()).with_message("this rule"),
                ])],
            })
        }
        _ => Err(CliError::Game(message)),
    }
}

/// Reads a text file, or standard input for `-`; returns (name, text).
pub fn read_text(path: &Path) -> Result<(String, String), CliError> {
    let name = if path.as_os_str() == "-" {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let bytes = crate::input::read_bytes(path)?;
    let text = String::from_utf8(bytes)
        .map_err(|e| CliError::Io(format!("cannot read {name}: {}", e.utf8_error())))?;
    Ok((name, text))
}

/// Loads `--position` (if any), then plays `--moves` (if any).
pub fn go_to_start<G: GameState>(state: &mut G, start: &StartArgs) -> Result<(), CliError> {
    if let Some(path) = &start.position {
        let (name, text) = read_text(path)?;
        load_position(state, &name, &text)?;
    }
    if let Some(moves) = &start.moves {
        play_moves(state, "--moves", moves)?;
    }
    Ok(())
}

/// Loads a position text; a bad one is a diagnostic against it.
pub fn load_position<G: GameState>(state: &mut G, name: &str, text: &str) -> Result<(), CliError> {
    state.set_position(text).map_err(|e| CliError::Invalid {
        what: "position",
        name: name.to_string(),
        text: text.to_string(),
        diagnostics: vec![e.diagnostic()],
    })
}

/// Plays a `;`-separated list of moves; an illegal move is a diagnostic against the list
/// naming the move, its number and the legal moves.
pub fn play_moves<G: GameState>(state: &mut G, name: &str, list: &str) -> Result<(), CliError> {
    let items = split_moves(list);
    let mut from = 0;
    for (i, text) in items.iter().enumerate() {
        // The item's place in the list, for the label.
        let at = list[from..].find(text).map_or(from, |k| from + k);
        from = at + text.len();
        match state.move_from_text(text) {
            Ok(mv) => state.apply(&mv),
            Err(e) => {
                let (message, label) = match &e.kind {
                    MoveErrorKind::GameOver => (
                        format!("move {}, `{text}`: the game is already over", i + 1),
                        "no move is legal here",
                    ),
                    MoveErrorKind::Ambiguous(m) => (
                        format!(
                            "move {}, `{text}`, matches several legal moves: {}",
                            i + 1,
                            m.join(", ")
                        ),
                        "ambiguous",
                    ),
                    MoveErrorKind::NotLegal => (
                        format!("move {}, `{text}`, is not a legal move", i + 1),
                        "not legal here",
                    ),
                };
                let mut d =
                    Diagnostic::error()
                        .with_message(message)
                        .with_labels(vec![
                            Label::primary((), at..at + text.len()).with_message(label)
                        ]);
                if !e.legal.is_empty() {
                    d = d.with_notes(vec![format!(
                        "legal moves: {}",
                        game::text::list_moves(&e.legal)
                    )]);
                }
                return Err(CliError::Invalid {
                    what: "move list",
                    name: name.to_string(),
                    text: list.to_string(),
                    diagnostics: vec![d],
                });
            }
        }
    }
    Ok(())
}

/// Whose turn, or the result: one line for people.
pub fn status_line<G: GameState>(state: &mut G, moves: usize) -> String {
    let names = state.player_names();
    if moves == 0 {
        let scores: Vec<String> = names
            .iter()
            .zip(state.scores())
            .map(|(n, s)| format!("{n} {s}"))
            .collect();
        return format!("game over: {}", scores.join(", "));
    }
    match state.current_player() {
        Some(p) => format!(
            "{} to move, {moves} legal move{}",
            names.get(p).map_or("?", String::as_str),
            if moves == 1 { "" } else { "s" }
        ),
        None => format!("several players move at once, {moves} legal joint moves"),
    }
}
