//! The Python classes `Game`, `State` and `Move`, and `load`.

use crate::compiled_backend::CompiledBackend;
use crate::engine::{Engine, EngineError, GdlBackend, RbgBackend, RbgIds, Wrapped};
use crate::errors;
use crate::loading::{self, Lang, Loaded};
use codespan_reporting::diagnostic::Diagnostic;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// The engines a game is played with.
pub(crate) enum Kind {
    Rbg {
        reasoner: Arc<reasoner::Reasoner>,
        ids: Arc<RbgIds>,
        game: Box<ir::Game>,
        /// The game's compiled library, when loaded with `engine="compiled"`; states, perft
        /// and playouts then run in it.
        compiled: Option<Arc<compiled::CompiledGame>>,
    },
    Sbg(sbg::Game),
    Gdl(Arc<gdl::Description>),
}

/// A loaded, validated game. `rbgtool.load(path_or_text, lang=None)` makes one.
#[pyclass(frozen, module = "rbgtool")]
pub struct Game {
    kind: Kind,
    lang: Lang,
    #[pyo3(get)]
    name: String,
    /// The source text.
    #[pyo3(get)]
    text: String,
    warnings: Vec<Diagnostic<()>>,
    /// GDL: the network's moves per role and base propositions, sorted (built once, on
    /// first use by `role_actions` or `base_propositions`).
    gdl_spaces: std::sync::OnceLock<Result<GdlSpaces, propnet::GroundError>>,
}

/// What the adapters number in a GDL game: every move of each role, every base proposition.
type GdlSpaces = (Vec<Vec<String>>, Vec<String>);

fn game_err(m: String) -> PyErr {
    errors::message(m)
}

impl Game {
    /// GDL: the network's moves per role and base propositions, each sorted, from one build
    /// of the network kept for later calls; `None` for RBG and SBG.
    fn gdl_spaces(&self, py: Python<'_>) -> PyResult<Option<&GdlSpaces>> {
        let Kind::Gdl(d) = &self.kind else {
            return Ok(None);
        };
        let spaces = self.gdl_spaces.get_or_init(|| {
            let d = Arc::clone(d);
            let net = py.detach(move || propnet::build(&d))?;
            let mut moves = net.move_space().to_vec();
            for list in &mut moves {
                list.sort();
            }
            let mut props = net.base_propositions().to_vec();
            props.sort();
            Ok((moves, props))
        });
        match spaces {
            Ok(s) => Ok(Some(s)),
            Err(e) => Err(game_err(format!("no static action space: {e}"))),
        }
    }

    pub(crate) fn kind(&self) -> &Kind {
        &self.kind
    }

    pub(crate) fn player_names(&self) -> PyResult<Vec<String>> {
        Ok(self.new_engine()?.players())
    }

    fn new_engine(&self) -> PyResult<Box<dyn Engine>> {
        Ok(match &self.kind {
            Kind::Rbg {
                compiled: Some(cg),
                ids,
                ..
            } => Box::new(Wrapped::new(CompiledBackend::new(cg, ids)?)),
            Kind::Rbg { reasoner, ids, .. } => {
                Box::new(Wrapped::new(RbgBackend::new(reasoner, ids)?))
            }
            Kind::Sbg(g) => Box::new(Wrapped::new(
                sbg::Engine::new(g).map_err(EngineError::from)?,
            )),
            Kind::Gdl(d) => Box::new(Wrapped::new(GdlBackend::new(d)?)),
        })
    }
}

/// Loads a game from a path or from its text. `lang` is `"rbg"`, `"sbg"` or `"gdl"`; without
/// it the language comes from the file extension (`.rbg`, `.sbg`, `.kif`/`.gdl`). Invalid
/// games raise `GameError` with the structured diagnostics.
///
/// >>> g = rbgtool.load("corpus/rbg/ticTacToe.rbg")
/// >>> g.perft(2)
/// 72
///
/// `engine="compiled"` (RBG only) builds the game's compiled library (docs/compiled-engine.md;
/// cached by content, seconds the first time); a game the compiler refuses, or a machine without
/// a Rust toolchain, falls back to the interpreter with a `RuntimeWarning`. `Game.engine` says
/// which one runs.
#[pyfunction]
#[pyo3(signature = (path_or_text, lang=None, engine="interpreted"))]
pub fn load(
    py: Python<'_>,
    path_or_text: &str,
    lang: Option<&str>,
    engine: &str,
) -> PyResult<Game> {
    let want_compiled = match engine {
        "interpreted" => false,
        "compiled" => true,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "engine must be 'interpreted' or 'compiled', not {other:?}"
            )))
        }
    };
    let is_path = !path_or_text.contains('\n') && std::path::Path::new(path_or_text).is_file();
    let (name, text) = if is_path {
        let text = std::fs::read_to_string(path_or_text).map_err(|e| {
            pyo3::exceptions::PyOSError::new_err(format!("cannot read {path_or_text}: {e}"))
        })?;
        (path_or_text.to_string(), text)
    } else {
        ("<text>".to_string(), path_or_text.to_string())
    };
    let lang = match lang {
        Some(l) => Lang::parse(l)?,
        None => loading::lang_of_path(&name).ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "cannot tell the language of {name}; pass lang='rbg', 'sbg' or 'gdl'"
            ))
        })?,
    };
    let (loaded, warnings) = py.detach(|| loading::parse(&name, &text, lang))?;
    let kind = match loaded {
        Loaded::Rbg { game, reasoner } => {
            let compiled = if want_compiled {
                compile(py, &game, reasoner.options())?
            } else {
                None
            };
            Kind::Rbg {
                ids: Arc::new(RbgIds::new(&game, &reasoner)),
                reasoner,
                game,
                compiled,
            }
        }
        _ if want_compiled => {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "engine='compiled' runs RBG games only",
            ))
        }
        Loaded::Sbg(g) => Kind::Sbg(g),
        Loaded::Gdl(d) => Kind::Gdl(Arc::new(d)),
    };
    Ok(Game {
        kind,
        lang,
        name,
        text,
        warnings,
        gdl_spaces: std::sync::OnceLock::new(),
    })
}

/// The compiled library of an RBG game, or None with a `RuntimeWarning` saying why.
fn compile(
    py: Python<'_>,
    game: &ir::Game,
    options: reasoner::Options,
) -> PyResult<Option<Arc<compiled::CompiledGame>>> {
    let build = compiled::BuildOptions {
        options,
        ..compiled::BuildOptions::default()
    };
    match py.detach(|| compiled::CompiledGame::new(game, &build)) {
        Ok(cg) => Ok(Some(Arc::new(cg))),
        Err(e) => {
            let why = e.to_string();
            let first = why.lines().next().unwrap_or("");
            let msg = std::ffi::CString::new(format!("using the interpreter: {first}"))
                .unwrap_or_default();
            PyErr::warn(
                py,
                &py.get_type::<pyo3::exceptions::PyRuntimeWarning>(),
                &msg,
                1,
            )?;
            Ok(None)
        }
    }
}

#[pymethods]
impl Game {
    /// `"compiled"` when states run in the game's compiled library, else `"interpreted"`.
    #[getter]
    fn engine(&self) -> &'static str {
        match &self.kind {
            Kind::Rbg {
                compiled: Some(_), ..
            } => "compiled",
            _ => "interpreted",
        }
    }

    /// `"rbg"`, `"sbg"` or `"gdl"`.
    #[getter]
    fn lang(&self) -> &'static str {
        self.lang.name()
    }

    /// Player (role) names in declaration order; scores come in this order.
    #[getter]
    fn players(&self) -> PyResult<Vec<String>> {
        Ok(self.new_engine()?.players())
    }

    /// The warnings found while loading, as diagnostic dicts.
    #[getter]
    fn warnings<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for d in &self.warnings {
            list.append(errors::diagnostic_dict(py, d)?)?;
        }
        Ok(list)
    }

    /// The bound on move ids (`Move.id < num_distinct_actions`), or None (GDL: ids are indices
    /// into the legal list). See docs/python.md, "Action encodings".
    #[getter]
    fn num_distinct_actions(&self) -> Option<u64> {
        match &self.kind {
            Kind::Rbg { ids, .. } => Some(ids.count()),
            Kind::Sbg(g) => {
                let squares = (g.board.width * g.board.height) as u64;
                Some(squares * squares)
            }
            Kind::Gdl(_) => None,
        }
    }

    /// GDL: every move each role can ever make, by role, as GDL terms sorted (the ground
    /// `legal` propositions of the game's network): a static action space, where a role's
    /// action id is the index of its move in its list. None for RBG and SBG; an error when
    /// the rules do not ground within the network's budgets. See docs/python.md, "GDL".
    fn role_actions(&self, py: Python<'_>) -> PyResult<Option<Vec<Vec<String>>>> {
        Ok(self.gdl_spaces(py)?.map(|(moves, _)| moves.clone()))
    }

    /// GDL: every base proposition (a fluent that can ever hold), as GDL terms sorted; the
    /// observation vector of the adapters has one entry per proposition. None for RBG and SBG;
    /// an error when the rules do not ground.
    fn base_propositions(&self, py: Python<'_>) -> PyResult<Option<Vec<String>>> {
        Ok(self.gdl_spaces(py)?.map(|(_, props)| props.clone()))
    }

    /// RBG: every variable as `(name, bound)`, players' scores first (named by their
    /// players); None for SBG and GDL.
    #[getter]
    fn variables(&self) -> Option<Vec<(String, i64)>> {
        match &self.kind {
            Kind::Rbg { game, .. } => Some(
                (game.variables.iter())
                    .map(|v| (v.name.clone(), v.bound))
                    .collect(),
            ),
            _ => None,
        }
    }

    /// `(width, height)` of an SBG board, None for other games.
    #[getter]
    fn board_size(&self) -> Option<(usize, usize)> {
        match &self.kind {
            Kind::Sbg(g) => Some((g.board.width, g.board.height)),
            _ => None,
        }
    }

    /// Every piece name: RBG pieces in declaration order; SBG letters, white (upper case) and
    /// black (lower case) of each piece type; empty for GDL.
    #[getter]
    fn piece_names(&self) -> Vec<String> {
        match &self.kind {
            Kind::Rbg { game, .. } => game.pieces.clone(),
            Kind::Sbg(g) => {
                let mut kinds: Vec<char> = g.rules.iter().map(|r| r.kind).collect();
                kinds.extend(g.board.cells.iter().flatten().map(|p| p.kind));
                kinds.sort_unstable();
                kinds.dedup();
                let upper = kinds.iter().map(|k| k.to_string());
                let lower = kinds.iter().map(|k| k.to_ascii_lowercase().to_string());
                upper.chain(lower).collect()
            }
            Kind::Gdl(_) => Vec::new(),
        }
    }

    /// Vertex names of an RBG board, None for other games.
    #[getter]
    fn vertices(&self) -> Option<Vec<String>> {
        match &self.kind {
            Kind::Rbg { game, .. } => Some(game.board.vertices.clone()),
            _ => None,
        }
    }

    /// The state before the first move (keeper moves applied).
    fn initial_state(slf: &Bound<'_, Self>) -> PyResult<State> {
        let engine = slf.get().new_engine()?;
        Ok(State::wrap(engine, slf.clone().unbind()))
    }

    /// The state a position text describes (docs/positions.md; `State.to_text()` writes one).
    /// An invalid text raises `GameError` with a diagnostic against it.
    fn state_from_text(slf: &Bound<'_, Self>, text: &str) -> PyResult<State> {
        let mut engine = slf.get().new_engine()?;
        engine
            .set_position(text)
            .map_err(|e| position_error(text, &e))?;
        Ok(State::wrap(engine, slf.clone().unbind()))
    }

    /// Perft: the number of move sequences of exactly `depth` moves from the initial state,
    /// computed in Rust with the GIL released.
    ///
    /// >>> rbgtool.load("corpus/rbg/chess.rbg").perft(3)
    /// 8902
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let mut e = self.new_engine()?;
        Ok(py.detach(move || e.perft(depth))?)
    }

    /// `n` uniformly random playouts from the initial state with the CLI's RNG and seed
    /// (`rbgtool bench --playouts n --seed seed`); returns the same statistics as its `--json`:
    /// playouts, states, seconds, playouts_per_second, states_per_second, average_length,
    /// average_scores, score_histogram ("s1 s2" → count), unfinished.
    #[pyo3(signature = (n, seed=0))]
    fn playouts<'py>(&self, py: Python<'py>, n: u64, seed: u64) -> PyResult<Bound<'py, PyDict>> {
        let report = py.detach(|| flat_mc(&self.kind, n, seed))?;
        let d = PyDict::new(py);
        d.set_item("playouts", report.playouts)?;
        d.set_item("states", report.states)?;
        d.set_item("seconds", report.seconds)?;
        d.set_item("playouts_per_second", report.playouts_per_second)?;
        d.set_item("states_per_second", report.states_per_second)?;
        d.set_item("average_length", report.average_length)?;
        d.set_item("average_scores", report.average_scores)?;
        d.set_item("score_histogram", report.score_histogram)?;
        d.set_item("unfinished", report.unfinished)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("<rbgtool.Game {} ({})>", self.name, self.lang.name())
    }
}

/// A position text error as a diagnostic against the text.
fn position_error(text: &str, e: &game::PositionError) -> PyErr {
    use codespan_reporting::diagnostic::Label;
    let d = Diagnostic::error()
        .with_message(e.message.clone())
        .with_labels(vec![
            Label::primary((), e.span.clone()).with_message(e.label.clone())
        ]);
    errors::from_diagnostics("<position>", text, &[d])
}

/// Longest playout (as `rbgtool bench`).
const MAX_LENGTH: u64 = 1_000_000;

/// Flat Monte-Carlo exactly as `rbgtool bench` runs it for each engine.
fn flat_mc(kind: &Kind, n: u64, seed: u64) -> Result<game::playout::FlatMcReport, EngineError> {
    use game::playout::{flat_monte_carlo, Budget};
    let mut rng = game::rng_from_seed(seed);
    match kind {
        Kind::Rbg {
            compiled: Some(cg), ..
        } => {
            // Listing every move, as `rbgtool bench` does by default.
            let rep = cg.flat_mc_with(
                reasoner::Budget::Playouts(n),
                seed,
                compiled::Sampling::List,
            )?;
            Ok(rep.to_flat_mc())
        }
        Kind::Rbg { reasoner, .. } => {
            let rep = reasoner::flat_mc(reasoner, reasoner::Budget::Playouts(n), seed)?;
            Ok(rep.to_flat_mc())
        }
        Kind::Sbg(g) => {
            let mut e = sbg::Engine::new(g)?;
            Ok(flat_monte_carlo(
                &mut e,
                Budget::Playouts(n),
                &mut rng,
                MAX_LENGTH,
            ))
        }
        Kind::Gdl(d) => {
            // The engine `rbgtool bench` picks by default (`--engine auto`), so that both give
            // the same playouts for a seed: the network's move order is its own.
            if let Some(mut net) = propnet::build(d).ok().filter(propnet::suits_auto) {
                let rep = flat_monte_carlo(&mut net, Budget::Playouts(n), &mut rng, MAX_LENGTH);
                return match net.budget_error() {
                    Some(m) => Err(EngineError::NetworkBudget(m)),
                    None => Ok(rep),
                };
            }
            let mut e = gdl::Engine::new(d)?;
            Ok(flat_monte_carlo(
                &mut e,
                Budget::Playouts(n),
                &mut rng,
                MAX_LENGTH,
            ))
        }
    }
}

/// A move of one state: `text` in the notation (docs/positions.md), `id` by the game's action encoding.
#[pyclass(frozen, module = "rbgtool", eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Move {
    #[pyo3(get)]
    id: u64,
    #[pyo3(get)]
    text: String,
    /// Position in the legal list of the state version that made it (the fast path of apply).
    index: usize,
    version: u64,
}

#[pymethods]
impl Move {
    fn __str__(&self) -> &str {
        &self.text
    }
    fn __repr__(&self) -> String {
        format!("<rbgtool.Move {} id={}>", self.text, self.id)
    }
    /// Moves are immutable: copies are the move itself.
    fn __copy__(slf: Py<Self>) -> Py<Self> {
        slf
    }
    fn __deepcopy__(slf: Py<Self>, _memo: &Bound<'_, PyAny>) -> Py<Self> {
        slf
    }
}

/// A fresh, process-unique stamp for a state version (so a Move knows where it came from).
fn stamp() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// A game in progress: legal moves, apply/undo, scores.
///
/// >>> s = rbgtool.load("corpus/sbg/breakthrough.sbg").initial_state()
/// >>> m = s.legal_moves()[0]; s.apply(m); s.undo()
#[pyclass(module = "rbgtool")]
pub struct State {
    engine: Mutex<Box<dyn Engine>>,
    version: AtomicU64,
    game: Py<Game>,
}

impl State {
    fn wrap(engine: Box<dyn Engine>, game: Py<Game>) -> State {
        State {
            engine: Mutex::new(engine),
            version: AtomicU64::new(stamp()),
            game,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Box<dyn Engine>> {
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn moved(&self) {
        self.version.store(stamp(), Ordering::Relaxed);
    }

    fn apply_index(&self, i: usize) -> PyResult<()> {
        let r = self.lock().apply_index(i);
        self.moved();
        Ok(r?)
    }
}

#[pymethods]
impl State {
    /// The game this state belongs to.
    #[getter]
    fn game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The legal moves, in the engine's deterministic order (empty at a terminal state).
    fn legal_moves(&self) -> PyResult<Vec<Move>> {
        let version = self.version.load(Ordering::Relaxed);
        let list = self.lock().legal()?;
        Ok(list
            .into_iter()
            .enumerate()
            .map(|(index, (id, text))| Move {
                id,
                text,
                index,
                version,
            })
            .collect())
    }

    /// GDL: each role's own legal moves as GDL terms (a role that waits has `noop` or the
    /// like; every list is empty at a terminal state). Raises GameError for RBG and SBG.
    fn role_moves(&self) -> PyResult<Vec<Vec<String>>> {
        Ok(self.lock().role_moves()?)
    }

    /// GDL: plays one own move per role (terms in role order, each from `role_moves()`) as
    /// one joint move; every role chooses without seeing the others' choices.
    fn apply_role_moves(&self, moves: Vec<String>) -> PyResult<()> {
        let r = self.lock().apply_role_moves(&moves);
        self.moved();
        Ok(r?)
    }

    /// The ids of the legal moves (no texts: the adapters' fast path).
    fn legal_ids(&self) -> PyResult<Vec<u64>> {
        Ok(self.lock().legal_ids()?)
    }

    /// Applies a move: a `Move` from `legal_moves()`, its id (int) or its text (str).
    fn apply(&self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        if let Ok(m) = r#move.extract::<PyRef<'_, Move>>() {
            if m.version == self.version.load(Ordering::Relaxed) {
                return self.apply_index(m.index);
            }
            let found = self
                .lock()
                .legal()?
                .iter()
                .position(|(id, text)| *id == m.id && *text == m.text);
            return match found {
                Some(i) => self.apply_index(i),
                None => Err(game_err(format!("{} is not a legal move here", m.text))),
            };
        }
        if let Ok(id) = r#move.extract::<u64>() {
            let list = self.lock().legal_ids()?;
            let mut hits = list.iter().enumerate().filter(|(_, i)| **i == id);
            return match (hits.next(), hits.next()) {
                (Some((i, _)), None) => self.apply_index(i),
                (None, _) => Err(game_err(format!("no legal move has id {id}"))),
                (Some(_), Some(_)) => Err(game_err(format!(
                    "several legal moves have id {id}; apply a Move or its text"
                ))),
            };
        }
        if let Ok(text) = r#move.extract::<String>() {
            let i = self.lock().index_of_text(&text)?;
            return self.apply_index(i);
        }
        Err(pyo3::exceptions::PyTypeError::new_err(
            "apply takes a Move, a move id (int) or a move text (str)",
        ))
    }

    /// Takes back the last move; raises IndexError at the initial state.
    fn undo(&self) -> PyResult<()> {
        let ok = self.lock().undo();
        self.moved();
        if ok {
            Ok(())
        } else {
            Err(pyo3::exceptions::PyIndexError::new_err("no move to undo"))
        }
    }

    /// An independent copy.
    fn clone(&self, py: Python<'_>) -> State {
        State::wrap(self.lock().clone_box(), self.game.clone_ref(py))
    }

    fn __copy__(&self, py: Python<'_>) -> State {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> State {
        self.clone(py)
    }

    /// True when no legal move exists.
    fn is_terminal(&self) -> bool {
        self.lock().is_terminal()
    }

    /// Every player's score, in player order (the result at a terminal state).
    fn scores(&self) -> Vec<i64> {
        self.lock().scores()
    }

    /// The player to move (index into `Game.players`); None at terminal states and for
    /// simultaneous GDL moves.
    fn current_player(&self) -> Option<usize> {
        self.lock().current_player()
    }

    /// Moves applied since the initial state.
    #[getter]
    fn ply(&self) -> usize {
        self.lock().ply()
    }

    /// A hash of the complete state.
    fn state_hash(&self) -> u64 {
        self.lock().hash()
    }

    /// Perft from this state, in Rust with the GIL released.
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let mut e = self.lock().clone_box();
        Ok(py.detach(move || e.perft(depth))?)
    }

    /// The position as text (docs/positions.md); `Game.state_from_text` reads it back.
    fn to_text(&self) -> String {
        self.lock().to_text()
    }

    /// Replaces this state by the one a position text describes (the history is forgotten).
    fn set_position(&self, text: &str) -> PyResult<()> {
        let r = self.lock().set_position(text);
        self.moved();
        r.map_err(|e| position_error(text, &e))
    }

    fn __str__(&self) -> String {
        self.to_text()
    }

    /// The piece on each RBG vertex (names) or SBG square (`y * width + x`; letters, `""` when
    /// empty); empty for GDL. Names are those of `Game.piece_names`.
    fn pieces(&self) -> Vec<String> {
        self.lock().pieces()
    }

    /// The value of each RBG variable, in the order of `Game.variables` (players' scores
    /// first); empty for SBG and GDL.
    fn variables(&self) -> Vec<i64> {
        self.lock().variables()
    }
}
