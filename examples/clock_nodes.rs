//! Hard's nodes per move on the clock: how far a time-limited search gets, for
//! comparing builds whose speed differs (s28: the table's huge pages). Hard (one
//! thread, `--think-ms`) plays whole games against medium, as one player keeping
//! its table from move to move as `hijara engine` does; each searched move prints
//! its nodes and time, and the totals give the nodes per move and per second.
//!
//! ```sh
//! cargo build --release --features tools --example clock_nodes
//! nice -n 5 target/release/examples/clock_nodes --games 4 --think-ms 100 --colour blue
//! ```
//!
//! Time-limited, so not reproducible: the games (and positions) of two builds part
//! once a move differs. Book moves (no search) are left out.

use std::time::Instant;

use clap::Parser;
use hijara::ai::{AiSettings, Engine, Level, SearchLimit};
use hijara::rules::{Player, Position};

#[path = "support/stats.rs"]
mod stats;
use stats::percentile;

#[derive(Parser)]
struct Args {
    #[arg(long, default_value_t = 4)]
    games: u64,
    /// Hard's thinking time per move.
    #[arg(long, default_value_t = 100)]
    think_ms: u64,
    /// Hard's colour: `blue` or `yellow`.
    #[arg(long, default_value = "blue")]
    colour: String,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print every searched move.
    #[arg(long)]
    verbose: bool,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let hard_colour = match args.colour.to_ascii_lowercase().as_str() {
        "blue" => Player::Blue,
        "yellow" => Player::Yellow,
        other => anyhow::bail!("--colour: `{other}` is neither blue nor yellow"),
    };
    let limit = SearchLimit::millis(args.think_ms);
    // Nodes of the searched moves, all and per stage of 16 moves played.
    let mut nodes: Vec<u64> = Vec::new();
    let mut stages: [Vec<u64>; 4] = Default::default();
    let (mut total_nodes, mut total_ms) = (0u64, 0f64);
    for game in 0..args.games {
        let seed = args.seed.wrapping_mul(1_000_003) ^ game;
        let mut hard = Engine::new(AiSettings {
            seed,
            threads: Some(1),
            ..AiSettings::new(Level::Hard)
        });
        let mut medium = Engine::new(AiSettings {
            seed: seed ^ 0x5555,
            threads: Some(1),
            ..AiSettings::new(Level::Medium)
        });
        let mut position = Position::new();
        let mut played = 0usize;
        while !position.is_over() {
            let mover = position.to_move();
            let engine = if mover == hard_colour {
                &mut hard
            } else {
                &mut medium
            };
            let start = Instant::now();
            let Some(d) = engine.decide(&position, &limit) else {
                break;
            };
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            if mover == hard_colour && d.nodes > 0 {
                nodes.push(d.nodes);
                stages[(played / 16).min(3)].push(d.nodes);
                total_nodes += d.nodes;
                total_ms += ms;
                if args.verbose {
                    println!("game {game} move {played}: {} nodes, {ms:.1} ms", d.nodes);
                }
            }
            position.play(d.mv)?;
            played += 1;
        }
    }
    nodes.sort_unstable();
    println!(
        "hard ({}) vs medium, {} games, {} ms a move, one thread: {} searched moves",
        args.colour,
        args.games,
        args.think_ms,
        nodes.len()
    );
    println!(
        "nodes a move: mean {:.0}, p10 {}, median {}, p90 {}; {:.0} nodes a second over {:.1} s of moves",
        total_nodes as f64 / nodes.len().max(1) as f64,
        percentile(&nodes, 10.0),
        percentile(&nodes, 50.0),
        percentile(&nodes, 90.0),
        total_nodes as f64 / (total_ms / 1000.0).max(1e-9),
        total_ms / 1000.0
    );
    for (i, stage) in stages.iter_mut().enumerate() {
        stage.sort_unstable();
        println!(
            "moves {}-{}: {} searched, median {} nodes",
            16 * i,
            16 * i + 15,
            stage.len(),
            percentile(stage, 50.0)
        );
    }
    Ok(())
}
