//! One table of the server: its seats, its game, and the one state it is in
//! ([`TableState`]), with every change of state a method here. The fields are private:
//! the hall ([`super::hall`]) and the screens' links ([`super::link`]) change a table
//! only through these methods, and read it through the getters.
//!
//! A table holds two games: the one it has taken (`live`, which judges the next move)
//! and the one last committed to the store ([`Snapshot`], which every screen but the
//! mover's and every lobby sees). A change to what is kept is a [`Keep`] for the store;
//! when the store says it is on disk the snapshot moves on ([`GameTable::kept`]), and if
//! it failed the table goes back to the snapshot and the mover is told why.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::ai::Level;
use crate::record::{GameResult, Termination, TimeControl};
use crate::rules::{ClaimState, Game, Move, Player};
use crate::session::{Clock, Course};
use crate::strings::club as club_words;
use crate::strings::narrow;
use crate::strings::serve as serve_words;
use crate::strings::table::Who as Said;
use crate::strings::talk as words;
use crate::strings::talk::LastClaimEnd;
use crate::ui::{Keyed, Message, MessageKind, Request};

use super::chat::{ChatLog, Refused};
use super::club::RatedEnd;
use super::corr::{CorrClock, CorrState, Stamp};
use super::talk::{Talk, To};
use super::who::{AiSeat, Who, ai_seat};

/// Where a seated player is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Presence {
    /// At the table (the server's AI always is).
    Here,
    /// Their link dropped at this instant (or the server restarted then): the seat is
    /// kept for them, and past the grace period the other may claim the win.
    Dropped(Instant),
    /// They chose, at this instant, to leave the game for later: nobody claims a win
    /// against a player who adjourned.
    Left(Instant),
}

impl Presence {
    /// Whether the player is at the table.
    pub(crate) fn is_here(self) -> bool {
        self == Presence::Here
    }

    /// Since when the player is away, if they are.
    pub(crate) fn since(self) -> Option<Instant> {
        match self {
            Presence::Here => None,
            Presence::Dropped(since) | Presence::Left(since) => Some(since),
        }
    }
}

/// The state a table is in: the one truth its screens, the lobby and the store read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TableState {
    /// One seat is free: the table waits for an opponent. Nothing is kept yet.
    Open,
    /// Both seats taken, the game goes on; a player whose link dropped keeps the seat.
    Playing([Presence; 2]),
    /// The game waits until both players are back (both left it for later, or the
    /// server restarted); each seat says who is back already.
    Adjourned([Presence; 2]),
    /// The game is over (a full board, or an early ending): a rematch may follow.
    Over,
    /// A player got up: no more moves, no rematch; the table closes when nobody sits.
    Deserted,
    /// A correspondence game in play: a move is taken whenever its player opens the
    /// game, and nobody waits for anybody (no grace period, no adjournment: the
    /// server's clock decides); each seat says whether its player has the game on
    /// screen now (`Here`) or not (`Left`, since when).
    Correspondence([Presence; 2]),
}

/// What [`GameTable::come_back`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Back {
    /// Back at the board, playing this colour.
    Play(Player),
    /// Back at an adjourned game whose other player is still away.
    Wait,
}

/// Why a win could not be claimed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum NoClaim {
    /// The table is gone, the claimer does not sit there, or no game is in play.
    NotHere,
    /// The opponent is on the server now (named, as shown).
    Present(String),
    /// The opponent chose to adjourn, is at the table, or the grace period runs.
    NotYet,
}

/// The game as every screen but the mover's sees it: what the store last confirmed.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Snapshot {
    /// Who sits in each seat, by [`Player::index`].
    pub(crate) seats: [Option<Who>; 2],
    /// The game.
    pub(crate) game: Game,
    /// Its clocks and early ending.
    pub(crate) course: Course,
    /// Bumped when the game changed other than by a move (an agreed undo, a rematch, a
    /// change that could not be kept): a screen that saw another epoch takes the game
    /// whole.
    pub(crate) epoch: u32,
    /// The game's number at the table: 1 for the first, one more for each rematch.
    pub(crate) round: u32,
    /// Whether the game is rated (the creator's choice; never against the AI or a guest).
    pub(crate) rated: bool,
    /// A correspondence game's clocks and what its players left for each other.
    pub(crate) corr: Option<CorrState>,
    /// The table's last messages and what each seat's screen showed of them: a line
    /// is shown to the other player only once it is on disk, as a move is.
    pub(crate) chat: ChatLog,
    /// A private table's invitation code: kept, so that a private game stays
    /// unlisted after a restart.
    pub(crate) code: Option<String>,
    /// The game ended by a win claimed (`w`) against a player whose link dropped,
    /// past the grace: the record says `abandoned`, as for a player who left, and the
    /// history keeps this apart, so the loser is told what happened.
    pub(crate) claimed: bool,
    /// The game ended as the server started again: its mover's clock had run out
    /// before the stop ([`GameTable::lost_on_time_at_restart`]). Nobody was there, so
    /// the history keeps this and both players are told at their next login.
    pub(crate) at_restart: bool,
}

/// [`GameTable::last_claim_open`] of `game`, with its `course` and `seats`.
fn last_claim_open(game: &Game, course: &Course, seats: &[Option<Who>; 2]) -> Option<Player> {
    if !game.is_over() || course.ending().is_some() {
        return None;
    }
    let last = game.last()?;
    let open = game.claim_state(game.len() - 1) == Some(ClaimState::Pending);
    let person = seats[last.player.index()]
        .as_ref()
        .is_some_and(|who| !who.is_ai());
    // A stone that scored nothing has nothing to claim: no claim can change the
    // result, so nothing waits for one (the other screens offer none either).
    (open && person && last.points > 0).then_some(last.player)
}

impl Snapshot {
    /// Whether its game goes on: not over, or its board full with the last stone's
    /// claim still open ([`GameTable::last_claim_open`]): a game in play, listed and
    /// counted as one (s40: a correspondence game waiting for that claim was in no
    /// "your move" list).
    pub(crate) fn goes_on(&self) -> bool {
        self.course.ending().is_none() && (!self.game.is_over() || self.last_claim_open().is_some())
    }

    /// [`GameTable::last_claim_open`] of this game as kept.
    pub(crate) fn last_claim_open(&self) -> Option<Player> {
        last_claim_open(&self.game, &self.course, &self.seats)
    }

    /// Whether `self` and `other` keep the same game, seats and terms: they differ in
    /// their messages at most.
    pub(crate) fn same_but_chat(&self, other: &Snapshot) -> bool {
        self.seats == other.seats
            && self.game == other.game
            && self.course == other.course
            && self.epoch == other.epoch
            && self.round == other.round
            && self.rated == other.rated
            && self.corr == other.corr
            && self.code == other.code
            && self.claimed == other.claimed
            && self.at_restart == other.at_restart
    }
}

/// What the store must keep after a change of a table, in one transaction.
#[derive(Debug, Clone)]
pub(crate) struct Keep {
    /// Counts the table's kept changes: an older one never wins over a newer.
    pub(crate) version: u64,
    /// The table's game in play now, by its round at the table (`None`: no game in
    /// play any more, its stored copy goes).
    pub(crate) playing: Option<u32>,
    /// A game that ended at the table, by its round, for the history (written once,
    /// whichever of the keeps that carry it lands first).
    pub(crate) ended: Option<(u32, Arc<Snapshot>)>,
    /// The table as it is to be kept, and shown once it is.
    pub(crate) snapshot: Arc<Snapshot>,
    /// The seat whose move or request made the change, told if it can't be kept.
    pub(crate) by: Option<Player>,
    /// Filled in by the store: the ratings before and after, when the game that
    /// ended was rated and entered the history with this keep.
    pub(crate) rated_end: Option<RatedEnd>,
    /// Filled in by the store: what the players away are to be told of the game
    /// that ended, when it entered the history with this keep: a win claimed against
    /// a player whose link dropped (its loser), a game ended at a restart (both)
    /// ([`super::hall::Hall::kept`]).
    pub(crate) untold: Vec<super::club::EndUntold>,
    /// The client address the table was opened from, if known (filled in by the
    /// hall): kept with the game in play, so that a game brought back at a restart
    /// still counts to its address's cap.
    pub(crate) from: Option<std::net::IpAddr>,
}

/// What a screen's moves did at the table ([`GameTable::take_moves`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Taken {
    /// The table's game changed (a move, a claim, a fallen flag).
    pub(crate) changed: bool,
    /// The server's AI moved (on this screen).
    pub(crate) ai_moved: bool,
}

/// One table: two seats, a game, and who watches.
#[derive(Debug, Clone)]
pub(crate) struct GameTable {
    state: TableState,
    seats: [Option<Who>; 2],
    /// The game as the table has taken it.
    game: Game,
    /// Its clocks and early ending.
    course: Course,
    /// See [`Snapshot::epoch`].
    epoch: u32,
    /// How many watch.
    spectators: usize,
    /// What the players ask of each other, their messages, a private table's code.
    talk: Talk,
    /// The game's number at this table: 1 for the first, one more for each rematch.
    round: u32,
    /// The last kept change, and the one last handed to the store.
    version: u64,
    handed: u64,
    /// Who made the change not yet handed to the store.
    by: Option<Player>,
    /// The game that ended here, until the next game's first keep carries it too.
    ended: Option<(u32, Arc<Snapshot>)>,
    /// What the store last confirmed: what other screens see.
    committed: Arc<Snapshot>,
    /// The version `committed` is of.
    committed_version: u64,
    /// Why the last keep failed, while the table's game is not on disk.
    unsaved: Option<String>,
    /// Rated (the creator's choice).
    rated: bool,
    /// A correspondence game's clocks (`None`: a live game).
    corr: Option<CorrClock>,
    /// The correspondence time the hall last told ([`GameTable::tell_time`]).
    stamp: Stamp,
    /// The names of the players who got up from this game's seats, by
    /// [`Player::index`]: the game's screens still name who played it.
    left_by: [Option<String>; 2],
    /// When the turn under way began, or its mover last sent something (a live game
    /// in play): the idle time-out of a game without a clock counts from it.
    turn_began: Option<Instant>,
    /// How many times a live game here was adjourned because its mover sent nothing
    /// for the idle time-out, and that mover the last time: each player's screen is
    /// sent back to the lobby once for each.
    idle_adjourned: (u64, Player),
    /// Since when a live game in play waits for the claim of the stone that filled
    /// the board ([`GameTable::last_claim_open`]): the stone, or the game's resumption
    /// after an adjournment. The wait lasts at most the reconnect grace from then
    /// ([`GameTable::tick`]).
    claim_since: Option<Instant>,
    /// The round whose last claim ended unclaimed, and how: its time gone by
    /// ([`GameTable::last_claim_runs_out`]) or its player gone ([`GameTable::leave`]).
    /// The log's end and the ratings' line say why the game ended so. Memory only (a
    /// wrong claim is read from the game itself, [`GameTable::lapsed_in`]): a restart
    /// before the rating loses it.
    lapsed: Option<(u32, LastClaimEnd)>,
    /// The players' ratings on this table's board, by key (a rematch swaps the seats,
    /// not the people): read from the store by the session that comes to the table
    /// (outside the hall's lock, [`GameTable::ratings_wanted`]), the rating after a
    /// rated game's end once the store says it. Shown only while the game is rated.
    ratings: Vec<(String, crate::rating::Rating)>,
    /// The state the table was in before its last listed change (the game in play
    /// ended, a player got up from it, or a rematch began), and the version before
    /// that change: until the store has kept a later version the lobby lists the
    /// table in that state ([`GameTable::listed`]). `None`: no such change yet.
    ended_from: Option<(TableState, u64)>,
    /// The rounds whose begin and end the server's log has a line for
    /// ([`GameTable::log_lines`]): each is said once.
    logged: (u32, u32),
}

impl GameTable {
    /// A table `who` opened, playing `colour`, for `game` (not begun); `code` makes it
    /// private. Open until someone sits down.
    pub(crate) fn open(who: Who, colour: Player, game: Game, code: Option<String>) -> GameTable {
        let mut seats = [None, None];
        seats[colour.index()] = Some(who);
        let mut talk = Talk::default();
        talk.code = code;
        GameTable::with(TableState::Open, seats, game, Course::NONE, talk, 0)
    }

    /// `who`'s game, playing `colour`, against the server's AI at `level`, with
    /// `clock`: under way at once (Blue's clock running from `now`), and kept.
    pub(crate) fn against_ai(
        who: Who,
        colour: Player,
        level: Level,
        (game, clock): (Game, Option<TimeControl>),
        now: Instant,
    ) -> GameTable {
        let mut seats = [None, None];
        seats[colour.index()] = Some(who);
        seats[colour.other().index()] = Some(Who::ai(level));
        let mut course = Course::with_clock(clock.map(Clock::new));
        if let Some(clock) = course.clock_mut() {
            clock.start(now);
        }
        let state = TableState::Playing([Presence::Here; 2]);
        let mut table = GameTable::with(state, seats, game, course, Talk::default(), 1);
        table.turn_began = Some(now);
        table.touch(None);
        table
    }

    /// A game in play a previous run of the server kept, at its `round`: adjourned,
    /// every person away since `now` (the server's AI is always there).
    #[cfg(test)]
    pub(crate) fn restored(
        (seats, game, course): ([Who; 2], Game, Course),
        round: u32,
        now: Instant,
    ) -> GameTable {
        GameTable::restored_with(
            (seats, game, course),
            round,
            now,
            (false, None, ChatLog::default(), None),
            None,
        )
    }

    /// A game in play a previous run kept, at its `round`, with its terms (rated or
    /// not, and a correspondence game's state), the table's messages and a private
    /// table's code. A correspondence game is not adjourned: it goes on, nobody at it.
    /// A live game's mover is charged the `thought` noted before the stop (the time
    /// down counts for no clock: the game comes back adjourned, its clocks stopped).
    pub(crate) fn restored_with(
        (seats, game, course): ([Who; 2], Game, Course),
        round: u32,
        now: Instant,
        (rated, corr, chat, code): (bool, Option<CorrState>, ChatLog, Option<String>),
        thought: Option<Duration>,
    ) -> GameTable {
        let seats = seats.map(Some);
        // A game kept in play with a full board waited for its last stone's claim (a
        // settled claim ends the game): the record read it back closed (a full board
        // is over), so it is opened again, as every screen showed it.
        let mut game = game;
        if game.is_over() {
            game.reopen_last_claim();
        }
        let mut table = GameTable::with(
            TableState::Open,
            seats,
            game,
            course,
            Talk::default(),
            round,
        );
        table.rated = rated;
        let away = Player::BOTH.map(|p| table.absent(p, now));
        table.state = TableState::Adjourned(away);
        table.pause_clock(now);
        if let (Some(clock), Some(thought), None) = (table.course.clock_mut(), thought, &corr) {
            clock.charge(thought);
        }
        table.talk.chat.restore(&chat);
        table.talk.code = code;
        if let Some(corr) = corr {
            table.corr = Some(corr.clock);
            table.talk.undo = corr.undo;
            table.state = TableState::Correspondence([Presence::Left(now); 2]);
        }
        // On disk already: what screens see from the start.
        table.committed = Arc::new(table.snapshot());
        table
    }

    fn with(
        state: TableState,
        seats: [Option<Who>; 2],
        game: Game,
        course: Course,
        talk: Talk,
        round: u32,
    ) -> GameTable {
        let committed = Arc::new(Snapshot {
            seats: seats.clone(),
            game: game.clone(),
            course: course.clone(),
            epoch: 0,
            round,
            rated: false,
            corr: None,
            chat: talk.chat.log().clone(),
            code: talk.code.clone(),
            claimed: false,
            at_restart: false,
        });
        GameTable {
            state,
            seats,
            game,
            course,
            epoch: 0,
            spectators: 0,
            talk,
            round,
            version: 0,
            handed: 0,
            by: None,
            ended: None,
            committed,
            committed_version: 0,
            unsaved: None,
            rated: false,
            corr: None,
            stamp: 0,
            left_by: [None, None],
            turn_began: None,
            idle_adjourned: (0, Player::Blue),
            claim_since: None,
            lapsed: None,
            ratings: Vec::new(),
            ended_from: None,
            logged: (0, 0),
        }
    }

    /// `Dropped(now)` for a person, `Here` for the server's AI.
    fn absent(&self, player: Player, now: Instant) -> Presence {
        if self.seats[player.index()].as_ref().is_some_and(Who::is_ai) {
            Presence::Here
        } else {
            Presence::Dropped(now)
        }
    }

    // What the table is.

    /// The state it is in.
    pub(crate) fn state(&self) -> TableState {
        self.state
    }

    /// Who sits in each seat (as the table has it).
    pub(crate) fn seats(&self) -> &[Option<Who>; 2] {
        &self.seats
    }

    /// The game as the table has taken it (the mover's view; see [`GameTable::committed`]).
    pub(crate) fn game(&self) -> &Game {
        &self.game
    }

    /// The clocks and early ending as the table has them.
    pub(crate) fn course(&self) -> &Course {
        &self.course
    }

    /// What the store last confirmed: the table as other screens and the lobby see it.
    pub(crate) fn committed(&self) -> &Arc<Snapshot> {
        &self.committed
    }

    /// The epoch of the table's own game (see [`Snapshot::epoch`]).
    pub(crate) fn epoch(&self) -> u32 {
        self.epoch
    }

    /// How many watch.
    pub(crate) fn spectators(&self) -> usize {
        self.spectators
    }

    /// What the players asked and said, and the notes left for the screens.
    pub(crate) fn talk(&self) -> &Talk {
        &self.talk
    }

    /// A private table's invitation code.
    pub(crate) fn code(&self) -> Option<&str> {
        self.talk.code.as_deref()
    }

    /// The state the lobby lists and the seats its row names and tells a player's own
    /// tables by: the table's, but a game whose end or leave, or a rematch, the store
    /// has not kept yet is listed as it was (in play, or over with the seats not yet
    /// swapped), with the seats kept, until it is (so the
    /// leaver's lobby in lines hears the row change then, as at any change of a table
    /// of theirs). A screen opened on the table sees the kept
    /// game ([`GameTable::committed`]): the row says no more than that screen shows,
    /// and nothing `kill -9` could lose. (Who is away, or watches, is not kept: the
    /// row says it as it is.)
    pub(crate) fn listed(&self) -> (TableState, &[Option<Who>; 2]) {
        match self.ended_from {
            Some((before, version)) if self.committed_version <= version => {
                (before, &self.committed.seats)
            }
            _ => (self.state, &self.seats),
        }
    }

    /// Whether a change waits for the store: what other screens see is behind.
    pub(crate) fn pending(&self) -> bool {
        self.committed_version < self.handed
    }

    /// The version of the last change the store confirmed.
    pub(crate) fn committed_version(&self) -> u64 {
        self.committed_version
    }

    /// Why the table's game is not on disk, while it is not.
    pub(crate) fn unsaved(&self) -> Option<&str> {
        self.unsaved.as_deref()
    }

    /// The colour `key` plays here, if they sit here.
    pub(crate) fn seat_of(&self, key: &str) -> Option<Player> {
        Player::BOTH
            .into_iter()
            .find(|p| self.seats[p.index()].as_ref().is_some_and(|w| w.key == key))
    }

    /// The name in `player`'s seat, as shown (`-` for a free seat).
    pub(crate) fn name(&self, player: Player) -> String {
        self.seats[player.index()]
            .as_ref()
            .map_or_else(|| serve_words::EMPTY_SEAT.to_owned(), Who::display_name)
    }

    /// At a game against the server's AI: the colour it plays (a rematch swaps it) and
    /// its level.
    pub(crate) fn ai(&self) -> Option<AiSeat> {
        ai_seat(&self.seats)
    }

    /// Where `player` is (`Here` unless the game is in play and they are away).
    pub(crate) fn presence(&self, player: Player) -> Presence {
        match self.state {
            TableState::Playing(away)
            | TableState::Adjourned(away)
            | TableState::Correspondence(away) => away[player.index()],
            _ => Presence::Here,
        }
    }

    /// Open: one seat free, waiting for an opponent.
    pub(crate) fn is_open(&self) -> bool {
        self.state == TableState::Open
    }

    /// Both players at the board, the game going on (or just over).
    pub(crate) fn both_here(&self) -> bool {
        matches!(
            self.state,
            TableState::Playing([Presence::Here, Presence::Here])
        ) || self.state == TableState::Over
    }

    /// A game that must not be lost: playing or adjourned.
    pub(crate) fn in_play(&self) -> bool {
        matches!(
            self.state,
            TableState::Playing(_) | TableState::Adjourned(_) | TableState::Correspondence(_)
        )
    }

    /// Whether stones are taken: the game is playing (a player away or not), live or
    /// by correspondence.
    pub(crate) fn takes_moves(&self) -> bool {
        matches!(
            self.state,
            TableState::Playing(_) | TableState::Correspondence(_)
        )
    }

    /// The player whose stone filled the board, while its claim is open: the game
    /// is not over yet (docs/rules.md: that stone's player may still claim it, and the
    /// result counts the claim), the table waits for that claim, and the result, the
    /// history and the rating come once it is settled ([`GameTable::full_board_ends`]).
    /// `None` for the server's AI, which claims with its stone, and for a stone that
    /// scored nothing.
    pub(crate) fn last_claim_open(&self) -> Option<Player> {
        last_claim_open(&self.game, &self.course, &self.seats)
    }

    /// Whether the game in play goes on: not over, or waiting for its last claim
    /// ([`Snapshot::goes_on`] of the table's own game).
    pub(crate) fn goes_on(&self) -> bool {
        !self.is_over() || self.last_claim_open().is_some()
    }

    /// Whether the game is rated.
    pub(crate) fn rated(&self) -> bool {
        self.rated
    }

    /// The board the game here is rated on: its ruleset, live or correspondence.
    pub(crate) fn board(&self) -> super::club::Board {
        let speed = if self.corr.is_some() {
            super::club::Speed::Correspondence
        } else {
            super::club::Speed::Live
        };
        super::club::Board::new(self.game.ruleset(), speed)
    }

    /// At a rated game, the keys of its seated players whose rating the table does not
    /// have yet ([`GameTable::set_rating`]); none at a casual one.
    pub(crate) fn ratings_wanted(&self) -> Vec<String> {
        if !self.rated {
            return Vec::new();
        }
        self.seats
            .iter()
            .flatten()
            .filter(|who| !self.ratings.iter().any(|(key, _)| key == &who.key))
            .map(|who| who.key.clone())
            .collect()
    }

    /// `key`'s rating on this table's board, as the table shows it from now on.
    pub(crate) fn set_rating(&mut self, key: &str, rating: crate::rating::Rating) {
        match self.ratings.iter_mut().find(|(k, _)| k == key) {
            Some((_, old)) => *old = rating,
            None => self.ratings.push((key.to_owned(), rating)),
        }
    }

    /// Each of `seats`' ratings as shown (the seats as a screen sees them), by
    /// [`Player::index`]: at a rated game, for a seated player whose rating the table
    /// has; `None` otherwise (casual, the AI, a guest).
    pub(crate) fn shown_ratings(
        &self,
        seats: &[Option<Who>; 2],
    ) -> [Option<crate::rating::Shown>; 2] {
        Player::BOTH.map(|p| {
            let who = seats[p.index()].as_ref().filter(|_| self.rated)?;
            let (_, rating) = self.ratings.iter().find(|(key, _)| key == &who.key)?;
            Some(rating.shown())
        })
    }

    /// The server log's lines for this table (number `id`) since the last call: a
    /// game begun (its round, rated or not, board, players Blue first) and a game
    /// ended (its result and how), each once. Made under the hall's lock, no I/O:
    /// the hall hands them to the log once it is unlocked. A game in play brought
    /// back at a restart has moves: it is not said to begin again.
    pub(crate) fn log_lines(&mut self, id: u32) -> Vec<String> {
        let players = |seats: &[Option<Who>; 2]| {
            let name = |p: Player| {
                seats[p.index()]
                    .as_ref()
                    .map_or_else(|| serve_words::EMPTY_SEAT.to_owned(), Who::display_name)
            };
            // `Who::display_name` is already safe text (no control character).
            format!("{} v {}", name(Player::Blue), name(Player::Yellow))
        };
        let mut lines = Vec::new();
        if self.in_play() && self.round > self.logged.0 {
            self.logged.0 = self.round;
            if self.game.is_empty() {
                let board = self.board();
                lines.push(format!(
                    "table {id}: game {} began, {} {} {}: {}",
                    self.round,
                    if self.rated { "rated" } else { "unrated" },
                    board.ruleset_token(),
                    board.speed.token(),
                    players(&self.seats)
                ));
            }
        }
        if let Some((round, ended)) = &self.ended
            && *round > self.logged.1
        {
            self.logged.1 = *round;
            let record = super::game_record::table_record(&ended.seats, &ended.game, &ended.course);
            let result = record.result().unwrap_or(GameResult::Unfinished);
            let lapsed = self.lapsed_in(ended).map(|(claimer, square, end)| {
                let name = ended.seats[claimer.index()]
                    .as_ref()
                    .map_or_else(|| serve_words::EMPTY_SEAT.to_owned(), Who::display_name);
                match end {
                    LastClaimEnd::Lapsed => words::claim_lapsed(Said::Named(&name), &square),
                    _ => words::last_claim_end(Said::Named(&name), &square, end),
                }
            });
            let how = match record.termination() {
                Ok(Termination::Normal) if result == GameResult::Unfinished => {
                    "left unfinished".to_owned()
                }
                // s40: why a full board's result did not count the last claim.
                Ok(Termination::Normal) => match lapsed {
                    Some(lapsed) => format!("the board full; {lapsed}"),
                    None => "the board full".to_owned(),
                },
                Ok(termination) => termination.to_string(),
                Err(_) => "not known".to_owned(),
            };
            let restart = if ended.at_restart {
                ", at the restart"
            } else {
                ""
            };
            // Its begin said `rated`: an end before both moved says it was not (until
            // s39 the host could not tell such a game from a rated one).
            let unrated = if self.rated && crate::rating::ended_too_soon(ended.game.len()) {
                "; not rated: ended before both moved"
            } else {
                ""
            };
            lines.push(format!(
                "table {id}: game {round} ended {result} ({how}{restart}{unrated}): {}",
                players(&ended.seats)
            ));
        }
        lines
    }

    /// A correspondence game's clocks (`None` for a live game).
    pub(crate) fn corr(&self) -> Option<&CorrClock> {
        self.corr.as_ref()
    }

    /// Whether this is a correspondence table.
    pub(crate) fn is_corr(&self) -> bool {
        self.corr.is_some()
    }

    /// The correspondence time now, as the hall told it: the clocks of the next
    /// change count from it.
    pub(crate) fn tell_time(&mut self, stamp: Stamp) {
        self.stamp = stamp;
    }

    /// Whether the game is over (a full board, or an early ending).
    pub(crate) fn is_over(&self) -> bool {
        self.game.is_over() || self.course.ending().is_some()
    }

    /// Whether the game stopped before its end because a player got up.
    pub(crate) fn stopped(&self) -> bool {
        self.state == TableState::Deserted && !self.is_over()
    }

    /// Whether nobody but the server's AI sits here: the table closes.
    pub(crate) fn is_empty(&self) -> bool {
        self.seats.iter().flatten().all(Who::is_ai)
    }

    // Changes of state.

    /// Something to keep changed, by `by`'s move or request.
    fn touch(&mut self, by: Option<Player>) {
        self.version += 1;
        self.by = by.or(self.by);
    }

    /// The table's game as it is, to keep or show.
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            seats: self.seats.clone(),
            game: self.game.clone(),
            course: self.course.clone(),
            epoch: self.epoch,
            round: self.round,
            rated: self.rated,
            corr: self.corr.map(|clock| CorrState {
                clock,
                undo: self.talk.undo,
            }),
            chat: self.talk.chat.log().clone(),
            code: self.talk.code.clone(),
            // Only the ended game's copy says so ([`GameTable::claim_win`],
            // [`GameTable::lost_on_time_at_restart`]).
            claimed: false,
            at_restart: false,
        }
    }

    /// The game in play ends, or a player gets up from it: the state it was in, and
    /// the version before the change, for the lobby until the change is kept
    /// ([`GameTable::listed`]). Called before the change's [`GameTable::touch`].
    fn ending(&mut self) {
        if self.in_play() {
            self.listed_change();
        }
    }

    /// A change the lobby lists only once kept is about to be made: the state before
    /// it and the version, unless an earlier such change is not kept yet (its state
    /// before is the one on disk). Called before the change's [`GameTable::touch`].
    fn listed_change(&mut self) {
        let unkept = self
            .ended_from
            .is_some_and(|(_, version)| self.committed_version <= version);
        if !unkept {
            self.ended_from = Some((self.state, self.version));
        }
    }

    /// The game ended here: over, its clocks stopped, kept for the history.
    fn ended_now(&mut self) {
        self.ending();
        self.state = TableState::Over;
        if let Some(clock) = self.course.clock_mut() {
            clock.stop();
        }
        self.talk.undo = None;
        self.ended = Some((self.round, Arc::new(self.snapshot())));
    }

    /// A live clocked game in play: its version and its mover's thinking on the turn
    /// under way at `now`, in milliseconds, for the store to note (kept on the row of
    /// that version only: a restart charges it).
    pub(crate) fn thought(&self, now: Instant) -> Option<(u64, u64)> {
        if self.corr.is_some() || !self.in_play() {
            return None;
        }
        let clock = self.course.clock()?;
        let millis = u64::try_from(clock.thought(now).as_millis()).unwrap_or(u64::MAX);
        Some((self.version, millis))
    }

    /// A live game brought back at a restart whose mover's clock is at 0 once the
    /// thinking noted before the stop is charged: lost on time at `now`, as it would
    /// have been had the server stayed up. Nobody is at it: its players get up, the
    /// game goes to the history and the table closes once that is kept. Whether it
    /// ended.
    pub(crate) fn lost_on_time_at_restart(&mut self, now: Instant) -> bool {
        if self.corr.is_some() || !matches!(self.state, TableState::Adjourned(_)) {
            return false;
        }
        let Some(clock) = self.course.clock_mut() else {
            return false;
        };
        if !clock.remaining(clock.to_move(), now).is_zero() {
            return false;
        }
        // Run for the flag to fall: the course ends the game and stops the clocks.
        clock.start(now);
        if self.course.check_flag(&self.game, now).is_none() {
            self.pause_clock(now);
            return false;
        }
        self.ended_now();
        // Its players were away: the history notes it, to tell them.
        if let Some((_, ended)) = &mut self.ended {
            Arc::make_mut(ended).at_restart = true;
        }
        self.touch(None);
        for who in self.seats.clone().into_iter().flatten() {
            self.stand_up(&who.key);
        }
        true
    }

    /// The clocks stop at `now`, the mover charged the thinking done on the turn under
    /// way: an adjourned game goes on from there at the resumption (a player who left
    /// and came back got the turn's thinking back), and a game that ends early (a
    /// resignation, an abandonment, a claimed win, a player getting up) shows the
    /// mover's clock as it last ran, never the time at their last move (s38 board44:
    /// a resignation at 2:46 showed 2:48).
    fn pause_clock(&mut self, now: Instant) {
        if let Some(clock) = self.course.clock_mut() {
            clock.pause(now);
        }
    }

    /// `who` sits at the free seat at `now`; the colour, or `None` if the table is not
    /// open or `who` sits here already. The game begins, Blue's clock running.
    pub(crate) fn sit(&mut self, who: Who, now: Instant) -> Option<Player> {
        if !self.is_open() || self.seat_of(&who.key).is_some() {
            return None;
        }
        let colour = Player::BOTH
            .into_iter()
            .find(|p| self.seats[p.index()].is_none())?;
        self.seats[colour.index()] = Some(who);
        self.left_by[colour.index()] = None;
        if let Some(clock) = self.course.clock_mut() {
            clock.start(now);
        }
        self.state = TableState::Playing([Presence::Here; 2]);
        self.turn_began = Some(now);
        if let Some(corr) = &mut self.corr {
            // The one who opened it is not at the board: they hear of it in the lobby.
            corr.start(self.game.to_move(), self.stamp);
            let mut presence = [Presence::Left(now); 2];
            presence[colour.index()] = Presence::Here;
            self.state = TableState::Correspondence(presence);
        }
        self.round = 1;
        self.touch(None);
        Some(colour)
    }

    /// Rated or casual, and days a move for a correspondence game (`None`: live), for
    /// a table not begun. A guest's table, or one against the AI, is never rated.
    pub(crate) fn set_terms(&mut self, rated: bool, corr_days: Option<u8>) -> bool {
        if !self.is_open() || !self.game.is_empty() {
            return false;
        }
        self.rated = rated && self.seats.iter().flatten().all(Who::can_be_rated);
        self.corr = corr_days.map(CorrClock::new);
        if self.corr.is_some() {
            self.course = Course::NONE;
        }
        self.committed = Arc::new(self.snapshot());
        true
    }

    /// Clocks of `control` (`None`: none) for a table not begun.
    pub(crate) fn set_clock(&mut self, control: Option<TimeControl>) -> bool {
        if !self.is_open() || !self.game.is_empty() {
            return false;
        }
        self.course = Course::with_clock(control.map(Clock::new));
        self.committed = Arc::new(self.snapshot());
        true
    }

    /// A spectator comes (`true`) or goes.
    pub(crate) fn watch(&mut self, coming: bool) {
        if coming {
            self.spectators += 1;
        } else {
            self.spectators = self.spectators.saturating_sub(1);
        }
    }

    /// The screen of `seat` showed the messages up to `number`; at a correspondence
    /// game in play, kept with it. Whether anything changed.
    pub(crate) fn mark_read(&mut self, seat: Player, number: u64) -> bool {
        if number <= self.talk.chat.read_by(seat) {
            return false;
        }
        self.talk.chat.mark_read(seat, number);
        if self.is_corr() && self.in_play() {
            self.touch(None);
        }
        true
    }

    /// Leaves a line for `to`.
    pub(crate) fn note(&mut self, to: To, text: String) {
        self.talk.note(to, Message::new(MessageKind::Info, text));
    }

    /// Leaves a line for `to` about the change just made: shown with it, once the
    /// store has kept it.
    fn note_kept(&mut self, to: To, text: String) {
        self.note_kept_said(to, Message::new(MessageKind::Info, text));
    }

    /// [`GameTable::note_kept`] of a message with more than one wording.
    fn note_kept_said(&mut self, to: To, said: Message) {
        let after = self.version;
        self.talk.note_after(to, said, after);
    }

    /// Whether the game in play (or just ended) was played as rated and is too short
    /// to be rated: before both players moved (`rating::ended_too_soon`, the rule the
    /// store rates by). Leaving it now is no abandonment.
    fn too_soon_to_rate(&self) -> bool {
        self.rated && crate::rating::ended_too_soon(self.game.len())
    }

    /// After the line of the game's end (kept): a game played as rated that ended
    /// before both players moved is not rated, and everyone at the table reads so,
    /// players and watchers.
    fn say_if_not_rated(&mut self) {
        self.say_if_not_rated_to(To::Everyone);
    }

    /// The line of the game's end, `line`, for `to` once kept: when it ended too
    /// soon to be rated, with that said after it in the same line
    /// ([`GameTable::say_if_not_rated`] where the end has no line of its own). `how`
    /// is the end in a few words with the name (`bob resigned`): on a narrow screen
    /// the line says it with `not rated`, so that who ended the game is still read
    /// beside the 16 columns of a name (it said only that it was not rated). Each
    /// player's line is their own, in the second person (s35), the spectators' by name.
    fn note_end_to(&mut self, to: To, line: Message, how: &str) {
        if !self.too_soon_to_rate() {
            return self.note_kept_said(to, line);
        }
        // Each wording of the end's own line that names the winner, with `Not rated`.
        let middle = std::iter::once(&line.text)
            .chain(&line.middle)
            .map(|end| narrow::not_rated_after(end))
            .collect();
        let said = Message {
            middle,
            short: Some(narrow::ended_early(how)),
            ..Message::keyed(MessageKind::Info, Keyed::EndedEarly(line.text))
        };
        self.note_kept_said(to, said);
    }

    /// [`GameTable::say_if_not_rated`], to `to`.
    fn say_if_not_rated_to(&mut self, to: To) {
        if self.too_soon_to_rate() {
            let said = Message {
                short: Some(words::ENDED_TOO_SOON_SHORT.to_owned()),
                ..Message::new(MessageKind::Info, words::ENDED_TOO_SOON)
            };
            self.note_kept_said(to, said);
        }
    }

    /// The server's clock decides, at `now` (and a correspondence game's at the time
    /// last told): a flag that fell ends the game.
    pub(crate) fn check_flag(&mut self, now: Instant) -> bool {
        if self.corr.is_some() {
            return self.check_corr_time().is_some();
        }
        if !self.takes_moves() || self.course.check_flag(&self.game, now).is_none() {
            return false;
        }
        self.ended_now();
        self.touch(None);
        self.say_if_not_rated();
        true
    }

    /// The player to move in a correspondence game whose time is out at the time
    /// last told, if any (the hall first gives them a vacation day, if they have one).
    pub(crate) fn corr_out_of_time(&self) -> Option<Player> {
        let clock = self.corr.as_ref()?;
        (self.takes_moves() && !self.is_over() && clock.out_of_time(self.stamp))
            .then(|| clock.to_move())
    }

    /// A correspondence game whose board is full, its last claim open, and whose
    /// move's time is out at the time last told: the claim goes unclaimed and the
    /// game ends (nobody's time is lost: the board is full). Whether it did.
    pub(crate) fn corr_claim_lapses(&mut self) -> bool {
        let out = self
            .corr
            .as_ref()
            .is_some_and(|clock| clock.out_of_time(self.stamp));
        if !out
            || !matches!(self.state, TableState::Correspondence(_))
            || self.last_claim_open().is_none()
        {
            return false;
        }
        self.last_claim_runs_out();
        true
    }

    /// One vacation day for `key` in this correspondence game: 24 hours more.
    pub(crate) fn grant_vacation_day(&mut self, key: &str) {
        if let (Some(colour), Some(clock)) = (self.seat_of(key), self.corr.as_mut()) {
            clock.grant(colour);
            // Theirs: told if the day is not kept.
            self.touch(Some(colour));
        }
    }

    /// A correspondence game whose mover's time is out at the time last told ends:
    /// lost on time (abandoned: their whole time went by without a move). The loser.
    pub(crate) fn check_corr_time(&mut self) -> Option<Player> {
        let loser = self.corr_out_of_time()?;
        self.course
            .end(&self.game, Termination::TimeForfeit, loser)
            .ok()?;
        self.ended_now();
        self.touch(None);
        let (name, winner) = (self.name(loser), self.name(loser.other()));
        // Each player reads it in the second person (s35: `alice's time ran out` on
        // alice's screen), the spectators by name.
        for (to, lost, won) in [
            (To::Seat(loser), Said::You, Said::Named(&winner)),
            (To::Seat(loser.other()), Said::Named(&name), Said::You),
            (To::Spectators, Said::Named(&name), Said::Named(&winner)),
        ] {
            // The winner by name wherever it fits (s32: `bob out of time: Blue wins`
            // at 44 columns), else who lost, as a resignation's (two names of 16 make
            // 51).
            let how = narrow::out_of_time(lost);
            let said = Message {
                middle: vec![narrow::corr_time_out(lost, won)],
                ..Message::with_short(
                    MessageKind::Info,
                    words::corr_time_out(lost, won),
                    how.clone(),
                )
            };
            self.note_end_to(to, said, &how);
        }
        Some(loser)
    }

    /// Takes the moves and claims the screen of `seat`, whose game is of `epoch`, made
    /// beyond the table's game, in turn, at `now`: its own, and the server's AI's that
    /// it runs. A move out of turn, after the end, or from a screen whose game is not
    /// the table's (another epoch: before an undo or a rematch), is not taken.
    pub(crate) fn take_moves(
        &mut self,
        (seat, epoch): (Player, u32),
        screen: &Game,
        now: Instant,
    ) -> Taken {
        let mut taken = Taken {
            changed: self.check_flag(now),
            ai_moved: false,
        };
        let len = self.game.len();
        if epoch != self.epoch
            || !self.takes_moves()
            || screen.len() < len
            || screen.placements()[..len] != *self.game.placements()
        {
            return taken;
        }
        let ai = self.ai().map(|(colour, _)| colour);
        let ours = |p: Player| p == seat || Some(p) == ai;
        taken.changed |= self.take_claim(screen, ours);
        for mv in screen.moves().skip(len) {
            let mover = self.game.to_move();
            if !self.takes_moves() || !ours(mover) || self.game.play(mv).is_err() {
                break;
            }
            taken.ai_moved |= Some(mover) == ai;
            taken.changed = true;
            self.moved(now);
            taken.changed |= self.take_claim(screen, ours);
        }
        taken.changed |= self.full_board_ends();
        if taken.changed {
            self.touch(Some(seat));
        }
        taken
    }

    /// A move was taken at `now`: a request to take back the one before is out of date,
    /// the clocks pass the turn, and a full board ends the game.
    fn moved(&mut self, now: Instant) {
        self.talk.undo = None;
        self.turn_began = Some(now);
        // The flag was checked before the move was taken. A move that fills the board
        // keeps no increment (`Course::moved`).
        let _ = self.course.moved(&self.game, now);
        if let Some(clock) = &mut self.corr {
            // The time was checked before the move was taken.
            let _ = clock.moved(self.stamp);
        }
        // The game ends once the stone's claim is settled ([`GameTable::full_board_ends`]):
        // until s39 it ended here, and the claim made after it was never taken (qa46:
        // a draw rated at 0-0 where Yellow's claim of d4 won).
        if self.game.is_over() {
            self.claim_since = Some(now);
        }
    }

    /// The board is full and its last stone's claim is settled (taken, wrong, closed
    /// unclaimed, or never open: no claims, the AI's stone): the game ends, its result
    /// counting the claim, and at a live table a player away from it gets up (a
    /// finished game keeps no seat, as a link dropping from one does). The caller
    /// touches. Whether it ended.
    fn full_board_ends(&mut self) -> bool {
        if !self.game.is_over() || !self.takes_moves() || self.last_claim_open().is_some() {
            return false;
        }
        let away: Vec<String> = match self.state {
            TableState::Playing(presence) => Player::BOTH
                .into_iter()
                .filter(|p| !presence[p.index()].is_here())
                .filter_map(|p| self.seats[p.index()].as_ref().map(|who| who.key.clone()))
                .collect(),
            _ => Vec::new(),
        };
        self.claim_since = None;
        self.ended_now();
        for key in away {
            self.stand_up(&key);
        }
        true
    }

    /// The claim of the stone that filled the board, still open, is closed unclaimed
    /// (its points forfeited) and the game ends. The caller touches.
    fn last_claim_lapses(&mut self) {
        if self.last_claim_open().is_some() {
            self.game.close_last_claim();
            self.full_board_ends();
        }
    }

    /// The time of the open last claim went by (the reconnect grace, a correspondence
    /// move's time): it lapses ([`GameTable::last_claim_lapses`]), and every screen
    /// reads why the game ended so, with the change, the claimer in the second person
    /// (s40: the result came with no word of why: a draw at 0-0 where the claim would
    /// have won). Touches.
    fn last_claim_runs_out(&mut self) {
        let (Some(claimer), Some(last)) = (self.last_claim_open(), self.game.last()) else {
            return;
        };
        let (name, square) = (self.name(claimer), last.square().to_string());
        self.last_claim_lapses();
        self.lapsed = Some((self.round, LastClaimEnd::Lapsed));
        self.touch(None);
        for (to, who) in [
            (To::Seat(claimer), Said::You),
            (To::Seat(claimer.other()), Said::Named(&name)),
            (To::Spectators, Said::Named(&name)),
        ] {
            let said = Message::with_short(
                MessageKind::Info,
                words::claim_lapsed(who, &square),
                narrow::claim_lapsed(who, &square),
            );
            self.note_kept_said(to, said);
        }
    }

    /// The last stone of `ended` whose claim ended without its points where the
    /// result does not say why: claimed wrong (read from the game, so a restart keeps
    /// it), its time gone by or its player gone ([`GameTable::lapsed`], memory only).
    /// Its player, square and how.
    fn lapsed_in(&self, ended: &Snapshot) -> Option<(Player, String, LastClaimEnd)> {
        let last = ended.game.last()?;
        let index = ended.game.len().checked_sub(1)?;
        let end = match (ended.game.claim_state(index), self.lapsed) {
            (Some(ClaimState::Wrong { .. }), _) if ended.game.is_over() => LastClaimEnd::Wrong,
            (Some(ClaimState::Unclaimed), Some((round, end))) if round == ended.round => end,
            _ => return None,
        };
        Some((last.player, last.square().to_string(), end))
    }

    /// The claim the screen made on the table's last stone, if the stone is one of
    /// `ours` and its claim is still pending here. Whether the table took it.
    fn take_claim(&mut self, screen: &Game, ours: impl Fn(Player) -> bool) -> bool {
        let Some(last) = self.game.last() else {
            return false;
        };
        let index = self.game.len() - 1;
        if !ours(last.player) || self.game.claim_state(index) != Some(ClaimState::Pending) {
            return false;
        }
        let points = match screen.claim_state(index) {
            Some(ClaimState::Claimed { points, .. }) => points,
            Some(ClaimState::Wrong { claimed }) => claimed,
            _ => return false,
        };
        self.game.claim(points).is_ok()
    }

    /// Carries out `request` from the player at `seat`, at `now` (for the message rate).
    pub(crate) fn request(&mut self, seat: Player, request: &Request, now: Instant) {
        // The mover sent something (a line, a question): they are there. An agreed
        // undo gives the turn back: it begins anew.
        let mover = self.game.to_move();
        self.answer(seat, request, now);
        if seat == mover || self.game.to_move() != mover {
            self.turn_began = Some(now);
        }
    }

    /// [`GameTable::request`], the turn aside.
    fn answer(&mut self, seat: Player, request: &Request, now: Instant) {
        let other = seat.other();
        let playing = self.takes_moves() && !self.is_over();
        let has_moved = self.game.placements().iter().any(|p| p.player == seat);
        // The server's AI answers at once for its seat: it grants an undo and accepts a
        // rematch; it never asks or offers anything itself.
        let ai_answers = self.ai().is_some_and(|(ai, _)| ai == other);
        match request {
            Request::Undo if playing && has_moved => {
                self.talk.undo = Some(seat);
                if ai_answers {
                    self.answer(other, &Request::AnswerUndo(true), now);
                } else if self.is_corr() {
                    // Held until the other player comes: kept with the game.
                    self.touch(Some(seat));
                }
            }
            Request::Undo => self.note(To::Seat(seat), words::NO_UNDO.into()),
            Request::AnswerUndo(yes) if self.talk.undo == Some(other) && playing => {
                self.talk.undo = None;
                if *yes {
                    let taken = take_back(&mut self.game, other);
                    // An agreed undo gives back the clocks after the earlier move.
                    let len = self.game.len();
                    if let Some(clock) = self.course.clock_mut() {
                        clock.sync(len, now);
                    }
                    let (mover, stamp) = (self.game.to_move(), self.stamp);
                    if let Some(clock) = &mut self.corr {
                        clock.taken_back(mover, stamp);
                    }
                    self.epoch += 1;
                    self.touch(Some(seat));
                    // The one who agreed reads it as theirs, as a refusal is
                    // (`You refused ...`): it read their own name (`alice agreed`).
                    let text = words::undo_agreed(&self.name(seat), taken);
                    self.note_kept(To::Seat(seat), words::you_agreed_undo(taken));
                    self.note_kept(To::Seat(other), text.clone());
                    self.note_kept(To::Spectators, text);
                } else {
                    let name = self.name(seat);
                    let said = Message::with_short(
                        MessageKind::Info,
                        words::undo_refused(&name),
                        narrow::undo_refused(&name),
                    );
                    self.talk.note(To::Seat(other), said);
                    if self.is_corr() {
                        self.touch(Some(seat));
                    }
                }
            }
            Request::AnswerUndo(_) => {}
            Request::Resign if playing => {
                // The mover's thinking up to the resignation is charged: the ended
                // board shows their clock as it ran, not as at their last move.
                self.pause_clock(now);
                if self.course.resign(&self.game, seat).is_ok() {
                    self.ended_now();
                    self.touch(Some(seat));
                    let (name, winner) = (self.name(seat), self.name(other));
                    // Each player reads it in the second person (s35: the one who
                    // resigned read `alice resigned: bob wins`, their own name), the
                    // spectators by name.
                    for (to, loser, won) in [
                        (To::Seat(seat), Said::You, Said::Named(&winner)),
                        (To::Seat(other), Said::Named(&name), Said::You),
                        (To::Spectators, Said::Named(&name), Said::Named(&winner)),
                    ] {
                        // Two names of 16 columns make it 49: the narrow form names
                        // the one who resigned (the status line says who wins).
                        let how = narrow::resigned(&loser.to_string());
                        let said = Message::with_short(
                            MessageKind::Info,
                            words::resigned(loser, won),
                            how.clone(),
                        );
                        self.note_end_to(to, said, &how);
                    }
                }
            }
            Request::Resign => {}
            Request::Rematch if self.state == TableState::Deserted => {
                self.note(To::Seat(seat), words::NO_ONE_TO_PLAY.into());
            }
            Request::Rematch if self.is_corr() => {
                self.note(To::Seat(seat), words::NO_CORR_REMATCH.into());
            }
            // The game ends with the last stone's claim: an offer now would be lost.
            Request::Rematch if self.last_claim_open().is_some() => {
                self.note(To::Seat(seat), words::REMATCH_AFTER_THE_CLAIM.into());
            }
            Request::Rematch if self.state != TableState::Over => {}
            Request::Rematch if ai_answers || self.talk.rematch == Some(other) => {
                self.rematch(seat, now);
            }
            Request::Rematch => self.talk.rematch = Some(seat),
            Request::DeclineRematch if self.talk.rematch == Some(other) => {
                self.talk.rematch = None;
                let text = words::rematch_declined(&self.name(seat));
                self.note(To::Seat(other), text);
            }
            Request::DeclineRematch => {}
            // Nobody to read it: the other player got up, or is away from a live game
            // (their screen, when they come back, starts after it).
            Request::Say(_) if self.state == TableState::Deserted => {
                self.note(To::Seat(seat), words::NOT_DELIVERED.into());
            }
            Request::Say(_) if matches!(self.state, TableState::Playing(p) if !p[other.index()].is_here()) =>
            {
                let text = words::not_delivered_away(&self.name(other));
                self.note(To::Seat(seat), text);
            }
            Request::Say(text) => match self.talk.chat.say(seat, text, now) {
                Err(Refused::TooFast) => self.note(To::Seat(seat), words::TOO_FAST.into()),
                Err(Refused::Empty) => {}
                // Kept before any screen shows it, as a move is (and at a
                // correspondence game held until the other player comes).
                Ok(()) => self.touch(Some(seat)),
            },
            // The player's own switches: the link keeps them, not the table.
            Request::ToggleMute | Request::ToggleBell => {}
        }
    }

    /// The next game at the table, asked for by `by`: colours swapped, the same rules
    /// and time control with full clocks started at `now`, nothing pending.
    fn rematch(&mut self, by: Player, now: Instant) {
        // Listed over, as kept, until the new game's first keep is ([`GameTable::listed`]).
        self.listed_change();
        self.seats.swap(0, 1);
        self.talk.chat.swap_colours();
        self.game = Game::with_rules(self.game.ruleset(), self.game.claim_mode());
        let control = self.course.clock().map(Clock::control);
        self.course = Course::with_clock(control.map(Clock::new));
        if let Some(clock) = self.course.clock_mut() {
            clock.start(now);
        }
        self.state = TableState::Playing([Presence::Here; 2]);
        self.turn_began = Some(now);
        self.round += 1;
        self.talk.undo = None;
        self.talk.rematch = None;
        self.epoch += 1;
        self.touch(Some(by.other()));
        // The new Blue reads it as theirs, as the undo's `You agreed` (QA s28: bob
        // read his own name); Yellow and spectators read the name.
        let blue = self.name(Player::Blue);
        let said = Message::with_short(
            MessageKind::Info,
            words::rematch_started(&blue),
            narrow::rematch_started(&blue),
        );
        let yours = Message::with_short(
            MessageKind::Info,
            words::YOU_PLAY_BLUE,
            narrow::YOU_PLAY_BLUE.to_owned(),
        );
        self.note_kept_said(To::Seat(Player::Blue), yours);
        self.note_kept_said(To::Seat(Player::Yellow), said.clone());
        self.note_kept_said(To::Spectators, said);
    }

    /// `key`'s link dropped at `now`. In a game in play the seat is kept for them (an
    /// AI's clocks stop: it thinks on its player's screen); anywhere else they get up.
    pub(crate) fn drop_out(&mut self, key: &str, now: Instant) {
        let Some(colour) = self.seat_of(key) else {
            return;
        };
        match &mut self.state {
            TableState::Playing(away) | TableState::Adjourned(away) => {
                away[colour.index()] = Presence::Dropped(now);
                if self.ai().is_some() {
                    self.pause_clock(now);
                }
            }
            // Nobody waits at a correspondence game: it goes on without them.
            TableState::Correspondence(here) => {
                here[colour.index()] = Presence::Left(now);
                self.leaves_unclaimed(colour);
            }
            _ => self.stand_up(key),
        }
    }

    /// `leaver` leaves a correspondence game: their last stone, if its claim is still
    /// open, goes unclaimed (its points forfeited, as the next stone would settle it),
    /// as they were told (`or unclaimed when you leave`), and is kept so: the other
    /// player never waits on it (qa43: the claim stayed open, the other read `alice
    /// may claim +0`, and alice could still claim on coming back).
    fn leaves_unclaimed(&mut self, leaver: Player) {
        if self.game.last().is_some_and(|mv| mv.player == leaver) && self.game.close_last_claim() {
            // The stone that filled the board: its claim settled, the game ends.
            self.full_board_ends();
            self.touch(Some(leaver));
        }
    }

    /// `key` leaves at `now` on purpose (`q`, or stops waiting). A game in play is
    /// adjourned, kept for both, when the other player is away, at an adjourned table,
    /// and always against the server's AI; with the other player there they get up
    /// (the game stops). Anywhere else they get up.
    pub(crate) fn leave(&mut self, key: &str, now: Instant) {
        let Some(colour) = self.seat_of(key) else {
            return;
        };
        // The board is full, its last claim open: the claimer leaving forfeits it (the
        // game ends, and they get up from it below); the other player's leaving leaves
        // the claim to be made, the game's end to come without them.
        if let (TableState::Playing(mut presence), Some(claimer)) =
            (self.state, self.last_claim_open())
        {
            if claimer != colour {
                presence[colour.index()] = Presence::Left(now);
                self.state = TableState::Playing(presence);
                return;
            }
            self.last_claim_lapses();
            self.lapsed = Some((self.round, LastClaimEnd::Left));
            self.touch(Some(colour));
        }
        let mut presence = match self.state {
            TableState::Playing(p) | TableState::Adjourned(p) => p,
            TableState::Correspondence(mut here) => {
                // A correspondence game waits for its next move, whoever leaves.
                here[colour.index()] = Presence::Left(now);
                self.state = TableState::Correspondence(here);
                self.leaves_unclaimed(colour);
                return;
            }
            TableState::Over => {
                let left = Keyed::Left(self.name(colour));
                self.stand_up(key);
                // The watchers read it too, as the player who stays does (QA s32: they
                // were told nothing until the second player got up and the table
                // closed). A leave that ends a game in play is said by its own note.
                self.talk
                    .note(To::Spectators, Message::keyed(MessageKind::Info, left));
                return;
            }
            _ => return self.stand_up(key),
        };
        let adjourn = matches!(self.state, TableState::Adjourned(_))
            || !presence[colour.other().index()].is_here()
            || self.ai().is_some();
        if !adjourn {
            // The game ends here (abandoned, or stopped as it stands): the mover's
            // thinking up to now is charged, as at a resignation.
            self.pause_clock(now);
            let early = self.abandon(colour);
            return self.get_up(key, early);
        }
        presence[colour.index()] = Presence::Left(now);
        // The player who stays keeps any question open on their screen: it is
        // answered once the other is back.
        self.state = TableState::Adjourned(presence);
        self.pause_clock(now);
    }

    /// Adjourns the live game here at `now` with `presence` when no screen stays at
    /// the table: its clock paused, and a take-back asked and not answered lapses, as
    /// a server's restart would drop it (a live game's request is not kept; QA s33
    /// qa35: after an idle time-out both sat again and the question was still on the
    /// asked player's screen).
    fn adjourn(&mut self, presence: [Presence; 2], now: Instant) {
        self.state = TableState::Adjourned(presence);
        self.pause_clock(now);
        self.talk.undo = None;
    }

    /// `leaver` left a rated game in progress with the other player there (a confirmed
    /// `q`): it ends as abandoned, a loss for them. Before both moved it is not rated:
    /// the spectators read so, and the other player with the line that the leaver got
    /// up (`true`: [`Keyed::LeftEarly`]), so that line stays theirs, the last. A casual
    /// game just stops.
    fn abandon(&mut self, leaver: Player) -> bool {
        if !self.rated || self.game.is_empty() || self.is_over() {
            return false;
        }
        if self
            .course
            .end(&self.game, Termination::Abandoned, leaver)
            .is_ok()
        {
            self.ended_now();
            self.touch(Some(leaver));
            if self.too_soon_to_rate() {
                self.say_if_not_rated_to(To::Spectators);
                return true;
            }
            let (name, winner) = (self.name(leaver), self.name(leaver.other()));
            // The winner by name wherever it fits (s32: `bob abandoned: Blue wins` at
            // 44 columns), else who left, as a resignation's (two names of 16 make 49).
            let said = Message {
                middle: vec![narrow::abandoned(&name, &winner)],
                ..Message::with_short(
                    MessageKind::Info,
                    words::abandoned(&name, &winner),
                    narrow::abandoned_short(&name),
                )
            };
            self.note_kept_said(To::Everyone, said);
        }
        false
    }

    /// `key` gets up for good. A game begun and in play is kept in the history as it
    /// stands (`*`); after a finished game the other player learns not to wait for a
    /// rematch.
    pub(crate) fn stand_up(&mut self, key: &str) {
        self.get_up(key, false);
    }

    /// [`GameTable::stand_up`]; `early`: their leaving just ended the rated game
    /// before both players moved, and the other player's line says it is not rated.
    fn get_up(&mut self, key: &str, early: bool) {
        let Some(colour) = self.seat_of(key) else {
            return;
        };
        if self.in_play() {
            // A game begun is kept in the history as it stands; either way its stored
            // copy goes.
            self.ending();
            // The game ends here: its clocks stop where they are (a leave in play
            // charged the mover's thinking first: [`GameTable::leave`]).
            if let Some(clock) = self.course.clock_mut() {
                clock.stop();
            }
            if !self.game.is_empty() {
                self.ended = Some((self.round, Arc::new(self.snapshot())));
            }
            self.touch(None);
        } else if self.state == TableState::Over {
            let name = self.name(colour);
            let left = if early {
                Keyed::LeftEarly(name)
            } else {
                Keyed::Left(name)
            };
            self.talk.note(
                To::Seat(colour.other()),
                Message::keyed(MessageKind::Info, left),
            );
        }
        if self.state != TableState::Open {
            self.state = TableState::Deserted;
        }
        self.left_by[colour.index()] = Some(self.name(colour));
        self.seats[colour.index()] = None;
        self.talk.rematch = None;
    }

    /// The names of `seats` (this table's, or as kept) as shown: a seat its player got
    /// up from names them still (`bob wins: alice left`); `-` for a seat nobody took.
    pub(crate) fn names_of(&self, seats: &[Option<Who>; 2]) -> [String; 2] {
        Player::BOTH.map(|p| match &seats[p.index()] {
            Some(who) => who.display_name(),
            None => self
                .left_by(p)
                .map_or_else(|| serve_words::EMPTY_SEAT.to_owned(), str::to_owned),
        })
    }

    /// The name of the player who got up from `player`'s seat of this game, while it
    /// is free: the game's screens name who played it, not the free seat (`-`).
    pub(crate) fn left_by(&self, player: Player) -> Option<&str> {
        self.left_by[player.index()].as_deref()
    }

    /// `key` comes back at `now` to a game in play where they are away: straight back
    /// at the board, or waiting at an adjourned game for the other player. `None` if
    /// they have no such seat here, or are at it already (a live game's seat takes
    /// one screen; a correspondence seat any number).
    pub(crate) fn come_back(&mut self, key: &str, now: Instant) -> Option<Back> {
        let colour = self.seat_of(key)?;
        let (mut presence, adjourned) = match self.state {
            TableState::Playing(p) => (p, false),
            TableState::Adjourned(p) => (p, true),
            TableState::Correspondence(mut here) => {
                here[colour.index()] = Presence::Here;
                self.state = TableState::Correspondence(here);
                return Some(Back::Play(colour));
            }
            _ => return None,
        };
        // Here already: at the board, or waiting at the adjourned game from another
        // screen of this key. A live seat takes one screen (QA s34 qa36: a second
        // screen waited too, both sat as the other came back and moved the one
        // game, and one's leave read to the other as a stranger's).
        if presence[colour.index()].is_here() {
            return None;
        }
        presence[colour.index()] = Presence::Here;
        if adjourned && !presence[colour.other().index()].is_here() {
            self.state = TableState::Adjourned(presence);
            return Some(Back::Wait);
        }
        self.state = TableState::Playing(presence);
        // Resumed: the mover's turn begins anew (a player back from a drop-out goes
        // on with the turn as it was).
        if adjourned {
            self.turn_began = Some(now);
            // A last claim open waits its whole time again, from the resumption.
            if self.game.is_over() {
                self.claim_since = Some(now);
            }
        }
        // The clocks go on from where they stopped.
        if let Some(clock) = self.course.clock_mut()
            && !clock.is_running()
        {
            clock.start(now);
        }
        Some(Back::Play(colour))
    }

    /// `key` (whose session ended) is gone from the server at `now`: a seat they were
    /// away from counts its grace period from now, not from when the server saw them
    /// last before (a restart, say).
    pub(crate) fn gone_from_server(&mut self, key: &str, now: Instant) {
        let Some(colour) = self.seat_of(key) else {
            return;
        };
        if let TableState::Playing(p) | TableState::Adjourned(p) = &mut self.state
            && let Presence::Dropped(since) = &mut p[colour.index()]
        {
            *since = (*since).max(now);
        }
    }

    /// Whether `key` may claim the win at `now`: a game in play, the opponent dropped
    /// out (did not choose to leave) more than `grace` ago, and is not on the server
    /// (`present` says who is).
    pub(crate) fn claimable_by(
        &self,
        key: &str,
        now: Instant,
        grace: Duration,
        present: &dyn Fn(&str) -> bool,
    ) -> Result<Player, NoClaim> {
        let me = self.seat_of(key).ok_or(NoClaim::NotHere)?;
        // A correspondence game's clock decides who left it.
        if !self.in_play() || self.is_over() || self.is_corr() {
            return Err(NoClaim::NotHere);
        }
        let other = me.other();
        let who = self.seats[other.index()].as_ref().ok_or(NoClaim::NotHere)?;
        if present(&who.key) {
            return Err(NoClaim::Present(who.display_name()));
        }
        match self.presence(other) {
            Presence::Dropped(since) if now.saturating_duration_since(since) >= grace => Ok(me),
            _ => Err(NoClaim::NotYet),
        }
    }

    /// `key` claims the win at `now` (see [`GameTable::claimable_by`]): the game ends as
    /// abandoned, won by the claimer, for the history.
    pub(crate) fn claim_win(
        &mut self,
        key: &str,
        now: Instant,
        grace: Duration,
        present: &dyn Fn(&str) -> bool,
    ) -> Result<(), NoClaim> {
        let me = self.claimable_by(key, now, grace, present)?;
        // The dropped mover's clock ran through the grace: charged up to the claim.
        self.pause_clock(now);
        self.course
            .end(&self.game, Termination::Abandoned, me.other())
            .map_err(|_| NoClaim::NotHere)?;
        self.ended_now();
        // The history tells this from a player who left ([`Snapshot::claimed`]).
        if let Some((_, ended)) = &mut self.ended {
            Arc::make_mut(ended).claimed = true;
        }
        self.touch(Some(me));
        self.say_if_not_rated();
        Ok(())
    }

    /// Once a second while someone is away, at `now`: a game both players dropped out
    /// of is adjourned, and so is a game against the AI whose player is away past the
    /// `grace` (nobody waits for them). Whether anything changed.
    ///
    /// The claim of the stone that filled the board waits at most `grace` from that
    /// stone (or the game's resumption): then it goes unclaimed and the game ends,
    /// whoever is there (a claim must not hold a table for ever); while it waits the
    /// game is not adjourned.
    pub(crate) fn tick(&mut self, now: Instant, grace: Duration) -> bool {
        let TableState::Playing(presence) = self.state else {
            return false;
        };
        if self.last_claim_open().is_some() {
            let since = *self.claim_since.get_or_insert(now);
            if now.saturating_duration_since(since) < grace {
                return false;
            }
            self.last_claim_runs_out();
            return true;
        }
        let gone = |p: &Presence| {
            p.since()
                .is_some_and(|t| now.saturating_duration_since(t) >= grace)
        };
        if presence.iter().all(|p| !p.is_here())
            || (self.ai().is_some() && presence.iter().any(gone))
        {
            self.adjourn(presence, now);
            return true;
        }
        false
    }

    /// Whether this is a live game in play without a clock: the grace timer watches
    /// its mover's idle time-out ([`GameTable::idle_adjourn`]).
    pub(crate) fn idle_watched(&self) -> bool {
        matches!(self.state, TableState::Playing(_))
            && self.corr.is_none()
            && self.course.clock().is_none()
    }

    /// Once a second at a live game without a clock, at `now`: when its mover (a
    /// person) has sent nothing for `idle` since the move became theirs, the game is
    /// adjourned for both and stays kept as it is (every move is on disk already). The
    /// mover counts as dropped out then, from now (past the grace, off the server,
    /// the other may claim the win), the other as having left it for later (nobody
    /// claims a win against them). Both screens go back to their lobbies
    /// ([`GameTable::idle_adjourned`]). Whether it was adjourned.
    pub(crate) fn idle_adjourn(&mut self, now: Instant, idle: Duration) -> bool {
        let TableState::Playing(mut presence) = self.state else {
            return false;
        };
        if !self.idle_watched() || !self.takes_moves() || self.is_over() {
            return false;
        }
        let mover = self.game.to_move();
        // The server's AI thinks on its player's screen: its turn is theirs to wait.
        if self.seats[mover.index()].as_ref().is_none_or(Who::is_ai) {
            return false;
        }
        let began = *self.turn_began.get_or_insert(now);
        if now.saturating_duration_since(began) < idle {
            return false;
        }
        if presence[mover.index()].is_here() {
            presence[mover.index()] = Presence::Dropped(now);
        }
        let other = mover.other();
        if presence[other.index()].is_here() && self.absent(other, now) != Presence::Here {
            presence[other.index()] = Presence::Left(now);
        }
        self.adjourn(presence, now);
        self.idle_adjourned = (self.idle_adjourned.0 + 1, mover);
        true
    }

    /// How many times a live game here was adjourned for its mover's idle time-out,
    /// and that mover the last time ([`GameTable::idle_adjourn`]).
    pub(crate) fn idle_adjourned(&self) -> (u64, Player) {
        self.idle_adjourned
    }

    /// Whether someone is away from a game that goes on, or a live game waits for the
    /// claim of the stone that filled the board: the grace timer watches it.
    pub(crate) fn someone_away(&self) -> bool {
        matches!(self.state, TableState::Playing(p) if p.iter().any(|p| !p.is_here())
            || self.last_claim_open().is_some())
    }

    // Keeping.

    /// What the store must keep since the last call, if anything changed.
    pub(crate) fn take_keep(&mut self) -> Option<Keep> {
        if self.version == self.handed {
            return None;
        }
        self.handed = self.version;
        Some(Keep {
            version: self.version,
            playing: self.in_play().then_some(self.round),
            // Carried by every keep until one of a later game is on disk.
            ended: self.ended.clone(),
            snapshot: Arc::new(self.snapshot()),
            by: self.by.take(),
            rated_end: None,
            untold: Vec::new(),
            from: None,
        })
    }

    /// A keep of the game in play as it is, asked anew (at a shutdown).
    pub(crate) fn keep_again(&mut self) -> Option<Keep> {
        if !self.in_play() {
            return None;
        }
        self.touch(None);
        self.take_keep()
    }

    /// The store carried out the keep of `version` (showing `snapshot`), or failed
    /// with `error`. Kept: screens see it now. Failed, with nothing newer taken since:
    /// the table goes back to what was kept before, and `by` is told why.
    pub(crate) fn kept(
        &mut self,
        version: u64,
        snapshot: &Arc<Snapshot>,
        by: Option<Player>,
        result: Result<(), String>,
    ) {
        match result {
            Ok(()) => {
                if version > self.committed_version {
                    self.committed_version = version;
                    self.committed = Arc::clone(snapshot);
                }
                // A keep of a later game carried the ended one: it is in the history.
                if self
                    .ended
                    .as_ref()
                    .is_some_and(|(round, _)| *round < snapshot.round)
                {
                    self.ended = None;
                }
                if version >= self.committed_version {
                    self.unsaved = None;
                }
            }
            Err(error) => {
                if version == self.version {
                    self.forget_said(snapshot, &error);
                    if snapshot.same_but_chat(&self.committed) {
                        // Only messages (or what a screen read) were not kept: the
                        // game on disk is the table's.
                        return;
                    }
                }
                if version == self.version && self.in_play_or_over() {
                    self.roll_back();
                    if let Some(seat) = by {
                        self.note(To::Seat(seat), serve_words::not_kept(&error));
                    }
                }
                self.unsaved = Some(error);
            }
        }
    }

    /// The store rated the game that ended (`ended`, as it ended): each of its players
    /// still at the table reads both ratings' changes, their own first, and, if the
    /// other got up meanwhile, that they left: this line replaces the one that said so.
    /// The spectators read both changes, Blue's first.
    pub(crate) fn rated_end(&mut self, ended: &Snapshot, end: &RatedEnd) {
        let [Some(blue), Some(yellow)] = &ended.seats else {
            return;
        };
        // A rematch here shows the ratings this game left.
        for (player, who) in Player::BOTH.into_iter().zip([blue, yellow]) {
            self.set_rating(&who.key, end.after[player.index()]);
        }
        let (after, change) = (
            Player::BOTH.map(|p| end.after[p.index()].display()),
            Player::BOTH.map(|p| end.change(p)),
        );
        let names = [blue.name.as_str(), yellow.name.as_str()];
        let of = |p: Player| {
            let i = p.index();
            (names[i], after[i].as_str(), change[i].as_str())
        };
        // The line mode's words for the same line: no `?`, `+`, `·`.
        let speed = if ended.corr.is_some() {
            super::club::Speed::Correspondence
        } else {
            super::club::Speed::Live
        };
        let board = super::club::Board::new(ended.game.ruleset(), speed);
        let board = club_words::board(&board.ruleset_token(), board.speed.token());
        let said_of = |p: Player| {
            let i = p.index();
            let rating = end.after[i];
            (
                names[i],
                rating.rating.round() as i64,
                rating.is_provisional(),
                rating.rating.round() as i64 - end.before[i].rating.round() as i64,
            )
        };
        let said = |first: Player| {
            crate::strings::line::ratings_changed(&board, [said_of(first), said_of(first.other())])
        };
        // A last claim that lapsed is said first: this line takes the place of the
        // one that said it (s40).
        let lapsed = self.lapsed_in(ended);
        for (player, who) in Player::BOTH.into_iter().zip([blue, yellow]) {
            if let Some(seat) = self.seat_of(&who.key) {
                let text = club_words::ratings_changed(
                    &ended.game.ruleset().to_string(),
                    ended.corr.is_some(),
                    [of(player), of(player.other())],
                );
                if let Some((claimer, square, end)) = &lapsed {
                    let whose = if *claimer == player {
                        Said::You
                    } else {
                        Said::Named(names[claimer.index()])
                    };
                    let (_, after, change) = of(player);
                    let said = Message {
                        short: Some(narrow::lapsed_then_rated(square, *end, after, change)),
                        ..Message::keyed(
                            MessageKind::Info,
                            // The line mode's too: the lapse's own line, said in the
                            // same moment, may not have been said before it.
                            Keyed::Rated(Box::new([
                                words::lapsed_then_rated(whose, square, *end, &text),
                                words::lapsed_then_rated(whose, square, *end, &said(player)),
                            ])),
                        )
                    };
                    self.talk.note(To::Seat(seat), said);
                    continue;
                }
                match self.left_by(seat.other()) {
                    Some(left) if self.seats[seat.other().index()].is_none() => {
                        let (_, after, change) = of(player);
                        let short = narrow::left_then_rated(left, after, change);
                        let keyed =
                            Keyed::RatedLeft(Box::new([left.to_owned(), text, said(player)]));
                        let said = Message {
                            short: Some(short),
                            ..Message::keyed(MessageKind::Info, keyed)
                        };
                        self.talk.note(To::Seat(seat), said);
                    }
                    _ => {
                        let (_, after, change) = of(player);
                        // The loser by name (`You` to the loser): colours were all this
                        // line said of who (QA s32: bob read `Yellow resigned`).
                        let how = ended.course.ending().and_then(|ending| {
                            let loser = ending.loser();
                            let named = (loser != player).then(|| names[loser.index()]);
                            narrow::player_how(ending, named)
                        });
                        let short =
                            club_words::ratings_changed_short(how.as_deref(), after, change);
                        let said = Message {
                            short: Some(short),
                            ..Message::keyed(
                                MessageKind::Info,
                                Keyed::Rated(Box::new([text, said(player)])),
                            )
                        };
                        self.talk.note(To::Seat(seat), said);
                    }
                }
            }
        }
        let text = club_words::ratings_changed(
            &ended.game.ruleset().to_string(),
            ended.corr.is_some(),
            [of(Player::Blue), of(Player::Yellow)],
        );
        // On a narrow screen how the game ended goes before the changes, by names (s33:
        // by colour): this line replaces the one that said how (a spectator at 44
        // columns read `Yellow wins` after two moves, and nowhere that Blue left).
        let changes = Player::BOTH.map(|p| change[p.index()].as_str());
        let (text, line, short) = match &lapsed {
            Some((claimer, square, end)) => {
                let whose = Said::Named(names[claimer.index()]);
                (
                    words::lapsed_then_rated(whose, square, *end, &text),
                    words::lapsed_then_rated(whose, square, *end, &said(Player::Blue)),
                    narrow::watched_lapsed_then_rated(square, *end, names, changes),
                )
            }
            None => {
                let short = narrow::watched_rated(
                    ended.course.ending(),
                    names,
                    Player::BOTH.map(|p| after[p.index()].as_str()),
                    changes,
                );
                (text, said(Player::Blue), short)
            }
        };
        let said = Message {
            short: Some(short),
            ..Message::keyed(MessageKind::Info, Keyed::Rated(Box::new([text, line])))
        };
        self.talk.note(To::Spectators, said);
    }

    /// The keep showing `snapshot` failed with `error`, nothing newer taken since: the
    /// messages it carried beyond what the store confirmed are not delivered (no
    /// screen showed them), and whoever said them is told.
    fn forget_said(&mut self, snapshot: &Snapshot, error: &str) {
        let kept = &self.committed.chat;
        let mut sayers: Vec<Player> = Vec::new();
        for said in snapshot.chat.since(kept.last()) {
            if !sayers.contains(&said.from) {
                sayers.push(said.from);
            }
        }
        self.talk.chat.restore(&self.committed.chat);
        for seat in sayers {
            self.note(To::Seat(seat), words::not_delivered_unkept(error));
        }
    }

    fn in_play_or_over(&self) -> bool {
        self.in_play() || self.state == TableState::Over
    }

    /// Back to what the store last kept: its seats, game and clocks; a screen that saw
    /// more takes the game whole.
    fn roll_back(&mut self) {
        // What was said of the changes not kept goes with them.
        self.talk.forget_after(self.committed_version);
        let kept = Arc::clone(&self.committed);
        self.seats = kept.seats.clone();
        self.game = kept.game.clone();
        self.course = kept.course.clone();
        self.corr = kept.corr.as_ref().map(|c| c.clock);
        self.talk.chat.restore(&kept.chat);
        self.round = kept.round;
        self.epoch = self.epoch.max(kept.epoch) + 1;
        self.talk.undo = None;
        if self.is_over() {
            self.state = TableState::Over;
        } else if self.state == TableState::Over && self.is_corr() {
            self.state = TableState::Correspondence([Presence::Here; 2]);
        } else if self.state == TableState::Over {
            self.state = TableState::Playing([Presence::Here; 2]);
        }
        // A game that ended here and is in play again after all is no longer ended.
        if self.in_play() && self.ended.as_ref().is_some_and(|(r, _)| *r == self.round) {
            self.ended = None;
        }
        // What screens see moves on to the same game, in the new epoch.
        let mut shown = (*kept).clone();
        shown.epoch = self.epoch;
        self.committed = Arc::new(shown);
        self.version += 1;
        self.handed = self.version;
        self.committed_version = self.version;
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

/// Whether `screen` is `table`'s game so far (moves and claims), given the `news` moves
/// it has yet to play.
pub(crate) fn in_step(screen: &Game, table: &Game, news: &[Move]) -> bool {
    let n = screen.len();
    if n > table.len() || screen.placements() != &table.placements()[..n] {
        return false;
    }
    if !table.claim_mode() {
        return true;
    }
    let mut after = screen.clone();
    news.iter().all(|mv| after.play(*mv).is_ok()) && after.claim_states() == table.claim_states()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Ruleset, Square};

    use crate::server::who::who;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// Ann (Blue) and bob (Yellow) at a table, the game begun at `t0`.
    fn seated(t0: Instant) -> GameTable {
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        assert_eq!(table.state(), TableState::Open);
        assert_eq!(table.sit(who("bob"), t0), Some(Player::Yellow));
        table
    }

    /// `table` with `squares` played by whoever is to move, each screen its own.
    fn play(table: &mut GameTable, squares: &[&str], now: Instant) {
        for square in squares {
            let mover = table.game().to_move();
            let mut screen = table.game().clone();
            screen.play(sq(square)).unwrap();
            assert!(
                table
                    .take_moves((mover, table.epoch()), &screen, now)
                    .changed,
                "{square}"
            );
        }
    }

    fn here() -> TableState {
        TableState::Playing([Presence::Here; 2])
    }

    #[test]
    fn open_then_sit_begins_the_game_and_asks_to_keep_it() {
        let t0 = Instant::now();
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        assert!(table.take_keep().is_none(), "an open table is not kept");
        assert_eq!(table.sit(who("ann"), t0), None, "not twice");
        assert_eq!(table.sit(who("bob"), t0), Some(Player::Yellow));
        assert_eq!(table.state(), here());
        assert_eq!(table.sit(who("carol"), t0), None, "full");
        let keep = table.take_keep().unwrap();
        assert_eq!(keep.playing, Some(1));
        assert!(keep.ended.is_none());
        assert!(table.take_keep().is_none(), "handed once");
    }

    #[test]
    fn moves_are_taken_in_turn_and_a_full_board_is_over() {
        let t0 = Instant::now();
        let mut table = seated(t0);
        // Yellow's screen can't move first; Blue can't play Yellow's move.
        let c1 = Game::from_moves([sq("c1")]).unwrap();
        assert!(
            !table
                .take_moves((Player::Yellow, table.epoch()), &c1, t0)
                .changed
        );
        let two = Game::from_moves([sq("c1"), sq("c2")]).unwrap();
        assert!(
            table
                .take_moves((Player::Blue, table.epoch()), &two, t0)
                .changed
        );
        assert_eq!(table.game().len(), 1);
        let mut game = table.game().clone();
        while let Some(mv) = game.position().legal_moves().next() {
            game.play(mv).unwrap();
            let mover = game.last().unwrap().player;
            table.take_moves((mover, table.epoch()), &game, t0);
        }
        assert_eq!(table.game().len(), 64);
        assert_eq!(table.state(), TableState::Over);
        let keep = table.take_keep().unwrap();
        assert_eq!(keep.playing, None, "no game in play any more");
        assert_eq!(keep.ended.as_ref().unwrap().0, 1);
    }

    #[test]
    fn only_a_committed_change_is_what_others_see_and_a_failure_rolls_back() {
        let t0 = Instant::now();
        let mut table = seated(t0);
        let first = table.take_keep().unwrap();
        table.kept(first.version, &first.snapshot, first.by, Ok(()));
        play(&mut table, &["a1"], t0);
        assert_eq!(table.game().len(), 1);
        assert_eq!(table.committed().game.len(), 0, "pending");
        let keep = table.take_keep().unwrap();
        assert_eq!(keep.by, Some(Player::Blue));
        table.kept(keep.version, &keep.snapshot, keep.by, Ok(()));
        assert_eq!(table.committed().game.len(), 1);
        assert_eq!(table.unsaved(), None);
        // Yellow's b1 can't be kept: back to a1 only, in a new epoch, Yellow told why.
        play(&mut table, &["b1"], t0);
        let keep = table.take_keep().unwrap();
        let seen = table.talk().last_note();
        table.kept(
            keep.version,
            &keep.snapshot,
            keep.by,
            Err("disk full".into()),
        );
        assert_eq!(table.game().len(), 1);
        assert_eq!(table.committed().game.len(), 1);
        assert!(table.committed().epoch > 0);
        assert_eq!(table.unsaved(), Some("disk full"));
        let note = table.talk().notes_since(seen).next().unwrap().clone();
        assert_eq!(note.to, To::Seat(Player::Yellow));
        assert!(note.said.text.contains("disk full"), "{note:?}");
        // An older keep confirmed late changes nothing.
        table.kept(first.version, &first.snapshot, None, Ok(()));
        assert_eq!(table.committed().game.len(), 1);
    }

    #[test]
    fn a_dropped_player_keeps_the_seat_comes_back_and_both_dropped_adjourns() {
        let t0 = Instant::now();
        let grace = Duration::from_secs(60);
        let mut table = seated(t0);
        play(&mut table, &["a1"], t0);
        table.drop_out("SHA256:bob", t0);
        assert_eq!(
            table.state(),
            TableState::Playing([Presence::Here, Presence::Dropped(t0)])
        );
        assert!(table.someone_away());
        assert!(table.takes_moves(), "ann may still move");
        assert!(
            !table.tick(t0 + grace * 2, grace),
            "one away: the game waits"
        );
        assert_eq!(
            table.come_back("SHA256:bob", t0),
            Some(Back::Play(Player::Yellow))
        );
        assert_eq!(table.state(), here());
        assert_eq!(table.come_back("SHA256:bob", t0), None, "not away");
        table.drop_out("SHA256:bob", t0);
        table.drop_out("SHA256:ann", t0);
        assert!(table.tick(t0, grace));
        assert!(matches!(table.state(), TableState::Adjourned(_)));
        assert!(!table.takes_moves());
    }

    #[test]
    fn leaving_with_the_other_there_stops_the_game_and_keeps_it_as_it_stands() {
        let t0 = Instant::now();
        let mut table = seated(t0);
        table.take_keep();
        play(&mut table, &["a1"], t0);
        table.take_keep();
        table.leave("SHA256:bob", t0);
        assert_eq!(table.state(), TableState::Deserted);
        assert!(table.stopped());
        assert!(!table.takes_moves());
        let keep = table.take_keep().unwrap();
        assert_eq!(keep.playing, None);
        assert_eq!(keep.ended.unwrap().1.game.len(), 1, "kept as it stands");
        table.stand_up("SHA256:ann");
        assert!(table.is_empty());
    }

    /// `ann` and `bob` at a rated table (`rated`) with `squares` played.
    fn rated_at(rated: bool, squares: &[&str], t0: Instant) -> GameTable {
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        assert!(table.set_terms(rated, None));
        table.sit(who("bob"), t0);
        play(&mut table, squares, t0);
        table
    }

    /// The lines for `to` since the note `seen`: their texts, and each keyed line as
    /// its keys.
    fn lines_for(table: &GameTable, seen: u64, to: Option<Player>) -> Vec<String> {
        table
            .talk()
            .notes_since(seen)
            .filter(|n| n.to.reaches(to))
            .map(|n| n.said.text.clone())
            .collect()
    }

    /// The store's rating of a game between two newcomers: ann (Blue) 1512 after it,
    /// bob 1488.
    fn ann_1512_bob_1488() -> RatedEnd {
        let rated = |rating| crate::rating::Rating {
            rating,
            ..Default::default()
        };
        RatedEnd {
            before: [crate::rating::Rating::default(); 2],
            after: [rated(1512.0), rated(1488.0)],
        }
    }

    /// Every line a table says to its players or spectators with their names in it
    /// stays on the status line at the served minimum (44 columns) with names of the
    /// widest a player may have (16 columns). Failed before: a refused take-back, a
    /// rematch, an abandonment, an early leaving and the ratings after a leaving each
    /// opened a box over the board.
    #[test]
    fn lines_with_the_widest_names_fit_the_narrow_screen() {
        let (ann, bob) = ("annannannannanna", "名前名前名前名前");
        let t0 = Instant::now();
        let table_of = |rated: bool, squares: &[&str]| {
            let mut table = GameTable::open(who(ann), Player::Blue, Game::new(), None);
            assert!(table.set_terms(rated, None));
            table.sit(who(bob), t0);
            play(&mut table, squares, t0);
            table
        };
        let bob_key = format!("SHA256:{bob}");
        let mut said: Vec<Message> = Vec::new();
        let mut collect = |table: &GameTable, seen: u64| {
            said.extend(table.talk().notes_since(seen).map(|n| n.said.clone()));
        };
        // A refused take-back, then a resignation and a rematch.
        let mut table = table_of(false, &["a1", "b1", "c1"]);
        let seen = table.talk().last_note();
        table.request(Player::Blue, &Request::Undo, t0);
        table.request(Player::Yellow, &Request::AnswerUndo(false), t0);
        table.request(Player::Yellow, &Request::Resign, t0);
        table.request(Player::Blue, &Request::Rematch, t0);
        table.request(Player::Yellow, &Request::Rematch, t0);
        collect(&table, seen);
        // A rated game abandoned, and the ratings after it.
        let mut table = table_of(true, &["a1", "b1"]);
        let seen = table.talk().last_note();
        table.leave(&bob_key, t0);
        let (_, ended) = table.take_keep().unwrap().ended.unwrap();
        let end = RatedEnd {
            before: [crate::rating::Rating::default(); 2],
            after: [crate::rating::Rating::default(); 2],
        };
        table.rated_end(&ended, &end);
        collect(&table, seen);
        // Left before both moved.
        let mut table = table_of(true, &["a1"]);
        let seen = table.talk().last_note();
        table.leave(&bob_key, t0);
        collect(&table, seen);
        let texts: Vec<&str> = said.iter().map(|m| m.text.as_str()).collect();
        for needle in [
            "refused",
            "Rematch",
            "abandoned",
            "left the table. Rated",
            "not rated",
        ] {
            assert!(
                texts.iter().any(|t| t.contains(needle)),
                "{needle}: {texts:?}"
            );
        }
        for message in &said {
            assert!(message.fits(44), "{:?}", message.wording(44));
        }
    }

    /// The spectators of a rated game read both ratings' changes at its end, Blue's
    /// first, as the players do (theirs first); on a narrow screen by names too. Failed
    /// before: the spectators read nothing of the ratings.
    #[test]
    fn spectators_read_the_ratings_after_a_rated_game() {
        let t0 = Instant::now();
        let mut table = rated_at(true, &["a1", "b1"], t0);
        table.request(Player::Yellow, &Request::Resign, t0);
        let (_, ended) = table.take_keep().unwrap().ended.unwrap();
        let end = ann_1512_bob_1488();
        let seen = table.talk().last_note();
        table.rated_end(&ended, &end);
        let watched: Vec<Message> = table
            .talk()
            .notes_since(seen)
            .filter(|n| n.to.reaches(None))
            .map(|n| n.said.clone())
            .collect();
        assert_eq!(watched.len(), 1, "{watched:?}");
        let said = &watched[0];
        assert!(
            said.text.starts_with("Rated standard live: ann 1512")
                && said.text.contains("· bob 1488"),
            "{said:?}"
        );
        // QA (s12 lines): the line mode said the same `?`, `+`, `-` and `·`.
        let words = said.line_words();
        assert!(
            words.starts_with("Rated standard live: ann up 12, now 1512")
                && words.contains("; bob down 12, now 1488"),
            "{words}"
        );
        assert!(!words.contains(['?', '+', '·']), "{words}");
        assert!(said.fits(44), "{:?}", said.wording(44));
        // How it ended first on a narrow screen: the status line says the winner
        // alone, and nothing else said Yellow resigned.
        // By names (s33: `Yellow resigned · Blue +12 · Yellow -12`).
        assert_eq!(said.wording(44), "bob resigned · ann +12 · bob -12");
        // Each player still reads one line, their own first.
        assert_eq!(lines_for(&table, seen, Some(Player::Blue)).len(), 1);
        assert_eq!(lines_for(&table, seen, Some(Player::Yellow)).len(), 1);
    }

    /// Bob abandons a rated game and gets up before the store rated it: the line of
    /// the ratings, the last ann reads, says that he left too. Failed before: it said
    /// the ratings only, and hid `bob left the table` on the status line.
    #[test]
    fn the_ratings_line_after_an_abandonment_says_the_other_left() {
        let t0 = Instant::now();
        let mut table = rated_at(true, &["a1", "b1"], t0);
        table.leave("SHA256:bob", t0);
        let keep = table.take_keep().unwrap();
        let (_, ended) = keep.ended.clone().unwrap();
        let end = ann_1512_bob_1488();
        let seen = table.talk().last_note();
        table.rated_end(&ended, &end);
        let ann = lines_for(&table, seen, Some(Player::Blue));
        assert_eq!(ann.len(), 1, "{ann:?}");
        assert!(ann[0].starts_with("bob left the table. Rated standard live: ann 1512"));
        assert!(ann[0].contains("bob 1488"), "{ann:?}");
        // The line mode said `bob left the table` already: the ratings alone.
        let said = table.talk().notes_since(seen).next().unwrap().said.clone();
        assert!(
            said.line_words()
                .starts_with("Rated standard live: ann up 12, now 1512"),
            "{said:?}"
        );
        // Both still at the table (a resignation): the ratings alone.
        let mut table = rated_at(true, &["a1", "b1"], t0);
        table.request(Player::Yellow, &Request::Resign, t0);
        let (_, ended) = table.take_keep().unwrap().ended.unwrap();
        let seen = table.talk().last_note();
        table.rated_end(&ended, &end);
        let lines = lines_for(&table, seen, Some(Player::Blue));
        assert!(
            lines[0].starts_with("Rated standard live: ann 1512"),
            "{lines:?}"
        );
        // At 44 columns, where the names do not fit, how it ended and one's own change:
        // the ratings line took the place of the line that said how, and the status
        // line above it says the winner (QA s28: `Blue wins` was said on both lines).
        let said = table.talk().notes_since(seen).next().unwrap().said.clone();
        assert_eq!(said.wording(44), "bob resigned · you 1512? +12");
        // The loser reads that they resigned (QA s32: bob read `Yellow resigned`).
        let to_bob = table
            .talk()
            .notes_since(seen)
            .find(|n| n.to == To::Seat(Player::Yellow))
            .unwrap();
        assert_eq!(to_bob.said.wording(44), "You resigned · you 1488? -12");
    }

    /// At 44 columns a rated game resigned before both moved says who resigned, with
    /// a name of the widest (16 columns), and that it is not rated, in one line that
    /// fits; with a short name, the whole end too. Failed before: the narrow wording
    /// was only `Ended before both moved: not rated`.
    /// The ratings a table shows beside the names: at a rated game only, those it was
    /// given, each with its player across a rematch (the seats swap, the people keep
    /// their ratings); a casual table asks for none and shows none.
    #[test]
    fn a_rated_table_shows_each_player_s_rating_by_seat_across_a_rematch() {
        let t0 = Instant::now();
        let rating = |r: f64, deviation: f64| crate::rating::Rating {
            rating: r,
            deviation,
            volatility: 0.06,
        };
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        assert!(table.set_terms(true, None));
        table.sit(who("bob"), t0);
        let keys = table.ratings_wanted();
        assert_eq!(keys, [who("ann").key, who("bob").key]);
        assert_eq!(table.shown_ratings(table.seats()), [None, None]);
        table.set_rating(&keys[0], rating(1500.4, 300.0));
        table.set_rating(&keys[1], rating(1431.6, 60.0));
        assert!(table.ratings_wanted().is_empty());
        let shown = table
            .shown_ratings(table.seats())
            .map(|r| r.map(|r| r.to_string()));
        assert_eq!(shown, [Some("1500?".to_owned()), Some("1432".to_owned())]);
        play(&mut table, &["a1", "b1"], t0);
        table.request(Player::Yellow, &Request::Resign, t0);
        table.request(Player::Blue, &Request::Rematch, t0);
        table.request(Player::Yellow, &Request::Rematch, t0);
        assert_eq!(table.name(Player::Blue), "bob");
        let shown = table
            .shown_ratings(table.seats())
            .map(|r| r.map(|r| r.to_string()));
        assert_eq!(shown, [Some("1432".to_owned()), Some("1500?".to_owned())]);
        // Casual: nothing asked of the store, nothing shown.
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        assert!(table.set_terms(false, None));
        table.sit(who("bob"), t0);
        assert!(table.ratings_wanted().is_empty());
        table.set_rating(&who("ann").key, rating(1500.0, 300.0));
        assert_eq!(table.shown_ratings(table.seats()), [None, None]);
    }

    #[test]
    fn a_game_resigned_too_soon_says_who_resigned_on_the_narrow_screen() {
        let t0 = Instant::now();
        for (name, narrow) in [
            ("abcdefghijklmnop", "abcdefghijklmnop resigned: not rated"),
            ("名前名前名前名前", "名前名前名前名前 resigned: not rated"),
            ("bob", "bob resigned: ann wins. Not rated"),
        ] {
            let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
            assert!(table.set_terms(true, None));
            table.sit(who(name), t0);
            play(&mut table, &["a1"], t0);
            let seen = table.talk().last_note();
            table.request(Player::Yellow, &Request::Resign, t0);
            // The spectators' line, by name (each player reads theirs: s35).
            let said = table
                .talk()
                .notes_since(seen)
                .find(|n| n.to == To::Spectators)
                .unwrap()
                .said
                .clone();
            assert!(said.fits(44), "{:?}", said.wording(44));
            assert_eq!(said.wording(44), narrow);
            assert_eq!(
                said.wording(120),
                words::not_rated_after(&words::resigned(Said::Named(name), Said::Named("ann")))
            );
        }
    }

    /// s35: a resignation's note told the one who resigned `bob resigned: ann wins`,
    /// their own name, as the other player read it: each player reads it in the second
    /// person, at 80 and 44 columns with a 16-column name; the spectators by name.
    /// Fails on the old code.
    #[test]
    fn each_player_reads_a_resignation_as_their_own() {
        let t0 = Instant::now();
        for bob in ["bob", "abcdefghijklmnop"] {
            let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
            table.sit(who(bob), t0);
            play(&mut table, &["a1", "b1"], t0);
            let seen = table.talk().last_note();
            table.request(Player::Yellow, &Request::Resign, t0);
            for (to, wide, narrow) in [
                (
                    Some(Player::Yellow),
                    "You resigned: ann wins".to_owned(),
                    "You resigned: ann wins".to_owned(),
                ),
                (
                    Some(Player::Blue),
                    format!("{bob} resigned: you win"),
                    format!("{bob} resigned: you win"),
                ),
                (
                    None,
                    format!("{bob} resigned: ann wins"),
                    format!("{bob} resigned: ann wins"),
                ),
            ] {
                let said: Vec<Message> = table
                    .talk()
                    .notes_since(seen)
                    .filter(|n| n.to.reaches(to))
                    .map(|n| n.said.clone())
                    .collect();
                assert_eq!(said.len(), 1, "{to:?}: {said:?}");
                assert_eq!(said[0].wording(120), wide);
                assert_eq!(said[0].wording(44), narrow);
            }
        }
    }

    /// s35: a correspondence game lost on time told its loser `bob's time ran out ...:
    /// ann wins`, their own name, as the winner read it: each player reads it in the
    /// second person, at 80 and 44 columns with a 16-column name; the spectators by
    /// name. Fails on the old code.
    #[test]
    fn each_player_reads_a_correspondence_loss_on_time_as_their_own() {
        let t0 = Instant::now();
        for bob in ["bob", "abcdefghijklmnop"] {
            let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
            assert!(table.set_terms(false, Some(1)));
            table.sit(who(bob), t0);
            play(&mut table, &["a1", "b1", "c1"], t0);
            let seen = table.talk().last_note();
            table.tell_time(100 * 24 * 3600);
            assert_eq!(table.check_corr_time(), Some(Player::Yellow));
            let told = |to: Option<Player>| -> Vec<Message> {
                table
                    .talk()
                    .notes_since(seen)
                    .filter(|n| n.to.reaches(to))
                    .map(|n| n.said.clone())
                    .collect()
            };
            for (to, wide, narrow) in [
                (
                    Some(Player::Yellow),
                    "Your time ran out (time per move, bank and vacation): ann wins".to_owned(),
                    "You ran out of time: ann wins".to_owned(),
                ),
                (
                    Some(Player::Blue),
                    format!("{bob}'s time ran out (time per move, bank and vacation): you win"),
                    format!("{bob} out of time: you win"),
                ),
                (
                    None,
                    format!("{bob}'s time ran out (time per move, bank and vacation): ann wins"),
                    format!("{bob} out of time: ann wins"),
                ),
            ] {
                let said = told(to);
                assert_eq!(said.len(), 1, "{to:?}: {said:?}");
                assert_eq!(said[0].wording(120), wide);
                assert_eq!(said[0].wording(44), narrow);
                assert!(said[0].fits(44), "{narrow}");
            }
        }
    }

    /// Every note of a game's end names the winner where it fits (s32: at 44 columns
    /// an abandonment and a correspondence game lost on time said `Blue wins`), at 80
    /// and at 44 columns, with short names; with two names of 16 columns (letters or
    /// wide characters) its narrowest wording still fits 44, naming who lost. No
    /// wording says a colour. Fails on the old code (`bob abandoned: Blue wins`).
    #[test]
    fn every_end_note_names_the_winner_where_it_fits() {
        let t0 = Instant::now();
        let ends = |ann: &str, bob: &str| {
            let open = |rated: bool, corr: Option<u8>| {
                let mut table = GameTable::open(who(ann), Player::Blue, Game::new(), None);
                assert!(table.set_terms(rated, corr));
                table.sit(who(bob), t0);
                play(&mut table, &["a1", "b1", "c1"], t0);
                (table.talk().last_note(), table)
            };
            // The spectators' line, by name (each player reads theirs: s35).
            let said = |table: &GameTable, seen: u64| {
                let notes: Vec<Message> = table
                    .talk()
                    .notes_since(seen)
                    .filter(|n| n.to.reaches(None))
                    .map(|n| n.said.clone())
                    .collect();
                assert!(!notes.is_empty());
                notes[0].clone()
            };
            let (seen, mut resigned) = open(false, None);
            resigned.request(Player::Yellow, &Request::Resign, t0);
            let (seen2, mut abandoned) = open(true, None);
            abandoned.leave(&who(bob).key, t0);
            let (seen3, mut timed_out) = open(false, Some(1));
            timed_out.tell_time(100 * 24 * 3600);
            assert_eq!(timed_out.check_corr_time(), Some(Player::Yellow));
            [
                said(&resigned, seen),
                said(&abandoned, seen2),
                said(&timed_out, seen3),
            ]
        };
        for said in ends("ann", "bob") {
            for width in [120, 80, 44] {
                let shown = said.wording(width);
                assert!(said.fits(width), "{width}: {shown}");
                assert!(shown.starts_with("bob"), "{width}: {shown}");
                assert!(shown.ends_with(" ann wins"), "{width}: {shown}");
            }
        }
        for [ann, bob] in [
            ["abcdefghijklmnop", "ponmlkjihgfedcba"],
            ["名前名前名前名前", "前名前名前名前名"],
        ] {
            for said in ends(ann, bob) {
                assert!(said.fits(80), "{}", said.wording(80));
                let wide = said.wording(80);
                assert!(wide.ends_with(&format!(" {ann} wins")), "{wide}");
                let narrow = said.wording(44);
                assert!(said.fits(44), "{narrow}: {}", crate::text::width(narrow));
                assert!(narrow.starts_with(bob), "{narrow}");
                for wording in said.wordings() {
                    assert!(
                        !wording.contains("Blue") && !wording.contains("Yellow"),
                        "{wording}"
                    );
                }
            }
        }
    }

    /// A rated game that ends before both moved is not rated: everyone at the table
    /// reads so, in the end's own line where it has one (a resignation), else in a
    /// line of its own (a flag); the one who stays after the other left
    /// reads it in the line that says they left, the last (`LeftEarly`), and nobody
    /// reads of an abandonment. With both moved, leaving abandons as before; a casual
    /// game says nothing of ratings.
    #[test]
    fn a_rated_game_ended_before_both_moved_says_it_is_not_rated() {
        let t0 = Instant::now();
        let early = words::ENDED_TOO_SOON.to_owned();
        // Bob resigns before moving: the resignation's line says it too.
        let mut table = rated_at(true, &["a1"], t0);
        let seen = table.talk().last_note();
        table.request(Player::Yellow, &Request::Resign, t0);
        // Each player reads it in the second person (s35).
        for (to, said) in [
            (Some(Player::Blue), "bob resigned: you win"),
            (Some(Player::Yellow), "You resigned: ann wins"),
            (None, "bob resigned: ann wins"),
        ] {
            assert_eq!(
                lines_for(&table, seen, to),
                [format!("{said}. Ended before both moved: not rated")]
            );
        }
        // The line mode's state says the end: its line says the rest.
        let said = table.talk().notes_since(seen).next().unwrap().said.clone();
        assert_eq!(said.line_words(), early);
        // Blue's flag falls before Blue moved: the line is the table's own.
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        assert!(table.set_terms(true, None));
        assert!(table.set_clock(Some("60+0".parse().unwrap())));
        table.sit(who("bob"), t0);
        let seen = table.talk().last_note();
        assert!(table.check_flag(t0 + Duration::from_secs(61)));
        assert_eq!(lines_for(&table, seen, None), [words::ENDED_TOO_SOON]);
        // Bob leaves before moving, with ann there: she reads it in one line, the
        // spectators in their own; nobody reads 'abandoned'.
        let mut table = rated_at(true, &["a1"], t0);
        let seen = table.talk().last_note();
        table.leave("SHA256:bob", t0);
        assert!(table.is_over());
        let ann = table
            .talk()
            .notes_since(seen)
            .filter(|n| n.to.reaches(Some(Player::Blue)))
            .map(|n| n.said.clone())
            .collect::<Vec<_>>();
        assert_eq!(ann.len(), 1, "{ann:?}");
        assert_eq!(ann[0].keyed, Some(Keyed::LeftEarly("bob".to_owned())));
        assert_eq!(
            ann[0].text,
            "Ended before both moved: not rated. bob left the table (q: lobby)"
        );
        assert_eq!(
            ann[0].line_words(),
            "The game ended before both players moved: it is not rated. bob left the table \
             (quit: back to the lobby)"
        );
        assert_eq!(lines_for(&table, seen, None), [words::ENDED_TOO_SOON]);
        // Both moved: abandoned, a rated loss, and the leaving line as ever.
        let mut table = rated_at(true, &["a1", "b1"], t0);
        let seen = table.talk().last_note();
        table.leave("SHA256:bob", t0);
        assert_eq!(
            lines_for(&table, seen, Some(Player::Blue)),
            [words::abandoned("bob", "ann"), words::left("bob")]
        );
        assert_eq!(
            lines_for(&table, seen, None),
            [words::abandoned("bob", "ann")]
        );
        // A casual game resigned at once: no line of ratings.
        let mut table = rated_at(false, &["a1"], t0);
        let seen = table.talk().last_note();
        table.request(Player::Yellow, &Request::Resign, t0);
        assert_eq!(
            lines_for(&table, seen, None),
            [words::resigned(Said::Named("bob"), Said::Named("ann"))]
        );
        // Each player reads it in the second person (s35: their own name).
        assert_eq!(
            lines_for(&table, seen, Some(Player::Yellow)),
            ["You resigned: ann wins"]
        );
        assert_eq!(
            lines_for(&table, seen, Some(Player::Blue)),
            ["bob resigned: you win"]
        );
    }

    #[test]
    fn leaving_with_the_other_away_adjourns_and_both_resume() {
        let t0 = Instant::now();
        let mut table = seated(t0);
        table.drop_out("SHA256:bob", t0);
        table.leave("SHA256:ann", t0);
        assert_eq!(
            table.state(),
            TableState::Adjourned([Presence::Left(t0), Presence::Dropped(t0)])
        );
        assert_eq!(table.come_back("SHA256:carol", t0), None);
        assert_eq!(table.come_back("SHA256:ann", t0), Some(Back::Wait));
        // Waiting, ann stops waiting: still adjourned, not abandoned.
        table.leave("SHA256:ann", t0);
        assert!(matches!(table.state(), TableState::Adjourned(_)));
        assert_eq!(table.come_back("SHA256:ann", t0), Some(Back::Wait));
        assert_eq!(
            table.come_back("SHA256:bob", t0),
            Some(Back::Play(Player::Yellow))
        );
        assert_eq!(table.state(), here());
    }

    #[test]
    fn a_win_is_claimed_only_against_a_dropped_player_past_the_grace_and_not_on_the_server() {
        let t0 = Instant::now();
        let grace = Duration::from_secs(10);
        let nobody = |_: &str| false;
        let mut table = seated(t0);
        play(&mut table, &["a1"], t0);
        assert_eq!(
            table.claimable_by("SHA256:ann", t0, grace, &nobody),
            Err(NoClaim::NotYet)
        );
        table.drop_out("SHA256:bob", t0);
        let later = t0 + grace;
        assert_eq!(
            table.claimable_by("SHA256:ann", t0, grace, &nobody),
            Err(NoClaim::NotYet),
            "within the grace"
        );
        // Defect 3: bob is on the server (in the lobby, say): no claim.
        let bob_here = |key: &str| key == "SHA256:bob";
        assert_eq!(
            table.claim_win("SHA256:ann", later, grace, &bob_here),
            Err(NoClaim::Present("bob".into()))
        );
        // His session ended later: the grace counts from then.
        table.gone_from_server("SHA256:bob", later);
        assert_eq!(
            table.claimable_by("SHA256:ann", later, grace, &nobody),
            Err(NoClaim::NotYet)
        );
        assert_eq!(
            table.claimable_by("SHA256:carol", later + grace, grace, &nobody),
            Err(NoClaim::NotHere)
        );
        table.take_keep();
        assert_eq!(
            table.claim_win("SHA256:ann", later + grace, grace, &nobody),
            Ok(())
        );
        assert_eq!(table.state(), TableState::Over);
        let ending = table.course().ending().unwrap();
        assert_eq!(ending.termination(), Termination::Abandoned);
        assert_eq!(ending.winner(), Player::Blue);
        assert!(table.take_keep().unwrap().ended.is_some());
    }

    #[test]
    fn no_win_against_a_player_who_adjourned() {
        let t0 = Instant::now();
        let nobody = |_: &str| false;
        let mut table = seated(t0);
        table.drop_out("SHA256:bob", t0);
        table.leave("SHA256:ann", t0);
        assert_eq!(table.come_back("SHA256:bob", t0), Some(Back::Wait));
        assert_eq!(
            table.claimable_by("SHA256:bob", t0 + DAY, Duration::ZERO, &nobody),
            Err(NoClaim::NotYet)
        );
    }

    const DAY: Duration = Duration::from_secs(86_400);

    #[test]
    fn undo_is_asked_refused_and_agreed_with_the_clocks_given_back() {
        let t0 = Instant::now();
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        assert!(table.set_clock(TimeControl::from_minutes("1+0").ok()));
        table.sit(who("bob"), t0);
        play(&mut table, &["a1"], t0 + Duration::from_secs(5));
        play(&mut table, &["b1"], t0 + Duration::from_secs(15));
        assert!(!table.set_clock(None), "not once begun");
        table.request(Player::Yellow, &Request::Undo, t0);
        assert_eq!(table.talk().undo, Some(Player::Yellow));
        table.request(Player::Blue, &Request::AnswerUndo(false), t0);
        assert_eq!(table.talk().undo, None);
        assert_eq!(table.game().len(), 2);
        table.request(Player::Yellow, &Request::Undo, t0);
        let epoch = table.epoch();
        table.request(
            Player::Blue,
            &Request::AnswerUndo(true),
            t0 + Duration::from_secs(20),
        );
        assert_eq!(table.game().len(), 1);
        assert_eq!(table.epoch(), epoch + 1);
        let clock = table.course().clock().unwrap();
        assert_eq!(clock.banked(Player::Yellow), Duration::from_secs(60));
        // Nothing of Blue's to take back before a1: refused with a note to Blue.
        let mut fresh = seated(t0);
        let seen = fresh.talk().last_note();
        fresh.request(Player::Blue, &Request::Undo, t0);
        assert_eq!(fresh.talk().undo, None);
        assert!(
            fresh
                .talk()
                .notes_since(seen)
                .any(|n| n.to == To::Seat(Player::Blue))
        );
    }

    #[test]
    fn resign_is_over_then_a_rematch_swaps_the_colours_and_carries_the_ended_game() {
        let t0 = Instant::now();
        let mut table = seated(t0);
        table.take_keep();
        play(&mut table, &["a1"], t0);
        table.request(Player::Blue, &Request::Rematch, t0);
        assert_eq!(table.talk().rematch, None, "not before the end");
        table.request(Player::Yellow, &Request::Resign, t0);
        assert_eq!(table.state(), TableState::Over);
        assert!(!table.takes_moves());
        let ended = table.take_keep().unwrap();
        assert_eq!(ended.playing, None);
        assert_eq!(ended.ended.as_ref().unwrap().0, 1);
        table.request(Player::Blue, &Request::Rematch, t0);
        assert_eq!(table.talk().rematch, Some(Player::Blue));
        let old_epoch = table.epoch();
        table.request(Player::Yellow, &Request::Rematch, t0);
        assert_eq!(table.state(), here());
        assert_eq!(table.seat_of("SHA256:bob"), Some(Player::Blue));
        assert!(table.game().is_empty());
        // Ann's screen, still at the old game, hands over nothing into the new one.
        let old = Game::from_moves([sq("a1")]).unwrap();
        assert!(
            !table
                .take_moves((Player::Blue, old_epoch), &old, t0)
                .changed
        );
        assert!(table.game().is_empty());
        // One keep: the next game, and the ended one again (its history entry is
        // written once, whichever lands first).
        let keep = table.take_keep().unwrap();
        assert_eq!(keep.playing, Some(2));
        assert_eq!(keep.ended.as_ref().unwrap().0, 1);
        table.kept(keep.version, &keep.snapshot, keep.by, Ok(()));
        play(&mut table, &["d4"], t0);
        let next = table.take_keep().unwrap();
        assert!(
            next.ended.is_none(),
            "carried until the next game is on disk"
        );
        assert_eq!(next.playing, Some(2));
    }

    /// QA s31 (qa32): the log had no line for a game's begin or end. One each, said
    /// once, with the board, the players (Blue first), the result and how.
    #[test]
    fn a_game_s_begin_and_end_are_each_one_log_line() {
        let t0 = Instant::now();
        let mut table = seated(t0);
        assert_eq!(
            table.log_lines(7),
            ["table 7: game 1 began, unrated standard live: ann v bob"]
        );
        play(&mut table, &["a1"], t0);
        assert!(table.log_lines(7).is_empty(), "a move is no line");
        table.request(Player::Yellow, &Request::Resign, t0);
        assert_eq!(
            table.log_lines(7),
            ["table 7: game 1 ended 1-0 (resignation): ann v bob"]
        );
        assert!(table.log_lines(7).is_empty(), "said once");
        table.request(Player::Blue, &Request::Rematch, t0);
        table.request(Player::Yellow, &Request::Rematch, t0);
        assert_eq!(
            table.log_lines(7),
            ["table 7: game 2 began, unrated standard live: bob v ann"]
        );
    }

    /// QA s39: a rated game resigned on the empty board was logged `began, rated` and
    /// `ended 1-0 (resignation)`, as a rated game; the store kept it not rated. Its
    /// end says so; once both moved, the end says nothing of it.
    #[test]
    fn a_rated_game_ended_before_both_moved_is_logged_as_not_rated() {
        let t0 = Instant::now();
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        assert!(table.set_terms(true, None));
        assert_eq!(table.sit(who("bob"), t0), Some(Player::Yellow));
        assert!(table.rated());
        assert_eq!(
            table.log_lines(7),
            ["table 7: game 1 began, rated standard live: ann v bob"]
        );
        play(&mut table, &["a1"], t0);
        table.request(Player::Yellow, &Request::Resign, t0);
        assert_eq!(
            table.log_lines(7),
            [
                "table 7: game 1 ended 1-0 (resignation; not rated: ended before both moved): ann v bob"
            ]
        );
        table.request(Player::Blue, &Request::Rematch, t0);
        table.request(Player::Yellow, &Request::Rematch, t0);
        let _ = table.log_lines(7);
        play(&mut table, &["a1", "b1"], t0);
        table.request(Player::Blue, &Request::Resign, t0);
        assert_eq!(
            table.log_lines(7),
            ["table 7: game 2 ended 0-1 (resignation): bob v ann"]
        );
    }

    #[test]
    fn a_rematch_is_declined_and_no_rematch_once_a_player_left() {
        let t0 = Instant::now();
        let mut table = seated(t0);
        table.request(Player::Blue, &Request::Resign, t0);
        table.request(Player::Yellow, &Request::Rematch, t0);
        let seen = table.talk().last_note();
        table.request(Player::Blue, &Request::DeclineRematch, t0);
        assert_eq!(table.talk().rematch, None);
        assert!(
            table
                .talk()
                .notes_since(seen)
                .any(|n| n.to == To::Seat(Player::Yellow))
        );
        table.leave("SHA256:ann", t0);
        assert_eq!(table.state(), TableState::Deserted);
        assert!(!table.stopped(), "the game was over");
        table.request(Player::Yellow, &Request::Rematch, t0);
        assert_eq!(table.state(), TableState::Deserted);
    }

    #[test]
    fn the_server_s_clock_ends_the_game_at_the_flag() {
        let t0 = Instant::now();
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        table.set_clock(TimeControl::from_minutes("1+0").ok());
        table.sit(who("bob"), t0);
        play(&mut table, &["a1"], t0);
        let late = t0 + Duration::from_secs(120);
        let two = Game::from_moves([sq("a1"), sq("b1")]).unwrap();
        assert!(
            table
                .take_moves((Player::Yellow, table.epoch()), &two, late)
                .changed
        );
        assert_eq!(table.game().len(), 1, "the late move is not taken");
        assert_eq!(table.state(), TableState::Over);
        assert_eq!(
            table.course().ending().unwrap().termination(),
            Termination::TimeForfeit
        );
    }

    /// Brief s17 (serverqa3): a live game without a clock whose mover sent nothing for
    /// the idle time-out since the move became theirs is adjourned for both (the mover
    /// as dropped out, the other as having left it for later); the waiting player is
    /// never timed out, a line of the mover's counts as something sent, a clocked game
    /// is left to its clock, and a resumed game's turn begins anew.
    #[test]
    fn a_clockless_game_whose_mover_sends_nothing_for_the_idle_time_out_adjourns() {
        let t0 = Instant::now();
        let idle = Duration::from_secs(60);
        let mut table = seated(t0);
        assert!(table.idle_watched());
        play(&mut table, &["a1"], t0);
        // Yellow (bob) to move since t0; ann waits and says something: no matter.
        let t1 = t0 + Duration::from_secs(50);
        table.request(Player::Blue, &Request::Say("hm".into()), t1);
        assert!(!table.idle_adjourn(t0 + Duration::from_secs(59), idle));
        // Bob says a line at 59 s: he is there, his time counts again from it.
        let t2 = t0 + Duration::from_secs(59);
        table.request(Player::Yellow, &Request::Say("thinking".into()), t2);
        assert!(!table.idle_adjourn(t0 + Duration::from_secs(100), idle));
        assert_eq!(table.state(), here());
        let late = t2 + idle;
        // Ann asks to take a1 back; bob answers nothing (qa35: the question stayed
        // on his screen once both sat again).
        table.request(Player::Blue, &Request::Undo, t2);
        assert_eq!(table.talk().undo, Some(Player::Blue));
        let _ = table.take_keep();
        assert!(table.idle_adjourn(late, idle));
        assert_eq!(
            table.state(),
            TableState::Adjourned([Presence::Left(late), Presence::Dropped(late)])
        );
        assert_eq!(table.idle_adjourned(), (1, Player::Yellow));
        assert!(table.take_keep().is_none(), "every move is kept already");
        assert_eq!(table.talk().undo, None, "ann's take-back lapsed");
        // Both come back: the turn begins anew.
        let t3 = late + Duration::from_secs(600);
        assert_eq!(table.come_back("SHA256:bob", t3), Some(Back::Wait));
        assert_eq!(
            table.come_back("SHA256:ann", t3),
            Some(Back::Play(Player::Blue))
        );
        assert!(!table.idle_adjourn(t3 + Duration::from_secs(59), idle));
        // Bob moves: ann's turn, timed from her move's start.
        play(&mut table, &["b2"], t3 + Duration::from_secs(30));
        assert!(!table.idle_adjourn(t3 + Duration::from_secs(89), idle));
        assert!(table.idle_adjourn(t3 + Duration::from_secs(90), idle));
        assert_eq!(table.idle_adjourned(), (2, Player::Blue));
        // A clocked game is its clock's: never timed out for idling.
        let mut clocked = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        clocked.set_clock(TimeControl::from_minutes("60+0").ok());
        clocked.sit(who("bob"), t0);
        assert!(!clocked.idle_watched());
        assert!(!clocked.idle_adjourn(t0 + idle * 10, idle));
    }

    /// Against the AI the player to move is timed out the same way; the AI's own turn
    /// (it thinks on its player's screen) never is.
    #[test]
    fn against_the_ai_only_the_player_s_own_turn_is_timed_out() {
        let t0 = Instant::now();
        let idle = Duration::from_secs(60);
        let mut table = GameTable::against_ai(
            who("dana"),
            Player::Yellow,
            Level::Easy,
            (Game::new(), None),
            t0,
        );
        assert!(!table.idle_adjourn(t0 + idle * 10, idle), "the AI's turn");
        let one = Game::from_moves([sq("a1")]).unwrap();
        let at = t0 + idle * 10;
        assert!(
            table
                .take_moves((Player::Yellow, table.epoch()), &one, at)
                .changed
        );
        assert!(!table.idle_adjourn(at + idle - Duration::from_secs(1), idle));
        assert!(table.idle_adjourn(at + idle, idle));
        assert_eq!(
            table.state(),
            TableState::Adjourned([Presence::Here, Presence::Dropped(at + idle)])
        );
    }

    #[test]
    fn against_the_ai_it_answers_at_once_and_nobody_waits_past_the_grace() {
        let t0 = Instant::now();
        let grace = Duration::from_secs(5);
        let mut table = GameTable::against_ai(
            who("dana"),
            Player::Blue,
            Level::Easy,
            (Game::new(), None),
            t0,
        );
        assert_eq!(table.state(), here());
        assert_eq!(table.ai(), Some((Player::Yellow, Level::Easy)));
        assert!(table.take_keep().is_some(), "kept from the start");
        // Dana's screen hands over her move and the AI's.
        let two = Game::from_moves([sq("a1"), sq("d4")]).unwrap();
        let taken = table.take_moves((Player::Blue, table.epoch()), &two, t0);
        assert!(taken.changed && taken.ai_moved);
        table.request(Player::Blue, &Request::Undo, t0);
        assert!(table.game().is_empty(), "granted at once");
        table.drop_out("SHA256:dana", t0);
        assert!(!table.tick(t0, grace));
        assert!(table.tick(t0 + grace, grace));
        assert!(matches!(table.state(), TableState::Adjourned(_)));
        assert_eq!(
            table.come_back("SHA256:dana", t0),
            Some(Back::Play(Player::Blue))
        );
        // Leaving adjourns, never abandons.
        table.leave("SHA256:dana", t0);
        assert!(matches!(table.state(), TableState::Adjourned(_)));
        table.come_back("SHA256:dana", t0);
        table.request(Player::Blue, &Request::Resign, t0);
        assert_eq!(table.state(), TableState::Over);
        table.request(Player::Blue, &Request::Rematch, t0);
        assert_eq!(
            table.ai(),
            Some((Player::Blue, Level::Easy)),
            "colours swapped"
        );
        assert_eq!(table.state(), here());
    }

    #[test]
    fn a_restored_game_is_adjourned_with_the_ai_there() {
        let game = Game::from_moves([sq("a1")]).unwrap();
        let table = GameTable::restored(
            ([who("ann"), Who::ai(Level::Hard)], game, Course::NONE),
            3,
            Instant::now(),
        );
        let TableState::Adjourned([ann, ai]) = table.state() else {
            panic!("{:?}", table.state());
        };
        assert!(matches!(ann, Presence::Dropped(_)));
        assert_eq!(ai, Presence::Here);
        assert_eq!(table.committed().game.len(), 1, "on disk: shown as it is");
    }

    /// A live clocked game brought back with the thinking noted before the stop: the
    /// mover's clock is charged it (it was given back before, shown whole), and a clock
    /// it used up loses on time at the start, its players up and the game for the
    /// history.
    #[test]
    fn a_restored_live_clock_is_charged_the_thinking_noted_and_may_fall() {
        let t0 = Instant::now();
        let control = TimeControl::from_minutes("1+0").unwrap();
        let game = Game::from_moves([sq("a1")]).unwrap();
        let course = || {
            let clock = Clock::with_history(control, vec![Some(Duration::from_secs(55))]);
            Course::with_clock(Some(clock))
        };
        let seats = || [who("ann"), who("bob")];
        let thought = Some(Duration::from_millis(12_500));
        let mut table = GameTable::restored_with(
            (seats(), game.clone(), course()),
            1,
            t0,
            (false, None, ChatLog::default(), None),
            thought,
        );
        let clock = table.course().clock().unwrap();
        assert_eq!(
            clock.remaining(Player::Yellow, t0),
            Duration::from_millis(47_500)
        );
        assert_eq!(clock.remaining(Player::Blue, t0), Duration::from_secs(55));
        assert_eq!(
            table.thought(t0),
            Some((0, 12_500)),
            "noted again as it stands"
        );
        assert!(!table.lost_on_time_at_restart(t0));
        assert!(matches!(table.state(), TableState::Adjourned(_)));
        // Thinking past the minute: lost on time at the start.
        let mut table = GameTable::restored_with(
            (seats(), game, course()),
            1,
            t0,
            (false, None, ChatLog::default(), None),
            Some(Duration::from_secs(61)),
        );
        assert!(table.lost_on_time_at_restart(t0));
        assert_eq!(table.state(), TableState::Deserted);
        assert!(table.is_empty());
        let keep = table.take_keep().unwrap();
        assert_eq!(keep.playing, None);
        let (_, ended) = keep.ended.unwrap();
        let ending = ended.course.ending().unwrap();
        assert_eq!(ending.termination(), Termination::TimeForfeit);
        assert_eq!(
            ended.course.clock().unwrap().remaining(Player::Yellow, t0),
            Duration::ZERO
        );
    }

    /// A clocked game adjourned mid-turn (the mover leaves while the other is away) and
    /// resumed: the mover's clock goes on from where it stopped, the thinking before
    /// the adjournment charged. It was given back (the turn began anew at 1:00), so
    /// leaving and coming back reset a turn's thinking.
    #[test]
    fn an_adjourned_clock_keeps_the_turn_s_thinking_at_the_resumption() {
        let t0 = Instant::now();
        let at = |secs| t0 + Duration::from_secs(secs);
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        table.set_clock(TimeControl::from_minutes("1+0").ok());
        table.sit(who("bob"), t0);
        play(&mut table, &["a1"], t0);
        table.drop_out("SHA256:ann", at(1));
        table.leave("SHA256:bob", at(20));
        assert!(
            matches!(table.state(), TableState::Adjourned(_)),
            "{:?}",
            table.state()
        );
        let clock = table.course().clock().unwrap();
        assert!(!clock.is_running());
        assert_eq!(clock.remaining(Player::Yellow, at(500)), at(40) - t0);
        assert_eq!(table.come_back("SHA256:ann", at(600)), Some(Back::Wait));
        assert_eq!(
            table.come_back("SHA256:bob", at(700)),
            Some(Back::Play(Player::Yellow))
        );
        let clock = table.course().clock().unwrap();
        assert_eq!(clock.remaining(Player::Yellow, at(700)), at(40) - t0);
        assert_eq!(clock.remaining(Player::Yellow, at(705)), at(35) - t0);
        assert_eq!(clock.remaining(Player::Blue, at(705)), at(60) - t0);
    }

    /// s38 board44: a game that ends early keeps the mover's thinking on the turn under
    /// way: the ended board (the table's, and the copy kept for the history) shows
    /// their clock as it ran at the end, never as at their last move. Ann (Blue) plays
    /// a1 after 10 s of a minute; bob (Yellow) thinks 30 s, then the game ends: his
    /// clock reads 0:30, not 1:00 (alice's resignation at 2:46 showed 2:48).
    #[test]
    fn every_early_end_charges_the_mover_s_thinking_up_to_it() {
        let t0 = Instant::now();
        let at = |secs| t0 + Duration::from_secs(secs);
        let nobody = |_: &str| false;
        let begun = |rated: bool| {
            let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
            assert!(table.set_terms(rated, None));
            table.set_clock(TimeControl::from_minutes("1+0").ok());
            table.sit(who("bob"), t0);
            play(&mut table, &["a1"], at(10));
            table
        };
        type End = fn(&mut GameTable, Instant, &dyn Fn(&str) -> bool);
        let ends: [(&str, bool, End); 5] = [
            ("the mover resigns", false, |t, now, _| {
                t.request(Player::Yellow, &Request::Resign, now);
            }),
            ("the other resigns", false, |t, now, _| {
                t.request(Player::Blue, &Request::Resign, now);
            }),
            ("the mover abandons a rated game", true, |t, now, _| {
                t.leave("SHA256:bob", now);
            }),
            (
                "the other gets up from a casual game",
                false,
                |t, now, _| {
                    t.leave("SHA256:ann", now);
                },
            ),
            (
                "the dropped mover's game is claimed",
                false,
                |t, now, nobody| {
                    t.drop_out("SHA256:bob", now - Duration::from_secs(20));
                    assert_eq!(
                        t.claim_win("SHA256:ann", now, Duration::from_secs(10), nobody),
                        Ok(())
                    );
                },
            ),
        ];
        // Every ending's clocks, each as the table and the history have them: all
        // are said when any is wrong.
        let mut shown = Vec::new();
        for (how, rated, end) in ends {
            let mut table = begun(rated);
            let running = table
                .course()
                .clock()
                .unwrap()
                .remaining(Player::Yellow, at(40));
            assert_eq!(running, Duration::from_secs(30), "{how}");
            end(&mut table, at(40), &nobody);
            assert!(!table.in_play(), "{how}: {:?}", table.state());
            let ended = table.take_keep().and_then(|keep| keep.ended).unwrap().1;
            for clock in [table.course().clock(), ended.course.clock()].map(Option::unwrap) {
                assert!(!clock.is_running(), "{how}");
                // Read later: the stopped clock stands where it ended.
                let left = Player::BOTH.map(|p| clock.remaining(p, at(99)).as_secs());
                shown.push((how, left));
            }
        }
        let wanted: Vec<_> = shown.iter().map(|&(how, _)| (how, [50, 30])).collect();
        assert_eq!(
            shown, wanted,
            "Blue's and Yellow's clocks after each end, in seconds"
        );
    }

    /// s39 clock45: the move that fills the board keeps no increment: the ended board
    /// and the game kept for the history show the last mover's clock as it ran at
    /// that move. Each move takes a second of a 1+5 clock, so Yellow had 3:04 before
    /// the 64th stone. Failed on the old code: 188 s (3:08, the increment added to a
    /// game over), not 183.
    #[test]
    fn the_move_that_fills_the_board_keeps_no_increment_on_any_copy() {
        let t0 = Instant::now();
        let at = |secs| t0 + Duration::from_secs(secs);
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::new(), None);
        table.set_clock(TimeControl::from_minutes("1+5").ok());
        table.sit(who("bob"), t0);
        let mut screen = Game::new();
        let mut n = 0;
        while !screen.is_over() {
            let mover = screen.to_move();
            let mv = screen.position().legal_moves().next().unwrap();
            screen.play(mv).unwrap();
            n += 1;
            assert!(
                table
                    .take_moves((mover, table.epoch()), &screen, at(n))
                    .changed
            );
        }
        assert!(table.is_over() && !table.in_play());
        let ended = table.take_keep().and_then(|keep| keep.ended).unwrap().1;
        let kept =
            super::super::game_record::history_record(&ended.seats, &ended.game, &ended.course);
        let back = super::super::game_record::read_table_record(&kept.to_string())
            .unwrap()
            .2;
        let last = |clock: &Clock| (*clock.history().last().unwrap(), clock.is_running());
        let secs = Some(Duration::from_secs(183));
        for (copy, clock) in [
            ("the table's", table.course().clock()),
            ("the history's", ended.course.clock()),
            ("the record's", back.clock()),
        ] {
            let clock = clock.unwrap();
            assert_eq!(last(clock), (secs, false), "{copy}");
            assert_eq!(
                Player::BOTH.map(|p| clock.remaining(p, at(999)).as_secs()),
                [188, 183],
                "{copy}"
            );
        }
    }

    /// The 64 squares that fill the board row by row, four rounds (tests/it's
    /// `serve_common::filling_moves`): Yellow's last stone, d4, is the first that
    /// completes anything, and claimed it wins the game.
    fn filling() -> Vec<&'static str> {
        let order = "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4".split(' ');
        order.clone().cycle().take(64).collect()
    }

    /// Ann (Blue) and bob (Yellow) at a rated claims table, the board filled by
    /// [`filling`] at `t0`, nothing claimed: 0-0, Yellow's d4 to claim.
    fn full_and_unclaimed(t0: Instant) -> GameTable {
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::with_claims(), None);
        assert!(table.set_terms(true, None));
        table.sit(who("bob"), t0);
        play(&mut table, &filling(), t0);
        assert!(table.game().is_over());
        assert_eq!(table.game().score(Player::Yellow), 0);
        table
    }

    /// The result the history keeps of the game that ended here, from its keep.
    fn ended_result(table: &mut GameTable) -> GameResult {
        let keep = table.take_keep().unwrap();
        assert_eq!(keep.playing, None, "no game in play any more");
        let (_, ended) = keep.ended.expect("the game ended, for the history");
        let record =
            super::super::game_record::table_record(&ended.seats, &ended.game, &ended.course);
        record.result().unwrap()
    }

    /// s39 (qa46 A): the stone that fills the board in a claims game leaves its claim
    /// open: the table waits for it, kept in play, and the result, the history (the
    /// store rates the game from the keep that carries it) and the log's end come
    /// after the claim, counting it. Failed before: the game ended (and was rated a
    /// draw) at the full board, and bob's claim of d4 was not taken.
    #[test]
    fn the_claim_of_the_stone_that_fills_the_board_is_taken_and_the_result_counts_it() {
        let t0 = Instant::now();
        let mut table = full_and_unclaimed(t0);
        assert_eq!(table.last_claim_open(), Some(Player::Yellow));
        assert_eq!(table.state(), here(), "the game waits for the claim");
        let keep = table.take_keep().unwrap();
        assert_eq!(keep.playing, Some(1), "kept in play, its claim open");
        assert!(keep.ended.is_none(), "no result, no history, no rating yet");
        assert!(
            table
                .log_lines(7)
                .iter()
                .all(|line| !line.contains("ended")),
            "no end logged"
        );
        let points = table.game().last().unwrap().points;
        assert!(points > 0, "d4 completes something");
        let mut screen = table.game().clone();
        screen.claim(points).unwrap();
        let taken = table.take_moves((Player::Yellow, table.epoch()), &screen, t0);
        assert!(taken.changed, "the claim is taken");
        assert_eq!(table.state(), TableState::Over);
        assert_eq!(table.game().score(Player::Yellow), points);
        assert_eq!(ended_result(&mut table), GameResult::YellowWins);
        let lines = table.log_lines(7);
        assert!(
            lines
                .iter()
                .any(|l| l.contains("game 1 ended 0-1 (the board full)")),
            "{lines:?}"
        );
        // Ann's screen, a move behind the claim, claims nothing of it.
        let behind = table.take_moves((Player::Blue, table.epoch()), &screen, t0);
        assert!(!behind.changed);
    }

    /// s39 (lead): a stone that fills the board and scores nothing leaves no claim to
    /// wait for (no claim could change the result): the game ends at the full board,
    /// as the other screens (which offer no `+0` claim) show it. Failed with claim46's
    /// first form: the table waited the reconnect grace for a claim of nothing.
    #[test]
    fn a_board_filled_by_a_stone_that_scored_nothing_ends_at_once() {
        let t0 = Instant::now();
        // Four rounds of the 16 squares, each round in an order shuffled by a seed
        // (a fixed mixing, no randomness): the first seed whose last stone completes
        // nothing, found by the rules, not by hand.
        let order: Vec<&str> = "a1 b1 c1 d1 a2 b2 c2 d2 a3 b3 c3 d3 a4 b4 c4 d4"
            .split(' ')
            .collect();
        let shuffled = |seed: u64| -> Vec<&str> {
            let mut state = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            (0..4)
                .flat_map(|_| {
                    let mut squares = order.clone();
                    // Fisher-Yates on an xorshift: a different order each round.
                    for i in (1..squares.len()).rev() {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        squares.swap(i, (state % (i as u64 + 1)) as usize);
                    }
                    squares
                })
                .collect()
        };
        let squares = (0..10_000)
            .map(shuffled)
            .find(|moves| {
                let mut game = Game::with_claims();
                moves.iter().all(|m| game.play(sq(m)).is_ok())
                    && game.is_over()
                    && game.last().is_some_and(|last| last.points == 0)
            })
            .expect("an order whose last stone scores nothing");
        let mut table = GameTable::open(who("ann"), Player::Blue, Game::with_claims(), None);
        assert!(table.set_terms(true, None));
        table.sit(who("bob"), t0);
        play(&mut table, &squares, t0);
        assert!(table.game().is_over());
        assert_eq!(table.last_claim_open(), None);
        assert_eq!(table.state(), TableState::Over);
        assert!(
            table.take_keep().unwrap().ended.is_some(),
            "kept for the history"
        );
    }

    /// s39: the claimer leaving forfeits the open last claim: the game ends as
    /// unclaimed (a draw at 0-0), kept for the history, and they get up; the other
    /// player leaving leaves the claim to be made, and gets up at the end.
    #[test]
    fn the_last_claim_is_settled_by_the_claimer_leaving_and_not_by_the_other() {
        let t0 = Instant::now();
        let mut table = full_and_unclaimed(t0);
        table.take_keep();
        table.leave("SHA256:bob", t0);
        assert_eq!(table.game().claim_state(63), Some(ClaimState::Unclaimed));
        assert_eq!(table.state(), TableState::Deserted, "bob got up");
        assert_eq!(ended_result(&mut table), GameResult::Draw);

        let mut table = full_and_unclaimed(t0);
        table.take_keep();
        table.leave("SHA256:ann", t0);
        assert_eq!(table.last_claim_open(), Some(Player::Yellow), "still bob's");
        assert!(table.take_keep().is_none(), "nothing ended");
        let points = table.game().last().unwrap().points;
        let mut screen = table.game().clone();
        screen.claim(points).unwrap();
        assert!(
            table
                .take_moves((Player::Yellow, table.epoch()), &screen, t0)
                .changed
        );
        assert_eq!(table.seat_of("SHA256:ann"), None, "ann got up at the end");
        assert_eq!(ended_result(&mut table), GameResult::YellowWins);
    }

    /// s39: `n` while the last claim is open is refused with a line, not lost: the
    /// game ends with the claim.
    #[test]
    fn no_rematch_is_offered_while_the_last_claim_is_open() {
        let t0 = Instant::now();
        let mut table = full_and_unclaimed(t0);
        let seen = table.talk().last_note();
        table.request(Player::Blue, &Request::Rematch, t0);
        assert_eq!(
            lines_for(&table, seen, Some(Player::Blue)),
            [words::REMATCH_AFTER_THE_CLAIM]
        );
        assert_eq!(table.talk().rematch, None);
        assert_eq!(table.last_claim_open(), Some(Player::Yellow));
        assert_eq!(table.state(), here());
    }

    /// s39: a last claim open waits at most the reconnect grace from the stone that
    /// filled the board (a claimer whose link dropped, or who does nothing, holds no
    /// table for ever): then it goes unclaimed and the game ends, a player away
    /// getting up.
    #[test]
    fn a_last_claim_not_made_within_the_grace_goes_unclaimed() {
        let (t0, grace) = (Instant::now(), Duration::from_secs(120));
        let mut table = full_and_unclaimed(t0);
        table.take_keep();
        table.drop_out("SHA256:bob", t0);
        assert!(table.someone_away());
        assert!(!table.tick(t0 + grace - Duration::from_secs(1), grace));
        assert_eq!(
            table.state(),
            TableState::Playing([Presence::Here, Presence::Dropped(t0)])
        );
        assert!(table.tick(t0 + grace, grace));
        assert_eq!(table.game().claim_state(63), Some(ClaimState::Unclaimed));
        assert_eq!(table.seat_of("SHA256:bob"), None, "bob, away, got up");
        assert_eq!(ended_result(&mut table), GameResult::Draw);
        // Both here, nobody claiming: the same at the grace.
        let mut table = full_and_unclaimed(t0);
        assert!(table.someone_away(), "the timer watches the wait");
        assert!(table.tick(t0 + grace, grace));
        assert_eq!(table.state(), TableState::Over);
    }

    /// s40 (claim46's left-alone): a last claim whose time went by ended the game with
    /// no word of why. Now each screen reads it with the change (the claimer in the
    /// second person, the other player and the spectators by name; a short wording
    /// for 44 columns), the log's end says it, and the ratings' line that takes its
    /// place says it first. Failed before: no line, the log `(the board full)`.
    #[test]
    fn a_last_claim_whose_time_runs_out_is_said_to_every_screen_and_in_the_log() {
        let (t0, grace) = (Instant::now(), Duration::from_secs(120));
        let mut table = full_and_unclaimed(t0);
        table.take_keep();
        let seen = table.talk().last_note();
        assert!(table.tick(t0 + grace, grace));
        assert_eq!(table.state(), TableState::Over);
        let mine = "Your claim of d4 lapsed: its time ran out";
        let theirs = "bob's claim of d4 lapsed: its time ran out";
        assert_eq!(lines_for(&table, seen, Some(Player::Yellow)), [mine]);
        assert_eq!(lines_for(&table, seen, Some(Player::Blue)), [theirs]);
        assert_eq!(lines_for(&table, seen, None), [theirs]);
        for note in table.talk().notes_since(seen) {
            let short = note.said.short.clone().unwrap_or_default();
            assert!(short.ends_with("claim of d4 lapsed"), "{short}");
            assert!(crate::text::width(&short) <= 44, "{short}");
        }
        let lines = table.log_lines(7);
        assert!(
            lines.iter().any(|l| l.ends_with(
                "game 1 ended 1/2-1/2 (the board full; bob's claim of d4 lapsed: its time \
                 ran out): ann v bob"
            )),
            "{lines:?}"
        );
        // The ratings' line, which takes the place of that line, says it first.
        let seen = table.talk().last_note();
        let (_, ended) = table.take_keep().unwrap().ended.unwrap();
        table.rated_end(&ended, &ann_1512_bob_1488());
        let rated = |to| {
            table
                .talk()
                .notes_since(seen)
                .find(|n| n.to.reaches(to))
                .map(|n| (n.said.wording(80).to_owned(), n.said.wording(44).to_owned()))
                .unwrap()
        };
        let (wide, narrow) = rated(Some(Player::Yellow));
        assert!(
            wide.starts_with("Your claim of d4 lapsed. Rated standard live: bob"),
            "{wide}"
        );
        assert_eq!(narrow, "Claim of d4 lapsed · you 1488? -12");
        let (wide, narrow) = rated(Some(Player::Blue));
        assert!(
            wide.starts_with("bob's claim of d4 lapsed. Rated standard live: ann"),
            "{wide}"
        );
        assert_eq!(narrow, "Claim of d4 lapsed · you 1512? +12");
        let (wide, narrow) = rated(None);
        assert!(
            wide.starts_with("bob's claim of d4 lapsed. Rated standard live: ann"),
            "{wide}"
        );
        assert_eq!(narrow, "Claim of d4 lapsed · ann +12 · bob -12");
    }

    /// s40 (claim48): a wrong last claim, or the claimer leaving with it open, is
    /// said first in the ratings' line that takes the place of the note that said it
    /// (as a lapse is), and in the log's end; the wrong claim still so after a restart
    /// (read from the game's record). Failed before: the ratings' line began `Rated`
    /// (the other player `bob left the table. Rated ...`) and the log said only `(the
    /// board full)`.
    #[test]
    fn a_wrong_last_claim_or_its_claimer_leaving_is_said_in_the_ratings_line_and_the_log() {
        let t0 = Instant::now();
        let rated = |table: &mut GameTable, ended: &Snapshot| {
            let seen = table.talk().last_note();
            table.rated_end(ended, &ann_1512_bob_1488());
            [Some(Player::Yellow), Some(Player::Blue), None].map(|to| {
                table
                    .talk()
                    .notes_since(seen)
                    .find(|n| n.to.reaches(to))
                    .map(|n| {
                        (
                            n.said.wording(200).to_owned(),
                            n.said.wording(44).to_owned(),
                        )
                    })
            })
        };
        // Bob claims 1 for d4's 45.
        let mut table = full_and_unclaimed(t0);
        table.take_keep();
        let mut screen = table.game().clone();
        screen.claim(1).unwrap();
        assert!(
            table
                .take_moves((Player::Yellow, table.epoch()), &screen, t0)
                .changed
        );
        assert_eq!(table.state(), TableState::Over);
        let lines = table.log_lines(7);
        assert!(
            lines.iter().any(|l| l.ends_with(
                "game 1 ended 1/2-1/2 (the board full; bob's claim of d4 was wrong): ann v bob"
            )),
            "{lines:?}"
        );
        let (_, ended) = table.take_keep().unwrap().ended.unwrap();
        let [bob, ann, watcher] = rated(&mut table, &ended);
        let (wide, narrow) = bob.unwrap();
        assert!(
            wide.starts_with("Your claim of d4 was wrong. Rated standard live: bob"),
            "{wide}"
        );
        assert_eq!(narrow, "Wrong claim of d4 · you 1488? -12");
        let (wide, narrow) = ann.unwrap();
        assert!(
            wide.starts_with("bob's claim of d4 was wrong. Rated standard live: ann"),
            "{wide}"
        );
        assert_eq!(narrow, "Wrong claim of d4 · you 1512? +12");
        let (wide, narrow) = watcher.unwrap();
        assert!(
            wide.starts_with("bob's claim of d4 was wrong. Rated standard live: ann"),
            "{wide}"
        );
        assert_eq!(narrow, "Wrong claim of d4 · ann +12 · bob -12");
        // After a restart: the game as its record keeps it.
        let text =
            super::super::game_record::table_record(&ended.seats, &ended.game, &ended.course)
                .to_string();
        let read = super::super::game_record::read_table_record(&text).unwrap();
        let mut back = GameTable::restored(read, 1, t0);
        let seen = back.talk().last_note();
        back.rated_end(&ended, &ann_1512_bob_1488());
        let said: Vec<_> = back
            .talk()
            .notes_since(seen)
            .map(|n| n.said.wording(200).to_owned())
            .collect();
        assert!(
            said.iter()
                .all(|w| w.contains("claim of d4 was wrong. Rated")),
            "{said:?}"
        );

        // Bob leaves with d4 open.
        let mut table = full_and_unclaimed(t0);
        table.take_keep();
        table.leave("SHA256:bob", t0);
        let lines = table.log_lines(7);
        assert!(
            lines.iter().any(|l| l.ends_with(
                "game 1 ended 1/2-1/2 (the board full; bob left with the claim of d4 open): \
                 ann v bob"
            )),
            "{lines:?}"
        );
        let (_, ended) = table.take_keep().unwrap().ended.unwrap();
        let [bob, ann, watcher] = rated(&mut table, &ended);
        assert_eq!(bob, None, "bob is gone");
        let (wide, narrow) = ann.unwrap();
        assert!(
            wide.starts_with("bob left with the claim of d4 open. Rated standard live: ann"),
            "{wide}"
        );
        assert_eq!(narrow, "Claim of d4 left open · you 1512? +12");
        let (wide, narrow) = watcher.unwrap();
        assert!(
            wide.starts_with("bob left with the claim of d4 open. Rated standard live: ann"),
            "{wide}"
        );
        assert_eq!(narrow, "Claim of d4 left open · ann +12 · bob -12");
    }

    /// s39: a game kept with its last claim open (a `kill -9` as it waited) comes
    /// back with the claim open, as every screen showed it, though its record reads a
    /// full board's claim as closed; the claim is taken once both are back.
    #[test]
    fn a_last_claim_open_at_a_restart_comes_back_open() {
        let t0 = Instant::now();
        let mut table = full_and_unclaimed(t0);
        let kept = table.take_keep().unwrap().snapshot;
        let text = super::super::game_record::table_record(&kept.seats, &kept.game, &kept.course)
            .to_string();
        let read = super::super::game_record::read_table_record(&text).unwrap();
        assert_eq!(
            read.1.claim_state(63),
            Some(ClaimState::Unclaimed),
            "as read"
        );
        let mut back = GameTable::restored(read, 1, t0);
        assert_eq!(back.last_claim_open(), Some(Player::Yellow));
        back.come_back("SHA256:ann", t0);
        back.come_back("SHA256:bob", t0);
        let points = back.game().last().unwrap().points;
        let mut screen = back.game().clone();
        screen.claim(points).unwrap();
        assert!(
            back.take_moves((Player::Yellow, back.epoch()), &screen, t0)
                .changed
        );
        assert_eq!(ended_result(&mut back), GameResult::YellowWins);
    }

    #[test]
    fn dropping_out_of_an_open_or_finished_table_gets_up() {
        let t0 = Instant::now();
        let mut open = GameTable::open(who("ann"), Player::Blue, Game::new(), Some("ABC".into()));
        assert_eq!(open.code(), Some("ABC"));
        open.drop_out("SHA256:ann", t0);
        assert!(open.is_empty());
        let mut over = seated(t0);
        over.request(Player::Blue, &Request::Resign, t0);
        over.drop_out("SHA256:bob", t0);
        assert_eq!(over.state(), TableState::Deserted);
        assert_eq!(over.seat_of("SHA256:bob"), None);
    }

    #[test]
    fn taking_back_returns_the_turn_to_the_asker() {
        let moves = ["b3", "c1", "a1"].map(sq);
        let mut game = Game::from_moves(moves).unwrap();
        assert_eq!(take_back(&mut game.clone(), Player::Blue), 1);
        assert_eq!(take_back(&mut game, Player::Yellow), 2);
        assert_eq!(game.len(), 1);
        assert_eq!(game.to_move(), Player::Yellow);
    }

    #[test]
    fn claims_go_to_the_table_with_the_stone() {
        let t0 = Instant::now();
        let mut table = GameTable::open(
            who("ann"),
            Player::Blue,
            Game::with_rules(Ruleset::Standard, true),
            None,
        );
        table.sit(who("bob"), t0);
        play(&mut table, &["a1", "b1", "a2", "b2", "a3", "b3", "a4"], t0);
        let mut screen = table.game().clone();
        let points = screen.last().unwrap().points;
        screen.claim(points).unwrap();
        assert!(
            table
                .take_moves((Player::Blue, table.epoch()), &screen, t0)
                .changed
        );
        assert_eq!(table.game().score(Player::Blue), points);
        // Yellow can't claim Blue's stone.
        assert!(
            !table
                .take_moves((Player::Yellow, table.epoch()), &screen, t0)
                .changed
        );
    }
}
