//! Asking a client's terminal for its background colour (OSC 11), once, as its
//! session starts, so that a light background gets the light palette when the member
//! chose none: as the local game asks its own terminal (`ui::background_query`), with
//! the same parser ([`crate::prefs::background`]).
//!
//! The connection's task and the session's thread share an [`Ask`]. The session sends
//! the query (OSC 11, then DA1, which every terminal answers after any answer to the
//! first) and waits at most [`WAIT`]; meanwhile the connection holds what the client
//! sends ([`Ask::take_in`]), at most [`MAX_READ`] bytes. DA1's answer whole (or the
//! cap) ends the wait at the connection, the deadline at the session. Either way the
//! bytes held are sorted ([`sort_input`]): the OSC 11 answer suggests the palette, and
//! the keys typed meanwhile go on to the game first, in order, none lost. An answer
//! later than the wait (a slow link) is taken out of the input until [`LATE_WINDOW`]
//! after the query, not read as keys.

use std::io::Write;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use crate::prefs::Palette;
use crate::prefs::background::{
    DA1, MAX_ANSWER_BYTES, QUERY, Sorted, da1_end, guess_from_answer, sort_input,
};

/// The longest a session waits for the answers before its lobby opens: a client that
/// answers nothing (rare: most terminals without OSC 11 still answer DA1) is held no
/// longer. The local game's reading takes at most as long; a round trip over SSH is
/// well under it on most links (and the answer to DA1 comes in the same one).
pub(crate) const WAIT: Duration = Duration::from_millis(500);

/// The most bytes held while waiting: the two answers are under 50, a key typed
/// meanwhile a few. A client that sends more ends the wait then.
const MAX_READ: usize = 256;

/// How long after the query an answer that came after [`WAIT`] is still taken out of
/// the input: as the local game's `LATE_WINDOW`, five times a slow link's round trip.
const LATE_WINDOW: Duration = Duration::from_secs(3);

/// Where the wait for one client's answers stands.
#[derive(Debug)]
enum Stage {
    /// Not over: the client's bytes are held.
    Waiting,
    /// DA1's answer came (or the cap was reached) at the connection: the palette the
    /// answer suggested, for the session to take.
    Read(Option<Palette>),
    /// The session took what was held (its deadline passed, or it did not ask): bytes
    /// go straight on, but for the answers still to come until the instant kept.
    Over(Option<Instant>),
}

/// What the connection holds while a session waits for its client's answers.
#[derive(Debug)]
struct State {
    held: Vec<u8>,
    stage: Stage,
    /// The keys handed on at the deadline ended with an `ESC` alone: it went on as the
    /// Esc key (a member's Esc must work at once), but it may have been the first byte
    /// of DA1's answer, cut there. Looked at in the next read only.
    esc_passed: bool,
}

/// One client's background query, shared by its connection (which holds the bytes it
/// reads meanwhile) and its session (which asks and waits).
#[derive(Debug)]
pub(crate) struct Ask {
    state: Mutex<State>,
    /// Rung when the connection ends the wait.
    read: Condvar,
}

impl Default for Ask {
    fn default() -> Ask {
        Ask {
            state: Mutex::new(State {
                held: Vec::new(),
                stage: Stage::Waiting,
                esc_passed: false,
            }),
            read: Condvar::new(),
        }
    }
}

/// The keys among `read`, once sorted, and apart from them an answer begun and not
/// ended, which is no key: an OSC string (at the end of [`Sorted::typed`]) or DA1's
/// answer (at the end of `read`, which [`sort_input`] stops at and leaves out of
/// [`Sorted::typed`]), whose rest is still to come.
fn keys(read: &[u8], sorted: Sorted) -> (Vec<u8>, Vec<u8>) {
    let mut typed = sorted.typed;
    let begun = match typed.windows(2).rposition(|w| w == b"\x1b]") {
        Some(start) if sorted.osc_begun => typed.split_off(start),
        _ if sorted.da1_begun => {
            // From its `ESC [`: nothing after it is an escape (the sort stopped there).
            let start = read.windows(2).rposition(|w| w == b"\x1b[").unwrap_or(0);
            read[start..].to_vec()
        }
        _ => Vec::new(),
    };
    (typed, begun)
}

impl Ask {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What of `bytes`, read from the client `now`, goes on to the game now: nothing
    /// while the wait lasts (held; once DA1's answer is whole, or [`MAX_READ`] held,
    /// the keys among all that was held), or `bytes` without an answer that came late.
    pub(crate) fn take_in(&self, bytes: &[u8], now: Instant) -> Vec<u8> {
        let mut state = self.lock();
        match state.stage {
            Stage::Waiting => {
                state.held.extend_from_slice(bytes);
                if da1_end(&state.held).is_none() && state.held.len() < MAX_READ {
                    return Vec::new();
                }
                let held = std::mem::take(&mut state.held);
                let sorted = sort_input(&held);
                state.stage = Stage::Read(sorted.answer.as_deref().and_then(guess_from_answer));
                self.read.notify_all();
                keys(&held, sorted).0
            }
            Stage::Over(Some(until)) if now < until => {
                // An answer begun in the last read is held until its rest comes.
                let mut read = std::mem::take(&mut state.held);
                // After an `ESC` alone handed on as the Esc key, a read that begins as
                // the rest of DA1's answer (`[`: no key of the lobby's follows Esc so
                // soon) is sorted with it, so that rest is no key either (it went on
                // as `[?62;22c`: `?` opened the help, `c` switched the palette).
                // (Held from the last read, that `ESC` is still in front of it.)
                let esc = std::mem::take(&mut state.esc_passed)
                    && (!read.is_empty() || bytes.first() == Some(&b'['));
                if esc && read.is_empty() {
                    read.push(0x1b);
                }
                read.extend_from_slice(bytes);
                let sorted = sort_input(&read);
                if sorted.done {
                    state.stage = Stage::Over(None);
                }
                let (mut keys, begun) = keys(&read, sorted);
                if esc && keys.first() == Some(&0x1b) {
                    // It went on already, as the Esc key.
                    keys.remove(0);
                } else if esc && !begun.is_empty() {
                    // Still held in front of an answer begun (`ESC [`, `ESC [ ? 6`).
                    state.esc_passed = true;
                }
                if begun.len() < MAX_ANSWER_BYTES {
                    state.held = begun;
                }
                keys
            }
            Stage::Read(_) | Stage::Over(_) => bytes.to_vec(),
        }
    }

    /// Sends the query through `out` and waits for the answers, at most `wait`: the
    /// palette the background suggests, if the terminal said. The keys typed
    /// meanwhile that the connection still held go to `typed`, called under the lock
    /// so that they go on before any byte the connection reads after (it must not
    /// block: the connection's task waits on the lock). A failed write asks nothing.
    pub(crate) fn ask(
        &self,
        out: &mut impl Write,
        wait: Duration,
        typed: impl FnOnce(Vec<u8>),
    ) -> Option<Palette> {
        {
            // Asked after giving the wait up (the session began in lines): the bytes
            // read from now on are held again, and sorted with any held before. A
            // wait the connection ended already (the cap) keeps what it read.
            let mut state = self.lock();
            if matches!(state.stage, Stage::Over(_)) {
                state.stage = Stage::Waiting;
                state.esc_passed = false;
            }
        }
        let asked = Instant::now();
        let sent = out
            .write_all(QUERY)
            .and_then(|()| out.write_all(DA1))
            .and_then(|()| out.flush());
        if sent.is_err() {
            self.give_up(typed);
            return None;
        }
        let deadline = asked + wait;
        let mut state = self.lock();
        while matches!(state.stage, Stage::Waiting) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                break;
            }
            state = self
                .read
                .wait_timeout(state, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
        match state.stage {
            Stage::Read(palette) => palette,
            Stage::Waiting | Stage::Over(_) => {
                let held = std::mem::take(&mut state.held);
                let sorted = sort_input(&held);
                let palette = sorted.answer.as_deref().and_then(guess_from_answer);
                let late = (!sorted.done).then(|| asked + LATE_WINDOW);
                state.stage = Stage::Over(late);
                let (keys, begun) = keys(&held, sorted);
                state.esc_passed = late.is_some() && begun.is_empty() && keys.ends_with(b"\x1b");
                state.held = begun;
                typed(keys);
                palette
            }
        }
    }

    /// Ends the wait without asking (the member chose a palette, or the terminal is
    /// one that shows none): what was held goes to `typed`, all of it keys.
    pub(crate) fn give_up(&self, typed: impl FnOnce(Vec<u8>)) {
        let mut state = self.lock();
        if matches!(state.stage, Stage::Waiting) {
            state.stage = Stage::Over(None);
            typed(std::mem::take(&mut state.held));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIGHT: &[u8] = b"\x1b]11;rgb:ffff/ffff/ffff\x07";
    const DARK: &[u8] = b"\x1b]11;rgb:0000/0000/0000\x1b\\";
    const DA1_ANSWER: &[u8] = b"\x1b[?62;22c";

    /// The answers, in any split, end the wait at the connection; the keys typed
    /// before, between and after them go on, in order.
    #[test]
    fn the_answers_are_taken_out_and_the_keys_kept() {
        for (answer, want) in [
            (LIGHT, Some(Palette::Light)),
            (DARK, Some(Palette::Default)),
        ] {
            let mut all = b"a".to_vec();
            all.extend_from_slice(answer);
            all.push(b'b');
            all.extend_from_slice(DA1_ANSWER);
            all.push(b'c');
            for split in 0..=all.len() {
                let ask = Ask::default();
                let now = Instant::now();
                let mut passed = ask.take_in(&all[..split], now);
                passed.extend(ask.take_in(&all[split..], now));
                assert_eq!(passed, b"abc", "split at {split}");
                let mut typed = None;
                let palette = ask.ask(&mut Vec::new(), Duration::ZERO, |t| typed = Some(t));
                assert_eq!(palette, want);
                assert_eq!(typed, None, "the connection handed the keys on");
            }
        }
    }

    /// A silent client: the session's deadline ends the wait; the keys held go to the
    /// session, and those read after go straight on.
    #[test]
    fn a_silent_client_costs_the_wait_and_no_key() {
        let ask = Ask::default();
        assert!(ask.take_in(b"jj", Instant::now()).is_empty());
        let mut out = Vec::new();
        let mut typed = None;
        let started = Instant::now();
        let palette = ask.ask(&mut out, Duration::from_millis(20), |t| typed = Some(t));
        assert!(started.elapsed() >= Duration::from_millis(20));
        assert_eq!(palette, None);
        assert_eq!(typed.as_deref(), Some(&b"jj"[..]));
        assert_eq!(out, [QUERY, DA1].concat());
        assert_eq!(ask.take_in(b"k", Instant::now()), b"k");
    }

    /// An answer after the wait is taken out of the input within the late window,
    /// and not after it; one cut short drops no key before it.
    #[test]
    fn a_late_answer_is_no_keys() {
        let ask = Ask::default();
        let _ = ask.ask(&mut Vec::new(), Duration::ZERO, |_| {});
        let now = Instant::now();
        let mut late = b"x".to_vec();
        late.extend_from_slice(LIGHT);
        assert_eq!(ask.take_in(&late, now), b"x");
        let mut rest = DA1_ANSWER.to_vec();
        rest.push(b'y');
        assert_eq!(ask.take_in(&rest, now), b"y");
        // DA1's answer came: nothing more is looked for.
        assert_eq!(ask.take_in(LIGHT, now), LIGHT);
        let ask = Ask::default();
        let _ = ask.ask(&mut Vec::new(), Duration::ZERO, |_| {});
        // Cut short: held until its rest, which is no key either.
        assert_eq!(ask.take_in(b"z\x1b]11;rgb:ff", now), b"z");
        assert_eq!(ask.take_in(b"ff/ffff/ffff\x07w", now), b"w");
        assert_eq!(ask.take_in(LIGHT, Instant::now() + LATE_WINDOW), LIGHT);
    }

    /// DA1's answer cut by the deadline (the rest comes later): its rest is no key
    /// either, and what follows it is. It went to the game as keys (`2;22c`).
    #[test]
    fn a_da1_answer_cut_by_the_deadline_is_no_keys() {
        // From its `ESC [` on (an `ESC` alone may be the Esc key, which goes on).
        for cut in 2..DA1_ANSWER.len() {
            let ask = Ask::default();
            let now = Instant::now();
            let mut first = b"k".to_vec();
            first.extend_from_slice(&DA1_ANSWER[..cut]);
            assert!(ask.take_in(&first, now).is_empty());
            let mut typed = None;
            let _ = ask.ask(&mut Vec::new(), Duration::ZERO, |t| typed = Some(t));
            assert_eq!(typed.as_deref(), Some(&b"k"[..]), "cut at {cut}");
            let mut rest = DA1_ANSWER[cut..].to_vec();
            rest.push(b'z');
            assert_eq!(ask.take_in(&rest, now), b"z", "cut at {cut}");
            // The answers are over: nothing more is taken out.
            assert_eq!(ask.take_in(LIGHT, now), LIGHT, "cut at {cut}");
        }
    }

    /// Brief s21 (srvleft): DA1's answer cut by the deadline right after its `ESC`.
    /// The `ESC` alone goes on at once, as the Esc key (a member's Esc must work), and
    /// the rest, when it comes, is no key: it went on as `[?62;22c`, `?` opening the
    /// lobby's help and `c` switching the palette. A real Esc loses nothing: the keys
    /// after it go on, `]` (the next page) too.
    #[test]
    fn a_da1_answer_cut_after_its_esc_is_the_esc_key_and_no_more() {
        let at_deadline = |first: &[u8]| {
            let ask = Ask::default();
            assert!(ask.take_in(first, Instant::now()).is_empty());
            let mut typed = None;
            let _ = ask.ask(&mut Vec::new(), Duration::ZERO, |t| typed = Some(t));
            (ask, typed)
        };
        let now = Instant::now();
        // The answer, its rest in one read or in two.
        for split in 1..DA1_ANSWER.len() {
            let (ask, typed) = at_deadline(b"k\x1b");
            assert_eq!(typed.as_deref(), Some(&b"k\x1b"[..]));
            let mut rest = DA1_ANSWER[1..].to_vec();
            rest.push(b'z');
            let (one, two) = rest.split_at(split);
            let mut passed = ask.take_in(one, now);
            passed.extend(ask.take_in(two, now));
            assert_eq!(passed, b"z", "split at {split}");
        }
        // A real Esc: what follows it goes on, whatever it is.
        for after in [&b"j"[..], b"]", b"[", b"\x1b", b"1"] {
            let (ask, typed) = at_deadline(b"\x1b");
            assert_eq!(typed.as_deref(), Some(&b"\x1b"[..]));
            let mut passed = ask.take_in(after, now);
            passed.extend(ask.take_in(b"q", now));
            let mut want = after.to_vec();
            want.push(b'q');
            assert_eq!(passed, want, "{after:?}");
        }
    }

    /// Past the cap, the wait ends with what came: a flood is no key held forever.
    #[test]
    fn the_bytes_held_are_capped() {
        let ask = Ask::default();
        let now = Instant::now();
        assert!(ask.take_in(&[b'x'; MAX_READ - 1], now).is_empty());
        assert_eq!(ask.take_in(b"y", now).len(), MAX_READ);
        let mut typed = None;
        assert_eq!(
            ask.ask(&mut Vec::new(), Duration::ZERO, |t| typed = Some(t)),
            None
        );
        assert_eq!(typed, None);
    }

    /// Not asking hands every byte held on, and holds none after.
    #[test]
    fn giving_up_hands_the_bytes_on() {
        let ask = Ask::default();
        assert!(ask.take_in(b"\x1b]q", Instant::now()).is_empty());
        let mut typed = None;
        ask.give_up(|t| typed = Some(t));
        assert_eq!(typed.as_deref(), Some(&b"\x1b]q"[..]));
        assert_eq!(ask.take_in(b"\x1b]q", Instant::now()), b"\x1b]q");
    }
}
