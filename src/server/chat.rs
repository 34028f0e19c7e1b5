//! Short messages between the two players at a table: through the one filter for a
//! stranger's text, cut to a bounded width, and at a bounded rate per player.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::rules::Player;
use crate::strings::table::{MAX_SAY_BYTES, MAX_SAY_COLUMNS};

use super::outside::safe_text;

/// The most messages one player sends in [`RATE_WINDOW`].
pub(crate) const RATE_COUNT: usize = 3;
/// See [`RATE_COUNT`].
pub(crate) const RATE_WINDOW: Duration = Duration::from_secs(10);
/// The messages a table keeps (and the store with it), for screens that have not
/// read them yet and screens that open later.
pub(crate) const KEPT: usize = 16;

/// One message, already filtered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "(Player, u64, String)", into = "(Player, u64, String)")]
pub(crate) struct Said {
    /// Its number at the table, from 1.
    pub(crate) number: u64,
    /// Who said it.
    pub(crate) from: Player,
    /// What they said, filtered and cut.
    pub(crate) text: String,
}

impl From<(Player, u64, String)> for Said {
    fn from((from, number, text): (Player, u64, String)) -> Said {
        Said { number, from, text }
    }
}

impl From<Said> for (Player, u64, String) {
    fn from(said: Said) -> (Player, u64, String) {
        (said.from, said.number, said.text)
    }
}

/// Why a message was not sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Nothing left once filtered.
    Empty,
    /// More than [`RATE_COUNT`] messages in [`RATE_WINDOW`].
    TooFast,
}

/// What a table keeps of its messages, and what the store keeps of them: the last
/// [`KEPT`], their count, and the last each seat's screen showed. The table's
/// [`Snapshot`](super::table::Snapshot) holds the one the store last confirmed, which
/// every screen shows; kept as JSON (the shape a correspondence game's state held
/// before schema 8: `said` as `[from, number, text]`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ChatLog {
    /// The last messages, oldest first.
    said: VecDeque<Said>,
    /// The number of the last message said (0 before any).
    last: u64,
    /// The last message each seat's screen showed, by [`Player::index`]: at a
    /// correspondence table, messages wait for a player who is not there.
    read: [u64; 2],
}

impl ChatLog {
    /// The messages after number `seen`, oldest first.
    pub(crate) fn since(&self, seen: u64) -> impl Iterator<Item = &Said> {
        self.said.iter().filter(move |s| s.number > seen)
    }

    /// The number of the last message (0 before any).
    pub(crate) fn last(&self) -> u64 {
        self.last
    }

    /// The number of the last message `seat`'s screen showed.
    pub(crate) fn read_by(&self, seat: Player) -> u64 {
        self.read[seat.index()]
    }

    /// The log as the store keeps it.
    pub(crate) fn to_json(&self) -> String {
        // Plain data: serialising it cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// A log read back from the store: at most [`KEPT`] messages, each filtered again
    /// as all text read back is.
    pub(crate) fn from_json(text: &str) -> Result<ChatLog, String> {
        let mut log: ChatLog = serde_json::from_str(text).map_err(|e| e.to_string())?;
        while log.said.len() > KEPT {
            log.said.pop_front();
        }
        for said in &mut log.said {
            // Filtered when said; filtered again, as all text read back is.
            let safe = safe_text(&said.text);
            let fitted = crate::text::fit(&safe, MAX_SAY_COLUMNS);
            said.text = crate::text::fit_bytes(&fitted, MAX_SAY_BYTES).into_owned();
            log.last = log.last.max(said.number);
        }
        Ok(log)
    }
}

/// A table's messages: the last few ([`ChatLog`]), and when each player last spoke.
#[derive(Debug, Clone, Default)]
pub(crate) struct Chat {
    log: ChatLog,
    times: [VecDeque<Instant>; 2],
}

impl Chat {
    /// `from` says `text` at `now`: filtered by [`safe_text`] (controls made visible, stacked
    /// marks capped), cut to the widest and heaviest message, refused if empty or if
    /// `from` spoke too often lately.
    pub(crate) fn say(&mut self, from: Player, text: &str, now: Instant) -> Result<(), Refused> {
        let safe = safe_text(text.trim());
        let fitted = crate::text::fit(&safe, MAX_SAY_COLUMNS);
        let text = crate::text::fit_bytes(&fitted, MAX_SAY_BYTES).into_owned();
        if text.is_empty() {
            return Err(Refused::Empty);
        }
        let times = &mut self.times[from.index()];
        while times
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= RATE_WINDOW)
        {
            times.pop_front();
        }
        if times.len() >= RATE_COUNT {
            return Err(Refused::TooFast);
        }
        times.push_back(now);
        let log = &mut self.log;
        log.last += 1;
        if log.said.len() == KEPT {
            log.said.pop_front();
        }
        log.said.push_back(Said {
            number: log.last,
            from,
            text,
        });
        Ok(())
    }

    /// The messages as the table has them (ahead of what the store confirmed).
    pub(crate) fn log(&self) -> &ChatLog {
        &self.log
    }

    /// The messages after number `seen`, oldest first.
    #[cfg(test)]
    pub(crate) fn since(&self, seen: u64) -> impl Iterator<Item = &Said> {
        self.log.since(seen)
    }

    /// The number of the last message (0 before any).
    #[cfg(test)]
    pub(crate) fn last(&self) -> u64 {
        self.log.last()
    }

    /// The number of the last message `seat`'s screen showed.
    pub(crate) fn read_by(&self, seat: Player) -> u64 {
        self.log.read_by(seat)
    }

    /// `seat`'s screen showed the messages up to `number`.
    pub(crate) fn mark_read(&mut self, seat: Player, number: u64) {
        let read = &mut self.log.read[seat.index()];
        *read = (*read).max(number);
    }

    /// The players swapped colours (a rematch): each message and read mark stays its
    /// player's.
    pub(crate) fn swap_colours(&mut self) {
        for said in &mut self.log.said {
            said.from = said.from.other();
        }
        self.log.read.swap(0, 1);
        self.times.swap(0, 1);
    }

    /// The messages back as `kept` has them: a table restored from the store, or
    /// messages the store could not keep forgotten (each player's rate stays counted).
    pub(crate) fn restore(&mut self, kept: &ChatLog) {
        self.log = kept.clone();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_filtered_cut_and_rate_limited() {
        let mut chat = Chat::default();
        let t0 = Instant::now();
        chat.say(Player::Blue, "hi\u{1b}[2J\u{7}there", t0).unwrap();
        let said = chat.since(0).last().unwrap().clone();
        assert!(!said.text.chars().any(|c| c.is_control()), "{said:?}");
        assert!(said.text.starts_with("hi") && said.text.ends_with("there"));
        chat.say(Player::Yellow, &"w".repeat(500), t0).unwrap();
        let long = chat.since(1).last().unwrap().clone();
        assert!(crate::text::width(&long.text) <= MAX_SAY_COLUMNS);
        assert_eq!(chat.say(Player::Blue, "   ", t0), Err(Refused::Empty));
        chat.say(Player::Blue, "2", t0).unwrap();
        chat.say(Player::Blue, "3", t0).unwrap();
        assert_eq!(chat.say(Player::Blue, "4", t0), Err(Refused::TooFast));
        // Yellow has its own allowance, and Blue speaks again after the window.
        chat.say(Player::Yellow, "ok", t0).unwrap();
        chat.say(Player::Blue, "later", t0 + RATE_WINDOW).unwrap();
        let texts: Vec<_> = chat.since(3).map(|s| s.text.as_str()).collect();
        assert_eq!(texts, ["3", "ok", "later"]);
    }

    #[test]
    fn stacked_marks_are_capped_in_a_message() {
        let mut chat = Chat::default();
        let t0 = Instant::now();
        chat.say(Player::Blue, &format!("Q{}", "\u{300}".repeat(500)), t0)
            .unwrap();
        let said = chat.since(0).last().unwrap().clone();
        assert_eq!(
            said.text,
            format!("Q{}", "\u{300}".repeat(crate::text::MAX_MARKS))
        );
        // Sixty heavy columns are cut by bytes as well as by columns.
        let heavy = format!("\u{1D400}{}", "\u{1D167}".repeat(3)).repeat(60);
        chat.say(Player::Yellow, &heavy, t0).unwrap();
        let said = chat.since(1).last().unwrap().clone();
        assert!(
            said.text.len() <= MAX_SAY_BYTES,
            "{} bytes",
            said.text.len()
        );
    }

    #[test]
    fn a_table_keeps_a_bounded_number_of_messages() {
        let mut chat = Chat::default();
        let mut now = Instant::now();
        for n in 0..100 {
            chat.say(Player::Blue, &n.to_string(), now).unwrap();
            now += RATE_WINDOW;
        }
        assert_eq!(chat.since(0).count(), KEPT);
        assert_eq!(chat.last(), 100);
    }
}
