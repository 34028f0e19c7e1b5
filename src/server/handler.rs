//! The SSH side: who may connect (the gate's caps and rates, the login grace time,
//! public keys only, a name bound to its key), what a connection may ask (a pty and a
//! shell: the game; nothing else), and the bytes in and out of a session.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use rand::{Rng, SeedableRng};
use ratatui::crossterm::event::Event;
use russh::keys::{Algorithm, Certificate, PrivateKey};
use russh::server::{
    Auth, ChannelOpenHandle, Config, Handler, Msg, PublicKeyOffer, Response, Session,
    VerifiedPublicKey,
};
use russh::{
    Channel, ChannelId, ChannelOpenFailure, ChannelWriteHalf, Disconnect, MethodKind, MethodSet,
    Pty, Sig,
};
use tokio::net::{TcpListener, TcpStream};

use crate::strings::club as club_words;
use crate::strings::serve as words;
use crate::strings::serve_limits as limits_words;
use crate::ui::{ClientGone, DrawGate, Inbox, Wake};

use super::ask::Ask;
use super::backend::{ChannelWriter, SharedSize, SshBackend, clamp_size, wake_of, window_size};
use super::bans::Bans;
use super::door::{
    Closing, Cuttable, Door, REKEY_BURST, REKEY_EVERY, Stage, UNSEEN_BURST, UNSEEN_PER_SECOND,
};
use super::gate::{Admitted, Full, Gate, GateOptions, Pending, Refusal, Seat, counted_as};
use super::hall::Ceilings;
use super::host_key::fingerprint_of;
use super::last_run::{Marker, State as RunState};
use super::log::ServerLog;
use super::names::{GuestNames, HeldName, NameError, check_name, normal_name};
use super::oneshot;
use super::options::ServeOptions;
use super::outside::safe_text;
use super::pool::EnginePool;
use super::rate::{Bucket, InputCap};
use super::reviewer::{Reviewer, Setup as ReviewSetup};
use super::session::{self, SessionStart};
use super::shared::SharedHall;
use super::store::Store;
use super::who::Who;
use crate::ui::InputParser;

/// Public-key tries allowed on one connection.
pub(crate) const MAX_AUTH_ATTEMPTS: usize = 6;

/// Refusals of one connection logged one by one; the rest are counted, and said in
/// one line when it ends. Without it, one logged-in stranger asking for port
/// forwarding in a loop wrote 20,000 lines in 1.4 s, and rotated the operator's log
/// away (8 MiB, twice) in seconds.
pub(crate) const LOGGED_REFUSALS: u32 = 10;

/// Refusals that close a connection: no client asks for a hundred things it is
/// refused (OpenSSH asks for each forwarding once), so what does is no player's.
pub(crate) const MAX_REFUSALS: u32 = 100;

/// Channels one connection may ask to open, of any kind (OpenSSH's `MaxSessions`, 10
/// by default, is the model): the game takes one session channel, and every other is
/// refused and counted as a refused request ([`MAX_REFUSALS`]). Past this many, each
/// open is refused whatever its kind, and the [`CLOSE_CHANNELS`]th closes the
/// connection: no client asks for more (OpenSSH opens one session channel, and one
/// more a forwarded connection, each refused here), so a flood of opens ends at
/// twenty, not at the hundredth refusal.
pub(crate) const MAX_CHANNELS: u32 = 10;

/// The channel opens that close a connection ([`MAX_CHANNELS`]).
pub(crate) const CLOSE_CHANNELS: u32 = 2 * MAX_CHANNELS;

/// The key exchanges offered: elliptic-curve ones only (with the extensions russh
/// announces by them). russh 0.65 offers finite-field Diffie-Hellman too (groups 14
/// to 18, and group exchange), on `num-bigint` with an exponent as long as the
/// group: a peer that asks for group 18 (8,192 bits) made the server spend 686 ms of
/// CPU on a key exchange (curve25519: 0.60 ms), before any login and at each re-key
/// it asked for, holding one of the runtime's two threads (measured with
/// `examples/serve_peer_costs.rs`, docs/network.md). OpenSSH has offered curve25519
/// since 6.5 (2014).
const KEY_EXCHANGES: &[russh::kex::Name] = &[
    russh::kex::MLKEM768X25519_SHA256,
    russh::kex::CURVE25519,
    russh::kex::CURVE25519_PRE_RFC_8731,
    russh::kex::EXTENSION_SUPPORT_AS_SERVER,
    russh::kex::EXTENSION_OPENSSH_STRICT_KEX_AS_SERVER,
];

/// Environment variables a connection may send (each refused: the game reads none),
/// in number and in bytes of names and values, before each more counts as a refused
/// request ([`MAX_REFUSALS`] close it). OpenSSH sends one a variable its `SendEnv`
/// names (Debian's `LANG LC_* COLORTERM NO_COLOR`: about 16 at most); without a cap
/// a client could send them without end, each read and answered, and never logged.
pub(crate) const MAX_ENV: u32 = 64;
/// See [`MAX_ENV`].
pub(crate) const MAX_ENV_BYTES: usize = 16 * 1024;

/// How soon a window change over the input cap is drawn all the same: once, with the
/// size then, so the last size of a burst is never left undrawn until the next key.
const RESIZE_LATER: Duration = Duration::from_millis(250);

/// How long the sessions get to end and restore their clients' screens at shutdown.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// How long a connection closed by the server gets to take its disconnect message
/// (and a session its last words), before its socket is cut.
const GOODBYE: Duration = Duration::from_secs(1);

/// How long a client, its session ended at a shutdown, gets to leave by itself before
/// the server disconnects it (OpenSSH's drops the last line it took when disconnected).
const CLIENT_LEAVES: Duration = Duration::from_millis(500);

/// How long the stop waits for the connections to close after their sessions ended:
/// each takes at most [`CLIENT_LEAVES`] and three [`GOODBYE`]s (its disconnect, then
/// its cut).
const CLOSE_GRACE: Duration = Duration::from_secs(4);

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
    gate: Gate,
    log: ServerLog,
    pool: EnginePool,
    /// The lobby frames drawn at once for news alone ([`DrawGate`]).
    draws: Arc<DrawGate>,
    reviewer: Reviewer,
    live: Arc<Live>,
    limits: Arc<Limits>,
    /// The guests' names in use now: one live guest each.
    guest_names: Arc<GuestNames>,
    /// New names bound to keys, per address: a bucket each.
    new_names: Arc<NewNames>,
}

/// The rate at which each address may bind new names to keys: a key costs nothing,
/// and each binds its name for good, so without it fresh keys grew the names without
/// end. A name already bound to the key is never counted.
#[derive(Debug)]
struct NewNames {
    per_hour: u32,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

/// The addresses [`NewNames`] keeps at most; past it, those whose bucket is full again
/// are forgotten (they are as new).
const NEW_NAMES_ADDRESSES: usize = 4096;

impl NewNames {
    /// Takes one new name for `address` at `now`: whether the rate allows it.
    fn take(&self, address: IpAddr, now: Instant) -> bool {
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= NEW_NAMES_ADDRESSES {
            buckets.retain(|_, bucket| !bucket.is_full(now));
        }
        let per_hour = self.per_hour;
        buckets
            .entry(address)
            .or_insert_with(|| Bucket::per_hour(per_hour, per_hour, now))
            .take(1, now)
            == 1
    }
}

/// The options each connection follows.
#[derive(Debug)]
struct Limits {
    guests: bool,
    idle: Duration,
    stall: Duration,
    /// The login grace time: a connection not authenticated by then is closed.
    login: Duration,
}

/// The sessions running now, to tell them all when the server stops.
#[derive(Debug, Default)]
struct Live {
    inboxes: Mutex<HashMap<u64, SyncSender<Wake>>>,
    next: AtomicU64,
    running: AtomicUsize,
    stopping: AtomicBool,
    /// Stopping, every game in play was written: the last words may say so.
    all_kept: AtomicBool,
}

impl Live {
    fn inboxes(&self) -> std::sync::MutexGuard<'_, HashMap<u64, SyncSender<Wake>>> {
        self.inboxes.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Tells every session to end, and waits (at most `grace`) until they have;
    /// `all_kept`: every game in play is on disk.
    fn stop_all(&self, grace: Duration, all_kept: bool) -> usize {
        self.all_kept.store(all_kept, Ordering::SeqCst);
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

/// The last line a session's client is sent, below its restored screen, by how the
/// session ended (`status`), whether the server is stopping, and whether every game
/// in play is on disk then (only then is it said).
fn last_words(status: u32, stopping: bool, all_kept: bool) -> Option<&'static str> {
    match status {
        _ if stopping && all_kept => Some(limits_words::SHUTDOWN_KEPT),
        _ if stopping => Some(limits_words::SHUTDOWN),
        0 => Some(limits_words::GOODBYE),
        _ => None,
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

/// Listens on `options.listen` and serves every connection the gate lets in, until
/// `stop` resolves (SIGTERM) or the listener fails. Prints the address and the host
/// key's fingerprint first. At the stop, every session is told to end and given
/// [`SHUTDOWN_GRACE`] to restore its client's screen and say goodbye.
pub(crate) async fn listen(
    options: ServeOptions,
    key: PrivateKey,
    stop: impl std::future::Future<Output = ()>,
) -> anyhow::Result<()> {
    let log = ServerLog::open(&options.data_dir);
    #[cfg(unix)]
    if let Err(error) = log.take_stderr() {
        log.line(&format!(
            "standard error stays as it is (other writers' lines are not stamped): {error}"
        ));
    }
    let result = listen_logged(options, key, stop, log.clone()).await;
    // A failure is the process's last word: in the log's file, and on the standard
    // error given back, where `main` says it as every command's error is said. Each
    // comes before serving (the lock, the store, the port), and the log may be a
    // running server's: "stopped: another hijara serve (process 4242) is using the
    // data folder" read there as if that server had stopped (QA s31), so the line says
    // which process failed to start.
    if let Err(error) = &result {
        log.to_file(&format!(
            "a start of hijara serve (process {}) failed: {error:#}",
            std::process::id()
        ));
        #[cfg(unix)]
        log.give_back_stderr(Duration::from_secs(3));
    }
    result
}

/// The log's line saying the games a previous run left in play, back at the start
/// (`None` when there are none): live games come back adjourned until both players
/// are back, correspondence games go on.
fn games_back(live: u64, corr: u64) -> Option<String> {
    let count = |n, one, many| crate::strings::count(n, one, many);
    match (live, corr) {
        (0, 0) => None,
        (live, 0) => Some(format!(
            "back from the last run: {}, adjourned until their players are back",
            count(live, "live game", "live games")
        )),
        (0, corr) => Some(format!(
            "back from the last run: {}",
            count(corr, "correspondence game", "correspondence games")
        )),
        (live, corr) => Some(format!(
            "back from the last run: {}, adjourned until their players are back, and {}",
            count(live, "live game", "live games"),
            count(corr, "correspondence game", "correspondence games")
        )),
    }
}

/// Logs what is wrong in the bans file, one line each (a bad line is left out and
/// the others hold; a file that can't be read keeps the bans read before).
fn log_ban_problems(log: &ServerLog, problems: &[String]) {
    for problem in problems {
        log.line(&format!("the bans file: {problem}"));
    }
}

/// [`listen`] with its log open (and holding standard error).
async fn listen_logged(
    options: ServeOptions,
    key: PrivateKey,
    stop: impl std::future::Future<Output = ()>,
    log: ServerLog,
) -> anyhow::Result<()> {
    // russh says a client's re-key only in its log: counted from there.
    if !super::rekeys::install() {
        log.line("re-keys are not counted: another logger took russh's log");
    }
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
    // Whether the last run stopped cleanly, read before this run writes its own
    // marker (after the store's lock: a second server refused there never reads it).
    // Said with the banner, its third line, in the log's file as on standard output
    // (brief s38: a `kill -9` showed only as a missing `stopped`).
    let last_run = super::last_run::read(&options.data_dir).said();
    // After a `kill -9` the log went from the last login to the next `listening on`
    // with no word of the games that came back (QA s37): said after the banner.
    let (live, corr) = hall.lock().games_in_play();
    {
        let mut hall = hall.lock();
        hall.set_ceilings(Ceilings {
            open_corr: options.max_open_corr,
            ai_games: options.max_ai_games,
        });
        hall.set_idle_game(options.idle_timeout);
        hall.set_welcome(super::hall::Welcome {
            club_name: options.club_name.clone(),
            motd: options.motd.clone(),
        });
    }
    let store = hall
        .store()
        .cloned()
        .context("the server's hall has no store")?;
    // Read at the start, before the banner: a bad line is said first (the log and
    // standard error), not after `listening on` nor at the first login, and the list
    // is read before any connection can be let in (QA s31).
    let bans = Arc::new(Bans::new(&options.data_dir));
    log_ban_problems(&log, &bans.current().1);
    // The log's lines so far (the bans file's problems, the store's) reach standard
    // error before the banner reaches standard output: on one terminal its echo
    // thread wrote them after `listening on` (QA s37). Not waited for long: nobody
    // may be reading standard error.
    log.flush(Duration::from_secs(1));
    let listener = TcpListener::bind(options.listen)
        .await
        .with_context(|| format!("cannot listen on {}", options.listen))?;
    let local = listener.local_addr().context("no local address")?;
    // Serving from here on: a kill before the stop leaves `running` in the marker.
    // Written before the banner, so a kill the moment after it is known.
    let run = RunMarker::start(&options.data_dir, &log);
    // Checked, as the headless commands' output is: a full standard output is an
    // error saying so, not a panic (SIGPIPE is ignored while serving). A closed one
    // (`hijara serve | head -1`) is not: its reader took what it wanted, and the
    // server it was told listens goes on listening; the banner goes to the log.
    // The log's file has the banner's lines either way (same words, the same order:
    // until s40 the last run's line came before `listening on` there, after it on
    // standard output): an operator reading it after a reboot finds the port and the
    // fingerprint there (QA s31), then how the last run ended.
    // The file only: standard error holds the log, and standard output says them.
    {
        use std::io::Write;
        let listening = format!("listening on {local}");
        let host_key = format!("host key {} (ed25519)", fingerprint_of(key.public_key()));
        log.to_file(&listening);
        log.to_file(&host_key);
        log.to_file(&last_run);
        // One write: a reader that takes the first two lines and closes its end
        // (the tests, the load tools) has all three in the pipe already.
        let banner = format!(
            "hijara serve: {listening}\nhijara serve: {host_key}\nhijara serve: {last_run}\n"
        );
        let written = {
            let mut out = std::io::stdout().lock();
            out.write_all(banner.as_bytes()).and_then(|()| out.flush())
        };
        match written {
            Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {
                log.line(&format!(
                    "standard output is closed, the server goes on: {listening}, {host_key}"
                ));
            }
            Err(error) => {
                // The process ends through its error, not killed.
                run.stopped().await;
                return Err(error).context("cannot write to standard output");
            }
            Ok(()) => {}
        }
    }
    if let Some(line) = games_back(live, corr) {
        log.line(&line);
    }
    let mut methods = vec![MethodKind::PublicKey];
    if options.guests {
        // Not "none": OpenSSH asks it first, so every key's owner would be a guest.
        methods.push(MethodKind::KeyboardInteractive);
    }
    let config = Arc::new(Config {
        methods: MethodSet::from(&methods[..]),
        keys: vec![key],
        auth_rejection_time: options.auth_rejection,
        // OpenSSH asks "none" first to learn the methods: no need to make it wait.
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: MAX_AUTH_ATTEMPTS,
        inactivity_timeout: Some(Duration::from_secs(60 * 60)),
        keepalive_interval: Some(Duration::from_secs(15)),
        keepalive_max: 3,
        nodelay: true,
        preferred: russh::Preferred {
            kex: std::borrow::Cow::Borrowed(KEY_EXCHANGES),
            ..russh::Preferred::default()
        },
        ..Config::default()
    });
    let pool = EnginePool::new(options.ai_engines);
    log.line(&format!(
        "{}; players: {} per address, {} in all; guests {}; logging in: {} s, \
         {} at once ({} per address), {} new a minute per address ({} at once)",
        crate::strings::count(pool.size() as u64, "AI engine", "AI engines"),
        options.max_per_address,
        options.max_sessions,
        if options.guests { "on" } else { "off" },
        options.login_grace.as_secs(),
        options.startups,
        options.startups_per_address,
        options.connect_per_minute,
        options.connect_burst,
    ));
    let review_log = log.clone();
    let reviewer = Reviewer::start(
        pool.clone(),
        &store,
        ReviewSetup {
            budget: crate::ai::SearchLimit {
                time: Some(options.review_think),
                ..crate::ai::SearchLimit::NONE
            },
            log: Arc::new(move |line: &str| review_log.line(line)),
        },
    );
    let server = Server {
        hall,
        store,
        reviewer,
        bans,
        gate: Gate::new(GateOptions {
            startups: options.startups,
            startups_per_address: options.startups_per_address,
            connect_burst: options.connect_burst,
            connect_per_minute: options.connect_per_minute,
            max_sessions: options.max_sessions,
            max_per_address: options.max_per_address,
        }),
        log,
        pool,
        draws: Arc::new(draw_gate()),
        live: Arc::default(),
        guest_names: Arc::default(),
        new_names: Arc::new(NewNames {
            per_hour: options.new_names_per_hour,
            buckets: Mutex::default(),
        }),
        limits: Arc::new(Limits {
            guests: options.guests,
            idle: options.idle_timeout,
            stall: options.write_timeout,
            login: options.login_grace,
        }),
    };
    // The early drop's dice: no need for a secure source, only an unguessable start.
    let mut seed = [0; 8];
    let _ = getrandom::fill(&mut seed);
    let mut dice = rand::rngs::SmallRng::seed_from_u64(u64::from_le_bytes(seed));
    let mut quiet = tokio::time::interval(super::gate::QUIET);
    quiet.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    tokio::pin!(stop);
    // Every connection's task, with its door: at the stop each is closed and awaited,
    // so what its session said last reaches the client before the process ends.
    let mut connections = Connections::default();
    let mut run = run;
    let mut alive = tokio::time::interval_at(
        tokio::time::Instant::now() + super::last_run::ALIVE_EVERY,
        super::last_run::ALIVE_EVERY,
    );
    alive.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = alive.tick() => {
                run = run.alive().await;
                continue;
            }
            _ = quiet.tick() => {
                log_unlogged(&server, Instant::now());
                connections.reap();
                continue;
            }
            () = &mut stop => break,
        };
        connections.reap();
        let (socket, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                // Out of file descriptors, say: wait rather than spin.
                server.log.line(&format!("accept failed: {error}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let admitted = server
            .gate
            .admit(peer.ip(), Instant::now(), dice.random_range(0..100));
        let Admitted { pending, evicted } = match admitted {
            Ok(admitted) => admitted,
            Err(refused) => {
                if refused.log {
                    let why = match refused.why {
                        Refusal::TooFast => "too many new connections from this address",
                        Refusal::Busy => "too many connections waiting to log in",
                    };
                    server.log.line(&format!(
                        "{peer} refused at the door: {why} (more from it in the next {} s \
                         are counted, not logged one by one)",
                        super::gate::QUIET.as_secs()
                    ));
                }
                turn_away(socket, refused.why);
                continue;
            }
        };
        if let Some(door) = evicted {
            door.close(Closing::Evicted);
        }
        let door = pending.door();
        connections.spawn(
            door,
            serve_connection(server.clone(), config.clone(), socket, peer, pending),
        );
    }
    drop(listener);
    // The refusals counted since the last line.
    log_unlogged(&server, Instant::now());
    // Every game in play is written after each move already; written once more here,
    // and the log says how many are on disk.
    let hall = server.hall.clone();
    let report = tokio::task::spawn_blocking(move || hall.save_all())
        .await
        .unwrap_or_default();
    server.log.line(&format!(
        "stopping: {} in play saved",
        crate::strings::count(report.saved as u64, "game", "games")
    ));
    for (table, error) in &report.failed {
        server
            .log
            .line(&format!("table {table} NOT saved: {}", safe_text(error)));
    }
    server.log.line("stopping: telling every session");
    let live = server.live.clone();
    let all_kept = report.failed.is_empty();
    let left = tokio::task::spawn_blocking(move || live.stop_all(SHUTDOWN_GRACE, all_kept))
        .await
        .unwrap_or(0);
    if left > 0 {
        server.log.line(&format!(
            "{} not end in time",
            crate::strings::count(left as u64, "session did", "sessions did")
        ));
    }
    // Each connection sends what its session queued, then a disconnect; one that
    // can't is cut (see `serve_connection`), so this wait is bounded.
    let open = connections.close_all(CLOSE_GRACE).await;
    if open > 0 {
        server.log.line(&format!(
            "{} not close in time",
            crate::strings::count(open as u64, "connection did", "connections did")
        ));
    }
    run.stopped().await;
    server.log.line("stopped");
    // Long enough for a loaded machine, and no longer: nobody may be reading standard error.
    server.log.flush(Duration::from_secs(3));
    Ok(())
}

/// This run's marker in the data folder ([`super::last_run`]): `running` from the
/// start, its time alive rewritten every [`super::last_run::ALIVE_EVERY`], `stopped`
/// at the stop. A write that fails is logged once, and once when they work again.
struct RunMarker {
    dir: std::path::PathBuf,
    marker: Marker,
    log: ServerLog,
    /// Whether the last write failed (said once, not every minute).
    failing: bool,
}

impl RunMarker {
    /// Writes `running` now, as this process, into `dir`.
    fn start(dir: &std::path::Path, log: &ServerLog) -> RunMarker {
        let now = chrono::Utc::now();
        let mut run = RunMarker {
            dir: dir.to_owned(),
            marker: Marker {
                state: RunState::Running,
                process: std::process::id(),
                started: now,
                at: now,
            },
            log: log.clone(),
            failing: false,
        };
        let written = super::last_run::write(&run.dir, &run.marker);
        run.said(written);
        run
    }

    /// Rewrites the marker with `state` at the time now, off the runtime's threads
    /// (the write syncs to disk).
    async fn write(mut self, state: RunState) -> RunMarker {
        self.marker.state = state;
        self.marker.at = chrono::Utc::now();
        let (dir, marker) = (self.dir.clone(), self.marker.clone());
        let written = tokio::task::spawn_blocking(move || super::last_run::write(&dir, &marker))
            .await
            .unwrap_or_else(|error| Err(std::io::Error::other(error)));
        self.said(written);
        self
    }

    /// Notes that the server is alive now.
    async fn alive(self) -> RunMarker {
        self.write(RunState::Running).await
    }

    /// Notes the clean stop.
    async fn stopped(self) {
        self.write(RunState::Stopped).await;
    }

    /// Logs a write's failure (the first of a run of them) or that they work again.
    fn said(&mut self, written: std::io::Result<()>) {
        let file = super::last_run::RUN_FILE;
        match written {
            Err(error) if !self.failing => {
                self.failing = true;
                self.log.line(&format!(
                    "cannot write {file} (the next start will not know how this run \
                     stopped): {error}"
                ));
            }
            Ok(()) if self.failing => {
                self.failing = false;
                self.log.line(&format!("{file} is written again"));
            }
            _ => {}
        }
    }
}

/// The connections' tasks and their doors, from the accept to the end of each task.
#[derive(Default)]
struct Connections {
    tasks: tokio::task::JoinSet<()>,
    doors: HashMap<tokio::task::Id, Arc<Door>>,
}

impl Connections {
    /// Runs `task` (one connection, closed through `door`).
    fn spawn(
        &mut self,
        door: Arc<Door>,
        task: impl std::future::Future<Output = ()> + Send + 'static,
    ) {
        let id = self.tasks.spawn(task).id();
        self.doors.insert(id, door);
    }

    /// Forgets the connections whose tasks have ended.
    fn reap(&mut self) {
        while let Some(ended) = self.tasks.try_join_next_with_id() {
            let id = match ended {
                Ok((id, ())) => id,
                Err(error) => error.id(),
            };
            self.doors.remove(&id);
        }
    }

    /// Closes every connection ([`Closing::Shutdown`]) and waits, at most `grace`, for
    /// their tasks to end; the rest are dropped. How many were still open.
    async fn close_all(mut self, grace: Duration) -> usize {
        for door in self.doors.values() {
            door.close(Closing::Shutdown);
        }
        let all_ended = async { while self.tasks.join_next().await.is_some() {} };
        let _ = tokio::time::timeout(grace, all_ended).await;
        self.tasks.len()
    }
}

/// Logs the refusals at the door counted, not logged, since the last time (one line an
/// address).
fn log_unlogged(server: &Server, now: Instant) {
    for (address, count) in server.gate.unlogged(now) {
        server.log.line(&format!(
            "{}: {} refused at the door in the last {} s",
            super::gate::shown(address),
            crate::strings::count(count, "more connection", "more connections"),
            super::gate::QUIET.as_secs()
        ));
    }
}

/// Tells a connection turned away at the door why, in the one line SSH allows before
/// the version exchange (RFC 4253 4.2), without waiting, and closes it.
fn turn_away(socket: TcpStream, why: Refusal) {
    let line = match why {
        Refusal::TooFast => limits_words::REFUSED_TOO_FAST,
        Refusal::Busy => limits_words::REFUSED_BUSY,
    };
    let _ = socket.try_write(line.as_bytes());
    // What the client sent already is read off, so the close is a FIN that lets it
    // read the line, not a reset that may drop it.
    let _ = socket.try_read(&mut [0; 512]);
}

/// One connection from its acceptance: its SSH session, closed at the login grace
/// time if it has not authenticated by then, or when its door is closed (a newer
/// connection took its place, its client stopped reading). The client is told why in
/// a disconnect message where SSH allows one (after the key exchange); its socket is
/// cut if that can't be delivered within [`GOODBYE`].
async fn serve_connection(
    server: Server,
    config: Arc<Config>,
    socket: TcpStream,
    peer: SocketAddr,
    pending: Pending,
) {
    let door = pending.door();
    let limits = server.limits.clone();
    let deadline = tokio::time::Instant::now() + limits.login;
    let log = |what: &str| server.log.line(&format!("{peer} {what}"));
    let handler = Connection::new(server.clone(), peer, pending);
    let stream = Cuttable::new(socket, door.clone());
    // Before the version exchange russh gives no handle, and SSH can say nothing: at
    // the deadline or the door's closing, the socket is simply dropped.
    let started = tokio::select! {
        started = russh::server::run_stream(config, stream, handler) => started,
        () = tokio::time::sleep_until(deadline) => {
            log(&format!(
                "refused: no SSH version within the login grace time ({} s)",
                limits.login.as_secs()
            ));
            return;
        }
        why = door.closing() => {
            log(&closing_logged(why, &limits));
            return;
        }
    };
    let session = match started {
        Ok(session) => session,
        Err(error) => {
            log(&unauthenticated_end(&error));
            return;
        }
    };
    let handle = session.handle();
    // Closed for what its client sent, the connection is told at once, from the task
    // that counted it: the next message it sends is not answered.
    let goodbyes = (handle.clone(), limits.clone());
    door.on_close(move |why| {
        if why.for_its_input() {
            let (handle, limits) = &goodbyes;
            let (reason, text) = goodbye(why, limits);
            disconnect_now(handle, reason, text);
        }
    });
    let mut session = std::pin::pin!(session);
    let why = tokio::select! {
        ended = &mut session => {
            if let Some(why) = door.closed_for() {
                // Its disconnect went out at once ([`Door::on_close`]): the session
                // may end before this task sees the door close.
                log(&closing_logged(why, &limits));
            } else if !door.is_authenticated() {
                if let Err(error) = ended {
                    log(&unauthenticated_end(&error));
                }
            } else {
                // The host reads a player leave as they read them come (until s39 the
                // log said `is alice` and never when alice went).
                let came = deadline.checked_sub(limits.login).unwrap_or(deadline);
                log(&left_logged(came.elapsed()));
            }
            return;
        }
        () = login_late(deadline, &door) => {
            door.close(Closing::Grace);
            Closing::Grace
        }
        // Logged in, a client that runs nothing (`ssh -N`, or one that stays after its
        // game) would hold a player's place for good.
        () = door.unused_for(limits.login) => {
            door.close(Closing::Unused);
            Closing::Unused
        }
        why = door.closing() => why,
    };
    log(&closing_logged(why, &limits));
    // At a shutdown every session has written its last line and closed its channel: a
    // client that then leaves has shown it all, where OpenSSH's, disconnected, exits
    // without writing what it took (QA s29: read by 0 of 6 clients connected 30 s).
    if why == Closing::Shutdown
        && tokio::time::timeout(CLIENT_LEAVES, &mut session)
            .await
            .is_ok()
    {
        return;
    }
    let (reason, text) = goodbye(why, &limits);
    // During a key exchange russh takes no message: the cut below ends it then.
    let _ = tokio::time::timeout(GOODBYE, handle.disconnect(reason, text, String::new())).await;
    if tokio::time::timeout(GOODBYE, &mut session).await.is_err() {
        door.cut();
        let _ = tokio::time::timeout(GOODBYE, &mut session).await;
    }
}

/// Queues the disconnect on the session's channel if it has room now (it holds a
/// hundred messages; a full one leaves it to the connection's task, as before), without
/// waiting: run from inside the session's own read.
fn disconnect_now(handle: &russh::server::Handle, reason: Disconnect, text: String) {
    let send = tokio::task::unconstrained(handle.disconnect(reason, text, String::new()));
    let mut send = std::pin::pin!(send);
    let _ = send
        .as_mut()
        .poll(&mut std::task::Context::from_waker(std::task::Waker::noop()));
}

/// The disconnect a connection closed for `why` is sent: its reason and its words.
fn goodbye(why: Closing, limits: &Limits) -> (Disconnect, String) {
    match why {
        Closing::Grace => (
            Disconnect::ByApplication,
            limits_words::grace_over(limits.login.as_secs()),
        ),
        Closing::Evicted => (
            Disconnect::TooManyConnections,
            limits_words::EVICTED.to_owned(),
        ),
        Closing::Stalled => (
            Disconnect::ByApplication,
            limits_words::stalled(limits.stall.as_secs()),
        ),
        Closing::Shutdown => (Disconnect::ByApplication, SHUTTING_DOWN.to_owned()),
        Closing::Unused => (
            Disconnect::ByApplication,
            limits_words::unused(limits.login.as_secs()),
        ),
        Closing::Refusals => (
            Disconnect::ByApplication,
            limits_words::refusals(MAX_REFUSALS),
        ),
        Closing::Channels => (
            Disconnect::ByApplication,
            limits_words::channels(CLOSE_CHANNELS),
        ),
        Closing::Unseen => (
            Disconnect::ByApplication,
            limits_words::unseen(UNSEEN_BURST / 1024),
        ),
        Closing::Rekeys => (
            Disconnect::ByApplication,
            limits_words::rekeys(REKEY_BURST, REKEY_EVERY.as_secs()),
        ),
    }
}

/// The log's words for a connection that ended in an error before it authenticated:
/// a client that left, or a request the server could not read (a user name that is
/// not UTF-8, say), which is a refusal. A refusal is said in the server's words, then
/// russh's as the detail (QA s39: a junk client's line was russh's alone, `refused:
/// Bad packet size: 2598113801`).
fn unauthenticated_end(error: &anyhow::Error) -> String {
    use russh::keys::ssh_encoding;
    let why = match error.downcast_ref::<russh::Error>() {
        Some(russh::Error::SshEncoding(ssh_encoding::Error::CharacterEncoding)) => {
            return "refused: its request holds a name or text that is not UTF-8".to_owned();
        }
        Some(russh::Error::HUP | russh::Error::Disconnect) => {
            return "left before logging in".to_owned();
        }
        Some(russh::Error::IO(io)) if io.kind() == std::io::ErrorKind::UnexpectedEof => {
            return "left before logging in".to_owned();
        }
        Some(russh::Error::Version) => "its first line is not an SSH version",
        Some(
            russh::Error::NoCommonAlgo { .. }
            | russh::Error::UnknownAlgo
            | russh::Error::KexInit
            | russh::Error::Kex,
        ) => "no key exchange could be agreed with it",
        Some(
            russh::Error::PacketSize(_)
            | russh::Error::PacketAuth
            | russh::Error::DecryptionError
            | russh::Error::Inconsistent
            | russh::Error::IndexOutOfBounds
            | russh::Error::StrictKeyExchangeViolation { .. }
            | russh::Error::SshEncoding(_),
        ) => "what it sent is not SSH the server can read",
        _ => "its connection failed",
    };
    format!("refused: {why}: {}", safe_text(&format!("{error:#}")))
}

/// The log's words for a connection that logged in and ended by itself (its client
/// left or its link dropped), `stayed` after it came: `left after 12 min 5 s`.
fn left_logged(stayed: Duration) -> String {
    let seconds = stayed.as_secs();
    let (hours, minutes) = (seconds / 3600, seconds / 60 % 60);
    let span = if hours > 0 {
        format!("{hours} h {minutes} min")
    } else if minutes > 0 {
        format!("{minutes} min {} s", seconds % 60)
    } else {
        format!("{seconds} s")
    };
    format!("left after {span}")
}

/// Resolves at `deadline` if the connection has not authenticated by then; never if it has.
async fn login_late(deadline: tokio::time::Instant, door: &Door) {
    tokio::time::sleep_until(deadline).await;
    if door.is_authenticated() {
        std::future::pending::<()>().await;
    }
}

/// The log's words for a connection the server closes.
fn closing_logged(why: Closing, limits: &Limits) -> String {
    match why {
        Closing::Grace => format!(
            "refused: no login within the login grace time ({} s)",
            limits.login.as_secs()
        ),
        Closing::Evicted => {
            "dropped before logging in: too many connections waiting, a newer one took its place"
                .to_owned()
        }
        Closing::Stalled => format!(
            "dropped: the client stopped reading ({} s without taking any of its screen)",
            limits.stall.as_secs()
        ),
        Closing::Shutdown => "closed: the server is stopping".to_owned(),
        Closing::Unused => format!(
            "closed: no game or command started within the login grace time ({} s)",
            limits.login.as_secs()
        ),
        Closing::Refusals => format!("closed: {MAX_REFUSALS} requests refused"),
        Closing::Channels => format!("closed: {CLOSE_CHANNELS} channels asked for"),
        Closing::Unseen => format!(
            "closed: more than {} KiB of messages the game takes no part in (re-keys, \
             ignored messages, unknown requests), {} KiB a second after",
            UNSEEN_BURST / 1024,
            UNSEEN_PER_SECOND / 1024
        ),
        Closing::Rekeys => format!(
            "closed: more than {REKEY_BURST} key re-exchanges asked for, one more each {} s after",
            REKEY_EVERY.as_secs()
        ),
    }
}

/// The server's [`DrawGate`]: a permit for every core but one.
fn draw_gate() -> DrawGate {
    DrawGate::for_cores(std::thread::available_parallelism().map_or(2, usize::from))
}

/// Refuses a channel being opened, as OpenSSH refuses one it does not allow.
async fn reject(reply: ChannelOpenHandle) {
    reply
        .reject(ChannelOpenFailure::AdministrativelyProhibited)
        .await;
}

/// What a client may send that russh's `Handler` answers by default without a word
/// (no reply, or a failure): the server takes no notice of them, so each is counted
/// as a refused request ([`MAX_REFUSALS`]), its kind logged once a connection. Left to
/// russh's defaults, a client could send them without end, never counted or logged.
#[derive(Debug, Clone, Copy)]
enum Unasked {
    /// A signal for the session (`ssh` sends one only when asked to).
    Signal,
    /// Extended data (a client's "standard error") on a channel: nothing reads it.
    ExtendedData,
    /// The cancel of a remote port forwarding, which the server never made.
    CancelForward,
    /// The cancel of a socket forwarding, which the server never made.
    CancelSocketForward,
}

impl Unasked {
    /// What the log says of it (once a connection).
    fn what(self) -> &'static str {
        match self {
            Unasked::Signal => "a signal (each counts as a refused request)",
            Unasked::ExtendedData => {
                "extended data from the client (each packet counts as a refused request)"
            }
            Unasked::CancelForward => {
                "the cancel of a port forwarding never made (each counts as a refused request)"
            }
            Unasked::CancelSocketForward => {
                "the cancel of a socket forwarding never made (each counts as a refused request)"
            }
        }
    }
}

/// One connection.
struct Connection {
    server: Server,
    peer: SocketAddr,
    /// Its place in the gate's counts: pending until it authenticates, then a seat.
    pending: Option<Pending>,
    seat: Option<Seat>,
    door: Arc<Door>,
    /// Authenticated only to be turned away (the sessions' caps reached, a guest's
    /// name in use, a name refused for its shape): the disconnect's reason and what
    /// the client is told in its message.
    turned_away: Option<(Disconnect, String)>,
    /// A guest's name, held while this connection lives.
    guest_name: Option<HeldName>,
    who: Option<Who>,
    /// The one session channel this connection may have, until the game takes it.
    channel: Option<ChannelId>,
    /// Its write half: its read half is dropped at once ([`Handler::channel_open_session`]).
    open: Option<ChannelWriteHalf<Msg>>,
    /// The pty size, once asked for.
    pty: Option<SharedSize>,
    /// The pty's terminal is `dumb` (`TERM=dumb`): the line mode, whatever the
    /// player's preference.
    dumb: bool,
    /// What the client's `TERM`, sent with its pty request, says of its terminal:
    /// which desktop notification it shows (the client's other variables never arrive).
    terminal: crate::ui::TerminalEnv,
    /// The palette the client's `TERM` asks for (none for a monochrome terminal),
    /// taken where the player chose none.
    term_palette: Option<crate::prefs::Palette>,
    /// The session thread's inbox, once the game runs.
    input: Option<SyncSender<Wake>>,
    /// The background query the session makes of the client as it starts, which
    /// holds the client's bytes while it waits ([`Ask::take_in`]).
    ask: Arc<Ask>,
    parser: InputParser,
    cap: InputCap,
    /// Whether the log was told that this client's input went over the cap.
    flood_logged: bool,
    /// The requests refused so far ([`LOGGED_REFUSALS`], [`MAX_REFUSALS`]).
    refusals: std::cell::Cell<u32>,
    /// The refusals logged one by one, at most [`LOGGED_REFUSALS`].
    logged_refusals: std::cell::Cell<u32>,
    /// The environment variables sent so far, and their bytes ([`MAX_ENV`]).
    env: (u32, usize),
    /// The channels asked for so far, of every kind ([`MAX_CHANNELS`]).
    channel_opens: u32,
    /// A pty request was refused already (its kind is logged once).
    pty_refused: bool,
    /// The kinds of [`Unasked`] requests refused so far, one bit each: each is logged
    /// once on a connection, and every one counts.
    unasked: u8,
    /// A window change over the input cap waits to be drawn ([`RESIZE_LATER`]).
    resize_owed: Arc<AtomicBool>,
    /// A shell or a command was taken on the session channel: no other is (RFC 4254
    /// 6.5: one per channel).
    started: bool,
}

impl Connection {
    fn new(server: Server, peer: SocketAddr, pending: Pending) -> Connection {
        Connection {
            server,
            peer,
            door: pending.door(),
            pending: Some(pending),
            seat: None,
            turned_away: None,
            guest_name: None,
            who: None,
            channel: None,
            open: None,
            pty: None,
            dumb: false,
            terminal: crate::ui::TerminalEnv::default(),
            term_palette: None,
            input: None,
            ask: Arc::default(),
            parser: InputParser::new(),
            cap: InputCap::new(Instant::now()),
            flood_logged: false,
            refusals: std::cell::Cell::new(0),
            logged_refusals: std::cell::Cell::new(0),
            env: (0, 0),
            channel_opens: 0,
            pty_refused: false,
            unasked: 0,
            resize_owed: Arc::default(),
            started: false,
        }
    }

    fn log(&self, what: &str) {
        self.server.log.line(&format!("{} {what}", self.peer));
    }

    /// Logs a refusal; `what` holds a stranger's text only through [`safe_text`].
    /// Past [`LOGGED_REFUSALS`] it is counted instead (said once the connection
    /// ends), and the [`MAX_REFUSALS`]th closes the connection.
    fn refuse(&self, what: &str) {
        self.count_refusal(Some(what));
    }

    /// Refuses a channel being opened, counted and logged as `what` ([`Self::refuse`])
    /// now; the answer to the client is the future returned (it borrows nothing of
    /// the connection across its wait).
    fn refuse_channel(
        &self,
        what: &str,
        reply: ChannelOpenHandle,
    ) -> impl std::future::Future<Output = ()> + Send + use<> {
        self.refuse(what);
        reject(reply)
    }

    /// Refuses a channel other than the session's, whatever its kind: counted as a
    /// channel asked for ([`Self::channel_counted`]) and, within the cap, as a refused
    /// request logged as `what` ([`Self::refuse_channel`]); the answer to the client
    /// is the future returned.
    fn refuse_other_channel(
        &mut self,
        what: &str,
        reply: ChannelOpenHandle,
    ) -> impl std::future::Future<Output = ()> + Send + use<> {
        if self.channel_counted() {
            self.refuse(what);
        }
        reject(reply)
    }

    /// Counts a channel asked for ([`MAX_CHANNELS`]): `true` within the cap. Past it,
    /// the channel is to be refused whatever its kind: counted as a refused request
    /// (logged the first time), and the [`CLOSE_CHANNELS`]th closes the connection.
    fn channel_counted(&mut self) -> bool {
        self.channel_opens = self.channel_opens.saturating_add(1);
        if self.channel_opens <= MAX_CHANNELS {
            return true;
        }
        let first = self.channel_opens == MAX_CHANNELS + 1;
        let what = format!("channels past {MAX_CHANNELS} on one connection");
        self.count_refusal(first.then_some(what.as_str()));
        if self.channel_opens >= CLOSE_CHANNELS {
            self.door.close(Closing::Channels);
        }
        false
    }

    /// Counts a request russh would have answered itself, uncounted and unlogged
    /// ([`Unasked`]): a refusal, its kind logged the first time on this connection.
    fn refuse_unasked(&mut self, kind: Unasked) {
        let bit = 1 << kind as u8;
        let first = self.unasked & bit == 0;
        self.unasked |= bit;
        self.count_refusal(first.then_some(kind.what()));
    }

    /// Counts a refusal, logged as `what` while fewer than [`LOGGED_REFUSALS`] were
    /// (`None`: counted only, its kind logged once already).
    fn count_refusal(&self, what: Option<&str>) {
        let count = self.refusals.get().saturating_add(1);
        self.refusals.set(count);
        let logged = self.logged_refusals.get();
        if let Some(what) = what
            && logged < LOGGED_REFUSALS
        {
            self.logged_refusals.set(logged + 1);
            self.log(&format!("refused: {what}"));
            if logged + 1 == LOGGED_REFUSALS {
                self.log(&format!(
                    "refused {LOGGED_REFUSALS} requests: its next refusals are counted, \
                     not logged one by one, and the {MAX_REFUSALS}th closes it"
                ));
            }
        }
        if count == MAX_REFUSALS {
            self.door.close(Closing::Refusals);
        }
    }

    /// A session's place for this authenticated connection; `Err` when the caps on
    /// sessions are reached (it stays pending).
    fn take_seat(&mut self) -> Result<(), Full> {
        let Some(pending) = self.pending.take() else {
            return Ok(());
        };
        match pending.seat() {
            Ok(seat) => {
                self.seat = Some(seat);
                Ok(())
            }
            Err((pending, full)) => {
                self.pending = Some(pending);
                Err(full)
            }
        }
    }

    /// Gives the seat back (the connection is pending again): a login refused after
    /// [`Connection::seat_for`] took it.
    fn give_back_seat(&mut self) {
        if let Some(seat) = self.seat.take() {
            self.pending = Some(seat.pending_again());
        }
    }

    /// A session's place for `name`, taken before anything of the login is kept (a
    /// name bound, a guest counted), so that a login turned away leaves no trace in
    /// the store. `Err` when the caps are reached: the authentication is then
    /// accepted all the same, only so that `auth_succeeded` can say why in a
    /// disconnect message, which ssh clients show (a refused authentication would
    /// only say "Permission denied").
    fn seat_for(&mut self, name: &str) -> Result<(), Auth> {
        let Err(full) = self.take_seat() else {
            return Ok(());
        };
        let (told, why) = match full {
            Full::Server(n) => (limits_words::SERVER_FULL, limits_words::server_full_why(n)),
            Full::Address(n) => (
                limits_words::ADDRESS_FULL,
                limits_words::address_full_why(n),
            ),
        };
        self.refuse(&format!("{}: {why}", safe_text(name)));
        self.turned_away = Some((Disconnect::TooManyConnections, told.to_owned()));
        Err(Auth::Accept)
    }

    /// Lets `who` in (`logged` says who in the log), on the seat [`Connection::seat_for`]
    /// took.
    fn let_in(&mut self, who: Who, logged: &str) -> Auth {
        self.log(&format!("is {logged}"));
        self.who = Some(who);
        Auth::Accept
    }

    /// Turns away a login for its user name's own shape (`why`: a control character,
    /// too wide, a lone combining mark, the AI's name, the guests' mark), logged as
    /// `logged`. The authentication is accepted only so that `auth_succeeded` can say
    /// why in a disconnect message, which OpenSSH prints (a refused one could only
    /// say "Permission denied", QA s39). Never for a name bound to another key: that
    /// refusal must look like every other (docs/network.md, "Who gets in"), and the
    /// shape of a name tells nothing of anyone's.
    fn refuse_shape(&mut self, logged: &str, why: &str) -> Auth {
        self.refuse(logged);
        self.turned_away = Some((
            Disconnect::IllegalUserName,
            limits_words::name_shape_refused(why),
        ));
        Auth::Accept
    }

    /// Hands an input event to the session; dropped if its inbox is full.
    fn send(&self, wake: Wake) {
        if let Some(input) = &self.input {
            let _ = input.try_send(wake);
        }
    }

    /// Tells the session its client went (`why`): it must get this one. The session
    /// ends as the player leaving, no error ([`ClientGone`]).
    fn end_input(&self, why: &'static str) {
        if let Some(input) = &self.input {
            deliver(input, Wake::ClientGone(why));
        }
    }

    /// A ban on `name` or `key`, with the log told.
    fn banned(&self, name: &str, key: Option<&str>) -> bool {
        // Read off every lock; the log is written after.
        let (list, problems) = self.server.bans.current();
        let banned = list.has_name(name)
            || key.is_some_and(|k| list.has_key(k))
            || list.has_address(self.peer.ip());
        log_ban_problems(&self.server.log, &problems);
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
        let write = open;
        let handle = session.handle();
        let runtime = tokio::runtime::Handle::current();
        let inbox = Inbox::new()
            .with_ai_gate(Arc::new(self.server.pool.clone()))
            .with_draw_gate(self.server.draws.clone());
        let sender = inbox.sender();
        self.input = Some(sender.clone());
        let writer = ChannelWriter::new(
            write,
            runtime.clone(),
            self.server.limits.stall,
            self.door.clone(),
        );
        let start = SessionStart {
            who,
            hall: self.server.hall.clone(),
            inbox,
            backend: SshBackend::new(writer, size.clone()).with_terminal(self.terminal.clone()),
            idle: self.server.limits.idle,
            dumb: self.dumb,
            term_palette: self.term_palette,
            ask: self.ask.clone(),
            reviewer: Some(self.server.reviewer.clone()),
            from: super::gate::plain(self.peer.ip()),
        };
        self.door.set_running(true);
        let live = self.server.live.clone();
        let id = live.next.fetch_add(1, Ordering::SeqCst);
        live.inboxes().insert(id, sender);
        live.running.fetch_add(1, Ordering::SeqCst);
        let running = Running { live, id };
        let (peer, log, door) = (self.peer, self.server.log.clone(), self.door.clone());
        let idle = self.server.limits.idle;
        std::thread::Builder::new()
            .name("hijara-session".into())
            .spawn(move || {
                // A panic ends this session only (its message is logged through
                // standard error), and the client is still told the session ended.
                let result =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| session::run(start)))
                        .unwrap_or_else(|_| Err(anyhow::anyhow!("the session panicked")));
                let stopping = running.live.stopping.load(Ordering::SeqCst);
                let all_kept = running.live.all_kept.load(Ordering::SeqCst);
                let status = match result {
                    Ok(session::Ended::Idle) => {
                        log.line(&format!(
                            "{peer} {}",
                            limits_words::idle_closed(idle.as_secs())
                        ));
                        0
                    }
                    Ok(session::Ended::Left) => 0,
                    Err(_) if stopping => 0,
                    // Its client went (a link dropped, an ssh killed): a leaving, which
                    // the connection's task logs (`left after ...`), not an error
                    // (QA s39: one leaving was two lines, one of them an error).
                    Err(error) if error.chain().any(|e| e.is::<ClientGone>()) => 0,
                    // Its connection's task logs why the server closed it.
                    Err(_) if door.closed_for().is_some() => 1,
                    Err(error) => {
                        log.line(&format!(
                            "{peer} session ended: {}",
                            safe_text(&format!("{error:#}"))
                        ));
                        1
                    }
                };
                // Bounded: a client that reads nothing must not hold this thread.
                runtime.block_on(async {
                    let last_words = async {
                        // The last line, below the screen restored: why it ended.
                        let said = last_words(status, stopping, all_kept);
                        if let Some(said) = said {
                            // At words' ends, to the client's width (QA s28: `in` /
                            // ` play` at 44 columns).
                            let said = session::raw_lines(said, size.window().0);
                            let _ = handle.data(channel, said.into_bytes()).await;
                        }
                        let _ = handle.exit_status_request(channel, status).await;
                        let _ = handle.eof(channel).await;
                        let _ = handle.close(channel).await;
                    };
                    let _ = tokio::time::timeout(SHUTDOWN_GRACE, last_words).await;
                });
                // A client that stays after its game is closed after the login grace.
                door.set_running(false);
                drop(running);
            })
            .context("cannot start a session thread")?;
        Ok(())
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.end_input("the connection closed");
        let unlogged = self
            .refusals
            .get()
            .saturating_sub(self.logged_refusals.get());
        if unlogged > 0 {
            self.log(&format!(
                "{} refused, not logged one by one",
                crate::strings::count(unlogged, "more request", "more requests")
            ));
        }
    }
}

impl Handler for Connection {
    type Error = anyhow::Error;

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        self.door.advance(Stage::Asked);
        // Taken in NFC: `Zoe` and U+0308 is `Zoë` (see `normal_name`).
        let user = &normal_name(user);
        let fingerprint = fingerprint_of(key.public_key);
        if user.starts_with(GUEST_MARK) {
            let logged = format!("a key's name {}: ~ marks guests", safe_text(user));
            return Ok(self.refuse_shape(&logged, limits_words::GUEST_MARK_OF_KEY));
        }
        if self.banned(user, Some(&fingerprint)) {
            return Ok(Auth::reject());
        }
        // Its shape alone, before a seat is taken or the store asked: told (the
        // store's `claim_name` checks it again, and refuses a bound name untold).
        if let Err(error) = check_name(user) {
            let why = error.to_string();
            let logged = format!("{}: {}", safe_text(user), words::refused_name(&why));
            return Ok(self.refuse_shape(&logged, &why));
        }
        if let Err(full) = self.seat_for(user) {
            return Ok(full);
        }
        // Bound by the store's writer, off the runtime's two workers.
        let (store, name, key) = (
            self.server.store.clone(),
            user.to_owned(),
            fingerprint.clone(),
        );
        let (new_names, from) = (self.server.new_names.clone(), counted_as(self.peer.ip()));
        // `None`: a new name past the address's rate (a name the key has is free).
        let claimed = tokio::task::spawn_blocking(move || {
            let known = store.name_is_of(&name, &key).unwrap_or(false);
            if !known && !new_names.take(from, Instant::now()) {
                return None;
            }
            Some(store.claim_name(&name, &key))
        })
        .await
        .unwrap_or_else(|e| Some(Err(NameError::NotKept(e.to_string()))));
        let Some(claimed) = claimed else {
            self.give_back_seat();
            self.refuse(&format!(
                "{}: too many new names from this address",
                safe_text(user)
            ));
            self.turned_away = Some((
                Disconnect::TooManyConnections,
                limits_words::NEW_NAMES_FULL.to_owned(),
            ));
            return Ok(Auth::Accept);
        };
        match claimed {
            Ok(()) => {
                let logged = format!("{} ({fingerprint})", safe_text(user));
                let who = Who {
                    key: fingerprint,
                    name: user.to_owned(),
                };
                Ok(self.let_in(who, &logged))
            }
            Err(error) => {
                self.give_back_seat();
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
        self.door.advance(Stage::Asked);
        if !self.server.limits.guests {
            self.refuse(&format!(
                "{}: keyboard-interactive (keys only)",
                safe_text(user)
            ));
            return Ok(Auth::reject());
        }
        // `~gina` asks for the mark itself: it is shown once. Taken in NFC, as a key's.
        let user = normal_name(user);
        let user = user.trim_start_matches(GUEST_MARK);
        let name = format!("{GUEST_MARK}{user}");
        if let Err(error) = check_name(user).and_then(|_| check_name(&name)) {
            let why = error.to_string();
            let logged = format!("guest {}: {}", safe_text(user), words::refused_name(&why));
            return Ok(self.refuse_shape(&logged, &why));
        }
        if self.banned(user, None) {
            return Ok(Auth::reject());
        }
        let (store, typed) = (self.server.store.clone(), user.to_owned());
        let bound = tokio::task::spawn_blocking(move || store.name_is_bound(&typed))
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
        if let Err(full) = self.seat_for(&name) {
            return Ok(full);
        }
        // One live guest a name: a second is told so, in a disconnect message (as
        // the caps are), rather than given a name they did not ask for.
        let Some(held) = GuestNames::hold(&self.server.guest_names, &name) else {
            self.give_back_seat();
            self.refuse(&format!(
                "guest {}: a guest is connected with that name",
                safe_text(&name)
            ));
            self.turned_away = Some((
                Disconnect::TooManyConnections,
                limits_words::guest_name_in_use(&name),
            ));
            return Ok(Auth::Accept);
        };
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
                self.give_back_seat();
                self.refuse(&format!(
                    "guest {}: no guest number could be kept: {}",
                    safe_text(user),
                    safe_text(&format!("{error:#}"))
                ));
                return Ok(Auth::reject());
            }
        };
        self.guest_name = Some(held);
        let key = format!("{}{n}", super::who::GUEST_KEY);
        let logged = format!("{} (a guest, {key})", safe_text(&name));
        Ok(self.let_in(Who { key, name }, &logged))
    }

    /// The key exchange is done and the client asks for the authentication service:
    /// no banner, but the gate learns how far it got.
    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        self.door.advance(Stage::Talking);
        Ok(None)
    }

    /// "none" is refused, not logged: OpenSSH asks it first, to learn the methods.
    async fn auth_none(&mut self, _: &str) -> Result<Auth, Self::Error> {
        self.door.advance(Stage::Asked);
        Ok(Auth::reject())
    }

    /// Passwords are never taken: refused, and logged.
    async fn auth_password(&mut self, user: &str, _: &str) -> Result<Auth, Self::Error> {
        self.door.advance(Stage::Asked);
        self.refuse(&format!("{}: a password (keys only)", safe_text(user)));
        Ok(Auth::reject())
    }

    /// A key of a kind the server can't check (RSA, DSA: russh is built without them) is
    /// refused when offered, before the client signs with it, and logged.
    async fn auth_publickey_offered(
        &mut self,
        user: &str,
        offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        self.door.advance(Stage::Asked);
        let known = matches!(
            offer.public_key.algorithm(),
            Algorithm::Ed25519
                | Algorithm::Ecdsa { .. }
                | Algorithm::SkEd25519
                | Algorithm::SkEcdsaSha2NistP256
        );
        if known {
            return Ok(Auth::Accept);
        }
        self.refuse(&format!(
            "{}: an {} key (ed25519 and ECDSA keys only)",
            safe_text(user),
            safe_text(offer.algorithm.as_str())
        ));
        Ok(Auth::reject())
    }

    /// OpenSSH certificates are not taken: refused, and logged.
    async fn auth_openssh_certificate(
        &mut self,
        user: &str,
        _: &Certificate,
    ) -> Result<Auth, Self::Error> {
        self.door.advance(Stage::Asked);
        self.refuse(&format!(
            "{}: a certificate (plain keys only)",
            safe_text(user)
        ));
        Ok(Auth::reject())
    }

    /// The client is in: from now on the login grace time does not apply. Or the caps
    /// on sessions were reached ([`Connection::let_in`]): the client is told so.
    async fn auth_succeeded(&mut self, session: &mut Session) -> Result<(), Self::Error> {
        match self.turned_away.take() {
            Some((reason, told)) => session.disconnect(reason, &told, "")?,
            None => self.door.set_authenticated(),
        }
        Ok(())
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.channel_counted() {
            reject(reply).await;
        } else if self.channel.is_some() {
            self.refuse_channel("a second session channel", reply).await;
        } else {
            self.channel = Some(channel.id());
            // Requests come to this handler; russh also queues each in the read half
            // (100 at most) and waits for room. Kept unread, it stopped this
            // connection's SSH loop at a client's 101st request before a shell, for
            // good: the loop never saw its socket cut, and the connection held its
            // player's place (`serve_limits::a_client_stalled_before_its_shell_...`).
            let (_, write) = channel.split();
            self.open = Some(write);
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
        self.refuse_other_channel("port forwarding", reply).await;
        Ok(())
    }

    /// An X11 channel (a server opens those, never a client): refused and counted, as
    /// every other channel but the session's. Left to russh, it was refused uncounted,
    /// so a client could open them without end, never logged, and never reach
    /// [`MAX_REFUSALS`].
    async fn channel_open_x11(
        &mut self,
        _: Channel<Msg>,
        _: &str,
        _: u32,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse_other_channel("an X11 channel", reply).await;
        Ok(())
    }

    /// A forwarded TCP channel (the server's to open, for remote forwarding, which it
    /// refuses): refused and counted, as an X11 channel is.
    async fn channel_open_forwarded_tcpip(
        &mut self,
        _: Channel<Msg>,
        _: &str,
        _: u32,
        _: &str,
        _: u32,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse_other_channel("a forwarded TCP channel", reply)
            .await;
        Ok(())
    }

    /// Socket forwarding (`ssh -L` to a Unix socket): refused and counted, as an X11
    /// channel is.
    async fn channel_open_direct_streamlocal(
        &mut self,
        _: Channel<Msg>,
        _: &str,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse_other_channel("socket forwarding", reply).await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        columns: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // One pty a channel, before its shell or command (OpenSSH refuses a second):
        // each more was answered and taken, uncounted, without end.
        if Some(channel) != self.channel
            || self.pty.is_some()
            || self.started
            || self.input.is_some()
        {
            let first = !std::mem::replace(&mut self.pty_refused, true);
            self.count_refusal(first.then_some(
                "a second pty request, or one after the shell or command (each more \
                 counts as a refused request)",
            ));
            session.channel_failure(channel)?;
            return Ok(());
        }
        let size = self.pty.get_or_insert_with(SharedSize::default);
        size.set(window_size(columns, rows));
        self.dumb = term == "dumb";
        self.terminal = crate::ui::TerminalEnv::of_term(Some(term));
        self.term_palette = crate::prefs::guess_from_term(term);
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
        // Its type, channel, name, reply flag and four sizes (a drag sends many).
        self.door.seen(1 + 4 + 4 + 13 + 1 + 16, Instant::now());
        if let (Some(size), true) = (&self.pty, Some(channel) == self.channel) {
            size.set(window_size(columns, rows));
            let (columns, rows) = clamp_size(columns, rows);
            if self.cap.events.take(1, Instant::now()) == 1 {
                self.send(Wake::Terminal(Event::Resize(columns, rows)));
            } else if let Some(input) = self.input.clone()
                && !self.resize_owed.swap(true, Ordering::SeqCst)
            {
                // Over the cap: drawn once, a moment later, at the size then (a
                // window dragged for long sends hundreds; the last must be drawn).
                let (owed, size) = (self.resize_owed.clone(), size.clone());
                tokio::spawn(async move {
                    tokio::time::sleep(RESIZE_LATER).await;
                    owed.store(false, Ordering::SeqCst);
                    let now = size.get();
                    let _ = input.try_send(Wake::Terminal(Event::Resize(now.width, now.height)));
                });
            }
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if Some(channel) != self.channel || self.input.is_some() || self.started {
            self.refuse("a second shell or command on the channel");
            session.channel_failure(channel)?;
            return Ok(());
        }
        self.started = true;
        session.channel_success(channel)?;
        if self.pty.is_none() {
            self.refuse("a shell without a pty");
            // Standard error, as a refused command's line: standard output stays the
            // answer's alone (empty here).
            session.extended_data(channel, 1, words::NO_PTY.as_bytes().to_vec())?;
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
        // A stranger's bytes: cut to the longest command taken, made safe (and cut
        // to 64 columns) before the log or the client sees them.
        let shown = String::from_utf8_lossy(&data[..data.len().min(oneshot::MAX_COMMAND)]);
        let shown = safe_text(&shown);
        let (Some(who), true) = (
            self.who.clone(),
            Some(channel) == self.channel && self.input.is_none() && !self.started,
        ) else {
            // Not this connection's session channel, or a game or a command ran on it
            // (a client whose window stays shut kept its channel open, and ran a
            // hundred commands on it before the loop's buffer filled).
            self.refuse(&format!("exec {shown}"));
            session.channel_failure(channel)?;
            return Ok(());
        };
        self.started = true;
        let Some(command) = oneshot::parse(data) else {
            // Off the list: the channel is taken, only to say so on standard error
            // (a refused request shows only "exec request failed"), status 127 as a
            // shell's "command not found".
            self.refuse(&format!("exec {shown}"));
            session.channel_success(channel)?;
            let end = if self.pty.is_some() { "\r\n" } else { "\n" };
            // A command of the list with a word it does not take (`top blitz`): that
            // word and what the command takes, status 2 as a usage error; else 127.
            let (said, status) = match oneshot::bad_argument(data) {
                Some((command, word)) => {
                    (club_words::no_such_argument(command, &safe_text(&word)), 2)
                }
                None => (club_words::no_such_command(&shown), 127),
            };
            let line = format!("{said}{end}");
            session.extended_data(channel, 1, line.into_bytes())?;
            session.exit_status_request(channel, status)?;
            session.eof(channel)?;
            session.close(channel)?;
            return Ok(());
        };
        session.channel_success(channel)?;
        // As typed, in the list's own words (`top corners live`): nothing of the
        // stranger's bytes but the parsed words.
        self.log(&format!("one-shot {}", command.words()));
        let hall = self.server.hall.clone();
        // Laid out for the client's terminal with `ssh -t` (its width), else for 80
        // columns: a pipe's plain lines. A terminal too narrow is told so, status 1
        // (the answer asked for was not given).
        let layout = oneshot::layout(self.pty.as_ref().map(|size| size.window().0));
        let status = match layout {
            oneshot::Layout::Columns(_) => 0,
            oneshot::Layout::TooNarrow(_) => 1,
        };
        self.door.set_running(true);
        let mut text =
            tokio::task::spawn_blocking(move || oneshot::run(command, &who, &hall, layout))
                .await
                .unwrap_or_default();
        self.door.set_running(false);
        if self.pty.is_some() {
            // `ssh -t host status`: the client's terminal is raw, and no pty here
            // turns a line feed into a new line, so each line ends as a terminal's.
            text = text.replace('\n', "\r\n");
        }
        session.data(channel, text.into_bytes())?;
        session.exit_status_request(channel, status)?;
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

    /// Refused (the game reads no variable; `TERM` comes with the pty): quietly up to
    /// [`MAX_ENV`] variables or [`MAX_ENV_BYTES`], then each counts as a refusal,
    /// the first logged.
    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Its type, channel, name "env", reply flag, and the two strings.
        self.door
            .seen(1 + 4 + 7 + 1 + 8 + name.len() + value.len(), Instant::now());
        let (count, bytes) = self.env;
        let within = count <= MAX_ENV && bytes <= MAX_ENV_BYTES;
        self.env = (
            count.saturating_add(1),
            bytes.saturating_add(name.len() + value.len()),
        );
        if self.env.0 > MAX_ENV || self.env.1 > MAX_ENV_BYTES {
            let what = format!(
                "environment variables past {MAX_ENV} or {} KiB (each more counts as a \
                 refused request)",
                MAX_ENV_BYTES / 1024
            );
            self.count_refusal(within.then_some(what.as_str()));
        }
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

    async fn cancel_tcpip_forward(
        &mut self,
        _: &str,
        _: u32,
        _: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse_unasked(Unasked::CancelForward);
        Ok(false)
    }

    async fn cancel_streamlocal_forward(
        &mut self,
        _: &str,
        _: &mut Session,
    ) -> Result<bool, Self::Error> {
        self.refuse_unasked(Unasked::CancelSocketForward);
        Ok(false)
    }

    async fn signal(&mut self, _: ChannelId, _: Sig, _: &mut Session) -> Result<(), Self::Error> {
        self.refuse_unasked(Unasked::Signal);
        Ok(())
    }

    async fn extended_data(
        &mut self,
        _: ChannelId,
        _: u32,
        _: &[u8],
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        self.refuse_unasked(Unasked::ExtendedData);
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        let now = Instant::now();
        // Its type, channel and length, and the data: what it cost the client to send
        // at the least, so it buys no room for bytes nothing here takes.
        self.door.seen(1 + 4 + 4 + data.len(), now);
        if Some(channel) != self.channel || self.input.is_none() {
            return Ok(());
        }
        let allowed = self.cap.bytes.take(data.len(), now);
        let mut dropped = allowed < data.len();
        // Held while the session waits for the terminal's answers, which never reach
        // the game as keys.
        let keys = self.ask.take_in(&data[..allowed], now);
        for event in self.parser.feed(&keys) {
            let Some(wake) = wake_of(event, self.pty.as_ref()) else {
                continue;
            };
            if self.cap.events.take(1, now) == 0 {
                dropped = true;
                continue;
            }
            self.send(wake);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// QA s39 (qa46 D): a junk client's refusal was logged in russh's words alone
    /// (`refused: Bad packet size: 2598113801`); the server says what happened, russh's
    /// words kept after as the detail.
    #[test]
    fn a_refusal_before_the_login_is_said_in_the_server_s_words() {
        let said = |error: russh::Error| unauthenticated_end(&anyhow::Error::from(error));
        assert_eq!(
            said(russh::Error::PacketSize(2_598_113_801)),
            "refused: what it sent is not SSH the server can read: Bad packet size: 2598113801"
        );
        assert_eq!(
            said(russh::Error::Version),
            "refused: its first line is not an SSH version: invalid SSH version string"
        );
        assert_eq!(
            said(russh::Error::KexInit),
            "refused: no key exchange could be agreed with it: Key exchange init failed"
        );
        assert_eq!(said(russh::Error::HUP), "left before logging in");
    }

    /// At a shutdown the player is told their game is kept only when every game in
    /// play was written (QA: the line said only "Goodbye", though the game was kept).
    #[test]
    fn the_last_words_say_a_game_is_kept_only_when_it_was() {
        assert_eq!(last_words(0, true, true), Some(limits_words::SHUTDOWN_KEPT));
        assert_eq!(last_words(0, true, false), Some(limits_words::SHUTDOWN));
        assert_eq!(last_words(0, false, true), Some(limits_words::GOODBYE));
        assert_eq!(last_words(1, false, true), None);
    }

    /// A player's leaving is logged with how long they stayed, in the largest two
    /// units that say it.
    #[test]
    fn a_session_s_leaving_says_how_long_it_stayed() {
        assert_eq!(left_logged(Duration::from_millis(4_900)), "left after 4 s");
        assert_eq!(
            left_logged(Duration::from_secs(725)),
            "left after 12 min 5 s"
        );
        assert_eq!(
            left_logged(Duration::from_secs(3 * 3600 + 245)),
            "left after 3 h 4 min"
        );
    }

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap()
    }

    #[test]
    fn the_stop_closes_every_door_and_waits_for_its_task() {
        runtime().block_on(async {
            let mut connections = Connections::default();
            let said = Arc::new(AtomicUsize::new(0));
            for _ in 0..3 {
                let door = Arc::new(Door::default());
                let (waiting, said) = (door.clone(), said.clone());
                connections.spawn(door, async move {
                    assert_eq!(waiting.closing().await, Closing::Shutdown);
                    // What the connection sends after its door closed.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    said.fetch_add(1, Ordering::SeqCst);
                });
            }
            assert_eq!(connections.close_all(Duration::from_secs(5)).await, 0);
            assert_eq!(said.load(Ordering::SeqCst), 3);
        });
    }

    #[test]
    fn a_connection_that_does_not_close_is_counted_and_left_after_the_grace() {
        runtime().block_on(async {
            let mut connections = Connections::default();
            connections.spawn(Arc::new(Door::default()), std::future::pending());
            let ending = Arc::new(Door::default());
            let waiting = ending.clone();
            connections.spawn(ending, async move {
                waiting.closing().await;
            });
            let start = Instant::now();
            assert_eq!(connections.close_all(Duration::from_millis(200)).await, 1);
            assert!(start.elapsed() >= Duration::from_millis(200));
        });
    }

    #[test]
    fn ended_connections_are_forgotten() {
        runtime().block_on(async {
            let mut connections = Connections::default();
            connections.spawn(Arc::new(Door::default()), async {});
            connections.spawn(Arc::new(Door::default()), std::future::pending());
            tokio::task::yield_now().await;
            connections.reap();
            assert_eq!(connections.doors.len(), 1);
            assert_eq!(connections.tasks.len(), 1);
        });
    }
}
