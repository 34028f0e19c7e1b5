//! End to end: `hijara learn` in a pseudo-terminal: a lesson done by keys, the progress
//! kept, and the next run resuming at the first lesson not done; the start screen's way
//! to the lessons; and a newcomer's first steps, from the lessons (by keys, a click, a
//! claim typed) through the menu to a first puzzle solved, both progresses on disk.

use crate::common::{Session, assert_restored, ctrl_c_ends_cleanly};

use hijara::learn::{LearnProgress, lessons};
use hijara::puzzle::{Progress, PuzzleSet};
use hijara::rules::Square;
use hijara::ui::{Input, LessonState};

#[test]
fn learn_does_a_lesson_then_resumes_at_the_next() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&["learn"], 80, 24, data.path(), None);
    s.wait_for("Lesson 1/10");
    s.wait_for("The board and the lowest");
    s.wait_for("Task: Place a stone on a");
    s.type_keys("c3");
    s.wait_for("Not yet:");
    s.wait_for("c3 lands on section 1 and");
    s.type_keys("a1");
    s.wait_for("Well done!");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
    let kept = std::fs::read_to_string(data.path().join("lessons.json")).unwrap();
    assert!(kept.contains("01-board"), "{kept}");

    let mut s = Session::start_in(&["learn"], 80, 24, data.path(), None);
    s.wait_for("Lesson 2/10");
    s.wait_for("Squares score 20");
    s.type_keys("m");
    s.wait_for("[x]  1. The board");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
}

/// The start screen's hot-seat door. s24: `q` in a game opened there left the
/// program, while the lessons and puzzles came back; now it comes back too (its help
/// says so, and it asks first as ever), the start screen says where the game is kept,
/// its resume door continues it, and `Ctrl-c` in the game still leaves the program.
///
/// s25: the replay door (`v`) and a game played on from its viewer quit the program
/// on `q`; they come back too (the viewer's help says so), the game asking first, and
/// the start screen says the game played on is kept.
#[test]
fn hijara_alone_opens_the_start_screen_and_h_starts_hot_seat() {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::write(
        games.join("hijara-20261130-120000.hij"),
        include_str!("../../assets/games/complete.hij"),
    )
    .unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Two players here, hot-seat");
    s.wait_for("Learn: lessons on the board");
    s.type_keys("h");
    s.wait_for("Blue to move");
    s.type_keys("b2");
    s.wait_for("Yellow to move");
    s.type_keys("?");
    s.wait_for("back to the start screen");
    s.type_keys("x");
    s.type_keys("q");
    s.wait_for("Back to the start screen?");
    s.type_keys("y");
    s.wait_for("Game kept (1 move");
    s.wait_for("Learn: lessons on the board");
    assert!(data.path().join("autosave.hij").exists());
    // The replay door: its help says q goes back, and q goes back.
    s.type_keys("v");
    s.wait_for("hijara-20261130-120000.hij");
    s.type_keys("?");
    s.wait_for("back to the start screen");
    s.type_keys("x");
    s.type_keys("q");
    s.wait_for("Learn: lessons on the board");
    // A game played on from the viewer goes back too, asking first.
    s.type_keys("v");
    s.wait_for("hijara-20261130-120000.hij");
    s.type_keys("lc");
    s.wait_for("Play on from move 1?");
    s.type_keys("y");
    // The hot-seat game's autosave is kept aside, as at any game's first move.
    s.wait_for("The earlier unfinished game was kept");
    s.type_keys("q");
    s.wait_for("Back to the start screen?");
    s.type_keys("y");
    s.wait_for("Game kept (1 move");
    s.wait_for("Learn: lessons on the board");
    // s26: Esc at the resume question goes back as its `q` does (it was any other
    // key: a new game over the autosave).
    s.type_keys("h");
    s.wait_for("Resume the autosaved game?");
    s.send("\x1b");
    // Gone first: the start screen's text is behind the question, and an `r` typed
    // before the Esc is read comes with it as Alt+r.
    s.wait_until("the question to go", |s| {
        !s.screen().contains("Resume the autosaved game?")
    });
    s.wait_for("Learn: lessons on the board");
    assert!(s.screen().contains("Game kept (1 move"), "{}", s.screen());
    s.type_keys("r");
    s.wait_for("Yellow to move");
    ctrl_c_ends_cleanly(&mut s);
    let left = s.screen();
    assert!(left.contains("`hijara resume` continues it"), "{left}");
}

/// Issue 28, defect 7: `q` in the lessons or puzzles opened from the start screen
/// left for the shell; it goes back to the start screen, whose `q` leaves.
#[test]
fn the_start_screen_leads_to_the_lessons_and_puzzles_and_back() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Puzzles, each answer proven");
    s.type_keys("l");
    s.wait_for("Lesson 1/10");
    s.wait_for("The board and the lowest");
    s.type_keys("q");
    s.wait_for("Puzzles, each answer proven");
    s.type_keys("p");
    s.wait_for("to move (you).");
    s.type_keys("q");
    s.wait_for("Learn: lessons on the board");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
}

/// QA: the lessons, their menu and the puzzles opened from the start screen said
/// `q: quit` while their `q` went back to the start screen; a player read that q
/// would end the program. Opened from the start screen (the puzzles through the
/// lessons' menu too) they say `q: back`, and so does their "please enlarge" screen;
/// `hijara learn` alone still says quit.
#[test]
fn the_screens_the_start_screen_opens_say_q_goes_back() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Puzzles, each answer proven");
    s.type_keys("l");
    s.wait_for("m: menu · q: back");
    s.type_keys("m");
    s.wait_for("p: puzzles · q: back");
    s.type_keys("p");
    s.wait_for("n: skip · g: give up · q: back");
    s.type_keys("c3");
    s.wait_for("next puzzle · q: back");
    // qa37: back to the lessons' menu that opened them, then to the start screen.
    s.type_keys("q");
    s.wait_for("p: puzzles · q: back");
    s.type_keys("q");
    s.wait_for("Learn: lessons on the board");
    s.type_keys("p");
    s.wait_for("n: skip · g: give up · q: back");
    // Their "please enlarge" screens say where q goes too (the start screen's box
    // fits at 43×16, so q there shows it, not the shell).
    s.resize(43, 16);
    s.wait_for("q: back to the start screen.");
    s.type_keys("q");
    s.wait_for("Learn: lessons on the board");
    s.type_keys("l");
    s.wait_for("q: back to the start screen.");
    s.resize(80, 24);
    s.wait_for("m: menu · q: back");
    s.type_keys("q");
    s.wait_for("Learn: lessons on the board");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);

    let mut s = Session::start_in(&["learn"], 80, 24, data.path(), None);
    s.wait_for("m: menu · q: quit");
    s.type_keys("m");
    s.wait_for("p: puzzles · q: quit");
    s.type_keys("p");
    // qa37: the puzzles the lessons' menu opens go back to it.
    s.wait_for("n: skip · g: give up · q: back");
    s.resize(43, 16);
    s.wait_for("43×16). q: back to the lessons.");
    s.type_keys("q");
    s.resize(80, 24);
    s.wait_for("p: puzzles · q: quit");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
}

/// QA: the lessons and the puzzles, opened from the start screen, printed what they
/// sum up ("Lessons done: 0 of 10.", the puzzle rating) on leaving, to the main screen
/// behind the start screen's: no one saw it until the program ended, and then out of
/// place. The start screen says it, and nothing is left on the main screen.
#[test]
fn the_start_screen_says_what_the_lessons_and_puzzles_sum_up() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Puzzles, each answer proven");
    s.type_keys("l");
    s.wait_for("m: menu · q: back");
    s.type_keys("q");
    s.wait_for("Lessons done: 0 of 10.");
    s.wait_for("Learn: lessons on the board");
    s.type_keys("p");
    s.wait_for("n: skip · g: give up · q: back");
    s.type_keys("q");
    s.wait_for("Your puzzle rating: 1500");
    s.wait_for("Learn: lessons on the board");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
    let left = s.screen();
    assert!(!left.contains("Lessons done"), "{left}");
    assert!(!left.contains("puzzle rating"), "{left}");
}

/// QA: the start screen's "Replay your last game" with a newest game in the history
/// that cannot be read (`hijara games` lists it as unreadable) left the program with
/// the error; the start screen says it and stays, its other doors open.
#[test]
fn a_last_game_that_cannot_be_read_is_said_on_the_start_screen() {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::write(games.join("hijara-20261204-120000.hij"), b"1. a1 \xff\n").unwrap();
    // QA (s22): an autosave none of whose moves read; the door said `(none)` and
    // "There is no unfinished game to resume".
    std::fs::write(data.path().join("autosave.hij"), b"garbage\n").unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Replay your last game");
    s.type_keys("r");
    s.wait_for("Your autosaved game cannot be resumed.");
    // The rest, as the box wraps it: what is wrong, and what becomes of the file.
    s.wait_for("`garbage`");
    s.wait_for("kept aside");
    assert!(!s.screen().contains("(none)"), "{}", s.screen());
    s.type_keys("v");
    s.wait_for("Your last game cannot be replayed:");
    s.wait_for("not UTF-8 text");
    s.wait_for("Learn: lessons on the board");
    s.type_keys("h");
    s.wait_for("Blue to move");
    ctrl_c_ends_cleanly(&mut s);
}

/// A left click (press and release) at the 0-based cell (`column`, `row`).
fn click(s: &mut Session, column: u16, row: u16) {
    s.send(&format!("\x1b[<0;{};{}M", column + 1, row + 1));
    s.send(&format!("\x1b[<0;{};{}m", column + 1, row + 1));
}

#[test]
fn from_hijara_learn_through_the_lessons_to_a_first_puzzle_solved() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&["learn"], 80, 24, data.path(), None);

    // Lesson 1, by keys: a wrong try explains why, then the answer.
    s.wait_for("Lesson 1/10");
    s.wait_for("Task: Place a stone on a");
    s.type_keys("c3");
    s.wait_for("Not yet:");
    s.type_keys("a1");
    s.wait_for("Well done!");

    // Lesson 2, by a click on a1 where the screen draws it.
    s.type_keys("n");
    s.wait_for("Lesson 2/10");
    let mut probe = LessonState::resume(lessons().unwrap(), LearnProgress::default(), None);
    let _ = probe.handle(Input::Resize(80, 24));
    let a1 = probe
        .layout()
        .unwrap()
        .board_geometry()
        .unwrap()
        .square_rect(Square::A1);
    click(&mut s, a1.x + 1, a1.y);
    s.wait_for("Well done!");

    // The claiming lesson, picked in the menu with a click on its row (row 0
    // is the border), then the real claim typed: +, the points, Enter.
    s.type_keys("m");
    s.wait_for("8. Claiming");
    click(&mut s, 10, 8);
    s.wait_for("Lesson 8/10");
    s.type_keys("a1");
    s.wait_for("type +, the");
    s.type_keys("+20");
    s.wait_for("Claim for a1: +20_");
    s.send("\r");
    s.wait_for("Well done!");
    s.wait_for("claims 20 for a1");

    // The menu leads on to the puzzles.
    s.type_keys("m");
    s.wait_for("p: puzzles");
    s.type_keys("p");
    let set = PuzzleSet::shipped().unwrap();
    let first = Progress::default().next(&set).unwrap().clone();
    s.wait_for(&format!("Puzzle {}", first.id));
    s.wait_for("to move (you)");
    s.type_keys(&first.answer.to_string());
    s.wait_for(&format!("Right! {}", first.answer));
    s.wait_for("streak 1");
    // Back to the lessons' menu (qa37), whose q leaves.
    s.type_keys("q");
    s.wait_for("p: puzzles · q: quit");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);

    let learnt = LearnProgress::load(data.path()).unwrap();
    assert_eq!(learnt.done, ["01-board", "02-square", "08-claims"]);
    let puzzles = Progress::load(data.path()).unwrap();
    assert_eq!((puzzles.tries, puzzles.solved), (1, 1));
}
