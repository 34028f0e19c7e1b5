//! The SSH side: who may connect (caps in all and per address, public keys only, a
//! name bound to its key), what a connection may ask (a pty and a shell: the game;
//! nothing else), and the bytes in and out of a session.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use ratatui::crossterm::event::{Event, MouseEventKind};
use russh::keys::PrivateKey;
use russh::server::{
    Auth, ChannelOpenHandle, Config, Handler, Msg, Response, Session, VerifiedPublicKey,
};
use russh::{Channel, ChannelId, ChannelOpenFailure, MethodKind, MethodSet, Pty};
use tokio::net::TcpListener;

use crate::strings::serve as words;
use crate::strings::serve_limits as limits_words;
use crate::ui::{Inbox, Wake};

use super::backend::{ChannelWriter, SharedSize, SshBackend, clamp_size};
use super::bans::Bans;
use super::host_key::fingerprint_of;
use super::input::InputParser;
use super::log::ServerLog;
use super::names::{NameError, check_name};
use super::oneshot;
use super::options::ServeOptions;
use super::outside::safe_text;
use super::pool::EnginePool;
use super::rate::InputCap;
use super::reviewer::Reviewer;
use super::session::{self, SessionStart};
use super::shared::SharedHall;
use super::store::Store;
use super::who::Who;

/// Public-key tries allowed on one connection.
pub(crate) const MAX_AUTH_ATTEMPTS: usize = 6;

/// How long the sessions get to end and restore their clients' screens at shutdown.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// Why a session's input ended when the server stops.
const SHUTTING_DOWN: &str = "the server is shutting down";

/// The first character of every guest's display name; keyed names may not start with it.
pub(crate) const GUEST_MARK: char = '~';

/// The server's state, handed to every connection: nothing here is a static.
#[derive(Clone)]
pub(crate) struct Server {
    hall: SharedHall,
    /// The store: names are bound (and guests counted) by its writer.
    store: Arc<Store>,
    bans: Arc<Bans>,
    slots: Arc<Mutex<Slots>>,
    log: ServerLog,
    pool: EnginePool,
    reviewer: Reviewer,
    live: Arc<Live>,
    limits: Arc<Limits>,
}

/// The options each connection follows.
#[derive(Debug)]
struct Limits {
    guests: bool,
    idle: Duration,
    stall: Duration,
}

/// The sessions running now, to tell them all when the server stops.
#[derive(Debug, Default)]
struct Live {
    inboxes: Mutex<HashMap<u64, SyncSender<Wake>>>,
    next: AtomicU64,
    running: AtomicUsize,
    stopping: AtomicBool,
}

impl Live {
    fn inboxes(&self) -> std::sync::MutexGuard<'_, HashMap<u64, SyncSender<Wake>>> {
        self.inboxes.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Tells every session to end, and waits (at most `grace`) until they have.
    fn stop_all(&self, grace: Duration) -> usize {
        self.stopping.store(true, Ordering::SeqCst);
        for inbox in self.inboxes().values() {
            deliver(inbox, Wake::InputFailed(SHUTTING_DOWN.into()));
        }
        let start = Instant::now();
        while self.running.load(Ordering::SeqCst) > 0 && start.elapsed() < grace {
            std::thread::sleep(Duration::from_millis(20));
        }
        self.running.load(Ordering::SeqCst)
    }
}

/// A session thread's place in [`Live`], given back when the thread ends.
struct Running {
    live: Arc<Live>,
    id: u64,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.live.inboxes().remove(&self.id);
        self.live.running.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Hands `wake` to a session that must get it (its input ended): at once if its inbox
/// has room, else from a short-lived thread that waits for room (the session is busy
/// drawing, or stalled on a client until its write time-out).
fn deliver(inbox: &SyncSender<Wake>, wake: Wake) {
    match inbox.try_send(wake) {
        Ok(()) | Err(TrySendError::Disconnected(_)) => {}
        Err(TrySendError::Full(wake)) => {
            let inbox = inbox.clone();
            let _ = std::thread::Builder::new()
                .name("hijara-deliver".into())
                .spawn(move || {
                    let _ = inbox.send(wake);
                });
        }
    }
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

/// Listens on `options.listen` and serves every connection the caps let in, until
/// `stop` resolves (SIGTERM) or the listener fails. Prints the address and the host
/// key's fingerprint first. At the stop, every session is told to end and given
/// [`SHUTDOWN_GRACE`] to restore its client's screen and say goodbye.
pub(crate) async fn listen(
    options: ServeOptions,
    key: PrivateKey,
    stop: impl std::future::Future<Output = ()>,
) -> anyhow::Result<()> {
    let log = ServerLog::open(&options.data_dir);
    let store_log = log.clone();
    let wall = match &options.clock_file {
        Some(path) => super::wall::from_file(path.clone())
            .with_context(|| format!("cannot read the clock file {}", path.display()))?,
        None => super::wall::system(),
    };
    let (hall, problems) = SharedHall::open_with(
        &options.data_dir,
        options.grace,
        Arc::new(move |line: &str| store_log.line(line)),
        wall,
    )?;
    for problem in problems {
        log.line(&format!("the store: {}", safe_text(&problem)));
    }
    let store = hall
        .store()
        .cloned()
        .context("the server's hall has no store")?;
    let listener = TcpListener::bind(options.listen)
        .await
        .with_context(|| format!("cannot listen on {}", options.listen))?;
    let local = listener.local_addr().context("no local address")?;
    println!("hijara serve: listening on {local}");
    println!(
        "hijara serve: host key {} (ed25519)",
        fingerprint_of(key.public_key())
    );
    let mut methods = vec![MethodKind::PublicKey];
    if options.guests {
        // Not "none": OpenSSH asks it first, so every key's owner would be a guest.
        methods.push(MethodKind::KeyboardInteractive);
    }
    let config = Arc::new(Config {
        methods: MethodSet::from(&methods[..]),
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
    let pool = EnginePool::new(options.ai_engines);
    log.line(&format!(
        "{} AI engine(s), {} per address, {} in all, guests {}",
        pool.size(),
        options.max_per_address,
        options.max_sessions,
        if options.guests { "on" } else { "off" }
    ));
    let reviewer = Reviewer::start(pool.clone(), &store);
    let server = Server {
        hall,
        store,
        reviewer,
        bans: Arc::new(Bans::new(&options.data_dir)),
        slots: Arc::new(Mutex::new(Slots {
            total: 0,
            per_address: HashMap::new(),
            max_total: options.max_sessions,
            max_per_address: options.max_per_address,
        })),
        log,
        pool,
        live: Arc::default(),
        limits: Arc::new(Limits {
            guests: options.guests,
            idle: options.idle_timeout,
            stall: options.write_timeout,
        }),
    };
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let (socket, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors, say: wait rather than spin.
                server.log.line(&format!("accept failed: {error}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(slot) = Slot::take(&server.slots, peer.ip()) else {
            server
                .log
                .line(&format!("{peer} refused: too many connections"));
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
    drop(listener);
    // Every game in play is written after each move already; written once more here,
    // and the log says how many are on disk.
    let hall = server.hall.clone();
    let report = tokio::task::spawn_blocking(move || hall.save_all())
        .await
        .unwrap_or_default();
    server
        .log
        .line(&format!("stopping: {} game(s) in play saved", report.saved));
    for (table, error) in &report.failed {
        server
            .log
            .line(&format!("table {table} NOT saved: {}", safe_text(error)));
    }
    server.log.line("stopping: telling every session");
    let live = server.live.clone();
    let left = tokio::task::spawn_blocking(move || live.stop_all(SHUTDOWN_GRACE))
        .await
        .unwrap_or(0);
    if left > 0 {
        server
            .log
            .line(&format!("{left} session(s) did not end in time"));
    }
    server.log.line("stopped");
    Ok(())
}

/// One connection.
struct Connection {
    server: Server,
    peer: SocketAddr,
    who: Option<Who>,
    /// The one session channel this connection may have, until the game takes it.
    channel: Option<ChannelId>,
    open: Option<Channel<Msg>>,
    /// The pty size, once asked for.
    pty: Option<SharedSize>,
    /// The session thread's inbox, once the game runs.
    input: Option<SyncSender<Wake>>,
    parser: InputParser,
    cap: InputCap,
    /// Whether the log was told that this client's input went over the cap.
    flood_logged: bool,
}

impl Connection {
    fn new(server: Server, peer: SocketAddr) -> Connection {
        Connection {
            server,
            peer,
            who: None,
            channel: None,
            open: None,
            pty: None,
            input: None,
            parser: InputParser::new(),
            cap: InputCap::new(Instant::now()),
            flood_logged: false,
        }
    }

    fn log(&self, what: &str) {
        self.server.log.line(&format!("{} {what}", self.peer));
    }

    /// Logs a refusal; `what` holds a stranger's text only through [`safe_text`].
    fn refuse(&self, what: &str) {
        self.log(&format!("refused: {what}"));
    }

    /// Hands an input event to the session; dropped if its inbox is full.
    fn send(&self, wake: Wake) {
        if let Some(input) = &self.input {
            let _ = input.try_send(wake);
        }
    }

    /// Tells the session its input ended: it must get this one.
    fn end_input(&self, why: &str) {
        if let Some(input) = &self.input {
            deliver(input, Wake::InputFailed(why.into()));
        }
    }

    /// A ban on `name` or `key`, with the log told.
    fn banned(&self, name: &str, key: Option<&str>) -> bool {
        // Read off every lock; the log is written after.
        let (list, error) = self.server.bans.current();
        let banned = list.has_name(name)
            || key.is_some_and(|k| list.has_key(k))
            || list.has_address(self.peer.ip());
        if let Some(error) = error {
            self.server.log.line(&format!(
                "the bans file could not be read (the bans read before hold): {error:#}"
            ));
        }
        if banned {
            self.refuse(&format!(
                "banned: {} {}",
                safe_text(name),
                key.unwrap_or("")
            ));
        }
        banned
    }

    /// Starts the game on `channel`'s pty, on a thread of its own.
    fn start_session(&mut self, channel: ChannelId, session: &Session) -> anyhow::Result<()> {
        let (Some(who), Some(size), Some(open)) =
            (self.who.clone(), self.pty.clone(), self.open.take())
        else {
            anyhow::bail!("no player, no pty or no channel");
        };
        // The client's bytes come to `data`; the read half is not needed.
        let (_, write) = open.split();
        let handle = session.handle();
        let runtime = tokio::runtime::Handle::current();
        let inbox = Inbox::new().with_ai_gate(Arc::new(self.server.pool.clone()));
        let sender = inbox.sender();
        self.input = Some(sender.clone());
        let writer = ChannelWriter::new(write, runtime.clone(), self.server.limits.stall);
        let start = SessionStart {
            who,
            hall: self.server.hall.clone(),
            inbox,
            backend: SshBackend::new(writer, size),
            idle: self.server.limits.idle,
            reviewer: Some(self.server.reviewer.clone()),
        };
        let live = self.server.live.clone();
        let id = live.next.fetch_add(1, Ordering::SeqCst);
        live.inboxes().insert(id, sender);
        live.running.fetch_add(1, Ordering::SeqCst);
        let running = Running { live, id };
        let (peer, log) = (self.peer, self.server.log.clone());
        std::thread::Builder::new()
            .name("hijara-session".into())
            .spawn(move || {
                let result = session::run(start);
                let stopping = running.live.stopping.load(Ordering::SeqCst);
                let status = match result {
                    Ok(()) => 0,
                    Err(_) if stopping => 0,
                    Err(error) => {
                        log.line(&format!(
                            "{peer} session ended: {}",
                            safe_text(&format!("{error:#}"))
                        ));
                        1
                    }
                };
                runtime.block_on(async {
                    if stopping {
                        let _ = handle
                            .data(channel, limits_words::SHUTDOWN.as_bytes().to_vec())
                            .await;
                    }
                    let _ = handle.exit_status_request(channel, status).await;
                    let _ = handle.eof(channel).await;
                    let _ = handle.close(channel).await;
                });
                drop(running);
            })
            .context("cannot start a session thread")?;
        Ok(())
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.end_input("the connection closed");
    }
}

/// Whether an input event can matter to a screen: key presses and repeats, clicks and
/// the wheel. Mouse motion (every cell the pointer crosses) and key releases are not.
fn wanted(event: &Event) -> bool {
    match event {
        Event::Key(key) => !key.is_release(),
        Event::Mouse(mouse) => matches!(
            mouse.kind,
            MouseEventKind::Down(_) | MouseEventKind::ScrollUp | MouseEventKind::ScrollDown
        ),
        Event::Resize(..) => true,
        _ => false,
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
        if user.starts_with(GUEST_MARK) {
            self.refuse(&format!("a key's name {}: ~ marks guests", safe_text(user)));
            return Ok(Auth::reject());
        }
        if self.banned(user, Some(&fingerprint)) {
            return Ok(Auth::reject());
        }
        // Bound by the store's writer, off the runtime's two workers.
        let (store, name, key) = (
            self.server.store.clone(),
            user.to_owned(),
            fingerprint.clone(),
        );
        let claimed = tokio::task::spawn_blocking(move || store.claim_name(&name, &key))
            .await
            .unwrap_or_else(|e| Err(NameError::NotKept(e.to_string())));
        match claimed {
            Ok(()) => {
                self.log(&format!("is {} ({fingerprint})", safe_text(user)));
                self.who = Some(Who {
                    key: fingerprint,
                    name: user.to_owned(),
                });
                Ok(Auth::Accept)
            }
            Err(error) => {
                self.refuse(&format!(
                    "{}: {}",
                    safe_text(user),
                    words::refused_name(&error.to_string())
                ));
                Ok(Auth::reject())
            }
        }
    }

    /// A guest, with `--guests`: no key, no prompt. The name is shown with a `~` in
    /// front, it may not be a name bound to a key, and the guest's "key" is new for
    /// each connection, so a guest can never come back to a seat.
    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _: &str,
        _: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        if !self.server.limits.guests {
            return Ok(Auth::reject());
        }
        let name = format!("{GUEST_MARK}{user}");
        if let Err(error) = check_name(user).and_then(|_| check_name(&name)) {
            self.refuse(&format!(
                "guest {}: {}",
                safe_text(user),
                words::refused_name(&error.to_string())
            ));
            return Ok(Auth::reject());
        }
        if self.banned(user, None) {
            return Ok(Auth::reject());
        }
        let (store, name_typed) = (self.server.store.clone(), user.to_owned());
        let bound = tokio::task::spawn_blocking(move || store.name_is_bound(&name_typed))
            .await
            .map_err(anyhow::Error::from)
            .and_then(|bound| bound);
        let bound = match bound {
            Ok(bound) => bound,
            Err(error) => {
                self.refuse(&format!(
                    "guest {}: the names can't be read: {}",
                    safe_text(user),
                    safe_text(&format!("{error:#}"))
                ));
                return Ok(Auth::reject());
            }
        };
        if bound {
            self.refuse(&format!(
                "guest {}: the name belongs to a key",
                safe_text(user)
            ));
            return Ok(Auth::reject());
        }
        // A guest's number is counted in the store, so none is ever given twice (a
        // guest inherits no one's seat, switches or history after a restart).
        let store = self.server.store.clone();
        let number = tokio::task::spawn_blocking(move || store.new_guest())
            .await
            .map_err(anyhow::Error::from)
            .and_then(|n| n);
        let n = match number {
            Ok(n) => n,
            Err(error) => {
                self.refuse(&format!(
                    "guest {}: no guest number could be kept: {}",
                    safe_text(user),
                    safe_text(&format!("{error:#}"))
                ));
                return Ok(Auth::reject());
            }
        };
        let key = format!("{}{n}", super::who::GUEST_KEY);
        self.log(&format!("is {} (a guest, {key})", safe_text(&name)));
        self.who = Some(Who { key, name });
        Ok(Auth::Accept)
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
            self.open = Some(channel);
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
            // Over the cap, the next frame still takes the new size from `size`.
            if self.cap.events.take(1, Instant::now()) == 1 {
                self.send(Wake::Terminal(Event::Resize(columns, rows)));
            }
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
            self.log(&format!("{error:#}"));
            session.close(channel)?;
        }
        Ok(())
    }

    /// The one-shot commands of the allow-list ([`oneshot`]): answered, then the
    /// channel closes; every other command is refused.
    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let command = oneshot::parse(data);
        let (Some(command), Some(who), true) = (
            command,
            self.who.clone(),
            Some(channel) == self.channel && self.input.is_none(),
        ) else {
            let shown = String::from_utf8_lossy(&data[..data.len().min(oneshot::MAX_COMMAND)]);
            self.refuse(&format!("exec {}", safe_text(&shown)));
            session.channel_failure(channel)?;
            return Ok(());
        };
        session.channel_success(channel)?;
        self.log(&format!("one-shot {command:?}"));
        let hall = self.server.hall.clone();
        let text = tokio::task::spawn_blocking(move || oneshot::run(command, &who, &hall))
            .await
            .unwrap_or_default();
        session.data(channel, text.into_bytes())?;
        session.exit_status_request(channel, 0)?;
        session.eof(channel)?;
        session.close(channel)?;
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse(&format!("subsystem {}", safe_text(name)));
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
        if Some(channel) != self.channel || self.input.is_none() {
            return Ok(());
        }
        let now = Instant::now();
        let allowed = self.cap.bytes.take(data.len(), now);
        let mut dropped = allowed < data.len();
        for event in self.parser.feed(&data[..allowed]) {
            if !wanted(&event) {
                continue;
            }
            if self.cap.events.take(1, now) == 0 {
                dropped = true;
                continue;
            }
            self.send(Wake::Terminal(event));
        }
        if dropped && !self.flood_logged {
            self.flood_logged = true;
            self.log("input over the rate cap: the excess is dropped");
        }
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) == self.channel {
            self.end_input("the client closed its input");
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) == self.channel {
            self.end_input("the client closed the channel");
        }
        Ok(())
    }
}
