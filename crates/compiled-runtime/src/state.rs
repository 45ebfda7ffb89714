//! A game state of the library and its basic operations: pieces with their counts and piece
//! sets, visited marks, undo, limits and errors, hashes and the random generator.

use super::abi::{ErrorKind, Fault, Limits};
use super::game::{Array, Game, PieceIndex};
use super::moves::MoveBuf;
use super::semantics::{self, CYCLE_CHECK_DEPTH, FIRST_MODE_CHECKS};
use super::sink::{Flow, Sink};
use super::sink::{Mv, Path};

/// A generated game's states' code, over the runtime's [`State`] (`compiled::codegen`
/// documents what each state's code does).
pub trait Rules: Game {
    /// The code of a level's start state `q` and of a pushed state, for moves.
    fn level_entry<S: Sink>(
        c: &mut State<Self>,
        q: u32,
        v: u32,
        d: usize,
        stamp: u32,
        k: &mut S,
    ) -> Flow;
    fn run_state<S: Sink>(
        c: &mut State<Self>,
        q: u32,
        v: u32,
        d: usize,
        stamp: u32,
        k: &mut S,
    ) -> Flow;
    /// The same for pattern bodies: `Stop` once an accepting state is reached.
    fn plevel_entry(c: &mut State<Self>, q: u32, v: u32, d: usize, stamp: u32) -> Flow;
    fn prun_state(c: &mut State<Self>, q: u32, v: u32, d: usize, stamp: u32) -> Flow;
    /// The root level of a move generation from rules state `q` at `v`.
    fn root_level<S: Sink>(c: &mut State<Self>, q: u32, v: u32, k: &mut S) -> Flow;
    /// The keeper's first move from `q` at `v`, taken in place; whether it had one.
    fn keeper_first<const SETS: bool>(c: &mut State<Self>, q: u32, v: u32) -> (Flow, bool);
    /// Whether the keeper has at most one move from rules state `q` in every position (a
    /// static analysis of its rules), so that check mode takes it without listing.
    fn keeper_single(q: u32) -> bool;
    /// Whether the keeper's search from rules state `q` (not single) reaches states from
    /// which it has at most one move, so that a search cut there (`sink::Frontier`) can
    /// show it has no choice in the position at hand.
    fn keeper_frontier(q: u32) -> bool;
    /// How many (frontier state, vertex) pairs the search from `q` at `v` meets, computed
    /// as sets of vertices where the generator could (`codegen::frontier_sets`), else `None`
    /// (the search itself, `sink::Frontier`, answers).
    fn keeper_frontier_hits(c: &State<Self>, q: u32, v: u32) -> Option<u32>;
    /// Assignment modifier `m` at `v` (with undo entries when `LOG`).
    fn apply_assign<const LOG: bool>(c: &mut State<Self>, m: u32, v: u32);
}

/// What a move changed, in order, to be taken back: a piece, a variable, or the frame where
/// the move began (who moved, rules state and vertex before it).
#[derive(Clone, Copy)]
pub enum Undo<P> {
    Piece(u32, P),
    Var(u32, i64),
    Frame(u32, u32, u32),
}

/// A copy of a state's position (pieces with their counts and piece sets, variables, player,
/// rules state and vertex). Restoring a copy, as the reference's perft does, is cheaper than
/// undoing moves: a board is a few hundred bytes, and no undo entries are written. Aligned
/// like `Line`, and the pieces first.
#[repr(C, align(64))]
pub struct Saved<G: Game> {
    pieces: G::Board,
    counts: G::Counts,
    pbits: G::PieceSets,
    vars: G::Vars,
    at: (u32, u32, u32),
}

impl<G: Game> Clone for Saved<G> {
    fn clone(&self) -> Self {
        Saved { ..*self }
    }
}

/// A state's array on a cache line boundary. Placed where the allocator puts it, breakthrough's
/// 64 pieces copied per perft leaf ran at 71-87 M nodes/s when they started 16 or 48 bytes
/// into a line (each 32-byte copy split across two lines) and mostly at 101-133 M at 0 or 32;
/// which one a process got depended on things like the game file's path.
#[derive(Clone, Copy)]
#[repr(C, align(64))]
pub struct Line<T>(T);
impl<T> std::ops::Deref for Line<T> {
    type Target = T;
    #[inline(always)]
    fn deref(&self) -> &T {
        &self.0
    }
}
impl<T> std::ops::DerefMut for Line<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

/// A slice as an aligned boxed array of the same length, written in place on the heap (no
/// board-sized value on the stack).
fn boxed_line<T: Copy, A: Array<T>>(v: &[T]) -> Box<Line<A>> {
    let n = std::mem::size_of::<A>() / std::mem::size_of::<T>().max(1);
    assert_eq!(v.len(), n, "the arrays are built with their length");
    let mut b = Box::<Line<A>>::new_uninit();
    // SAFETY: `Line` is `repr(C)` with the array at offset 0, an array of `n` elements `T`,
    // all of which are written before `assume_init`.
    unsafe {
        std::ptr::copy_nonoverlapping(v.as_ptr(), b.as_mut_ptr() as *mut T, n);
        b.assume_init()
    }
}

impl<G: Game> Saved<G> {
    pub fn new() -> Box<Saved<G>> {
        Box::new(Saved {
            pieces: G::Board::splat(G::Piece::default()),
            counts: G::Counts::splat(0),
            pbits: G::PieceSets::splat(0),
            vars: G::Vars::splat(0),
            at: (0, 0, 0),
        })
    }

    // Whole arrays of fixed length: small boards copy inline, without a call of memcpy each.
    pub fn save(&mut self, st: &State<G>) {
        self.pieces = **st.pieces;
        self.counts = **st.counts;
        self.pbits = **st.pbits;
        self.vars = **st.vars;
        self.at = (st.player, st.rules, st.pos);
    }

    pub fn restore(&self, st: &mut State<G>) {
        self.restore_inline(st);
    }

    /// `restore` inlined, for perft's leaf loop.
    #[inline(always)]
    pub fn restore_inline(&self, st: &mut State<G>) {
        **st.pieces = self.pieces;
        **st.counts = self.counts;
        **st.pbits = self.pbits;
        **st.vars = self.vars;
        (st.player, st.rules, st.pos) = self.at;
    }
}

/// Whether applied perft sums its leaf states (`rbg_perft`'s modes 2 and 3), and how it
/// applies them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum LeafDigest {
    Off,
    /// Leaves applied as perft applies them, a group's shared path once.
    Grouped,
    /// Every leaf applied on its own, from the node's copy.
    Plain,
}

/// One level of perft: its node's moves, the node's position, and the position after a
/// shared path (`LeafVisit`).
pub struct PerftFrame<G: Game> {
    pub(super) buf: MoveBuf,
    pub(super) saved: Box<Saved<G>>,
    pub(super) inner: Box<Saved<G>>,
}
impl<G: Game> Clone for PerftFrame<G> {
    fn clone(&self) -> Self {
        PerftFrame {
            buf: self.buf.clone(),
            saved: self.saved.clone(),
            inner: self.inner.clone(),
        }
    }
}
impl<G: Game> Default for PerftFrame<G> {
    fn default() -> PerftFrame<G> {
        PerftFrame {
            buf: MoveBuf::default(),
            saved: Saved::new(),
            inner: Saved::new(),
        }
    }
}

/// The buffers of the keeper's completions in perft (`State::keeper_after_move`), and the
/// scratch state perft's last level applies its leaves to (`LeafVisit`).
pub struct PerftKeeper<G: Game> {
    pub(super) first: MoveBuf,
    pub(super) buf: MoveBuf,
    pub(super) scratch: Option<Box<State<G>>>,
}
impl<G: Game> Default for PerftKeeper<G> {
    fn default() -> Self {
        PerftKeeper {
            first: MoveBuf::default(),
            buf: MoveBuf::default(),
            scratch: None,
        }
    }
}
/// A copy makes its own scratch state when its perft needs one: cloning a state does not
/// clone a second.
impl<G: Game> Clone for PerftKeeper<G> {
    fn clone(&self) -> PerftKeeper<G> {
        PerftKeeper {
            first: self.first.clone(),
            buf: self.buf.clone(),
            scratch: None,
        }
    }
}

/// A search or a keeper completion failed; its error is kept in the state (`State::err`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failed;

/// A state: the position and everything a search of it needs. Fields are public to the
/// generated code, which reads and writes them directly.
pub struct State<G: Game> {
    // Fixed lengths, boxed: no length to load or check, and no board-sized value on the
    // stack when a big board's state is built (measured against `Vec`s: perft 6-9 % faster
    // on amazons, breakthrough, hex and gomoku), each on its own cache lines (`Line`).
    pub pieces: Box<Line<G::Board>>,
    pub counts: Box<Line<G::Counts>>,
    /// Piece sets: bit `v % 64` of `pbits[p * WORDS + v / 64]` is set when `v` holds `p`.
    pub pbits: Box<Line<G::PieceSets>>,
    pub vars: Box<Line<G::Vars>>,
    pub player: u32,
    pub rules: u32,
    pub pos: u32,
    pub undo: Vec<Undo<G::Piece>>,
    pub frames: u64,
    /// The current level's pushed (state, vertex) pairs.
    pub stack: Vec<(u32, u32)>,
    /// Nesting of direct calls between pushed states (`MAX_CALLS`).
    pub calls: u32,
    /// Copies of the state a playout restores.
    pub(super) saves: Vec<Box<Saved<G>>>,
    /// Visited marks per level, vertex and checked state, and each level's stamp.
    pub vis: Vec<u32>,
    pub stamps: Vec<u32>,
    pub path: Path,
    pub(super) moves: MoveBuf,
    /// The listed moves as the C ABI gives them (`MoveBuf::flatten`).
    pub(super) flat: (Vec<[u32; 2]>, Vec<u32>),
    pub(super) kbuf: MoveBuf,
    pub(super) first: MoveBuf,
    /// Per level from `CYCLE_CHECK_DEPTH` on: its (state, vertex, semi-state hash).
    pub(super) lvl: Vec<(u32, u32, u64)>,
    /// Perft's buffers: one frame per level below the root, and the keeper's.
    pub(super) perft_frames: Vec<PerftFrame<G>>,
    pub(super) perft_keeper: PerftKeeper<G>,
    pub modifier_limit: usize,
    pub keeper_limit: u64,
    /// The keeper policy: `true` checks every keeper phase (an improper choice is an error);
    /// `false` takes the first move, checking only the first `FIRST_MODE_CHECKS` phases, and
    /// keeps the first improper choice found in `warn` (the interpreter's `KeeperMode`).
    pub check_keeper: bool,
    pub(super) first_checks_left: u32,
    pub(super) warn: Fault,
    /// Levels one move generation may enter below the root.
    pub search_limit: u64,
    /// Pattern levels below modifiers one move generation may enter.
    pub pattern_limit: u64,
    /// Playouts sample and check the moves of monotonic classes (`compiled::monotonic`).
    pub(super) sample_check: bool,
    /// Per monotonic class: the vertices of its moves kept by the running playout, and
    /// whether the playout has filled the list yet.
    pub(super) mono: Vec<Vec<u32>>,
    pub(super) mono_ready: Vec<bool>,
    /// Levels entered by the current move generation.
    pub work: u64,
    /// See `State::set_unlimited_work`.
    pub unlimited_work: u64,
    /// Pattern levels entered by the current move generation (`pattern_limit`).
    pub pwork: u64,
    pub(super) err: Fault,
    /// Applied perft's leaf states summed into `digest` (tests compare the grouped leaves of
    /// `LeafVisit` with the same leaves applied one by one).
    pub(super) leaf_digest: LeafDigest,
    pub(super) digest: u64,
    pub(super) rng: [u64; 4],
}

impl<G: Game> Clone for State<G> {
    fn clone(&self) -> Self {
        State {
            pieces: self.pieces.clone(),
            counts: self.counts.clone(),
            pbits: self.pbits.clone(),
            vars: self.vars.clone(),
            undo: self.undo.clone(),
            stack: self.stack.clone(),
            saves: self.saves.clone(),
            vis: self.vis.clone(),
            stamps: self.stamps.clone(),
            path: self.path.clone(),
            moves: self.moves.clone(),
            flat: self.flat.clone(),
            kbuf: self.kbuf.clone(),
            first: self.first.clone(),
            lvl: self.lvl.clone(),
            perft_frames: self.perft_frames.clone(),
            perft_keeper: self.perft_keeper.clone(),
            mono: self.mono.clone(),
            mono_ready: self.mono_ready.clone(),
            ..*self
        }
    }
}

impl<G: Rules> State<G> {
    pub fn new(limits: &Limits) -> State<G> {
        let mut s = State {
            pieces: boxed_line(G::initial().as_ref()),
            counts: Box::new(Line(G::Counts::splat(0))),
            pbits: Box::new(Line(G::PieceSets::splat(0))),
            vars: Box::new(Line(G::Vars::splat(0))),
            player: G::NPLAYERS,
            rules: 0,
            pos: 0,
            undo: Vec::new(),
            frames: 0,
            stack: Vec::new(),
            calls: 0,
            saves: Vec::new(),
            vis: Vec::new(),
            stamps: Vec::new(),
            path: Path::default(),
            moves: MoveBuf::default(),
            flat: (Vec::new(), Vec::new()),
            kbuf: MoveBuf::default(),
            first: MoveBuf::default(),
            lvl: Vec::new(),
            perft_frames: Vec::new(),
            perft_keeper: PerftKeeper::default(),
            modifier_limit: 0,
            keeper_limit: 0,
            check_keeper: true,
            first_checks_left: FIRST_MODE_CHECKS,
            warn: Fault::NONE,
            search_limit: 0,
            pattern_limit: 0,
            sample_check: false,
            mono: vec![Vec::new(); G::NMONO],
            mono_ready: vec![false; G::NMONO],
            work: 0,
            unlimited_work: 0,
            pwork: 0,
            err: Fault::NONE,
            leaf_digest: LeafDigest::Off,
            digest: 0,
            rng: [1, 2, 3, 4],
        };
        s.set_limits(limits);
        s.recount();
        s
    }

    pub fn set_limits(&mut self, l: &Limits) {
        self.modifier_limit = usize::try_from(l.modifier_limit).unwrap_or(usize::MAX);
        self.keeper_limit = l.keeper_limit;
        self.check_keeper = l.check_keeper != 0;
        self.search_limit = l.search_limit;
        self.pattern_limit = l.pattern_limit;
        self.set_unlimited_work();
    }

    /// The keeper is the player after the last.
    #[inline(always)]
    pub fn keeper_to_move(&self) -> bool {
        self.player == G::NPLAYERS
    }

    pub fn reset_raw(&mut self) {
        **self.pieces = *G::initial();
        **self.vars = G::Vars::splat(0);
        self.player = G::NPLAYERS;
        self.rules = 0;
        self.pos = 0;
        self.undo.clear();
        self.frames = 0;
        self.err = Fault::NONE;
        self.recount();
    }

    pub fn recount(&mut self) {
        **self.counts = G::Counts::splat(0);
        **self.pbits = G::PieceSets::splat(0);
        for v in 0..G::NV {
            let p = self.pieces[v].index();
            self.counts[p] += 1;
            if G::USES_PBITS {
                self.pbits[p * G::WORDS + v / 64] |= 1 << (v % 64);
            }
        }
    }

    /// The vertices holding one of `pieces` (`USES_PBITS`: the piece sets are kept).
    #[inline(always)]
    pub fn piece_set(&self, pieces: &[usize]) -> G::Set {
        let mut m = G::Set::splat(0);
        for &p in pieces {
            for i in 0..G::WORDS {
                m[i] |= self.pbits[p * G::WORDS + i];
            }
        }
        m
    }

    #[inline(always)]
    pub fn piece(&self, v: u32) -> G::Piece {
        // SAFETY: every vertex reaching the search comes from NB (entries < NV), from a
        // state field checked by `rbg_set`, or from a move step checked by `rbg_apply`.
        unsafe { *(**self.pieces).as_ref().get_unchecked(v as usize) }
    }

    #[inline(always)]
    pub fn set_piece(&mut self, v: u32, p: G::Piece) {
        let old = std::mem::replace(&mut self.pieces[v as usize], p);
        if G::USES_COUNTS && old != p {
            self.counts[old.index()] -= 1;
            self.counts[p.index()] += 1;
        }
        if G::USES_PBITS && old != p {
            let (i, bit) = (v as usize / 64, 1u64 << (v % 64));
            self.pbits[old.index() * G::WORDS + i] &= !bit;
            self.pbits[p.index() * G::WORDS + i] |= bit;
        }
    }

    /// Writes the piece without its count and piece set (`codegen::light`: only while
    /// listing or counting, where nothing reads them, and written back the same way).
    #[inline(always)]
    pub fn set_piece_only(&mut self, v: u32, p: G::Piece) {
        // SAFETY: as in `piece`.
        unsafe { *(**self.pieces).as_mut().get_unchecked_mut(v as usize) = p }
    }

    #[inline(always)]
    pub fn mark(&mut self, idx: usize, w: u32, d: usize, stamp: u32) -> bool {
        let i = d * (G::NCHECK * G::NV) + idx + w as usize;
        // `level` sized `vis` for depth d. Checked all the same: a level the generator took
        // for direct that sets marks wrote past the end once (tests/direct.rs); an index
        // out of range now aborts instead (no slower within noise: go, reversi, hex).
        let s = &mut self.vis[i];
        if *s == stamp {
            false
        } else {
            *s = stamp;
            true
        }
    }

    pub fn set_err(&mut self, kind: ErrorKind, state: u32, moves: u64, limit: u64) {
        self.err = Fault {
            kind: kind as u32,
            state,
            moves,
            limit,
        };
    }

    /// Applies modifier index `m` at `v`, pushing undo entries when `LOG` (playouts never
    /// undo). Pieces and switches come from the tables `mod_kind`, `mod_a`, `mod_b`: a move's
    /// steps branch on three kinds, which predicts better than a jump through a `match` over
    /// every modifier.
    #[inline(always)]
    pub fn apply_mod<const LOG: bool>(&mut self, m: u32, v: u32) {
        let i = m as usize;
        match G::mod_kind()[i] {
            1 => {
                let old = self.piece(v);
                if LOG {
                    self.undo.push(Undo::Piece(v, old));
                }
                self.set_piece(v, G::Piece::from_u32(G::mod_a()[i]));
            }
            3 => {
                self.player = G::mod_a()[i];
                self.rules = G::mod_b()[i];
                self.pos = v;
            }
            2 => G::apply_assign::<LOG>(self, m, v),
            _ => {}
        }
    }

    /// Applies a move's steps; `LOG`: with undo entries (playouts drop them).
    pub fn apply_raw<const LOG: bool>(&mut self, mv: Mv) {
        self.apply_inline::<LOG>(mv);
    }

    /// `apply_raw` inlined, for perft's leaf loop (measured: inlining it everywhere made
    /// hex's playouts 4 % slower).
    #[inline(always)]
    pub fn apply_inline<const LOG: bool>(&mut self, mv: Mv) {
        for s in mv.prefix {
            self.apply_mod::<LOG>(s[0], s[1]);
        }
        self.apply_mod::<LOG>(mv.m, mv.v);
    }

    pub fn push_frame(&mut self) {
        self.undo
            .push(Undo::Frame(self.player, self.rules, self.pos));
        self.frames += 1;
    }

    /// Takes back the last move with its keeper completion; false if there is none.
    pub fn undo_move(&mut self) -> bool {
        while let Some(u) = self.undo.pop() {
            match u {
                Undo::Piece(v, p) => self.set_piece(v, p),
                Undo::Var(x, val) => self.vars[x as usize] = val,
                Undo::Frame(p, r, q) => {
                    self.player = p;
                    self.rules = r;
                    self.pos = q;
                    self.frames -= 1;
                    return true;
                }
            }
        }
        false
    }

    /// The work below which a keeper search from a state whose levels run at most that many
    /// times (the generated `keeper_first`) cannot be stopped by the limits: the search
    /// limit, when the modifier limit does not cut nestings below `CYCLE_CHECK_DEPTH`, else 0.
    pub fn set_unlimited_work(&mut self) {
        self.unlimited_work = if self.modifier_limit.saturating_add(1) >= CYCLE_CHECK_DEPTH {
            self.search_limit
        } else {
            0
        };
    }

    pub fn semi_hash(&self) -> u64 {
        semantics::semi_hash(
            (**self.pieces).as_ref().iter().map(|p| p.index() as u64),
            (**self.vars).as_ref().iter().copied(),
        )
    }

    /// What a keeper completion is compared by (`semantics::outcome_hash`).
    pub fn outcome_hash(&self) -> u64 {
        let semi = self.semi_hash();
        semantics::outcome_hash(
            semi,
            self.keeper_to_move(),
            self.player,
            self.rules,
            self.pos,
        )
    }

    pub fn full_hash(&self) -> u64 {
        semantics::full_hash(self.semi_hash(), self.player, self.rules, self.pos)
    }

    pub fn next_u64(&mut self) -> u64 {
        // xoshiro256++
        let s = &mut self.rng;
        let r = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        r
    }

    /// Uniform in `0..n` (n > 0), by Lemire's multiply-and-reject: exactly uniform.
    pub fn below(&mut self, n: u64) -> u64 {
        let mut m = (self.next_u64() as u128) * (n as u128);
        if (m as u64) < n {
            let t = n.wrapping_neg() % n;
            while (m as u64) < t {
                m = (self.next_u64() as u128) * (n as u128);
            }
        }
        (m >> 64) as u64
    }

    /// The settings a keeper's completion reads, from `from` (`State::perft_visit`).
    pub(super) fn take_settings(&mut self, from: &State<G>) {
        self.modifier_limit = from.modifier_limit;
        self.keeper_limit = from.keeper_limit;
        self.check_keeper = from.check_keeper;
        self.first_checks_left = from.first_checks_left;
        self.warn = from.warn;
        self.search_limit = from.search_limit;
        self.pattern_limit = from.pattern_limit;
        self.unlimited_work = from.unlimited_work;
        self.leaf_digest = from.leaf_digest;
        self.digest = 0;
        self.err = from.err;
    }
}
