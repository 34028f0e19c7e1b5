//! The statistics the measuring tools share: percentiles (nearest rank), the
//! 95% interval of a mean score, and those of a proportion (Wilson's and the
//! exact Clopper-Pearson one).
// Each tool includes this file whole (`#[path]`) and uses a part of it; the
// tests below use all of it.
#![allow(dead_code)]

use std::time::Duration;

/// A value a percentile is taken of, with what the percentile of none is.
pub trait Sample: Copy {
    /// The percentile of no values: NaN where the type has one, else zero.
    const NONE: Self;
}

impl Sample for f64 {
    const NONE: Self = f64::NAN;
}

impl Sample for u64 {
    const NONE: Self = 0;
}

impl Sample for i32 {
    const NONE: Self = 0;
}

impl Sample for Duration {
    const NONE: Self = Duration::ZERO;
}

/// The `p`-th percentile (0-100) of `sorted`, by nearest rank: the least value
/// with at least `p`% of them at or below it, so the 0th is the least and the
/// 100th the greatest; [`Sample::NONE`] when there are none.
pub fn percentile<T: Sample>(sorted: &[T], p: f64) -> T {
    // `len * p / 100` in that order is exact for a whole `p`; `p / 100 * len` is
    // not (7 / 100 * 100 is 7.000000000000001, whose ceiling is 8).
    let rank = (sorted.len() as f64 * p / 100.0).ceil() as usize;
    sorted.get(rank.max(1) - 1).copied().unwrap_or(T::NONE)
}

/// A mean score's 95% interval (the normal approximation over per-game scores,
/// each 0-1): the mean, then the interval's ends within 0-1; all 0 for none.
pub fn score_interval(scores: &[f64]) -> (f64, f64, f64) {
    let n = scores.len().max(1) as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    (mean, (mean - half).max(0.0), (mean + half).min(1.0))
}

/// The 95% Wilson interval of `k` in `n`, in percent, within 0-100: at `k` = 0
/// the lower end is 0 to rounding, and a rounding below 0 (even `-0.0`) would
/// print as `-0.0`, so it is 0.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 100.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96_f64);
    let p = k / n;
    let den = 1.0 + z * z / n;
    let centre = p + z * z / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let within = |x: f64| {
        if x > 0.0 { x.min(100.0) } else { 0.0 }
    };
    (
        within(100.0 * (centre - half) / den),
        within(100.0 * (centre + half) / den),
    )
}

/// The 95% Clopper-Pearson ("exact") interval of `k` in `n`, in percent:
/// the binomial tails themselves, never narrower than Wilson's near 0 and
/// `n`, so a rate's upper bound from a few events is not understated.
pub fn clopper_pearson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 100.0);
    }
    // The lower bound is where P(X >= k) = 2.5%, the upper where P(X <= k) = 2.5%;
    // both tails are monotonic in p, so bisection finds them.
    let bisect = |too_low: &dyn Fn(f64) -> bool| {
        let (mut lo, mut hi) = (0.0_f64, 1.0_f64);
        for _ in 0..60 {
            let mid = 0.5 * (lo + hi);
            if too_low(mid) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        0.5 * (lo + hi)
    };
    let lower = if k == 0 {
        0.0
    } else {
        bisect(&|p| 1.0 - binomial_cdf(k - 1, n, p) < 0.025)
    };
    let upper = if k == n {
        1.0
    } else {
        bisect(&|p| binomial_cdf(k, n, p) > 0.025)
    };
    (100.0 * lower, 100.0 * upper)
}

/// P(X <= k) for X binomial(n, p), summed in logs so large `n` does not underflow.
fn binomial_cdf(k: usize, n: usize, p: f64) -> f64 {
    if p <= 0.0 {
        return 1.0;
    }
    if p >= 1.0 {
        return if k >= n { 1.0 } else { 0.0 };
    }
    let (lp, lq) = (p.ln(), (1.0 - p).ln());
    // ln C(n, i), built up from ln C(n, 0) = 0.
    let mut ln_choose = 0.0;
    let mut terms = Vec::with_capacity(k + 1);
    for i in 0..=k.min(n) {
        if i > 0 {
            ln_choose += ((n - i + 1) as f64).ln() - (i as f64).ln();
        }
        terms.push(ln_choose + i as f64 * lp + (n - i) as f64 * lq);
    }
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    (top.exp() * terms.iter().map(|t| (t - top).exp()).sum::<f64>()).min(1.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wilson_interval_of_none_starts_at_a_plain_zero() {
        // Its lower end is 0 less a rounding for some n, which printed `-0.0`.
        for n in 1..=1000 {
            let (lo, hi) = wilson(0, n);
            assert_eq!(format!("{lo:.1}"), "0.0", "0 of {n}: {lo:e}");
            assert!(hi > 0.0 && hi <= 100.0, "0 of {n}: {hi}");
            let (lo, hi) = wilson(n, n);
            assert!(lo > 0.0 && hi <= 100.0, "{n} of {n}: {lo} {hi}");
        }
    }

    #[test]
    fn clopper_pearson_matches_the_closed_forms_and_a_table() {
        // k = 0 and k = n have closed forms: 1 - 0.025^(1/n) and 0.025^(1/n).
        let (lo, hi) = clopper_pearson(0, 10);
        assert_eq!(lo, 0.0);
        assert!(
            (hi - 100.0 * (1.0 - 0.025_f64.powf(0.1))).abs() < 1e-6,
            "{hi}"
        );
        let (lo, hi) = clopper_pearson(20, 20);
        assert!((lo - 100.0 * 0.025_f64.powf(0.05)).abs() < 1e-6, "{lo}");
        assert_eq!(hi, 100.0);
        // 1 in 10: 0.25% to 44.50% (the standard table).
        let (lo, hi) = clopper_pearson(1, 10);
        assert!(
            (lo - 0.253).abs() < 0.01 && (hi - 44.50).abs() < 0.01,
            "{lo} {hi}"
        );
        // Large n stays finite and brackets the rate, wider than Wilson's at the top.
        let (lo, hi) = clopper_pearson(3, 2000);
        let (_, wilson_hi) = wilson(3, 2000);
        assert!(lo > 0.0 && lo < 0.15 && hi > 0.15 && hi < 0.5, "{lo} {hi}");
        assert!(hi >= wilson_hi - 0.01, "{hi} {wilson_hi}");
    }

    #[test]
    fn a_percentile_is_by_nearest_rank_and_of_none_is_none() {
        assert!(percentile::<f64>(&[], 50.0).is_nan());
        assert_eq!(percentile::<u64>(&[], 50.0), 0);
        assert_eq!(percentile::<i32>(&[], 95.0), 0);
        assert_eq!(percentile::<Duration>(&[], 99.0), Duration::ZERO);
        // One value is every percentile.
        for p in [0.0, 1.0, 50.0, 99.0, 100.0] {
            assert_eq!(percentile(&[7u64], p), 7, "p{p}");
        }
        let ten: Vec<u64> = (1..=10).collect();
        assert_eq!(percentile(&ten, 0.0), 1);
        assert_eq!(percentile(&ten, 100.0), 10);
        // The least with at least p% at or below it: 10% is 1 of 10, 11% takes 2;
        // the median of an even count is the lower middle.
        assert_eq!(percentile(&ten, 10.0), 1);
        assert_eq!(percentile(&ten, 11.0), 2);
        assert_eq!(percentile(&ten, 50.0), 5);
        assert_eq!(percentile(&ten, 90.0), 9);
        assert_eq!(percentile(&ten, 99.0), 10);
        // A whole p is exact: the 7th percentile of 1-100 is 7, not 8.
        let hundred: Vec<i32> = (1..=100).collect();
        for p in 1..=100 {
            assert_eq!(percentile(&hundred, f64::from(p)), p, "p{p}");
        }
        let ms = [0.5, 1.5, 2.5];
        assert_eq!(percentile(&ms, 50.0), 1.5);
        assert_eq!(percentile(&ms, 67.0), 2.5);
    }

    #[test]
    fn a_score_interval_is_the_mean_and_stays_within_0_to_1() {
        assert_eq!(score_interval(&[]), (0.0, 0.0, 0.0));
        assert_eq!(score_interval(&[1.0, 1.0]), (1.0, 1.0, 1.0));
        // 0 and 1: mean 1/2, sample variance 1/2, half-width 1.96 * sqrt(1/4).
        let (mean, lo, hi) = score_interval(&[0.0, 1.0]);
        assert_eq!(mean, 0.5);
        assert_eq!((lo, hi), (0.0, 1.0));
        let scores = [1.0, 0.5, 0.5, 0.0, 1.0, 0.5, 1.0, 0.5];
        let (mean, lo, hi) = score_interval(&scores);
        assert_eq!(mean, 0.625);
        // Squares about the mean sum to 0.875: sample variance 0.125, half-width
        // 1.96 * sqrt(0.125 / 8) = 0.245.
        let half = 0.245;
        assert!((hi - mean - half).abs() < 1e-12, "{lo} {hi} {half}");
        assert!((mean - lo - half).abs() < 1e-12, "{lo} {hi} {half}");
    }
}
