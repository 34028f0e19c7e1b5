//! End to end, as a newcomer would: `hijara learn` in a pseudo-terminal, the
//! first lesson by keys (a wrong try, then the answer), the second by a click
//! on the board, the claiming lesson picked from the menu with a click and
//! its claim typed, then `p` in the menu to the puzzles, and a first puzzle
//! solved. The progress of both is on disk, the terminal restored.

use crate::common::{Session, assert_restored};

use hijara::learn::{LearnProgress, lessons};
use hijara::puzzle::{Progress, PuzzleSet};
use hijara::rules::Square;
use hijara::ui::{Input, LessonState};

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
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);

    let learnt = LearnProgress::load(data.path()).unwrap();
    assert_eq!(learnt.done, ["01-board", "02-square", "08-claims"]);
    let puzzles = Progress::load(data.path()).unwrap();
    assert_eq!((puzzles.tries, puzzles.solved), (1, 1));
}
