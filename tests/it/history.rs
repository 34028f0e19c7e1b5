//! The game history and shell integration from the command line: `hijara games`
//! (text, JSON, empty, a corrupt file), `hijara replay N|--last` errors, completions,
//! the man page; and, in a pseudo-terminal, a finished game landing in `games/` (or
//! not, with `--no-history`). Every run has its own data folder (`HIJARA_DATA_DIR`).

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use hijara::record::Record;
use hijara::rules::Game;
use hijara::session::parse_record;
use predicates::prelude::*;

use crate::common::Session;

const COMPLETE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/games/complete.hij");

fn hijara(data: &Path) -> Command {
    let mut cmd = crate::common::hijara();
    cmd.env("HIJARA_DATA_DIR", data);
    cmd
}

fn no_panic() -> impl Predicate<str> {
    predicate::str::contains("panicked").not()
}

/// A finished game with these seats, as the history keeps it.
fn finished(blue: &str, yellow: &str) -> String {
    let loaded = parse_record(&std::fs::read_to_string(COMPLETE).unwrap()).unwrap();
    Record::from_game(&loaded.game, [("Blue", blue), ("Yellow", yellow)])
        .unwrap()
        .to_string()
}

/// A data folder whose history holds (oldest first) a human-vs-hard game, a corrupt
/// file and a hard-vs-Ann game.
fn history() -> tempfile::TempDir {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::write(
        games.join("hijara-20261128-090000.hij"),
        finished("human", "hard"),
    )
    .unwrap();
    std::fs::write(games.join("hijara-20261129-090000.hij"), "a1 e9\n").unwrap();
    std::fs::write(
        games.join("hijara-20261130-090000.hij"),
        finished("hard", "Ann"),
    )
    .unwrap();
    data
}

#[test]
fn games_lists_newest_first_with_the_corrupt_file_and_the_tally() {
    let data = history();
    // complete.hij: Yellow wins 100 to 75.
    let out = hijara(data.path()).arg("games").assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("games"), "{text}");
    assert!(lines[2].starts_with("1  2026-11-30 09:00  hard"), "{text}");
    assert!(
        lines[2].contains("Ann") && lines[2].contains("Yellow won"),
        "{text}"
    );
    assert!(lines[2].contains("75-100"), "{text}");
    assert!(
        lines[3].starts_with("2  unreadable: hijara-20261129-090000.hij: line 1, column 4"),
        "{text}"
    );
    // The error runs on over lines under the date (s28: every line within 80).
    let mut after = lines[4..].iter().skip_while(|l| l.starts_with("   "));
    assert!(
        after
            .next()
            .unwrap()
            .starts_with("3  2026-11-28 09:00  human"),
        "{text}"
    );
    assert!(
        lines[4].starts_with("   ") && text.contains("found `e9`"),
        "{text}"
    );
    // Ann (a person) won against hard; human (Blue) lost to hard.
    assert!(
        text.contains("you vs hard: 1 win, 0 draws, 1 loss"),
        "{text}"
    );
    for line in &lines {
        assert!(line.chars().count() <= 80, "{line}");
    }
}

/// Seat types (issue 19): a person called `hard` stays a person in the tally, an
/// old record's `hard` is still the AI, and a typed program is the AI it names.
#[test]
fn the_tally_tells_people_from_ais_by_type_not_by_name() {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    let typed = |blue: &str, blue_type: &str, yellow: &str, yellow_type: &str| {
        let text = finished(blue, yellow);
        text.replacen(
            "[Result",
            &format!("[BlueType \"{blue_type}\"]\n[YellowType \"{yellow_type}\"]\n[Result"),
            1,
        )
    };
    let files = [
        // complete.hij: Yellow wins. A person called hard beats a person: no AI here.
        typed("Ann", "human", "hard", "human"),
        // A typed easy AI loses to a person called medium.
        typed("easy", "program", "medium", "human"),
        // An old record: `hard` is the hard AI, and it loses to Ann.
        finished("hard", "Ann"),
    ];
    for (i, text) in files.iter().enumerate() {
        std::fs::write(games.join(format!("hijara-2026113{i}-090000.hij")), text).unwrap();
    }
    let out = hijara(data.path())
        .args(["games", "--json"])
        .assert()
        .success();
    let stdout = &out.get_output().stdout;
    // One object on one line, as every other `--json` prints (it was spread over lines).
    assert_eq!(stdout.iter().filter(|&&b| b == b'\n').count(), 1);
    let json: serde_json::Value = serde_json::from_slice(stdout).unwrap();
    assert_eq!(
        json["tally"],
        serde_json::json!([
            {"opponent": "easy", "wins": 1, "draws": 0, "losses": 0},
            {"opponent": "hard", "wins": 1, "draws": 0, "losses": 0},
        ]),
        "{json}"
    );
}

#[test]
fn games_json_gives_the_same_as_data() {
    let data = history();
    let out = hijara(data.path())
        .args(["games", "--json"])
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let games = json["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["n"], 1);
    assert_eq!(games[0]["blue"], "hard");
    assert_eq!(games[0]["yellow"], "Ann");
    assert_eq!(games[0]["result"], "yellow");
    assert_eq!(games[0]["blue_score"], 75);
    assert_eq!(games[0]["yellow_score"], 100);
    assert_eq!(games[0]["moves"], 64);
    assert_eq!(games[0]["variant"], "standard");
    assert_eq!(games[1]["n"], 3);
    let unreadable = json["unreadable"].as_array().unwrap();
    assert_eq!(unreadable.len(), 1);
    assert_eq!(unreadable[0]["n"], 2);
    assert_eq!(unreadable[0]["file"], "hijara-20261129-090000.hij");
    assert!(unreadable[0]["error"].as_str().unwrap().contains("e9"));
    assert_eq!(
        json["tally"],
        serde_json::json!([{"opponent": "hard", "wins": 1, "draws": 0, "losses": 1}])
    );
    assert!(json["folder"].as_str().unwrap().ends_with("games"));
}

/// s36 (qa40): an unreadable file's error too long for its line was wrapped by a
/// wrap that made each run of spaces one, so the list named `a  b.hij` (two spaces)
/// `a b.hij`, a file that is not there, to a pipe too. Its spaces are kept.
#[test]
fn games_names_an_unreadable_file_with_its_spaces() {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    let name = "hijara-20261201-101010 with  two   spaces.hij";
    std::fs::write(games.join(name), "a1 e5\n").unwrap();
    let out = hijara(data.path()).arg("games").assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(text.contains(&format!("unreadable: {name}:")), "{text}");
    for line in text.lines() {
        assert!(hijara::text::width(line) <= 80, "{line:?}");
    }
}

#[test]
fn an_empty_history_says_so() {
    let data = tempfile::tempdir().unwrap();
    hijara(data.path())
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains("No games kept yet"));
    let out = hijara(data.path())
        .args(["games", "--json"])
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["games"], serde_json::json!([]));
    assert_eq!(json["tally"], serde_json::json!([]));
}

#[test]
fn replay_of_an_empty_history_or_a_bad_number_is_a_clear_error() {
    let data = tempfile::tempdir().unwrap();
    for args in [vec!["replay", "--last"], vec!["replay", "1"]] {
        hijara(data.path())
            .args(&args)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("no games in the history yet"))
            .stderr(no_panic());
    }
    let data = history();
    hijara(data.path())
        .args(["replay", "4"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "no game 4 in the history: it holds 3 games",
        ))
        .stderr(no_panic());
    // A corrupt game of the list: the record's own error, naming the file.
    hijara(data.path())
        .args(["replay", "2"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "hijara-20261129-090000.hij: line 1, column 4",
        ))
        .stderr(no_panic());
    hijara(data.path())
        .args(["replay", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("numbered from 1"));
}

#[test]
fn replay_takes_exactly_one_of_file_number_and_last() {
    let data = tempfile::tempdir().unwrap();
    hijara(data.path())
        .arg("replay")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("required"));
    hijara(data.path())
        .args(["replay", "--last", COMPLETE])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}

#[test]
fn completions_for_each_shell_mention_the_subcommands() {
    let data = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = hijara(data.path())
            .args(["completions", shell])
            .assert()
            .success();
        let script = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        for word in [
            "hijara",
            "replay",
            "games",
            "completions",
            "manpage",
            "no-history",
        ] {
            assert!(script.contains(word), "{shell}: no {word}");
        }
    }
    hijara(data.path())
        .args(["completions", "tcsh"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("possible values"));
}

#[test]
fn the_man_page_is_roff() {
    let data = tempfile::tempdir().unwrap();
    let out = hijara(data.path()).arg("manpage").assert().success();
    let page = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let header = page
        .lines()
        .find(|l| l.starts_with(".TH"))
        .unwrap_or_default();
    assert!(page.starts_with('.'), "{page}");
    assert!(header.starts_with(".TH hijara 1"), "{page}");
    assert!(page.contains(".SH NAME"), "{page}");
    assert!(page.contains("games"), "{page}");
}

/// `complete.hij` but for its last move, as a record to `--load`; and that move.
fn one_move_to_go(dir: &Path) -> (PathBuf, String) {
    let loaded = parse_record(&std::fs::read_to_string(COMPLETE).unwrap()).unwrap();
    let moves: Vec<_> = loaded.game.moves().collect();
    let game = Game::from_moves(moves[..63].iter().copied()).unwrap();
    let record = Record::from_game(&game, [("Blue", "human"), ("Yellow", "human")]).unwrap();
    let path = dir.join("almost.hij");
    std::fs::write(&path, record.to_string()).unwrap();
    (path, moves[63].to_string())
}

fn kept(data: &Path) -> Vec<PathBuf> {
    match std::fs::read_dir(data.join("games")) {
        Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
        Err(_) => Vec::new(),
    }
}

#[test]
fn a_finished_game_lands_in_games_once_and_replay_last_opens_it() {
    let data = tempfile::tempdir().unwrap();
    let (path, last) = one_move_to_go(data.path());
    let args = ["play", "--load", path.to_str().unwrap()];
    let mut s = Session::start_in(&args, 80, 24, data.path(), None);
    s.wait_for("63");
    s.type_keys(&last);
    s.wait_for("Game kept as");
    // Said with its whole path, as a save is (it was `games/hijara-…`, a folder named
    // from nowhere one could open), on the status line's row: waited for, as the rest
    // of the frame may come a moment after the box (CI read the row still at `b_`).
    // s39: on the message row, never in a box over the board: the whole path where
    // it fits beside the last stone's line, else by its last folders.
    let games = data.path().join("games").join("hijara-");
    let games = format!("Game kept as {}", games.display());
    let cut = "Game kept as …/games/hijara-";
    s.wait_until("the path on one row", |s| {
        s.screen()
            .lines()
            .any(|row| row.contains(&games) || row.contains(cut))
    });
    // Undo and redo back to the same end: not kept twice.
    s.type_keys("u");
    s.wait_for("Took back");
    s.type_keys("U");
    s.wait_for("64 Y ");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    let files = kept(data.path());
    assert_eq!(files.len(), 1, "{files:?}");
    let loaded = parse_record(&std::fs::read_to_string(&files[0]).unwrap()).unwrap();
    assert!(loaded.game.is_over());
    assert_eq!(loaded.record.tag("Blue"), Some("human"));
    assert_eq!(loaded.record.tag("Result"), Some("0-1"));

    hijara(data.path())
        .arg("games")
        .assert()
        .success()
        .stdout(predicate::str::contains("Yellow won").and(predicate::str::contains("75-100")));

    let name = files[0].file_name().unwrap().to_str().unwrap().to_owned();
    let mut s = Session::start_in(&["replay", "--last"], 80, 24, data.path(), None);
    s.wait_for(&name);
    s.wait_for("Move 0/64");
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
}

#[test]
fn no_history_keeps_no_finished_game() {
    let data = tempfile::tempdir().unwrap();
    let (path, last) = one_move_to_go(data.path());
    let args = ["play", "--no-history", "--load", path.to_str().unwrap()];
    let mut s = Session::start_in(&args, 80, 24, data.path(), None);
    s.wait_for("63");
    s.type_keys(&last);
    s.wait_for("64 Y ");
    assert!(!s.screen().contains("Game kept"), "{}", s.screen());
    s.type_keys("q");
    assert_eq!(s.exit_code(), 0);
    assert_eq!(kept(data.path()), Vec::<PathBuf>::new());
}

/// Issue 28, defect 10: `hijara games` listed a time forfeit or a resignation as
/// `Yellow won 0-0`; it says how the game ended, in the text and the JSON.
#[test]
fn games_say_how_an_early_ending_ended() {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    let early = |termination: &str, result: &str| {
        format!(
            "[Blue \"human\"]\n[Yellow \"hard\"]\n[Termination \"{termination}\"]\n\
             [Result \"{result}\"]\n\n1. b2 c3 2. a1 {result}\n"
        )
    };
    std::fs::write(
        games.join("hijara-20261130-100000.hij"),
        early("time forfeit", "1-0"),
    )
    .unwrap();
    std::fs::write(
        games.join("hijara-20261130-110000.hij"),
        early("resignation", "0-1"),
    )
    .unwrap();
    let out = hijara(data.path()).arg("games").assert().success();
    let text = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    let rows: Vec<&str> = text.lines().skip(2).take(2).collect();
    assert!(rows[0].contains("Blue resigned"), "{text}");
    assert!(rows[1].contains("Blue won on time"), "{text}");
    for row in &rows {
        assert!(hijara::text::width(row) <= 80, "{row}");
    }
    let out = hijara(data.path())
        .args(["games", "--json"])
        .assert()
        .success();
    let json: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["games"][0]["termination"], "resignation");
    assert_eq!(json["games"][1]["termination"], "time forfeit");
}

/// `games --dir` with a folder that is not there (a typo) said `No games kept yet:
/// finished games go to DIR`, exit 0, as if DIR were the history; an empty one said
/// the same. A missing folder is an error naming it (exit 1); an empty one says it
/// holds no record, with no word of where finished games go.
#[test]
fn games_dir_missing_is_an_error_and_empty_says_so() {
    let data = tempfile::tempdir().unwrap();
    let missing = data.path().join("no-such-folder");
    let out = hijara(data.path())
        .args(["games", "--dir"])
        .arg(&missing)
        .assert()
        .code(1)
        .stderr(no_panic())
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("no-such-folder"), "{err}");
    assert!(err.contains("No such file or directory"), "{err}");
    for json in [false, true] {
        let mut cmd = hijara(data.path());
        cmd.args(["games", "--dir"]).arg(data.path());
        if json {
            cmd.arg("--json");
        }
        let out = cmd.assert().success().get_output().clone();
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(!text.contains("finished games go to"), "{text}");
        if !json {
            assert!(text.contains("No game records in"), "{text}");
        }
    }
}

/// QA (cli23): `games --dir` left a FIFO or a folder named `*.hij` out silently. Each
/// is now said on standard error (its name escaped), never opened (a FIFO would
/// block), and left out of the list and its numbers, which the JSON keeps as it was;
/// exit 0.
#[cfg(unix)]
#[test]
fn a_fifo_or_a_folder_named_hij_is_skipped_aloud() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("hijara-20261130-090000.hij"),
        finished("hard", "Ann"),
    )
    .unwrap();
    crate::safety::fifo(&dir.path().join("pipe.hij"));
    std::fs::create_dir(dir.path().join("folder\u{1b}[2J.hij")).unwrap();
    for json in [false, true] {
        let mut cmd = hijara(dir.path());
        cmd.args(["games", "--dir"]).arg(dir.path());
        if json {
            cmd.arg("--json");
        }
        // A FIFO opened for reading would wait for a writer: the timeout fails that.
        let out = cmd
            .timeout(std::time::Duration::from_secs(20))
            .assert()
            .success()
            .stderr(no_panic())
            .get_output()
            .clone();
        let (text, err) = (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        );
        assert_eq!(
            err,
            "hijara: skipped folder\\u{1b}[2J.hij: a folder, not a record file (not listed or numbered)\n\
             hijara: skipped pipe.hij: a FIFO, not a record file (not listed or numbered)\n",
            "json {json}"
        );
        if json {
            let v: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(v["games"].as_array().unwrap().len(), 1, "{text}");
            assert_eq!(v["unreadable"].as_array().unwrap().len(), 0, "{text}");
        } else {
            assert!(
                text.lines()
                    .nth(2)
                    .unwrap()
                    .starts_with("1  2026-11-30 09:00  hard"),
                "{text}"
            );
            assert!(
                !text.contains("pipe.hij") && !text.contains("folder"),
                "{text}"
            );
        }
    }
}

/// `replay -` and `play --load -` read the record from standard input and then took
/// their commands from the same, spent input: the line mode said the first line and
/// ended, exit 0 (`play --load -` even let the AI move). Standard input cannot be both
/// the record and the keyboard: a usage error naming the argument.
#[test]
fn a_record_on_standard_input_is_refused_where_it_is_the_keyboard() {
    let data = tempfile::tempdir().unwrap();
    for args in [&["replay", "-"][..], &["play", "--load", "-"][..]] {
        let out = hijara(data.path())
            .args(args)
            .write_stdin(std::fs::read_to_string(COMPLETE).unwrap())
            .assert()
            .code(2)
            .stderr(no_panic())
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains("'-'"), "{args:?}: {err}");
        assert!(err.contains("standard input"), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

/// One scheme for a game N the history has not: `score 5` over an empty history
/// exited 1 (`no games in the history yet`), and `score 99999999999999999999999`
/// exited 2 as a usage error (`no game has so large a number`), for the same
/// mistake. Any number past the history's end is exit 1 now, naming what it holds;
/// 0, which no history numbers, stays a usage error (exit 2), as -1 is (s26).
#[test]
fn no_such_game_exits_1_whatever_the_number() {
    let data = tempfile::tempdir().unwrap();
    let huge = "99999999999999999999999";
    for command in ["score", "analyze", "replay"] {
        for n in ["5", huge] {
            hijara(data.path())
                .args([command, n])
                .assert()
                .code(1)
                .stderr(predicate::str::contains("no games in the history yet"));
        }
        hijara(data.path())
            .args([command, "0"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("numbered from 1"));
        // A negative number was clap's `unexpected argument '-1' found` (cli26).
        hijara(data.path())
            .args([command, "-1"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "invalid value '-1' for '[FILE|N]': games are numbered from 1 (see `hijara \
                 games`); a file named -1 is ./-1",
            ));
    }
    let games = data.path().join("games");
    std::fs::create_dir_all(&games).unwrap();
    std::fs::copy("assets/games/complete.hij", games.join("one.hij")).unwrap();
    for n in ["5", "0005", huge] {
        let shown = n.trim_start_matches('0');
        hijara(data.path())
            .args(["score", n])
            .assert()
            .code(1)
            .stderr(format!(
                "hijara: no game {shown} in the history: it holds 1 game (`hijara games` lists them)\n"
            ));
    }
}

/// qa45: game N past the end of `--dir`'s folder named `hijara games --dir` as the
/// command that lists them, which clap refuses without its DIR. The folder is given
/// where a shell takes it as it is, else `DIR`.
#[test]
fn no_such_game_in_a_folder_names_the_command_with_the_folder() {
    let data = tempfile::tempdir().unwrap();
    let dir = data.path().join("some games");
    let plain = data.path().join("games");
    for folder in [&dir, &plain] {
        std::fs::create_dir_all(folder).unwrap();
        std::fs::copy("assets/games/complete.hij", folder.join("one.hij")).unwrap();
    }
    let shown = plain.display().to_string();
    hijara(data.path())
        .current_dir(data.path())
        .args(["score", "--dir", "games", "7"])
        .assert()
        .code(1)
        .stderr(
            "hijara: no game 7 in games: it holds 1 game (`hijara games --dir games` lists them)\n",
        );
    hijara(data.path())
        .args(["replay", "--dir", &shown, "7"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(format!(
            "(`hijara games --dir {shown}` lists them)"
        )));
    hijara(data.path())
        .args(["analyze", "--dir", &dir.display().to_string(), "7"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "it holds 1 game (`hijara games --dir DIR` lists them)",
        ));
}
