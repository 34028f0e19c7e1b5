//! The preferences file from the command line: `hijara config` (where the file is,
//! every value in force and where it came from), `--init`, `HIJARA_CONFIG`,
//! `--no-config`, the XDG folder, bad keys, and a game started with a bad file.
//! Every run names its own file (or folder): never the developer's.

use std::path::Path;

use predicates::prelude::*;

use crate::common::{Session, hijara};

/// `hijara` reading the config file at `path`.
fn with_config(path: &Path) -> assert_cmd::Command {
    let mut cmd = hijara();
    cmd.env("HIJARA_CONFIG", path);
    cmd
}

fn stdout(cmd: &mut assert_cmd::Command) -> String {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

/// The row of `key` in `hijara config`'s report, its words split on runs of spaces.
fn row<'a>(report: &'a str, key: &str) -> Vec<&'a str> {
    let line = report
        .lines()
        .find(|l| l.split_whitespace().next() == Some(key))
        .unwrap_or_else(|| panic!("no {key} in\n{report}"));
    line.split("  ")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

#[test]
fn config_shows_every_value_and_where_it_came_from() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("prefs.toml");
    std::fs::write(
        &path,
        "# mine\nlevel = \"medium\"\nlevle = \"easy\"\nclock = \"5+3\"\npalette = \"expert\"\n",
    )
    .unwrap();
    // The report is whole, and the status says the file has problems (for scripts
    // that check a file before using it).
    let out = with_config(&path)
        .arg("config")
        .env("TERM", "xterm-256color")
        .assert()
        .code(1)
        .stderr(format!(
            "hijara: the config file {} has 2 problems, listed above; the keys they name keep their defaults\n",
            path.display()
        ))
        .get_output()
        .stdout
        .clone();
    let report = String::from_utf8(out).unwrap();
    assert!(
        report.starts_with(&format!("Config file: {}\n", path.display())),
        "{report}"
    );
    assert!(
        report.contains("line 3, column 1, `levle`: no such key"),
        "{report}"
    );
    // Wrapped to 80 columns (s22): the problem below its file, indented.
    let joined: Vec<&str> = report.lines().map(str::trim).collect();
    assert!(
        joined.join(" ").contains("line 5, column 11, `palette`: expected default, colour-blind, light, high-contrast or none, found \"expert\"; it keeps its default"),
        "{report}"
    );
    assert!(
        report.lines().all(|l| hijara::text::width(l) <= 80),
        "{report}"
    );
    assert_eq!(
        row(&report, "level"),
        ["level", "medium", "config file, line 2"]
    );
    assert_eq!(
        row(&report, "clock"),
        ["clock", "5+3", "config file, line 4"]
    );
    assert_eq!(row(&report, "variant"), ["variant", "standard", "default"]);
    // Its bad palette keeps the default: none chosen, so the terminal's background
    // chooses (s21: asked by a screen, not by `config`).
    assert_eq!(
        row(&report, "palette"),
        [
            "palette",
            "automatic",
            "terminal's background, asked by a screen"
        ]
    );
    assert_eq!(
        row(&report, "ascii"),
        ["ascii", "false", "environment: LANG=C.UTF-8"]
    );
    // Any other command says the file's problems on standard error, and runs.
    with_config(&path)
        .args(["games"])
        .env("HIJARA_DATA_DIR", dir.path())
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "hijara: config file {}: line 3, column 1, `levle`: no such key",
            path.display()
        )));
}

/// QA (qa43): a file with one problem was told in the plural, `has 1 problem, listed
/// above; the keys they name keep their defaults`.
#[test]
fn one_problem_is_told_in_the_singular() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("prefs.toml");
    std::fs::write(&path, "level = \"expert\"\nclaims = true\n").unwrap();
    with_config(&path)
        .arg("config")
        .env("TERM", "xterm-256color")
        .assert()
        .code(1)
        .stderr(format!(
            "hijara: the config file {} has 1 problem, listed above; the key it names keeps its default\n",
            path.display()
        ));
}

/// QA (qa48): a file that cannot be read at all (not UTF-8, a folder) was summed up
/// as `has 1 problem, listed above; the key it names keeps its default`, though no
/// key was read: every value is its default, and the summary says so.
#[test]
fn an_unreadable_file_is_summed_up_naming_no_key() {
    let dir = tempfile::tempdir().unwrap();
    let not_utf8 = dir.path().join("utf16.toml");
    std::fs::write(&not_utf8, b"\xff\xfel\0e\0").unwrap();
    let folder = dir.path().join("folder.toml");
    std::fs::create_dir(&folder).unwrap();
    for path in [&not_utf8, &folder] {
        let out = with_config(path)
            .arg("config")
            .env("TERM", "xterm-256color")
            .assert()
            .code(1)
            .get_output()
            .stderr
            .clone();
        let err = String::from_utf8(out).unwrap();
        assert_eq!(
            err,
            format!(
                "hijara: the config file {} cannot be read, as said above; every value is its default\n",
                path.display()
            )
        );
    }
}

#[test]
fn flags_beat_the_file_which_beats_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "palette = \"high-contrast\"\n").unwrap();
    let report = stdout(with_config(&path).args(["config"]).env("NO_COLOR", "1"));
    assert_eq!(
        row(&report, "palette"),
        ["palette", "high-contrast", "config file, line 1"]
    );
    let report = stdout(with_config(&path).args(["--palette", "colour-blind", "config"]));
    assert_eq!(
        row(&report, "palette"),
        ["palette", "colour-blind", "flag --palette"]
    );
    let report = stdout(
        with_config(&path)
            .args(["config", "--no-config"])
            .env("NO_COLOR", "1"),
    );
    assert!(
        report.starts_with("Config file: none read (--no-config)"),
        "{report}"
    );
    assert_eq!(
        row(&report, "palette"),
        ["palette", "none", "environment: NO_COLOR"]
    );
    // s21: nothing chose a palette, and the terminal's background would: `config`
    // does not ask it (a screen does as it opens), so the palette is automatic, and
    // COLORFGBG is what a terminal that does not answer gets. Before, it asked the
    // terminal itself (`e2e_background::config_asks_the_terminal_only_when_told`).
    let report = stdout(
        hijara()
            .args(["config"])
            .env("COLORFGBG", "0;15")
            .env("TERM", "xterm-256color"),
    );
    assert_eq!(
        row(&report, "palette"),
        [
            "palette",
            "automatic",
            "terminal's background, asked by a screen"
        ]
    );
    let note = report.replace('\n', " ");
    assert!(
        note.contains(
            "with no answer, light (environment: COLORFGBG=0;15). `hijara config --ask-terminal` asks now"
        ),
        "{report}"
    );
    // Every line fits 80 columns, the file's too (it holds a path).
    assert!(
        report.lines().all(|l| hijara::text::width(l) <= 80),
        "{report}"
    );
    // A monochrome terminal: no colour, whatever COLORFGBG says.
    let report = stdout(
        hijara()
            .args(["config"])
            .env("COLORFGBG", "0;15")
            .env("TERM", "xterm-mono"),
    );
    assert_eq!(
        row(&report, "palette"),
        ["palette", "none", "environment: TERM=xterm-mono"]
    );
    let report = stdout(
        hijara()
            .args(["config"])
            .env("LANG", "C")
            .env("LC_CTYPE", "de_DE.ISO-8859-1"),
    );
    assert_eq!(
        row(&report, "ascii"),
        ["ascii", "true", "environment: LC_CTYPE=de_DE.ISO-8859-1"]
    );
    let report = stdout(hijara().args(["config", "--ascii"]));
    assert_eq!(row(&report, "ascii"), ["ascii", "true", "flag --ascii"]);
}

#[test]
fn init_writes_a_commented_file_once_in_the_xdg_folder() {
    let home = tempfile::tempdir().unwrap();
    // A long folder, with wide letters and a space: the file's line went past 80
    // columns; it is wrapped, and the path is whole on a line of its own.
    let xdg = home
        .path()
        .join("réglages de l'équipe")
        .join("設定フォルダ");
    let run = || {
        let mut cmd = hijara();
        cmd.env_remove("HIJARA_CONFIG")
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", &xdg);
        cmd
    };
    let path = xdg.join("hijara").join("config.toml");
    let report = stdout(run().arg("config"));
    let shown = path.display().to_string();
    assert!(hijara::text::width(&shown) > 80 - "Config file: ".len());
    let wide = |report: &str| {
        report
            .lines()
            .filter(|l| hijara::text::width(l) > 80)
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    // The path on the lines after the head (one where it fits 80 columns), whole.
    let path_lines = |report: &str, next: &str| {
        let lines: Vec<&str> = report.lines().collect();
        let end = lines
            .iter()
            .position(|l| l.starts_with(next))
            .unwrap_or_else(|| panic!("no line starts with {next:?}:\n{report}"));
        assert_eq!(lines[0], "Config file:", "{report}");
        assert_eq!(lines[1..end].concat(), shown, "{report}");
        end
    };
    assert_eq!(wide(&report), Vec::<String>::new(), "{report}");
    path_lines(&report, "(not there: ");
    run()
        .args(["config", "--init"])
        .assert()
        .success()
        .stdout(predicate::str::contains(format!(
            "Wrote {}",
            path.display()
        )));
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(written.contains("# level = \"hard\""), "{written}");
    // Every value is still its default, and the file reads without a problem.
    let report = stdout(run().arg("config"));
    // The file's line, then a line a key (and the automatic palette's note after
    // them, where the terminal's background would choose it).
    let lines: Vec<&str> = report.lines().collect();
    let level = path_lines(&report, "level ");
    assert!(
        lines[level + hijara::prefs::Key::ALL.len() - 1].starts_with("save_dir "),
        "{report}"
    );
    assert_eq!(wide(&report), Vec::<String>::new(), "{report}");
    assert_eq!(row(&report, "level"), ["level", "hard", "default"]);
    // Never over an existing file.
    std::fs::write(&path, "level = \"easy\"\n").unwrap();
    run()
        .args(["config", "--init"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("exists already"));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "level = \"easy\"\n"
    );
    // s22: a problem's line named the long path and went past 80 columns. In the
    // report it keeps to 80: the head, the path (whole, or broken after its `/`s),
    // then the problem, indented; on standard error (any other command) it stays one
    // line, `file:line:col`, for tools.
    std::fs::write(&path, "level = \"expert\"\n").unwrap();
    let problem = "line 1, column 9, `level`: expected random, easy, medium or hard, \
                   found \"expert\"; it keeps its default";
    let out = run().arg("config").assert().code(1).get_output().clone();
    let report = String::from_utf8(out.stdout).unwrap();
    assert_eq!(wide(&report), Vec::<String>::new(), "{report}");
    let lines: Vec<&str> = report.lines().collect();
    let head = lines
        .iter()
        .position(|l| l.starts_with("hijara: config file"))
        .unwrap_or_else(|| panic!("no problem in\n{report}"));
    let said = lines[head..]
        .iter()
        .position(|l| l.starts_with("  line 1, column 9"))
        .unwrap_or_else(|| panic!("no problem's text in\n{report}"))
        + head;
    let named = lines[head..said].concat();
    assert_eq!(named, format!("hijara: config file{shown}:"), "{report}");
    let told: Vec<&str> = lines[said..]
        .iter()
        .take_while(|l| l.starts_with("  "))
        .map(|l| l.trim())
        .collect();
    assert_eq!(told.join(" "), problem, "{report}");
    run()
        .arg("games")
        .env("HIJARA_DATA_DIR", home.path())
        .assert()
        .success()
        .stderr(predicate::str::contains(format!(
            "hijara: config file {shown}: {problem}\n"
        )));
}

/// A bad key does not stop the game: it starts with the good keys in force and says
/// what was wrong, on its status line.
#[test]
fn a_game_starts_with_a_bad_file_and_says_so() {
    let data = tempfile::tempdir().unwrap();
    let config = data.path().join("config.toml");
    std::fs::write(&config, "variant = \"corners\"\nlevel = \"expert\"\n").unwrap();
    let mut s = Session::start_with_env(
        &["play", "--ai", "--think-ms", "50"],
        80,
        24,
        data.path(),
        &[("HIJARA_CONFIG", config.to_str().unwrap())],
    );
    s.wait_for("\"expert\"");
    s.wait_for("corners");
    s.wait_for("hard AI");
    s.send("\x03");
    assert_eq!(s.exit_code(), 0);
}

/// testtime: `review_think_ms`, the screens' review time per position, is a key of its
/// own, reported with where it came from (before: no such key, and 400 ms always).
#[test]
fn config_reports_the_review_s_thinking_time() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("prefs.toml");
    std::fs::write(&path, "review_think_ms = 30\n").unwrap();
    let report = stdout(with_config(&path).arg("config"));
    assert_eq!(
        row(&report, "review_think_ms"),
        ["review_think_ms", "30 ms", "config file, line 1"]
    );
    std::fs::write(&path, "").unwrap();
    let report = stdout(with_config(&path).arg("config"));
    assert_eq!(
        row(&report, "review_think_ms"),
        ["review_think_ms", "400 ms", "default"]
    );
}

/// QA (cli23): a value TOML itself cannot read was told in TOML's words, where any
/// other bad value of the key says what the key expects: a number past 2^63 read
/// "invalid type: integer (the number) as i128, expected any valid TOML value" (or
/// "u64 value was too large"), and a raw control character in a string "invalid
/// basic string, expected non-double-quote visible characters".
#[test]
fn a_value_toml_cannot_read_is_told_in_the_key_s_words() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("prefs.toml");
    std::fs::write(
        &path,
        "think_ms = 99999999999999999999999\nreview_nodes = 9223372036854775808 # all\n\
         palette = \"li\u{1b}[2Jght\"\nlevel = \"easy\"\n",
    )
    .unwrap();
    let output = with_config(&path)
        .args(["score", "-"])
        .write_stdin("a1 b2\n")
        .assert()
        .success()
        .get_output()
        .clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    let shown = path.display();
    for problem in [
        "line 1, column 12, `think_ms`: expected milliseconds from 1 to 3600000 (an hour), \
         found 99999999999999999999999; it keeps its default",
        "line 2, column 16, `review_nodes`: expected search nodes from 1 to 1000000000, \
         found 9223372036854775808; it keeps its default",
        "line 3, column 14, `palette`: expected default, colour-blind, light, high-contrast \
         or none, found \"li\\u{1b}[2Jght\"; it keeps its default",
    ] {
        assert!(
            stderr.contains(&format!("hijara: config file {shown}: {problem}\n")),
            "{problem}\n{stderr}"
        );
    }
    assert!(
        !stderr.contains("TOML") && !stderr.contains("i128"),
        "{stderr}"
    );
}

/// docs/preferences.md lists every key of the config file and every palette, so a new
/// one can't go undocumented.
#[test]
fn the_docs_list_every_key_and_palette() {
    let docs =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/preferences.md"))
            .unwrap();
    for key in hijara::prefs::Key::ALL {
        assert!(docs.contains(&format!("| `{}` |", key.name())), "{key:?}");
    }
    for palette in hijara::prefs::Palette::ALL {
        assert!(
            docs.contains(&format!("| `{}` |", palette.name())),
            "{palette:?}"
        );
    }
}

/// A key of the file is named as the file wrote it, but with its control characters
/// escaped and cut short: a table named with an escape sequence (the terminal's
/// title, a colour) reached standard error, `hijara config` and the game's first
/// screen raw, and set the terminal's title.
#[test]
fn a_key_with_escapes_is_named_safely() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("prefs.toml");
    let long = "k".repeat(500);
    std::fs::write(
        &path,
        format!("[\"\\u001b]2;PWNED\\u0007\\u001b[41m\"]\nx = 1\n[\"{long}\"]\ny = 2\n"),
    )
    .unwrap();
    let config = with_config(&path)
        .arg("config")
        .assert()
        .code(1)
        .get_output()
        .clone();
    let report = String::from_utf8(config.stdout).unwrap();
    let output = with_config(&path)
        .args(["score", "-"])
        .write_stdin("a1 b2\n")
        .assert()
        .success()
        .get_output()
        .clone();
    let stderr = String::from_utf8(output.stderr).unwrap();
    for text in [&report, &stderr] {
        assert!(
            !text.chars().any(|c| c.is_control() && c != '\n'),
            "{}",
            text.escape_debug()
        );
        // Named as its table's header (s40: a table is no key), escapes made safe.
        assert!(text.contains("`[\\u{1b}]2;PWNED\\u{7}"), "{text}");
        assert!(!text.contains(&long), "{text}");
    }
}

/// QA (uifit): `--palette` and `--ascii` were global, so `score --help`, `analyze
/// --help`, `engine --help` and every other headless command offered them, where they
/// do nothing. Now `hijara` itself, the commands that draw a screen and `config` take
/// them; a headless command's help leaves them out and refuses them after its name
/// (exit 2). Given before any command they are still taken (`hijara --palette light
/// score FILE`, as a shell alias would give them).
#[test]
fn the_display_flags_belong_to_the_commands_that_draw() {
    let help = |args: &[&str]| {
        let mut args = args.to_vec();
        args.push("--help");
        stdout(hijara().args(&args))
    };
    for command in [
        "score",
        "analyze",
        "selfplay",
        "bench",
        "engine",
        "games",
        "serve",
        "completions",
        "manpage",
    ] {
        let text = help(&[command]);
        assert!(!text.contains("--palette"), "{command}: {text}");
        assert!(!text.contains("--ascii"), "{command}: {text}");
    }
    for command in [
        &[][..],
        &["play"],
        &["replay"],
        &["resume"],
        &["learn"],
        &["puzzle"],
        &["config"],
    ] {
        let text = help(command);
        assert!(text.contains("--palette <NAME>"), "{command:?}: {text}");
        assert!(text.contains("--ascii"), "{command:?}: {text}");
    }
    let record = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/games/complete.hij");
    let data = tempfile::tempdir().unwrap();
    hijara()
        .args(["score", record, "--palette", "light"])
        .env("HIJARA_DATA_DIR", data.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unexpected argument '--palette'"));
    let before = stdout(
        hijara()
            .args(["--palette", "light", "--ascii", "score", record])
            .env("HIJARA_DATA_DIR", data.path()),
    );
    let plain = stdout(
        hijara()
            .args(["score", record])
            .env("HIJARA_DATA_DIR", data.path()),
    );
    assert_eq!(before, plain);
}

/// A command that draws takes the flags after its name or before it: `play --ascii`
/// and `hijara --ascii play` draw the board with ASCII only, in a terminal whose
/// locale would give the Unicode board.
#[test]
fn a_drawing_command_takes_the_display_flags_after_or_before_its_name() {
    let home = tempfile::tempdir().unwrap();
    let data = tempfile::tempdir().unwrap();
    let home_path = home.path().to_str().unwrap();
    let config = home.path().join("config");
    let state = home.path().join("state");
    let env = [
        ("HOME", home_path),
        ("XDG_CONFIG_HOME", config.to_str().unwrap()),
        ("XDG_DATA_HOME", home_path),
        ("XDG_STATE_HOME", state.to_str().unwrap()),
    ];
    for (args, ascii) in [
        (&["play"][..], false),
        (&["play", "--ascii", "--palette", "none"], true),
        (&["--ascii", "play"], true),
    ] {
        let mut session = Session::start_with_env(args, 80, 24, data.path(), &env);
        session.wait_for("Blue");
        let screen = session.screen();
        let unicode = screen.contains('─') || screen.contains('│');
        assert_eq!(!unicode, ascii, "{args:?}:\n{screen}");
        crate::common::ctrl_c_ends_cleanly(&mut session);
    }
}
