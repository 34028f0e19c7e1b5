//! End to end: `hijara learn` in a pseudo-terminal: a lesson done by keys,
//! the progress kept, and the next run resuming at the first lesson not done.

use crate::common::{Session, assert_restored};

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

#[test]
fn hijara_alone_opens_the_start_screen_and_h_starts_hot_seat() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Play here: two players, hot-seat");
    s.wait_for("Learn: lessons on the real board");
    s.type_keys("h");
    s.wait_for("Blue to move");
    s.type_keys("b2");
    s.wait_for("Yellow to move");
    s.send("\x03");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
}

/// Issue 28, defect 7: `q` in the lessons or puzzles opened from the start screen
/// left for the shell; it goes back to the start screen, whose `q` leaves.
#[test]
fn the_start_screen_leads_to_the_lessons_and_puzzles_and_back() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&[], 80, 24, data.path(), None);
    s.wait_for("Puzzles with one proven answer");
    s.type_keys("l");
    s.wait_for("Lesson 1/10");
    s.wait_for("The board and the lowest");
    s.type_keys("q");
    s.wait_for("Puzzles with one proven answer");
    s.type_keys("p");
    s.wait_for("to move (you).");
    s.type_keys("q");
    s.wait_for("Learn: lessons on the real board");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
}
