//! The release server for the `hijara serve` tools in examples/ (`serve_kill`,
//! `serve_load`, `preauth_flood`): started on a free loopback port (or one asked
//! for), killed when dropped.
//!
//! The support files are separate modules, each example including (`#[path]`) only
//! those it uses whole: an included function no example calls fails the examples'
//! clippy run (dead code under `-D warnings`).

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, ChildStdout, Command, Stdio};

use anyhow::Context;

/// The server, killed when dropped; its standard output is held open while it runs
/// (a closed pipe would fail its next line).
pub struct ServerProcess {
    /// The server's process.
    pub child: Child,
    _stdout: Option<ChildStdout>,
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `server` (the binary) as `hijara serve` listening on `listen` (e.g.
/// `127.0.0.1:0`, a free port, or one kept for the caller where the machine is shared), with its
/// data in `dir` and `args` more; the process and its address.
pub fn start_server(
    server: &str,
    listen: &str,
    dir: &std::path::Path,
    args: &[String],
) -> anyhow::Result<(ServerProcess, SocketAddr)> {
    let mut child = Command::new(server)
        .args(["serve", "--listen", listen, "--data-dir"])
        .arg(dir)
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| format!("cannot start {server} (build it first)"))?;
    let stdout = child.stdout.take().context("no stdout")?;
    // Killed on any error below, when dropped.
    let mut process = ServerProcess {
        child,
        _stdout: None,
    };
    let mut lines = BufReader::new(stdout);
    let mut first = String::new();
    lines.read_line(&mut first)?;
    let addr = first
        .trim_end()
        .strip_prefix("hijara serve: listening on ")
        .with_context(|| format!("unexpected: {first:?}"))?
        .parse()?;
    // The host key's line (the last run's follows, left in the pipe).
    let mut key = String::new();
    if lines.read_line(&mut key)? == 0 {
        anyhow::bail!("the server printed no host key");
    }
    process._stdout = Some(lines.into_inner());
    Ok((process, addr))
}
