//! Times the store's commits under the server's writes (a measurement, not a test):
//! a fresh store opened as `hijara serve` opens it, and its one writer handed what
//! the hall hands it while games are played: live tables' moves (a game's last move
//! ends it into the history, rated, and the table begins the next), lines said at
//! the tables, correspondence moves, and the timer's note that the server is up.
//! Each keep is handed over as one hold of the hall (`Writer::hold`), on a schedule
//! drawn from the seed before the run (open loop: a slow commit does not slow the
//! schedule, so its wait is counted in full). Prints each keep's wait, from its
//! hand-over to the writer's report that it is on disk (what a move waits before the
//! other screens show it), as p50, p99 and the largest, each second and overall,
//! and the write-ahead log's size (`hijara.db-wal`) over time.
//!
//! ```sh
//! nice -n 10 cargo run --release --features tools --example store_commits -- --dir /tmp/commits
//! ```
//!
//! Options: `--dir DIR` (a folder without a store yet, e.g. on a tmpfs or a disk;
//! required), `--seconds S` (20, at most 600), `--live N` (live tables, 50),
//! `--move-ms MS` (each live table's time between moves, 1000), `--say N` (lines said
//! a second, all tables, 5), `--corr N` (correspondence tables, 200), `--corr-moves N`
//! (correspondence moves a second, 5), `--seed S` (1). Bounded: at most 2,000,000
//! writes and 600 s.

#[path = "support/load.rs"]
#[allow(dead_code)] // its squares in filling order are serve_load's
mod load_support;
#[path = "support/stats.rs"]
mod stats;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::bail;
use clap::Parser;
use hijara::server::scale::{Write, WriterDrive};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use load_support::load_average;
use stats::percentile;

/// The most writes one run hands over.
const MAX_WRITES: usize = 2_000_000;

/// How often the timer notes that the server is up (`SharedHall`'s timer, with a
/// correspondence game in play).
const UP_EVERY: Duration = Duration::from_secs(2);

/// The options (clap's `--help` lists them).
#[derive(Parser)]
struct Options {
    /// A folder without a store yet (it is made if missing).
    #[arg(long)]
    dir: PathBuf,
    /// Seconds measured.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=600))]
    seconds: u64,
    /// Live tables.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    live: u64,
    /// Each live table's time between two moves, in milliseconds.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=3_600_000))]
    move_ms: u64,
    /// Lines said a second, at the live tables.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    say: u64,
    /// Correspondence tables.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    corr: u64,
    /// Correspondence moves a second.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(0..=100_000))]
    corr_moves: u64,
    /// The seed of the schedule and the moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// The schedule: each write and when, from the start, in order.
fn schedule(o: &Options) -> anyhow::Result<Vec<(Duration, Write)>> {
    let mut rng = SmallRng::seed_from_u64(o.seed ^ 0x5eed);
    let span = Duration::from_secs(o.seconds);
    let live = usize::try_from(o.live)?;
    let corr = usize::try_from(o.corr)?;
    let mut writes = Vec::new();
    let every = Duration::from_millis(o.move_ms);
    for table in 0..live {
        // Each table at a phase of its own within its interval.
        let mut at = every.mul_f64(rng.random::<f64>());
        while at < span && writes.len() < MAX_WRITES {
            writes.push((at, Write::Move(table)));
            at += every;
        }
    }
    let mut spread = |count: u64, what: &mut dyn FnMut(&mut SmallRng) -> Write| {
        let n = count.saturating_mul(o.seconds).min(MAX_WRITES as u64);
        for _ in 0..n {
            let at = span.mul_f64(rng.random::<f64>());
            let write = what(&mut rng);
            writes.push((at, write));
        }
    };
    if live > 0 {
        spread(o.say, &mut |rng| Write::Say(rng.random_range(0..live)));
    }
    if corr > 0 {
        spread(o.corr_moves, &mut |rng| {
            Write::CorrMove(rng.random_range(0..corr))
        });
    }
    let mut at = Duration::ZERO;
    while at < span {
        writes.push((at, Write::Up));
        at += UP_EVERY;
    }
    if writes.len() > MAX_WRITES {
        bail!("{} writes: at most {MAX_WRITES}", writes.len());
    }
    writes.sort_by_key(|(at, _)| *at);
    Ok(writes)
}

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1000.0)
}

fn main() -> anyhow::Result<()> {
    let o = Options::parse();
    std::fs::create_dir_all(&o.dir)?;
    let writes = schedule(&o)?;
    let mut drive = WriterDrive::open(
        &o.dir,
        usize::try_from(o.live)?,
        usize::try_from(o.corr)?,
        o.seed,
    )?;
    println!(
        "store_commits: {} ({} live tables, a move each {} ms, {} lines/s, {} correspondence tables, {} of their moves/s), {} writes in {} s, seed {}; load average {}",
        o.dir.display(),
        o.live,
        o.move_ms,
        o.say,
        o.corr,
        o.corr_moves,
        writes.len(),
        o.seconds,
        o.seed,
        load_average()
    );
    println!("second  keeps  commits   p50 ms   p99 ms   max ms   WAL KiB (max in the second)");
    let start = Instant::now();
    let mut all: Vec<Duration> = Vec::new();
    let (mut commits, mut failed) = (0, 0);
    let mut wal_max = 0u64;
    let mut second = 1u64;
    let mut wal_in_second = 0u64;
    let mut wal_samples: Vec<u64> = Vec::new();
    let sample = Duration::from_millis(50);
    let mut next_sample = Duration::ZERO;
    let report = |second: u64,
                  wal: u64,
                  drive: &WriterDrive,
                  all: &mut Vec<Duration>,
                  commits: &mut usize,
                  failed: &mut usize| {
        let (mut waits, c, f) = drive.take_waits();
        *commits += c;
        *failed += f;
        waits.sort();
        println!(
            "{second:>6} {:>6} {:>8} {:>8} {:>8} {:>8} {:>9}",
            waits.len(),
            c,
            ms(percentile(&waits, 50.0)),
            ms(percentile(&waits, 99.0)),
            ms(percentile(&waits, 100.0)),
            wal / 1024
        );
        all.extend(waits);
    };
    for (at, write) in writes {
        loop {
            let now = start.elapsed();
            if now >= next_sample {
                let wal = drive.wal_bytes();
                wal_samples.push(wal);
                wal_in_second = wal_in_second.max(wal);
                wal_max = wal_max.max(wal);
                next_sample += sample;
            }
            if now >= Duration::from_secs(second) {
                report(
                    second,
                    wal_in_second,
                    &drive,
                    &mut all,
                    &mut commits,
                    &mut failed,
                );
                second += 1;
                wal_in_second = 0;
                continue;
            }
            if now >= at {
                break;
            }
            std::thread::sleep(
                (at - now)
                    .min(next_sample.saturating_sub(now))
                    .max(Duration::from_micros(200)),
            );
        }
        drive.write(write)?;
    }
    if !drive.flush() {
        bail!("the store's writer stopped");
    }
    let wal = drive.wal_bytes();
    wal_max = wal_max.max(wal);
    report(
        second,
        wal_in_second.max(wal),
        &drive,
        &mut all,
        &mut commits,
        &mut failed,
    );
    let took = start.elapsed();
    all.sort();
    wal_samples.sort_unstable();
    println!(
        "all: {} keeps in {:.1} s ({:.0}/s), {} commits ({:.1}/s), {} not kept; wait p50 {} ms, p95 {} ms, p99 {} ms, p99.9 {} ms, max {} ms",
        all.len(),
        took.as_secs_f64(),
        all.len() as f64 / took.as_secs_f64(),
        commits,
        commits as f64 / took.as_secs_f64(),
        failed,
        ms(percentile(&all, 50.0)),
        ms(percentile(&all, 95.0)),
        ms(percentile(&all, 99.0)),
        ms(percentile(&all, 99.9)),
        ms(percentile(&all, 100.0)),
    );
    println!(
        "WAL: median {} KiB, p99 {} KiB, max {} KiB over {} samples (each {} ms); at the end {} KiB; database {} KiB; load average {}",
        percentile(&wal_samples, 50.0) / 1024,
        percentile(&wal_samples, 99.0) / 1024,
        wal_max / 1024,
        wal_samples.len(),
        sample.as_millis(),
        wal / 1024,
        drive.db_bytes() / 1024,
        load_average()
    );
    Ok(())
}
