//! What the `hijara serve` tools in examples/ share (`serve_load`, `preauth_flood`):
//! the release server on a free loopback port, killed when dropped; a client that
//! trusts its fresh host key; the board's squares in filling order; percentiles and
//! the load average.

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::Context;
use russh::client;
use russh::keys::PublicKeyOrCertificate;

/// Accepts the server's key (a fresh one on loopback, printed by the server).
pub struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// The server, killed when dropped.
pub struct ServerProcess(pub Child);

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `server` (the binary) as `hijara serve` on a free port of 127.0.0.1, with
/// its data in `dir` and `args` more; the process and its address.
pub fn start_server(
    server: &str,
    dir: &std::path::Path,
    args: &[String],
) -> anyhow::Result<(ServerProcess, SocketAddr)> {
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(server)
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| format!("cannot start {server} (build it first)"))?;
    let stdout = child.stdout.take().context("no stdout")?;
    let process = ServerProcess(child);
    let mut lines = BufReader::new(stdout).lines();
    let first = lines.next().context("the server printed nothing")??;
    let addr = first
        .strip_prefix("hijara serve: listening on ")
        .with_context(|| format!("unexpected: {first}"))?
        .parse()?;
    // The host key's line too: the server must not write into a closed pipe.
    lines.next().context("the server printed no host key")??;
    Ok((process, addr))
}

/// The squares in the order the pairs play them: the board filled row by row, four times.
pub fn square(k: usize) -> String {
    let cell = k % 16;
    format!("{}{}", (b'a' + (cell % 4) as u8) as char, cell / 4 + 1)
}

/// The `p`th percentile of `sorted` (nearest rank; zero when empty).
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The load averages over 1, 5 and 15 minutes (empty where /proc has none).
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}
