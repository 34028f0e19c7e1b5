//! What the two players at a table ask of each other, beyond their moves: undo by
//! request, resigning, a rematch with the colours swapped, short messages; and the
//! invitation code of a private table. The table is the one judge: a request a screen
//! sends is checked here against the game as the table has it.

use std::collections::VecDeque;
use std::time::Instant;

use crate::rules::{Game, Player};
use crate::strings::talk as words;
use crate::ui::Request;

use super::chat::{Chat, Refused};
use super::tables::Table;

/// The letters of an invitation code: no 0/O, 1/I/L, so a code read aloud is typed right.
const CODE_LETTERS: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
/// An invitation code's length: 31^6 ≈ 887 million codes.
pub(crate) const CODE_LENGTH: usize = 6;
/// The notes a table keeps for screens that have not read them yet.
const KEPT_NOTES: usize = 16;

/// A new invitation code, from the system's random source (`None` if it failed).
pub(crate) fn new_code() -> Option<String> {
    let mut bytes = [0u8; CODE_LENGTH];
    getrandom::fill(&mut bytes).ok()?;
    Some(
        bytes
            .iter()
            .map(|b| char::from(CODE_LETTERS[usize::from(*b) % CODE_LETTERS.len()]))
            .collect(),
    )
}

/// A code as typed: spaces and dashes dropped, upper case.
pub(crate) fn typed_code(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// A line for one seat (or for everyone at the table, spectators too).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Note {
    /// Its number at the table, from 1.
    pub(crate) number: u64,
    /// Who it is for: a seat, or everyone.
    pub(crate) to: Option<Player>,
    /// The line.
    pub(crate) text: String,
}

/// A table's talk: requests between the players, messages, notes, the code.
#[derive(Debug, Clone, Default)]
pub(crate) struct Talk {
    /// A private table's invitation code: it is not listed in the lobby.
    pub(crate) code: Option<String>,
    /// The seat that asked to take back moves, until answered.
    pub(crate) undo: Option<Player>,
    /// The seat that offered a rematch, until answered.
    pub(crate) rematch: Option<Player>,
    /// Bumped whenever the game changes other than by a move (an agreed undo, a
    /// rematch): a screen that saw another epoch takes the table's game whole.
    pub(crate) epoch: u32,
    /// The players' messages.
    pub(crate) chat: Chat,
    notes: VecDeque<Note>,
    next_note: u64,
}

impl Talk {
    /// Leaves a line for `to` (a seat, or everyone).
    pub(crate) fn note(&mut self, to: Option<Player>, text: String) {
        self.next_note += 1;
        if self.notes.len() == KEPT_NOTES {
            self.notes.pop_front();
        }
        self.notes.push_back(Note {
            number: self.next_note,
            to,
            text,
        });
    }

    /// The notes after number `seen`, oldest first.
    pub(crate) fn notes_since(&self, seen: u64) -> impl Iterator<Item = &Note> {
        self.notes.iter().filter(move |n| n.number > seen)
    }

    /// The number of the last note (0 before any).
    pub(crate) fn last_note(&self) -> u64 {
        self.next_note
    }
}

impl Table {
    /// The name at `seat`, filtered for showing.
    fn name_at(&self, seat: Player) -> String {
        self.name(seat)
    }

    /// Whether stones may still be placed: both seated, nobody left, resigned or
    /// adjourned, and the board not full.
    pub(crate) fn playing(&self) -> bool {
        !self.abandoned
            && !self.adjourned
            && self.course.ending().is_none()
            && self.seats.iter().all(Option::is_some)
            && !self.game.is_over()
    }

    /// Why the game stopped before a full board without an ending (a player left).
    pub(crate) fn stopped(&self) -> Option<String> {
        (self.abandoned && !self.game.is_over() && self.course.ending().is_none())
            .then(|| crate::strings::serve::PLAYER_LEFT.into())
    }

    /// Whether the game is over: a full board, or an early ending.
    pub(crate) fn over(&self) -> bool {
        self.game.is_over() || self.course.ending().is_some()
    }

    /// A move was played at `now`: a request to take back the one before it is out of
    /// date, and the clocks (if any) pass the turn.
    pub(crate) fn moved(&mut self, now: Instant) {
        self.talk.undo = None;
        if let Some(clock) = self.course.clock_mut() {
            // The flag was checked before the move was taken.
            let _ = clock.moved(now);
            if self.game.is_over() {
                clock.stop();
            }
        }
    }

    /// Carries out `request` from the player at `seat`, at `now` (for the message rate).
    /// Returns whether the game changed (to be kept on disk).
    pub(crate) fn request(&mut self, seat: Player, request: &Request, now: Instant) -> bool {
        let other = seat.other();
        // The server's AI answers at once for its seat: it grants an undo and accepts a
        // rematch; it never asks or offers anything itself.
        let ai_answers = self.ai().is_some_and(|(ai, _)| ai == other);
        let mut changed = false;
        match request {
            Request::Undo
                if ai_answers
                    && self.playing()
                    && self.game.placements().iter().any(|p| p.player == seat) =>
            {
                self.talk.undo = Some(seat);
                changed = self.request(other, &Request::AnswerUndo(true), now);
            }
            Request::Rematch if ai_answers && self.over() && !self.abandoned => {
                self.rematch();
                changed = true;
            }
            Request::Undo
                if self.playing() && self.game.placements().iter().any(|p| p.player == seat) =>
            {
                self.talk.undo = Some(seat);
            }
            Request::Undo => self.talk.note(Some(seat), words::NO_UNDO.into()),
            Request::AnswerUndo(yes) if self.talk.undo == Some(other) && self.playing() => {
                self.talk.undo = None;
                if *yes {
                    let taken = take_back(&mut self.game, other);
                    // An agreed undo gives back the clocks after the earlier move.
                    let len = self.game.len();
                    if let Some(clock) = self.course.clock_mut() {
                        clock.sync(len, now);
                    }
                    self.talk.epoch += 1;
                    changed = true;
                    let text = words::undo_agreed(&self.name_at(seat), taken);
                    self.talk.note(None, text);
                } else {
                    let text = words::undo_refused(&self.name_at(seat));
                    self.talk.note(Some(other), text);
                }
            }
            Request::AnswerUndo(_) => {}
            Request::Resign if self.playing() => {
                if self.course.resign(&self.game, seat).is_ok() {
                    self.talk.undo = None;
                    changed = true;
                    let text = words::resigned(&self.name_at(seat), seat.other());
                    self.talk.note(None, text);
                }
            }
            Request::Resign => {}
            Request::Rematch if self.abandoned || self.seats.iter().any(Option::is_none) => {
                self.talk.note(Some(seat), words::NO_ONE_TO_PLAY.into());
            }
            Request::Rematch if !self.over() => {}
            Request::Rematch if self.talk.rematch == Some(other) => {
                self.rematch();
                changed = true;
            }
            Request::Rematch => self.talk.rematch = Some(seat),
            Request::DeclineRematch if self.talk.rematch == Some(other) => {
                self.talk.rematch = None;
                let text = words::rematch_declined(&self.name_at(seat));
                self.talk.note(Some(other), text);
            }
            Request::DeclineRematch => {}
            Request::Say(text) => {
                if self.talk.chat.say(seat, text, now) == Err(Refused::TooFast) {
                    self.talk.note(Some(seat), words::TOO_FAST.into());
                }
            }
            // The player's own switches: the link keeps them, not the table.
            Request::ToggleMute | Request::ToggleBell => {}
        }
        changed
    }

    /// The next game at the table: colours swapped, the same rules, nothing pending.
    fn rematch(&mut self) {
        self.seats.swap(0, 1);
        self.away.swap(0, 1);
        self.left.swap(0, 1);
        self.restart(Game::with_rules(
            self.game.ruleset(),
            self.game.claim_mode(),
        ));
        self.talk.undo = None;
        self.talk.rematch = None;
        self.talk.epoch += 1;
        let blue = self.name_at(Player::Blue);
        self.talk.note(None, words::rematch_started(&blue));
    }
}

/// Takes back the last move of `asker`, and the other player's reply after it if there
/// is one: the asker is to move again. Returns how many moves were taken back.
fn take_back(game: &mut Game, asker: Player) -> usize {
    let mut taken = 0;
    while let Some(last) = game.last() {
        let theirs = last.player == asker;
        game.undo();
        taken += 1;
        if theirs {
            break;
        }
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_unambiguous_letters_and_typing_is_forgiving() {
        let code = new_code().unwrap();
        assert_eq!(code.len(), CODE_LENGTH);
        assert!(code.bytes().all(|b| CODE_LETTERS.contains(&b)), "{code}");
        assert_ne!(new_code(), new_code());
        assert_eq!(typed_code(" ab-c2 3x "), "ABC23X");
    }

    #[test]
    fn taking_back_returns_the_turn_to_the_asker() {
        let moves = ["b3", "c1", "a1"].map(|s| s.parse().unwrap());
        let mut game = Game::from_moves(moves).unwrap();
        // Blue asks after Blue's own move a1: only a1 goes.
        assert_eq!(take_back(&mut game.clone(), Player::Blue), 1);
        // Yellow asks after Blue's reply: Blue's a1 and Yellow's c1 go.
        assert_eq!(take_back(&mut game, Player::Yellow), 2);
        assert_eq!(game.len(), 1);
        assert_eq!(game.to_move(), Player::Yellow);
    }
}
