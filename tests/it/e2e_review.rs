//! The analysis view end to end, in a pseudo-terminal: `hijara replay`, `a`, `]`
//! on a record with a known (solved) blunder, `r` after a game, and the mark on the
//! stone of the move judged at 80×24.

use std::path::Path;
use std::time::Duration;

use tempfile::TempDir;

use crate::common::{Session, assert_restored, ctrl_c_ends_cleanly};

/// The review's budget per position these sessions are given (the `review_nodes`
/// preference): a node budget, so the values are the same at any load (a time
/// budget of 50 ms once left move 53's solve unfinished at a load of 10:
/// `cli_analyze::annotate`). 2,000 nodes a position already proved move 53 a
/// blunder (tried by hand); this is ten times that. At the default 400 ms a
/// position the screens' review of a whole game took 13 s on two idle cores.
const QUICK_REVIEW: &str = "review_nodes = 20000\n";

/// How long a whole game's analysis may take here: a busy test machine may take
/// many times what it takes idle.
const ANALYSIS_TIMEOUT: Duration = Duration::from_secs(180);

/// `hijara ARGS` in an 80×24 terminal with a data folder of its own and a config file
/// holding [`QUICK_REVIEW`] (both in the folder returned, to be kept while it runs).
fn quick(args: &[&str]) -> (TempDir, Session) {
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    std::fs::write(&config, QUICK_REVIEW).unwrap();
    let env = [("HIJARA_CONFIG", path_text(&config))];
    let s = Session::start_with_env(args, 80, 24, data.path(), &env);
    (data, s)
}

fn path_text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The panel's title once every position is analysed (while running it counts).
const ANALYSED: &str = "Analysis · Blue ▲ Yellow ▼";

#[test]
fn replay_a_then_bracket_lands_on_the_solved_blunder() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/blunder.hij");
    let (_data, mut s) = quick(&["replay", record]);
    s.wait_for("Move 0/64");
    s.type_keys("a");
    // The panel opens at once; stepping does not wait for the analysis.
    s.wait_for("Analysis");
    s.type_keys("l");
    s.wait_for("Move 1/64");
    // The record's own comment shows with its move.
    s.wait_for("{a quiet start}");
    s.wait_for_within(ANALYSED, ANALYSIS_TIMEOUT);
    // From move 52, `]` goes to the next mistake or blunder: move 53, d1, which
    // throws away a proven win (checked with the solver in the review tests).
    s.type_keys("g52\r");
    s.wait_for("Move 52/64");
    s.type_keys("]");
    s.wait_for("Move 53/64");
    // The win it threw away said (qa41); at 80×24 the line leaves out `Move 53 Blue`,
    // which the status line gives.
    s.wait_for("d1??: blunder, a win thrown away, lost 10");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
}

#[test]
fn r_at_game_over_reviews_the_game_q_comes_back_to_it_and_ctrl_c_leaves() {
    let (_data, mut s) = quick(&[
        "play", "--blue", "random", "--yellow", "random", "--seed", "7",
    ]);
    // s37: while the kept note takes the hint row, the turn line names `w` too.
    s.wait_for_within("n new, w swap, r review", ANALYSIS_TIMEOUT);
    // The note comes once the game's file is written (s38: off the loop, a moment
    // after the last stone is shown); an `r` before it found it on the way back.
    s.wait_for("Game kept as");
    s.type_keys("r");
    s.wait_for("Review · random AI (Blue) vs random AI (Yellow) · ");
    s.wait_for("Analysis");
    s.wait_for("Move 0/64");
    s.wait_for_within(ANALYSED, ANALYSIS_TIMEOUT);
    s.type_keys("q");
    // Back at the game: its keys (s39: with the kept note still on its row, never a
    // box the `r` closed, in their short words, `w swap` among them).
    s.wait_until("the finished game's keys", |s| {
        let screen = s.screen();
        screen.contains("n: new game, r: review") || screen.contains("w swap, r review")
    });
    // Opened again, the review is the one kept: analysed already.
    s.type_keys("r");
    s.wait_for("Review · random AI (Blue) vs random AI (Yellow) · ");
    s.wait_for(ANALYSED);
    s.type_keys("q");
    // Back at the game: its keys (s39: with the kept note still on its row, never a
    // box the `r` closed, in their short words, `w swap` among them).
    s.wait_until("the finished game's keys", |s| {
        let screen = s.screen();
        screen.contains("n: new game, r: review") || screen.contains("w swap, r review")
    });
    // Ctrl-c in a review leaves at once.
    s.type_keys("r");
    s.wait_for("Review · random AI (Blue) vs random AI (Yellow) · ");
    ctrl_c_ends_cleanly(&mut s);
}

#[test]
fn the_review_at_80x24_marks_the_stone_of_the_move_shown() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/games/complete.hij");
    let (_data, mut s) = quick(&["replay", record]);
    s.wait_for("Move 0/64");
    // Move 28 is Yellow's d3 (section 2 on the left: `[Y`); the panel compacts the board.
    s.type_keys("g28\r");
    s.wait_for("Move 28/64");
    s.type_keys("a");
    s.wait_for("Analysis");
    s.wait_for("[Y");
    ctrl_c_ends_cleanly(&mut s);
}

#[test]
fn shift_d_starts_the_deep_review_with_its_count_and_d_again_stops_it() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/blunder.hij");
    // A budget the deep review (four times it a position) takes seconds over: at
    // `QUICK_REVIEW`'s an idle machine finished all 65 before the screen was read
    // (CI, s37), and its count and its stop were never seen.
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    std::fs::write(&config, "review_nodes = 2000000\n").unwrap();
    let env = [("HIJARA_CONFIG", path_text(&config))];
    let mut s = Session::start_with_env(&["replay", record], 80, 24, data.path(), &env);
    s.wait_for("Move 0/64");
    s.type_keys("D");
    // Every position, before the review has valued any: the panel counts them.
    s.wait_for("Deep review of 65 positions");
    s.wait_for("Deep review 0/65");
    // Stepping does not wait for it.
    s.type_keys("l");
    s.wait_for("Move 1/64");
    s.type_keys("D");
    s.wait_for("Deep review stopped after");
    ctrl_c_ends_cleanly(&mut s);
}

/// The analysis's thread panicking (as `HIJARA_TEST_PANIC=analysis` asks) is said on
/// the message line and the viewer goes on: the panic used to restore the terminal
/// under it, the viewer then drawing on the main screen.
#[test]
fn an_analysis_panic_is_said_and_the_viewer_goes_on() {
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/blunder.hij");
    let data = tempfile::tempdir().unwrap();
    let env = [("HIJARA_TEST_PANIC", "analysis")];
    let mut s = Session::start_with_env(&["replay", record], 80, 24, data.path(), &env);
    s.wait_for("Move 0/64");
    s.type_keys("a");
    s.wait_for("The analysis stopped on an internal error");
    s.type_keys("l");
    s.wait_for("Move 1/64");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);
    let output = s.whole_output();
    assert_eq!(output.matches("\x1b[?1049l").count(), 1, "{output:?}");
    assert!(!output.contains("panicked at"), "{output:?}");
}
