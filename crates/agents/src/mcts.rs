//! Monte-Carlo tree search with UCT: selection by UCB1, one node expanded per iteration (the
//! untried moves are shuffled with the RNG), a uniformly random rollout with a length cap, and
//! rewards backed up for the player who chose each move. The final choice is the most visited
//! root move (ties: higher mean reward, then the shuffled order). A fresh tree is built for every
//! decision.
//!
//! Simultaneous turns (GDL) use decoupled UCT, as general game players do: such a node keeps a
//! table of statistics per role over its own moves; each role selects its own move by its own
//! UCB1 (untried own moves first, in shuffled order; equal values drawn at random), the joint
//! move is their combination (a child per combination met), and each role's own move is
//! credited with that role's reward. A role's decision is its most visited own move at the root
//! (ties: higher mean, then the lower index).

use crate::{mover, rewards, Agent};
use game::playout::random_playout;
use game::{GameState, Rng};
use rand::seq::SliceRandom;
use rand::Rng as _;
use std::collections::HashMap;
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
    /// At a simultaneous turn: the roles' own statistics (then `untried` and `reward` are
    /// unused).
    joint: Option<Box<Joint>>,
    /// The own moves of the parent's simultaneous turn that lead here (empty otherwise).
    choices: Box<[u32]>,
}

/// Decoupled statistics of a simultaneous turn.
#[derive(Clone, Debug)]
struct Joint {
    /// `stats[r][i]`: visits and reward sum of role `r`'s own move `i`.
    stats: Vec<Vec<(u64, f64)>>,
    /// Each role's own moves not tried yet, shuffled (taken from the end).
    untried: Vec<Vec<u32>>,
    /// The child of each combination of own moves met.
    children: HashMap<Box<[u32]>, u32>,
}

impl Joint {
    /// Role `r`'s own move by UCB1 over its own statistics (an untried one first; equal
    /// values drawn at random, or roles with equal statistics would move in lockstep).
    fn select(&mut self, r: usize, log_n: f64, exploration: f64, rng: &mut Rng) -> u32 {
        if let Some(i) = self.untried[r].pop() {
            return i;
        }
        let mut best = (f64::NEG_INFINITY, 0u32);
        let mut ties = 0u32;
        for (i, &(visits, reward)) in self.stats[r].iter().enumerate() {
            let n = visits.max(1) as f64;
            let ucb = reward / n + exploration * (log_n / n).sqrt();
            if ucb > best.0 {
                best = (ucb, i as u32);
                ties = 1;
            } else if ucb == best.0 {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best.1 = i as u32;
                }
            }
        }
        best.1
    }

    /// Role `r`'s most visited own move (ties: higher mean, then lower index).
    fn best(&self, r: usize) -> Option<usize> {
        let stats = self.stats.get(r)?;
        let mean = |&(v, w): &(u64, f64)| w / v.max(1) as f64;
        let best = stats
            .iter()
            .enumerate()
            .rev()
            .max_by(|(_, a), (_, b)| a.0.cmp(&b.0).then(mean(a).total_cmp(&mean(b))));
        best.map(|(i, _)| i)
    }
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
    choices: Box<[u32]>,
    rng: &mut Rng,
) -> Node<G::Move> {
    if let Some(counts) = state.simultaneous_moves() {
        let untried = counts
            .iter()
            .map(|&c| {
                let mut own: Vec<u32> = (0..c as u32).collect();
                own.shuffle(rng);
                own
            })
            .collect();
        let joint = Joint {
            stats: counts.iter().map(|&c| vec![(0, 0.0); c]).collect(),
            untried,
            children: HashMap::new(),
        };
        return Node {
            mv,
            parent,
            children: Vec::new(),
            untried: Vec::new(),
            player: 0,
            terminal: false,
            visits: 0,
            reward: 0.0,
            joint: Some(Box::new(joint)),
            choices,
        };
    }
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
        joint: None,
        choices,
    }
}

/// What one step of the selection at a simultaneous turn found.
enum Step {
    /// Go down to this existing child.
    Down(usize),
    /// The new child made (and entered) for a combination not met before.
    New(usize),
    /// The engine composed no joint move (it breaks its contract): stop here.
    Stop,
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
            if tree[node].joint.is_some() {
                match self.joint_step(tree, node, state, rng) {
                    Step::Down(child) => {
                        node = child;
                        depth += 1;
                        continue;
                    }
                    Step::New(child) => {
                        node = child;
                        depth += 1;
                    }
                    Step::Stop => {}
                }
                break;
            }
            if let Some(mv) = tree[node].untried.pop() {
                state.apply(&mv);
                depth += 1;
                let child = new_node(state, Some(mv), node as u32, Box::default(), rng);
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
            if tree[parent].joint.is_some() {
                let choices = std::mem::take(&mut tree[node].choices);
                if let Some(joint) = tree[parent].joint.as_mut() {
                    for (r, &i) in choices.iter().enumerate() {
                        if let Some(s) = joint.stats[r].get_mut(i as usize) {
                            s.0 += 1;
                            s.1 += result.get(r).copied().unwrap_or(0.5);
                        }
                    }
                }
                tree[node].choices = choices;
            } else {
                let chooser = tree[parent].player;
                tree[node].reward += result.get(chooser).copied().unwrap_or(0.5);
            }
            node = parent;
        }
        for _ in 0..depth {
            state.undo();
        }
    }

    /// Selection at the simultaneous turn `node`: every role picks its own move, and the
    /// combination's child is entered (its move applied to `state`), made first if new.
    fn joint_step<G: GameState>(
        &self,
        tree: &mut Vec<Node<G::Move>>,
        node: usize,
        state: &mut G,
        rng: &mut Rng,
    ) -> Step {
        let log_n = (tree[node].visits.max(1) as f64).ln();
        let Some(joint) = tree[node].joint.as_mut() else {
            return Step::Stop;
        };
        let choices: Box<[u32]> = (0..joint.stats.len())
            .map(|r| joint.select(r, log_n, self.options.exploration, rng))
            .collect();
        if let Some(&child) = joint.children.get(&choices) {
            let child = child as usize;
            let Some(mv) = tree[child].mv.clone() else {
                return Step::Stop;
            };
            state.apply(&mv);
            return Step::Down(child);
        }
        let own: Vec<usize> = choices.iter().map(|&i| i as usize).collect();
        let Some(mv) = state.joint_move(&own) else {
            return Step::Stop;
        };
        state.apply(&mv);
        let child = new_node(state, Some(mv), node as u32, choices.clone(), rng);
        tree.push(child);
        let id = tree.len() - 1;
        tree[node].children.push(id as u32);
        if let Some(joint) = tree[node].joint.as_mut() {
            joint.children.insert(choices, id as u32);
        }
        Step::New(id)
    }

    /// Iterations from `root` (the node of `state`) until the budget is spent.
    fn grow<G: GameState>(
        &mut self,
        state: &mut G,
        root: Node<G::Move>,
        rng: &mut Rng,
    ) -> Vec<Node<G::Move>> {
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
        tree
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
        let root = new_node(state, None, 0, Box::default(), rng);
        if root.terminal {
            return None;
        }
        if root.joint.is_some() {
            // One decoupled search; every role's own decision from its own statistics.
            let tree = self.grow(state, root, rng);
            let joint = tree[0].joint.as_ref()?;
            let choices: Option<Vec<usize>> =
                (0..joint.stats.len()).map(|r| joint.best(r)).collect();
            return state.joint_move(&choices?);
        }
        if root.untried.len() == 1 {
            self.last_iterations = 0;
            return root.untried.first().cloned();
        }
        let tree = self.grow(state, root, rng);
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

    /// Decoupled UCT from the simultaneous turn `state`; the role's most visited own move.
    fn choose_own(&mut self, state: &mut G, role: usize, rng: &mut Rng) -> Option<usize> {
        let root = new_node(state, None, 0, Box::default(), rng);
        let own = root.joint.as_ref()?.stats.get(role)?.len();
        if own <= 1 {
            self.last_iterations = 0;
            return (own == 1).then_some(0);
        }
        let tree = self.grow(state, root, rng);
        tree[0].joint.as_ref()?.best(role)
    }
}
