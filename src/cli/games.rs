//! `hijara games [--json]`: the finished games kept in the history, newest first, and
//! a person's tally per AI level.

use anyhow::Context;
use serde::Serialize;

use crate::session::{Entry, History, Listed, Tally, Unreadable, shown};
use crate::strings::games as text;
use crate::text::sanitize;

use super::GamesArgs;
use super::replay::history_folder;

/// The `--json` output; its schema is documented in docs/commands.md.
#[derive(Serialize)]
struct Report<'a> {
    folder: String,
    games: Vec<&'a Entry>,
    unreadable: Vec<&'a Unreadable>,
    tally: Vec<Tally>,
}

/// Seat names longer than this are cut in the text list, to keep rows within 80 columns.
const NAME_WIDTH: usize = 10;

pub(crate) fn run(args: &GamesArgs) -> anyhow::Result<()> {
    let folder = history_folder()?;
    let history = History::read(&folder)
        .with_context(|| format!("cannot read the game history {}", shown(&folder)))?;
    if args.json {
        let report = Report {
            folder: shown(&folder),
            games: history.games().collect(),
            unreadable: history.unreadable().collect(),
            tally: history.tally(),
        };
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print!("{}", listing(&history));
    }
    Ok(())
}

/// `name` made safe ([`sanitize`]), then cut to [`NAME_WIDTH`] columns, with `…`
/// when cut (escapes are plain ASCII, so no cut leaves half a control sequence).
fn cut(name: &str) -> String {
    let name = sanitize(name);
    if name.chars().count() <= NAME_WIDTH {
        return name.into_owned();
    }
    let mut out: String = name.chars().take(NAME_WIDTH - 1).collect();
    out.push('…');
    out
}

/// The rules column: empty for the standard game.
fn rules(entry: &Entry) -> String {
    let mut parts = Vec::new();
    if entry.variant != "standard" {
        parts.push(entry.variant);
    }
    if entry.claims {
        parts.push("claims");
    }
    parts.join(", ")
}

/// The text list, ending with the tally.
fn listing(history: &History) -> String {
    let folder = shown(&history.folder);
    if history.is_empty() {
        return format!("{}\n", text::empty(&folder));
    }
    let width = history.listed.len().to_string().len();
    let mut out = format!("{}\n", text::heading(&folder));
    out.push_str(&format!(
        "{:>width$}  {:<16}  {:<NAME_WIDTH$}  {:<NAME_WIDTH$}  {:<10}  {:>7}  rules\n",
        "N", "date", "Blue", "Yellow", "result", "totals"
    ));
    for listed in &history.listed {
        let line = match listed {
            Listed::Game(e) => format!(
                "{:>width$}  {:<16}  {:<NAME_WIDTH$}  {:<NAME_WIDTH$}  {:<10}  {:>7}  {}",
                e.n,
                sanitize(e.date.as_deref().unwrap_or("?")),
                cut(&e.blue),
                cut(&e.yellow),
                text::result(e.result),
                format!("{}-{}", e.blue_score, e.yellow_score),
                rules(e),
            ),
            Listed::Unreadable(u) => {
                let (file, error) = (sanitize(&u.file), sanitize(&u.error));
                format!("{:>width$}  unreadable: {file}: {error}", u.n)
            }
        };
        out.push_str(line.trim_end());
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
    out.push_str(text::REPLAY_HINT);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_fit_in_80_columns_and_the_tally_ends_the_list() {
        let dir = tempfile::tempdir().unwrap();
        let record =
            "[Blue \"Bartholomew the Great\"]\n[Yellow \"hard\"]\n[Variant \"corners\"]\na1\n";
        std::fs::write(dir.path().join("hijara-20261130-101010.hij"), record).unwrap();
        let history = History::read(dir.path()).unwrap();
        let out = listing(&history);
        let row = out.lines().nth(2).unwrap();
        assert!(row.starts_with("1  2026-11-30 10:10  Barthol"), "{out}");
        assert!(row.ends_with("corners"), "{out}");
        for line in out.lines().take(3) {
            assert!(line.chars().count() <= 80, "{line}");
        }
        assert!(out.contains(text::NO_TALLY), "{out}");
    }

    #[test]
    fn hostile_tags_and_file_names_are_shown_escaped() {
        // Issue 18 E: a tag that clears the screen and opens a title sequence.
        let dir = tempfile::tempdir().unwrap();
        let record = "[Blue \"\u{1b}[2J\u{1b}]0;pwned\u{7}\"]\n[Yellow \"ann\u{202e}olleh\"]\na1\n";
        std::fs::write(dir.path().join("hijara-20261130-101010.hij"), record).unwrap();
        std::fs::write(dir.path().join("x\u{1b}]0;title\u{7}.hij"), "e9").unwrap();
        let out = listing(&History::read(dir.path()).unwrap());
        for line in out.lines() {
            assert!(!line.chars().any(crate::text::is_unsafe), "{line:?}");
        }
        assert!(out.contains("\\u{1b}[2J"), "{out}");
        assert!(out.contains("ann\\u{20"), "{out}");
        assert!(
            out.contains("unreadable: x\\u{1b}]0;title\\u{7}.hij"),
            "{out}"
        );
    }
}
