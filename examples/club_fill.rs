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
//! `--until UNIX` (the last moment of the year filled; now by default). Then
//! `hijara serve --data-dir DIR` serves it, and `examples/club_bench.rs` times it.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};
use hijara::server::scale::{FillSpec, fill};

fn main() -> anyhow::Result<()> {
    let mut dir = None;
    let mut spec = FillSpec {
        players: 10_000,
        games: 100_000,
        corr: 10_000,
        seed: 27,
        until: chrono::Utc::now().timestamp(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().with_context(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--dir" => dir = Some(PathBuf::from(value()?)),
            "--players" => spec.players = value()?.parse()?,
            "--games" => spec.games = value()?.parse()?,
            "--corr" => spec.corr = value()?.parse()?,
            "--seed" => spec.seed = value()?.parse()?,
            "--until" => spec.until = value()?.parse()?,
            _ => bail!("unknown option {flag}"),
        }
    }
    let dir = dir.context("--dir DIR is required")?;
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
