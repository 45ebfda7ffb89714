//! From a game text and a list of moves in notation to a state of the engine that plays the
//! game, and one piece of code run on it. Requests carry the whole game and the moves played
//! (the server keeps no sessions), so undo is a shorter list and any number of tabs and
//! concurrent requests are independent.

use crate::error::ApiError;
use crate::picture;
use agents::{Agent, AgentSpec};
use front::{Lang, Loaded};
use game::GameState;
use serde_json::json;

/// A parsed and validated game with its language.
pub struct Game {
    pub lang: Lang,
    pub loaded: Loaded,
}

/// The language `lang` names, else the one the text looks like.
pub fn language(text: &str, lang: Option<&str>) -> Result<Lang, ApiError> {
    match lang.filter(|l| !l.is_empty()) {
        Some(id) => Lang::from_id(id)
            .ok_or_else(|| ApiError::invalid(format!("unknown language `{id}`: rbg, sbg or gdl"))),
        None => front::sniff(text).ok_or_else(|| {
            ApiError::invalid(
                "cannot tell the language of the text: RBG has #board and #rules, SBG <BOARD> \
                 and <PIECES>, GDL starts with ( and has (role",
            )
        }),
    }
}

/// The file name diagnostics show for the playground's text.
pub fn file_name(lang: Lang) -> String {
    format!("game.{}", lang.extension())
}

/// Parses and validates; errors carry the diagnostics as `check --json` gives them.
pub fn load(text: &str, lang: Option<&str>) -> Result<Game, ApiError> {
    let lang = language(text, lang)?;
    match front::parse(text, lang) {
        Ok((loaded, _warnings)) => Ok(Game { lang, loaded }),
        Err(ds) => Err(
            ApiError::invalid(format!("the game is not valid {}", lang.name())).with_diagnostics(
                json!(front::diag_json::diagnostics(&file_name(lang), text, &ds)),
            ),
        ),
    }
}

/// An engine's state as the playground uses it: drawn, and played by agents.
pub trait Played: GameState {
    /// The current position as SVG, when the game has a picture.
    fn picture(&self, loaded: &Loaded) -> Option<String>;

    /// The agent `spec` names for this engine: alpha-beta with the generic mobility
    /// heuristic, or for SBG the material heuristic that `rbgtool play` uses.
    fn agent<'a>(spec: AgentSpec, _loaded: &Loaded) -> Result<Box<dyn Agent<Self> + 'a>, String>
    where
        Self: Sized + 'a,
    {
        spec.build_generic::<Self>()
    }
}

impl Played for reasoner::State<'_> {
    fn picture(&self, loaded: &Loaded) -> Option<String> {
        match loaded {
            Loaded::Rbg(g) => Some(picture::rbg(g, &self.pieces())),
            _ => None,
        }
    }
}

impl Played for sbg::Engine {
    fn picture(&self, loaded: &Loaded) -> Option<String> {
        match loaded {
            Loaded::Sbg(g) => Some(picture::sbg(g, self.board())),
            _ => None,
        }
    }

    fn agent<'a>(spec: AgentSpec, loaded: &Loaded) -> Result<Box<dyn Agent<Self> + 'a>, String> {
        match loaded {
            Loaded::Sbg(g) => spec.build_sbg(g),
            _ => spec.build_generic::<Self>(),
        }
    }
}

impl Played for gdl::Engine {
    /// A board when the state has a `(cell X Y PIECE)`-like relation (`draw::gdl_board`);
    /// its axes are not filled out to the game's `(index 1..n)` sizes, which the CLI's
    /// `show` reads from the description.
    fn picture(&self, _: &Loaded) -> Option<String> {
        draw::gdl_board(&self.state_text(), &[], "state").ok()
    }
}

/// Code that runs on any engine's state.
pub trait OnState {
    type Out;
    fn run<G: Played>(self, state: &mut G, loaded: &Loaded) -> Result<Self::Out, ApiError>;
}

/// Builds the engine, plays `moves` from the initial position, runs `f`, and reports an
/// engine error (an exceeded budget) met on the way instead of what followed from it.
pub fn with_state<F: OnState>(game: &Game, moves: &[String], f: F) -> Result<F::Out, ApiError> {
    match &game.loaded {
        Loaded::Rbg(g) => {
            let r = reasoner::Reasoner::with_options(g, rbg_options())
                .map_err(|e| ApiError::invalid(format!("cannot compile the rules: {e}")))?;
            let mut s = r
                .initial_state()
                .map_err(|e| ApiError::invalid(format!("the game cannot start: {e}")))?;
            play(&mut s, moves)?;
            let out = f.run(&mut s, &game.loaded);
            if let Some(e) = s.first_error() {
                return Err(ApiError::invalid(format!("the reasoner stopped: {e}")));
            }
            out
        }
        Loaded::Sbg(g) => {
            let mut e = sbg::Engine::new(g).map_err(|e| ApiError::invalid(e.to_string()))?;
            play(&mut e, moves)?;
            f.run(&mut e, &game.loaded)
        }
        Loaded::Gdl(d) => {
            let mut e = gdl::Engine::new(d).map_err(|e| ApiError::invalid(format!("{e}")))?;
            let played = play(&mut e, moves);
            gdl_budget(&e)?;
            played?;
            let out = f.run(&mut e, &game.loaded);
            gdl_budget(&e)?;
            out
        }
    }
}

fn gdl_budget(e: &gdl::Engine) -> Result<(), ApiError> {
    match e.budget_error() {
        Some(m) => Err(ApiError::invalid(format!(
            "the GDL engine's budget is exceeded: {m}"
        ))),
        None => Ok(()),
    }
}

/// Applies moves in notation; an illegal one is an error naming it, its number and the legal
/// moves.
pub fn play<G: GameState>(state: &mut G, moves: &[String]) -> Result<(), ApiError> {
    for (i, text) in moves.iter().enumerate() {
        match state.move_from_text(text) {
            Ok(mv) => state.apply(&mv),
            Err(e) => {
                let message = format!("move {}: {e}", i + 1);
                return Err(ApiError::invalid(shorten(message, 2000)));
            }
        }
    }
    Ok(())
}

/// At most about `max` bytes of `s` (a list of thousands of legal moves is cut).
pub fn shorten(mut s: String, max: usize) -> String {
    if s.len() > max {
        let mut end = max;
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        s.truncate(end);
        s.push_str(" ...");
    }
    s
}

/// The reasoner's options here: without the shift-region tables, whose building costs more
/// than they save in one request's few move generations.
fn rbg_options() -> reasoner::Options {
    reasoner::Options {
        region_tables: false,
        ..reasoner::Options::default()
    }
}
