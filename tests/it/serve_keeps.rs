//! `hijara serve` keeps every game and every promise (issue 26's defects), with the
//! real server on loopback and russh clients: a rematch survives `kill -9`, Ctrl-c at
//! a table is a dropped link, and a win is never claimed against a player who is on
//! the server.

use std::time::Duration;

use crate::serve_common::{Player, Server, run, seated};

/// `mover` places at `square`, and both screens show it as move `n`.
async fn play(mover: &Player, other: &Player, n: usize, square: &str) {
    let letter = if n % 2 == 1 { 'B' } else { 'Y' };
    mover.send(square.as_bytes()).await;
    let entry = format!("{n:>2} {letter} {square}");
    mover.wait_for(&entry).await;
    other.wait_for(&entry).await;
}

/// Defect 1: a rematch's game was never written (the table's file was gone for good
/// after the first game), so `kill -9` lost it.
#[test]
fn a_rematch_survives_kill_9() {
    run(async {
        let mut server = Server::start();
        let (alice, bob) = seated(&server).await;
        play(&alice, &bob, 1, "a1").await;
        play(&bob, &alice, 2, "b1").await;
        bob.send(b"R").await;
        bob.wait_for("Resign for Yellow?").await;
        bob.send(b"y").await;
        alice.wait_for("n: rematch").await;
        alice.send(b"n").await;
        bob.wait_for("offers a rematch").await;
        bob.send(b"y").await;
        for screen in [&alice, &bob] {
            screen.wait_for("bob plays Blue").await;
        }
        play(&bob, &alice, 1, "c1").await;
        play(&alice, &bob, 2, "d1").await;
        play(&bob, &alice, 3, "a2").await;
        // A crash: no shutdown.
        server.restart(&[]);
        drop((alice, bob));
        let alice = Player::join(&server, "alice", 1, 80, 24).await;
        alice.wait_for("unfinished: 1").await;
        alice.send(b"1").await;
        let bob = Player::join(&server, "bob", 2, 80, 24).await;
        bob.wait_for("unfinished: 1").await;
        bob.send(b"1").await;
        for screen in [&alice, &bob] {
            screen.wait_for(" 3 B a2").await;
            screen.wait_for("Yellow to move").await;
        }
    });
}

/// Defect 7: Ctrl-c at a table ended the game for both, as `*`, without the question
/// `q` asks. It is a dropped link: the seat is kept for the grace period.
#[test]
fn ctrl_c_at_a_table_is_a_dropped_link_not_an_abandonment() {
    run(async {
        let server = Server::start_with(&["--reconnect-grace", "60"]);
        let (alice, bob) = seated(&server).await;
        play(&alice, &bob, 1, "a1").await;
        bob.send(b"\x03").await;
        alice.wait_for("waiting for bob (").await;
        assert!(
            !alice.screen().contains("left the table"),
            "{}",
            alice.screen()
        );
        bob.wait_closed().await;
        let bob = Player::join(&server, "bob", 2, 80, 24).await;
        bob.wait_for(" 1 B a1").await;
        bob.wait_for("Yellow to move").await;
        alice.wait_for("Your opponent is back").await;
        play(&bob, &alice, 2, "b2").await;
        let history = server.dir.path().join("games");
        let kept = std::fs::read_dir(&history).map_or(0, |d| d.count());
        assert_eq!(kept, 0, "nothing ended, nothing in the history");
    });
}

/// Defect 3: after a restart, a player back on the server (in the lobby) had the win
/// claimed against them once the grace period counted from the restart was over.
#[test]
fn no_win_is_claimed_against_a_player_on_the_server() {
    run(async {
        let mut server = Server::start_with(&["--reconnect-grace", "1"]);
        let (alice, bob) = seated(&server).await;
        play(&alice, &bob, 1, "a1").await;
        server.restart(&["--reconnect-grace", "1"]);
        drop((alice, bob));
        let bob = Player::join(&server, "bob", 2, 80, 24).await;
        bob.wait_for("unfinished: 1").await;
        let alice = Player::join(&server, "alice", 1, 80, 24).await;
        alice.wait_for("unfinished: 1").await;
        // Well past the grace period counted from the restart.
        tokio::time::sleep(Duration::from_millis(2500)).await;
        alice.send(b"w").await;
        alice.wait_for("Claim the win at which").await;
        alice.send(b"1").await;
        alice.wait_for("bob is on the server").await;
        assert!(!alice.screen().contains("You won"), "{}", alice.screen());
        // Once bob has gone, the grace period counts from then.
        drop(bob);
        tokio::time::sleep(Duration::from_millis(2500)).await;
        alice.send(b"w1").await;
        alice
            .wait_for("You won: your opponent did not come back")
            .await;
    });
}
