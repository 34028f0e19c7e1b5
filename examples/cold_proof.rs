//! How long hard as Yellow thinks off the mirror line when it has no kept
//! proof to go on, as in a game resumed in a new process.
//!
//! ```sh
//! cargo run --release --features tools --example cold_proof -- --games 20 --seed 1
//! ```
//!
//! Plays medium (Blue) against node-limited hard (Yellow), collects every
//! position where Yellow is to move off the mirror line, then times hard's
//! 1-second decision on each one with the kept proof forgotten first.

use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, mirror};
use hijara::rules::{Player, Position};

#[derive(Parser)]
struct Args {
    #[arg(long, default_value_t = 20)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Hard's node budget per move while the games are played.
    #[arg(long, default_value_t = 1_000_000)]
    nodes: u64,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let mut off_mirror = Vec::new();
    for game in 0..args.games {
        let mut position = Position::new();
        let mut engines = [Level::Medium, Level::Hard].map(|level| {
            Engine::new(AiSettings {
                level,
                think_ms: None,
                seed: args.seed.wrapping_mul(1000).wrapping_add(game),
                threads: Some(1),
            })
        });
        let limit = SearchLimit::nodes(args.nodes);
        while !position.is_over() {
            let player = position.to_move();
            if player == Player::Yellow && mirror::mirror_move(&position).is_none() {
                off_mirror.push(position);
            }
            let mv = engines[player.index()]
                .choose(&position, &limit)
                .context("no move")?;
            position.play(mv)?;
        }
    }
    println!("{} Yellow positions off the mirror line", off_mirror.len());
    let mut worst = 0.0f64;
    let mut total = 0.0;
    for position in &off_mirror {
        // A new player on every core: nothing kept, as in a new process.
        let mut hard = Engine::new(AiSettings {
            seed: args.seed,
            ..AiSettings::new(Level::Hard)
        });
        let start = Instant::now();
        let decision = hard
            .decide(position, &SearchLimit::millis(1000))
            .context("no move")?;
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        worst = worst.max(ms);
        total += ms;
        println!(
            "{:2} empty: {:6.0} ms, {:9} nodes, proved {:?}",
            position.empty_sections(),
            ms,
            decision.nodes,
            decision.solved
        );
    }
    if !off_mirror.is_empty() {
        println!(
            "average {:.0} ms, worst {:.0} ms",
            total / off_mirror.len() as f64,
            worst
        );
    }
    Ok(())
}
