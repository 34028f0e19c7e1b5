//! `hijara serve`: two players at one table play a whole game over SSH, a spectator
//! watches, and all three screens show the totals the rules give; a player plays the
//! server's AI.

use hijara::rules::Game;

use crate::serve_common::{
    Player, Server, against_random_ai, filling_moves, filling_totals, play_from, run, seated,
    wait_gone,
};

#[test]
fn two_players_play_a_whole_game_and_every_screen_shows_the_totals() {
    let moves = filling_moves();
    assert!(Game::from_moves(moves.iter().copied()).unwrap().is_over());
    let totals = filling_totals();
    run(async move {
        let server = Server::start();
        let (alice, bob) = seated(&server).await;
        // Yellow can't move for Blue.
        bob.send(b"a1").await;
        bob.wait_for("plays at another terminal").await;
        let carol = Player::join(&server, "carol", 3, 80, 24).await;
        carol.wait_for("alice (Blue) v bob (Yellow)").await;
        carol.send(b"1").await;
        carol.wait_for("alice to move").await;
        play_from(&alice, &bob, 0, &moves).await;
        for screen in [&alice, &bob, &carol] {
            screen.wait_for(&totals).await;
        }
        // The spectator can't play, and leaves at once with q.
        carol.send(b"q").await;
        carol.wait_for("q leave").await;
        // A player leaves the table, then the server.
        alice.send(b"q").await;
        alice.wait_for("q leave").await;
        bob.wait_for("alice left the table").await;
        // Only the keys that work here are offered at the end: with alice gone, no
        // rematch.
        bob.wait_for("q: lobby").await;
        assert!(!bob.screen().contains("n: rematch"), "{}", bob.screen());
        assert!(!bob.screen().contains("r: review"), "{}", bob.screen());
        alice.send(b"q").await;
        alice.wait_closed().await;
    });
}

#[test]
fn a_player_plays_the_servers_ai() {
    run(async {
        let server = Server::start();
        let dana = against_random_ai(&server).await;
        dana.send(b"b3").await;
        dana.wait_for(" 1 B b3").await;
        // The AI answers as Yellow.
        dana.wait_for(" 2 Y ").await;
        dana.wait_for("Your move").await;
    });
}

/// Issue 28, knowing it is your move, over SSH: the client's focus reports reach the
/// game, and its pty's `TERM` picks the protocol; the AI's move, arriving while the
/// terminal is in the background, sends one desktop notification naming it (kitty's
/// OSC 99 for `xterm-kitty`) as well as the bell; in front, the bell alone.
#[test]
fn a_move_that_arrives_in_the_background_is_notified() {
    run(async {
        let server = Server::start();
        let dana = Player::join_term(&server, "dana", 4, 80, 24, "xterm-kitty").await;
        dana.wait_for("q leave").await;
        // Against the random AI, as against_random_ai opens it.
        dana.send(b"aooo").await;
        dana.wait_for("against the random AI").await;
        dana.send(b"\r").await;
        dana.wait_for("Your move").await;
        let notices = || {
            let notice = b"\x1b]99;;Hijara: random AI played";
            dana.raw()
                .windows(notice.len())
                .filter(|w| w == notice)
                .count()
        };
        // The terminal loses the focus (CSI O), then Dana plays.
        dana.send(b"\x1b[O").await;
        dana.send(b"b3").await;
        dana.wait_for(" 2 Y ").await;
        assert_eq!(notices(), 1, "one notification for one move");
        let bells = dana.bells();
        assert!(bells >= 1, "the bell too");
        // Back in front (CSI I): the next answer rings, with no notification.
        dana.send(b"\x1b[I").await;
        dana.send(b"c3").await;
        dana.wait_for(" 4 Y ").await;
        assert_eq!(notices(), 1);
        assert!(dana.bells() > bells, "the bell alone");
    });
}

/// How many desktop notifications (OSC 9, 777 or 99) `player` received.
fn notifications(player: &Player) -> usize {
    let raw = player.raw();
    [&b"\x1b]9;"[..], b"\x1b]777;", b"\x1b]99;"]
        .iter()
        .map(|osc| raw.windows(osc.len()).filter(|w| w == osc).count())
        .sum()
}

#[test]
fn the_bell_and_notifications_are_switched_apart() {
    let server = Server::start();
    run(async {
        // Bob switches the bell off at the table: Alice's move, while his terminal is
        // in the background, is told by a notification alone.
        let (alice, bob) = crate::serve_common::seated(&server).await;
        // The focus report goes first: once "Bell off" shows, the server has read it
        // too (one connection keeps its order), so Alice's move cannot overtake it.
        bob.send(b"\x1b[O").await;
        bob.send(b"B").await;
        bob.wait_for("Bell off").await;
        let bells = bob.bells();
        alice.send(b"b3").await;
        bob.wait_for(" 1 B b3").await;
        bob.wait_for("Your move").await;
        assert_eq!(notifications(&bob), 1, "the notification");
        assert_eq!(bob.bells(), bells, "no bell");
        // Erin switches notifications off in the lobby: the bell alone.
        let erin = Player::join_term(&server, "erin", 5, 80, 24, "xterm-kitty").await;
        erin.wait_for("q leave").await;
        erin.send(b"N").await;
        erin.wait_for("Notifications off").await;
        erin.send(b"aooo").await;
        erin.wait_for("against the random AI").await;
        erin.send(b"\r").await;
        erin.wait_for("Your move").await;
        erin.send(b"\x1b[O").await;
        erin.send(b"b3").await;
        erin.wait_for(" 2 Y ").await;
        erin.wait_for("Your move").await;
        assert!(erin.bells() >= 1, "the bell");
        assert_eq!(notifications(&erin), 0, "no notification");
        // `B` works against the AI too: its next move rings nothing.
        erin.send(b"B").await;
        erin.wait_for("Bell off").await;
        let bells = erin.bells();
        erin.send(b"c3").await;
        erin.wait_for(" 4 Y ").await;
        erin.wait_for("Your move").await;
        assert_eq!(erin.bells(), bells, "no bell");
    });
    // Both switches kept for their keys.
    let kept = |name: &str| -> (bool, bool) {
        server
            .db()
            .query_row(
                "SELECT bell, notify FROM prefs
                 WHERE key IN (SELECT key FROM names WHERE name = ?1)",
                [name],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap()
    };
    assert_eq!(kept("bob"), (false, true));
    // The last switch reaches the store through its writer, after the screen said it.
    let start = std::time::Instant::now();
    while kept("erin") != (false, false) && start.elapsed() < crate::serve_common::PATIENCE {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(kept("erin"), (false, false));
}

/// QA: `q` on the "please enlarge" screen at a server's game closed the connection
/// with no word; then it ended the session as Ctrl-c does (the seat kept, a game
/// against the AI adjourned), where the game screen's `q` goes back to the lobby. It
/// means what it means on the game screen now, as the enlarge screen says: back to the
/// lobby (a game against the AI with no move yet has nothing to ask). The lobby's `q`
/// then ends the session cleanly: the client's screen restored (the alternate screen
/// left, the cursor shown), a goodbye line, exit status 0.
#[test]
fn q_on_the_enlarge_screen_goes_back_to_the_lobby_and_q_there_says_goodbye() {
    run(async {
        let server = Server::start();
        let erin = Player::join(&server, "erin", 5, 40, 12).await;
        erin.wait_for("q leave").await;
        erin.send(b"a").await;
        erin.send(b"\r").await;
        erin.wait_for("q: back to the lobby").await;
        erin.send(b"q").await;
        erin.wait_for("q leave").await;
        let before = erin.raw().len();
        erin.send(b"q").await;
        erin.wait_said("Goodbye").await;
        erin.wait_closed().await;
        assert_eq!(erin.exit_status(), Some(0));
        let after = String::from_utf8_lossy(&erin.raw()[before..]).into_owned();
        let left = after
            .find("\u{1b}[?1049l")
            .expect("the alternate screen left");
        let bye = after.find("Goodbye").unwrap();
        assert!(left < bye, "{after:?}");
        assert!(after.contains("\u{1b}[?25h"), "the cursor shown: {after:?}");
    });
}

/// QA: at a game in progress between two people, `q` on the enlarge screen asks what
/// the game screen's `q` asks, on the enlarge screen, and only a yes leaves (the other
/// player sees it); the other player's questions show and are answered there too.
#[test]
fn q_on_the_enlarge_screen_at_a_table_asks_as_the_game_screen_does() {
    run(async {
        let server = Server::start();
        let (alice, bob) = seated(&server).await;
        play_from(&alice, &bob, 0, &["a1", "b2"]).await;
        alice.resize_lossy(40, 12).await;
        alice.wait_for("q: back to the lobby").await;
        // Bob asks to take his move back: the question reaches the small screen.
        bob.send(b"u").await;
        alice.wait_for("take back").await;
        alice.send(b"y").await;
        bob.wait_for("Your move").await;
        alice.send(b"q").await;
        alice.wait_for("Leave the table?").await;
        // Any other key stays: the game goes on.
        alice.send(b"n").await;
        wait_gone(&alice, "Leave the table?").await;
        alice.send(b"q").await;
        alice.wait_for("Leave the table?").await;
        alice.send(b"y").await;
        alice.wait_for("q leave").await;
        bob.wait_for("alice left").await;
    });
}
