//! A game's clocks, pure: the time is always passed in (an [`Instant`] from the
//! caller), so nothing here sleeps or reads the system clock and tests step time
//! by hand.
//!
//! Each player starts with the time control's base and gains its increment after
//! each of their own moves. The clock of the player to move runs; a move stops it
//! and starts the other. The time left after every move is kept, so an undo gives
//! back the clock of the earlier move and a record can write it (`%clk`).

use std::time::{Duration, Instant};

use crate::record::TimeControl;
use crate::rules::Player;

/// Both players' clocks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// The mover's time left after each move (`None`: not known, a record without
    /// `%clk`); may run past `len` with moves taken back, for a redo.
    after: Vec<Option<Duration>>,
    /// How many moves are on the board.
    len: usize,
    /// When the turn of the player to move began, while the clock runs.
    since: Option<Instant>,
    /// What the player to move used of this turn before the clock last started (a
    /// server charges the thinking it noted before a restart): zero at a new turn.
    used: Duration,
    /// The flag of the player to move fell: their clock shows 0 until the board changes.
    fallen: bool,
}

/// The player to move ran out of time before moving.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{0} ran out of time")]
pub struct Flagged(pub Player);

impl Clock {
    /// A new game's clocks, stopped: both players have the base time.
    pub fn new(control: TimeControl) -> Clock {
        Clock::with_history(control, Vec::new())
    }

    /// The clocks of a game whose moves left these times (a record's `%clk`), stopped.
    pub fn with_history(control: TimeControl, after: Vec<Option<Duration>>) -> Clock {
        Clock {
            control,
            len: after.len(),
            after,
            since: None,
            used: Duration::ZERO,
            fallen: false,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The player whose clock runs (or would): Blue after an even number of moves.
    pub fn to_move(&self) -> Player {
        if self.len.is_multiple_of(2) {
            Player::Blue
        } else {
            Player::Yellow
        }
    }

    /// The mover's time left after each move on the board, in order.
    pub fn history(&self) -> &[Option<Duration>] {
        &self.after[..self.len]
    }

    /// Whether the clock of the player to move runs.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// `player`'s time left at the start of their turn: after their last move on the
    /// board, or the starting time (the turn under way not counted).
    pub fn banked(&self, player: Player) -> Duration {
        let first = player.index();
        (first..self.len)
            .step_by(2)
            .rev()
            .find_map(|i| self.after[i])
            .unwrap_or(self.control.base())
    }

    /// The time the player to move has used on this turn so far.
    fn spent(&self, now: Instant) -> Duration {
        self.used
            + self
                .since
                .map_or(Duration::ZERO, |since| now.saturating_duration_since(since))
    }

    /// The time the player to move has used on this turn at `now`, including what
    /// was charged to it while the clock was stopped ([`Clock::charge`]).
    pub fn thought(&self, now: Instant) -> Duration {
        self.spent(now)
    }

    /// What the player to move was charged of the turn under way when the clock
    /// stopped (a game that ended early charged the thinking up to its end): `None`
    /// while it runs, or when nothing was.
    pub fn stopped_thought(&self) -> Option<Duration> {
        (!self.is_running() && !self.used.is_zero()).then_some(self.used)
    }

    /// Charges the player to move `used` more of this turn while the clock is
    /// stopped: thinking done before a restart, noted by the server as it went.
    pub fn charge(&mut self, used: Duration) {
        self.used += used;
    }

    /// `player`'s time left on clocks that stand still (a record read back, a game
    /// over): what was charged to the turn under way counted ([`Clock::charge`], a
    /// pause), and 0 for a flag that fell. Needs no time, so a viewer of a record can
    /// ask it.
    pub fn standing(&self, player: Player) -> Duration {
        let banked = self.banked(player);
        if player != self.to_move() {
            banked
        } else if self.fallen {
            Duration::ZERO
        } else {
            banked.saturating_sub(self.used)
        }
    }

    /// `player`'s time left at `now`.
    pub fn remaining(&self, player: Player, now: Instant) -> Duration {
        let banked = self.banked(player);
        if player == self.to_move() && self.fallen {
            Duration::ZERO
        } else if player == self.to_move() {
            banked.saturating_sub(self.spent(now))
        } else {
            banked
        }
    }

    /// Starts the clock of the player to move at `now` (if it was stopped).
    pub fn start(&mut self, now: Instant) {
        self.since.get_or_insert(now);
    }

    /// Stops the clocks (the game ended, or the screen closed); the turn under way is
    /// not charged.
    pub fn stop(&mut self) {
        self.since = None;
    }

    /// Pauses the clocks at `now` (a game adjourned, its player away): the thinking
    /// done on the turn under way stays charged to it, and the mover's clock goes on
    /// from there when it starts again. A pause is not a new turn.
    pub fn pause(&mut self, now: Instant) {
        self.used = self.spent(now);
        self.since = None;
    }

    /// The player to move lost on time: the clocks stop, theirs at 0.
    pub fn fall(&mut self) {
        self.since = None;
        self.fallen = true;
    }

    /// The player whose flag has fallen at `now`, if any: the running clock is at 0.
    pub fn flagged(&self, now: Instant) -> Option<Player> {
        let mover = self.to_move();
        (self.is_running() && self.remaining(mover, now).is_zero()).then_some(mover)
    }

    /// When the running clock reaches 0, if one runs.
    pub fn deadline(&self) -> Option<Instant> {
        Some(self.since? + self.banked(self.to_move()).saturating_sub(self.used))
    }

    /// How long until the running clock shows another whole second (or its flag
    /// falls): when to draw it again; zero once its flag is down (for the caller to
    /// end the game, which stops the clock). `None` when no clock runs.
    pub fn next_change(&self, now: Instant) -> Option<Duration> {
        if !self.is_running() {
            return None;
        }
        let left = self.remaining(self.to_move(), now);
        if left.is_zero() {
            return Some(Duration::ZERO);
        }
        let into_second = Duration::from_nanos(u64::from(left.subsec_nanos()));
        Some(if into_second.is_zero() {
            Duration::from_secs(1)
        } else {
            into_second
        })
    }

    /// The player to move moved at `now`: their time left, plus the increment, is
    /// kept, and the other clock starts (if the clocks run). Returns the time kept;
    /// an error if the flag fell first (nothing is kept then).
    pub fn moved(&mut self, now: Instant) -> Result<Duration, Flagged> {
        let left = self.keep_move(now, self.control.increment())?;
        if self.is_running() {
            self.since = Some(now);
        }
        Ok(left)
    }

    /// The player to move made the game's last move at `now` (it filled the board):
    /// their time left is kept without the increment, and the clocks stop. The
    /// increment is time for the moves still to come, and a game over has none: its
    /// clocks end where they last ran, as a resignation's do, never higher than the
    /// running clock last showed (s39 clock45). Returns the time kept; an error if the
    /// flag fell first (nothing is kept then).
    pub fn moved_last(&mut self, now: Instant) -> Result<Duration, Flagged> {
        let left = self.keep_move(now, Duration::ZERO)?;
        self.since = None;
        Ok(left)
    }

    /// Keeps the mover's time left at `now` plus `increment` as their move's, and
    /// passes the turn (the clocks run or not as they did, from their old start).
    fn keep_move(&mut self, now: Instant, increment: Duration) -> Result<Duration, Flagged> {
        let mover = self.to_move();
        if let Some(player) = self.flagged(now) {
            return Err(Flagged(player));
        }
        let left = self.remaining(mover, now) + increment;
        self.after.truncate(self.len);
        self.after.push(Some(left));
        self.len += 1;
        self.used = Duration::ZERO;
        Ok(left)
    }

    /// The board now has `len` moves without [`Clock::moved`] (undo, redo, a move
    /// played without timing): an undo gives back the clocks after the earlier move,
    /// a redo the times those moves left, and a move not timed leaves its mover's
    /// time unknown (so their earlier time stands). The new turn starts at `now`.
    pub fn sync(&mut self, len: usize, now: Instant) {
        if len == self.len {
            return;
        }
        if len > self.after.len() {
            self.after.resize(len, None);
        }
        self.len = len;
        self.fallen = false;
        self.used = Duration::ZERO;
        if self.is_running() {
            self.since = Some(now);
        }
    }
}

/// The whole seconds a clock shows for `d`: rounded up, so 0 only once the flag has
/// fallen. Every clock text rounds so (the screen's `0:59`, the line mode's words), so
/// no two texts give one clock two figures.
pub fn shown_secs(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

/// `d` as a clock shows it, rounded up to the second (0:00 only once the flag has
/// fallen): `4:31`, `1:02:03`.
pub fn show(d: Duration) -> String {
    let secs = shown_secs(d);
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

/// The thinking time for an AI to move with `left` on its clock, `increment` a move,
/// and `moves_left` moves still to make (this one included): an even share of the
/// time, plus most of the increment, and never more than half of what is left, less
/// a margin for the reply to arrive, so it cannot overrun its clock. At least 1 ms.
pub fn ai_budget(left: Duration, increment: Duration, moves_left: u32) -> Duration {
    let share = left / moves_left.max(1) + increment * 3 / 4;
    let margin = Duration::from_millis(50).min(left / 4);
    let cap = (left / 2).saturating_sub(margin);
    share.min(cap).max(Duration::from_millis(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn five_plus_three() -> TimeControl {
        TimeControl::new(Duration::from_secs(300), Duration::from_secs(3)).unwrap()
    }

    const S: Duration = Duration::from_secs(1);

    #[test]
    fn the_running_clock_counts_down_and_a_move_adds_the_increment() {
        let t0 = Instant::now();
        let mut clock = Clock::new(five_plus_three());
        assert!(!clock.is_running());
        assert_eq!(clock.remaining(Player::Blue, t0 + 10 * S), 300 * S);
        clock.start(t0);
        assert_eq!(clock.remaining(Player::Blue, t0 + 10 * S), 290 * S);
        assert_eq!(clock.remaining(Player::Yellow, t0 + 10 * S), 300 * S);
        assert_eq!(clock.moved(t0 + 10 * S), Ok(293 * S));
        assert_eq!(clock.to_move(), Player::Yellow);
        assert_eq!(clock.remaining(Player::Blue, t0 + 60 * S), 293 * S);
        assert_eq!(clock.remaining(Player::Yellow, t0 + 60 * S), 250 * S);
        assert_eq!(clock.moved(t0 + 60 * S), Ok(253 * S));
        assert_eq!(clock.history(), [Some(293 * S), Some(253 * S)]);
        assert_eq!(clock.deadline(), Some(t0 + 60 * S + 293 * S));
    }

    #[test]
    fn the_flag_falls_at_zero_and_a_late_move_is_refused() {
        let t0 = Instant::now();
        let mut clock = Clock::new(TimeControl::new(2 * S, Duration::ZERO).unwrap());
        clock.start(t0);
        assert_eq!(clock.flagged(t0 + S), None);
        assert_eq!(clock.next_change(t0 + S / 4), Some(S * 3 / 4));
        assert_eq!(clock.next_change(t0 + S), Some(S));
        assert_eq!(clock.flagged(t0 + 2 * S), Some(Player::Blue));
        assert_eq!(clock.next_change(t0 + 2 * S), Some(Duration::ZERO));
        assert_eq!(clock.moved(t0 + 3 * S), Err(Flagged(Player::Blue)));
        assert!(clock.history().is_empty());
        // A stopped clock never flags.
        clock.stop();
        assert_eq!(clock.flagged(t0 + 9 * S), None);
        assert_eq!(clock.next_change(t0 + 9 * S), None);
        assert_eq!(clock.deadline(), None);
    }

    #[test]
    fn an_undo_gives_back_the_earlier_clock_and_a_redo_the_later() {
        let t0 = Instant::now();
        let mut clock = Clock::new(five_plus_three());
        clock.start(t0);
        clock.moved(t0 + 20 * S).unwrap(); // Blue 283
        clock.moved(t0 + 50 * S).unwrap(); // Yellow 273
        clock.moved(t0 + 150 * S).unwrap(); // Blue 186
        clock.sync(1, t0 + 200 * S);
        assert_eq!(clock.to_move(), Player::Yellow);
        assert_eq!(clock.remaining(Player::Blue, t0 + 200 * S), 283 * S);
        assert_eq!(clock.remaining(Player::Yellow, t0 + 201 * S), 299 * S);
        clock.sync(3, t0 + 300 * S);
        assert_eq!(clock.remaining(Player::Blue, t0 + 300 * S), 186 * S);
        assert_eq!(clock.remaining(Player::Yellow, t0 + 300 * S), 273 * S);
        // A move not timed (no %clk) leaves its mover's earlier time standing.
        clock.sync(4, t0 + 300 * S);
        assert_eq!(clock.history()[3], None);
        assert_eq!(clock.remaining(Player::Yellow, t0 + 300 * S), 273 * S);
    }

    #[test]
    fn a_pause_keeps_the_turn_s_thinking_and_a_stop_gives_it_back() {
        let t0 = Instant::now();
        let mut clock = Clock::new(five_plus_three());
        clock.start(t0);
        clock.pause(t0 + 30 * S);
        assert!(!clock.is_running());
        assert_eq!(clock.remaining(Player::Blue, t0 + 90 * S), 270 * S);
        clock.start(t0 + 100 * S);
        clock.pause(t0 + 110 * S);
        assert_eq!(clock.thought(t0 + 200 * S), 40 * S);
        clock.start(t0 + 200 * S);
        assert_eq!(clock.deadline(), Some(t0 + 460 * S));
        // A stop (the game ended, a local screen closed) charges nothing more.
        assert_eq!(clock.stopped_thought(), None, "running");
        clock.stop();
        assert_eq!(clock.remaining(Player::Blue, t0 + 300 * S), 260 * S);
        assert_eq!(clock.stopped_thought(), Some(40 * S));
    }

    #[test]
    fn thinking_charged_while_stopped_counts_until_the_turn_ends() {
        let t0 = Instant::now();
        let mut clock = Clock::new(five_plus_three());
        clock.charge(40 * S);
        assert_eq!(clock.remaining(Player::Blue, t0), 260 * S);
        assert_eq!(clock.thought(t0), 40 * S);
        clock.start(t0);
        assert_eq!(clock.thought(t0 + 10 * S), 50 * S);
        assert_eq!(clock.deadline(), Some(t0 + 260 * S));
        assert_eq!(clock.moved(t0 + 10 * S), Ok(253 * S));
        // The next turn starts with nothing used.
        assert_eq!(clock.thought(t0 + 10 * S), Duration::ZERO);
        assert_eq!(clock.remaining(Player::Yellow, t0 + 10 * S), 300 * S);
        // Charged past the time left: the flag falls as soon as the clock runs.
        clock.charge(301 * S);
        assert_eq!(clock.remaining(Player::Yellow, t0), Duration::ZERO);
        clock.start(t0 + 20 * S);
        assert_eq!(clock.flagged(t0 + 20 * S), Some(Player::Yellow));
    }

    #[test]
    fn the_last_move_keeps_no_increment_and_stops_the_clocks() {
        let t0 = Instant::now();
        let mut clock = Clock::new(five_plus_three());
        clock.start(t0);
        assert_eq!(clock.moved(t0 + 10 * S), Ok(293 * S));
        assert_eq!(clock.moved_last(t0 + 30 * S), Ok(280 * S));
        assert!(!clock.is_running());
        assert_eq!(clock.history(), [Some(293 * S), Some(280 * S)]);
        assert_eq!(clock.standing(Player::Yellow), 280 * S);
        assert_eq!(clock.remaining(Player::Blue, t0 + 99 * S), 293 * S);
        // A flag that fell first refuses it, as any move.
        let mut late = Clock::new(TimeControl::new(2 * S, S).unwrap());
        late.start(t0);
        assert_eq!(late.moved_last(t0 + 3 * S), Err(Flagged(Player::Blue)));
    }

    #[test]
    fn a_record_s_clocks_resume() {
        let clock =
            Clock::with_history(five_plus_three(), vec![Some(250 * S), None, Some(200 * S)]);
        let t0 = Instant::now();
        assert_eq!(clock.to_move(), Player::Yellow);
        assert_eq!(clock.remaining(Player::Blue, t0), 200 * S);
        assert_eq!(clock.remaining(Player::Yellow, t0), 300 * S);
    }

    #[test]
    fn clocks_show_whole_seconds_rounded_up() {
        assert_eq!(show(271 * S), "4:31");
        assert_eq!(show(270 * S + S / 10), "4:31");
        assert_eq!(show(S / 1000), "0:01");
        assert_eq!(show(Duration::ZERO), "0:00");
        assert_eq!(show(3723 * S), "1:02:03");
    }

    #[test]
    fn the_ai_spends_a_share_and_never_its_whole_clock() {
        let ms = Duration::from_millis;
        assert_eq!(ai_budget(300 * S, 3 * S, 32), ms(9375 + 2250));
        assert_eq!(ai_budget(300 * S, Duration::ZERO, 1), ms(150_000 - 50));
        for left in [0, 1, 3, 40, 100, 999, 5_000] {
            for moves in [0, 1, 2, 32] {
                let budget = ai_budget(ms(left), 3 * S, moves);
                assert!(budget >= ms(1));
                assert!(
                    left == 0 || left < 4 || budget < ms(left),
                    "{left} {moves}: {budget:?}"
                );
            }
        }
    }
}
