//! Does hard play the best margin once the end is in reach? (issue 29)
//!
//! Plays seeded games of hard against medium, hard with each colour in turn
//! (2-6 random opening moves). Every hard move from `--max-empty` empty
//! sections down is judged by the exact margin solve (`ai::solve`, fresh
//! table): the position's best margin against the margin after hard's move.
//! Hard plays two ways, as in the product:
//!
//! - **local**: one engine for the whole game, keeping its proofs and table
//!   between moves (the full-screen game, `hijara engine`, self-play);
//! - **server**: a fresh engine for every move (the server's pool keeps nothing).
//!
//! ```sh
//! cargo run --release --features tools --example margin_kept -- --games 8 --nodes 10000
//! cargo run --release --features tools --example margin_kept -- --games 4 --think-ms 1000 --threads 2
//! ```
//!
//! Only `Engine::decide` is used, so the same file measures older builds.

use std::collections::BTreeMap;
use std::time::Instant;

use clap::Parser;
use hijara::ai::{AiSettings, Engine, Level, SearchLimit, SolveFor, random, solve};
use hijara::rules::{Player, Position};
use rand::{Rng, SeedableRng, rngs::SmallRng};

#[derive(Parser)]
struct Args {
    /// Games per colour and per way (local, server).
    #[arg(long, default_value_t = 8)]
    games: u64,
    /// The first game's seed; game g uses seed + g.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Hard's node budget per move (one thread, reproducible); 0 for the clock.
    #[arg(long, default_value_t = 10_000)]
    nodes: u64,
    /// Hard's thinking time per move when `--nodes 0`.
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Hard's threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Judge hard's moves from this many empty sections down.
    #[arg(long, default_value_t = 16)]
    max_empty: u32,
    /// Only the local way, or only the server's.
    #[arg(long)]
    only: Option<String>,
    /// A line per move that lost points.
    #[arg(long)]
    verbose: bool,
}

/// The exact margin of `position` for its mover (points).
fn exact(position: &Position) -> i32 {
    if position.is_over() {
        return position.margin(position.to_move());
    }
    // Unlimited: at 16 empty sections or fewer a margin solve takes seconds at most.
    solve(position, SolveFor::Margin, &SearchLimit::NONE, 1)
        .and_then(|s| s.margin)
        .unwrap_or(0)
}

#[derive(Default, Clone, Copy)]
struct Tally {
    moves: u32,
    lost_moves: u32,
    lost_points: i32,
    ms_max: u128,
}

fn main() {
    let args = Args::parse();
    let limit = if args.nodes > 0 {
        SearchLimit::nodes(args.nodes)
    } else {
        SearchLimit::millis(args.think_ms)
    };
    let ways: Vec<(&str, bool)> = [("local", true), ("server", false)]
        .into_iter()
        .filter(|(name, _)| args.only.as_deref().is_none_or(|o| o == *name))
        .collect();
    let start = Instant::now();
    for (way, keep) in ways {
        let mut by_empty: BTreeMap<u32, Tally> = BTreeMap::new();
        for hard_colour in [Player::Blue, Player::Yellow] {
            for g in 0..args.games {
                let seed = args.seed + g;
                let mut rng = SmallRng::seed_from_u64(seed);
                let opening = rng.random_range(2..=6);
                let settings = AiSettings {
                    seed,
                    threads: Some(args.threads),
                    ..AiSettings::new(Level::Hard)
                };
                let mut hard = Engine::new(settings);
                let mut medium = Engine::new(AiSettings {
                    seed,
                    threads: Some(1),
                    ..AiSettings::new(Level::Medium)
                });
                let mut position = Position::new();
                while !position.is_over() {
                    let mv = if position.ply() < opening {
                        random::choose(&position, rng.random())
                    } else if position.to_move() == hard_colour {
                        if !keep {
                            hard = Engine::new(settings);
                        }
                        let t = Instant::now();
                        let d = hard.decide(&position, &limit);
                        let ms = t.elapsed().as_millis();
                        let empties = position.empty_sections();
                        if let Some(d) = d
                            && empties <= args.max_empty
                        {
                            let best = exact(&position);
                            let mut child = position;
                            child.play_unchecked(d.mv);
                            let got = -exact(&child);
                            let t = by_empty.entry(empties).or_default();
                            t.moves += 1;
                            t.ms_max = t.ms_max.max(ms);
                            if got < best {
                                t.lost_moves += 1;
                                t.lost_points += best - got;
                                if args.verbose {
                                    println!(
                                        "{way} hard {hard_colour} game {g} at {empties} empty: {} for {got:+}, best {best:+} (solved {:?})",
                                        d.mv, d.solved
                                    );
                                }
                            }
                        }
                        d.map(|d| d.mv)
                    } else {
                        medium.choose(&position, &limit)
                    };
                    let Some(mv) = mv else { break };
                    position.play_unchecked(mv);
                }
            }
        }
        let budget = if args.nodes > 0 {
            format!("{} nodes", args.nodes)
        } else {
            format!("{} ms", args.think_ms)
        };
        println!(
            "{way} ({budget} a move, {} thread(s), {} games per colour): hard's moves from {} empty sections",
            args.threads, args.games, args.max_empty
        );
        println!("| empty | moves | gave points away | points given | slowest ms |");
        println!("|---|---|---|---|---|");
        let mut all = Tally::default();
        for (e, t) in by_empty.iter().rev() {
            println!(
                "| {e} | {} | {} | {} | {} |",
                t.moves, t.lost_moves, t.lost_points, t.ms_max
            );
            all.moves += t.moves;
            all.lost_moves += t.lost_moves;
            all.lost_points += t.lost_points;
            all.ms_max = all.ms_max.max(t.ms_max);
        }
        println!(
            "| all | {} | {} | {} | {} |",
            all.moves, all.lost_moves, all.lost_points, all.ms_max
        );
    }
    eprintln!("{:.0} s", start.elapsed().as_secs_f64());
}
