//! How far past its thinking time `hijara engine` answers `genmove` (a budget is a
//! promise from every legal position): the time from the command's line written to
//! the reply's end read, through a child `hijara engine`'s pipes, as a controller
//! sees it, over random legal positions of every stage.
//!
//! ```sh
//! cargo build --release
//! cargo build --profile test --features tools --example engine_budget
//! target/debug/examples/engine_budget --engine target/release/hijara --per-stage 100
//! ```
//!
//! (The tool's own speed does not count: it only waits on the pipes. On a machine
//! busy with other work, `nice -n -10` before it gives the engine its turns sooner.)
//!
//! Positions come from seeded random games (so not ones hard steered to), under
//! both rulesets, `--per-stage` of them in each stage of a game (each four of its
//! 64 moves: 0 to 3 moves played, 4 to 7, ..., 60 to 63). Each is set up in a new
//! engine process (nothing kept from another position: the cold case) by
//! `variant`, `seed`, `time_per_move`, `threads` and `play` commands, then one
//! `genmove` is timed. The table gives, per stage, the reply's time past
//! the budget (negative: early) at the median, the 99th percentile and the worst.
//!
//! `--nodes N` times the protocol's other limit instead (`nodes N`, sent after
//! `time_per_move`, which it replaces: hard searches N nodes, however long they
//! take), so the table gives the reply's whole time, not a time past a budget. `--review-ms MS` then
//! times the review's evaluation of each position and of a random move from it
//! (`hijara::review::evaluate_position`, as `hijara analyze --think-ms MS` does for
//! each position of a game, in this process on one thread) against MS and
//! against twice MS, the most its docs allow (a position it calls a mistake gets
//! a second budget for a proof). Claims play no part in either: the protocol has
//! none, and a review values a claim game's positions as any other's.

use std::path::Path;
use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use hijara::ai::{SearchLimit, random};
use hijara::review::evaluate_position;
use hijara::rules::{Position, Ruleset};

#[path = "support/engine.rs"]
mod engine;
use engine::Engine;
#[path = "support/stats.rs"]
mod stats;
use stats::percentile;

#[derive(Parser)]
struct Args {
    /// The `hijara` binary to run as `hijara engine`.
    #[arg(long, default_value = "target/release/hijara")]
    engine: String,
    /// Positions in each stage, four moves long (half under each ruleset).
    #[arg(long, default_value_t = 100)]
    per_stage: usize,
    /// `time_per_move`, the budget measured.
    #[arg(long, default_value_t = 10)]
    think_ms: u64,
    /// `threads`; 0 leaves the engine's default (every core).
    #[arg(long, default_value_t = 0)]
    threads: usize,
    /// `nodes`, sent after `time_per_move` (which it replaces); 0 sends none.
    #[arg(long, default_value_t = 0)]
    nodes: u64,
    /// Also times the review's evaluation of every position at this budget, in ms;
    /// 0 skips it.
    #[arg(long, default_value_t = 0)]
    review_ms: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Times the slowest position again this many times (a slow search, or a slow
    /// turn of the machine's?).
    #[arg(long, default_value_t = 20)]
    again: usize,
}

/// One position set up in a new engine, and how long its `genmove` took past the
/// budget, in milliseconds.
fn time_one(args: &Args, ruleset: Ruleset, seed: u64, moves: &[String]) -> anyhow::Result<f64> {
    let mut engine = Engine::start(Path::new(&args.engine), &[])?;
    engine.send(&format!("variant {ruleset}"))?;
    engine.send(&format!("seed {seed}"))?;
    engine.send(&format!("time_per_move {}", args.think_ms))?;
    if args.threads > 0 {
        engine.send(&format!("threads {}", args.threads))?;
    }
    if args.nodes > 0 {
        engine.send(&format!("nodes {}", args.nodes))?;
    }
    let mut colour = "blue";
    for mv in moves {
        engine.send(&format!("play {colour} {mv}"))?;
        colour = if colour == "blue" { "yellow" } else { "blue" };
    }
    let start = Instant::now();
    engine.send(&format!("genmove {colour}"))?;
    // A node budget has no time to be past: its reply's whole time.
    let budget = if args.nodes > 0 { 0 } else { args.think_ms };
    let past = start.elapsed().as_secs_f64() * 1000.0 - budget as f64;
    drop(engine);
    Ok(past)
}

/// The moves of a random legal game under `ruleset`, `played` of them, and the
/// position they reach.
fn position(ruleset: Ruleset, played: u32, seed: u64) -> anyhow::Result<(Position, Vec<String>)> {
    let mut position = Position::with_ruleset(ruleset);
    let mut moves = Vec::new();
    for ply in 0..played {
        let mv = random::choose(&position, seed * 100 + u64::from(ply)).context("a move")?;
        position.play(mv)?;
        moves.push(mv.to_string());
    }
    Ok((position, moves))
}

/// How long the review's evaluation of `position` and a random move from it takes
/// past `ms` (negative: early), in milliseconds.
fn time_review(position: &Position, seed: u64, ms: u64) -> f64 {
    let played = random::choose(position, seed);
    let start = Instant::now();
    let _ = evaluate_position(position, played, &SearchLimit::millis(ms), None);
    start.elapsed().as_secs_f64() * 1000.0 - ms as f64
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let mut all = Vec::new();
    let mut worst = None;
    let mut review = Vec::new();
    println!(
        "`genmove` at {} ({} threads), {} positions a stage: {}",
        if args.nodes > 0 {
            format!("`nodes {}`", args.nodes)
        } else {
            format!("`time_per_move {}`", args.think_ms)
        },
        if args.threads == 0 {
            "default".to_owned()
        } else {
            args.threads.to_string()
        },
        args.per_stage,
        if args.nodes > 0 {
            "the reply's time"
        } else {
            "the reply's time past the budget"
        }
    );
    println!("| moves played | median | p99 | max |");
    println!("|---|---|---|---|");
    for stage in 0..16u32 {
        let mut past = Vec::new();
        for i in 0..args.per_stage {
            let ruleset = if i % 2 == 0 {
                Ruleset::Standard
            } else {
                Ruleset::Corners
            };
            let played = stage * 4 + (i as u32 / 2) % 4;
            let seed = args.seed * 1_000_000 + u64::from(stage) * 10_000 + i as u64;
            let (reached, moves) = position(ruleset, played, seed)?;
            let took = time_one(&args, ruleset, seed, &moves)?;
            if args.review_ms > 0 && !reached.is_over() {
                review.push((stage, time_review(&reached, seed, args.review_ms)));
            }
            if worst
                .as_ref()
                .is_none_or(|w: &(f64, Ruleset, u64, Vec<String>)| took > w.0)
            {
                worst = Some((took, ruleset, seed, moves));
            }
            past.push(took);
        }
        past.sort_by(f64::total_cmp);
        println!(
            "| {}-{} | {:+.2} ms | {:+.2} ms | {:+.2} ms |",
            stage * 4,
            stage * 4 + 3,
            percentile(&past, 50.0),
            percentile(&past, 99.0),
            percentile(&past, 100.0)
        );
        all.extend(past);
    }
    all.sort_by(f64::total_cmp);
    println!(
        "| all {} | {:+.2} ms | {:+.2} ms | {:+.2} ms |",
        all.len(),
        percentile(&all, 50.0),
        percentile(&all, 99.0),
        percentile(&all, 100.0)
    );
    if let Some((took, ruleset, seed, moves)) = worst {
        let mut again = Vec::new();
        for _ in 0..args.again {
            again.push(time_one(&args, ruleset, seed, &moves)?);
        }
        again.sort_by(f64::total_cmp);
        println!(
            "slowest: {took:+.2} ms ({ruleset}, seed {seed}, `{}`); again {} times: median {:+.2} ms, max {:+.2} ms",
            moves.join(" "),
            args.again,
            percentile(&again, 50.0),
            percentile(&again, 100.0)
        );
    }
    if args.review_ms > 0 {
        print_review(args.review_ms, &review);
    }
    Ok(())
}

/// The review's times past its budget `ms`, per stage and over all: at the median,
/// the 99th percentile and the worst, and how many went past twice `ms`.
fn print_review(ms: u64, review: &[(u32, f64)]) {
    println!();
    println!("review's evaluation at {ms} ms a position (1 thread): the time past {ms} ms");
    println!(
        "| moves played | positions | median | p99 | max | past {} ms |",
        2 * ms
    );
    println!("|---|---|---|---|---|---|");
    let row = |label: String, mut past: Vec<f64>| {
        past.sort_by(f64::total_cmp);
        let over = past.iter().filter(|&&p| p > ms as f64).count();
        println!(
            "| {label} | {} | {:+.2} ms | {:+.2} ms | {:+.2} ms | {over} |",
            past.len(),
            percentile(&past, 50.0),
            percentile(&past, 99.0),
            percentile(&past, 100.0)
        );
    };
    for stage in 0..16u32 {
        let past: Vec<f64> = review
            .iter()
            .filter(|(s, _)| *s == stage)
            .map(|(_, p)| *p)
            .collect();
        if !past.is_empty() {
            row(format!("{}-{}", stage * 4, stage * 4 + 3), past);
        }
    }
    row(
        format!("all {}", review.len()),
        review.iter().map(|(_, p)| *p).collect(),
    );
}
