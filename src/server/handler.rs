//! The SSH side: who may connect (caps in all and per address, public keys only, a
//! name bound to its key), what a connection may ask (a pty and a shell: the game;
//! nothing else), and the bytes in and out of a session.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::Context;
use ratatui::crossterm::event::Event;
use russh::keys::PrivateKey;
use russh::server::{Auth, ChannelOpenHandle, Config, Handler, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, MethodKind, MethodSet, Pty};
use tokio::net::TcpListener;

use crate::strings::serve as words;
use crate::ui::{Inbox, Wake};

use super::ServeOptions;
use super::backend::{ChannelWriter, SharedSize, SshBackend, clamp_size};
use super::host_key::fingerprint_of;
use super::input::InputParser;
use super::names::Names;
use super::outside::shown;
use super::session::{self, SessionStart};
use super::tables::{SharedLobby, Who};

/// Public-key tries allowed on one connection.
pub(crate) const MAX_AUTH_ATTEMPTS: usize = 6;

/// The server's state, handed to every connection: nothing here is a static.
#[derive(Clone)]
pub(crate) struct Server {
    lobby: SharedLobby,
    names: Arc<Mutex<Names>>,
    slots: Arc<Mutex<Slots>>,
}

/// Connections open now, in all and per source address, against the caps.
#[derive(Debug)]
struct Slots {
    total: usize,
    per_address: HashMap<IpAddr, usize>,
    max_total: usize,
    max_per_address: usize,
}

/// One connection's place under the caps, given back when it is dropped.
struct Slot {
    slots: Arc<Mutex<Slots>>,
    address: IpAddr,
}

impl Slot {
    /// A place for a connection from `address`, if the caps allow one.
    fn take(slots: &Arc<Mutex<Slots>>, address: IpAddr) -> Option<Slot> {
        let mut guard = slots.lock().unwrap_or_else(|p| p.into_inner());
        let here = guard.per_address.get(&address).copied().unwrap_or(0);
        if guard.total >= guard.max_total || here >= guard.max_per_address {
            return None;
        }
        guard.total += 1;
        *guard.per_address.entry(address).or_insert(0) += 1;
        Some(Slot {
            slots: slots.clone(),
            address,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut guard = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        guard.total = guard.total.saturating_sub(1);
        if let Some(n) = guard.per_address.get_mut(&self.address) {
            *n -= 1;
            if *n == 0 {
                guard.per_address.remove(&self.address);
            }
        }
    }
}

/// Listens on `options.listen` and serves every connection the caps let in, until the
/// listener fails. Prints the address and the host key's fingerprint first.
pub(crate) async fn listen(options: ServeOptions, key: PrivateKey) -> anyhow::Result<()> {
    let names = Names::load(&options.data_dir)?;
    let listener = TcpListener::bind(options.listen)
        .await
        .with_context(|| format!("cannot listen on {}", options.listen))?;
    let local = listener.local_addr().context("no local address")?;
    println!("hijara serve: listening on {local}");
    println!(
        "hijara serve: host key {} (ed25519)",
        fingerprint_of(key.public_key())
    );
    let config = Arc::new(Config {
        methods: MethodSet::from(&[MethodKind::PublicKey][..]),
        keys: vec![key],
        auth_rejection_time: Duration::from_secs(1),
        // OpenSSH asks "none" first to learn the methods: no need to make it wait.
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: MAX_AUTH_ATTEMPTS,
        inactivity_timeout: Some(Duration::from_secs(60 * 60)),
        keepalive_interval: Some(Duration::from_secs(15)),
        keepalive_max: 3,
        nodelay: true,
        ..Config::default()
    });
    let server = Server {
        lobby: SharedLobby::with_prefs(super::prefs::Prefs::load(&options.data_dir)),
        names: Arc::new(Mutex::new(names)),
        slots: Arc::new(Mutex::new(Slots {
            total: 0,
            per_address: HashMap::new(),
            max_total: options.max_sessions,
            max_per_address: options.max_per_address,
        })),
    };
    loop {
        let (socket, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors, say: wait rather than spin.
                eprintln!("hijara serve: accept failed: {error}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(slot) = Slot::take(&server.slots, peer.ip()) else {
            eprintln!("hijara serve: {peer} refused: too many connections");
            drop(socket);
            continue;
        };
        let handler = Connection::new(server.clone(), peer);
        let config = config.clone();
        tokio::spawn(async move {
            if let Ok(session) = russh::server::run_stream(config, socket, handler).await {
                let _ = session.await;
            }
            drop(slot);
        });
    }
}

/// One connection.
struct Connection {
    server: Server,
    peer: SocketAddr,
    who: Option<Who>,
    /// The one session channel this connection may have.
    channel: Option<ChannelId>,
    /// The pty size, once asked for.
    pty: Option<SharedSize>,
    /// The session thread's inbox, once the game runs.
    input: Option<Sender<Wake>>,
    parser: InputParser,
}

impl Connection {
    fn new(server: Server, peer: SocketAddr) -> Connection {
        Connection {
            server,
            peer,
            who: None,
            channel: None,
            pty: None,
            input: None,
            parser: InputParser::new(),
        }
    }

    fn refuse(&self, what: &str) {
        eprintln!("hijara serve: {} refused: {}", self.peer, shown(what));
    }

    fn send(&self, wake: Wake) {
        if let Some(input) = &self.input {
            let _ = input.send(wake);
        }
    }

    /// Starts the game on `channel`'s pty, on a thread of its own.
    fn start_session(&mut self, channel: ChannelId, session: &Session) -> anyhow::Result<()> {
        let (Some(who), Some(size)) = (self.who.clone(), self.pty.clone()) else {
            anyhow::bail!("no player or no pty");
        };
        let handle = session.handle();
        let runtime = tokio::runtime::Handle::current();
        let inbox = Inbox::new();
        self.input = Some(inbox.sender());
        let writer = ChannelWriter::new(handle.clone(), channel, runtime.clone());
        let start = SessionStart {
            who,
            lobby: self.server.lobby.clone(),
            inbox,
            backend: SshBackend::new(writer, size),
        };
        let peer = self.peer;
        std::thread::Builder::new()
            .name("hijara-session".into())
            .spawn(move || {
                let status = match session::run(start) {
                    Ok(()) => 0,
                    Err(error) => {
                        eprintln!(
                            "hijara serve: {peer} session ended: {}",
                            shown(&format!("{error:#}"))
                        );
                        1
                    }
                };
                runtime.block_on(async {
                    let _ = handle.exit_status_request(channel, status).await;
                    let _ = handle.eof(channel).await;
                    let _ = handle.close(channel).await;
                });
            })
            .context("cannot start a session thread")?;
        Ok(())
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.send(Wake::InputFailed("the connection closed".into()));
    }
}

impl Handler for Connection {
    type Error = anyhow::Error;

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let fingerprint = fingerprint_of(key.public_key);
        let claimed = self
            .server
            .names
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .claim(user, &fingerprint);
        match claimed {
            Ok(()) => {
                eprintln!(
                    "hijara serve: {} is {} ({fingerprint})",
                    self.peer,
                    shown(user)
                );
                self.who = Some(Who {
                    key: fingerprint,
                    name: user.to_owned(),
                });
                Ok(Auth::Accept)
            }
            Err(error) => {
                self.refuse(&words::refused_name(&error.to_string()));
                Ok(Auth::reject())
            }
        }
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            self.refuse("a second session channel");
            reply
                .reject(ChannelOpenFailure::AdministrativelyProhibited)
                .await;
        } else {
            self.channel = Some(channel.id());
            reply.accept().await;
        }
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _: Channel<Msg>,
        _: &str,
        _: u32,
        _: &str,
        _: u32,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("port forwarding");
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _: &str,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) != self.channel || self.input.is_some() {
            session.channel_failure(channel)?;
            return Ok(());
        }
        let size = self.pty.get_or_insert_with(SharedSize::default);
        size.set(clamp_size(columns, rows));
        session.channel_success(channel)?;
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if let (Some(size), true) = (&self.pty, Some(channel) == self.channel) {
            let (columns, rows) = clamp_size(columns, rows);
            size.set((columns, rows));
            self.send(Wake::Terminal(Event::Resize(columns, rows)));
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) != self.channel || self.input.is_some() {
            session.channel_failure(channel)?;
            return Ok(());
        }
        session.channel_success(channel)?;
        if self.pty.is_none() {
            self.refuse("a shell without a pty");
            session.data(channel, words::NO_PTY.as_bytes().to_vec())?;
            session.exit_status_request(channel, 1)?;
            session.eof(channel)?;
            session.close(channel)?;
            return Ok(());
        }
        if let Err(error) = self.start_session(channel, session) {
            eprintln!("hijara serve: {}: {error:#}", self.peer);
            session.close(channel)?;
        }
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("exec");
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(&format!("subsystem {name}"));
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _: &str,
        _: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _: bool,
        _: &str,
        _: &str,
        _: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse("X11 forwarding");
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn agent_request(&mut self, _: ChannelId, _: &mut Session) -> Result<bool, Self::Error> {
        self.refuse("agent forwarding");
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        _: &str,
        _: &mut u32,
        _: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse("remote port forwarding");
        Ok(false)
    }

    async fn streamlocal_forward(&mut self, _: &str, _: &mut Session) -> Result<bool, Self::Error> {
        self.refuse("socket forwarding");
        Ok(false)
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) == self.channel && self.input.is_some() {
            for event in self.parser.feed(data) {
                self.send(Wake::Terminal(event));
            }
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) == self.channel {
            self.send(Wake::InputFailed("the client closed its input".into()));
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) == self.channel {
            self.send(Wake::InputFailed("the client closed the channel".into()));
        }
        Ok(())
    }
}
