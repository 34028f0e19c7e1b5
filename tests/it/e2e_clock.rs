//! End to end: a flag falls in the real binary with no key pressed, and the
//! finished game goes to the history with its clocks and `Termination`.

use std::time::Duration;

use crate::common::{Session, assert_restored};

#[test]
fn the_flag_falls_with_no_key_pressed_and_the_history_keeps_why() {
    let data = tempfile::tempdir().unwrap();
    // 3 seconds each: Blue moves at once, Yellow never does.
    let args = ["play", "--clock", "0.05+0"];
    let mut s = Session::start_in(&args, 80, 24, data.path(), None);
    s.wait_for("Blue to move");
    s.wait_for(" 0:03 ");
    s.type_keys("b2");
    s.wait_for("Yellow to move");
    assert!(!s.screen().contains("on time"), "{}", s.screen());
    // Yellow's clock counts down on screen, then the flag falls on its own.
    s.wait_for_within(" 0:01 ", Duration::from_secs(5));
    s.wait_for_within("Blue wins on time", Duration::from_secs(5));
    s.wait_for(" 0:00 ");
    // Over: q quits at once, nothing to keep.
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
    let games: Vec<_> = std::fs::read_dir(data.path().join("games"))
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert_eq!(games.len(), 1, "{games:?}");
    let record = &games[0];
    assert!(record.contains("[TimeControl \"3+0\"]"), "{record}");
    assert!(
        record.contains("[Termination \"time forfeit\"]"),
        "{record}"
    );
    assert!(record.contains("[Result \"1-0\"]"), "{record}");
    assert!(record.contains("1. b2 {[%clk 0:00:0"), "{record}");
}
