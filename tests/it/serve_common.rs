//! Shared parts of the `hijara serve` tests: the real server on a free loopback port,
//! and russh's client with a pty whose screen is read through vt100. Everything is
//! bounded in time and stays on 127.0.0.1.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hijara::rules::{Game, Player as Colour, Square};
use russh::client;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{HashAlg, PrivateKey, PrivateKeyWithHashAlg, PublicKeyOrCertificate};
use russh::{ChannelMsg, client::Msg};
use tempfile::TempDir;

/// Where the server's standard error goes, in its data folder.
const STDERR_FILE: &str = "stderr.txt";

/// How long any wait in these tests may take.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// A running `hijara serve`, killed when dropped.
pub struct Server {
    child: Child,
    pub addr: SocketAddr,
    pub fingerprint: String,
    pub dir: TempDir,
}

impl Server {
    /// Starts the server on a free loopback port in a fresh data folder.
    pub fn start() -> Server {
        Server::start_with(&[])
    }

    /// Starts the server with more options.
    pub fn start_with(args: &[&str]) -> Server {
        Server::start_in(tempfile::tempdir().unwrap(), args)
    }

    /// Starts the server in `dir`, a data folder the test filled first (a bans file
    /// read at the very start), with `args`.
    pub fn start_in(dir: TempDir, args: &[&str]) -> Server {
        let (child, addr, fingerprint) = Server::spawn(dir.path(), args);
        Server {
            child,
            addr,
            fingerprint,
            dir,
        }
    }

    /// Kills the server at once (no shutdown: as a crash would) and starts it again on
    /// the same data folder, with `args`, on a new free port.
    pub fn restart(&mut self, args: &[&str]) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let (child, addr, fingerprint) = Server::spawn(self.dir.path(), args);
        (self.child, self.addr, self.fingerprint) = (child, addr, fingerprint);
    }

    /// Runs `hijara serve` in `dir`; returns it, its address and host key fingerprint.
    /// A refused login is heard at once, not after the real server's second
    /// (`--auth-rejection-ms`, for tests: each refusal cost a second of the suite).
    fn spawn(dir: &std::path::Path, args: &[&str]) -> (Child, SocketAddr, String) {
        let mut child = crate::common::hijara_command()
            .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
            .arg(dir)
            .args(["--auth-rejection-ms", "0"])
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(dir.join(STDERR_FILE)).unwrap())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut next = || lines.next().expect("the server printed its start").unwrap();
        let listening = next();
        let addr = listening
            .strip_prefix("hijara serve: listening on ")
            .unwrap_or_else(|| panic!("{listening}"))
            .parse()
            .unwrap();
        let key_line = next();
        let fingerprint = key_line
            .strip_prefix("hijara serve: host key ")
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("{key_line}"))
            .to_owned();
        (child, addr, fingerprint)
    }

    /// Kills the server at once (no shutdown: as a crash would), and waits for it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Whether the server process still runs.
    pub fn running(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// The server process's id (to signal it).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Waits (at most [`PATIENCE`]) for the server to exit; its status.
    pub fn wait_exit(&mut self) -> Option<std::process::ExitStatus> {
        let start = Instant::now();
        while start.elapsed() < PATIENCE {
            if let Some(status) = self.child.try_wait().unwrap() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }

    /// The server's database, opened beside it (SQLite's locking keeps them apart).
    pub fn db(&self) -> rusqlite::Connection {
        rusqlite::Connection::open(self.dir.path().join(hijara::server::DB_FILE)).unwrap()
    }

    /// The records of the server's history, newest first.
    pub fn history(&self) -> Vec<String> {
        let db = self.db();
        let mut rows = db
            .prepare("SELECT record FROM finished ORDER BY id DESC")
            .unwrap();
        rows.query_map([], |row| row.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect()
    }

    /// The history once it holds `n` games (waiting, at most [`PATIENCE`], for the
    /// store's writer), newest first.
    pub async fn history_of(&self, n: usize) -> Vec<String> {
        let start = Instant::now();
        loop {
            let history = self.history();
            if history.len() >= n {
                return history;
            }
            assert!(start.elapsed() < PATIENCE, "the history has {history:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// How many games in play the database keeps.
    pub fn in_play(&self) -> i64 {
        self.db()
            .query_row("SELECT count(*) FROM live WHERE playing = 1", [], |row| {
                row.get(0)
            })
            .unwrap()
    }

    /// What the server wrote to standard error so far (since its last start).
    pub fn stderr(&self) -> String {
        std::fs::read_to_string(self.dir.path().join(STDERR_FILE)).unwrap_or_default()
    }

    /// The server's log file (`server.log` in its data folder) as it is now.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("server.log")).unwrap_or_default()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A player's key, the same for the same seed.
pub fn key(seed: u8) -> PrivateKey {
    PrivateKey::from(Ed25519Keypair::from_seed(&[seed; 32]))
}

/// Checks that the server shows the fingerprint it printed.
pub struct Checker {
    fingerprint: String,
}

impl Checker {
    /// A checker for `server`'s key.
    pub fn expecting(server: &Server) -> Checker {
        Checker {
            fingerprint: server.fingerprint.clone(),
        }
    }
}

impl client::Handler for Checker {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(match key {
            PublicKeyOrCertificate::PublicKey { key, .. } => {
                key.fingerprint(HashAlg::Sha256).to_string() == self.fingerprint
            }
            _ => false,
        })
    }
}

/// A client that checks the host key and keeps what the server said when it
/// disconnected.
pub struct Told {
    pub checker: Checker,
    pub message: Arc<Mutex<Option<String>>>,
}

impl client::Handler for Told {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        self.checker.check_server_key(key).await
    }

    async fn disconnected(
        &mut self,
        reason: client::DisconnectReason<Self::Error>,
    ) -> Result<(), Self::Error> {
        match reason {
            client::DisconnectReason::ReceivedDisconnect(info) => {
                *self.message.lock().unwrap() = Some(info.message);
                Ok(())
            }
            client::DisconnectReason::Error(error) => Err(error),
        }
    }
}

/// How the server answered a login.
#[derive(Debug, PartialEq, Eq)]
pub enum Answer {
    /// Refused as every refusal is: SSH's "Permission denied", no word of why.
    Denied,
    /// Turned away with a disconnect message: these words.
    Told(String),
    /// Let in (and not disconnected within 5 s).
    In,
}

/// How the server answers a login from `from` (an address of 127.0.0.0/8: each has
/// its own rate of new connections) as `user` with key `seed` (`None`: a guest's
/// keyboard-interactive login, for a server run with `--guests`).
pub async fn login_answer(
    server: &Server,
    from: std::net::IpAddr,
    user: &str,
    seed: Option<u8>,
) -> Answer {
    let message = Arc::new(Mutex::new(None));
    let told = Told {
        checker: Checker::expecting(server),
        message: message.clone(),
    };
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::new(from, 0)).unwrap();
    let stream = tokio::time::timeout(PATIENCE, socket.connect(server.addr))
        .await
        .expect("connected in time")
        .expect("connected");
    let config = Arc::new(client::Config::default());
    let mut handle = tokio::time::timeout(PATIENCE, client::connect_stream(config, stream, told))
        .await
        .expect("a key exchange in time")
        .expect("a key exchange");
    let success = match seed {
        Some(seed) => handle
            .authenticate_publickey(user, PrivateKeyWithHashAlg::new(Arc::new(key(seed)), None))
            .await
            .map(|auth| auth.success()),
        None => handle
            .authenticate_keyboard_interactive_start(user, None)
            .await
            .map(|answer| matches!(answer, client::KeyboardInteractiveAuthResponse::Success)),
    };
    // A disconnect read before the answer ends the authentication in an error.
    if matches!(success, Ok(false)) {
        return Answer::Denied;
    }
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        if let Some(said) = message.lock().unwrap().clone() {
            return Answer::Told(said);
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert!(success.is_ok(), "neither let in nor told why: {success:?}");
    Answer::In
}

/// A client connected to `server` that logged in as `user` with key `seed`, and
/// whether the server let it in.
async fn log_in(server: &Server, user: &str, seed: u8) -> (client::Handle<Checker>, bool) {
    let config = Arc::new(client::Config::default());
    let checker = Checker::expecting(server);
    let mut handle = tokio::time::timeout(PATIENCE, client::connect(config, server.addr, checker))
        .await
        .expect("connected in time")
        .expect("connected");
    let auth = handle
        .authenticate_publickey(user, PrivateKeyWithHashAlg::new(Arc::new(key(seed)), None))
        .await
        .unwrap();
    (handle, auth.success())
}

/// A connected, authenticated client (no channel yet).
pub async fn connect(server: &Server, user: &str, seed: u8) -> client::Handle<Checker> {
    let (handle, let_in) = log_in(server, user, seed).await;
    assert!(let_in, "{user} was let in");
    handle
}

/// Whether the server refuses `user` with key `seed` at authentication.
pub async fn connect_refused(server: &Server, user: &str, seed: u8) -> bool {
    let (_, let_in) = log_in(server, user, seed).await;
    !let_in
}

/// What a test client's terminal answers to the server's queries, as a real terminal
/// would: its background colour (OSC 11), and its device attributes (DA1).
#[derive(Debug, Clone, Copy)]
pub struct Answers {
    /// The answer to `ESC ] 11 ; ?`, whole, if the terminal gives one.
    pub background: Option<&'static [u8]>,
    /// Whether it answers `ESC [ c` (every real terminal does).
    pub da1: bool,
}

impl Answers {
    /// A terminal that does not tell its background, but answers DA1 as all do: the
    /// server's wait ends at once, and no palette is suggested.
    pub const NO_BACKGROUND: Answers = Answers {
        background: None,
        da1: true,
    };
    /// A terminal that answers nothing (or a link so slow that its answers come after
    /// the server's wait): the test sends what it likes, when it likes.
    pub const SILENT: Answers = Answers {
        background: None,
        da1: false,
    };
}

/// What a terminal answers to DA1 (a VT220 with colour).
pub const DA1_ANSWER: &[u8] = b"\x1b[?62;22c";

/// A player at the game: a pty of `cols`×`rows`, its screen kept by vt100.
pub struct Player {
    /// Keeps the connection open.
    _handle: client::Handle<Checker>,
    writer: Arc<russh::ChannelWriteHalf<Msg>>,
    screen: Arc<Mutex<vt100::Parser>>,
    closed: Arc<Mutex<bool>>,
    /// How many BEL bytes arrived.
    bells: Arc<AtomicUsize>,
    /// Every byte that arrived, in order.
    raw: Arc<Mutex<Vec<u8>>>,
    /// How far [`Player::wait_said`] has read `raw`.
    said: Mutex<usize>,
    /// The exit status the server sent, if it did.
    exit: Arc<Mutex<Option<u32>>>,
}

impl Player {
    /// Connects as `user` with key `seed`, asks for a pty and the shell.
    pub async fn join(server: &Server, user: &str, seed: u8, cols: u16, rows: u16) -> Player {
        Player::join_term(server, user, seed, cols, rows, "xterm-256color").await
    }

    /// Joins as [`Player::join`] does, the pty's terminal named `term`.
    pub async fn join_term(
        server: &Server,
        user: &str,
        seed: u8,
        cols: u16,
        rows: u16,
        term: &str,
    ) -> Player {
        let handle = connect(server, user, seed).await;
        Player::open(handle, cols, rows, term, Answers::NO_BACKGROUND).await
    }

    /// Joins as [`Player::join`] does (80×24, `xterm-256color`), the terminal
    /// answering the server's queries as `answers` says.
    pub async fn join_answering(server: &Server, user: &str, seed: u8, answers: Answers) -> Player {
        let handle = connect(server, user, seed).await;
        Player::open(handle, 80, 24, "xterm-256color", answers).await
    }

    /// Connects as the guest `user` (keyboard-interactive, no key; the server must
    /// run with `--guests`), with an 80×24 pty and the shell.
    pub async fn join_guest(server: &Server, user: &str) -> Player {
        let config = Arc::new(client::Config::default());
        let checker = Checker::expecting(server);
        let mut handle =
            tokio::time::timeout(PATIENCE, client::connect(config, server.addr, checker))
                .await
                .expect("connected in time")
                .expect("connected");
        let answer = handle
            .authenticate_keyboard_interactive_start(user, None)
            .await
            .unwrap();
        assert!(
            matches!(answer, client::KeyboardInteractiveAuthResponse::Success),
            "the guest {user} was let in"
        );
        Player::open(handle, 80, 24, "xterm-256color", Answers::NO_BACKGROUND).await
    }

    /// A pty of `cols`×`rows` for a terminal named `term`, and the shell, on a
    /// connection already let in.
    async fn open(
        handle: client::Handle<Checker>,
        cols: u16,
        rows: u16,
        term: &str,
        answers: Answers,
    ) -> Player {
        let channel = handle.channel_open_session().await.unwrap();
        channel
            .request_pty(false, term, cols.into(), rows.into(), 0, 0, &[])
            .await
            .unwrap();
        channel.request_shell(false).await.unwrap();
        let (mut reader, writer) = channel.split();
        let writer = Arc::new(writer);
        // Weak: the reader must not keep the channel's sender, so the connection open,
        // once the player is dropped (its session would then never end on the server).
        let answering = Arc::downgrade(&writer);
        let screen = Arc::new(Mutex::new(vt100::Parser::new(
            std::num::NonZero::new(rows).unwrap(),
            std::num::NonZero::new(cols).unwrap(),
            0,
        )));
        let closed = Arc::new(Mutex::new(false));
        let bells = Arc::new(AtomicUsize::new(0));
        let raw = Arc::new(Mutex::new(Vec::new()));
        let exit = Arc::new(Mutex::new(None));
        let (shown, done, rung, kept, status) = (
            screen.clone(),
            closed.clone(),
            bells.clone(),
            raw.clone(),
            exit.clone(),
        );
        tokio::spawn(async move {
            while let Some(msg) = reader.wait().await {
                match msg {
                    ChannelMsg::Data { data } => {
                        // The queries come whole, in one write: answered in order.
                        let asked = |query: &[u8]| data.windows(query.len()).any(|w| w == query);
                        if let (true, Some(answer), Some(answering)) =
                            (asked(b"\x1b]11;?"), answers.background, answering.upgrade())
                        {
                            let _ = answering.data_bytes(answer.to_vec()).await;
                        }
                        if let (true, Some(answering)) =
                            (answers.da1 && asked(b"\x1b[c"), answering.upgrade())
                        {
                            let _ = answering.data_bytes(DA1_ANSWER.to_vec()).await;
                        }
                        // The background query's BEL ends it, and rings nothing.
                        let queries = data.windows(7).filter(|w| w == b"\x1b]11;?\x07").count();
                        let bels = data.iter().filter(|&&b| b == 7).count();
                        rung.fetch_add(bels - queries, Ordering::SeqCst);
                        kept.lock().unwrap().extend_from_slice(&data);
                        shown.lock().unwrap().process(&data);
                    }
                    ChannelMsg::ExitStatus { exit_status } => {
                        *status.lock().unwrap() = Some(exit_status);
                    }
                    _ => {}
                }
            }
            *done.lock().unwrap() = true;
        });
        Player {
            _handle: handle,
            writer,
            screen,
            closed,
            bells,
            raw,
            said: Mutex::new(0),
            exit,
        }
    }

    /// The exit status the server sent before closing the channel, if any.
    pub fn exit_status(&self) -> Option<u32> {
        *self.exit.lock().unwrap()
    }

    /// Drops the connection, as a lost link would, without leaving the game first.
    pub async fn disconnect(self) {
        let _ = self
            ._handle
            .disconnect(russh::Disconnect::ByApplication, "", "")
            .await;
    }

    /// The screen's text now.
    pub fn screen(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// What the cells of the screen hold, each with its combining marks, row by row.
    pub fn cells(&self) -> Vec<String> {
        let parser = self.screen.lock().unwrap();
        let screen = parser.screen();
        let (rows, cols) = screen.size();
        (0..rows.get())
            .flat_map(|row| (0..cols.get()).map(move |col| (row, col)))
            .filter_map(|(row, col)| screen.cell(row, col).map(|c| c.contents().to_owned()))
            .collect()
    }

    /// How many times the bell rang (BEL bytes received).
    pub fn bells(&self) -> usize {
        self.bells.load(Ordering::SeqCst)
    }

    /// Whether any cell on screen has a colour (bold and the like are not colours).
    pub fn coloured(&self) -> bool {
        let parser = self.screen.lock().unwrap();
        let screen = parser.screen();
        let (rows, cols) = screen.size();
        (0..rows.get()).any(|row| {
            (0..cols.get()).any(|col| {
                screen.cell(row, col).is_some_and(|cell| {
                    cell.fgcolor() != vt100::Color::Default
                        || cell.bgcolor() != vt100::Color::Default
                })
            })
        })
    }

    /// Whether every cell outside the columns `left..right` and rows `top..bottom` is
    /// blank and uncoloured.
    pub fn margins_plain(&self, (left, top, right, bottom): (usize, usize, usize, usize)) -> bool {
        let parser = self.screen.lock().unwrap();
        let screen = parser.screen();
        let (rows, cols) = screen.size();
        (0..rows.get()).all(|row| {
            (0..cols.get()).all(|col| {
                let inside = (left..right).contains(&usize::from(col))
                    && (top..bottom).contains(&usize::from(row));
                inside
                    || screen.cell(row, col).is_none_or(|cell| {
                        cell.contents().trim().is_empty()
                            && cell.fgcolor() == vt100::Color::Default
                            && cell.bgcolor() == vt100::Color::Default
                    })
            })
        })
    }

    /// Whether any cell on screen has a colour past the 16 ANSI ones (the 256-colour
    /// palettes: colour-blind, light, high contrast; never the default).
    pub fn in_256_colours(&self) -> bool {
        let parser = self.screen.lock().unwrap();
        let screen = parser.screen();
        let (rows, cols) = screen.size();
        let wide = |c: vt100::Color| matches!(c, vt100::Color::Idx(16..) | vt100::Color::Rgb(..));
        (0..rows.get()).any(|row| {
            (0..cols.get()).any(|col| {
                screen
                    .cell(row, col)
                    .is_some_and(|cell| wide(cell.fgcolor()) || wide(cell.bgcolor()))
            })
        })
    }

    /// Types `bytes`.
    pub async fn send(&self, bytes: &[u8]) {
        self.writer.data_bytes(bytes.to_vec()).await.unwrap();
    }

    /// Types `bytes`, if the channel is still open (a fuzzer's random `q` may close it).
    pub async fn send_lossy(&self, bytes: &[u8]) {
        let _ = self.writer.data_bytes(bytes.to_vec()).await;
    }

    /// Sends a window change, if the channel is still open.
    pub async fn resize_lossy(&self, cols: u32, rows: u32) {
        let _ = self.writer.window_change(cols, rows, 0, 0).await;
    }

    /// Resizes the terminal: the screen read here, then the window change sent.
    pub async fn resize(&self, cols: u16, rows: u16) {
        self.screen.lock().unwrap().screen_mut().set_size(
            std::num::NonZero::new(rows).unwrap(),
            std::num::NonZero::new(cols).unwrap(),
        );
        self.writer
            .window_change(cols.into(), rows.into(), 0, 0)
            .await
            .unwrap();
    }

    /// Waits until the screen shows `text`; fails with the screen after [`PATIENCE`].
    pub async fn wait_for(&self, text: &str) {
        wait_shown(|| self.screen(), text).await;
    }

    /// Every byte that arrived so far.
    pub fn raw(&self) -> Vec<u8> {
        self.raw.lock().unwrap().clone()
    }

    /// Waits until the bytes that arrived after the last text waited for this way
    /// hold `text` (the line mode's output, read as it came, not as a screen); fails
    /// with what arrived after [`PATIENCE`].
    pub async fn wait_said(&self, text: &str) {
        let start = Instant::now();
        loop {
            {
                let raw = self.raw.lock().unwrap();
                let mut said = self.said.lock().unwrap();
                let fresh = String::from_utf8_lossy(&raw[*said..]);
                if let Some(at) = fresh.find(text) {
                    // Lossy decoding may change lengths only at broken UTF-8, which the
                    // server never sends: the offset is the bytes'.
                    *said += at + text.len();
                    return;
                }
                assert!(
                    start.elapsed() < PATIENCE,
                    "{text:?} never arrived; after the last text waited for:\n{}",
                    fresh.escape_debug()
                );
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// In the line mode at a game in play: `quit`, the question whether to leave (its
    /// `?` and `yes: leave`) answered with `answer` (`y`, `yes`), and the lobby's title
    /// said: back at the lobby.
    pub async fn leave_game_in_lines(&self, answer: &str) {
        self.send(b"quit\r").await;
        self.wait_said("?").await;
        self.wait_said("yes: leave").await;
        self.send(format!("{answer}\r").as_bytes()).await;
        self.wait_said("hijara: the lobby.\r\n").await;
    }

    /// In the line mode at a game in play: `resign`, the question whether to (its
    /// `yes: resign`) answered `yes`.
    pub async fn resign_in_lines(&self) {
        self.send(b"resign\r").await;
        self.wait_said("yes: resign").await;
        self.send(b"yes\r").await;
    }

    /// In the line mode at a game that asks nothing on leaving (a correspondence game,
    /// or one left by the other player): `quit`, and the lobby's title said.
    pub async fn back_to_lobby_in_lines(&self) {
        self.send(b"quit\r").await;
        self.wait_said("hijara: the lobby.\r\n").await;
    }

    /// Waits until the server closed the channel.
    pub async fn wait_closed(&self) {
        let start = Instant::now();
        while !*self.closed.lock().unwrap() {
            assert!(
                start.elapsed() < PATIENCE,
                "the channel stayed open:\n{}",
                self.screen()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Waits until `screen` (read again every 20 ms) shows `text`; fails with the screen
/// after [`PATIENCE`].
pub async fn wait_shown(screen: impl Fn() -> String, text: &str) {
    let start = Instant::now();
    while !screen().contains(text) {
        assert!(
            start.elapsed() < PATIENCE,
            "no {text:?} on the screen:\n{}",
            screen()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits (at most the tests' patience) until `player`'s screen no longer shows `text`.
pub async fn wait_gone(player: &Player, text: &str) {
    let start = Instant::now();
    while player.screen().contains(text) {
        assert!(
            start.elapsed() < PATIENCE,
            "{text:?} stayed:\n{}",
            player.screen()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Waits until `check` holds of the server's log; fails with the log after [`PATIENCE`].
pub async fn wait_log(server: &Server, what: &str, check: impl Fn(&str) -> bool) {
    let start = Instant::now();
    while !check(&server.log()) {
        assert!(
            start.elapsed() < PATIENCE,
            "the log never showed {what}:\n{}",
            server.log()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Runs `test` on a runtime of its own, bounded by four patiences.
pub fn run<F: std::future::Future<Output = ()>>(test: F) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        tokio::time::timeout(PATIENCE * 4, test)
            .await
            .expect("the test finished in time");
    });
}

/// A whole game: 64 moves that fill the board square by square, row by row, four
/// rounds.
pub fn filling_moves() -> Vec<Square> {
    let order: Vec<Square> = "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4"
        .split(' ')
        .map(|s| s.parse().unwrap())
        .collect();
    (0..4).flat_map(|_| order.clone()).collect()
}

/// The totals line every screen shows at the end of [`filling_moves`]' game.
pub fn filling_totals() -> String {
    let game = Game::from_moves(filling_moves()).unwrap();
    format!(
        "Blue {}  Yellow {}",
        game.score(Colour::Blue),
        game.score(Colour::Yellow)
    )
}

/// `mover` places at `square`, and both screens show it as move `n`.
pub async fn play(mover: &Player, other: &Player, n: usize, square: &str) {
    let letter = if n % 2 == 1 { 'B' } else { 'Y' };
    mover.send(square.as_bytes()).await;
    let entry = format!("{n:>2} {letter} {square}");
    mover.wait_for(&entry).await;
    other.wait_for(&entry).await;
}

/// `blue` and `yellow` [`play`] `squares` in turn, the first as move `from + 1`.
pub async fn play_from(blue: &Player, yellow: &Player, from: usize, squares: &[impl ToString]) {
    for (k, square) in squares.iter().enumerate() {
        let n = from + k + 1;
        let (mover, other) = if n % 2 == 1 {
            (blue, yellow)
        } else {
            (yellow, blue)
        };
        play(mover, other, n, &square.to_string()).await;
    }
}

/// Alice opens a table (Blue), Bob sits down (Yellow): both at the board.
pub async fn seated(server: &Server) -> (Player, Player) {
    seated_with(server, &[("n", "Enter start")]).await
}

/// [`seated`] at the table Alice's `form` chooses: each step's keys typed in the lobby
/// and the new table's form, and the text they bring waited for, before Enter opens it.
pub async fn seated_with(server: &Server, form: &[(&str, &str)]) -> (Player, Player) {
    let alice = Player::join(server, "alice", 1, 80, 24).await;
    alice.wait_for("q leave").await;
    for (keys, shown) in form {
        alice.send(keys.as_bytes()).await;
        alice.wait_for(shown).await;
    }
    alice.send(b"\r").await;
    alice.wait_for("waiting for an opponent").await;
    let bob = Player::join(server, "bob", 2, 80, 24).await;
    bob.wait_for("alice (Blue) v - (Yellow)").await;
    bob.send(b"1").await;
    alice.wait_for("Your move").await;
    bob.wait_for("alice to move").await;
    (alice, bob)
}

/// `player`, in the lobby, fills the new table's form for a correspondence game of a
/// day a move and sends it (Enter): what the server answers is the caller's to wait for.
pub async fn ask_corr_table(player: &Player) {
    player.wait_for("q leave").await;
    player.send(b"n").await;
    player.wait_for("Enter start").await;
    // None, 3+2, 5+3, 10+5, 30+0, then a day a move.
    player.send(b"ttttt").await;
    player.wait_for("1 day a move").await;
    player.send(b"\r").await;
}

/// `player`, in the lobby, opens a correspondence table of a day a move: the lobby
/// says it is open.
pub async fn open_corr_table(player: &Player) {
    ask_corr_table(player).await;
    player.wait_for("open for a correspondence game").await;
}

/// Dana opens a game against the server's random AI (Blue, the form's defaults
/// otherwise): at the board, Blue to move.
pub async fn against_random_ai(server: &Server) -> Player {
    let dana = Player::join(server, "dana", 4, 80, 24).await;
    dana.wait_for("q leave").await;
    dana.send(b"a").await;
    // The AI's level: random (o cycles from medium: hard, a person, random).
    dana.send(b"ooo").await;
    dana.wait_for("against the random AI").await;
    dana.send(b"\r").await;
    dana.wait_for("Your move").await;
    dana
}

/// The grace tests' set-up: alice and bob play a1 at a server started with
/// `--reconnect-grace 1`; it is killed and started again, and both log in again, bob
/// first, to their lobbies (`unfinished: 1`). With the server, alice and bob, when
/// bob's grace counted from the restart is over: the restarted server loaded the game,
/// and started counting his grace, before it said it listens, which `restart` waits
/// for, so a second from its return is past that grace.
pub async fn both_back_in_the_lobby_after_a_restart() -> (Server, Player, Player, Instant) {
    let mut server = Server::start_with(&["--reconnect-grace", "1"]);
    let (alice, bob) = seated(&server).await;
    play(&alice, &bob, 1, "a1").await;
    server.restart(&["--reconnect-grace", "1"]);
    let grace_over = Instant::now() + Duration::from_secs(1);
    drop((alice, bob));
    let bob = Player::join(&server, "bob", 2, 80, 24).await;
    bob.wait_for("unfinished: 1").await;
    let alice = Player::join(&server, "alice", 1, 80, 24).await;
    alice.wait_for("unfinished: 1").await;
    (server, alice, bob, grace_over)
}
