//! Fitness from simulations: alpha-beta vs alpha-beta games, alpha-beta vs random games (both
//! seatings) and random playouts give the paper's features; the fitness is their weighted mean
//! times playability. Every formula and default weight is in `docs/evolver.md`.

use crate::genome::{Class, Feedback, Genome};
use agents::{Agent, AlphaBeta, AlphaBetaOptions, Random, SbgHeuristic, SbgWeights};
use game::{rng_from_seed, GameState};
use serde::{Deserialize, Serialize};

/// How many simulations of each kind, and the players' strength.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimOptions {
    /// Alpha-beta search depth (plies).
    pub ab_depth: u32,
    /// Alpha-beta vs alpha-beta games.
    pub ab_vs_ab: u32,
    /// Alpha-beta vs random games (half with alpha-beta as white, half as black).
    pub ab_vs_random: u32,
    /// Random vs random playouts.
    pub random_playouts: u32,
    /// The branching factor the width feature aims at.
    pub target_branching: f64,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            ab_depth: 2,
            ab_vs_ab: 6,
            ab_vs_random: 8,
            random_playouts: 20,
            target_branching: 12.0,
        }
    }
}

/// Weights of the features in the fitness (any non-negative values; the fitness divides by
/// their sum).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weights {
    pub length: f64,
    pub length_difference: f64,
    pub width: f64,
    pub minmax_balance: f64,
    pub random_balance: f64,
    pub strategy: f64,
    pub complexity: f64,
    pub reducibility: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            length: 1.0,
            length_difference: 1.0,
            width: 1.0,
            minmax_balance: 1.0,
            random_balance: 1.0,
            strategy: 1.0,
            complexity: 1.0,
            reducibility: 1.0,
        }
    }
}

/// The features of one game, each in `0..=1`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Features {
    pub playability: f64,
    pub length: f64,
    pub length_difference: f64,
    pub width: f64,
    pub minmax_balance: f64,
    pub random_balance: f64,
    pub strategy: f64,
    pub complexity: f64,
    pub reducibility: f64,
}

/// Raw measurements behind the features.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Mean length of alpha-beta vs alpha-beta games, over the turn limit.
    pub minmax_length: f64,
    /// Mean length of alpha-beta vs random games, over the turn limit.
    pub random_length: f64,
    /// Mean number of legal moves over all states visited by all simulations.
    pub branching: f64,
    /// Alpha-beta vs alpha-beta: white wins, black wins, draws.
    pub minmax_results: [u32; 3],
    /// Alpha-beta vs random: alpha-beta wins as white, as black; games as white, as black.
    pub ab_wins_as: [u32; 2],
    pub ab_games_as: [u32; 2],
    /// Random playouts: white wins, black wins, draws.
    pub random_results: [u32; 3],
    /// Letters in the rules, and the size the complexity feature aims at.
    pub rules_size: usize,
    pub target_size: f64,
    /// Games simulated (all kinds).
    pub simulations: u32,
    /// Why the game is unplayable, if it is.
    pub unplayable: Option<String>,
}

/// The result of evaluating a genome.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Evaluation {
    pub fitness: f64,
    pub features: Features,
    pub stats: Stats,
    pub feedback: Feedback,
}

/// Checks what every generated game must satisfy: `parse(print(g))` gives `g` back, the engine
/// builds, and the conversions to RBG, IR and GDL succeed.
pub fn check_game(game: &sbg::Game) -> Result<(), String> {
    let text = sbg::print(game);
    let (back, _) = sbg::parse(&text).map_err(|d| format!("does not parse: {d:?}\n{text}"))?;
    if back != *game {
        return Err(format!("print/parse round trip differs:\n{text}"));
    }
    sbg::Engine::new(game).map_err(|e| e.to_string())?;
    convert::sbg_to_ir(game).map_err(|e| format!("to IR: {e}"))?;
    convert::sbg_to_gdl(game).map_err(|e| format!("to GDL: {e:?}"))?;
    Ok(())
}

/// The Gaussian of (1) in the paper, rescaled to peak at 1.
fn gaussian(x: f64, mu: f64, sigma: f64) -> f64 {
    (-(x - mu).powi(2) / (2.0 * sigma * sigma)).exp()
}

/// Desired letters in a piece's rule, by class (about a chess piece's description).
pub fn desired_size(class: Class) -> f64 {
    match class {
        Class::Weak => 3.0,
        Class::Light => 8.0,
        Class::Strong => 8.0,
    }
}

#[derive(Default)]
struct Tracker {
    states: u64,
    moves_sum: u64,
    /// Moves made per piece letter (alpha-beta games only).
    piece_moves: Vec<(char, u64)>,
}

/// Plays one game; `who[p]` is `None` for a random player. Returns the white-minus-black
/// margin sign (1, 0, -1) and the length in plies.
fn play(
    engine: &mut sbg::Engine,
    start: &[Option<char>],
    who: [&mut dyn Agent<sbg::Engine>; 2],
    count_pieces: bool,
    seed: u64,
    t: &mut Tracker,
) -> (i64, u32) {
    let mut rng = rng_from_seed(seed);
    let mut cells: Vec<Option<char>> = start.to_vec();
    let mut moves = Vec::new();
    let mut plies = 0u32;
    loop {
        engine.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        t.states += 1;
        t.moves_sum += moves.len() as u64;
        let p = engine.current_player().unwrap_or(0);
        let Some(mv) = who[p].choose(engine, &mut rng) else {
            break;
        };
        let (from, to) = (mv.from as usize, mv.to as usize);
        let kind = cells[from];
        if count_pieces {
            if let Some(k) = kind {
                match t.piece_moves.iter_mut().find(|(c, _)| *c == k) {
                    Some(e) => e.1 += 1,
                    None => t.piece_moves.push((k, 1)),
                }
            }
        }
        cells[from] = None;
        cells[to] = kind;
        engine.apply(&mv);
        plies += 1;
    }
    let s = engine.scores();
    let margin = (s[0] - s[1]).signum();
    for _ in 0..plies {
        engine.undo();
    }
    (margin, plies)
}

/// Evaluates a genome by simulation. Deterministic given `seed`.
pub fn evaluate(genome: &Genome, sim: &SimOptions, weights: &Weights, seed: u64) -> Evaluation {
    let game = genome.to_game("evolved");
    let mut ev = Evaluation::default();
    let n = genome.pieces.len();
    ev.stats.rules_size = genome.rules_size();
    ev.stats.target_size = genome
        .pieces
        .iter()
        .map(|p| desired_size(p.class))
        .sum::<f64>()
        .max(1.0);
    let unplayable = |mut ev: Evaluation, why: String| {
        ev.stats.unplayable = Some(why);
        ev
    };
    if let Err(e) = check_game(&game) {
        return unplayable(ev, e);
    }
    let Ok(mut engine) = sbg::Engine::new(&game) else {
        return unplayable(ev, "engine".into());
    };
    if engine.is_terminal() {
        return unplayable(ev, "no move at the start".into());
    }
    let Ok(heur) = SbgHeuristic::new(&game, SbgWeights::default()) else {
        return unplayable(ev, "heuristic".into());
    };
    let ab_opts = AlphaBetaOptions {
        depth: sim.ab_depth,
        time: None,
        tt_bits: 12,
    };
    let mut ab0 = AlphaBeta::new(ab_opts, heur.clone());
    let mut ab1 = AlphaBeta::new(ab_opts, heur);
    let mut r0 = Random;
    let mut r1 = Random;
    let start: Vec<Option<char>> = game.board.cells.iter().map(|c| c.map(|p| p.kind)).collect();
    let limit = f64::from(genome.turn_limit.max(1));
    let mut t = Tracker::default();
    let mut seeds = 0u64;
    let mut next_seed = || {
        seeds += 1;
        seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(seeds)
    };
    let mut decisive = 0;
    // Alpha-beta vs alpha-beta.
    let mut mm_len = 0.0;
    for _ in 0..sim.ab_vs_ab {
        let (m, len) = play(
            &mut engine,
            &start,
            [&mut ab0, &mut ab1],
            true,
            next_seed(),
            &mut t,
        );
        mm_len += f64::from(len);
        ev.stats.minmax_results[match m {
            1 => 0,
            -1 => 1,
            _ => 2,
        }] += 1;
        decisive += i32::from(m != 0);
    }
    // Alpha-beta vs random, alternating seats.
    let mut ar_len = 0.0;
    for i in 0..sim.ab_vs_random {
        let ab_white = i % 2 == 0;
        let (m, len) = if ab_white {
            play(
                &mut engine,
                &start,
                [&mut ab0, &mut r1],
                false,
                next_seed(),
                &mut t,
            )
        } else {
            play(
                &mut engine,
                &start,
                [&mut r0, &mut ab1],
                false,
                next_seed(),
                &mut t,
            )
        };
        ar_len += f64::from(len);
        let side = usize::from(!ab_white);
        ev.stats.ab_games_as[side] += 1;
        let ab_won = (ab_white && m == 1) || (!ab_white && m == -1);
        ev.stats.ab_wins_as[side] += u32::from(ab_won);
        decisive += i32::from(m != 0);
    }
    // Random playouts.
    for _ in 0..sim.random_playouts {
        let (m, _) = play(
            &mut engine,
            &start,
            [&mut r0, &mut r1],
            false,
            next_seed(),
            &mut t,
        );
        ev.stats.random_results[match m {
            1 => 0,
            -1 => 1,
            _ => 2,
        }] += 1;
        decisive += i32::from(m != 0);
    }
    ev.stats.simulations = sim.ab_vs_ab + sim.ab_vs_random + sim.random_playouts;
    let n_mm = f64::from(sim.ab_vs_ab.max(1));
    let n_ar = f64::from(sim.ab_vs_random.max(1));
    ev.stats.minmax_length = mm_len / n_mm / limit;
    ev.stats.random_length = ar_len / n_ar / limit;
    ev.stats.branching = if t.states == 0 {
        0.0
    } else {
        t.moves_sum as f64 / t.states as f64
    };
    // Feedback for the mutation.
    let total_moves: u64 = t.piece_moves.iter().map(|(_, c)| c).sum();
    ev.feedback.usefulness = genome
        .pieces
        .iter()
        .map(|p| {
            let c = t
                .piece_moves
                .iter()
                .find(|(k, _)| *k == p.kind)
                .map_or(0, |(_, c)| *c);
            (p.kind, c as f64 / total_moves.max(1) as f64)
        })
        .collect();
    let [ww, bw, _] = ev.stats.minmax_results;
    ev.feedback.white_advantage = (f64::from(ww) - f64::from(bw)) / n_mm;

    // Features.
    let s = &ev.stats;
    let f = &mut ev.features;
    f.playability = if decisive > 0 { 1.0 } else { 0.0 };
    f.length = (s.minmax_length / 0.3).min(1.0);
    f.length_difference = ((s.minmax_length - s.random_length) / 0.2).clamp(0.0, 1.0);
    let mu = sim.target_branching.max(1.0);
    f.width = gaussian(s.branching, mu, mu / 2.0);
    f.minmax_balance = 1.0 - (f64::from(ww) - f64::from(bw)).abs() / n_mm;
    let rate = |side: usize| f64::from(s.ab_wins_as[side]) / f64::from(s.ab_games_as[side].max(1));
    f.random_balance = 1.0 - (rate(0) - rate(1)).abs();
    f.strategy = f64::from(s.ab_wins_as[0] + s.ab_wins_as[1]) / n_ar;
    f.complexity = gaussian(s.rules_size as f64, s.target_size, s.target_size / 2.0);
    let u_min = ev
        .feedback
        .usefulness
        .iter()
        .map(|(_, u)| *u)
        .fold(f64::INFINITY, f64::min);
    // Two types with the same rule are one type under two names: only distinct rules count.
    let mut distinct: Vec<sbg::Expr> = Vec::new();
    for p in &genome.pieces {
        let e = p.expr(genome.width, genome.height);
        if !distinct.contains(&e) {
            distinct.push(e);
        }
    }
    let share = distinct.len() as f64 / n.max(1) as f64;
    f.reducibility = share
        * if n == 0 || sim.ab_vs_ab == 0 {
            1.0
        } else {
            (n as f64 * u_min / 0.5).min(1.0)
        };
    ev.fitness = fitness_of(f, weights);
    if f.playability == 0.0 {
        ev.stats.unplayable = Some("no simulation reached a decisive end".into());
    }
    ev
}

/// `playability × Σ wᵢ fᵢ / Σ wᵢ`.
pub fn fitness_of(f: &Features, w: &Weights) -> f64 {
    let terms = [
        (w.length, f.length),
        (w.length_difference, f.length_difference),
        (w.width, f.width),
        (w.minmax_balance, f.minmax_balance),
        (w.random_balance, f.random_balance),
        (w.strategy, f.strategy),
        (w.complexity, f.complexity),
        (w.reducibility, f.reducibility),
    ];
    let total: f64 = terms.iter().map(|(w, _)| w.max(0.0)).sum();
    if total <= 0.0 {
        return f.playability;
    }
    f.playability * terms.iter().map(|(w, v)| w.max(0.0) * v).sum::<f64>() / total
}

/// The fitness as genevo sees it: `fitness × 10 000`, rounded, from a fresh evaluation.
#[derive(Clone, Debug)]
pub struct SimulatedFitness {
    pub sim: SimOptions,
    pub weights: Weights,
    pub seed: u64,
}

impl genevo::genetic::FitnessFunction<Genome, u32> for SimulatedFitness {
    fn fitness_of(&self, g: &Genome) -> u32 {
        (evaluate(g, &self.sim, &self.weights, self.seed).fitness * 10_000.0).round() as u32
    }

    fn average(&self, values: &[u32]) -> u32 {
        if values.is_empty() {
            return 0;
        }
        (values.iter().map(|&v| u64::from(v)).sum::<u64>() / values.len() as u64) as u32
    }

    fn highest_possible_fitness(&self) -> u32 {
        10_000
    }

    fn lowest_possible_fitness(&self) -> u32 {
        0
    }
}
