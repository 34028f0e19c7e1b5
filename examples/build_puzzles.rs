//! Builds the puzzle set `assets/puzzles/set.json` from a seed.
//!
//! ```sh
//! nice -n 10 cargo run --profile test --features tools --example build_puzzles -- --seed 20 --count 360 --out assets/puzzles/set.json
//! ```
//!
//! Positions come from seeded games between different AI levels
//! (`hijara::puzzle::build::PAIRINGS`); each candidate is proved by the exact
//! solver and kept only when one move alone does what the puzzle asks.
//! Prints the tallies, the rejection share and the time taken.

use std::collections::BTreeMap;
use std::time::Instant;

use anyhow::Context;
use clap::Parser;
use hijara::puzzle::build;

#[derive(Parser)]
struct Args {
    /// The seed the whole set follows from.
    #[arg(long, default_value_t = 20)]
    seed: u64,
    /// Puzzles to build.
    #[arg(long, default_value_t = 360)]
    count: usize,
    /// Candidate positions tried per game.
    #[arg(long, default_value_t = 2)]
    per_game: usize,
    /// Fewest empty sections in a candidate.
    #[arg(long, default_value_t = 6)]
    min_empties: u32,
    /// Most empty sections in a candidate (at most 20).
    #[arg(long, default_value_t = 20)]
    max_empties: u32,
    /// Where to write the set; nothing is written without it.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    let start = Instant::now();
    let built_by = format!(
        "cargo run --profile test --features tools --example build_puzzles -- --seed {} --count {} --per-game {} --min-empties {} --max-empties {} --out assets/puzzles/set.json",
        args.seed, args.count, args.per_game, args.min_empties, args.max_empties
    );
    let (set, tally) = build::build(
        args.seed,
        args.count,
        args.per_game,
        args.min_empties,
        args.max_empties,
        &built_by,
        |t, found| {
            if t.games.is_multiple_of(10) {
                eprintln!(
                    "{:>6.1} s: {} games, {} proved, {} puzzles",
                    start.elapsed().as_secs_f64(),
                    t.games,
                    t.proved,
                    found
                );
            }
        },
    );
    let secs = start.elapsed().as_secs_f64();
    let rejected = tally.ties + tally.forced;
    println!(
        "{} puzzles from {} games in {secs:.1} s; {} candidates proved, {} rejected ({:.1}%: {} ties, {} forced), {} duplicates skipped",
        set.puzzles.len(),
        tally.games,
        tally.proved,
        rejected,
        100.0 * rejected as f64 / tally.proved.max(1) as f64,
        tally.ties,
        tally.forced,
        tally.duplicates
    );
    let mut by_theme: BTreeMap<&str, usize> = BTreeMap::new();
    let mut by_difficulty: BTreeMap<u8, usize> = BTreeMap::new();
    let mut by_kind: BTreeMap<&str, usize> = BTreeMap::new();
    let mut by_empties: BTreeMap<u32, usize> = BTreeMap::new();
    for p in &set.puzzles {
        for t in &p.themes {
            *by_theme.entry(t.name()).or_default() += 1;
        }
        *by_difficulty.entry(p.difficulty).or_default() += 1;
        *by_kind.entry(p.kind.name()).or_default() += 1;
        *by_empties.entry(64 - p.moves.len() as u32).or_default() += 1;
    }
    println!("by theme: {by_theme:?}");
    println!("by difficulty: {by_difficulty:?}");
    println!("by kind: {by_kind:?}");
    println!("by empty sections: {by_empties:?}");
    if let Some(out) = args.out {
        std::fs::write(&out, set.to_text()?)
            .with_context(|| format!("writing {}", out.display()))?;
        println!("wrote {}", out.display());
    }
    Ok(())
}
