//! What a peer can make `hijara serve` do that russh answers without calling the
//! server's code, measured (not a test): key exchanges (a handshake with each of six
//! algorithms russh knows; the server refuses the finite-field ones since s35), re-keys on one logged-in connection, and global requests
//! of a name nobody knows, with and without a reply asked for. The release server runs
//! on a free loopback port; each phase is a client of its own (127.0.0.2 and up), a
//! bounded loop. Per phase it prints the server's CPU time (all its threads, from
//! `/proc/PID/task/*/schedstat`), the wall time, the bytes each way on the client's
//! socket and whether the server closed the connection.
//!
//! ```sh
//! cargo build --release --bin hijara
//! nice -n 10 cargo run --release --features tools --example serve_peer_costs
//! ```
//!
//! Options: `--server PATH` (default `target/release/hijara`), `--handshakes N` (per
//! algorithm, 3), `--rekeys N` (50), `--requests N` (1,000 with a reply asked for, ten
//! times as many without), `--extra=WORD` (more server options, a word each),
//! `--listen ADDR` (the server's address; 127.0.0.1:0, a free port).
//! SSH_MSG_IGNORE and DEBUG can't be sent from russh's client
//! (it has no call for them); a global request without a reply asked for costs the
//! server what they do, a packet read and dropped (russh 0.65.1 `server::reply`).

#[path = "support/client.rs"]
#[allow(dead_code)] // its shell and screen are the players' tools'
mod client_support;
#[path = "support/server.rs"]
mod server_support;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use clap::Parser;
use russh::client;
use russh::kex;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

use client_support::{Trusting, log_in, tcp_from};
use server_support::start_server;

/// How long any one step may take.
const PATIENCE: Duration = Duration::from_secs(60);

/// The options (clap's `--help` lists them).
#[derive(Parser)]
#[command(about = "What a peer can make hijara serve do inside russh, measured.")]
struct Options {
    /// The `hijara` binary the server runs.
    #[arg(long, default_value = "target/release/hijara")]
    server: String,
    /// Handshakes per key-exchange algorithm.
    #[arg(long, default_value_t = 3)]
    handshakes: u32,
    /// Re-keys on one logged-in connection.
    #[arg(long, default_value_t = 50)]
    rekeys: u32,
    /// Unknown global requests with a reply asked for (ten times as many without).
    #[arg(long, default_value_t = 1000)]
    requests: u32,
    /// More server options, each a word (`--extra=--login-grace --extra=5`).
    #[arg(long)]
    extra: Vec<String>,
    /// The server's address (a port of one's own on a shared machine).
    #[arg(long, default_value = "127.0.0.1:0")]
    listen: String,
}

/// The server's CPU time so far, all its threads (nanoseconds, from schedstat).
fn server_cpu(pid: u32) -> Duration {
    let mut total = 0u64;
    if let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) {
        for task in tasks.flatten() {
            let path = task.path().join("schedstat");
            if let Ok(text) = std::fs::read_to_string(path) {
                total += text
                    .split_whitespace()
                    .next()
                    .and_then(|n| n.parse::<u64>().ok())
                    .unwrap_or(0);
            }
        }
    }
    Duration::from_nanos(total)
}

/// A socket that counts the bytes each way.
struct Counted {
    inner: TcpStream,
    read: Arc<AtomicU64>,
    written: Arc<AtomicU64>,
}

impl AsyncRead for Counted {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.inner).poll_read(cx, buf);
        let got = buf.filled().len() - before;
        this.read.fetch_add(got as u64, Ordering::Relaxed);
        polled
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.inner).poll_write(cx, buf);
        if let Poll::Ready(Ok(n)) = &polled {
            this.written.fetch_add(*n as u64, Ordering::Relaxed);
        }
        polled
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().inner).poll_shutdown(cx)
    }
}

/// A connected client and its byte counters.
struct Peer {
    handle: client::Handle<Trusting>,
    read: Arc<AtomicU64>,
    written: Arc<AtomicU64>,
}

/// Connects from 127.0.0.`at`, asking only for `kex` (with the extensions).
async fn connect(addr: SocketAddr, at: u8, kex: kex::Name) -> anyhow::Result<Peer> {
    let inner = tcp_from(addr, IpAddr::V4(Ipv4Addr::new(127, 0, 0, at))).await?;
    let (read, written) = (Arc::default(), Arc::default());
    let stream = Counted {
        inner,
        read: Arc::clone(&read),
        written: Arc::clone(&written),
    };
    let mut config = client::Config::default();
    config.preferred.kex = vec![
        kex,
        kex::EXTENSION_SUPPORT_AS_CLIENT,
        kex::EXTENSION_OPENSSH_STRICT_KEX_AS_CLIENT,
    ]
    .into();
    let handle = tokio::time::timeout(
        PATIENCE,
        client::connect_stream(Arc::new(config), stream, Trusting),
    )
    .await??;
    Ok(Peer {
        handle,
        read,
        written,
    })
}

/// One phase's line: what it did, its count, the server's CPU and the wall time, the
/// bytes each way, whether the server closed the connection.
fn report(what: &str, n: u32, cpu: Duration, wall: Duration, peer: &Peer) {
    let per = |d: Duration| d.as_secs_f64() * 1e3 / f64::from(n.max(1));
    println!(
        "{what:<44} n {n:>6}  server CPU {:>9.1} ms ({:>8.3} ms each)  wall {:>8.1} ms  \
         bytes out {:>9} in {:>9}  closed {}",
        cpu.as_secs_f64() * 1e3,
        per(cpu),
        wall.as_secs_f64() * 1e3,
        peer.written.load(Ordering::Relaxed),
        peer.read.load(Ordering::Relaxed),
        peer.handle.is_closed(),
    );
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let options = Options::parse();
    let dir = tempfile::tempdir()?;
    let (server, addr) =
        start_server(&options.server, &options.listen, dir.path(), &options.extra)?;
    let pid = server.child.id();
    println!("server {addr}, pid {pid}");
    let algorithms = [
        kex::CURVE25519,
        kex::MLKEM768X25519_SHA256,
        kex::DH_G14_SHA256,
        kex::DH_G16_SHA512,
        kex::DH_GEX_SHA256,
        kex::DH_G18_SHA512,
    ];
    let mut at = 2;
    for name in algorithms {
        let mut cpu = Duration::ZERO;
        let mut wall = Duration::ZERO;
        let mut last = None;
        for _ in 0..options.handshakes {
            let (before, start) = (server_cpu(pid), Instant::now());
            match connect(addr, at, name).await {
                Ok(peer) => {
                    wall += start.elapsed();
                    cpu += server_cpu(pid).saturating_sub(before);
                    last = Some(peer);
                }
                Err(error) => println!("{name:?}: {error:#}"),
            }
            at += 1;
        }
        if let Some(peer) = &last {
            report(
                &format!("handshake {}", name.as_ref()),
                options.handshakes,
                cpu,
                wall,
                peer,
            );
        }
    }
    for (name, player) in [
        (kex::CURVE25519, "ana"),
        (kex::DH_G16_SHA512, "bea"),
        (kex::DH_G18_SHA512, "cyd"),
    ] {
        let mut peer = match connect(addr, at, name).await {
            Ok(peer) => peer,
            Err(error) => {
                println!("re-keys with {}: {error:#}", name.as_ref());
                continue;
            }
        };
        at += 1;
        log_in(&mut peer.handle, player, u64::from(at)).await?;
        let n = if name == kex::CURVE25519 {
            options.rekeys
        } else {
            options.rekeys.min(10)
        };
        let (before, start) = (server_cpu(pid), Instant::now());
        for _ in 0..n {
            if peer.handle.is_closed() {
                break;
            }
            let _ = peer.handle.rekey_soon().await;
            // The ping's answer comes after the re-key.
            let _ = tokio::time::timeout(PATIENCE, peer.handle.send_ping()).await;
        }
        report(
            &format!("re-keys, logged in, {}", name.as_ref()),
            n,
            server_cpu(pid).saturating_sub(before),
            start.elapsed(),
            &peer,
        );
    }
    let mut peer = connect(addr, at, kex::CURVE25519).await?;
    at += 1;
    log_in(&mut peer.handle, "asker", u64::from(at)).await?;
    let (before, start) = (server_cpu(pid), Instant::now());
    let mut answered = 0;
    for _ in 0..options.requests {
        let asked = peer
            .handle
            .send_global_request("nothing@example.org", &[], true);
        match tokio::time::timeout(PATIENCE, asked).await {
            Ok(Err(russh::Error::RequestDenied)) => answered += 1,
            Ok(_) => {}
            Err(_) => break,
        }
        if peer.handle.is_closed() {
            break;
        }
    }
    report(
        &format!("global requests, a reply asked ({answered} refused)"),
        options.requests,
        server_cpu(pid).saturating_sub(before),
        start.elapsed(),
        &peer,
    );
    let (before, start) = (server_cpu(pid), Instant::now());
    let quiet = options.requests * 10;
    for _ in 0..quiet {
        if peer.handle.is_closed() {
            break;
        }
        let _ = peer
            .handle
            .send_global_request("nothing@example.org", &[], false)
            .await;
    }
    let _ = tokio::time::timeout(PATIENCE, peer.handle.send_ping()).await;
    report(
        "global requests, no reply asked",
        quiet,
        server_cpu(pid).saturating_sub(before),
        start.elapsed(),
        &peer,
    );
    let log = std::fs::read_to_string(dir.path().join("server.log")).unwrap_or_default();
    println!("server log: {} lines; the last 5:", log.lines().count());
    let lines: Vec<&str> = log.lines().collect();
    for line in &lines[lines.len().saturating_sub(5)..] {
        println!("  {line}");
    }
    drop(server);
    Ok(())
}
