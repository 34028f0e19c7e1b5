//! Hard's move times on the clock from positions of every stage (issue 16
//! point 4: a budget is a promise from any position, and a move that is not
//! forced or proven uses it).
//!
//! ```sh
//! cargo build --profile test --features tools --example move_times
//! nice -n 10 target/debug/examples/move_times --games 3 --every 3 --think-ms 1000 --threads 2
//! ```
//!
//! Positions come from seeded random games (so they are not ones hard steered
//! to), the even games under the standard rules and the odd ones under corners (so
//! with `--every 1` and two games or more, every move number 0-63, either colour to
//! move, under both rulesets). Each gets a new hard player (nothing kept), timed
//! from its making (a served table makes one a move) to the answer: the call a game's AI worker makes, and a served
//! table's (there on one thread, `--threads 1`). Moves are counted as proven (the
//! decision carries a proof), forced (one open square) or searched; the last lines
//! give the time past the budget (negative: early) at the 99th percentile and the
//! worst, over all and per stage of 16 moves.
//!
//! `--solve` times the puzzle check's exact solve instead
//! (`hijara::puzzle::engine::solve`, one thread, `--think-ms` its limit: the
//! puzzles' own is `puzzle::explain::SOLVE_BUDGET`, 5 s); a solve that the limit
//! cut short counts as searched, one that finished as proven.
//!
//! ```sh
//! nice -n 10 target/release/examples/move_times --games 8 --every 1 --think-ms 100 --threads 1
//! nice -n 10 target/release/examples/move_times --games 2 --every 4 --think-ms 5000 --solve
//! ```

#[path = "support/cpu.rs"]
mod cpu;
#[path = "support/stats.rs"]
mod stats;

use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use cpu::{Clock, cpu_ms};
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, random};
use hijara::rules::{Position, Ruleset};
use stats::percentile;

#[derive(Parser)]
struct Args {
    /// Random games the positions come from.
    #[arg(long, default_value_t = 3)]
    games: u64,
    /// Time every this many plies of each game.
    #[arg(long, default_value_t = 3)]
    every: u32,
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    #[arg(long, default_value_t = 2)]
    threads: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Times the puzzle check's solve instead of hard's move.
    #[arg(long)]
    solve: bool,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let mut positions = Vec::new();
    for game in 0..args.games {
        let ruleset = if game % 2 == 0 {
            Ruleset::Standard
        } else {
            Ruleset::Corners
        };
        let mut position = Position::with_ruleset(ruleset);
        let mut ply = 0;
        while !position.is_over() {
            if ply % args.every == game as u32 % args.every {
                positions.push(position);
            }
            let mv = random::choose(&position, args.seed * 1000 + game * 100 + u64::from(ply))
                .context("a move")?;
            position.play(mv)?;
            ply += 1;
        }
    }
    // (searched, proven, forced) times in ms, and the slowest move with its position.
    let mut times: [Vec<f64>; 3] = Default::default();
    let mut slowest = (0.0, 0);
    // (moves played, time past the budget in ms).
    let mut past: Vec<(usize, f64)> = Vec::new();
    // The most CPU time (this process's, all threads) a move past the budget had.
    let mut late_cpu = 0.0f64;
    for position in &positions {
        let (start, cpu) = (Instant::now(), cpu_ms(Clock::Process));
        let proven = if args.solve {
            hijara::puzzle::engine::solve(position, &SearchLimit::millis(args.think_ms)).is_some()
        } else {
            let mut hard = Engine::new(AiSettings {
                level: Level::Hard,
                think_ms: Some(args.think_ms),
                seed: args.seed,
                threads: Some(args.threads),
            });
            let d = hard
                .decide(position, &SearchLimit::millis(args.think_ms))
                .context("a move")?;
            d.solved.is_some()
        };
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let cpu = cpu_ms(Clock::Process) - cpu;
        let kind = if position.legal_moves().count() == 1 && !args.solve {
            2
        } else if proven {
            1
        } else {
            0
        };
        times[kind].push(ms);
        past.push((
            64 - position.empty_sections() as usize,
            ms - args.think_ms as f64,
        ));
        if ms > args.think_ms as f64 {
            late_cpu = late_cpu.max(cpu);
        }
        if ms > slowest.0 {
            slowest = (ms, position.empty_sections());
        }
    }
    println!(
        "{} positions from {} random games, {} ms {}",
        positions.len(),
        args.games,
        args.think_ms,
        if args.solve {
            "a puzzle check's solve on 1 thread".to_owned()
        } else {
            format!("a move on {} threads", args.threads)
        }
    );
    println!("| moves | count | min | p10 | median | p90 | max | over the budget |");
    println!("|---|---|---|---|---|---|---|---|");
    for (name, t) in ["searched", "proven", "forced"].iter().zip(&mut times) {
        t.sort_by(f64::total_cmp);
        let over = t.iter().filter(|&&ms| ms > args.think_ms as f64).count();
        println!(
            "| {name} | {} | {:.0} ms | {:.0} ms | {:.0} ms | {:.0} ms | {:.0} ms | {over} |",
            t.len(),
            percentile(t, 0.0),
            percentile(t, 10.0),
            percentile(t, 50.0),
            percentile(t, 90.0),
            percentile(t, 100.0),
        );
    }
    println!(
        "slowest: {:.0} ms at {} empty sections",
        slowest.0, slowest.1
    );
    println!(
        "the process's CPU time of a move past the budget: at most {late_cpu:.0} ms (on {} threads)",
        if args.solve { 1 } else { args.threads }
    );
    println!("| moves played | positions | past the budget: p99 | max |");
    println!("|---|---|---|---|");
    for (low, high) in [(0, 15), (16, 31), (32, 47), (48, 63), (0, 63)] {
        let mut of: Vec<f64> = past
            .iter()
            .filter(|(played, _)| (low..=high).contains(played))
            .map(|&(_, p)| p)
            .collect();
        of.sort_by(f64::total_cmp);
        println!(
            "| {low}-{high} | {} | {:+.1} ms | {:+.1} ms |",
            of.len(),
            percentile(&of, 99.0),
            percentile(&of, 100.0)
        );
    }
    Ok(())
}
