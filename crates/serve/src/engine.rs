//! From a game text and a list of moves in notation to a state of the engine that plays the
//! game, and one piece of code run on it. Requests carry the whole game and the moves played
//! (the server keeps no sessions), so undo is a shorter list and any number of tabs and
//! concurrent requests are independent.

use crate::error::ApiError;
use crate::limits::Budget;
use crate::picture;
use agents::{Agent, AgentSpec};
use codespan_reporting::diagnostic::{Diagnostic, Label};
use front::{Lang, Loaded};
use game::GameState;
use serde_json::json;

/// A parsed and validated game with its language and text (errors found later, such as an
/// automaton over its limit, point into it).
pub struct Game {
    pub lang: Lang,
    pub loaded: Loaded,
    pub text: String,
    /// See [`Game::squares`]: found on first use, at most once per request.
    squares: std::sync::OnceLock<Vec<String>>,
}

impl Game {
    /// For a GDL text that is our translation of an RBG game, its vertex names
    /// (`draw::rbg_squares`): the drawn board's extent and click targets, as its states
    /// leave the empty squares out. Empty for other games.
    pub fn squares(&self) -> &[String] {
        self.squares.get_or_init(|| match &self.loaded {
            Loaded::Gdl(d) => draw::rbg_squares(d.fact_constants().into_iter()),
            _ => Vec::new(),
        })
    }
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
        Ok((loaded, _warnings)) => Ok(Game {
            lang,
            squares: std::sync::OnceLock::new(),
            loaded,
            text: text.to_string(),
        }),
        Err(ds) => Err(
            ApiError::invalid(format!("the game is not valid {}", lang.name())).with_diagnostics(
                json!(front::diag_json::diagnostics(&file_name(lang), text, &ds)),
            ),
        ),
    }
}

/// An engine's state as the playground uses it: drawn, played by clicks and by agents.
pub trait Played: GameState {
    /// The current position as SVG, when the game has a picture; its cells are click
    /// targets named as [`Played::squares`] names them.
    fn picture(&self, game: &Game) -> Option<String>;

    /// The board squares each move touches, in order (from, intermediate, to), named as the
    /// picture's targets; empty for a move that names no square of the picture.
    fn squares(&self, game: &Game, moves: &[&Self::Move]) -> Vec<Vec<String>>;

    /// At most `max` legal moves with their notation, and whether they are all of them. The
    /// default lists every move (SBG boards and GDL joint moves are bounded by their
    /// engines' limits); the reasoner stops its search after `max + 1`.
    fn listed_moves(&mut self, max: usize) -> (Vec<(Self::Move, String)>, bool)
    where
        Self: Sized,
    {
        let mut all = game::text::printed_moves(self);
        let complete = all.len() <= max;
        all.truncate(max);
        (all, complete)
    }

    /// The agent `spec` names for this engine: alpha-beta with the generic mobility
    /// heuristic, or for SBG the material heuristic that `rbgtool play` uses.
    fn agent<'a>(
        spec: AgentSpec,
        _loaded: &Loaded,
    ) -> Result<Box<dyn Agent<Self> + 'a>, agents::BuildError>
    where
        Self: Sized + 'a,
    {
        spec.build_generic::<Self>()
    }
}

impl Played for reasoner::State<'_> {
    fn picture(&self, game: &Game) -> Option<String> {
        match &game.loaded {
            Loaded::Rbg(g) => Some(picture::rbg(
                g,
                &self.pieces(),
                &self.reasoner().names().display,
            )),
            _ => None,
        }
    }

    /// The vertices of the move's modifiers, a vertex repeated in a row once.
    fn squares(&self, _: &Game, moves: &[&reasoner::Move]) -> Vec<Vec<String>> {
        let display = &self.reasoner().names().display;
        moves
            .iter()
            .map(|m| {
                let mut out: Vec<String> = m
                    .steps
                    .iter()
                    .filter_map(|&(_, v)| display.get(v as usize).cloned())
                    .collect();
                out.dedup();
                out
            })
            .collect()
    }

    /// A complete list in the shortest unique notation; a cut one in the form that is unique
    /// without knowing the other moves (`12@e2 15@e4`, docs/positions.md), which
    /// `move_from_text` reads back.
    fn listed_moves(&mut self, max: usize) -> (Vec<(reasoner::Move, String)>, bool) {
        let Ok((moves, complete)) = self.legal_moves_at_most(max) else {
            return (Vec::new(), true);
        };
        let texts: Vec<String> = if complete {
            moves.iter().map(|m| self.move_to_text(m)).collect()
        } else {
            let names = self.reasoner().names();
            moves
                .iter()
                .map(|m| reasoner::notation::move_to_text(names, &[], m))
                .collect()
        };
        (moves.into_iter().zip(texts).collect(), complete)
    }
}

impl Played for sbg::Engine {
    fn picture(&self, game: &Game) -> Option<String> {
        match &game.loaded {
            Loaded::Sbg(g) => Some(picture::sbg(g, self.board())),
            _ => None,
        }
    }

    /// From and to (one square for a null move).
    fn squares(&self, _: &Game, moves: &[&sbg::Move]) -> Vec<Vec<String>> {
        let width = self.board().width;
        let name = |sq: u16| {
            let sq = usize::from(sq);
            sbg::position::square_name(sq % width, sq / width, width)
        };
        moves
            .iter()
            .map(|m| {
                let mut out = vec![name(m.from), name(m.to)];
                out.dedup();
                out
            })
            .collect()
    }

    fn agent<'a>(
        spec: AgentSpec,
        loaded: &Loaded,
    ) -> Result<Box<dyn Agent<Self> + 'a>, agents::BuildError> {
        match loaded {
            Loaded::Sbg(g) => spec.build_sbg(g),
            _ => spec.build_generic::<Self>(),
        }
    }
}

impl Played for gdl::Engine {
    /// A board when the state has a `(cell X Y PIECE)`-like relation (`draw::gdl_board`);
    /// its axes are not filled out to the game's `(index 1..n)` sizes, which the CLI's
    /// `show` reads from the description, but a translated RBG game's are to its vertices
    /// ([`Game::squares`]).
    fn picture(&self, game: &Game) -> Option<String> {
        draw::gdl_board_clickable(&self.state_text(), &[], game.squares(), "state").ok()
    }

    /// The cells of the drawn board the move's term names by a column and a row
    /// (`draw::GdlGrid::move_squares`); none without a board.
    fn squares(&self, game: &Game, moves: &[&gdl::JointMove]) -> Vec<Vec<String>> {
        let Ok(grid) = draw::gdl_grid(&self.state_text(), &[], game.squares()) else {
            return vec![Vec::new(); moves.len()];
        };
        moves
            .iter()
            .map(|m| grid.move_squares(&self.move_text(m)))
            .collect()
    }
}

/// Code that runs on any engine's state.
pub trait OnState: Sized {
    type Out;
    fn run<G: Played>(self, state: &mut G, game: &Game) -> Result<Self::Out, ApiError>;

    /// [`OnState::run`], told the last move replayed (a view marks its squares).
    fn run_after<G: Played>(
        self,
        state: &mut G,
        game: &Game,
        _last: Option<&G::Move>,
    ) -> Result<Self::Out, ApiError> {
        self.run(state, game)
    }
}

/// Builds the engine, plays `moves` from the initial position, runs `f`, and reports an
/// engine error (an exceeded budget) met on the way instead of what followed from it. The
/// budget is checked after the build and after each move, so a job out of time or memory
/// stops (and frees its slot of the gate) between steps; a job past its memory share fails
/// even if `f` stopped early with what it had.
pub fn with_state<F: OnState>(
    game: &Game,
    moves: &[String],
    budget: &Budget,
    f: F,
) -> Result<F::Out, ApiError> {
    budget.check()?;
    let out = match &game.loaded {
        Loaded::Rbg(g) => {
            let r = reasoner::Reasoner::with_options(g, rbg_options())
                .map_err(|e| compile_error(game, &e))?;
            budget.check()?;
            let mut s = r
                .initial_state()
                .map_err(|e| ApiError::invalid(format!("the game cannot start: {e}")))?;
            let played = play(&mut s, moves, budget);
            rbg_error(&s)?;
            let last = played?;
            let out = f.run_after(&mut s, game, last.as_ref());
            rbg_error(&s)?;
            out
        }
        Loaded::Sbg(g) => {
            let mut e = sbg::Engine::new(g).map_err(|e| ApiError::invalid(e.to_string()))?;
            budget.check()?;
            let last = play(&mut e, moves, budget)?;
            f.run_after(&mut e, game, last.as_ref())
        }
        Loaded::Gdl(d) => {
            let mut e = gdl::Engine::new(d).map_err(|e| ApiError::invalid(format!("{e}")))?;
            budget.check()?;
            let played = play(&mut e, moves, budget);
            gdl_budget(&e)?;
            let last = played?;
            let out = f.run_after(&mut e, game, last.as_ref());
            gdl_budget(&e)?;
            out
        }
    };
    budget.check_memory()?;
    out
}

/// A compile error; one that names a rule (an automaton over its limit) carries a diagnostic
/// pointing at it.
fn compile_error(game: &Game, e: &reasoner::CompileError) -> ApiError {
    let message = format!("cannot compile the rules: {e}");
    let Some(span) = e.span() else {
        return ApiError::invalid(message);
    };
    let d = Diagnostic::error()
        .with_message(message.clone())
        .with_labels(vec![
            Label::primary((), span.range()).with_message("in this rule")
        ]);
    let ds = front::diag_json::diagnostics(&file_name(game.lang), &game.text, &[d]);
    ApiError::invalid(message).with_diagnostics(json!(ds))
}

fn rbg_error(s: &reasoner::State<'_>) -> Result<(), ApiError> {
    match s.first_error() {
        Some(e) => Err(ApiError::invalid(format!("the reasoner stopped: {e}"))),
        None => Ok(()),
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

/// Applies moves in notation and returns the last; an illegal one is an error naming it, its
/// number and the legal moves. The budget is checked before each move.
pub fn play<G: GameState>(
    state: &mut G,
    moves: &[String],
    budget: &Budget,
) -> Result<Option<G::Move>, ApiError> {
    let mut last = None;
    for (i, text) in moves.iter().enumerate() {
        budget.check()?;
        match state.move_from_text(text) {
            Ok(mv) => {
                state.apply(&mv);
                last = Some(mv);
            }
            Err(e) => {
                let message = format!("move {}: {e}", i + 1);
                return Err(ApiError::invalid(shorten(message, 2000)));
            }
        }
    }
    Ok(last)
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

/// Modifiers one move generation may apply here ([`reasoner::Options::search_limit`]): a
/// sixteenth of the command line's, so replaying a move of a game with millions of legal
/// moves fails with the limit instead of listing them all (the corpus games need a few
/// thousand).
pub const SEARCH_LIMIT: u64 = 1 << 21;

/// The reasoner's options here: without the shift-region tables, whose building costs more
/// than they save in one request's few move generations, and with [`SEARCH_LIMIT`].
fn rbg_options() -> reasoner::Options {
    reasoner::Options {
        region_tables: false,
        search_limit: SEARCH_LIMIT,
        ..reasoner::Options::default()
    }
}
