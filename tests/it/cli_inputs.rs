//! The headless commands on bad input, as a script meets them: every record-reading
//! command (`score`, `analyze`, `replay`, `play --load`) on a folder, binary junk, a
//! huge line, NUL bytes, an empty name and a file name that is not UTF-8; `games --dir`
//! on a file; `analyze --json` with the record sent to standard output. Each is a
//! clear error (naming the file, and the line and column where they apply) with a
//! non-zero exit, no panic, and nothing on standard output.

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

const COMBINATIONS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/games/combinations.hij");

fn hijara(data: &Path) -> Command {
    let mut cmd = crate::common::hijara();
    cmd.env("HIJARA_DATA_DIR", data);
    cmd
}

/// Runs `args` (then `file`, when given) expecting exit `code` and nothing on
/// standard output; returns standard error after checking it is one `hijara:` line
/// (exit 1) or a usage error (exit 2), with no panic.
fn fails(data: &Path, args: &[&str], file: Option<&Path>, code: i32) -> String {
    let mut cmd = hijara(data);
    cmd.args(args);
    if let Some(file) = file {
        cmd.arg(file);
    }
    let out = cmd
        .write_stdin("")
        .assert()
        .code(code)
        .stdout("")
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    if code == 1 {
        assert!(err.starts_with("hijara: "), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    } else {
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
    err
}

/// The commands that read one record, each with the file last.
const READERS: [&[&str]; 4] = [
    &["score"],
    &["score", "--json"],
    &["analyze", "--think-ms", "1", "--json"],
    &["replay"],
];

#[test]
fn each_reader_names_the_file_and_where_on_bad_input() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("folder.hij");
    std::fs::create_dir(&folder).unwrap();
    let junk = dir.path().join("junk.hij");
    std::fs::write(&junk, b"1. a1 b2\n2. c3 d4\n3. a\xff\xfe\x00junk").unwrap();
    let nul = dir.path().join("nul.hij");
    std::fs::write(&nul, b"1. a1 b2\n\0\0\0").unwrap();
    let huge = dir.path().join("huge.hij");
    std::fs::write(&huge, "x".repeat(500_000)).unwrap();
    for args in READERS {
        let err = fails(data.path(), args, Some(&folder), 1);
        assert!(err.contains("folder.hij: a folder"), "{args:?}: {err}");
        let err = fails(data.path(), args, Some(&junk), 1);
        assert!(
            err.contains("junk.hij: line 3, column 5: the file is not UTF-8 text"),
            "{args:?}: {err}"
        );
        let err = fails(data.path(), args, Some(&nul), 1);
        assert!(
            err.contains("nul.hij: line 2, column 1:"),
            "{args:?}: {err}"
        );
        // A huge line is quoted short: the error stays one readable line.
        let err = fails(data.path(), args, Some(&huge), 1);
        assert!(
            err.contains("huge.hij: line 1, column 1:"),
            "{args:?}: {err}"
        );
        assert!(err.len() < 400, "{args:?}: {} bytes", err.len());
    }
    let err = fails(data.path(), &["play", "--load"], Some(&folder), 1);
    assert!(err.contains("folder.hij: a folder"), "{err}");
}

/// QA (learn2): a record saved as UTF-16 (a Windows editor, PowerShell's `>`) was
/// "not UTF-8 text" at line 1, column 1 with a byte-order mark, and a syntax error
/// quoting `1\u{0}.\u{0}` without one; each reader now says it looks like UTF-16
/// and how to convert it, naming the file, line and column, exit 1.
#[test]
fn each_reader_says_a_utf16_record_is_utf16_and_how_to_convert_it() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let record = "[Blue \"Ann\"]\n1. a1 b1 *\n";
    let le: Vec<u8> = record.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let marked = dir.path().join("marked.hij");
    std::fs::write(&marked, [&[0xFF, 0xFE][..], &le].concat()).unwrap();
    let bare = dir.path().join("bare.hij");
    std::fs::write(&bare, &le).unwrap();
    for args in READERS.iter().chain([&["play", "--load"][..]].iter()) {
        for (file, name, why, from) in [
            (&marked, "marked.hij", "byte-order mark", "UTF-16 "),
            (&bare, "bare.hij", "every other byte is NUL", "UTF-16LE"),
        ] {
            let err = fails(data.path(), args, Some(file), 1);
            assert!(
                err.contains(&format!(
                    "{name}: line 1, column 1: the file looks like UTF-16"
                )),
                "{args:?}: {err}"
            );
            assert!(err.contains(why), "{args:?}: {err}");
            assert!(err.contains(&format!("iconv -f {from}")), "{args:?}: {err}");
        }
    }
}

/// An empty FILE said `cannot read : No such file or directory` (exit 1), naming no
/// file. clap passes an empty option value on as it is: until qa48 `games --dir ''`
/// said `cannot read the folder : No such file or directory`, `analyze --annotate ''`
/// `cannot write : it is not a file path` and `serve --data-dir '' names` `no server
/// database in  (...)`, and `serve release ''` `no name  is bound at this server`, all
/// exit 1. Each is a usage error naming its option (or argument) now.
#[test]
fn an_empty_file_name_is_a_usage_error() {
    let data = tempfile::tempdir().unwrap();
    for args in [
        &["score", ""][..],
        &["analyze", ""],
        &["replay", ""],
        &["play", "--load", ""],
    ] {
        let err = fails(data.path(), args, None, 2);
        assert!(err.contains("an empty name"), "{args:?}: {err}");
        assert!(!err.contains("cannot read :"), "{args:?}: {err}");
    }
    for (args, option) in [
        (&["games", "--dir", ""][..], "'--dir <DIR>'"),
        (&["score", "--dir=", "1"], "'--dir <DIR>'"),
        (
            &["analyze", "--annotate", "", COMBINATIONS],
            "'--annotate <OUT>'",
        ),
        (&["play", "--save-dir", ""], "'--save-dir <DIR>'"),
        (&["puzzle", "--id", "", "--print"], "'--id <ID>'"),
        (&["serve", "--data-dir", "", "names"], "'--data-dir <DIR>'"),
        (&["serve", "--motd", ""], "'--motd <FILE>'"),
        (&["serve", "release", ""], "'<NAME>'"),
        (&["serve", "forget", ""], "'<NAME>'"),
    ] {
        let err = fails(data.path(), args, None, 2);
        assert!(
            err.contains(&format!("invalid value '' for {option}: an empty ")),
            "{args:?}: {err}"
        );
    }
}

/// cli36: `puzzle --id -x`, `games --dir -x` and `play --load -x` said `unexpected
/// argument '-x' found`, naming no option. Each names its option and says how to give
/// a name starting with `-` (`./-x`); `=` changes nothing; an option's name is no value.
#[test]
fn a_dash_word_given_to_a_file_folder_or_id_option_names_it() {
    let data = tempfile::tempdir().unwrap();
    for (args, option, said) in [
        (
            &["puzzle", "--id", "-x"][..],
            "'--id <ID>'",
            "not a puzzle id",
        ),
        (
            &["puzzle", "--id=-x", "--print"],
            "'--id <ID>'",
            "not a puzzle id",
        ),
        (
            &["games", "--dir", "-x"],
            "'--dir <DIR>'",
            "a folder named -x is ./-x",
        ),
        (
            &["score", "--dir", "-x", "1"],
            "'--dir <DIR>'",
            "a folder named -x is ./-x",
        ),
        (
            &["play", "--load", "-x"],
            "'--load <FILE>'",
            "a file named -x is ./-x",
        ),
        (
            &["play", "--save-dir", "--ai"],
            "'--save-dir <DIR>'",
            "an option, not a value",
        ),
        (
            &["serve", "--data-dir", "-x"],
            "'--data-dir <DIR>'",
            "a folder named -x is ./-x",
        ),
    ] {
        let err = fails(data.path(), args, None, 2);
        assert!(
            err.contains(&format!("for {option}")) && err.contains(said),
            "{args:?}: {err}"
        );
    }
    // Named so, the folder is looked for (and is not there: exit 1).
    let err = fails(data.path(), &["games", "--dir", "./-x"], None, 1);
    assert!(err.contains("./-x"), "{err}");
}

/// s33: a record or folder argument starting with `-` (`score -x`) got clap's
/// `unexpected argument '-x' found` and its tip `use '-- -x'`, where the options name
/// themselves. The argument is named now, and told `./-x`, as the options are; after
/// `--` the word is still read as a file (and is not there: exit 1).
#[test]
fn a_dash_word_given_as_a_file_argument_names_it() {
    let data = tempfile::tempdir().unwrap();
    for (args, argument, said) in [
        (
            &["score", "-x"][..],
            "'[FILE|N]'",
            "a file named -x is ./-x",
        ),
        (
            &["analyze", "--json", "-x"],
            "'[FILE|N]'",
            "a file named -x is ./-x",
        ),
        (&["replay", "-x"], "'[FILE|N]'", "a file named -x is ./-x"),
        (
            &["serve", "export", "-x"],
            "'<DIR>'",
            "a folder named -x is ./-x",
        ),
    ] {
        let err = fails(data.path(), args, None, 2);
        assert!(
            err.contains(&format!(
                "invalid value '-x' for {argument}: looks like an option: {said}"
            )),
            "{args:?}: {err}"
        );
    }
    let err = fails(data.path(), &["score", "--", "-x"], None, 1);
    assert!(err.contains("cannot read -x"), "{err}");
}

/// s33: a named value was taken in lower case only (`--blue HARD`: `invalid value
/// 'HARD'`, exit 2), where the engine protocol and the config file take any case.
/// Each command takes it so now; a value that is none still lists the names.
#[test]
fn a_named_value_is_taken_in_any_case() {
    let data = tempfile::tempdir().unwrap();
    let ok = |args: &[&str]| {
        hijara(data.path())
            .args(args)
            .write_stdin("")
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    let games = ok(&[
        "selfplay",
        "--blue",
        "RANDOM",
        "--yellow",
        "Easy",
        "--games",
        "1",
        "--variant",
        "CORNERS",
        "--json",
    ]);
    let games: Value = serde_json::from_slice(&games).unwrap();
    assert_eq!(games["blue"], "random", "{games}");
    assert_eq!(games["variant"], "corners", "{games}");
    assert!(!ok(&["completions", "BASH"]).is_empty());
    // The line mode ends at once on no input; a hard Yellow thinks only after a move.
    ok(&[
        "play",
        "--plain",
        "--yellow",
        "HARD",
        "--palette",
        "High-Contrast",
        "--no-history",
    ]);
    let err = fails(data.path(), &["play", "--blue", "Nonesuch"], None, 2);
    assert!(
        err.contains("[possible values: human, random, easy, medium, hard]"),
        "{err}"
    );
}

/// A file name that is not UTF-8 (a Unix name may be any bytes) was refused by the
/// argument parser, `invalid UTF-8 was detected in one or more arguments` (exit 2),
/// so such a record could not be scored, reviewed or watched at all.
#[cfg(unix)]
#[test]
fn a_file_name_that_is_not_utf8_is_read() {
    use std::os::unix::ffi::OsStrExt;
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let good = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"good-\xff.hij"));
    std::fs::copy(COMBINATIONS, &good).unwrap();
    let out = hijara(data.path())
        .args(["score", "--json"])
        .arg(&good)
        .assert()
        .success()
        .get_output()
        .clone();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["blue"], 65);
    let bad = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"bad-\xff.hij"));
    std::fs::write(&bad, "1. a1 b2\n2. c3 e5\n").unwrap();
    for args in READERS {
        let err = fails(data.path(), args, Some(&bad), 1);
        assert!(
            err.contains("bad-\u{fffd}.hij: line 2, column 7:"),
            "{args:?}: {err}"
        );
    }
    let err = fails(data.path(), &["play", "--load"], Some(&bad), 1);
    assert!(err.contains("line 2, column 7"), "{err}");
}

/// `analyze --json --annotate -` printed the annotated record where the JSON was
/// asked for (exit 0), so a script parsing the report read a record.
#[test]
fn json_with_the_record_on_standard_output_is_a_usage_error() {
    let data = tempfile::tempdir().unwrap();
    let args = [
        "analyze",
        "--think-ms",
        "1",
        "--json",
        "--annotate",
        "-",
        COMBINATIONS,
    ];
    let err = fails(data.path(), &args, None, 2);
    assert!(err.contains("--annotate -"), "{err}");
    assert!(err.contains("Usage: hijara analyze"), "{err}");
    // Each alone still works: the record to standard output, or the JSON with the
    // record written to a file.
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("out.hij");
    let out = hijara(data.path())
        .args(["analyze", "--think-ms", "1", "--json", "--annotate"])
        .arg(&out_file)
        .arg(COMBINATIONS)
        .assert()
        .success()
        .get_output()
        .clone();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["moves"], 27);
    assert!(out_file.is_file());
}

/// `--annotate FILE/x`, FILE being a file, said `the folder FILE does not exist`.
#[test]
fn annotating_under_a_file_says_it_is_not_a_folder() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain.txt");
    std::fs::write(&file, "").unwrap();
    let out = file.join("out.hij");
    let args = [
        "analyze",
        "--think-ms",
        "1",
        "--annotate",
        out.to_str().unwrap(),
        COMBINATIONS,
    ];
    let err = fails(data.path(), &args, None, 1);
    assert!(err.contains("plain.txt is not a folder"), "{err}");
}

/// `games --dir FILE` said `cannot read the game history FILE: Not a directory (os
/// error 20)`: no history was asked for.
#[test]
fn games_dir_on_a_file_says_it_is_not_a_folder() {
    let data = tempfile::tempdir().unwrap();
    for json in [false, true] {
        let mut args = vec!["games", "--dir", COMBINATIONS];
        if json {
            args.push("--json");
        }
        let err = fails(data.path(), &args, None, 1);
        assert!(err.contains("combinations.hij: not a folder"), "{err}");
        assert!(!err.contains("game history"), "{err}");
    }
}

/// A history file that is not UTF-8 was listed as `not UTF-8 text`, where `score`
/// names the line and column of the same file; the JSON stays one parseable object.
#[test]
fn games_lists_a_binary_file_with_where_it_goes_wrong() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("binary.hij"), b"a1 b2\nc3 \xff\xfe").unwrap();
    std::fs::copy(COMBINATIONS, dir.path().join("good.hij")).unwrap();
    let text = hijara(data.path())
        .args(["games", "--dir"])
        .arg(dir.path())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    let wanted = "binary.hij: line 2, column 4: the file is not UTF-8 text";
    assert!(text.contains(wanted), "{text}");
    let json = hijara(data.path())
        .args(["games", "--json", "--dir"])
        .arg(dir.path())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(json["games"].as_array().unwrap().len(), 1);
    let unreadable = &json["unreadable"][0];
    assert_eq!(unreadable["file"], "binary.hij");
    assert_eq!(
        unreadable["error"],
        "line 2, column 4: the file is not UTF-8 text"
    );
}

/// A data folder that is a file: `learn --list` said only `hijara: Not a directory
/// (os error 20); starting afresh`, naming no file (the puzzles named theirs). Each
/// command still does its work, and the warning names the folder and the variable
/// that set it (s24: it named the progress file inside, `not-a-folder/lessons.json`,
/// with the system's `Not a directory`).
#[test]
fn a_data_folder_that_is_a_file_is_named_in_every_warning() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-folder");
    std::fs::write(&file, "").unwrap();
    for args in [&["learn", "--list"][..], &["puzzle", "--stats", "--json"]] {
        let out = hijara(&file)
            .args(args)
            .assert()
            .success()
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains(&format!(
                "the data folder {} is not a folder (a file is there); HIJARA_DATA_DIR sets it",
                file.display()
            )),
            "{args:?}: {err}"
        );
        assert!(err.contains("starting afresh"), "{args:?}: {err}");
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
    let out = hijara(&file)
        .args(["puzzle", "--stats", "--json"])
        .output()
        .unwrap();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["tries"], 0);
    let err = fails(&file, &["games", "--json"], None, 1);
    let history = format!(
        "cannot read the game history: the data folder {} is not a folder",
        file.display()
    );
    assert!(err.contains(&history), "{err}");
}

/// QA (cli23): an unreadable `lessons.json` was said as `could not be read; it was
/// kept as ...`, with no reason, where `puzzles.json` says why. It says why now, the
/// JSON's error (with its line and column) shown safe, or the other version.
#[test]
fn an_unreadable_lessons_file_says_why() {
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("lessons.json");
    for (text, why) in [
        (
            "{\"version\": 1, \"done\": [\"\u{1b}[2J\"]}",
            "(control character (\\u0000-\\u001F) found while parsing a string at line 1 \
             column 26); it was kept as",
        ),
        (
            "{\"version\": 2, \"done\": []}",
            "(format version 2, this build reads 1); it was kept as",
        ),
    ] {
        std::fs::write(&path, text).unwrap();
        let out = hijara(data.path())
            .args(["learn", "--list"])
            .assert()
            .success()
            .get_output()
            .clone();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(why), "{why}\n{err}");
        assert!(!err.contains('\u{1b}'), "{err:?}");
        assert!(!path.exists());
    }
}

/// QA (qa48): `puzzle --stats`, a query that writes nothing, moved a newer build's
/// `puzzles.json` aside (`puzzles.json.unreadable-1`) and showed a fresh start's
/// stats. It leaves the file as it is, says why it can't be read, shows no stats and
/// exits 1; a try (which saves) still moves it aside.
#[test]
fn puzzle_stats_leaves_a_newer_progress_file_as_it_is() {
    let data = tempfile::tempdir().unwrap();
    let path = data.path().join("puzzles.json");
    let newer = "{\"version\":2}";
    std::fs::write(&path, newer).unwrap();
    for args in [&["puzzle", "--stats"][..], &["puzzle", "--stats", "--json"]] {
        let err = fails(data.path(), args, None, 1);
        assert_eq!(
            err,
            format!(
                "hijara: {} could not be read (format version 2 (a newer hijara's), this \
                 build reads 1); it was left as it is: no stats to show (this build reads \
                 only its own format)\n",
                path.display()
            ),
            "{args:?}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), newer, "{args:?}");
        let names: Vec<_> = std::fs::read_dir(data.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["puzzles.json"], "{args:?}");
    }
}

/// `puzzle --answer` on a full square printed the puzzle to standard output and then
/// failed (exit 1): a script read a puzzle and an error. The square is refused first.
#[test]
fn a_full_square_answer_prints_nothing_before_the_error() {
    let data = tempfile::tempdir().unwrap();
    let args = ["puzzle", "--id", "p0001", "--answer", "a1"];
    let err = fails(data.path(), &args, None, 1);
    assert_eq!(
        err.trim_end(),
        "hijara: puzzle p0001: a1 is full: choose a square with an open section \
         (`hijara puzzle --id p0001 --print` shows its board)"
    );
    // Nothing was tried, so nothing was kept.
    assert!(!data.path().join("puzzles.json").exists());
}

/// `games --json` gave `folder` as shown to people, a control character written
/// `\u{1b}`: a script could not open that path. It is now the real path, as `file` is.
#[cfg(unix)]
#[test]
fn games_json_gives_the_real_folder() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("odd\u{1b}[1m name");
    std::fs::create_dir(&folder).unwrap();
    std::fs::copy(COMBINATIONS, folder.join("good.hij")).unwrap();
    let out = hijara(data.path())
        .args(["games", "--json", "--dir"])
        .arg(&folder)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    // JSON escapes the control character itself: the output holds no raw escape.
    assert!(!out.contains(&0x1b), "{}", String::from_utf8_lossy(&out));
    let json: Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(json["folder"], folder.to_str().unwrap());
    let file = std::path::Path::new(json["folder"].as_str().unwrap())
        .join(json["games"][0]["file"].as_str().unwrap());
    assert!(file.is_file(), "{}", file.display());
    // The text list still shows the folder escaped.
    let text = hijara(data.path())
        .args(["games", "--dir"])
        .arg(&folder)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(text).unwrap();
    assert!(text.contains("odd\\u{1b}[1m name"), "{text}");
}

/// QA (learn2): `--threads 0` (or 300, or `two`) said clap's `0 is not in 1..=256`
/// for every command that searches; it says what is allowed, in words, as
/// `--games` does.
#[test]
fn thread_counts_out_of_range_say_what_is_allowed() {
    let data = tempfile::tempdir().unwrap();
    for count in ["0", "257", "two"] {
        for args in [
            &[
                "selfplay",
                "--blue",
                "random",
                "--yellow",
                "random",
                "--threads",
                count,
            ][..],
            &["engine", "--threads", count],
            &["analyze", "--threads", count, COMBINATIONS],
        ] {
            let err = fails(data.path(), args, None, 2);
            assert!(
                err.contains("expected a number of threads from 1 to 256"),
                "{args:?}: {err}"
            );
            assert!(!err.contains("is not in"), "{args:?}: {err}");
        }
    }
}

/// `selfplay --games 0` and a count past u32 said clap's `0 is not in
/// 1..=4294967295`; they say what is allowed, in words.
#[test]
fn selfplay_game_counts_out_of_range_say_what_is_allowed() {
    let data = tempfile::tempdir().unwrap();
    for count in ["0", "4294967296", "ten", " "] {
        let args = [
            "selfplay", "--blue", "random", "--yellow", "random", "--games", count,
        ];
        let err = fails(data.path(), &args, None, 2);
        assert!(
            err.contains("expected a number of games from 1 to 4294967295"),
            "{count}: {err}"
        );
        assert!(!err.contains("is not in"), "{count}: {err}");
    }
}

/// QA (cli25): `--seed` past 2^64-1 or negative said Rust's `number too large to fit
/// in target type` / `invalid digit found in string`, and `serve`'s counts and times
/// `0 is not in 1..18446744073709551615` or `number would be zero for non-zero type`;
/// each says what is allowed, in words, as `--games` does. Every run stops at its
/// arguments (exit 2): no server starts.
#[test]
fn seeds_and_serve_limits_out_of_range_say_what_is_allowed() {
    let data = tempfile::tempdir().unwrap();
    let server = data.path().join("server");
    let server = server.to_str().unwrap();
    let seed = "expected a seed from 0 to 18446744073709551615";
    let cases: [(&[&str], &str); 10] = [
        (
            &[
                "selfplay",
                "--blue",
                "random",
                "--yellow",
                "random",
                "--seed",
                "18446744073709551616",
            ],
            seed,
        ),
        (
            &[
                "selfplay",
                "--blue",
                "random",
                "--yellow",
                "random",
                "--seed=-1",
            ],
            seed,
        ),
        (&["play", "--seed", "1e3"], seed),
        (
            &["serve", "--data-dir", server, "--max-sessions", "0"],
            "expected a number of players from 1 to ",
        ),
        (
            &[
                "serve",
                "--data-dir",
                server,
                "--max-per-address",
                "99999999999999999999999",
            ],
            "expected a number of players from 1 to ",
        ),
        (
            &["serve", "--data-dir", server, "--max-open-corr", "0"],
            "expected a number of tables from 1 to 50000 (5 for each of the most players there can be)",
        ),
        (
            &["serve", "--data-dir", server, "--max-ai-games", "0"],
            "expected a number of games from 1 to 100000 (10 for each of the most players there can be)",
        ),
        (
            &["serve", "--data-dir", server, "--idle-timeout", "0"],
            "expected seconds from 1 to 31536000",
        ),
        (
            &[
                "serve",
                "--data-dir",
                server,
                "--reconnect-grace",
                "18446744073709551616",
            ],
            "expected seconds from 0 to 31536000",
        ),
        (
            &["serve", "--data-dir", server, "--review-think-ms", "0"],
            "expected milliseconds from 1 to 60000",
        ),
    ];
    for (args, expected) in cases {
        let err = fails(data.path(), args, None, 2);
        assert!(err.contains(expected), "{args:?}: {err}");
        for jargon in ["is not in", "target type", "non-zero type", "invalid digit"] {
            assert!(!err.contains(jargon), "{args:?}: {err}");
        }
    }
    // QA (cli25, done in cli26): a negative number as the next word was clap's
    // `unexpected argument '-1' found`; it is told the range, as after `=`.
    let blue_yellow = ["selfplay", "--blue", "random", "--yellow", "random"];
    let negatives: [(&[&str], &str, &str); 6] = [
        (
            &blue_yellow,
            "--games",
            "expected a number of games from 1 to 4294967295",
        ),
        (
            &blue_yellow,
            "--threads",
            "expected a number of threads from 1 to 256",
        ),
        (&["bench"], "--seconds", "expected seconds from 2 to 3600"),
        (
            &["analyze", "x.hij"],
            "--nodes",
            "expected a number of nodes from 1 to",
        ),
        (
            &["play"],
            "--think-ms",
            "expected milliseconds from 1 to 3600000",
        ),
        (
            &["serve", "--data-dir", server],
            "--max-sessions",
            "expected a number of players from 1 to ",
        ),
    ];
    // QA (s31): `--games -inf` (no number clap knows) was `unexpected argument '-i'
    // found`; every option whose value is checked takes it, and tells the range.
    for (command, flag, expected) in negatives {
        for word in ["-1", "-inf"] {
            let apart = [command, &[flag, word][..]].concat();
            let err = fails(data.path(), &apart, None, 2);
            assert!(err.contains(expected), "{apart:?}: {err}");
            let with_equals = format!("{flag}={word}");
            let joined = [command, &[with_equals.as_str()][..]].concat();
            assert_eq!(fails(data.path(), &joined, None, 2), err, "{apart:?}");
        }
    }
    assert!(!data.path().join("server").exists(), "a server started");
}

/// QA (s19 cli11): `games --json` wrote a record's names with DEL, a C1 control
/// (U+009B, the 8-bit CSI) and a bidi override raw: `serde_json` escapes only the
/// C0 controls. Every such character is a `\uXXXX` escape now, and a parser reads
/// the same names.
#[test]
fn games_json_writes_no_unsafe_character_raw() {
    let data = tempfile::tempdir().unwrap();
    let games = data.path().join("games");
    std::fs::create_dir(&games).unwrap();
    let blue = "Ev\u{7f}il\u{9b}31m\u{202e}eno";
    let yellow = "Bob\u{1b}]0;title\u{7}\u{200b}";
    std::fs::write(
        games.join("odd.hij"),
        format!("[Blue \"{blue}\"]\n[Yellow \"{yellow}\"]\n[Date \"2026.12.01\"]\nb2 c3\n"),
    )
    .unwrap();
    let out = hijara(data.path())
        .args(["games", "--json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let raw: Vec<char> = text
        .chars()
        .filter(|&c| hijara::text::is_unsafe(c) && c != '\n')
        .collect();
    assert!(raw.is_empty(), "{raw:?} in {text}");
    let json: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["games"][0]["blue"], blue, "{text}");
    assert_eq!(json["games"][0]["yellow"], yellow, "{text}");
}

/// Brief s38 (srv44): `serve --ai-engines 100000` was taken (a thread and hard's 32 MiB
/// table each), as was any count to 2^64 - 1, and a count's error said `from 1 to
/// 18446744073709551615`. Every count option of `serve` has a cap, and its error
/// names the option, the real range and where the cap comes from. Every run stops at
/// its arguments (exit 2): no server starts.
#[test]
fn serve_counts_past_their_caps_are_refused_with_the_real_range() {
    let data = tempfile::tempdir().unwrap();
    // A file for the data folder: a count taken (as before s38) stops the start
    // there, exit 1, and no server listens on the default port.
    let server = data.path().join("server");
    std::fs::write(&server, "").unwrap();
    let server = server.to_str().unwrap();
    let players = |what: &str| {
        format!("expected a number of {what} from 1 to 10000 (as many as the players there can be)")
    };
    let sessions = "expected a number of players from 1 to 10000 (a thread and a socket each)";
    let cases: [(&str, &str, String); 9] = [
        (
            "--ai-engines",
            "100000",
            "expected a number of engines from 1 to 256 (a thread and up to 32 MiB each)".into(),
        ),
        ("--max-sessions", "10001", sessions.into()),
        ("--max-per-address", "10001", sessions.into()),
        ("--max-startups-per-address", "10001", players("connections")),
        ("--connect-burst", "4294967295", players("connections")),
        ("--connect-per-minute", "0", players("connections")),
        ("--new-names-per-hour", "10001", players("names")),
        (
            "--max-open-corr",
            "50001",
            "expected a number of tables from 1 to 50000 (5 for each of the most players there can be)".into(),
        ),
        (
            "--max-ai-games",
            "100001",
            "expected a number of games from 1 to 100000 (10 for each of the most players there can be)".into(),
        ),
    ];
    for (option, value, expected) in cases {
        let err = fails(
            data.path(),
            &["serve", "--data-dir", server, option, value],
            None,
            2,
        );
        assert!(err.contains(&expected), "{option} {value}: {err}");
        assert!(
            err.contains(&format!("for '{option} ")),
            "names the option: {err}"
        );
    }
    // `--max-startups`'s FULL too (past 2^32 it made the early drop divide by zero).
    let err = fails(
        data.path(),
        &[
            "serve",
            "--data-dir",
            server,
            "--max-startups",
            "10:30:10001",
        ],
        None,
        2,
    );
    assert!(
        err.contains("START and FULL at most 10000 (as many as the players there can be)"),
        "{err}"
    );
    assert!(data.path().join("server").is_file(), "a server started");
}
