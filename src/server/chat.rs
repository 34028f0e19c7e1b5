//! Short messages between the two players at a table: through the one filter for a
//! stranger's text, cut to a bounded width, and at a bounded rate per player.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use crate::rules::Player;
use crate::strings::table::{MAX_SAY_BYTES, MAX_SAY_COLUMNS};

use super::outside::safe_text;

/// The most messages one player sends in [`RATE_WINDOW`].
pub(crate) const RATE_COUNT: usize = 3;
/// See [`RATE_COUNT`].
pub(crate) const RATE_WINDOW: Duration = Duration::from_secs(10);
/// The messages a table keeps for screens that have not read them yet.
const KEPT: usize = 16;

/// One message, already filtered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Said {
    /// Its number at the table, from 1.
    pub(crate) number: u64,
    /// Who said it.
    pub(crate) from: Player,
    /// What they said, filtered and cut.
    pub(crate) text: String,
}

/// Why a message was not sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Nothing left once filtered.
    Empty,
    /// More than [`RATE_COUNT`] messages in [`RATE_WINDOW`].
    TooFast,
}

/// A table's messages: the last few, and when each player last spoke.
#[derive(Debug, Clone, Default)]
pub(crate) struct Chat {
    said: VecDeque<Said>,
    next: u64,
    times: [VecDeque<Instant>; 2],
    /// At a correspondence table: the last message each seat's screen showed, so
    /// messages wait for a player who is not there ([`Chat::unread`]).
    read: [u64; 2],
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
        self.next += 1;
        if self.said.len() == KEPT {
            self.said.pop_front();
        }
        self.said.push_back(Said {
            number: self.next,
            from,
            text,
        });
        Ok(())
    }

    /// The messages after number `seen`, oldest first.
    pub(crate) fn since(&self, seen: u64) -> impl Iterator<Item = &Said> {
        self.said.iter().filter(move |s| s.number > seen)
    }

    /// The number of the last message (0 before any).
    pub(crate) fn last(&self) -> u64 {
        self.next
    }

    /// The number of the last message `seat`'s screen showed.
    pub(crate) fn read_by(&self, seat: Player) -> u64 {
        self.read[seat.index()]
    }

    /// `seat`'s screen showed the messages up to `number`.
    pub(crate) fn mark_read(&mut self, seat: Player, number: u64) {
        let read = &mut self.read[seat.index()];
        *read = (*read).max(number);
    }

    /// The messages a player has not seen yet: who said it, its number, the text.
    pub(crate) fn unread(&self) -> Vec<(Player, u64, String)> {
        self.said
            .iter()
            .filter(|s| s.number > self.read[s.from.other().index()])
            .map(|s| (s.from, s.number, s.text.clone()))
            .collect()
    }

    /// The read markers of both seats.
    pub(crate) fn read(&self) -> [u64; 2] {
        self.read
    }

    /// A correspondence table's messages as the store kept them.
    pub(crate) fn restored(unread: &[(Player, u64, String)], read: [u64; 2], last: u64) -> Chat {
        let said = unread
            .iter()
            .rev()
            .take(KEPT)
            .rev()
            .map(|(from, number, text)| Said {
                number: *number,
                from: *from,
                // Filtered when said; filtered again, as all text read back is.
                text: crate::text::fit(&safe_text(text), MAX_SAY_COLUMNS).into_owned(),
            })
            .collect();
        Chat {
            said,
            next: last,
            times: Default::default(),
            read,
        }
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
