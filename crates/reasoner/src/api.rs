//! The reasoner's public handles: a compiled game ([`Reasoner`]), a game in progress
//! ([`State`], which implements `game::GameState`) and a [`Move`].

use crate::program::Program;
use crate::sinks::{AnySink, Flow, MoveBuf};
use crate::state::Core;
use crate::*;
use std::cell::RefCell;

/// A compiled game.
#[derive(Clone, Debug)]
pub struct Reasoner {
    pub(crate) prog: Program,
    pub(crate) opts: Options,
    pub(crate) spans: ir::SpanTable,
    pub(crate) players: Vec<String>,
    pub(crate) vertices: Vec<String>,
    pub(crate) pieces: Vec<String>,
    pub(crate) variables: Vec<String>,
    pub(crate) modifier_text: Vec<String>,
    pub(crate) names: GameNames,
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
