//! The last stage of a run: the fittest games are rated again as a user would rate them
//! (`rbgtool rate GAME --games 60`: deeper players than the fitness uses, more games, the
//! default seed), and the run's best games are the fittest of those that pass every check.
//! Selection optimises a noisy, optimistic measurement with the evolution's own players;
//! this stage is the independent check, so a user who rates the written games sees the same
//! verdicts (the rating is a pure function of the game and these options).

use crate::model::Individual;
use crate::similarity::{distance, rule_set, NEAR_DUPLICATE};
use rate::{Pairing, RateOptions};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

/// One candidate's validation rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Validation {
    /// Its place in the final population by fitness, from 1.
    pub rank: usize,
    pub fitness: f64,
    /// No flag raised: decisive, balanced, a skill gradient, every piece used.
    pub passes: bool,
    pub decisive: f64,
    /// First player's share of the decisive equal games.
    pub balance: f64,
    /// The stronger player's share of the gradient games.
    pub skill: f64,
    /// The rank of a fitter passing candidate closer than
    /// [`NEAR_DUPLICATE`](crate::similarity::NEAR_DUPLICATE) to this one, if it passes.
    #[serde(default)]
    pub near_duplicate_of: Option<usize>,
    /// The least used piece type's share of the moves.
    #[serde(default)]
    pub least_used: f64,
    /// `rate`'s flag codes (empty when it passes).
    pub flags: Vec<String>,
}

/// The options of `rbgtool rate GAME --games 60`.
pub fn validation_options() -> RateOptions {
    RateOptions {
        equal_games: 60,
        gradient_games: 60,
        strategy_games: 30,
        ..RateOptions::default()
    }
}

/// Rates the `candidates` fittest individuals of a population sorted best first, in parallel.
pub fn validate(population: &[Individual], candidates: usize) -> Vec<Validation> {
    let options = validation_options();
    let mut out = population
        .iter()
        .take(candidates)
        .enumerate()
        .collect::<Vec<_>>()
        .into_par_iter()
        .map(|(i, ind)| {
            let game = ind.genome.to_game("validation");
            let mut v = Validation {
                rank: i + 1,
                fitness: ind.fitness(),
                passes: false,
                decisive: 0.0,
                balance: 0.0,
                skill: 0.0,
                least_used: 0.0,
                near_duplicate_of: None,
                flags: Vec::new(),
            };
            match rate::rate_sbg(&game, &options) {
                Ok(r) => {
                    v.passes = r.flags.is_empty();
                    v.decisive = r.decisiveness.value;
                    v.balance = r.balance.value;
                    v.skill = r.skill.value;
                    v.least_used = r.pieces.iter().map(|p| p.usefulness).fold(1.0, f64::min);
                    v.flags = r.flags.iter().map(|f| f.code.clone()).collect();
                    debug_assert_eq!(r.pairing(Pairing::Equal).games, options.equal_games);
                }
                Err(why) => v.flags.push(format!("not rated: {why}")),
            }
            v
        })
        .collect::<Vec<Validation>>();
    mark_near_duplicates(&mut out, population);
    out
}

/// Marks each passing candidate within `NEAR_DUPLICATE` of a fitter, distinct passing one.
fn mark_near_duplicates(validations: &mut [Validation], population: &[Individual]) {
    let rules: Vec<_> = validations
        .iter()
        .map(|v| rule_set(&population[v.rank - 1].genome))
        .collect();
    let mut kept: Vec<usize> = Vec::new();
    for i in 0..validations.len() {
        if !validations[i].passes {
            continue;
        }
        let genome = |k: usize| &population[validations[k].rank - 1].genome;
        let twin = kept
            .iter()
            .copied()
            .find(|&k| distance((genome(k), &rules[k]), (genome(i), &rules[i])) < NEAR_DUPLICATE);
        match twin {
            Some(k) => validations[i].near_duplicate_of = Some(validations[k].rank),
            None => kept.push(i),
        }
    }
}

/// The order of the run's best games: the candidates that pass and are no near-duplicate
/// of a fitter one, fittest first, then the passing near-duplicates, then the others; as
/// indices into the population.
pub fn best_order(validations: &[Validation]) -> Vec<usize> {
    let mut order: Vec<&Validation> = validations.iter().collect();
    order.sort_by_key(|v| (!v.passes, v.near_duplicate_of.is_some(), v.rank));
    order.into_iter().map(|v| v.rank - 1).collect()
}

/// The pairwise distances (`similarity::distance`) of the first `k` best games, as text lines.
pub fn distances(best: &[Individual], k: usize) -> String {
    let best = &best[..k.min(best.len())];
    let rules: Vec<_> = best.iter().map(|i| rule_set(&i.genome)).collect();
    let mut s = String::new();
    for i in 0..best.len() {
        for j in i + 1..best.len() {
            let d = distance((&best[i].genome, &rules[i]), (&best[j].genome, &rules[j]));
            s.push_str(&format!("distance best-{} best-{}: {d:.3}\n", i + 1, j + 1));
        }
    }
    s
}

/// A plain-text table of the validation, for `validation.txt` and the terminal.
pub fn table(validations: &[Validation]) -> String {
    let o = validation_options();
    let mut s = format!(
        "validation: `rbgtool rate GAME --games {}` (players {} and {}, seed {}); \
         {} of the {} fittest pass\n\n",
        o.equal_games,
        o.strong,
        o.weak,
        o.seed,
        validations.iter().filter(|v| v.passes).count(),
        validations.len()
    );
    s.push_str("rank  fitness  decisive  first player  stronger wins  least used piece  verdict\n");
    for v in validations {
        s.push_str(&format!(
            "{:>4}  {:>7.4}  {:>7.1}%  {:>11.1}%  {:>12.1}%  {:>15.1}%  {}\n",
            v.rank,
            v.fitness,
            100.0 * v.decisive,
            100.0 * v.balance,
            100.0 * v.skill,
            100.0 * v.least_used,
            if let (true, Some(k)) = (v.passes, v.near_duplicate_of) {
                format!("passes (near-duplicate of rank {k})")
            } else if v.passes {
                "passes".to_string()
            } else {
                v.flags.join(", ")
            }
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(rank: usize, passes: bool) -> Validation {
        Validation {
            rank,
            fitness: 1.0 - rank as f64 / 100.0,
            passes,
            decisive: 1.0,
            balance: 0.5,
            skill: 1.0,
            least_used: 0.3,
            near_duplicate_of: None,
            flags: Vec::new(),
        }
    }

    #[test]
    fn passing_candidates_come_first_in_fitness_order() {
        let vs = [v(1, false), v(2, true), v(3, false), v(4, true)];
        assert_eq!(best_order(&vs), vec![1, 3, 0, 2]);
        let mut vs = vs;
        vs[1].near_duplicate_of = Some(4);
        assert_eq!(
            best_order(&vs),
            vec![3, 1, 0, 2],
            "a near-duplicate goes after"
        );
    }
}
