//! Correspondence games' clocks, pure: the time is always passed in, in seconds on
//! the server's correspondence clock ([`Stamp`]: wall-clock time less every moment
//! the server was down, see [`super::wall`]), so tests step it by hand.
//!
//! The rules follow Little Golem's (Fischer time with a cap, and vacation days that
//! start by themselves), scaled to a time per move of 1, 3 or 7 days:
//!
//! - On their turn a player has the **time per move** (D days) and then their
//!   **bank**. The bank starts at D days; each move they make adds a quarter of D
//!   (6, 18 or 42 hours), up to twice D (2, 6 or 14 days).
//! - When both are spent, a **vacation day** is used if the player has one left this
//!   year (20 a calendar year): 24 hours more in every correspondence game of theirs
//!   ([`CorrClock::grant`]). With none left they lose on time.

use serde::{Deserialize, Serialize};

use crate::rules::Player;

/// Seconds on the server's correspondence clock.
pub(crate) type Stamp = i64;

/// A day, in seconds.
pub(crate) const DAY: i64 = 86_400;

/// The times left at which a correspondence game's mover is warned (a day, an hour):
/// the line mode says the time again when the mover's crosses one, not at each hour.
pub(crate) const WARNINGS: [i64; 2] = [DAY, 3600];

/// The times per move a correspondence table offers, in days.
pub(crate) const DAYS_A_MOVE: [u8; 3] = [1, 3, 7];

/// Vacation days each player has in a calendar year (Little Golem's 20).
pub(crate) const VACATION_DAYS: u32 = 20;

/// Both players' correspondence clocks at one table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CorrClock {
    /// The time per move, in days.
    days: u8,
    /// Each player's bank, in seconds, by [`Player::index`].
    bank: [i64; 2],
    /// Vacation time granted in this game and not used yet, by [`Player::index`].
    extra: [i64; 2],
    /// When the turn under way began; `None` before the game begins.
    since: Option<Stamp>,
    /// The player to move.
    to_move: Player,
}

/// What a time per move of `days` gives: the time per move, the bank at the start,
/// what each move adds to it, and its cap, in seconds.
pub(crate) fn terms(days: u8) -> [i64; 4] {
    let d = i64::from(days) * DAY;
    [d, d, d / 4, 2 * d]
}

impl CorrClock {
    /// A game of `days` a move, not begun: both banks full, no clock running.
    pub(crate) fn new(days: u8) -> CorrClock {
        let [_, start, _, _] = terms(days);
        CorrClock {
            days,
            bank: [start; 2],
            extra: [0; 2],
            since: None,
            to_move: Player::Blue,
        }
    }

    /// The time per move, in days.
    pub(crate) fn days(&self) -> u8 {
        self.days
    }

    /// The player whose time runs.
    pub(crate) fn to_move(self) -> Player {
        self.to_move
    }

    /// When the turn under way began, once the game has begun.
    pub(crate) fn since(&self) -> Option<Stamp> {
        self.since
    }

    /// The time a clock read made before the hall was locked stands for at this
    /// clock: never before the turn under way began (a move made while the reader
    /// waited for the lock began it after the read), so no time left shown is more
    /// than the turn's.
    pub(crate) fn seen_at(&self, read: Stamp) -> Stamp {
        self.since.map_or(read, |since| read.max(since))
    }

    /// `player`'s bank, in seconds.
    #[cfg(test)]
    pub(crate) fn bank(&self, player: Player) -> i64 {
        self.bank[player.index()]
    }

    /// The game begins at `now` with `mover` to move (Blue, or Yellow after an odd
    /// number of moves).
    pub(crate) fn start(&mut self, mover: Player, now: Stamp) {
        self.to_move = mover;
        self.since.get_or_insert(now);
    }

    /// When the mover's time runs out (the time per move, the bank and any vacation
    /// granted), once the game has begun.
    pub(crate) fn deadline(&self) -> Option<Stamp> {
        let [per_move, ..] = terms(self.days);
        let i = self.to_move.index();
        Some(self.since? + per_move + self.bank[i] + self.extra[i])
    }

    /// The time `player` has left at `now`: all of it for the mover, their bank (and
    /// any vacation granted) for the other.
    pub(crate) fn left(&self, player: Player, now: Stamp) -> i64 {
        let [per_move, ..] = terms(self.days);
        let i = player.index();
        match self.deadline() {
            Some(deadline) if player == self.to_move => (deadline - now).max(0),
            _ => per_move + self.bank[i] + self.extra[i],
        }
    }

    /// Whether the mover's time is out at `now`.
    pub(crate) fn out_of_time(&self, now: Stamp) -> bool {
        self.deadline().is_some_and(|d| now >= d)
    }

    /// The mover moved at `now`: what went past the time per move comes out of their
    /// bank, then out of their vacation time; the bank then gains its increment (and
    /// what is left of the vacation time), up to its cap, and the other's turn begins.
    /// `false` (nothing changes) if their time was out first.
    pub(crate) fn moved(&mut self, now: Stamp) -> bool {
        if self.out_of_time(now) {
            return false;
        }
        let [per_move, _, increment, cap] = terms(self.days);
        let i = self.to_move.index();
        if let Some(since) = self.since {
            let mut over = (now - since - per_move).max(0);
            let from_bank = over.min(self.bank[i]);
            self.bank[i] -= from_bank;
            over -= from_bank;
            self.extra[i] -= over.min(self.extra[i]);
            self.bank[i] = (self.bank[i] + self.extra[i] + increment).min(cap);
            self.extra[i] = 0;
        }
        self.to_move = self.to_move.other();
        if self.since.is_some() {
            self.since = Some(now);
        }
        true
    }

    /// Moves were taken back (an agreed undo) at `now`: `mover` is to move, with a
    /// new turn; the banks stay as they are.
    pub(crate) fn taken_back(&mut self, mover: Player, now: Stamp) {
        self.to_move = mover;
        if self.since.is_some() {
            self.since = Some(now);
        }
    }

    /// One vacation day for `player`: 24 hours more in this game.
    pub(crate) fn grant(&mut self, player: Player) {
        self.extra[player.index()] += DAY;
    }
}

/// A correspondence game as the store keeps it beside its record: its clocks, and
/// an undo request, held until the other player comes. (Before schema 8 it held the
/// messages not read yet as well: they are the table's [`ChatLog`] now, kept for every
/// table; a state of then reads as ever, those fields left aside.)
///
/// [`ChatLog`]: super::chat::ChatLog
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CorrState {
    /// The clocks.
    pub(crate) clock: CorrClock,
    /// Who asked to take back moves, until answered.
    pub(crate) undo: Option<Player>,
}

impl CorrState {
    /// The state kept as JSON in the store.
    pub(crate) fn to_json(&self) -> String {
        // Plain data: serialising it cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A state read back from the store.
    pub(crate) fn from_json(text: &str) -> Result<CorrState, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }
}

/// A player's vacation days: the calendar year they are counted in, and how many were
/// used in it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Vacation {
    /// The year (UTC) `used` counts in.
    pub(crate) year: i32,
    /// Days used that year.
    pub(crate) used: u32,
}

impl Vacation {
    /// Takes a day in `year` if one is left: the counts start again each year.
    pub(crate) fn take(&mut self, year: i32) -> bool {
        if self.year != year {
            *self = Vacation { year, used: 0 };
        }
        if self.used >= VACATION_DAYS {
            return false;
        }
        self.used += 1;
        true
    }

    /// Days left in `year`.
    pub(crate) fn left(&self, year: i32) -> u32 {
        if self.year == year {
            VACATION_DAYS.saturating_sub(self.used)
        } else {
            VACATION_DAYS
        }
    }
}

/// Vacation days a hold of the hall took for `key`: the count before and after, for
/// the store (which keeps `after` with the games they lengthen, or none of it) and to
/// give the days back if that write fails.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct DaysTaken {
    /// Whose days.
    pub(crate) key: String,
    /// The count before the hold took any.
    pub(crate) before: Vacation,
    /// The count to keep.
    pub(crate) after: Vacation,
    /// The hall's number for this taking: two holds may hand theirs to the writer in
    /// the other order, and the store keeps the later count.
    pub(crate) serial: u64,
}

impl DaysTaken {
    /// The days this taking used (the count starts again in a new year).
    pub(crate) fn used(&self) -> u32 {
        let before = if self.before.year == self.after.year {
            self.before.used
        } else {
            0
        };
        self.after.used.saturating_sub(before)
    }
}

/// `seconds` as a correspondence clock shows it: `2d 14h`, `5h 03m`, `59m`, rounded
/// up to its last unit ([`crate::strings::club::corr_time`], where the line mode's
/// words for the same figure are made too).
pub(crate) fn show(seconds: i64) -> String {
    crate::strings::club::corr_time(seconds)
}

#[cfg(test)]
mod tests {
    use super::*;

    const H: i64 = 3600;

    /// QA (lobbyline): the line said `2d 0h` at a move, and a time read a second later
    /// said `1d 23h` (rounded down): both round up now.
    #[test]
    fn a_time_shown_rounds_up_so_a_second_later_reads_the_same() {
        assert_eq!(show(2 * DAY), "2d 0h");
        assert_eq!(show(2 * DAY - 1), "2d 0h");
        assert_eq!(show(2 * DAY - H), "1d 23h");
        assert_eq!(show(DAY + 1), "1d 1h");
        assert_eq!(show(DAY), "1d 0h");
        // Under a day stays under a day, as the lobby's band says.
        assert_eq!(show(DAY - 1), "23h 59m");
        assert_eq!(show(5 * H + 3 * 60 - 30), "5h 03m");
        assert_eq!(show(H), "1h 00m");
        assert_eq!(show(H - 1), "59m");
        assert_eq!(show(61), "2m");
        assert_eq!(show(1), "1m");
        assert_eq!(show(0), "0m");
        assert_eq!(show(-5), "0m");
    }

    #[test]
    fn the_time_per_move_then_the_bank_which_grows_up_to_its_cap() {
        let mut clock = CorrClock::new(3);
        assert_eq!(clock.deadline(), None, "not begun");
        assert_eq!(clock.left(Player::Blue, 0), 6 * DAY);
        clock.start(Player::Blue, 0);
        assert_eq!(clock.deadline(), Some(6 * DAY));
        // Blue takes a day: the bank is untouched and gains 18 hours.
        assert!(clock.moved(DAY));
        assert_eq!(clock.bank(Player::Blue), 3 * DAY + 18 * H);
        assert_eq!(clock.to_move(), Player::Yellow);
        assert_eq!(clock.deadline(), Some(DAY + 6 * DAY));
        // Yellow takes 4 days: one day from the bank, then 18 hours back.
        assert!(clock.moved(5 * DAY));
        assert_eq!(clock.bank(Player::Yellow), 2 * DAY + 18 * H);
        // Quick moves fill Blue's bank up to twice the time per move, no more.
        let mut now = 5 * DAY;
        for _ in 0..20 {
            now += H;
            assert!(clock.moved(now));
        }
        assert_eq!(clock.bank(Player::Blue), 6 * DAY);
        assert_eq!(clock.bank(Player::Yellow), 6 * DAY);
    }

    #[test]
    fn out_of_time_no_move_is_taken_and_vacation_gives_a_day_more() {
        let mut clock = CorrClock::new(1);
        clock.start(Player::Blue, 0);
        assert!(!clock.out_of_time(2 * DAY - 1));
        assert!(clock.out_of_time(2 * DAY));
        assert_eq!(clock.left(Player::Blue, 2 * DAY + 5), 0);
        clock.grant(Player::Blue);
        assert!(!clock.out_of_time(2 * DAY));
        assert_eq!(clock.left(Player::Blue, 2 * DAY), DAY);
        // Moving inside the vacation day uses it; what is left of it goes to the bank.
        assert!(clock.moved(2 * DAY + 6 * H));
        assert_eq!(clock.bank(Player::Blue), 18 * H + 6 * H);
        // Too late: nothing changes.
        let before = clock;
        assert!(!clock.moved(10 * DAY));
        assert_eq!(clock, before);
    }

    #[test]
    fn an_undo_gives_the_turn_back_and_starts_it_again() {
        let mut clock = CorrClock::new(7);
        clock.start(Player::Blue, 0);
        assert!(clock.moved(H));
        clock.taken_back(Player::Blue, 2 * H);
        assert_eq!(clock.to_move(), Player::Blue);
        assert_eq!(clock.since(), Some(2 * H));
    }

    #[test]
    fn twenty_vacation_days_a_year() {
        let mut vacation = Vacation::default();
        for _ in 0..VACATION_DAYS {
            assert!(vacation.take(2026));
        }
        assert!(!vacation.take(2026));
        assert_eq!(vacation.left(2026), 0);
        assert_eq!(vacation.left(2027), VACATION_DAYS);
        assert!(vacation.take(2027), "a new year");
        assert_eq!(vacation.left(2027), VACATION_DAYS - 1);
    }

    /// QA (s12 lines): the line mode said `6d 0h`, which a screen reader spells out
    /// letter by letter; it says the same figure in words.
    #[test]
    fn a_time_said_is_the_figure_shown_in_words() {
        let cases = [
            (6 * DAY, "6d 0h", "6 days"),
            (6 * DAY + 3 * H, "6d 3h", "6 days 3 hours"),
            (2 * DAY - 1, "2d 0h", "2 days"),
            (DAY + 1, "1d 1h", "1 day 1 hour"),
            (DAY, "1d 0h", "1 day"),
            (DAY - 1, "23h 59m", "23 hours 59 minutes"),
            (5 * H + 3 * 60, "5h 03m", "5 hours 3 minutes"),
            (H, "1h 00m", "1 hour"),
            (H + 60, "1h 01m", "1 hour 1 minute"),
            (H - 1, "59m", "59 minutes"),
            (1, "1m", "1 minute"),
            (0, "0m", "no time"),
        ];
        for (seconds, shown, said) in cases {
            assert_eq!(show(seconds), shown, "{seconds}");
            assert_eq!(crate::strings::line::corr_time(seconds), said, "{seconds}");
        }
    }

    #[test]
    fn times_show_in_days_and_hours() {
        assert_eq!(show(2 * DAY + 14 * H), "2d 14h");
        // Rounded up: 59 seconds past 14 hours is 15 hours' worth.
        assert_eq!(show(2 * DAY + 14 * H + 59), "2d 15h");
        assert_eq!(show(5 * H + 3 * 60), "5h 03m");
        assert_eq!(show(59 * 60), "59m");
        assert_eq!(show(-5), "0m");
    }
}
