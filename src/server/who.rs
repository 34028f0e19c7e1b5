//! Who is who at the server: a player is their key's fingerprint, shown by a name; the
//! server's AI has a seat of its own, keyed so that no person can be taken for it.

use crate::ai::{Level, Seat};
use crate::rules::Player;
use crate::session::{parse_seat, seat_token};
use crate::strings::serve as words;

use super::outside::safe_text;

/// A player as the server knows them: the key is the person, the name is shown.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct Who {
    /// The SHA-256 fingerprint of their key (`guest:` and a number for a guest, `ai:`
    /// and the level for the server's AI).
    pub(crate) key: String,
    /// Their display name, already checked (the level's name for the AI).
    pub(crate) name: String,
}

/// The colour the server's AI plays at a table, and its level.
pub(crate) type AiSeat = (Player, Level);

/// The colour the server's AI plays among `seats`, and its level, if it sits there.
pub(crate) fn ai_seat(seats: &[Option<Who>; 2]) -> Option<AiSeat> {
    Player::BOTH.into_iter().find_map(|p| {
        let level = seats[p.index()].as_ref()?.level()?;
        Some((p, level))
    })
}

/// What stands for a key in a guest's seat, before their number.
pub(crate) const GUEST_KEY: &str = "guest:";

/// Whether `key` is a guest's.
pub(crate) fn is_guest_key(key: &str) -> bool {
    key.starts_with(GUEST_KEY)
}

/// What stands for a key in the server's AI's seat: no fingerprint (`SHA256:…`) and
/// no guest's key starts so, so no person can be taken for the AI, whatever their name.
const AI_KEY: &str = "ai:";

/// Whether `key` is the server's AI's (see [`Who::is_ai`]).
pub(crate) fn is_ai_key(key: &str) -> bool {
    key.strip_prefix(AI_KEY)
        .and_then(parse_seat)
        .is_some_and(|seat| seat.level().is_some())
}

/// The tests' stand-in for a login: `name`, with the key `SHA256:name`.
#[cfg(test)]
pub(crate) fn who(name: &str) -> Who {
    Who {
        key: format!("SHA256:{name}"),
        name: name.to_owned(),
    }
}

impl Who {
    /// The server's AI at `level`: named by the level (`hard`), keyed `ai:hard`.
    pub(crate) fn ai(level: Level) -> Who {
        let name = seat_token(Seat::from(level));
        Who {
            key: format!("{AI_KEY}{name}"),
            name,
        }
    }

    /// The AI's level, if this is the server's AI (by its key, never by its name).
    pub(crate) fn level(&self) -> Option<Level> {
        parse_seat(self.key.strip_prefix(AI_KEY)?)?.level()
    }

    /// Whether this is the server's AI.
    pub(crate) fn is_ai(&self) -> bool {
        is_ai_key(&self.key)
    }

    /// Whether this is a guest (no key: a new person at each connection).
    pub(crate) fn is_guest(&self) -> bool {
        is_guest_key(&self.key)
    }

    /// Whether this player's games may be rated: a person with a key (never the
    /// server's AI, never a guest).
    pub(crate) fn can_be_rated(&self) -> bool {
        !self.is_ai() && !self.is_guest()
    }

    /// The name as screens show it: through the gate for a stranger's text, and
    /// `hard AI` for the AI.
    pub(crate) fn display_name(&self) -> String {
        if self.is_ai() {
            words::ai_name(&self.name)
        } else {
            safe_text(&self.name)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ai_is_known_by_its_key_never_by_its_name() {
        let ai = Who::ai(Level::Hard);
        assert_eq!(ai.level(), Some(Level::Hard));
        assert_eq!(ai.display_name(), "hard AI");
        let person = Who {
            key: "SHA256:x".into(),
            name: "hard".into(),
        };
        assert!(!person.is_ai());
        assert_eq!(person.display_name(), "hard");
        let forged = Who {
            key: "ai:nonsense".into(),
            name: "hard".into(),
        };
        assert!(!forged.is_ai());
    }
}
