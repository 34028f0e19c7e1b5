//! End to end: the full screen's terminal is set up once, by the first screen, and
//! restored once, after the last: between the start screen and the screen it opens
//! the terminal used to go back to the main screen and cooked mode for a moment (a
//! key typed then was echoed, the screen flashed). Whatever is printed (a farewell,
//! an error, the line a signal says) comes after the one restore, on the main screen.

use std::process::Command;

use crate::common::{Session, assert_restored, ctrl_c_ends_cleanly};

const ENTER: &str = "\x1b[?1049h";
const LEAVE: &str = "\x1b[?1049l";

/// How many times the program entered and left the alternate screen, and what it
/// wrote after leaving it the last time.
fn switches(output: &str) -> (usize, usize, &str) {
    let after = output
        .rfind(LEAVE)
        .map_or("", |at| &output[at + LEAVE.len()..]);
    (
        output.matches(ENTER).count(),
        output.matches(LEAVE).count(),
        after,
    )
}

/// The start screen, then a game: one entry, one exit, and the farewell after it.
#[test]
fn the_start_screen_and_the_game_share_one_full_screen() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Two players here, hot-seat");
    s.type_keys("h");
    s.wait_for("Blue to move");
    s.type_keys("b2");
    s.wait_for("Yellow to move");
    ctrl_c_ends_cleanly(&mut s);
    let output = s.whole_output();
    let (entered, left, after) = switches(&output);
    assert_eq!((entered, left), (1, 1), "{output:?}");
    assert!(after.contains("The game is kept (1 move"), "{after:?}");
    // Nothing drawn after the restore: the farewell alone, on the main screen.
    assert!(!after.contains("\x1b[?25l"), "{after:?}");
    assert!(s.screen().contains("The game is kept"), "{}", s.screen());
}

/// The lessons and the puzzles, opened from the start screen and left back to it,
/// keep the one full screen too.
#[test]
fn the_lessons_and_puzzles_keep_the_start_screens_full_screen() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Puzzles, each answer proven");
    s.type_keys("l");
    s.wait_for("m: menu · q: back");
    s.type_keys("q");
    s.wait_for("Lessons done: 0 of 10.");
    s.type_keys("p");
    s.wait_for("n: skip · q: back");
    s.type_keys("q");
    s.wait_for("Your puzzle rating: 1500");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
    let output = s.whole_output();
    let (entered, left, after) = switches(&output);
    assert_eq!((entered, left), (1, 1), "{output:?}");
    // Nothing but the cursor shown again.
    assert_eq!(after.replace("\x1b[?25h", "").trim(), "", "{after:?}");
}

/// An error after the start screen (the autosave it offered gone when `r` is pressed)
/// is printed once the terminal is restored, on the main screen.
#[test]
fn an_error_after_the_start_screen_is_printed_after_the_restore() {
    let data = tempfile::tempdir().unwrap();
    let autosave = data.path().join("autosave.hij");
    std::fs::write(&autosave, "1. b2 *\n").unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Resume the autosaved game");
    std::fs::remove_file(&autosave).unwrap();
    s.type_keys("r");
    assert_eq!(s.exit_code(), 1);
    assert_restored(&s);
    let output = s.whole_output();
    let (entered, left, after) = switches(&output);
    assert_eq!((entered, left), (1, 1), "{output:?}");
    assert!(after.contains("no game to resume"), "{after:?}");
}

/// SIGTERM in a game the start screen opened restores the terminal once, then says
/// the game is kept.
#[cfg(unix)]
#[test]
fn a_signal_after_the_start_screen_restores_once() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Two players here, hot-seat");
    s.type_keys("h");
    s.wait_for("Blue to move");
    s.type_keys("b2");
    s.wait_for("Yellow to move");
    let status = Command::new("kill")
        .args(["-TERM", &s.pid().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(s.exit_code(), 143);
    assert_restored(&s);
    let output = s.whole_output();
    let (entered, left, after) = switches(&output);
    assert_eq!((entered, left), (1, 1), "{output:?}");
    assert!(after.contains("The game is kept (1 move"), "{after:?}");
}

/// A lessons file that cannot be read, met on the way from the start screen: the
/// "starting afresh" line was printed under the full screen, never seen; the lesson
/// screen says it.
#[test]
fn a_damaged_lessons_file_is_said_on_the_lesson_screen() {
    let data = tempfile::tempdir().unwrap();
    std::fs::write(data.path().join("lessons.json"), "{ not json").unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Puzzles, each answer proven");
    s.type_keys("l");
    s.wait_for("Lesson 1/10");
    s.wait_for("afresh");
    assert!(!s.screen().contains("hijara:"), "{}", s.screen());
    s.type_keys("q");
    s.wait_for("Lessons done: 0 of 10.");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    let output = s.whole_output();
    let (_, left, after) = switches(&output);
    assert_eq!(left, 1, "{output:?}");
    assert!(!after.contains("starting afresh"), "{after:?}");
}

/// From the start screen to the lessons, back, to the puzzles, back and into a game,
/// the terminal stays in raw mode: between two screens it went back to cooked mode,
/// where a key typed was echoed on the screen.
#[cfg(unix)]
#[test]
fn the_terminal_stays_raw_between_screens() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Puzzles, each answer proven");
    let watch = s.watch_cooked();
    s.type_keys("l");
    s.wait_for("m: menu · q: back");
    s.type_keys("q");
    s.wait_for("Lessons done: 0 of 10.");
    s.type_keys("p");
    s.wait_for("n: skip · q: back");
    s.type_keys("q");
    s.wait_for("Your puzzle rating: 1500");
    s.type_keys("h");
    s.wait_for("Blue to move");
    let (cooked, samples) = watch.stop();
    assert!(samples > 0);
    assert!(!cooked, "back in cooked mode between two screens");
    ctrl_c_ends_cleanly(&mut s);
}

/// The line mode at a terminal keeps its raw mode from the start screen through the
/// lessons and back to a game, as the full screen does. (Each screen turned raw mode
/// on and off: the watch saw the cooked mode between two screens in 2 runs of 3; the
/// full screen's, in the test above, in 1 of 3, where the counts of the alternate
/// screen's switches above always did.)
#[cfg(unix)]
#[test]
fn the_line_mode_stays_raw_between_screens() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&["--plain"], 80, 24, data.path(), None);
    s.wait_for("Type the key of a door");
    let watch = s.watch_cooked();
    s.type_keys("l\r");
    s.wait_for("Lesson 1");
    s.type_keys("q\r");
    s.wait_for("Lessons done: 0 of 10.");
    s.type_keys("h\r");
    s.wait_for("Your move, Blue.");
    let (cooked, samples) = watch.stop();
    assert!(samples > 0);
    assert!(!cooked, "back in cooked mode between two screens");
    s.type_keys("b2\r");
    s.wait_for("Your move, Yellow.");
    s.type_keys("quit\r");
    s.wait_for("Quit the game in progress?");
    s.type_keys("y\r");
    assert_eq!(s.exit_code(), 0, "{}", s.screen());
    assert!(s.whole_output().contains("The game is kept"));
}

/// The AI's thread panicking (as `HIJARA_TEST_PANIC=ai` asks) ends the game at once:
/// the terminal restored once, then the error, naming the AI and what the autosave
/// on disk keeps, and a failure's exit code. The panic used to restore the terminal
/// on the AI's thread, its message printed over the game, which went on drawing on
/// the main screen until a key found the thread gone.
#[test]
fn an_ai_panic_ends_the_game_after_one_restore_and_says_what_is_kept() {
    let data = tempfile::tempdir().unwrap();
    let env = [("HIJARA_TEST_PANIC", "ai")];
    let mut s = Session::start_with_env(&["play", "--ai", "easy"], 80, 24, data.path(), &env);
    s.wait_for("Blue to move");
    s.type_keys("b2");
    assert_eq!(s.exit_code(), 1);
    assert_restored(&s);
    let output = s.whole_output();
    let (entered, left, after) = switches(&output);
    assert_eq!((entered, left), (1, 1), "{output:?}");
    // The panic's own lines are not printed: the error says it, once.
    assert!(!output.contains("panicked at"), "{output:?}");
    let after = after.replace("\r\n", "\n");
    assert!(
        after.contains("hijara: internal error in the AI: the ai worker panicked"),
        "{after:?}"
    );
    assert!(after.contains("The game is kept (1 move"), "{after:?}");
    assert!(after.contains("`hijara resume` continues it"), "{after:?}");
    // What it says is on disk.
    let kept = std::fs::read_to_string(data.path().join("autosave.hij")).unwrap();
    assert!(kept.contains("1. b2"), "{kept}");
}
