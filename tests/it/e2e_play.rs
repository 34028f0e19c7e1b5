//! End to end: the real `hijara` binary in a pseudo-terminal, read through a vt100 parser,
//! played with keys and a mouse click, as a person would.

use std::time::{Duration, Instant};

use crate::common::{Session, assert_restored};

use hijara::rules::{Game, Player, Square};
use hijara::ui::ScreenLayout;
use ratatui::layout::Rect;

#[test]
fn hot_seat_game_by_keys_and_mouse_then_quit_with_confirmation() {
    let mut s = Session::start(&["play"], 80, 24);
    s.wait_for("Blue 0  Yellow 0");
    s.wait_for("Blue to move");

    // Blue takes section 1 of a2 a3 a4 b1 c1 d1, Yellow elsewhere; Blue's a1 completes
    // row 1 and column a (same number): +20, as the rules count it.
    let moves = "a2b2a3b3a4b4b1c2c1c3d1c4a1";
    s.type_keys(moves);
    let squares: Vec<Square> = moves
        .as_bytes()
        .chunks(2)
        .map(|c| std::str::from_utf8(c).unwrap().parse().unwrap())
        .collect();
    let game = Game::from_moves(squares).unwrap();
    let (blue, yellow) = (game.score(Player::Blue), game.score(Player::Yellow));
    assert_eq!((blue, yellow), (20, 0));
    s.wait_for(&format!("Blue {blue}  Yellow {yellow}"));
    s.wait_for("Blue +20: row 1 same number 1s (10), column a same number 1s (10)");

    // A full square is refused; a bad key explains.
    s.type_keys("a1a1a1");
    s.wait_for("16 Y a1");
    s.type_keys("a1");
    s.wait_for("a1 is full");
    s.type_keys("z");
    s.wait_for("Unknown key");

    // A click on c3 (SGR mouse report: 1-based column and row) places Yellow there.
    let layout = ScreenLayout::new(Rect::new(0, 0, 80, 24)).unwrap();
    let rect = layout
        .board_geometry()
        .unwrap()
        .square_rect("c3".parse().unwrap());
    let (x, y) = (rect.x + rect.width / 2 + 1, rect.y + rect.height / 2 + 1);
    s.send(&format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m"));
    s.wait_for("17 B c3");
    let mut game = game;
    for square in ["a1", "a1", "a1", "c3"] {
        game.play(square.parse().unwrap()).unwrap();
    }
    let (blue, yellow) = (game.score(Player::Blue), game.score(Player::Yellow));
    s.wait_for(&format!("Blue {blue}  Yellow {yellow}"));

    // A resize below the minimum asks to enlarge; back to 80×24 the board returns.
    s.resize(40, 12);
    s.wait_for("Please enlarge");
    s.resize(80, 24);
    s.wait_for(&format!("Blue {blue}  Yellow {yellow}"));

    // Quitting a game in progress asks; a no keeps playing, a yes quits cleanly.
    s.type_keys("q");
    s.wait_for("Quit the game in progress?");
    s.type_keys("n");
    s.wait_for("Yellow to move");
    s.type_keys("q");
    s.wait_for("Quit the game in progress?");
    s.type_keys("y");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
}

#[test]
fn against_the_ai_it_answers_and_ctrl_c_quits_at_once() {
    let mut s = Session::start(&["play", "--ai", "easy", "--seed", "1"], 80, 24);
    s.wait_for("easy AI");
    s.type_keys("b2");
    // The AI replies on its own: move 2 appears in the list, and it is Blue's turn again.
    s.wait_for(" 2 Y ");
    s.wait_for("Blue to move");
    s.send("\x03");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
}

#[test]
fn quitting_while_the_ai_thinks_does_not_wait_for_it() {
    let mut s = Session::start(&["play", "--ai", "hard", "--think-ms", "5000"], 80, 24);
    s.wait_for("hard AI");
    s.type_keys("b2");
    s.wait_for(" 1 B b2");
    let start = Instant::now();
    s.send("\x03");
    assert_eq!(s.exit_code(), 0);
    assert!(
        start.elapsed() < Duration::from_secs(3),
        "Ctrl-C waited for the AI"
    );
    assert_restored(&s);
}

#[test]
fn without_a_terminal_it_fails_cleanly() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_hijara"))
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("needs a terminal"), "{stderr}");
}
