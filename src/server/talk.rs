//! What the two players at a table say to each other beside their moves: who asked to
//! take back moves or offered a rematch (until answered), their messages, the notes a
//! table leaves for each screen, and a private table's invitation code. Plain data: the
//! table ([`super::table`]) decides what a request does.

use std::collections::VecDeque;

use crate::rules::Player;
use crate::ui::Message;

use super::chat::Chat;

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

/// Who a note is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum To {
    /// The player in this seat only.
    Seat(Player),
    /// Everyone at the table, spectators too.
    Everyone,
    /// The spectators only.
    Spectators,
}

impl To {
    /// Whether a screen of `seat` (`None`: a spectator) reads a note for `self`.
    pub(crate) fn reaches(self, seat: Option<Player>) -> bool {
        match self {
            To::Seat(player) => seat == Some(player),
            To::Everyone => true,
            To::Spectators => seat.is_none(),
        }
    }
}

/// A line left at a table for some of its screens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Note {
    /// Its number at the table, from 1.
    pub(crate) number: u64,
    /// Who it is for.
    pub(crate) to: To,
    /// The line: worded by each face its own way where it names what to type.
    pub(crate) said: Message,
    /// The table's version it tells of: shown once the store has kept it (0: at once).
    pub(crate) after: u64,
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
    /// The players' messages.
    pub(crate) chat: Chat,
    notes: VecDeque<Note>,
    next_note: u64,
}

impl Talk {
    /// Leaves a line for `to`, shown at once.
    pub(crate) fn note(&mut self, to: To, said: Message) {
        self.note_after(to, said, 0);
    }

    /// Leaves a line for `to` about the change kept as version `after`: shown with it,
    /// once it is on disk.
    pub(crate) fn note_after(&mut self, to: To, said: Message, after: u64) {
        self.next_note += 1;
        if self.notes.len() == KEPT_NOTES {
            self.notes.pop_front();
        }
        self.notes.push_back(Note {
            number: self.next_note,
            to,
            said,
            after,
        });
    }

    /// Forgets the lines about changes after version `kept`: they were not kept.
    pub(crate) fn forget_after(&mut self, kept: u64) {
        self.notes.retain(|n| n.after <= kept);
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
    fn a_note_for_the_spectators_reaches_no_player() {
        assert!(To::Spectators.reaches(None));
        assert!(!To::Spectators.reaches(Some(Player::Blue)));
        assert!(!To::Spectators.reaches(Some(Player::Yellow)));
    }

    #[test]
    fn notes_reach_only_whom_they_are_for_and_the_oldest_go() {
        let mut talk = Talk::default();
        let said = |text: String| Message::new(crate::ui::MessageKind::Info, text);
        talk.note(To::Seat(Player::Blue), said("b".into()));
        talk.note(To::Everyone, said("e".into()));
        let read = |seat| -> Vec<String> {
            talk.notes_since(0)
                .filter(|n| n.to.reaches(seat))
                .map(|n| n.said.text.clone())
                .collect()
        };
        assert_eq!(read(Some(Player::Blue)), ["b", "e"]);
        assert_eq!(read(Some(Player::Yellow)), ["e"]);
        assert_eq!(read(None), ["e"]);
        for n in 0..20 {
            talk.note(To::Everyone, said(n.to_string()));
        }
        assert_eq!(talk.notes_since(0).count(), KEPT_NOTES);
        assert_eq!(talk.last_note(), 22);
    }
}
