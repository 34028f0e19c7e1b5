//! Standard output for the headless commands, checked: a write that fails (a full
//! disk, `> /dev/full`, a device that refuses it) is an error naming standard output
//! (`hijara: cannot write to standard output: No space left on device`, exit 1),
//! where `println!` panics with a backtrace (exit 101). A closed pipe still ends the
//! program quietly, by SIGPIPE (`cli::end_quietly_on_a_closed_pipe`); where SIGPIPE
//! does not (no Unix signals, or a command that ignores it), a closed pipe seen here
//! ends it quietly all the same, with exit 0 as ripgrep does: the reader took all it
//! wanted.

use std::fmt::Display;
use std::io::Write;

use anyhow::Context;

/// What a failed write to standard output says, before the system's reason.
pub(crate) const STDOUT_FAILED: &str = "cannot write to standard output";

/// Writes `text` and a line break to standard output, flushed.
pub(crate) fn say(text: impl Display) -> anyhow::Result<()> {
    put(format_args!("{text}\n"))
}

/// Writes `value` as one line of JSON, as [`say`] does. Every character unsafe on a
/// terminal ([`crate::text::is_unsafe`]) is written as its `\uXXXX` escape:
/// `serde_json` escapes only C0 controls, so DEL, a C1 control (`\u{9b}`, an 8-bit
/// CSI) or a bidi override in a record's name reached a terminal raw. Such a
/// character can only stand inside a JSON string, where the escape is the same
/// text to a parser: the data a script reads is unchanged.
pub(crate) fn say_json(value: &impl serde::Serialize) -> anyhow::Result<()> {
    let text = serde_json::to_string(value)?;
    say(json_escaped(&text))
}

/// `json` with each character [`crate::text::is_unsafe`] holds for as `\uXXXX`
/// (two of them, a surrogate pair, past U+FFFF).
fn json_escaped(json: &str) -> std::borrow::Cow<'_, str> {
    use std::fmt::Write as _;
    if !json.chars().any(crate::text::is_unsafe) {
        return std::borrow::Cow::Borrowed(json);
    }
    let mut out = String::with_capacity(json.len() + 16);
    for c in json.chars() {
        if crate::text::is_unsafe(c) {
            for unit in c.encode_utf16(&mut [0; 2]) {
                // Writing to a String cannot fail.
                let _ = write!(out, "\\u{unit:04x}");
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Writes `text` as [`say`] does, after the screens of `front`: wrapped at word
/// boundaries to the terminal's width, at most
/// [`AFTER_SCREEN_COLUMNS`](crate::text::AFTER_SCREEN_COLUMNS), when they were the
/// full screen (the line mode's lines are its own, and stay whole).
pub(crate) fn say_after(front: &crate::ui::Frontend, text: impl Display) -> anyhow::Result<()> {
    if front.is_plain() {
        return say(text);
    }
    say(crate::text::wrap_message(
        &text.to_string(),
        crate::ui::after_screen_columns(),
    ))
}

/// Writes `text` and a line break to standard error: a warning, a note beside the
/// output. A write that fails (standard error on a full disk, `2> /dev/full`) is let
/// go: `eprintln!` panicked there, so a command that had done its work ended with a
/// panic's 101, and a usage error with 101 rather than 2.
/// On a terminal it is wrapped to its width as `main`'s error is (`error_report`);
/// every note is said before a screen or
/// without one, so the terminal is in its normal mode.
pub(crate) fn note(text: impl Display) {
    let text = wrapped(text.to_string(), stderr_columns());
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// Writes `text` to standard output as it is, flushed.
pub(crate) fn put(text: impl Display) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match write!(out, "{text}").and_then(|()| out.flush()) {
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        written => written.context(STDOUT_FAILED),
    }
}

/// `text` wrapped to `columns`, at most
/// [`AFTER_SCREEN_COLUMNS`](crate::text::AFTER_SCREEN_COLUMNS); as it is without.
pub(crate) fn wrapped(text: String, columns: Option<usize>) -> String {
    match columns {
        Some(columns) => {
            crate::text::wrap_message(&text, columns.clamp(1, crate::text::AFTER_SCREEN_COLUMNS))
        }
        None => text,
    }
}

/// The width of the terminal standard error writes to, or `None` when it is not a
/// terminal (or its width cannot be read): what `main`'s error and `note` wrap to.
pub fn stderr_columns() -> Option<usize> {
    use std::io::IsTerminal;
    if !std::io::stderr().is_terminal() {
        return None;
    }
    terminal_columns()
}

/// The width of the terminal standard output writes to, or `None` when it is not a
/// terminal (piped, redirected) or its width cannot be read: what a headless
/// command's text report lays itself out for (`hijara score`).
pub(crate) fn stdout_columns() -> Option<usize> {
    use std::io::IsTerminal;
    if !std::io::stdout().is_terminal() {
        return None;
    }
    #[cfg(unix)]
    return terminal_columns_of(libc::STDOUT_FILENO);
    #[cfg(not(unix))]
    return terminal_columns();
}

#[cfg(unix)]
fn terminal_columns() -> Option<usize> {
    terminal_columns_of(libc::STDERR_FILENO)
}

/// The width of the terminal `fd` is, read by TIOCGWINSZ.
#[cfg(unix)]
fn terminal_columns_of(fd: libc::c_int) -> Option<usize> {
    // SAFETY: `winsize` is plain data, filled by TIOCGWINSZ on `fd`, which the
    // callers found to be a terminal (so open); nothing is read on failure.
    let mut size: libc::winsize = unsafe { std::mem::zeroed() };
    let read = unsafe { libc::ioctl(fd, libc::TIOCGWINSZ, &mut size) };
    (read == 0 && size.ws_col > 0).then_some(usize::from(size.ws_col))
}

#[cfg(not(unix))]
fn terminal_columns() -> Option<usize> {
    ratatui::crossterm::terminal::size()
        .ok()
        .map(|(columns, _)| usize::from(columns))
        .filter(|&columns| columns > 0)
}

#[cfg(test)]
mod tests {
    use super::json_escaped;

    /// What `serde_json` leaves raw (DEL, C1, bidi, zero-width) is escaped, and the
    /// text still parses to the same value.
    #[test]
    fn unsafe_characters_in_json_are_escaped_and_the_value_kept() {
        let name = "a\u{7f}b\u{9b}31m\u{202e}c\u{200b}d\u{1b}é";
        let json = serde_json::to_string(&serde_json::json!({ "blue": name })).unwrap();
        let escaped = json_escaped(&json);
        assert!(!escaped.chars().any(crate::text::is_unsafe), "{escaped}");
        assert!(
            escaped.contains("\\u007f") && escaped.contains("\\u202e"),
            "{escaped}"
        );
        assert!(escaped.contains('é'));
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back["blue"], name);
        // Nothing to escape: the text as it was.
        assert!(matches!(
            json_escaped("{\"a\":1}"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}

/// A run that said all it had to say on standard output and still ends with a code
/// other than 0 (a wrong `puzzle --answer`: exit 1, so a script tells it from a right
/// one): `main` exits with it and writes nothing to standard error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct QuietExit(pub u8);

impl std::fmt::Display for QuietExit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "exit code {}", self.0)
    }
}

impl std::error::Error for QuietExit {}
