//! One object-safe interface, [`Engine`], over the three engines, so the Python classes are
//! written once. Moves cross into Python as `(id, text)`; the engine keeps the last list of
//! legal moves and applies by index into it.
//!
//! Move ids (docs/python.md "Action encodings"):
//! * SBG: `from * squares + to` (squares `y * width + x`), fewer than `squares²`.
//! * RBG: the index of the move's key in the game's action space (`actions`: the first piece
//!   modifier's vertex, the last two piece modifiers' vertices and the last one's piece, the
//!   switch and its vertex), enumerated once from the rules; chess has 8,696. Where the
//!   enumeration gives up (arimaa), `(first_vertex * V + v) * M + m`, where `(m, v)` is the
//!   last step of the move that is not a player switch (the last step when all are), `V` the
//!   vertices and `M` the modifiers plus one. Distinct legal moves of one state could share an
//!   id; `State.legal_moves` reports such a clash as an error.
//! * GDL: the index of the joint move in the state's legal list (no bound).

use crate::errors;
use game::GameState;
use pyo3::PyErr;
use std::sync::Arc;

/// Why an engine call fails: an engine's own error (its text kept), or a call the state
/// cannot answer.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The RBG interpreter or compiled library stopped (a limit, a keeper loop) or has no
    /// initial state.
    #[error(transparent)]
    Rbg(#[from] reasoner::GameError),
    /// The SBG engine could not be built.
    #[error(transparent)]
    Sbg(#[from] sbg::BuildError),
    /// The GDL interpreter could not be built.
    #[error(transparent)]
    Gdl(#[from] gdl::EngineError),
    /// A budget of the GDL network was exceeded during playouts (the message names it).
    #[error("the GDL network's budget is exceeded: {0}")]
    NetworkBudget(String),
    /// A move text that names no legal move, or several.
    #[error(transparent)]
    MoveText(#[from] game::MoveError),
    #[error("move index {index} out of range ({moves} moves)")]
    IndexOutOfRange { index: usize, moves: usize },
    /// A move the engine reads that is not in the legal list.
    #[error("{text:?} is not a legal move here")]
    NotLegalHere { text: String },
    /// Own moves per role asked of an RBG or SBG state.
    #[error("own moves per role are for GDL games; here one player moves at a time")]
    NotSimultaneous,
    #[error("the joint move `{text}` has not one move per role")]
    NotOneMovePerRole { text: String },
    #[error("{given} own moves given but the game has {roles} roles")]
    RoleCount { given: usize, roles: usize },
}

/// Python sees every engine error as `GameError` with its message, as when the errors were
/// strings.
impl From<EngineError> for PyErr {
    fn from(e: EngineError) -> PyErr {
        errors::message(e.to_string())
    }
}

/// A game state behind one interface (the Python layer raises its errors).
pub trait Engine: Send {
    fn players(&self) -> Vec<String>;
    fn current_player(&self) -> Option<usize>;
    /// The legal moves as `(id, text)`, kept for [`Engine::apply_index`].
    fn legal(&mut self) -> Result<Vec<(u64, String)>, EngineError>;
    /// The ids of the legal moves (no texts), kept as [`Engine::legal`] keeps its list.
    fn legal_ids(&mut self) -> Result<Vec<u64>, EngineError>;
    /// Applies move `i` of the last [`Engine::legal`] list (computed again if stale).
    fn apply_index(&mut self, i: usize) -> Result<(), EngineError>;
    /// Takes back the last move; false when there is none.
    fn undo(&mut self) -> bool;
    fn scores(&self) -> Vec<i64>;
    fn is_terminal(&mut self) -> bool;
    fn hash(&self) -> u64;
    fn clone_box(&self) -> Box<dyn Engine>;
    fn perft(&mut self, depth: u32) -> Result<u64, EngineError>;
    /// Moves applied since the initial state.
    fn ply(&self) -> usize;
    /// The position text (docs/positions.md).
    fn to_text(&self) -> String;
    /// Replaces the state by a position text; forgets the history.
    fn set_position(&mut self, text: &str) -> Result<(), game::PositionError>;
    /// The index in [`Engine::legal`] of the move a text in notation names.
    fn index_of_text(&mut self, text: &str) -> Result<usize, EngineError>;
    /// The piece on each vertex (RBG piece names) or square (SBG letters, `""` when empty);
    /// empty for GDL.
    fn pieces(&self) -> Vec<String>;
    /// The value of each RBG variable (players' scores first, as `Game.variables`); empty
    /// for SBG and GDL.
    fn variables(&self) -> Vec<i64>;
    /// GDL: each role's own legal moves as terms, in the order of the joint moves (empty
    /// lists at a terminal state); an error for RBG and SBG, where one player moves at a time.
    fn role_moves(&mut self) -> Result<Vec<Vec<String>>, EngineError>;
    /// GDL: applies the joint move made of one own move per role (terms, in role order).
    fn apply_role_moves(&mut self, own: &[String]) -> Result<(), EngineError>;
}

/// What each engine adds to [`GameState`]: move ids, its fastest perft, copying, a text.
pub trait Backend: GameState<Move: Send> + Send + Sized + 'static {
    /// True when [`Backend::fork`] needs the moves played so far.
    const REPLAYS: bool = false;
    /// True when a move is a joint move of every role, written `a | b` by `move_text` (GDL).
    const JOINT: bool = false;
    fn id(&self, mv: &Self::Move, index: usize) -> u64;
    fn checked_legal(&mut self, out: &mut Vec<Self::Move>) -> Result<(), EngineError> {
        self.legal_moves(out);
        Ok(())
    }
    fn checked_apply(&mut self, mv: &Self::Move) -> Result<(), EngineError> {
        self.apply(mv);
        Ok(())
    }
    fn fast_perft(&mut self, depth: u32) -> Result<u64, EngineError> {
        Ok(game::perft::perft(self, depth))
    }
    /// A copy; engines that copy by replay get the position set last (if any) and the moves
    /// since.
    fn fork(&self, origin: Option<&str>, history: &[Self::Move]) -> Self;
    fn pieces(&self) -> Vec<String> {
        Vec::new()
    }
    fn variables(&self) -> Vec<i64> {
        Vec::new()
    }
}

/// A backend with its cached legal moves and (for engines that copy by replay) its history.
pub struct Wrapped<B: Backend> {
    b: B,
    moves: Vec<B::Move>,
    fresh: bool,
    history: Vec<B::Move>,
    ply: usize,
    /// The position text set by `set_position`, for engines that copy by replay.
    origin: Option<String>,
}

impl<B: Backend> Wrapped<B> {
    pub fn new(b: B) -> Wrapped<B> {
        Wrapped {
            b,
            moves: Vec::new(),
            fresh: false,
            history: Vec::new(),
            ply: 0,
            origin: None,
        }
    }

    fn refresh(&mut self) -> Result<(), EngineError> {
        if !self.fresh {
            self.b.checked_legal(&mut self.moves)?;
            self.fresh = true;
        }
        Ok(())
    }
}

impl<B: Backend> Engine for Wrapped<B> {
    fn players(&self) -> Vec<String> {
        self.b.player_names()
    }
    fn current_player(&self) -> Option<usize> {
        self.b.current_player()
    }
    fn legal(&mut self) -> Result<Vec<(u64, String)>, EngineError> {
        self.refresh()?;
        let out: Vec<(u64, String)> = self
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| (self.b.id(m, i), self.b.move_to_text(m)))
            .collect();
        Ok(out)
    }
    fn legal_ids(&mut self) -> Result<Vec<u64>, EngineError> {
        self.refresh()?;
        Ok(self
            .moves
            .iter()
            .enumerate()
            .map(|(i, m)| self.b.id(m, i))
            .collect())
    }
    fn apply_index(&mut self, i: usize) -> Result<(), EngineError> {
        self.refresh()?;
        let mv = self
            .moves
            .get(i)
            .ok_or(EngineError::IndexOutOfRange {
                index: i,
                moves: self.moves.len(),
            })?
            .clone();
        self.fresh = false;
        self.ply += 1;
        if B::REPLAYS {
            self.history.push(mv.clone());
        }
        self.b.checked_apply(&mv)
    }
    fn undo(&mut self) -> bool {
        if self.ply == 0 {
            return false;
        }
        self.b.undo();
        self.ply -= 1;
        self.history.pop();
        self.fresh = false;
        true
    }
    fn scores(&self) -> Vec<i64> {
        self.b.scores()
    }
    fn is_terminal(&mut self) -> bool {
        match self.refresh() {
            Ok(()) => self.moves.is_empty(),
            Err(_) => true,
        }
    }
    fn hash(&self) -> u64 {
        self.b.state_hash()
    }
    fn clone_box(&self) -> Box<dyn Engine> {
        Box::new(Wrapped {
            b: self.b.fork(self.origin.as_deref(), &self.history),
            moves: Vec::new(),
            fresh: false,
            history: self.history.clone(),
            ply: self.ply,
            origin: self.origin.clone(),
        })
    }
    fn perft(&mut self, depth: u32) -> Result<u64, EngineError> {
        self.b.fast_perft(depth)
    }
    fn ply(&self) -> usize {
        self.ply
    }
    fn to_text(&self) -> String {
        self.b.position_text()
    }
    fn set_position(&mut self, text: &str) -> Result<(), game::PositionError> {
        self.b.set_position(text)?;
        self.history.clear();
        self.ply = 0;
        self.fresh = false;
        if B::REPLAYS {
            self.origin = Some(text.to_string());
        }
        Ok(())
    }
    fn index_of_text(&mut self, text: &str) -> Result<usize, EngineError> {
        let mv = self.b.move_from_text(text)?;
        self.refresh()?;
        self.moves
            .iter()
            .position(|m| *m == mv)
            .ok_or_else(|| EngineError::NotLegalHere {
                text: text.to_string(),
            })
    }
    fn pieces(&self) -> Vec<String> {
        self.b.pieces()
    }
    fn variables(&self) -> Vec<i64> {
        self.b.variables()
    }
    fn role_moves(&mut self) -> Result<Vec<Vec<String>>, EngineError> {
        if !B::JOINT {
            return Err(EngineError::NotSimultaneous);
        }
        self.refresh()?;
        let roles = self.b.player_names().len();
        let mut lists: Vec<Vec<String>> = vec![Vec::new(); roles];
        let mut seen: Vec<std::collections::HashSet<String>> = vec![Default::default(); roles];
        for m in &self.moves {
            let text = self.b.move_text(m);
            let parts: Vec<&str> = text.split(" | ").collect();
            if parts.len() != roles {
                return Err(EngineError::NotOneMovePerRole { text });
            }
            for (r, part) in parts.into_iter().enumerate() {
                if seen[r].insert(part.to_string()) {
                    lists[r].push(part.to_string());
                }
            }
        }
        Ok(lists)
    }
    fn apply_role_moves(&mut self, own: &[String]) -> Result<(), EngineError> {
        if !B::JOINT {
            return Err(EngineError::NotSimultaneous);
        }
        let roles = self.b.player_names().len();
        if own.len() != roles {
            return Err(EngineError::RoleCount {
                given: own.len(),
                roles,
            });
        }
        let i = self.index_of_text(&own.join(" | "))?;
        self.apply_index(i)
    }
}

/// Native SBG engine.
impl Backend for sbg::Engine {
    fn id(&self, mv: &sbg::Move, _: usize) -> u64 {
        let squares = (self.width() * self.height()) as u64;
        u64::from(mv.from) * squares + u64::from(mv.to)
    }
    fn fork(&self, _: Option<&str>, _: &[sbg::Move]) -> Self {
        self.clone()
    }
    fn pieces(&self) -> Vec<String> {
        let cells = self.board().cells;
        cells
            .iter()
            .map(|c| c.map_or(String::new(), |p| p.letter().to_string()))
            .collect()
    }
}

/// What an RBG move id is made of (see the module comment): the game's action space
/// (`actions`), or, where its enumeration gives up, the older `V² · M` encoding.
#[derive(Debug)]
pub struct RbgIds {
    /// Enumerated at the first id asked for (arimaa's walk takes 2 s to give up).
    space: std::sync::OnceLock<Option<actions::ActionSpace>>,
    reasoner: Arc<reasoner::Reasoner>,
    vertices: u64,
    modifiers: u64,
    is_switch: Vec<bool>,
    piece_names: Vec<String>,
}

impl RbgIds {
    pub fn new(game: &ir::Game, reasoner: &Arc<reasoner::Reasoner>) -> RbgIds {
        let mut is_switch = vec![false];
        for &id in game.rules.modifiers() {
            let switch = matches!(game.rules.node(id), ir::Node::Action(ir::Action::Switch(_)));
            is_switch.push(switch);
        }
        RbgIds {
            space: std::sync::OnceLock::new(),
            reasoner: Arc::clone(reasoner),
            vertices: game.board.vertices.len() as u64,
            modifiers: is_switch.len() as u64,
            is_switch,
            piece_names: game.pieces.clone(),
        }
    }

    fn space(&self) -> Option<&actions::ActionSpace> {
        let enumerate = || actions::enumerate(&self.reasoner.program(), Default::default()).ok();
        self.space.get_or_init(enumerate).as_ref()
    }

    pub fn count(&self) -> u64 {
        match self.space() {
            Some(space) => space.len() as u64,
            None => self.vertices * self.vertices * self.modifiers,
        }
    }

    pub fn piece_names(&self) -> &[String] {
        &self.piece_names
    }

    pub(crate) fn id(&self, mv: &reasoner::Move) -> u64 {
        let steps = &mv.steps;
        if let Some(space) = self.space() {
            // A legal move outside the space would be an enumeration bug: past every id.
            return space.id(steps).map_or(space.len() as u64, u64::from);
        }
        let Some(&(_, first)) = steps.first() else {
            return 0;
        };
        let is_switch = |m: u32| self.is_switch.get(m as usize).copied().unwrap_or(false);
        let &(m, v) = steps
            .iter()
            .rev()
            .find(|&&(m, _)| !is_switch(m))
            .unwrap_or(&steps[steps.len() - 1]);
        (u64::from(first) * self.vertices + u64::from(v)) * self.modifiers + u64::from(m)
    }
}

/// An RBG state that owns (a share of) its reasoner.
pub struct RbgBackend {
    // Declared first so it is dropped before `reasoner`, which it borrows.
    state: reasoner::State<'static>,
    reasoner: Arc<reasoner::Reasoner>,
    ids: Arc<RbgIds>,
}

impl RbgBackend {
    pub fn new(r: &Arc<reasoner::Reasoner>, ids: &Arc<RbgIds>) -> Result<RbgBackend, EngineError> {
        // SAFETY: the reasoner lives in an `Arc` that this struct keeps (and every fork keeps a
        // clone of), the state is dropped before it (field order), and the `'static` state
        // never leaves this struct.
        let r_static: &'static reasoner::Reasoner = unsafe { &*Arc::as_ptr(r) };
        let state = r_static.initial_state()?;
        Ok(RbgBackend {
            state,
            reasoner: Arc::clone(r),
            ids: Arc::clone(ids),
        })
    }
}

/// `GameState` for a backend that wraps an RBG state (interpreted or compiled) in its field
/// `state`: every call goes to the state.
macro_rules! rbg_state_delegate {
    ($backend:ty) => {
        impl game::GameState for $backend {
            type Move = reasoner::Move;
            fn player_names(&self) -> Vec<String> {
                self.state.player_names()
            }
            fn current_player(&self) -> Option<usize> {
                self.state.current_player()
            }
            fn legal_moves(&mut self, out: &mut Vec<Self::Move>) {
                self.state.legal_moves(out)
            }
            fn apply(&mut self, mv: &Self::Move) {
                game::GameState::apply(&mut self.state, mv)
            }
            fn undo(&mut self) {
                game::GameState::undo(&mut self.state)
            }
            fn scores(&self) -> Vec<i64> {
                self.state.scores()
            }
            fn state_hash(&self) -> u64 {
                self.state.state_hash()
            }
            fn move_text(&self, mv: &Self::Move) -> String {
                self.state.move_text(mv)
            }
            fn move_to_text(&mut self, mv: &Self::Move) -> String {
                self.state.move_to_text(mv)
            }
            fn move_from_text(&mut self, text: &str) -> Result<Self::Move, game::MoveError> {
                self.state.move_from_text(text)
            }
            fn position_text(&self) -> String {
                self.state.position_text()
            }
            fn set_position(&mut self, text: &str) -> Result<(), game::PositionError> {
                self.state.set_position(text)
            }
        }
    };
}
pub(crate) use rbg_state_delegate;

rbg_state_delegate!(RbgBackend);

impl Backend for RbgBackend {
    fn id(&self, mv: &reasoner::Move, _: usize) -> u64 {
        self.ids.id(mv)
    }
    fn checked_legal(&mut self, out: &mut Vec<reasoner::Move>) -> Result<(), EngineError> {
        *out = self.state.legal_moves_checked()?;
        Ok(())
    }
    fn checked_apply(&mut self, mv: &reasoner::Move) -> Result<(), EngineError> {
        Ok(self.state.try_apply(mv)?)
    }
    fn fast_perft(&mut self, depth: u32) -> Result<u64, EngineError> {
        Ok(reasoner::perft(&mut self.state, depth)?.leaves)
    }
    fn fork(&self, _: Option<&str>, _: &[reasoner::Move]) -> Self {
        RbgBackend {
            state: self.state.clone(),
            reasoner: Arc::clone(&self.reasoner),
            ids: Arc::clone(&self.ids),
        }
    }
    fn pieces(&self) -> Vec<String> {
        let names = &self.ids.piece_names;
        let name = |p: u16| names.get(usize::from(p)).cloned().unwrap_or_default();
        self.state.pieces().into_iter().map(name).collect()
    }
    fn variables(&self) -> Vec<i64> {
        let n = self.reasoner.program().bounds().len();
        (0..n).map(|i| self.state.variable(i)).collect()
    }
}

/// A GDL engine with its description, to copy a state by replaying its moves.
pub struct GdlBackend {
    engine: gdl::Engine,
    desc: Arc<gdl::Description>,
}

impl GdlBackend {
    pub fn new(desc: &Arc<gdl::Description>) -> Result<GdlBackend, EngineError> {
        let engine = gdl::Engine::new(desc)?;
        Ok(GdlBackend {
            engine,
            desc: Arc::clone(desc),
        })
    }
}

impl GameState for GdlBackend {
    type Move = gdl::JointMove;
    fn player_names(&self) -> Vec<String> {
        self.engine.player_names()
    }
    fn current_player(&self) -> Option<usize> {
        self.engine.current_player()
    }
    fn legal_moves(&mut self, out: &mut Vec<Self::Move>) {
        self.engine.legal_moves(out)
    }
    fn apply(&mut self, mv: &Self::Move) {
        self.engine.apply(mv)
    }
    fn undo(&mut self) {
        self.engine.undo()
    }
    fn scores(&self) -> Vec<i64> {
        self.engine.scores()
    }
    fn state_hash(&self) -> u64 {
        self.engine.state_hash()
    }
    fn move_text(&self, mv: &Self::Move) -> String {
        self.engine.move_text(mv)
    }
    fn move_to_text(&mut self, mv: &Self::Move) -> String {
        self.engine.move_to_text(mv)
    }
    fn move_from_text(&mut self, text: &str) -> Result<Self::Move, game::MoveError> {
        self.engine.move_from_text(text)
    }
    fn position_text(&self) -> String {
        self.engine.position_text()
    }
    fn set_position(&mut self, text: &str) -> Result<(), game::PositionError> {
        self.engine.set_position(text)
    }
    fn simultaneous_moves(&mut self) -> Option<Vec<usize>> {
        self.engine.simultaneous_moves()
    }
    fn own_move_text(&mut self, role: usize, index: usize) -> Option<String> {
        self.engine.own_move_text(role, index)
    }
    fn joint_move(&mut self, choices: &[usize]) -> Option<Self::Move> {
        self.engine.joint_move(choices)
    }
}

impl Backend for GdlBackend {
    const REPLAYS: bool = true;
    const JOINT: bool = true;
    fn id(&self, _: &gdl::JointMove, index: usize) -> u64 {
        index as u64
    }
    fn fork(&self, origin: Option<&str>, history: &[gdl::JointMove]) -> Self {
        // Built from this description and set to this text once before: cannot fail now.
        let mut engine = gdl::Engine::new(&self.desc).expect("built once before");
        if let Some(text) = origin {
            engine.set_position(text).expect("set once before");
        }
        for mv in history {
            engine.apply(mv);
        }
        GdlBackend {
            engine,
            desc: Arc::clone(&self.desc),
        }
    }
}
