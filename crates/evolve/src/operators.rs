//! Genetic operators as genevo operators: two-point crossover on board columns with uniform
//! crossover of piece rules and goal conditions ([`ChessCrossover`]), and the paper's adaptive
//! mutation guided by the last evaluation's [`Feedback`] ([`AdaptiveMutation`]).

use crate::genome::{class_of, BlockPool, Genome, GoalGene, GoalKind, PieceGene};
use genevo::genetic::{Children, Parents};
use genevo::operator::{CrossoverOp, GeneticOperator, MutationOp};
use genevo::random::Rng;

/// Two parents give two children: columns `[a, b)` of the board are swapped (two-point
/// crossover on columns); each piece rule present in both parents is taken from either parent
/// at random (uniform), a rule present in one parent only follows the columns that need it;
/// each goal condition of either parent goes to one child or the other at random (uniform, the
/// lists may differ in length).
#[derive(Clone, Debug, PartialEq)]
pub struct ChessCrossover {
    pub pool: BlockPool,
}

impl GeneticOperator for ChessCrossover {
    fn name() -> String {
        "Columns-Uniform-Crossover".to_string()
    }
}

impl CrossoverOp<Genome> for ChessCrossover {
    fn crossover<R>(&self, parents: Parents<Genome>, rng: &mut R) -> Children<Genome>
    where
        R: Rng + Sized,
    {
        let mut children = Vec::new();
        for pair in parents.chunks(2) {
            if pair.len() < 2 || pair[0].width != pair[1].width || pair[0].height != pair[1].height
            {
                children.extend(pair.iter().cloned());
                continue;
            }
            let (p, q) = (&pair[0], &pair[1]);
            let w = p.width;
            let mut a = rng.gen_range(0..w);
            let mut b = rng.gen_range(0..=w);
            if a > b {
                std::mem::swap(&mut a, &mut b);
            }
            let mut c1 = p.clone();
            let mut c2 = q.clone();
            for y in 0..p.height {
                for x in a..b {
                    c1.set_cell(x, y, q.cell(x, y));
                    c2.set_cell(x, y, p.cell(x, y));
                }
            }
            // Uniform crossover of rules, over the union of letters.
            let mut r1: Vec<PieceGene> = Vec::new();
            let mut r2: Vec<PieceGene> = Vec::new();
            let letters: Vec<char> = {
                let mut v: Vec<char> = p.pieces.iter().chain(&q.pieces).map(|g| g.kind).collect();
                v.sort_unstable();
                v.dedup();
                v
            };
            for k in letters {
                let gp = p.pieces.iter().find(|g| g.kind == k);
                let gq = q.pieces.iter().find(|g| g.kind == k);
                match (gp, gq) {
                    (Some(x), Some(y)) => {
                        if rng.gen_bool(0.5) {
                            r1.push(x.clone());
                            r2.push(y.clone());
                        } else {
                            r1.push(y.clone());
                            r2.push(x.clone());
                        }
                    }
                    (Some(x), None) | (None, Some(x)) => {
                        r1.push(x.clone());
                        r2.push(x.clone());
                    }
                    (None, None) => {}
                }
            }
            c1.pieces = r1;
            c2.pieces = r2;
            // Uniform crossover of goal conditions.
            let mut g1: Vec<GoalGene> = Vec::new();
            let mut g2: Vec<GoalGene> = Vec::new();
            for g in p.goals.iter().chain(&q.goals) {
                if rng.gen_bool(0.5) {
                    g1.push(*g);
                } else {
                    g2.push(*g);
                }
            }
            c1.goals = g1;
            c2.goals = g2;
            for c in [&mut c1, &mut c2] {
                c.feedback = None;
                c.fill_rules(rng, &self.pool);
            }
            children.push(c1);
            children.push(c2);
        }
        children
    }
}

/// The adaptive mutation of §III-C. With `s = width + height`, the rules and goals are mutated
/// with probability `4 / (4 + s)`, the initial position otherwise (a bigger board has more
/// position genes).
///
/// * Position: a random square gets new content, empty or a random piece type of the genome;
///   white on the lower half, black on the upper half.
/// * Rules (two thirds of rule/goal mutations): one of three options, weighted
///   `1 - n·u_min` (redraw the least useful piece, `u_min` its usefulness among `n` types),
///   `1` (redraw a piece chosen by roulette wheel on rule size) and `0.5` (swap the rules of two
///   pieces of the same class, when there are such).
/// * Goals (one third): with weight `1` both sides get the same goal added or one removed; with
///   weight `2·|a|` (`a` white's advantage in alpha-beta games) only the stronger side loses a
///   goal, or the weaker side gains one.
#[derive(Clone, Debug, PartialEq)]
pub struct AdaptiveMutation {
    pub pool: BlockPool,
}

impl GeneticOperator for AdaptiveMutation {
    fn name() -> String {
        "Adaptive-Mutation".to_string()
    }
}

impl MutationOp<Genome> for AdaptiveMutation {
    fn mutate<R>(&self, mut g: Genome, rng: &mut R) -> Genome
    where
        R: Rng + Sized,
    {
        let s = (g.width + g.height) as f64;
        if rng.gen_bool(4.0 / (4.0 + s)) {
            if rng.gen_bool(2.0 / 3.0) {
                self.mutate_rules(&mut g, rng);
            } else {
                mutate_goals(&mut g, rng);
            }
        } else {
            self.mutate_position(&mut g, rng);
        }
        g.feedback = None;
        g.fill_rules(rng, &self.pool);
        g
    }
}

impl AdaptiveMutation {
    fn mutate_position<R: Rng>(&self, g: &mut Genome, rng: &mut R) {
        let x = rng.gen_range(0..g.width);
        let y = rng.gen_range(0..g.height);
        let mut kinds: Vec<char> = g.pieces.iter().map(|p| p.kind).collect();
        if kinds.is_empty() {
            kinds.push('P');
        }
        let c = if rng.gen_bool(0.3) {
            '.'
        } else {
            let k = kinds[rng.gen_range(0..kinds.len())];
            if y < g.height / 2 {
                k
            } else {
                k.to_ascii_lowercase()
            }
        };
        g.set_cell(x, y, c);
        // Never leave a side without pieces.
        let white = g
            .rows
            .iter()
            .any(|r| r.chars().any(|c| c.is_ascii_uppercase()));
        let black = g
            .rows
            .iter()
            .any(|r| r.chars().any(|c| c.is_ascii_lowercase()));
        if !white || !black {
            g.set_cell(x, y, if white { 'p' } else { 'P' });
        }
    }

    fn mutate_rules<R: Rng>(&self, g: &mut Genome, rng: &mut R) {
        if g.pieces.is_empty() {
            return;
        }
        let n = g.pieces.len();
        let least = g.feedback.as_ref().and_then(|f| {
            g.pieces
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let u = f
                        .usefulness
                        .iter()
                        .find(|(k, _)| *k == p.kind)
                        .map_or(0.0, |(_, u)| *u);
                    (i, u)
                })
                .min_by(|a, b| a.1.total_cmp(&b.1))
        });
        let w_least = least.map_or(0.3, |(_, u)| (1.0 - n as f64 * u).clamp(0.1, 1.0));
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .filter(|&(i, j)| g.pieces[i].class == g.pieces[j].class)
            .collect();
        let w_swap = if pairs.is_empty() { 0.0 } else { 0.5 };
        let r = rng.gen::<f64>() * (w_least + 1.0 + w_swap);
        if r < w_least {
            let i = least.map_or_else(|| rng.gen_range(0..n), |(i, _)| i);
            g.pieces[i] = PieceGene::random(rng, g.pieces[i].kind, &self.pool);
        } else if r < w_least + 1.0 {
            let total: usize = g.pieces.iter().map(|p| p.size().max(1)).sum();
            let mut t = rng.gen_range(0..total);
            let mut i = 0;
            for (j, p) in g.pieces.iter().enumerate() {
                let s = p.size().max(1);
                if t < s {
                    i = j;
                    break;
                }
                t -= s;
            }
            let kind = g.pieces[i].kind;
            debug_assert_eq!(class_of(kind), g.pieces[i].class);
            g.pieces[i] = PieceGene::random(rng, kind, &self.pool);
        } else {
            let (i, j) = pairs[rng.gen_range(0..pairs.len())];
            let bi = g.pieces[i].blocks.clone();
            g.pieces[i].blocks = std::mem::replace(&mut g.pieces[j].blocks, bi);
        }
    }
}

fn mutate_goals<R: Rng>(g: &mut Genome, rng: &mut R) {
    let kinds: Vec<char> = g.pieces.iter().map(|p| p.kind).collect();
    if kinds.is_empty() {
        return;
    }
    let a = g.feedback.as_ref().map_or(0.0, |f| f.white_advantage);
    let random_goal = |rng: &mut R, white| GoalGene {
        kind: kinds[rng.gen_range(0..kinds.len())],
        white,
        goal: if rng.gen_bool(0.5) {
            GoalKind::Reach
        } else {
            GoalKind::Capture
        },
    };
    let both = rng.gen::<f64>() * (1.0 + 2.0 * a.abs()) < 1.0;
    if both {
        if !g.goals.is_empty() && rng.gen_bool(0.5) {
            let victim = g.goals[rng.gen_range(0..g.goals.len())];
            g.goals
                .retain(|x| !(x.kind == victim.kind && x.goal == victim.goal));
        } else {
            let x = random_goal(rng, true);
            g.goals.push(x);
            g.goals.push(GoalGene { white: false, ..x });
        }
    } else {
        // A goal of the side is something it can win by (`@`) or lose by (`#`).
        let stronger_white = a > 0.0;
        let reach_of = |white: bool| {
            g.goals
                .iter()
                .position(|x| x.white == white && x.goal == GoalKind::Reach)
        };
        if let (true, Some(i)) = (rng.gen_bool(0.5), reach_of(stronger_white)) {
            g.goals.remove(i);
        } else {
            let mut x = random_goal(rng, !stronger_white);
            x.goal = GoalKind::Reach;
            g.goals.push(x);
        }
    }
}
