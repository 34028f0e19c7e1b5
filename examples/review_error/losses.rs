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
//! second budget (the deep review's) against the same truth. With an exact truth,
//! `--extra-picks` values beside the move played the exact best move and
//! `--random-picks` random ones (`--truth-nodes` caps the solves in nodes), and every
//! move also prints an `eval_fit losses` line (`set=review`, with the proofs' loss
//! bounds) for `eval_fit verdicts --set review`, which judges it as the review does. Each sampled move prints a `loss ...` line of `key=value`
//! fields, which `--pool` reads back, so runs can be pooled; the summary gives,
//! per band of 4 empty sections, the error of each way, the correlation of the
//! two values' errors, and the rates the verdict goals are about.

use std::time::{Duration, Instant};

use anyhow::Context;

use crate::loss_line::{LossLine, loss_fields};
use crate::stats::{clopper_pearson, percentile, wilson};
use hijara::ai::SearchLimit;
use hijara::ai::analysis::{PositionEval, evaluate_move, evaluate_move_weighted};
use hijara::ai::eval::SCALE;
use hijara::ai::search::{INF, Searcher};
use hijara::review::{Class, Value, classify::classify};
use hijara::rules::{Move, Position};
use rand::seq::IndexedRandom;
use rand::{SeedableRng, rngs::SmallRng};

use super::{Args, BANDS, band, band_name, load_average, sample_positions};

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

/// The truth's limit: `--truth-nodes` when set, else `--truth-secs` from now.
fn truth_limit(args: &Args) -> SearchLimit<'static> {
    if args.truth_nodes > 0 {
        SearchLimit::nodes(args.truth_nodes)
    } else {
        SearchLimit {
            deadline: Some(Instant::now() + Duration::from_secs(args.truth_secs)),
            ..SearchLimit::NONE
        }
    }
}

/// What [`exact_values`] finds: the best move and its margin, the margins of the
/// moves asked about that finished, and the nodes the solves took.
type ExactValues = (Move, i32, Vec<(Move, i32)>, u64);

/// The exact margins (mover's side, points) of the best move, of `played` and of
/// each of `extra`, one table for all, within `limit` (`None` if the best move's or
/// `played`'s did not finish; an `extra` move's that did not is left out, with
/// those after it).
fn exact_values(
    position: &Position,
    played: Move,
    extra: &[Move],
    limit: SearchLimit<'static>,
) -> Option<ExactValues> {
    let mut searcher = Searcher::new(22, limit);
    let order: Vec<Move> = position.legal_moves().collect();
    let (best_move, best) = searcher.solve_margin(position, &order, -INF, INF)?;
    let mut values = Vec::new();
    for (i, &mv) in std::iter::once(&played).chain(extra).enumerate() {
        let value = if mv == best_move {
            Some(best)
        } else {
            searcher
                .solve_margin(position, &[mv], -INF, INF)
                .map(|(_, v)| v)
        };
        match value {
            Some(v) => values.push((mv, v / SCALE)),
            None if i == 0 => return None,
            None => break,
        }
    }
    Some((best_move, best / SCALE, values, searcher.nodes()))
}

/// One move to value at a sampled position: which pick it is (`played`, `best`
/// or `random`), the move, and its truth (best move's value, its value, exact).
type Pick = (&'static str, Move, (i32, i32, bool));

/// The moves to value at `position` with their truths: the move played, and with
/// `--extra-picks` (exact truths only) the exact best move and `--random-picks`
/// other moves at random (seeded by `key`), when they differ from the move played; and the
/// nodes of the exact solves (0 for the other truths). `None` when the move played
/// has no truth in time.
fn moves_to_value(
    position: &Position,
    played: Move,
    args: &Args,
    key: u64,
) -> Option<(Vec<Pick>, u64)> {
    if position.empty_sections() > args.exact_up_to || !args.extra_picks {
        return Some((
            vec![("played", played, truth_of(position, played, args)?)],
            0,
        ));
    }
    let mut rng = SmallRng::seed_from_u64(args.seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ key);
    let others: Vec<Move> = position.legal_moves().filter(|&m| m != played).collect();
    // One pick draws as it always did, so earlier runs' picks stay the same.
    let random: Vec<Move> = if args.random_picks == 1 {
        others.choose(&mut rng).copied().into_iter().collect()
    } else {
        others
            .choose_multiple(&mut rng, args.random_picks)
            .copied()
            .collect()
    };
    let (best_move, best, values, nodes) =
        exact_values(position, played, &random, truth_limit(args))?;
    let mut out = Vec::new();
    for (i, &(mv, v)) in values.iter().enumerate() {
        let name = if i == 0 { "played" } else { "random" };
        if i > 0 && mv == best_move {
            continue;
        }
        out.push((name, mv, (best, v, true)));
        if i == 0 && mv != best_move {
            out.push(("best", best_move, (best, best, true)));
        }
    }
    Some((out, nodes))
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
        let (_, b, values, _) = exact_values(position, played, &[], truth_limit(args))?;
        return Some((b, values.first()?.1, true));
    }
    let limit = SearchLimit::nodes(args.deep_nodes);
    let weights = args.deep_weights.weights();
    let deep = evaluate_move_weighted(position, Some(played), &limit, &weights)?;
    let d = deep.played?;
    Some((deep.margin, d.margin, deep.exact && d.exact))
}

/// The paired search's verdict inputs as an `eval_fit losses` line (`set=review`),
/// so `eval_fit verdicts --set review` judges the move as the review does today,
/// its proofs' loss bounds (rules 4 and 5) included.
fn review_line(nodes: u64, empties: u32, truth: i32, played: Move, e: &PositionEval) -> String {
    LossLine::of_review("review", (nodes, empties, truth), played, e)
        .map_or_else(String::new, |line| line.to_string())
}

/// One move valued both ways (only the paired one with `--paired-only`) with the
/// review's weights at `nodes`, beside its truth; and the paired search itself.
fn measure(
    position: &Position,
    played: Move,
    args: &Args,
    nodes: u64,
    (truth_best, truth_played, exact_truth): (i32, i32, bool),
) -> Option<(Sample, PositionEval)> {
    let empties = position.empty_sections();
    let limit = review_limit(args, nodes);
    // Paired: one search.
    let paired = evaluate_move(position, Some(played), &limit)?;
    let p = paired.played?;
    // Separate: two searches, the review's old way ([`evaluate`] is the same
    // search without a move to pin).
    let (sep, sep_best, sep_played, sep_exact) = if args.paired_only {
        (
            paired.margin - p.margin,
            paired.margin,
            p.margin,
            paired.exact && p.exact,
        )
    } else {
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
        (sep, before.margin, after.0, before.exact && after.1)
    };
    let sample = Sample {
        review_nodes: nodes,
        empties,
        truth: truth_best - truth_played,
        exact_truth,
        truth_best,
        truth_played,
        sep,
        sep_best,
        sep_played,
        sep_exact,
        pair: paired.margin - p.margin,
        pair_best: paired.margin,
        pair_played: p.margin,
        pair_exact: paired.exact && p.exact,
    };
    Some((sample, paired))
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
        percentile(&errors, 5.0),
        percentile(&errors, 50.0),
        percentile(&errors, 95.0),
        percentile(&abs, 95.0),
        abs.last().copied().unwrap_or(0),
        correlation(&value_errors.0, &value_errors.1),
        big.len(),
        percentile(&big, 5.0),
        none.len(),
        percentile(&none, 99.0),
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
    'rounds: for i in args.first_round..args.per_band {
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
            let key = ((g as u64) << 16) ^ ply as u64;
            let Some((picked, truth_nodes)) = moves_to_value(&position, moves[ply], args, key)
            else {
                println!(
                    "no truth in time: game {g} ply {ply} empties {} ({:.1} s)",
                    position.empty_sections(),
                    t.elapsed().as_secs_f64()
                );
                continue;
            };
            let truth_secs = t.elapsed().as_secs_f64();
            for (pick, mv, truth) in picked {
                for &nodes in &budgets {
                    let (s, e) =
                        measure(&position, mv, args, nodes, truth).context("a review value")?;
                    println!(
                        "{} # game {g} ({blue}-{yellow}) ply {ply} {mv} pick={pick} (truth {truth_secs:.1} s {:.1} M nodes, {:.1} s)",
                        s.line(),
                        truth_nodes as f64 / 1e6,
                        t.elapsed().as_secs_f64()
                    );
                    println!(
                        "{} # {mv} pick={pick}, the review's best {}, game {g} ply {ply}",
                        review_line(nodes, s.empties, s.truth, mv, &e),
                        e.best
                    );
                    samples.push(s);
                }
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

/// The [`summary`] of `samples`' separate searches and of their paired ones, a line each.
fn print_summaries(samples: &[&Sample]) {
    let separate = |s: &Sample| (s.sep, s.sep_best, s.sep_played, s.sep_exact);
    let paired = |s: &Sample| (s.pair, s.pair_best, s.pair_played, s.pair_exact);
    println!("  {}", summary("separate", samples, separate));
    println!("  {}", summary("paired", samples, paired));
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
        print_summaries(&in_band);
    }
    let all: Vec<&Sample> = samples
        .iter()
        .copied()
        .filter(|s| s.empties <= 30)
        .collect();
    println!("all up to 30 empty: {} moves", all.len());
    print_summaries(&all);
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
    fn extra_picks_are_the_exact_best_move_and_another_with_their_exact_truths() {
        use clap::Parser;
        use hijara::ai::random;
        let args = Args::parse_from([
            "review_error",
            "--losses",
            "--extra-picks",
            "--exact-up-to",
            "30",
            "--truth-nodes",
            "20000000",
        ]);
        // A position 12 sections from the end, by random moves.
        let mut position = Position::new();
        let mut seed = 5;
        while position.empty_sections() > 12 {
            seed += 1;
            let mv = random::choose(&position, seed).expect("a move");
            position.play_unchecked(mv);
        }
        let played = position.legal_moves().next().expect("a move");
        let (picked, nodes) = moves_to_value(&position, played, &args, 7).expect("truths in time");
        assert!(nodes > 0);
        let (name, mv, (best, value, exact)) = picked[0];
        assert_eq!((name, mv), ("played", played));
        assert!(exact && value <= best);
        for &(name, mv, (b, v, exact)) in &picked[1..] {
            assert!(
                exact && b == best && v <= best && mv != played,
                "{name} {mv}"
            );
            if name == "best" {
                assert_eq!(v, best);
            }
        }
        assert_eq!(picked.iter().any(|p| p.0 == "best"), value < best);
        // Three random picks: distinct, none the move played or the best move.
        let three = Args::parse_from([
            "review_error",
            "--losses",
            "--extra-picks",
            "--random-picks",
            "3",
            "--exact-up-to",
            "30",
        ]);
        let (more, _) = moves_to_value(&position, played, &three, 7).expect("truths in time");
        let randoms: Vec<Move> = more
            .iter()
            .filter(|p| p.0 == "random")
            .map(|p| p.1)
            .collect();
        let others = position.legal_moves().count() - 1;
        assert!(randoms.len() + 1 >= others.min(3), "{randoms:?}");
        for (i, mv) in randoms.iter().enumerate() {
            assert!(!randoms[i + 1..].contains(mv) && *mv != played);
        }
        // Without the flag: the move played only, with the same truth.
        let plain = Args::parse_from(["review_error", "--losses", "--exact-up-to", "30"]);
        let (only, _) = moves_to_value(&position, played, &plain, 7).expect("a truth");
        assert_eq!(only.len(), 1);
        assert_eq!(only[0].2, (best, value, true));
        // Its review line is `eval_fit`'s, which this tool's own reader skips.
        let (s, e) = measure(&position, played, &args, 100_000, only[0].2).expect("a value");
        let line = review_line(100_000, s.empties, s.truth, played, &e);
        assert!(line.starts_with("loss set=review nodes=100000 empties=12 "));
        assert!(Sample::parse(&line).is_none());
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
