//! The lobby's tables: shared state owned by the server (no statics), behind one mutex.
//! A table holds the one true game; each player's and spectator's screen keeps a copy in
//! step through a [`TableLink`]. Every change wakes every session, so lobbies redraw
//! and games pick up the new move.

use std::collections::{BTreeMap, HashMap};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Instant;

use crate::record::TimeControl;
use crate::rules::{Game, Move, Player, Ruleset};
use crate::session::{Clock, Course};
use crate::ui::{Link, Wake};

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
    /// The clocks and how the game ended, when not by a full board: the server's,
    /// which decide a time forfeit for both screens.
    pub(crate) course: Course,
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
}

/// The lobby, shared by every session of one server.
#[derive(Debug, Clone, Default)]
pub(crate) struct SharedLobby(Arc<Mutex<Lobby>>);

impl SharedLobby {
    /// The lobby, locked. A session that panicked while holding it left nothing half
    /// done that matters more than going on, so a poisoned lock is taken over.
    pub(crate) fn lock(&self) -> MutexGuard<'_, Lobby> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Lobby {
    /// Registers a session to wake at every change; returns its number.
    pub(crate) fn join(&mut self, wake: Sender<Wake>) -> u64 {
        self.next_session += 1;
        self.sessions.insert(self.next_session, wake);
        self.next_session
    }

    /// Forgets a session that ended.
    pub(crate) fn leave(&mut self, session: u64) {
        self.sessions.remove(&session);
    }

    /// The tables, by number.
    pub(crate) fn tables(&self) -> &BTreeMap<u32, Table> {
        &self.tables
    }

    /// Opens a table with `who` at `colour`; returns its number.
    pub(crate) fn open(&mut self, who: Who, colour: Player, ruleset: Ruleset) -> u32 {
        self.next_id += 1;
        let mut seats = [None, None];
        seats[colour.index()] = Some(who);
        let table = Table {
            seats,
            game: Game::with_ruleset(ruleset),
            spectators: 0,
            abandoned: false,
            course: Course::default(),
        };
        self.tables.insert(self.next_id, table);
        self.changed();
        self.next_id
    }

    /// Gives table `id` clocks (`None`: none), before its game starts. They start when
    /// the second player sits down.
    pub(crate) fn set_clock(&mut self, id: u32, clock: Option<TimeControl>) {
        if let Some(table) = self.tables.get_mut(&id)
            && table.game.is_empty()
        {
            table.course = Course::with_clock(clock.map(Clock::new));
            self.changed();
        }
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
        // Both seated: Blue's clock starts.
        if let Some(clock) = table.course.clock_mut() {
            clock.start(Instant::now());
        }
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
    fn changed(&mut self) {
        self.sessions
            .retain(|_, wake| wake.send(Wake::Linked).is_ok());
    }
}

/// A screen's link to a table: as a player (`seat`) it hands over its own moves; as a
/// spectator (`seat` None) it only follows.
pub(crate) struct TableLink {
    pub(crate) lobby: SharedLobby,
    pub(crate) table: u32,
    pub(crate) seat: Option<Player>,
    /// Whether this screen was told that a player left.
    pub(crate) told: bool,
}

impl TableLink {
    /// [`Link::sync`] at `now`, the server's time.
    fn sync_at(&mut self, game: &Game, now: Instant) -> Vec<Move> {
        let mut lobby = self.lobby.lock();
        let Some(table) = lobby.tables.get_mut(&self.table) else {
            return Vec::new();
        };
        let known = table.game.len();
        // The server's clock decides: a flag that fell ends the game for both screens,
        // and a move that comes after it is not taken.
        let mut changed = table.course.check_flag(&table.game, now).is_some();
        if let Some(seat) = self.seat
            && game.len() > known
            && !table.abandoned
            && table.course.ending().is_none()
            && table.seats.iter().all(Option::is_some)
        {
            for mv in game.moves().skip(known) {
                // Only the seat's own moves, in turn: the screen refuses the others.
                if table.game.to_move() != seat || table.game.play(mv).is_err() {
                    break;
                }
                if let Some(clock) = table.course.clock_mut() {
                    let _ = clock.moved(now);
                    if table.game.is_over() {
                        clock.stop();
                    }
                }
                changed = true;
            }
        }
        let news = table.game.moves().skip(game.len()).collect();
        if changed {
            lobby.changed();
        }
        news
    }
}

impl Link for TableLink {
    fn sync(&mut self, game: &Game) -> Vec<Move> {
        self.sync_at(game, Instant::now())
    }

    fn course(&mut self) -> Option<Course> {
        let lobby = self.lobby.lock();
        let table = lobby.tables.get(&self.table)?;
        // A table without clocks or an early end leaves the screen's course alone.
        (table.course != Course::NONE).then(|| table.course.clone())
    }

    fn news(&mut self) -> Option<String> {
        let left = self
            .lobby
            .lock()
            .tables
            .get(&self.table)
            .is_none_or(|t| t.abandoned);
        if self.told || !left {
            return None;
        }
        self.told = true;
        Some(crate::strings::serve::PLAYER_LEFT.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;

    fn who(name: &str) -> Who {
        Who {
            key: format!("SHA256:{name}"),
            name: name.to_owned(),
        }
    }

    #[test]
    fn two_players_share_one_game_and_each_plays_only_their_colour() {
        let lobby = SharedLobby::default();
        let id = lobby
            .lock()
            .open(who("alice"), Player::Blue, Ruleset::Standard);
        assert!(lobby.lock().tables()[&id].is_open());
        assert_eq!(lobby.lock().sit(id, who("alice")), None);
        assert_eq!(lobby.lock().sit(id, who("bob")), Some(Player::Yellow));
        assert_eq!(lobby.lock().sit(id, who("carol")), None);
        let mut blue = TableLink {
            lobby: lobby.clone(),
            table: id,
            seat: Some(Player::Blue),
            told: false,
        };
        let mut yellow = TableLink {
            lobby: lobby.clone(),
            table: id,
            seat: Some(Player::Yellow),
            told: false,
        };
        let b3: Square = "b3".parse().unwrap();
        let c1: Square = "c1".parse().unwrap();
        // Yellow can't move first.
        let yellow_first = Game::from_moves([c1]).unwrap();
        assert_eq!(yellow.sync(&yellow_first), Vec::<Move>::new());
        assert_eq!(lobby.lock().tables()[&id].game.len(), 0);
        // Blue's move reaches Yellow, and Yellow's reply reaches Blue.
        let blue_game = Game::from_moves([b3]).unwrap();
        assert!(blue.sync(&blue_game).is_empty());
        assert_eq!(yellow.sync(&Game::new()), vec![b3]);
        let yellow_game = Game::from_moves([b3, c1]).unwrap();
        assert!(yellow.sync(&yellow_game).is_empty());
        assert_eq!(blue.sync(&blue_game), vec![c1]);
        // Blue can't play Yellow's move.
        let cheat = Game::from_moves([b3, c1, c1, c1]).unwrap();
        blue.sync(&cheat);
        assert_eq!(lobby.lock().tables()[&id].game.len(), 3);
        // Yellow leaves: Blue is told once, and no more moves are taken.
        assert_eq!(blue.news(), None);
        lobby.lock().stand_up(id, "SHA256:bob");
        assert!(blue.news().is_some_and(|text| text.contains("left")));
        assert_eq!(blue.news(), None);
        let on = Game::from_moves([b3, c1, c1, b3]).unwrap();
        blue.sync(&on);
        assert_eq!(lobby.lock().tables()[&id].game.len(), 3);
    }

    #[test]
    fn the_server_s_clock_decides_a_time_forfeit_for_both_screens() {
        use crate::record::Termination;
        let lobby = SharedLobby::default();
        let id = lobby
            .lock()
            .open(who("alice"), Player::Blue, Ruleset::Standard);
        lobby
            .lock()
            .set_clock(id, TimeControl::from_minutes("1+0").ok());
        let link = |seat| TableLink {
            lobby: lobby.clone(),
            table: id,
            seat,
            told: false,
        };
        let (mut blue, mut yellow, mut watcher) = (
            link(Some(Player::Blue)),
            link(Some(Player::Yellow)),
            link(None),
        );
        assert!(
            !lobby.lock().tables()[&id]
                .course
                .clock()
                .unwrap()
                .is_running(),
            "not before both sit"
        );
        assert_eq!(lobby.lock().sit(id, who("bob")), Some(Player::Yellow));
        let t0 = Instant::now();
        let b2: Square = "b2".parse().unwrap();
        blue.sync_at(&Game::from_moves([b2]).unwrap(), t0);
        let course = watcher.course().unwrap();
        let clock = course.clock().unwrap();
        assert_eq!(clock.history().len(), 1);
        assert!(clock.remaining(Player::Blue, t0) <= std::time::Duration::from_secs(60));
        // Yellow does not move for two minutes: the server ends the game, whatever
        // the screens show, and Yellow's late move is not taken.
        let late = Game::from_moves([b2, b2]).unwrap();
        let later = t0 + std::time::Duration::from_secs(120);
        assert_eq!(yellow.sync_at(&late, later), Vec::<Move>::new());
        assert_eq!(lobby.lock().tables()[&id].game.len(), 1);
        let ending = blue.course().unwrap().ending().unwrap();
        assert_eq!(ending.termination(), Termination::TimeForfeit);
        assert_eq!(ending.winner(), Player::Blue);
        assert_eq!(watcher.course().unwrap().ending(), Some(ending));
        // A table without clocks leaves the screens' own course alone.
        let plain = lobby
            .lock()
            .open(who("carol"), Player::Blue, Ruleset::Standard);
        let mut link = TableLink {
            lobby: lobby.clone(),
            table: plain,
            seat: None,
            told: false,
        };
        assert_eq!(link.course(), None);
    }

    #[test]
    fn a_table_closes_when_both_players_have_left() {
        let lobby = SharedLobby::default();
        let id = lobby
            .lock()
            .open(who("a"), Player::Yellow, Ruleset::Corners);
        assert_eq!(lobby.lock().sit(id, who("b")), Some(Player::Blue));
        lobby.lock().stand_up(id, "SHA256:a");
        assert!(lobby.lock().tables()[&id].abandoned);
        assert!(!lobby.lock().tables()[&id].is_open());
        lobby.lock().stand_up(id, "SHA256:b");
        assert!(lobby.lock().tables().is_empty());
    }
}
