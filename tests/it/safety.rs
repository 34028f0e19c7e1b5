//! Issue 18's data and hostile-text points, end to end: the real binary on odd
//! files (FIFOs, /dev/zero, symlinks, CR-only and non-UTF-8 records, hostile
//! tags), each run under a deadline so a hang fails instead of stalling CI.

use std::path::Path;
use std::time::Duration;

use assert_cmd::Command;
use hijara::session::GameConfig;
use hijara::ui::{App, Effect, Input, Overlay, Question};
use predicates::prelude::*;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Longer than any of these runs takes, short enough that a hang fails fast.
const DEADLINE: Duration = Duration::from_secs(20);

fn hijara(data: &Path) -> Command {
    let mut cmd = crate::common::hijara();
    cmd.env("HIJARA_DATA_DIR", data).timeout(DEADLINE);
    cmd
}

/// What `hijara score` prints of the shipped complete game, run with `data` as the
/// data folder; it must succeed.
fn complete_scored(data: &Path) -> Vec<u8> {
    hijara(data)
        .args(["score", "assets/games/complete.hij"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone()
}

/// A quick review of the shipped unfinished game: a millisecond a position, one thread.
const QUICK_ANALYZE: [&str; 6] = [
    "analyze",
    "assets/games/unfinished.hij",
    "--think-ms",
    "1",
    "--threads",
    "1",
];

fn no_panic() -> impl Predicate<str> {
    predicate::str::contains("panicked")
        .not()
        .and(predicate::str::contains("RUST_BACKTRACE").not())
}

fn key(app: &mut App, c: char) -> Vec<Effect> {
    app.handle(Input::Key(KeyEvent::new(
        KeyCode::Char(c),
        KeyModifiers::NONE,
    )))
}

#[test]
fn the_quit_question_says_when_the_game_is_not_autosaved_and_offers_s() {
    let mut app = App::new(GameConfig::default()).with_autosave(false);
    for c in "a1".chars() {
        let _ = key(&mut app, c);
    }
    let _ = key(&mut app, 'q');
    assert_eq!(app.overlay(), Overlay::Question(Question::Quit));
    let text = app.question_text(Question::Quit);
    assert!(
        text.contains("NOT autosaved") && text.contains("s: save"),
        "{text}"
    );
    assert!(!text.contains("It is kept"), "{text}");
    // `s` saves and closes the question; the game goes on.
    let effects = key(&mut app, 's');
    assert!(effects.contains(&Effect::Save), "{effects:?}");
    assert_eq!(app.overlay(), Overlay::None);
    assert!(!app.should_quit());
    // Once the autosave holds it, the question says it is kept.
    app.set_autosaved(true);
    let _ = key(&mut app, 'q');
    assert!(app.question_text(Question::Quit).contains("It is kept"));
    // `s` is no to the other questions: it neither saves nor starts a new game.
    let _ = key(&mut app, 'x');
    let _ = key(&mut app, 'n');
    assert_eq!(app.overlay(), Overlay::Question(Question::NewGame));
    let effects = key(&mut app, 's');
    assert!(!effects.contains(&Effect::Save), "{effects:?}");
    assert_eq!(app.overlay(), Overlay::None);
    assert_eq!(app.game().len(), 1);
}

/// Makes a FIFO at `path` with the system's `mkfifo`; fails the test, naming the tool,
/// when it cannot (`.ci/run` installs it where it is missing).
#[cfg(unix)]
pub(crate) fn fifo(path: &Path) {
    match std::process::Command::new("mkfifo").arg(path).status() {
        Ok(status) => assert!(status.success(), "mkfifo {}: {status}", path.display()),
        Err(e) => panic!("this test needs `mkfifo` (Debian: coreutils): {e}"),
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_or_dev_zero_is_refused_at_once_by_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe.hij");
    fifo(&pipe);
    let zero = dir.path().join("zero.hij");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for file in [&pipe, &zero] {
        for args in [
            vec!["score"],
            vec!["analyze"],
            vec!["replay"],
            vec!["play", "--load"],
        ] {
            hijara(dir.path())
                .args(&args)
                .arg(file)
                .assert()
                .code(1)
                .stderr(predicate::str::contains("not a regular file"))
                .stderr(no_panic());
        }
    }
    // The autosave: `hijara resume` reports it instead of hanging.
    for target in [&pipe, &zero] {
        let data = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(target, data.path().join("autosave.hij")).unwrap();
        hijara(data.path())
            .arg("resume")
            .assert()
            .code(1)
            .stderr(predicate::str::contains("not a regular file"))
            .stderr(no_panic());
    }
}

#[test]
fn a_record_over_the_size_limit_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.hij");
    let limit = usize::try_from(hijara::session::MAX_RECORD_BYTES).unwrap();
    std::fs::write(&big, " ".repeat(limit + 1)).unwrap();
    hijara(dir.path())
        .arg("score")
        .arg(&big)
        .assert()
        .code(1)
        .stderr(predicate::str::contains("larger than 1 MiB"))
        .stderr(no_panic());
    hijara(dir.path())
        .args(["score", "-"])
        .write_stdin(" ".repeat(limit + 1))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("larger than 1 MiB"));
}

#[test]
fn a_cr_only_record_is_scored() {
    // Issue 18 F: `tr '\n' '\r' < complete.hij > cr.hij; hijara score cr.hij`.
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string("assets/games/complete.hij").unwrap();
    let cr = dir.path().join("cr.hij");
    std::fs::write(&cr, text.replace('\n', "\r")).unwrap();
    let lf = complete_scored(dir.path());
    hijara(dir.path())
        .arg("score")
        .arg(&cr)
        .assert()
        .success()
        .stdout(predicate::eq(lf.as_slice()))
        .stdout(predicate::str::contains("finished"));
}

#[test]
fn the_engine_answers_a_non_utf8_line_and_goes_on() {
    // Issue 18 D: `printf 'name\n\xff\nname\n' | hijara engine`.
    let dir = tempfile::tempdir().unwrap();
    hijara(dir.path())
        .arg("engine")
        .write_stdin(&b"name\n\xff\nname\n"[..])
        .assert()
        .success()
        .stdout("= hijara\n\n? the line is not UTF-8 text\n\n= hijara\n\n");
    // A 1 MB unknown command is refused in a short reply, not echoed.
    let mut long = vec![b'z'; 1 << 20];
    long.extend_from_slice(b"\nname\n");
    hijara(dir.path())
        .arg("engine")
        .write_stdin(long)
        .assert()
        .success()
        .stdout("? line too long (over 4096 bytes)\n\n= hijara\n\n");
    // s27: a line of 9 MiB (more than s26's limit of 8 MiB) ended the session with
    // exit 1; it is one bad command, and the session goes on.
    let mut nuls = vec![0; 9 << 20];
    nuls.extend_from_slice(b"\nname\n");
    hijara(dir.path())
        .arg("engine")
        .write_stdin(nuls)
        .assert()
        .success()
        .stdout("? line too long (over 4096 bytes)\n\n= hijara\n\n")
        .stderr("");
    // QA (s26): `hijara engine < /dev/zero` read for ever. A line of more than 64 MiB
    // (NULs, which GTP drops, counted too) is answered as too long and ends the
    // session: what comes after it is never read. Through a pipe, and from the device.
    let mut nuls = vec![0; 65 << 20];
    nuls.extend_from_slice(b"\nname\n");
    let endless = "hijara: standard input: a line of over 64 MiB: not engine commands\n";
    hijara(dir.path())
        .arg("engine")
        .write_stdin(nuls)
        .assert()
        .code(1)
        .stdout("? line too long (over 4096 bytes)\n\n")
        .stderr(endless);
    // From the device itself, as typed (assert_cmd would read all of it first).
    let mut child = crate::common::hijara_command()
        .arg("engine")
        .env("HIJARA_DATA_DIR", dir.path())
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let start = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > DEADLINE {
            child.kill().unwrap();
            panic!("`hijara engine < /dev/zero` still ran after {DEADLINE:?}");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(out.stdout, b"? line too long (over 4096 bytes)\n\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), endless);
}

#[test]
fn numbers_past_their_bounds_are_quoted_as_given() {
    let dir = tempfile::tempdir().unwrap();
    hijara(dir.path())
        .args(["bench", "--seconds", "18446744073709551615"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "invalid value '18446744073709551615' for '--seconds <SECONDS>'",
        ));
    for args in [
        ["play", "--think-ms"],
        ["analyze", "--think-ms"],
        ["selfplay", "--think-ms"],
    ] {
        hijara(dir.path())
            .args(args)
            .arg("18446744073709551615")
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "expected milliseconds from 1 to 3600000 (an hour)",
            ))
            .stderr(no_panic());
    }
}

#[test]
fn error_messages_show_control_characters_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let name = dir.path().join("evil\u{1b}]0;pwned\u{7}.hij");
    std::fs::write(&name, "[Blue \"\u{1b}[2J\"]\n1. e9\n").unwrap();
    let out = hijara(dir.path())
        .arg("score")
        .arg(&name)
        .assert()
        .code(1)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert!(!err.contains('\u{1b}') && !err.contains('\u{7}'), "{err:?}");
    assert!(err.contains("evil\\u{1b}]0;pwned\\u{7}.hij"), "{err}");
    assert!(err.contains("line 2, column 4"), "{err}");
}

#[test]
fn a_usage_error_quoting_an_argument_shows_its_control_characters_escaped() {
    // Clap quotes a bad value as typed: an OSC title sequence reached the terminal.
    let dir = tempfile::tempdir().unwrap();
    for args in [
        ["play", "--variant", "x\u{1b}]0;pwned\u{7}"],
        ["bench", "--seconds", "\u{202e}5"],
        ["score", "--no-such\u{1b}[2J", "x"],
    ] {
        let out = hijara(dir.path())
            .args(args)
            .assert()
            .code(2)
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            !err.chars().any(|c| c != '\n' && hijara::text::is_unsafe(c)),
            "{err:?}"
        );
        assert!(err.contains("\\u{"), "{err}");
        assert!(out.stdout.is_empty());
    }
    // Help and errors without such characters are clap's own, unchanged.
    hijara(dir.path())
        .args(["play", "--variant", "squares"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "invalid value 'squares' for '--variant",
        ));
    hijara(dir.path())
        .arg("--help")
        .assert()
        .code(0)
        .stdout(predicate::str::contains("Usage: hijara"));
}

/// A data folder whose history holds `assets/games/complete.hij` as its only game.
fn history_with_one_game() -> tempfile::TempDir {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir(&games).unwrap();
    std::fs::copy(
        "assets/games/complete.hij",
        games.join("hijara-20261130-101010.hij"),
    )
    .unwrap();
    data
}

#[test]
fn score_and_analyze_take_a_history_number_or_last() {
    // Snag 6: `hijara analyze --last` and `hijara analyze 1` failed.
    let data = history_with_one_game();
    let direct = complete_scored(data.path());
    for which in [["score", "1"], ["score", "--last"]] {
        hijara(data.path())
            .args(which)
            .assert()
            .success()
            .stdout(predicate::eq(direct.as_slice()));
    }
    for which in [["analyze", "1"], ["analyze", "--last"]] {
        hijara(data.path())
            .args(which)
            .args(["--think-ms", "1", "--threads", "1", "--json"])
            .assert()
            .success()
            .stdout(predicate::str::contains("\"moves\""));
    }
    hijara(data.path())
        .args(["score", "2"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no game 2 in the history"));
    hijara(data.path())
        .args(["analyze"])
        .assert()
        .code(2)
        .stderr(no_panic());
}

/// A number is game N of the history even where a file has that name, and nothing
/// said so: with a history, `hijara score 1` scored game 1, not the file `1` a script
/// meant; without one, the error pointed at the history alone. Both now name the file
/// as `./1`.
#[test]
fn a_number_that_is_also_a_file_here_says_how_to_name_the_file() {
    let data = history_with_one_game();
    let here = tempfile::tempdir().unwrap();
    std::fs::write(here.path().join("1"), "b2 b2\n").unwrap();
    let direct = complete_scored(data.path());
    hijara(data.path())
        .current_dir(here.path())
        .args(["score", "1"])
        .assert()
        .success()
        .stdout(predicate::eq(direct.as_slice()))
        .stderr("hijara: 1 is game 1 of the history (`hijara games`); the file named 1 is ./1\n");
    let empty = tempfile::tempdir().unwrap();
    hijara(empty.path())
        .current_dir(here.path())
        .args(["score", "1"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicate::str::contains("no games in the history yet").and(
            predicate::str::ends_with("finished games are kept there (the file named 1 is ./1)\n"),
        ));
    // The name as typed: `007` is game 7, and the file it shadows is ./007, not ./7
    // (QA, cliqa: nothing was said of ./007, as ./7 was looked for).
    std::fs::write(here.path().join("007"), "b2 b2\n").unwrap();
    hijara(data.path())
        .current_dir(here.path())
        .args(["score", "007"])
        .assert()
        .code(1)
        .stderr(predicate::str::ends_with(
            "no game 7 in the history: it holds 1 game (`hijara games` lists them) \
             (the file named 007 is ./007)\n",
        ));
    // The file read as ./1; no word about it where there is no such file.
    hijara(data.path())
        .current_dir(here.path())
        .args(["score", "./1"])
        .assert()
        .success()
        .stderr("");
    hijara(data.path())
        .args(["score", "1"])
        .assert()
        .success()
        .stderr("");
}

#[test]
fn annotate_checks_its_folder_first_and_takes_dash_for_stdout() {
    let dir = tempfile::tempdir().unwrap();
    // Snag 7: a missing folder fails at once, not after the review (at an hour a
    // position, a review run first would outlast the deadline).
    hijara(dir.path())
        .args([
            "analyze",
            "assets/games/complete.hij",
            "--think-ms",
            "3600000",
        ])
        .arg("--annotate")
        .arg(dir.path().join("nowhere").join("out.hij"))
        .assert()
        .code(1)
        .stderr(predicate::str::contains("does not exist"))
        .stdout(predicate::str::is_empty());
    // `-` is standard output: the annotated record, which reads back.
    let out = hijara(dir.path())
        .args(QUICK_ANALYZE)
        .args(["--annotate", "-"])
        .assert()
        .success()
        .stderr(predicate::str::contains("standard output"))
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.parse::<hijara::record::Record>().is_ok(), "{text}");
    assert!(!dir.path().join("-").exists());
    assert!(!Path::new("-").exists());
}

#[cfg(unix)]
#[test]
fn annotate_writes_through_a_symlink() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.hij");
    std::fs::write(&real, "").unwrap();
    let link = dir.path().join("link.hij");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    hijara(dir.path())
        .args(QUICK_ANALYZE)
        .arg("--annotate")
        .arg(&link)
        .assert()
        .success();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let written = std::fs::read_to_string(&real).unwrap();
    assert!(
        written.parse::<hijara::record::Record>().is_ok(),
        "{written}"
    );
}
