//! A hostile or broken SSH peer against `hijara serve`, measured (not a test): the
//! release server on a free loopback port, a witness in the lobby whose key round trip
//! (`n` opens the new-table form, Esc closes it) is timed all along, and attackers,
//! each a bounded loop, from addresses of their own (127.0.0.2 and up):
//!
//! - bytes: random bytes, a CSI of 8,000 parameters, an unterminated OSC, a bracketed
//!   paste of 1 MiB, NUL and C1 controls, invalid UTF-8, on the lobby, the form, a
//!   game against the random AI and its message line; the attacker's own output is
//!   checked for NUL and C1 controls echoed back;
//! - sizes: window changes to 0×0, 1×1, 65535×65535, then 600 in a burst;
//! - requests: data before the pty, variables, X11, a subsystem, exec, a second pty,
//!   agent and port forwarding, then channel opens of every kind, until the server
//!   closes the connection; a shell without a pty;
//! - slow: sockets that never finish the handshake, a client that stops reading while
//!   its 250×100 screen is redrawn, a client that half-closes its channel;
//! - burst: 40 connections at once from one address.
//!
//! ```sh
//! cargo build --release --bin hijara
//! nice -n 10 cargo run --release --features tools --example serve_hostile
//! ```
//!
//! Options: `--server PATH` (default `target/release/hijara`). The server runs with a
//! login grace and a write time-out of 5 s, so the slow phase ends in seconds. It
//! prints, per phase: how long it took, the server's resident memory after it, the
//! witness's round trips (median and worst), and what the attacker met.

#[path = "support/client.rs"]
mod client_support;
#[path = "support/server.rs"]
mod server_support;
#[path = "support/tap.rs"]
mod tap;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Parser;
use rand::{Rng, SeedableRng};
use russh::client::{self, Msg};
use russh::{ChannelMsg, ChannelWriteHalf};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use client_support::{Screen, Trusting, log_in, open_shell, tcp_from};
use server_support::start_server;
use tap::{OnStall, Tap};

/// How long any one wait may take.
const PATIENCE: Duration = Duration::from_secs(15);

/// The options (clap's `--help` lists them).
#[derive(Parser)]
#[command(about = "A hostile SSH peer against hijara serve, measured.")]
struct Options {
    /// The `hijara` binary the server runs.
    #[arg(long, default_value = "target/release/hijara")]
    server: String,
}

fn from(n: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, n))
}

/// The server's resident memory, in KiB.
fn rss(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// A logged-in client with a shell: its screen and raw output kept.
struct Client {
    handle: client::Handle<Trusting>,
    writer: ChannelWriteHalf<Msg>,
    screen: Screen,
    raw: Arc<Mutex<Vec<u8>>>,
}

async fn join(addr: SocketAddr, at: u8, name: &str, n: u64) -> anyhow::Result<Client> {
    let stream = tcp_from(addr, from(at)).await?;
    let mut handle =
        client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await?;
    log_in(&mut handle, name, n).await?;
    let screen = Screen::new();
    let raw = Arc::new(Mutex::new(Vec::new()));
    let (shown, kept) = (screen.clone(), raw.clone());
    let writer = open_shell(&handle, move |data| {
        shown.process(data);
        kept.lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(data);
    })
    .await?;
    screen
        .wait_for("q leave", PATIENCE, Duration::from_millis(10))
        .await?;
    Ok(Client {
        handle,
        writer,
        screen,
        raw,
    })
}

/// The witness's round trips while `during` runs: `n` shows the form, Esc closes it.
async fn witnessed<T>(
    witness: &Client,
    during: impl std::future::Future<Output = T>,
) -> (T, Vec<Duration>) {
    let done = AtomicBool::new(false);
    let times = Mutex::new(Vec::new());
    let probe = async {
        while !done.load(Ordering::SeqCst) {
            let start = Instant::now();
            let _ = witness.writer.data_bytes(&b"n"[..]).await;
            let shown = witness
                .screen
                .wait_for("Enter start", PATIENCE, Duration::from_millis(2))
                .await;
            let _ = witness.writer.data_bytes(&b"\x1b"[..]).await;
            let gone = async {
                while witness.screen.text().contains("Enter start") {
                    tokio::time::sleep(Duration::from_millis(2)).await;
                }
            };
            let _ = tokio::time::timeout(PATIENCE, gone).await;
            times
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .push(if shown.is_ok() {
                    start.elapsed()
                } else {
                    PATIENCE
                });
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let attack = async {
        let out = during.await;
        done.store(true, Ordering::SeqCst);
        out
    };
    let (out, ()) = tokio::join!(attack, probe);
    let mut times = times.into_inner().unwrap_or_else(|p| p.into_inner());
    times.sort();
    (out, times)
}

fn report(phase: &str, took: Duration, pid: u32, times: &[Duration], what: &str) {
    let median = times.get(times.len() / 2).copied().unwrap_or_default();
    let worst = times.last().copied().unwrap_or_default();
    println!(
        "{phase:<28} {:>6.2} s  RSS {:>7} KiB  witness {} trips, median {:>6.1} ms, worst {:>7.1} ms  | {what}",
        took.as_secs_f64(),
        rss(pid),
        times.len(),
        median.as_secs_f64() * 1e3,
        worst.as_secs_f64() * 1e3,
    );
}

/// NUL or a C1 control in what the server sent (its own escape sequences start with
/// ESC, a C0 control, and it writes UTF-8).
fn controls_echoed(raw: &[u8]) -> usize {
    String::from_utf8_lossy(raw)
        .chars()
        .filter(|&c| c == '\0' || ('\u{80}'..='\u{9f}').contains(&c))
        .count()
}

fn payloads() -> Vec<(&'static str, Vec<u8>)> {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(18);
    // Random bytes, without the keys that leave a screen (q, Q, Esc, Ctrl-c, Ctrl-d).
    let random: Vec<u8> = (0..65_536)
        .map(|_| rng.random::<u8>())
        .filter(|b| !matches!(b, b'q' | b'Q' | 0x1b | 0x03 | 0x04))
        .collect();
    let mut csi = b"\x1b[".to_vec();
    for _ in 0..8_000 {
        csi.extend_from_slice(b"1;");
    }
    csi.push(b'm');
    let mut osc = b"\x1b]0;".to_vec();
    osc.extend(std::iter::repeat_n(b'x', 20_000));
    let mut paste = b"\x1b[200~".to_vec();
    paste.extend(std::iter::repeat_n(b'y', 1 << 20));
    paste.extend_from_slice(b"\x1b[201~");
    let controls = "a\0b\u{85}c\u{9b}31md\u{9d}0;x\u{7}e\u{90}f\u{202e}g"
        .as_bytes()
        .to_vec();
    let utf8 = b"h\xff\xfei\xc3j\xe2\x82k\xf0\x9f\x98l\xc0\xafm\xed\xa0\x80n".to_vec();
    vec![
        ("random 64 KiB", random),
        ("CSI of 8000 parameters", csi),
        ("unterminated OSC 20 KB", osc),
        ("bracketed paste 1 MiB", paste),
        ("NUL and C1 controls", controls),
        ("invalid UTF-8", utf8),
    ]
}

async fn bytes_phase(addr: SocketAddr, pid: u32, witness: &Client) -> anyhow::Result<()> {
    let x = join(addr, 2, "xavier", 2).await?;
    let screens: [(&str, &[u8], &str); 4] = [
        ("lobby", b"", "q leave"),
        ("form", b"n", "Enter start"),
        ("game v random AI", b"\x1b", "q leave"),
        ("message line", b"m", "Your move"),
    ];
    for (screen, keys, shown) in screens {
        if screen == "game v random AI" {
            x.writer.data_bytes(&b"\x1b"[..]).await?;
            x.screen
                .wait_for("q leave", PATIENCE, Duration::from_millis(10))
                .await?;
            x.writer.data_bytes(&b"a"[..]).await?;
            x.writer.data_bytes(&b"ooo"[..]).await?;
            x.screen
                .wait_for("against the random AI", PATIENCE, Duration::from_millis(10))
                .await?;
            x.writer.data_bytes(&b"\r"[..]).await?;
            x.screen
                .wait_for("Your move", PATIENCE, Duration::from_millis(10))
                .await?;
        } else if !keys.is_empty() {
            x.writer.data_bytes(keys.to_vec()).await?;
            x.screen
                .wait_for(shown, PATIENCE, Duration::from_millis(10))
                .await?;
        }
        for (name, bytes) in payloads() {
            let before = x.raw.lock().unwrap_or_else(|p| p.into_inner()).len();
            let start = Instant::now();
            let (sent, times) = witnessed(witness, async {
                let sent = x.writer.data_bytes(bytes).await;
                tokio::time::sleep(Duration::from_millis(300)).await;
                sent
            })
            .await;
            let raw = x.raw.lock().unwrap_or_else(|p| p.into_inner())[before..].to_vec();
            let top = x.screen.text();
            let top = top
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("")
                .trim();
            report(
                &format!("{screen}: {name}"),
                start.elapsed(),
                pid,
                &times,
                &format!(
                    "sent {}, {} B back, {} NUL/C1 echoed, top: {:.30}",
                    if sent.is_ok() { "ok" } else { "FAILED" },
                    raw.len(),
                    controls_echoed(&raw),
                    top
                ),
            );
        }
    }
    let start = Instant::now();
    let sizes = [(0, 0), (1, 1), (65_535, 65_535), (u32::MAX, 3)];
    let (_, times) = witnessed(witness, async {
        for (columns, rows) in sizes {
            let _ = x.writer.window_change(columns, rows, 0, 0).await;
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await;
    report("sizes 0x0 1x1 65535² max", start.elapsed(), pid, &times, "");
    let start = Instant::now();
    let (_, times) = witnessed(witness, async {
        for i in 0..600u32 {
            let _ = x
                .writer
                .window_change(200 + i % 50, 50 + i % 50, 0, 0)
                .await;
            if i % 100 == 99 {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    })
    .await;
    let _ = x.writer.window_change(80, 24, 0, 0).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let alive = x.screen.text().contains("Your move");
    report(
        "600 window changes",
        start.elapsed(),
        pid,
        &times,
        &format!("attacker's game still shown: {alive}"),
    );
    let _ = x
        .handle
        .disconnect(russh::Disconnect::ByApplication, "", "")
        .await;
    Ok(())
}

/// Requests of every kind on one connection until the server closes it: how many.
async fn requests_phase(addr: SocketAddr, pid: u32, witness: &Client) -> anyhow::Result<()> {
    let start = Instant::now();
    let (outcome, times) = witnessed(witness, async {
        let stream = tcp_from(addr, from(3)).await?;
        let mut handle =
            client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await?;
        log_in(&mut handle, "yolanda", 3).await?;
        let channel = handle.channel_open_session().await?;
        channel.data_bytes(&b"before the pty"[..]).await?;
        let mut asked = 0;
        for round in 0..1_000 {
            let step = match round % 12 {
                0 => channel.set_env(true, "LC_X", "y".repeat(1000)).await,
                1 => {
                    channel
                        .request_x11(true, false, "MIT-MAGIC-COOKIE-1", "00", 0)
                        .await
                }
                2 => channel.request_subsystem(true, "sftp").await,
                3 => channel.request_pty(true, "xterm", 80, 24, 0, 0, &[]).await,
                4 => channel.agent_forward(true).await,
                5 => handle.tcpip_forward("127.0.0.1", 0).await.map(|_| ()),
                6 => handle
                    .channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 1)
                    .await
                    .map(|_| ()),
                7 => handle.channel_open_x11("127.0.0.1", 6000).await.map(|_| ()),
                8 => handle
                    .channel_open_direct_streamlocal("/tmp/x")
                    .await
                    .map(|_| ()),
                9 => handle.channel_open_session().await.map(|_| ()),
                10 => handle.streamlocal_forward("/tmp/y").await.map(|_| ()),
                _ => channel.window_change(80, 24, 0, 0).await,
            };
            asked += 1;
            if handle.is_closed() {
                break;
            }
            let _ = step;
        }
        anyhow::Ok((asked, handle.is_closed()))
    })
    .await;
    let what = match outcome {
        Ok((asked, closed)) => format!("{asked} requests, closed by the server: {closed}"),
        Err(error) => format!("ended: {error:#}"),
    };
    report("requests and channels", start.elapsed(), pid, &times, &what);
    // A shell without a pty.
    let start = Instant::now();
    let stream = tcp_from(addr, from(3)).await?;
    let mut handle =
        client::connect_stream(Arc::new(client::Config::default()), stream, Trusting).await?;
    log_in(&mut handle, "yolanda", 3).await?;
    let mut channel = handle.channel_open_session().await?;
    channel.request_shell(true).await?;
    let mut said = Vec::new();
    let mut status = None;
    while let Ok(Some(msg)) = tokio::time::timeout(PATIENCE, channel.wait()).await {
        match msg {
            // The `ssh -t` line is on standard error (s39: it was the data).
            ChannelMsg::Data { data } | ChannelMsg::ExtendedData { data, .. } => {
                said.extend_from_slice(&data)
            }
            ChannelMsg::ExitStatus { exit_status } => status = Some(exit_status),
            ChannelMsg::Close => break,
            _ => {}
        }
    }
    report(
        "shell without a pty",
        start.elapsed(),
        pid,
        &[],
        &format!(
            "status {status:?}: {}",
            String::from_utf8_lossy(&said).trim_end()
        ),
    );
    Ok(())
}

async fn slow_phase(addr: SocketAddr, pid: u32, witness: &Client) -> anyhow::Result<()> {
    // Sockets that never finish the handshake: 4 silent, 4 that send the version only.
    let start = Instant::now();
    let (closed, times) = witnessed(witness, async {
        let mut sockets = Vec::new();
        for i in 0..8u8 {
            if let Ok(mut socket) = tcp_from(addr, from(10 + i / 4)).await {
                if i % 2 == 1 {
                    let _ = socket.write_all(b"SSH-2.0-slow\r\n").await;
                }
                sockets.push(socket);
            }
        }
        let mut closed = Vec::new();
        for mut socket in sockets {
            let started = Instant::now();
            let mut buf = [0u8; 4096];
            loop {
                match tokio::time::timeout(PATIENCE, socket.read(&mut buf)).await {
                    Ok(Ok(0)) | Ok(Err(_)) | Err(_) => break,
                    Ok(Ok(_)) => {}
                }
            }
            closed.push(start.elapsed().max(started.elapsed()));
        }
        closed
    })
    .await;
    let worst = closed.iter().max().copied().unwrap_or_default();
    report(
        "8 handshakes never finished",
        start.elapsed(),
        pid,
        &times,
        &format!(
            "{} closed by the server, the last after {:.1} s",
            closed.len(),
            worst.as_secs_f64()
        ),
    );
    // A client that stops reading while its 250×100 screen is drawn again and again.
    let start = Instant::now();
    let before = rss(pid);
    let (outcome, times) = witnessed(witness, async {
        let stalled = Arc::new(AtomicBool::new(false));
        let config = client::Config {
            // The SSH window never holds the server back: only the socket does.
            window_size: u32::MAX,
            ..client::Config::default()
        };
        let tap = Tap {
            inner: tcp_from(addr, from(4)).await?,
            stalled: stalled.clone(),
            on_stall: OnStall::Hold,
        };
        let mut handle = client::connect_stream(Arc::new(config), tap, Trusting).await?;
        log_in(&mut handle, "zoe", 4).await?;
        let channel = handle.channel_open_session().await?;
        channel
            .request_pty(false, "xterm", 250, 100, 0, 0, &[])
            .await?;
        channel.request_shell(false).await?;
        tokio::time::sleep(Duration::from_millis(500)).await;
        stalled.store(true, Ordering::SeqCst);
        let mut peak = 0;
        let stopped = Instant::now();
        let mut sent = 0;
        while stopped.elapsed() < Duration::from_secs(12) && !handle.is_closed() {
            // A whole 250×100 frame each: the screen's place moves by a column.
            let moment = Duration::from_millis(50);
            let moved =
                tokio::time::timeout(moment, channel.window_change(251 + sent % 2, 100, 0, 0))
                    .await;
            if matches!(moved, Ok(Ok(()))) {
                sent += 1;
            }
            peak = peak.max(rss(pid));
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        let got = sent as usize;
        // The socket's queues (Recv-Q: the client's unread bytes; Send-Q: the server's
        // bytes the client's buffer could not take yet).
        if let Ok(out) = std::process::Command::new("ss")
            .args(["-tn", "src", "127.0.0.4"])
            .output()
        {
            for line in String::from_utf8_lossy(&out.stdout).lines() {
                println!("    ss: {line}");
            }
        }
        if let Ok(out) = std::process::Command::new("ss")
            .args(["-tn", "dst", "127.0.0.4"])
            .output()
        {
            for line in String::from_utf8_lossy(&out.stdout).lines().skip(1) {
                println!("    ss: {line}");
            }
        }
        anyhow::Ok((got, peak, handle.is_closed()))
    })
    .await;
    let what = match outcome {
        Ok((got, peak, closed)) => format!(
            "{got} window changes sent after it stopped; server RSS {before} KiB before, peak {peak}; closed: {closed}"
        ),
        Err(error) => format!("ended: {error:#}"),
    };
    report("client stops reading", start.elapsed(), pid, &times, &what);
    // A client that half-closes its channel (EOF) and keeps reading.
    let start = Instant::now();
    let half = join(addr, 5, "hana", 5).await?;
    half.writer.eof().await?;
    let waited = Instant::now();
    while !half.handle.is_closed() && waited.elapsed() < PATIENCE {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    report(
        "channel half-closed (EOF)",
        start.elapsed(),
        pid,
        &[],
        &format!(
            "connection closed by the server after {:.2} s: {}",
            waited.elapsed().as_secs_f64(),
            half.handle.is_closed()
        ),
    );
    Ok(())
}

async fn burst_phase(addr: SocketAddr, pid: u32, witness: &Client) -> anyhow::Result<()> {
    let start = Instant::now();
    let (answers, times) = witnessed(witness, async {
        let mut tries = tokio::task::JoinSet::new();
        for _ in 0..40 {
            tries.spawn(async move {
                let Ok(mut socket) = tcp_from(addr, from(20)).await else {
                    return "no TCP".to_owned();
                };
                let mut first = vec![0u8; 256];
                match tokio::time::timeout(PATIENCE, socket.read(&mut first)).await {
                    Ok(Ok(n)) => {
                        let line = String::from_utf8_lossy(&first[..n]);
                        if line.starts_with("SSH-") {
                            "SSH version".to_owned()
                        } else {
                            line.trim().chars().take(60).collect()
                        }
                    }
                    _ => "nothing".to_owned(),
                }
            });
        }
        tries.join_all().await
    })
    .await;
    let mut counts: Vec<(String, usize)> = Vec::new();
    for answer in answers {
        match counts.iter_mut().find(|(a, _)| *a == answer) {
            Some((_, n)) => *n += 1,
            None => counts.push((answer, 1)),
        }
    }
    let what = counts
        .iter()
        .map(|(a, n)| format!("{n}× {a:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    report(
        "40 connections, one address",
        start.elapsed(),
        pid,
        &times,
        &what,
    );
    Ok(())
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() -> anyhow::Result<()> {
    let options = Options::parse();
    let dir = tempfile::tempdir()?;
    let args: Vec<String> = ["--login-grace", "5", "--write-timeout", "5"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (server, addr) = start_server(&options.server, "127.0.0.1:0", dir.path(), &args)?;
    let pid = server.child.id();
    println!("server {addr}, pid {pid}, RSS {} KiB at start", rss(pid));
    let witness = join(addr, 1, "wendy", 1).await.context("the witness")?;
    let (_, times) = witnessed(&witness, tokio::time::sleep(Duration::from_secs(2))).await;
    report("quiet", Duration::from_secs(2), pid, &times, "");
    bytes_phase(addr, pid, &witness).await.context("bytes")?;
    requests_phase(addr, pid, &witness)
        .await
        .context("requests")?;
    slow_phase(addr, pid, &witness).await.context("slow")?;
    burst_phase(addr, pid, &witness).await.context("burst")?;
    let (_, times) = witnessed(&witness, tokio::time::sleep(Duration::from_secs(1))).await;
    report("quiet again", Duration::from_secs(1), pid, &times, "");
    let log = std::fs::read_to_string(dir.path().join("server.log")).unwrap_or_default();
    let panics = log.lines().filter(|l| l.contains("panick")).count();
    println!(
        "server log: {} lines, {panics} with a panic",
        log.lines().count()
    );
    for line in log.lines().filter(|l| {
        l.contains("panick") || l.contains("stopped reading") || l.contains("session ended")
    }) {
        println!("  {line}");
    }
    drop(server);
    Ok(())
}
