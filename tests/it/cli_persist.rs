//! Bad files and missing games on the command line: a clear message naming the file,
//! line, column, move and square, exit code 1, no panic, and all of it before the
//! screen opens (these runs have no terminal at all, so the screen would be the line
//! mode, which ends at once with its empty input, and exit 0 instead).

use assert_cmd::Command;
use predicates::prelude::*;

const COMPLETE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/games/complete.hij");

fn hijara(data: &std::path::Path) -> Command {
    let mut cmd = crate::common::hijara();
    cmd.env("HIJARA_DATA_DIR", data);
    cmd
}

fn no_panic() -> impl Predicate<str> {
    predicate::str::contains("panicked")
        .not()
        .and(predicate::str::contains("RUST_BACKTRACE").not())
}

#[test]
fn replay_of_a_missing_file_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("nowhere.hij");
    hijara(dir.path())
        .arg("replay")
        .arg(&missing)
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("cannot read").and(predicate::str::contains("nowhere.hij")),
        )
        .stderr(no_panic());
}

#[test]
fn replay_of_a_malformed_record_names_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("bad.hij");
    std::fs::write(&file, "[Blue \"Ann\"]\n\n1. b2 c3 2. e5 a1\n").unwrap();
    hijara(dir.path())
        .arg("replay")
        .arg(&file)
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("bad.hij: line 3, column 13")
                .and(predicate::str::contains("`e5`")),
        )
        .stderr(no_panic());
}

#[test]
fn later_illegal_moves_are_an_error_not_a_shorter_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("full.hij");
    // The fifth a1 finds the square full: move 5, written at line 2, column 1.
    std::fs::write(&file, "a1 a1 a1 a1\na1 b2 c3\n").unwrap();
    for args in [vec!["replay"], vec!["play", "--load"]] {
        hijara(dir.path())
            .args(&args)
            .arg(&file)
            .assert()
            .code(1)
            .stderr(predicate::str::contains(
                "full.hij: line 2, column 1: move 5 (Blue) plays a1, which is full",
            ))
            .stderr(no_panic());
    }
}

#[test]
fn loading_a_finished_game_is_refused_with_a_pointer_to_replay() {
    let dir = tempfile::tempdir().unwrap();
    hijara(dir.path())
        .args(["play", "--load", "assets/games/complete.hij"])
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("the game is over (Yellow wins, Blue 75, Yellow 100)")
                .and(predicate::str::contains("hijara replay")),
        )
        .stderr(no_panic());
}

#[test]
fn resume_without_an_autosave_says_so() {
    let dir = tempfile::tempdir().unwrap();
    hijara(dir.path())
        .arg("resume")
        .assert()
        .code(1)
        .stderr(predicate::str::contains("no game to resume"))
        .stderr(no_panic());
}

/// QA (cli23): with `HIJARA_DATA_DIR` naming a file, `resume` said `there is no
/// autosave (FILE/autosave.hij)`, the history's commands and the progress files
/// `Not a directory (os error 20)`, and a game's autosave `File exists (os error
/// 17)`. Each now says the data folder is not a folder, naming it and the variable
/// that set it (`XDG_DATA_HOME` too).
#[test]
fn a_data_folder_that_is_a_file_is_said_of_the_folder() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("data");
    std::fs::write(&file, "not a folder").unwrap();
    let said = format!(
        "the data folder {} is not a folder (a file is there); HIJARA_DATA_DIR sets it",
        file.display()
    );
    let run = |args: &[&str], input: &str, code: i32| {
        let out = hijara(&file)
            .args(args)
            .write_stdin(input)
            .assert()
            .code(code)
            .stderr(no_panic())
            .get_output()
            .clone();
        let said = String::from_utf8(out.stdout).unwrap() + &String::from_utf8(out.stderr).unwrap();
        said.replace('\n', " ")
    };
    let resumed = run(&["resume"], "", 1);
    assert!(
        resumed.contains(&format!("no game to resume: {said}")),
        "{resumed}"
    );
    assert!(!resumed.contains("there is no autosave"), "{resumed}");
    for args in [&["games"][..], &["replay", "--last"], &["score", "1"]] {
        let out = run(args, "", 1);
        assert!(
            out.contains(&format!("cannot read the game history: {said}")),
            "{args:?}: {out}"
        );
    }
    for args in [&["learn", "--list"][..], &["puzzle", "--stats"]] {
        let out = run(args, "", 0);
        assert!(
            out.contains(&format!("hijara: {said}; starting afresh")),
            "{args:?}: {out}"
        );
    }
    let served = run(&["serve", "names"], "", 1);
    assert!(
        served.contains(&format!("no folder for the server: {said}")),
        "{served}"
    );
    // Its farewell says the game was NOT saved: status 1 (s40).
    let played = run(&["play", "--plain"], "a1\nquit\nyes\n", 1);
    assert!(
        played.contains(&format!(
            "Autosave failed ({}/autosave.hij): {said}",
            file.display()
        )),
        "{played}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
    // Set by XDG_DATA_HOME (no HIJARA_DATA_DIR): that variable is named.
    let xdg = dir.path().join("xdg");
    std::fs::create_dir(&xdg).unwrap();
    std::fs::write(xdg.join("hijara"), "").unwrap();
    let out = crate::common::hijara()
        .env_remove("HIJARA_DATA_DIR")
        .env("XDG_DATA_HOME", &xdg)
        .arg("resume")
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap().replace('\n', " ");
    let hijara = xdg.join("hijara");
    assert!(
        err.contains(&format!(
            "the data folder {} is not a folder (a file is there); XDG_DATA_HOME sets it",
            hijara.display()
        )),
        "{err}"
    );
}

/// A damaged autosave is said with its line and column by `resume`: refused when
/// none of its moves read, offered (the question saying what is wrong) when some do.
#[test]
fn a_corrupt_autosave_is_reported_by_resume() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("autosave.hij"), "[Blue \"x\"]\n[Oops\n").unwrap();
    hijara(dir.path())
        .arg("resume")
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "autosave.hij: line 3, column 1: expected",
        ))
        .stderr(no_panic());
    std::fs::write(dir.path().join("autosave.hij"), "b2 b2 b2 b2 b2\n").unwrap();
    hijara(dir.path())
        .arg("resume")
        .write_stdin("quit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "The autosave autosave.hij is damaged at line 1, column 13: only its first 4 moves can \
             be resumed. Resume the autosaved game?",
        ))
        .stderr(no_panic());
}

/// An autosave that is not UTF-8 was reported as `not UTF-8 text`, where `score` and
/// `games` place the first bad byte by line and column.
#[test]
fn an_autosave_that_is_not_utf8_is_placed_by_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("autosave.hij"), b"1. b2 c3\n\xff\n").unwrap();
    hijara(dir.path())
        .arg("resume")
        .write_stdin("quit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "autosave.hij is damaged at line 2, column 1: only its first 2 moves can be resumed.",
        ))
        .stderr(no_panic());
    // One move that reads is said as one (it said `its first 1 move read`).
    std::fs::write(dir.path().join("autosave.hij"), b"1. b2\n\xff\n").unwrap();
    hijara(dir.path())
        .arg("resume")
        .write_stdin("quit\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "only its first move can be resumed.",
        ));
}

/// qa45: `hijara resume` refused a damaged autosave whose first moves read, saying
/// that `hijara` offers them. It offers them as `hijara` does, the question saying
/// the file, line and column and what is left out; it writes nothing while the
/// question is open and left; a yes keeps the damaged bytes aside (once) before the
/// autosave holds the moves resumed.
#[test]
fn resume_offers_a_damaged_autosave_s_moves_as_hijara_does_and_keeps_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let damaged = b"1. b2 c3 zz\n";
    let autosave = dir.path().join("autosave.hij");
    std::fs::write(&autosave, damaged).unwrap();
    let question = "The autosave autosave.hij is damaged at line 1, column 10: ";
    let offer = "only its first 2 moves can be resumed. Resume the autosaved \
                 game? Blue (human) against Yellow (human), 2 moves, Blue 0, Yellow 0.";
    for command in [&["resume"][..], &["play"]] {
        hijara(dir.path())
            .args(command)
            .write_stdin("quit\n")
            .assert()
            .success()
            .stdout(predicate::str::contains(question).and(predicate::str::contains(offer)))
            .stderr(no_panic());
        assert_eq!(std::fs::read(&autosave).unwrap(), damaged, "{command:?}");
    }
    let kept = |dir: &std::path::Path| -> Vec<Vec<u8>> {
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("hijara-")
            })
            .collect();
        files.sort();
        files.iter().map(|p| std::fs::read(p).unwrap()).collect()
    };
    assert!(kept(dir.path()).is_empty());
    hijara(dir.path())
        .arg("resume")
        .write_stdin("yes\nquit\nyes\n")
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "2 moves played, the last Yellow c3",
        ))
        .stderr(no_panic());
    assert_eq!(kept(dir.path()), vec![damaged.to_vec()]);
    let now = std::fs::read_to_string(&autosave).unwrap();
    assert!(now.contains("1. b2 c3 *"), "{now}");
}

#[test]
fn good_files_open_in_the_line_mode_without_a_terminal() {
    let dir = tempfile::tempdir().unwrap();
    for (args, first) in [
        (
            vec!["replay", "assets/games/complete.hij"],
            "complete.hij: Blue",
        ),
        (
            vec!["play", "--load", "assets/games/unfinished.hij"],
            "Hijara: Blue, Ann, against Yellow, Bob.",
        ),
    ] {
        hijara(dir.path())
            .args(&args)
            .assert()
            .code(0)
            .stdout(predicate::str::starts_with(first).and(predicate::str::contains("\x1b").not()))
            .stderr(no_panic());
    }
}

#[test]
fn a_missing_save_dir_is_created_with_its_parents() {
    // Issue 13.2: an output folder is created, as most tools do. (It used to be refused.)
    let dir = tempfile::tempdir().unwrap();
    let nested = dir.path().join("missing").join("games");
    hijara(dir.path())
        .args(["play", "--save-dir"])
        .arg(&nested)
        .assert()
        .code(0)
        .stderr(no_panic());
    assert!(nested.is_dir(), "the folder and its parent were created");
}

#[test]
fn a_save_dir_that_is_a_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games");
    std::fs::write(&file, "not a folder").unwrap();
    hijara(dir.path())
        .args(["play", "--save-dir"])
        .arg(&file)
        .assert()
        .code(1)
        .stderr(
            predicate::str::contains("--save-dir")
                .and(predicate::str::contains("games"))
                .and(predicate::str::contains("not a folder"))
                .and(no_panic()),
        );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}

/// `hijara serve | head -1`: the server wrote its banner into a closed pipe and
/// stopped with exit 1 and `Broken pipe`; its operator's commands (`serve names |
/// head -1`) too, where every other command ends quietly. Now the server goes on
/// serving (the banner goes to its log) and its commands end as the others do: by
/// SIGPIPE, nothing said. Each reader here is gone before the program writes.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_server_commands_and_the_others_quietly() {
    use std::os::unix::process::ExitStatusExt;
    use std::process::Stdio;
    let home = tempfile::tempdir().unwrap();
    let data = home.path().join("server");
    let stderr_file = home.path().join("serve-stderr.txt");
    let mut server = crate::common::hijara_command()
        .args(["serve", "--listen", "127.0.0.1:0", "--data-dir"])
        .arg(&data)
        .env("HOME", home.path())
        .env("HIJARA_DATA_DIR", home.path().join("data"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&stderr_file).unwrap())
        .spawn()
        .unwrap();
    drop(server.stdout.take());
    let log = data.join("server.log");
    let start = std::time::Instant::now();
    while !std::fs::read_to_string(&log)
        .unwrap_or_default()
        .contains("standard output is closed")
    {
        if let Some(status) = server.try_wait().unwrap() {
            let err = std::fs::read_to_string(&stderr_file).unwrap_or_default();
            panic!("the server stopped: {status:?}: {err}");
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "{}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let logged = std::fs::read_to_string(&log).unwrap();
    assert!(logged.contains("listening on 127.0.0.1:"), "{logged}");
    assert!(logged.contains("host key"), "{logged}");
    // SAFETY: kill with a child's pid and SIGTERM touches no memory.
    let sent = unsafe { libc::kill(server.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    let status = server.wait().unwrap();
    let err = std::fs::read_to_string(&stderr_file).unwrap();
    assert!(status.success(), "{status:?}: {err}");
    assert!(!err.contains("Broken pipe"), "{err}");

    let data = data.to_str().unwrap();
    let commands: [&[&str]; 7] = [
        &["serve", "names", "--data-dir", data],
        &["serve", "colours", "--data-dir", data],
        &["games"],
        &["score", COMPLETE],
        &["analyze", COMPLETE, "--think-ms", "1"],
        &["puzzle", "--print"],
        &["--help"],
    ];
    for args in commands {
        let output = with_stdout_closed(args, home.path(), &home.path().join("data"));
        let err = String::from_utf8_lossy(&output.stderr);
        let quiet = output.status.success() || output.status.signal() == Some(libc::SIGPIPE);
        assert!(
            quiet && err.is_empty(),
            "{args:?}: {:?}: {err}",
            output.status
        );
    }
}

/// Runs hijara with `args`, its own `home` and `data` folders, and standard output a
/// pipe whose reading end is closed before the program writes.
#[cfg(unix)]
fn with_stdout_closed(
    args: &[&str],
    home: &std::path::Path,
    data: &std::path::Path,
) -> std::process::Output {
    use std::process::Stdio;
    let mut child = crate::common::hijara_command()
        .args(args)
        .env("HOME", home)
        .env("HIJARA_DATA_DIR", data)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

/// A reader that goes away (`hijara games | head`) ends the program quietly: no panic
/// and no backtrace from `println!` on a closed pipe. s34 (cli37): every command that
/// prints a result, the screens' line mode too, ends by SIGPIPE (or exit 0 for help
/// and a command that wrote nothing) and says nothing on standard error, so a script
/// piping into `head` reads no error (`bench` is left out: its first line may reach
/// the pipe before the reader goes, and it then measures for 3 s). About 0.5 s.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_output_quietly() {
    use std::os::unix::process::ExitStatusExt;
    let data = tempfile::tempdir().unwrap();
    let commands: [&[&str]; 19] = [
        &["puzzle", "--print"],
        &["puzzle", "--stats", "--json"],
        &["puzzle", "--give-up"],
        &["games"],
        &["games", "--json"],
        &["score", COMPLETE],
        &["score", "--json", COMPLETE],
        &["analyze", "--json", "--nodes", "50", COMPLETE],
        &["analyze", "--nodes", "50", "--annotate", "-", COMPLETE],
        &["learn", "--list"],
        &["selfplay", "--blue", "random", "--yellow", "easy"],
        &["selfplay", "--blue", "random", "--yellow", "easy", "--json"],
        &["completions", "bash"],
        &["manpage"],
        &["config"],
        &["score", "--help"],
        &["--version"],
        &["play", "--plain"],
        &["replay", "--plain", COMPLETE],
    ];
    let mut loud = Vec::new();
    for args in commands {
        let output = with_stdout_closed(args, data.path(), data.path());
        let stderr = String::from_utf8_lossy(&output.stderr);
        let quiet = output.status.success() || output.status.signal() == Some(libc::SIGPIPE);
        if !quiet || !stderr.is_empty() {
            loud.push(format!("{args:?}: {:?}: {stderr}", output.status));
        }
    }
    assert!(loud.is_empty(), "{}", loud.join("\n"));
}
