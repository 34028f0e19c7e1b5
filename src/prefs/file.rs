//! The config file: where it is, and reading it. Every key is checked alone: a bad
//! key is named with its line and keeps its default, and the others still count. A
//! file that is not TOML at all is read line by line, so one broken line costs only
//! its own key.

use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

use toml::{Spanned, Value};

use super::{AiSide, Key, Palette, Settings, Source};
use crate::ai::Level;
use crate::record::TimeControl;
use crate::rules::Ruleset;

/// The environment variable that names another config file.
pub const CONFIG_ENV: &str = "HIJARA_CONFIG";

/// The largest config file read: a few hundred bytes is a full one.
pub const MAX_CONFIG_BYTES: u64 = 64 * 1024;

/// The config file's place: `$HIJARA_CONFIG` if set and not empty, else
/// `hijara/config.toml` in the XDG config folder (`$XDG_CONFIG_HOME`, else
/// `~/.config`; the platform's own folder elsewhere). `None` when there is no such
/// folder.
pub fn config_path() -> Option<PathBuf> {
    match std::env::var_os(CONFIG_ENV) {
        Some(path) if !path.is_empty() => Some(PathBuf::from(path)),
        _ => dirs::config_dir().map(|dir| dir.join("hijara").join("config.toml")),
    }
}

/// What was found at the config file's place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConfigFile {
    /// The file was read (its problems, if any, come beside it).
    Read(PathBuf),
    /// There is no file there: every value is its default.
    Missing(PathBuf),
    /// The file could not be read at all (not a regular file, too large, not UTF-8):
    /// every value is its default.
    Unreadable(PathBuf),
    /// `--no-config`: no file was looked for.
    Ignored,
    /// No config folder is known (no home folder).
    NoFolder,
}

/// A problem with one key (or one line) of the config file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrefError {
    /// The line, from 1, when the problem has one.
    pub line: Option<usize>,
    /// The column in that line, from 1, in characters (as a record's errors count).
    pub column: Option<usize>,
    /// The key, when the problem is one key's.
    pub key: Option<String>,
    /// What is wrong, and what is used instead.
    pub message: String,
}

/// The key and the message are the file's own words (a table may be named with an
/// escape sequence, and TOML's message may quote the file): shown with their control
/// characters escaped, the key cut to 40 columns, so none reaches a terminal raw.
impl fmt::Display for PrefError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = crate::text::sanitize(&self.message);
        let key = self
            .key
            .as_deref()
            .map(|key| crate::text::fit(&crate::text::sanitize(key), 40).into_owned());
        let at = match (self.line, self.column) {
            (Some(line), Some(column)) => Some(format!("line {line}, column {column}")),
            (Some(line), None) => Some(format!("line {line}")),
            (None, _) => None,
        };
        match (at, key) {
            (Some(at), Some(key)) => write!(f, "{at}, `{key}`: {message}"),
            (Some(at), None) => write!(f, "{at}: {message}"),
            (None, Some(key)) => write!(f, "`{key}`: {message}"),
            (None, None) => f.write_str(&message),
        }
    }
}

/// Why a config file over [`MAX_CONFIG_BYTES`] is not read.
fn too_large() -> String {
    format!("larger than {MAX_CONFIG_BYTES} bytes; every value is its default")
}

/// Reads the config file at `path`: the settings it gives (the defaults for what it
/// does not) and its problems. A missing file is no problem.
pub fn read(path: &Path) -> (Settings, ConfigFile, Vec<PrefError>) {
    let bytes = match crate::session::read_regular(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return (
                Settings::default(),
                ConfigFile::Missing(path.to_owned()),
                Vec::new(),
            );
        }
        Err(e) => {
            // The reader refuses a file over 1 MiB with the records' words; a config
            // file that large is over its own, smaller limit.
            let message = if e.kind() == std::io::ErrorKind::InvalidData {
                too_large()
            } else {
                format!("cannot be read ({e}); every value is its default")
            };
            let error = PrefError {
                line: None,
                column: None,
                key: None,
                message,
            };
            return (
                Settings::default(),
                ConfigFile::Unreadable(path.to_owned()),
                vec![error],
            );
        }
    };
    if bytes.len() as u64 > MAX_CONFIG_BYTES {
        let error = PrefError {
            line: None,
            column: None,
            key: None,
            message: too_large(),
        };
        return (
            Settings::default(),
            ConfigFile::Unreadable(path.to_owned()),
            vec![error],
        );
    }
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(not_utf8) => {
            // Where the first bad byte is, as a record's error says it.
            let valid = &not_utf8.as_bytes()[..not_utf8.utf8_error().valid_up_to()];
            let before = std::str::from_utf8(valid).unwrap_or_default();
            let line_start = before.rfind('\n').map_or(0, |i| i + 1);
            let error = PrefError {
                line: Some(before.matches('\n').count() + 1),
                column: Some(before[line_start..].chars().count() + 1),
                key: None,
                message: "not UTF-8 text; every value is its default".to_owned(),
            };
            return (
                Settings::default(),
                ConfigFile::Unreadable(path.to_owned()),
                vec![error],
            );
        }
    };
    let (settings, errors) = parse(&text);
    (settings, ConfigFile::Read(path.to_owned()), errors)
}

/// Keeps `key` at `value` (its TOML text, `"yellow"`) in the config file at `path`:
/// the line that sets it is rewritten, or one is added at the end of the keys (before
/// any table, where TOML would read it as the table's), and every other line, its
/// comments too, stays as it was. A missing file is made with that one line. The
/// file is read with the reader's limit and written atomically.
pub fn keep(path: &Path, key: Key, value: &str) -> std::io::Result<()> {
    let text = match crate::session::read_regular(path) {
        Ok(bytes) if bytes.len() as u64 <= MAX_CONFIG_BYTES => String::from_utf8(bytes)
            .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?,
        Ok(_) => {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                too_large(),
            ));
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(folder)?;
            }
            String::new()
        }
        Err(e) => return Err(e),
    };
    crate::session::write_atomic(path, kept(&text, key, value).as_bytes())
}

/// `text` with `key` set to `value` ([`keep`]).
fn kept(text: &str, key: Key, value: &str) -> String {
    let line = format!("{} = {value}", key.name());
    let sets = |l: &str| {
        l.split_once('=')
            .is_some_and(|(k, _)| k.trim().trim_matches(['"', '\'']) == key.name())
    };
    let mut lines: Vec<&str> = text.lines().collect();
    // The keys end where the first table starts.
    let end = lines
        .iter()
        .position(|l| l.trim_start().starts_with('['))
        .unwrap_or(lines.len());
    match lines[..end].iter().position(|l| sets(l)) {
        Some(at) => lines[at] = &line,
        None => {
            // After the last line that is not blank, before the table.
            let at = lines[..end]
                .iter()
                .rposition(|l| !l.trim().is_empty())
                .map_or(0, |i| i + 1);
            lines.insert(at, &line);
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// The settings the text of a config file gives, and its problems.
pub fn parse(text: &str) -> (Settings, Vec<PrefError>) {
    let mut settings = Settings::default();
    let mut errors = Vec::new();
    match toml::from_str::<BTreeMap<String, Spanned<Value>>>(text) {
        Ok(table) => {
            // A `[table]` is none of hijara's: named at its header, and its keys
            // (under it, or it itself as a top-level entry) are not read.
            let mut tables = Vec::new();
            for (i, line) in text.lines().enumerate() {
                if let Some(header) = TableHeader::of(line)
                    && header
                        .name
                        .as_ref()
                        .is_some_and(|name| table.contains_key(name))
                {
                    errors.push(header.error(i + 1, line));
                    tables.extend(header.name);
                }
            }
            let mut entries: Vec<(Place, &String, &Value)> = table
                .iter()
                .filter(|(key, _)| !tables.contains(key))
                .map(|(key, value)| (Place::of(text, value.span().start), key, value.get_ref()))
                .collect();
            entries.sort_by_key(|(at, ..)| (at.line, at.value));
            for (at, key, value) in entries {
                apply(&mut settings, &mut errors, at, key, value);
            }
        }
        // Not TOML as a whole: each line on its own, so the good ones still count.
        Err(_) => {
            let mut seen: BTreeMap<String, usize> = BTreeMap::new();
            // Past a table's header, each line is that table's, none of hijara's.
            let mut under_table = false;
            for (i, line) in text.lines().enumerate() {
                let n = i + 1;
                let trimmed = line.trim();
                if trimmed.is_empty() || trimmed.starts_with('#') {
                    continue;
                }
                if let Some(header) = TableHeader::of(line) {
                    under_table = true;
                    if header.name.is_some() {
                        errors.push(header.error(n, line));
                        continue;
                    }
                } else if under_table {
                    continue;
                }
                match toml::from_str::<BTreeMap<String, Spanned<Value>>>(line) {
                    Ok(table) => {
                        for (key, value) in &table {
                            let at = Place {
                                line: n,
                                ..Place::of(line, value.span().start)
                            };
                            if let Some(first) = seen.get(key) {
                                errors.push(PrefError {
                                    line: Some(n),
                                    column: Some(at.key),
                                    key: Some(key.clone()),
                                    message: format!(
                                        "set already on line {first}; this line is ignored"
                                    ),
                                });
                                continue;
                            }
                            seen.insert(key.clone(), n);
                            apply(&mut settings, &mut errors, at, key, value.get_ref());
                        }
                    }
                    Err(e) => {
                        let key = trimmed
                            .split_once('=')
                            .map(|(k, _)| k.trim().trim_matches('"').to_owned())
                            .filter(|k| Key::named(k).is_some());
                        // A known key's value TOML cannot read (a number past its
                        // range, a string with a raw control character) is told as
                        // any bad value of that key is, in the key's own words:
                        // TOML's were `u64 value was too large` or `invalid type:
                        // integer ... as i128, expected any valid TOML value`.
                        let expected = key.as_deref().and_then(Key::named).map(expectation);
                        let unclosed = trimmed
                            .split_once('=')
                            .and_then(|(_, value)| unclosed_quote(value));
                        // A raw control character outside a known key's string value
                        // (TOML takes none, a comment's neither) is the fault, named
                        // where it is: qa47 heard `column 2: key with no value` for an
                        // ESC before a key and `found "hard" # \u{1b}...` for one in a
                        // comment. One inside the string is that value's fault, told
                        // in the key's words below.
                        let control = line.char_indices().find(|&(at, c)| {
                            c.is_control() && c != '\t' && !(key.is_some() && in_string(line, at))
                        });
                        let kept = if key.is_some() {
                            "it keeps its default"
                        } else {
                            "the line is ignored"
                        };
                        let message = match (expected, trimmed.split_once('='), unclosed) {
                            _ if let Some((_, c)) = control => format!(
                                "a control character, {}, which a config file cannot hold; \
                                 {kept}",
                                c.escape_unicode()
                            ),
                            // `level = "hard`: the quote it lacks, not `expected
                            // random, easy, medium or hard, found "hard`.
                            (Some(_), Some(_), Some(quote)) => unclosed_string(quote),
                            (Some(expected), Some((_, value)), None) => format!(
                                "expected {expected}, found {}; it keeps its default",
                                found_text(written(value))
                            ),
                            _ => {
                                let why = e.message().trim();
                                match &key {
                                    Some(_) => format!("{why}; it keeps its default"),
                                    None if under_table => format!(
                                        "{why}; the line is ignored, and so are the \
                                         keys under it (they are a table's)"
                                    ),
                                    None => format!("{why}; the line is ignored"),
                                }
                            }
                        };
                        // Where TOML says the fault is (a number too large, a stray
                        // character), else where the line's text starts.
                        let column = match (control, e.span()) {
                            (Some((at, _)), _) => Place::of(line, at).value,
                            (None, Some(span)) => Place::of(line, span.start).value,
                            (None, None) => Place::of(line, 0).key,
                        };
                        errors.push(PrefError {
                            line: Some(n),
                            column: Some(column),
                            key,
                            message,
                        });
                    }
                }
            }
        }
    }
    (settings, errors)
}

/// A line that starts a TOML table (`[name]`, `[name.sub]`, `[[name]]`). hijara's
/// keys are all top-level, so a table and the keys under it are none of them: TOML
/// reads `bell` under `[section]` as `section.bell`, never as `bell`.
struct TableHeader {
    /// The table's first key (`name` of `[name.sub]`), or `None` when the header
    /// is not TOML (`[oops`).
    name: Option<String>,
    /// The header as TOML reads it (`[name.sub]`, `[[rows]]`): its keys unquoted and
    /// their escapes read, so a hostile name is shown as any key is (made safe).
    shown: String,
}

impl TableHeader {
    /// The header `line` is, if it is one: a key can't start with `[`, so a line that
    /// does is a header (a broken one when TOML can't read it).
    fn of(line: &str) -> Option<TableHeader> {
        let trimmed = line.trim_start();
        if !trimmed.starts_with('[') {
            return None;
        }
        let read = toml::from_str::<BTreeMap<String, Value>>(line).ok();
        let name = read.as_ref().and_then(|table| table.keys().next().cloned());
        // The path down the one-key tables a lone header makes (`[a.b]` is
        // `{a = {b = {}}}`; `[[a]]` ends in an array).
        let mut path = Vec::new();
        let mut level = read.as_ref().and_then(|table| table.iter().next());
        while let Some((key, value)) = level {
            path.push(key.as_str());
            level = match value {
                Value::Table(table) if table.len() == 1 => table.iter().next(),
                _ => None,
            };
        }
        let shown = if trimmed.starts_with("[[") {
            format!("[[{}]]", path.join("."))
        } else {
            format!("[{}]", path.join("."))
        };
        Some(TableHeader { name, shown })
    }

    /// The problem a readable header on line `n` is: named by its text, at its `[`.
    fn error(&self, n: usize, line: &str) -> PrefError {
        PrefError {
            line: Some(n),
            column: Some(Place::of(line, 0).key),
            key: Some(self.shown.clone()),
            message: TABLE_IGNORED.to_owned(),
        }
    }
}

/// Why a `[table]` of the config file and its keys are not read.
const TABLE_IGNORED: &str = "a table, and hijara has none: its keys go at the top of the \
    file, before any `[`; the keys under this one are ignored";

/// Where a key and its value are in the config file: the line, the column its text
/// starts at (the key's, for a `key = value` line) and the value's column; lines and
/// columns from 1, columns in characters.
#[derive(Debug, Clone, Copy)]
struct Place {
    line: usize,
    key: usize,
    value: usize,
}

impl Place {
    /// The place of byte `offset` of `text` (cut back to a character's start).
    fn of(text: &str, offset: usize) -> Place {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let before = &text[..offset];
        let start = before.rfind('\n').map_or(0, |i| i + 1);
        let this_line = &text[start..];
        let indent = this_line.len() - this_line.trim_start_matches([' ', '\t']).len();
        Place {
            line: before.matches('\n').count() + 1,
            key: this_line[..indent].chars().count() + 1,
            value: text[start..offset].chars().count() + 1,
        }
    }
}

/// Sets `name`'s value from the file's `value` (at `at`), or records why not.
fn apply(
    settings: &mut Settings,
    errors: &mut Vec<PrefError>,
    at: Place,
    name: &str,
    value: &Value,
) {
    let line = at.line;
    let Some(key) = Key::named(name) else {
        let known: Vec<&str> = Key::ALL.iter().map(|k| k.name()).collect();
        errors.push(PrefError {
            line: Some(line),
            column: Some(at.key),
            key: Some(name.to_owned()),
            message: format!("no such key (the keys: {})", known.join(", ")),
        });
        return;
    };
    match check(key, value, &mut settings.prefs) {
        Ok(()) => settings.set(key, Source::File(line)),
        Err(expected) => errors.push(PrefError {
            line: Some(line),
            column: Some(at.value),
            key: Some(name.to_owned()),
            message: format!(
                "expected {expected}, found {}; it keeps its default",
                shown(value)
            ),
        }),
    }
}

/// Sets `key` in `prefs` from `value`, or says what the key expects.
fn check(key: Key, value: &Value, prefs: &mut super::Prefs) -> Result<(), String> {
    match key {
        Key::Level => choice(value, level, LEVELS).map(|v| prefs.level = v),
        Key::Side => choice(value, AiSide::from_token, SIDES).map(|v| prefs.side = v),
        Key::BlueName => name(value).map(|v| prefs.names[0] = v),
        Key::YellowName => name(value).map(|v| prefs.names[1] = v),
        Key::ThinkMs => think_ms(value).map(|v| prefs.think_ms = Some(v)),
        Key::ReviewThinkMs => review_think_ms(value).map(|v| prefs.review_think_ms = Some(v)),
        Key::ReviewNodes => review_nodes(value).map(|v| prefs.review_nodes = Some(v)),
        Key::Clock => clock(value).map(|v| prefs.clock = v),
        Key::Variant => choice(value, |s| s.parse::<Ruleset>().ok(), "standard or corners")
            .map(|v| prefs.variant = v),
        Key::Claims => boolean(value).map(|v| prefs.claims = v),
        Key::Palette => {
            choice(value, |s| s.parse::<Palette>().ok(), PALETTES).map(|v| prefs.palette = Some(v))
        }
        Key::Ascii => boolean(value).map(|v| prefs.ascii = Some(v)),
        Key::Plain => boolean(value).map(|v| prefs.plain = v),
        Key::Bell => boolean(value).map(|v| prefs.bell = v),
        Key::Notify => boolean(value).map(|v| prefs.notify = v),
        Key::SaveDir => folder(value).map(|v| prefs.save_dir = Some(v)),
    }
}

/// What `key` expects, as its check says of a bad value: an empty table, which no
/// key takes, so every check refuses it.
fn expectation(key: Key) -> String {
    check(
        key,
        &Value::Table(Default::default()),
        &mut super::Prefs::default(),
    )
    .err()
    .unwrap_or_default()
}

const LEVELS: &str = "random, easy, medium or hard";
const SIDES: &str = "blue, yellow or random";
const PALETTES: &str = "default, colour-blind, light, high-contrast or none";

/// A value as the file wrote it, short and safe to print.
fn shown(value: &Value) -> String {
    shown_text(&match value {
        Value::String(s) => format!("{s:?}"),
        Value::Table(_) => "a table".to_owned(),
        Value::Array(_) => "a list".to_owned(),
        Value::Integer(n) => n.to_string(),
        Value::Float(x) => x.to_string(),
        Value::Boolean(b) => b.to_string(),
        Value::Datetime(d) => d.to_string(),
    })
}

/// A value's text as a line writes it, without the comment after an unquoted one
/// (a quoted value is kept whole: its `#` may be its own).
fn written(value: &str) -> &str {
    let value = value.trim();
    if value.starts_with(['"', '\'']) {
        value
    } else {
        value
            .split_once('#')
            .map_or(value, |(value, _)| value.trim_end())
    }
}

/// The quote a value opens and never closes (`"hard`, `'hard`), if it does: TOML's
/// strings are one line long. A `#` after it is the string's own.
fn unclosed_quote(value: &str) -> Option<char> {
    let value = value.trim();
    let quote = value.chars().next().filter(|c| matches!(c, '"' | '\''))?;
    let rest = &value[quote.len_utf8()..];
    let closed = if quote == '"' {
        // A basic string's `\"` is a quote inside it, not its end.
        let mut escaped = false;
        rest.chars().any(|c| {
            let end = c == '"' && !escaped;
            escaped = c == '\\' && !escaped;
            end
        })
    } else {
        rest.contains('\'')
    };
    (!closed).then_some(quote)
}

/// A config line's value that opens a string with `quote` and never closes it
/// (`level = "hard`): TOML's strings end on their line. Told with the line, column
/// (where the closing quote is missing) and key before it. Here, not
/// in src/strings: prefs sits below strings (docs/architecture.md), as its other
/// messages do.
fn unclosed_string(quote: char) -> String {
    format!("the closing {quote} is missing (a string ends on its line); it keeps its default")
}

/// Whether byte `at` of a `key = value` line is inside the value's quoted string
/// (to its closing quote, or to the line's end where it has none).
fn in_string(line: &str, at: usize) -> bool {
    let Some(eq) = line.find('=') else {
        return false;
    };
    let value = &line[eq + 1..];
    let start = eq + 1 + (value.len() - value.trim_start().len());
    let Some(quote) = line[start..]
        .chars()
        .next()
        .filter(|c| matches!(c, '"' | '\''))
    else {
        return false;
    };
    let mut escaped = false;
    let end = line[start + 1..]
        .char_indices()
        .find(|&(_, c)| {
            let closes = c == quote && !(quote == '"' && escaped);
            escaped = quote == '"' && c == '\\' && !escaped;
            closes
        })
        .map_or(line.len(), |(i, _)| start + 1 + i);
    at > start && at < end
}

/// A value's text as [`shown_text`] shows it, `nothing` where the line gives none
/// (`level =`: qa47 read `found ; it keeps its default`).
fn found_text(text: &str) -> String {
    if text.is_empty() {
        "nothing".to_owned()
    } else {
        shown_text(text)
    }
}

/// A value's text, short and safe to print.
fn shown_text(text: &str) -> String {
    crate::text::fit(&crate::text::sanitize(text), 40).into_owned()
}

/// A name kept from the start screen: a string that may stand as a name typed there
/// ([`crate::text::is_name`]: no control, bidi or invisible character, at most
/// [`super::NAME_COLUMNS`] display columns); `""` is none (the colour).
fn name(value: &Value) -> Result<Option<String>, String> {
    value
        .as_str()
        .map(str::trim_end)
        .filter(|name| crate::text::is_name(name, super::NAME_COLUMNS))
        .map(|name| Some(name.to_owned()).filter(|n| !n.is_empty()))
        .ok_or_else(|| {
            format!(
                "a name of at most {} columns, with no control or invisible character and no \
                 space first",
                super::NAME_COLUMNS
            )
        })
}

fn level(text: &str) -> Option<Level> {
    <Level as clap::ValueEnum>::from_str(text, true).ok()
}

fn choice<T>(
    value: &Value,
    parse: impl Fn(&str) -> Option<T>,
    expected: &str,
) -> Result<T, String> {
    value
        .as_str()
        .and_then(|s| parse(&s.trim().to_ascii_lowercase()))
        .ok_or_else(|| expected.to_owned())
}

fn boolean(value: &Value) -> Result<bool, String> {
    value.as_bool().ok_or_else(|| "true or false".to_owned())
}

fn think_ms(value: &Value) -> Result<u64, String> {
    use crate::ai::gtp::MAX_THINK_MS;
    value
        .as_integer()
        .and_then(|n| u64::try_from(n).ok())
        .filter(|ms| (1..=MAX_THINK_MS).contains(ms))
        .ok_or_else(|| format!("milliseconds from 1 to {MAX_THINK_MS} (an hour)"))
}

/// The most a review may think per position: a minute, as `hijara serve
/// --review-think-ms` allows (65 positions at a minute is an hour's review already).
pub const MAX_REVIEW_THINK_MS: u64 = 60_000;

fn review_think_ms(value: &Value) -> Result<u64, String> {
    value
        .as_integer()
        .and_then(|n| u64::try_from(n).ok())
        .filter(|ms| (1..=MAX_REVIEW_THINK_MS).contains(ms))
        .ok_or_else(|| format!("milliseconds from 1 to {MAX_REVIEW_THINK_MS} (a minute)"))
}

/// The most nodes a review may search per position: a billion, as `hijara bench
/// --nodes` allows.
pub const MAX_REVIEW_NODES: u64 = 1_000_000_000;

fn review_nodes(value: &Value) -> Result<u64, String> {
    value
        .as_integer()
        .and_then(|n| u64::try_from(n).ok())
        .filter(|n| (1..=MAX_REVIEW_NODES).contains(n))
        .ok_or_else(|| format!("search nodes from 1 to {MAX_REVIEW_NODES}"))
}

fn clock(value: &Value) -> Result<Option<TimeControl>, String> {
    const EXPECTED: &str = "\"MINUTES+SECONDS\" like \"5+3\", or \"none\"";
    let text = value.as_str().ok_or_else(|| EXPECTED.to_owned())?.trim();
    if text.eq_ignore_ascii_case("none") || text.eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    TimeControl::from_minutes(text)
        .map(Some)
        .map_err(|_| EXPECTED.to_owned())
}

/// A folder: `~/` at its start is the home folder.
fn folder(value: &Value) -> Result<PathBuf, String> {
    const EXPECTED: &str = "a folder, like \"~/games\"";
    let text = value.as_str().filter(|s| !s.trim().is_empty());
    let text = text.ok_or_else(|| EXPECTED.to_owned())?;
    match text.strip_prefix("~/") {
        Some(rest) => dirs::home_dir()
            .map(|home| home.join(rest))
            .ok_or_else(|| "a folder (no home folder is known for `~`)".to_owned()),
        None => Ok(PathBuf::from(text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prefs::Prefs;

    /// A config file over 1 MiB was refused as `larger than 1 MiB: not a game
    /// record` (the records' reader's words); one of 64 KiB to 1 MiB as `larger than
    /// 65536 bytes`. Both now say the config file's own limit.
    #[test]
    fn a_config_file_too_large_says_the_config_limit_not_a_record_s() {
        let dir = tempfile::tempdir().unwrap();
        for size in [MAX_CONFIG_BYTES + 1, (1 << 20) + 1] {
            let path = dir.path().join("config.toml");
            let size = usize::try_from(size).unwrap();
            std::fs::write(&path, "#".repeat(size)).unwrap();
            let (_, file, errors) = read(&path);
            assert!(matches!(file, ConfigFile::Unreadable(_)), "{size}");
            let message = &errors[0].message;
            assert!(
                message.contains("larger than 65536 bytes"),
                "{size}: {message}"
            );
            assert!(!message.contains("record"), "{size}: {message}");
        }
    }

    #[test]
    fn every_key_is_read_and_its_line_kept() {
        let text = "# mine\nlevel = \"medium\"\nthink_ms = 500\nclock = \"5+3\"\n\
            variant = \"corners\"\nclaims = true\npalette = \"light\"\nascii = true\n\
            plain = true\nbell = false\nnotify = false\nsave_dir = \"/tmp/games\"\n\
            review_think_ms = 50\nreview_nodes = 30000\n";
        let (settings, errors) = parse(text);
        assert_eq!(errors, []);
        let want = Prefs {
            level: Level::Medium,
            side: AiSide::Blue,
            names: [None, None],
            think_ms: Some(500),
            review_think_ms: Some(50),
            review_nodes: Some(30_000),
            clock: Some(TimeControl::from_minutes("5+3").unwrap()),
            variant: Ruleset::Corners,
            claims: true,
            palette: Some(Palette::Light),
            ascii: Some(true),
            plain: true,
            bell: false,
            notify: false,
            save_dir: Some(PathBuf::from("/tmp/games")),
        };
        assert_eq!(settings.prefs, want);
        assert_eq!(settings.source(Key::Level), &Source::File(2));
        assert_eq!(settings.source(Key::SaveDir), &Source::File(12));
        assert_eq!(settings.source(Key::ReviewThinkMs), &Source::File(13));
        assert_eq!(settings.source(Key::ReviewNodes), &Source::File(14));
    }

    /// s36: the start screen's side against the AI (`s`) was forgotten at each start.
    /// The file's `side` keeps it; a bad value is named with the key and keeps Blue.
    #[test]
    fn the_side_against_the_ai_is_read_and_a_bad_one_named() {
        for side in AiSide::ALL {
            let (settings, errors) = parse(&format!("side = \"{}\"\n", side.token()));
            assert_eq!(errors, []);
            assert_eq!(settings.prefs.side, side);
            assert_eq!(settings.source(Key::Side), &Source::File(1));
        }
        let (settings, errors) = parse("level = \"easy\"\nside = \"purple\"\n");
        let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "line 2, column 8, `side`: expected blue, yellow or random, found \"purple\"; it keeps its default"
            ]
        );
        assert_eq!(settings.prefs.side, AiSide::Blue);
        assert_eq!(settings.prefs.level, Level::Easy);
        // Not TOML at all: the line is still named by its key.
        let (settings, errors) = parse("side = yellow\n");
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].key.as_deref(), Some("side"));
        assert_eq!(settings.prefs.side, AiSide::Blue);
    }

    /// s37: the start screen's names were gone at the next start. The file's
    /// `blue_name` and `yellow_name` keep them; a value that could not be typed there
    /// (a control or invisible character, over 16 columns, not a string) is named with
    /// its key and keeps the default (none: the colour); `""` is none.
    #[test]
    fn the_names_are_read_and_a_bad_one_named_with_its_key() {
        let (settings, errors) =
            parse("blue_name = \"alice\"\nyellow_name = \"漢字漢字漢字漢字\"\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            settings.prefs.names,
            [
                Some("alice".to_owned()),
                Some("漢字漢字漢字漢字".to_owned())
            ]
        );
        assert_eq!(settings.source(Key::YellowName), &Source::File(2));
        for (value, found) in [
            ("\"\\u001b[2J\"", "\"\\u{1b}[2J\""),
            ("\"abcdefghijklmnopq\"", "\"abcdefghijklmnopq\""),
            ("\"漢字漢字漢字漢字漢\"", "\"漢字漢字漢字漢字漢\""),
            ("\"a\\u202eb\"", "\"a\\u{202e}b\""),
            ("\" alice\"", "\" alice\""),
            ("7", "7"),
        ] {
            let (settings, errors) = parse(&format!("blue_name = {value}\n"));
            assert_eq!(settings.prefs.names, [None, None], "{value}");
            assert_eq!(errors.len(), 1, "{value}: {errors:?}");
            assert_eq!(errors[0].key.as_deref(), Some("blue_name"));
            let said = errors[0].to_string();
            assert_eq!(
                said,
                format!(
                    "line 1, column 13, `blue_name`: expected a name of at most 16 columns, \
                     with no control or invisible character and no space first, found \
                     {found}; it keeps its default"
                ),
                "{value}"
            );
            assert!(!said.chars().any(crate::text::is_unsafe), "{said:?}");
        }
        let (settings, errors) = parse("blue_name = \"\"\n");
        assert!(errors.is_empty());
        assert_eq!(settings.prefs.names, [None, None]);
        // Kept as TOML writes a string: read back the same, a quote in it too.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        for (key, value) in [
            (Key::BlueName, "\"o\\\"neil\""),
            (Key::YellowName, "\"bob\""),
        ] {
            keep(&path, key, value).unwrap();
        }
        let (settings, _, errors) = read(&path);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(
            settings.prefs.names,
            [Some("o\"neil".to_owned()), Some("bob".to_owned())]
        );
    }

    /// s36: `s` on the start screen keeps the side in the file: its line rewritten,
    /// or one added before any table, every other line (comments too) as it was; a
    /// missing file (and its folder) is made.
    #[test]
    fn keeping_the_side_rewrites_its_line_and_keeps_the_rest() {
        assert_eq!(
            kept(
                "# mine\nside = \"blue\" # old\nbell = false\n",
                Key::Side,
                "\"yellow\""
            ),
            "# mine\nside = \"yellow\"\nbell = false\n"
        );
        assert_eq!(
            kept(
                "# side = \"blue\"\nbell = false\n\n",
                Key::Side,
                "\"random\""
            ),
            "# side = \"blue\"\nbell = false\nside = \"random\"\n\n"
        );
        assert_eq!(
            kept("bell = false\n[extra]\nside = 1\n", Key::Side, "\"yellow\""),
            "bell = false\nside = \"yellow\"\n[extra]\nside = 1\n"
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("hijara").join("config.toml");
        keep(&path, Key::Side, "\"yellow\"").unwrap();
        let (settings, _, errors) = read(&path);
        assert_eq!(errors, []);
        assert_eq!(settings.prefs.side, AiSide::Yellow);
        std::fs::write(&path, "# keep me\nlevel = \"easy\"\n").unwrap();
        keep(&path, Key::Side, "\"random\"").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "# keep me\nlevel = \"easy\"\nside = \"random\"\n"
        );
    }

    /// The review's budget (testtime): a slow machine's player, or a test, sets less
    /// than the review's 400 ms, from 1 ms to a minute (as `hijara serve
    /// --review-think-ms` takes), or a number of nodes, 1 to a billion. Before, both
    /// keys were unknown and every review on the screens thought 400 ms a position.
    #[test]
    fn the_review_s_budget_is_read_within_its_range() {
        let (settings, errors) = parse("review_think_ms = 1\n");
        assert_eq!(errors, []);
        assert_eq!(settings.prefs.review_think_ms, Some(1));
        let (settings, errors) = parse("review_think_ms = 60000\n");
        assert_eq!(errors, []);
        assert_eq!(settings.prefs.review_think_ms, Some(MAX_REVIEW_THINK_MS));
        for bad in ["0", "60001", "-5", "\"fast\"", "0.5"] {
            let (settings, errors) = parse(&format!("review_think_ms = {bad}\n"));
            let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
            assert_eq!(
                shown,
                [format!(
                    "line 1, column 19, `review_think_ms`: expected milliseconds from 1 to 60000 (a minute), found {bad}; it keeps its default"
                )]
            );
            assert_eq!(settings.prefs.review_think_ms, None);
            assert_eq!(settings.source(Key::ReviewThinkMs), &Source::Default);
        }
        for (text, want) in [("1", Some(1)), ("1000000000", Some(MAX_REVIEW_NODES))] {
            let (settings, errors) = parse(&format!("review_nodes = {text}\n"));
            assert_eq!(errors, [], "{text}");
            assert_eq!(settings.prefs.review_nodes, want);
        }
        for bad in ["0", "1000000001", "\"many\""] {
            let (settings, errors) = parse(&format!("review_nodes = {bad}\n"));
            let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
            assert_eq!(
                shown,
                [format!(
                    "line 1, column 16, `review_nodes`: expected search nodes from 1 to 1000000000, found {bad}; it keeps its default"
                )]
            );
            assert_eq!(settings.prefs.review_nodes, None);
        }
    }

    #[test]
    fn a_bad_key_is_named_with_its_line_and_alone_keeps_its_default() {
        let text = "level = \"expert\"\nvariant = \"corners\"\nlevle = \"easy\"\nthink_ms = 0\n\
            palette = 3\nclock = \"none\"\n";
        let (settings, errors) = parse(text);
        let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            shown,
            [
                "line 1, column 9, `level`: expected random, easy, medium or hard, found \"expert\"; it keeps its default",
                "line 3, column 1, `levle`: no such key (the keys: level, side, blue_name, yellow_name, think_ms, review_think_ms, review_nodes, clock, variant, claims, palette, ascii, plain, bell, notify, save_dir)",
                "line 4, column 12, `think_ms`: expected milliseconds from 1 to 3600000 (an hour), found 0; it keeps its default",
                "line 5, column 11, `palette`: expected default, colour-blind, light, high-contrast or none, found 3; it keeps its default",
            ]
        );
        assert_eq!(settings.prefs.level, Level::Hard);
        assert_eq!(settings.source(Key::Level), &Source::Default);
        assert_eq!(settings.prefs.variant, Ruleset::Corners);
        assert_eq!(settings.prefs.clock, None);
        assert_eq!(settings.source(Key::Clock), &Source::File(6));
    }

    /// qa47: a line with a raw control character was told by what TOML made of the
    /// rest (`line 1, column 2: key with no value, expected \`=\`` for an ESC before
    /// the key; `found "hard" # \u{1b}[2J comment` for one in a comment), and a key with
    /// no value as `found ; it keeps its default`. Now the character is named, escaped,
    /// at its own column, and a missing value is `nothing`.
    #[test]
    fn a_control_character_is_named_where_it_is_and_no_value_is_nothing() {
        for (text, said) in [
            (
                "\u{1b}[31mlevel = \"easy\"\n",
                "line 1, column 1: a control character, \\u{1b}, which a config file cannot \
                 hold; the line is ignored",
            ),
            (
                "le\u{7}vel = \"easy\"\n",
                "line 1, column 3: a control character, \\u{7}, which a config file cannot \
                 hold; the line is ignored",
            ),
            (
                "level = \"easy\" # \u{1b}[2J\n",
                "line 1, column 18, `level`: a control character, \\u{1b}, which a config \
                 file cannot hold; it keeps its default",
            ),
            (
                "level = \n",
                "line 1, column 9, `level`: expected random, easy, medium or hard, found \
                 nothing; it keeps its default",
            ),
        ] {
            let (settings, errors) = parse(text);
            let shown: Vec<String> = errors.iter().map(ToString::to_string).collect();
            assert_eq!(shown, [said], "{text:?}");
            assert_eq!(settings.prefs.level, Level::Hard, "{text:?}");
        }
        // A tab is no fault: TOML takes it between a key and its value.
        let (settings, errors) = parse("level\t= \"easy\"\n");
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(settings.prefs.level, Level::Easy);
    }

    /// Every error in the file names its line and column: a number too large for
    /// TOML (which makes the file not TOML, read line by line), a key set twice, a
    /// bad value, a line that is not TOML. Failed before: `line 2, \`think_ms\`: number
    /// too large...`, no column.
    #[test]
    fn every_error_in_the_file_names_its_line_and_column() {
        let text = "level = \"easy\"\nthink_ms = 99999999999999999999999\n  level = \"medium\"\n\
            variant = 3\n[oops\nbogus = 1\n";
        let (settings, errors) = parse(text);
        assert_eq!(settings.prefs.level, Level::Easy);
        let at: Vec<(Option<usize>, Option<usize>, Option<&str>)> = errors
            .iter()
            .map(|e| (e.line, e.column, e.key.as_deref()))
            .collect();
        assert_eq!(
            at,
            [
                (Some(2), Some(12), Some("think_ms")),
                (Some(3), Some(3), Some("level")),
                (Some(4), Some(11), Some("variant")),
                (Some(5), Some(6), None),
            ]
        );
        // `bogus` is under the broken `[oops` header: a table's key, not hijara's.
        assert!(
            errors[3].message.ends_with(
                "the line is ignored, and so are the keys under it (they are a table's)"
            ),
            "{}",
            errors[3]
        );
        assert!(
            errors[0]
                .to_string()
                .starts_with("line 2, column 12, `think_ms`: "),
            "{}",
            errors[0]
        );
        // A file that is TOML: a bad value's column, the key's for a key unknown.
        let (_, errors) = parse("  think_ms = \"slow\"\nno_such = 1\n");
        let at: Vec<(Option<usize>, Option<usize>)> =
            errors.iter().map(|e| (e.line, e.column)).collect();
        assert_eq!(at, [(Some(1), Some(14)), (Some(2), Some(1))]);
    }

    /// A `[table]` is read as TOML reads it: named at its header, with the keys under
    /// it none of hijara's, whether the rest of the file is TOML or not. Failed before
    /// (qa48): ``line 1, column 1, `section`: no such key``, and a file not TOML as a
    /// whole applied `bell` under `[section]` as the top-level `bell`.
    #[test]
    fn a_table_is_named_at_its_header_and_its_keys_are_not_top_level_ones() {
        let said = "a table, and hijara has none: its keys go at the top of the file, \
            before any `[`; the keys under this one are ignored";
        for text in [
            "level = \"easy\"\n[section]\nbell = false\n",
            // Not TOML as a whole (the bad line), so read line by line.
            "level = \"easy\"\nclaims = yes please\n[section]\nbell = false\n",
            "level = \"easy\"\n  [section] # notes\nbell = false\n[[more.rows]]\nlevel = 1\n",
        ] {
            let (settings, errors) = parse(text);
            assert_eq!(settings.prefs.level, Level::Easy, "{text:?}");
            assert!(
                settings.prefs.bell,
                "{text:?}: bell under a table was applied"
            );
            let tables: Vec<String> = errors
                .iter()
                .filter(|e| e.message == said)
                .map(|e| e.to_string())
                .collect();
            let header = text.lines().position(|l| l.contains("[section]")).unwrap() + 1;
            let column = if text.contains("  [section]") { 3 } else { 1 };
            assert_eq!(
                tables[0],
                format!("line {header}, column {column}, `[section]`: {said}"),
                "{text:?}"
            );
            assert!(
                errors.iter().all(
                    |e| e.key.as_deref() != Some("section") && e.key.as_deref() != Some("bell")
                ),
                "{text:?}: {errors:?}"
            );
        }
        let (_, errors) = parse("[section]\nbell = true\n[[more.rows]]\nlevel = 1\n");
        let keys: Vec<Option<&str>> = errors.iter().map(|e| e.key.as_deref()).collect();
        assert_eq!(keys, [Some("[section]"), Some("[[more.rows]]")]);
        // An inline table or a dotted key is one entry, not a table's header.
        let (_, errors) = parse("section = { bell = true }\n");
        assert_eq!(errors[0].key.as_deref(), Some("section"));
        assert!(
            errors[0].message.starts_with("no such key"),
            "{}",
            errors[0]
        );
    }

    /// A string never closed names the quote it lacks, where it is missing (the
    /// line's end) and its key. Failed before: `line 1, column 14, \`level\`: expected
    /// random, easy, medium or hard, found "hard; it keeps its default`.
    #[test]
    fn an_unclosed_string_names_its_missing_quote() {
        let (settings, errors) =
            parse("level = \"hard\nside = 'blue\nblue_name = \"a\\\"b\nvariant = \"corners\"\n");
        assert_eq!(settings.prefs.level, crate::prefs::Prefs::default().level);
        assert_eq!(settings.prefs.variant, Ruleset::Corners);
        let told: Vec<String> = errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            told,
            [
                "line 1, column 14, `level`: the closing \" is missing (a string ends on \
                 its line); it keeps its default",
                "line 2, column 13, `side`: the closing ' is missing (a string ends on its \
                 line); it keeps its default",
                "line 3, column 18, `blue_name`: the closing \" is missing (a string ends on \
                 its line); it keeps its default",
            ]
        );
    }

    #[test]
    fn a_file_that_is_not_toml_costs_only_its_broken_lines() {
        let text = "level = \"easy\"\nclaims = yes please\noops = \nvariant = \"corners\"\nlevel = \"medium\"\n";
        let (settings, errors) = parse(text);
        assert_eq!(settings.prefs.level, Level::Easy);
        assert_eq!(settings.prefs.variant, Ruleset::Corners);
        assert!(!settings.prefs.claims);
        let lines: Vec<(Option<usize>, Option<&str>)> =
            errors.iter().map(|e| (e.line, e.key.as_deref())).collect();
        assert_eq!(
            lines,
            [
                (Some(2), Some("claims")),
                (Some(3), None),
                (Some(5), Some("level"))
            ]
        );
        assert!(
            errors[1].message.ends_with("the line is ignored"),
            "{}",
            errors[1]
        );
        assert!(
            errors[2].message.contains("set already on line 1"),
            "{}",
            errors[2]
        );
    }

    #[test]
    fn a_missing_file_is_the_defaults_and_a_hostile_one_is_refused_whole() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        let (settings, found, errors) = read(&path);
        assert_eq!(
            (settings, found, errors),
            (
                Settings::default(),
                ConfigFile::Missing(path.clone()),
                vec![]
            )
        );
        std::fs::write(&path, [0xff, 0xfe, b'\n']).unwrap();
        let (settings, found, errors) = read(&path);
        assert_eq!(settings, Settings::default());
        assert_eq!(found, ConfigFile::Unreadable(path.clone()));
        assert!(errors[0].message.starts_with("not UTF-8"), "{}", errors[0]);
        // Where the bad byte is (found by the strangers helper: the error named no
        // place, as a record's does).
        std::fs::write(&path, b"palette = \"light\"\n# caf\xc3\xa9 \xff\n").unwrap();
        let (_, _, errors) = read(&path);
        assert_eq!(errors.len(), 1);
        assert_eq!(
            (errors[0].line, errors[0].column),
            (Some(2), Some(8)),
            "{}",
            errors[0]
        );
        std::fs::write(&path, format!("level = \"{}\"\n", "\u{1b}[2J".repeat(3))).unwrap();
        let (_, _, errors) = read(&path);
        assert!(
            !errors[0].to_string().chars().any(crate::text::is_unsafe),
            "{}",
            errors[0]
        );
    }
}
