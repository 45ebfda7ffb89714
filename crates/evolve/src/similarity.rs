//! How alike two evolved games are: their rules as comparable strings, and a distance over
//! boards and rules.

use crate::genome::Genome;
use std::collections::HashSet;

/// Best games closer than this to a better one are listed as its variants.
pub const NEAR_DUPLICATE: f64 = 0.1;

/// The rules of a genome as comparable strings.
pub fn rule_set(g: &Genome) -> HashSet<String> {
    g.to_game("d")
        .rules
        .iter()
        .map(|r| format!("{}{:?}", r.kind, r.expr))
        .collect()
}

/// Distance of two genomes in `0..=1`: half the share of squares that differ, half the share
/// of piece rules (letter and rule) not shared.
pub fn distance(a: (&Genome, &HashSet<String>), b: (&Genome, &HashSet<String>)) -> f64 {
    let cells =
        a.0.rows
            .iter()
            .zip(&b.0.rows)
            .flat_map(|(x, y)| x.chars().zip(y.chars()));
    let (mut diff, mut total) = (0usize, 0usize);
    for (x, y) in cells {
        total += 1;
        diff += usize::from(x != y);
    }
    let union = a.1.union(b.1).count().max(1);
    let shared = a.1.intersection(b.1).count();
    0.5 * diff as f64 / total.max(1) as f64 + 0.5 * (1.0 - shared as f64 / union as f64)
}
