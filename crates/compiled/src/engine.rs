//! [`CompiledGame`] (one loaded library) and [`CompiledState`] (a game in progress).

use crate::artefact::{self, Cache};
use crate::codegen::{self, ABI_VERSION};
use crate::library::{Api, ErrorKind, Fault, Limits, LoadError, St};
use reasoner::{BenchReport, Budget, GameError, LastLevel, Move, Options, PerftCounts};
use std::time::Instant;

/// How to build a game.
#[derive(Clone, Debug)]
pub struct BuildOptions {
    pub cache: Cache,
    /// Time and address-space limits of rustc.
    pub limits: crate::BuildLimits,
    /// Limits and the keeper check, as for the interpreter.
    pub options: Options,
    pub optimise: crate::Optimise,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            cache: Cache::Default,
            limits: crate::BuildLimits::default(),
            options: Options::default(),
            optimise: crate::Optimise::Full,
        }
    }
}

/// How a playout draws its moves. Both draw uniformly over the legal moves (the proof is in
/// `crate::monotonic`'s docs); they use the random stream differently.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sampling {
    /// Every state lists all its legal moves and one is drawn.
    List,
    /// Moves of a monotonic class (`->p anySquare {e} ->>`-like moves, whose legal moves only
    /// shrink) are drawn from a list kept through the playout and checked, as rbg2cpp's
    /// benchmark does; other states list their moves.
    #[default]
    Check,
}

/// Why a game could not be compiled; callers fall back to the interpreter.
#[derive(Debug)]
pub enum Error {
    /// The reasoner rejected the game.
    Reasoner(reasoner::CompileError),
    /// The generator does not support the game.
    Refused(codegen::Refusal),
    Build(artefact::BuildError),
    Load(LoadError),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Reasoner(e) => write!(f, "{e}"),
            Error::Refused(r) => write!(f, "not supported by the compiled engine: {r}"),
            Error::Build(e) => write!(f, "{e}"),
            Error::Load(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {}

/// Why a [`Snapshot`] cannot be set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    /// Not as many pieces or variables as the game has.
    #[error("snapshot sizes do not match the game")]
    Sizes,
    /// A piece, variable, player, rule or position beyond the game's range.
    #[error("snapshot value out of range for the game")]
    OutOfRange,
}

pub use crate::snapshot::Snapshot;

/// A game compiled into a loaded library.
pub struct CompiledGame {
    api: Api,
    opts: Options,
    players: Vec<String>,
    vertices: Vec<String>,
    modifier_text: Vec<String>,
    tables: crate::text::TextTables,
    nodes: Vec<ir::NodeId>,
    spans: ir::SpanTable,
    nv: usize,
    nvars: usize,
    nplayers: usize,
    /// Monotonic move classes (see [`Sampling::Check`]).
    monotonic_classes: usize,
    /// Seconds spent generating, compiling (or finding in the cache) and loading.
    pub build_seconds: f64,
    /// The library came from the cache.
    pub cache_hit: bool,
}

/// The source the generator writes for `game` (for inspection and snapshot tests).
pub fn generate_source(game: &ir::Game) -> Result<String, Error> {
    let r = reasoner::Reasoner::with_options(game, codegen_options(Default::default()))
        .map_err(Error::Reasoner)?;
    codegen::generate(&r.program()).map_err(Error::Refused)
}

/// The interpreter's options for reading the automaton: without its shift-region tables,
/// which the generator does not read (the source is the same, `tests/source.rs`) and which
/// are most of the interpreter's memory (go: 44 MB).
fn codegen_options(options: Options) -> Options {
    Options {
        region_tables: false,
        ..options
    }
}

/// A game's library source, generated once ([`CompiledGame::prepare`]): asked whether the
/// cache holds its library, then built (or found in the cache) and loaded.
pub struct Prepared {
    reasoner: reasoner::Reasoner,
    source: String,
    start: Instant,
}

impl Prepared {
    /// Whether [`Prepared::build`] would find the library in the cache (and so only load
    /// it, without running rustc).
    pub fn is_cached(&self, build: &BuildOptions) -> bool {
        artefact::in_cache(&self.source, ABI_VERSION, build.optimise, &build.cache)
    }

    /// Builds (or finds in the cache) and loads the library of `game`, the game prepared.
    pub fn build(self, game: &ir::Game, build: &BuildOptions) -> Result<CompiledGame, Error> {
        let Prepared {
            reasoner: r,
            source,
            start,
        } = self;
        let view = r.program();
        let art = artefact::build(
            &source,
            ABI_VERSION,
            build.optimise,
            &build.cache,
            &build.limits,
        )
        .map_err(Error::Build)?;
        // SAFETY: the artefact was built from our generator's output (or is a cache entry
        // keyed by its hash, in a folder only we can write) and exports the ABI and the
        // build id `Api::load` checks.
        let api = unsafe { Api::load(&art.path, ABI_VERSION, &art.build_id) };
        if let Some(dir) = &art.scratch {
            let _ = std::fs::remove_dir_all(dir);
        }
        let api = api.map_err(Error::Load)?;
        let nstates = view.nstates();
        let info = api.info;
        let shape = [
            (info.vertices, view.nvertices()),
            (info.pieces, view.npieces()),
            (info.players, view.nplayers() as usize),
            (info.variables, view.bounds().len()),
            (info.states, nstates),
            (info.modifiers, view.nmodifiers() as usize),
        ];
        if shape.iter().any(|&(found, want)| found != want as u64) {
            return Err(Error::Load(LoadError::Shape {
                found: info,
                expected: shape.map(|(_, want)| want),
            }));
        }
        let monotonic_classes = info.monotonic_classes as usize;
        Ok(CompiledGame {
            monotonic_classes,
            opts: build.options,
            players: game.players.clone(),
            vertices: game.board.vertices.clone(),
            modifier_text: modifier_texts(game),
            tables: crate::text::TextTables::new(&r),
            nodes: (0..nstates as u32).map(|q| view.node(q)).collect(),
            spans: game.spans.clone(),
            nv: view.nvertices(),
            nvars: view.bounds().len(),
            nplayers: view.nplayers() as usize,
            api,
            build_seconds: start.elapsed().as_secs_f64(),
            cache_hit: art.cache_hit,
        })
    }
}

impl CompiledGame {
    /// Generates the game's library source (once; see [`Prepared`]).
    pub fn prepare(game: &ir::Game, build: &BuildOptions) -> Result<Prepared, Error> {
        let start = Instant::now();
        let reasoner = reasoner::Reasoner::with_options(game, codegen_options(build.options))
            .map_err(Error::Reasoner)?;
        let source = codegen::generate(&reasoner.program()).map_err(Error::Refused)?;
        Ok(Prepared {
            reasoner,
            source,
            start,
        })
    }

    /// Generates, builds (or finds in the cache) and loads the game's library.
    pub fn new(game: &ir::Game, build: &BuildOptions) -> Result<CompiledGame, Error> {
        Self::prepare(game, build)?.build(game, build)
    }

    /// Whether [`CompiledGame::new`] would find the library in the cache (and so only load
    /// it, without running rustc).
    pub fn is_cached(game: &ir::Game, build: &BuildOptions) -> bool {
        Self::prepare(game, build).is_ok_and(|p| p.is_cached(build))
    }

    pub fn player_names(&self) -> &[String] {
        &self.players
    }

    pub fn options(&self) -> Options {
        self.opts
    }

    /// The game's monotonic move classes: the player moves [`Sampling::Check`] samples.
    pub fn monotonic_classes(&self) -> usize {
        self.monotonic_classes
    }

    /// The declared initial semi-state, keeper to move, nothing applied.
    pub fn raw_state(&self) -> CompiledState<'_> {
        let o = self.opts;
        let limits = Limits {
            modifier_limit: o.modifier_limit as u64,
            keeper_limit: o.keeper_limit as u64,
            search_limit: o.search_limit,
            pattern_limit: o.pattern_limit,
            check_keeper: (o.keeper == reasoner::KeeperMode::Check) as u32,
        };
        // SAFETY: `new` returns a fresh state owned by the CompiledState.
        let st = unsafe { (self.api.new)(&limits) };
        // SAFETY: st is live.
        unsafe { (self.api.set_sampling)(st, (Sampling::default() == Sampling::Check) as u32) };
        CompiledState {
            g: self,
            st,
            fault: None,
            first_error: None,
        }
    }

    /// The initial state after the keeper's opening moves.
    pub fn initial_state(&self) -> Result<CompiledState<'_>, GameError> {
        let mut s = self.raw_state();
        // SAFETY: s.st is a live state of this library.
        if unsafe { (self.api.complete_keeper)(s.st) } != 0 {
            return Err(s.last_error());
        }
        s.fault = None;
        Ok(s)
    }

    fn error(&self, e: Fault) -> GameError {
        let state = e.state as usize;
        let node = self.nodes.get(state).copied().unwrap_or(self.nodes[0]);
        let span = self.spans.node(node);
        let limit = e.limit;
        match ErrorKind::from_u32(e.kind) {
            Some(ErrorKind::ModifierLimit) => GameError::ModifierLimit {
                limit: limit as usize,
                node,
                span,
            },
            Some(ErrorKind::KeeperLoop) => GameError::KeeperLoop {
                limit: limit as usize,
                node,
                span,
            },
            Some(ErrorKind::UnboundedCycle) => GameError::UnboundedCycle { node, span },
            Some(ErrorKind::SearchLimit) => GameError::SearchLimit { limit, node, span },
            Some(ErrorKind::PatternLimit) => GameError::PatternLimit { limit, node, span },
            Some(ErrorKind::ImproperKeeper) => GameError::ImproperKeeper {
                node,
                span,
                moves: e.moves as usize,
                // The library does not record which completions differed.
                conflict: Box::default(),
            },
            // Both sides compile the same `ErrorKind`, and the loader checked the ABI version
            // and build id: a failed call always names a kind.
            Some(ErrorKind::None) | None => {
                unreachable!("the library reported an error of kind {}", e.kind)
            }
        }
    }

    /// Perft counts of every depth `0..=depth` (entry k is perft(k)), run inside the library;
    /// the last level is counted (`reasoner::LastLevel::Counted`).
    pub fn perft_by_depth(
        &self,
        state: &mut CompiledState<'_>,
        depth: u32,
    ) -> Result<Vec<PerftCounts>, GameError> {
        self.perft_by_depth_with(state, depth, LastLevel::Counted)
    }

    /// `perft_by_depth` with the last level counted or applied (every leaf move applied with
    /// its keeper completion and taken back, as the reference's perft does).
    pub fn perft_by_depth_with(
        &self,
        state: &mut CompiledState<'_>,
        depth: u32,
        last: LastLevel,
    ) -> Result<Vec<PerftCounts>, GameError> {
        let applied = u32::from(last == LastLevel::Applied);
        let per = self.raw_perft(state, depth, applied)?;
        let mut nodes = 0;
        Ok(per[..=depth as usize]
            .iter()
            .map(|&leaves| {
                nodes += leaves;
                PerftCounts { leaves, nodes }
            })
            .collect())
    }

    /// Applied perft's leaf states (after their keeper completions) summed as hashes: with
    /// `grouped`, applied as `perft_by_depth_with` applies them (a path shared by many
    /// leaves applied once); without, each leaf on its own. Equal sums check the sharing.
    pub fn perft_leaf_digest(
        &self,
        state: &mut CompiledState<'_>,
        depth: u32,
        grouped: bool,
    ) -> Result<u64, GameError> {
        let mode = if grouped { 2 } else { 3 };
        Ok(self.raw_perft(state, depth, mode)?[depth as usize + 1])
    }

    /// `rbg_perft` in `mode` (0 counted, 1 applied, 2 and 3 with the leaf digest): the
    /// states per depth `0..=depth`, then the digest in modes 2 and 3.
    fn raw_perft(
        &self,
        state: &mut CompiledState<'_>,
        depth: u32,
        mode: u32,
    ) -> Result<Vec<u64>, GameError> {
        if let Some((_, e)) = &state.fault {
            return Err(e.clone());
        }
        // One entry more than modes 0 and 1 write, for the digest of modes 2 and 3.
        let mut per = vec![0u64; depth as usize + 2];
        // SAFETY: `per` has the depth + 2 entries rbg_perft writes at most.
        if unsafe { (self.api.perft)(state.st, depth, mode, per.as_mut_ptr()) } != 0 {
            return Err(state.last_error());
        }
        Ok(per)
    }

    /// Flat Monte-Carlo from the initial state, the interpreter's `reasoner::flat_mc`
    /// convention (one legal move drawn uniformly at each state, drawn as
    /// [`Sampling::default`] does); each playout runs inside the library. A time budget is
    /// checked between playouts.
    pub fn flat_mc(&self, budget: Budget, seed: u64) -> Result<BenchReport, GameError> {
        self.flat_mc_with(budget, seed, Sampling::default())
    }

    /// [`Self::flat_mc`] with the given way of drawing moves.
    pub fn flat_mc_with(
        &self,
        budget: Budget,
        seed: u64,
        sampling: Sampling,
    ) -> Result<BenchReport, GameError> {
        let mut state = self.initial_state()?;
        state.set_sampling(sampling);
        let mut rng = game::rng_from_seed(seed);
        state.seed_from(&mut rng);
        let mut report = BenchReport {
            score_sums: vec![0; self.nplayers],
            ..BenchReport::default()
        };
        let start = Instant::now();
        let mut finished_states = 0u64;
        let mut scores = vec![0i64; self.nplayers];
        // The clock is read every `stride` playouts, about every millisecond.
        let (mut stride, mut since_check) = (1u64, 1u64);
        let mut last_check = 0.0;
        loop {
            match budget {
                Budget::Playouts(n) if report.playouts + report.unfinished >= n => break,
                // `since_check` counts the playouts run since the last reading.
                Budget::Seconds(s) if since_check >= stride => {
                    let now = start.elapsed().as_secs_f64();
                    if now >= s {
                        break;
                    }
                    let per = (now - last_check) / since_check.max(1) as f64;
                    let want = (1e-3 / per.max(1e-9)) as u64;
                    stride = want.clamp(1, (2 * stride).min(1 << 16));
                    (since_check, last_check) = (0, now);
                }
                _ => {}
            }
            let (length, finished) =
                state.playout_raw(reasoner::bench::MAX_PLAYOUT_LENGTH, &mut scores)?;
            since_check += 1;
            report.states += length;
            if !finished {
                report.unfinished += 1;
                continue;
            }
            report.playouts += 1;
            finished_states += length;
            for (s, x) in report.score_sums.iter_mut().zip(&scores) {
                *s += x;
            }
            match report.histogram.get_mut(&scores) {
                Some(n) => *n += 1,
                None => {
                    report.histogram.insert(scores.clone(), 1);
                }
            }
        }
        report.seconds = start.elapsed().as_secs_f64();
        report.keeper_warning = state.keeper_warning();
        report.avg_length = finished_states as f64 / report.playouts.max(1) as f64;
        Ok(report)
    }
}

/// `[piece]`, `[$ var]`, `->player`, `->>` per modifier index, as the interpreter's
/// `move_text` writes them.
fn modifier_texts(game: &ir::Game) -> Vec<String> {
    let mut out = vec![String::new()];
    for &id in game.rules.modifiers() {
        out.push(match game.rules.node(id) {
            ir::Node::Action(ir::Action::Off(p)) => format!("[{}]", game.piece_name(*p)),
            ir::Node::Action(ir::Action::Assign { var, .. }) => {
                format!("[${}]", game.variable_name(*var))
            }
            ir::Node::Action(ir::Action::Switch(ir::SwitchTarget::Player(p))) => {
                format!("->{}", game.player_name(*p))
            }
            _ => "->>".to_string(),
        });
    }
    out
}

/// A game in progress in a compiled library.
pub struct CompiledState<'g> {
    g: &'g CompiledGame,
    st: *mut St,
    /// An error from the keeper completion of a move, with the number of moves applied then.
    fault: Option<(u64, GameError)>,
    /// The first error met through the game-state interface, kept after undo (as the
    /// interpreter's `State::first_error`): such errors read as "no legal move" there.
    first_error: Option<GameError>,
}

// SAFETY: the library state is owned exclusively by this value; the library keeps no global
// mutable state.
unsafe impl Send for CompiledState<'_> {}

impl Drop for CompiledState<'_> {
    fn drop(&mut self) {
        // SAFETY: st is live and freed once.
        unsafe { (self.g.api.free)(self.st) }
    }
}

impl Clone for CompiledState<'_> {
    fn clone(&self) -> Self {
        CompiledState {
            g: self.g,
            // SAFETY: st is live.
            st: unsafe { (self.g.api.clone)(self.st) },
            fault: self.fault.clone(),
            first_error: self.first_error.clone(),
        }
    }
}

impl<'g> CompiledState<'g> {
    pub fn game(&self) -> &'g CompiledGame {
        self.g
    }

    pub(crate) fn tables(&self) -> &'g crate::text::TextTables {
        &self.g.tables
    }

    /// With `KeeperMode::First`: the first improper keeper choice met (by this state or the
    /// state it was cloned from), which did not stop the search; as the interpreter's
    /// `State::keeper_warning`, without the conflict's details.
    pub fn keeper_warning(&self) -> Option<GameError> {
        let mut e = Fault::NONE;
        // SAFETY: st is a live state of this library.
        (unsafe { (self.g.api.warning)(self.st, &mut e) } != 0).then(|| self.g.error(e))
    }

    /// How this state's playouts draw moves (new states: [`Sampling::default`]).
    pub fn set_sampling(&mut self, sampling: Sampling) {
        // SAFETY: st is a live state of this library.
        unsafe { (self.g.api.set_sampling)(self.st, (sampling == Sampling::Check) as u32) };
    }

    /// When a monotonic class starts here, the number of legal moves it predicts (which
    /// [`Sampling::Check`] relies on being the number listed); None otherwise.
    pub fn class_moves(&self) -> Option<usize> {
        // SAFETY: st is a live state of this library.
        let k = unsafe { (self.g.api.class_moves)(self.st) };
        usize::try_from(k).ok()
    }

    /// Applies the keeper's moves from the current state (after [`Self::set_snapshot`]).
    pub fn complete_keeper(&mut self) -> Result<(), GameError> {
        // SAFETY: st is a live state of this library.
        if unsafe { (self.g.api.complete_keeper)(self.st) } != 0 {
            return Err(self.last_error());
        }
        self.fault = None;
        Ok(())
    }

    fn last_error(&self) -> GameError {
        let mut e = Fault::NONE;
        // SAFETY: st is a live state of this library.
        unsafe { (self.g.api.error)(self.st, &mut e) };
        self.g.error(e)
    }

    fn frames(&self) -> u64 {
        // SAFETY: st is live.
        unsafe { (self.g.api.frames)(self.st) }
    }

    /// The error that stopped this state, if any.
    /// The first error met through the game-state interface since this state was made, even
    /// if undo has taken its move back: a caller driving the state through the trait (perft,
    /// a match) checks this afterwards.
    pub fn first_error(&self) -> Option<&GameError> {
        self.first_error.as_ref()
    }

    pub fn error(&self) -> Option<&GameError> {
        self.fault.as_ref().map(|(_, e)| e)
    }

    /// Seeds the library's playout generator (xoshiro256++) from `rng`.
    pub fn seed_from(&mut self, rng: &mut game::Rng) {
        use rand::RngCore;
        let seed = [
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
            rng.next_u64(),
        ];
        // SAFETY: seed has 4 entries.
        unsafe { (self.g.api.seed)(self.st, seed.as_ptr()) }
    }

    /// One playout inside the library: (length, finished), final scores into `scores`.
    fn playout_raw(&mut self, max_len: u64, scores: &mut [i64]) -> Result<(u64, bool), GameError> {
        if let Some((_, e)) = &self.fault {
            return Err(e.clone());
        }
        let mut out = [0u64; 2];
        // SAFETY: scores has nplayers entries, out 2.
        let r = unsafe {
            (self.g.api.playout)(self.st, max_len, scores.as_mut_ptr(), out.as_mut_ptr())
        };
        if r != 0 {
            return Err(self.last_error());
        }
        Ok((out[0], out[1] != 0))
    }

    /// One uniformly random playout (moves drawn as [`Self::set_sampling`] says), the
    /// counterpart of `reasoner::random_playout`; the state is restored afterwards.
    pub fn random_playout(
        &mut self,
        rng: &mut game::Rng,
        max_length: u64,
    ) -> Result<game::playout::Playout, GameError> {
        self.seed_from(rng);
        let mut scores = vec![0i64; self.g.nplayers];
        let (length, finished) = self.playout_raw(max_length, &mut scores)?;
        Ok(game::playout::Playout {
            length,
            scores,
            finished,
        })
    }

    /// All legal moves, or the error that prevents computing them.
    pub fn legal_moves_checked(&mut self) -> Result<Vec<Move>, GameError> {
        if let Some((_, e)) = &self.fault {
            return Err(e.clone());
        }
        let api = &self.g.api;
        // SAFETY: st is live; the buffers read below stay valid until the next call on st.
        unsafe {
            if (api.gen)(self.st) < 0 {
                return Err(self.last_error());
            }
            let (mut steps, mut ends, mut n) = (std::ptr::null(), std::ptr::null(), 0u64);
            (api.moves)(self.st, &mut steps, &mut ends, &mut n);
            let n = n as usize;
            if n == 0 {
                return Ok(Vec::new());
            }
            let ends = std::slice::from_raw_parts(ends, n);
            let total = ends[n - 1] as usize;
            let steps = std::slice::from_raw_parts(steps, 2 * total);
            let mut out = Vec::with_capacity(n);
            let mut lo = 0usize;
            for &e in ends {
                let e = e as usize;
                out.push(Move {
                    steps: (lo..e).map(|i| (steps[2 * i], steps[2 * i + 1])).collect(),
                });
                lo = e;
            }
            Ok(out)
        }
    }

    /// Number of legal moves.
    pub fn count_moves(&mut self) -> Result<u64, GameError> {
        if let Some((_, e)) = &self.fault {
            return Err(e.clone());
        }
        // SAFETY: st is live.
        let n = unsafe { (self.g.api.count)(self.st) };
        if n < 0 {
            return Err(self.last_error());
        }
        Ok(n as u64)
    }

    /// Applies a legal move and the keeper's completion. On error the move stays applied
    /// (take it back with `undo`) and the state reports no moves. Panics on a move whose
    /// modifier index or vertex does not exist (a caller bug, as in the interpreter).
    pub fn try_apply(&mut self, mv: &Move) -> Result<(), GameError> {
        let flat: Vec<u32> = mv.steps.iter().flat_map(|&(m, v)| [m, v]).collect();
        // SAFETY: flat has 2 * steps entries; the library checks every index.
        let r = unsafe { (self.g.api.apply)(self.st, flat.as_ptr(), mv.steps.len() as u64) };
        match r {
            0 => Ok(()),
            -2 => panic!("malformed move {mv:?}"),
            _ => {
                let e = self.last_error();
                if self.fault.is_none() {
                    self.fault = Some((self.frames(), e.clone()));
                }
                Err(e)
            }
        }
    }

    /// Takes back the last move.
    pub fn undo(&mut self) {
        // SAFETY: st is live.
        let r = unsafe { (self.g.api.undo)(self.st) };
        assert!(r == 0, "undo without a move to take back");
        let frames = self.frames();
        if matches!(&self.fault, Some((n, _)) if *n > frames) {
            self.fault = None;
        }
    }

    /// The state as the interpreter shows it.
    pub fn snapshot(&self) -> Snapshot {
        let mut pieces = vec![0u16; self.g.nv];
        let mut variables = vec![0i64; self.g.nvars];
        let mut meta = [0u32; 3];
        // SAFETY: buffers sized as rbg_get writes (NV, NVARS, 3).
        unsafe {
            (self.g.api.get)(
                self.st,
                pieces.as_mut_ptr(),
                variables.as_mut_ptr(),
                meta.as_mut_ptr(),
            )
        };
        Snapshot {
            pieces,
            variables,
            player: meta[0],
            rules: meta[1],
            position: meta[2],
        }
    }

    /// Sets the state from a snapshot (the undo history is dropped). No keeper move is
    /// applied: a snapshot with the keeper to move stays so.
    pub fn set_snapshot(&mut self, s: &Snapshot) -> Result<(), SnapshotError> {
        if s.pieces.len() != self.g.nv || s.variables.len() != self.g.nvars {
            return Err(SnapshotError::Sizes);
        }
        let meta = [s.player, s.rules, s.position];
        // SAFETY: buffers sized as rbg_set reads.
        let r = unsafe {
            (self.g.api.set)(
                self.st,
                s.pieces.as_ptr(),
                s.variables.as_ptr(),
                meta.as_ptr(),
            )
        };
        if r != 0 {
            return Err(SnapshotError::OutOfRange);
        }
        self.fault = None;
        Ok(())
    }

    /// The player to move, `None` when the keeper is to move.
    pub fn player_to_move(&self) -> Option<usize> {
        let p = self.snapshot().player as usize;
        (p < self.g.nplayers).then_some(p)
    }

    fn has_move(&self) -> bool {
        if self.fault.is_some() {
            return false;
        }
        // SAFETY: st is live; rbg_has_move leaves the state as it was.
        unsafe { (self.g.api.has_move)(self.st) == 1 }
    }
}

impl game::GameState for CompiledState<'_> {
    type Move = Move;

    fn player_names(&self) -> Vec<String> {
        self.g.players.clone()
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
                    self.fault = Some((self.frames(), e));
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
        CompiledState::undo(self)
    }

    fn scores(&self) -> Vec<i64> {
        self.snapshot().variables[..self.g.nplayers].to_vec()
    }

    fn state_hash(&self) -> u64 {
        // SAFETY: st is live.
        unsafe { (self.g.api.hash)(self.st) }
    }

    fn move_to_text(&mut self, mv: &Move) -> String {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        crate::text::move_to_text(self.tables(), &moves, mv)
    }

    fn move_from_text(&mut self, text: &str) -> Result<Move, game::MoveError> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        crate::text::move_from_text(self.tables(), &moves, text)
    }

    fn position_text(&self) -> String {
        crate::text::position_text(self.tables(), self.snapshot())
    }

    fn set_position(&mut self, text: &str) -> Result<(), game::PositionError> {
        let here =
            |m: String| game::PositionError::new(m, crate::text::whole(text), "this position");
        let snapshot = crate::text::parse_position(self.tables(), text)?;
        let before = self.snapshot();
        self.set_snapshot(&snapshot)
            .map_err(|e| here(e.to_string()))?;
        if let Err(e) = self.complete_keeper() {
            let _ = self.set_snapshot(&before);
            return Err(here(format!(
                "the keeper cannot continue from this position: {e}"
            )));
        }
        Ok(())
    }

    fn move_text(&self, mv: &Move) -> String {
        let mut s = String::new();
        for (i, &(m, v)) in mv.steps.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            let vertex = self.g.vertices.get(v as usize).map_or("?", String::as_str);
            let text = self
                .g
                .modifier_text
                .get(m as usize)
                .map_or("?", String::as_str);
            s.push_str(&format!("{vertex}:{text}"));
        }
        s
    }
}
