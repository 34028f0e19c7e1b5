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
//! to). Each gets a new hard player (nothing kept), timed from the call to the
//! answer. Moves are counted as proven (the decision carries a proof), forced
//! (one open square) or searched.

use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, random};
use hijara::rules::Position;

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
}

/// The `p`-th percentile (0-100) of sorted `values`.
fn percentile(values: &[f64], p: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    values[((values.len() - 1) as f64 * p / 100.0).round() as usize]
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let mut positions = Vec::new();
    for game in 0..args.games {
        let mut position = Position::new();
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
    for position in &positions {
        let mut hard = Engine::new(AiSettings {
            level: Level::Hard,
            think_ms: Some(args.think_ms),
            seed: args.seed,
            threads: Some(args.threads),
        });
        let start = Instant::now();
        let d = hard
            .decide(position, &SearchLimit::millis(args.think_ms))
            .context("a move")?;
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let kind = if position.legal_moves().count() == 1 {
            2
        } else if d.solved.is_some() {
            1
        } else {
            0
        };
        times[kind].push(ms);
        if ms > slowest.0 {
            slowest = (ms, position.empty_sections());
        }
    }
    println!(
        "{} positions from {} random games, {} ms a move on {} threads",
        positions.len(),
        args.games,
        args.think_ms,
        args.threads
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
    Ok(())
}
