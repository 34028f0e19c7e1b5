//! End to end: `hijara puzzle` in a pseudo-terminal, answered with the keys
//! and with a click, the progress kept in the data folder, the terminal restored.

use crate::common::{Session, assert_restored};

use hijara::puzzle::{Progress, PuzzleSet};
use hijara::ui::{Input, PuzzleState, ScreenLayout};

#[test]
fn a_puzzle_answered_by_keys_then_the_next_by_a_click() {
    let data = tempfile::tempdir().unwrap();
    let mut s = Session::start_in(&["puzzle", "--id", "p0001"], 80, 24, data.path(), None);
    s.wait_for("Puzzle p0001");
    s.wait_for("One move ends the game best for you");
    s.type_keys("c4");
    s.wait_for("Right! c4 completes square c4 (20)");
    s.wait_for("streak 1");
    // Kept on disk at once, before leaving.
    let progress = Progress::load(data.path()).unwrap();
    assert_eq!((progress.tries, progress.solved), (1, 1));

    // The next puzzle, answered with a click on the real board.
    s.type_keys("n");
    let set = PuzzleSet::shipped().unwrap();
    let next = progress.next(&set).unwrap().clone();
    s.wait_for(&format!("Puzzle {}", next.id));
    let mut probe = PuzzleState::new(set, progress, None, next.clone(), None);
    let _ = probe.handle(Input::Resize(80, 24));
    let geometry = ScreenLayout::new(probe.area())
        .unwrap()
        .board_geometry()
        .unwrap();
    let rect = geometry.square_rect(next.answer);
    s.send(&format!("\x1b[<0;{};{}M", rect.x + 1, rect.y + 1));
    s.send(&format!("\x1b[<0;{};{}m", rect.x + 1, rect.y + 1));
    s.wait_for(&format!("Right! {}", next.answer));
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
    let progress = Progress::load(data.path()).unwrap();
    assert_eq!(
        (progress.tries, progress.solved, progress.streak),
        (2, 2, 2)
    );
}
