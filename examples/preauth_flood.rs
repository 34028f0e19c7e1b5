//! The pre-authentication attack of issue 26 (defect 2), measured (not a test): a
//! stranger holds keyless sockets open from several loopback addresses, putting back
//! every one the server closes, while two players play a game and a third player logs
//! in again and again. It prints whether the players got in, how long their moves took
//! to reach the other screen, and the distribution of the login times (the target: 99
//! of 100 within 10 s).
//!
//! ```sh
//! cargo build --release --bin hijara
//! nice -n 10 cargo run --release --features tools --example preauth_flood -- --tries 100
//! ```
//!
//! Options: `--server PATH` (default `target/release/hijara`), `--tries N` (100 logins),
//! `--addresses A` (the stranger's addresses, 127.0.0.2 and up; 8), `--per-address K`
//! (sockets it keeps per address; 9, so 72 in all), `--kind silent|kex|mixed` (a
//! socket that got the server's version and says nothing, an SSH client that finished
//! the key exchange and never authenticates, or half of each; mixed). The server runs
//! with its defaults. The two players come from 127.0.0.1, and each login tried is a
//! player of its own from an address of its own (127.0.2.1 and up). Everything stays on loopback
//! and is bounded: each login waits 10 s at most, the stranger opens at most 200,000
//! sockets, and the whole run ends after `--tries` logins.

#[path = "support/client.rs"]
mod client_support;
#[path = "support/load.rs"]
mod load_support;
#[path = "support/server.rs"]
mod server_support;
#[path = "support/stats.rs"]
mod stats;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Parser;
use clap::builder::TypedValueParser;
use russh::ChannelWriteHalf;
use russh::client::{self, Msg};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::net::TcpStream;

use client_support::{Screen, Trusting, log_in, open_shell, tcp_from};
use load_support::{load_average, square};
use server_support::start_server;
use stats::percentile;

/// How long one login may take before it counts as kept out.
const LOGIN_LIMIT: Duration = Duration::from_secs(10);

/// What the stranger's sockets do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Kind {
    /// Got the server's version, and say nothing.
    Silent,
    /// Finished the key exchange, and never authenticate.
    Kex,
    /// Half of each.
    Mixed,
}

/// The options (clap's `--help` lists them).
#[derive(Parser)]
#[command(
    about = "The pre-authentication flood, measured: a stranger's sockets held open while players log in and play."
)]
struct Options {
    /// The `hijara` binary the server runs.
    #[arg(long, default_value = "target/release/hijara")]
    server: String,
    /// Logins tried (at most 1000).
    #[arg(long, default_value_t = 100,
          value_parser = clap::value_parser!(u16).range(1..=1000).map(usize::from))]
    tries: usize,
    /// The stranger's addresses, 127.0.0.2 and up (at most 200).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(u8).range(1..=200))]
    addresses: u8,
    /// Sockets the stranger keeps per address (at most 64).
    #[arg(long, default_value_t = 9,
          value_parser = clap::value_parser!(u8).range(1..=64).map(usize::from))]
    per_address: usize,
    /// What the stranger's sockets do.
    #[arg(long, value_enum, default_value_t = Kind::Mixed)]
    kind: Kind,
}

/// A player's login from `from`: the handle, once authenticated.
async fn login(
    addr: SocketAddr,
    from: IpAddr,
    name: &str,
    n: u64,
) -> anyhow::Result<client::Handle<Trusting>> {
    let stream = tcp_from(addr, from).await?;
    let mut handle =
        client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await?;
    log_in(&mut handle, name, n).await?;
    Ok(handle)
}

/// A player at the game, its screen read by vt100.
struct Player {
    _handle: client::Handle<Trusting>,
    writer: ChannelWriteHalf<Msg>,
    screen: Screen,
}

impl Player {
    async fn join(addr: SocketAddr, name: &str, n: u64) -> anyhow::Result<(Player, Duration)> {
        let start = Instant::now();
        let from = IpAddr::V4(Ipv4Addr::LOCALHOST);
        let handle = tokio::time::timeout(LOGIN_LIMIT, login(addr, from, name, n))
            .await
            .with_context(|| format!("{name}: no login in {LOGIN_LIMIT:?}"))??;
        let took = start.elapsed();
        let screen = Screen::new();
        let shown = screen.clone();
        let writer = open_shell(&handle, move |data| shown.process(data)).await?;
        let player = Player {
            _handle: handle,
            writer,
            screen,
        };
        Ok((player, took))
    }

    async fn send(&self, bytes: &[u8]) -> anyhow::Result<()> {
        self.writer.data_bytes(bytes.to_vec()).await?;
        Ok(())
    }

    /// Waits (at most 20 s) for `text` on the screen; how long it took.
    async fn wait_for(&self, text: &str) -> anyhow::Result<Duration> {
        let poll = Duration::from_millis(2);
        self.screen
            .wait_for(text, Duration::from_secs(20), poll)
            .await
    }
}

/// What the stranger did.
#[derive(Default)]
struct Stranger {
    opened: AtomicU64,
    turned_away: AtomicU64,
    closed_by_server: AtomicU64,
    held: AtomicU64,
}

/// One of the stranger's sockets: open until the server closes it.
enum Held {
    Silent(TcpStream),
    Kex(client::Handle<Trusting>),
}

impl Held {
    fn is_closed(&mut self) -> bool {
        match self {
            Held::Silent(socket) => {
                let mut byte = [0; 64];
                match socket.try_read(&mut byte) {
                    Ok(0) => true,
                    Ok(_) => false,
                    Err(e) => e.kind() != std::io::ErrorKind::WouldBlock,
                }
            }
            Held::Kex(handle) => handle.is_closed(),
        }
    }
}

/// Opens one of the stranger's sockets from `from`; `None` if turned away at the door.
async fn open(addr: SocketAddr, from: IpAddr, kex: bool) -> Option<Held> {
    let stream = tcp_from(addr, from).await.ok()?;
    if kex {
        let handle = tokio::time::timeout(
            Duration::from_secs(5),
            client::connect_stream(Arc::new(client::Config::default()), stream, Trusting),
        )
        .await
        .ok()?
        .ok()?;
        return Some(Held::Kex(handle));
    }
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    tokio::time::timeout(Duration::from_secs(2), reader.read_line(&mut line))
        .await
        .ok()?
        .ok()?;
    line.starts_with("SSH-")
        .then(|| Held::Silent(reader.into_inner()))
}

/// The stranger: keeps `per_address` sockets from each address until `stop`.
async fn stranger(o: &Options, addr: SocketAddr, stop: Arc<AtomicBool>, seen: Arc<Stranger>) {
    let mut held: Vec<(u8, Held)> = Vec::new();
    let mut n = 0u64;
    while !stop.load(Ordering::SeqCst) && seen.opened.load(Ordering::Relaxed) < 200_000 {
        for a in 0..o.addresses {
            let from = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + a));
            let mut have = held.iter().filter(|(x, _)| *x == a).count();
            while have < o.per_address && !stop.load(Ordering::SeqCst) {
                n += 1;
                let kex = match o.kind {
                    Kind::Silent => false,
                    Kind::Kex => true,
                    Kind::Mixed => n.is_multiple_of(2),
                };
                seen.opened.fetch_add(1, Ordering::Relaxed);
                match open(addr, from, kex).await {
                    Some(socket) => {
                        held.push((a, socket));
                        have += 1;
                    }
                    None => {
                        seen.turned_away.fetch_add(1, Ordering::Relaxed);
                        break;
                    }
                }
            }
        }
        let before = held.len();
        held.retain_mut(|(_, socket)| !socket.is_closed());
        seen.closed_by_server
            .fetch_add((before - held.len()) as u64, Ordering::Relaxed);
        seen.held.store(held.len() as u64, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn main() -> anyhow::Result<()> {
    let o = Options::parse();
    let dir = tempfile::tempdir()?;
    let (server, addr) = start_server(&o.server, "127.0.0.1:0", dir.path(), &[])?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let result = runtime.block_on(run(&o, addr));
    drop(server);
    let log = std::fs::read_to_string(dir.path().join("server.log")).unwrap_or_default();
    let count = |what: &str| log.lines().filter(|l| l.contains(what)).count();
    println!(
        "server log: {} lines; logins {}; refused at the door {} (+ counted lines {}); places taken {}; no version within the grace {}; no login within the grace {}",
        log.lines().count(),
        count(" (SHA256:"),
        count("refused at the door"),
        count("more connection(s) refused at the door"),
        count("a newer one took its place"),
        count("no SSH version within"),
        count("no login within"),
    );
    result
}

async fn run(o: &Options, addr: SocketAddr) -> anyhow::Result<()> {
    println!(
        "preauth_flood: the stranger keeps {} sockets ({} from each of {} addresses, {:?}); {} logins; load average {}",
        o.per_address * usize::from(o.addresses),
        o.per_address,
        o.addresses,
        o.kind,
        o.tries,
        load_average()
    );
    let stop = Arc::new(AtomicBool::new(false));
    let seen = Arc::new(Stranger::default());
    let attack = {
        let (stop, seen) = (stop.clone(), seen.clone());
        let o = Options {
            server: String::new(),
            ..*o
        };
        tokio::spawn(async move { stranger(&o, addr, stop, seen).await })
    };
    // Let the stranger fill the room first.
    tokio::time::sleep(Duration::from_secs(3)).await;
    println!(
        "after 3 s the stranger opened {}, was turned away {} times, saw {} closed, holds {}",
        seen.opened.load(Ordering::Relaxed),
        seen.turned_away.load(Ordering::Relaxed),
        seen.closed_by_server.load(Ordering::Relaxed),
        seen.held.load(Ordering::Relaxed)
    );
    // Two players get in and sit at a table.
    let (alice, alice_took) = Player::join(addr, "alice", 1).await?;
    let (bob, bob_took) = Player::join(addr, "bob", 2).await?;
    println!(
        "the players got in: alice in {}, bob in {}",
        ms(alice_took),
        ms(bob_took)
    );
    alice.wait_for("q leave").await?;
    alice.send(b"n\r").await?;
    alice.wait_for("waiting for an opponent").await?;
    bob.wait_for("alice (Blue) v - (Yellow)").await?;
    bob.send(b"1").await?;
    alice.wait_for("Your move").await?;
    bob.wait_for("alice to move").await?;
    // They play a move every half second while a third player logs in again and again.
    let players = Arc::new((alice, bob));
    let done = Arc::new(AtomicBool::new(false));
    let game = {
        let (players, done) = (players.clone(), done.clone());
        tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut k = 0;
            while !done.load(Ordering::SeqCst) && k < 64 {
                let (mover, other) = if k % 2 == 0 {
                    (&players.0, &players.1)
                } else {
                    (&players.1, &players.0)
                };
                let square = square(k);
                let letter = if k % 2 == 0 { 'B' } else { 'Y' };
                let entry = format!("{:>2} {letter} {square}", k + 1);
                let tick = Instant::now();
                mover.send(square.as_bytes()).await?;
                latencies.push(other.wait_for(&entry).await?);
                k += 1;
                tokio::time::sleep(Duration::from_millis(500).saturating_sub(tick.elapsed())).await;
            }
            anyhow::Ok(latencies)
        })
    };
    let mut took = Vec::new();
    let mut kept_out = Vec::new();
    for n in 0..o.tries {
        // Each try a player of its own, from an address of its own (one address may
        // open 10 connections at once and 30 a minute).
        let from = IpAddr::V4(Ipv4Addr::new(127, 0, 2, 1 + (n % 250) as u8));
        let name = format!("c{n}");
        let start = Instant::now();
        match tokio::time::timeout(LOGIN_LIMIT, login(addr, from, &name, 100 + n as u64)).await {
            Ok(Ok(handle)) => {
                took.push(start.elapsed());
                let _ = handle
                    .disconnect(russh::Disconnect::ByApplication, "", "")
                    .await;
            }
            Ok(Err(error)) => kept_out.push(format!("try {n}: {error:#}")),
            Err(_) => kept_out.push(format!("try {n}: no login in {LOGIN_LIMIT:?}")),
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    done.store(true, Ordering::SeqCst);
    let mut moves = game.await??;
    stop.store(true, Ordering::SeqCst);
    let _ = tokio::time::timeout(Duration::from_secs(10), attack).await;
    took.sort();
    moves.sort();
    let within = took.iter().filter(|t| **t <= LOGIN_LIMIT).count();
    println!(
        "logins: {within} of {} within {LOGIN_LIMIT:?}; {} kept out",
        o.tries,
        kept_out.len()
    );
    for line in kept_out.iter().take(10) {
        println!("  {line}");
    }
    println!(
        "login times: min {}, p50 {}, p90 {}, p99 {}, max {}",
        ms(took.first().copied().unwrap_or_default()),
        ms(percentile(&took, 50.0)),
        ms(percentile(&took, 90.0)),
        ms(percentile(&took, 99.0)),
        ms(took.last().copied().unwrap_or_default())
    );
    let buckets = [50, 100, 200, 500, 1000, 2000, 5000, 10_000];
    let mut lower = 0;
    let mut line = String::from("login time histogram:");
    for upper in buckets {
        let n = took
            .iter()
            .filter(|t| (lower..upper).contains(&(t.as_millis() as u64)))
            .count();
        line.push_str(&format!(" [{lower}-{upper} ms) {n};"));
        lower = upper;
    }
    println!("{line}");
    println!(
        "moves: {} timed, p50 {}, p99 {}, max {}; {} over a second",
        moves.len(),
        ms(percentile(&moves, 50.0)),
        ms(percentile(&moves, 99.0)),
        ms(moves.last().copied().unwrap_or_default()),
        moves
            .iter()
            .filter(|m| **m > Duration::from_secs(1))
            .count()
    );
    println!(
        "the stranger in all: opened {}, turned away at the door {}, closed by the server {}, holding {} at the end; load average {}",
        seen.opened.load(Ordering::Relaxed),
        seen.turned_away.load(Ordering::Relaxed),
        seen.closed_by_server.load(Ordering::Relaxed),
        seen.held.load(Ordering::Relaxed),
        load_average()
    );
    Ok(())
}
