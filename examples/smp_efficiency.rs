//! How much work Lazy SMP wastes: nodes of all threads to finish the same
//! win/draw/loss solves on 1 and 2 threads (positions from hard-vs-medium
//! games). On a machine with a free core per thread, wall time scales with
//! nodes per thread, so the speed-up is about `threads * nodes(1) / nodes(n)`;
//! node counts do not depend on the machine's load, wall times do.
//!
//! ```sh
//! cargo run --release --features tools --example smp_efficiency -- --empties 22,24,26
//! ```

use std::time::Instant;

use clap::Parser;
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, SolveFor, solve};
use hijara::rules::Position;

#[derive(Parser)]
struct Args {
    #[arg(long, value_delimiter = ',', default_value = "22,24,26")]
    empties: Vec<u32>,
    /// Positions per depth.
    #[arg(long, default_value_t = 3)]
    positions: u64,
    /// Thread counts to compare.
    #[arg(long, value_delimiter = ',', default_value = "1,2")]
    threads: Vec<usize>,
}

/// As `benches/ai.rs`: a position from a game of hard (100,000 nodes a move, one
/// thread, a new player per game) as Blue against medium.
fn game_position(empties: u32, seed: u64) -> Position {
    let mut position = Position::new();
    let mut engines = [Level::Hard, Level::Medium].map(|level| {
        Engine::new(AiSettings {
            threads: Some(1),
            seed,
            ..AiSettings::new(level)
        })
    });
    while position.empty_sections() > empties {
        let engine = &mut engines[position.to_move().index()];
        let Some(mv) = engine.choose(&position, &SearchLimit::nodes(100_000)) else {
            break;
        };
        position.play_unchecked(mv);
    }
    position
}

fn main() {
    let args = Args::parse();
    println!("| empty | position | outcome | {} |", {
        let c: Vec<String> = args
            .threads
            .iter()
            .map(|t| format!("{t} threads: nodes, wall"))
            .collect();
        c.join(" | ")
    });
    println!("|---|---|---|{}", "---|".repeat(args.threads.len()));
    let mut sums = vec![(0u64, 0f64); args.threads.len()];
    for &empties in &args.empties {
        for seed in 0..args.positions {
            let p = game_position(empties, seed);
            let mut cells = Vec::new();
            let mut outcome = None;
            for (i, &threads) in args.threads.iter().enumerate() {
                let start = Instant::now();
                let r = solve(&p, SolveFor::Outcome, &SearchLimit::NONE, threads);
                let secs = start.elapsed().as_secs_f64();
                let nodes = r.map_or(0, |s| s.nodes);
                outcome = r.map(|s| s.wdl);
                sums[i].0 += nodes;
                sums[i].1 += secs;
                cells.push(format!("{nodes}, {secs:.2} s"));
            }
            println!(
                "| {empties} | {seed} | {outcome:?} | {} |",
                cells.join(" | ")
            );
        }
    }
    let base = sums[0].0 as f64;
    for (i, &threads) in args.threads.iter().enumerate() {
        println!(
            "{threads} threads: {} nodes in all ({:.2} x the first), {:.1} s wall; speed-up with a free core per thread about {:.2}",
            sums[i].0,
            sums[i].0 as f64 / base,
            sums[i].1,
            threads as f64 * base / sums[i].0 as f64
        );
    }
}
