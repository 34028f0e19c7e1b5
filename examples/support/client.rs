//! The SSH client of the `hijara serve` tools in examples/ (`serve_kill`,
//! `serve_load`, `preauth_flood`): a connection from a chosen loopback address, a
//! client that trusts the server's fresh host key, a login with a key made from a
//! number, and a shell on an 80×24 pty whose screen vt100 reads.

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use russh::client::{self, Msg};
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{ChannelMsg, ChannelWriteHalf};
use tokio::net::{TcpSocket, TcpStream};

/// The size of every client's terminal: the smallest the game supports.
const COLUMNS: u16 = 80;
const ROWS: u16 = 24;

/// Accepts the server's key (a fresh one on loopback, printed by the server).
pub struct Trusting;

impl client::Handler for Trusting {
    type Error = russh::Error;

    async fn check_server_key(&mut self, _: &PublicKeyOrCertificate) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A TCP connection to `addr` from the loopback address `from` (the server caps each
/// address), without Nagle's delay; at most 5 s to connect.
pub async fn tcp_from(addr: SocketAddr, from: IpAddr) -> anyhow::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    let stream = tokio::time::timeout(Duration::from_secs(5), socket.connect(addr))
        .await
        .context("no TCP connection in 5 s")??;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// Logs `name` in with the key numbered `n` (the same number, the same key: the same
/// player to the server).
pub async fn log_in(
    handle: &mut client::Handle<Trusting>,
    name: &str,
    n: u64,
) -> anyhow::Result<()> {
    let mut seed = [7u8; 32];
    seed[..8].copy_from_slice(&n.to_le_bytes());
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&seed));
    let auth = handle
        .authenticate_publickey(name, PrivateKeyWithHashAlg::new(Arc::new(key), None))
        .await?;
    if !auth.success() {
        bail!("{name} was not let in");
    }
    Ok(())
}

/// Opens a shell on an 80×24 pty; every chunk the server sends is handed to
/// `on_data`, on a task of its own, until the channel closes. The writing half.
pub async fn open_shell(
    handle: &client::Handle<Trusting>,
    mut on_data: impl FnMut(&[u8]) + Send + 'static,
) -> anyhow::Result<ChannelWriteHalf<Msg>> {
    let channel = handle.channel_open_session().await?;
    channel
        .request_pty(
            false,
            "xterm-256color",
            u32::from(COLUMNS),
            u32::from(ROWS),
            0,
            0,
            &[],
        )
        .await?;
    channel.request_shell(false).await?;
    let (mut reader, writer) = channel.split();
    tokio::spawn(async move {
        while let Some(msg) = reader.wait().await {
            if let ChannelMsg::Data { data } = msg {
                on_data(&data);
            }
        }
    });
    Ok(writer)
}

/// An 80×24 screen read by vt100, shared between the task that feeds it and the
/// client that reads it.
#[derive(Clone)]
pub struct Screen(Arc<Mutex<vt100::Parser>>);

impl Screen {
    /// A blank screen of the shell's size.
    pub fn new() -> Screen {
        Screen(Arc::new(Mutex::new(vt100::Parser::new(
            std::num::NonZero::<u16>::MIN.saturating_add(ROWS - 1),
            std::num::NonZero::<u16>::MIN.saturating_add(COLUMNS - 1),
            0,
        ))))
    }

    /// Feeds what the server sent.
    pub fn process(&self, data: &[u8]) {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .process(data);
    }

    /// The text on the screen now.
    pub fn text(&self) -> String {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .screen()
            .contents()
    }

    /// Waits for `text` on the screen, looking every `poll`, at most `patience`; how
    /// long it took.
    pub async fn wait_for(
        &self,
        text: &str,
        patience: Duration,
        poll: Duration,
    ) -> anyhow::Result<Duration> {
        let start = Instant::now();
        while !self.text().contains(text) {
            if start.elapsed() > patience {
                bail!("no {text:?} on the screen:\n{}", self.text());
            }
            tokio::time::sleep(poll).await;
        }
        Ok(start.elapsed())
    }
}
