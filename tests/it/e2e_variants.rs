//! End to end, in a pseudo-terminal: a game under the corners variant with claims,
//! claimed by keys (`+20 Enter`), saved, quit and resumed with its rules and claims;
//! against the AI, which waits for the person's claim until Enter; and at 60 columns,
//! the rules' words and the claim line.

use crate::common::{Session, assert_restored, ctrl_c_ends_cleanly};
use hijara::record::Record;
use hijara::rules::Player;

#[test]
fn a_claim_game_is_played_by_keys_saved_and_resumed_with_its_rules() {
    let data = tempfile::tempdir().unwrap();
    let cwd = tempfile::tempdir().unwrap();
    let args = ["play", "--variant", "corners", "--claim"];
    let mut s = Session::start_in(&args, 80, 24, data.path(), Some(cwd.path()));
    s.wait_for("corners · claims");
    // Blue's 7th stone completes square a1 (20): nothing is said of it.
    s.type_keys("a1b2a1b2a1b2a1");
    s.wait_for("Blue played a1 (section 4). Claim its points");
    s.wait_for("Blue 0  Yellow 0");
    s.type_keys("+20");
    s.wait_for("Claim for Blue's a1: +20_");
    s.send("\r");
    s.wait_for("Blue claims 20 for a1: square a1 (20)");
    s.wait_for("Blue 20  Yellow 0");
    // One try per stone.
    s.type_keys("+");
    s.wait_for("had its one try");
    // Yellow's 8th stone completes square b2 (20); a wrong claim forfeits it.
    s.type_keys("b2");
    s.wait_for("Yellow played b2 (section 4)");
    s.type_keys("+15\r");
    s.wait_for("Wrong claim of 15: Yellow's b2 made 20 from square b2 (20); 20 forfeited");
    s.wait_for("Blue 20  Yellow 0");
    s.type_keys("q");
    s.wait_for("Quit? It is kept for `hijara resume`.");
    s.type_keys("y");
    assert_eq!(s.exit_code(), 0);
    assert_restored(&s);

    let autosave = std::fs::read_to_string(data.path().join("autosave.hij")).unwrap();
    assert!(autosave.contains("[Variant \"corners\"]"), "{autosave}");
    assert!(autosave.contains("[Claim \"on\"]"), "{autosave}");
    assert!(autosave.contains("a1+20"), "{autosave}");
    assert!(autosave.contains("b2 {[%claim wrong 15]}"), "{autosave}");
    let record: Record = autosave.parse().unwrap();
    let game = record.to_game().unwrap();
    assert_eq!(game.score(Player::Blue), 20);

    // `hijara resume`: the variant, the claims and the totals come back.
    let mut s = Session::start_in(&["resume"], 80, 24, data.path(), Some(cwd.path()));
    // Yellow's wrong claim of its last stone, b2, is kept (`%claim wrong 15`,
    // docs/records.md) and reads back settled: Blue is to move, and no claim prompt
    // (s36 read it back open, and it could be claimed again).
    s.wait_for("Resumed: Blue to move");
    assert!(!s.screen().contains("Claim its points"), "{}", s.screen());
    s.wait_for("corners · claims");
    s.wait_for("Blue 20  Yellow 0");
    s.type_keys("s");
    s.wait_for("Saved to hijara-");
    ctrl_c_ends_cleanly(&mut s);
}

#[test]
fn against_the_ai_it_waits_for_the_person_s_claim_until_enter() {
    let args = ["play", "--claim", "--yellow", "medium", "--seed", "5"];
    let mut s = Session::start(&args, 80, 24);
    s.wait_for("claims");
    s.type_keys("b2");
    // Who may claim, and what Enter does (issue 18, snag 4).
    s.wait_for("Blue may claim · Enter: Yellow plays");
    s.send("\r");
    s.wait_for(" 2 Y ");
    s.wait_for("Blue to move");
    ctrl_c_ends_cleanly(&mut s);
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
    ctrl_c_ends_cleanly(&mut s);
}
