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
    let mut cmd = Command::cargo_bin("hijara").unwrap();
    cmd.env("HIJARA_DATA_DIR", data).timeout(DEADLINE);
    cmd
}

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

/// Makes a FIFO at `path`, or says why the test is skipped.
#[cfg(unix)]
fn fifo(path: &Path) -> bool {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    let ok = made.is_ok_and(|s| s.success());
    if !ok {
        eprintln!("skipped: mkfifo is not available");
    }
    ok
}

#[cfg(unix)]
#[test]
fn a_fifo_or_dev_zero_is_refused_at_once_by_every_reader() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe.hij");
    if !fifo(&pipe) {
        return;
    }
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
    let lf = hijara(dir.path())
        .args(["score", "assets/games/complete.hij"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    hijara(dir.path())
        .arg("score")
        .arg(&cr)
        .assert()
        .success()
        .stdout(predicate::eq(lf.as_slice()))
        .stdout(predicate::str::contains("finished"));
}
