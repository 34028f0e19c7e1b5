//! What the docs tell a user or an operator to act on, checked against the code, so
//! neither can change without the other: the server's options and their defaults, the
//! engine protocol's commands and its sample session, the record format's examples,
//! `hijara score`'s sample runs, a config file's error as quoted, and the review's
//! thresholds as the README gives them. (The key tables: `ui::keymap`'s tests; the
//! links: `doc_links`; the screens: `doc_screens`.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use clap::{CommandFactory, Parser};
use hijara::record::Record;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn doc(name: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(name)).unwrap()
}

/// The fenced blocks of `text` opened with "```" + `lang`, each its lines joined.
fn blocks(text: &str, lang: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim_start() == format!("```{lang}") {
            let indent = line.len() - line.trim_start().len();
            let body: Vec<&str> = lines
                .by_ref()
                .take_while(|l| l.trim_start() != "```")
                .map(|l| l.get(indent..).unwrap_or(l.trim_start()))
                .collect();
            found.push(body.join("\n"));
        }
    }
    found
}

/// The cells of each row of the Markdown table holding a row that starts with `row`.
fn table(text: &str, row: &str) -> Vec<Vec<String>> {
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(row))
        .unwrap_or_else(|| panic!("no row {row:?}"));
    let start = (0..at)
        .rev()
        .find(|&i| !lines[i].starts_with('|'))
        .map_or(0, |i| i + 1);
    lines[start..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .skip(2) // the header and its rule
        .map(|l| {
            // `\|` is a `|` inside a cell.
            let l = l.replace("\\|", "\u{0}");
            l.trim_matches('|')
                .split('|')
                .map(|cell| cell.trim().replace('\u{0}', "|"))
                .collect()
        })
        .collect()
}

/// The words in backticks in `cell`.
fn ticked(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// Docs helper: network.md's options table had no row for `--review-think-ms`. Every
/// option of `hijara serve` has a row there, and its default is clap's.
#[test]
fn network_md_lists_every_serve_option_with_its_default() {
    let text = doc("docs/network.md");
    let rows: BTreeMap<String, String> = table(&text, "| `--listen ADDR:PORT` |")
        .into_iter()
        .map(|cells| {
            let flag = ticked(&cells[0])[0].split(' ').next().unwrap().to_owned();
            (flag, cells[1].replace('`', ""))
        })
        .collect();
    let command = hijara::cli::Cli::command();
    let serve = command.find_subcommand("serve").unwrap();
    let mut wrong = Vec::new();
    for arg in serve.get_arguments() {
        let Some(long) = arg.get_long() else { continue };
        if arg.is_hide_set() || ["help", "no-config"].contains(&long) {
            continue;
        }
        let flag = format!("--{long}");
        let Some(documented) = rows.get(&flag) else {
            wrong.push(format!("{flag}: no row"));
            continue;
        };
        let default: Vec<String> = arg
            .get_default_values()
            .iter()
            .map(|v| v.to_string_lossy().into_owned())
            .collect();
        let switch = matches!(arg.get_action(), clap::ArgAction::SetTrue);
        if let [default] = &default[..]
            && !switch
            && documented != default
        {
            wrong.push(format!("{flag}: the docs say {documented}, clap {default}"));
        }
    }
    for flag in rows.keys() {
        let long = flag.trim_start_matches('-');
        if !serve.get_arguments().any(|a| a.get_long() == Some(long)) {
            wrong.push(format!("{flag}: no such option"));
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// engine.md's table has a row for every command `list_commands` prints and for no
/// other, and gives the limits and defaults the code has.
#[test]
fn engine_md_lists_every_command() {
    use hijara::ai::gtp::{COMMANDS, MAX_THINK_MS};
    let text = doc("docs/engine.md");
    let rows = table(&text, "| `protocol_version` |");
    let documented: BTreeSet<&str> = rows
        .iter()
        .flat_map(|cells| ticked(&cells[0]))
        .map(|words| words.split(' ').next().unwrap())
        .collect();
    let known: BTreeSet<&str> = COMMANDS.into_iter().collect();
    assert_eq!(documented, known);
    let row = |name: &str| {
        rows.iter()
            .find(|cells| cells[0].starts_with(&format!("`{name}")))
            .map(|cells| cells[1].clone())
            .unwrap()
    };
    let time = row("time_per_move");
    assert!(
        time.contains(&format!("default {}", hijara::ai::HARD_THINK_MS)),
        "{time}"
    );
    assert!(time.contains(&format!("at most {MAX_THINK_MS}")), "{time}");
}

/// engine.md's longest line is the one `hijara engine` takes: a line of that many
/// bytes is read as a command, one byte more is refused.
#[test]
fn engine_md_s_line_limit_is_the_binary_s() {
    let text = doc("docs/engine.md").replace('\n', " ");
    let (_, after) = text
        .split_once("a line longer than ")
        .expect("engine.md names its longest line");
    let limit: usize = after.split(' ').next().unwrap().parse().unwrap();
    let reply = |len: usize| {
        let input = format!("{}\nquit\n", "x".repeat(len));
        let out = crate::common::hijara()
            .arg("engine")
            .write_stdin(input)
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let at = reply(limit);
    assert!(at.starts_with("? unknown command"), "{at}");
    let over = reply(limit + 1);
    let refused = format!("? line too long (over {limit} bytes)");
    assert!(over.starts_with(&refused), "{over}");
}

/// The session engine.md shows, fed to the protocol: each reply is the one shown,
/// but for `genmove`'s square, which is the AI's choice.
#[test]
fn engine_md_s_session_runs_as_shown() {
    let text = doc("docs/engine.md");
    let session = blocks(&text, "text")
        .into_iter()
        .find(|b| b.starts_with("$ hijara engine"))
        .expect("the sample session");
    let mut engine = hijara::ai::gtp::Session::new();
    // Not shown: a small budget, so the test does not wait for hard's second.
    assert_eq!(engine.handle("nodes 2000").as_deref(), Some("=\n\n"));
    let mut lines = session.lines().skip(1).peekable();
    let mut count = 0;
    while let Some(command) = lines.next() {
        let mut shown = String::new();
        while let Some(line) = lines.next_if(|l| l.starts_with(['=', '?'])) {
            shown.push_str(line);
            shown.push('\n');
        }
        while lines.next_if(|l| l.is_empty()).is_some() {}
        shown.push('\n');
        let reply = engine.handle(command).unwrap_or_default();
        if command.contains("genmove") {
            let (id, square) = shown.trim().split_once(' ').unwrap();
            let (got_id, got) = reply.trim().split_once(' ').unwrap();
            assert_eq!(got_id, id, "{command}");
            assert!(got.parse::<hijara::rules::Square>().is_ok(), "{reply:?}");
            assert!(square.parse::<hijara::rules::Square>().is_ok(), "{shown:?}");
        } else {
            assert_eq!(reply, shown, "{command}");
        }
        count += 1;
    }
    assert!(count >= 4 && engine.has_quit(), "{session}");
}

/// Every example record in records.md reads, and replays.
#[test]
fn records_md_s_examples_read() {
    let text = doc("docs/records.md");
    let examples = blocks(&text, "text");
    assert!(examples.len() >= 2, "{examples:?}");
    for example in examples {
        let record: Record = example.parse().unwrap_or_else(|e| panic!("{e}\n{example}"));
        record
            .to_game()
            .unwrap_or_else(|e| panic!("{e}\n{example}"));
    }
}

/// Each `hijara score` run commands.md shows prints what it shows (the JSON spread over
/// lines there for reading): run by `sh` in a folder that has the repository's
/// `assets/`, with `hijara` on the path.
#[test]
fn commands_md_s_score_runs_print_what_they_show() {
    let text = doc("docs/commands.md");
    let folder = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(Path::new(ROOT).join("assets"), folder.path().join("assets"))
        .unwrap();
    let bin = crate::common::binary();
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut runs = 0;
    for block in blocks(&text, "console") {
        let mut lines = block.lines().peekable();
        while let Some(line) = lines.next() {
            let Some(command) = line.strip_prefix("$ ") else {
                continue;
            };
            let mut shown = Vec::new();
            while let Some(out) = lines.next_if(|l| !l.starts_with("$ ")) {
                shown.push(out);
            }
            if !command.contains("hijara score") {
                continue;
            }
            let mut sh = std::process::Command::new("sh");
            crate::common::isolate(&mut sh);
            let out = sh
                .args(["-c", command])
                .current_dir(folder.path())
                .env("PATH", &path)
                .env("HIJARA_DATA_DIR", folder.path().join("data"))
                .output()
                .unwrap();
            let printed = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            let shown = shown.join("\n");
            if shown.starts_with('{') {
                let squeeze = |s: &str| s.split_whitespace().collect::<String>();
                assert_eq!(squeeze(&printed), squeeze(&shown), "{command}");
            } else {
                assert_eq!(printed.trim_end(), shown.trim_end(), "{command}");
            }
            runs += 1;
        }
    }
    assert!(runs >= 5, "only {runs} runs of hijara score found");
}

/// Docs helper: preferences.md quoted a bad key's error without the backticks the
/// program puts around the key's name. The quote is what `hijara config` prints for a
/// file with that line 5.
#[test]
fn preferences_md_quotes_a_bad_key_s_error_as_printed() {
    let text = doc("docs/preferences.md").replace('\n', " ");
    let (_, after) = text
        .split_once("named with its line and column (``")
        .expect("the quoted error");
    let quote = after.split("``").next().unwrap();
    let folder = tempfile::tempdir().unwrap();
    let file = folder.path().join("config.toml");
    std::fs::write(&file, "level = \"easy\"\n\n\n\npalette = \"expert\"\n").unwrap();
    let out = crate::common::hijara()
        .arg("config")
        .env("HIJARA_CONFIG", &file)
        .output()
        .unwrap();
    let printed = format!(
        "{}{}",
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap()
    );
    // The report wraps a problem to 80 columns (s22), indented under its file.
    let squeeze = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        squeeze(&printed).contains(&squeeze(quote)),
        "{quote:?} not in {printed}"
    );
}

/// The README's summary of the review gives the thresholds and errors the code uses.
#[test]
fn the_readme_s_review_thresholds_are_the_code_s() {
    use hijara::review::classify::{
        ESTIMATE_ERROR, LIKELY_FROM, UNPROVEN_MISTAKE_FROM, estimate_error,
    };
    let readme = doc("README.md").replace('\n', " ");
    let [inaccuracy, mistake, blunder] = LIKELY_FROM[0];
    assert!(LIKELY_FROM.iter().all(|band| *band == LIKELY_FROM[0]));
    let likely = format!(
        "a likely inaccuracy from {inaccuracy} points lost, a mistake from {mistake}, a \
         blunder from {blunder}"
    );
    assert!(readme.contains(&likely), "the README lacks {likely:?}");
    let unproven = format!(
        "from 24 empty sections one they leave unproven needs {} points",
        UNPROVEN_MISTAKE_FROM[24 / 4]
    );
    assert!(readme.contains(&unproven), "the README lacks {unproven:?}");
    let errors = format!(
        "`±{}` up to 19 empty sections, `±{}` from 20",
        estimate_error(19),
        estimate_error(20)
    );
    assert!(readme.contains(&errors), "the README lacks {errors:?}");
    assert_eq!(estimate_error(64), ESTIMATE_ERROR[15]);
}

/// Every `hijara` command line in the README's and docs/' shell blocks (`sh`, and the
/// `$ ` lines of `console` ones) is one the program takes: clap parses it. A flag renamed
/// or a value no longer taken fails here, not in a reader's terminal.
#[test]
fn every_command_line_shown_parses() {
    let mut files = vec![Path::new(ROOT).join("README.md")];
    for entry in std::fs::read_dir(Path::new(ROOT).join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            files.push(path);
        }
    }
    let mut wrong = Vec::new();
    let mut parsed = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let mut lines: Vec<String> = blocks(&text, "sh");
        lines.extend(blocks(&text, "console").iter().flat_map(|block| {
            block
                .lines()
                .filter_map(|l| l.strip_prefix("$ "))
                .map(str::to_owned)
                .collect::<Vec<_>>()
        }));
        for line in lines.iter().flat_map(|block| block.lines()) {
            // The comment, then each command of a pipe or a list.
            let line = line.split(" #").next().unwrap();
            for command in line.split(['|', ';', '>', '&']) {
                let words: Vec<&str> = command.split_whitespace().collect();
                if words.first() != Some(&"hijara") {
                    continue;
                }
                // A synopsis (`[--seed 1]`, `FILE|N`) is no command line.
                if words.iter().any(|w| w.contains('[') || w.contains('\'')) {
                    continue;
                }
                match hijara::cli::Cli::try_parse_from(&words) {
                    Ok(_) => parsed += 1,
                    Err(e)
                        if matches!(
                            e.kind(),
                            clap::error::ErrorKind::DisplayHelp
                                | clap::error::ErrorKind::DisplayVersion
                        ) =>
                    {
                        parsed += 1
                    }
                    Err(e) => wrong.push(format!(
                        "{}: {}: {}",
                        file.file_name().unwrap().to_string_lossy(),
                        words.join(" "),
                        e.to_string().lines().next().unwrap_or_default()
                    )),
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(parsed > 30, "only {parsed} command lines found");
}

/// The README's table of commands has a row for every subcommand.
#[test]
fn the_readme_lists_every_command() {
    let readme = doc("README.md");
    let rows = table(&readme, "| `hijara` |");
    let command = hijara::cli::Cli::command();
    let missing: Vec<&str> = command
        .get_subcommands()
        .map(|sub| sub.get_name())
        .filter(|name| *name != "help")
        .filter(|name| {
            let shown = format!("`hijara {name}");
            !rows.iter().any(|cells| cells[0].contains(&shown))
        })
        .collect();
    assert!(missing.is_empty(), "the README's commands lack {missing:?}");
}

/// network.md's list of the operator's commands has a line for every subcommand of
/// `hijara serve` (it lacked `forget` and `colours`, which only club.md named).
#[test]
fn network_md_lists_every_operator_command() {
    let text = doc("docs/network.md");
    let at = text
        .find("### The operator's commands")
        .expect("network.md's operator section");
    let block = blocks(&text[at..], "sh").remove(0);
    // Each command without its comment.
    let lines: Vec<&str> = block
        .lines()
        .map(|line| line.split('#').next().unwrap_or("").trim())
        .collect();
    let command = hijara::cli::Cli::command();
    let serve = command.find_subcommand("serve").expect("hijara serve");
    let missing: Vec<&str> = serve
        .get_subcommands()
        .map(|sub| sub.get_name())
        .filter(|name| *name != "help")
        .filter(|name| {
            !lines.iter().any(|line| {
                line.starts_with("hijara serve ")
                    && line.split_whitespace().any(|word| word == *name)
            })
        })
        .collect();
    assert!(
        missing.is_empty(),
        "network.md's operator commands lack {missing:?}"
    );
}

/// Docs helper: preferences.md gave `think_ms` as "the AI's thinking time", default
/// "each level's own", though only hard takes it. Its row names hard, its default and
/// the range the file takes.
#[test]
fn preferences_md_gives_think_ms_as_hard_s() {
    let text = doc("docs/preferences.md");
    let row = table(&text, "| `level` |")
        .into_iter()
        .find(|cells| cells[0] == "`think_ms`")
        .expect("a think_ms row");
    let limit = format!("1 to {}", hijara::ai::gtp::MAX_THINK_MS);
    assert!(
        row[1].contains("hard") && row[1].contains(&limit),
        "{row:?}"
    );
    let default = hijara::ai::HARD_THINK_MS.to_string();
    assert!(row[2].contains(&default), "{row:?}");
}

/// Docs helper: the README's list of the docs had no docs/club.md. Every page of
/// docs/ is linked from the README.
#[test]
fn the_readme_links_every_page_of_docs() {
    let readme = doc("README.md");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(Path::new(ROOT).join("docs")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !readme.contains(&format!("](docs/{name}")) {
                missing.push(name);
            }
        }
    }
    assert!(missing.is_empty(), "the README links none of {missing:?}");
}

/// Docs (cliqa, s14): no page said what the exit codes mean, which a script checks
/// first. commands.md's table does now; each row's example runs with its code.
#[test]
fn commands_md_s_exit_codes_are_the_binary_s() {
    let text = doc("docs/commands.md");
    let rows = table(&text, "| 0 |");
    let codes: Vec<&str> = rows.iter().map(|r| r[0].as_str()).collect();
    assert_eq!(codes, ["0", "1", "2", "141", "128+N"]);
    let folder = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(Path::new(ROOT).join("assets"), folder.path().join("assets"))
        .unwrap();
    let mut runs = 0;
    for row in &rows {
        let example = row[2].trim_matches('`');
        if example.is_empty() {
            continue;
        }
        let words: Vec<&str> = example.split_whitespace().collect();
        assert_eq!(words[0], "hijara", "{example}");
        let out = crate::common::hijara_command()
            .args(&words[1..])
            .current_dir(folder.path())
            .env("HIJARA_DATA_DIR", folder.path().join("data"))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), row[0].parse().ok(), "{example}: {out:?}");
        runs += 1;
    }
    assert_eq!(runs, 3);
}

/// `--flag` stands in `text` as a whole option (not the start of a longer one).
fn names_option(text: &str, flag: &str) -> bool {
    text.match_indices(flag).any(|(at, _)| {
        !text[at + flag.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '-')
    })
}

/// The long options of `command` a reader can give (not `--help`, `--version`: clap's).
fn long_options(command: &clap::Command) -> Vec<String> {
    command
        .get_arguments()
        .filter(|a| !a.is_hide_set())
        .filter_map(|a| a.get_long())
        .filter(|long| !["help", "version"].contains(long))
        .map(|long| format!("--{long}"))
        .collect()
}

/// Docs helper (docs25): no page said where `resume`'s or `learn`'s options were, and
/// nothing held a flag in `--help` to a page. commands.md's table names, for each
/// command, the pages its options are on: every command has a row, every long option
/// `--help` lists is on one of its row's pages or in the list of options many commands
/// share, each shared option is on exactly the commands that list says, a command
/// commands.md alone documents has each of clap's defaults said in its section, and
/// every option a heading of commands.md shows is one its command takes.
#[test]
fn every_option_is_on_its_command_s_pages() {
    let text = doc("docs/commands.md");
    let mut cli = hijara::cli::Cli::command();
    // Built, so each command has the global options (`--no-config`) as `--help` shows.
    cli.build();
    let command = |name: &str| -> Option<clap::Command> {
        match name {
            "hijara" => Some(cli.clone()),
            sub => cli.find_subcommand(sub).cloned(),
        }
    };
    let mut wrong = Vec::new();

    // The shared options: each bullet's options and the commands it names.
    let at = text
        .find("Options many commands share:")
        .expect("commands.md's list of the options many commands share");
    let shared_text = &text[at..text[at..].find("\n## ").map_or(text.len(), |e| at + e)];
    let mut shared = BTreeSet::new();
    for bullet in shared_text.split("\n- ").skip(1) {
        let words: Vec<&str> = ticked(bullet)
            .into_iter()
            .map(|w| w.split(' ').next().unwrap())
            .collect();
        let flags: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| w.starts_with("--"))
            .collect();
        if flags.contains(&"--help") {
            continue;
        }
        let mut names: Vec<&str> = cli
            .get_subcommands()
            .map(|s| s.get_name())
            .filter(|n| *n != "help")
            .collect();
        names.push("hijara");
        let listed: BTreeSet<&str> = if bullet.contains("on every command") {
            names.iter().copied().collect()
        } else {
            words
                .iter()
                .copied()
                .filter(|w| names.contains(w))
                .collect()
        };
        for flag in flags {
            shared.insert(flag.to_owned());
            for name in &names {
                let takes = long_options(&command(name).unwrap()).contains(&flag.to_owned());
                if takes != listed.contains(name) {
                    wrong.push(format!(
                        "{flag} on {name}: the shared list says {}, clap {takes}",
                        listed.contains(name)
                    ));
                }
            }
        }
    }

    // Each row: its commands, and the text of its pages.
    let rows = table(&text, "| `hijara` |");
    let mut covered = BTreeSet::new();
    for cells in &rows {
        let mut pages = String::new();
        for link in cells[1].split("](").skip(1) {
            let target = link.split([')', '#']).next().unwrap();
            pages += &match target {
                "" => text.clone(),
                "../README.md" => doc("README.md"),
                page => doc(&format!("docs/{page}")),
            };
        }
        for shown in ticked(&cells[0]) {
            let name = shown.strip_prefix("hijara ").unwrap_or(shown);
            let Some(sub) = command(name) else {
                wrong.push(format!("{shown}: no such command"));
                continue;
            };
            covered.insert(name.to_owned());
            for flag in long_options(&sub) {
                if !shared.contains(&flag) && !names_option(&pages, &flag) {
                    wrong.push(format!("{shown} {flag}: on none of {}", cells[1]));
                }
            }
            // A command this page alone documents gives each default clap has, in its
            // section (`default 3`, `the default is `standard``).
            let heading = format!("\n## `hijara {name}");
            if cells[1].contains("](#")
                && let Some(start) = text.find(&heading)
            {
                let section = &text[start + 1..];
                let section = &section[..section.find("\n## ").unwrap_or(section.len())];
                for arg in sub.get_arguments() {
                    let Some(long) = arg.get_long() else { continue };
                    if matches!(arg.get_action(), clap::ArgAction::SetTrue) {
                        continue;
                    }
                    for value in arg.get_default_values() {
                        let value = value.to_string_lossy();
                        let said = [
                            format!("default {value}"),
                            format!("default `{value}`"),
                            format!("default: {value}"),
                            format!("default is `{value}`"),
                        ];
                        if !said.iter().any(|s| section.contains(s.as_str())) {
                            wrong.push(format!("{shown} --{long}: no default {value} said"));
                        }
                    }
                }
            }
        }
    }
    for sub in cli
        .get_subcommands()
        .map(|s| s.get_name())
        .chain(["hijara"])
    {
        if sub != "help" && !covered.contains(sub) {
            wrong.push(format!("{sub}: no row"));
        }
    }

    // The headings' synopses name only options their command takes.
    for heading in text.lines().filter(|l| l.starts_with("## ")) {
        for shown in ticked(heading) {
            let mut words = shown.split_whitespace();
            if words.next() != Some("hijara") {
                continue;
            }
            let Some(sub) = words.next().and_then(&command) else {
                continue;
            };
            let options = long_options(&sub);
            for word in shown.split([' ', '[', ']', '|']) {
                if word.starts_with("--") && !options.contains(&word.to_owned()) {
                    wrong.push(format!("{heading}: {word} is no option"));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
}

/// Every key `hijara puzzle --stats --json` prints has its row in learning.md's table
/// of them, and every row there is a key it prints: the keys were named nowhere, so a
/// script met `deviation`, `volatility` and `solved` beside `puzzles_solved` unexplained
/// (QA, s31).
#[test]
fn every_puzzle_stats_json_key_is_in_learning_md() {
    let (out, _) = crate::common::outputs_of(&["puzzle", "--stats", "--json"], 0);
    let object: serde_json::Value = serde_json::from_str(&out).unwrap();
    let printed: BTreeSet<String> = object.as_object().unwrap().keys().cloned().collect();
    let text = doc("docs/learning.md");
    let documented: BTreeSet<String> = text
        .split("`--stats --json` prints one object")
        .nth(1)
        .unwrap_or_default()
        .lines()
        .skip_while(|l| !l.starts_with("| key |"))
        .skip(2)
        .take_while(|l| l.starts_with("| `"))
        .filter_map(|l| Some(l.strip_prefix("| `")?.split('`').next()?.to_owned()))
        .collect();
    assert_eq!(printed, documented, "{out}");
}

/// The rows of the table in `text` whose head starts `| {head} |`: its first cells'
/// keys.
fn table_keys(text: &str, head: &str) -> BTreeSet<String> {
    text.lines()
        .skip_while(|l| !l.starts_with(&format!("| {head} |")))
        .skip(2)
        .take_while(|l| l.starts_with("| `"))
        .filter_map(|l| Some(l.strip_prefix("| `")?.split('`').next()?.to_owned()))
        .collect()
}

/// Every key `hijara selfplay --json` prints, and every key of a game in its
/// `results`, has its row in ai.md's tables, and every row is a key it prints
/// (`variant` too, printed with `--variant corners`): the keys were a sentence, which
/// named neither the seed nor the levels, the object having neither (QA s31). Fails on
/// the old ai.md and binary. 0.1 s.
#[test]
fn every_selfplay_json_key_is_in_ai_md() {
    let (out, _) = crate::common::outputs_of(
        &[
            "selfplay",
            "--json",
            "--blue",
            "easy",
            "--yellow",
            "random",
            "--games",
            "1",
            "--variant",
            "corners",
        ],
        0,
    );
    let object: serde_json::Value = serde_json::from_str(&out).unwrap();
    let printed: BTreeSet<String> = object.as_object().unwrap().keys().cloned().collect();
    let game: BTreeSet<String> = object["results"][0]
        .as_object()
        .unwrap_or_else(|| panic!("{out}"))
        .keys()
        .cloned()
        .collect();
    let text = doc("docs/ai.md");
    let text = text
        .split("`--json` prints one object on one line")
        .nth(1)
        .unwrap_or_default();
    assert_eq!(printed, table_keys(text, "key"), "{out}");
    assert_eq!(game, table_keys(text, "game key"), "{out}");
}

/// The man page's EXIT STATUS section lists the codes of commands.md's `Exit codes`
/// table, no more and no fewer: the page had no such section (QA s31). Fails on the
/// old binary (no section). 0.05 s.
#[test]
fn the_man_page_lists_the_exit_codes_of_commands_md() {
    let (page, _) = crate::common::outputs_of(&["manpage"], 0);
    let section = page
        .split(".SH \"EXIT STATUS\"")
        .nth(1)
        .unwrap_or_else(|| panic!("no EXIT STATUS section"));
    let section = section.split("\n.SH").next().unwrap_or_default();
    let listed: BTreeSet<String> = section
        .lines()
        .filter_map(|l| Some(l.strip_prefix("\\fB")?.strip_suffix("\\fR")?.to_owned()))
        .collect();
    let text = doc("docs/commands.md");
    let table = text.split("## Exit codes").nth(1).unwrap_or_default();
    let documented: BTreeSet<String> = table
        .lines()
        .skip_while(|l| !l.starts_with("| code |"))
        .skip(2)
        .take_while(|l| l.starts_with("| "))
        .filter_map(|l| Some(l.strip_prefix("| ")?.split(' ').next()?.to_owned()))
        .collect();
    assert_eq!(documented.len(), 5, "{documented:?}");
    assert_eq!(listed, documented, "{section}");
}
