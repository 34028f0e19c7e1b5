//! What the measuring tools' rates share (`eval_fit`, `review_error`): the
//! confidence intervals of a proportion, and the `loss ...` lines both write
//! and `eval_fit` reads.

use hijara::ai::analysis::{LossBound, PositionEval, Wdl};
use hijara::rules::Move;
use std::fmt;

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

/// The `key=value` fields of a logged `loss ...` line, without its `# ...`
/// comment; `None` for another line or a field without `=`.
pub fn loss_fields(line: &str) -> Option<Vec<(&str, &str)>> {
    let rest = line.trim().strip_prefix("loss ")?;
    let rest = rest.split('#').next().unwrap_or(rest);
    rest.split_whitespace().map(|f| f.split_once('=')).collect()
}

/// A proven outcome as a `loss` line holds it: 1 win, 0 draw, -1 loss, 9 none.
fn wdl_code(wdl: Option<Wdl>) -> i32 {
    match wdl {
        Some(Wdl::Win) => 1,
        Some(Wdl::Draw) => 0,
        Some(Wdl::Loss) => -1,
        None => 9,
    }
}

/// One valued move as a `loss ...` line (what [`loss_fields`] reads back): the
/// exact loss beside the review's estimate, its outcomes ([`wdl_code`]) and its
/// proofs' loss bound.
pub struct LossLine<'a> {
    pub set: &'a str,
    pub nodes: u64,
    pub empties: u32,
    pub truth: i32,
    pub lost: i32,
    pub best: i32,
    pub played: i32,
    pub exact: bool,
    pub best_wdl: i32,
    pub played_wdl: i32,
    pub bound: Option<LossBound>,
}

impl<'a> LossLine<'a> {
    /// The review's verdict inputs for `played` from its search `e` (which
    /// valued `played` beside the best move), beside the exact `truth`; `None`
    /// when the search has no value for `played`.
    pub fn of_review(
        set: &'a str,
        (nodes, empties, truth): (u64, u32, i32),
        played: Move,
        e: &PositionEval,
    ) -> Option<Self> {
        let p = e.played?;
        let lost = if e.best == played {
            0
        } else {
            (e.margin - p.margin).max(0)
        };
        Some(LossLine {
            set,
            nodes,
            empties,
            truth,
            lost,
            best: e.margin,
            played: p.margin,
            exact: e.exact && p.exact,
            best_wdl: wdl_code(e.wdl),
            played_wdl: wdl_code(p.wdl),
            bound: e.loss_bound,
        })
    }
}

impl fmt::Display for LossLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "loss set={} nodes={} empties={} truth={} lost={} best={} played={} exact={} bw={} pw={}",
            self.set,
            self.nodes,
            self.empties,
            self.truth,
            self.lost,
            self.best,
            self.played,
            u8::from(self.exact),
            self.best_wdl,
            self.played_wdl,
        )?;
        match self.bound {
            Some(LossBound::AtLeast(n)) => write!(f, " lb={n}"),
            Some(LossBound::AtMost(n)) => write!(f, " ub={n}"),
            None => Ok(()),
        }
    }
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
}
