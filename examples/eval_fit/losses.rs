//! `eval_fit losses | verdicts`: the review's *points lost* against exact
//! losses, and the verdict thresholds chosen on them (issue 29).
//!
//! ```sh
//! # every sampled move valued as the review does, with two weight sets
//! eval_fit losses held.csv --weights "MINE;THEIRS" --nodes 400000 > samples.log
//! # the rates of the shipped thresholds and a grid of others
//! eval_fit verdicts samples.log --set candidate
//! ```
//!
//! `losses` reads game positions labelled by `margins` (every move's exact
//! margin is known, so every move's exact loss), picks up to three moves at
//! each (one that lost nothing, one that lost 15 points or more, and one at
//! random, left out with `--no-random-pick`; seeded), and values each as the review does: one paired search
//! (`analysis::evaluate_move_weighted`, `--nodes` on one thread) of the best
//! move and the move, with [`Weights::HARD`] (`set=shipped`: hard's, and the
//! review's before issue 29) and with `--weights` (`set=candidate`). One
//! `loss ...` line per move and weight set.
//!
//! `verdicts` reads those lines and prints, per band of 4 empty sections, the
//! error of the estimated loss and how often the range the review shows beside
//! it (`review::classify::lost_range`) holds the exact loss, and the review's goal rates (a move that lost
//! 15 or more called at least an inaccuracy; a move that lost nothing called a
//! mistake or worse) with 95% Wilson and Clopper-Pearson intervals: for the
//! shipped thresholds (`review::classify::classify`) and for a grid of uniform
//! ones, each judged by the review's own rule (`review::classify::classify_by`:
//! only the likely thresholds change; proofs' bounds and
//! `UNPROVEN_MISTAKE_FROM` apply as in the review); `--empties` judges one range of empty sections, `--list` prints the
//! moves the shipped thresholds judge wrongly (each `loss` line's comment names
//! the move, the review's best move with its exact margin, and the moves before).

use std::path::PathBuf;

use anyhow::Context;

use crate::loss_line::{LossLine, loss_fields};
use crate::stats::{clopper_pearson, percentile, wilson};
use hijara::ai::SearchLimit;
use hijara::ai::analysis::{LossBound, PROVE_LOSS_AT, Wdl, evaluate_move_weighted};
use hijara::ai::eval::Weights;
use hijara::review::classify::{Likely, bounded_loss, classify_by, lost_range};
use hijara::review::{Class, Value};
use hijara::rules::Move;
use rand::seq::IndexedRandom;
use rand::{SeedableRng, rngs::SmallRng};

use crate::load_support::load_average;
use crate::margins::{parse_weights, read};

#[derive(clap::Args)]
pub struct LossArgs {
    files: Vec<PathBuf>,
    /// The candidate weights: `mine;theirs`, 7 comma-separated numbers each.
    #[arg(long)]
    weights: Option<String>,
    /// Value each move with the candidate weights only (or, without `--weights`, with
    /// the review's own, [`Weights::REVIEW`], as `candidate`): half the time.
    #[arg(long)]
    only_candidate: bool,
    /// The review search's nodes per move (one thread).
    #[arg(long, default_value_t = 400_000)]
    nodes: u64,
    /// Seed of the moves' choice.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Only game positions with at most this many empty sections.
    #[arg(long, default_value_t = 30)]
    max_empty: u32,
    /// Value only the moves at game positions with at least this many empty
    /// sections (the moves are the same as without it).
    #[arg(long, default_value_t = 0)]
    min_empty: u32,
    /// Use every `stride`-th game position (from `offset`), to split a file.
    #[arg(long, default_value_t = 1)]
    stride: usize,
    #[arg(long, default_value_t = 0)]
    offset: usize,
    /// Stop after this many minutes.
    #[arg(long, default_value_t = 60)]
    max_minutes: u64,
    /// Only the lossless and the big-loss move at each position, not a third at
    /// random: the goals' two kinds of move, in two thirds of the time.
    #[arg(long)]
    no_random_pick: bool,
}

#[derive(clap::Args)]
pub struct VerdictArgs {
    files: Vec<PathBuf>,
    /// The weight set whose samples are judged (`shipped` or `candidate`).
    #[arg(long, default_value = "shipped")]
    set: String,
    /// Only samples from searches of this many nodes (0: any).
    #[arg(long, default_value_t = 0)]
    nodes: u64,
    /// Only moves at this many empty sections, `LOW,HIGH` (a band's own rates).
    #[arg(long, value_delimiter = ',', default_values_t = [0, 64])]
    empties: Vec<u32>,
    /// The same moves valued with a larger budget (a `losses` log of the same file,
    /// seed, stride and offset, its weight set named by `--deep-set`): the rates when
    /// its values replace these for every move, and for a second look only at the
    /// moves whose estimated loss lies in `--zone`.
    #[arg(long)]
    deep: Option<PathBuf>,
    #[arg(long, default_value = "shipped")]
    deep_set: String,
    /// The estimated losses (low, high) given a second look with `--deep`.
    #[arg(long, value_delimiter = ',', default_values_t = [0, 30])]
    zone: Vec<i32>,
    /// Thresholds by how one-sided the position is, `X,i1,m1,i2,m2`: likely an
    /// inaccuracy from i1 and a mistake from m1 when the best move's value is within
    /// ±X, from i2 and m2 beyond (a blunder from 20 or the mistake's + 5).
    #[arg(long, value_delimiter = ',')]
    split: Vec<i32>,
    /// Choose the split thresholds on these samples: the one that calls no lossless
    /// move a mistake and catches the most big losses (then the fewest lossless moves
    /// called inaccuracies). Check it on other samples with `--split`.
    #[arg(long)]
    choose_split: bool,
    /// Print the moves the shipped thresholds judge wrongly against the goals
    /// (big losses not flagged, lossless moves called mistakes), with their lines.
    #[arg(long)]
    list: bool,
}

/// One sampled move: its exact loss and the review's estimate.
#[derive(Debug, Clone, Default)]
struct Sample {
    set: String,
    nodes: u64,
    empties: u32,
    truth: i32,
    lost: i32,
    best: i32,
    played: i32,
    exact: bool,
    /// Outcomes the review proved (-1 loss, 0 draw, 1 win, 9 none).
    best_wdl: i32,
    played_wdl: i32,
    /// What the review's proofs bound the loss to (`PositionEval::loss_bound`):
    /// `lb=15` at least, `ub=10` at most; neither when it proved none (or the log
    /// is older than the proofs).
    bound: Option<LossBound>,
    /// The logged line's comment: the move, and the moves before it.
    note: String,
}

fn wdl_of(code: i32) -> Option<Wdl> {
    match code {
        1 => Some(Wdl::Win),
        0 => Some(Wdl::Draw),
        -1 => Some(Wdl::Loss),
        _ => None,
    }
}

impl Sample {
    /// The sample a fresh line holds (no note yet).
    fn of(l: &LossLine) -> Sample {
        Sample {
            set: l.set.to_owned(),
            nodes: l.nodes,
            empties: l.empties,
            truth: l.truth,
            lost: l.lost,
            best: l.best,
            played: l.played,
            exact: l.exact,
            best_wdl: l.best_wdl,
            played_wdl: l.played_wdl,
            bound: l.bound,
            note: String::new(),
        }
    }

    fn line(&self) -> String {
        LossLine {
            set: &self.set,
            nodes: self.nodes,
            empties: self.empties,
            truth: self.truth,
            lost: self.lost,
            best: self.best,
            played: self.played,
            exact: self.exact,
            best_wdl: self.best_wdl,
            played_wdl: self.played_wdl,
            bound: self.bound,
        }
        .to_string()
    }

    fn parse(line: &str) -> Option<Sample> {
        let mut s = Sample {
            note: line
                .split_once('#')
                .map_or("", |(_, note)| note.trim())
                .to_owned(),
            ..Sample::default()
        };
        for (key, value) in loss_fields(line)? {
            if key == "set" {
                s.set = value.to_owned();
                continue;
            }
            let v: i64 = value.parse().ok()?;
            match key {
                "nodes" => s.nodes = v as u64,
                "empties" => s.empties = v as u32,
                "truth" => s.truth = v as i32,
                "lost" => s.lost = v as i32,
                "best" => s.best = v as i32,
                "played" => s.played = v as i32,
                "exact" => s.exact = v != 0,
                "bw" => s.best_wdl = v as i32,
                "pw" => s.played_wdl = v as i32,
                "lb" => s.bound = Some(LossBound::AtLeast(v as i32)),
                "ub" => s.bound = Some(LossBound::AtMost(v as i32)),
                _ => {}
            }
        }
        Some(s)
    }

    fn values(&self) -> (Value, Value) {
        let value = |margin, wdl| Value {
            margin,
            exact: self.exact,
            outcome: wdl_of(wdl),
            margin_error: 0,
        };
        (
            value(self.best, self.best_wdl),
            value(self.played, self.played_wdl),
        )
    }

    /// Whether `verdicts` judges this sample: its weight set, budget and empty sections.
    fn judged(&self, args: &VerdictArgs) -> bool {
        let in_range = match args.empties[..] {
            [low, high] => (low..=high).contains(&self.empties),
            _ => true,
        };
        self.set == args.set && (args.nodes == 0 || self.nodes == args.nodes) && in_range
    }

    /// The class by the review's own rule ([`classify_by`]) with `thresholds`
    /// for estimated losses: proofs' bounds, exact values and thrown-away
    /// proofs as the review judges them.
    fn by(&self, thresholds: Likely) -> Class {
        let (b, p) = self.values();
        classify_by(
            bounded_loss(self.lost, self.bound),
            b,
            p,
            self.bound,
            thresholds,
        )
    }

    /// The class with the shipped thresholds
    /// ([`hijara::review::classify::classify`]'s).
    fn shipped(&self) -> Class {
        self.by(Likely::shipped(self.empties))
    }

    /// Whether the range the review shows beside an estimated loss
    /// ([`lost_range`]: [`hijara::review::classify::LOSS_ERROR`] of its band, within
    /// the proofs' bound) holds the exact loss; `false` for exact values (no range).
    fn range_holds_truth(&self) -> bool {
        let (b, p) = self.values();
        lost_range(self.lost, b, p, self.empties, self.bound)
            .is_some_and(|[low, high]| (low..=high).contains(&self.truth))
    }

    /// The same move in `deep`, if it is the same (its truth and size of board agree).
    fn matches(&self, deep: &Sample) -> bool {
        (self.empties, self.truth) == (deep.empties, deep.truth)
    }

    /// The likely thresholds of a split rule `[X, i1, m1, i2, m2]`.
    fn split(&self, rule: [i32; 5]) -> [i32; 3] {
        let [x, i1, m1, i2, m2] = rule;
        let (i, m) = if self.best.abs() <= x {
            (i1, m1)
        } else {
            (i2, m2)
        };
        [i, m, (m + 5).max(20)]
    }

    /// The class by the shipped rule, but with `from` as the estimated loss from
    /// which a move is a mistake when no proof bounds its loss.
    fn unproven_from(&self, from: i32) -> Class {
        self.by(Likely {
            unproven_mistake_from: from,
            ..Likely::shipped(self.empties)
        })
    }

    /// The class with `likely` thresholds for estimates, by the shipped rule
    /// otherwise: [`hijara::review::classify::UNPROVEN_MISTAKE_FROM`] still raises the mistake threshold
    /// of a loss no proof bounds, and a proof's bound still bounds the loss.
    fn with(&self, likely: [i32; 3]) -> Class {
        self.by(Likely {
            from: likely,
            ..Likely::shipped(self.empties)
        })
    }
}

/// The moves sampled from a game position's children (every move's exact
/// margin): one that lost nothing, one that lost 15 or more, and with `random`
/// one more at random if it is neither of those.
fn picks(children: &[(Move, i32)], rng: &mut SmallRng, random: bool) -> Vec<(Move, i32)> {
    let Some(best) = children.iter().map(|c| c.1).max() else {
        return Vec::new();
    };
    let lossless: Vec<_> = children.iter().filter(|c| c.1 == best).collect();
    let big: Vec<_> = children.iter().filter(|c| best - c.1 >= 15).collect();
    let mut picks = Vec::new();
    for pool in [&lossless, &big] {
        if let Some(c) = pool.choose(rng) {
            picks.push(**c);
        }
    }
    if random
        && let Some(c) = children.choose(rng)
        && !picks.contains(c)
    {
        picks.push(*c);
    }
    picks
}

pub fn losses(args: &LossArgs) -> anyhow::Result<()> {
    let start = std::time::Instant::now();
    let rows = read(&args.files)?;
    let mut sets = vec![("shipped".to_owned(), Weights::HARD)];
    if let Some(w) = &args.weights {
        sets.push(("candidate".to_owned(), parse_weights(w)?));
    }
    if args.only_candidate {
        let candidate = sets.pop().filter(|(name, _)| name == "candidate");
        sets = vec![candidate.unwrap_or(("candidate".to_owned(), Weights::REVIEW))];
    }
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let games: Vec<_> = rows
        .iter()
        .filter(|r| !r.children.is_empty() && r.empties <= args.max_empty)
        .collect();
    println!(
        "eval_fit losses: {} game positions of {}, every {} from {}, {} nodes; load {}",
        games.len(),
        args.files.len(),
        args.stride,
        args.offset,
        args.nodes,
        load_average()
    );
    for r in games.iter().skip(args.offset).step_by(args.stride.max(1)) {
        if start.elapsed().as_secs() >= args.max_minutes * 60 {
            println!("stopped after {} minutes", args.max_minutes);
            break;
        }
        let best = r.children.iter().map(|c| c.1).max().context("a move")?;
        let picked = picks(&r.children, &mut rng, !args.no_random_pick);
        // Picked before this test, so a band's moves are the same as a whole run's.
        if r.empties < args.min_empty {
            continue;
        }
        for (mv, value) in picked {
            for (name, weights) in &sets {
                let limit = SearchLimit::nodes(args.nodes);
                let e = evaluate_move_weighted(&r.position, Some(mv), &limit, weights)
                    .context("a value")?;
                let line = LossLine::of_review(name, (args.nodes, r.empties, best - value), mv, &e)
                    .context("the move's value")?;
                let s = Sample::of(&line);
                println!(
                    "{} # {mv}, the review's best {} (exact {}), after {}",
                    s.line(),
                    e.best,
                    r.children
                        .iter()
                        .find(|c| c.0 == e.best)
                        .map_or("?".to_owned(), |c| c.1.to_string()),
                    r.moves
                );
            }
        }
    }
    println!("done in {:.0} s", start.elapsed().as_secs_f64());
    Ok(())
}

/// `k of n`, its percentage, and its 95% intervals: Wilson's (`CI`) and the
/// exact Clopper-Pearson one (`CP`), the stricter near 0.
fn rate(k: usize, n: usize) -> String {
    let (lo, hi) = wilson(k, n);
    let (cp_lo, cp_hi) = clopper_pearson(k, n);
    format!(
        "{k} of {n} ({:.1}%, CI {lo:.1}-{hi:.1}%, CP {cp_lo:.2}-{cp_hi:.2}%)",
        100.0 * k as f64 / n.max(1) as f64
    )
}

/// The goal rates of `class` over `samples`: big losses caught, lossless moves
/// called mistakes, lossless moves called inaccuracies.
fn rates(samples: &[&Sample], class: impl Fn(&Sample) -> Class) -> (String, String, String) {
    let big: Vec<_> = samples.iter().filter(|s| s.truth >= 15).collect();
    let none: Vec<_> = samples.iter().filter(|s| s.truth == 0).collect();
    let caught = big.iter().filter(|s| class(s) >= Class::Inaccuracy).count();
    let false_mistakes = none.iter().filter(|s| class(s) >= Class::Mistake).count();
    let false_inaccuracies = none
        .iter()
        .filter(|s| class(s) == Class::Inaccuracy)
        .count();
    (
        rate(caught, big.len()),
        rate(false_mistakes, none.len()),
        rate(false_inaccuracies, none.len()),
    )
}

/// The rates when the deeper log's values replace these: for every move, and for
/// the moves whose estimated loss lies in the zone only (a second look).
fn second_look(samples: &[&Sample], path: &PathBuf, args: &VerdictArgs) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(path).with_context(|| path.display().to_string())?;
    let deep: Vec<Sample> = text
        .lines()
        .filter_map(Sample::parse)
        .filter(|s| s.set == args.deep_set)
        .collect();
    let n = deep.len().min(samples.len());
    if n == 0 || !samples.iter().zip(&deep).all(|(s, d)| s.matches(d)) {
        anyhow::bail!("{}: not the same moves", path.display());
    }
    let (these, deep) = (&samples[..n], &deep[..n]);
    let (a, b, c) = rates(these, Sample::shipped);
    println!(
        "the first {n} moves, as valued here: caught {a}; false mistakes {b}; false inaccuracies {c}"
    );
    let every: Vec<&Sample> = deep.iter().collect();
    let (a, b, c) = rates(&every, Sample::shipped);
    println!("  every move valued deeper: caught {a}; false mistakes {b}; false inaccuracies {c}");
    let [low, high] = args.zone[..] else {
        anyhow::bail!("--zone takes two numbers");
    };
    let mut looked = 0;
    let mixed: Vec<&Sample> = these
        .iter()
        .zip(deep)
        .map(|(s, d)| {
            if !s.exact && (low..=high).contains(&s.lost) {
                looked += 1;
                d
            } else {
                *s
            }
        })
        .collect();
    let (a, b, c) = rates(&mixed, Sample::shipped);
    println!(
        "  a second look at estimated losses {low}-{high} ({looked} of {n} moves): caught {a}; false mistakes {b}; false inaccuracies {c}"
    );
    Ok(())
}

/// Chooses split thresholds on `samples` ([`VerdictArgs::choose_split`]).
fn choose_split(samples: &[&Sample]) {
    let big: Vec<_> = samples.iter().filter(|s| s.truth >= 15).collect();
    let none: Vec<_> = samples.iter().filter(|s| s.truth == 0).collect();
    let mut best: Option<((usize, usize), [i32; 5])> = None;
    for x in [20, 30, 40, 50] {
        for i1 in 2..=5 {
            for m1 in [12, 14, 15, 16, 18] {
                for i2 in 1..=3 {
                    for m2 in [15, 16, 18, 20, 22, 25, 30] {
                        let rule = [x, i1, m1, i2, m2];
                        let class = |s: &Sample| s.with(s.split(rule));
                        if none.iter().any(|s| class(s) >= Class::Mistake) {
                            continue;
                        }
                        let caught = big.iter().filter(|s| class(s) >= Class::Inaccuracy).count();
                        let inaccuracies = none
                            .iter()
                            .filter(|s| class(s) == Class::Inaccuracy)
                            .count();
                        let score = (caught, usize::MAX - inaccuracies);
                        if best.is_none_or(|(b, _)| score > b) {
                            best = Some((score, rule));
                        }
                    }
                }
            }
        }
    }
    match best {
        Some((_, rule)) => {
            let (a, b, c) = rates(samples, |s| s.with(s.split(rule)));
            println!(
                "chosen split {rule:?}: caught {a}; false mistakes {b}; false inaccuracies {c}"
            );
        }
        None => println!("no split calls every lossless move less than a mistake"),
    }
}

pub fn verdicts(args: &VerdictArgs) -> anyhow::Result<()> {
    let mut samples = Vec::new();
    for file in &args.files {
        let text = std::fs::read_to_string(file).with_context(|| file.display().to_string())?;
        samples.extend(text.lines().filter_map(Sample::parse));
    }
    let [low, high] = args.empties[..] else {
        anyhow::bail!("--empties takes two numbers");
    };
    let samples: Vec<&Sample> = samples.iter().filter(|s| s.judged(args)).collect();
    println!(
        "{} samples of set {} ({} nodes) at {low}-{high} empty sections",
        samples.len(),
        args.set,
        args.nodes
    );
    println!(
        "| empty sections | moves | estimated | loss error p5 / p95 (estimated) | |error| p95 | max | the shipped range holds the truth |"
    );
    println!("|---|---|---|---|---|---|---|");
    for band in 0..16u32 {
        let in_band: Vec<_> = samples.iter().filter(|s| s.empties / 4 == band).collect();
        if in_band.is_empty() {
            continue;
        }
        let mut errors: Vec<i32> = in_band
            .iter()
            .filter(|s| !s.exact)
            .map(|s| s.lost - s.truth)
            .collect();
        errors.sort_unstable();
        let mut abs: Vec<i32> = errors.iter().map(|e| e.abs()).collect();
        abs.sort_unstable();
        let held = in_band.iter().filter(|s| s.range_holds_truth()).count();
        println!(
            "| {}-{} | {} | {} | {} / {} | {} | {} | {held} of {} ({:.1}%) |",
            band * 4,
            band * 4 + 3,
            in_band.len(),
            errors.len(),
            percentile(&errors, 5.0),
            percentile(&errors, 95.0),
            percentile(&abs, 95.0),
            abs.last().copied().unwrap_or(0),
            errors.len(),
            100.0 * held as f64 / errors.len().max(1) as f64
        );
    }
    let (a, b, c) = rates(&samples, Sample::shipped);
    println!("shipped thresholds: lost >= 15 called at least an inaccuracy {a}");
    println!("  lost 0 called a mistake or worse {b}; an inaccuracy {c}");
    if args.list {
        for s in &samples {
            let class = s.shipped();
            let missed = s.truth >= 15 && class < Class::Inaccuracy;
            let false_mistake = s.truth == 0 && class >= Class::Mistake;
            if missed || false_mistake {
                let what = if missed { "missed" } else { "false mistake" };
                println!("  {what} ({class:?}): {} # {}", s.line(), s.note);
            }
        }
    }
    if let Some(path) = &args.deep {
        second_look(&samples, path, args)?;
    }
    if let [x, i1, m1, i2, m2] = args.split[..] {
        let rule = [x, i1, m1, i2, m2];
        let (a, b, c) = rates(&samples, |s| s.with(s.split(rule)));
        println!("split {rule:?}: caught {a}; false mistakes {b}; false inaccuracies {c}");
    }
    if args.choose_split {
        choose_split(&samples);
    }
    let proven = |bound: fn(&LossBound) -> bool| {
        let of = |s: &&&Sample| s.bound.as_ref().is_some_and(bound);
        let big = samples.iter().filter(|s| s.truth >= 15 && of(s)).count();
        let none = samples.iter().filter(|s| s.truth == 0 && of(s)).count();
        (big, none)
    };
    let (big_at_least, none_at_least) = proven(|b| matches!(b, LossBound::AtLeast(_)));
    let (big_at_most, none_at_most) = proven(|b| matches!(b, LossBound::AtMost(_)));
    let unproven = |s: &&&Sample| !s.exact && s.bound.is_none() && s.lost >= PROVE_LOSS_AT;
    println!(
        "proofs: lost at least {PROVE_LOSS_AT}: {big_at_least} big losses, {none_at_least} lossless; \
         at most {}: {big_at_most} big, {none_at_most} lossless; estimated {PROVE_LOSS_AT} or more, \
         unproven: {} big, {} lossless",
        PROVE_LOSS_AT - 5,
        samples
            .iter()
            .filter(|s| s.truth >= 15 && unproven(s))
            .count(),
        samples
            .iter()
            .filter(|s| s.truth == 0 && unproven(s))
            .count(),
    );
    println!("an unproven estimate a mistake from (else the shipped rule):");
    for from in [15, 18, 20, 22, 25, 30] {
        let (a, b, c) = rates(&samples, |s| s.unproven_from(from));
        let big: Vec<_> = samples.iter().filter(|s| s.truth >= 15).collect();
        let mistakes = big
            .iter()
            .filter(|s| s.unproven_from(from) >= Class::Mistake)
            .count();
        println!(
            "  {from}: caught {a}; false mistakes {b}; false inaccuracies {c}; big losses called mistakes {mistakes} of {}",
            big.len()
        );
    }
    println!(
        "grid (likely inaccuracy from / mistake from; blunder from 20 or the mistake's + 5; \
         the review's rule otherwise, so with no proof a mistake from UNPROVEN_MISTAKE_FROM at least):"
    );
    for i in [1, 2, 3, 4, 5] {
        for m in [10, 12, 14, 15, 16, 18, 20, 22] {
            let t = [i, m, (m + 5).max(20)];
            let (a, b, c) = rates(&samples, |s| s.with(t));
            println!("  {t:?}: caught {a}; false mistakes {b}; false inaccuracies {c}");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        args: VerdictArgs,
    }

    #[test]
    fn verdicts_judge_only_the_set_budget_and_empty_sections_asked_for() {
        let line = |set: &str, nodes: u64, empties: u32| {
            Sample {
                set: set.to_owned(),
                nodes,
                empties,
                ..Sample::default()
            }
            .line()
        };
        let samples: Vec<Sample> = [
            line("candidate", 400_000, 24),
            line("candidate", 400_000, 25),
            line("candidate", 400_000, 28),
            line("candidate", 400_000, 29),
            line("candidate", 1_600_000, 26),
            line("shipped", 400_000, 26),
        ]
        .iter()
        .map(|l| Sample::parse(l).expect("a logged sample"))
        .collect();
        let judged = |cli: &[&str]| {
            let mut v = vec!["verdicts"];
            v.extend_from_slice(cli);
            let args = Cli::parse_from(v).args;
            samples
                .iter()
                .filter(|s| s.judged(&args))
                .map(|s| (s.nodes, s.empties))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            judged(&[
                "--set",
                "candidate",
                "--nodes",
                "400000",
                "--empties",
                "25,28"
            ]),
            vec![(400_000, 25), (400_000, 28)]
        );
        assert_eq!(
            judged(&["--set", "candidate", "--empties", "25,28"]),
            vec![(400_000, 25), (400_000, 28), (1_600_000, 26)]
        );
        assert_eq!(judged(&["--set", "candidate"]).len(), 5);
        assert_eq!(judged(&[]), vec![(400_000, 26)]);
    }

    #[test]
    fn the_range_counted_is_the_one_the_review_shows_bound_included() {
        // At 24 empty sections `LOSS_ERROR` is (-14, 12): an estimated loss of 20
        // shows 8-34.
        let sample = |truth: i32, exact: u8, bound: &str| {
            Sample::parse(&format!(
                "loss set=review nodes=400000 empties=24 truth={truth} lost=20 best=0 \
                 played=-20 exact={exact} bw=9 pw=9{bound}"
            ))
            .expect("a logged sample")
        };
        let holds = |truth, exact, bound| sample(truth, exact, bound).range_holds_truth();
        assert!(holds(8, 0, "") && holds(34, 0, ""));
        assert!(!holds(7, 0, "") && !holds(35, 0, ""));
        // A proof of at most 10 cuts the range to 8-10; at least 15 raises its start.
        assert!(holds(10, 0, " ub=10") && !holds(15, 0, " ub=10"));
        assert!(holds(15, 0, " lb=15") && !holds(14, 0, " lb=15"));
        // Exact values show no range, so none holds the truth.
        assert!(!holds(20, 1, ""));
    }

    #[test]
    fn the_grid_and_the_unproven_rows_judge_by_the_reviews_own_rule() {
        // s24's grid judged a lossless move estimated at 18, unproven, at 24 empty
        // sections a mistake by its [3, 15, 20] row, where the review (from 25
        // without a proof there) calls it a likely inaccuracy.
        let sample = |empties: u32, lost: i32, exact: u8, bound: &str| {
            Sample::parse(&format!(
                "loss set=review nodes=400000 empties={empties} truth=0 lost={lost} best=0 \
                 played={} exact={exact} bw=9 pw=9{bound}",
                -lost
            ))
            .expect("a logged sample")
        };
        let unproven_24 = sample(24, 18, 0, "");
        assert_eq!(unproven_24.shipped(), Class::Inaccuracy);
        assert_eq!(unproven_24.with([3, 15, 20]), Class::Inaccuracy);
        assert_eq!(unproven_24.unproven_from(15), Class::Mistake);
        // Below 24 the shipped mistake threshold is 15 with or without a proof.
        assert_eq!(sample(20, 18, 0, "").with([3, 15, 20]), Class::Mistake);
        // A proof of at most 10 bounds the estimate of 20 in every row, as in the review.
        let bounded = sample(20, 20, 0, " ub=10");
        assert_eq!(bounded.shipped(), Class::Inaccuracy);
        assert_eq!(bounded.with([3, 15, 20]), Class::Inaccuracy);
        assert_eq!(bounded.with([3, 10, 20]), Class::Mistake);
        // Exact values follow the exact table whatever the row.
        assert_eq!(sample(24, 18, 1, "").with([3, 15, 20]), Class::Mistake);
        assert_eq!(sample(24, 8, 1, "").with([1, 2, 20]), Class::Inaccuracy);
        // The grid's row of the shipped thresholds is the shipped rule, sample by sample.
        for empties in [16, 20, 24, 28] {
            for lost in [0, 2, 3, 14, 15, 19, 20, 24, 25, 30] {
                for (exact, bound) in [(0, ""), (0, " ub=10"), (0, " lb=15"), (1, "")] {
                    let s = sample(empties, lost, exact, bound);
                    assert_eq!(s.with([3, 15, 20]), s.shipped(), "{}", s.line());
                    if empties >= 24 {
                        assert_eq!(s.unproven_from(25), s.shipped(), "{}", s.line());
                    }
                }
            }
        }
    }

    #[test]
    fn the_picks_are_a_lossless_move_a_big_loss_and_a_third_only_if_asked() {
        let sq = |s: &str| s.parse::<Move>().expect("a square");
        let children = [
            (sq("a1"), 20),
            (sq("b1"), 20),
            (sq("c1"), 10),
            (sq("d1"), 5),
            (sq("a2"), -30),
        ];
        for seed in 0..20 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let two = picks(&children, &mut rng, false);
            assert_eq!(two.len(), 2, "{two:?}");
            assert_eq!(two[0].1, 20);
            assert!(20 - two[1].1 >= 15, "{two:?}");
            let mut rng = SmallRng::seed_from_u64(seed);
            let three = picks(&children, &mut rng, true);
            assert_eq!(three[..2], two[..], "the same first two picks");
            assert!(three.len() <= 3);
        }
        // No move lost 15: only the lossless one.
        let mut rng = SmallRng::seed_from_u64(1);
        let close = [(sq("a1"), 5), (sq("b1"), 0)];
        assert_eq!(picks(&close, &mut rng, false), vec![(sq("a1"), 5)]);
    }
}
