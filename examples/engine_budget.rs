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

use std::path::Path;
use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use hijara::ai::random;
use hijara::rules::{Position, Ruleset};

#[path = "support/engine.rs"]
mod engine;
use engine::Engine;

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
    let mut colour = "blue";
    for mv in moves {
        engine.send(&format!("play {colour} {mv}"))?;
        colour = if colour == "blue" { "yellow" } else { "blue" };
    }
    let start = Instant::now();
    engine.send(&format!("genmove {colour}"))?;
    let past = start.elapsed().as_secs_f64() * 1000.0 - args.think_ms as f64;
    drop(engine);
    Ok(past)
}

/// The `p`-th percentile (0-100) of sorted `values`, by nearest rank: the least
/// value with at least `p`% of them at or below it.
fn percentile(values: &[f64], p: f64) -> f64 {
    let rank = (values.len() as f64 * p / 100.0).ceil() as usize;
    values.get(rank.max(1) - 1).copied().unwrap_or(f64::NAN)
}

/// The moves of a random legal game under `ruleset`, `played` of them.
fn position(ruleset: Ruleset, played: u32, seed: u64) -> anyhow::Result<Vec<String>> {
    let mut position = Position::with_ruleset(ruleset);
    let mut moves = Vec::new();
    for ply in 0..played {
        let mv = random::choose(&position, seed * 100 + u64::from(ply)).context("a move")?;
        position.play(mv)?;
        moves.push(mv.to_string());
    }
    Ok(moves)
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let mut all = Vec::new();
    let mut worst = None;
    println!(
        "`genmove` at `time_per_move {}` ({} threads), {} positions a stage: the reply's time past the budget",
        args.think_ms,
        if args.threads == 0 {
            "default".to_owned()
        } else {
            args.threads.to_string()
        },
        args.per_stage
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
            let moves = position(ruleset, played, seed)?;
            let took = time_one(&args, ruleset, seed, &moves)?;
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
    Ok(())
}
