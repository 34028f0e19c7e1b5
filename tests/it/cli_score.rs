//! `hijara score` end to end: good files, stdin, the JSON shape, bad input.

use assert_cmd::Command;
use predicates::prelude::*;
use proptest::prelude::*;
use serde_json::Value;

fn hijara() -> Command {
    crate::common::hijara()
}

fn json_of(args: &[&str], stdin: Option<&str>) -> Value {
    let mut cmd = hijara();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.assert().success().get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(text.lines().count(), 1, "one line of JSON: {text}");
    serde_json::from_str(&text).unwrap()
}

/// Runs `score` expecting failure; returns stderr after checking it is one clean paragraph.
fn fails(args: &[&str], stdin: Option<&str>) -> String {
    let mut cmd = hijara();
    cmd.args(args);
    if let Some(input) = stdin {
        cmd.write_stdin(input);
    }
    let out = cmd.assert().code(1).stdout("").get_output().stderr.clone();
    let err = String::from_utf8(out).unwrap();
    assert!(err.starts_with("hijara: "), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one paragraph: {err}");
    assert!(
        !err.contains("panicked") && !err.contains("backtrace"),
        "{err}"
    );
    err
}

#[test]
fn text_report_of_the_combinations_example() {
    hijara()
        .args(["score", "assets/games/combinations.hij"])
        .assert()
        .success()
        .stdout(
            "move 23: Blue c3:4 scores 20\n\
             \x20 20 square c3                      c3:1 c3:2 c3:3 c3:4\n\
             move 27: Blue a1:4 scores 45\n\
             \x20 20 square a1                      a1:1 a1:2 a1:3 a1:4\n\
             \x20 10 column a same number 4s        a1:4 a2:4 a3:4 a4:4\n\
             \x20 15 row 1 sequence                 a1:4 b1:3 c1:2 d1:1\n\
             Blue 65, Yellow 0; unfinished after 27 of 64 moves\n",
        );
}

#[test]
fn json_report_has_the_documented_shape() {
    let v = json_of(&["score", "--json", "assets/games/combinations.hij"], None);
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        ["blue", "events", "finished", "moves", "winner", "yellow"],
        "serde_json sorts keys in a Value"
    );
    assert_eq!(v["moves"], 27);
    assert_eq!(v["finished"], false);
    assert_eq!(v["winner"], Value::Null);
    assert_eq!(v["blue"], 65);
    assert_eq!(v["yellow"], 0);
    let events = v["events"].as_array().unwrap();
    assert_eq!(events.len(), 2);
    let e = &events[1];
    assert_eq!(e["move"], 27);
    assert_eq!(e["player"], "blue");
    assert_eq!(e["square"], "a1");
    assert_eq!(e["section"], 4);
    assert_eq!(e["points"], 45);
    let combos = e["combinations"].as_array().unwrap();
    let kinds: Vec<&str> = combos.iter().map(|c| c["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["square", "same", "sequence"]);
    assert_eq!(combos[2]["points"], 15);
    assert_eq!(
        combos[2]["cells"],
        serde_json::json!(["a1:4", "b1:3", "c1:2", "d1:1"])
    );
}

#[test]
fn json_keys_are_written_in_the_documented_order() {
    let (text, _) = crate::common::outputs_of(&["score", "--json", "assets/games/complete.hij"], 0);
    assert!(
        text.starts_with(r#"{"moves":64,"finished":true,"blue":75,"yellow":100,"winner":"yellow","events":[{"move":"#),
        "{text}"
    );
    assert!(text.contains(r#""player":"yellow","square":"#));
}

#[test]
fn complete_and_unfinished_examples() {
    hijara()
        .args(["score", "assets/games/complete.hij"])
        .assert()
        .success()
        .stdout(predicate::str::ends_with(
            "Blue 75, Yellow 100; finished: Yellow wins\n",
        ));
    let v = json_of(&["score", "--json", "assets/games/unfinished.hij"], None);
    assert_eq!(v["moves"], 50);
    assert_eq!(v["winner"], Value::Null);
}

#[test]
fn reads_standard_input() {
    let v = json_of(&["score", "--json", "-"], Some("a1 a1 a1 a1 b1"));
    assert_eq!(v["moves"], 5);
    assert_eq!(v["events"], serde_json::json!([]));
    let draw: String = (0..64)
        .map(|i| {
            format!(
                "{} ",
                [
                    "a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3", "a4",
                    "b4", "c4", "d4"
                ][i / 4]
            )
        })
        .collect();
    let v = json_of(&["score", "--json", "-"], Some(&draw));
    assert_eq!(v["finished"], true);
    assert_eq!(v["winner"], "draw");
    // A game of no moves reads (here a result alone); nothing at all is no record.
    hijara()
        .args(["score", "-"])
        .write_stdin("*\n")
        .assert()
        .success()
        .stdout("no move scored\nBlue 0, Yellow 0; unfinished after 0 of 64 moves\n");
    hijara()
        .args(["score", "-"])
        .write_stdin("")
        .assert()
        .code(1)
        .stdout("")
        .stderr("hijara: <stdin>: no game record: the file is empty\n");
}

#[test]
fn a_syntax_error_names_file_line_column_and_token() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.hij");
    std::fs::write(&path, "[Blue \"Ann\"]\n\n1. a1 b2\n2. c3 x9\n").unwrap();
    let err = fails(&["score", path.to_str().unwrap()], None);
    assert!(
        err.contains("bad.hij: line 4, column 7: expected a square a1..d4"),
        "{err}"
    );
    assert!(err.contains("found `x9`"), "{err}");
}

/// A byte-order mark starting the record (a file saved by Notepad) takes no column:
/// `e9` first on line 1 is column 1, as an editor shows it, and the next line's
/// columns are as they were. Every error of line 1 was said a column late (QA, s31).
#[test]
fn a_byte_order_mark_takes_no_column() {
    let err = fails(&["score", "-"], Some("\u{feff}e9\n"));
    assert!(
        err.contains("<stdin>: line 1, column 1: expected a square"),
        "{err}"
    );
    let err = fails(&["score", "-"], Some("\u{feff}1. a1 b2\n2. a1 e9\n"));
    assert!(
        err.contains("<stdin>: line 2, column 7: expected a square"),
        "{err}"
    );
    let err = fails(&["score", "-"], Some("\u{feff}[Blue \"x\"]\n1. a1 a1 e9\n"));
    assert!(err.contains("<stdin>: line 2, column 10:"), "{err}");
    let err = fails(&["score", "-"], Some("\u{feff}a1 e9\n"));
    assert!(err.contains("<stdin>: line 1, column 4:"), "{err}");
    // A byte that is not UTF-8 is placed the same way.
    let out = hijara()
        .args(["score", "-"])
        .write_stdin(&b"\xef\xbb\xbfa1 \xff\n"[..])
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8_lossy(&out);
    assert!(
        err.contains("<stdin>: line 1, column 4: the file is not UTF-8"),
        "{err}"
    );
}

/// A move number names its mover: `N.` Blue's move of round N, `N...` Yellow's.
/// `1... a1` was scored as Blue's move and `1. a1 1. b2` read as one round, so a
/// move left out or written twice went unseen (QA, s31).
#[test]
fn a_move_number_of_the_wrong_mover_names_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("dots.hij");
    std::fs::write(&path, "[Blue \"Ann\"]\n\n1. a1 1. b2\n").unwrap();
    let err = fails(&["score", path.to_str().unwrap()], None);
    assert!(
        err.contains(
            "dots.hij: line 3, column 7: expected move number `1...` (`N.` stands before \
             Blue's move of round N, `N...` before Yellow's: Yellow is to play in round 1), \
             found `1.`"
        ),
        "{err}"
    );
    let err = fails(&["score", "-"], Some("1... a1\n"));
    assert!(
        err.contains("<stdin>: line 1, column 1: expected move number `1.` ("),
        "{err}"
    );
    assert!(err.contains("found `1...`"), "{err}");
    // Out of order, before Yellow: the number wanted is said with its three dots.
    let err = fails(&["score", "-"], Some("1. a1\n2...b2\n"));
    assert!(
        err.contains("<stdin>: line 2, column 1: expected move number `1...` (numbers count"),
        "{err}"
    );
    // The right marks read, glued or not, with or without the optional `N...`.
    hijara()
        .args(["score", "-"])
        .write_stdin("1. a1 1... b2 2.c3 2...d4 3. a2 b3\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("unfinished after 6 of 64 moves"));
}

#[test]
fn a_full_square_names_line_column_move_and_square() {
    let err = fails(&["score", "-"], Some("1. a1 a1\n2. a1 a1\n3. b2 a1\n"));
    assert_eq!(
        err,
        "hijara: <stdin>: line 3, column 7: move 6 (Yellow) plays a1, which is full\n"
    );
}

#[test]
fn a_contradicted_result_is_refused() {
    let err = fails(&["score", "-"], Some("[Result \"1-0\"]\na1 b1\n"));
    assert!(
        err.contains("line 1, column 2: the record claims `1-0` (Blue wins)"),
        "{err}"
    );
}

#[test]
fn a_missing_file_and_bad_utf8_are_clear_errors() {
    let err = fails(&["score", "no/such/file.hij"], None);
    assert!(err.contains("cannot read no/such/file.hij"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("binary.hij");
    std::fs::write(&path, b"a1 b2\nc3 \xff\xfe").unwrap();
    let err = fails(&["score", path.to_str().unwrap()], None);
    assert!(
        err.contains("line 2, column 4: the file is not UTF-8 text"),
        "{err}"
    );
}

#[test]
fn garbage_never_panics() {
    for input in [
        "\u{0}\u{1}[[[",
        "{",
        "[",
        "\"",
        "1.",
        "99999999999999999999. a1",
        "é".repeat(1000).as_str(),
    ] {
        fails(&["score", "-"], Some(input));
    }
}

/// A legal game from choices among the open squares, as a bare move list.
fn game_text(choices: &[usize]) -> (hijara::rules::Game, String) {
    let mut game = hijara::rules::Game::new();
    for &c in choices {
        let open: Vec<_> = game.position().legal_moves().collect();
        game.play(open[c % open.len()]).unwrap();
    }
    let text: Vec<String> = game.moves().map(|m| m.to_string()).collect();
    (game, text.join(" "))
}

proptest! {
    // Each case starts a process (about 10 ms): 250 games. The totals against the
    // recount, and the JSON report's, are proved in-process over 3000 games
    // (rules_props::totals_equal_a_brute_force_recount) and the move list's
    // parsing by record_props; this proves the binary's path from standard input
    // to its JSON, which the 1000 games it had (10 s of CI) proved no better.
    #![proptest_config(crate::common::quick_rng(ProptestConfig::with_cases(250)))]

    /// The binary's JSON agrees with a brute-force recount of the final board.
    #[test]
    fn score_json_agrees_with_a_brute_force_recount(choices in proptest::collection::vec(0usize..16, 64)) {
        let (game, text) = game_text(&choices);
        let v = json_of(&["score", "--json", "-"], Some(&text));
        for p in hijara::rules::Player::BOTH {
            prop_assert_eq!(&v[p.name()], game.position().recount(p));
        }
        prop_assert_eq!(&v["moves"], 64);
    }
}

#[test]
fn a_corners_record_is_scored_under_its_variant() {
    let record = "[Variant \"corners\"]\n\n1. a1 b2 2. d1 b2 3. a4 b2 4. d4 *\n";
    hijara()
        .args(["score", "-"])
        .write_stdin(record)
        .assert()
        .success()
        .stdout(
            "variant: corners\n\
             move 7: Blue d4:1 scores 10\n\
             \x20 10 corners same number 1s         a1:1 d1:1 a4:1 d4:1\n\
             Blue 10, Yellow 0; unfinished after 7 of 64 moves\n",
        );
    let json = json_of(&["score", "--json", "-"], Some(record));
    assert_eq!(json["variant"], "corners");
    assert_eq!(json["blue"], 10);
    assert_eq!(json["events"][0]["combinations"][0]["kind"], "corners_same");
    assert!(json.get("claims").is_none());
    // Without the tag the same moves score nothing.
    let plain = json_of(
        &["score", "--json", "-"],
        Some("1. a1 b2 2. d1 b2 3. a4 b2 4. d4 *"),
    );
    assert_eq!(plain["blue"], 0);
    assert!(plain.get("variant").is_none());
}

#[test]
fn an_unknown_variant_fails_naming_it() {
    let err = fails(&["score", "-"], Some("[Variant \"hexes\"]\na1 b2\n"));
    assert_eq!(
        err,
        "hijara: <stdin>: line 1, column 11: expected a Variant tag of `standard` or `corners`, \
         found `hexes`\n"
    );
}

/// Blue completes square b2 at move 7 (20 points) and claims it; Yellow's square
/// a1 at move 8 (20) goes unclaimed; Blue's c3 at move 9 scores nothing.
const CLAIMS: &str = "[Claim \"on\"]\n\n1. b2 a1 2. b2 a1 3. b2 a1 4. b2+20 a1 5. c3 *\n";

#[test]
fn a_claim_record_reports_claimed_totals_and_forfeits() {
    hijara()
        .args(["score", "-"])
        .write_stdin(CLAIMS)
        .assert()
        .success()
        .stdout(
            "claims on: totals are the points claimed\n\
             move 7: Blue b2:4 scores 20; claimed 20\n\
             \x20 20 square b2                      b2:1 b2:2 b2:3 b2:4\n\
             move 8: Yellow a1:4 scores 20; not claimed, 20 forfeited\n\
             \x20 20 square a1                      a1:1 a1:2 a1:3 a1:4\n\
             Blue 20 (0 forfeited), Yellow 0 (20 forfeited); unfinished after 9 of 64 moves\n",
        );
    let json = json_of(&["score", "--json", "-"], Some(CLAIMS));
    assert_eq!(json["claims"], true);
    assert_eq!(json["blue"], 20);
    assert_eq!(json["yellow"], 0);
    assert_eq!(json["forfeited"]["blue"], 0);
    assert_eq!(json["forfeited"]["yellow"], 20);
    let events = json["events"].as_array().unwrap();
    assert_eq!(events[0]["claim"], "claimed");
    assert_eq!(events[0]["claimed"], 20);
    assert_eq!(events[0]["forfeited"], 0);
    assert_eq!(events[1]["claim"], "unclaimed");
    assert_eq!(events[1]["claimed"], 0);
    assert_eq!(events[1]["forfeited"], 20);
    // The last stone may still be claimed: pending, neither awarded nor forfeited.
    let pending = json_of(
        &["score", "--json", "-"],
        Some("[Claim \"on\"] b2 a1 b2 a1 b2 a1 b2"),
    );
    assert_eq!(pending["events"][0]["claim"], "pending");
    assert_eq!(pending["forfeited"]["blue"], 0);
    assert_eq!(pending["blue"], 0);
}

#[test]
fn an_impossible_claim_fails_naming_line_column_move_and_square() {
    let err = fails(
        &["score", "-"],
        Some("[Claim \"on\"]\n1. b2 a1 2. b2 a1 3. b2 a1 4. b2+15\n"),
    );
    assert_eq!(
        err,
        "hijara: <stdin>: line 2, column 31: move 7 (Blue) plays b2 and claims 15, but no set \
         of the combinations that stone completed adds up to 15 (they make 20)\n"
    );
}

/// QA (s31, qa33): standard input went by two names: `<stdin>` in a record's errors,
/// `standard input` when it could not be read (`hijara score - < /`, a folder). Now
/// `<stdin>` in both. Fails on the old code (`cannot read standard input`). 0.02 s.
#[cfg(unix)]
#[test]
fn standard_input_that_cannot_be_read_is_named_as_its_errors_name_it() {
    let folder = std::fs::File::open("/").unwrap();
    let data = tempfile::tempdir().unwrap();
    let out = crate::common::hijara_command()
        .args(["score", "-"])
        .env("HIJARA_DATA_DIR", data.path())
        .stdin(std::process::Stdio::from(folder))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(out.stdout.is_empty(), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("hijara: cannot read <stdin>: "), "{err}");
}

/// s36: a finished claim game kept with its last stone's claim still open (the game
/// left at the end, or the program gone before the claim) read back as `not claimed
/// yet`, a claim nobody could make any more, and its points were counted nowhere.
/// The game is over: the last stone's points read as forfeited, in the totals too.
#[test]
fn a_full_board_s_last_stone_without_a_claim_reads_as_forfeited() {
    let moves = [
        "a1", "d4", "a1", "d4", "a1", "d4", "a1", "d4", "b1", "c4", "b1", "c4", "b1", "c4", "b1",
        "c4", "c1", "b4", "c1", "b4", "c1", "b4", "c1", "b4", "d1", "a4", "d1", "a4", "d1", "a4",
        "d1", "a4", "a2", "d3", "a2", "d3", "a2", "d3", "a2", "d3", "b2", "c3", "b2", "c3", "b2",
        "c3", "b2", "c3", "c2", "b3", "c2", "b3", "c2", "b3", "c2", "b3", "d2", "a3", "d2", "a3",
        "d2", "a3", "d2", "a3",
    ];
    let record = format!("[Claim \"on\"]\n\n{} 1/2-1/2\n", moves.join(" "));
    let out = hijara()
        .args(["score", "-"])
        .write_stdin(record.clone())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("move 64: Yellow a3:4 scores 45; not claimed, 45 forfeited\n"),
        "{out}"
    );
    assert!(!out.contains("not claimed yet"), "{out}");
    assert!(
        out.ends_with("Blue 0 (300 forfeited), Yellow 0 (300 forfeited); finished: a draw\n"),
        "{out}"
    );
    let json = json_of(&["score", "--json", "-"], Some(&record));
    assert_eq!(json["forfeited"]["yellow"], 300);
}

/// s38: a wrong claim on a stone before the last was kept as a bare move and read
/// back as not claimed: `hijara score` said `not claimed, 20 forfeited` of a stone
/// claimed wrong (the points were right, the word was not). Now the record this
/// build writes says `wrong claim`, and a record as the s37 build wrote it reads
/// as it always did. Fails on the old code (`not claimed` on move 7).
#[test]
fn an_earlier_stone_s_wrong_claim_is_scored_as_wrong() {
    use hijara::record::Record;
    use hijara::rules::Game;
    let mut game = Game::with_claims();
    for mv in ["b2", "a1", "b2", "a1", "b2", "a1", "b2"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    game.claim(25).unwrap();
    for mv in ["c3", "d4"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    let record = Record::from_game(&game, [("Blue", "Ann")])
        .unwrap()
        .to_string();
    let score = |text: &str| {
        let out = hijara()
            .args(["score", "-"])
            .write_stdin(text.to_owned())
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    let out = score(&record);
    assert!(
        out.contains("move 7: Blue b2:4 scores 20; wrong claim, 20 forfeited\n"),
        "{record}\n{out}"
    );
    let json = json_of(&["score", "--json", "-"], Some(&record));
    assert_eq!(json["events"][0]["claim"], "wrong");
    assert_eq!(json["forfeited"]["blue"], 20);
    // As the s37 build wrote the same game: move 7 a bare b2.
    let old = "[Blue \"Ann\"]\n[Claim \"on\"]\n[Result \"*\"]\n\n\
               1. b2 a1 2. b2 a1 3. b2 a1 4. b2 c3 5. d4 *\n";
    let out = score(old);
    assert!(
        out.contains("move 7: Blue b2:4 scores 20; not claimed, 20 forfeited\n"),
        "{out}"
    );
    assert_eq!(
        json_of(&["score", "--json", "-"], Some(old))["forfeited"]["blue"],
        20
    );
}
