//! [`Propnet`]: a GDL game played on its network, implementing [`game::GameState`] with the
//! interpreter's conventions (joint moves in role order, the last role's move varying
//! fastest; the same move and position texts and the same state hashes).

use crate::eval::Values;
use crate::net::{Net, Node};
use gdl::ast::Symbols;
use gdl::engine::joint::{self, term_text};
use gdl::engine::store::{Id, Store};
use smallvec::SmallVec;
use std::collections::HashMap;
use std::sync::Arc;

/// A joint move: for each role, the index of its move among the role's possible moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JointMove(pub SmallVec<[u32; 4]>);

/// What the texts need: terms as KIF, and the interpreter's hash of each proposition.
pub struct Names {
    pub symbols: Symbols,
    pub store: Store,
    pub role_names: Vec<String>,
    pub base_texts: Vec<String>,
    /// Each proposition's share of the state hash (`gdl::engine::joint::prop_hash`).
    pub base_hashes: Vec<u64>,
    pub move_texts: Vec<Vec<String>>,
    /// Each move's place among its role's moves in the order of their texts.
    pub move_ranks: Vec<Vec<u32>>,
    pub base_index: HashMap<Id, usize>,
    pub noop: Option<gdl::ast::Symbol>,
    pub move_functors: Vec<Vec<gdl::ast::Symbol>>,
}

/// The start of the moves applied so far.
#[derive(Clone)]
struct Root {
    values: Values,
    active: Vec<Node>,
}

/// A game in progress on a network (cheap to clone: the network is shared).
#[derive(Clone)]
pub struct Propnet {
    pub(crate) net: Arc<Net>,
    pub(crate) names: Arc<Names>,
    values: Values,
    /// Propositions flipped by each applied move, for undo.
    trail: Vec<u32>,
    trail_starts: Vec<usize>,
    scratch: Vec<Node>,
    legal: Vec<Vec<u32>>,
    /// The inputs of the last applied move, still set (see `apply_joint`).
    active: Vec<Node>,
    /// The values when no move was applied, kept from the first move on so that taking back
    /// a whole playout is one copy (see `undo_moves`); `None` until then and after
    /// `set_position`.
    root: Option<Box<Root>>,
    /// Scratch: the propositions that differ after several moves are taken back.
    toggled: Vec<u64>,
    error: Option<String>,
}

impl Propnet {
    pub(crate) fn new(net: Arc<Net>, names: Arc<Names>) -> Propnet {
        let values = Values::new(&net, &net.init);
        let roles = net.roles.len();
        Propnet {
            net,
            names,
            values,
            trail: Vec::new(),
            trail_starts: Vec::new(),
            scratch: Vec::new(),
            legal: vec![Vec::new(); roles],
            active: Vec::new(),
            root: None,
            toggled: Vec::new(),
            error: None,
        }
    }

    /// The number of gates and edges of the network.
    pub fn size(&self) -> (usize, usize) {
        (self.net.nodes, self.net.out.len())
    }

    /// Every move each role can ever make (the ground `legal` propositions), as GDL terms in
    /// the network's order: a static action space (Python's GDL adapters number them).
    pub fn move_space(&self) -> &[Vec<String>] {
        &self.names.move_texts
    }

    /// Every base proposition (a fluent that can ever hold), as GDL terms in the network's
    /// order.
    pub fn base_propositions(&self) -> &[String] {
        &self.names.base_texts
    }

    /// A budget the engine exceeded (too many joint moves), as the interpreter reports it.
    pub fn budget_error(&self) -> Option<String> {
        self.error.clone()
    }

    fn terminal(&self) -> bool {
        self.net.terminal.is_some_and(|t| self.values.get(t))
    }

    /// Each role's legal move indices into `out`; false at a terminal state.
    fn legal_into(&self, out: &mut [Vec<u32>]) -> bool {
        if self.terminal() {
            return false;
        }
        for (role, out) in self.net.roles.iter().zip(out.iter_mut()) {
            out.clear();
            let start = role.legal_start as usize;
            let guards = &role.guards;
            for (k, &open) in guards.open.iter().enumerate() {
                let mut allowed = open;
                for (guard, mask) in &guards.guarded {
                    if self.values.get(*guard) {
                        allowed |= mask[k];
                    }
                }
                // The gates of moves 64k.. are the 64 bits from `start + 64k`.
                let mut bits = self.values.bits_from(start + 64 * k) & allowed;
                while bits != 0 {
                    out.push(64 * k as u32 + bits.trailing_zeros());
                    bits &= bits - 1;
                }
            }
        }
        if joint::ordered_by_text(out.iter().map(Vec::len)) {
            for (moves, ranks) in out.iter_mut().zip(&self.names.move_ranks) {
                moves.sort_unstable_by_key(|&m| ranks[m as usize]);
            }
        }
        true
    }

    /// [`Propnet::legal_into`] the engine's own buffer.
    fn fill_legal(&mut self) -> bool {
        let mut legal = std::mem::take(&mut self.legal);
        let any = self.legal_into(&mut legal);
        self.legal = legal;
        any
    }

    /// Legal moves of each role as KIF texts (empty lists at a terminal state).
    pub fn legal_texts(&mut self) -> Vec<Vec<String>> {
        if !self.fill_legal() {
            return vec![Vec::new(); self.net.roles.len()];
        }
        self.legal
            .iter()
            .enumerate()
            .map(|(r, l)| {
                l.iter()
                    .map(|&i| self.names.move_texts[r][i as usize].clone())
                    .collect()
            })
            .collect()
    }

    /// The propositions of the current state, as KIF text, sorted.
    pub fn state_text(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .true_bases()
            .map(|i| self.names.base_texts[i].clone())
            .collect();
        v.sort();
        v
    }

    fn true_bases(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.net.bases).filter(|&i| self.values.get(i as Node))
    }

    /// The move of each role, as KIF text.
    pub fn move_terms(&self, mv: &JointMove) -> Vec<String> {
        mv.0.iter()
            .enumerate()
            .map(|(r, &i)| self.names.move_texts[r][i as usize].clone())
            .collect()
    }

    fn apply_joint(&mut self, mv: &JointMove) {
        if self.trail_starts.is_empty() && self.root.is_none() {
            self.root = Some(Box::new(Root {
                values: self.values.clone(),
                active: self.active.clone(),
            }));
        }
        let net = &*self.net;
        // The move's inputs replace the last move's, which stay set in between: only the
        // `next` gates read them (GDL's `legal`, `goal` and `terminal` cannot depend on
        // `does`), so this saves clearing them after every move.
        self.scratch.clear();
        for (r, &i) in mv.0.iter().enumerate() {
            let n = net.roles[r].inputs[i as usize];
            match self.active.get(r) {
                Some(&old) if old == n => {}
                Some(&old) => {
                    self.scratch.push(old);
                    self.scratch.push(n);
                }
                None => self.scratch.push(n),
            }
        }
        self.active.clear();
        self.active.extend(
            mv.0.iter()
                .enumerate()
                .map(|(r, &i)| net.roles[r].inputs[i as usize]),
        );
        self.values.flip_all(net, &self.scratch);
        self.trail_starts.push(self.trail.len());
        let next_word = net.next_start as usize >> 6;
        for w in 0..net.bases.div_ceil(64) {
            let mut diff = self.values.bits[w] ^ self.values.bits[next_word + w];
            while diff != 0 {
                self.trail.push(((w << 6) as u32) + diff.trailing_zeros());
                diff &= diff - 1;
            }
        }
        if net.outputs_read_moves {
            let active = std::mem::take(&mut self.active);
            self.values.flip_all(net, &active);
        }
        let start = *self.trail_starts.last().expect("pushed");
        self.scratch.clear();
        self.scratch.extend_from_slice(&self.trail[start..]);
        self.values.flip_all(net, &self.scratch);
    }

    /// Takes back the last `n` moves: back to the start, the snapshot is copied; otherwise
    /// each proposition that differs is flipped once, however often the moves flipped it.
    fn undo_joint_moves(&mut self, n: usize) {
        let depth = self.trail_starts.len();
        assert!(n <= depth, "undo of {n} moves where {depth} were applied");
        if n == 0 {
            return;
        }
        if n == depth {
            if let Some(root) = &self.root {
                self.values.copy_from(&root.values);
                self.active.clone_from(&root.active);
                self.trail.clear();
                self.trail_starts.clear();
                return;
            }
        }
        let start = self.trail_starts[depth - n];
        self.toggled.clear();
        self.toggled.resize(self.net.bases.div_ceil(64), 0);
        for &p in &self.trail[start..] {
            self.toggled[p as usize >> 6] ^= 1 << (p & 63);
        }
        self.scratch.clear();
        for (w, &bits) in self.toggled.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                self.scratch.push(((w << 6) as u32) + bits.trailing_zeros());
                bits &= bits - 1;
            }
        }
        self.trail.truncate(start);
        self.trail_starts.truncate(depth - n);
        self.values.flip_all(&self.net, &self.scratch);
    }

    fn undo_joint(&mut self) {
        let start = self
            .trail_starts
            .pop()
            .expect("undo without a move to take back");
        self.scratch.clear();
        self.scratch.extend_from_slice(&self.trail[start..]);
        self.trail.truncate(start);
        self.values.flip_all(&self.net, &self.scratch);
    }
}

impl game::GameState for Propnet {
    type Move = JointMove;

    fn player_names(&self) -> Vec<String> {
        self.names.role_names.clone()
    }

    fn current_player(&self) -> Option<usize> {
        let mut legal = vec![Vec::new(); self.net.roles.len()];
        if !self.legal_into(&mut legal) {
            return None;
        }
        let counts: Vec<usize> = legal.iter().map(Vec::len).collect();
        joint::chooser(&counts, |r| {
            Some(self.names.move_functors[r][legal[r][0] as usize]) != self.names.noop
        })
    }

    fn legal_moves(&mut self, out: &mut Vec<JointMove>) {
        out.clear();
        if self.error.is_some() || !self.fill_legal() {
            return;
        }
        let joint = joint::joint_move_count(self.legal.iter().map(Vec::len));
        if joint > gdl::engine::MAX_JOINT_MOVES {
            let counts: Vec<usize> = self.legal.iter().map(Vec::len).collect();
            if let Err(e) = joint::joint_move_budget(&counts) {
                self.error = Some(e.to_string());
                return;
            }
        }
        out.reserve(joint as usize);
        joint::joint_moves(&self.legal, out, |m| JointMove(SmallVec::from_slice(m)));
    }

    fn apply(&mut self, mv: &JointMove) {
        self.apply_joint(mv);
    }

    fn undo(&mut self) {
        self.undo_joint();
    }

    fn undo_moves(&mut self, n: usize) {
        self.undo_joint_moves(n);
    }

    fn scores(&self) -> Vec<i64> {
        let mut scores: Vec<Option<i64>> = vec![None; self.net.roles.len()];
        for &(r, v, n) in &self.net.goals {
            if self.values.get(n) {
                scores[r] = Some(scores[r].map_or(v, |old| old.max(v)));
            }
        }
        scores.into_iter().map(|s| s.unwrap_or(0)).collect()
    }

    fn state_hash(&self) -> u64 {
        self.true_bases()
            .map(|i| self.names.base_hashes[i])
            .fold(0u64, u64::wrapping_add)
    }

    fn move_text(&self, mv: &JointMove) -> String {
        self.move_terms(mv).join(" | ")
    }

    fn move_to_text(&mut self, mv: &JointMove) -> String {
        match self.current_player() {
            Some(p) => self.move_terms(mv).swap_remove(p),
            None => self.move_text(mv),
        }
    }

    fn move_from_text(&mut self, text: &str) -> Result<JointMove, game::MoveError> {
        joint::move_from_text(self, text)
    }

    fn position_text(&self) -> String {
        let mut s = self.state_text().join("\n");
        s.push('\n');
        s
    }

    fn set_position(&mut self, text: &str) -> Result<(), game::PositionError> {
        let mut store = self.names.store.clone();
        let terms = gdl::engine::position::parse_props(text, &self.names.symbols, &mut store)?;
        let mut props = Vec::with_capacity(terms.len());
        for t in terms {
            match self.names.base_index.get(&t) {
                Some(&i) => props.push(i),
                None => {
                    return Err(game::PositionError::new(
                        format!(
                            "`{}` is not a proposition this game's rules can ever make true",
                            term_text(&self.names.symbols, &store, t)
                        ),
                        0..text.len(),
                        "in this position",
                    ))
                }
            }
        }
        self.values.reset(&self.net, &props);
        self.root = None;
        self.active.clear();
        self.trail.clear();
        self.trail_starts.clear();
        self.error = None;
        Ok(())
    }

    fn is_terminal(&mut self) -> bool {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.is_empty()
    }

    fn simultaneous_moves(&mut self) -> Option<Vec<usize>> {
        if self.error.is_some() || !self.fill_legal() {
            return None;
        }
        let counts: Vec<usize> = self.legal.iter().map(Vec::len).collect();
        joint::simultaneous(&counts, self.current_player())
    }

    fn own_move_text(&mut self, role: usize, index: usize) -> Option<String> {
        self.simultaneous_moves()?;
        let m = *self.legal.get(role)?.get(index)?;
        self.names.move_texts.get(role)?.get(m as usize).cloned()
    }

    fn joint_move(&mut self, choices: &[usize]) -> Option<JointMove> {
        self.simultaneous_moves()?;
        joint::compose(&self.legal, choices).map(|m| JointMove(SmallVec::from_vec(m)))
    }
}

/// Texts and hashes of the network's propositions and moves.
pub(crate) fn names(g: &crate::ground::Ground, net: &Net) -> Names {
    let mut store = g.store.clone();
    let text = |store: &Store, t: Id| term_text(&g.symbols, store, t);
    let base_texts: Vec<String> = net.base_terms.iter().map(|&p| text(&store, p)).collect();
    // The interpreter hashes each `(true p)` atom structurally: the same symbols give the
    // same hash, so both engines agree on every state's hash.
    let base_hashes = net
        .base_terms
        .iter()
        .map(|&p| {
            let atom = store.intern(gdl::ast::Symbol::TRUE, &[p]);
            joint::prop_hash(store.structural_hash(atom))
        })
        .collect();
    let move_texts: Vec<Vec<String>> = net
        .roles
        .iter()
        .map(|r| r.terms.iter().map(|&m| text(&store, m)).collect())
        .collect();
    let move_ranks = move_texts
        .iter()
        .map(|texts| {
            let mut order: Vec<usize> = (0..texts.len()).collect();
            order.sort_by(|&a, &b| texts[a].cmp(&texts[b]));
            let mut rank = vec![0u32; texts.len()];
            for (r, i) in order.into_iter().enumerate() {
                rank[i] = r as u32;
            }
            rank
        })
        .collect();
    let move_functors = net
        .roles
        .iter()
        .map(|r| r.terms.iter().map(|&m| store.functor(m)).collect())
        .collect();
    Names {
        role_names: net.role_terms.iter().map(|&r| text(&store, r)).collect(),
        base_texts,
        base_hashes,
        move_texts,
        move_ranks,
        base_index: net
            .base_terms
            .iter()
            .enumerate()
            .map(|(i, &p)| (p, i))
            .collect(),
        noop: g.symbols.get("noop"),
        move_functors,
        symbols: g.symbols.clone(),
        store,
    }
}
