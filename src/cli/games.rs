//! `hijara games [--json]`: the finished games kept in the history, newest first, and
//! a person's tally per AI level.

use anyhow::Context;
use serde::Serialize;

use crate::session::{Entry, History, Listed, Tally, Unreadable};
use crate::strings::games as text;
use crate::strings::rules_parts;
use crate::text::display_path;
use crate::text::{pad, pad_sanitized, sanitize};

use super::GamesArgs;
use super::replay::{history_folder, named_folder};

/// The `--json` output; its schema is documented in docs/commands.md.
#[derive(Serialize)]
struct Report<'a> {
    /// The folder as it is (lossy only where its name is not UTF-8), as `file` is.
    folder: String,
    games: Vec<&'a Entry>,
    unreadable: Vec<&'a Unreadable>,
    tally: Vec<Tally>,
}

/// Seat names longer than this are cut in the text list, to keep rows within 80 columns.
const NAME_WIDTH: usize = 10;
/// The result column at most: `Yellow won on time` is the longest. One space follows
/// it, as the totals after it are right-aligned.
const RESULT_WIDTH: usize = 18;
/// The name and result columns at least: their heads, `Yellow` and `result`.
const HEAD_WIDTH: usize = 6;
/// The most columns a line of the list takes. A game's row with its rules would pass
/// it (10-column names, `Yellow won on time` and `corners, claims` took 88, QA s27),
/// and an unreadable file's error does: what passes goes on the next lines, indented
/// under the date, its words whole.
const LIST_WIDTH: usize = 80;

/// The widths of the name and result columns: as wide as the widest listed, within
/// [`HEAD_WIDTH`] and their most. Fixed at their most, a row of people's names (or of
/// levels) with `corners, claims` took 88 columns (QA s27).
fn column_widths(history: &History) -> (usize, usize) {
    let games: Vec<&Entry> = history.games().collect();
    let names = games
        .iter()
        .flat_map(|e| [&e.blue, &e.yellow])
        .map(|name| crate::text::width(&sanitize(name)).min(NAME_WIDTH))
        .max()
        .unwrap_or(0)
        .max(HEAD_WIDTH);
    let results = games
        .iter()
        .map(|e| crate::text::width(&text::result(e.result, e.termination)))
        .max()
        .unwrap_or(0)
        .clamp(HEAD_WIDTH, RESULT_WIDTH);
    (names, results)
}

/// What failed when `folder` could not be listed: `--dir`'s folder is named as the
/// folder it is, not as the history (it said `cannot read the game history DIR` of a
/// folder given by hand that it may not list).
fn unreadable(args: &GamesArgs, folder: &std::path::Path) -> String {
    let what = if args.dir.is_some() {
        "the folder"
    } else {
        "the game history"
    };
    format!("cannot read {what} {}", display_path(folder))
}

pub(crate) fn run(args: &GamesArgs) -> anyhow::Result<()> {
    let folder = match &args.dir {
        Some(dir) => named_folder(dir)?,
        None => history_folder()?,
    };
    let history = History::read(&folder).with_context(|| unreadable(args, &folder))?;
    // Said apart from the list (standard output, and the JSON a script reads), so
    // neither changes: a FIFO or a folder named `*.hij` was left out silently.
    for s in &history.skipped {
        super::out::note(text::skipped(&sanitize(&s.file), &sanitize(&s.what)));
    }
    for game in history.games() {
        if let Some(why) = &game.date_warning {
            super::out::note(crate::strings::reports::date_not_known(
                &sanitize(&game.file),
                why,
            ));
        }
    }
    if args.json {
        let report = Report {
            // The real path, not the escaped one shown to people: JSON escapes control
            // characters itself, and a script wants a path it can open.
            folder: folder.to_string_lossy().into_owned(),
            games: history.games().collect(),
            unreadable: history.unreadable().collect(),
            tally: history.tally(),
        };
        super::out::say_json(&report)?;
    } else {
        use std::io::IsTerminal;
        let terminal = std::io::stdout().is_terminal();
        super::out::put(listing(&history, args.dir.is_some(), terminal))?;
    }
    Ok(())
}

/// The text list, ending with the tally; `named` when the folder is `--dir`'s, not
/// the history finished games go to; `terminal` when standard output is one.
fn listing(history: &History, named: bool, terminal: bool) -> String {
    let folder = display_path(&history.folder);
    if history.is_empty() {
        let empty = if named {
            naming(
                text::empty_folder(&folder),
                text::EMPTY_FOLDER_APART,
                &folder,
                terminal,
            )
        } else {
            naming(text::empty(&folder), text::EMPTY_APART, &folder, terminal)
        };
        return format!("{empty}\n");
    }
    let width = history.listed.len().to_string().len();
    let (names, results) = column_widths(history);
    let heading = naming(
        text::heading(&folder),
        text::HEADING_APART,
        &folder,
        terminal,
    );
    let mut out = format!("{heading}\n");
    out.push_str(&text::columns(width, names, results));
    out.push('\n');
    // The lines after a row's first start under the date.
    let indent = width + 2;
    for listed in &history.listed {
        let line = match listed {
            // Cells are padded by display columns: a wide name keeps the columns straight.
            Listed::Game(e) => {
                let row = format!(
                    "{:>width$}  {}  {}  {}  {} {:>7}",
                    e.n,
                    pad_sanitized(e.date.as_deref().unwrap_or("?"), 16),
                    pad_sanitized(&e.blue, names),
                    pad_sanitized(&e.yellow, names),
                    pad(&text::result(e.result, e.termination), results),
                    format!("{}-{}", e.blue_score, e.yellow_score),
                );
                with_rules(&row, &rules_parts(e.variant, e.claims).join(", "), indent)
            }
            Listed::Unreadable(u) => {
                let (file, error) = (sanitize(&u.file), sanitize(&u.error));
                let said = text::unreadable(&file, &error);
                hanging(&format!("{:>width$}  ", u.n), &said, indent)
            }
        };
        out.push_str(&line);
        out.push('\n');
    }
    out.push('\n');
    let tally = history.tally();
    if tally.is_empty() {
        out.push_str(text::NO_TALLY);
        out.push('\n');
    }
    for t in tally {
        let level = crate::session::seat_token(crate::ai::Seat::from(t.opponent));
        out.push_str(&text::tally(&level, t.wins, t.draws, t.losses));
        out.push('\n');
    }
    // `hijara replay N` opens the history's game N, not the folder's.
    out.push_str(if named {
        text::REPLAY_DIR_HINT
    } else {
        text::REPLAY_HINT
    });
    out.push('\n');
    out
}

/// A message naming `folder`: `line` where it fits [`LIST_WIDTH`], else `apart` with
/// the folder on a line of its own under it (a long data folder took the heading,
/// and the empty history's message, past 80 columns, s29). On a `terminal` a folder
/// wider than that line is cut in its middle with `…`, by display columns, so no
/// line passes 80; piped or redirected it stays whole, for whoever reads it to open.
fn naming(line: String, apart: &str, folder: &str, terminal: bool) -> String {
    if crate::text::fits(&line, LIST_WIDTH) {
        return line;
    }
    let shown = if terminal {
        crate::text::fit_middle(folder, LIST_WIDTH - FOLDER_INDENT.len())
    } else {
        std::borrow::Cow::Borrowed(folder)
    };
    format!("{apart}\n{FOLDER_INDENT}{shown}")
}

/// Before the folder on its own line under the heading.
const FOLDER_INDENT: &str = "  ";

/// A game's `row` (its cells to the totals), then its `rules` where they fit within
/// [`LIST_WIDTH`], else on a line of their own `indent` columns in.
fn with_rules(row: &str, rules: &str, indent: usize) -> String {
    if rules.is_empty() {
        return row.trim_end().to_owned();
    }
    let line = format!("{row}  {rules}");
    if crate::text::width(&line) <= LIST_WIDTH {
        return line;
    }
    format!("{}\n{}{rules}", row.trim_end(), " ".repeat(indent))
}

/// `head` then `text`, in lines of at most [`LIST_WIDTH`] columns broken at spaces,
/// the lines after the first `indent` columns in; as it is when it fits.
fn hanging(head: &str, text: &str, indent: usize) -> String {
    let line = format!("{head}{text}");
    if crate::text::width(&line) <= LIST_WIDTH {
        return line;
    }
    let mut lines = crate::text::wrap_spaced(text, LIST_WIDTH.saturating_sub(indent)).into_iter();
    let mut out = format!("{head}{}", lines.next().unwrap_or_default());
    for line in lines {
        out.push('\n');
        out.push_str(&" ".repeat(indent));
        out.push_str(&line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// QA (cliqa): `games --dir D` on a folder it could not list said `cannot read the
    /// game history D`. A unit test: as root (where the tests run) permissions bind
    /// nobody, so no folder fails to list end to end.
    #[test]
    fn a_folder_given_by_hand_is_named_as_a_folder() {
        let folder = std::path::Path::new("/srv/games");
        let given = GamesArgs {
            json: false,
            dir: Some(folder.to_path_buf()),
        };
        assert_eq!(
            unreadable(&given, folder),
            "cannot read the folder /srv/games"
        );
        let history = GamesArgs {
            json: false,
            dir: None,
        };
        assert_eq!(
            unreadable(&history, folder),
            "cannot read the game history /srv/games"
        );
    }

    #[test]
    fn rows_fit_in_80_columns_and_the_tally_ends_the_list() {
        let dir = tempfile::tempdir().unwrap();
        let record =
            "[Blue \"Bartholomew the Great\"]\n[Yellow \"hard\"]\n[Variant \"corners\"]\na1\n";
        std::fs::write(dir.path().join("hijara-20261130-101010.hij"), record).unwrap();
        let history = History::read(dir.path()).unwrap();
        let out = listing(&history, false, false);
        let row = out.lines().nth(2).unwrap();
        assert!(row.starts_with("1  2026-11-30 10:10  Barthol"), "{out}");
        assert!(row.ends_with("corners"), "{out}");
        for line in out.lines().take(3) {
            assert!(line.chars().count() <= 80, "{line}");
        }
        assert!(out.contains(text::NO_TALLY), "{out}");
    }

    /// QA (s27): the widest cells a game's row holds (names cut at 10 columns, wide
    /// ones too, `Yellow won on time`, `corners, claims`, a three-digit number) made
    /// a row of 90 columns, and an unreadable file's error ran on. Every line keeps
    /// within 80 columns: the rules go under the date where they would pass it, and
    /// the error's words run on there. Fails on the old code (a 90-column row).
    #[test]
    fn every_line_fits_80_columns_with_the_widest_cells() {
        let dir = tempfile::tempdir().unwrap();
        let widest = "[Blue \"Bartholomew the Great\"]\n[Yellow \"棋手棋手棋手棋手\"]\n\
                      [Variant \"corners\"]\n[Claim \"on\"]\n[Termination \"time forfeit\"]\n\
                      [Result \"0-1\"]\n\n1. b2 c3 0-1\n";
        std::fs::write(dir.path().join("hijara-20261130-235959.hij"), widest).unwrap();
        // 99 games more, so the list numbers to 100 (the number column's 3 digits).
        for i in 0..99 {
            let file = format!("hijara-20261129-{:02}{:02}00.hij", 10 + i / 50, i % 50);
            std::fs::write(dir.path().join(file), "[Blue \"hard\"]\na1\n").unwrap();
        }
        std::fs::write(dir.path().join("hijara-20261128-000000.hij"), "a1 e9\n").unwrap();
        let out = listing(&History::read(dir.path()).unwrap(), false, false);
        let lines: Vec<&str> = out.lines().collect();
        for line in &lines {
            assert!(crate::text::width(line) <= 80, "{line:?}\n{out}");
        }
        // The widest row, its cells whole (the wide name cut by display columns), and
        // its rules on the next line, under the date.
        let at = lines.iter().position(|l| l.contains("on time")).unwrap();
        assert!(
            lines[at]
                .starts_with("  1  2026-11-30 23:59  Bartholom…  棋手棋手…   Yellow won on time"),
            "{out}"
        );
        assert_eq!(lines[at + 1], "     corners, claims", "{out}");
        // The unreadable file's error, whole, over lines that start under the date.
        let at = lines.iter().position(|l| l.contains("unreadable")).unwrap();
        assert!(lines[at].starts_with("101  unreadable: hijara-20261128-000000.hij: line 1"));
        let rest: Vec<&str> = lines[at + 1..]
            .iter()
            .take_while(|l| l.starts_with("     "))
            .map(|l| l.trim_start())
            .collect();
        assert!(!rest.is_empty(), "{out}");
        let said = std::iter::once(&lines[at][5..])
            .chain(rest)
            .collect::<Vec<_>>();
        assert!(said.join(" ").ends_with("found `e9`"), "{out}");
    }

    /// s29: the heading named the folder on its line, so a long data folder took it
    /// past 80 columns (a 200-column path: 231). Where it would pass, the folder goes
    /// on a line of its own; on a terminal, cut in its middle by display columns to
    /// keep within 80 (a wide CJK path too); piped, whole. Fails on the old code (a
    /// 231-column first line).
    #[test]
    fn the_heading_keeps_within_80_columns_with_a_long_folder() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("hijara-20261130-101010.hij"), "a1\n").unwrap();
        let mut history = History::read(dir.path()).unwrap();
        let long = format!("/{}/games", "d".repeat(193));
        let wide = format!("/home/{}/games", "棋手".repeat(40));
        assert_eq!(crate::text::width(&long), 200);
        for folder in [long, wide] {
            history.folder = std::path::PathBuf::from(&folder);
            let out = listing(&history, false, true);
            for line in out.lines() {
                assert!(crate::text::width(line) <= 80, "{line:?}");
            }
            let lines: Vec<&str> = out.lines().collect();
            assert_eq!(lines[0], text::HEADING_APART, "{out}");
            // Its root and its last folder kept, around the cut.
            let shown = lines[1].strip_prefix("  ").unwrap();
            assert!(
                shown.starts_with(&folder[..5]) && shown.ends_with("/games"),
                "{shown}"
            );
            assert!(shown.contains(crate::text::ELLIPSIS), "{shown}");
            assert!(crate::text::width(shown) >= 77, "{shown}");
            assert!(lines[2].starts_with("N  date"), "{out}");
            // Piped, the folder is whole, on its own line all the same.
            let piped = listing(&history, false, false);
            let piped: Vec<&str> = piped.lines().collect();
            assert_eq!(piped[0], text::HEADING_APART);
            assert_eq!(piped[1], format!("  {folder}"));
        }
        // A folder that fits keeps the one line.
        history.folder = std::path::PathBuf::from("/home/ann/.local/share/hijara/games");
        let out = listing(&history, false, true);
        assert_eq!(
            out.lines().next(),
            Some("Games in /home/ann/.local/share/hijara/games, newest first:")
        );
    }

    /// s29: the messages of a history without games named the folder on their line,
    /// so a long data folder took them past 80 columns (a 200-column path: 270 for the
    /// empty history's). They are laid out as the heading is, by the same function:
    /// where they would pass, the folder on a line of its own, cut in its middle on a
    /// terminal (a wide CJK path too), whole when piped. Fails on the old code (a
    /// 270-column line).
    #[test]
    fn the_empty_history_s_messages_keep_within_80_columns() {
        let dir = tempfile::tempdir().unwrap();
        let mut history = History::read(dir.path()).unwrap();
        assert!(history.is_empty());
        let long = format!("/{}/games", "d".repeat(193));
        let wide = format!("/home/{}/games", "棋手".repeat(40));
        for folder in [long, wide] {
            history.folder = std::path::PathBuf::from(&folder);
            for (named, apart) in [(false, text::EMPTY_APART), (true, text::EMPTY_FOLDER_APART)] {
                let out = listing(&history, named, true);
                let lines: Vec<&str> = out.lines().collect();
                assert_eq!(lines.len(), 2, "{out}");
                assert_eq!(lines[0], apart, "{out}");
                for line in &lines {
                    assert!(crate::text::width(line) <= 80, "{line:?}");
                }
                let shown = lines[1].strip_prefix("  ").unwrap();
                assert!(
                    shown.starts_with(&folder[..5]) && shown.ends_with("/games"),
                    "{shown}"
                );
                assert!(shown.contains(crate::text::ELLIPSIS), "{shown}");
                // Piped, the folder is whole, on its own line all the same.
                let piped = listing(&history, named, false);
                assert_eq!(piped, format!("{apart}\n  {folder}\n"));
            }
        }
        // The usual data folder took the empty history's line to 104 columns: apart,
        // whole. A folder that fits keeps the one line.
        let usual = "/home/ann/.local/share/hijara/games";
        history.folder = std::path::PathBuf::from(usual);
        assert_eq!(
            listing(&history, false, true),
            format!("{}\n  {usual}\n", text::EMPTY_APART)
        );
        assert_eq!(
            listing(&history, true, true),
            format!("No game records in {usual}.\n")
        );
        history.folder = std::path::PathBuf::from("/srv/g");
        assert_eq!(
            listing(&history, false, true),
            "No games kept yet: finished games go to /srv/g (`--no-history` keeps none).\n"
        );
    }

    #[test]
    fn hostile_tags_and_file_names_are_shown_escaped() {
        // Issue 18 E: a tag that clears the screen and opens a title sequence.
        let dir = tempfile::tempdir().unwrap();
        let record = "[Blue \"\u{1b}[2J\u{1b}]0;pwned\u{7}\"]\n[Yellow \"ann\u{202e}olleh\"]\na1\n";
        std::fs::write(dir.path().join("hijara-20261130-101010.hij"), record).unwrap();
        std::fs::write(dir.path().join("x\u{1b}]0;title\u{7}.hij"), "e9").unwrap();
        let out = listing(&History::read(dir.path()).unwrap(), false, false);
        for line in out.lines() {
            assert!(!line.chars().any(crate::text::is_unsafe), "{line:?}");
        }
        assert!(out.contains("\\u{1b}[2J"), "{out}");
        // A cut leaves no half escape: the name's escape is whole or gone.
        assert!(!out.contains("ann\\u{20"), "{out}");
        assert!(out.contains("ann…"), "{out}");
        assert!(
            out.contains("unreadable: x\\u{1b}]0;title\\u{7}.hij"),
            "{out}"
        );
    }

    #[test]
    fn wide_names_are_cut_and_padded_by_display_columns() {
        let dir = tempfile::tempdir().unwrap();
        let games = [
            ("hijara-20261130-101010.hij", "棋手棋手棋手棋手", "hard"),
            ("hijara-20261130-101011.hij", "Zoe\u{301}", "🎲🎲"),
            ("hijara-20261130-101012.hij", "human", "easy"),
        ];
        for (file, blue, yellow) in games {
            let record = format!("[Blue \"{blue}\"]\n[Yellow \"{yellow}\"]\na1\n");
            std::fs::write(dir.path().join(file), record).unwrap();
        }
        let out = listing(&History::read(dir.path()).unwrap(), false, false);
        let rows: Vec<&str> = out.lines().skip(1).take(4).collect();
        assert!(rows[3].contains("棋手棋手…   hard"), "{out}");
        assert!(rows[2].contains("Zoe\u{301}         🎲🎲"), "{out}");
        // The date, Blue, Yellow and result columns start at the same display column.
        let starts = |row: &str| -> Vec<usize> {
            let mut at = Vec::new();
            let mut col = 0;
            let mut prev_space = 0;
            for c in row.chars() {
                if c == ' ' {
                    prev_space += 1;
                } else {
                    if prev_space >= 2 {
                        at.push(col);
                    }
                    prev_space = 0;
                }
                col += crate::text::width(c.encode_utf8(&mut [0; 4]));
            }
            at
        };
        let header = starts(rows[0]);
        for row in &rows[1..] {
            assert_eq!(starts(row)[..4], header[..4], "{out}");
            assert!(crate::text::width(row) <= 80, "{row}");
        }
    }
}
