//! Small statistics: a share with its Wilson score interval, and a length distribution.

use serde::{Deserialize, Serialize};

/// `count` of `n` with its 95 % Wilson score interval `[low, high]` (`value` 0 and the interval
/// `[0, 1]` when `n` is 0).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Share {
    pub count: u32,
    pub n: u32,
    pub value: f64,
    pub low: f64,
    pub high: f64,
}

/// z of a two-sided 95 % interval.
const Z: f64 = 1.959_963_984_540_054;

impl Share {
    pub fn new(count: u32, n: u32) -> Share {
        if n == 0 {
            return Share {
                count,
                n,
                value: 0.0,
                low: 0.0,
                high: 1.0,
            };
        }
        let nf = f64::from(n);
        let p = f64::from(count.min(n)) / nf;
        let z2 = Z * Z;
        let denom = 1.0 + z2 / nf;
        let centre = (p + z2 / (2.0 * nf)) / denom;
        let half = Z / denom * (p * (1.0 - p) / nf + z2 / (4.0 * nf * nf)).sqrt();
        Share {
            count,
            n,
            value: p,
            // The bounds are exact at the ends (rounding would leave 0.999…).
            low: if count == 0 {
                0.0
            } else {
                (centre - half).max(0.0)
            },
            high: if count >= n {
                1.0
            } else {
                (centre + half).min(1.0)
            },
        }
    }
}

/// A distribution of game lengths (plies).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LengthStats {
    pub n: u32,
    pub mean: f64,
    pub min: u32,
    pub q1: u32,
    pub median: u32,
    pub q3: u32,
    pub max: u32,
    /// Counts in ten equal bins over `0..=scale` (the turn limit, or the longest game).
    pub histogram: Vec<u32>,
    pub scale: u32,
}

impl LengthStats {
    pub fn new(lengths: &[u32], scale: Option<u32>) -> LengthStats {
        let mut v = lengths.to_vec();
        v.sort_unstable();
        let n = v.len();
        let scale = scale.unwrap_or(v.last().copied().unwrap_or(0)).max(1);
        let mut histogram = vec![0u32; 10];
        for &l in &v {
            let bin = (u64::from(l) * 10 / u64::from(scale)).min(9) as usize;
            histogram[bin] += 1;
        }
        if n == 0 {
            return LengthStats {
                histogram,
                scale,
                ..LengthStats::default()
            };
        }
        let q = |f: f64| v[((n - 1) as f64 * f).round() as usize];
        LengthStats {
            n: n as u32,
            mean: v.iter().map(|&l| f64::from(l)).sum::<f64>() / n as f64,
            min: v[0],
            q1: q(0.25),
            median: q(0.5),
            q3: q(0.75),
            max: v[n - 1],
            histogram,
            scale,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        // 8 of 10: the textbook Wilson interval is [0.4902, 0.9433].
        let s = Share::new(8, 10);
        assert!((s.low - 0.4902).abs() < 1e-3, "{s:?}");
        assert!((s.high - 0.9433).abs() < 1e-3, "{s:?}");
        let all = Share::new(10, 10);
        assert_eq!(all.high, 1.0);
        assert!(all.low > 0.69 && all.low < 0.73, "{all:?}");
        assert_eq!(Share::new(0, 0).high, 1.0);
    }

    #[test]
    fn length_quartiles_and_histogram() {
        let l = LengthStats::new(&[10, 20, 30, 40, 50], Some(100));
        assert_eq!((l.min, l.q1, l.median, l.q3, l.max), (10, 20, 30, 40, 50));
        assert_eq!(l.mean, 30.0);
        assert_eq!(l.histogram, vec![0, 1, 1, 1, 1, 1, 0, 0, 0, 0]);
        let full = LengthStats::new(&[100], Some(100));
        assert_eq!(full.histogram[9], 1);
    }
}
