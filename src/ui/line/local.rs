//! The line mode on this machine's standard input and output: lines from a pipe (or
//! a terminal in its own cooked mode) read on a thread that outlives each screen, so
//! a line typed ahead goes to the next screen; or, when both are a terminal, its keys
//! in raw mode for the [`super::editor`].

use std::collections::VecDeque;
use std::io::{self, BufRead, IsTerminal, Read, Write};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use anyhow::Context;

use super::super::inbox::{Inbox, Wake};
use super::LineInput;

/// The longest line read from a pipe, in bytes; the rest of a longer one is dropped.
const MAX_LINE: usize = 1024;

/// The most read of one line, kept or dropped: a longer one is no lines at all (a
/// binary file, `/dev/zero`), and is read as the end of the input. Every byte read
/// counts: before s26 a line of NULs was read on for ever, the screen waiting. The
/// engine's limit (`cli::engine::MAX_READ`), for the same reasons: 8 MiB until s27,
/// when a line of 9 MiB ended the input.
const MAX_READ: u64 = 64 << 20;

/// What [`read_line`] read.
#[derive(Debug, PartialEq, Eq)]
enum Got {
    /// A line.
    Line(String),
    /// A line longer than [`MAX_READ`]: the rest is left unread.
    Endless,
    /// The end of the input (or an error).
    End,
}

/// Where the local line mode's lines come from.
#[derive(Debug)]
pub(crate) enum Source {
    /// The keys of a terminal in raw mode, edited by the line mode itself.
    Keys,
    /// Lines read from standard input on a thread of their own.
    Pipe(Arc<Pipe>),
}

/// Whether the local line mode edits lines itself: standard input and output are
/// both a terminal. Otherwise lines are read as they come (a pipe, or a terminal
/// whose own line discipline edits and echoes them).
pub(crate) fn keys_at_a_terminal() -> bool {
    io::stdin().is_terminal() && io::stdout().is_terminal()
}

/// The line mode is needed: a terminal that can't take the full screen (`TERM=dumb`),
/// or standard input or output not a terminal.
pub(crate) fn needed() -> bool {
    std::env::var_os("TERM").is_some_and(|t| t == "dumb")
        || !io::stdin().is_terminal()
        || !io::stdout().is_terminal()
}

/// The lines of standard input, read on a thread of their own, handed to the
/// running screen's inbox, or kept until the next screen attaches.
#[derive(Debug, Default)]
pub(crate) struct Pipe {
    slot: Mutex<Slot>,
}

/// Where lines go now.
#[derive(Debug, Default)]
struct Slot {
    /// The running screen's inbox.
    inbox: Option<SyncSender<Wake>>,
    /// Lines read while no screen ran.
    kept: VecDeque<String>,
    /// Standard input ended (or failed) while no screen ran.
    ended: bool,
}

impl Pipe {
    /// Starts reading standard input.
    pub(crate) fn start() -> anyhow::Result<Arc<Pipe>> {
        let pipe = Arc::new(Pipe::default());
        let reader = Arc::clone(&pipe);
        std::thread::Builder::new()
            .name("hijara-lines".into())
            .spawn(move || {
                let mut stdin = io::stdin().lock();
                loop {
                    match read_line(&mut stdin) {
                        Got::Line(line) => reader.hand(Some(line)),
                        Got::Endless => {
                            // Standard error, not the screen: its output may be a
                            // pipe read by a program. A failed write is no matter.
                            let note = crate::strings::line::endless_input(MAX_READ >> 20);
                            let _ = writeln!(io::stderr(), "{note}");
                            reader.hand(None);
                            return;
                        }
                        Got::End => {
                            reader.hand(None);
                            return;
                        }
                    }
                }
            })
            .context("cannot start the thread reading standard input")?;
        Ok(pipe)
    }

    fn slot(&self) -> MutexGuard<'_, Slot> {
        // A poisoned slot still holds its lines.
        self.slot.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Hands a line (or the end) to the running screen, or keeps it.
    fn hand(&self, line: Option<String>) {
        let mut wake = Wake::Line(line);
        loop {
            let mut slot = self.slot();
            let Some(inbox) = slot.inbox.as_ref() else {
                match wake {
                    Wake::Line(Some(line)) => slot.kept.push_back(line),
                    _ => slot.ended = true,
                }
                return;
            };
            match inbox.try_send(wake) {
                Ok(()) => return,
                Err(TrySendError::Full(back)) => {
                    wake = back;
                    drop(slot);
                    std::thread::sleep(Duration::from_millis(5));
                }
                Err(TrySendError::Disconnected(back)) => {
                    slot.inbox = None;
                    wake = back;
                }
            }
        }
    }

    /// A screen starts: the lines kept go to `input`, the next to `inbox`.
    pub(crate) fn attach(&self, inbox: &Inbox, input: &mut LineInput) {
        let mut slot = self.slot();
        input.queue.extend(slot.kept.drain(..));
        input.ended |= slot.ended;
        slot.inbox = Some(inbox.sender());
    }

    /// The screen ended: lines are kept again, and those its inbox still held go
    /// back to `input`, in order.
    pub(crate) fn detach(&self, inbox: &Inbox, input: &mut LineInput) {
        self.slot().inbox = None;
        for line in inbox.left_lines() {
            match line {
                Some(line) => input.queue.push_back(line),
                None => input.ended = true,
            }
        }
    }
}

/// One line of `input`, at most [`MAX_LINE`] bytes (the rest dropped), without its
/// line ending, invalid UTF-8 replaced; [`Got::Endless`] once more than [`MAX_READ`]
/// bytes of it are read; [`Got::End`] at the end (or an error).
fn read_line(input: &mut impl BufRead) -> Got {
    let mut bytes = Vec::new();
    let Ok(read) = input
        .by_ref()
        .take(MAX_LINE as u64)
        .read_until(b'\n', &mut bytes)
    else {
        return Got::End;
    };
    if read == 0 {
        return Got::End;
    }
    if bytes.last() != Some(&b'\n')
        && bytes.len() == MAX_LINE
        && !skip_line(input, MAX_READ - MAX_LINE as u64)
    {
        return Got::Endless;
    }
    while matches!(bytes.last(), Some(b'\n' | b'\r')) {
        bytes.pop();
    }
    Got::Line(String::from_utf8_lossy(&bytes).into_owned())
}

/// Reads `input` up to and including the next line break (or its end, or an error),
/// keeping none of it: a line of any length takes no more memory than the buffer.
/// False, the rest left unread, once more than `most` bytes come before the break.
fn skip_line(input: &mut impl BufRead, most: u64) -> bool {
    let mut read = 0u64;
    loop {
        let (used, found) = match input.fill_buf() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Ok([]) | Err(_) => return true,
            Ok(buf) => match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            },
        };
        input.consume(used);
        // Counted alike however the input comes in chunks, the break seen or not.
        read = read.saturating_add((used - usize::from(found)) as u64);
        if read > most {
            return false;
        }
        if found {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_whole_capped_and_lossless_enough() {
        let long = "x".repeat(3000);
        let text = format!("b3\r\nboard\n{long}\nc\u{e9}\n");
        let mut bytes = text.into_bytes();
        // A byte that is not UTF-8, and no line ending at the end.
        bytes.extend(b"\xfflast");
        let mut input = io::Cursor::new(bytes);
        let line = |text: &str| Got::Line(text.to_owned());
        assert_eq!(read_line(&mut input), line("b3"));
        assert_eq!(read_line(&mut input), line("board"));
        assert_eq!(read_line(&mut input), line(&long[..MAX_LINE]));
        assert_eq!(read_line(&mut input), line("c\u{e9}"));
        assert_eq!(read_line(&mut input), line("\u{fffd}last"));
        assert_eq!(read_line(&mut input), Got::End);
    }

    /// QA (s26): a line with no end (`hijara play < /dev/zero`) was read for ever,
    /// the screen waiting on it. Every byte read counts, NULs too.
    #[test]
    fn a_line_of_more_than_the_most_read_is_the_end_of_the_input() {
        // A MiB more than the most of NULs, then a line end and a line never read.
        let nuls = io::Read::take(io::repeat(0), MAX_READ + (1 << 20));
        let mut input = io::BufReader::new(io::Read::chain(nuls, &b"\nb2\n"[..]));
        assert_eq!(read_line(&mut input), Got::Endless);
        // Reading stopped at the most (and one buffer), not at the line's end.
        let left = input.get_ref().get_ref().0.limit();
        assert!((1 << 20) - (8 << 10) <= left, "{left} bytes left unread");
        // A line of just the most is a line, its first MAX_LINE bytes kept; one byte
        // more is the end, read as one chunk or many, its line end seen or not.
        let mut bytes = vec![b'x'; MAX_READ as usize];
        bytes.extend_from_slice(b"\nb2\n");
        let mut input = &bytes[..];
        assert_eq!(read_line(&mut input), Got::Line("x".repeat(MAX_LINE)));
        assert_eq!(read_line(&mut input), Got::Line("b2".to_owned()));
        bytes.insert(0, b'x');
        assert_eq!(read_line(&mut &bytes[..]), Got::Endless);
        let mut chunks = io::BufReader::with_capacity(1000, &bytes[..]);
        assert_eq!(read_line(&mut chunks), Got::Endless);
    }

    /// s27: a line of 9 MiB was the end of the input (the most was 8 MiB): one line
    /// too long is a line, its first MAX_LINE bytes kept, and the next is read.
    #[test]
    fn a_line_of_9_mib_is_a_line() {
        let nuls = io::Read::take(io::repeat(0), 9 << 20);
        let mut input = io::BufReader::new(io::Read::chain(nuls, &b"\nb2\n"[..]));
        assert_eq!(read_line(&mut input), Got::Line("\0".repeat(MAX_LINE)));
        assert_eq!(read_line(&mut input), Got::Line("b2".to_owned()));
        assert_eq!(read_line(&mut input), Got::End);
    }
}
