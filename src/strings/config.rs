//! The preferences: `hijara config`'s report, the commented file `--init` writes,
//! and what a run says of a config file's problems.

use crate::prefs::{ConfigFile, Key, Prefs, Source};

/// The source of ASCII when no locale variable is set.
pub(crate) const NO_LOCALE: &str = "no LC_ALL, LC_CTYPE or LANG (the POSIX locale, ASCII)";

/// The source of a palette the terminal's background chose (its answer to OSC 11).
pub(crate) fn background(palette: crate::prefs::Palette) -> String {
    let shade = if palette == crate::prefs::Palette::Light {
        "light"
    } else {
        "dark"
    };
    // Short: `hijara config`'s line holds it after 39 columns (`environment: ` and
    // this), within 80; `OSC 11 answer: ...` made it 85.
    format!("OSC 11: a {shade} background")
}

/// What `hijara config --ask-terminal` says on standard error when keys were typed
/// while it waited for the terminal's answer: the reading took them with the answer,
/// and nothing gives them back to the shell. `typed` is quoted safe to show (a line
/// end as `\r`), cut to 20 columns.
pub(crate) fn keys_lost(typed: &[u8]) -> String {
    let text = String::from_utf8_lossy(typed);
    let shown = crate::text::fit_sanitized(&text, 20);
    format!(
        "hijara: the keys typed while the terminal was asked were taken with its answer \
         and are lost: `{shown}`"
    )
}

/// The palette's value in `hijara config`'s report when the terminal's background
/// would choose it: each screen asks the terminal as it opens, and the report (which
/// opens none) asks nothing unless `--ask-terminal` is given.
pub(crate) const AUTOMATIC: &str = "automatic";

/// Where an automatic palette comes from. Short: the report's line holds it after
/// 39 columns, within 80.
pub(crate) const AUTOMATIC_SOURCE: &str = "terminal's background, asked by a screen";

/// The lines under `hijara config`'s report when the palette is automatic: what a
/// screen takes, `fallback` (from `source`) when the terminal does not answer, and
/// the flag that asks now. Wrapped at 80 columns.
pub(crate) fn automatic_note(fallback: &str, source: &Source) -> Vec<String> {
    let without = match source {
        Source::Default => fallback.to_owned(),
        other => format!("{fallback} ({})", self::source(other)),
    };
    let text = format!(
        "palette automatic: each screen asks the terminal for its background colour \
         (OSC 11) as it opens: light for a light one, default for a dark one; with no \
         answer, {without}. `hijara config --ask-terminal` asks now (don't type while \
         it asks: those keys are lost)."
    );
    crate::text::wrap(&text, REPORT_COLUMNS)
}

/// `--init` with no config folder known.
pub(crate) const NO_FOLDER: &str =
    "no config folder is known: set HIJARA_CONFIG to the file to write, or XDG_CONFIG_HOME";

/// One problem of the config file, for standard error: one line, `file:line:col`
/// style, however long, for the tools that read it.
pub(crate) fn problem(path: &str, problem: &str) -> String {
    format!("{PROBLEM_HEAD} {path}: {problem}")
}

/// How [`problem`] begins.
const PROBLEM_HEAD: &str = "hijara: config file";

/// [`problem`] in `hijara config`'s report, in [`REPORT_COLUMNS`]: one line where it
/// fits. Else the head and the path on a line (the path on lines of its own, broken
/// only after its `/`s, when too long to go beside the head), and the problem below,
/// wrapped and indented by two spaces so each problem stands apart.
pub(crate) fn problem_lines(path: &str, problem: &str) -> Vec<String> {
    use crate::text::{width, wrap, wrap_word};
    let whole = self::problem(path, problem);
    if width(&whole) <= REPORT_COLUMNS {
        return vec![whole];
    }
    let head = format!("{PROBLEM_HEAD} {path}:");
    let mut lines = if width(&head) <= REPORT_COLUMNS {
        vec![head]
    } else {
        let mut lines = vec![PROBLEM_HEAD.to_owned()];
        lines.extend(wrap_word(&format!("{path}:"), REPORT_COLUMNS));
        lines
    };
    const INDENT: &str = "  ";
    lines.extend(
        wrap(problem, REPORT_COLUMNS - INDENT.len())
            .into_iter()
            .map(|line| format!("{INDENT}{line}")),
    );
    lines
}

/// `hijara config`'s error when the file could not be read at all (a folder, not
/// UTF-8, too large): no key was read, so none is named (qa48: it said `has 1
/// problem, listed above; the key it names keeps its default`).
pub(crate) fn unreadable(path: &str) -> String {
    format!("the config file {path} cannot be read, as said above; every value is its default")
}

/// `hijara config`'s error when the file has problems (its report lists them).
pub(crate) fn has_problems(path: &str, count: usize) -> String {
    // One problem in the singular (qa43: `has 1 problem, ...; the keys they name keep
    // their defaults`).
    let problems = match count {
        1 => "1 problem, listed above; the key it names keeps its default".to_string(),
        n => format!("{n} problems, listed above; the keys they name keep their defaults"),
    };
    format!("the config file {path} has {problems}")
}

/// The first problem on the first screen, and how many more.
pub(crate) fn notice(path: &str, first: &str, more: usize) -> String {
    match more {
        0 => format!("Config file {path}: {first}"),
        n => format!("Config file {path}: {first} (and {n} more: `hijara config` lists them)"),
    }
}

/// The columns `hijara config`'s report keeps to: its lines are wrapped to them.
pub(crate) const REPORT_COLUMNS: usize = 80;

/// `hijara config`'s first lines: which file, and what was found there, in
/// [`REPORT_COLUMNS`]. A long path goes on a line of its own, whole where it fits one
/// (else broken after its `/`s, never at its spaces), and the words after it are
/// wrapped.
pub(crate) fn file_lines(file: &ConfigFile) -> Vec<String> {
    use crate::text::{display_path, width, wrap, wrap_word};
    const HEAD: &str = "Config file:";
    let (path, after) = match file {
        ConfigFile::Read(path) => (display_path(path), ""),
        ConfigFile::Missing(path) => (
            display_path(path),
            "(not there: every value is its default; `hijara config --init` writes one)",
        ),
        ConfigFile::Unreadable(path) => (
            display_path(path),
            "(unreadable: every value is its default)",
        ),
        ConfigFile::Ignored => {
            return wrap(&format!("{HEAD} none read (--no-config)"), REPORT_COLUMNS);
        }
        ConfigFile::NoFolder => {
            return wrap(
                &format!(
                    "{HEAD} none (no config folder is known: set HIJARA_CONFIG or XDG_CONFIG_HOME)"
                ),
                REPORT_COLUMNS,
            );
        }
    };
    let with_path = format!("{HEAD} {path}");
    let whole = match after {
        "" => with_path.clone(),
        after => format!("{with_path} {after}"),
    };
    if width(&whole) <= REPORT_COLUMNS {
        return vec![whole];
    }
    let mut lines = if width(&with_path) <= REPORT_COLUMNS {
        vec![with_path]
    } else {
        let mut lines = vec![HEAD.to_owned()];
        lines.extend(wrap_word(&path, REPORT_COLUMNS));
        lines
    };
    if !after.is_empty() {
        lines.extend(wrap(after, REPORT_COLUMNS));
    }
    lines
}

/// A value in force, as `hijara config` shows it.
pub(crate) fn value(prefs: &Prefs, key: Key) -> String {
    let flag = |b: bool| if b { "true" } else { "false" }.to_owned();
    match key {
        Key::Level => level_name(prefs.level),
        Key::Side => prefs.side.token().to_owned(),
        // Checked as it was read (no control character, 16 columns at most).
        Key::BlueName | Key::YellowName => prefs.names[usize::from(key == Key::YellowName)]
            .as_deref()
            .map_or_else(|| "none: the colour".to_owned(), |name| format!("{name:?}")),
        Key::ThinkMs => prefs
            .think_ms
            .map_or_else(|| "the level's own".to_owned(), |ms| format!("{ms} ms")),
        Key::ReviewNodes => prefs.review_nodes.map_or_else(
            || "none: the time counts".to_owned(),
            |n| super::count(n, "node", "nodes"),
        ),
        Key::ReviewThinkMs => format!(
            "{} ms",
            prefs
                .review_think_ms
                .unwrap_or(crate::review::REVIEW_THINK_MS)
        ),
        Key::Clock => prefs
            .clock
            .map_or_else(|| "none".to_owned(), |c| c.minutes_text()),
        Key::Variant => prefs.variant.name().to_owned(),
        Key::Claims => flag(prefs.claims),
        Key::Palette => prefs.palette.unwrap_or_default().name().to_owned(),
        Key::Ascii => flag(prefs.ascii.unwrap_or(false)),
        Key::Plain => flag(prefs.plain),
        Key::Bell => flag(prefs.bell),
        Key::Notify => flag(prefs.notify),
        Key::SaveDir => prefs.save_dir.as_ref().map_or_else(
            || "the current folder".to_owned(),
            |dir| crate::text::display_path(dir),
        ),
    }
}

/// Where a value came from, as `hijara config` shows it.
pub(crate) fn source(source: &Source) -> String {
    match source {
        Source::Default => "default".to_owned(),
        Source::File(line) => format!("config file, line {line}"),
        Source::Flag(flag) => format!("flag {flag}"),
        Source::Environment(what) => format!("environment: {what}"),
    }
}

/// A value the screens keep (the start screen's side) could not be written to the
/// config file at `path`: `why`.
pub(crate) fn not_kept(path: &str, why: &str) -> String {
    format!("{path} cannot be written ({why})")
}
/// Why: the file could not be read, so it is not written over.
pub(crate) const UNREADABLE: &str = "it could not be read, and is left as it is";

/// `--init` found a file already.
pub(crate) fn exists(path: &str) -> String {
    format!("{path} exists already; it is left as it is (`hijara config` shows what it sets)")
}

/// `--init` wrote the file.
pub(crate) fn written(path: &str) -> String {
    format!("Wrote {path}: every key at its default, commented out; remove a `#` to set one.")
}

/// The commented file `hijara config --init` writes: every key at its default (`defaults`),
/// commented out, each under what it does.
pub(crate) fn init_file(defaults: &Prefs) -> String {
    let value = |key: Key| match key {
        Key::Level => format!("\"{}\"", level_name(defaults.level)),
        Key::Side => format!("\"{}\"", defaults.side.token()),
        Key::BlueName => "\"alice\"".to_owned(),
        Key::YellowName => "\"bob\"".to_owned(),
        Key::ThinkMs => "1000".to_owned(),
        Key::ReviewThinkMs => crate::review::REVIEW_THINK_MS.to_string(),
        Key::ReviewNodes => "400000".to_owned(),
        Key::Clock => "\"none\"".to_owned(),
        Key::Variant => format!("\"{}\"", defaults.variant.name()),
        Key::Claims => defaults.claims.to_string(),
        Key::Palette => format!("\"{}\"", defaults.palette.unwrap_or_default().name()),
        Key::Ascii => "false".to_owned(),
        Key::Plain => defaults.plain.to_string(),
        Key::Bell => defaults.bell.to_string(),
        Key::Notify => defaults.notify.to_string(),
        Key::SaveDir => "\"~/games\"".to_owned(),
    };
    let mut text = String::from(
        "# hijara's preferences: the defaults you would otherwise type every time.\n\
         # A flag on the command line beats the value here; `hijara config` shows the\n\
         # values in force and where each came from. Remove the `#` before a key to set it.\n",
    );
    for key in Key::ALL {
        text.push('\n');
        for line in about(key) {
            text.push_str("# ");
            text.push_str(line);
            text.push('\n');
        }
        text.push_str(&format!("# {} = {}\n", key.name(), value(key)));
    }
    text
}

/// What a key does, for the commented file.
fn about(key: Key) -> &'static [&'static str] {
    match key {
        Key::Level => &["The AI level `hijara play --ai` plays: random, easy, medium or hard."],
        Key::Side => &[
            "Your side in the start screen's games against the AI: blue, yellow or random.",
            "The start screen's `s` turns it and keeps it here for the next start.",
        ],
        Key::BlueName => &[
            "The name the start screen's `n` last gave Blue (and Yellow's, below): at one",
            "keyboard that player's; against the AI yours when you play Blue (else the",
            "other name). At most 16 columns, no control character. `n` keeps them here.",
        ],
        Key::YellowName => &["The name the start screen's `n` last gave Yellow."],
        Key::ThinkMs => &[
            "The hard AI's thinking time per move, in milliseconds (1 to 3600000);",
            "the other levels think a fixed amount. Unset: hard's own, 1000.",
        ],
        Key::ReviewThinkMs => &[
            "The review's thinking time per position, in milliseconds (1 to 60000): `a` in",
            "a replay, `r` after a game; the deep review (D) thinks 4 times as long.",
            "Less suits a slow machine, more gives surer verdicts. Unset: 400.",
        ],
        Key::ReviewNodes => &[
            "The review's budget per position in search nodes instead (1 to 1000000000):",
            "the same verdicts on any machine and at any load; it beats review_think_ms.",
            "400000 nodes take about 400 ms of an idle core. Unset: the time counts.",
        ],
        Key::Clock => &["The clocks of a new game: \"MINUTES+SECONDS\" like \"5+3\", or \"none\"."],
        Key::Variant => &["The rules of a new game: \"standard\" or \"corners\"."],
        Key::Claims => &["Claim your own points in new games (the table rule)."],
        Key::Palette => &[
            "The screens' colours: default, colour-blind, light, high-contrast or none.",
            "Unset: none under NO_COLOR or on a monochrome TERM (xterm-mono, vt100),",
            "else light when the terminal says its background is light (OSC 11) or,",
            "when it does not answer, COLORFGBG says so.",
        ],
        Key::Ascii => &[
            "Draw the board with ASCII characters only (fonts without box-drawing glyphs).",
            "Unset: ASCII when the locale is not UTF-8.",
        ],
        Key::Plain => &["The line mode, for screen readers, instead of the full screen."],
        Key::Bell => &["The bell when it becomes your move after the other side's."],
        Key::Notify => {
            &["A desktop notification too, when the terminal is known to be in the background."]
        }
        Key::SaveDir => {
            &["Where `s` saves records; `~/` is your home folder. Unset: the current folder."]
        }
    }
}

/// The name a level has on the command line and in the file: `hard`.
fn level_name(level: crate::ai::Level) -> String {
    crate::session::seat_token(crate::ai::Seat::from(level))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_init_file_reads_back_as_the_defaults_with_every_key_set() {
        let defaults = Prefs::default();
        let text = init_file(&defaults);
        let (settings, errors) = crate::prefs::file::parse(&text);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(settings.prefs, defaults, "every key is commented out");
        // Uncommented, every key reads without a problem.
        let set: String = text
            .lines()
            .map(|l| match l.strip_prefix("# ") {
                Some(rest) if rest.split(' ').nth(1) == Some("=") => rest,
                _ => l,
            })
            .collect::<Vec<_>>()
            .join("\n");
        let (settings, errors) = crate::prefs::file::parse(&set);
        assert!(errors.is_empty(), "{errors:?}");
        for key in Key::ALL {
            assert!(
                matches!(settings.source(key), Source::File(_)),
                "{} is in the file",
                key.name()
            );
        }
        assert_eq!(settings.prefs.level, defaults.level);
        assert_eq!(settings.prefs.bell, defaults.bell);
    }

    /// Docs helper's find: the commented file said `think_ms` was "the AI's" time,
    /// unset "each level's own", though only hard takes it. It names hard, the range
    /// and hard's own default, as the constants have them.
    #[test]
    fn the_init_file_gives_think_ms_as_hard_s_with_its_default() {
        let text = init_file(&Prefs::default());
        let at = text.find("# think_ms =").expect("a think_ms line");
        let about: String = text[..at]
            .lines()
            .rev()
            .take_while(|l| l.starts_with("# ") && !l.contains(" = "))
            .collect();
        assert!(about.contains("hard AI's thinking time"), "{about}");
        let range = format!("1 to {}", crate::ai::gtp::MAX_THINK_MS);
        assert!(about.contains(&range), "{about}");
        let default = format!("hard's own, {}", crate::ai::HARD_THINK_MS);
        assert!(about.contains(&default), "{about}");
    }
}
