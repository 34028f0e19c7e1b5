//! How long the review takes a position against its budget (a budget is a promise
//! from every legal position): `hijara analyze --think-ms MS` gives each position
//! MS, and as much again to a position whose loss needs a proof, so never more
//! than twice MS (docs/commands.md, docs/review.md; `--deep` is the same at 4 × MS).
//! This times `hijara::review::evaluate_position`, what `analyze` and the screens
//! run for each position, in this process on one thread, one position at a time.
//!
//! ```sh
//! cargo build --release --features tools --example review_budget
//! nice -n 10 target/release/examples/review_budget --ms 400 --per-count 2
//! nice -n 10 target/release/examples/review_budget --ms 1600 --per-count 1 --step 2   # the deep review
//! ```
//!
//! Positions of three kinds, half under each ruleset, none of them one the program
//! would steer to:
//! - `random`: seeded random legal games stopped at each count of empty sections
//!   from `--min-empty` to `--max-empty` (every `--step`), and at 1, 2, 3 and each
//!   fourth count above (full but one, two, three; the other stages);
//! - `threats`: random games that never score while a move that scores nothing is
//!   left (so combinations pile up one stone short), the one of `--candidates` with
//!   the most scoring moves for the side to move, at the same counts;
//! - each with two moves played: a random one, and the one that gives the most away
//!   at a glance (the opponent's best immediate score after it less its own), which
//!   the estimates call a big loss, so its proofs take the second budget.
//!
//! Per kind it prints the wall time a position took as a multiple of MS (median,
//! 99th percentile, worst), how many took more than MS and more than twice MS, and
//! the worst's thread CPU time (a wall time well above its CPU time is the
//! machine's other work, not the search). The slowest position is timed again.

use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use hijara::ai::{SearchLimit, random};
use hijara::review::evaluate_position;
use hijara::rules::{Move, Position, Ruleset};
use rand::seq::IndexedRandom;
use rand::{SeedableRng, rngs::SmallRng};

#[derive(Parser)]
struct Args {
    /// The budget a position, in milliseconds (`analyze --think-ms`).
    #[arg(long, default_value_t = 400)]
    ms: u64,
    /// Positions of each kind at each count of empty sections (and ruleset: so twice
    /// this a count).
    #[arg(long, default_value_t = 1)]
    per_count: u64,
    /// The range of empty sections sampled at every `--step`.
    #[arg(long, default_value_t = 20)]
    min_empty: u32,
    #[arg(long, default_value_t = 40)]
    max_empty: u32,
    #[arg(long, default_value_t = 1)]
    step: u32,
    /// The threat kind's candidates a position (the one with most scoring moves kept).
    #[arg(long, default_value_t = 20)]
    candidates: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Times the slowest position again this many times.
    #[arg(long, default_value_t = 5)]
    again: usize,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Random,
    Threats,
}

/// One timed evaluation.
struct Timed {
    kind: Kind,
    empties: u32,
    /// Wall and thread CPU time, in milliseconds.
    wall: f64,
    cpu: f64,
    position: Position,
    played: Move,
    what: &'static str,
}

/// This thread's CPU time, in milliseconds.
fn thread_cpu_ms() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to write.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 * 1000.0 + t.tv_nsec as f64 / 1e6
}

/// A random game under `ruleset` stopped at `empties` empty sections; with
/// `quiet`, every move scores nothing while such a move is left.
fn random_game(ruleset: Ruleset, empties: u32, quiet: bool, rng: &mut SmallRng) -> Position {
    let mut position = Position::with_ruleset(ruleset);
    while position.empty_sections() > empties {
        let moves: Vec<Move> = position.legal_moves().collect();
        let silent: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&mv| scored(&position, mv) == 0)
            .collect();
        let from = if quiet && !silent.is_empty() {
            &silent
        } else {
            &moves
        };
        let Some(&mv) = from.choose(rng) else { break };
        position.play_unchecked(mv);
    }
    position
}

/// The points `mv` scores from `position`.
fn scored(position: &Position, mv: Move) -> u32 {
    let mut next = *position;
    next.play_unchecked(mv).points
}

/// The moves that score from `position`.
fn scoring_moves(position: &Position) -> usize {
    position
        .legal_moves()
        .filter(|&mv| scored(position, mv) > 0)
        .count()
}

/// The move that gives the most away at a glance: the opponent's best immediate
/// score after it, less its own.
fn giveaway(position: &Position) -> Option<Move> {
    position.legal_moves().max_by_key(|&mv| {
        let mut next = *position;
        let own = next.play_unchecked(mv).points as i64;
        let reply = next
            .legal_moves()
            .map(|r| scored(&next, r) as i64)
            .max()
            .unwrap_or(0);
        reply - own
    })
}

fn time_one(position: &Position, played: Move, ms: u64) -> (f64, f64) {
    let cpu = thread_cpu_ms();
    let start = Instant::now();
    let _ = evaluate_position(position, Some(played), &SearchLimit::millis(ms), None);
    (
        start.elapsed().as_secs_f64() * 1000.0,
        thread_cpu_ms() - cpu,
    )
}

/// The `p`-th percentile (0-100) of sorted `values`, by nearest rank.
fn percentile(values: &[f64], p: f64) -> f64 {
    let rank = (values.len() as f64 * p / 100.0).ceil() as usize;
    values.get(rank.max(1) - 1).copied().unwrap_or(f64::NAN)
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    anyhow::ensure!(args.step > 0, "--step must be at least 1");
    let mut counts: Vec<u32> = (args.min_empty..=args.max_empty)
        .step_by(args.step as usize)
        .collect();
    counts.extend([1, 2, 3]);
    counts.extend((4..=64).step_by(4));
    counts.sort_unstable();
    counts.dedup();
    let mut rng = SmallRng::seed_from_u64(args.seed);
    let mut timed = Vec::new();
    let start = Instant::now();
    for &empties in &counts {
        for i in 0..args.per_count * 2 {
            let ruleset = if i % 2 == 0 {
                Ruleset::Standard
            } else {
                Ruleset::Corners
            };
            let plain = random_game(ruleset, empties, false, &mut rng);
            let threats = (0..args.candidates)
                .map(|_| random_game(ruleset, empties, true, &mut rng))
                .max_by_key(scoring_moves)
                .context("a candidate")?;
            for (kind, position) in [(Kind::Random, plain), (Kind::Threats, threats)] {
                let random_move = random::choose(&position, args.seed ^ u64::from(empties) ^ i);
                let plays = [
                    ("random move", random_move),
                    ("giveaway", giveaway(&position)),
                ];
                for (what, played) in plays {
                    let Some(played) = played else { continue };
                    let (wall, cpu) = time_one(&position, played, args.ms);
                    timed.push(Timed {
                        kind,
                        empties,
                        wall,
                        cpu,
                        position,
                        played,
                        what,
                    });
                }
            }
        }
    }
    println!(
        "review's evaluation at {} ms a position (1 thread): {} positions at {} counts of empty sections, {:.0} s",
        args.ms,
        timed.len(),
        counts.len(),
        start.elapsed().as_secs_f64()
    );
    println!(
        "| kind | empty | positions | wall / budget: median | p99 | max | over 1x | over 2x | the max's CPU / budget |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let ms = args.ms as f64;
    let row = |label: &str, range: &str, of: Vec<&Timed>| {
        if of.is_empty() {
            return;
        }
        let mut walls: Vec<f64> = of.iter().map(|t| t.wall / ms).collect();
        walls.sort_by(f64::total_cmp);
        let worst = of
            .iter()
            .max_by(|a, b| a.wall.total_cmp(&b.wall))
            .map_or(0.0, |t| t.cpu / ms);
        println!(
            "| {label} | {range} | {} | {:.2} | {:.2} | {:.2} | {} | {} | {worst:.2} |",
            walls.len(),
            percentile(&walls, 50.0),
            percentile(&walls, 99.0),
            percentile(&walls, 100.0),
            walls.iter().filter(|&&w| w > 1.0).count(),
            walls.iter().filter(|&&w| w > 2.0).count(),
        );
    };
    let ranges = [
        (1, 3),
        (4, args.min_empty.saturating_sub(1)),
        (args.min_empty, args.max_empty),
        (args.max_empty + 1, 64),
    ];
    for kind in [Kind::Random, Kind::Threats] {
        for (low, high) in ranges {
            row(
                &format!("{kind:?}"),
                &format!("{low}-{high}"),
                timed
                    .iter()
                    .filter(|t| t.kind == kind && (low..=high).contains(&t.empties))
                    .collect(),
            );
        }
    }
    row("all", "1-64", timed.iter().collect());
    let mut cpu: Vec<f64> = timed.iter().map(|t| t.cpu / ms).collect();
    cpu.sort_by(f64::total_cmp);
    println!(
        "thread CPU / budget over all: median {:.2}, p99 {:.2}, max {:.2}, over 2x {}",
        percentile(&cpu, 50.0),
        percentile(&cpu, 99.0),
        percentile(&cpu, 100.0),
        cpu.iter().filter(|&&c| c > 2.0).count()
    );
    if let Some(slowest) = timed.iter().max_by(|a, b| a.wall.total_cmp(&b.wall)) {
        let again: Vec<String> = (0..args.again)
            .map(|_| {
                let (wall, cpu) = time_one(&slowest.position, slowest.played, args.ms);
                format!("{:.2}/{:.2}", wall / ms, cpu / ms)
            })
            .collect();
        println!(
            "slowest: {:.2} x wall, {:.2} x CPU ({:?}, {} empty, {}, {} played, {}); again (wall/CPU): {}",
            slowest.wall / ms,
            slowest.cpu / ms,
            slowest.kind,
            slowest.empties,
            slowest.position.ruleset(),
            slowest.played,
            slowest.what,
            again.join(" ")
        );
        println!("{}", slowest.position);
    }
    Ok(())
}
