//! The lobby's tables: shared state owned by the server (no statics), behind one mutex.
//! A table holds the one true game; each player's and spectator's screen keeps a copy in
//! step through a [`super::link::TableLink`]. Every change wakes every session, so
//! lobbies redraw and games pick up the new move.

use std::collections::{BTreeMap, HashMap};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard};

use crate::rules::{Game, Player, Ruleset};
use crate::ui::Wake;

use super::prefs::Prefs;
use super::talk::{Talk, new_code};

/// A player as the server knows them: the key is the person, the name is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Who {
    /// The SHA-256 fingerprint of their key.
    pub(crate) key: String,
    /// Their display name, already checked.
    pub(crate) name: String,
}

/// One table: a game between two people, open until the second sits down.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    /// Who sits in each seat, by [`Player::index`].
    pub(crate) seats: [Option<Who>; 2],
    /// The game, as both players have played it.
    pub(crate) game: Game,
    /// How many watch it.
    pub(crate) spectators: usize,
    /// A player has left: no more moves are taken.
    pub(crate) abandoned: bool,
    /// What the players ask of each other, their messages, a private table's code.
    pub(crate) talk: Talk,
}

impl Table {
    /// Open: one seat still free.
    pub(crate) fn is_open(&self) -> bool {
        !self.abandoned && self.seats.iter().any(Option::is_none)
    }

    /// The colour `key` plays here, if they sit here.
    pub(crate) fn seat_of(&self, key: &str) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|p| self.seats[p.index()].as_ref().is_some_and(|w| w.key == key))
    }
}

/// What the sessions share: the tables and a way to wake each session.
#[derive(Debug, Default)]
pub(crate) struct Lobby {
    tables: BTreeMap<u32, Table>,
    next_id: u32,
    sessions: HashMap<u64, Sender<Wake>>,
    next_session: u64,
    /// Who each session is, to find a player by name.
    present: HashMap<u64, Who>,
    /// What each player switched, by key.
    prefs: Prefs,
}

/// Where a player found by name is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Found {
    /// Playing at this listed table.
    Playing(u32),
    /// At a private table.
    Private,
    /// Connected, not at a table.
    Here,
    /// Not connected now.
    Away,
}

/// The lobby, shared by every session of one server.
#[derive(Debug, Clone, Default)]
pub(crate) struct SharedLobby(Arc<Mutex<Lobby>>);

impl SharedLobby {
    /// A lobby whose players' switches are `prefs`.
    pub(crate) fn with_prefs(prefs: Prefs) -> SharedLobby {
        SharedLobby(Arc::new(Mutex::new(Lobby {
            prefs,
            ..Lobby::default()
        })))
    }

    /// The lobby, locked. A session that panicked while holding it left nothing half
    /// done that matters more than going on, so a poisoned lock is taken over.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Lobby> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Lobby {
    /// Registers `who`'s session to wake at every change; returns its number.
    pub(crate) fn join(&mut self, wake: Sender<Wake>, who: Who) -> u64 {
        self.next_session += 1;
        self.sessions.insert(self.next_session, wake);
        self.present.insert(self.next_session, who);
        self.next_session
    }

    /// Forgets a session that ended.
    pub(crate) fn leave(&mut self, session: u64) {
        self.sessions.remove(&session);
        self.present.remove(&session);
    }

    /// Where the player called `name` (either case) is.
    pub(crate) fn find(&self, name: &str) -> Found {
        let name = name.trim().to_lowercase();
        let is = |who: &Who| who.name.to_lowercase() == name;
        for (&id, table) in &self.tables {
            if table.seats.iter().flatten().any(is) {
                return if table.talk.code.is_some() {
                    Found::Private
                } else {
                    Found::Playing(id)
                };
            }
        }
        if self.present.values().any(is) {
            Found::Here
        } else {
            Found::Away
        }
    }

    /// The private table whose invitation code is `code`.
    pub(crate) fn by_code(&self, code: &str) -> Option<u32> {
        self.tables
            .iter()
            .find(|(_, t)| t.talk.code.as_deref() == Some(code))
            .map(|(&id, _)| id)
    }

    /// Table `id`, to change it; call [`Lobby::changed`] after.
    pub(crate) fn table_mut(&mut self, id: u32) -> Option<&mut Table> {
        self.tables.get_mut(&id)
    }

    /// The players' switches.
    pub(crate) fn prefs(&mut self) -> &mut Prefs {
        &mut self.prefs
    }

    /// The tables, by number.
    pub(crate) fn tables(&self) -> &BTreeMap<u32, Table> {
        &self.tables
    }

    /// Opens a table with `who` at `colour`, under `ruleset`, with claims if `claims`;
    /// a `private` one gets an invitation code and is not listed. Returns its number;
    /// `None` if a private table got no code (the system's random source failed).
    pub(crate) fn open(
        &mut self,
        who: Who,
        colour: Player,
        ruleset: Ruleset,
        claims: bool,
        private: bool,
    ) -> Option<u32> {
        let mut talk = Talk::default();
        if private {
            // A code no other table has.
            talk.code = Some(
                (0..8)
                    .filter_map(|_| new_code())
                    .find(|code| self.by_code(code).is_none())?,
            );
        }
        self.next_id += 1;
        let mut seats = [None, None];
        seats[colour.index()] = Some(who);
        let table = Table {
            seats,
            game: Game::with_rules(ruleset, claims),
            spectators: 0,
            abandoned: false,
            talk,
        };
        self.tables.insert(self.next_id, table);
        self.changed();
        Some(self.next_id)
    }

    /// Sits `who` at the free seat of table `id`; returns the colour, or `None` if the
    /// table is gone, full, or `who` already sits there.
    pub(crate) fn sit(&mut self, id: u32, who: Who) -> Option<Player> {
        let table = self.tables.get_mut(&id)?;
        if !table.is_open() || table.seat_of(&who.key).is_some() {
            return None;
        }
        let colour = Player::BOTH
            .into_iter()
            .find(|p| table.seats[p.index()].is_none())?;
        table.seats[colour.index()] = Some(who);
        self.changed();
        Some(colour)
    }

    /// A spectator comes to table `id` (`true`) or goes (`false`).
    pub(crate) fn watch(&mut self, id: u32, coming: bool) -> bool {
        let Some(table) = self.tables.get_mut(&id) else {
            return false;
        };
        if coming {
            table.spectators += 1;
        } else {
            table.spectators = table.spectators.saturating_sub(1);
        }
        self.changed();
        true
    }

    /// `key` leaves table `id`: a game in progress is abandoned; the table closes when
    /// nobody sits at it any more.
    pub(crate) fn stand_up(&mut self, id: u32, key: &str) {
        let Some(table) = self.tables.get_mut(&id) else {
            return;
        };
        if let Some(colour) = table.seat_of(key) {
            table.seats[colour.index()] = None;
            table.abandoned = true;
        }
        if table.seats.iter().all(Option::is_none) {
            self.tables.remove(&id);
        }
        self.changed();
    }

    /// Wakes every session; forgets those that ended.
    pub(crate) fn changed(&mut self) {
        self.sessions
            .retain(|_, wake| wake.send(Wake::Linked).is_ok());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn who(name: &str) -> Who {
        Who {
            key: format!("SHA256:{name}"),
            name: name.to_owned(),
        }
    }

    #[test]
    fn a_table_closes_when_both_players_have_left() {
        let lobby = SharedLobby::default();
        let id = lobby
            .lock()
            .open(who("a"), Player::Yellow, Ruleset::Corners, false, false)
            .unwrap();
        assert_eq!(lobby.lock().sit(id, who("b")), Some(Player::Blue));
        lobby.lock().stand_up(id, "SHA256:a");
        assert!(lobby.lock().tables()[&id].abandoned);
        assert!(!lobby.lock().tables()[&id].is_open());
        lobby.lock().stand_up(id, "SHA256:b");
        assert!(lobby.lock().tables().is_empty());
    }

    #[test]
    fn a_private_table_has_a_code_and_players_are_found_by_name() {
        let lobby = SharedLobby::default();
        let (tx, _rx) = std::sync::mpsc::channel();
        lobby.lock().join(tx.clone(), who("Dora"));
        let open = lobby
            .lock()
            .open(who("a"), Player::Blue, Ruleset::Standard, false, false)
            .unwrap();
        let private = lobby
            .lock()
            .open(who("b"), Player::Blue, Ruleset::Standard, false, true)
            .unwrap();
        let code = lobby.lock().tables()[&private].talk.code.clone().unwrap();
        assert_eq!(lobby.lock().tables()[&open].talk.code, None);
        assert_eq!(lobby.lock().by_code(&code), Some(private));
        assert_eq!(lobby.lock().by_code("NOPE00"), None);
        assert_eq!(lobby.lock().find("A"), Found::Playing(open));
        assert_eq!(lobby.lock().find("b"), Found::Private);
        assert_eq!(lobby.lock().find("dora"), Found::Here);
        assert_eq!(lobby.lock().find("eve"), Found::Away);
    }
}
