//! Asking the local terminal for its background colour (OSC 11) at start-up, so that
//! a light background gets the light palette when nothing else chose one.
//!
//! The query is followed by the primary device attributes query (DA1), which every
//! terminal answers, in order, after any answer to the first: the reading ends at
//! DA1's answer, byte by byte so that a key typed after it is left for the game, or
//! after [`QUIET`] without a byte (unless an answer is cut short: then it waits on),
//! or at [`LONGEST`], or after [`MAX_READ`] bytes.
//! What the player typed during the wait is sorted from the answers
//! ([`crate::prefs::background::sort_input`]) and handed to the input thread, which
//! sends it on before anything it reads ([`LateAnswer::taking_typed`]). An answer
//! that comes later still (a slow link) would reach the game as keys (crossterm
//! reads `ESC ]` as Alt+`]`, or as Esc and `]` when the two come in two reads, then
//! the letters): the input thread drops it ([`LateAnswer`]), until [`LATE_WINDOW`]
//! after the query. `hijara serve` asks each client's terminal in `server::ask`, with the
//! same parser.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use crate::prefs::Palette;
use crate::ui::InputParser;

/// How long to wait for the terminal's first byte, and for each next one while no
/// answer is cut short ([`crate::prefs::background::cut_short`]).
#[cfg(unix)]
const QUIET: Duration = Duration::from_millis(100);

/// The longest the reading takes, whatever comes.
#[cfg(unix)]
const LONGEST: Duration = Duration::from_millis(500);

/// The most bytes read: the two answers are under 50.
#[cfg(unix)]
const MAX_READ: usize = 256;

/// How long after the query a late answer is still looked for. An answer later than
/// [`LONGEST`] is one a slow link held back: a round trip over SSH is under a second
/// even by satellite (about 600 ms), so three seconds is five times that and six
/// times [`LONGEST`]. Past it, a terminal that never answers (most that lack OSC 11
/// still answer DA1, but not all) would otherwise hold every Esc up to the input
/// thread's quiet poll (100 ms) for the whole session, and an Esc or
/// Alt+`]` then `]` would drop up to [`LATE_ANSWER_KEYS`] keys; an answer later
/// still is rare, and costs its keys once.
const LATE_WINDOW: Duration = Duration::from_secs(3);

/// The longest an Esc is held for a late answer's rest ([`LateAnswer::release`]):
/// as long as the reading waits for the rest of an answer split after its escape
/// ([`LONGEST`]). Before, it was held until the next key or the end of
/// [`LATE_WINDOW`], so in a terminal that never answers an Esc pressed at once
/// acted up to three seconds late.
const ESCAPE_HOLD: Duration = Duration::from_millis(500);

/// The most key events a late answer makes (`ESC ] 11 ; rgb:RRRR/GGGG/BBBB ST`).
const LATE_ANSWER_KEYS: u8 = 32;

/// What may still come late, as keys, once the reading ended before DA1's answer
/// came: [`LateAnswer`] drops it.
static MAY_COME: MayCome = MayCome::new(false, false);

/// What of the terminal's answers may still come late.
#[derive(Debug)]
struct MayCome {
    /// The OSC 11 answer: the reading ended before it came.
    osc: AtomicBool,
    /// DA1's answer: the reading ended before it was whole.
    da1: AtomicBool,
}

impl MayCome {
    const fn new(osc: bool, da1: bool) -> MayCome {
        MayCome {
            osc: AtomicBool::new(osc),
            da1: AtomicBool::new(da1),
        }
    }

    /// Whether an Esc may begin an answer.
    fn any(&self) -> bool {
        self.osc.load(Ordering::SeqCst) || self.da1.load(Ordering::SeqCst)
    }
}

/// How much of DA1's answer (`ESC [ ? 62 ; 22 c`) came before the reading ended or
/// an Esc was held: what of it is still to come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Da1Rest {
    /// Its `?`, then the rest (it was cut after `ESC [`).
    Question,
    /// Its digits and `;` up to its `c`.
    Params,
}

/// Until when [`MAY_COME`] holds: [`LATE_WINDOW`] after the query.
static LATE_UNTIL: Mutex<Option<Instant>> = Mutex::new(None);

/// What the reading took that was not the terminal's: the bytes the player typed
/// during the wait, and whether DA1's answer was cut short (its rest comes as keys),
/// for the input thread to take once ([`LateAnswer::taking_typed`]).
static TYPED: Mutex<Typed> = Mutex::new(Typed {
    bytes: Vec::new(),
    da1_rest: None,
});

/// See [`TYPED`].
#[derive(Debug, Default)]
struct Typed {
    bytes: Vec<u8>,
    da1_rest: Option<Da1Rest>,
}

/// The palette the terminal's background suggests ([`crate::prefs::background`]), when
/// standard input and output are a terminal and it answers in time; `None` otherwise.
pub fn ask_background() -> Option<Palette> {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return None;
    }
    ask()
}

/// [`ask_background`] for a run that opens no screen (`hijara config
/// --ask-terminal`; plain `hijara config` asks nothing), after which the keys typed
/// ahead are the shell's: not asked when some wait already (the reading would take
/// them). Keys typed during the wait itself (half a second at most) are the
/// reading's, as with any program that asks the terminal; they are not pushed back
/// (`TIOCSTI` is refused by newer kernels and is a way to type into another's shell,
/// so it is not used): the flag's help says not to type while it asks. They are
/// returned, for the caller to say they were lost (s37: they went silently).
pub fn ask_background_leaving_keys() -> (Option<Palette>, Vec<u8>) {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return (None, Vec::new());
    }
    if input_waiting() {
        return (None, Vec::new());
    }
    let palette = ask();
    // No screen follows to take them: taken from here, not left for a later reader.
    let typed = std::mem::take(&mut *TYPED.lock().unwrap_or_else(PoisonError::into_inner));
    (palette, typed.bytes)
}

/// Whether bytes wait on standard input, unread.
#[cfg(unix)]
fn input_waiting() -> bool {
    let mut waiting: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int, ours.
    let asked = unsafe { libc::ioctl(libc::STDIN_FILENO, libc::FIONREAD, &raw mut waiting) };
    asked == 0 && waiting > 0
}

#[cfg(not(unix))]
fn input_waiting() -> bool {
    false
}

#[cfg(unix)]
fn ask() -> Option<Palette> {
    use std::io::Write;
    // Raw mode: the answer is not echoed and comes without waiting for a line end;
    // off again on every way out (the guard, a panic, a signal).
    let raw = super::terminal::raw_lines().ok()?;
    let asked_at = Instant::now();
    let mut out = std::io::stdout().lock();
    let asked = out
        .write_all(crate::prefs::background::QUERY)
        .and_then(|()| out.write_all(crate::prefs::background::DA1))
        .and_then(|()| out.flush());
    drop(out);
    if asked.is_err() {
        return None;
    }
    let read = read_answers();
    drop(raw);
    let sorted = crate::prefs::background::sort_input(&read);
    if !sorted.done {
        *LATE_UNTIL.lock().unwrap_or_else(PoisonError::into_inner) =
            asked_at.checked_add(LATE_WINDOW);
        MAY_COME
            .osc
            .store(sorted.answer.is_none(), Ordering::SeqCst);
        // Begun, its rest is dropped as such; not begun, it may begin with an Esc.
        MAY_COME.da1.store(!sorted.da1_begun, Ordering::SeqCst);
    }
    let da1_rest = sorted.da1_begun.then_some(if read.ends_with(b"\x1b[") {
        Da1Rest::Question
    } else {
        Da1Rest::Params
    });
    *TYPED.lock().unwrap_or_else(PoisonError::into_inner) = Typed {
        bytes: sorted.typed,
        da1_rest,
    };
    let answer = sorted.answer?;
    crate::prefs::background::parse_answer(&answer).map(crate::prefs::background::palette_for)
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
        let left = next_wait(&read, start.elapsed());
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

/// How long the reading waits for the next byte, `elapsed` after it began, having
/// read `read`: [`QUIET`], or while an answer is cut short (an answer's escape
/// alone, an OSC string or DA1's answer begun) all that is left of [`LONGEST`], so
/// that an answer split in two writes more than [`QUIET`] apart is read whole, not
/// handed to the game half read (its escape alone was the Esc key).
#[cfg(unix)]
fn next_wait(read: &[u8], elapsed: Duration) -> Duration {
    let left = LONGEST.saturating_sub(elapsed);
    if crate::prefs::background::cut_short(read) {
        left
    } else {
        left.min(QUIET)
    }
}

/// Drops a late answer from the terminal's events: once the reading ended before
/// DA1's answer, the next Alt+`]` (how `ESC ]` is read), or Esc then `]` (the same
/// two bytes in two reads: the Esc is held until the next event, or
/// [`ESCAPE_HOLD`], as long as the OSC 11 answer may come, see
/// [`LateAnswer::release`]), starts one,
/// and every event up to its end (BEL, read as Ctrl+G, or ST, read as Alt+`\` or
/// as Esc then `\`) is dropped, at most [`LATE_ANSWER_KEYS`] of them. Alt+`]` is no
/// key of the game's. The rest of a DA1 answer the reading cut short (`?`, digits
/// and `;` up to `c`) is dropped too, and so is one that comes late split after its
/// escape (Esc, then `[`: crossterm reads a whole one as no event). All of it only
/// within [`LATE_WINDOW`] of the query: after it, every key goes through at once.
#[derive(Debug, Default)]
pub(crate) struct LateAnswer {
    /// How many events of an answer have been dropped, while one is.
    dropping: Option<u8>,
    /// An Esc held, and when it came: `]` after it starts a late answer, anything
    /// else lets it go, and so does [`ESCAPE_HOLD`] without an event.
    held_escape: Option<Instant>,
    /// An Esc held was let go for the quiet while: a `]` next is an answer's rest
    /// split from its escape by longer than [`ESCAPE_HOLD`], dropped as such.
    let_go: bool,
    /// An answer just ended by an Esc: a `\` after it is ST's second half.
    after_escape: bool,
    /// The rest of a DA1 answer is to be dropped: what of it is still to come.
    rest_of_da1: Option<Da1Rest>,
}

/// Whether `key` is `code` with exactly `modifiers`.
fn is(key: Option<&KeyEvent>, code: KeyCode, modifiers: KeyModifiers) -> bool {
    key.is_some_and(|k| *k == KeyEvent::new(code, modifiers))
}

impl LateAnswer {
    /// The filter for the input thread, and the events of what the player typed
    /// while the background query waited (taken once: a second call has none), to
    /// send on first, through the filter (a late answer may begin among them).
    pub(crate) fn taking_typed() -> (LateAnswer, Vec<Event>) {
        let typed = std::mem::replace(
            &mut *TYPED.lock().unwrap_or_else(PoisonError::into_inner),
            Typed {
                bytes: Vec::new(),
                da1_rest: None,
            },
        );
        let late = LateAnswer {
            rest_of_da1: typed.da1_rest,
            ..LateAnswer::default()
        };
        (late, events_of(&typed.bytes))
    }

    /// The events to send on for `event`, in order: none while it is part of a late
    /// answer (or an Esc held), the Esc held before it and it otherwise.
    pub(crate) fn pass(&mut self, event: Event) -> Vec<Event> {
        let until = *LATE_UNTIL.lock().unwrap_or_else(PoisonError::into_inner);
        self.expire(&MAY_COME, until, Instant::now());
        self.pass_when(event, &MAY_COME)
    }

    /// Once `now` is past `until`, no answer is looked for any more: not a late
    /// one, nor the rest of DA1's. An answer being dropped then still runs to its
    /// end (or [`LATE_ANSWER_KEYS`]).
    fn expire(&mut self, may_come: &MayCome, until: Option<Instant>, now: Instant) {
        if until.is_some_and(|until| now >= until) {
            may_come.osc.store(false, Ordering::SeqCst);
            may_come.da1.store(false, Ordering::SeqCst);
            self.rest_of_da1 = None;
        }
    }

    /// The Esc held, when no event came after it for a while (the input thread's
    /// quiet poll): the player's own, unless the OSC 11 answer may still come (its
    /// rest may come in a slow link's next packet) and it came less than
    /// [`ESCAPE_HOLD`] ago. Before, an answer split more than the quiet poll's
    /// 100 ms after its escape was the Esc key, and its rest keys; a `]` right
    /// after an Esc let go still starts an answer dropped.
    pub(crate) fn release(&mut self) -> Option<Event> {
        let until = *LATE_UNTIL.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        self.expire(&MAY_COME, until, now);
        self.release_when(&MAY_COME, now)
    }

    fn release_when(&mut self, may_come: &MayCome, now: Instant) -> Option<Event> {
        let since = self.held_escape?;
        if may_come.osc.load(Ordering::SeqCst) && now.saturating_duration_since(since) < ESCAPE_HOLD
        {
            return None;
        }
        self.held_escape = None;
        self.let_go = may_come.osc.load(Ordering::SeqCst);
        Some(Event::Key(KeyCode::Esc.into()))
    }

    fn pass_when(&mut self, event: Event, may_come: &MayCome) -> Vec<Event> {
        let key = match &event {
            Event::Key(key) => Some(*key),
            _ => None,
        };
        let key = key.as_ref();
        let none = KeyModifiers::NONE;
        if let Some(count) = self.dropping {
            if is(key, KeyCode::Esc, none) {
                // ST's first half, in a read of its own.
                self.dropping = None;
                self.after_escape = true;
                return Vec::new();
            }
            let ends = is(key, KeyCode::Char('g'), KeyModifiers::CONTROL)
                || is(key, KeyCode::Char('\\'), KeyModifiers::ALT);
            let count = count.saturating_add(1);
            self.dropping = (!ends && count < LATE_ANSWER_KEYS).then_some(count);
            return Vec::new();
        }
        if std::mem::take(&mut self.after_escape) && is(key, KeyCode::Char('\\'), none) {
            return Vec::new();
        }
        // The rest of an answer whose escape went as the Esc key (it came longer
        // than [`ESCAPE_HOLD`] after it): the Esc acted, the letters do not.
        if std::mem::take(&mut self.let_go)
            && is(key, KeyCode::Char(']'), none)
            && may_come.osc.swap(false, Ordering::SeqCst)
        {
            self.dropping = Some(2);
            return Vec::new();
        }
        if let Some(rest) = self.rest_of_da1 {
            let c = key.and_then(|k| match k.code {
                KeyCode::Char(c) if k.modifiers == none => Some(c),
                _ => None,
            });
            let part = match (rest, c) {
                (Da1Rest::Question, Some(c)) => c == '?',
                (Da1Rest::Params, Some(c)) => c.is_ascii_digit() || c == ';' || c == 'c',
                (_, None) => false,
            };
            self.rest_of_da1 = (part && c != Some('c')).then_some(Da1Rest::Params);
            if part {
                return Vec::new();
            }
        }
        if self.held_escape.take().is_some() {
            if is(key, KeyCode::Char(']'), none) && may_come.osc.swap(false, Ordering::SeqCst) {
                self.dropping = Some(2);
                return Vec::new();
            }
            if is(key, KeyCode::Char('['), none) && may_come.da1.swap(false, Ordering::SeqCst) {
                self.rest_of_da1 = Some(Da1Rest::Question);
                return Vec::new();
            }
            let mut passed = vec![Event::Key(KeyCode::Esc.into())];
            passed.extend(self.pass_when(event, may_come));
            return passed;
        }
        if is(key, KeyCode::Esc, none) && may_come.any() {
            self.held_escape = Some(Instant::now());
            return Vec::new();
        }
        if is(key, KeyCode::Char(']'), KeyModifiers::ALT)
            && may_come.osc.swap(false, Ordering::SeqCst)
        {
            self.dropping = Some(1);
            return Vec::new();
        }
        vec![event]
    }
}

/// The terminal events `bytes` make, as the server reads a client's
/// ([`InputParser`]): a lone escape at the end is the Esc key, a sequence cut short at
/// the end is dropped.
fn events_of(bytes: &[u8]) -> Vec<Event> {
    InputParser::new().feed(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    /// Whether `late` drops `event` whole (nothing passed on).
    fn drops(late: &mut LateAnswer, event: &Event, may_come: &MayCome) -> bool {
        late.pass_when(event.clone(), may_come).is_empty()
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
            let may_come = MayCome::new(true, false);
            let mut late = LateAnswer::default();
            let mut events = vec![key(KeyCode::Char(']'), KeyModifiers::ALT)];
            events.extend(keys_of("11;rgb:ffff/ffff/ffff"));
            events.push(end);
            for event in &events {
                assert!(drops(&mut late, event, &may_come), "{event:?}");
            }
            for event in keys_of("qn") {
                assert!(!drops(&mut late, &event, &may_come));
            }
            // One answer only: a second Alt+] is the player's.
            let alt = key(KeyCode::Char(']'), KeyModifiers::ALT);
            assert!(!drops(&mut late, &alt, &may_come));
        }
        let may_come = MayCome::new(false, false);
        let mut late = LateAnswer::default();
        let alt = key(KeyCode::Char(']'), KeyModifiers::ALT);
        assert!(!drops(&mut late, &alt, &may_come));
        assert!(!drops(&mut late, &keys_of("1")[0], &may_come));
    }

    /// An answer cut short is dropped no further than its longest.
    #[test]
    fn a_late_answer_without_an_end_drops_no_more_than_its_length() {
        let may_come = MayCome::new(true, false);
        let mut late = LateAnswer::default();
        assert!(drops(
            &mut late,
            &key(KeyCode::Char(']'), KeyModifiers::ALT),
            &may_come
        ));
        let dropped = keys_of(&"x".repeat(100))
            .iter()
            .take_while(|e| drops(&mut late, e, &may_come))
            .count();
        assert_eq!(dropped, usize::from(LATE_ANSWER_KEYS) - 1);
    }

    fn esc() -> Event {
        key(KeyCode::Esc, KeyModifiers::NONE)
    }

    /// A late answer whose `ESC` and `]` came in two reads (crossterm: Esc, then
    /// `]`) is dropped whole too, and so is one whose ST came split (Esc, then
    /// `\`); before, the Esc reached the game (a quit question) and the rest as keys.
    #[test]
    fn a_late_answer_split_after_its_escape_is_dropped() {
        let may_come = MayCome::new(true, false);
        let mut late = LateAnswer::default();
        let mut events = vec![esc()];
        events.extend(keys_of("]11;rgb:ffff/ffff/ffff"));
        events.push(esc());
        events.extend(keys_of("\\"));
        for event in &events {
            assert!(drops(&mut late, event, &may_come), "{event:?}");
        }
        assert_eq!(late.release_when(&may_come, Instant::now()), None);
        assert_eq!(
            late.pass_when(keys_of("q")[0].clone(), &may_come),
            keys_of("q")
        );
        // One answer only: the player's Esc goes through at once.
        assert_eq!(late.pass_when(esc(), &may_come), vec![esc()]);
    }

    /// While an answer may come late, the player's own Esc is held until the next
    /// event (which follows it), or [`ESCAPE_HOLD`]: never lost, never after a key
    /// typed after it; once the answer can no longer come (it came, or the window
    /// passed), a quiet while lets it go ([`LateAnswer::release`]).
    #[test]
    fn an_escape_held_for_a_late_answer_is_let_go() {
        // s20: in a terminal that never answers, an Esc at once was held until the
        // late-answer window's end (three seconds after the query); it goes after
        // ESCAPE_HOLD, and a `]` right after it still starts an answer dropped.
        let may_come = MayCome::new(true, false);
        let mut late = LateAnswer::default();
        assert!(drops(&mut late, &esc(), &may_come));
        let held = late.held_escape.unwrap();
        let soon = held + ESCAPE_HOLD / 2;
        assert_eq!(late.release_when(&may_come, soon), None);
        assert_eq!(
            late.release_when(&may_come, held + ESCAPE_HOLD),
            Some(esc())
        );
        assert_eq!(late.release_when(&may_come, held + ESCAPE_HOLD), None);
        for event in keys_of("]11;rgb:ffff/ffff/ffff") {
            assert!(drops(&mut late, &event, &may_come), "{event:?}");
        }
        assert!(drops(
            &mut late,
            &key(KeyCode::Char('g'), KeyModifiers::CONTROL),
            &may_come
        ));
        assert_eq!(late.pass_when(esc(), &may_come), vec![esc()]);
        // Let go, the Esc leaves nothing behind: a key after it is a key.
        let may_come = MayCome::new(true, false);
        let mut late = LateAnswer::default();
        assert!(drops(&mut late, &esc(), &may_come));
        let later = Instant::now() + ESCAPE_HOLD;
        assert_eq!(late.release_when(&may_come, later), Some(esc()));
        assert!(!drops(&mut late, &keys_of("q").remove(0), &may_come));
        assert!(!drops(&mut late, &keys_of("]").remove(0), &may_come));

        let may_come = MayCome::new(true, false);
        let mut late = LateAnswer::default();
        assert!(drops(&mut late, &esc(), &may_come));
        let y = keys_of("y").remove(0);
        assert_eq!(late.pass_when(y.clone(), &may_come), vec![esc(), y]);
        assert!(drops(&mut late, &esc(), &may_come));
        // A quiet while: the answer's rest may still come.
        assert_eq!(late.release_when(&may_come, Instant::now()), None);
        // Two Escs: the first goes when the second comes, which is held in turn.
        assert_eq!(late.pass_when(esc(), &may_come), vec![esc()]);
        assert!(may_come.osc.load(Ordering::SeqCst), "no answer began");
        // The window passed: the quiet while lets it go.
        let asked = Instant::now();
        late.expire(
            &may_come,
            asked.checked_add(LATE_WINDOW),
            asked + LATE_WINDOW,
        );
        assert_eq!(late.release_when(&may_come, Instant::now()), Some(esc()));
        assert_eq!(late.release_when(&may_come, Instant::now()), None);
        // Only DA1's answer may come (the OSC 11 one came): the Esc is held for
        // the next event or a quiet while, as long as a split read takes.
        let may_come = MayCome::new(false, true);
        assert!(drops(&mut late, &esc(), &may_come));
        assert_eq!(late.release_when(&may_come, Instant::now()), Some(esc()));
        // No answer to come: Esc goes through at once.
        let may_come = MayCome::new(false, false);
        assert_eq!(late.pass_when(esc(), &may_come), vec![esc()]);
    }

    /// A late answer split after its escape by more than the input thread's quiet
    /// poll (a slow link's two packets) is dropped whole: the quiet while between
    /// its two halves lets no Esc go. Before, the Esc reached the game (a quit
    /// question) and `]11;rgb:...` went on as keys.
    #[test]
    fn a_late_answer_split_long_after_its_escape_is_dropped() {
        let may_come = MayCome::new(true, true);
        let mut late = LateAnswer::default();
        assert!(drops(&mut late, &esc(), &may_come));
        for _ in 0..5 {
            assert_eq!(late.release_when(&may_come, Instant::now()), None);
        }
        for event in keys_of("]11;rgb:ffff/ffff/ffff") {
            assert!(drops(&mut late, &event, &may_come), "{event:?}");
        }
        assert!(drops(
            &mut late,
            &key(KeyCode::Char('g'), KeyModifiers::CONTROL),
            &may_come
        ));
        assert_eq!(late.release_when(&may_come, Instant::now()), None);
        assert_eq!(late.pass_when(esc(), &may_come), Vec::<Event>::new());
        // DA1's answer after it, split after its escape too: dropped to its `c`.
        for event in keys_of("[?62;22c") {
            assert!(drops(&mut late, &event, &may_come), "{event:?}");
        }
        assert_eq!(
            late.pass_when(keys_of("q")[0].clone(), &may_come),
            keys_of("q")
        );
        // Nothing more to come: the player's Esc goes through at once.
        assert_eq!(late.pass_when(esc(), &may_come), vec![esc()]);
    }

    /// DA1's answer cut right after its `ESC [` by the reading: its `?` is dropped
    /// (it opened the help), then its digits up to `c`; a `?` anywhere else is
    /// the player's.
    #[test]
    fn the_question_mark_of_a_da1_answer_cut_after_its_csi_is_dropped() {
        let may_come = MayCome::new(false, false);
        let mut late = LateAnswer {
            rest_of_da1: Some(Da1Rest::Question),
            ..LateAnswer::default()
        };
        for event in keys_of("?62;22c") {
            assert!(drops(&mut late, &event, &may_come), "{event:?}");
        }
        assert!(!drops(&mut late, &keys_of("?").remove(0), &may_come));
        let mut late = LateAnswer {
            rest_of_da1: Some(Da1Rest::Params),
            ..LateAnswer::default()
        };
        assert!(!drops(&mut late, &keys_of("?").remove(0), &may_come));
    }

    /// The reading waits a quiet while for each byte, but all it has left for
    /// the rest of an answer cut short: an escape alone, an OSC string begun.
    #[cfg(unix)]
    #[test]
    fn the_reading_waits_for_the_rest_of_an_answer() {
        let at = Duration::from_millis(150);
        let left = LONGEST - at;
        assert_eq!(next_wait(b"", at), QUIET);
        assert_eq!(next_wait(b"h", at), QUIET);
        assert_eq!(next_wait(b"\x1b", at), left);
        assert_eq!(next_wait(b"\x1b]11;rgb:ff", at), left);
        assert_eq!(next_wait(b"\x1b]11;rgb:0/0/0\x07\x1b[?6", at), left);
        assert_eq!(next_wait(b"\x1b", LONGEST), Duration::ZERO);
    }

    /// Past [`LATE_WINDOW`], a terminal that never answered costs nothing: Esc goes
    /// through at once, and Esc or Alt+`]` then `]` drop no key. Before, both held
    /// for the whole session.
    #[test]
    fn no_answer_is_looked_for_past_the_window() {
        let asked = Instant::now();
        let until = asked.checked_add(LATE_WINDOW);
        let may_come = MayCome::new(true, false);
        let mut late = LateAnswer {
            rest_of_da1: Some(Da1Rest::Params),
            ..LateAnswer::default()
        };
        // Within the window, all is still looked for.
        late.expire(&may_come, until, asked);
        assert!(may_come.osc.load(Ordering::SeqCst));
        assert!(late.rest_of_da1.is_some());
        late.expire(&may_come, until, asked + LATE_WINDOW);
        assert!(!may_come.osc.load(Ordering::SeqCst));
        assert_eq!(late.pass_when(esc(), &may_come), vec![esc()]);
        let alt = key(KeyCode::Char(']'), KeyModifiers::ALT);
        assert_eq!(late.pass_when(alt.clone(), &may_come), vec![alt]);
        for event in keys_of("];1c") {
            assert_eq!(late.pass_when(event.clone(), &may_come), vec![event]);
        }
        // No window (the reading was whole): nothing expires, nothing was to come.
        let may_come = MayCome::new(false, false);
        let mut late = LateAnswer::default();
        late.expire(&may_come, None, asked + LATE_WINDOW);
        assert_eq!(late.pass_when(esc(), &may_come), vec![esc()]);
    }

    /// The rest of a DA1 answer the reading cut short (`;22c` of `ESC [ ? 62 ; 22 c`)
    /// is dropped up to its `c`, and nothing after it.
    #[test]
    fn the_rest_of_a_da1_answer_cut_short_is_dropped() {
        let may_come = MayCome::new(false, false);
        let mut late = LateAnswer {
            rest_of_da1: Some(Da1Rest::Params),
            ..LateAnswer::default()
        };
        for event in keys_of(";22c") {
            assert!(drops(&mut late, &event, &may_come), "{event:?}");
        }
        for event in keys_of("2c") {
            assert!(!drops(&mut late, &event, &may_come), "{event:?}");
        }
        // A key that is no part of it ends the dropping, and goes through.
        let mut late = LateAnswer {
            rest_of_da1: Some(Da1Rest::Params),
            ..LateAnswer::default()
        };
        assert!(drops(&mut late, &keys_of("6").remove(0), &may_come));
        assert!(!drops(&mut late, &keys_of("h").remove(0), &may_come));
        assert!(!drops(&mut late, &keys_of("1").remove(0), &may_come));
    }

    /// The bytes typed during the wait become the events crossterm would have read:
    /// letters, Enter, an arrow, Alt+x, and a lone escape at the end the Esc key.
    #[test]
    fn typed_bytes_become_the_keys_they_are() {
        let events = events_of(b"h1\r\x1b[Ax\x1bq\x1b");
        let mut want = keys_of("h1");
        want.push(key(KeyCode::Enter, KeyModifiers::NONE));
        want.push(key(KeyCode::Up, KeyModifiers::NONE));
        want.extend(keys_of("x"));
        want.push(key(KeyCode::Char('q'), KeyModifiers::ALT));
        want.push(esc());
        assert_eq!(events, want);
        assert_eq!(events_of(b""), Vec::new());
        // A sequence cut short at the end is no key.
        assert_eq!(events_of(b"a\x1b[1;"), keys_of("a"));
    }
}
