//! Fills a fresh `hijara serve` store with a club to measure on (issue 27, "Scale,
//! measured"; not a test): players, a year of finished games rated in the order they
//! ended by the server's own rating code, and correspondence games in progress.
//! The same seed, sizes and `--until` give the same players, games and ratings.
//!
//! ```sh
//! nice -n 10 cargo run --release --features tools --example club_fill -- --dir /tmp/club
//! ```
//!
//! Options: `--dir DIR` (the data folder, without a `hijara.db` yet; required),
//! `--players N` (10000), `--games N` (100000), `--corr N` (10000), `--seed S` (27),
//! `--until UNIX` (the last moment of the year filled; now by default), `--varied-names`
//! (about one name in five 16 columns wide, CJK or with an emoji, for screen QA). Then
//! `hijara serve --data-dir DIR` serves it, and `examples/club_bench.rs` times it.

use std::path::PathBuf;
use std::time::Instant;

use clap::Parser;
use hijara::server::scale::{FillSpec, fill};

/// The options (clap's `--help` lists them).
#[derive(Parser)]
struct Options {
    /// The data folder, without a `hijara.db` yet.
    #[arg(long)]
    dir: PathBuf,
    /// Players.
    #[arg(long, default_value_t = 10_000)]
    players: usize,
    /// Finished games.
    #[arg(long, default_value_t = 100_000)]
    games: usize,
    /// Correspondence games in progress.
    #[arg(long, default_value_t = 10_000)]
    corr: usize,
    /// The seed.
    #[arg(long, default_value_t = 27)]
    seed: u64,
    /// The last moment of the year filled, in Unix seconds [default: now].
    #[arg(long)]
    until: Option<i64>,
    /// About one name in five hard for a screen: 16 columns, CJK, emoji.
    #[arg(long)]
    varied_names: bool,
}

fn main() -> anyhow::Result<()> {
    let o = Options::parse();
    let dir = o.dir;
    let spec = FillSpec {
        players: o.players,
        games: o.games,
        corr: o.corr,
        seed: o.seed,
        until: o.until.unwrap_or_else(|| chrono::Utc::now().timestamp()),
        varied_names: o.varied_names,
    };
    println!(
        "club_fill: {} players, {} games, {} correspondence games in progress, seed {}, until {}",
        spec.players, spec.games, spec.corr, spec.seed, spec.until
    );
    let started = Instant::now();
    let filled = fill(&dir, &spec, &mut |line| {
        println!("  {:>6.1} s  {line}", started.elapsed().as_secs_f64());
    })?;
    let size = std::fs::metadata(dir.join(hijara::server::DB_FILE)).map_or(0, |m| m.len());
    println!(
        "filled {} in {:.1} s: {} players, {} games ({} rated), {} correspondence games; {} MB",
        dir.display(),
        started.elapsed().as_secs_f64(),
        filled.players,
        filled.games,
        filled.rated,
        filled.corr,
        size / 1_000_000
    );
    Ok(())
}
