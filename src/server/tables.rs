//! The lobby's tables: shared state owned by the server (no statics), behind one mutex.
//! A table holds the one true game; each player's and spectator's screen keeps a copy in
//! step through a [`super::link::TableLink`]. Every change wakes every session, so lobbies redraw
//! and games pick up the new move.
//!
//! A game between two people outlives their connections: a player whose link drops is
//! away, and put back at the seat when they come back with the same key; the other
//! sees the grace period count down. A game both have left is adjourned, listed in
//! their lobbies, and resumed when both are back. Every game in play is on disk
//! ([`Store`]), written after each move outside the lock, so a restart keeps them all
//! (adjourned); finished games go to the history.

use std::collections::{BTreeMap, HashMap};
use std::ops::{Deref, DerefMut};
use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard, Weak};
use std::time::{Duration, Instant};

use crate::ai::{Level, Seat};
use crate::record::{GameResult, Termination, TimeControl};
use crate::rules::{Game, Player, Ruleset};
use crate::session::{Clock, Course, parse_seat, seat_token};
use crate::strings::serve as words;
use crate::ui::NewsWaker;

use super::outside::shown;
use super::prefs::Prefs;
use super::store::{Finished, Store, Write, table_record};
use super::talk::{Talk, new_code};

/// How long a dropped player's seat is kept for them, unless the server is told.
pub const DEFAULT_GRACE: Duration = Duration::from_secs(120);

/// A player as the server knows them: the key is the person, the name is shown.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Who {
    /// The SHA-256 fingerprint of their key (`ai:` and the level for the server's AI).
    pub(crate) key: String,
    /// Their display name, already checked (the level's name for the AI).
    pub(crate) name: String,
}

/// The colour the server's AI plays at a table, and its level.
pub(crate) type AiSeat = (Player, Level);

/// What stands for a key in the server's AI's seat: no fingerprint (`SHA256:…`) and
/// no guest's key starts so, so no person can be taken for the AI, whatever their name.
const AI_KEY: &str = "ai:";

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
        self.level().is_some()
    }

    /// The name as screens show it: filtered, and `hard AI` for the AI.
    pub(crate) fn shown(&self) -> String {
        if self.is_ai() {
            words::ai_name(&self.name)
        } else {
            shown(&self.name)
        }
    }
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
    /// Since when each seated player is away (their link dropped, or they adjourned).
    pub(crate) away: [Option<Instant>; 2],
    /// Whether each away player chose to leave (adjourned), rather than dropped out:
    /// only a dropped player's game can be claimed.
    pub(crate) left: [bool; 2],
    /// How the game ended, if not by a full board (a win claimed).
    pub(crate) course: Course,
    /// Both players have left the game for later: it waits until both are back.
    pub(crate) adjourned: bool,
    /// Counts the changes to what is stored, so an older write never wins.
    version: u64,
    /// The finished game went to the history.
    archived: bool,
    /// Why the last write of this game failed, while it is not on disk.
    pub(crate) unsaved: Option<String>,
    /// What the players ask of each other, their messages, a private table's code.
    pub(crate) talk: Talk,
}

impl Table {
    /// An adjourned game's clock stops (the turn under way is not charged) until both
    /// players are back.
    fn pause_clock(&mut self) {
        if let Some(clock) = self.course.clock_mut() {
            clock.stop();
        }
    }

    /// A table with `seats` and `game`, everybody there.
    fn new(seats: [Option<Who>; 2], game: Game) -> Table {
        Table {
            seats,
            game,
            spectators: 0,
            abandoned: false,
            away: [None, None],
            left: [false, false],
            course: Course::NONE,
            adjourned: false,
            version: 0,
            archived: false,
            unsaved: None,
            talk: Talk::default(),
        }
    }

    /// The next game at the table (a rematch): `game`, no ending, kept anew.
    pub(crate) fn restart(&mut self, game: Game) {
        self.game = game;
        // A rematch keeps the time control, with full clocks started anew.
        let control = self.course.clock().map(Clock::control);
        self.course = Course::with_clock(control.map(Clock::new));
        if let Some(clock) = self.course.clock_mut() {
            clock.start(Instant::now());
        }
        self.archived = false;
    }

    /// Open: one seat still free.
    pub(crate) fn is_open(&self) -> bool {
        !self.abandoned && self.seats.iter().any(Option::is_none)
    }

    /// Both players are seated and there, and the game goes on (or just ended).
    pub(crate) fn ready(&self) -> bool {
        !self.abandoned
            && !self.adjourned
            && self.seats.iter().all(Option::is_some)
            && self.away.iter().all(Option::is_none)
    }

    /// Two players, a game not over (begun or not), not abandoned: a game that must
    /// not be lost.
    fn in_play(&self) -> bool {
        !self.abandoned
            && self.seats.iter().all(Option::is_some)
            && !self.game.is_over()
            && self.course.ending().is_none()
    }

    /// Whether `key` may claim the win here: their opponent dropped out (did not
    /// choose to leave) more than `grace` ago, and the game is in play.
    pub(crate) fn claimable_by(&self, key: &str, grace: Duration) -> bool {
        let Some(me) = self.seat_of(key) else {
            return false;
        };
        let other = me.other().index();
        self.in_play()
            && !self.left[other]
            && self.away[other].is_some_and(|since| since.elapsed() >= grace)
    }

    /// The colour `key` plays here, if they sit here.
    pub(crate) fn seat_of(&self, key: &str) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|p| self.seats[p.index()].as_ref().is_some_and(|w| w.key == key))
    }

    /// The name in `player`'s seat, as shown.
    pub(crate) fn name(&self, player: Player) -> String {
        self.seats[player.index()]
            .as_ref()
            .map_or_else(|| words::EMPTY_SEAT.to_owned(), Who::shown)
    }

    /// At a game against the server's AI: the colour it plays (a rematch swaps it) and
    /// its level.
    pub(crate) fn ai(&self) -> Option<AiSeat> {
        Player::BOTH.into_iter().find_map(|p| {
            let level = self.seats[p.index()].as_ref()?.level()?;
            Some((p, level))
        })
    }
}

/// What [`Lobby::come_back`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Back {
    /// Back at the board, playing this colour.
    Play(Player),
    /// Back at an adjourned game whose other player is still away.
    Wait,
}

/// What the sessions share: the tables and a way to wake each session.
#[derive(Debug)]
pub(crate) struct Lobby {
    tables: BTreeMap<u32, Table>,
    next_id: u32,
    sessions: HashMap<u64, NewsWaker>,
    next_session: u64,
    /// How long a dropped player's seat is kept.
    grace: Duration,
    /// The finished games of the server's history, newest first.
    history: Vec<Finished>,
    /// Writes to carry out once the lock is released.
    writes: Vec<Write>,
    /// Who each session is, to find a player by name.
    present: HashMap<u64, Who>,
    /// What each player switched, by key.
    prefs: Prefs,
}

/// Where a player found by name is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Found {
    /// Playing at this table.
    Playing(u32),
    /// At a private table.
    Private,
    /// Connected, not at a table.
    Here,
    /// Not connected now.
    Away,
}

impl Default for Lobby {
    fn default() -> Lobby {
        Lobby {
            tables: BTreeMap::new(),
            next_id: 0,
            sessions: HashMap::new(),
            next_session: 0,
            grace: DEFAULT_GRACE,
            history: Vec::new(),
            writes: Vec::new(),
            present: HashMap::new(),
            prefs: Prefs::default(),
        }
    }
}

/// The lobby, shared by every session of one server, and where its games are kept.
#[derive(Debug, Clone, Default)]
pub(crate) struct SharedLobby {
    lobby: Arc<Mutex<Lobby>>,
    /// `None` keeps nothing on disk (unit tests).
    store: Option<Arc<Store>>,
}

/// The lobby, locked; the writes it asked for happen when this guard is dropped,
/// after the lock is released, so a slow disk holds up no one's screen.
pub(crate) struct LobbyGuard<'a> {
    guard: Option<MutexGuard<'a, Lobby>>,
    shared: &'a SharedLobby,
}

impl Deref for LobbyGuard<'_> {
    type Target = Lobby;
    fn deref(&self) -> &Lobby {
        // Some until dropped.
        self.guard.as_deref().unwrap_or_else(|| unreachable!())
    }
}

impl DerefMut for LobbyGuard<'_> {
    fn deref_mut(&mut self) -> &mut Lobby {
        self.guard.as_deref_mut().unwrap_or_else(|| unreachable!())
    }
}

impl Drop for LobbyGuard<'_> {
    fn drop(&mut self) {
        let Some(mut guard) = self.guard.take() else {
            return;
        };
        let writes = std::mem::take(&mut guard.writes);
        drop(guard);
        self.shared.carry_out(writes);
    }
}

/// What [`SharedLobby::save_all`] did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SaveReport {
    /// How many games in play are on disk now.
    pub saved: usize,
    /// The games that could not be written: table number and why.
    pub failed: Vec<(u32, String)>,
}

impl SharedLobby {
    /// The lobby of a server whose data folder is `data_dir`, with the games a previous
    /// run left in play (adjourned: both players are away) and the history; a thread
    /// wakes the sessions every second while a player is away, for the countdown.
    /// Returns the problems met reading the stored games (each file kept aside).
    pub(crate) fn open(data_dir: &Path, grace: Duration) -> (SharedLobby, Vec<String>) {
        let store = Store::new(data_dir);
        let (stored, errors) = store.load();
        let now = Instant::now();
        let mut lobby = Lobby {
            grace,
            history: store.history(),
            prefs: Prefs::load(data_dir),
            ..Lobby::default()
        };
        for game in stored {
            let mut table = Table::new(game.seats.map(Some), game.game);
            table.course = game.course;
            // The grace period counts from the restart; the server's AI is always there.
            table.away = [Some(now); 2];
            if let Some((colour, _)) = table.ai() {
                table.away[colour.index()] = None;
            }
            table.adjourned = true;
            lobby.next_id = lobby.next_id.max(game.id);
            lobby.tables.insert(game.id, table);
        }
        let shared = SharedLobby {
            lobby: Arc::new(Mutex::new(lobby)),
            store: Some(Arc::new(store)),
        };
        let weak = Arc::downgrade(&shared.lobby);
        let _ = std::thread::Builder::new()
            .name("hijara-grace".into())
            .spawn(move || tick(&weak));
        (shared, errors)
    }

    /// The lobby, locked. A session that panicked while holding it left nothing half
    /// done that matters more than going on, so a poisoned lock is taken over.
    pub(crate) fn lock(&self) -> LobbyGuard<'_> {
        let guard = self
            .lobby
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        LobbyGuard {
            guard: Some(guard),
            shared: self,
        }
    }

    /// Writes every game in play to disk now (for a shutdown): the count written, and
    /// those that failed. A game counted here is on disk.
    // Called at the SIGTERM shutdown.
    pub fn save_all(&self) -> SaveReport {
        let writes: Vec<Write> = {
            let mut lobby = self.lock();
            let ids: Vec<u32> = lobby
                .tables
                .iter()
                .filter(|(_, t)| t.in_play())
                .map(|(&id, _)| id)
                .collect();
            ids.into_iter().filter_map(|id| lobby.save(id)).collect()
        };
        let mut report = SaveReport::default();
        let Some(store) = &self.store else {
            report.failed = writes
                .iter()
                .map(|w| (w.id(), "no data folder".to_owned()))
                .collect();
            return report;
        };
        for write in writes {
            match store.apply(&write) {
                Ok(()) => report.saved += 1,
                Err(error) => report.failed.push((write.id(), error.to_string())),
            }
        }
        report
    }

    /// Carries out `writes`; a failure is logged and shown at its table.
    fn carry_out(&self, writes: Vec<Write>) {
        let Some(store) = &self.store else {
            return;
        };
        for write in writes {
            let id = write.id();
            let failed = store.apply(&write).err().map(|e| e.to_string());
            if let Some(error) = &failed {
                eprintln!("hijara serve: table {id} not saved: {}", shown(error));
            }
            let mut lobby = self.lobby.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(table) = lobby.tables.get_mut(&id)
                && table.unsaved != failed
            {
                table.unsaved = failed;
                lobby.changed();
            }
        }
    }
}

impl Write {
    fn id(&self) -> u32 {
        match self {
            Write::Save { id, .. } | Write::Finish { id, .. } => *id,
        }
    }
}

/// Once a second while the lobby lives: wakes the sessions while a player is away
/// (their countdown moves), and adjourns a game both players have dropped out of.
fn tick(lobby: &Weak<Mutex<Lobby>>) {
    loop {
        std::thread::sleep(Duration::from_secs(1));
        let Some(lobby) = lobby.upgrade() else {
            return;
        };
        let mut lobby = lobby.lock().unwrap_or_else(|p| p.into_inner());
        let mut changed = false;
        let grace = lobby.grace;
        for table in lobby.tables.values_mut() {
            if table.adjourned || table.abandoned {
                continue;
            }
            let gone = |since: &Option<Instant>| since.is_some_and(|t| t.elapsed() >= grace);
            // Against the AI nobody waits: past the grace period the game is kept for later.
            if table.away.iter().all(Option::is_some)
                || (table.ai().is_some() && table.away.iter().any(gone))
            {
                table.adjourned = true;
                table.pause_clock();
                changed = true;
            } else if table.away.iter().any(Option::is_some) {
                changed = true;
            }
        }
        if changed {
            lobby.changed();
        }
    }
}

impl Lobby {
    /// Registers `who`'s session to wake at every change; returns its number.
    pub(crate) fn join(&mut self, wake: NewsWaker, who: Who) -> u64 {
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
        // The AI's seat is nobody's, whatever a person calls themselves.
        let is = |who: &Who| !who.is_ai() && who.name.to_lowercase() == name;
        for (&id, table) in &self.tables {
            if !table.abandoned && !table.adjourned && table.seats.iter().flatten().any(is) {
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

    /// Table `id`, to change it; call [`Lobby::changed`] (and [`Lobby::stored`] if the
    /// game changed) after.
    pub(crate) fn table_mut(&mut self, id: u32) -> Option<&mut Table> {
        self.tables.get_mut(&id)
    }

    /// How long a dropped player's seat is kept.
    pub(crate) fn grace(&self) -> Duration {
        self.grace
    }

    /// The players' switches.
    pub(crate) fn prefs(&mut self) -> &mut Prefs {
        &mut self.prefs
    }

    /// The tables, by number.
    pub(crate) fn tables(&self) -> &BTreeMap<u32, Table> {
        &self.tables
    }

    /// The tables `key` sees in the lobby: all but other people's adjourned games.
    pub(crate) fn tables_for(&self, key: &str) -> BTreeMap<u32, Table> {
        self.tables
            .iter()
            .filter(|(_, t)| !t.adjourned || t.seat_of(key).is_some())
            .map(|(&id, t)| (id, t.clone()))
            .collect()
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
        let mut table = Table::new(seats, Game::with_rules(ruleset, claims));
        table.talk = talk;
        self.tables.insert(self.next_id, table);
        self.changed();
        Some(self.next_id)
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

    /// Opens a game of `who`, playing `colour`, against the server's AI at `level`,
    /// under `ruleset` (with claims if `claims`) and `clock`; returns the table's
    /// number. The game is under way at once: kept after every move like any game in
    /// play, and listed for spectators.
    pub(crate) fn open_ai(
        &mut self,
        who: Who,
        colour: Player,
        (ruleset, claims): (Ruleset, bool),
        level: Level,
        clock: Option<TimeControl>,
    ) -> u32 {
        self.next_id += 1;
        let id = self.next_id;
        let mut seats = [None, None];
        seats[colour.index()] = Some(who);
        seats[colour.other().index()] = Some(Who::ai(level));
        let mut table = Table::new(seats, Game::with_rules(ruleset, claims));
        table.course = Course::with_clock(clock.map(Clock::new));
        // Both seated: Blue's clock starts.
        if let Some(clock) = table.course.clock_mut() {
            clock.start(Instant::now());
        }
        self.tables.insert(id, table);
        self.stored(id);
        self.changed();
        id
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
        // The game has begun: it is kept from now on.
        self.stored(id);
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

    /// `key` leaves table `id` for good: a game in progress is abandoned (and kept in
    /// the history as it stands); the table closes when nobody sits at it any more.
    pub(crate) fn stand_up(&mut self, id: u32, key: &str) {
        let Some(table) = self.tables.get_mut(&id) else {
            return;
        };
        if let Some(colour) = table.seat_of(key) {
            // A game begun and left is kept in the history as it stands.
            if table.in_play() && !table.game.is_empty() {
                let text = table_record(&table.seats, &table.game, &table.course).to_string();
                self.writes.push(Write::Finish { id, text });
                table.archived = true;
            }
            table.seats[colour.index()] = None;
            table.away[colour.index()] = None;
            table.abandoned = true;
        }
        // Nobody left but the server's AI: the table closes.
        if table.seats.iter().flatten().all(Who::is_ai) {
            self.tables.remove(&id);
        }
        self.changed();
    }

    /// `key` quits table `id` (or stops waiting at it). With the other player away,
    /// or the game adjourned, the game is adjourned and kept for both; otherwise they
    /// stand up.
    pub(crate) fn leave_table(&mut self, id: u32, key: &str) {
        let Some(table) = self.tables.get_mut(&id) else {
            return;
        };
        let Some(colour) = table.seat_of(key) else {
            return;
        };
        let other_away = table.away[colour.other().index()].is_some();
        // A game against the AI is kept for later, as a local game's autosave is.
        if table.in_play() && (other_away || table.adjourned || table.ai().is_some()) {
            table.adjourned = true;
            table.pause_clock();
            table.away[colour.index()] = Some(Instant::now());
            table.left[colour.index()] = true;
            self.changed();
        } else {
            self.stand_up(id, key);
        }
    }

    /// `key`'s link dropped while at table `id`: a game in play keeps their seat for
    /// them (the other player sees the grace period); anything else, they stand up.
    pub(crate) fn drop_out(&mut self, id: u32, key: &str) {
        let Some(table) = self.tables.get_mut(&id) else {
            return;
        };
        let Some(colour) = table.seat_of(key) else {
            return;
        };
        if table.in_play() {
            table.away[colour.index()] = Some(Instant::now());
            table.left[colour.index()] = false;
            // The server's AI thinks on its player's screen: gone with it, so nobody's
            // clock runs until the player is back.
            if table.ai().is_some() {
                table.pause_clock();
            }
            self.changed();
        } else {
            self.stand_up(id, key);
        }
    }

    /// `key` claims the win at table `id`, their opponent having dropped out more than
    /// the grace period ago: the game ends (`[Termination "abandoned"]`), goes to the
    /// history, and the table closes. `false` if it can't be claimed.
    pub(crate) fn claim(&mut self, id: u32, key: &str) -> bool {
        let grace = self.grace;
        let Some(table) = self.tables.get_mut(&id) else {
            return false;
        };
        let Some(me) = table
            .seat_of(key)
            .filter(|_| table.claimable_by(key, grace))
        else {
            return false;
        };
        if table
            .course
            .end(&table.game, Termination::Abandoned, me.other())
            .is_err()
        {
            return false;
        }
        self.stored(id);
        self.tables.remove(&id);
        self.changed();
        true
    }

    /// `key` comes back to their game at table `id`; `None` if they have no seat there
    /// to come back to.
    pub(crate) fn come_back(&mut self, id: u32, key: &str) -> Option<Back> {
        let table = self.tables.get_mut(&id)?;
        let colour = table.seat_of(key)?;
        if !table.in_play() || (table.away[colour.index()].is_none() && !table.adjourned) {
            return None;
        }
        table.away[colour.index()] = None;
        table.left[colour.index()] = false;
        let back = if table.adjourned && table.away[colour.other().index()].is_some() {
            Back::Wait
        } else {
            table.adjourned = false;
            // An adjourned game's clock goes on from where it stopped.
            if let Some(clock) = table.course.clock_mut() {
                clock.start(Instant::now());
            }
            Back::Play(colour)
        };
        self.changed();
        Some(back)
    }

    /// Puts `key` back at a game they dropped out of and that goes on (not adjourned):
    /// the table and the colour.
    pub(crate) fn return_to_seat(&mut self, key: &str) -> Option<(u32, Player)> {
        let id = self.tables.iter().find_map(|(&id, t)| {
            let colour = t.seat_of(key)?;
            (t.in_play() && !t.adjourned && t.away[colour.index()].is_some()).then_some(id)
        })?;
        match self.come_back(id, key)? {
            Back::Play(colour) => Some((id, colour)),
            Back::Wait => None,
        }
    }

    /// The finished games `key` played at this server, newest first.
    pub(crate) fn history_of<'a>(&'a self, key: &'a str) -> impl Iterator<Item = &'a Finished> {
        self.history
            .iter()
            .filter(move |p| p.seats.iter().any(|w| w.key == key))
    }

    /// Asks for table `id`'s game to be written (or, finished, archived): a table with
    /// a game in play or just finished; others are not kept.
    pub(crate) fn stored(&mut self, id: u32) {
        if let Some(write) = self.save(id) {
            self.writes.push(write);
        }
    }

    /// The write that keeps table `id` as it is now, if it has a game to keep.
    fn save(&mut self, id: u32) -> Option<Write> {
        let table = self.tables.get_mut(&id)?;
        if table.abandoned || table.archived || table.seats.iter().any(Option::is_none) {
            return None;
        }
        let text = table_record(&table.seats, &table.game, &table.course).to_string();
        if table.game.is_over() || table.course.ending().is_some() {
            table.archived = true;
            if let Some(played) = Finished::of(&table.seats, &table.game, &table.course) {
                self.history.insert(0, played);
            }
            return Some(Write::Finish { id, text });
        }
        table.version += 1;
        Some(Write::Save {
            id,
            version: table.version,
            text,
        })
    }

    /// Wakes every session not already woken; forgets those that ended. A full inbox
    /// is left as it is: the session wakes for what is in it, and then reads the lobby
    /// as it is.
    pub(crate) fn changed(&mut self) {
        self.sessions.retain(|_, wake| wake.wake());
    }
}

/// A player's results against each opponent at this server (each AI level is one):
/// the opponent's name as shown (as last seen, filtered; `hard AI` for the AI), wins,
/// draws and losses, most games first.
pub(crate) fn tally<'a>(
    key: &str,
    games: impl Iterator<Item = &'a Finished>,
) -> Vec<(String, [u32; 3])> {
    let mut by_key: Vec<(String, String, [u32; 3])> = Vec::new();
    for game in games {
        let Some(me) = Player::BOTH
            .into_iter()
            .find(|p| game.seats[p.index()].key == key)
        else {
            continue;
        };
        let other = &game.seats[me.other().index()];
        let slot = match by_key.iter().position(|(k, _, _)| *k == other.key) {
            Some(i) => i,
            None => {
                by_key.push((other.key.clone(), other.shown(), [0; 3]));
                by_key.len() - 1
            }
        };
        let counts = &mut by_key[slot].2;
        match (game.result, me) {
            (GameResult::BlueWins, Player::Blue) | (GameResult::YellowWins, Player::Yellow) => {
                counts[0] += 1
            }
            (GameResult::Draw, _) => counts[1] += 1,
            (GameResult::Unfinished, _) => {}
            _ => counts[2] += 1,
        }
    }
    by_key.sort_by_key(|(_, _, c)| std::cmp::Reverse(c.iter().sum::<u32>()));
    by_key.into_iter().map(|(_, name, c)| (name, c)).collect()
}

#[cfg(test)]
mod tests {
    use super::super::link::TableLink;
    use super::*;
    use crate::rules::{Move, Square};
    use crate::ui::{Link, News};

    /// The line a link has for its screen now (a note or a stop), if any.
    fn line(link: &mut TableLink) -> Option<String> {
        link.news().into_iter().find_map(|n| match n {
            News::Note(text) | News::Stopped(text) => Some(text),
            _ => None,
        })
    }

    fn who(name: &str) -> Who {
        Who {
            key: format!("SHA256:{name}"),
            name: name.to_owned(),
        }
    }

    /// A game between ann (Blue) and bob (Yellow) at a lobby kept in `dir`.
    fn two_at_a_table(dir: &Path, grace: Duration) -> (SharedLobby, u32) {
        let (lobby, problems) = SharedLobby::open(dir, grace);
        assert!(problems.is_empty(), "{problems:?}");
        let id = lobby
            .lock()
            .open(who("ann"), Player::Blue, Ruleset::Standard, false, false)
            .unwrap();
        assert_eq!(lobby.lock().sit(id, who("bob")), Some(Player::Yellow));
        (lobby, id)
    }

    #[test]
    fn a_dropped_player_keeps_the_seat_and_the_other_sees_the_countdown() {
        let dir = tempfile::tempdir().unwrap();
        let (lobby, id) = two_at_a_table(dir.path(), Duration::from_secs(90));
        let mut ann = TableLink::new(lobby.clone(), id, Some(Player::Blue));
        let mut bob = TableLink::new(lobby.clone(), id, Some(Player::Yellow));
        let b2 = Game::from_moves([Square::B2]).unwrap();
        ann.sync(&b2);
        lobby.lock().drop_out(id, "SHA256:ann");
        assert!(!lobby.lock().tables()[&id].ready());
        assert_eq!(line(&mut bob).as_deref(), Some("waiting for ann (1:30)"));
        assert_eq!(line(&mut bob), None, "told once a second at most");
        // Bob may still move; ann is put back at her seat and sees it.
        let c3 = Game::from_moves([Square::B2, Square::C3]).unwrap();
        bob.sync(&c3);
        assert_eq!(lobby.lock().return_to_seat("SHA256:bob"), None);
        assert_eq!(
            lobby.lock().return_to_seat("SHA256:ann"),
            Some((id, Player::Blue))
        );
        assert!(lobby.lock().tables()[&id].ready());
        assert_eq!(line(&mut bob).as_deref(), Some(words::BACK));
        assert_eq!(ann.sync(&b2), vec![Square::C3]);
        // The game was kept after each move.
        let stored = fs_text(dir.path(), id);
        assert!(stored.contains("1. b2 c3"), "{stored}");
    }

    fn fs_text(dir: &Path, id: u32) -> String {
        std::fs::read_to_string(
            dir.join(super::super::store::TABLES_DIR)
                .join(format!("table-{id}.hij")),
        )
        .unwrap()
    }

    #[test]
    fn past_the_grace_the_other_adjourns_and_both_resume_from_the_lobby() {
        let dir = tempfile::tempdir().unwrap();
        let (lobby, id) = two_at_a_table(dir.path(), Duration::ZERO);
        let mut bob = TableLink::new(lobby.clone(), id, Some(Player::Yellow));
        lobby.lock().drop_out(id, "SHA256:ann");
        assert_eq!(line(&mut bob), Some(words::gone("ann")));
        // Bob quits: adjourned, not abandoned; only its players see it.
        lobby.lock().leave_table(id, "SHA256:bob");
        let table = lobby.lock().tables()[&id].clone();
        assert!(table.adjourned && !table.abandoned);
        assert!(lobby.lock().tables_for("SHA256:carol").is_empty());
        assert_eq!(lobby.lock().tables_for("SHA256:ann").len(), 1);
        // An adjourned game is not taken back automatically.
        assert_eq!(lobby.lock().return_to_seat("SHA256:ann"), None);
        assert_eq!(lobby.lock().come_back(id, "SHA256:carol"), None);
        assert_eq!(lobby.lock().come_back(id, "SHA256:bob"), Some(Back::Wait));
        assert!(!lobby.lock().tables()[&id].ready());
        assert_eq!(
            lobby.lock().come_back(id, "SHA256:ann"),
            Some(Back::Play(Player::Blue))
        );
        assert!(lobby.lock().tables()[&id].ready());
    }

    #[test]
    fn a_win_is_claimed_only_from_a_player_who_dropped_out_past_the_grace() {
        let dir = tempfile::tempdir().unwrap();
        let (lobby, id) = two_at_a_table(dir.path(), Duration::from_millis(200));
        let mut ann = TableLink::new(lobby.clone(), id, Some(Player::Blue));
        ann.sync(&Game::from_moves([Square::A1]).unwrap());
        // Nobody away: nothing to claim; bob away but within the grace: not yet.
        assert!(!lobby.lock().claim(id, "SHA256:ann"));
        lobby.lock().drop_out(id, "SHA256:bob");
        assert!(!lobby.lock().claim(id, "SHA256:ann"));
        assert!(!lobby.lock().claim(id, "SHA256:bob"));
        std::thread::sleep(Duration::from_millis(250));
        // Ann adjourned (she chose to leave): bob, back, can't claim against her.
        lobby.lock().leave_table(id, "SHA256:ann");
        assert_eq!(lobby.lock().come_back(id, "SHA256:bob"), Some(Back::Wait));
        assert!(!lobby.lock().claim(id, "SHA256:bob"));
        // Bob drops again; past the grace ann claims: the table closes, the game is
        // in the history as abandoned, won by ann.
        lobby.lock().drop_out(id, "SHA256:bob");
        std::thread::sleep(Duration::from_millis(250));
        assert!(lobby.lock().claim(id, "SHA256:ann"));
        assert!(lobby.lock().tables().is_empty());
        let games = crate::session::games_dir(dir.path());
        let file = crate::session::files_newest_first(&games).unwrap()[0].clone();
        let text = std::fs::read_to_string(games.join(file)).unwrap();
        assert!(text.contains("[Termination \"abandoned\"]"), "{text}");
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
        let guard = lobby.lock();
        assert_eq!(
            tally("SHA256:bob", guard.history_of("SHA256:bob")),
            vec![("ann".to_owned(), [0, 0, 1])]
        );
    }

    /// The history's newest record, as text.
    fn newest_in_history(dir: &Path) -> String {
        let games = crate::session::games_dir(dir);
        let file = crate::session::files_newest_first(&games).unwrap()[0].clone();
        std::fs::read_to_string(games.join(file)).unwrap()
    }

    #[test]
    fn a_game_against_the_ai_is_kept_listed_resumed_and_a_person_called_hard_stays_one() {
        use crate::ai::Level;
        let dir = tempfile::tempdir().unwrap();
        let (lobby, _) = SharedLobby::open(dir.path(), DEFAULT_GRACE);
        // A person called hard, as Yellow, against the hard AI.
        let id = lobby.lock().open_ai(
            who("hard"),
            Player::Yellow,
            (Ruleset::Standard, false),
            Level::Hard,
            None,
        );
        // Kept from the start, before any move.
        assert!(fs_text(dir.path(), id).contains("[BlueType \"program\"]"));
        // The player's screen hands over both its moves and the AI's; a spectator's none.
        let mut dana = TableLink::new(lobby.clone(), id, Some(Player::Yellow));
        let mut watcher = TableLink::new(lobby.clone(), id, None);
        let two = Game::from_moves([Square::A1, Square::D4]).unwrap();
        assert_eq!(watcher.sync(&two), Vec::<Move>::new());
        assert_eq!(lobby.lock().tables()[&id].game.len(), 0);
        assert!(dana.sync(&two).is_empty());
        assert_eq!(watcher.sync(&Game::new()), [Square::A1, Square::D4]);
        let table = lobby.lock().tables()[&id].clone();
        assert_eq!(table.name(Player::Blue), "hard AI");
        assert_eq!(table.name(Player::Yellow), "hard");
        assert_eq!(table.ai(), Some((Player::Blue, Level::Hard)));
        // Looking for "hard" finds the person, never the AI's seat.
        assert_eq!(lobby.lock().find("hard"), Found::Playing(id));
        lobby.lock().leave_table(id, "SHA256:hard");
        assert_eq!(lobby.lock().find("hard"), Found::Away);
        // Quitting mid-game kept it for later; nobody else sees it then.
        assert!(lobby.lock().tables()[&id].adjourned);
        assert!(lobby.lock().tables_for("SHA256:bob").is_empty());
        drop((dana, watcher, lobby));
        // After a restart the AI and the moves are back; the player resumes at once.
        let (again, problems) = SharedLobby::open(dir.path(), DEFAULT_GRACE);
        assert!(problems.is_empty(), "{problems:?}");
        let table = again.lock().tables()[&id].clone();
        assert_eq!(table.ai(), Some((Player::Blue, Level::Hard)));
        assert_eq!(table.seats[1], Some(who("hard")));
        assert_eq!(table.game.len(), 2);
        let text = fs_text(dir.path(), id);
        for tag in [
            "[Blue \"hard\"]",
            "[BlueType \"program\"]",
            "[Yellow \"hard\"]",
            "[YellowType \"human\"]",
            "[YellowKey \"SHA256:hard\"]",
        ] {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        assert!(!text.contains("BlueKey"), "{text}");
        assert_eq!(
            again.lock().come_back(id, "SHA256:hard"),
            Some(Back::Play(Player::Yellow))
        );
        // Finished: in the history, tallied against the hard AI; the table closes.
        let mut dana = TableLink::new(again.clone(), id, Some(Player::Yellow));
        let mut game = two;
        while let Some(mv) = game.position().legal_moves().next() {
            game.play(mv).unwrap();
        }
        dana.sync(&game);
        assert_eq!(again.lock().tables()[&id].game.len(), 64);
        again.lock().leave_table(id, "SHA256:hard");
        assert!(again.lock().tables().is_empty());
        let text = newest_in_history(dir.path());
        assert!(text.contains("[BlueType \"program\"]"), "{text}");
        drop((dana, again));
        // Read back after another restart: the person is a person, the AI the AI.
        let (third, _) = SharedLobby::open(dir.path(), DEFAULT_GRACE);
        let guard = third.lock();
        let results = tally("SHA256:hard", guard.history_of("SHA256:hard"));
        assert_eq!(results.len(), 1);
        assert_eq!(results[0].0, "hard AI");
        let last = guard.history_of("SHA256:hard").next().unwrap();
        assert_eq!(last.seats[0], Who::ai(Level::Hard));
        assert_eq!(last.seats[1], who("hard"));
    }

    #[test]
    fn the_ai_grants_an_undo_accepts_a_rematch_swapped_and_wins_a_resignation() {
        use crate::ai::Level;
        use crate::ui::Request;
        let dir = tempfile::tempdir().unwrap();
        let (lobby, _) = SharedLobby::open(dir.path(), DEFAULT_GRACE);
        let id = lobby.lock().open_ai(
            who("dana"),
            Player::Blue,
            (Ruleset::Standard, false),
            Level::Medium,
            TimeControl::from_minutes("1+0").ok(),
        );
        let mut dana = TableLink::new(lobby.clone(), id, Some(Player::Blue));
        let [b2, c3, d4, a1]: [Square; 4] = ["b2", "c3", "d4", "a1"].map(|s| s.parse().unwrap());
        let t0 = Instant::now();
        let moves = [b2, c3, d4, a1];
        for n in 1..=4 {
            let game = Game::from_moves(moves[..n].iter().copied()).unwrap();
            dana.sync_at(&game, t0 + Duration::from_secs(5 * n as u64));
        }
        let clock = |lobby: &SharedLobby| lobby.lock().tables()[&id].course.clock().cloned();
        assert_eq!(clock(&lobby).unwrap().history().len(), 4);
        dana.news();
        // An undo is granted at once: the AI's a1 and dana's d4 go, dana is to move,
        // with the clocks as after c3.
        dana.request(Request::Undo);
        let table = lobby.lock().tables()[&id].clone();
        assert_eq!(table.game.len(), 2);
        assert_eq!(table.game.to_move(), Player::Blue);
        assert_eq!(table.talk.undo, None);
        let after_undo = clock(&lobby).unwrap();
        assert_eq!(after_undo.history().len(), 2);
        assert!(after_undo.is_running());
        dana.sync(&Game::from_moves(moves).unwrap());
        let news = dana.news();
        let whole = |len: usize, ai: (Player, Level)| {
            move |n: &News| {
                matches!(n, News::Game { game, remote, ai: got }
                    if game.len() == len && *remote == [false, false] && *got == Some(ai))
            }
        };
        assert!(
            news.iter().any(whole(2, (Player::Yellow, Level::Medium))),
            "{news:?}"
        );
        assert!(
            news.contains(&News::Note(crate::strings::talk::undo_agreed(
                "medium AI",
                2
            ))),
            "{news:?}"
        );
        // The AI asks nothing of dana.
        assert!(!news.contains(&News::UndoAsked) && !news.contains(&News::RematchOffered));
        // No new game before the end; dana resigns: the AI wins, into the history.
        dana.request(Request::Rematch);
        assert_eq!(lobby.lock().tables()[&id].game.len(), 2);
        dana.request(Request::Resign);
        let ending = lobby.lock().tables()[&id].course.ending().unwrap();
        assert_eq!(ending.winner(), Player::Yellow);
        assert!(dana.news().contains(&News::Resigned(Player::Blue)));
        let text = newest_in_history(dir.path());
        for tag in [
            "[Yellow \"medium\"]",
            "[YellowType \"program\"]",
            "[Termination \"resignation\"]",
            "[Result \"0-1\"]",
        ] {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        assert!(!text.contains("YellowKey"), "{text}");
        // The next game at once, colours swapped: the AI plays Blue, with full clocks.
        dana.request(Request::Rematch);
        let table = lobby.lock().tables()[&id].clone();
        assert_eq!(table.game.len(), 0);
        assert_eq!(table.course.ending(), None);
        assert_eq!(table.seat_of("SHA256:dana"), Some(Player::Yellow));
        assert_eq!(table.ai(), Some((Player::Blue, Level::Medium)));
        let fresh = table.course.clock().unwrap();
        assert!(fresh.history().is_empty() && fresh.is_running());
        dana.sync(&Game::from_moves([b2, c3]).unwrap());
        let news = dana.news();
        assert!(
            news.iter().any(whole(0, (Player::Blue, Level::Medium))),
            "{news:?}"
        );
        // Dana's screen now hands over the AI's Blue moves and dana's Yellow ones.
        dana.sync(&Game::from_moves([a1, d4]).unwrap());
        assert_eq!(lobby.lock().tables()[&id].game.len(), 2);
        // Nobody finds the AI's seat by its name.
        assert_eq!(lobby.lock().find("medium"), Found::Away);
        // A dropped player stops the clocks: nobody runs the AI meanwhile. Back within
        // the grace period, they are put straight back at the board, the clocks running.
        lobby.lock().drop_out(id, "SHA256:dana");
        assert!(!clock(&lobby).unwrap().is_running());
        assert_eq!(
            lobby.lock().return_to_seat("SHA256:dana"),
            Some((id, Player::Yellow))
        );
        assert!(clock(&lobby).unwrap().is_running());
    }

    #[test]
    fn the_ai_s_claims_reach_the_table_with_its_stones() {
        use crate::ai::Level;
        let lobby = SharedLobby::default();
        let id = lobby.lock().open_ai(
            who("dana"),
            Player::Yellow,
            (Ruleset::Standard, true),
            Level::Hard,
            None,
        );
        let mut dana = TableLink::new(lobby.clone(), id, Some(Player::Yellow));
        // a1 b1 a2 b2 a3 b3 a4: the AI's (Blue's) a4 fills column a's section 1, and
        // dana's screen claims it in full for the AI, as it plays it.
        let mut game = Game::with_rules(Ruleset::Standard, true);
        for square in ["a1", "b1", "a2", "b2", "a3", "b3", "a4"] {
            game.play(square.parse().unwrap()).unwrap();
        }
        let points = game.last().unwrap().points;
        assert!(points > 0);
        game.claim(points).unwrap();
        dana.sync(&game);
        let table = lobby.lock().tables()[&id].game.clone();
        assert_eq!(table.len(), 7);
        assert_eq!(table.score(Player::Blue), points);
        assert!(matches!(
            table.claim_state(6),
            Some(crate::rules::ClaimState::Claimed { .. })
        ));
    }

    #[test]
    fn against_the_ai_nobody_waits_past_the_grace_the_game_is_adjourned() {
        use crate::ai::Level;
        let dir = tempfile::tempdir().unwrap();
        let (lobby, _) = SharedLobby::open(dir.path(), Duration::ZERO);
        let id = lobby.lock().open_ai(
            who("dana"),
            Player::Blue,
            (Ruleset::Corners, true),
            Level::Easy,
            None,
        );
        lobby.lock().drop_out(id, "SHA256:dana");
        assert!(!lobby.lock().tables()[&id].adjourned);
        // The grace thread looks once a second.
        let start = Instant::now();
        while !lobby.lock().tables()[&id].adjourned {
            assert!(start.elapsed() < Duration::from_secs(5), "not adjourned");
            std::thread::sleep(Duration::from_millis(50));
        }
        assert_eq!(lobby.lock().return_to_seat("SHA256:dana"), None);
        assert_eq!(
            lobby.lock().come_back(id, "SHA256:dana"),
            Some(Back::Play(Player::Blue))
        );
        let game = lobby.lock().tables()[&id].game.clone();
        assert_eq!(
            (game.ruleset(), game.claim_mode()),
            (Ruleset::Corners, true)
        );
    }

    #[test]
    fn a_restart_brings_back_every_game_in_play_adjourned() {
        let dir = tempfile::tempdir().unwrap();
        let (lobby, id) = two_at_a_table(dir.path(), DEFAULT_GRACE);
        let mut ann = TableLink::new(lobby.clone(), id, Some(Player::Blue));
        ann.sync(&Game::from_moves([Square::D4]).unwrap());
        // An open table (nobody sat down) is not a game: not kept.
        lobby
            .lock()
            .open(who("carol"), Player::Blue, Ruleset::Corners, false, false)
            .unwrap();
        assert_eq!(
            lobby.save_all(),
            SaveReport {
                saved: 1,
                failed: vec![]
            }
        );
        drop((ann, lobby));
        let (again, problems) = SharedLobby::open(dir.path(), DEFAULT_GRACE);
        assert!(problems.is_empty(), "{problems:?}");
        let tables = again.lock().tables().clone();
        assert_eq!(tables.len(), 1);
        let table = &tables[&id];
        assert!(table.adjourned);
        assert_eq!(table.game.moves().collect::<Vec<_>>(), [Square::D4]);
        assert_eq!(table.seats, [Some(who("ann")), Some(who("bob"))]);
        // New tables get new numbers.
        let next = again
            .lock()
            .open(who("dan"), Player::Blue, Ruleset::Standard, false, false)
            .unwrap();
        assert!(next > id);
    }

    #[test]
    fn finished_games_go_to_the_history_with_a_tally_per_opponent() {
        let dir = tempfile::tempdir().unwrap();
        let (lobby, id) = two_at_a_table(dir.path(), DEFAULT_GRACE);
        let mut ann = TableLink::new(lobby.clone(), id, Some(Player::Blue));
        let mut bob = TableLink::new(lobby.clone(), id, Some(Player::Yellow));
        let mut game = Game::new();
        while let Some(mv) = game.position().legal_moves().next() {
            game.play(mv).unwrap();
            let mover = if game.len() % 2 == 1 {
                &mut ann
            } else {
                &mut bob
            };
            mover.sync(&game);
        }
        assert!(lobby.lock().tables()[&id].game.is_over());
        let tables = dir.path().join(super::super::store::TABLES_DIR);
        assert_eq!(std::fs::read_dir(&tables).unwrap().count(), 0);
        let history =
            crate::session::History::read(&crate::session::games_dir(dir.path())).unwrap();
        let entry = history.games().next().unwrap();
        assert_eq!((entry.blue.as_str(), entry.yellow.as_str()), ("ann", "bob"));
        assert_eq!(entry.seats, [Some(crate::ai::Seat::Human); 2]);
        assert_eq!(entry.moves, 64);
        // Both see it, each from their side; it is read back after a restart.
        drop((ann, bob, lobby));
        let (again, _) = SharedLobby::open(dir.path(), DEFAULT_GRACE);
        let guard = again.lock();
        let result = GameResult::of(&game);
        let [w, d, l] = match result {
            GameResult::BlueWins => [1, 0, 0],
            GameResult::Draw => [0, 1, 0],
            _ => [0, 0, 1],
        };
        assert_eq!(
            tally("SHA256:ann", guard.history_of("SHA256:ann")),
            vec![("bob".to_owned(), [w, d, l])]
        );
        assert_eq!(
            tally("SHA256:bob", guard.history_of("SHA256:bob")),
            vec![("ann".to_owned(), [l, d, w])]
        );
        assert_eq!(guard.history_of("SHA256:carol").count(), 0);
    }

    #[test]
    fn an_agreed_undo_gives_back_the_clocks_and_a_rematch_starts_full_ones() {
        use crate::ui::Request;
        use std::time::Duration;
        let lobby = SharedLobby::default();
        let id = lobby
            .lock()
            .open(who("alice"), Player::Blue, Ruleset::Standard, false, false)
            .unwrap();
        lobby
            .lock()
            .set_clock(id, TimeControl::from_minutes("1+0").ok());
        assert_eq!(lobby.lock().sit(id, who("bob")), Some(Player::Yellow));
        let mut blue = TableLink::new(lobby.clone(), id, Some(Player::Blue));
        let mut yellow = TableLink::new(lobby.clone(), id, Some(Player::Yellow));
        let t0 = Instant::now();
        let (b2, c3): (Square, Square) = ("b2".parse().unwrap(), "c3".parse().unwrap());
        blue.sync_at(
            &Game::from_moves([b2]).unwrap(),
            t0 + Duration::from_secs(5),
        );
        yellow.sync_at(
            &Game::from_moves([b2, c3]).unwrap(),
            t0 + Duration::from_secs(15),
        );
        let clock = |lobby: &SharedLobby| lobby.lock().tables()[&id].course.clock().cloned();
        assert_eq!(clock(&lobby).unwrap().history().len(), 2);
        // Yellow takes back c3: Yellow's clock is as before it, Blue's as after b2.
        yellow.request(Request::Undo);
        blue.request(Request::AnswerUndo(true));
        assert_eq!(lobby.lock().tables()[&id].game.len(), 1);
        let after_undo = clock(&lobby).unwrap();
        assert_eq!(after_undo.history().len(), 1);
        assert_eq!(after_undo.banked(Player::Yellow), Duration::from_secs(60));
        assert!(after_undo.banked(Player::Blue) <= Duration::from_secs(55));
        assert!(after_undo.is_running());
        // Resigned, then a rematch: the same control, full and running.
        blue.request(Request::Resign);
        yellow.request(Request::Rematch);
        blue.request(Request::Rematch);
        let table = lobby.lock().tables()[&id].clone();
        assert_eq!(table.game.len(), 0);
        assert_eq!(table.course.ending(), None);
        let fresh = table.course.clock().unwrap();
        assert_eq!(fresh.control(), TimeControl::from_minutes("1+0").unwrap());
        assert!(fresh.history().is_empty() && fresh.is_running());
        assert_eq!(fresh.banked(Player::Blue), Duration::from_secs(60));
    }

    #[test]
    fn the_server_s_clock_decides_a_time_forfeit_for_both_screens() {
        use crate::record::Termination;
        let lobby = SharedLobby::default();
        let id = lobby
            .lock()
            .open(who("alice"), Player::Blue, Ruleset::Standard, false, false)
            .unwrap();
        lobby
            .lock()
            .set_clock(id, TimeControl::from_minutes("1+0").ok());
        let link = |seat| TableLink::new(lobby.clone(), id, seat);
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
            .open(who("carol"), Player::Blue, Ruleset::Standard, false, false)
            .unwrap();
        let mut link = TableLink::new(lobby.clone(), plain, None);
        assert_eq!(link.course(), None);
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
}
