//! A load benchmark for `hijara serve` (not a test): N SSH sessions over loopback, most
//! idle in the lobby, some pairs playing each other a move a second, some playing the
//! server's hard AI; then the server's memory, CPU and threads, and the latency from a
//! keypress to the updated frame at the other player's client.
//!
//! ```sh
//! cargo build --release --bin hijara
//! nice -n 10 cargo run --release --features tools --example serve_load -- --sessions 100 --seconds 30
//! ```
//!
//! Options: `--server PATH` (default `target/release/hijara`), `--sessions N` (10),
//! `--pairs P` (tables of two people, at most 9: the lobby numbers nine tables; default
//! N/20, at least 1), `--ai A` (sessions playing the hard AI; default 0), `--seconds S`
//! (30), `--per-address K` (8), `--data-dir DIR` (the server's data folder, e.g. a
//! club filled by `examples/club_fill.rs`; a new temporary one by default), `--listen
//! ADDR` (the server's address, default 127.0.0.1:0, a free port), `--clock` (the
//! pairs' tables with a 3+2 clock), `--together` (the pairs' tables all move at the
//! same moments, a second apart, to show the store's writer keeping several tables'
//! moves in one commit; by default they are spread over the second). Clients come
//! from 127.0.0.2, 127.0.0.3, ... (K each),
//! so the server's per-address cap holds (its caps on logins in progress are raised
//! to let them log in 25 at a time). Everything stays on loopback and ends after
//! the measured seconds (plus set-up, bounded by time-outs).

#[path = "support/client.rs"]
mod client_support;
#[path = "support/load.rs"]
mod load_support;
#[path = "support/server.rs"]
mod server_support;
#[path = "support/stats.rs"]
mod stats;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use clap::Parser;
use clap::builder::TypedValueParser;
use russh::ChannelWriteHalf;
use russh::client::{self, Msg};

use client_support::{Screen, Trusting, log_in, open_shell, tcp_from};
use load_support::{load_average, square};
use server_support::ServerProcess;
use stats::percentile;

/// How long any one wait (a connection, a screen) may take.
const PATIENCE: Duration = Duration::from_secs(60);

/// The options (clap's `--help` lists them).
#[derive(Parser)]
#[command(
    about = "A load benchmark for `hijara serve`: SSH sessions over loopback, pairs and AI players, the latency of a move to the other screen."
)]
struct Options {
    /// The `hijara` binary the server runs.
    #[arg(long, default_value = "target/release/hijara")]
    server: String,
    /// SSH sessions in all, most of them idle in the lobby (at most 2000).
    #[arg(long, default_value_t = 10,
          value_parser = clap::value_parser!(u16).range(1..=2000).map(usize::from))]
    sessions: usize,
    /// Tables of two people, at most 9 (the lobby numbers nine tables) [default: a
    /// twentieth of the sessions, at least 1].
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=9).map(usize::from))]
    pairs: Option<usize>,
    /// Sessions playing the hard AI.
    #[arg(long, default_value_t = 0)]
    ai: usize,
    /// The seconds measured (at most 600).
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(0..=600))]
    seconds: u64,
    /// Sessions from each loopback address (127.0.0.2 and up).
    #[arg(long, default_value_t = 8,
          value_parser = clap::value_parser!(u16).range(1..).map(usize::from))]
    per_address: usize,
    /// The server's data folder (e.g. a club filled by `examples/club_fill.rs`)
    /// [default: a new temporary one].
    #[arg(long)]
    data_dir: Option<std::path::PathBuf>,
    /// The server's address (a loopback address and a port kept for this run, where
    /// the machine is shared) [default: a free port of 127.0.0.1].
    #[arg(long, default_value = "127.0.0.1:0")]
    listen: String,
    /// The pairs' tables with a 3+2 clock (the store notes each running clock's
    /// thinking every 2 s).
    #[arg(long)]
    clock: bool,
    /// Every pair's table moves at the same moments (each second from the start), not
    /// spread over the second: the store's writer then has the moves of several
    /// tables waiting at once, to keep in one commit.
    #[arg(long)]
    together: bool,
}

impl Options {
    /// The pairs asked for, or a twentieth of the sessions.
    fn pairs(&self) -> usize {
        self.pairs.unwrap_or((self.sessions / 20).max(1)).min(9)
    }
}

fn options() -> anyhow::Result<Options> {
    let o = Options::parse();
    if o.sessions < 2 * o.pairs() + o.ai {
        bail!("--sessions must hold the pairs and the AI players");
    }
    Ok(o)
}

/// A session's client: its screen parsed by vt100 (players only), and what it waits for.
struct Client {
    _handle: client::Handle<Trusting>,
    writer: ChannelWriteHalf<Msg>,
    screen: Option<Screen>,
    /// Text this client waits to see, and when the key that should bring it was sent.
    expect: Arc<Mutex<Option<(String, Instant)>>>,
    latencies: Arc<Mutex<Vec<Duration>>>,
}

impl Client {
    async fn connect(
        addr: SocketAddr,
        from: IpAddr,
        name: &str,
        n: usize,
        parse: bool,
        bytes: Arc<AtomicU64>,
    ) -> anyhow::Result<Client> {
        let stream = tcp_from(addr, from).await?;
        let config = Arc::new(client::Config::default());
        let mut handle = client::connect_stream(config, stream, Trusting).await?;
        log_in(&mut handle, name, n as u64).await?;
        let screen = parse.then(Screen::new);
        let expect: Arc<Mutex<Option<(String, Instant)>>> = Arc::default();
        let latencies: Arc<Mutex<Vec<Duration>>> = Arc::default();
        let (shown, wanted, seen) = (screen.clone(), expect.clone(), latencies.clone());
        let writer = open_shell(&handle, move |data| {
            bytes.fetch_add(data.len() as u64, Ordering::Relaxed);
            let Some(shown) = &shown else { return };
            shown.process(data);
            let mut wanted = wanted.lock().unwrap_or_else(|p| p.into_inner());
            if let Some((text, sent)) = wanted.as_ref()
                && shown.text().contains(text.as_str())
            {
                seen.lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .push(sent.elapsed());
                *wanted = None;
            }
        })
        .await?;
        Ok(Client {
            _handle: handle,
            writer,
            screen,
            expect,
            latencies,
        })
    }

    async fn wait_for(&self, text: &str) -> anyhow::Result<()> {
        let screen = self
            .screen
            .as_ref()
            .context("an idle client's screen is not read")?;
        let poll = Duration::from_millis(20);
        screen.wait_for(text, PATIENCE, poll).await?;
        Ok(())
    }

    async fn send(&self, bytes: &[u8]) -> anyhow::Result<()> {
        self.writer.data_bytes(bytes.to_vec()).await?;
        Ok(())
    }
}

/// The server's process figures now, from /proc.
#[derive(Debug, Clone, Copy)]
struct ProcStat {
    rss_kib: u64,
    threads: u64,
    /// User and system CPU, in clock ticks.
    cpu_ticks: u64,
}

fn proc_stat(pid: u32) -> anyhow::Result<ProcStat> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
    // The fields after the command's closing parenthesis; utime and stime are 14 and 15.
    let after = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Ok(ProcStat {
        rss_kib: field("VmRSS:"),
        threads: field("Threads:"),
        cpu_ticks: ticks(11) + ticks(12),
    })
}

/// The server, with the caps this load needs.
fn start_server(o: &Options, dir: &std::path::Path) -> anyhow::Result<(ServerProcess, SocketAddr)> {
    let caps = [
        ("--max-sessions", o.sessions + 16),
        ("--max-per-address", o.per_address),
        // The clients log in 25 at a time, K from each address: the gate's caps on
        // logins in progress are raised to that (see examples/preauth_flood.rs for
        // the gate under attack).
        ("--max-startups", o.sessions + 16),
        ("--max-startups-per-address", o.per_address),
        ("--connect-burst", o.per_address),
    ];
    let args: Vec<String> = caps
        .iter()
        .flat_map(|(flag, n)| [flag.to_string(), n.to_string()])
        .collect();
    server_support::start_server(&o.server, &o.listen, dir, &args)
}

fn main() -> anyhow::Result<()> {
    let o = options()?;
    let dir = tempfile::tempdir()?;
    let (server, addr) = start_server(&o, o.data_dir.as_deref().unwrap_or(dir.path()))?;
    let pid = server.child.id();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(run(&o, addr, pid))
}

async fn run(o: &Options, addr: SocketAddr, pid: u32) -> anyhow::Result<()> {
    tokio::time::sleep(Duration::from_millis(300)).await;
    let base = proc_stat(pid)?;
    println!(
        "serve_load: {} sessions ({} pairs at tables, {} against the hard AI, the rest idle in the lobby), {} s, load average before {}",
        o.sessions,
        o.pairs(),
        o.ai,
        o.seconds,
        load_average()
    );
    println!(
        "server at start: RSS {} KiB, {} threads",
        base.rss_kib, base.threads
    );
    let bytes = Arc::new(AtomicU64::new(0));
    let from = |n: usize| IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + (n / o.per_address) as u8));
    if o.sessions / o.per_address > 250 {
        bail!("too few loopback addresses for so many sessions: raise --per-address");
    }
    // Players first (they parse their screens), then the AI players and the idle crowd.
    let setup = Instant::now();
    let mut players = Vec::new();
    for n in 0..2 * o.pairs() + o.ai {
        let name = format!("p{n}");
        players.push(Client::connect(addr, from(n), &name, n, true, bytes.clone()).await?);
    }
    let mut idle = Vec::new();
    let mut n = players.len();
    while n < o.sessions {
        let batch: Vec<_> = (n..o.sessions.min(n + 25))
            .map(|k| {
                let bytes = bytes.clone();
                let name = format!("u{k}");
                let source = from(k);
                tokio::spawn(async move {
                    tokio::time::timeout(
                        PATIENCE,
                        Client::connect(addr, source, &name, k, false, bytes),
                    )
                    .await
                })
            })
            .collect();
        for task in batch {
            idle.push(task.await???);
            n += 1;
        }
    }
    // The pairs sit down, one table after another.
    for t in 0..o.pairs() {
        let (blue, yellow) = (&players[2 * t], &players[2 * t + 1]);
        blue.wait_for("q leave").await?;
        blue.send(if o.clock { &b"nt\r"[..] } else { &b"n\r"[..] })
            .await?;
        blue.wait_for("waiting for an opponent").await?;
        yellow
            .wait_for(&format!("p{} (Blue) v - (Yellow)", 2 * t))
            .await?;
        yellow.send((t + 1).to_string().as_bytes()).await?;
        // Each seat reads its own words: Blue `Your move`, Yellow Blue's name.
        blue.wait_for("Your move").await?;
        yellow.wait_for(&format!("p{} to move", 2 * t)).await?;
    }
    // The AI players: Blue against the hard AI.
    for p in &players[2 * o.pairs()..] {
        p.wait_for("q leave").await?;
        p.send(b"ao\r").await?;
        p.wait_for("Your move").await?;
    }
    println!(
        "set-up: {:.1} s; {} bytes sent to the clients so far",
        setup.elapsed().as_secs_f64(),
        bytes.load(Ordering::Relaxed)
    );
    tokio::time::sleep(Duration::from_secs(1)).await;
    let connected = proc_stat(pid)?;
    let clients_before = proc_stat(std::process::id())?;
    let started = Instant::now();
    let end = started + Duration::from_secs(o.seconds);
    let players = Arc::new(players);
    let mut tasks = Vec::new();
    for t in 0..o.pairs() {
        let players = players.clone();
        let together = o.together;
        tasks.push(tokio::spawn(async move {
            let mut k = 0;
            // Tables start spread over the first second, or all at once: then each
            // move is due at a whole second from the start, so they stay together.
            let stagger = if together { 0 } else { 1000 * t as u64 / 9 };
            tokio::time::sleep(Duration::from_millis(stagger)).await;
            while Instant::now() < end && k < 60 {
                let (mover, other) = if k % 2 == 0 {
                    (&players[2 * t], &players[2 * t + 1])
                } else {
                    (&players[2 * t + 1], &players[2 * t])
                };
                let sq = square(k);
                let letter = if k % 2 == 0 { 'B' } else { 'Y' };
                let entry = format!("{:>2} {letter} {sq}", k + 1);
                let tick = Instant::now();
                *other.expect.lock().unwrap_or_else(|p| p.into_inner()) =
                    Some((entry.clone(), Instant::now()));
                mover.send(sq.as_bytes()).await?;
                other.wait_for(&entry).await?;
                k += 1;
                if together {
                    let due = started + Duration::from_secs(k as u64);
                    tokio::time::sleep_until(due.into()).await;
                } else {
                    tokio::time::sleep(Duration::from_secs(1).saturating_sub(tick.elapsed())).await;
                }
            }
            anyhow::Ok(k)
        }));
    }
    for (i, _) in players[2 * o.pairs()..].iter().enumerate() {
        let players = players.clone();
        let p = 2 * o.pairs() + i;
        tasks.push(tokio::spawn(async move {
            // A square a second, round the board: a full square is refused, no harm.
            let mut k = 0;
            while Instant::now() < end {
                players[p].send(square(k).as_bytes()).await?;
                k += 1;
                tokio::time::sleep(Duration::from_millis(1000)).await;
            }
            anyhow::Ok(k)
        }));
    }
    // Samples during the run: the peak RSS and thread count.
    let mut peak = connected;
    while Instant::now() < end {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let now = proc_stat(pid)?;
        peak.rss_kib = peak.rss_kib.max(now.rss_kib);
        peak.threads = peak.threads.max(now.threads);
    }
    let load_during = load_average();
    let mut moves = 0;
    for task in tasks {
        moves += task.await??;
    }
    let finished = proc_stat(pid)?;
    let clients_after = proc_stat(std::process::id())?;
    let elapsed = started.elapsed().as_secs_f64();
    let mut all: Vec<Duration> = players
        .iter()
        .flat_map(|p| {
            p.latencies
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .clone()
        })
        .collect();
    all.sort();
    let ticks = clock_ticks();
    let cpu = (finished.cpu_ticks - connected.cpu_ticks) as f64 / ticks / elapsed * 100.0;
    let per_session = (peak.rss_kib.saturating_sub(base.rss_kib)) as f64 / o.sessions as f64;
    println!(
        "sessions {}: RSS at start {} KiB, connected {} KiB, peak {} KiB: {:.0} KiB per session",
        o.sessions, base.rss_kib, connected.rss_kib, peak.rss_kib, per_session
    );
    let client_cpu =
        (clients_after.cpu_ticks - clients_before.cpu_ticks) as f64 / ticks / elapsed * 100.0;
    println!(
        "server CPU {:.1}% of one core over {:.1} s; threads {} (peak {}); the clients' CPU {:.1}%",
        cpu, elapsed, finished.threads, peak.threads, client_cpu
    );
    println!(
        "latency keypress -> the other player's frame: {} samples ({} moves and AI tries), p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        all.len(),
        moves,
        percentile(&all, 50.0).as_secs_f64() * 1000.0,
        percentile(&all, 95.0).as_secs_f64() * 1000.0,
        percentile(&all, 99.0).as_secs_f64() * 1000.0,
        all.last().copied().unwrap_or_default().as_secs_f64() * 1000.0
    );
    println!(
        "load average during {load_during}; {} bytes sent to the clients in all",
        bytes.load(Ordering::Relaxed)
    );
    drop(idle);
    Ok(())
}

/// Clock ticks per second for /proc's CPU times (100 on Linux's usual builds).
fn clock_ticks() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(100.0)
}
