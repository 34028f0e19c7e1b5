//! How far from the end hard proves the outcome within its budget: hard plays
//! medium (both colours) and each of hard's moves is logged with the empty
//! sections and whether its win/draw/loss solve finished.
//!
//! ```sh
//! cargo run --release --features tools --example solve_range -- --games 4 --seed 1
//! ```

use std::collections::BTreeMap;
use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, medium, smp};
use hijara::rules::{Player, Position};

#[derive(Parser)]
struct Args {
    /// Games per colour.
    #[arg(long, default_value_t = 4)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    #[arg(long, default_value_t = smp::available_threads())]
    threads: usize,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    // empty sections -> (hard's moves, proven, slowest ms)
    let mut by_empties: BTreeMap<u32, (u32, u32, f64)> = BTreeMap::new();
    let mut worst = 0f64;
    for hard_side in Player::BOTH {
        for game in 0..args.games {
            let seed = args.seed * 1000 + game;
            // A new player per game: it keeps its proofs through the game only.
            let mut hard = Engine::new(AiSettings {
                seed,
                threads: Some(args.threads),
                ..AiSettings::new(Level::Hard)
            });
            let limit = SearchLimit::millis(args.think_ms);
            let mut position = Position::new();
            while !position.is_over() {
                let mv = if position.to_move() == hard_side {
                    let start = Instant::now();
                    let d = hard.decide(&position, &limit).context("a move")?;
                    let ms = start.elapsed().as_secs_f64() * 1000.0;
                    worst = worst.max(ms);
                    let e = by_empties.entry(position.empty_sections()).or_default();
                    e.0 += 1;
                    e.1 += d.solved.is_some() as u32;
                    e.2 = e.2.max(ms);
                    d.mv
                } else {
                    medium::choose(&position, seed).context("a move")?
                };
                position.play_unchecked(mv);
            }
        }
    }
    println!("| empty sections | hard's moves | outcome proven | slowest move |");
    println!("|---|---|---|---|");
    for (empties, (moves, proven, ms)) in by_empties.iter().rev() {
        if *empties > 34 || *proven == 0 && *empties > 30 {
            continue;
        }
        println!("| {empties} | {moves} | {proven} | {ms:.0} ms |");
    }
    println!(
        "slowest move overall: {worst:.0} ms; {} threads",
        args.threads
    );
    Ok(())
}
