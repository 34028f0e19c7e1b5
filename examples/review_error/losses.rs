//! `review_error --losses`: the error of the *points a move lost*, the number a
//! verdict rests on, for the review's two ways of finding it:
//!
//! - **separate** (the review before issue 29): the position before the move and
//!   the position after it are each valued by their own search
//!   (`analysis::evaluate`); the loss is the first value less the second (from the
//!   mover's side), 0 when the move is the engine's best;
//! - **paired**: one search values the best move and the move played
//!   ([`evaluate_move`]); the loss is the difference of the two.
//!
//! The truth is the exact loss (both margins solved to the end) up to
//! `--exact-up-to` empty sections, and beyond a much deeper paired search
//! (`--deep-nodes`; with `--deep-weights hard` or `medium`, an evaluation the
//! review does not share). `--second-review-nodes` values each move again at a
//! second budget (the deep review's) against the same truth. Each sampled move prints a `loss ...` line of `key=value`
//! fields, which `--pool` reads back, so runs can be pooled; the summary gives,
//! per band of 4 empty sections, the error of each way, the correlation of the
//! two values' errors, and the rates the verdict goals are about.

use std::time::{Duration, Instant};

use anyhow::Context;

use crate::stats::{clopper_pearson, loss_fields, wilson};
use hijara::ai::SearchLimit;
use hijara::ai::analysis::{evaluate_move, evaluate_move_weighted};
use hijara::ai::eval::SCALE;
use hijara::ai::search::{INF, Searcher};
use hijara::review::{Class, Value, classify::classify};
use hijara::rules::{Move, Position};

use super::{Args, BANDS, band, band_name, load_average, percentile, sample_positions};

/// One sampled move, as printed and pooled.
#[derive(Debug, Clone, Copy, Default)]
struct Sample {
    /// The review's budget in nodes (0: as logged before the field existed, or a time).
    review_nodes: u64,
    empties: u32,
    /// The true loss, and whether it is exact (else a deeper search's).
    truth: i32,
    exact_truth: bool,
    /// The true values of the best move and the move played (mover's side).
    truth_best: i32,
    truth_played: i32,
    /// The separate way: loss, value before, value after, both exact.
    sep: i32,
    sep_best: i32,
    sep_played: i32,
    sep_exact: bool,
    /// The paired way.
    pair: i32,
    pair_best: i32,
    pair_played: i32,
    pair_exact: bool,
}

impl Sample {
    fn line(&self) -> String {
        format!(
            "loss rn={} empties={} truth={} exact_truth={} tb={} tp={} sep={} sb={} sp={} sx={} pair={} pb={} pp={} px={}",
            self.review_nodes,
            self.empties,
            self.truth,
            u8::from(self.exact_truth),
            self.truth_best,
            self.truth_played,
            self.sep,
            self.sep_best,
            self.sep_played,
            u8::from(self.sep_exact),
            self.pair,
            self.pair_best,
            self.pair_played,
            u8::from(self.pair_exact),
        )
    }

    fn parse(line: &str) -> Option<Sample> {
        // The fields, without the `# game ...` comment after them.
        let mut s = Sample::default();
        for (key, value) in loss_fields(line)? {
            if key == "rn" {
                s.review_nodes = value.parse().ok()?;
                continue;
            }
            let v: i32 = value.parse().ok()?;
            match key {
                "empties" => s.empties = v as u32,
                "truth" => s.truth = v,
                "exact_truth" => s.exact_truth = v != 0,
                "tb" => s.truth_best = v,
                "tp" => s.truth_played = v,
                "sep" => s.sep = v,
                "sb" => s.sep_best = v,
                "sp" => s.sep_played = v,
                "sx" => s.sep_exact = v != 0,
                "pair" => s.pair = v,
                "pb" => s.pair_best = v,
                "pp" => s.pair_played = v,
                "px" => s.pair_exact = v != 0,
                _ => {}
            }
        }
        Some(s)
    }
}

/// The exact margins of the best move and of `played`, one table for both.
fn exact_losses(position: &Position, played: Move, secs: u64) -> Option<(i32, i32)> {
    let limit = SearchLimit {
        deadline: Some(Instant::now() + Duration::from_secs(secs)),
        ..SearchLimit::NONE
    };
    let mut searcher = Searcher::new(22, limit);
    let order: Vec<Move> = position.legal_moves().collect();
    let (_, best) = searcher.solve_margin(position, &order, -INF, INF)?;
    let (_, got) = searcher.solve_margin(position, &[played], -INF, INF)?;
    Some((best / SCALE, got / SCALE))
}

/// The review's limit for one search of `nodes` (0: `--think-ms`).
fn review_limit(args: &Args, nodes: u64) -> SearchLimit<'static> {
    if nodes > 0 {
        SearchLimit::nodes(nodes)
    } else {
        SearchLimit::millis(args.think_ms)
    }
}

/// The true values of the best move and of `played` (mover's side), and whether
/// they are exact: solved to the end up to `--exact-up-to` empty sections, else a
/// deeper paired search with `--deep-weights`.
fn truth_of(position: &Position, played: Move, args: &Args) -> Option<(i32, i32, bool)> {
    if position.empty_sections() <= args.exact_up_to {
        let (b, g) = exact_losses(position, played, args.truth_secs)?;
        return Some((b, g, true));
    }
    let limit = SearchLimit::nodes(args.deep_nodes);
    let weights = args.deep_weights.weights();
    let deep = evaluate_move_weighted(position, Some(played), &limit, &weights)?;
    let d = deep.played?;
    Some((deep.margin, d.margin, deep.exact && d.exact))
}

/// One move valued both ways with the review's weights at `nodes`, beside its truth.
fn measure(
    position: &Position,
    played: Move,
    args: &Args,
    nodes: u64,
    (truth_best, truth_played, exact_truth): (i32, i32, bool),
) -> Option<Sample> {
    let empties = position.empty_sections();
    let limit = review_limit(args, nodes);
    // Separate: two searches, the review's old way ([`evaluate`] is the same
    // search without a move to pin).
    let before = evaluate_move(position, None, &limit)?;
    let mut child = *position;
    child.play_unchecked(played);
    let after = if child.is_over() {
        (child.margin(position.to_move()), true)
    } else {
        let e = evaluate_move(&child, None, &limit)?;
        (-e.margin, e.exact)
    };
    let sep = if before.best == played {
        0
    } else {
        (before.margin - after.0).max(0)
    };
    // Paired: one search.
    let paired = evaluate_move(position, Some(played), &limit)?;
    let p = paired.played?;
    Some(Sample {
        review_nodes: nodes,
        empties,
        truth: truth_best - truth_played,
        exact_truth,
        truth_best,
        truth_played,
        sep,
        sep_best: before.margin,
        sep_played: after.0,
        sep_exact: before.exact && after.1,
        pair: paired.margin - p.margin,
        pair_best: paired.margin,
        pair_played: p.margin,
        pair_exact: paired.exact && p.exact,
    })
}

/// The review budgets of a run: `--review-nodes`, then `--second-review-nodes` if set.
fn budgets(args: &Args) -> Vec<u64> {
    let mut b = vec![args.review_nodes];
    if args.second_review_nodes > 0 && args.second_review_nodes != args.review_nodes {
        b.push(args.second_review_nodes);
    }
    b
}

/// Pearson's correlation of two series (0 when undefined).
fn correlation(xs: &[f64], ys: &[f64]) -> f64 {
    let n = xs.len() as f64;
    if xs.len() < 2 {
        return 0.0;
    }
    let (mx, my) = (xs.iter().sum::<f64>() / n, ys.iter().sum::<f64>() / n);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for (x, y) in xs.iter().zip(ys) {
        sxy += (x - mx) * (y - my);
        sxx += (x - mx) * (x - mx);
        syy += (y - my) * (y - my);
    }
    if sxx == 0.0 || syy == 0.0 {
        0.0
    } else {
        sxy / (sxx * syy).sqrt()
    }
}

/// The summary of one way of judging over `samples`: how its losses err, and
/// the thresholds its verdicts would need for the goals.
fn summary(
    name: &str,
    samples: &[&Sample],
    pick: impl Fn(&Sample) -> (i32, i32, i32, bool),
) -> String {
    let estimated: Vec<&&Sample> = samples.iter().filter(|s| !pick(s).3).collect();
    let mut errors: Vec<i32> = estimated.iter().map(|s| pick(s).0 - s.truth).collect();
    errors.sort_unstable();
    let mut abs: Vec<i32> = errors.iter().map(|e| e.abs()).collect();
    abs.sort_unstable();
    let value_errors: (Vec<f64>, Vec<f64>) = estimated
        .iter()
        .map(|s| {
            let (_, b, p, _) = pick(s);
            (f64::from(b - s.truth_best), f64::from(p - s.truth_played))
        })
        .unzip();
    // Among estimated moves: those that lost 15 or more, and those that lost nothing.
    let mut big: Vec<i32> = estimated
        .iter()
        .filter(|s| s.truth >= 15)
        .map(|s| pick(s).0)
        .collect();
    big.sort_unstable();
    let mut none: Vec<i32> = estimated
        .iter()
        .filter(|s| s.truth == 0)
        .map(|s| pick(s).0)
        .collect();
    none.sort_unstable();
    format!(
        "{name}: {} estimated of {}; loss error p5 {} median {} p95 {}, |error| p95 {} max {}; value errors' correlation {:.2}; lost >= 15: {} (their estimate p5 {}); lost 0: {} (their estimate p99 {}, max {})",
        estimated.len(),
        samples.len(),
        percentile(&errors, 5),
        percentile(&errors, 50),
        percentile(&errors, 95),
        percentile(&abs, 95),
        abs.last().copied().unwrap_or(0),
        correlation(&value_errors.0, &value_errors.1),
        big.len(),
        percentile(&big, 5),
        none.len(),
        percentile(&none, 99),
        none.last().copied().unwrap_or(0),
    )
}

/// The review's verdict goals on the paired way, judged by the shipped
/// `review::classify::classify` (without the proof rule: samples keep no
/// outcomes, and it only applies to proven, exact values; and without the
/// proofs' loss bounds, which samples do not keep either, so an estimated
/// mistake is judged as unproven): of the moves that
/// truly lost 15 or more, how many are called at least an inaccuracy; of those
/// that lost nothing, how many are called a mistake or worse.
fn verdicts(samples: &[&Sample]) -> String {
    let value = |margin: i32, exact: bool| Value {
        margin,
        exact,
        outcome: None,
        margin_error: 0,
    };
    let class = |s: &Sample| {
        let (b, p) = (
            value(s.pair_best, s.pair_exact),
            value(s.pair_played, s.pair_exact),
        );
        classify(s.pair, b, p, s.empties, None)
    };
    let big: Vec<&&Sample> = samples.iter().filter(|s| s.truth >= 15).collect();
    let none: Vec<&&Sample> = samples.iter().filter(|s| s.truth == 0).collect();
    let caught = big.iter().filter(|s| class(s) >= Class::Inaccuracy).count();
    let false_mistakes = none.iter().filter(|s| class(s) >= Class::Mistake).count();
    let (a, b) = wilson(caught, big.len());
    let (c, d) = wilson(false_mistakes, none.len());
    let (e, f) = clopper_pearson(caught, big.len());
    let (g, h) = clopper_pearson(false_mistakes, none.len());
    format!(
        "verdicts (shipped thresholds, paired): lost >= 15 called at least an inaccuracy {caught} of {} ({:.1}%, 95% CI {a:.1}-{b:.1}%, CP {e:.2}-{f:.2}%); lost 0 called a mistake or worse {false_mistakes} of {} ({:.1}%, 95% CI {c:.1}-{d:.1}%, CP {g:.2}-{h:.2}%)",
        big.len(),
        100.0 * caught as f64 / big.len().max(1) as f64,
        none.len(),
        100.0 * false_mistakes as f64 / none.len().max(1) as f64,
    )
}

pub(super) fn run(args: &Args) -> anyhow::Result<()> {
    let start = Instant::now();
    let budgets = budgets(args);
    println!(
        "review_error --losses: {} games, seed {}, {}-{} empty, {} per band, moves of {:?}, review {}, exact up to {} empty, deeper search {} nodes with {:?} weights; load {}",
        args.games,
        args.seed,
        args.min_empty,
        args.max_empty,
        args.per_band,
        args.movers,
        budgets
            .iter()
            .map(|&n| if n > 0 {
                format!("{n} nodes")
            } else {
                format!("{} ms", args.think_ms)
            })
            .collect::<Vec<_>>()
            .join(" and "),
        args.exact_up_to,
        args.deep_nodes,
        args.deep_weights,
        load_average()
    );
    let mut samples: Vec<Sample> = Vec::new();
    for log in &args.pool {
        let text = std::fs::read_to_string(log).with_context(|| log.display().to_string())?;
        samples.extend(text.lines().filter_map(Sample::parse));
    }
    if !samples.is_empty() {
        println!("{} moves pooled from earlier runs", samples.len());
    }
    let (games, picks) = sample_positions(args, |mover| {
        args.movers.is_empty() || args.movers.contains(&mover)
    })?;
    let stop_at = start + Duration::from_secs(args.max_minutes * 60);
    'rounds: for i in 0..args.per_band {
        for pick in &picks {
            let Some(&(g, ply)) = pick.get(i) else {
                continue;
            };
            if Instant::now() >= stop_at {
                println!("stopped after {} minutes", args.max_minutes);
                break 'rounds;
            }
            let (blue, yellow, moves) = &games[g];
            let mut position = Position::new();
            for &mv in &moves[..ply] {
                position.play_unchecked(mv);
            }
            let t = Instant::now();
            let Some(truth) = truth_of(&position, moves[ply], args) else {
                println!("no truth in time: game {g} ply {ply}");
                continue;
            };
            for &nodes in &budgets {
                let s =
                    measure(&position, moves[ply], args, nodes, truth).context("a review value")?;
                println!(
                    "{} # game {g} ({blue}-{yellow}) ply {ply} {} ({:.1} s)",
                    s.line(),
                    moves[ply],
                    t.elapsed().as_secs_f64()
                );
                samples.push(s);
            }
        }
    }
    println!();
    let mut logged: Vec<u64> = samples.iter().map(|s| s.review_nodes).collect();
    logged.sort_unstable();
    logged.dedup();
    for nodes in logged {
        let of_budget: Vec<&Sample> = samples.iter().filter(|s| s.review_nodes == nodes).collect();
        if nodes > 0 {
            println!("review at {nodes} nodes:");
        }
        report(&of_budget);
    }
    println!(
        "done in {:.1} s; load {}",
        start.elapsed().as_secs_f64(),
        load_average()
    );
    Ok(())
}

/// The summary per band and over all moves up to 30 empty sections, and the verdict rates.
fn report(samples: &[&Sample]) {
    for b in 0..BANDS {
        let in_band: Vec<&Sample> = samples
            .iter()
            .copied()
            .filter(|s| band(s.empties) == b)
            .collect();
        if in_band.is_empty() {
            continue;
        }
        let exact = in_band.iter().filter(|s| s.exact_truth).count();
        println!(
            "{} empty: {} moves ({exact} with exact truth)",
            band_name(b),
            in_band.len()
        );
        println!(
            "  {}",
            summary("separate", &in_band, |s| (
                s.sep,
                s.sep_best,
                s.sep_played,
                s.sep_exact
            ))
        );
        println!(
            "  {}",
            summary("paired", &in_band, |s| (
                s.pair,
                s.pair_best,
                s.pair_played,
                s.pair_exact
            ))
        );
    }
    let all: Vec<&Sample> = samples
        .iter()
        .copied()
        .filter(|s| s.empties <= 30)
        .collect();
    println!("all up to 30 empty: {} moves", all.len());
    println!(
        "  {}",
        summary("separate", &all, |s| (
            s.sep,
            s.sep_best,
            s.sep_played,
            s.sep_exact
        ))
    );
    println!(
        "  {}",
        summary("paired", &all, |s| (
            s.pair,
            s.pair_best,
            s.pair_played,
            s.pair_exact
        ))
    );
    println!("  {}", verdicts(&all));
}

#[cfg(test)]
mod tests {
    use super::*;
    use hijara::ai::eval::Weights;

    #[test]
    fn a_logged_line_keeps_its_review_budget_and_an_old_one_reads_as_none() {
        let s = Sample {
            review_nodes: 1_600_000,
            empties: 29,
            truth: 15,
            pair: 12,
            ..Sample::default()
        };
        let back = Sample::parse(&format!("{} # game 3", s.line())).expect("a sample");
        assert_eq!(back.review_nodes, 1_600_000);
        assert_eq!((back.empties, back.truth, back.pair), (29, 15, 12));
        let old = "loss empties=25 truth=0 exact_truth=0 tb=5 tp=5 sep=0 sb=5 sp=5 sx=0 pair=0 pb=5 pp=5 px=0";
        assert_eq!(Sample::parse(old).expect("an old sample").review_nodes, 0);
    }

    #[test]
    fn the_second_budget_is_a_second_measurement_only_when_it_differs() {
        use clap::Parser;
        let args = |extra: &[&str]| {
            let mut v = vec!["review_error", "--losses", "--review-nodes", "400000"];
            v.extend_from_slice(extra);
            Args::parse_from(v)
        };
        assert_eq!(budgets(&args(&[])), vec![400_000]);
        assert_eq!(
            budgets(&args(&["--second-review-nodes", "1600000"])),
            vec![400_000, 1_600_000]
        );
        assert_eq!(
            budgets(&args(&["--second-review-nodes", "400000"])),
            vec![400_000]
        );
        let hard = args(&["--deep-weights", "hard"]).deep_weights.weights();
        assert_eq!(hard.mine, Weights::HARD.mine);
        assert_ne!(hard.mine, Weights::REVIEW.mine);
        assert_eq!(args(&[]).deep_weights, super::super::DeepWeights::Review);
    }
}
