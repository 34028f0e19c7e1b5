//! The hall: what every session of one server shares (no statics): the tables, who is
//! on the server and what each session shows, the players' switches, and the keeps
//! waiting for the store. It is plain state behind one lock ([`super::shared`]); no
//! method here does any I/O.
//!
//! A change wakes only the sessions that show it: the screens at that table and the
//! lobbies (which gather news for their next frame). A keep is not shown to other
//! screens until the store confirms it ([`Hall::kept`]).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::ai::Level;
use crate::record::TimeControl;
use crate::rules::{Game, Player, Ruleset};
use crate::ui::{NewsWaker, Request};

use super::club::EndUntold;
use super::corr::{DaysTaken, Stamp, Vacation};
use super::gate::{MAX_SESSIONS, counted_as};
use super::listing::{Listing, Row};
use super::names::folded;
use super::prefs::Pref;
use super::store::{Hold, Thought};
use super::table::{Back, GameTable, Keep, NoClaim, Presence, TableState, Taken};
use super::talk::new_code;
use super::wall::CorrTime;
use super::who::Who;
use crate::strings::club::DaysUsed;

/// How long a dropped player's seat is kept for them, unless the server is told.
pub const DEFAULT_GRACE: Duration = Duration::from_secs(120);

/// Correspondence tables one key may have open (nobody sat at them yet) at once: each
/// is listed in every lobby until someone sits, so without a cap one player pressing
/// `n`, `t` and Enter filled every lobby with pages of them, about six a second (as
/// lila caps a player's seeks, `SeekApi`'s `maxPerUser`).
pub(crate) const MAX_OPEN_CORR: usize = 5;

/// Unfinished games against the server's AI one key may have at once (each kept in
/// the store and brought back at every start): a game left is adjourned, so without
/// a cap `a`, Enter, `q`, `y` in a loop kept a new one each time, without end.
pub(crate) const MAX_AI_GAMES: usize = 10;

/// Correspondence tables open at once from one client address, whatever the keys: a
/// key costs nothing (a new one at each connection), so the cap per key alone let one
/// machine list tables without end. Two keys' worth, for a household or a club behind
/// one address (as OpenSSH's `PerSourceMaxStartups` counts a source, not a user).
pub(crate) const MAX_OPEN_CORR_PER_ADDRESS: usize = 2 * MAX_OPEN_CORR;

/// Unfinished games against the server's AI kept at once for the players of one client
/// address (games of this run: one brought back at a start has no address): two keys'
/// worth, as [`MAX_OPEN_CORR_PER_ADDRESS`].
pub(crate) const MAX_AI_GAMES_PER_ADDRESS: usize = 2 * MAX_AI_GAMES;

/// Correspondence tables open at once on the whole server, by default
/// (`--max-open-corr`): many addresses can each stay under their cap, so the lobby's
/// list and the store still need a ceiling (as OpenSSH's
/// `MaxStartups` bounds the whole server whatever the sources).
pub const DEFAULT_MAX_OPEN_CORR: usize = 100;

/// The most `--max-open-corr` takes: as many as the most players there can be at once
/// ([`MAX_SESSIONS`]) could open, 5 each (`MAX_OPEN_CORR`: 50,000). Until s38 any number
/// to 2^64 - 1 was taken.
pub const MAX_OPEN_CORR_CEILING: usize = MAX_SESSIONS * MAX_OPEN_CORR;

/// The most `--max-ai-games` takes: as many as the most players there can be at once
/// ([`MAX_SESSIONS`]) could keep, 10 each (`MAX_AI_GAMES`: 100,000).
pub const MAX_AI_GAMES_CEILING: usize = MAX_SESSIONS * MAX_AI_GAMES;

/// Unfinished games against the server's AI kept at once on the whole server, by
/// default (`--max-ai-games`): each is kept in the store and brought back at every
/// start.
pub const DEFAULT_MAX_AI_GAMES: usize = 500;

/// The server-wide ceilings on what strangers can make the server keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ceilings {
    /// Correspondence tables open (nobody sat at them yet).
    pub(crate) open_corr: usize,
    /// Unfinished games against the server's AI.
    pub(crate) ai_games: usize,
}

impl Default for Ceilings {
    fn default() -> Ceilings {
        Ceilings {
            open_corr: DEFAULT_MAX_OPEN_CORR,
            ai_games: DEFAULT_MAX_AI_GAMES,
        }
    }
}

/// What a new table would be, for its caps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NewTable {
    /// A correspondence table, open until someone sits.
    Corr,
    /// A game against the server's AI.
    Ai,
}

/// Which cap refused a new table, and its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Capped {
    /// The player's key has this many.
    Key(usize),
    /// The players of the client's address have this many.
    Address(usize),
    /// The server has this many.
    Server(usize),
}

/// How long the hall waits before it takes vacation days again for a player whose
/// last ones the store could not keep (a full disk); each failure after doubles it,
/// up to [`DAYS_RETRY_CAP`]. The timer looks every second: without this it tried,
/// failed and logged every second. Counted on the hall's monotonic clock, not the
/// wall clock the correspondence time follows (a wall clock set back would hold the
/// tries back as long).
const DAYS_RETRY_FIRST: Duration = Duration::from_secs(2);

/// The longest wait between two tries to keep a player's vacation days. A move of
/// theirs tries at once whatever the wait.
const DAYS_RETRY_CAP: Duration = Duration::from_secs(300);

/// When the hall takes a player's vacation days again after a write that failed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Retry {
    /// Not before this time.
    at: Instant,
    /// The wait that set `at`: the next failure waits twice as long.
    wait: Duration,
}

/// What time it is for the hall: the system's monotonic clock, or one a test moves
/// (the grace period, the clocks and presence are all counted from it).
pub(crate) type Now = Arc<dyn Fn() -> Instant + Send + Sync>;

/// A moment a screen's move, request or clock check happens at: the hall's monotonic
/// clock (live games) and the wall clock (correspondence games), the wall read before
/// the hall is locked: with `--clock-file` a read is a file's, and every session waits
/// on the lock.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct At {
    /// The hall's monotonic time.
    pub(crate) instant: Instant,
    /// The wall clock, in seconds since the Unix epoch.
    pub(crate) wall: i64,
}

/// What a session shows, so a change wakes only the sessions it concerns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Showing {
    /// The lobby: woken by any table's change.
    Lobby,
    /// The game at this table, as a player or a spectator.
    Table(u32),
}

/// One session on the server.
#[derive(Debug)]
struct Present {
    wake: NewsWaker,
    who: Who,
    showing: Showing,
}

/// What the hall asks the store to write, once its lock is released.
#[derive(Debug, Default)]
pub(crate) struct Writes {
    /// What the store's writer keeps, in one transaction ([`super::store::Writer::hold`]).
    pub(crate) store: Hold,
    /// Lines for the server's log (a game begun or ended), written once the hall is
    /// unlocked ([`Hall::set_log`]).
    pub(crate) log: Vec<String>,
}

/// How a table is played: rated or casual, with a live clock or days a move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Terms {
    /// The live clock (`None`: none).
    pub(crate) clock: Option<TimeControl>,
    /// Rated (the creator's choice; never with a guest or the AI).
    pub(crate) rated: bool,
    /// A correspondence game's days a move (`None`: a live game).
    pub(crate) corr_days: Option<u8>,
}

/// Why a table emptied of players closes ([`Hall::close`]'s log line), noted where
/// it emptied.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Closing {
    /// Its last player (this name, as shown) got up or their link dropped.
    Left(String),
    /// A finished correspondence game nobody had on screen: both got up.
    CorrPutAway,
}

/// The log's line for table `id` closing: `why` it emptied (none noted: its players
/// were stood up otherwise, a flag fallen while both were away), `claimed` if its
/// game ended by a claimed win; `names` of its players, Blue first, as shown.
fn closed_line(id: u32, why: Option<&Closing>, claimed: bool, names: (&str, &str)) -> String {
    let (blue, yellow) = names;
    match why {
        _ if claimed => {
            format!("table {id}: {blue} v {yellow}, a win claimed, the table closed")
        }
        Some(Closing::Left(name)) => format!("table {id}: {name} left, the table closed"),
        Some(Closing::CorrPutAway) => format!(
            "table {id}: {blue} v {yellow}, its correspondence game over and off every \
             screen, the table closed"
        ),
        None => format!("table {id}: {blue} v {yellow}, nobody seated, the table closed"),
    }
}

/// What the operator gives every player coming in (`--club-name`, `--motd`): the
/// club's name on the lobby's title line, and a message of the day as the lobby's
/// first note. Both safe text already (read and checked at the start).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Welcome {
    /// The club's name.
    pub(crate) club_name: Option<String>,
    /// The message of the day, one paragraph.
    pub(crate) motd: Option<String>,
}

/// The log's line for table `id`, just `opened` by `name` at `colour` with `terms`:
/// `table 3: opened by alice as Blue, rated standard live, 300+3`. Never a private
/// table's invitation code (it lets anyone sit), only that it is private.
fn opened_line(
    id: u32,
    opened: &GameTable,
    (name, colour): (&str, Player),
    terms: &Terms,
    private: bool,
) -> String {
    let board = opened.board();
    let mut line = format!(
        "table {id}: opened by {name} as {colour}, {} {} {}",
        if opened.rated() { "rated" } else { "unrated" },
        board.ruleset_token(),
        board.speed.token(),
    );
    if let Some(clock) = terms.clock {
        line.push_str(&format!(", {clock}"));
    }
    if let Some(days) = terms.corr_days {
        line.push_str(&format!(", {days} days a move"));
    }
    if opened.game().claim_mode() {
        line.push_str(", claims");
    }
    if private {
        line.push_str(", private");
    }
    line
}

/// A correspondence game of a player's, as their lobby lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CorrGame {
    /// The table's number at the server.
    pub(crate) id: u32,
    /// The opponent as shown.
    pub(crate) opponent: String,
    /// Whether it is this player's move.
    pub(crate) my_move: bool,
    /// When the turn under way began (correspondence time).
    pub(crate) since: Stamp,
    /// The mover's time left, in seconds.
    pub(crate) left: i64,
    /// Days a move.
    pub(crate) days: u8,
    /// Moves played (as kept).
    pub(crate) moves: usize,
}

/// Where a player found by name is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Found {
    /// Playing at this table.
    Playing(u32),
    /// At a private table.
    Private,
    /// Watching this table.
    Watching(u32),
    /// At the board of a correspondence game (unlisted: its table is not told).
    Correspondence,
    /// Connected, not at a table.
    Here,
    /// Not connected now.
    Away,
}

/// How many closed tables' last words the hall keeps ([`Closed`]).
const CLOSED_KEPT: usize = 32;

/// A table that closed with its game ended, as its watchers last need it: the end
/// they may not have seen yet (a claimed win is kept as the table closes).
#[derive(Debug, Clone)]
pub(crate) struct Closed {
    /// The game's course as kept: with its ending, but for a claim whose keep failed.
    pub(crate) course: crate::session::Course,
    /// The players' names as shown, by [`Player::index`].
    pub(crate) names: [String; 2],
    /// Whether the end was a win claimed against a player whose link dropped.
    pub(crate) claimed: bool,
}

/// What the sessions of one server share.
pub(crate) struct Hall {
    tables: BTreeMap<u32, GameTable>,
    /// The last word of the newest tables that closed with their game ended (a win
    /// claimed closes its table as it is kept): for the screens still showing them.
    closed: BTreeMap<u32, Closed>,
    next_id: u32,
    sessions: HashMap<u64, Present>,
    next_session: u64,
    /// How many sessions each key has open now.
    keys_here: HashMap<String, usize>,
    /// How long a dropped player's seat is kept.
    grace: Duration,
    /// The tables where someone is away from a game that goes on: the grace timer
    /// looks at these only.
    away: BTreeSet<u32>,
    /// The live games in play without a clock: the grace timer looks at these too,
    /// for their mover's idle time-out ([`Hall::set_idle_game`]).
    clockless: BTreeSet<u32>,
    /// The idle time-out of a live game without a clock (`None`: none, unit tests).
    idle_game: Option<Duration>,
    /// The lobby's rows, rebuilt at the first lobby frame after a change.
    listing: Arc<Listing>,
    listing_stale: bool,
    /// When the first grace period still running as the rows were built runs out:
    /// then a player may claim a win their rows did not offer, and the grace timer
    /// has the rows built again ([`Hall::tick`]).
    grace_ends: Option<Instant>,
    /// Keeps for the store, handed over once the lock is released.
    keeps: Vec<(u32, Keep)>,
    /// Whether a store takes the keeps (without one, unit tests, they count as kept).
    stored: bool,
    /// Each player's switches, by key, for the keys that came this run.
    prefs: HashMap<String, Pref>,
    /// Switches changed, for the store.
    pref_writes: Vec<(String, Pref)>,
    /// How many switches were made: each one's number orders its write.
    pref_serial: u64,
    /// How many times vacation days were taken: each one's number orders its write.
    days_serial: u64,
    /// Counts the keeps with a game that ended, so lobbies know when to ask the
    /// store for their history again.
    finished: u64,
    /// Without a store: what each keep's result is (unit tests of a failing disk).
    #[cfg(test)]
    failing: Option<String>,
    /// The clock.
    now: Now,
    /// The correspondence clock (wall-clock time less the time the server was down).
    corr_time: CorrTime,
    /// Each player's correspondence tables in play, by key.
    corr_of: HashMap<String, BTreeSet<u32>>,
    /// Vacation days used this year, by key (for the keys that used any).
    vacations: HashMap<String, Vacation>,
    /// Vacation days taken, for the store.
    vacation_writes: Vec<DaysTaken>,
    /// Vacation days used and kept, by key, that the player has not been told of yet
    /// (their lobby or their correspondence board says so, at once or at their next
    /// login): the store keeps the same count (`players.vacation_untold`), so a
    /// restart loses none. A screen that takes them shows them, then says so
    /// ([`Hall::days_told`]), or gives them back ([`Hall::days_untold_back`]).
    days_untold: HashMap<String, u32>,
    /// Vacation days shown, for the store to count as told.
    days_told_writes: Vec<(String, u32)>,
    /// The keys whose last vacation days were not kept: when to try again.
    days_retry: HashMap<String, Retry>,
    /// The correspondence tables open now, nobody sat at yet: their owners' keys.
    open_corr: HashMap<u32, String>,
    /// Changes of [`Hall::open_corr`] for the store: opened (`true`) or not open.
    open_corr_writes: Vec<(u32, String, bool)>,
    /// The tables open when a previous run stopped, by their owners' keys, until
    /// each owner is told at their next login.
    closed_corr: HashMap<String, Vec<u32>>,
    /// The keys told of their tables closed, for the store.
    told_writes: Vec<String>,
    /// The ends of games kept that players were away for and not told of yet (a win
    /// claimed against them, a game ended at a restart), by the player's key: their
    /// lobby tells them once ([`Hall::take_ends_untold`]). The store keeps the same
    /// (`finished.claim_untold`, `finished.restart_untold`), so a restart loses none.
    ends_untold: HashMap<String, Vec<EndUntold>>,
    /// The ends told, by game and key, for the store.
    ends_told_writes: Vec<(i64, String)>,
    /// Where a game's begin and end are logged ([`Hall::set_log`]), and the lines
    /// not yet handed over ([`Writes::log`]).
    log: Option<super::store::Log>,
    log_lines: Vec<String>,
    /// Why each table emptied of players closes, noted where it emptied and said by
    /// its close's log line ([`Hall::close`]): at once, or once its last keep is
    /// confirmed (a game in play left, a claimed win).
    closing: HashMap<u32, Closing>,
    /// The client address each table of this run was opened from (a table gone is
    /// forgotten at the next open), for the caps per address.
    opened_from: HashMap<u32, IpAddr>,
    /// The server-wide ceilings on open correspondence tables and games against the AI.
    ceilings: Ceilings,
    /// The club's name and message of the day ([`Hall::set_welcome`]).
    welcome: Welcome,
}

impl std::fmt::Debug for Hall {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hall")
            .field("tables", &self.tables.len())
            .field("sessions", &self.sessions.len())
            .finish_non_exhaustive()
    }
}

impl Hall {
    /// An empty hall whose dropped players keep their seats for `grace`; `stored`
    /// if a store confirms its keeps.
    pub(crate) fn new(grace: Duration, stored: bool) -> Hall {
        Hall {
            tables: BTreeMap::new(),
            closed: BTreeMap::new(),
            next_id: 0,
            sessions: HashMap::new(),
            next_session: 0,
            keys_here: HashMap::new(),
            grace,
            away: BTreeSet::new(),
            clockless: BTreeSet::new(),
            idle_game: None,
            listing: Arc::default(),
            listing_stale: false,
            grace_ends: None,
            keeps: Vec::new(),
            stored,
            prefs: HashMap::new(),
            pref_writes: Vec::new(),
            pref_serial: 0,
            days_serial: 0,
            finished: 0,
            #[cfg(test)]
            failing: None,
            now: Arc::new(Instant::now),
            corr_time: CorrTime::default(),
            corr_of: HashMap::new(),
            vacations: HashMap::new(),
            vacation_writes: Vec::new(),
            days_untold: HashMap::new(),
            days_told_writes: Vec::new(),
            days_retry: HashMap::new(),
            open_corr: HashMap::new(),
            open_corr_writes: Vec::new(),
            closed_corr: HashMap::new(),
            told_writes: Vec::new(),
            ends_untold: HashMap::new(),
            ends_told_writes: Vec::new(),
            log: None,
            log_lines: Vec::new(),
            closing: HashMap::new(),
            opened_from: HashMap::new(),
            ceilings: Ceilings::default(),
            welcome: Welcome::default(),
        }
    }

    /// Sets what every player coming in is shown (the operator's `--club-name` and
    /// `--motd`).
    pub(crate) fn set_welcome(&mut self, welcome: Welcome) {
        self.welcome = welcome;
    }

    /// The club's name and message of the day.
    pub(crate) fn welcome(&self) -> &Welcome {
        &self.welcome
    }

    /// Sets the idle time-out of a live game without a clock (the server's
    /// `--idle-timeout`): a game whose mover sent nothing that long since the move
    /// became theirs is adjourned ([`GameTable::idle_adjourn`]).
    pub(crate) fn set_idle_game(&mut self, idle: Duration) {
        self.idle_game = Some(idle);
    }

    /// The idle time-out of a live game without a clock, if set.
    pub(crate) fn idle_game(&self) -> Option<Duration> {
        self.idle_game
    }

    /// Sets the server-wide ceilings (the server's options).
    pub(crate) fn set_ceilings(&mut self, ceilings: Ceilings) {
        self.ceilings = ceilings;
    }

    /// Whether `who`, from the client address `from`, may open a `kind` table now:
    /// `None`, or the cap that refuses it (the key's, then the address's, then the
    /// server's). To be asked under the same lock as the open, so that no two
    /// sessions both pass a cap.
    pub(crate) fn cap_for(
        &self,
        kind: NewTable,
        who: &Who,
        from: Option<IpAddr>,
    ) -> Option<Capped> {
        let counts = |t: &GameTable| match kind {
            NewTable::Corr => t.is_corr() && t.is_open(),
            NewTable::Ai => t.ai().is_some() && t.in_play(),
        };
        let (per_key, per_address, ceiling) = match kind {
            NewTable::Corr => (
                MAX_OPEN_CORR,
                MAX_OPEN_CORR_PER_ADDRESS,
                self.ceilings.open_corr,
            ),
            NewTable::Ai => (
                MAX_AI_GAMES,
                MAX_AI_GAMES_PER_ADDRESS,
                self.ceilings.ai_games,
            ),
        };
        let (mut of_key, mut of_address, mut all) = (0, 0, 0);
        for (id, table) in &self.tables {
            if !counts(table) {
                continue;
            }
            all += 1;
            of_key += usize::from(table.seat_of(&who.key).is_some());
            // By the source as the door counts it: an IPv6 /64 is one source.
            let same = |opened: &IpAddr| from.is_some_and(|f| counted_as(f) == counted_as(*opened));
            of_address += usize::from(self.opened_from.get(id).is_some_and(same));
        }
        if of_key >= per_key {
            Some(Capped::Key(per_key))
        } else if of_address >= per_address {
            Some(Capped::Address(per_address))
        } else if all >= ceiling {
            Some(Capped::Server(ceiling))
        } else {
            None
        }
    }

    /// Notes that table `id` was opened from the client address `from`, and forgets
    /// the addresses of the tables gone.
    pub(crate) fn opened_from(&mut self, id: u32, from: IpAddr) {
        let tables = &self.tables;
        self.opened_from.retain(|id, _| tables.contains_key(id));
        self.opened_from.insert(id, from);
        // The table's first keep, asked for as it opened, is kept with it.
        for (_, keep) in self.keeps.iter_mut().filter(|(k, _)| *k == id) {
            keep.from = Some(from);
        }
    }

    /// The correspondence tables open (nobody sat at) when a previous run stopped:
    /// each owner's key and the table's number.
    pub(crate) fn set_closed_corr(&mut self, closed: Vec<(String, u32)>) {
        for (key, id) in closed {
            self.closed_corr.entry(key).or_default().push(id);
        }
    }

    /// The numbers of `key`'s open correspondence tables a restart closed, for one
    /// screen to show: no other takes them meanwhile. Once shown,
    /// [`Hall::closed_corr_told`] (the store forgets them); if the screen did not show
    /// them after all, [`Hall::closed_corr_back`].
    pub(crate) fn take_closed_corr(&mut self, key: &str) -> Vec<u32> {
        self.closed_corr.remove(key).unwrap_or_default()
    }

    /// `key` was shown their open correspondence tables a restart closed
    /// ([`Hall::take_closed_corr`]): the store forgets them, so no later login says
    /// them again.
    pub(crate) fn closed_corr_told(&mut self, key: &str) {
        self.told_writes.push(key.to_owned());
    }

    /// The tables `closed` taken for `key` ([`Hall::take_closed_corr`]) were not shown
    /// (the keys' help covered the note, a newer line took its place, or the screen
    /// closed first): told later.
    pub(crate) fn closed_corr_back(&mut self, key: &str, closed: Vec<u32>) {
        let kept = self.closed_corr.entry(key.to_owned()).or_default();
        kept.extend(closed);
        kept.sort_unstable();
        kept.dedup();
    }

    /// The games' ends that players were not told of yet (from the store, at the
    /// start).
    pub(crate) fn set_ends_untold(&mut self, untold: Vec<EndUntold>) {
        for end in untold {
            self.ends_untold
                .entry(end.key.clone())
                .or_default()
                .push(end);
        }
    }

    /// The ends of games `key` was away for (a win claimed against them, a game
    /// ended at a restart) that they were not told of, oldest first, for one screen to show: no other takes them meanwhile. Once
    /// shown, [`Hall::ends_told`]; if the screen did not show them after all,
    /// [`Hall::ends_back`].
    pub(crate) fn take_ends_untold(&mut self, key: &str) -> Vec<EndUntold> {
        self.ends_untold.remove(key).unwrap_or_default()
    }

    /// The games' `ends` were shown to their players ([`Hall::take_ends_untold`]):
    /// the store notes them told, so no later login says them again.
    pub(crate) fn ends_told(&mut self, ends: &[EndUntold]) {
        if self.stored {
            self.ends_told_writes
                .extend(ends.iter().map(|end| (end.game, end.key.clone())));
        }
    }

    /// The games' `ends` taken for `key` ([`Hall::take_ends_untold`]) were not shown
    /// (the keys' help covered the note, a newer line took its place, or the screen
    /// closed first): told later.
    pub(crate) fn ends_back(&mut self, key: &str, ends: Vec<EndUntold>) {
        let kept = self.ends_untold.entry(key.to_owned()).or_default();
        kept.extend(ends);
        kept.sort_by_key(|end| end.game);
        kept.dedup_by_key(|end| end.game);
    }

    /// Notes for the store whether table `id` is an open correspondence table (and
    /// whose, a player with a key) as it changes: one the server stops with is told
    /// of to its owner.
    fn note_open_corr(&mut self, id: u32) {
        let owner = self
            .tables
            .get(&id)
            .filter(|t| t.is_corr() && t.is_open())
            .and_then(|t| t.seats().iter().flatten().next())
            // A guest never comes back with the same key: nobody to tell.
            .filter(|who| !who.is_guest())
            .map(|who| who.key.clone());
        match (owner, self.open_corr.contains_key(&id)) {
            (Some(key), false) => {
                self.open_corr.insert(id, key.clone());
                self.open_corr_writes.push((id, key, true));
            }
            (None, true) => {
                if let Some(key) = self.open_corr.remove(&id) {
                    self.open_corr_writes.push((id, key, false));
                }
            }
            _ => {}
        }
    }

    /// Counts correspondence time by `time` from here on, with the vacation days
    /// each player used this year (as kept).
    pub(crate) fn set_corr_time(&mut self, time: CorrTime, vacations: Vec<(String, u32)>) {
        let year = time.year();
        self.vacations = vacations
            .into_iter()
            .map(|(key, used)| (key, Vacation { year, used }))
            .collect();
        self.corr_time = time;
    }

    /// The correspondence clock.
    pub(crate) fn corr_time(&self) -> &CorrTime {
        &self.corr_time
    }

    /// Puts back a game a previous run kept at table `id` (adjourned), and numbers new
    /// tables after it.
    pub(crate) fn restore(&mut self, id: u32, mut table: GameTable, from: Option<IpAddr>) {
        self.next_id = self.next_id.max(id);
        // Counted to its address's cap again, as before the restart.
        if let Some(from) = from {
            self.opened_from.insert(id, from);
        }
        index_corr(&mut self.corr_of, id, &table);
        // Begun before the restart: not said to begin again.
        let _ = table.log_lines(id);
        self.tables.insert(id, table);
        self.listing_stale = true;
    }

    /// Whether a correspondence game is in play (a mover's clock runs): the time the
    /// server is up is then kept at each note, not each minute
    /// ([`super::shared::SharedHall::timer_tick`]).
    pub(crate) fn corr_clock_runs(&self) -> bool {
        self.tables.values().any(|t| t.is_corr() && t.in_play())
    }

    /// Each live clocked game in play: its mover's thinking on the turn under way now,
    /// for the store to note ([`Thought`]).
    pub(crate) fn thoughts(&self) -> Vec<Thought> {
        let now = self.now();
        self.tables
            .iter()
            .filter_map(|(&id, table)| {
                let (version, millis) = table.thought(now)?;
                Some(Thought {
                    id,
                    version,
                    millis,
                })
            })
            .collect()
    }

    /// The live games brought back at a restart whose mover's clock is at 0 once the
    /// thinking noted before the stop is charged: lost on time now
    /// ([`GameTable::lost_on_time_at_restart`]), and kept so. How many.
    pub(crate) fn lost_on_time_at_restart(&mut self) -> usize {
        let now = self.now();
        let ids: Vec<u32> = self
            .tables
            .iter_mut()
            .filter_map(|(&id, table)| table.lost_on_time_at_restart(now).then_some(id))
            .collect();
        for &id in &ids {
            self.after(id);
        }
        ids.len()
    }

    /// How many games are in play now, live and by correspondence (an ended one
    /// not counted; one waiting for its last claim counted, s40): at the start, the
    /// ones a previous run left, for the log.
    pub(crate) fn games_in_play(&self) -> (u64, u64) {
        let playing = self.tables.values().filter(|t| t.in_play() && t.goes_on());
        playing.fold((0, 0), |(live, corr), table| match table.is_corr() {
            true => (live, corr + 1),
            false => (live + 1, corr),
        })
    }

    /// `key`'s correspondence games in play, their own moves first, each part the
    /// least time left first (as lila sorts a player's games by the time remaining),
    /// then the oldest turn: the lobby's line and Tab named the oldest turn, a game
    /// of 7 days a move before one of a day with hours left.
    ///
    /// At the wall clock `wall`, read before the hall was locked (with `--clock-file`
    /// a read is a file's, and every session waits on the lock). A turn begun after
    /// that read (a move made while this session waited for the lock) counts from
    /// its start: its time left is never more than a whole turn's.
    pub(crate) fn corr_games_at(&self, key: &str, wall: i64) -> Vec<CorrGame> {
        let read = self.corr_time.at(wall);
        let mut games: Vec<CorrGame> = self
            .corr_of
            .get(key)
            .into_iter()
            .flatten()
            .filter_map(|&id| {
                let table = self.tables.get(&id)?;
                let shown = table.committed();
                let clock = shown.corr.as_ref()?.clock;
                let me = table.seat_of(key)?;
                if !table.in_play() || !shown.goes_on() {
                    return None;
                }
                let now = clock.seen_at(read);
                // A full board's last claim open is its claimer's to make (s40: the
                // game was in nobody's list), within the move's time.
                let mover = shown.last_claim_open().unwrap_or(clock.to_move());
                Some(CorrGame {
                    id,
                    opponent: table.name(me.other()),
                    my_move: mover == me,
                    since: clock.since().unwrap_or(now),
                    left: clock.left(clock.to_move(), now),
                    days: clock.days(),
                    moves: shown.game.len(),
                })
            })
            .collect();
        games.sort_by_key(|g| (!g.my_move, g.left, g.since, g.id));
        games
    }

    /// [`Hall::corr_games_at`] at the wall clock now, read under the lock (tests).
    #[cfg(test)]
    pub(crate) fn corr_games(&self, key: &str) -> Vec<CorrGame> {
        self.corr_games_at(key, self.corr_time.wall())
    }

    /// The rows of `key`'s correspondence games in play, for their own lobby (the
    /// shared listing leaves them out: there may be thousands).
    pub(crate) fn corr_rows(&self, key: &str) -> Vec<Row> {
        self.corr_of
            .get(key)
            .into_iter()
            .flatten()
            .filter_map(|&id| Some(Row::of(id, self.tables.get(&id)?, [false; 2])))
            .collect()
    }

    /// The key of the player called `name` (either case, either spelling of its
    /// accents: [`folded`]) if they play a correspondence game now: looked up among
    /// the players with one in play (the index), not every table.
    pub(crate) fn corr_player(&self, name: &str) -> Option<String> {
        let name = folded(name.trim());
        self.corr_of.iter().find_map(|(key, ids)| {
            let table = self.tables.get(ids.first()?)?;
            let who = table.seats().iter().flatten().find(|w| &w.key == key)?;
            (!who.is_ai() && folded(&who.name) == name).then(|| key.clone())
        })
    }

    /// The public correspondence games in play of the player of `key`, as lobby rows:
    /// at most `cap`, the newest tables first, and how many there are. The shared
    /// listing leaves them out (there may be thousands); a member asking after the
    /// player (`f name`) has them listed, to watch one by its number. Each row comes
    /// with when its mover's time runs out (correspondence time), which the row shows
    /// as the time left when drawn. Memory only, read from the player's index.
    pub(crate) fn public_corr_rows(&self, key: &str, cap: usize) -> (Vec<(Row, Stamp)>, usize) {
        let mut total = 0;
        let mut rows = Vec::new();
        for id in self.corr_of.get(key).into_iter().flatten().rev() {
            let Some(table) = self.tables.get(id) else {
                continue;
            };
            let shown = table.committed();
            let public_in_play = table.code().is_none() && table.in_play() && shown.goes_on();
            let due = shown.corr.as_ref().and_then(|c| c.clock.deadline());
            if let (true, Some(due)) = (public_in_play, due) {
                total += 1;
                if rows.len() < cap {
                    rows.push((Row::of(*id, table, [false; 2]), due));
                }
            }
        }
        (rows, total)
    }

    /// [`Hall::corr_tick_at`] at the wall clock now (the tests' tick).
    #[cfg(test)]
    pub(crate) fn corr_tick(&mut self) -> bool {
        let wall = self.corr_time.wall();
        self.corr_tick_at(wall)
    }

    /// Once a second, at the correspondence time of `wall` (the wall clock, read
    /// before the hall was locked: no clock is read under the lock): a mover whose
    /// time is out gets a vacation day if they have one left this year (24 hours more
    /// in every correspondence game of theirs), or loses on time. Whether anything
    /// changed.
    pub(crate) fn corr_tick_at(&mut self, wall: i64) -> bool {
        let (stamp, year) = (self.corr_time.at(wall), CorrTime::year_of(wall));
        // A full board's last claim open past the move's time goes unclaimed.
        let mut lapsed = Vec::new();
        let due: Vec<u32> = self
            .tables
            .iter_mut()
            .filter(|(_, t)| t.is_corr())
            .filter_map(|(&id, table)| {
                table.tell_time(stamp);
                if table.corr_claim_lapses() {
                    lapsed.push(id);
                }
                table.corr_out_of_time().map(|_| id)
            })
            .collect();
        for &id in &lapsed {
            self.after(id);
        }
        for &id in &due {
            self.corr_due(id, (stamp, year), false);
        }
        !due.is_empty() || !lapsed.is_empty()
    }

    /// Table `id`'s correspondence mover is out of time at `stamp`: a vacation day,
    /// or the game is lost on time. While the store could not keep the mover's last
    /// days, nothing is decided before the time to try again, unless `now` (a move of
    /// theirs: it is judged at once).
    fn corr_due(&mut self, id: u32, (stamp, year): (Stamp, i32), now: bool) {
        let Some(table) = self.tables.get_mut(&id) else {
            return;
        };
        table.tell_time(stamp);
        let Some(mover) = table.corr_out_of_time() else {
            return;
        };
        let Some(key) = table.seats()[mover.index()].as_ref().map(|w| w.key.clone()) else {
            return;
        };
        let instant = self.now();
        if !now && self.days_retry.get(&key).is_some_and(|r| instant < r.at) {
            return;
        }
        // As many vacation days as the time is out by (a day each, while any are
        // left this year), each 24 hours more in every correspondence game of theirs.
        let ids: Vec<u32> = self
            .corr_of
            .get(&key)
            .into_iter()
            .flatten()
            .copied()
            .collect();
        let vacation = self.vacations.entry(key.clone()).or_default();
        let before = *vacation;
        let mut granted = false;
        while self
            .tables
            .get(&id)
            .is_some_and(|t| t.corr_out_of_time().is_some())
            && vacation.take(year)
        {
            granted = true;
            for other in &ids {
                if let Some(table) = self.tables.get_mut(other) {
                    table.grant_vacation_day(&key);
                }
            }
        }
        if granted {
            let after = *vacation;
            self.days_serial += 1;
            let serial = self.days_serial;
            let taken = DaysTaken {
                key,
                before,
                after,
                serial,
            };
            if !self.stored {
                // Without a store it counts as kept at once.
                self.days_kept(&taken);
            }
            self.vacation_writes.push(taken);
            for other in &ids {
                self.after(*other);
            }
        }
        if let Some(table) = self.tables.get_mut(&id)
            && table.check_corr_time().is_some()
        {
            self.after(id);
        }
    }

    /// The store could not keep `days`: they are given back, unless more were
    /// taken since (that later write keeps the count with them).
    /// The player is not asked again at once: the next try waits, twice as long after
    /// each failure (up to [`DAYS_RETRY_CAP`]), so a full disk is not tried every second.
    pub(crate) fn days_not_kept(&mut self, days: &DaysTaken) {
        if let Some(vacation) = self.vacations.get_mut(&days.key)
            && *vacation == days.after
        {
            *vacation = days.before;
        }
        let wait = self
            .days_retry
            .get(&days.key)
            .map_or(DAYS_RETRY_FIRST, |r| (r.wait * 2).min(DAYS_RETRY_CAP));
        let at = self.now() + wait;
        self.days_retry.insert(days.key.clone(), Retry { at, wait });
    }

    /// The store kept `days`: the player is told of them in their lobby, and their
    /// days are taken again as soon as their time is out.
    /// (The store counted them as not told yet in the same transaction.)
    pub(crate) fn days_kept(&mut self, days: &DaysTaken) {
        self.days_retry.remove(&days.key);
        let used = days.used();
        if used > 0 {
            *self.days_untold.entry(days.key.clone()).or_default() += used;
        }
    }

    /// The vacation days a previous run used for players who were not told of them
    /// yet, by key (from the store).
    pub(crate) fn set_days_untold(&mut self, untold: Vec<(String, u32)>) {
        for (key, days) in untold {
            *self.days_untold.entry(key).or_default() += days;
        }
    }

    /// The vacation days used for `key` that they have not been told of (kept), and
    /// how many they have left this year, for one screen to show: no other screen
    /// takes them meanwhile. Once shown, [`Hall::days_told`]; if the screen did not
    /// show them after all, [`Hall::days_untold_back`].
    ///
    /// How many of them were used before this year is not kept apart (the store
    /// counts them in one): this year's untold are at most this year's used, and
    /// all of them while some of an earlier year are untold (a telling takes every
    /// day untold), so the rest are the earlier year's. Without it, days untold at
    /// the year's end were told as this year's, beside "20 left this year".
    ///
    /// At the wall clock `wall`, read before the hall was locked: the year is that
    /// read's, or the year the player's count is of if it is later (the timer took a
    /// day of the new year while this session waited for the lock: that read is
    /// older than the count, and the count's year is the year now).
    pub(crate) fn take_days_untold_at(&mut self, key: &str, wall: i64) -> Option<DaysUsed> {
        let used = self.days_untold.remove(key).filter(|&days| days > 0)?;
        let (vacation, year) = self.vacation_at(key, wall);
        let this_year = if vacation.year == year {
            vacation.used
        } else {
            0
        };
        Some(DaysUsed {
            used,
            earlier: used.saturating_sub(this_year),
            year,
            left: vacation.left(year),
        })
    }

    /// [`Hall::take_days_untold_at`] at the wall clock now, read under the lock
    /// (tests).
    #[cfg(test)]
    pub(crate) fn take_days_untold(&mut self, key: &str) -> Option<DaysUsed> {
        self.take_days_untold_at(key, self.corr_time.wall())
    }

    /// `key` was shown `days` vacation days used ([`Hall::take_days_untold_at`]): the
    /// store counts them as told, so no later login says them again.
    pub(crate) fn days_told(&mut self, key: &str, days: u32) {
        if self.stored {
            self.days_told_writes.push((key.to_owned(), days));
        }
    }

    /// `days` taken for `key` ([`Hall::take_days_untold_at`]) were not shown (the screen
    /// closed first, or a newer line took the place of theirs): told later.
    pub(crate) fn days_untold_back(&mut self, key: &str, days: u32) {
        *self.days_untold.entry(key.to_owned()).or_default() += days;
    }

    /// `key`'s vacation days left this year, at the wall clock `wall` read before the
    /// hall was locked (the year as [`Hall::take_days_untold_at`] takes it).
    pub(crate) fn vacation_left_at(&self, key: &str, wall: i64) -> u32 {
        let (vacation, year) = self.vacation_at(key, wall);
        vacation.left(year)
    }

    /// [`Hall::vacation_left_at`] at the wall clock now, read under the lock (tests).
    #[cfg(test)]
    pub(crate) fn vacation_left(&self, key: &str) -> u32 {
        self.vacation_left_at(key, self.corr_time.wall())
    }

    /// `key`'s vacation count (none used: the default's) and the year now for it: the
    /// year of `wall`, read before the hall was locked, unless the count is of a later
    /// year (taken while the reader waited for the lock: the read is stale, the
    /// count's year is now).
    fn vacation_at(&self, key: &str, wall: i64) -> (Vacation, i32) {
        let vacation = self.vacations.get(key).copied().unwrap_or_default();
        (vacation, CorrTime::year_of(wall).max(vacation.year))
    }

    /// Numbers new tables after `id` (the highest the store knew of).
    pub(crate) fn numbered_after(&mut self, id: u32) {
        self.next_id = self.next_id.max(id);
    }

    /// Counts time by `now` from here on (tests move it by hand).
    #[cfg(test)]
    pub(crate) fn set_clock(&mut self, now: Now) {
        self.now = now;
    }

    /// The hall's time now, both clocks read under the lock (tests).
    #[cfg(test)]
    pub(crate) fn test_at(&self) -> At {
        At {
            instant: self.now(),
            wall: self.corr_time.wall(),
        }
    }

    /// The hall's time now.
    pub(crate) fn now(&self) -> Instant {
        (self.now)()
    }

    // Sessions.

    /// Registers `who`'s session, woken by what it shows, with their `pref`; returns
    /// its number.
    pub(crate) fn join(&mut self, wake: NewsWaker, who: Who, pref: Pref) -> u64 {
        self.next_session += 1;
        let here = self.keys_here.entry(who.key.clone()).or_default();
        *here += 1;
        if *here == 1 {
            // Back on the server: no win is claimed against them now.
            self.seated_came_or_went(&who.key);
        }
        self.prefs.entry(who.key.clone()).or_insert(pref);
        self.sessions.insert(
            self.next_session,
            Present {
                wake,
                who,
                showing: Showing::Lobby,
            },
        );
        self.next_session
    }

    /// The keys with a session on the server now.
    pub(crate) fn keys_here(&self) -> Vec<String> {
        self.keys_here.keys().cloned().collect()
    }

    /// Forgets a session that ended. When its key has no session left, a seat they
    /// were away from counts its grace period from now.
    pub(crate) fn leave(&mut self, session: u64) {
        let Some(present) = self.sessions.remove(&session) else {
            return;
        };
        let key = present.who.key;
        let left = self.keys_here.get_mut(&key).map(|n| {
            *n -= 1;
            *n
        });
        if left == Some(0) {
            self.keys_here.remove(&key);
            self.prefs.remove(&key);
            let now = (self.now)();
            for table in self.tables.values_mut() {
                table.gone_from_server(&key, now);
            }
            // Their grace period counts from now: no win is claimed against them yet.
            self.seated_came_or_went(&key);
        }
    }

    /// `key` came to the server or left it: if they sit at a live game in play,
    /// whether the other may claim its win changed, so the lobbies' rows are built
    /// again and the lobbies woken ([`Row::claim`]).
    fn seated_came_or_went(&mut self, key: &str) {
        let seated = self
            .tables
            .values()
            .any(|t| t.in_play() && !t.is_corr() && t.seat_of(key).is_some());
        if seated {
            self.listing_stale = true;
            self.wake_lobbies();
        }
    }

    /// Session `session` shows `showing` now.
    pub(crate) fn show(&mut self, session: u64, showing: Showing) {
        if let Some(present) = self.sessions.get_mut(&session) {
            present.showing = showing;
        }
    }

    /// Where the player called `name` (either case, either Unicode spelling of its
    /// accents: [`folded`]) is, and their name as they spell it where the hall knows
    /// it (at a table, connected, or seated at a correspondence game): `f`'s answer
    /// names them so, not as typed (`ALICE is in the lobby` for alice).
    pub(crate) fn find(&self, name: &str) -> (Found, Option<String>) {
        let name = folded(name.trim());
        // The AI's seat is nobody's, whatever a person calls themselves.
        let is = |who: &Who| !who.is_ai() && folded(&who.name) == name;
        for (&id, table) in &self.tables {
            // A correspondence table is no place anyone sits waiting: its player is
            // found where their session is (below).
            let playing = !table.is_corr()
                && matches!(
                    table.state(),
                    TableState::Open | TableState::Playing(_) | TableState::Over
                );
            if !playing {
                continue;
            }
            if let Some(who) = table.seats().iter().flatten().find(|w| is(w)) {
                let found = if table.code().is_some() {
                    Found::Private
                } else {
                    Found::Playing(id)
                };
                return (found, Some(who.name.clone()));
            }
        }
        let sessions: Vec<&Present> = self.sessions.values().filter(|p| is(&p.who)).collect();
        // A session at a table tells more than one in the lobby.
        let at = sessions.iter().find_map(|p| match p.showing {
            Showing::Table(id) => self.tables.get(&id).map(|t| (id, t, &p.who.key)),
            Showing::Lobby => None,
        });
        let found = match at {
            Some((_, table, key)) if table.is_corr() && table.seat_of(key).is_some() => {
                Found::Correspondence
            }
            // At a live table no longer in play (adjourned, left).
            Some((id, table, key)) if table.seat_of(key).is_some() => Found::Playing(id),
            // Told by number only where the finder's lobby lists the table.
            Some((id, _, _)) => Found::Watching(id),
            None if sessions.is_empty() => Found::Away,
            None => Found::Here,
        };
        let spelt = match sessions.first() {
            Some(present) => Some(present.who.name.clone()),
            // Not connected: their seat at a correspondence game names them.
            None => self.corr_player(&name).and_then(|key| {
                let table = self.tables.get(self.corr_of.get(&key)?.first()?)?;
                let who = table.seats().iter().flatten().find(|w| w.key == key)?;
                Some(who.name.clone())
            }),
        };
        (found, spelt)
    }

    // Reading the tables.

    /// Table `id`.
    pub(crate) fn table(&self, id: u32) -> Option<&GameTable> {
        self.tables.get(&id)
    }

    /// The tables, by number.
    #[cfg(test)]
    pub(crate) fn tables(&self) -> &BTreeMap<u32, GameTable> {
        &self.tables
    }

    /// The private table whose invitation code is `code`.
    pub(crate) fn by_code(&self, code: &str) -> Option<u32> {
        self.tables
            .iter()
            .find(|(_, t)| t.code() == Some(code))
            .map(|(&id, _)| id)
    }

    /// How long a dropped player's seat is kept.
    pub(crate) fn grace(&self) -> Duration {
        self.grace
    }

    /// The lobby's rows, built again only after a change (a grace period run out
    /// counts as one: [`Hall::tick`]).
    pub(crate) fn listing(&mut self) -> Arc<Listing> {
        if self.listing_stale {
            let (now, grace, keys_here) = ((self.now)(), self.grace, &self.keys_here);
            let present = |key: &str| keys_here.contains_key(key);
            // Correspondence games in play are listed to their players only
            // ([`Hall::corr_rows`]).
            let live = self
                .tables
                .iter()
                .filter(|(_, t)| !matches!(t.listed().0, TableState::Correspondence(_)));
            let mut rows = Vec::new();
            let mut grace_ends: Option<Instant> = None;
            for (&id, table) in live {
                let claim = Player::BOTH.map(|p| {
                    table.seats()[p.index()].as_ref().is_some_and(|who| {
                        table.claimable_by(&who.key, now, grace, &present).is_ok()
                    })
                });
                rows.push(Row::of(id, table, claim));
                if let Some(end) = grace_end(table, now, grace) {
                    grace_ends = Some(grace_ends.map_or(end, |first| first.min(end)));
                }
            }
            self.listing = Arc::new(rows);
            self.grace_ends = grace_ends;
            self.listing_stale = false;
        }
        Arc::clone(&self.listing)
    }

    /// Counts the games that entered the history this run (a game that ended may be
    /// counted twice: the count only says when to look again).
    pub(crate) fn finished_count(&self) -> u64 {
        self.finished
    }

    // Switches.

    /// `key`'s switches.
    pub(crate) fn pref(&self, key: &str) -> Pref {
        self.prefs.get(key).copied().unwrap_or_default()
    }

    /// Changes `key`'s switches; the store keeps them, with the rest of this hold's
    /// writes (the server's sessions use [`super::shared::SharedHall::set_pref`], to
    /// hear whether they were kept).
    #[cfg(test)]
    pub(crate) fn set_pref(&mut self, key: &str, change: impl FnOnce(&mut Pref)) -> Pref {
        let (pref, _) = self.switch(key, change);
        self.pref_writes.push((key.to_owned(), pref));
        pref
    }

    /// Changes `key`'s switches here only: whoever calls it hands them to the store
    /// itself, to hear whether they were kept ([`super::shared::SharedHall::set_pref`]),
    /// with this switch's number: two sessions of one key may hand theirs over in the
    /// other order, and the store keeps the later one.
    pub(crate) fn switch(&mut self, key: &str, change: impl FnOnce(&mut Pref)) -> (Pref, u64) {
        let pref = self.prefs.entry(key.to_owned()).or_default();
        change(pref);
        self.pref_serial += 1;
        (*pref, self.pref_serial)
    }

    // Changing the tables.

    /// Opens a table with `who` at `colour`, under `ruleset`, with claims if `claims`
    /// and `clock`; a `private` one gets an invitation code and is not listed. Returns
    /// its number; `None` if a private table got no code (the random source failed).
    #[cfg(test)]
    pub(crate) fn open(
        &mut self,
        who: Who,
        colour: Player,
        (ruleset, claims): (Ruleset, bool),
        private: bool,
        clock: Option<TimeControl>,
    ) -> Option<u32> {
        let terms = Terms {
            clock,
            ..Terms::default()
        };
        self.open_with(who, colour, (ruleset, claims), private, terms)
    }

    /// [`Hall::open`] of the tests' usual table: public, without a clock. Returns its
    /// number: a public table always gets one (only a private table's code can fail).
    #[cfg(test)]
    pub(crate) fn open_public(&mut self, who: Who, colour: Player, rules: (Ruleset, bool)) -> u32 {
        self.open(who, colour, rules, false, None)
            .expect("a public table needs no code")
    }

    /// Opens a table as the tests' `open` does, with all its terms: rated or casual, a
    /// live clock or days a move.
    pub(crate) fn open_with(
        &mut self,
        who: Who,
        colour: Player,
        (ruleset, claims): (Ruleset, bool),
        private: bool,
        terms: Terms,
    ) -> Option<u32> {
        let code = if private {
            // A code no other table has.
            Some(
                (0..8)
                    .filter_map(|_| new_code())
                    .find(|code| self.by_code(code).is_none())?,
            )
        } else {
            None
        };
        self.next_id += 1;
        let opener = self.log.is_some().then(|| who.display_name());
        let mut table = GameTable::open(who, colour, Game::with_rules(ruleset, claims), code);
        table.set_clock(terms.clock);
        table.set_terms(terms.rated, terms.corr_days);
        if let Some(name) = opener {
            let line = opened_line(self.next_id, &table, (&name, colour), &terms, private);
            self.log_lines.push(line);
        }
        self.tables.insert(self.next_id, table);
        self.after(self.next_id);
        Some(self.next_id)
    }

    /// Opens a game of `who`, playing `colour`, against the server's AI at `level`,
    /// under `ruleset` (with claims if `claims`) and `clock`; returns the table's
    /// number. Under way at once, kept, and listed for spectators.
    pub(crate) fn open_ai(
        &mut self,
        who: Who,
        colour: Player,
        (ruleset, claims): (Ruleset, bool),
        level: Level,
        clock: Option<TimeControl>,
    ) -> u32 {
        self.next_id += 1;
        let game = (Game::with_rules(ruleset, claims), clock);
        let table = GameTable::against_ai(who, colour, level, game, (self.now)());
        self.tables.insert(self.next_id, table);
        self.after(self.next_id);
        self.next_id
    }

    /// Sits `who` at the free seat of table `id`; the colour, or `None` if the table
    /// is gone, full, or `who` sits there already.
    ///
    /// At the wall clock `wall`, read before the hall was locked: a correspondence
    /// game's first turn counts from the moment the player asked to sit, as a move
    /// counts from the moment it was made ([`Hall::take_moves`]), never the lock's
    /// wait (nobody can move at this table before someone sits).
    pub(crate) fn sit_at(&mut self, id: u32, who: Who, wall: i64) -> Option<Player> {
        let stamp = self.corr_time.at(wall);
        let table = self.tables.get_mut(&id)?;
        // A guest at a rated table: refused (a guest's games are never rated); at a
        // correspondence table too: a guest is a new person at each connection, so
        // could never come back to it, and the opponent would wait weeks for nothing.
        if (table.rated() || table.is_corr()) && !who.can_be_rated() {
            return None;
        }
        table.tell_time(stamp);
        let colour = table.sit(who, (self.now)());
        // Someone sat at a table emptied while its keep was on its way: it does not
        // close, and who left is said now.
        if colour.is_some()
            && let Some(Closing::Left(name)) = self.closing.remove(&id)
        {
            self.log_lines.push(format!("table {id}: {name} left"));
        }
        self.after(id);
        colour
    }

    /// [`Hall::sit_at`] at the wall clock now, read under the lock (tests).
    #[cfg(test)]
    pub(crate) fn sit(&mut self, id: u32, who: Who) -> Option<Player> {
        self.sit_at(id, who, self.corr_time.wall())
    }

    /// At table `id`'s rated game, its board and the keys of the seated players whose
    /// rating it does not have yet ([`GameTable::ratings_wanted`]): the session reads
    /// them from the store outside this lock, then [`Hall::set_ratings`].
    pub(crate) fn ratings_wanted(&self, id: u32) -> Option<(super::club::Board, Vec<String>)> {
        let table = self.tables.get(&id)?;
        let keys = table.ratings_wanted();
        (!keys.is_empty()).then(|| (table.board(), keys))
    }

    /// Table `id` shows these ratings, by key, from now on.
    pub(crate) fn set_ratings(&mut self, id: u32, ratings: &[(String, crate::rating::Rating)]) {
        if let Some(table) = self.tables.get_mut(&id) {
            for (key, rating) in ratings {
                table.set_rating(key, *rating);
            }
        }
    }

    /// A spectator comes to table `id` (`true`) or goes; `false` if it is gone.
    pub(crate) fn watch(&mut self, id: u32, coming: bool) -> bool {
        let Some(table) = self.tables.get_mut(&id) else {
            return false;
        };
        table.watch(coming);
        self.after(id);
        true
    }

    /// `key` leaves table `id` on purpose (see [`GameTable::leave`]).
    pub(crate) fn leave_table(&mut self, id: u32, key: &str) {
        let leaving = self.seated_name(id, key);
        self.note_leaving(id, leaving.as_deref());
        if let Some(table) = self.tables.get_mut(&id) {
            table.leave(key, (self.now)());
            self.after(id);
        }
        self.log_got_up(id, key, leaving);
    }

    /// `key`'s link to table `id` dropped (see [`GameTable::drop_out`]).
    pub(crate) fn drop_out(&mut self, id: u32, key: &str) {
        let leaving = self.seated_name(id, key);
        self.note_leaving(id, leaving.as_deref());
        if let Some(table) = self.tables.get_mut(&id) {
            table.drop_out(key, (self.now)());
            self.after(id);
        }
        self.log_got_up(id, key, leaving);
    }

    /// `key`'s name as shown, if they sit at table `id` and the server has a log: their
    /// getting up is a log line ([`Hall::log_got_up`]).
    fn seated_name(&self, id: u32, key: &str) -> Option<String> {
        self.log.as_ref()?;
        let table = self.tables.get(&id)?;
        let colour = table.seat_of(key)?;
        Some(table.seats()[colour.index()].as_ref()?.display_name())
    }

    /// Notes, before `leaving` ([`Hall::seated_name`]) gets up from table `id`, that
    /// the table closes for it if it empties ([`Hall::close`] says so).
    fn note_leaving(&mut self, id: u32, leaving: Option<&str>) {
        if let Some(name) = leaving {
            self.closing.insert(id, Closing::Left(name.to_owned()));
        }
    }

    /// The log's line for `leaving` ([`Hall::seated_name`]) if `key` no longer sits
    /// at table `id` (an open table, a game over, a game in play with the other player
    /// there, after its `ended` line); none for a player who keeps the seat (an
    /// adjourned game, a correspondence game). A table they left empty closes: at
    /// once, or once its last keep is confirmed, and its close's line names them
    /// (`table 3: bob left, the table closed`, [`Hall::close`]). Made here, under the
    /// lock; written once it is released, as a game's begin and end are.
    fn log_got_up(&mut self, id: u32, key: &str, leaving: Option<String>) {
        let Some(name) = leaving else {
            return;
        };
        let Some(table) = self.tables.get(&id) else {
            // Closed: its close said who left.
            return;
        };
        if table.is_empty() && table.seat_of(key).is_none() {
            // Closes once its game is kept: said then.
            return;
        }
        self.closing.remove(&id);
        if table.seat_of(key).is_none() {
            self.log_lines.push(format!("table {id}: {name} left"));
        }
    }

    /// `key` claims the win at table `id` (see [`GameTable::claim_win`]); the table
    /// closes once the game is kept.
    pub(crate) fn claim(&mut self, id: u32, key: &str) -> Result<(), NoClaim> {
        let (grace, now) = (self.grace, (self.now)());
        let keys_here = &self.keys_here;
        let present = |key: &str| keys_here.contains_key(key);
        let table = self.tables.get_mut(&id).ok_or(NoClaim::NotHere)?;
        table.claim_win(key, now, grace, &present)?;
        // Both players are away: nobody stays for a rematch.
        for who in table.seats().clone().into_iter().flatten() {
            table.stand_up(&who.key);
        }
        self.after(id);
        Ok(())
    }

    /// `key` comes back to their game at table `id`; `None` if they have no seat
    /// there to come back to.
    pub(crate) fn come_back(&mut self, id: u32, key: &str) -> Option<Back> {
        let back = self.tables.get_mut(&id)?.come_back(key, (self.now)());
        self.after(id);
        back
    }

    /// Puts `key` back at a game they dropped out of and that goes on (not
    /// adjourned): the table and the colour.
    pub(crate) fn return_to_seat(&mut self, key: &str) -> Option<(u32, Player)> {
        let id = self.away.iter().copied().find(|id| {
            self.tables.get(id).is_some_and(|t| {
                matches!(t.state(), TableState::Playing(_))
                    && t.seat_of(key).is_some_and(|p| !t.presence(p).is_here())
            })
        })?;
        match self.come_back(id, key)? {
            Back::Play(colour) => Some((id, colour)),
            Back::Wait => None,
        }
    }

    /// The moves and claims the screen of `seat` at table `id` made, at `at`, its
    /// game of the table's epoch `epoch` (see [`GameTable::take_moves`]).
    pub(crate) fn take_moves(
        &mut self,
        id: u32,
        seat: (Player, u32),
        game: &Game,
        at: At,
    ) -> Taken {
        let now = at.instant;
        let clock = (self.corr_time.at(at.wall), CorrTime::year_of(at.wall));
        if self.tables.get(&id).is_some_and(GameTable::is_corr) {
            // A vacation day first, if the mover's time just ran out.
            self.corr_due(id, clock, true);
        }
        let Some(table) = self.tables.get_mut(&id) else {
            return Taken::default();
        };
        table.tell_time(clock.0);
        let taken = table.take_moves(seat, game, now);
        if taken.changed {
            self.after(id);
        }
        taken
    }

    /// The server's clock at table `id`, at `at`: a fallen flag ends the game.
    pub(crate) fn check_flag(&mut self, id: u32, at: At) {
        let now = at.instant;
        let clock = (self.corr_time.at(at.wall), CorrTime::year_of(at.wall));
        if self.tables.get(&id).is_some_and(GameTable::is_corr) {
            self.corr_due(id, clock, false);
            return;
        }
        if let Some(table) = self.tables.get_mut(&id)
            && table.check_flag(now)
        {
            self.after(id);
        }
    }

    /// `request` from the player at `seat` of table `id`, at `at`.
    pub(crate) fn request(&mut self, id: u32, seat: Player, request: &Request, at: At) {
        let (now, stamp) = (at.instant, self.corr_time.at(at.wall));
        if let Some(table) = self.tables.get_mut(&id) {
            table.tell_time(stamp);
            table.request(seat, request, now);
            self.after(id);
        }
    }

    /// The screen of `seat` at table `id` showed the messages up to `number`: at a
    /// correspondence game that is kept, so they are not shown again after a restart.
    pub(crate) fn mark_read(&mut self, id: u32, seat: Player, number: u64) {
        if let Some(table) = self.tables.get_mut(&id)
            && table.mark_read(seat, number)
        {
            self.after(id);
        }
    }

    /// Once a second, at `now`: the tables where someone is away adjourn when nobody
    /// waits any more, and their screens are woken for the countdown; a live game
    /// without a clock whose mover sent nothing for the idle time-out is adjourned,
    /// and its screens woken to go back to their lobbies. Nothing is written: every
    /// move is kept already, and a game in play is brought back adjourned. The lines
    /// for the server's log, one per game adjourned for idling: the caller writes
    /// them once the hall is unlocked.
    pub(crate) fn tick(&mut self, now: Instant) -> Vec<String> {
        let grace = self.grace;
        // A grace period ran out since the rows were built: a win may be claimed that
        // they did not offer.
        if self.grace_ends.is_some_and(|end| end <= now) {
            self.grace_ends = None;
            self.listing_stale = true;
            self.wake_lobbies();
        }
        let ids: Vec<u32> = self.away.iter().copied().collect();
        for id in ids {
            if let Some(table) = self.tables.get_mut(&id) {
                table.tick(now, grace);
            }
            self.after(id);
        }
        let mut said = Vec::new();
        let Some(idle) = self.idle_game else {
            return said;
        };
        let ids: Vec<u32> = self.clockless.iter().copied().collect();
        for id in ids {
            let Some(table) = self.tables.get_mut(&id) else {
                continue;
            };
            if table.idle_adjourn(now, idle) {
                let (_, mover) = table.idle_adjourned();
                said.push(crate::strings::serve_limits::idle_adjourned(
                    id,
                    &crate::text::safe_text(&table.name(mover)),
                    idle.as_secs(),
                ));
                self.after(id);
            }
        }
        said
    }

    /// Whether the grace timer has anything to look at: someone away, a live game
    /// without a clock to time out, or a grace period the lobbies' rows wait for.
    pub(crate) fn timer_has_work(&self) -> bool {
        !self.away.is_empty()
            || (self.idle_game.is_some() && !self.clockless.is_empty())
            || self.grace_ends.is_some()
    }

    // Keeping.

    /// After a change of table `id`: its keep for the store (kept at once without
    /// one), the grace timer's list, the lobby's rows, a table nobody sits at closed,
    /// and the sessions that show it woken.
    fn after(&mut self, id: u32) {
        self.note_open_corr(id);
        if let Some(table) = self.tables.get_mut(&id) {
            let lines = table.log_lines(id);
            if self.log.is_some() {
                self.log_lines.extend(lines);
            }
        }
        let Some(table) = self.tables.get_mut(&id) else {
            self.away.remove(&id);
            self.clockless.remove(&id);
            self.listing_stale = true;
            self.wake(id);
            return;
        };
        if let Some(mut keep) = table.take_keep() {
            keep.from = self.opened_from.get(&id).copied();
            if self.stored {
                self.keeps.push((id, keep));
            } else {
                #[cfg(test)]
                let result = self.failing.clone().map_or(Ok(()), Err);
                #[cfg(not(test))]
                let result = Ok(());
                self.kept(id, &keep, result);
            }
        }
        let Some(table) = self.tables.get(&id) else {
            // Closed as its last keep was confirmed.
            self.away.remove(&id);
            self.clockless.remove(&id);
            self.listing_stale = true;
            return;
        };
        if table.someone_away() {
            self.away.insert(id);
        } else {
            self.away.remove(&id);
        }
        if table.idle_watched() {
            self.clockless.insert(id);
        } else {
            self.clockless.remove(&id);
        }
        let shown = self
            .sessions
            .values()
            .any(|p| p.showing == Showing::Table(id));
        let Some(table) = self.tables.get_mut(&id) else {
            return;
        };
        index_corr(&mut self.corr_of, id, table);
        // A finished correspondence game nobody has on screen: its players get up, and
        // the table closes once the game is kept. (Deserted: one of them got up first,
        // from its board; the other is not waiting there.)
        let finished = matches!(table.state(), TableState::Over | TableState::Deserted);
        if table.is_corr() && finished && !shown && !table.is_empty() {
            for who in table.seats().clone().into_iter().flatten() {
                table.stand_up(&who.key);
            }
            if self.log.is_some() {
                self.closing.insert(id, Closing::CorrPutAway);
            }
        }
        // Nobody left but the server's AI, and nothing waiting to be kept: it closes.
        if table.is_empty() && !self.keeps.iter().any(|(k, _)| *k == id) {
            self.close(id, false);
        }
        self.listing_stale = true;
        self.wake(id);
    }

    /// Without a store, makes every keep fail with `error` (or succeed: `None`).
    #[cfg(test)]
    pub(crate) fn fail_keeps(&mut self, error: Option<&str>) {
        self.failing = error.map(str::to_owned);
    }

    /// The keeps and switches changed since the last call, for the store.
    pub(crate) fn take_writes(&mut self) -> Writes {
        Writes {
            store: Hold {
                keeps: std::mem::take(&mut self.keeps),
                prefs: std::mem::take(&mut self.pref_writes),
                vacations: std::mem::take(&mut self.vacation_writes),
                open_corr: std::mem::take(&mut self.open_corr_writes),
                told: std::mem::take(&mut self.told_writes),
                days_told: std::mem::take(&mut self.days_told_writes),
                ends_told: std::mem::take(&mut self.ends_told_writes),
            },
            log: std::mem::take(&mut self.log_lines),
        }
    }

    /// Where the lines of [`Writes::log`] go (the server's log); none: nowhere.
    pub(crate) fn set_log(&mut self, log: super::store::Log) {
        self.log = Some(log);
    }

    /// Where the lines of [`Writes::log`] go, if anywhere.
    pub(crate) fn log(&self) -> Option<super::store::Log> {
        self.log.clone()
    }

    /// The store carried out table `id`'s `keep` (or failed, with the error): what
    /// screens see moves on, or the table goes back and its mover is told why.
    pub(crate) fn kept(&mut self, id: u32, keep: &Keep, result: Result<(), String>) {
        if result.is_ok() && keep.ended.is_some() {
            self.finished += 1;
        }
        // A win claimed against a player away, a game ended at a restart, a
        // correspondence game ended, on disk now: told at each player's next look,
        // unless a screen of theirs shows the table (its board said it: qa36 saw a
        // loser at the board read it again in the lobby). One on the server (in the
        // lobby, at another table) is told it as news.
        if result.is_ok() {
            for end in &keep.untold {
                let mut end = end.clone();
                let mut theirs = self.sessions.values().filter(|p| p.who.key == end.key);
                if theirs.clone().any(|p| p.showing == Showing::Table(id)) {
                    self.ends_told(&[end]);
                    continue;
                }
                end.here = theirs.next().is_some();
                self.ends_back(&end.key.clone(), vec![end]);
            }
        }
        let ok = result.is_ok();
        if let Some(table) = self.tables.get_mut(&id) {
            table.kept(keep.version, &keep.snapshot, keep.by, result);
            if ok && let (Some(end), Some((_, ended))) = (&keep.rated_end, &keep.ended) {
                table.rated_end(ended, end);
            }
            if table.is_empty() {
                let claimed = keep.ended.as_ref().is_some_and(|(_, ended)| ended.claimed);
                self.close(id, claimed);
            }
        }
        self.listing_stale = true;
        self.wake(id);
    }

    /// Closes table `id`, keeping its last word when its game (as kept) ended, or
    /// a win was `claimed` against a player whose link dropped (kept or not: s33, a
    /// claim whose keep failed left its watchers an unnamed stop).
    fn close(&mut self, id: u32, claimed: bool) {
        let why = self.closing.remove(&id);
        if let Some(table) = self.tables.remove(&id) {
            let kept = table.committed();
            if self.log.is_some() {
                let [blue, yellow] = table.names_of(&kept.seats);
                self.log_lines
                    .push(closed_line(id, why.as_ref(), claimed, (&blue, &yellow)));
            }
            if claimed || kept.course.ending().is_some() {
                let names = table.names_of(&kept.seats);
                let course = kept.course.clone();
                self.closed.insert(
                    id,
                    Closed {
                        course,
                        names,
                        claimed,
                    },
                );
                // Read at the watchers' next look, right after: a few suffice.
                while self.closed.len() > CLOSED_KEPT {
                    self.closed.pop_first();
                }
            }
        }
        self.away.remove(&id);
        self.clockless.remove(&id);
    }

    /// The last word of table `id`, closed with its game ended (see [`Closed`]).
    pub(crate) fn closed(&self, id: u32) -> Option<&Closed> {
        self.closed.get(&id)
    }

    /// Once a minute: wakes the screens that show a correspondence game's time left
    /// (a board at a correspondence table, the lobby of a player with one in play),
    /// which read it again from the one clock (`CorrTime`, before the lock); the shown minutes
    /// would otherwise move only on news. Only wakes: the reading is the sessions'.
    pub(crate) fn corr_minute(&mut self) {
        let corr_of = &self.corr_of;
        let tables = &self.tables;
        self.sessions.retain(|_, p| match p.showing {
            Showing::Lobby if corr_of.get(&p.who.key).is_some_and(|ids| !ids.is_empty()) => {
                p.wake.wake()
            }
            Showing::Table(at) if tables.get(&at).is_some_and(GameTable::is_corr) => p.wake.wake(),
            _ => true,
        });
    }

    /// Wakes the lobbies only; forgets sessions that ended.
    fn wake_lobbies(&mut self) {
        self.sessions.retain(|_, p| match p.showing {
            Showing::Lobby => p.wake.wake(),
            Showing::Table(_) => true,
        });
    }

    /// Wakes the sessions at table `id` and the lobbies; forgets sessions that ended.
    /// A full inbox is left as it is: the session wakes for what is in it, and then
    /// reads the hall as it is.
    fn wake(&mut self, id: u32) {
        self.sessions.retain(|_, p| match p.showing {
            Showing::Lobby => p.wake.wake(),
            Showing::Table(at) if at == id => p.wake.wake(),
            Showing::Table(_) => true,
        });
    }

    /// Every game in play, for a shutdown: its keep, asked anew.
    pub(crate) fn keep_all(&mut self) -> Vec<(u32, Keep)> {
        let ids: Vec<u32> = self
            .tables
            .iter()
            .filter(|(_, t)| t.in_play())
            .map(|(&id, _)| id)
            .collect();
        let mut keeps = std::mem::take(&mut self.keeps);
        for id in ids {
            if let Some(table) = self.tables.get_mut(&id)
                && let Some(keep) = table.keep_again()
            {
                keeps.push((id, keep));
            }
        }
        keeps
    }
}

/// When the grace period of a player who dropped out of `table`'s live game runs out,
/// the first after `now` (`None`: none runs, or it never ends).
fn grace_end(table: &GameTable, now: Instant, grace: Duration) -> Option<Instant> {
    if !table.in_play() || table.is_corr() {
        return None;
    }
    Player::BOTH
        .into_iter()
        .filter_map(|p| match table.presence(p) {
            Presence::Dropped(since) => since.checked_add(grace),
            _ => None,
        })
        .filter(|&end| end > now)
        .min()
}

/// Keeps `corr_of`, the index of each player's correspondence tables in play, up
/// to date with table `id` (before its players get up: they are found by its seats).
fn index_corr(corr_of: &mut HashMap<String, BTreeSet<u32>>, id: u32, table: &GameTable) {
    let in_play = table.is_corr() && table.in_play();
    for who in table.seats().iter().flatten() {
        if in_play {
            corr_of.entry(who.key.clone()).or_default().insert(id);
        } else if let Some(ids) = corr_of.get_mut(&who.key) {
            ids.remove(&id);
            if ids.is_empty() {
                corr_of.remove(&who.key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::Inbox;

    use crate::server::who::who;

    /// Brief s23: the tables an address may open were counted by the full IPv6
    /// address, so a host with a /64 opened without end. Its /64 counts now.
    #[test]
    fn the_tables_of_an_ipv6_address_count_to_its_64() {
        let mut hall = Hall::new(DEFAULT_GRACE, false);
        let rules = (Ruleset::Standard, false);
        for n in 0..MAX_AI_GAMES_PER_ADDRESS {
            // Each key under its own cap, each game from another address of the /64.
            let player = who(&format!("p{}", n / MAX_AI_GAMES));
            let id = hall.open_ai(player, Player::Blue, rules, Level::Easy, None);
            let from = format!("2001:db8:1:2::{:x}", n + 1).parse().unwrap();
            hall.opened_from(id, from);
        }
        let same = "2001:db8:1:2:ffff::1".parse().ok();
        assert_eq!(
            hall.cap_for(NewTable::Ai, &who("zed"), same),
            Some(Capped::Address(MAX_AI_GAMES_PER_ADDRESS))
        );
        let next = "2001:db8:1:3::1".parse().ok();
        assert_eq!(hall.cap_for(NewTable::Ai, &who("zed"), next), None);
    }

    #[test]
    fn a_change_wakes_the_screens_at_its_table_and_the_lobbies_only() {
        let mut hall = Hall::new(DEFAULT_GRACE, false);
        let (lobby, at_one, at_two) = (Inbox::new(), Inbox::new(), Inbox::new());
        let _l = hall.join(lobby.news_waker(), who("l"), Pref::default());
        let s1 = hall.join(at_one.news_waker(), who("a"), Pref::default());
        let s2 = hall.join(at_two.news_waker(), who("b"), Pref::default());
        let one = hall.open_public(who("a"), Player::Blue, (Ruleset::Standard, false));
        let two = hall.open_public(who("b"), Player::Blue, (Ruleset::Standard, false));
        hall.show(s1, Showing::Table(one));
        hall.show(s2, Showing::Table(two));
        for inbox in [&lobby, &at_one, &at_two] {
            while inbox.take_news() {}
        }
        hall.watch(one, true);
        assert!(lobby.take_news());
        assert!(at_one.take_news());
        assert!(!at_two.take_news(), "table two's screen sleeps");
    }

    /// QA (srvpolish): a live game without a clock adjourned for its mover's idle
    /// time-out left no line in the server's log. The tick hands one back, for the
    /// grace timer to write off the lock. Fails on the old code (it returned nothing).
    #[test]
    fn a_game_adjourned_for_idling_gives_a_line_for_the_log() {
        let mut hall = Hall::new(DEFAULT_GRACE, false);
        let idle = Duration::from_secs(90);
        hall.set_idle_game(idle);
        let inbox = Inbox::new();
        hall.join(inbox.news_waker(), who("ann"), Pref::default());
        hall.join(inbox.news_waker(), who("bob"), Pref::default());
        let id = hall.open_public(who("ann"), Player::Blue, (Ruleset::Standard, false));
        assert_eq!(hall.sit(id, who("bob")), Some(Player::Yellow));
        assert!(
            hall.timer_has_work(),
            "the timer watches the clockless game"
        );
        let later = Instant::now() + idle * 10;
        let mut said = hall.tick(later);
        said.extend(hall.tick(later + idle));
        assert_eq!(
            said,
            [format!(
                "table {id} adjourned: ann, to move, sent nothing for the idle time-out (90 s)"
            )]
        );
        assert!(hall.tick(later + idle * 3).is_empty(), "said once");
    }

    /// "Find a player" typed with a decomposed accent (`Zoe` and U+0308) finds the
    /// `Zoë` the server bound in NFC, in any case: it answered "not here".
    #[test]
    fn a_player_is_found_whichever_way_the_accents_are_typed() {
        let mut hall = Hall::new(DEFAULT_GRACE, false);
        let inbox = Inbox::new();
        hall.join(inbox.news_waker(), who("Zo\u{eb}"), Pref::default());
        assert_eq!(hall.find("zoe\u{308}").0, Found::Here);
        assert_eq!(hall.find(" ZOE\u{308} ").0, Found::Here);
        let id = hall.open_public(who("Ren\u{e9}"), Player::Blue, (Ruleset::Standard, false));
        assert_eq!(hall.find("Rene\u{301}").0, Found::Playing(id));
        assert_eq!(hall.find("zoe").0, Found::Away);
        // Brief s22 (srvcorr): named as they spell it, not as typed.
        assert_eq!(hall.find(" ZOE\u{308} ").1.as_deref(), Some("Zo\u{eb}"));
        assert_eq!(hall.find("RENE\u{301}").1.as_deref(), Some("Ren\u{e9}"));
        assert_eq!(hall.find("zoe").1, None);
    }

    /// QA (clubqa2, over ssh): "find a player" said a player watching a table, or at
    /// the board of their correspondence game, "is in the lobby"; and one with an open
    /// correspondence table, back in the lobby, "plays at table N". Each is found
    /// where they are now. Fails on the old code (`Here` for the spectator).
    #[test]
    fn a_player_is_found_watching_or_at_a_correspondence_game() {
        let mut hall = Hall::new(DEFAULT_GRACE, false);
        let inbox = Inbox::new();
        let ann = hall.join(inbox.news_waker(), who("ann"), Pref::default());
        let bea = hall.join(inbox.news_waker(), who("bea"), Pref::default());
        let table = hall.open_public(who("cid"), Player::Blue, (Ruleset::Standard, false));
        hall.show(ann, Showing::Table(table));
        assert_eq!(hall.find("ann").0, Found::Watching(table));
        hall.show(ann, Showing::Lobby);
        assert_eq!(hall.find("ann").0, Found::Here);
        let terms = Terms {
            clock: None,
            rated: true,
            corr_days: Some(1),
        };
        let corr = hall
            .open_with(
                who("bea"),
                Player::Blue,
                (Ruleset::Standard, false),
                false,
                terms,
            )
            .unwrap();
        assert_eq!(
            hall.find("bea").0,
            Found::Here,
            "in the lobby, her table open"
        );
        hall.show(bea, Showing::Table(corr));
        assert_eq!(hall.find("bea").0, Found::Correspondence);
        // Brief s22 (srvcorr): one not connected is named by their seat at a
        // correspondence game in play.
        assert!(hall.sit(corr, who("Dora")).is_some());
        assert_eq!(hall.find("DORA"), (Found::Away, Some("Dora".to_owned())));
    }

    /// Brief s21 (corrwatch): a public correspondence game in play could be watched by
    /// nobody but its players (the shared listing leaves them out). Asked after by
    /// name (either case: [`Hall::corr_player`]), a player's public ones in play are given as rows, the
    /// newest tables first, at most the cap, with how many there are; not a private
    /// one, not one still open, not another player's.
    #[test]
    fn a_player_s_public_correspondence_games_in_play_are_given_newest_first_capped() {
        let mut hall = Hall::new(DEFAULT_GRACE, false);
        let terms = Terms {
            clock: None,
            rated: false,
            corr_days: Some(3),
        };
        let open = |hall: &mut Hall, private: bool| {
            hall.open_with(
                who("bea"),
                Player::Blue,
                (Ruleset::Standard, false),
                private,
                terms,
            )
            .unwrap()
        };
        let mut in_play = Vec::new();
        for n in 0..12 {
            let id = open(&mut hall, false);
            assert!(hall.sit(id, who(&format!("cid{n}"))).is_some());
            in_play.push(id);
        }
        let private = open(&mut hall, true);
        assert!(hall.sit(private, who("dee")).is_some());
        let waiting = open(&mut hall, false);
        let other = hall
            .open_with(
                who("eve"),
                Player::Blue,
                (Ruleset::Standard, false),
                false,
                terms,
            )
            .unwrap();
        assert!(hall.sit(other, who("fay")).is_some());
        let bea = hall.corr_player(" BEA ").unwrap();
        assert_eq!(bea, who("bea").key);
        let (rows, total) = hall.public_corr_rows(&bea, 10);
        assert_eq!(total, 12);
        let ids: Vec<u32> = rows.iter().map(|(r, _)| r.id).collect();
        let newest: Vec<u32> = in_play.iter().rev().take(10).copied().collect();
        assert_eq!(ids, newest, "private {private}, open {waiting}");
        assert!(
            rows.iter()
                .all(|(r, _)| r.state == crate::server::listing::RowState::Correspondence)
        );
        assert_eq!(rows[0].0.names, ["bea".to_owned(), "cid11".to_owned()]);
        let cid = hall.corr_player("Cid3").unwrap();
        let (rows, total) = hall.public_corr_rows(&cid, 10);
        assert_eq!((rows.len(), total), (1, 1));
        // Dee plays only a private one; nobody plays none.
        let dee = hall.corr_player("dee").unwrap();
        assert_eq!(hall.public_corr_rows(&dee, 10), (Vec::new(), 0));
        assert_eq!(hall.corr_player("nobody"), None);
    }

    /// Tells `hall` that the store kept every change handed to it.
    fn confirm_keeps(hall: &mut Hall) {
        for (id, keep) in hall.take_writes().store.keeps {
            hall.kept(id, &keep, Ok(()));
        }
    }

    /// Table `id`'s row as the lobby lists it now.
    fn listed_row(hall: &mut Hall, id: u32) -> crate::server::listing::Row {
        hall.listing().iter().find(|r| r.id == id).unwrap().clone()
    }

    /// Brief s25 (srv25): the lobby's row said `a player left` (and `game over`) from
    /// the table as it stood, before the store had kept the change, while a watcher's
    /// screen opens on the kept game: for that moment a watcher saw the leaver still
    /// seated and the game going on. The row now lists the game as kept until the
    /// change is: its state and names are the ones a watcher's opening shows. Fails on
    /// the old code (`Left` and `-` before the leave was kept).
    #[test]
    fn a_row_says_a_leave_or_an_end_only_once_the_store_kept_it() {
        use crate::server::listing::RowState;
        let mut hall = Hall::new(DEFAULT_GRACE, true);
        let row = |hall: &mut Hall, id: u32| {
            let row = listed_row(hall, id);
            (row.state, row.names)
        };
        let ann_seated =
            |hall: &mut Hall, id: u32| listed_row(hall, id).seat_of(&who("ann").key).is_some();
        let kept_names = |hall: &Hall, id: u32| {
            hall.table(id)
                .unwrap()
                .committed()
                .seats
                .clone()
                .map(|w| w.map_or_else(|| "-".to_owned(), |w| w.display_name()))
        };
        let names = |n: [&str; 2]| n.map(str::to_owned);
        let left = hall.open_public(who("ann"), Player::Blue, (Ruleset::Standard, false));
        hall.sit(left, who("bob"));
        let over = hall.open_public(who("cy"), Player::Blue, (Ruleset::Standard, false));
        hall.sit(over, who("dee"));
        confirm_keeps(&mut hall);
        assert_eq!(
            row(&mut hall, left),
            (RowState::Playing, names(["ann", "bob"]))
        );
        // Ann gets up with Bob at the board: the game stops. Not kept yet: listed as
        // a watcher opening the table sees it.
        hall.leave_table(left, &who("ann").key);
        assert_eq!(hall.table(left).unwrap().state(), TableState::Deserted);
        assert_eq!(
            row(&mut hall, left),
            (RowState::Playing, kept_names(&hall, left))
        );
        assert_eq!(kept_names(&hall, left), names(["ann", "bob"]));
        assert!(ann_seated(&mut hall, left), "the row as kept, keys too");
        // Cy resigns: over at the table, not on disk yet.
        hall.request(over, Player::Blue, &Request::Resign, hall.test_at());
        assert_eq!(hall.table(over).unwrap().state(), TableState::Over);
        assert_eq!(
            row(&mut hall, over),
            (RowState::Playing, names(["cy", "dee"]))
        );
        // Kept: the rows say so, and the watcher's opening with them.
        confirm_keeps(&mut hall);
        // The seat ann got up from names her (QA s32: `an empty seat` to ann).
        assert_eq!(
            row(&mut hall, left),
            (RowState::Left, names(["ann", "bob"]))
        );
        assert_eq!(kept_names(&hall, left), names(["-", "bob"]));
        assert!(!ann_seated(&mut hall, left));
        assert_eq!(row(&mut hall, over), (RowState::Over, names(["cy", "dee"])));
        assert!(
            hall.table(over)
                .unwrap()
                .committed()
                .course
                .ending()
                .is_some()
        );
    }

    /// Brief s25 (srv26): a rematch was listed at once as playing, with the seats
    /// swapped, while the store had kept only the game that ended: a watcher opening
    /// the table saw that game over, and `kill -9` could lose the row's new game. The
    /// row now follows the kept state by [`GameTable::listed`], as for a leave or an
    /// end; an end and a rematch both not kept yet list the game in play as kept.
    /// Fails on the old code (`Playing`, `dee`/`cy`, before the rematch was kept).
    #[test]
    fn a_row_says_a_rematch_only_once_the_store_kept_it() {
        use crate::server::listing::RowState;
        let mut hall = Hall::new(DEFAULT_GRACE, true);
        let row = |hall: &mut Hall, id: u32| {
            let row = listed_row(hall, id);
            (row.state, row.names, row.moves)
        };
        let names = |n: [&str; 2]| n.map(str::to_owned);
        let rematch = |hall: &mut Hall, id: u32| {
            hall.request(id, Player::Blue, &Request::Rematch, hall.test_at());
            hall.request(id, Player::Yellow, &Request::Rematch, hall.test_at());
        };
        let id = hall.open_public(who("cy"), Player::Blue, (Ruleset::Standard, false));
        hall.sit(id, who("dee"));
        let mut game = Game::with_rules(Ruleset::Standard, false);
        let first = game.position().legal_moves().next().unwrap();
        game.play(first).unwrap();
        let epoch = hall.table(id).unwrap().epoch();
        let taken = hall.take_moves(id, (Player::Blue, epoch), &game, hall.test_at());
        assert!(taken.changed);
        hall.request(id, Player::Yellow, &Request::Resign, hall.test_at());
        confirm_keeps(&mut hall);
        assert_eq!(
            row(&mut hall, id),
            (RowState::Over, names(["cy", "dee"]), 1)
        );
        // Both ask for a rematch: a new game at the table, seats swapped, not kept yet.
        rematch(&mut hall, id);
        let table = hall.table(id).unwrap();
        assert!(matches!(table.state(), TableState::Playing(_)));
        assert_eq!(
            table.committed().game.len(),
            1,
            "the kept game is the old one"
        );
        assert_eq!(
            row(&mut hall, id),
            (RowState::Over, names(["cy", "dee"]), 1)
        );
        // Kept: the row lists the new game.
        confirm_keeps(&mut hall);
        assert_eq!(
            row(&mut hall, id),
            (RowState::Playing, names(["dee", "cy"]), 0)
        );
        // The second game ends and a rematch follows before either is kept: the row
        // lists the game in play as kept, never the end's state with the new seats.
        hall.request(id, Player::Blue, &Request::Resign, hall.test_at());
        rematch(&mut hall, id);
        assert!(matches!(
            hall.table(id).unwrap().state(),
            TableState::Playing(_)
        ));
        assert_eq!(
            row(&mut hall, id),
            (RowState::Playing, names(["dee", "cy"]), 0)
        );
        confirm_keeps(&mut hall);
        assert_eq!(
            row(&mut hall, id),
            (RowState::Playing, names(["cy", "dee"]), 0)
        );
        assert_eq!(hall.table(id).unwrap().committed().round, 3);
    }

    #[test]
    fn the_lobby_rows_are_built_once_per_change() {
        let mut hall = Hall::new(DEFAULT_GRACE, false);
        hall.open_public(who("a"), Player::Blue, (Ruleset::Corners, true));
        let first = hall.listing();
        let again = hall.listing();
        assert!(Arc::ptr_eq(&first, &again), "no change, no new rows");
        assert_eq!(first.len(), 1);
        assert!(first[0].claims);
        hall.open(
            who("b"),
            Player::Blue,
            (Ruleset::Standard, false),
            true,
            None,
        );
        assert_eq!(hall.listing().len(), 2);
    }

    #[test]
    fn the_grace_is_counted_by_the_hall_s_clock_which_tests_move() {
        use super::super::table::NoClaim;
        use std::sync::Mutex;
        let mut hall = Hall::new(Duration::from_secs(120), false);
        let start = Instant::now();
        let moved = Arc::new(Mutex::new(Duration::ZERO));
        let by = moved.clone();
        hall.set_clock(Arc::new(move || start + *by.lock().unwrap()));
        let id = hall.open_public(who("a"), Player::Blue, (Ruleset::Standard, false));
        hall.sit(id, who("b"));
        hall.drop_out(id, "SHA256:b");
        assert_eq!(hall.claim(id, "SHA256:a"), Err(NoClaim::NotYet));
        *moved.lock().unwrap() = Duration::from_secs(121);
        assert_eq!(hall.claim(id, "SHA256:a"), Ok(()));
    }

    /// srvqa4: the lobby's `w claims a win` was offered while the claim would be
    /// refused: before the opponent's grace period ran out, and while they were on the
    /// server (in their lobby). The rows say what the table would answer, and are built
    /// again when a grace period runs out (the timer's tick) or the opponent comes or
    /// goes, the lobbies woken. Fails on the old code (the rows knew neither).
    #[test]
    fn the_rows_offer_a_claim_only_when_the_table_would_take_it() {
        use std::sync::Mutex;
        let grace = Duration::from_secs(120);
        let mut hall = Hall::new(grace, false);
        let start = Instant::now();
        let moved = Arc::new(Mutex::new(Duration::ZERO));
        let by = moved.clone();
        hall.set_clock(Arc::new(move || start + *by.lock().unwrap()));
        let inbox = Inbox::new();
        let a = hall.join(inbox.news_waker(), who("a"), Pref::default());
        let b = hall.join(inbox.news_waker(), who("b"), Pref::default());
        let id = hall.open_public(who("a"), Player::Blue, (Ruleset::Standard, false));
        hall.sit(id, who("b"));
        // Both links drop: the game is adjourned, and both are off the server.
        hall.drop_out(id, "SHA256:b");
        hall.drop_out(id, "SHA256:a");
        hall.leave(b);
        hall.leave(a);
        hall.tick(start);
        let a = hall.join(inbox.news_waker(), who("a"), Pref::default());
        let claim = |hall: &mut Hall| hall.listing()[0].claim;
        assert_eq!(claim(&mut hall), [false, false], "the grace runs");
        assert!(hall.timer_has_work(), "the timer waits for the grace's end");
        *moved.lock().unwrap() = grace + Duration::from_secs(1);
        hall.tick(start + grace + Duration::from_secs(1));
        assert_eq!(claim(&mut hall), [true, false], "a may claim: b is off");
        // b comes back to the server (their lobby): no claim.
        let b = hall.join(inbox.news_waker(), who("b"), Pref::default());
        assert_eq!(claim(&mut hall), [false, false], "b is on the server");
        assert_eq!(
            hall.claim(id, "SHA256:a"),
            Err(NoClaim::Present("b".into()))
        );
        // b goes again: their grace counts from then.
        hall.leave(b);
        assert_eq!(claim(&mut hall), [false, false], "b's grace runs again");
        *moved.lock().unwrap() = grace * 2 + Duration::from_secs(2);
        hall.tick(start + grace * 2 + Duration::from_secs(2));
        assert_eq!(claim(&mut hall), [true, false]);
        assert_eq!(hall.claim(id, "SHA256:a"), Ok(()));
        let _ = a;
    }

    /// QA s31 (qa32, srv35's extras): the log had no line for a table opened, nor for
    /// a player getting up from an open table or a game over. Each is one line, made
    /// under the lock and handed over with the writes; a game in play left has its
    /// `ended` line alone, and a player away from one (adjourned) none.
    #[test]
    fn a_table_opened_and_a_player_getting_up_off_play_are_log_lines() {
        let mut hall = Hall::new(DEFAULT_GRACE, false);
        let rules = (Ruleset::Standard, false);
        let quiet = hall.open_public(who("zed"), Player::Blue, rules);
        hall.leave_table(quiet, &who("zed").key);
        assert!(hall.take_writes().log.is_empty(), "no log, no lines");
        hall.set_log(Arc::new(|_: &str| {}));
        let said = |hall: &mut Hall| hall.take_writes().log;
        let open = hall.open_public(who("ann"), Player::Blue, rules);
        assert_eq!(
            said(&mut hall),
            [format!(
                "table {open}: opened by ann as Blue, unrated standard live"
            )]
        );
        hall.leave_table(open, &who("ann").key);
        assert_eq!(
            said(&mut hall),
            [format!("table {open}: ann left, the table closed")]
        );
        let terms = Terms {
            clock: "300+3".parse().ok(),
            ..Terms::default()
        };
        let id = hall
            .open_with(
                who("cy"),
                Player::Yellow,
                (Ruleset::Corners, true),
                true,
                terms,
            )
            .unwrap();
        assert_eq!(
            said(&mut hall),
            [format!(
                "table {id}: opened by cy as Yellow, unrated corners live, 300+3, claims, private"
            )]
        );
        hall.sit(id, who("dee"));
        hall.request(id, Player::Blue, &Request::Resign, hall.test_at());
        assert_eq!(
            said(&mut hall),
            [
                format!("table {id}: game 1 began, unrated corners live: dee v cy"),
                format!("table {id}: game 1 ended 0-1 (resignation): dee v cy"),
            ]
        );
        hall.leave_table(id, &who("cy").key);
        assert_eq!(said(&mut hall), [format!("table {id}: cy left")]);
        hall.drop_out(id, &who("dee").key);
        assert_eq!(
            said(&mut hall),
            [format!("table {id}: dee left, the table closed")]
        );
        // A game in play: a dropped link adjourns it (no line); getting up with the
        // other there ends it (its `ended` line, then the getting up; a casual game
        // is left unfinished).
        let id = hall.open_public(who("eve"), Player::Blue, rules);
        hall.sit(id, who("fay"));
        let mut game = hall.table(id).unwrap().game().clone();
        game.play("a1".parse().unwrap()).unwrap();
        let epoch = hall.table(id).unwrap().epoch();
        assert!(
            hall.take_moves(id, (Player::Blue, epoch), &game, hall.test_at())
                .changed
        );
        let _ = said(&mut hall);
        hall.drop_out(id, &who("fay").key);
        assert!(said(&mut hall).is_empty(), "away from a game in play");
        let _ = hall.come_back(id, &who("fay").key);
        hall.leave_table(id, &who("eve").key);
        assert_eq!(
            said(&mut hall),
            [
                format!("table {id}: game 1 ended * (left unfinished): eve v fay"),
                format!("table {id}: eve left"),
            ]
        );
    }

    /// Brief s33 (srv38): a table closing as its last keep was confirmed (the last
    /// player got up from a game in play, a claimed win) left no log line: every
    /// close has one, naming who and why, when it closes.
    #[test]
    fn every_close_of_a_table_is_a_log_line_naming_who_and_why() {
        // No grace: a dropped player's win may be claimed at once.
        let mut hall = Hall::new(Duration::ZERO, true);
        hall.set_log(Arc::new(|_: &str| {}));
        // The lines said now, and those said once the store kept what it was handed.
        let step = |hall: &mut Hall| {
            let writes = hall.take_writes();
            for (id, keep) in writes.store.keeps {
                hall.kept(id, &keep, Ok(()));
            }
            (writes.log, hall.take_writes().log)
        };
        let rules = (Ruleset::Standard, false);
        let id = hall.open_public(who("ann"), Player::Blue, rules);
        hall.sit(id, who("bob"));
        let mut game = hall.table(id).unwrap().game().clone();
        game.play("a1".parse().unwrap()).unwrap();
        let epoch = hall.table(id).unwrap().epoch();
        assert!(
            hall.take_moves(id, (Player::Blue, epoch), &game, hall.test_at())
                .changed
        );
        let _ = step(&mut hall);
        hall.leave_table(id, &who("bob").key);
        hall.leave_table(id, &who("ann").key);
        let (now, kept) = step(&mut hall);
        assert_eq!(
            now,
            [
                format!("table {id}: game 1 ended * (left unfinished): ann v bob"),
                format!("table {id}: bob left"),
            ]
        );
        assert!(hall.table(id).is_none(), "closed at the keep");
        assert_eq!(kept, [format!("table {id}: ann left, the table closed")]);
        // A win claimed against a player whose link dropped: both are stood up.
        let id = hall.open_public(who("cy"), Player::Blue, rules);
        hall.sit(id, who("dee"));
        let mut game = hall.table(id).unwrap().game().clone();
        game.play("a1".parse().unwrap()).unwrap();
        let epoch = hall.table(id).unwrap().epoch();
        let _ = hall.take_moves(id, (Player::Blue, epoch), &game, hall.test_at());
        let _ = step(&mut hall);
        hall.drop_out(id, &who("dee").key);
        hall.leave_table(id, &who("cy").key);
        let _ = step(&mut hall);
        assert_eq!(hall.claim(id, &who("cy").key), Ok(()));
        let (_, kept) = step(&mut hall);
        assert!(hall.table(id).is_none(), "closed at the keep");
        assert_eq!(
            kept.last().map(String::as_str),
            Some(format!("table {id}: cy v dee, a win claimed, the table closed").as_str()),
            "{kept:?}"
        );
        assert_eq!(kept.iter().filter(|l| l.contains("closed")).count(), 1);
    }
}
