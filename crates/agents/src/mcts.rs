//! Monte-Carlo tree search with UCT: selection by UCB1, one node expanded per iteration (the
//! untried moves are shuffled with the RNG), a uniformly random rollout with a length cap, and
//! rewards backed up for the player who chose each move. The final choice is the most visited
//! root move (ties: higher mean reward, then the shuffled order). A fresh tree is built for every
//! decision.

use crate::{mover, rewards, Agent};
use game::playout::random_playout;
use game::{GameState, Rng};
use rand::seq::SliceRandom;
use std::time::{Duration, Instant};

/// Options of [`Mcts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsOptions {
    /// Iterations per decision (ignored when `time` is set).
    pub iterations: u64,
    /// Think this long per decision instead of a fixed number of iterations (not reproducible).
    pub time: Option<Duration>,
    /// UCB1 exploration constant `c` in `mean + c * sqrt(ln N / n)` (rewards lie in `0..=1`).
    pub exploration: f64,
    /// A rollout stops after this many moves; an unfinished rollout counts 0.5 for everyone.
    pub rollout_cap: u64,
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            iterations: 1000,
            time: None,
            exploration: std::f64::consts::SQRT_2,
            rollout_cap: 200,
        }
    }
}

#[derive(Clone, Debug)]
struct Node<M> {
    /// The move that leads here from the parent (none at the root).
    mv: Option<M>,
    parent: u32,
    children: Vec<u32>,
    untried: Vec<M>,
    /// The player who chooses among this node's children.
    player: usize,
    terminal: bool,
    visits: u64,
    /// Sum of the rewards of the parent's player over the iterations through this node.
    reward: f64,
}

/// The UCT agent.
#[derive(Clone, Debug)]
pub struct Mcts {
    pub options: MctsOptions,
    /// Iterations done by the last [`Agent::choose`].
    pub last_iterations: u64,
}

impl Mcts {
    pub fn new(options: MctsOptions) -> Mcts {
        Mcts {
            options,
            last_iterations: 0,
        }
    }
}

fn new_node<G: GameState>(
    state: &mut G,
    mv: Option<G::Move>,
    parent: u32,
    rng: &mut Rng,
) -> Node<G::Move> {
    let mut untried = Vec::new();
    state.legal_moves(&mut untried);
    untried.shuffle(rng);
    Node {
        mv,
        parent,
        children: Vec::new(),
        terminal: untried.is_empty(),
        player: mover(state),
        untried,
        visits: 0,
        reward: 0.0,
    }
}

impl Mcts {
    /// One iteration from the root; leaves `state` as it was.
    fn iterate<G: GameState>(
        &self,
        tree: &mut Vec<Node<G::Move>>,
        state: &mut G,
        players: usize,
        rng: &mut Rng,
    ) {
        let mut node = 0usize;
        let mut depth = 0u64;
        loop {
            if tree[node].terminal {
                break;
            }
            if let Some(mv) = tree[node].untried.pop() {
                state.apply(&mv);
                depth += 1;
                let child = new_node(state, Some(mv), node as u32, rng);
                tree.push(child);
                let id = tree.len() - 1;
                tree[node].children.push(id as u32);
                node = id;
                break;
            }
            let parent_visits = tree[node].visits.max(1) as f64;
            let log_n = parent_visits.ln();
            let mut best = (f64::NEG_INFINITY, 0u32);
            for &c in &tree[node].children {
                let ch = &tree[c as usize];
                let n = ch.visits.max(1) as f64;
                let uct = ch.reward / n + self.options.exploration * (log_n / n).sqrt();
                if uct > best.0 {
                    best = (uct, c);
                }
            }
            node = best.1 as usize;
            let mv = tree[node].mv.clone().expect("a child has a move");
            state.apply(&mv);
            depth += 1;
        }
        let result = if tree[node].terminal {
            rewards(&state.scores())
        } else {
            let p = random_playout(state, rng, self.options.rollout_cap);
            if p.finished {
                rewards(&p.scores)
            } else {
                vec![0.5; players]
            }
        };
        loop {
            let n = &mut tree[node];
            n.visits += 1;
            if node == 0 {
                break;
            }
            let parent = n.parent as usize;
            let chooser = tree[parent].player;
            tree[node].reward += result.get(chooser).copied().unwrap_or(0.5);
            node = parent;
        }
        for _ in 0..depth {
            state.undo();
        }
    }
}

impl<G: GameState> Agent<G> for Mcts {
    fn name(&self) -> String {
        match self.options.time {
            Some(t) => format!("mcts:{}ms", t.as_millis()),
            None => format!("mcts:{}", self.options.iterations),
        }
    }

    fn choose(&mut self, state: &mut G, rng: &mut Rng) -> Option<G::Move> {
        let root = new_node(state, None, 0, rng);
        if root.terminal {
            return None;
        }
        if root.untried.len() == 1 {
            self.last_iterations = 0;
            return root.untried.first().cloned();
        }
        let players = state.player_names().len().max(1);
        let mut tree = vec![root];
        let deadline = self.options.time.map(|t| Instant::now() + t);
        let mut done = 0u64;
        loop {
            match deadline {
                Some(d) if done > 0 && Instant::now() >= d => break,
                None if done >= self.options.iterations.max(1) => break,
                _ => {}
            }
            self.iterate(&mut tree, state, players, rng);
            done += 1;
        }
        self.last_iterations = done;
        let children = &tree[0].children;
        // `max_by` keeps the last of equal elements; walking backwards makes that the earliest
        // child (the shuffled order).
        let best = children.iter().rev().copied().max_by(|&a, &b| {
            let (a, b) = (&tree[a as usize], &tree[b as usize]);
            let mean = |n: &Node<G::Move>| n.reward / n.visits.max(1) as f64;
            a.visits.cmp(&b.visits).then(mean(a).total_cmp(&mean(b)))
        });
        let best = best.map(|c| tree[c as usize].mv.clone().expect("a child has a move"));
        best.or_else(|| tree[0].untried.last().cloned())
    }
}
