//! `hijara serve` gives a connection the game and nothing else: exec, subsystems
//! (sftp), forwarding and environment requests are refused; a shell without a pty gets
//! one line saying to use `ssh -t`; a name already bound to another key is refused.

use std::sync::Arc;

use russh::ChannelMsg;
use russh::keys::PrivateKeyWithHashAlg;

use crate::serve_common::{Answer, Player, Server, connect, key, login_answer, run, wait_log};

/// The reply to a request made with want_reply: true.
async fn reply(channel: &mut russh::Channel<russh::client::Msg>) -> ChannelMsg {
    loop {
        match channel.wait().await {
            Some(ChannelMsg::WindowAdjusted { .. }) => continue,
            Some(msg) => return msg,
            None => panic!("the channel closed before replying"),
        }
    }
}

#[test]
fn exec_sftp_env_and_forwarding_are_refused() {
    run(async {
        let server = Server::start();
        let handle = connect(&server, "eve", 5).await;
        let mut channel = handle.channel_open_session().await.unwrap();
        channel.request_subsystem(true, "sftp").await.unwrap();
        assert!(matches!(reply(&mut channel).await, ChannelMsg::Failure));
        channel.set_env(true, "NO_COLOR", "1").await.unwrap();
        assert!(matches!(reply(&mut channel).await, ChannelMsg::Failure));
        channel.agent_forward(true).await.unwrap();
        assert!(matches!(reply(&mut channel).await, ChannelMsg::Failure));
        // Local forwarding (-L) and remote forwarding (-R).
        let direct = handle
            .channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 40000)
            .await;
        assert!(direct.is_err(), "a forwarded channel was opened");
        assert!(handle.tcpip_forward("127.0.0.1", 0).await.is_err());
        // One session channel per connection.
        assert!(handle.channel_open_session().await.is_err());
        // A command off the list runs nothing: one line on standard error, made safe
        // and cut (a stranger's bytes), and a failing status.
        let command = format!("cat /etc/passwd\x1b[2J\n{}", "x".repeat(5000));
        channel.exec(true, command.as_bytes()).await.unwrap();
        let (mut said, mut err, mut status) = (Vec::new(), Vec::new(), None);
        while let Some(msg) = channel.wait().await {
            match msg {
                ChannelMsg::Data { data } => said.extend_from_slice(&data),
                ChannelMsg::ExtendedData { data, ext: 1 } => err.extend_from_slice(&data),
                ChannelMsg::ExitStatus { exit_status } => status = Some(exit_status),
                _ => {}
            }
        }
        let err = String::from_utf8(err).unwrap();
        assert!(said.is_empty(), "{said:?}");
        assert_eq!(status, Some(127));
        assert_eq!(err.lines().count(), 1, "{err:?}");
        assert!(
            err.starts_with("hijara serve: no command `cat /etc/passwd\\u{1b}[2J"),
            "{err:?}"
        );
        assert!(
            err.contains("…` here; the commands are status, top"),
            "{err:?}"
        );
        assert!(!err.contains('\u{1b}') && err.len() < 400, "{err:?}");
    });
}

#[test]
fn a_shell_without_a_pty_gets_one_line_and_the_door() {
    run(async {
        let server = Server::start();
        let handle = connect(&server, "frank", 6).await;
        let mut channel = handle.channel_open_session().await.unwrap();
        channel.request_shell(true).await.unwrap();
        let mut said = Vec::new();
        let mut status = None;
        let mut out = Vec::new();
        while let Some(msg) = channel.wait().await {
            match msg {
                ChannelMsg::Data { data } => out.extend_from_slice(&data),
                // Standard error, as a refused command's line (s39: it was the data).
                ChannelMsg::ExtendedData { data, ext: 1 } => said.extend_from_slice(&data),
                ChannelMsg::ExitStatus { exit_status } => status = Some(exit_status),
                _ => {}
            }
        }
        let said = String::from_utf8(said).unwrap();
        assert!(said.contains("ssh -t"), "{said:?}");
        assert_eq!(said.lines().count(), 1, "{said:?}");
        assert!(out.is_empty(), "{:?}", String::from_utf8_lossy(&out));
        assert_eq!(status, Some(1));
    });
}

#[test]
fn a_name_belongs_to_its_first_key_and_bad_names_are_refused() {
    run(async {
        let server = Server::start();
        // Gina's first key takes the name.
        let gina = Player::join(&server, "gina", 7, 80, 24).await;
        gina.wait_for("you: gina").await;
        let config = Arc::new(russh::client::Config::default());
        // Bad names are turned away, told why (s40), never let in.
        for user in ["a\u{1b}[2Jb", "x\u{202e}y"] {
            let from = std::net::IpAddr::from([127, 0, 0, 1]);
            let answer = login_answer(&server, from, user, Some(9)).await;
            assert!(matches!(answer, Answer::Told(_)), "{user:?}: {answer:?}");
        }
        for (user, seed) in [("Gina", 8), ("gina", 8)] {
            let checker = crate::serve_common::Checker::expecting(&server);
            let mut handle = russh::client::connect(config.clone(), server.addr, checker)
                .await
                .unwrap();
            let auth = handle
                .authenticate_publickey(user, PrivateKeyWithHashAlg::new(Arc::new(key(seed)), None))
                .await
                .unwrap();
            assert!(!auth.success(), "{user:?} was let in with key {seed}");
        }
        // A decomposed accent (`e` and U+0308) is taken as the precomposed `ë`.
        let zoe = Player::join(&server, "Zoe\u{308}", 10, 80, 24).await;
        zoe.wait_for("you: Zo\u{eb}").await;
        // The same key comes back under its name.
        drop(gina);
        let again = Player::join(&server, "gina", 7, 80, 24).await;
        again.wait_for("you: gina").await;
        let bound: i64 = server
            .db()
            .query_row(
                "SELECT count(*) FROM names WHERE name = 'gina'",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(bound, 1);
    });
}

#[test]
fn no_password_or_keyboard_interactive_login() {
    run(async {
        let server = Server::start();
        let config = Arc::new(russh::client::Config::default());
        let checker = crate::serve_common::Checker::expecting(&server);
        let mut handle = russh::client::connect(config, server.addr, checker)
            .await
            .unwrap();
        let auth = handle
            .authenticate_password("henry", "hunter2")
            .await
            .unwrap();
        assert!(!auth.success());
        let auth = handle.authenticate_none("henry").await.unwrap();
        assert!(!auth.success());
    });
}

/// A logged-in stranger asking for what is refused in a loop (found by the strangers
/// helper: 20,000 refusals in 1.4 s, each a line, rotated the operator's log away
/// twice in seconds): the first ten are logged, the rest counted in one line, and the
/// hundredth closes the connection. Nobody else notices.
#[test]
fn a_flood_of_refused_requests_fills_no_log_and_is_closed() {
    run(async {
        let server = Server::start();
        let handle = connect(&server, "ivan", 11).await;
        // The session channel is open, as a player's is: only the refusals close it.
        let _channel = handle.channel_open_session().await.unwrap();
        let start = std::time::Instant::now();
        let mut refused = 0;
        while refused < 1000 && start.elapsed() < crate::serve_common::PATIENCE {
            if handle.tcpip_forward("127.0.0.1", 0).await.is_err() && handle.is_closed() {
                break;
            }
            refused += 1;
        }
        // The 100th closes it: its answer may come before the disconnect or after
        // it, and requests the loop takes before the disconnect are refused too.
        assert!(
            (99..1000).contains(&refused),
            "refused {refused} before the close"
        );
        // Both lines waited for: the count is logged as russh drops the connection's
        // handler, on russh's task, and the close by the connection's own task, which
        // a loaded machine may wake after it (s40: 3 of 40 runs, 8 at once, read the
        // log between the two and counted no close).
        crate::serve_common::wait_log(&server, "the close", |log| {
            log.contains("more requests refused, not logged one by one")
                && log.contains("closed: 100 requests refused")
        })
        .await;
        let log = server.log();
        assert_eq!(
            log.matches("refused: remote port forwarding").count(),
            10,
            "{log}"
        );
        assert_eq!(
            log.matches("closed: 100 requests refused").count(),
            1,
            "{log}"
        );
        // The server serves the next player as ever.
        let judy = Player::join(&server, "judy", 12, 80, 24).await;
        judy.wait_for("you: judy").await;
    });
}

/// Channels a client has no business opening (X11's, a Unix socket forwarded, a
/// forwarded port, a second session) are refused, and each counts against the
/// connection's channels (OpenSSH's `MaxSessions` is the model): past 10 every open is
/// refused, logged once, and the 20th closes the connection. Failed before: russh
/// refused X11's and the socket's for the server, uncounted and never logged, and
/// 1,000 left the connection open; then (s22) they were counted only as refused
/// requests, and the connection was closed at its 100th.
#[test]
fn a_flood_of_refused_channels_is_counted_and_closed() {
    run(async {
        let server = Server::start();
        let handle = connect(&server, "ivan", 11).await;
        let _channel = handle.channel_open_session().await.unwrap();
        let start = std::time::Instant::now();
        let mut refused = 0;
        let mut closed = false;
        while refused < 1000 && start.elapsed() < crate::serve_common::PATIENCE {
            let opened = match refused % 4 {
                0 => handle.channel_open_x11("127.0.0.1", 6000).await.map(|_| ()),
                1 => handle
                    .channel_open_direct_streamlocal("/tmp/.X11-unix/X0")
                    .await
                    .map(|_| ()),
                2 => handle
                    .channel_open_direct_tcpip("127.0.0.1", 22, "127.0.0.1", 40000)
                    .await
                    .map(|_| ()),
                _ => handle.channel_open_session().await.map(|_| ()),
            };
            match opened {
                Ok(()) => panic!("a channel was opened"),
                Err(russh::Error::ChannelOpenFailure(_)) => refused += 1,
                Err(_) => closed = true,
            }
            closed |= handle.is_closed();
            if closed {
                break;
            }
        }
        // The session channel and 19 refused: the 20th open closes the connection.
        // The connection's task carries the close out, so opens that arrive before it
        // lands are refused too: 27 were seen under load (s25), past the old bound of
        // 30 once. The loop ends by the close, not at its 1,000; the log says where.
        assert!(
            closed && (19..1000).contains(&refused),
            "refused {refused}, closed: {closed}"
        );
        wait_log(&server, "the close", |log| {
            log.contains("closed: 20 channels asked for")
        })
        .await;
        let log = server.log();
        assert_eq!(
            log.matches("refused: channels past 10 on one connection")
                .count(),
            1,
            "{log}"
        );
        for what in ["an X11 channel", "socket forwarding", "port forwarding"] {
            assert!(log.contains(&format!("refused: {what}")), "{log}");
        }
        let judy = Player::join(&server, "judy", 12, 80, 24).await;
        judy.wait_for("you: judy").await;
    });
}

/// Environment variables are counted: a client's usual few (OpenSSH's `SendEnv`) are
/// refused without a word; at the game (before it, they wait in the channel's queue of
/// 100, and past it the connection reads nothing more until the login grace closes it); past 64 (or 16 KiB of names and values) the log says so
/// once, and each more counts as a refused request, so a client sending them without
/// end is closed at the 100th refusal. Failed before: 2,000 were read and answered
/// on one connection, never logged, and it stayed open.
#[test]
fn a_flood_of_environment_variables_is_counted_and_closed() {
    run(async {
        let server = Server::start();
        let handle = connect(&server, "ivan", 11).await;
        let channel = shell(&handle).await;
        let start = std::time::Instant::now();
        let mut sent = 0;
        while sent < 2000 && start.elapsed() < crate::serve_common::PATIENCE {
            if channel
                .set_env(false, format!("LC_{sent}"), "C.UTF-8")
                .await
                .is_err()
                || handle.is_closed()
            {
                break;
            }
            sent += 1;
            if sent % 50 == 0 {
                // Let the server's answers (and its disconnect) come back.
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        }
        wait_log(&server, "the close", |log| {
            log.contains("closed: 100 requests refused")
        })
        .await;
        let log = server.log();
        assert_eq!(
            log.matches("refused: environment variables past 64 or 16 KiB")
                .count(),
            1,
            "{log}"
        );
        assert!(sent < 2000, "{sent} sent, the connection still open");
        // The bytes count too: a few huge values are logged the same way.
        let handle = connect(&server, "judy", 12).await;
        let channel = shell(&handle).await;
        for k in 0..3 {
            channel
                .set_env(false, format!("BIG{k}"), "x".repeat(8000))
                .await
                .unwrap();
        }
        wait_log(&server, "the big values", |log| {
            log.matches("refused: environment variables past 64 or 16 KiB")
                .count()
                == 2
        })
        .await;
        // The server serves the next player as ever.
        let kim = Player::join(&server, "kim", 13, 80, 24).await;
        kim.wait_for("you: kim").await;
        // Ivan's session ended on a closed connection without a stray line (ratatui's
        // `Failed to show the cursor` on standard error, found here).
        let log = server.log();
        assert!(!log.contains("(stderr)"), "{log}");
    });
}

/// The game on a pty on `handle`'s session channel, its output read and dropped: the
/// channel to send on.
async fn shell(
    handle: &russh::client::Handle<crate::serve_common::Checker>,
) -> russh::ChannelWriteHalf<russh::client::Msg> {
    let channel = handle.channel_open_session().await.unwrap();
    channel
        .request_pty(false, "xterm", 80, 24, 0, 0, &[])
        .await
        .unwrap();
    channel.request_shell(false).await.unwrap();
    let (mut reader, writer) = channel.split();
    tokio::spawn(async move { while reader.wait().await.is_some() {} });
    writer
}

/// One command a channel (RFC 4254 6.5): a client whose window stays shut keeps its
/// channel open after the first command's answer, and its next `exec` on it is
/// refused (found by the strangers helper: 100 commands ran on one channel, each a
/// read of the store, before the connection's buffer filled).
#[test]
fn a_second_command_on_one_channel_is_refused() {
    run(async {
        let server = Server::start();
        let config = russh::client::Config {
            window_size: 0,
            ..russh::client::Config::default()
        };
        let checker = crate::serve_common::Checker::expecting(&server);
        let mut handle = russh::client::connect(Arc::new(config), server.addr, checker)
            .await
            .unwrap();
        let auth = handle
            .authenticate_publickey("lena", PrivateKeyWithHashAlg::new(Arc::new(key(14)), None))
            .await
            .unwrap();
        assert!(auth.success());
        let mut channel = handle.channel_open_session().await.unwrap();
        let patience = crate::serve_common::PATIENCE;
        channel.exec(true, &b"help"[..]).await.unwrap();
        loop {
            match tokio::time::timeout(patience, channel.wait())
                .await
                .unwrap()
            {
                Some(ChannelMsg::Success) => break,
                Some(ChannelMsg::Failure) | None => panic!("help was refused"),
                Some(_) => {}
            }
        }
        channel.exec(true, &b"games"[..]).await.unwrap();
        loop {
            match tokio::time::timeout(patience, channel.wait())
                .await
                .unwrap()
            {
                Some(ChannelMsg::Success) => panic!("a second command ran on the channel"),
                Some(ChannelMsg::Failure) => break,
                None => panic!("the channel closed before replying"),
                Some(_) => {}
            }
        }
        assert_eq!(
            server.log().matches("one-shot").count(),
            1,
            "{}",
            server.log()
        );
    });
}

/// One pty a channel, as OpenSSH has it: a second request is refused, and counted
/// like the other refusals (logged once, each more counted, the 100th closes the
/// connection). Failed before: each was answered and taken, uncounted, without end.
#[test]
fn a_second_pty_request_is_refused_and_counted() {
    run(async {
        let server = Server::start();
        let handle = connect(&server, "ivan", 11).await;
        let mut channel = handle.channel_open_session().await.unwrap();
        channel
            .request_pty(true, "xterm", 80, 24, 0, 0, &[])
            .await
            .unwrap();
        assert!(matches!(reply(&mut channel).await, ChannelMsg::Success));
        channel
            .request_pty(true, "xterm", 300, 120, 0, 0, &[])
            .await
            .unwrap();
        assert!(matches!(reply(&mut channel).await, ChannelMsg::Failure));
        let start = std::time::Instant::now();
        let mut sent = 1;
        while sent < 2000 && start.elapsed() < crate::serve_common::PATIENCE {
            if channel
                .request_pty(false, "xterm", 80, 24, 0, 0, &[])
                .await
                .is_err()
                || handle.is_closed()
            {
                break;
            }
            sent += 1;
            if sent % 50 == 0 {
                // Let the server's answers (and its disconnect) come back.
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        }
        wait_log(&server, "the close", |log| {
            log.contains("closed: 100 requests refused")
        })
        .await;
        let log = server.log();
        assert_eq!(
            log.matches("refused: a second pty request").count(),
            1,
            "{log}"
        );
        assert!(sent < 2000, "{sent} sent, the connection still open");
        // After the shell too, on a player's channel: refused, the game goes on.
        let kim = Player::join(&server, "kim", 13, 80, 24).await;
        kim.wait_for("you: kim").await;
        let handle = connect(&server, "judy", 12).await;
        let channel = shell(&handle).await;
        channel
            .request_pty(false, "xterm", 100, 30, 0, 0, &[])
            .await
            .unwrap();
        wait_log(&server, "judy's refusal", |log| {
            log.matches("refused: a second pty request").count() == 2
        })
        .await;
    });
}

/// What russh's `Handler` answers by default without the server's counters or log
/// (a signal, extended data on the session channel, the cancel of a forwarding the
/// server never made) is refused and counted: each kind logged once on a connection,
/// and the 100th refusal closes it, while another player in the lobby goes on. Failed
/// before: the 200 below were all taken, none counted or logged, and the connection
/// stayed open.
#[test]
fn a_flood_of_requests_russh_would_answer_itself_is_counted_and_closed() {
    run(async {
        let server = Server::start();
        let judy = Player::join(&server, "judy", 12, 80, 24).await;
        judy.wait_for("you: judy").await;
        let handle = connect(&server, "ivan", 11).await;
        let channel = shell(&handle).await;
        let start = std::time::Instant::now();
        let mut sent = 0;
        while sent < 200 && start.elapsed() < crate::serve_common::PATIENCE {
            // A cancel waits for its answer (a failure) before the next is sent.
            let done = match sent % 4 {
                0 => channel.signal(russh::Sig::INT).await.is_ok(),
                1 => channel.extended_data_bytes(1, &b"err"[..]).await.is_ok(),
                2 => refused(handle.cancel_tcpip_forward("127.0.0.1", 2222).await),
                _ => {
                    // The path as an SSH string.
                    let path = b"/tmp/x";
                    let mut data = (path.len() as u32).to_be_bytes().to_vec();
                    data.extend_from_slice(path);
                    let name = "cancel-streamlocal-forward@openssh.com";
                    refused(
                        handle
                            .send_global_request(name, &data, true)
                            .await
                            .map(|_| ()),
                    )
                }
            };
            if !done || handle.is_closed() {
                break;
            }
            sent += 1;
            if sent == 60 {
                // The other player's round trip, in the middle of the flood.
                judy.send(b"n\r").await;
                judy.wait_for("waiting for an opponent").await;
            }
        }
        wait_log(&server, "the close", |log| {
            log.contains("closed: 100 requests refused")
        })
        .await;
        assert!(sent < 200, "{sent} sent, the connection still open");
        let log = server.log();
        for what in [
            "refused: a signal",
            "refused: extended data from the client",
            "refused: the cancel of a port forwarding never made",
            "refused: the cancel of a socket forwarding never made",
        ] {
            assert_eq!(log.matches(what).count(), 1, "{what}: {log}");
        }
        // The server serves the next player as ever.
        let kim = Player::join(&server, "kim", 13, 80, 24).await;
        kim.wait_for("you: kim").await;
    });
}

/// Whether a global request was answered with a refusal (not a closed connection).
fn refused(answer: Result<(), russh::Error>) -> bool {
    matches!(answer, Err(russh::Error::RequestDenied))
}

/// What russh answers by itself (global requests of names it does not know here; a
/// re-key, `SSH_MSG_IGNORE` and `DEBUG` likewise reach none of the server's code) is
/// counted in bytes: past 64 KiB more than the game took, the connection is closed
/// (`door::UNSEEN_BURST`). A player's own bytes are given back as they are taken: a
/// paste of 256 KiB first leaves the connection open. Before (srv40), 200 requests of
/// 8 KiB were all answered and the connection stayed open. Cost: about 0.3 s.
#[test]
fn a_flood_of_messages_russh_answers_itself_is_closed_past_its_bytes() {
    run(async {
        let server = Server::start();
        let handle = connect(&server, "ivan", 11).await;
        let channel = shell(&handle).await;
        for _ in 0..8 {
            channel.data_bytes(vec![b'x'; 32 * 1024]).await.unwrap();
        }
        // Each answered: the paste was read whole before the flood.
        let data = vec![0u8; 8 * 1024];
        let start = std::time::Instant::now();
        let mut answered = 0;
        while answered < 200 && start.elapsed() < crate::serve_common::PATIENCE {
            let answer = handle
                .send_global_request("nothing@example.org", &data, true)
                .await;
            if !refused(answer.map(|_| ())) {
                break;
            }
            answered += 1;
            if answered == 1 {
                assert!(!handle.is_closed(), "closed by the paste");
            }
        }
        // About 12 fit in the budget and its slack; the one that spends it is
        // answered, and its disconnect queued as it is read (`Door::on_close`). Before
        // s37 the connection's task sent it, and under load woke after 23 were answered.
        assert!(
            (1..20).contains(&answered),
            "{answered} requests of 8 KiB answered"
        );
        wait_log(&server, "the close", |log| {
            log.contains("closed: more than 64 KiB of messages the game takes no part in")
        })
        .await;
    });
}

/// The key exchanges on `num-bigint` (finite-field Diffie-Hellman, groups 14 to 18)
/// are not offered: a peer asking for group 18 made the server spend about a second
/// of CPU on one runtime thread before any login (`examples/serve_peer_costs.rs`).
/// curve25519 is. Before (srv40), the group-14 handshake went through. Cost: < 0.1 s.
#[test]
fn a_finite_field_key_exchange_is_refused_and_curve25519_taken() {
    run(async {
        let server = Server::start();
        let config = |name: russh::kex::Name| {
            let mut config = russh::client::Config::default();
            config.preferred.kex = vec![
                name,
                russh::kex::EXTENSION_SUPPORT_AS_CLIENT,
                russh::kex::EXTENSION_OPENSSH_STRICT_KEX_AS_CLIENT,
            ]
            .into();
            Arc::new(config)
        };
        let checker = crate::serve_common::Checker::expecting(&server);
        let dh = russh::client::connect(config(russh::kex::DH_G14_SHA256), server.addr, checker);
        let dh = tokio::time::timeout(crate::serve_common::PATIENCE, dh)
            .await
            .expect("an answer in time");
        assert!(dh.is_err(), "a group-14 key exchange went through");
        let checker = crate::serve_common::Checker::expecting(&server);
        let curve = russh::client::connect(config(russh::kex::CURVE25519), server.addr, checker);
        tokio::time::timeout(crate::serve_common::PATIENCE, curve)
            .await
            .expect("an answer in time")
            .expect("curve25519 taken");
    });
}

/// A client's key re-exchanges are counted one by one (russh answers them by itself:
/// the server counts its log line "Client has initiated re-key", `server::rekeys`): ten
/// at once go through, and the connection stays open; the next closes it (its own
/// answer may come first), the log saying why. Before (srv41), only their bytes were counted: about 100 re-keys went
/// through before the 64 KiB closed the connection (`examples/serve_peer_costs.rs`),
/// some 27 a second for good. Fails too if a russh update words its line otherwise.
/// Cost: about 0.1 s.
#[test]
fn a_client_s_re_keys_are_counted_past_ten_the_connection_is_closed() {
    run(async {
        let server = Server::start();
        let handle = connect(&server, "rhea", 14).await;
        let _channel = shell(&handle).await;
        let mut done = 0;
        while done < 30 && !handle.is_closed() {
            if handle.rekey_soon().await.is_err() {
                break;
            }
            // The ping's answer comes after the re-key: it is over then.
            let ping = handle.send_ping();
            match tokio::time::timeout(crate::serve_common::PATIENCE, ping).await {
                Ok(Ok(())) => done += 1,
                _ => break,
            }
            if done == 10 {
                assert!(!handle.is_closed(), "closed within ten re-keys");
            }
        }
        // The eleventh is counted as it begins, and its disconnect queued then
        // (`Door::on_close`): russh sends it as that exchange ends, before the ping;
        // 11 if the queue was full and the connection's task sent it. 12 were seen
        // under load before s37, when the connection's task, waking late, sent it.
        assert!((10..=11).contains(&done), "{done} re-keys answered");
        let start = std::time::Instant::now();
        while !handle.is_closed() && start.elapsed() < crate::serve_common::PATIENCE {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert!(handle.is_closed(), "open after {done} re-keys");
        wait_log(&server, "the close", |log| {
            log.contains(
                "closed: more than 10 key re-exchanges asked for, one more each 10 s after",
            )
        })
        .await;
    });
}
