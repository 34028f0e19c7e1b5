//! The record readers on records that are not what they seem: a file that holds no
//! record at all, offending text quoted in an error (wide characters, escapes, a
//! huge value) and a bad byte after old Mac line ends. Every command that reads a
//! record (`score`, `analyze`, `replay`, `play --load`, `games`) says the same, naming
//! the file, with exit 1 and no panic.

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

fn hijara(data: &Path) -> Command {
    let mut cmd = crate::common::hijara();
    cmd.env("HIJARA_DATA_DIR", data);
    cmd
}

/// Runs `args` then `file` with nothing on standard input, expecting exit 1, nothing
/// on standard output and one `hijara:` line on standard error, which it returns.
fn fails(data: &Path, args: &[&str], file: &Path) -> String {
    let out = hijara(data)
        .args(args)
        .arg(file)
        .write_stdin("")
        .assert()
        .code(1)
        .stdout("")
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(err.starts_with("hijara: "), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

/// Every command that reads one record, the file last.
const READERS: [&[&str]; 5] = [
    &["score"],
    &["score", "--json"],
    &["analyze", "--think-ms", "1", "--json"],
    &["replay"],
    &["play", "--load"],
];

/// An empty file (or one of white space and comments only) was read as a game of no
/// moves: `score` said `unfinished after 0 of 64 moves`, `replay` showed an empty
/// board, `play --load` started a new game, `games` listed it as unfinished. It is
/// now an error naming the file; a record of tags without moves still reads.
#[test]
fn a_file_that_holds_no_record_is_an_error_naming_it() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.hij");
    std::fs::write(&empty, "").unwrap();
    let blank = dir.path().join("blank.hij");
    std::fs::write(&blank, "\u{feff}\r\n  ; a comment\r\n{ another }\r\n").unwrap();
    for args in READERS {
        let err = fails(data.path(), args, &empty);
        assert!(
            err.contains("empty.hij: no game record: the file is empty"),
            "{args:?}: {err}"
        );
        let err = fails(data.path(), args, &blank);
        assert!(
            err.contains("blank.hij: no game record: only white space and comments"),
            "{args:?}: {err}"
        );
    }
    // Standard input too.
    let out = hijara(data.path())
        .args(["score", "-"])
        .write_stdin("  \n")
        .assert()
        .code(1)
        .stdout("")
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("<stdin>: no game record"), "{err}");

    // Tags without moves are a game not yet begun, as records.md promises.
    let tags = dir.path().join("tags.hij");
    std::fs::write(&tags, "[Blue \"Ann\"]\n[Yellow \"hard\"]\n").unwrap();
    let out = hijara(data.path())
        .args(["score", "--json"])
        .arg(&tags)
        .assert()
        .success()
        .get_output()
        .clone();
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["moves"], 0);

    // `games` lists the empty files as unreadable, each with why; the tags as a game.
    let json = hijara(data.path())
        .args(["games", "--json", "--dir"])
        .arg(dir.path())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(json["games"].as_array().unwrap().len(), 1, "{json}");
    let unreadable = json["unreadable"].as_array().unwrap();
    assert_eq!(unreadable.len(), 2, "{json}");
    for entry in unreadable {
        let error = entry["error"].as_str().unwrap();
        assert!(error.starts_with("no game record: "), "{json}");
    }
}

/// Guard (passes before and after the change above): an autosave of nothing is no
/// game to resume, as before, and not reported as a damaged autosave.
#[test]
fn an_empty_autosave_is_no_game_to_resume() {
    let data = tempfile::tempdir().unwrap();
    std::fs::write(data.path().join("autosave.hij"), "").unwrap();
    let out = hijara(data.path())
        .arg("resume")
        .write_stdin("")
        .assert()
        .code(1)
        .get_output()
        .clone();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("holds no unfinished game"), "{err}");
    assert!(!err.contains("no game record"), "{err}");
}

/// Offending text was quoted to 24 characters: 48 columns of wide characters, and a
/// `TimeControl` value that did not read was quoted whole a second time, so a
/// 100 kB tag gave a 100 kB error line. It is cut to 40 display columns with `…`,
/// never inside an escape, and quoted once.
#[test]
fn quoted_text_is_cut_to_40_columns_and_shown_safe() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let wide = dir.path().join("wide.hij");
    std::fs::write(&wide, format!("[Blue \"Ann\"]\nb2 {}\n", "你".repeat(30))).unwrap();
    let escapes = dir.path().join("escapes.hij");
    std::fs::write(&escapes, format!("b2 q{}\n", "\u{1b}".repeat(12))).unwrap();
    let clock = dir.path().join("clock.hij");
    let value = "9".repeat(100_000);
    std::fs::write(&clock, format!("[TimeControl \"{value}\"]\nb2\n")).unwrap();
    for args in READERS {
        let err = fails(data.path(), args, &wide);
        let wanted = "wide.hij: line 2, column 4: expected a square a1..d4";
        assert!(err.contains(wanted), "{args:?}: {err}");
        // 19 wide characters and `…`: 39 columns (a 20th would take the 41st).
        assert!(
            err.trim_end()
                .ends_with(&format!("found `{}…`", "你".repeat(19))),
            "{args:?}: {err}"
        );
        let err = fails(data.path(), args, &escapes);
        assert!(!err.contains('\u{1b}'), "{args:?}: {err}");
        // `q` and six whole escapes of six columns: 37, a seventh would pass 39.
        assert!(
            err.trim_end()
                .ends_with(&format!("found `q{}…`", "\\u{1b}".repeat(6))),
            "{args:?}: {err}"
        );
        let err = fails(data.path(), args, &clock);
        assert!(
            err.contains("clock.hij: line 1, column 15: expected a TimeControl tag"),
            "{args:?}: {err}"
        );
        assert!(err.len() < 300, "{args:?}: {} bytes", err.len());
        assert_eq!(err.matches("`999").count(), 1, "{args:?}: {err}");
    }
}

/// A bad byte after lines ended by a lone CR (old Mac files) was placed on line 1,
/// where the parser, which counts a lone CR as a line end, places every error of the
/// same file on its own line.
#[test]
fn a_bad_byte_is_placed_on_the_line_the_parser_counts() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mac = dir.path().join("mac.hij");
    std::fs::write(&mac, b"[Blue \"Ann\"]\r1. b2 c3\r2. a\xff1\r").unwrap();
    let syntax = dir.path().join("syntax.hij");
    std::fs::write(&syntax, b"[Blue \"Ann\"]\r1. b2 c3\r2. az1\r").unwrap();
    for args in READERS {
        let err = fails(data.path(), args, &mac);
        assert!(
            err.contains("mac.hij: line 3, column 5: the file is not UTF-8 text"),
            "{args:?}: {err}"
        );
        // The line a syntax error there is placed on.
        let err = fails(data.path(), args, &syntax);
        assert!(
            err.contains("syntax.hij: line 3, column 4:"),
            "{args:?}: {err}"
        );
    }
    // CRLF files count each line once, as before.
    let crlf = dir.path().join("crlf.hij");
    std::fs::write(&crlf, b"[Blue \"Ann\"]\r\n1. b2 c3\r\n2. a\xff1\r\n").unwrap();
    let err = fails(data.path(), &["score"], &crlf);
    assert!(err.contains("crlf.hij: line 3, column 5:"), "{err}");
}

/// QA (cli25): a `Date` tag that is no date (`2026-13-45`, `yesterday`) was listed by
/// `games` and shown by `replay` as if it were one. It is read as a date not known:
/// `?` in the list, `null` in JSON, no date in the viewer, and standard error says
/// where the tag is; the record still reads (exit 0), and PGN's unknown parts
/// (`2026.??.??`) are a date.
#[test]
fn a_date_that_is_no_date_is_read_as_not_known() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let game = |date: &str| format!("[Blue \"Ann\"]\n[Date \"{date}\"]\n\n1. b2 c3 *\n");
    std::fs::write(dir.path().join("a-month13.hij"), game("2026-13-45")).unwrap();
    std::fs::write(dir.path().join("b-words.hij"), game("yesterday")).unwrap();
    std::fs::write(dir.path().join("c-pgn.hij"), game("2026.??.??")).unwrap();
    std::fs::write(dir.path().join("d-good.hij"), game("2026-11-30")).unwrap();
    let warning = |file: &str, date: &str| {
        format!(
            "hijara: {file}: line 2, column 2: the Date `{date}` is not a date \
             (YYYY-MM-DD, ?? for a part not known): read as a date not known"
        )
    };
    let run = |args: &[&str]| {
        let out = hijara(data.path())
            .args(args)
            .assert()
            .success()
            .get_output()
            .clone();
        let stderr = String::from_utf8(out.stderr).unwrap();
        (String::from_utf8(out.stdout).unwrap(), stderr)
    };
    let folder = dir.path().to_str().unwrap();
    let (json, stderr) = run(&["games", "--json", "--dir", folder]);
    let json: Value = serde_json::from_str(&json).unwrap();
    let dates: Vec<(&str, &Value)> = json["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["file"].as_str().unwrap(), &g["date"]))
        .collect();
    assert!(dates.contains(&("a-month13.hij", &Value::Null)), "{json}");
    assert!(dates.contains(&("b-words.hij", &Value::Null)), "{json}");
    assert!(
        dates.contains(&("c-pgn.hij", &Value::from("2026.??.??"))),
        "{json}"
    );
    assert!(
        dates.contains(&("d-good.hij", &Value::from("2026-11-30"))),
        "{json}"
    );
    // In the list's order, newest first: sorted here.
    let mut said: Vec<&str> = stderr.lines().collect();
    said.sort_unstable();
    assert_eq!(
        said,
        [
            warning("a-month13.hij", "2026-13-45"),
            warning("b-words.hij", "yesterday")
        ],
    );
    let (text, _) = run(&["games", "--dir", folder]);
    assert!(
        !text.contains("2026-13-45") && !text.contains("yesterday"),
        "{text}"
    );
    assert!(
        text.contains("2026.??.??") && text.contains("2026-11-30"),
        "{text}"
    );
    // The viewer (its line mode here, typed `quit`) says it before it opens.
    let bad = dir.path().join("a-month13.hij");
    let out = hijara(data.path())
        .args(["replay", "--plain"])
        .arg(&bad)
        .write_stdin("quit\n")
        .assert()
        .success()
        .get_output()
        .clone();
    let stderr = String::from_utf8(out.stderr).unwrap();
    let name = bad.to_str().unwrap();
    assert_eq!(stderr.trim_end(), warning(name, "2026-13-45"));
}

/// QA (s27): a hot-seat game of the corners variant with claims, the list's common
/// case, was listed on a row of 88 columns, wrapped on an 80-column terminal: the
/// name and result columns kept room for ten-column names and `Yellow won on time`.
/// They are now as wide as what they list, so the row fits.
#[test]
fn a_corners_claims_game_is_listed_within_80_columns() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let record = "[Blue \"human\"]\n[Yellow \"human\"]\n[BlueType \"human\"]\n\
                  [YellowType \"human\"]\n[Date \"2026-12-06\"]\n[Variant \"corners\"]\n\
                  [Claim \"on\"]\n[Result \"0-1\"]\n\n\
                  1. a1 a1 2. a1 a1 3. b1 b1 4. b1 b1 5. c1 c1 6. c1 c1 7. d1+10 d1 8. d1 d1\n\
                  9. a2 a2 10. a2 a2 11. b2 b2 12. b2 b2 13. c2 c2 14. c2 c2 15. d2 d2 16. d2 d2\n\
                  17. a3 a3 18. a3 a3 19. b3 b3 20. b3 b3 21. c3 c3 22. c3 c3 23. d3 d3 24. d3 d3\n\
                  25. a4 a4 26. a4 a4 27. b4 b4 28. b4 b4 29. c4 c4 30. c4 c4 31. d4 d4\n\
                  32. d4 d4+40 0-1\n";
    std::fs::write(dir.path().join("hijara-20261206-082301.hij"), record).unwrap();
    let out = hijara(data.path())
        .args(["games", "--dir"])
        .arg(dir.path())
        .assert()
        .success()
        .get_output()
        .clone();
    let text = String::from_utf8(out.stdout).unwrap();
    let row = text.lines().nth(2).unwrap_or_default();
    assert!(row.ends_with("corners, claims"), "{text}");
    for line in text.lines().skip(1) {
        assert!(
            line.chars().count() <= 80,
            "{} columns: {line}",
            line.chars().count()
        );
    }
}

/// QA (s29): `hijara games --dir DIR` ended `Open one with hijara replay N`, but N
/// opened game N of the history, not of DIR (an empty history said there were no
/// games). `replay`, `score` and `analyze` now take `--dir DIR` with N or `--last`,
/// numbered as the listing numbers, and the listing says so; a file with `--dir` is
/// an error, not a folder silently ignored.
#[test]
fn a_dir_listing_s_numbers_open_its_own_games() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let record = |date: &str, moves: &str| {
        format!("[Date \"{date}\"]\n[Blue \"human\"]\n[Yellow \"human\"]\n\n{moves}\n")
    };
    std::fs::write(
        dir.path().join("older.hij"),
        record("2026-11-01", "1. a1 b1"),
    )
    .unwrap();
    std::fs::write(
        dir.path().join("newer.hij"),
        record("2026-12-01", "1. c1 d1 2. c1"),
    )
    .unwrap();
    let folder = dir.path().to_str().unwrap();
    let run = |args: &[&str]| {
        let out = hijara(data.path()).args(args).assert().success();
        String::from_utf8(out.get_output().stdout.clone()).unwrap()
    };
    let listing = run(&["games", "--dir", folder]);
    assert!(
        listing.contains("Open one with `hijara replay --dir DIR N`"),
        "{listing}"
    );
    // The listing's numbers, read back by `score --json` on each.
    let moves = |args: &[&str]| {
        let json: Value = serde_json::from_str(&run(args)).unwrap();
        json["moves"].as_u64().unwrap_or_else(|| panic!("{json}"))
    };
    let numbered: Vec<(u64, bool)> = (1..=2)
        .map(|n| {
            let n = n.to_string();
            let listed = listing
                .lines()
                .find(|l| l.trim_start().starts_with(&format!("{n} ")))
                .unwrap_or_else(|| panic!("{listing}"))
                .contains("2026-12-01");
            (moves(&["score", "--json", "--dir", folder, &n]), listed)
        })
        .collect();
    // Each number opens the game its row lists (the December game has 3 moves).
    for (moves, december) in &numbered {
        assert_eq!(*moves == 3, *december, "{numbered:?} {listing}");
    }
    assert_ne!(numbered[0].0, numbered[1].0, "{listing}");
    assert_eq!(
        moves(&["score", "--json", "--dir", folder, "--last"]),
        numbered[0].0
    );
    // Past the folder's end, and a file with --dir: errors naming what is wrong.
    let fails = |args: &[&str]| {
        let out = hijara(data.path()).args(args).assert().code(1);
        String::from_utf8(out.get_output().stderr.clone()).unwrap()
    };
    let err = fails(&["score", "--dir", folder, "3"]);
    assert!(
        err.contains("no game 3 in") && err.contains("holds 2 games"),
        "{err}"
    );
    let file = dir.path().join("older.hij");
    let err = fails(&["score", "--dir", folder, file.to_str().unwrap()]);
    assert!(err.contains("--dir picks game N"), "{err}");
    // A folder that is not there is named so, not as empty.
    let gone = dir.path().join("gone");
    let err = fails(&["score", "--dir", gone.to_str().unwrap(), "1"]);
    assert!(err.contains("cannot read the folder"), "{err}");
}

/// QA (s31, qa33): `hijara games --dir DIR` said `newest first` but ordered by file
/// name, so in a folder of `assets/games/*` and a `[Date "2026-01-02"]` file that
/// game was listed above `complete.hij`'s 2026-11-30. Now by when each was played
/// (the name's stamp, else the `Date` and `Time` tags), the files without a date
/// after; `score --dir DIR N` opens the game listed N. Fails on the old code (the
/// January file first).
#[test]
fn a_dir_listing_is_newest_first_by_the_records_dates() {
    let data = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let assets = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/games");
    for entry in std::fs::read_dir(&assets).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.path().join(path.file_name().unwrap())).unwrap();
    }
    let write = |name: &str, text: &str| std::fs::write(dir.path().join(name), text).unwrap();
    write("new-year.hij", "[Date \"2026-01-02\"]\n\na1\n");
    write(
        "new-year-evening.hij",
        "[Date \"2026.01.02\"]\n[Time \"18:30\"]\n\na1 b1\n",
    );
    write("hijara-20261201-090000.hij", "a1 b1 c1\n");
    let folder = dir.path().to_str().unwrap();
    let out = hijara(data.path())
        .args(["games", "--json", "--dir", folder])
        .assert()
        .success();
    let json: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let files: Vec<&str> = json["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["file"].as_str().unwrap())
        .collect();
    assert_eq!(
        files,
        [
            "hijara-20261201-090000.hij",
            "complete.hij",
            "new-year-evening.hij",
            "new-year.hij",
            // No date: by name, as before.
            "unfinished.hij",
            "corners.hij",
            "combinations.hij",
            "claims.hij",
        ],
        "{json}"
    );
    // The numbers are the list's: game 3 is the evening's two moves.
    let out = hijara(data.path())
        .args(["score", "--json", "--dir", folder, "3"])
        .assert()
        .success();
    let json: Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    assert_eq!(json["moves"], 2, "{json}");
}
