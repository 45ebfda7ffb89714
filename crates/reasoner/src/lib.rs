//! The RBG reasoner: takes a validated `ir::Game`, returns game states that generate legal
//! moves, apply and undo them, and run perft and flat Monte-Carlo playouts.
//!
//! Data flow: `ir::Game → compile (NFA + tables) → Reasoner → State (movegen, keeper, undo)`.
//!
//! * `program`: the compiled program the move generator runs (actions, successor lists,
//!   tables); `compile` builds it: rules and patterns → ε-free NFA over indexed actions, shift
//!   region tables, board arrays; `follow`: its Glushkov follow sets, refused past
//!   `Options::follow_limit` ([`FOLLOW_LIMIT`]) with [`CompileError::AutomatonLimit`].
//! * `movegen`: the paper's Algorithm 1 (DFS per modifier sequence), reporting to `sinks`;
//!   `chains`: straight pattern bodies walked without a search.
//! * `state`: semi-state, apply/undo, keeper completion and its checks; `keeper`: keeper
//!   states that cannot branch, whose completion skips the check.
//! * [`mod@perft`] and [`mod@bench`]: the fast perft and flat Monte-Carlo loops.
//! * [`view`]: a read-only public view of the compiled automaton (for the compiled engine).
//! * [`names`], [`notation`], [`position`]: moves and positions as text (docs/positions.md),
//!   written against [`GameNames`] and [`Move`] only, so other engines with the same moves
//!   can use them.
//!
//! Semantics beyond the paper (DESIGN.md §3), all reported as [`GameError`] values, never
//! panics or hangs:
//! * arithmetic is checked `i64`: division by zero and overflow make the action invalid;
//! * a search nesting more than `Options::modifier_limit` (1024) modifier applications and
//!   pattern evaluations fails with `ModifierLimit`; below it, a level whose entry (rules state,
//!   vertex, semi-state) repeats an ancestor's fails with `UnboundedCycle` (the reference hangs on
//!   such games) — inside a pattern such a level is pruned instead, which cannot change the
//!   pattern's truth value;
//! * a pattern is a reachability question: inside one evaluation a level entered again with the
//!   same (rules state, vertex, semi-state) is pruned (`patterns`), and an evaluation doing more
//!   than `Options::pattern_limit` work fails with `PatternLimit`;
//! * one move generation applying more than `Options::search_limit` modifiers outside patterns
//!   fails with `SearchLimit` (every order of a star over modifiers is a distinct move prefix);
//! * the keeper applies the first move found; with [`KeeperMode::Check`] (default) the first
//!   keeper state of each keeper phase that offers several moves has the completions of up to
//!   five of them compared, and different results fail with `ImproperKeeper` (its
//!   [`KeeperConflict`] says where and how; [`Reasoner::explain`] words it); with
//!   [`KeeperMode::First`] (the reference engines' behaviour) the first
//!   [`FIRST_MODE_CHECKS`] keeper phases are still checked, but a finding becomes a warning
//!   ([`State::keeper_warning`]) and checking stops; more than `Options::keeper_limit` keeper
//!   moves in a row fail with `KeeperLoop`.
//!
//! ```text
//! let reasoner = Reasoner::new(&game)?;
//! let mut state = reasoner.initial_state()?;      // keeper moves already applied
//! let moves = state.legal_moves_checked()?;       // Vec<Move>
//! state.try_apply(&moves[0])?; state.undo();
//! let counts = reasoner::perft(&mut state, 4)?;   // PerftCounts { leaves, nodes }
//! ```

mod arith;
pub mod bench;
mod chains;
mod compile;
mod error;
mod follow;
mod hot;
mod keeper;
mod movegen;
pub mod names;
pub mod notation;
mod patterns;
pub mod perft;
pub mod position;
mod program;
mod regions;
mod sinks;
mod state;
pub mod view;

pub use bench::{flat_mc, flat_mc_from, random_playout, BenchReport, Budget};
pub use error::{CompileError, GameError, KeeperConflict};
pub use follow::FOLLOW_LIMIT;
pub use names::GameNames;
pub use perft::{
    perft, perft_by_depth, perft_by_depth_with, perft_parallel, perft_with, LastLevel, PerftCounts,
};
pub use position::Snapshot;

use program::Program;
use sinks::{AnySink, Flow, MoveBuf};
use state::Core;
use std::cell::RefCell;

/// Limits and checks of the reasoner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Maximum nesting of modifier applications and pattern evaluations in one search
    /// (a k-straight game needs about k plus its pattern depth).
    pub modifier_limit: usize,
    /// Maximum work (actions taken, levels entered, semi-state words recorded) of one
    /// outermost pattern evaluation, nested patterns included (see `patterns`).
    pub pattern_limit: u64,
    /// Maximum modifiers applied by one move generation outside patterns (levels entered,
    /// final modifiers reported): bounds the time and the moves listed.
    pub search_limit: u64,
    /// Maximum keeper moves in a row.
    pub keeper_limit: usize,
    /// What to do where the keeper has several moves (see [`KeeperMode`]).
    pub keeper: KeeperMode,
    /// Tabulate shift regions (see `compile`); off, shifts are walked one by one at run time.
    /// Only useful to test that both paths agree.
    pub region_tables: bool,
    /// Maximum entries of the automaton's follow sets (see [`FOLLOW_LIMIT`]): stars over many
    /// actions make them quadratic, and a compile past it fails with
    /// [`CompileError::AutomatonLimit`] naming the rule.
    pub follow_limit: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            modifier_limit: 1024,
            pattern_limit: compiled_runtime::semantics::DEFAULT_PATTERN_LIMIT,
            search_limit: 1 << 25,
            keeper_limit: 100_000,
            keeper: KeeperMode::Check,
            region_tables: true,
            follow_limit: FOLLOW_LIMIT,
        }
    }
}

/// The keeper's policy where it has several moves. Both apply the first move found; they
/// differ in what an improper description (the choice matters) costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum KeeperMode {
    /// Detect improper keepers: at the first keeper state of each keeper phase that has several
    /// moves, the completions of up to five of them must reach the same game state, or the
    /// search fails with [`GameError::ImproperKeeper`].
    #[default]
    Check,
    /// The reference engines' behaviour: take the first keeper move. The first
    /// [`FIRST_MODE_CHECKS`] keeper phases a state runs are still checked as in `Check` (so the
    /// cost stays bounded), and the first finding is kept as a warning instead of failing.
    First,
}

/// Keeper phases checked in [`KeeperMode::First`] per state (and the states cloned from it);
/// the compiled library checks as many (both read `compiled_runtime::semantics`).
pub use compiled_runtime::semantics::FIRST_MODE_CHECKS;

/// A compiled game.
#[derive(Clone, Debug)]
pub struct Reasoner {
    prog: Program,
    opts: Options,
    spans: ir::SpanTable,
    players: Vec<String>,
    vertices: Vec<String>,
    pieces: Vec<String>,
    variables: Vec<String>,
    modifier_text: Vec<String>,
    names: GameNames,
}

impl Reasoner {
    pub fn new(game: &ir::Game) -> Result<Reasoner, CompileError> {
        Self::with_options(game, Options::default())
    }

    pub fn with_options(game: &ir::Game, opts: Options) -> Result<Reasoner, CompileError> {
        let prog = compile::compile(game, &opts)?;
        let mut modifier_text = vec![String::new()];
        for &id in game.rules.modifiers() {
            let text = match game.rules.node(id) {
                ir::Node::Action(ir::Action::Off(p)) => format!("[{}]", game.piece_name(*p)),
                ir::Node::Action(ir::Action::Assign { var, .. }) => {
                    format!("[${}]", game.variable_name(*var))
                }
                ir::Node::Action(ir::Action::Switch(ir::SwitchTarget::Player(p))) => {
                    format!("->{}", game.player_name(*p))
                }
                _ => "->>".to_string(),
            };
            modifier_text.push(text);
        }
        Ok(Reasoner {
            prog,
            opts,
            spans: game.spans.clone(),
            players: game.players.clone(),
            vertices: game.board.vertices.clone(),
            pieces: game.pieces.clone(),
            variables: game.variables.iter().map(|v| v.name.clone()).collect(),
            modifier_text,
            names: GameNames::new(game),
        })
    }

    pub fn options(&self) -> Options {
        self.opts
    }

    /// Options for states created from now on (`region_tables` only matters at construction).
    pub fn set_options(&mut self, opts: Options) {
        self.opts = opts;
    }

    /// The initial state after the keeper's opening moves.
    pub fn initial_state(&self) -> Result<State<'_>, GameError> {
        let mut s = self.raw_state();
        s.core.get_mut().complete_keeper()?;
        Ok(s)
    }

    /// The initial semi-state exactly as declared: keeper to move at the start of the rules,
    /// no keeper move applied. Its `legal_moves_checked` lists the keeper's moves.
    pub fn raw_state(&self) -> State<'_> {
        State {
            r: self,
            core: RefCell::new(Core::new(self)),
            fault: None,
            first_error: None,
            buf: MoveBuf::default(),
            notation: None,
        }
    }

    pub fn player_names(&self) -> &[String] {
        &self.players
    }

    /// The improper-keeper finding of a [`GameError::ImproperKeeper`] in words: the position
    /// (what differs from the initial one), the two keeper moves and how their completions
    /// differ. Empty for other errors.
    pub fn explain(&self, e: &GameError) -> Vec<String> {
        match e {
            // Engines that do not record the completions (the compiled one) leave it empty.
            GameError::ImproperKeeper { conflict, .. } if conflict.moves[0].is_empty() => vec![
                "this engine does not record the keeper's choices: `--engine interpreted` \
                 shows the position and the two completions that differ"
                    .into(),
            ],
            GameError::ImproperKeeper { conflict, .. } => error::explain_conflict(
                conflict,
                &error::Names {
                    pieces: &self.pieces,
                    variables: &self.variables,
                    vertices: &self.vertices,
                    modifiers: &self.modifier_text,
                    players: &self.players,
                },
            ),
            _ => Vec::new(),
        }
    }

    /// Names for move notation and position text.
    pub fn names(&self) -> &GameNames {
        &self.names
    }

    /// Strong straightness of the rules, when finite.
    pub fn strong_straightness(&self) -> Option<u64> {
        self.prog.straightness
    }
}

/// A move: the modifier applications `(modifier index, vertex)` in order, ending with the
/// switch. Vertices are indices into `Board::vertices`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    pub steps: Box<[(u32, u32)]>,
}

/// A game in progress. Implements `game::GameState`; errors found while generating moves or
/// completing the keeper make `legal_moves` return nothing and are available from
/// [`State::error`] (or use the `_checked`/`try_` methods).
pub struct State<'r> {
    r: &'r Reasoner,
    core: RefCell<Core<'r>>,
    /// An error from the keeper completion of a move, with the number of moves applied then.
    fault: Option<(usize, GameError)>,
    /// The first error met by `GameState::legal_moves` or `apply`, kept across undo (callers
    /// of the trait, which has no error channel, check it at the end: see
    /// [`State::first_error`]).
    first_error: Option<GameError>,
    buf: MoveBuf,
    /// The legal moves of this state with their notation, once asked for; cleared by every
    /// change of state.
    notation: Option<Notated>,
}

/// The legal moves of a state, their notation, and the move of each text.
struct Notated {
    moves: Vec<Move>,
    texts: Vec<String>,
    index: std::collections::HashMap<String, usize>,
    by_move: std::collections::HashMap<Move, usize>,
}

impl Clone for State<'_> {
    fn clone(&self) -> Self {
        State {
            r: self.r,
            core: RefCell::new(self.core.borrow().clone()),
            fault: self.fault.clone(),
            first_error: self.first_error.clone(),
            buf: MoveBuf::default(),
            notation: None,
        }
    }
}

impl<'r> State<'r> {
    pub fn reasoner(&self) -> &'r Reasoner {
        self.r
    }

    pub(crate) fn core(&mut self) -> &mut Core<'r> {
        self.core.get_mut()
    }

    /// In [`KeeperMode::First`]: the first improper keeper choice met (by this state or the
    /// state it was cloned from), which did not stop the search.
    pub fn keeper_warning(&self) -> Option<GameError> {
        self.core.borrow().warning.clone()
    }

    /// The error that stopped this state, if any.
    pub fn error(&self) -> Option<&GameError> {
        self.fault.as_ref().map(|(_, e)| e)
    }

    /// The first error that `game::GameState::legal_moves` or `apply` met on this state
    /// (and the states cloned from it), even if undo has taken the move back since: those
    /// report an error as "no legal move", so a caller driving the state through the trait
    /// (a match, a playout) checks this afterwards.
    pub fn first_error(&self) -> Option<&GameError> {
        self.first_error.as_ref()
    }

    fn to_move(&self, steps: &[(u32, u32)]) -> Move {
        let prog = &self.r.prog;
        Move {
            steps: steps
                .iter()
                .map(|&(j, v)| (prog.modifier_of(j), v))
                .collect(),
        }
    }

    fn steps_of(&self, mv: &Move) -> Vec<(u32, u32)> {
        let prog = &self.r.prog;
        // Checked here so the unchecked hot loop never sees a vertex out of range.
        mv.steps
            .iter()
            .map(|&(m, v)| {
                assert!((v as usize) < prog.nvertices, "vertex {v} out of range");
                let j = prog.mod_state[m as usize];
                assert!(j != program::NONE, "modifier {m} unknown");
                (j, v)
            })
            .collect()
    }

    /// All legal moves, or the error that prevents computing them.
    pub fn legal_moves_checked(&mut self) -> Result<Vec<Move>, GameError> {
        if let Some((_, e)) = &self.fault {
            return Err(e.clone());
        }
        let mut buf = std::mem::take(&mut self.buf);
        let r = self.core.get_mut().gen_moves(&mut buf);
        let out = (0..buf.len()).map(|i| self.to_move(buf.get(i))).collect();
        self.buf = buf;
        r.map(|()| out)
    }

    /// At most `max` legal moves (the first ones found, in the order of
    /// [`State::legal_moves_checked`]) and whether they are all of them. The search stops
    /// after `max + 1` moves, so its work is bounded by `max`, not by the number of moves.
    pub fn legal_moves_at_most(&mut self, max: usize) -> Result<(Vec<Move>, bool), GameError> {
        if let Some((_, e)) = &self.fault {
            return Err(e.clone());
        }
        let mut buf = std::mem::take(&mut self.buf);
        let r = self.core.get_mut().gen_moves_capped(&mut buf, max);
        let all = buf.len() <= max;
        let out = (0..buf.len().min(max))
            .map(|i| self.to_move(buf.get(i)))
            .collect();
        self.buf = buf;
        r.map(|()| (out, all))
    }

    /// Number of legal moves.
    pub fn count_moves(&mut self) -> Result<u64, GameError> {
        if let Some((_, e)) = &self.fault {
            return Err(e.clone());
        }
        self.core.get_mut().count_moves()
    }

    /// Applies a legal move and the keeper's completion. On error the move stays applied
    /// (take it back with `undo`) and the state reports no moves.
    pub fn try_apply(&mut self, mv: &Move) -> Result<(), GameError> {
        self.notation = None;
        let steps = self.steps_of(mv);
        let core = self.core.get_mut();
        match core.apply_move(&steps) {
            Ok(()) => Ok(()),
            Err(e) => {
                if self.fault.is_none() {
                    self.fault = Some((core.frames, e.clone()));
                }
                Err(e)
            }
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        self.notation = None;
        let core = self.core.get_mut();
        core.undo_move();
        if matches!(&self.fault, Some((n, _)) if *n > core.frames) {
            self.fault = None;
        }
    }

    /// The player to move (index into the players), `None` when the keeper is to move (only
    /// in a raw state or when the keeper is stuck, i.e. the game is over).
    pub fn player_to_move(&self) -> Option<usize> {
        let c = self.core.borrow();
        (c.player < c.prog.nplayers).then_some(c.player as usize)
    }

    /// Value of variable `i` (players' scores first).
    pub fn variable(&self, i: usize) -> i64 {
        self.core.borrow().vars[i]
    }

    /// The piece on each vertex.
    pub fn pieces(&self) -> Vec<u16> {
        self.core.borrow().pieces.clone()
    }

    /// The current position and rules state (NFA state id).
    pub fn position(&self) -> (u32, u32) {
        let c = self.core.borrow();
        (c.pos, c.rules)
    }

    /// The state as a [`Snapshot`] (for [`position`]).
    pub fn snapshot(&self) -> Snapshot {
        let c = self.core.borrow();
        Snapshot {
            pieces: c.pieces.clone(),
            variables: c.vars.clone(),
            player: c.player,
            rules: (c.rules != 0).then(|| (c.prog.modifier_of(c.rules), c.pos)),
        }
    }

    /// Makes `s` the state and completes the keeper's moves from it; forgets the history.
    /// On error the state is unchanged. `s` must be valid for the game (as
    /// [`position::parse`] returns it, with a reachable switch).
    pub fn load_snapshot(&mut self, s: &Snapshot) -> Result<(), GameError> {
        let prog = &self.r.prog;
        let mut core = Core::new(self.r);
        for (v, &p) in s.pieces.iter().enumerate() {
            core.set_piece(v as u32, p);
        }
        core.vars.copy_from_slice(&s.variables);
        core.player = s.player;
        (core.rules, core.pos) = match s.rules {
            None => (0, 0),
            Some((m, v)) => (prog.mod_state[m as usize], v),
        };
        core.complete_keeper()?;
        *self.core.get_mut() = core;
        self.fault = None;
        self.notation = None;
        Ok(())
    }

    /// The legal moves and their notation (cached until the state changes); no moves when
    /// an error stops the state.
    pub fn notated_moves(&mut self) -> (&[Move], &[String]) {
        let n = self.notated();
        (&n.moves, &n.texts)
    }

    fn notated(&mut self) -> &Notated {
        if self.notation.is_none() {
            // An error (a search limit) leaves no moves; keep it for `first_error`, as
            // `legal_moves` does, so a caller replaying moves can tell why.
            let moves = match self.legal_moves_checked() {
                Ok(moves) => moves,
                Err(e) => {
                    self.first_error.get_or_insert(e);
                    Vec::new()
                }
            };
            let texts = notation::move_texts(&self.r.names, &moves);
            let index = texts
                .iter()
                .enumerate()
                .map(|(i, t)| (t.clone(), i))
                .collect();
            let by_move = moves
                .iter()
                .enumerate()
                .map(|(i, m)| (m.clone(), i))
                .collect();
            self.notation = Some(Notated {
                moves,
                texts,
                index,
                by_move,
            });
        }
        self.notation.as_ref().expect("just filled")
    }

    fn has_move(&self) -> bool {
        if self.fault.is_some() {
            return false;
        }
        let mut c = self.core.borrow_mut();
        let mut sink = AnySink(false);
        let (q, v) = (c.rules, c.pos);
        let f = c.root_level(q, v, &mut sink);
        if f == Flow::Err {
            c.err = None;
            return false;
        }
        sink.0
    }
}

impl game::GameState for State<'_> {
    type Move = Move;

    fn player_names(&self) -> Vec<String> {
        self.r.players.clone()
    }

    fn current_player(&self) -> Option<usize> {
        let p = self.player_to_move()?;
        self.has_move().then_some(p)
    }

    fn legal_moves(&mut self, out: &mut Vec<Move>) {
        out.clear();
        match self.legal_moves_checked() {
            Ok(moves) => *out = moves,
            Err(e) => {
                self.first_error.get_or_insert_with(|| e.clone());
                if self.fault.is_none() {
                    let frames = self.core.get_mut().frames;
                    self.fault = Some((frames, e));
                }
            }
        }
    }

    fn apply(&mut self, mv: &Move) {
        if let Err(e) = self.try_apply(mv) {
            self.first_error.get_or_insert(e);
        }
    }

    fn undo(&mut self) {
        State::undo(self)
    }

    fn scores(&self) -> Vec<i64> {
        let c = self.core.borrow();
        c.vars[..c.prog.nplayers as usize].to_vec()
    }

    fn state_hash(&self) -> u64 {
        self.core.borrow().full_hash()
    }

    fn move_to_text(&mut self, mv: &Move) -> String {
        let n = self.notated();
        match n.by_move.get(mv) {
            Some(&i) => n.texts[i].clone(),
            None => self.move_text(mv),
        }
    }

    fn move_from_text(&mut self, text: &str) -> Result<Move, game::MoveError> {
        let r = self.r;
        let n = self.notated();
        let wanted = notation::canonical_words(&r.names, text);
        match n.index.get(&wanted) {
            Some(&i) => Ok(n.moves[i].clone()),
            None => notation::move_from_text(&r.names, &n.moves, &n.texts, text),
        }
    }

    fn position_text(&self) -> String {
        position::print(&self.r.names, &self.snapshot())
    }

    fn set_position(&mut self, text: &str) -> Result<(), game::PositionError> {
        let snapshot = position::parse(&self.r.names, text)?;
        if let Some((m, _)) = snapshot.rules {
            if self.r.prog.mod_state[m as usize] == program::NONE {
                return Err(game::PositionError::new(
                    format!("the rules can never reach switch {m}"),
                    0..text.trim_end().len(),
                    "this position",
                ));
            }
        }
        self.load_snapshot(&snapshot).map_err(|e| {
            game::PositionError::new(
                format!("the keeper cannot continue from this position: {e}"),
                0..text.trim_end().len(),
                "this position",
            )
        })
    }

    fn move_text(&self, mv: &Move) -> String {
        let mut s = String::new();
        for (i, &(m, v)) in mv.steps.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let vertex = self.r.vertices.get(v as usize).map_or("?", String::as_str);
            let text = self
                .r
                .modifier_text
                .get(m as usize)
                .map_or("?", String::as_str);
            s.push_str(&format!("{vertex}:{text}"));
        }
        s
    }
}
