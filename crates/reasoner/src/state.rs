//! The game state: pieces per vertex, variables, piece counts, current player, rules state
//! and position, with an undo stack so moves are applied and taken back without copies.
//! Keeper moves are applied inside [`Core::apply_steps`]'s caller, so a caller only ever sees
//! states where a real player moves or the game is over.

use crate::error::GameError;
use crate::patterns::PatternMemo;
use crate::program::{Op, Program};
use crate::sinks::{CappedBuf, CountSink, Flow, MoveBuf};
use crate::{Options, Reasoner, FIRST_MODE_CHECKS};
use compiled_runtime::semantics;
use ir::SpanTable;

/// One entry of the undo stack.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Undo {
    Piece(u32, u16),
    Var(u32, i64),
    /// Start of a move: who was to move, the rules state and the position before it.
    Frame {
        player: u32,
        rules: u32,
        pos: u32,
    },
}

/// Everything mutable, plus the search scratch space.
#[derive(Clone)]
pub(crate) struct Core<'r> {
    pub prog: &'r Program,
    pub opts: Options,
    pub spans: &'r SpanTable,
    pub pieces: Vec<u16>,
    /// Piece sets: bit `v` of `pbits[p * words..][..words]` is set
    /// when vertex `v` holds piece `p`. Walked in vertex order, so the order in which moves
    /// are found depends on the position only, not on how it was reached.
    pub pbits: Vec<u64>,
    pub words: usize,
    pub counts: Vec<u32>,
    pub vars: Vec<i64>,
    /// `prog.nplayers` is the keeper.
    pub player: u32,
    pub rules: u32,
    pub pos: u32,
    pub undo: Vec<Undo>,
    pub frames: usize,
    // Search scratch.
    pub stack: Vec<(u32, u32)>,
    /// Visited stamps of every level depth, `n_checked * nvertices` each.
    pub vis: Vec<u32>,
    pub stamps: Vec<u32>,
    pub vis_stride: usize,
    /// Pattern results per level: (level stamp, result) for (pattern class, vertex).
    pub pcache: Vec<(u32, bool)>,
    pub pcache_stride: usize,
    /// Levels below this depth need no limit, cycle or allocation check (see `level`).
    pub fast_depth: usize,
    pub path: Vec<(u32, u32)>,
    pub lvl: Vec<(u32, u32, u64)>,
    /// Pattern evaluations in progress: their work and recorded configurations.
    pub pat: PatternMemo,
    pub err: Option<GameError>,
    /// Modifiers applied by the current move generation (see `Options::search_limit`).
    pub search_work: u64,
    pub keeper_buf: MoveBuf,
    /// `KeeperMode::First`: the first improper keeper choice found, and how many more keeper
    /// choices will be checked.
    pub warning: Option<GameError>,
    pub first_checks_left: u32,
}

impl<'r> Core<'r> {
    pub(crate) fn new(r: &'r Reasoner) -> Core<'r> {
        let prog = &r.prog;
        let nv = prog.nvertices;
        let words = nv.div_ceil(64);
        let mut counts = vec![0u32; prog.npieces];
        let mut pbits = vec![0u64; prog.npieces * words];
        for (v, &p) in prog.initial.iter().enumerate() {
            let p = p as usize;
            pbits[p * words + v / 64] |= 1 << (v % 64);
            counts[p] += 1;
        }
        Core {
            prog,
            opts: r.opts,
            spans: &r.spans,
            pieces: prog.initial.clone(),
            pbits,
            words,
            counts,
            vars: vec![0; prog.bounds.len()],
            player: prog.nplayers,
            rules: 0,
            pos: 0,
            undo: Vec::new(),
            frames: 0,
            stack: Vec::new(),
            vis: Vec::new(),
            stamps: vec![0; r.opts.modifier_limit + 2],
            vis_stride: prog.n_checked * prog.nvertices,
            pcache: Vec::new(),
            pcache_stride: prog.npattern_classes * prog.nvertices,
            fast_depth: 0,
            path: Vec::new(),
            lvl: Vec::new(),
            pat: PatternMemo::default(),
            err: None,
            search_work: 0,
            keeper_buf: MoveBuf::default(),
            warning: None,
            first_checks_left: FIRST_MODE_CHECKS,
        }
    }

    /// Copies the game state (not the scratch space) from `other`.
    pub(crate) fn restore_from(&mut self, other: &Core<'_>) {
        self.pieces.copy_from_slice(&other.pieces);
        self.counts.copy_from_slice(&other.counts);
        self.pbits.copy_from_slice(&other.pbits);
        self.vars.copy_from_slice(&other.vars);
        self.player = other.player;
        self.rules = other.rules;
        self.pos = other.pos;
        self.undo.clear();
        self.frames = 0;
    }

    #[inline(always)]
    pub(crate) fn set_piece(&mut self, v: u32, p: u16) {
        let v = v as usize;
        let old = std::mem::replace(&mut self.pieces[v], p);
        if old == p {
            return;
        }
        let (o, n) = (old as usize, p as usize);
        assert!(n < self.counts.len());
        let (i, bit) = (v / 64, 1u64 << (v % 64));
        let w = self.words;
        // SAFETY: o and n are piece ids (`pieces` only ever holds ids, n checked above) and
        // v < nvertices (`pieces[v]` did not panic), so both words are inside `pbits`
        // (npieces * words entries) and both counts inside `counts`.
        unsafe {
            *self.counts.get_unchecked_mut(o) -= 1;
            *self.counts.get_unchecked_mut(n) += 1;
            *self.pbits.get_unchecked_mut(o * w + i) &= !bit;
            *self.pbits.get_unchecked_mut(n * w + i) |= bit;
        }
    }

    pub(crate) fn take_err(&mut self) -> GameError {
        self.err.take().expect("Flow::Err stores an error")
    }

    /// All moves of the player to move (the keeper's at a keeper state) into `buf`.
    pub(crate) fn gen_moves(&mut self, buf: &mut MoveBuf) -> Result<(), GameError> {
        buf.clear();
        match self.root_level(self.rules, self.pos, buf) {
            Flow::Err => Err(self.take_err()),
            _ => Ok(()),
        }
    }

    /// Like `gen_moves`, stopping once `buf` holds more than `max` moves.
    pub(crate) fn gen_moves_capped(
        &mut self,
        buf: &mut MoveBuf,
        max: usize,
    ) -> Result<(), GameError> {
        buf.clear();
        let mut sink = CappedBuf { buf, max };
        match self.root_level(self.rules, self.pos, &mut sink) {
            Flow::Err => Err(self.take_err()),
            _ => Ok(()),
        }
    }

    pub(crate) fn count_moves(&mut self) -> Result<u64, GameError> {
        let mut sink = CountSink(0);
        match self.root_level(self.rules, self.pos, &mut sink) {
            Flow::Err => Err(self.take_err()),
            _ => Ok(sink.0),
        }
    }

    /// Applies modifier applications (state, vertex) without any check, pushing undo entries.
    pub(crate) fn apply_raw(&mut self, steps: &[(u32, u32)]) {
        let prog = self.prog;
        for &(j, v) in steps {
            match prog.ops[j as usize] {
                Op::Off { piece, .. } => {
                    self.undo.push(Undo::Piece(v, self.pieces[v as usize]));
                    self.set_piece(v, piece);
                }
                Op::Assign { var, expr, .. } => {
                    let x = crate::arith::eval(&prog.exprs, expr, &self.vars, &self.counts)
                        .unwrap_or(0);
                    self.undo.push(Undo::Var(var, self.vars[var as usize]));
                    self.vars[var as usize] = x;
                }
                Op::Switch { player, .. } => {
                    self.player = player;
                    self.rules = j;
                    self.pos = v;
                }
                _ => {}
            }
        }
    }

    /// Applies a player's move and completes the keeper's moves. On error the state is left
    /// as it is (undo with [`Core::undo_move`]).
    pub(crate) fn apply_move(&mut self, steps: &[(u32, u32)]) -> Result<(), GameError> {
        self.undo.push(self.frame());
        self.frames += 1;
        self.apply_raw(steps);
        self.complete_keeper()
    }

    /// Takes back the last move (with its keeper completion).
    pub(crate) fn undo_move(&mut self) {
        while let Some(u) = self.undo.pop() {
            match u {
                Undo::Piece(v, p) => self.set_piece(v, p),
                Undo::Var(x, val) => self.vars[x as usize] = val,
                Undo::Frame { player, rules, pos } => {
                    self.player = player;
                    self.rules = rules;
                    self.pos = pos;
                    self.frames -= 1;
                    return;
                }
            }
        }
        panic!("undo without a move to take back");
    }

    /// Hash of pieces and variables (the compiled library's, `compiled_runtime::semantics`).
    pub(crate) fn semi_hash(&self) -> u64 {
        semantics::semi_hash(
            self.pieces.iter().map(|&p| p as u64),
            self.vars.iter().copied(),
        )
    }

    /// Hash of the whole game state.
    pub(crate) fn full_hash(&self) -> u64 {
        semantics::full_hash(self.semi_hash(), self.player, self.rules, self.pos)
    }
}
