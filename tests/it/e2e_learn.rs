//! End to end: `hijara learn` in a pseudo-terminal: a lesson done by keys,
//! the progress kept, and the next run resuming at the first lesson not done.

use crate::common::{Session, assert_restored};

#[test]
fn learn_does_a_lesson_then_resumes_at_the_next() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&["learn"], 80, 24, data.path(), None);
    s.wait_for("1/10 The board");
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
    s.wait_for("2/10 Squares score 20");
    s.type_keys("m");
    s.wait_for("[x]  1. The board");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
}
