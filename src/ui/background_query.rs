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
//! sends it on before anything it reads ([`LateAnswer::take_typed`]). An answer
//! that comes later still (a slow link) would reach the game as keys (crossterm
//! reads `ESC ]` as Alt+`]`, or as Esc and `]` when the two come in two reads, then
//! the letters): the input thread drops it ([`LateAnswer`]), until [`LATE_WINDOW`]
//! after the query. All of it is one value the query returns with its palette and
//! the caller hands to the input thread: no state of it is the process's. `hijara serve` asks each client's terminal in `server::ask`, with the
//! same parser.

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

/// What of the terminal's answers may still come late, as keys, once the reading
/// ended before DA1's answer came: [`LateAnswer`] drops it.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
struct MayCome {
    /// The OSC 11 answer: the reading ended before it came.
    osc: bool,
    /// DA1's answer: the reading ended before it was whole.
    da1: bool,
}

impl MayCome {
    /// Whether an Esc may begin an answer.
    fn any(self) -> bool {
        self.osc || self.da1
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

/// The palette the terminal's background suggests ([`crate::prefs::background`]), when
/// standard input and output are a terminal and it answers in time (`None`
/// otherwise), and what the query leaves for the input thread that reads the
/// terminal next ([`LateAnswer`]: the keys typed during the wait, and what of a
/// late answer to drop; nothing when it was not asked). The caller hands the latter
/// to that thread ([`super::Frontend::ask_background`] keeps it for its screens).
pub(crate) fn ask_background() -> (Option<Palette>, LateAnswer) {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return (None, LateAnswer::default());
    }
    ask()
}

/// The background query, as `ask_background` asks it, for a run that opens no
/// screen (`hijara config --ask-terminal`; plain `hijara config` asks nothing),
/// after which the keys typed
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
    // No screen follows to take them: taken from here, not left for a later reader.
    let (palette, late) = ask();
    (palette, late.typed)
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
fn ask() -> (Option<Palette>, LateAnswer) {
    use std::io::Write;
    // Raw mode: the answer is not echoed and comes without waiting for a line end;
    // off again on every way out (the guard, a panic, a signal).
    let Ok(raw) = super::terminal::raw_lines() else {
        return (None, LateAnswer::default());
    };
    let asked_at = Instant::now();
    let mut out = std::io::stdout().lock();
    let asked = out
        .write_all(crate::prefs::background::QUERY)
        .and_then(|()| out.write_all(crate::prefs::background::DA1))
        .and_then(|()| out.flush());
    drop(out);
    if asked.is_err() {
        return (None, LateAnswer::default());
    }
    let read = read_answers();
    drop(raw);
    after_reading(&read, asked_at)
}

#[cfg(not(unix))]
fn ask() -> (Option<Palette>, LateAnswer) {
    (None, LateAnswer::default())
}

/// What a reading that took `read` from the terminal, asked at `asked_at`, comes
/// to: the palette its answer suggests, and the filter for the input thread (the
/// keys typed among the answers, and what of them may still come late).
fn after_reading(read: &[u8], asked_at: Instant) -> (Option<Palette>, LateAnswer) {
    let sorted = crate::prefs::background::sort_input(read);
    let mut late = LateAnswer::default();
    if !sorted.done {
        late.until = asked_at.checked_add(LATE_WINDOW);
        late.may_come = MayCome {
            osc: sorted.answer.is_none(),
            // Begun, its rest is dropped as such; not begun, it may begin with an Esc.
            da1: !sorted.da1_begun,
        };
    }
    late.rest_of_da1 = sorted.da1_begun.then_some(if read.ends_with(b"\x1b[") {
        Da1Rest::Question
    } else {
        Da1Rest::Params
    });
    late.typed = sorted.typed;
    let palette = sorted
        .answer
        .and_then(|answer| crate::prefs::background::parse_answer(&answer))
        .map(crate::prefs::background::palette_for);
    (palette, late)
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
///
/// One owned value: the query makes it ([`ask_background`]) and the input thread
/// that reads the terminal after it owns it, then hands it back when it stops, for
/// the next one ([`super::terminal_input::InputThread::stop`]). Before s38 it was
/// three statics the query wrote and the input thread read, which every query in
/// the process shared. The default looks for nothing: no query was made, or it
/// was answered whole.
#[derive(Debug, Default)]
pub(crate) struct LateAnswer {
    /// What of the terminal's answers may still come late.
    may_come: MayCome,
    /// Until when [`LateAnswer::may_come`] and [`LateAnswer::rest_of_da1`] hold:
    /// [`LATE_WINDOW`] after the query; `None` when the reading was whole.
    until: Option<Instant>,
    /// The bytes the player typed while the query waited, to send on before
    /// anything read after it (taken once: [`LateAnswer::take_typed`]).
    typed: Vec<u8>,
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
    /// The events of what the player typed while the background query waited
    /// (taken once: a second call has none), to send on first, through the filter
    /// (a late answer may begin among them).
    pub(crate) fn take_typed(&mut self) -> Vec<Event> {
        events_of(&std::mem::take(&mut self.typed))
    }

    /// The events to send on for `event`, in order: none while it is part of a late
    /// answer (or an Esc held), the Esc held before it and it otherwise.
    pub(crate) fn pass(&mut self, event: Event) -> Vec<Event> {
        self.expire(Instant::now());
        self.pass_when(event)
    }

    /// Once `now` is past [`LateAnswer::until`], no answer is looked for any more:
    /// not a late one, nor the rest of DA1's. An answer being dropped then still
    /// runs to its end (or [`LATE_ANSWER_KEYS`]).
    fn expire(&mut self, now: Instant) {
        if self.until.is_some_and(|until| now >= until) {
            self.may_come = MayCome::default();
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
        let now = Instant::now();
        self.expire(now);
        self.release_when(now)
    }

    fn release_when(&mut self, now: Instant) -> Option<Event> {
        let since = self.held_escape?;
        if self.may_come.osc && now.saturating_duration_since(since) < ESCAPE_HOLD {
            return None;
        }
        self.held_escape = None;
        self.let_go = self.may_come.osc;
        Some(Event::Key(KeyCode::Esc.into()))
    }

    fn pass_when(&mut self, event: Event) -> Vec<Event> {
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
            && std::mem::take(&mut self.may_come.osc)
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
            if is(key, KeyCode::Char(']'), none) && std::mem::take(&mut self.may_come.osc) {
                self.dropping = Some(2);
                return Vec::new();
            }
            if is(key, KeyCode::Char('['), none) && std::mem::take(&mut self.may_come.da1) {
                self.rest_of_da1 = Some(Da1Rest::Question);
                return Vec::new();
            }
            let mut passed = vec![Event::Key(KeyCode::Esc.into())];
            passed.extend(self.pass_when(event));
            return passed;
        }
        if is(key, KeyCode::Esc, none) && self.may_come.any() {
            self.held_escape = Some(Instant::now());
            return Vec::new();
        }
        if is(key, KeyCode::Char(']'), KeyModifiers::ALT) && std::mem::take(&mut self.may_come.osc)
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
    fn drops(late: &mut LateAnswer, event: &Event) -> bool {
        late.pass_when(event.clone()).is_empty()
    }

    /// A filter that looks for the OSC 11 answer (`osc`) and DA1's (`da1`) to come
    /// late, with no window's end.
    fn expecting(osc: bool, da1: bool) -> LateAnswer {
        LateAnswer {
            may_come: MayCome { osc, da1 },
            ..LateAnswer::default()
        }
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
            let mut late = expecting(true, false);
            let mut events = vec![key(KeyCode::Char(']'), KeyModifiers::ALT)];
            events.extend(keys_of("11;rgb:ffff/ffff/ffff"));
            events.push(end);
            for event in &events {
                assert!(drops(&mut late, event), "{event:?}");
            }
            for event in keys_of("qn") {
                assert!(!drops(&mut late, &event));
            }
            // One answer only: a second Alt+] is the player's.
            let alt = key(KeyCode::Char(']'), KeyModifiers::ALT);
            assert!(!drops(&mut late, &alt));
        }
        let mut late = expecting(false, false);
        let alt = key(KeyCode::Char(']'), KeyModifiers::ALT);
        assert!(!drops(&mut late, &alt));
        assert!(!drops(&mut late, &keys_of("1")[0]));
    }

    /// An answer cut short is dropped no further than its longest.
    #[test]
    fn a_late_answer_without_an_end_drops_no_more_than_its_length() {
        let mut late = expecting(true, false);
        assert!(drops(
            &mut late,
            &key(KeyCode::Char(']'), KeyModifiers::ALT)
        ));
        let dropped = keys_of(&"x".repeat(100))
            .iter()
            .take_while(|e| drops(&mut late, e))
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
        let mut late = expecting(true, false);
        let mut events = vec![esc()];
        events.extend(keys_of("]11;rgb:ffff/ffff/ffff"));
        events.push(esc());
        events.extend(keys_of("\\"));
        for event in &events {
            assert!(drops(&mut late, event), "{event:?}");
        }
        assert_eq!(late.release_when(Instant::now()), None);
        assert_eq!(late.pass_when(keys_of("q")[0].clone()), keys_of("q"));
        // One answer only: the player's Esc goes through at once.
        assert_eq!(late.pass_when(esc()), vec![esc()]);
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
        let mut late = expecting(true, false);
        assert!(drops(&mut late, &esc()));
        let held = late.held_escape.unwrap();
        let soon = held + ESCAPE_HOLD / 2;
        assert_eq!(late.release_when(soon), None);
        assert_eq!(late.release_when(held + ESCAPE_HOLD), Some(esc()));
        assert_eq!(late.release_when(held + ESCAPE_HOLD), None);
        for event in keys_of("]11;rgb:ffff/ffff/ffff") {
            assert!(drops(&mut late, &event), "{event:?}");
        }
        assert!(drops(
            &mut late,
            &key(KeyCode::Char('g'), KeyModifiers::CONTROL)
        ));
        assert_eq!(late.pass_when(esc()), vec![esc()]);
        // Let go, the Esc leaves nothing behind: a key after it is a key.
        let mut late = expecting(true, false);
        assert!(drops(&mut late, &esc()));
        let later = Instant::now() + ESCAPE_HOLD;
        assert_eq!(late.release_when(later), Some(esc()));
        assert!(!drops(&mut late, &keys_of("q").remove(0)));
        assert!(!drops(&mut late, &keys_of("]").remove(0)));

        let mut late = expecting(true, false);
        assert!(drops(&mut late, &esc()));
        let y = keys_of("y").remove(0);
        assert_eq!(late.pass_when(y.clone()), vec![esc(), y]);
        assert!(drops(&mut late, &esc()));
        // A quiet while: the answer's rest may still come.
        assert_eq!(late.release_when(Instant::now()), None);
        // Two Escs: the first goes when the second comes, which is held in turn.
        assert_eq!(late.pass_when(esc()), vec![esc()]);
        assert!(late.may_come.osc, "no answer began");
        // The window passed: the quiet while lets it go.
        let asked = Instant::now();
        late.until = asked.checked_add(LATE_WINDOW);
        late.expire(asked + LATE_WINDOW);
        assert_eq!(late.release_when(Instant::now()), Some(esc()));
        assert_eq!(late.release_when(Instant::now()), None);
        // Only DA1's answer may come (the OSC 11 one came): the Esc is held for
        // the next event or a quiet while, as long as a split read takes.
        late.may_come = MayCome {
            osc: false,
            da1: true,
        };
        assert!(drops(&mut late, &esc()));
        assert_eq!(late.release_when(Instant::now()), Some(esc()));
        // No answer to come: Esc goes through at once.
        late.may_come = MayCome::default();
        assert_eq!(late.pass_when(esc()), vec![esc()]);
    }

    /// A late answer split after its escape by more than the input thread's quiet
    /// poll (a slow link's two packets) is dropped whole: the quiet while between
    /// its two halves lets no Esc go. Before, the Esc reached the game (a quit
    /// question) and `]11;rgb:...` went on as keys.
    #[test]
    fn a_late_answer_split_long_after_its_escape_is_dropped() {
        let mut late = expecting(true, true);
        assert!(drops(&mut late, &esc()));
        for _ in 0..5 {
            assert_eq!(late.release_when(Instant::now()), None);
        }
        for event in keys_of("]11;rgb:ffff/ffff/ffff") {
            assert!(drops(&mut late, &event), "{event:?}");
        }
        assert!(drops(
            &mut late,
            &key(KeyCode::Char('g'), KeyModifiers::CONTROL)
        ));
        assert_eq!(late.release_when(Instant::now()), None);
        assert_eq!(late.pass_when(esc()), Vec::<Event>::new());
        // DA1's answer after it, split after its escape too: dropped to its `c`.
        for event in keys_of("[?62;22c") {
            assert!(drops(&mut late, &event), "{event:?}");
        }
        assert_eq!(late.pass_when(keys_of("q")[0].clone()), keys_of("q"));
        // Nothing more to come: the player's Esc goes through at once.
        assert_eq!(late.pass_when(esc()), vec![esc()]);
    }

    /// DA1's answer cut right after its `ESC [` by the reading: its `?` is dropped
    /// (it opened the help), then its digits up to `c`; a `?` anywhere else is
    /// the player's.
    #[test]
    fn the_question_mark_of_a_da1_answer_cut_after_its_csi_is_dropped() {
        let mut late = LateAnswer {
            may_come: MayCome::default(),
            rest_of_da1: Some(Da1Rest::Question),
            ..LateAnswer::default()
        };
        for event in keys_of("?62;22c") {
            assert!(drops(&mut late, &event), "{event:?}");
        }
        assert!(!drops(&mut late, &keys_of("?").remove(0)));
        let mut late = LateAnswer {
            rest_of_da1: Some(Da1Rest::Params),
            ..LateAnswer::default()
        };
        assert!(!drops(&mut late, &keys_of("?").remove(0)));
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
        let mut late = LateAnswer {
            may_come: MayCome {
                osc: true,
                da1: false,
            },
            rest_of_da1: Some(Da1Rest::Params),
            ..LateAnswer::default()
        };
        late.until = until;
        // Within the window, all is still looked for.
        late.expire(asked);
        assert!(late.may_come.osc);
        assert!(late.rest_of_da1.is_some());
        late.expire(asked + LATE_WINDOW);
        assert!(!late.may_come.osc);
        assert_eq!(late.pass_when(esc()), vec![esc()]);
        let alt = key(KeyCode::Char(']'), KeyModifiers::ALT);
        assert_eq!(late.pass_when(alt.clone()), vec![alt]);
        for event in keys_of("];1c") {
            assert_eq!(late.pass_when(event.clone()), vec![event]);
        }
        // No window (the reading was whole): nothing expires, nothing was to come.
        let mut late = expecting(false, false);
        late.expire(asked + LATE_WINDOW);
        assert_eq!(late.pass_when(esc()), vec![esc()]);
    }

    /// The rest of a DA1 answer the reading cut short (`;22c` of `ESC [ ? 62 ; 22 c`)
    /// is dropped up to its `c`, and nothing after it.
    #[test]
    fn the_rest_of_a_da1_answer_cut_short_is_dropped() {
        let mut late = LateAnswer {
            may_come: MayCome::default(),
            rest_of_da1: Some(Da1Rest::Params),
            ..LateAnswer::default()
        };
        for event in keys_of(";22c") {
            assert!(drops(&mut late, &event), "{event:?}");
        }
        for event in keys_of("2c") {
            assert!(!drops(&mut late, &event), "{event:?}");
        }
        // A key that is no part of it ends the dropping, and goes through.
        let mut late = LateAnswer {
            rest_of_da1: Some(Da1Rest::Params),
            ..LateAnswer::default()
        };
        assert!(drops(&mut late, &keys_of("6").remove(0)));
        assert!(!drops(&mut late, &keys_of("h").remove(0)));
        assert!(!drops(&mut late, &keys_of("1").remove(0)));
    }

    /// Two queries in one process (tests; a second frontend) keep their own state:
    /// the first, which the terminal left unanswered with `h` typed, looks for a
    /// late answer and hands on its `h`; the second, answered whole, looks for
    /// nothing and has nothing typed, and neither changes the other. Before s38 all
    /// of it was three statics: the second query's Esc was held as the first's late
    /// answer's escape, and the first's keys were the second's to take.
    #[test]
    fn two_queries_do_not_share_their_state() {
        let asked = Instant::now();
        let (palette, mut first) = after_reading(b"h", asked);
        assert_eq!(palette, None);
        let whole = b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[?62;22c";
        let (palette, mut second) = after_reading(whole, asked);
        assert_eq!(palette, Some(Palette::Light));
        assert_eq!(second.take_typed(), Vec::new());
        assert_eq!(first.take_typed(), keys_of("h"));
        // The second looks for no late answer: the player's Esc goes at once.
        assert_eq!(second.pass(esc()), vec![esc()]);
        // The first drops the answer that comes late, split after its escape.
        assert!(first.pass(esc()).is_empty());
        for event in keys_of("]11;rgb:ffff/ffff/ffff") {
            assert!(first.pass(event.clone()).is_empty(), "{event:?}");
        }
        assert!(
            first
                .pass(key(KeyCode::Char('g'), KeyModifiers::CONTROL))
                .is_empty()
        );
        // DA1's answer may still come to the first: an Esc is held for the next
        // key. The second looks for none.
        assert!(first.pass(esc()).is_empty());
        assert_eq!(
            first.pass(keys_of("q").remove(0)),
            [vec![esc()], keys_of("q")].concat()
        );
        let alt = key(KeyCode::Char(']'), KeyModifiers::ALT);
        assert_eq!(second.pass(alt.clone()), vec![alt]);
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
