//! Times the club's reads and writes on a filled store (issue 27, "Scale, measured";
//! not a test): the server's start (launch to accepting on loopback), opening the
//! store as the server does, and then, over players and pages drawn at random, the
//! reads the lobby makes (a leaderboard's page, a profile's screen, "your move",
//! the lobby's history and ratings line) and a rated game's end (the writer's one
//! transaction: the game, its result, both ratings, their history; on disk when it
//! answers). Prints p50, p99 and the largest of each, in wall-clock time and, for
//! the reads, in the thread's CPU time (what the read costs, without the time the
//! thread waited for a core another process had: on a shared machine the wall
//! clock's tail is mostly that wait).
//!
//! ```sh
//! nice -n 10 cargo run --release --features tools --example club_fill -- --dir /tmp/club
//! cargo build --release --bin hijara
//! nice -n 10 cargo run --release --features tools --example club_bench -- --dir /tmp/club
//! ```
//!
//! Options: `--dir DIR` (a filled data folder; required), `--samples N` (2000 of each
//! read), `--ends N` (200 rated games ended: they stay in the store), `--starts K` (5
//! server starts; 0 for none), `--server PATH` (`target/release/hijara`), `--seed S`.
//! Everything stays on loopback.

#[path = "support/cpu.rs"]
mod cpu;
#[path = "support/load.rs"]
#[allow(dead_code)] // its squares in filling order are serve_load's
mod load_support;
#[path = "support/server.rs"]
mod server_support;
#[path = "support/stats.rs"]
mod stats;

use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Parser;
use hijara::server::scale::Probe;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use load_support::load_average;
use stats::percentile;

/// The options (clap's `--help` lists them).
#[derive(Parser)]
struct Options {
    /// A filled data folder (`examples/club_fill.rs`).
    #[arg(long)]
    dir: PathBuf,
    /// Samples of each read.
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    samples: u32,
    /// Rated games ended through the writer (they stay in the store).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(0..=100_000))]
    ends: u32,
    /// Server starts timed (0 for none).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(0..=100))]
    starts: u32,
    /// The `hijara` binary started.
    #[arg(long, default_value = "target/release/hijara")]
    server: String,
    /// The seed of the players and pages drawn.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Wall-clock times, and the thread's CPU times (none for what another thread does).
type Times = (Vec<Duration>, Vec<Duration>);

/// A line of figures: p50, p99, the largest, over `times` (wall clock) and, if
/// measured, `cpu` (the thread's CPU time).
fn report(what: &str, (mut times, mut cpu): Times, note: &str) {
    times.sort_unstable();
    cpu.sort_unstable();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let cpu = if cpu.is_empty() {
        String::new()
    } else {
        format!(
            "  cpu p50 {:.3} p99 {:.3} ms",
            ms(percentile(&cpu, 50.0)),
            ms(percentile(&cpu, 99.0))
        )
    };
    println!(
        "{what:<28} n {:>5}  p50 {:>7.3} ms  p99 {:>7.3} ms  max {:>8.3} ms{cpu}  {note}",
        times.len(),
        ms(percentile(&times, 50.0)),
        ms(percentile(&times, 99.0)),
        ms(times.last().copied().unwrap_or_default()),
    );
}

/// The CPU time this thread has used.
fn thread_cpu() -> Duration {
    cpu::cpu_time(cpu::Clock::Thread)
}

/// Times `samples` calls of `read`, each handed a random number: wall clock and
/// thread CPU time, and the most `read` found.
fn timed(
    rng: &mut SmallRng,
    samples: usize,
    mut read: impl FnMut(u64) -> anyhow::Result<usize>,
) -> anyhow::Result<(Times, usize)> {
    let mut times = Vec::with_capacity(samples);
    let mut cpu = Vec::with_capacity(samples);
    let mut most = 0;
    for _ in 0..samples {
        let n = rng.random();
        let (started, used) = (Instant::now(), thread_cpu());
        let found = read(n)?;
        times.push(started.elapsed());
        cpu.push(thread_cpu().saturating_sub(used));
        most = most.max(found);
    }
    Ok(((times, cpu), most))
}

/// Launches the server on `dir` (on a free port of 127.0.0.1) and times it until it
/// accepts there: its first line says it listens, then a connection is accepted.
fn server_start(server: &str, dir: &Path) -> anyhow::Result<Duration> {
    let started = Instant::now();
    let (process, addr) = server_support::start_server(server, "127.0.0.1:0", dir, &[])?;
    TcpStream::connect_timeout(&addr, Duration::from_secs(10))
        .with_context(|| format!("the server at {addr} does not accept"))?;
    let took = started.elapsed();
    drop(process);
    Ok(took)
}

fn main() -> anyhow::Result<()> {
    let o = Options::parse();
    if !o.dir.join(hijara::server::DB_FILE).is_file() {
        bail!("no {} in {}", hijara::server::DB_FILE, o.dir.display());
    }
    println!(
        "club_bench: {}, load average before {}",
        o.dir.display(),
        load_average()
    );
    let starts: Vec<Duration> = (0..o.starts)
        .map(|_| server_start(&o.server, &o.dir))
        .collect::<anyhow::Result<_>>()?;
    if let Some(first) = starts.first() {
        report(
            "server start (to accepting)",
            (starts.clone(), Vec::new()),
            &format!("first {:.0} ms", first.as_secs_f64() * 1e3),
        );
    }
    let (mut probe, opened) = Probe::open(&o.dir)?;
    println!(
        "store opened as the server opens it in {:.0} ms; {} players",
        opened.as_secs_f64() * 1e3,
        probe.players()
    );
    let listed: Vec<usize> = (0..4)
        .map(|b| probe.listed(b))
        .collect::<anyhow::Result<_>>()?;
    println!(
        "listed now: standard live {}, corners live {}, standard corr {}, corners corr {}",
        listed[0], listed[1], listed[2], listed[3]
    );
    let mut rng = SmallRng::seed_from_u64(o.seed);
    let players = probe.players();
    let player = |n: u64| (n % players as u64) as usize;
    // A leaderboard page: one of the four, its first page half the time, else any.
    let (times, _) = timed(&mut rng, o.samples as usize, |n| {
        let board = (n % 4) as usize;
        let pages = listed[board].div_ceil(12).max(1);
        let page = if n & 4 == 0 {
            0
        } else {
            (n >> 3) as usize % pages
        };
        probe.leaderboard(board, page)
    })?;
    report("leaderboard page", times, "random board, page");
    let (times, _) = timed(&mut rng, o.samples as usize, |n| probe.profile(player(n)))?;
    report("profile screen", times, "random player");
    let (times, most) = timed(&mut rng, o.samples as usize, |n| {
        Ok(probe.your_move(player(n)))
    })?;
    report(
        "your move (corr games)",
        times,
        &format!("random player; most at their move {most}"),
    );
    let (times, _) = timed(&mut rng, o.samples as usize, |n| probe.lobby(player(n)))?;
    report("lobby history + ratings", times, "random player");
    let mut ends = Vec::with_capacity(o.ends as usize);
    for _ in 0..o.ends {
        ends.push(probe.rated_end(rng.random())?);
    }
    if !ends.is_empty() {
        report(
            "rated game's end (commit)",
            (ends, Vec::new()),
            "writer: one transaction, fsync",
        );
    }
    println!("load average after {}", load_average());
    Ok(())
}
