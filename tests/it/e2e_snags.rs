//! Issue 18's newcomer snags on the real binary in a pseudo-terminal: keys behind the
//! "enlarge" screen, a key that closes a box, the review's mark, claim mode's turn
//! line, and the corners variant's status line at 60 columns.

use std::thread;
use std::time::Duration;

use crate::common::{Session, assert_restored};

/// Time for the program to take in keys already sent, before the test changes the
/// terminal under it. Too short a pause can only make a test fail, never pass.
const SETTLE: Duration = Duration::from_millis(300);

#[test]
fn behind_the_enlarge_screen_keys_do_not_play_and_q_quits() {
    let data = tempfile::tempdir().unwrap();
    let args = ["play", "--ai", "medium", "--seed", "3"];
    let mut s = Session::start_in(&args, 40, 12, data.path(), None);
    // The message wraps at 40 columns.
    s.wait_for("Please enlarge the terminal to 44×16");
    s.wait_for("(now 40×12). q quits.");
    // The issue's keys: a square and Enter. Nothing is played.
    s.type_keys("c3\r ");
    thread::sleep(SETTLE);
    s.resize(80, 24);
    s.wait_for("Blue to move");
    s.wait_for("Blue 0  Yellow 0");
    assert!(!s.screen().contains(" 1 B "), "{}", s.screen());
    // Back behind the enlarge screen, q quits at once, as it says.
    s.resize(40, 12);
    s.wait_for("Please enlarge");
    thread::sleep(SETTLE);
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
    assert!(!s.output().contains("Quit the game in progress"));
    assert!(
        !data.path().join("autosave.hij").exists(),
        "a move was made"
    );
}

#[test]
fn esc_closes_a_box_and_does_only_that() {
    let data = tempfile::tempdir().unwrap();
    let cwd = tempfile::tempdir().unwrap();
    let save_dir = cwd
        .path()
        .join("a-rather-long-folder-name/for/the/games/that/are/saved/by/hand");
    let save_dir = save_dir.to_str().unwrap();
    let args = ["play", "--save-dir", save_dir];
    let mut s = Session::start_in(&args, 80, 24, data.path(), Some(cwd.path()));
    s.wait_for("Blue to move");
    s.type_keys("b2");
    s.wait_for("Yellow to move");
    // The save path is too long for the status line: it shows whole in a box.
    s.type_keys("s");
    s.wait_for("Saved to");
    s.wait_for(".hij");
    // Esc closes the box, and does not also ask to quit (issue 28: other keys act).
    s.send("\x1b");
    s.wait_for("arrows/hjkl: move");
    thread::sleep(SETTLE);
    assert!(!s.screen().contains("Quit the game"), "{}", s.screen());
    // The next n is n.
    s.type_keys("n");
    s.wait_for("Abandon this game for a new one?");
    s.type_keys("x");
    s.wait_for("arrows/hjkl: move");
    // No to the quit question: no older message comes back under it.
    s.type_keys("U");
    s.wait_for("Nothing to redo");
    s.type_keys("q");
    s.wait_for("Quit the game in progress?");
    // Its status-line copy keeps the question.
    s.wait_for("Quit? It is kept");
    s.type_keys("n");
    s.wait_for("arrows/hjkl: move");
    assert!(!s.screen().contains("Nothing to redo"), "{}", s.screen());
    s.send("\x03");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
}

#[test]
fn the_review_at_80x24_marks_the_stone_of_the_move_shown() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/games/complete.hij");
    let mut s = Session::start(&["replay", record], 80, 24);
    s.wait_for("Move 0/64");
    // Move 28 is Yellow's d3 (section 2 on the left: `[Y`); the panel compacts the board.
    s.type_keys("g28\r");
    s.wait_for("Move 28/64");
    s.type_keys("a");
    s.wait_for("Analysis");
    s.wait_for("[Y");
    s.send("\x03");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
}

#[test]
fn claim_mode_and_the_corners_variant_at_60_columns() {
    let args = ["play", "--variant", "corners", "--claim"];
    let mut s = Session::start(&args, 60, 20);
    // At 60 wide, the rules and the help both show.
    s.wait_for("corners · claims  ? help");
    // Blue's 7th stone completes square a1: Blue may claim, Yellow is to move.
    s.type_keys("a1b2a1b2a1b2a1");
    s.wait_for("Blue may claim · Yellow to move");
    s.wait_for("Claim its points: + points Enter");
    s.type_keys("+20\r");
    s.wait_for("Blue 20  Yellow 0");
    s.wait_for("Yellow to move");
    s.send("\x03");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
}
