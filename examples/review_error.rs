//! How far the review's estimates are from the truth, per band of 4 empty
//! sections: the data behind `review::classify::ESTIMATE_ERROR`.
//!
//! Games between different levels (hard node-limited on one thread, so the
//! games are the same on every run) give the positions; each sampled position
//! is valued as the review does ([`evaluate`], [`REVIEW_THINK_MS`] on one
//! thread) and, where that is an estimate, compared with the truth:
//!
//! - up to [`EXACT_UP_TO`] empty sections: the exact margin (a search to the end);
//! - from there to [`PROOF_UP_TO`]: the exact margin when it finishes in time,
//!   else the win/draw/loss proof, which bounds the error from below (a win is
//!   worth at least +5, a loss at most -5, every total being a multiple of 5);
//! - earlier: a much deeper search (`--deep-ms`, 20 times the budget by default).
//!
//! The table printed at the end (the const to paste) keeps the measured error
//! up to 23 empty sections (a band with fewer than 5 estimates takes at least
//! the next band's); above, where the truth is not exact, a band takes at least
//! the largest error measured against exact margins.
//!
//! The review's budget is wall-clock time, so a loaded machine gives shallower
//! estimates (a larger, more cautious error): the load average is printed.
//! Run time is bounded (`--max-minutes`); bands are sampled round-robin, so an
//! early stop still covers every band.
//!
//! ```sh
//! nice -n 10 cargo run --release --features tools --example review_error -- --games 16 --per-band 12
//! # more samples where the truth is exact, pooled with an earlier run's output:
//! nice -n 10 cargo run --release --features tools --example review_error -- --games 32 --seed 2 \
//!     --min-empty 12 --max-empty 27 --per-band 24 --pool run1.log
//! ```

use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Parser;
use hijara::ai::analysis::{PositionEval, Wdl, evaluate};
use hijara::ai::eval::Weights;
use hijara::ai::{Level, SearchLimit, SolveFor, solve};
use hijara::review::REVIEW_THINK_MS;
use hijara::rules::{Move, Position};

#[path = "support/level_games.rs"]
mod level_games;
#[path = "support/load.rs"]
#[allow(dead_code)] // its squares in filling order are serve_load's
mod load_support;
#[path = "support/loss_line.rs"]
mod loss_line;
#[path = "review_error/losses.rs"]
mod losses;
#[path = "support/stats.rs"]
mod stats;
use load_support::load_average;
use stats::percentile;

/// Up to this many empty sections the truth is the exact margin.
const EXACT_UP_TO: u32 = 22;
/// Up to this many, the exact margin or else a win/draw/loss proof.
const PROOF_UP_TO: u32 = 26;
/// A band with fewer errors measured takes at least the next band's error.
const MIN_SAMPLES: usize = 5;
/// Bands of 4 empty sections: 0-3, 4-7, ..., 56-59, and 60-64.
const BANDS: usize = 16;

#[derive(Parser)]
struct Args {
    /// Games to take positions from (pairings of different levels, in turn).
    #[arg(long, default_value_t = 16)]
    games: u64,
    /// Seed of the games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Positions sampled per band.
    #[arg(long, default_value_t = 12)]
    per_band: usize,
    /// The review's budget per position, in ms.
    #[arg(long, default_value_t = REVIEW_THINK_MS)]
    think_ms: u64,
    /// The deeper search's budget, in ms, above the proof range.
    #[arg(long, default_value_t = 20 * REVIEW_THINK_MS)]
    deep_ms: u64,
    /// The most time for one exact margin or proof, in seconds.
    #[arg(long, default_value_t = 60)]
    truth_secs: u64,
    /// Nodes per move of the hard level in the games.
    #[arg(long, default_value_t = 50_000)]
    hard_nodes: u64,
    /// Sample only positions with at least this many empty sections.
    #[arg(long, default_value_t = 0)]
    min_empty: u32,
    /// Sample only positions with at most this many empty sections.
    #[arg(long, default_value_t = 64)]
    max_empty: u32,
    /// Also count the errors logged by an earlier run (its output), to pool runs.
    #[arg(long, value_name = "LOG")]
    pool: Vec<std::path::PathBuf>,
    /// Stop sampling after this long.
    #[arg(long, default_value_t = 40)]
    max_minutes: u64,
    /// Measure the points each sampled *move* lost instead ([`losses`]): the
    /// review's two ways against the truth.
    #[arg(long)]
    losses: bool,
    /// With `--losses`: the review's budget as nodes (one thread), for results
    /// that do not depend on the machine's load; 0 for `--think-ms`.
    #[arg(long, default_value_t = 0)]
    review_nodes: u64,
    /// With `--losses`: the truth is exact up to this many empty sections, a
    /// deeper search (`--deep-nodes`) beyond.
    #[arg(long, default_value_t = 24)]
    exact_up_to: u32,
    /// With `--losses`: the deeper search's nodes.
    #[arg(long, default_value_t = 20_000_000)]
    deep_nodes: u64,
    /// With `--losses`: the deeper search's evaluation: the review's own
    /// (`review`, [`Weights::REVIEW`]), or one the review does not share
    /// (`hard`, `medium`), so the reference does not inherit its blind spots.
    #[arg(long, value_enum, default_value_t = DeepWeights::Review)]
    deep_weights: DeepWeights,
    /// With `--losses`: a second review budget in nodes (say the deep review's),
    /// valued on the same moves against the same truth; 0 for none.
    #[arg(long, default_value_t = 0)]
    second_review_nodes: u64,
    /// With `--losses`: sample only the moves of these levels (say `random,easy`,
    /// whose moves lose points more often); every move by default.
    #[arg(long, value_delimiter = ',')]
    movers: Vec<Level>,
    /// With `--losses`: the exact truth's budget as nodes (all its solves at a
    /// position together, one thread), so which positions finish does not depend
    /// on the machine's load; 0 for `--truth-secs`.
    #[arg(long, default_value_t = 0)]
    truth_nodes: u64,
    /// With `--losses`: only the paired way (today's review), not the separate
    /// one's two more searches per budget (its fields then repeat the paired ones).
    #[arg(long)]
    paired_only: bool,
    /// With `--losses` and an exact truth: at each sampled position also value
    /// the exact best move (a lossless move) and `--random-picks` other legal
    /// moves at random (seeded; what a random mover plays, so often a big loss),
    /// solved in the same table as the move played.
    #[arg(long)]
    extra_picks: bool,
    /// With `--extra-picks`: how many other legal moves at random (distinct).
    #[arg(long, default_value_t = 1)]
    random_picks: usize,
    /// With `--losses`: sample `--per-band` positions at each number of empty
    /// sections, not in each band of 4 (so every count in `--min-empty`..`--max-empty` is
    /// sampled alike, in turn).
    #[arg(long)]
    per_empty: bool,
    /// With `--losses`: start at this round of the sampling (one position per
    /// band, or per empty section, a round), to go on with a stopped run: the same
    /// arguments with `--first-round` the stopped run's rounds give its next picks.
    #[arg(long, default_value_t = 0)]
    first_round: usize,
}

/// The evaluation of `--losses`' deeper search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum DeepWeights {
    /// The review's own ([`Weights::REVIEW`]).
    Review,
    /// Hard's ([`Weights::HARD`]), fitted to outcomes, not margins.
    Hard,
    /// Medium's hand-set weights ([`Weights::MEDIUM`]).
    Medium,
}

impl DeepWeights {
    fn weights(self) -> Weights {
        match self {
            DeepWeights::Review => Weights::REVIEW,
            DeepWeights::Hard => Weights::HARD,
            DeepWeights::Medium => Weights::MEDIUM,
        }
    }
}

/// The band of a position with `empties` empty sections.
fn band(empties: u32) -> usize {
    (empties as usize / 4).min(BANDS - 1)
}

fn band_name(b: usize) -> String {
    if b == BANDS - 1 {
        format!("{}-64", 4 * b)
    } else {
        format!("{}-{}", 4 * b, 4 * b + 3)
    }
}

/// What the estimate is compared with.
#[derive(Debug, Clone, Copy)]
enum Truth {
    /// The exact final margin.
    Exact(i32),
    /// A proven outcome, margin unknown.
    Outcome(Wdl),
    /// A much deeper search's value.
    Deep(i32),
}

impl Truth {
    /// |estimate - truth|; for an outcome, the distance to the nearest margin
    /// with that outcome (a lower bound of the error).
    fn error(self, estimate: i32) -> i32 {
        match self {
            Truth::Exact(m) | Truth::Deep(m) => (estimate - m).abs(),
            Truth::Outcome(Wdl::Win) => (5 - estimate).max(0),
            Truth::Outcome(Wdl::Draw) => estimate.abs(),
            Truth::Outcome(Wdl::Loss) => (estimate + 5).max(0),
        }
    }

    fn kind(self) -> usize {
        match self {
            Truth::Exact(_) => 0,
            Truth::Outcome(_) => 1,
            Truth::Deep(_) => 2,
        }
    }
}

/// The pairings, Blue first: always two different levels.
const PAIRINGS: [(Level, Level); 8] = [
    (Level::Medium, Level::Hard),
    (Level::Hard, Level::Medium),
    (Level::Easy, Level::Medium),
    (Level::Medium, Level::Easy),
    (Level::Easy, Level::Hard),
    (Level::Hard, Level::Easy),
    (Level::Random, Level::Medium),
    (Level::Medium, Level::Random),
];

/// A game played for the samples: Blue's level, Yellow's and the moves.
type Game = (Level, Level, Vec<Move>);

/// Per band, the positions picked: (game, plies played).
type Picks = Vec<Vec<(usize, usize)>>;

/// Plays `args.games` games and picks, in each band, up to `args.per_band` evenly
/// spaced positions whose mover's level `keep` takes: per band, (game, plies played).
fn sample_positions(
    args: &Args,
    keep: impl Fn(Level) -> bool,
) -> anyhow::Result<(Vec<Game>, Picks)> {
    let mut games = Vec::new();
    let mut candidates: Vec<Vec<(usize, usize)>> = vec![Vec::new(); 65];
    for g in 0..args.games {
        let (blue, yellow) = PAIRINGS[g as usize % PAIRINGS.len()];
        let moves = level_games::play_game(blue, yellow, args.seed * 100 + g, args.hard_nodes)?;
        for ply in 0..moves.len() {
            let empties = 64 - ply as u32;
            let mover = if ply % 2 == 0 { blue } else { yellow };
            if (args.min_empty..=args.max_empty).contains(&empties) && keep(mover) {
                let key = if args.per_empty {
                    empties as usize
                } else {
                    band(empties)
                };
                candidates[key].push((games.len(), ply));
            }
        }
        games.push((blue, yellow, moves));
    }
    // Evenly spaced samples in each band.
    let picks = candidates
        .iter()
        .map(|c| {
            let n = args.per_band.min(c.len());
            (0..n).map(|i| c[i * c.len() / n.max(1)]).collect()
        })
        .collect();
    Ok((games, picks))
}

/// The exact margin, else the proven outcome, within `secs`.
fn prove(position: &Position, secs: u64, exact_first: bool) -> Option<Truth> {
    let limit = SearchLimit {
        deadline: Some(Instant::now() + Duration::from_secs(secs)),
        ..SearchLimit::NONE
    };
    let exact = || {
        solve(position, SolveFor::Margin, &limit, 1)
            .and_then(|s| s.margin)
            .map(Truth::Exact)
    };
    if exact_first {
        return exact();
    }
    let wdl = solve(position, SolveFor::Outcome, &limit, 1)?.wdl;
    if wdl == Wdl::Draw {
        return Some(Truth::Exact(0));
    }
    exact().or(Some(Truth::Outcome(wdl)))
}

fn truth(position: &Position, args: &Args) -> Option<Truth> {
    let empties = position.empty_sections();
    if empties <= EXACT_UP_TO {
        prove(position, args.truth_secs, true)
    } else if empties <= PROOF_UP_TO {
        prove(position, args.truth_secs, false)
    } else {
        let deep = evaluate(position, Duration::from_millis(args.deep_ms), None)?;
        Some(if deep.exact {
            Truth::Exact(deep.margin)
        } else {
            Truth::Deep(deep.margin)
        })
    }
}

#[derive(Default)]
struct Band {
    sampled: usize,
    exact_by_review: usize,
    estimates: usize,
    no_truth: usize,
    /// Errors, with the kind of truth each came from.
    errors: Vec<(i32, usize)>,
}

/// The (empty sections, error, kind of truth) of each compared position in an
/// earlier run's output: its lines `NN empty, ... truth Kind(..) (..): error E`.
fn pooled(log: &str) -> Vec<(u32, i32, usize)> {
    log.lines()
        .filter_map(|line| {
            let (empties, rest) = line.trim_start().split_once(" empty, ")?;
            let (_, truth) = rest.split_once(", truth ")?;
            let kind = match truth.split('(').next()? {
                "Exact" => 0,
                "Outcome" => 1,
                "Deep" => 2,
                _ => return None,
            };
            let (_, error) = truth.rsplit_once(": error ")?;
            Some((empties.parse().ok()?, error.parse().ok()?, kind))
        })
        .collect()
}

/// CPU seconds this process has used (Linux), to compare with the wall clock.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (in parentheses): utime and stime are the 12th and 13th.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    if args.losses {
        return losses::run(&args);
    }
    anyhow::ensure!(
        !args.per_empty,
        "--per-empty samples moves: it needs --losses"
    );
    let start = Instant::now();
    println!(
        "review_error: {} games, seed {}, {}-{} empty, {} per band, review {} ms, deep {} ms, truth within {} s, hard {} nodes; load {}",
        args.games,
        args.seed,
        args.min_empty,
        args.max_empty,
        args.per_band,
        args.think_ms,
        args.deep_ms,
        args.truth_secs,
        args.hard_nodes,
        load_average()
    );
    let (games, picks) = sample_positions(&args, |_| true)?;
    println!("games played in {:.1} s", start.elapsed().as_secs_f64());
    let mut bands: Vec<Band> = (0..BANDS).map(|_| Band::default()).collect();
    let mut pooled_errors = 0;
    for log in &args.pool {
        let text = std::fs::read_to_string(log).with_context(|| log.display().to_string())?;
        for (empties, error, kind) in pooled(&text) {
            bands[band(empties)].errors.push((error, kind));
            pooled_errors += 1;
        }
    }
    if pooled_errors > 0 {
        println!(
            "{pooled_errors} errors pooled from {} earlier run(s)",
            args.pool.len()
        );
    }
    let stop_at = start + Duration::from_secs(args.max_minutes * 60);
    let mut stopped = false;
    'rounds: for i in 0..args.per_band {
        for b in 0..BANDS {
            let Some(&(g, ply)) = picks[b].get(i) else {
                continue;
            };
            if Instant::now() >= stop_at {
                stopped = true;
                break 'rounds;
            }
            let (blue, yellow, moves) = &games[g];
            let mut position = Position::new();
            for &mv in &moves[..ply] {
                position.play_unchecked(mv);
            }
            let Some(PositionEval {
                margin, exact, wdl, ..
            }) = evaluate(&position, Duration::from_millis(args.think_ms), None)
            else {
                continue;
            };
            let band = &mut bands[b];
            band.sampled += 1;
            let empties = position.empty_sections();
            if exact {
                band.exact_by_review += 1;
                continue;
            }
            band.estimates += 1;
            let t = Instant::now();
            let Some(truth) = truth(&position, &args) else {
                band.no_truth += 1;
                println!(
                    "{empties:>2} empty, game {g} ({blue}-{yellow}) ply {ply}: estimate {margin:+} {wdl:?}, no truth in time"
                );
                continue;
            };
            let error = truth.error(margin);
            band.errors.push((error, truth.kind()));
            println!(
                "{empties:>2} empty, game {g} ({blue}-{yellow}) ply {ply}: estimate {margin:+} {wdl:?}, truth {truth:?} ({:.1} s): error {error}",
                t.elapsed().as_secs_f64()
            );
        }
    }
    if stopped {
        println!("stopped after {} minutes", args.max_minutes);
    }
    println!();
    println!(
        "| empty sections | sampled | exact by the review | estimates | errors (truth: exact / outcome / deep), pooled included; no truth in time | median error | 95th percentile | max |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let mut p95 = [None; BANDS];
    for (b, band) in bands.iter().enumerate() {
        let mut errors: Vec<i32> = band.errors.iter().map(|e| e.0).collect();
        errors.sort_unstable();
        let kinds = |k| band.errors.iter().filter(|e| e.1 == k).count();
        let stats = if errors.is_empty() {
            "- | - | -".to_owned()
        } else {
            p95[b] = Some(percentile(&errors, 95.0));
            format!(
                "{} | {} | {}",
                percentile(&errors, 50.0),
                percentile(&errors, 95.0),
                errors[errors.len() - 1]
            )
        };
        println!(
            "| {} | {} | {} | {} | {} / {} / {}; {} | {stats} |",
            band_name(b),
            band.sampled,
            band.exact_by_review,
            band.estimates,
            kinds(0),
            kinds(1),
            kinds(2),
            band.no_truth
        );
    }
    // Up to EXACT_UP_TO the truth is exact: those bands' errors are measured.
    // A band with fewer than MIN_SAMPLES errors measured (most of its values
    // were exact) takes at least the next band's error. Above, proofs only bound
    // the error from below and a deeper search shares the estimate's bias, so a
    // band takes at least the largest error measured against exact margins: an
    // estimate further from the end is taken to be no more accurate.
    let measured_up_to = band(EXACT_UP_TO);
    let exact_max = p95[..=measured_up_to]
        .iter()
        .flatten()
        .copied()
        .max()
        .unwrap_or(0);
    let mut table = vec![0; BANDS];
    for b in (0..BANDS).rev() {
        let own = p95[b].unwrap_or(0);
        table[b] = if b > measured_up_to {
            own.max(exact_max)
        } else if bands[b].errors.len() < MIN_SAMPLES {
            own.max(table[b + 1])
        } else {
            own
        };
    }
    println!();
    println!("pub const ESTIMATE_ERROR: [i32; {BANDS}] = {table:?};");
    let wall = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().map_or("unknown".into(), |c| format!("{:.0}%", 100.0 * c / wall));
    println!(
        "done in {wall:.1} s, CPU share of one core {cpu}; load {}",
        load_average()
    );
    Ok(())
}
