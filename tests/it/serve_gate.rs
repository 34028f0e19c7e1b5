//! `hijara serve`'s gate (issue 26, defect 2), with the real server on loopback, russh's
//! client for the players and raw TCP sockets for the stranger: the login grace time,
//! the caps on connections waiting to log in, the rate of new connections, the caps on
//! sessions, and what a refused client is told. Every socket is on 127.0.0.0/8, and
//! every wait and loop is bounded.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::client::{self, KeyboardInteractiveAuthResponse};
use russh::keys::PrivateKeyWithHashAlg;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

use crate::serve_common::{
    Answer, Checker, PATIENCE, Player, Server, Told, key, login_answer, run, wait_log,
};
use crate::serve_openssh::{SSH, ssh_args};

/// The address the players come from; the stranger uses 127.0.0.2 and up.
fn player_address() -> IpAddr {
    IpAddr::V4(Ipv4Addr::LOCALHOST)
}

fn stranger(n: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2 + n))
}

/// A TCP connection to the server from `from`.
async fn tcp_from(server: SocketAddr, from: IpAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    tokio::time::timeout(Duration::from_secs(5), socket.connect(server))
        .await
        .map_err(|_| std::io::Error::other("no connection in 5 s"))?
}

/// An SSH connection from `from` (key exchange done, not authenticated), and what the
/// server will say when it disconnects.
async fn ssh_from(
    server: &Server,
    from: IpAddr,
) -> Result<(client::Handle<Told>, Arc<Mutex<Option<String>>>), String> {
    let stream = tcp_from(server.addr, from)
        .await
        .map_err(|e| e.to_string())?;
    let message = Arc::new(Mutex::new(None));
    let told = Told {
        checker: Checker::expecting(server),
        message: message.clone(),
    };
    let handle = tokio::time::timeout(
        PATIENCE,
        client::connect_stream(Arc::new(client::Config::default()), stream, told),
    )
    .await
    .map_err(|_| "no key exchange in time".to_owned())?
    .map_err(|e| e.to_string())?;
    Ok((handle, message))
}

/// What the server said when it disconnected `who` (waits 5 s at most).
async fn told_within(told: &Mutex<Option<String>>, who: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        if let Some(message) = told.lock().unwrap().clone() {
            return message;
        }
        assert!(Instant::now() < deadline, "{who} was told nothing");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A player's login from `from` with key `seed`: the handle and the time it took, or
/// why it failed.
async fn login(
    server: &Server,
    from: IpAddr,
    user: &str,
    seed: u8,
) -> Result<(client::Handle<Told>, Duration), String> {
    let start = Instant::now();
    let (mut handle, message) = ssh_from(server, from).await?;
    let auth = handle
        .authenticate_publickey(user, PrivateKeyWithHashAlg::new(Arc::new(key(seed)), None))
        .await
        .map_err(|e| format!("{e} ({:?})", message.lock().unwrap()))?;
    if !auth.success() {
        return Err(format!("{user} refused"));
    }
    Ok((handle, start.elapsed()))
}

/// The stranger's socket: it reads the server's first line and sends nothing. The
/// line, if one came within two seconds.
async fn silent(server: SocketAddr, from: IpAddr) -> Option<(TcpStream, String)> {
    let stream = tcp_from(server, from).await.ok()?;
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    tokio::time::timeout(Duration::from_secs(2), reader.read_line(&mut line))
        .await
        .ok()?
        .ok()?;
    Some((reader.into_inner(), line))
}

/// Whether the server closed `socket` within `within` (a read ends or fails).
async fn closed_within(socket: &mut TcpStream, within: Duration) -> bool {
    let mut scratch = [0; 256];
    let end = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(end, socket.read(&mut scratch)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}

#[test]
fn a_silent_socket_and_a_client_that_never_logs_in_are_closed_at_the_login_grace() {
    run(async {
        let server = Server::start_with(&["--login-grace", "2"]);
        let start = Instant::now();
        let (mut socket, banner) = silent(server.addr, player_address())
            .await
            .expect("the server's version");
        assert!(banner.starts_with("SSH-2.0-"), "{banner:?}");
        let (handle, told) = ssh_from(&server, player_address()).await.unwrap();
        assert!(
            closed_within(&mut socket, Duration::from_secs(5)).await,
            "the silent socket stayed open"
        );
        let waited = start.elapsed();
        assert!(
            waited >= Duration::from_millis(1500),
            "closed after {waited:?}"
        );
        // The SSH client is told why, in a disconnect message, and is gone.
        let deadline = Instant::now() + Duration::from_secs(5);
        while told.lock().unwrap().is_none() || !handle.is_closed() {
            assert!(
                Instant::now() < deadline,
                "the unauthenticated client stayed"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let told = told.lock().unwrap().clone();
        assert_eq!(told.as_deref(), Some("hijara serve: no login within 2 s"));
        wait_log(&server, "both refusals", |log| {
            log.contains("refused: no SSH version within the login grace time (2 s)")
                && log.contains("refused: no login within the login grace time (2 s)")
        })
        .await;
    });
}

#[test]
fn silent_sockets_from_one_address_do_not_lock_it_out() {
    run(async {
        let server = Server::start();
        // Eight sockets that got the version and say nothing, from the player's address.
        let mut sockets = Vec::new();
        for _ in 0..8 {
            let (socket, _) = silent(server.addr, player_address())
                .await
                .expect("let in at the door");
            sockets.push(socket);
        }
        // The newest four wait; the oldest lost their places to them.
        let mut closed = 0;
        for socket in &mut sockets[..4] {
            closed += usize::from(closed_within(socket, Duration::from_secs(3)).await);
        }
        assert_eq!(closed, 4, "the oldest waiting sockets were closed");
        let (_alice, took) = login(&server, player_address(), "alice", 1)
            .await
            .expect("alice is let in");
        assert!(took < Duration::from_secs(10), "{took:?}");
        wait_log(&server, "the places taken", |log| {
            log.contains("a newer one took its place") && log.contains("is alice (SHA256:")
        })
        .await;
    });
}

#[test]
fn a_stranger_holding_many_sockets_from_several_addresses_keeps_no_player_out() {
    run(async {
        let server = Server::start();
        // The stranger: 72 silent sockets, 9 from each of 8 addresses, each put back when
        // the server closes it (within the rate the server allows), until the players
        // are in (20 s and 2,000 sockets at most).
        let addr = server.addr;
        let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stop_stranger = done.clone();
        // Set once the stranger has opened its 72 sockets at least (in as many rounds
        // as that takes: one the server closes or turns away ends its address's turn
        // in a round).
        let pressing = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let pressed = pressing.clone();
        let stranger_task = tokio::spawn(async move {
            let stop = Instant::now() + Duration::from_secs(20);
            let mut held: Vec<(IpAddr, TcpStream)> = Vec::new();
            let mut opened = 0;
            while Instant::now() < stop
                && opened < 2000
                && !stop_stranger.load(std::sync::atomic::Ordering::SeqCst)
            {
                for n in 0..8 {
                    let from = stranger(n);
                    while held.iter().filter(|(a, _)| *a == from).count() < 9 {
                        opened += 1;
                        match silent(addr, from).await {
                            Some((socket, line)) if line.starts_with("SSH-") => {
                                held.push((from, socket));
                            }
                            _ => break,
                        }
                    }
                }
                if opened >= 72 {
                    pressed.store(true, std::sync::atomic::Ordering::SeqCst);
                }
                // Drop what the server closed.
                let mut open = Vec::new();
                for (from, socket) in held.drain(..) {
                    let mut byte = [0; 1];
                    match socket.try_read(&mut byte) {
                        Ok(0) => {}
                        Err(e) if e.kind() != std::io::ErrorKind::WouldBlock => {}
                        _ => open.push((from, socket)),
                    }
                }
                held = open;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            opened
        });
        // The players come once the stranger has opened its 72 (it used to be given a
        // fixed 2 s for it; then, s19, the players came after its first round, which
        // on a loaded machine had opened 65 to 68 when they were all in, and the check
        // that it had opened 72 failed, s20).
        let deadline = Instant::now() + Duration::from_secs(20);
        while !pressing.load(std::sync::atomic::Ordering::SeqCst) {
            assert!(
                Instant::now() < deadline,
                "the stranger never opened 72 sockets"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // Ten players log in one after the other, and stay (from two addresses: eight
        // players at most come from one).
        let mut players = Vec::new();
        for n in 0..10u8 {
            let from = IpAddr::V4(Ipv4Addr::new(127, 0, 1, 1 + n % 2));
            let (handle, took) = login(&server, from, &format!("p{n}"), 60 + n)
                .await
                .unwrap_or_else(|e| panic!("player {n} kept out: {e}\n{}", server.log()));
            assert!(took < Duration::from_secs(10), "player {n}: {took:?}");
            players.push(handle);
        }
        done.store(true, std::sync::atomic::Ordering::SeqCst);
        // The stranger's 72 are waited for above, before the players come.
        stranger_task.await.unwrap();
        assert!(players.iter().all(|p| !p.is_closed()), "{}", server.log());
    });
}

#[test]
fn a_full_server_tells_the_player_why() {
    run(async {
        let server =
            Server::start_with(&["--max-sessions", "2", "--max-per-address", "1", "--guests"]);
        let (_alice, _) = login(&server, player_address(), "alice", 1).await.unwrap();
        // One player from this address already.
        let (mut handle, told) = ssh_from(&server, player_address()).await.unwrap();
        let _ = handle
            .authenticate_publickey("bob", PrivateKeyWithHashAlg::new(Arc::new(key(2)), None))
            .await;
        assert_eq!(
            told_within(&told, "bob").await,
            "hijara serve: too many players from your address; try again later"
        );
        // Another address: in. Then the server is full for everyone.
        let (_carol, _) = login(&server, stranger(0), "carol", 3).await.unwrap();
        let (mut handle, told) = ssh_from(&server, stranger(1)).await.unwrap();
        let _ = handle
            .authenticate_publickey("dave", PrivateKeyWithHashAlg::new(Arc::new(key(4)), None))
            .await;
        assert_eq!(
            told_within(&told, "dave").await,
            "hijara serve is full; try again later"
        );
        // A guest is turned away the same way.
        let (mut handle, told) = ssh_from(&server, stranger(2)).await.unwrap();
        let _ = handle
            .authenticate_keyboard_interactive_start("gus", None)
            .await;
        assert_eq!(
            told_within(&told, "gus").await,
            "hijara serve is full; try again later"
        );
        wait_log(&server, "the refusals", |log| {
            // With `--max-per-address 1`: it said `1 players are` (cli25).
            log.contains("refused: bob: 1 player is in from this address")
                && log.contains("refused: dave: the server is full (2 players)")
                && log.contains("refused: ~gus: the server is full (2 players)")
        })
        .await;
        // QA: a refused login left its name bound to the key (and a guest counted):
        // a login turned away leaves no trace in the store.
        let db = server.db();
        let names: Vec<String> = db
            .prepare("SELECT name FROM names ORDER BY name")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(names, ["alice", "carol"]);
        let guests: i64 = db
            .query_row("SELECT value FROM meta WHERE name = 'guests'", [], |row| {
                row.get(0)
            })
            .unwrap();
        assert_eq!(guests, 0, "no guest number was given");
    });
}

#[test]
fn new_connections_past_the_rate_are_turned_away_with_a_line() {
    run(async {
        let server = Server::start_with(&["--connect-burst", "2", "--connect-per-minute", "1"]);
        for _ in 0..2 {
            let (_, line) = silent(server.addr, player_address()).await.unwrap();
            assert!(line.starts_with("SSH-2.0-"), "{line:?}");
        }
        let (mut socket, line) = silent(server.addr, player_address()).await.unwrap();
        assert_eq!(
            line,
            "hijara serve: too many new connections from your address; try again in a minute\r\n"
        );
        assert!(closed_within(&mut socket, Duration::from_secs(2)).await);
        // Another address has its own allowance.
        let (_, line) = silent(server.addr, stranger(0)).await.unwrap();
        assert!(line.starts_with("SSH-2.0-"), "{line:?}");
        wait_log(&server, "the refusal", |log| {
            log.contains("refused at the door: too many new connections from this address")
        })
        .await;
    });
}

/// QA: a guest who asked for `~gina` was shown as `~~gina`, and two guests could be
/// `~gina` at once. The mark is added once; a guest's name is held by one live guest
/// at a time (in any case), and the second is told so, then free once they leave.
#[test]
fn a_guest_s_mark_is_added_once_and_one_live_guest_holds_a_name() {
    run(async {
        let server = Server::start_with(&["--guests"]);
        let hal = Player::join_guest(&server, "~hal").await;
        hal.wait_for("you: ~hal").await;
        assert!(!hal.screen().contains("~~hal"), "{}", hal.screen());
        for (asked, name) in [("hal", "~hal"), ("~HAL", "~HAL")] {
            let (mut handle, told) = ssh_from(&server, stranger(1)).await.unwrap();
            let _ = handle
                .authenticate_keyboard_interactive_start(asked, None)
                .await;
            assert_eq!(
                told_within(&told, asked).await,
                format!(
                    "hijara serve: a guest connected now holds {name} or a name like it; connect with another name"
                ),
                "{asked}"
            );
        }
        wait_log(&server, "the refusal", |log| {
            log.contains("refused: guest ~HAL: a guest is connected with that name")
        })
        .await;
        // Once hal has left, the name is free again.
        hal.disconnect().await;
        let deadline = Instant::now() + PATIENCE;
        loop {
            let (mut handle, told) = ssh_from(&server, stranger(2)).await.unwrap();
            let answer = handle
                .authenticate_keyboard_interactive_start("hal", None)
                .await;
            tokio::time::sleep(Duration::from_millis(100)).await;
            let in_use = told.lock().unwrap().is_some();
            if matches!(answer, Ok(KeyboardInteractiveAuthResponse::Success)) && !in_use {
                break;
            }
            assert!(Instant::now() < deadline, "~hal stays taken");
        }
    });
}

/// Runs the system's `ssh` at `server` once, as `user` (raw bytes), with `identity`,
/// with the options of the OpenSSH tests (batch mode, no setting of the user's); it
/// must be refused.
fn system_ssh(server: &Server, dir: &std::path::Path, user: &[u8], identity: &std::path::Path) {
    use std::os::unix::ffi::OsStrExt;
    let status = std::process::Command::new(SSH)
        .args(ssh_args(server, dir, identity))
        .arg("-l")
        .arg(std::ffi::OsStr::from_bytes(user))
        .args(["127.0.0.1", "true"])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .expect("/usr/bin/ssh runs");
    assert!(!status.success(), "ssh was let in");
}

#[test]
fn every_refusal_is_logged_with_time_and_address_and_stderr_holds_only_the_log() {
    for tool in ["/usr/bin/ssh", "/usr/bin/ssh-keygen"] {
        assert!(
            std::path::Path::new(tool).exists(),
            "this test needs OpenSSH's client: {tool} is missing"
        );
    }
    run(async {
        let server = Server::start();
        // A password, and keyboard-interactive without --guests.
        let (mut handle, _) = ssh_from(&server, player_address()).await.unwrap();
        let password = handle.authenticate_password("pat", "secret").await.unwrap();
        assert!(!password.success());
        let asked = handle
            .authenticate_keyboard_interactive_start("kim", None)
            .await
            .unwrap();
        assert!(!matches!(asked, KeyboardInteractiveAuthResponse::Success));
        drop(handle);
        // An RSA key, and a user name that is not UTF-8: the system's ssh (russh's
        // client here has no RSA, and takes names as text).
        let dir = tempfile::tempdir().unwrap();
        let rsa = dir.path().join("id_rsa");
        let made = std::process::Command::new("/usr/bin/ssh-keygen")
            .args(["-q", "-t", "rsa", "-b", "2048", "-N", "", "-f"])
            .arg(&rsa)
            .status()
            .unwrap();
        assert!(made.success());
        let server_ref = &server;
        tokio::task::block_in_place(|| {
            system_ssh(server_ref, dir.path(), b"rosa", &rsa);
            system_ssh(server_ref, dir.path(), b"n\xffo", &rsa);
        });
        wait_log(&server, "the four refusals", |log| {
            log.contains("refused: pat: a password (keys only)")
                && log.contains("refused: kim: keyboard-interactive (keys only)")
                && log.contains("refused: rosa: an rsa-sha2-512 key (ed25519 and ECDSA keys only)")
                && log.contains("refused: its request holds a name or text that is not UTF-8")
        })
        .await;
        // Each refusal's line has the time and the address.
        let log = server.log();
        for line in log.lines().filter(|l| l.contains("refused")) {
            let (time, rest) = line.split_once(' ').unwrap();
            assert!(
                chrono::DateTime::parse_from_rfc3339(time).is_ok(),
                "no time: {line}"
            );
            let address = rest
                .strip_prefix("hijara serve: ")
                .and_then(|r| r.split(' ').next())
                .unwrap_or("");
            assert!(address.parse::<SocketAddr>().is_ok(), "no address: {line}");
        }
        // Standard error holds the log's lines and nothing else.
        let stderr = server.stderr();
        assert!(!stderr.is_empty());
        for line in stderr.lines() {
            assert!(log.contains(line), "not in the log: {line:?}");
        }
        assert!(!log.contains("(stderr)"), "a stray line:\n{log}");
    });
}

/// QA: a client that logged in and started nothing (`ssh -N`, or one that stays after
/// its game or command) kept its player's place for good: the idle time-out is the
/// lobby's, and the login grace time ended at the login. Eight such connections from
/// an address (64 from eight) filled the server. It is closed when it has run nothing
/// for the login grace time, and told why; a player at the game is not.
#[test]
fn a_client_that_logs_in_and_starts_nothing_is_closed_at_the_login_grace() {
    run(async {
        let server = Server::start_with(&["--login-grace", "2", "--max-sessions", "2"]);
        let player = Player::join(&server, "alice", 1, 80, 24).await;
        player.wait_for("q leave").await;
        let (mut handle, told) = ssh_from(&server, player_address()).await.unwrap();
        let auth = handle
            .authenticate_publickey("bob", PrivateKeyWithHashAlg::new(Arc::new(key(2)), None))
            .await
            .unwrap();
        assert!(auth.success());
        let start = Instant::now();
        let message = told_within(&told, "the unused connection").await;
        assert_eq!(
            message,
            "hijara serve: no game or command started within 2 s"
        );
        assert!(
            start.elapsed() >= Duration::from_millis(1500),
            "closed after {:?}",
            start.elapsed()
        );
        wait_log(&server, "the unused connection", |log| {
            log.contains("closed: no game or command started within the login grace time (2 s)")
        })
        .await;
        // Its place is free again; the player at the game was never closed.
        let carol = Player::join(&server, "carol", 3, 80, 24).await;
        carol.wait_for("q leave").await;
        player.send(b"x").await;
        player.wait_for("Unknown key").await;
    });
}

/// QA (s16 serverqa2): every new key bound its name for good and a key costs nothing,
/// so a stranger grew the names without end (30 new keys a minute per address). Each
/// address may now bind `--new-names-per-hour` new names (here 2) an hour: the third
/// new name from it is refused with a disconnect message saying so, while a name its
/// key has already is let in, and another address binds its own. Fails on the old code
/// (no such option: the server did not start; without it, carol was bound).
#[test]
fn new_names_from_one_address_are_rate_limited_and_known_names_are_not() {
    run(async {
        let server = Server::start_with(&["--new-names-per-hour", "2"]);
        let (alice, _) = login(&server, player_address(), "alice", 1).await.unwrap();
        let (bob, _) = login(&server, player_address(), "bob", 2).await.unwrap();
        drop((alice, bob));
        let (mut handle, told) = ssh_from(&server, player_address()).await.unwrap();
        let _ = handle
            .authenticate_publickey("carol", PrivateKeyWithHashAlg::new(Arc::new(key(3)), None))
            .await;
        assert_eq!(
            told_within(&told, "carol").await,
            "hijara serve: too many new names from your address; log in with a name you have, or try in an hour"
        );
        // Alice's name is hers already: not counted.
        login(&server, player_address(), "alice", 1)
            .await
            .unwrap_or_else(|e| panic!("alice kept out: {e}\n{}", server.log()));
        login(&server, stranger(0), "dave", 4)
            .await
            .unwrap_or_else(|e| panic!("dave kept out: {e}\n{}", server.log()));
        let bound: Vec<String> = server
            .db()
            .prepare("SELECT name FROM names ORDER BY name")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(bound, ["alice", "bob", "dave"]);
    });
}

/// A player who leaves is logged as they were when they came, with how long they
/// stayed: by the address and port of the `is NAME` line (QA s39: the log said `is
/// alice` and never when she went, so a host could not tell who was still on).
#[test]
fn a_player_who_leaves_is_logged_as_they_came() {
    run(async {
        let server = Server::start();
        let alice = Player::join(&server, "alice", 1, 80, 24).await;
        alice.wait_for("q leave").await;
        wait_log(&server, "alice's arrival", |log| {
            log.contains(" is alice (")
        })
        .await;
        let log = server.log();
        let came = log.lines().find(|l| l.contains(" is alice (")).unwrap();
        // `... hijara serve: 127.0.0.1:PORT is alice (...)`: the address and port.
        let peer = came
            .split(" is alice")
            .next()
            .unwrap()
            .rsplit(' ')
            .next()
            .unwrap();
        assert!(!log.contains(&format!("{peer} left")), "{log}");
        alice.send(b"q").await;
        alice.wait_closed().await;
        // Her client goes, as OpenSSH's does once its channel is closed.
        alice.disconnect().await;
        let left = format!("{peer} left after ");
        wait_log(&server, "alice leaving", |log| log.contains(&left)).await;
        let log = server.log();
        let line = log.lines().find(|l| l.contains(&left)).unwrap();
        assert!(line.ends_with(" s"), "{line}");
    });
}

/// QA s39 (qa46 C): a user name refused for its own shape (a control character, too
/// wide, a lone combining mark, the AI's name, the guests' mark on a key's name) was
/// told only SSH's "Permission denied", the reason in the log alone. It is now told
/// why in a disconnect message (OpenSSH prints it), for keys and guests, and nothing
/// is bound; a name bound to another key, or looking like one, is still denied as
/// every refusal is, with no word of why (docs/network.md, "Who gets in"). Failed on
/// the old code: `ev\u{1b}[31mil` was `Denied`.
#[test]
fn a_name_refused_for_its_shape_is_told_why_and_a_bound_one_is_not() {
    run(async {
        let server = Server::start_with(&["--guests"]);
        let alice = Player::join(&server, "alice", 1, 80, 24).await;
        alice.wait_for("you: alice").await;
        let told =
            |why: &str| Answer::Told(format!("hijara serve: {why}; connect as another user name"));
        let wide = "the name is wider than 16 columns";
        let shapes = [
            (
                "ev\u{1b}[31mil",
                "the name has a control or invisible character",
            ),
            ("abcdefghijklmnopq", wide),
            ("漢字漢字漢字漢字漢", wide),
            (
                "q\u{308}",
                "the name has a combining mark (an accent) that joins no letter: type the accented letter itself",
            ),
            ("Hard AI", "the name is the server's AI's"),
            ("~kim", "a name that begins with ~ is a guest's"),
        ];
        for (n, (user, why)) in (0..).zip(shapes) {
            let answer = login_answer(&server, stranger(n), user, Some(2)).await;
            assert_eq!(answer, told(why), "{user:?}");
        }
        let answer = login_answer(&server, stranger(6), "abcdefghijklmnopq", None).await;
        assert_eq!(answer, told(wide), "a guest");
        // Bound to another key, or looking like it: denied, no word of why.
        for (n, user) in (7..).zip(["ALICE", "A1ice", "\u{430}lice"]) {
            let answer = login_answer(&server, stranger(n), user, Some(2)).await;
            assert_eq!(answer, Answer::Denied, "{user:?}");
        }
        let answer = login_answer(&server, stranger(10), "alice", None).await;
        assert_eq!(answer, Answer::Denied, "a guest as alice");
        let bound: Vec<String> = server
            .db()
            .prepare("SELECT name FROM names")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(bound, ["alice"]);
        // The log says why, as it did.
        wait_log(&server, "the refusals", |log| {
            log.contains(
                "refused: abcdefghijklmnopq: name refused: the name is wider than 16 columns",
            ) && log.contains("refused: a key's name ~kim: ~ marks guests")
                && log.contains("refused: guest abcdefghijklmnopq: name refused: the name is wider")
        })
        .await;
    });
}

/// QA s39 (qa46 D): a player whose link drops at a table (the client killed) was
/// logged twice, once as an error: `session ended: cannot read the terminal: the
/// client closed its input`, then `left after ...`. One leaving is one line now, no
/// error. The server is stopped before the log is read whole: its stop waits for the
/// session's thread, which wrote that line, so it can't come after the check. Failed
/// on the old code: the `session ended:` line was there.
#[test]
fn a_player_whose_link_drops_at_a_table_is_logged_once_as_leaving() {
    run(async {
        let mut server = Server::start();
        let (alice, bob) = crate::serve_common::seated(&server).await;
        alice.disconnect().await;
        bob.wait_for("waiting for alice (").await;
        wait_log(&server, "alice leaving", |log| log.contains(" left after ")).await;
        // SAFETY: kill with a child's pid and SIGTERM touches no memory.
        let sent = unsafe { libc::kill(server.pid() as libc::pid_t, libc::SIGTERM) };
        assert_eq!(sent, 0);
        assert!(server.wait_exit().is_some_and(|s| s.success()));
        let log = server.log();
        assert!(!log.contains("session ended"), "{log}");
        assert_eq!(log.matches(" left after ").count(), 1, "{log}");
        drop(bob);
    });
}
