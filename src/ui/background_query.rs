//! Asking the local terminal for its background colour (OSC 11) at start-up, so that
//! a light background gets the light palette when nothing else chose one.
//!
//! The query is followed by the primary device attributes query (DA1), which every
//! terminal answers, in order, after any answer to the first: the reading ends at
//! DA1's answer, byte by byte so that a key typed after it is left for the game, or
//! after [`QUIET`] without a byte, or at [`LONGEST`], or after [`MAX_READ`] bytes. An
//! answer that comes later still (a slow link) would reach the game as keys
//! (crossterm reads `ESC ]` as Alt+`]`, then the letters): the input thread drops it
//! ([`LateAnswer`]). Only ever the local terminal: `hijara serve` asks nothing.

use std::sync::atomic::{AtomicBool, Ordering};
#[cfg(unix)]
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use crate::prefs::Palette;

/// How long to wait for the terminal's first byte, and for each next one.
#[cfg(unix)]
const QUIET: Duration = Duration::from_millis(100);

/// The longest the reading takes, whatever comes.
#[cfg(unix)]
const LONGEST: Duration = Duration::from_millis(500);

/// The most bytes read: the two answers are under 50.
#[cfg(unix)]
const MAX_READ: usize = 256;

/// DA1, the query every terminal answers.
#[cfg(unix)]
const DA1: &[u8] = b"\x1b[c";

/// The most key events a late answer makes (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB ST`).
const LATE_ANSWER_KEYS: u8 = 32;

/// Set when the reading ended before DA1's answer came: an OSC 11 answer may come
/// late, as keys, and [`LateAnswer`] drops it.
static ANSWER_MAY_COME_LATE: AtomicBool = AtomicBool::new(false);

/// The palette the terminal's background suggests ([`crate::prefs::background`]), when
/// standard input and output are a terminal and it answers in time; `None` otherwise.
pub fn ask_background() -> Option<Palette> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return None;
    }
    ask()
}

#[cfg(unix)]
fn ask() -> Option<Palette> {
    use std::io::Write;
    // Raw mode: the answer is not echoed and comes without waiting for a line end;
    // off again on every way out (the guard, a panic, a signal).
    let raw = super::terminal::raw_lines().ok()?;
    let mut out = std::io::stdout().lock();
    let asked = out
        .write_all(crate::prefs::background::QUERY)
        .and_then(|()| out.write_all(DA1))
        .and_then(|()| out.flush());
    drop(out);
    if asked.is_err() {
        return None;
    }
    let read = read_answers();
    drop(raw);
    let end = crate::prefs::background::da1_end(&read);
    if end.is_none() {
        ANSWER_MAY_COME_LATE.store(true, Ordering::SeqCst);
    }
    crate::prefs::background::guess_from_answer(&read[..end.unwrap_or(read.len())])
}

#[cfg(not(unix))]
fn ask() -> Option<Palette> {
    None
}

/// The bytes the terminal sends on standard input until DA1's answer is whole, one
/// at a time (nothing past it is taken), within the limits above.
#[cfg(unix)]
fn read_answers() -> Vec<u8> {
    let start = Instant::now();
    let mut read = Vec::new();
    while read.len() < MAX_READ && crate::prefs::background::da1_end(&read).is_none() {
        let left = LONGEST.saturating_sub(start.elapsed()).min(QUIET);
        if left.is_zero() {
            break;
        }
        let mut poll = libc::pollfd {
            fd: libc::STDIN_FILENO,
            events: libc::POLLIN,
            revents: 0,
        };
        // At most 500 ms: fits an int.
        let ms = libc::c_int::try_from(left.as_millis()).unwrap_or(0);
        // SAFETY: one valid pollfd, its count 1.
        let ready = unsafe { libc::poll(&mut poll, 1, ms) };
        if ready < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        if ready <= 0 || poll.revents & libc::POLLIN == 0 {
            break;
        }
        let mut byte = 0u8;
        // SAFETY: reads at most one byte into a one-byte buffer of ours.
        let n = unsafe { libc::read(libc::STDIN_FILENO, (&raw mut byte).cast(), 1) };
        if n != 1 {
            break;
        }
        read.push(byte);
    }
    read
}

/// Drops a late answer from the terminal's events: once the reading ended before
/// DA1's answer, the next Alt+`]` (how `ESC ]` is read) starts one, and every event
/// up to its end (BEL, read as Ctrl+G, or ST, read as Alt+`\`) is dropped, at most
/// [`LATE_ANSWER_KEYS`] of them. Alt+`]` is no key of the game's.
#[derive(Debug, Default)]
pub(crate) struct LateAnswer {
    /// How many events of an answer have been dropped, while one is.
    dropping: Option<u8>,
}

impl LateAnswer {
    /// Whether `event` is part of a late answer, to be dropped.
    pub(crate) fn drops(&mut self, event: &Event) -> bool {
        self.drops_when(event, &ANSWER_MAY_COME_LATE)
    }

    fn drops_when(&mut self, event: &Event, may_come: &AtomicBool) -> bool {
        let key = match event {
            Event::Key(key) => Some(key),
            _ => None,
        };
        if let Some(count) = self.dropping {
            let ends = key.is_some_and(|k| {
                *k == KeyEvent::new(KeyCode::Char('g'), KeyModifiers::CONTROL)
                    || *k == KeyEvent::new(KeyCode::Char('\\'), KeyModifiers::ALT)
            });
            let count = count.saturating_add(1);
            self.dropping = (!ends && count < LATE_ANSWER_KEYS).then_some(count);
            return true;
        }
        let starts =
            key.is_some_and(|k| *k == KeyEvent::new(KeyCode::Char(']'), KeyModifiers::ALT));
        if starts && may_come.swap(false, Ordering::SeqCst) {
            self.dropping = Some(1);
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    /// The events crossterm makes of `bytes`, a late answer typed as keys.
    fn keys_of(text: &str) -> Vec<Event> {
        text.chars()
            .map(|c| key(KeyCode::Char(c), KeyModifiers::NONE))
            .collect()
    }

    /// A late answer (after the reading gave up) is dropped whole, by BEL or ST, and
    /// the keys after it go through; without a late answer possible, Alt+`]` and all
    /// keys go through.
    #[test]
    fn a_late_answer_never_becomes_keys() {
        for end in [
            key(KeyCode::Char('g'), KeyModifiers::CONTROL),
            key(KeyCode::Char('\\'), KeyModifiers::ALT),
        ] {
            let may_come = AtomicBool::new(true);
            let mut late = LateAnswer::default();
            let mut events = vec![key(KeyCode::Char(']'), KeyModifiers::ALT)];
            events.extend(keys_of("11;rgb:ffff/ffff/ffff"));
            events.push(end);
            for event in &events {
                assert!(late.drops_when(event, &may_come), "{event:?}");
            }
            for event in keys_of("qn") {
                assert!(!late.drops_when(&event, &may_come));
            }
            // One answer only: a second Alt+] is the player's.
            let alt = key(KeyCode::Char(']'), KeyModifiers::ALT);
            assert!(!late.drops_when(&alt, &may_come));
        }
        let may_come = AtomicBool::new(false);
        let mut late = LateAnswer::default();
        let alt = key(KeyCode::Char(']'), KeyModifiers::ALT);
        assert!(!late.drops_when(&alt, &may_come));
        assert!(!late.drops_when(&keys_of("1")[0], &may_come));
    }

    /// An answer cut short is dropped no further than its longest.
    #[test]
    fn a_late_answer_without_an_end_drops_no_more_than_its_length() {
        let may_come = AtomicBool::new(true);
        let mut late = LateAnswer::default();
        assert!(late.drops_when(&key(KeyCode::Char(']'), KeyModifiers::ALT), &may_come));
        let dropped = keys_of(&"x".repeat(100))
            .iter()
            .take_while(|e| late.drops_when(e, &may_come))
            .count();
        assert_eq!(dropped, usize::from(LATE_ANSWER_KEYS) - 1);
    }
}
