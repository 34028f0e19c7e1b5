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

/// Writes `text` as [`say`] does, after the screens of `front`: wrapped at word
/// boundaries to the terminal's width, at most
/// [`AFTER_SCREEN_COLUMNS`](crate::text::AFTER_SCREEN_COLUMNS), when they were the
/// full screen (the line mode's lines are its own, and stay whole).
pub(crate) fn say_after(front: &crate::ui::Frontend, text: impl Display) -> anyhow::Result<()> {
    if front.is_plain() {
        return say(text);
    }
    say(crate::text::wrap_lines(
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
            crate::text::wrap_lines(&text, columns.clamp(1, crate::text::AFTER_SCREEN_COLUMNS))
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
