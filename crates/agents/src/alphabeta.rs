//! Depth-limited alpha-beta (minimax from the root player's point of view, so turn orders that
//! do not alternate are handled; with more than two players it is "paranoid": every other
//! player minimises the root player's margin).
//!
//! Iterative deepening to the depth limit (or until a time budget runs out), a transposition
//! table keyed by [`GameState::state_hash`], move ordering by the table's best move, two killer
//! moves per ply and the history heuristic, and root moves shuffled with the RNG once so that
//! ties are broken at random but reproducibly. Terminal states are scored from
//! [`GameState::scores`]; quicker wins and slower losses are preferred.
//!
//! Simultaneous turns (GDL) are reduced to turn-based ones, pessimistically: the searching
//! role commits to its own move first and the other roles answer knowing it (the value of an
//! own move is its worst answer), at the root ([`Agent::choose_own`]) and at every
//! simultaneous turn inside the search. The value is a lower bound of what the role can secure;
//! it plays safe rather than guessing the others' moves.

use crate::eval::Heuristic;
use crate::{choose_every_role, mover, next_combination, score_margin, Agent};
use game::{GameState, Rng};
use rand::seq::SliceRandom;
use std::collections::HashMap;
use std::time::{Duration, Instant};

/// A terminal state is worth this much per point of score margin, far above any heuristic
/// value.
pub const TERMINAL_WEIGHT: f64 = 1_000_000.0;
/// Values beyond this come from terminal states (and carry a distance in plies).
const TERMINAL_BOUND: f64 = TERMINAL_WEIGHT / 2.0;

/// Options of [`AlphaBeta`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AlphaBetaOptions {
    /// Deepest iteration, in plies.
    pub depth: u32,
    /// Stop deepening (and abandon the running iteration) after this long. Searches with a
    /// time budget are not reproducible.
    pub time: Option<Duration>,
    /// The transposition table has `2^tt_bits` entries.
    pub tt_bits: u32,
}

impl Default for AlphaBetaOptions {
    fn default() -> Self {
        AlphaBetaOptions {
            depth: 3,
            time: None,
            tt_bits: 16,
        }
    }
}

/// What the last search did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchInfo {
    /// Deepest iteration completed.
    pub depth: u32,
    /// Nodes visited (all iterations).
    pub nodes: u64,
    /// Value of the chosen move for the player to move.
    pub value: f64,
    /// Nodes answered by the transposition table without a search.
    pub tt_cutoffs: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Debug)]
struct Entry<M> {
    key: u64,
    generation: u32,
    depth: u32,
    value: f64,
    bound: Bound,
    best: Option<M>,
}

/// The alpha-beta agent with heuristic `H`.
pub struct AlphaBeta<G: GameState, H> {
    pub options: AlphaBetaOptions,
    pub heuristic: H,
    /// Statistics of the last [`Agent::choose`].
    pub info: SearchInfo,
    tt: Vec<Option<Entry<G::Move>>>,
    generation: u32,
    killers: Vec<[Option<G::Move>; 2]>,
    history: HashMap<G::Move, u64>,
    buffers: Vec<Vec<G::Move>>,
    root: usize,
    deadline: Option<Instant>,
    aborted: bool,
}

impl<G: GameState, H: Heuristic<G>> AlphaBeta<G, H> {
    pub fn new(options: AlphaBetaOptions, heuristic: H) -> Self {
        AlphaBeta {
            options,
            heuristic,
            info: SearchInfo::default(),
            tt: Vec::new(),
            generation: 0,
            killers: Vec::new(),
            history: HashMap::new(),
            buffers: Vec::new(),
            root: 0,
            deadline: None,
            aborted: false,
        }
    }

    fn terminal_value(&self, state: &G, ply: u32) -> f64 {
        let margin = score_margin(&state.scores(), self.root) as f64;
        let value = TERMINAL_WEIGHT * margin;
        if margin > 0.0 {
            value - f64::from(ply)
        } else if margin < 0.0 {
            value + f64::from(ply)
        } else {
            0.0
        }
    }

    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.tt.len() - 1)
    }

    fn probe(&self, key: u64) -> Option<&Entry<G::Move>> {
        self.tt[self.slot(key)]
            .as_ref()
            .filter(|e| e.key == key && e.generation == self.generation)
    }

    fn store(
        &mut self,
        key: u64,
        depth: u32,
        value: f64,
        bound: Bound,
        best: Option<G::Move>,
        ply: u32,
    ) {
        // Terminal values are stored relative to this node, not to the root.
        let value = if value > TERMINAL_BOUND {
            value + f64::from(ply)
        } else if value < -TERMINAL_BOUND {
            value - f64::from(ply)
        } else {
            value
        };
        let slot = self.slot(key);
        let replace = match &self.tt[slot] {
            Some(e) => e.generation != self.generation || e.key == key || e.depth <= depth,
            None => true,
        };
        if replace {
            self.tt[slot] = Some(Entry {
                key,
                generation: self.generation,
                depth,
                value,
                bound,
                best,
            });
        }
    }

    fn out_of_time(&mut self, nodes: u64) -> bool {
        if !self.aborted && nodes & 255 == 0 {
            if let Some(d) = self.deadline {
                self.aborted = Instant::now() >= d;
            }
        }
        self.aborted
    }

    fn order(&self, moves: &mut [G::Move], tt_move: Option<&G::Move>, ply: usize) {
        let killers = self.killers.get(ply);
        moves.sort_by_cached_key(|m| {
            let key = if Some(m) == tt_move {
                u64::MAX
            } else if killers.is_some_and(|k| k[0].as_ref() == Some(m)) {
                u64::MAX - 1
            } else if killers.is_some_and(|k| k[1].as_ref() == Some(m)) {
                u64::MAX - 2
            } else {
                self.history.get(m).copied().unwrap_or(0)
            };
            std::cmp::Reverse(key)
        });
    }

    fn search(
        &mut self,
        state: &mut G,
        depth: u32,
        ply: u32,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64 {
        self.info.nodes += 1;
        if self.out_of_time(self.info.nodes) {
            return 0.0;
        }
        let p = ply as usize;
        if self.buffers.len() <= p {
            self.buffers.resize_with(p + 1, Vec::new);
        }
        if self.killers.len() <= p {
            self.killers.resize_with(p + 1, || [None, None]);
        }
        let mut moves = std::mem::take(&mut self.buffers[p]);
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            self.buffers[p] = moves;
            return self.terminal_value(state, ply);
        }
        if depth == 0 {
            self.buffers[p] = moves;
            return self.heuristic.evaluate(state, self.root);
        }
        if let Some(counts) = state.simultaneous_moves() {
            self.buffers[p] = moves;
            return self.search_simultaneous(state, &counts, depth, ply, alpha, beta);
        }
        let key = state.state_hash();
        let mut tt_move = None;
        if let Some(e) = self.probe(key) {
            tt_move = e.best.clone();
            if e.depth >= depth {
                let v = if e.value > TERMINAL_BOUND {
                    e.value - f64::from(ply)
                } else if e.value < -TERMINAL_BOUND {
                    e.value + f64::from(ply)
                } else {
                    e.value
                };
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => v >= beta,
                    Bound::Upper => v <= alpha,
                };
                if cut {
                    self.buffers[p] = moves;
                    self.info.tt_cutoffs += 1;
                    return v;
                }
                match e.bound {
                    Bound::Lower => alpha = alpha.max(v),
                    Bound::Upper => beta = beta.min(v),
                    Bound::Exact => {}
                }
            }
        }
        self.order(&mut moves, tt_move.as_ref(), p);
        let maximizing = mover(state) == self.root;
        let (alpha0, beta0) = (alpha, beta);
        let mut best = if maximizing {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best_move = None;
        for mv in &moves {
            state.apply(mv);
            let v = self.search(state, depth - 1, ply + 1, alpha, beta);
            state.undo();
            if self.aborted {
                self.buffers[p] = moves;
                return 0.0;
            }
            if maximizing {
                if v > best {
                    best = v;
                    best_move = Some(mv.clone());
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_move = Some(mv.clone());
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                let k = &mut self.killers[p];
                if k[0].as_ref() != Some(mv) {
                    k[1] = k[0].take();
                    k[0] = Some(mv.clone());
                }
                *self.history.entry(mv.clone()).or_insert(0) += u64::from(depth) * u64::from(depth);
                break;
            }
        }
        self.buffers[p] = moves;
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(key, depth, best, bound, best_move, ply);
        best
    }

    /// A simultaneous turn reduced to two plies: the root player commits to its own move
    /// first (maximising), then the other roles answer knowing it (minimising over their
    /// combinations). No transposition-table entry is kept for it.
    fn search_simultaneous(
        &mut self,
        state: &mut G,
        counts: &[usize],
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        let own = counts.get(self.root).copied().unwrap_or(1).max(1);
        let mut best = f64::NEG_INFINITY;
        for i in 0..own {
            let v = self.answers(state, counts, i, depth, ply, alpha.max(best), beta);
            if self.aborted {
                return 0.0;
            }
            best = best.max(v);
            if best >= beta {
                break;
            }
        }
        best
    }

    /// The worst value for the root player over the other roles' answers to its own move
    /// `own` at a simultaneous turn (searched `depth - 1` deeper), stopping once it is at most
    /// `alpha`.
    #[allow(clippy::too_many_arguments)]
    fn answers(
        &mut self,
        state: &mut G,
        counts: &[usize],
        own: usize,
        depth: u32,
        ply: u32,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        let mut choices = vec![0; counts.len()];
        if let Some(c) = choices.get_mut(self.root) {
            *c = own;
        }
        let mut worst = f64::INFINITY;
        loop {
            if let Some(mv) = state.joint_move(&choices) {
                state.apply(&mv);
                let v = self.search(state, depth - 1, ply + 1, alpha, beta.min(worst));
                state.undo();
                if self.aborted {
                    return 0.0;
                }
                worst = worst.min(v);
                if worst <= alpha {
                    break;
                }
            }
            if !next_combination(&mut choices, counts, self.root) {
                break;
            }
        }
        if worst == f64::INFINITY {
            // No joint move was composed (an engine that breaks its contract).
            return self.heuristic.evaluate(state, self.root);
        }
        worst
    }

    /// Resets the search state for a new decision of player `root`.
    fn begin(&mut self, root: usize) {
        let size = 1usize << self.options.tt_bits.min(30);
        if self.tt.len() != size {
            self.tt = vec![None; size];
        }
        self.generation = self.generation.wrapping_add(1);
        self.killers.clear();
        self.history.clear();
        self.root = root;
        self.info = SearchInfo::default();
        self.deadline = self.options.time.map(|t| Instant::now() + t);
        self.aborted = false;
    }

    /// One iteration at the root over `moves` (in order); returns the index of the best move
    /// (the first of equal values) and its value.
    fn search_root(
        &mut self,
        state: &mut G,
        moves: &[G::Move],
        depth: u32,
    ) -> Option<(usize, f64)> {
        let mut best: Option<(usize, f64)> = None;
        for (i, mv) in moves.iter().enumerate() {
            let alpha = best.map_or(f64::NEG_INFINITY, |b| b.1);
            state.apply(mv);
            let v = self.search(state, depth - 1, 1, alpha, f64::INFINITY);
            state.undo();
            if self.aborted {
                return None;
            }
            if !matches!(best, Some(b) if v <= b.1) {
                best = Some((i, v));
            }
        }
        best
    }
}

impl<G: GameState, H: Heuristic<G>> Agent<G> for AlphaBeta<G, H> {
    fn name(&self) -> String {
        match self.options.time {
            Some(t) => format!("alphabeta:{}ms", t.as_millis()),
            None => format!("alphabeta:{}", self.options.depth),
        }
    }

    fn choose(&mut self, state: &mut G, rng: &mut Rng) -> Option<G::Move> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            return None;
        }
        if state.simultaneous_moves().is_some() {
            return choose_every_role(self, state, rng);
        }
        moves.shuffle(rng);
        self.begin(mover(state));
        let max_depth = self.options.depth.max(1);
        for depth in 1..=max_depth {
            let Some((i, v)) = self.search_root(state, &moves, depth) else {
                break;
            };
            moves[..=i].rotate_right(1);
            self.info.depth = depth;
            self.info.value = v;
            // A forced win is found: deeper iterations cannot find a quicker one.
            if v > TERMINAL_BOUND {
                break;
            }
        }
        Some(moves.swap_remove(0))
    }

    /// The reduction of [`AlphaBeta::search_simultaneous`] at the root: the own move whose
    /// worst answer by the other roles is best (iterative deepening over the own moves,
    /// shuffled once with the RNG).
    fn choose_own(&mut self, state: &mut G, role: usize, rng: &mut Rng) -> Option<usize> {
        let counts = state.simultaneous_moves()?;
        let own = *counts.get(role)?;
        if own == 0 {
            return None;
        }
        let mut order: Vec<usize> = (0..own).collect();
        order.shuffle(rng);
        self.begin(role);
        let max_depth = self.options.depth.max(1);
        'deepen: for depth in 1..=max_depth {
            let mut best: Option<(usize, f64)> = None;
            for (k, &i) in order.iter().enumerate() {
                let alpha = best.map_or(f64::NEG_INFINITY, |b| b.1);
                let v = self.answers(state, &counts, i, depth, 0, alpha, f64::INFINITY);
                if self.aborted {
                    break 'deepen;
                }
                if !matches!(best, Some(b) if v <= b.1) {
                    best = Some((k, v));
                }
            }
            let Some((k, v)) = best else {
                break;
            };
            order[..=k].rotate_right(1);
            self.info.depth = depth;
            self.info.value = v;
            if v > TERMINAL_BOUND {
                break;
            }
        }
        order.first().copied()
    }
}
