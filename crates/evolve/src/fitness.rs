//! Fitness from `rate`'s measurements. A game is first checked statically (it converts, white
//! can move, every piece type can move and, unless a goal gives it a square to reach, capture);
//! then `rate` plays equal strong players, stronger vs weaker and search vs random, and the
//! paper's features are scored on those games with the draw loophole closed (length and balance
//! on decisive games, a decisiveness feature) and a skill-gradient feature. The evaluation is a
//! pure function of (game, options, seed): a distributed evaluation gives the same bytes.
//! Every formula and default weight is in `docs/evolver.md`.

use crate::genome::{class_of, Class, Feedback, Genome};
use rate::{Pairing, Player, RateOptions, Report};
use serde::{Deserialize, Serialize};

/// How a game is simulated for its fitness (the `rate` pairings and players).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SimOptions {
    /// Depth of the strong alpha-beta player (equal games, and the stronger of the gradient).
    pub strong_depth: u32,
    /// Depth of the weaker player of the gradient games.
    pub weak_depth: u32,
    pub equal_games: u32,
    pub gradient_games: u32,
    pub strategy_games: u32,
    /// Random plies at the start of every game (so games differ).
    pub opening_plies: u32,
    /// The branching factor the width feature aims at.
    pub target_branching: f64,
    /// Depth of a second pair of equal players (0: none): balance is a property of the game
    /// *and* the players (a game balanced at one depth can favour a side at the next), so the
    /// balance feature is the lower of the two depths' balances.
    #[serde(default)]
    pub deep_depth: u32,
    /// Games between the two `deep_depth` players.
    #[serde(default)]
    pub deep_games: u32,
}

impl Default for SimOptions {
    fn default() -> Self {
        SimOptions {
            strong_depth: 2,
            weak_depth: 1,
            equal_games: 24,
            gradient_games: 16,
            strategy_games: 8,
            opening_plies: 2,
            target_branching: 12.0,
            deep_depth: 3,
            deep_games: 16,
        }
    }
}

impl SimOptions {
    /// The rating options of one evaluation.
    pub fn rate_options(&self, seed: u64) -> RateOptions {
        RateOptions {
            seed,
            equal_games: self.equal_games,
            gradient_games: self.gradient_games,
            strategy_games: self.strategy_games,
            strong: Player::AlphaBeta {
                depth: self.strong_depth.max(1),
            },
            weak: Player::AlphaBeta {
                depth: self.weak_depth.max(1),
            },
            opening_plies: self.opening_plies,
            tt_bits: 12,
            ..RateOptions::default()
        }
    }

    /// The rating options of the deep equal games (none when `deep_depth` or `deep_games` is
    /// 0): equal games only, with their own seed stream.
    pub fn deep_rate_options(&self, seed: u64) -> Option<RateOptions> {
        (self.deep_depth > 0 && self.deep_games > 0).then(|| RateOptions {
            seed: seed ^ 0x5851_f42d_4c95_7f2d,
            equal_games: self.deep_games,
            gradient_games: 0,
            strategy_games: 0,
            strong: Player::AlphaBeta {
                depth: self.deep_depth,
            },
            ..self.rate_options(seed)
        })
    }
}

/// Weights of the features in the fitness (any non-negative values; the fitness divides by
/// their sum).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Weights {
    pub decisiveness: f64,
    pub length: f64,
    pub length_difference: f64,
    pub width: f64,
    pub balance: f64,
    pub random_balance: f64,
    pub strategy: f64,
    pub skill: f64,
    pub complexity: f64,
    pub reducibility: f64,
}

impl Default for Weights {
    fn default() -> Self {
        Weights {
            decisiveness: 1.0,
            length: 1.0,
            length_difference: 1.0,
            width: 1.0,
            balance: 1.0,
            random_balance: 1.0,
            strategy: 1.0,
            skill: 1.0,
            complexity: 1.0,
            reducibility: 1.0,
        }
    }
}

/// The features of one game, each in `0..=1`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Features {
    pub playability: f64,
    pub decisiveness: f64,
    pub length: f64,
    pub length_difference: f64,
    pub width: f64,
    pub balance: f64,
    pub random_balance: f64,
    pub strategy: f64,
    pub skill: f64,
    pub complexity: f64,
    pub reducibility: f64,
}

impl Features {
    /// `(name, value)` of every feature but playability, in the order of [`Weights`].
    pub fn named(&self) -> [(&'static str, f64); 10] {
        [
            ("decisiveness", self.decisiveness),
            ("length", self.length),
            ("length difference", self.length_difference),
            ("width", self.width),
            ("balance", self.balance),
            ("random balance", self.random_balance),
            ("strategy", self.strategy),
            ("skill", self.skill),
            ("complexity", self.complexity),
            ("reducibility", self.reducibility),
        ]
    }
}

/// Raw measurements behind the features that are not in the rating report.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Letters in the rules, and the size the complexity feature aims at.
    pub rules_size: usize,
    pub target_size: f64,
    /// Piece types with pairwise different rules.
    pub distinct_rules: usize,
    /// Games simulated.
    pub simulations: u32,
    /// First player's share of the decisive deep equal games, and their number (absent
    /// without deep games).
    #[serde(default)]
    pub deep_balance: Option<(f64, u32)>,
    /// Why the game is unplayable, if it is.
    pub unplayable: Option<String>,
}

/// The result of evaluating a game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Evaluation {
    pub fitness: f64,
    pub features: Features,
    pub stats: Stats,
    pub feedback: Feedback,
    /// The rating the features come from (absent when the static checks failed).
    pub report: Option<Report>,
}

/// What a generated game fails of [`check_game`]; `text` is the game as printed.
#[derive(Debug, thiserror::Error)]
pub enum GameCheckError {
    #[error("does not parse: {diagnostics:?}\n{text}")]
    NoParse {
        text: String,
        diagnostics: Vec<codespan_reporting::diagnostic::Diagnostic<()>>,
    },
    #[error("print/parse round trip differs:\n{text}")]
    RoundTrip { text: String },
    #[error(transparent)]
    Engine(#[from] sbg::BuildError),
    #[error("to IR: {0}")]
    ToIr(#[source] convert::ReadBackError),
    /// Shown with `Debug`, as the evolver's logs have always shown it.
    #[error("to GDL: {0:?}")]
    ToGdl(convert::sbg_to_gdl::GdlError),
}

/// Why a game fails the [`static_check`].
#[derive(Debug, thiserror::Error)]
pub enum StaticCheckError {
    #[error(transparent)]
    Game(#[from] GameCheckError),
    #[error("no move at the start")]
    NoMoveAtStart,
    #[error("piece {kind} can never move")]
    NeverMoves { kind: char },
    #[error("piece {kind} can never capture")]
    NeverCaptures { kind: char },
}

/// Checks what every generated game must satisfy: `parse(print(g))` gives `g` back, the engine
/// builds, and the conversions to RBG, IR and GDL succeed.
pub fn check_game(game: &sbg::Game) -> Result<(), GameCheckError> {
    let text = sbg::print(game);
    let back = match sbg::parse(&text) {
        Ok((back, _)) => back,
        Err(diagnostics) => return Err(GameCheckError::NoParse { text, diagnostics }),
    };
    if back != *game {
        return Err(GameCheckError::RoundTrip { text });
    }
    sbg::Engine::new(game)?;
    convert::sbg_to_ir(game).map_err(GameCheckError::ToIr)?;
    convert::sbg_to_gdl(game).map_err(GameCheckError::ToGdl)?;
    Ok(())
}

/// The Gaussian of (1) in the paper, rescaled to peak at 1.
fn gaussian(x: f64, mu: f64, sigma: f64) -> f64 {
    (-(x - mu).powi(2) / (2.0 * sigma * sigma)).exp()
}

/// Letters of the chess pieces' rules in SBG (corpus/sbg/gardner.sbg): pawn 3, knight 16,
/// bishop 12, rook 12, queen 24, king 16. A class aims at its chess pieces' mean: weak the
/// pawn (3), light knight and bishop (14), strong rook and queen (18).
pub fn desired_size(class: Class) -> f64 {
    match class {
        Class::Weak => 3.0,
        Class::Light => 14.0,
        Class::Strong => 18.0,
    }
}

/// The class of a piece letter of any game: the evolver's letters have theirs; any other
/// letter (a king, say) counts as light.
pub fn class_of_letter(kind: char) -> Class {
    if crate::genome::LETTERS.iter().any(|(k, _)| *k == kind) {
        class_of(kind)
    } else {
        Class::Light
    }
}

fn letters(e: &sbg::Expr) -> usize {
    let mut n = 0;
    e.for_each_letter(&mut |_| n += 1);
    n
}

/// Evaluates a genome: [`evaluate_game`] on its game.
pub fn evaluate(genome: &Genome, sim: &SimOptions, weights: &Weights, seed: u64) -> Evaluation {
    evaluate_game(&genome.to_game("evolved"), sim, weights, seed)
}

/// The static checks: the game converts, white can move, every piece type can move and capture
/// (unless a goal gives it a square to reach).
pub fn static_check(game: &sbg::Game) -> Result<(), StaticCheckError> {
    check_game(game)?;
    let mut engine = sbg::Engine::new(game).map_err(GameCheckError::Engine)?;
    if game::GameState::is_terminal(&mut engine) {
        return Err(StaticCheckError::NoMoveAtStart);
    }
    for p in rate::piece_statics(game) {
        if !p.can_move {
            return Err(StaticCheckError::NeverMoves { kind: p.kind });
        }
        if !p.can_capture && p.needs_capture {
            return Err(StaticCheckError::NeverCaptures { kind: p.kind });
        }
    }
    Ok(())
}

/// Evaluates any SBG game. Pure: the result depends only on the arguments.
pub fn evaluate_game(
    game: &sbg::Game,
    sim: &SimOptions,
    weights: &Weights,
    seed: u64,
) -> Evaluation {
    let mut ev = Evaluation::default();
    let kinds = rate::sbg::piece_kinds(game);
    ev.stats.rules_size = game.rules.iter().map(|r| letters(&r.expr)).sum();
    ev.stats.target_size = kinds
        .iter()
        .map(|&k| desired_size(class_of_letter(k)))
        .sum::<f64>()
        .max(1.0);
    let mut distinct: Vec<&sbg::Expr> = Vec::new();
    for r in &game.rules {
        if !distinct.contains(&&r.expr) {
            distinct.push(&r.expr);
        }
    }
    ev.stats.distinct_rules = distinct.len();
    if let Err(why) = static_check(game) {
        ev.stats.unplayable = Some(why.to_string());
        return ev;
    }
    let report = match rate::rate_sbg(game, &sim.rate_options(seed)) {
        Ok(r) => r,
        Err(why) => {
            ev.stats.unplayable = Some(why.to_string());
            return ev;
        }
    };
    ev.stats.simulations = report.games;
    if let Some(deep) = sim.deep_rate_options(seed) {
        match rate::rate_sbg(game, &deep) {
            Ok(r) => {
                ev.stats.simulations += r.games;
                ev.stats.deep_balance = Some((r.balance.value, r.balance.n));
            }
            Err(why) => {
                ev.stats.unplayable = Some(why.to_string());
                return ev;
            }
        }
    }
    ev.feedback = Feedback {
        usefulness: report
            .pieces
            .iter()
            .map(|p| (p.fixed.kind, p.usefulness))
            .collect(),
        white_advantage: {
            let eq = report.pairing(Pairing::Equal);
            (f64::from(eq.first_wins) - f64::from(eq.second_wins)) / f64::from(eq.games.max(1))
        },
    };
    ev.features = features(&report, &ev.stats, kinds.len(), sim);
    ev.fitness = fitness_of(&ev.features, weights);
    if ev.features.playability == 0.0 {
        ev.stats.unplayable = Some("no game between the search players ended decisively".into());
    }
    ev.report = Some(report);
    ev
}

/// The features from a rating (see docs/evolver.md for each formula).
fn features(r: &Report, stats: &Stats, n: usize, sim: &SimOptions) -> Features {
    let limit = f64::from(r.turn_limit.unwrap_or(1).max(1));
    let eq = r.pairing(Pairing::Equal);
    let st = r.pairing(Pairing::Strategy);
    // Equal players must be able to win: a decisive gradient game may only be a blunder.
    let decisive_equal = eq.first_wins + eq.second_wins;
    let l_eq = eq.decisive_length.mean / limit;
    let l_st = st.length.mean / limit;
    let mu = sim.target_branching.max(1.0);
    let (a_first, a_second) = strategy_by_side(r);
    let u_min = r
        .pieces
        .iter()
        .map(|p| p.usefulness)
        .fold(f64::INFINITY, f64::min);
    Features {
        playability: if decisive_equal > 0 { 1.0 } else { 0.0 },
        decisiveness: (r.decisiveness.value / r.options.thresholds.decisive).min(1.0),
        length: if eq.decisive_length.n == 0 {
            0.0
        } else {
            (l_eq / 0.3).min(1.0)
        },
        length_difference: if eq.decisive_length.n == 0 {
            0.0
        } else {
            ((l_eq - l_st) / 0.2).clamp(0.0, 1.0)
        },
        width: gaussian(r.branching, mu, mu / 2.0),
        balance: balance_feature(r.balance.value, r.balance.n).min(
            stats
                .deep_balance
                .map_or(1.0, |(value, n)| balance_feature(value, n)),
        ),
        random_balance: 1.0 - (a_first - a_second).abs(),
        strategy: r.strategy.value,
        skill: (r.skill.value / r.options.thresholds.skill).min(1.0),
        complexity: gaussian(
            stats.rules_size as f64,
            stats.target_size,
            stats.target_size / 2.0,
        ),
        reducibility: if n == 0 {
            0.0
        } else {
            stats.distinct_rules.min(n) as f64 / n as f64 * (n as f64 * u_min / 0.5).min(1.0)
        },
    }
}

/// `1 − |2f − 1|` for a first-player share `f` of `n` decisive games (0 without any).
fn balance_feature(f: f64, n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        1.0 - (2.0 * f - 1.0).abs()
    }
}

/// The searching player's win rate against random as first and as second player.
fn strategy_by_side(r: &Report) -> (f64, f64) {
    let st = r.pairing(Pairing::Strategy);
    // A sits first in the even games: ceil(n/2) games first, floor(n/2) second.
    let first_games = st.games.div_ceil(2);
    let second_games = st.games / 2;
    let a_first_wins = st.a_first_wins;
    let a_second_wins = st.a_wins - st.a_first_wins;
    let rate = |w: u32, g: u32| {
        if g == 0 {
            0.0
        } else {
            f64::from(w) / f64::from(g)
        }
    };
    (
        rate(a_first_wins, first_games),
        rate(a_second_wins, second_games),
    )
}

/// `playability × Σ wᵢ fᵢ / Σ wᵢ`.
pub fn fitness_of(f: &Features, w: &Weights) -> f64 {
    let ws = [
        w.decisiveness,
        w.length,
        w.length_difference,
        w.width,
        w.balance,
        w.random_balance,
        w.strategy,
        w.skill,
        w.complexity,
        w.reducibility,
    ];
    let total: f64 = ws.iter().map(|w| w.max(0.0)).sum();
    if total <= 0.0 {
        return f.playability;
    }
    let sum: f64 = ws
        .iter()
        .zip(f.named())
        .map(|(w, (_, v))| w.max(0.0) * v)
        .sum();
    f.playability * sum / total
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
