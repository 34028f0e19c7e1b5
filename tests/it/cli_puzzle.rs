//! `hijara puzzle` headless: answering, the daily puzzle, stats, and the
//! progress kept in the data folder.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn hijara(data: &std::path::Path) -> Command {
    let mut cmd = crate::common::hijara();
    cmd.env("HIJARA_DATA_DIR", data);
    cmd
}

fn stats(data: &std::path::Path) -> Value {
    let out = hijara(data)
        .args(["puzzle", "--stats", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    // One object on one line, as every other `--json` prints (it was spread over lines).
    assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1, "{out:?}");
    serde_json::from_slice(&out).unwrap()
}

#[test]
fn a_right_answer_says_why_and_raises_the_rating() {
    let data = tempfile::tempdir().unwrap();
    // p0001: Yellow completes the c4 square.
    hijara(data.path())
        .args(["puzzle", "--id", "p0001", "--answer", "c4"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Right! c4 completes square c4 (20)",
        ));
    let s = stats(data.path());
    assert_eq!(s["solved"], 1);
    assert_eq!(s["streak"], 1);
    assert!(s["rating"].as_f64().unwrap() > 1500.0);
}

/// A wrong answer exits 1 with nothing on standard error, all said on standard
/// output; a right one exits 0 (above). QA (qa45): both exited 0, so a script
/// could not tell them apart.
#[test]
fn a_wrong_answer_shows_the_reply_and_the_cost() {
    let data = tempfile::tempdir().unwrap();
    hijara(data.path())
        .args(["puzzle", "--id", "p0001", "--answer", "b4"])
        .assert()
        .code(1)
        .stderr("")
        .stdout(predicate::str::contains("Not this one: b4"))
        .stdout(predicate::str::contains("Blue's best reply is"))
        .stdout(predicate::str::contains(
            "points worse than the answer (a win by 80)",
        ));
    let s = stats(data.path());
    assert_eq!(
        (s["tries"].as_u64(), s["solved"].as_u64()),
        (Some(1), Some(0))
    );
    assert!(s["rating"].as_f64().unwrap() < 1500.0);
}

#[test]
fn the_daily_puzzle_depends_on_the_date_only() {
    let data = tempfile::tempdir().unwrap();
    let first = |date: &str| {
        let out = hijara(data.path())
            .args(["puzzle", "--print", "--daily", "--date", date])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out)
            .unwrap()
            .lines()
            .next()
            .unwrap()
            .to_owned()
    };
    assert_eq!(
        first("2026-11-30"),
        "Puzzle p0235 (most points, rating 1300), the daily puzzle of 2026-11-30"
    );
    assert_eq!(first("2026-11-30"), first("2026-11-30"));
    assert_ne!(first("2026-11-30"), first("2026-12-01"));
}

/// QA (s16 learn): `--daily --print` said `Answer with: hijara puzzle --id p0235 --answer
/// SQUARE`, and that answer was not counted as the daily puzzle solved. It names
/// `--daily` now (with the `--date` given), and following it counts.
#[test]
fn the_daily_puzzle_printed_says_how_to_answer_it_as_the_daily() {
    let data = tempfile::tempdir().unwrap();
    let out = hijara(data.path())
        .args(["puzzle", "--print", "--daily", "--date", "2026-11-30"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    let said = lines[lines.len() - 2];
    assert_eq!(
        said,
        "Answer with: hijara puzzle --daily --date 2026-11-30 --answer SQUARE"
    );
    // The command as printed, with p0235's answer.
    let answer = hijara(data.path())
        .args(["puzzle", "--print", "--id", "p0235"])
        .assert()
        .success();
    assert!(
        String::from_utf8_lossy(&answer.get_output().stdout).contains("p0235"),
        "the daily puzzle of 2026-11-30 is p0235"
    );
    let set: Value = serde_json::from_str(include_str!("../../assets/puzzles/set.json")).unwrap();
    let square = set["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == "p0235")
        .unwrap()["answer"]
        .as_str()
        .unwrap()
        .to_owned();
    let command = said
        .trim_start_matches("Answer with: hijara ")
        .replace("SQUARE", &square);
    hijara(data.path())
        .args(command.split(' '))
        .assert()
        .success()
        .stdout(predicate::str::contains("Right!"));
    assert_eq!(stats(data.path())["dailies_solved"], 1);
    // Without --date, the day is named.
    hijara(data.path())
        .args(["puzzle", "--print", "--daily"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Answer with: hijara puzzle --daily --answer SQUARE (today, UTC;",
        ));
}

#[test]
fn a_full_square_and_an_unknown_id_are_clear_errors() {
    let data = tempfile::tempdir().unwrap();
    hijara(data.path())
        .args(["puzzle", "--id", "p0001", "--answer", "a1"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("a1 is full"));
    hijara(data.path())
        .args(["puzzle", "--print", "--id", "nope"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("no puzzle is named \"nope\""));
}

/// QA (qa31): without `--id`, `--answer` answers the puzzle nearest the rating, which
/// changes after each try, and a full square was refused as `hijara: b3 is full: ...`
/// with no puzzle named (b3 had an open section in the puzzle printed just before).
/// The error now names the puzzle, and how to see its board.
#[test]
fn a_full_square_answered_names_the_puzzle_it_is_full_in() {
    let data = tempfile::tempdir().unwrap();
    let printed = hijara(data.path())
        .args(["puzzle", "--print"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let printed = String::from_utf8(printed).unwrap();
    // `Puzzle p0008 (most points, rating 1300)`, then rows `1 [BB..] [BYYY] ...`.
    let id = printed.split_whitespace().nth(1).unwrap().to_owned();
    assert!(id.starts_with('p'), "{printed}");
    let full = printed
        .lines()
        .filter_map(|line| {
            let (row, cells) = line.split_once(' ')?;
            row.parse::<u8>().ok()?;
            let cells: Vec<&str> = cells.split_whitespace().collect();
            let column = cells
                .iter()
                .position(|c| c.len() == 6 && !c.contains('.'))?;
            Some(format!("{}{row}", ["a", "b", "c", "d"][column]))
        })
        .next()
        .unwrap_or_else(|| panic!("no full square: {printed}"));
    hijara(data.path())
        .args(["puzzle", "--answer", &full])
        .assert()
        .failure()
        .stdout("")
        .stderr(predicate::str::contains(format!(
            "puzzle {id}: {full} is full: choose a square with an open section \
             (`hijara puzzle --id {id} --print` shows its board)"
        )));
}

#[test]
fn an_unreadable_progress_file_is_kept_aside() {
    let data = tempfile::tempdir().unwrap();
    std::fs::write(data.path().join("puzzles.json"), "not json").unwrap();
    // `--stats` only reads (s40 cli49): it leaves the file where it is and shows no
    // stats of a fresh start as if they were the player's.
    hijara(data.path())
        .args(["puzzle", "--stats"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no stats to show"));
    let kept = data.path().join("puzzles.json.unreadable-1");
    assert!(!kept.exists());
    // A try writes the progress: the file it cannot read is kept aside first.
    hijara(data.path())
        .args(["puzzle", "--id", "p0004", "--answer", "b2"])
        .assert()
        .success()
        .stderr(predicate::str::contains("was kept as"));
    assert_eq!(std::fs::read_to_string(kept).unwrap(), "not json");
}

/// Issue 28, defect 1: answering a solved puzzle again (`--id p0004 --answer b2`
/// twice) counted every repeat; only the first try counts, and a repeat says so.
#[test]
fn answering_a_puzzle_again_changes_nothing_and_says_so() {
    let data = tempfile::tempdir().unwrap();
    let answer = || {
        hijara(data.path())
            .args(["puzzle", "--id", "p0004", "--answer", "b2"])
            .assert()
            .success()
    };
    answer().stdout(predicate::str::contains("tried this puzzle before").not());
    let first = stats(data.path());
    for _ in 0..2 {
        answer().stdout(predicate::str::contains(
            "You have tried this puzzle before: only the first try counts",
        ));
    }
    assert_eq!(stats(data.path()), first);
    assert_eq!(first["tries"], 1);
}

/// Issue 28, defect 5: after the lessons, the first puzzle offered (p0004) was lesson
/// 10's own position (the first puzzle rated 1300, for a player rated about that).
/// The puzzle offered is never a lesson's position.
#[test]
fn the_puzzle_offered_is_never_a_lesson_s_position() {
    let set = hijara::puzzle::PuzzleSet::shipped().unwrap();
    let lessons = hijara::learn::lessons().unwrap();
    let twins: Vec<&str> = set
        .puzzles
        .iter()
        .filter(|p| {
            let position = p.position().unwrap();
            lessons.iter().any(|l| *l.game.position() == position)
        })
        .map(|p| p.id.as_str())
        .collect();
    assert!(twins.contains(&"p0004"), "{twins:?}");
    let data = tempfile::tempdir().unwrap();
    let mut progress = hijara::puzzle::Progress::default();
    progress.player.rating = 1300.0;
    progress.save(data.path()).unwrap();
    let out = hijara(data.path())
        .args(["puzzle", "--print"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let heading = String::from_utf8(out).unwrap();
    let id = heading.split_whitespace().nth(1).unwrap().to_owned();
    assert!(!twins.contains(&id.as_str()), "{heading}");
}

/// QA (qa helper): a progress file with ids the set has not counted them as solved
/// (`Puzzles solved: 500 of 360`); only the set's own puzzles count.
#[test]
fn only_the_set_s_puzzles_count_as_solved() {
    let data = tempfile::tempdir().unwrap();
    hijara(data.path())
        .args(["puzzle", "--id", "p0001", "--answer", "c4"])
        .assert()
        .success();
    let file = data.path().join("puzzles.json");
    let mut progress: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let entry = progress["puzzles"]["p0001"].clone();
    for id in ["p9999", "zz", "p0001x"] {
        progress["puzzles"][id] = entry.clone();
    }
    std::fs::write(&file, progress.to_string()).unwrap();
    let s = stats(data.path());
    assert_eq!(s["puzzles_solved"], 1, "{s}");
    hijara(data.path())
        .args(["puzzle", "--stats"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Puzzles solved: 1 of "));
}

/// Defect: the ratings in `puzzles.json` were read whatever their numbers. A rating of
/// 1e308 was shown as 309 digits; answering a puzzle then made it -inf and its
/// volatility NaN, written as `null`, so the next run set the whole progress aside
/// and started afresh. Such a file is now set aside at once, saying which number.
#[test]
fn a_progress_file_with_ratings_out_of_range_is_kept_aside_naming_the_number() {
    let data = tempfile::tempdir().unwrap();
    let file = data.path().join("puzzles.json");
    let player = r#"{"rating":1e308,"deviation":1e308,"volatility":1e308}"#;
    let text = format!(
        r#"{{"version":1,"player":{player},"tries":4,"solved":4,"streak":4,"best_streak":4,"puzzles":{{}},"dailies_solved":[]}}"#
    );
    std::fs::write(&file, &text).unwrap();
    hijara(data.path())
        .args(["puzzle", "--id", "p0002", "--answer", "c4"])
        .assert()
        // c4 is not p0002's answer: a wrong answer exits 1.
        .code(1)
        .stderr(predicate::str::contains(
            "(player: rating 1e308 is out of range (expected 0 to 5000))",
        ))
        .stderr(predicate::str::contains("was kept as"))
        .stdout(
            predicate::str::contains("Your puzzle rating: 1")
                .and(predicate::str::contains("inf").not()),
        );
    let kept = data.path().join("puzzles.json.unreadable-1");
    assert_eq!(std::fs::read_to_string(kept).unwrap(), text);
    // What was written reads back, and its numbers are all there.
    let back = std::fs::read_to_string(&file).unwrap();
    assert!(!back.contains("null"), "{back}");
    assert_eq!(stats(data.path())["tries"], 1);
    // A puzzle's own rating is checked too, and named.
    let puzzle = r#"{"p0001":{"rating":{"rating":1500,"deviation":-5,"volatility":0.06},"tries":1,"solved":0}}"#;
    let text = format!(
        r#"{{"version":1,"player":{{"rating":1500,"deviation":350,"volatility":0.06}},"tries":1,"solved":0,"streak":0,"best_streak":0,"puzzles":{puzzle},"dailies_solved":[]}}"#
    );
    std::fs::write(&file, &text).unwrap();
    // `--stats` names it and leaves the file as it is (s40 cli49).
    hijara(data.path())
        .args(["puzzle", "--stats"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "(puzzles: p0001: deviation -5 is out of range (expected above 0, up to 500))",
        ));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
}

/// Defect: progress that could not be saved gave the system's reason twice:
/// `...puzzles.json: File exists (os error 17): File exists (os error 17)`.
#[test]
fn progress_that_cannot_be_saved_is_an_error_giving_the_reason_once() {
    let dir = tempfile::tempdir().unwrap();
    // The data folder is a file: nothing can be written in it.
    let data = dir.path().join("data");
    std::fs::write(&data, "a file").unwrap();
    let out = hijara(&data)
        .args(["puzzle", "--id", "p0001", "--answer", "c4"])
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    let saving = err
        .lines()
        .find(|l| l.contains("saving puzzle progress in"))
        .unwrap_or_else(|| panic!("{err}"));
    // The reason, once: a file is where the folder should be (it said only `File
    // exists (os error 17)`).
    assert_eq!(
        saving.matches("is not a folder (a file is there)").count(),
        1,
        "{saving}"
    );
    assert!(!saving.contains("os error"), "{saving}");
}

/// QA (cliqa): `--id` with a long value printed all of it back (a 100 KB argument, a
/// 100 KB error line), and `--id P0001` was no puzzle though ids are any case
/// elsewhere (squares, levels). The id is now quoted safe and cut, and read in any case.
#[test]
fn a_puzzle_id_is_read_in_any_case_and_a_wrong_one_quoted_short() {
    let data = tempfile::tempdir().unwrap();
    hijara(data.path())
        .args(["puzzle", "--print", "--id", "P0001"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Puzzle p0001"));
    let long = format!("\u{202e}{}", "x".repeat(100_000));
    let out = hijara(data.path())
        .args(["puzzle", "--print", "--id", &long])
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert!(err.len() < 200, "{} bytes: {err}", err.len());
    assert!(err.contains("no puzzle is named \"\\u{202e}xxx"), "{err}");
    assert!(err.contains("…\" (p0001 to p"), "{err}");
}

/// QA (s15 lines): the line after an answer, `Your puzzle rating: 1500, give or take
/// 350; streak 0`, ended with no full stop, the only one of its kind (the lessons'
/// summary ends with one on the start screen, which shows this line too).
#[test]
fn the_rating_after_an_answer_is_a_sentence() {
    let data = tempfile::tempdir().unwrap();
    let out = hijara(data.path())
        .args(["puzzle", "--id", "p0002", "--answer", "c4"])
        .assert()
        // A wrong answer (exit 1) says the rating too.
        .code(1);
    let out = String::from_utf8_lossy(&out.get_output().stdout).into_owned();
    let line = out
        .lines()
        .find(|l| l.starts_with("Your puzzle rating: "))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(
        line.ends_with("; streak 0.") || line.ends_with("; streak 1."),
        "{line}"
    );
}

#[test]
fn giving_up_on_the_command_line_shows_the_answer_and_counts_as_not_solved() {
    let data = tempfile::tempdir().unwrap();
    hijara(data.path())
        .args(["puzzle", "--id", "p0001", "--give-up"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Given up. The answer: c4 completes square c4",
        ))
        .stdout(predicate::str::contains("It counts as not solved."));
    let s = stats(data.path());
    assert_eq!(
        (
            s["tries"].as_u64(),
            s["solved"].as_u64(),
            s["streak"].as_u64()
        ),
        (Some(1), Some(0), Some(0))
    );
    assert!(s["rating"].as_f64().unwrap() < 1500.0);
    // Given up again, or answered after it, nothing more counts.
    for args in [["--give-up", ""], ["--answer", "c4"]] {
        hijara(data.path())
            .args(["puzzle", "--id", "p0001"])
            .args(args.iter().filter(|a| !a.is_empty()))
            .assert()
            .success()
            .stdout(predicate::str::contains("only the first try counts"))
            .stdout(predicate::str::contains("It counts as not solved.").not());
        assert_eq!(stats(data.path())["tries"], 1);
    }
    // It answers, so it does not go with another answer, the text only, or the stats.
    for other in [&["--answer", "c4"][..], &["--print"], &["--stats"]] {
        hijara(data.path())
            .args(["puzzle", "--id", "p0001", "--give-up"])
            .args(other)
            .assert()
            .code(2);
    }
}

#[test]
fn a_date_without_daily_is_a_usage_error() {
    // It was dropped without a word: the puzzle nearest the rating came instead of
    // that day's, and a script could not tell.
    let data = tempfile::tempdir().unwrap();
    hijara(data.path())
        .args(["puzzle", "--print", "--date", "2026-11-30"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--daily"));
}

/// `--print` said how to answer but not how to give up, so a script (or a person
/// at a shell) stuck on a puzzle had to find `--give-up` in the help. The hint
/// names it now, for the puzzle printed (the daily one by its date), and
/// following it gives the puzzle up. No line of the printed puzzle ends in a space
/// (the board's rows did) or passes 80 columns but the daily answer's own.
#[test]
fn the_printed_puzzle_says_how_to_give_up() {
    let data = tempfile::tempdir().unwrap();
    let printed = |args: &[&str]| {
        let out = hijara(data.path())
            .args(args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        String::from_utf8(out).unwrap()
    };
    for (args, hint) in [
        (
            &["puzzle", "--print", "--id", "p0009"][..],
            "Give up and see the answer: hijara puzzle --id p0009 --give-up",
        ),
        (
            &["puzzle", "--print", "--daily", "--date", "2026-11-30"],
            "Give up and see the answer: hijara puzzle --daily --date 2026-11-30 --give-up",
        ),
        (
            &["puzzle", "--print", "--daily"],
            "Give up and see the answer: hijara puzzle --daily --give-up",
        ),
    ] {
        let out = printed(args);
        assert_eq!(out.lines().last(), Some(hint), "{out}");
        for line in out.lines() {
            assert_eq!(line, line.trim_end(), "{out}");
        }
        assert!(hint.len() <= 80);
        let command: Vec<&str> = hint
            .trim_start_matches("Give up and see the answer: hijara ")
            .split(' ')
            .collect();
        hijara(data.path())
            .args(&command)
            .assert()
            .success()
            .stdout(predicate::str::contains("Given up. The answer:"));
    }
}

/// s40 (qa47): `--print` said `Yellow to move` on the board's status line and again
/// on the line under it (`Yellow to move. One move ends the game best for you.`); the
/// mover is said once.
#[test]
fn the_printed_puzzle_says_whose_move_once() {
    let data = tempfile::tempdir().unwrap();
    let out = hijara(data.path())
        .args(["puzzle", "--print", "--id", "p0001"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.matches("to move").count(), 1, "{out}");
    assert!(
        out.contains("\nOne move ends the game best for you. Find it.\n"),
        "{out}"
    );
}
