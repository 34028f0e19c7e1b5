//! A screen's link to a table ([`crate::ui::Link`]): a player's screen hands over its
//! own moves and claims and its requests; every screen at the table (players and
//! spectators) gets the other moves and the table's news. The table is the judge: a
//! screen whose game no longer matches it takes the table's game whole.
//!
//! Every screen sees the table's game as the store last confirmed it
//! ([`super::table::Snapshot`]), except that a player sees their own moves (and those
//! of the server's AI their screen runs) at once: a move is never shown to another
//! screen before it is on disk. The link changes the table only through the hall's
//! and the table's methods.

use std::time::{Duration, Instant};

use crate::rules::{Game, Move, Player};
use crate::session::Course;
use crate::strings::club::{self as club_words, DaysUsed};
use crate::strings::narrow;
use crate::strings::serve as serve_words;
use crate::strings::talk as words;
use crate::text;
use crate::ui::{Keyed, Link, Message, MessageKind, News, Request};

use super::hall::{At, Showing};
use super::prefs::{Pref, switch_said};
use super::shared::SharedHall;
use super::table::{GameTable, Presence, TableState, in_step};
use super::wall::CorrTime;
use super::who::{AiSeat, Who, ai_seat};

/// One screen's link to table `table`. A session's link ([`TableLink::player`],
/// [`TableLink::spectator`]), when dropped, gets the player up from the table (they
/// left it: [`Link::leave`]) or out for the grace period (their link dropped, or
/// Ctrl-c), or counts the spectator out.
#[derive(Debug)]
pub(crate) struct TableLink {
    hall: SharedHall,
    /// The hall's correspondence clock, read with no lock held ([`At`]).
    clock: CorrTime,
    table: u32,
    /// The session whose screen this is, told what it shows.
    session: Option<u64>,
    /// The player's key, or `None` for a spectator.
    key: Option<String>,
    /// The colour the player plays now (a rematch swaps it).
    seat: Option<Player>,
    /// The table's epoch this screen's game is of.
    epoch: u32,
    /// The last note and message read.
    seen_note: u64,
    seen_said: u64,
    /// What this screen was told already.
    told_undo: bool,
    told_rematch: bool,
    /// Whether the screen was last told its own rematch offer waits ([`News::RematchWaiting`]).
    told_my_rematch: bool,
    told_stop: bool,
    told_end: bool,
    /// Whether the screen was told the other player got up ([`News::OpponentLeft`]).
    told_alone: bool,
    /// The names as shown of the people seated when this screen last saw the table
    /// (not the server's AI, not this link's own player), Blue's first: once the last
    /// of them gets up the table closes, and with it [`GameTable::left_by`], so the
    /// line that it stopped names them from here (one who sat alone against the AI,
    /// or both players who left before this screen saw either go).
    seated: Vec<String>,
    watching: Option<usize>,
    /// News found while syncing, handed out with the rest.
    pending: Vec<News>,
    /// The last line about a player's link (away, back, not saved), told once.
    told: Option<Message>,
    /// At a correspondence game in play, whose move it was when `told` was last
    /// looked at: the same mover, a new line is only its time left moving.
    told_mover: Option<Player>,
    /// How many of the warnings ([`crate::server::corr::WARNINGS`]) the mover's time
    /// left had crossed when `told` was last looked at: a new one is told as news.
    told_warned: Option<usize>,
    /// Whether the screen was last told the other player is away ([`News::OpponentAway`]).
    told_away: bool,
    /// Whether the screen was last told the game is not on disk ([`News::Saved`]).
    told_unsaved: bool,
    /// A session's link acts on the table when dropped; a bare one (the tests'
    /// `TableLink::new`) not.
    attached: bool,
    /// The player chose to leave (rather than their link dropping).
    left: bool,
    /// A correspondence table.
    corr: bool,
    /// At a correspondence game with claims: the screen's game holding a stone of
    /// this player's not yet claimed, kept from the table until it is claimed or the
    /// player leaves (the claim goes with the move).
    held: Option<Game>,
    /// How many times the table's game had been adjourned for its mover's idle
    /// time-out when this screen last looked ([`GameTable::idle_adjourned`]): one more
    /// sends a player's screen back to the lobby.
    seen_idle: u64,
    /// This player's screen was sent back to the lobby by such an adjournment: the
    /// table set where each player is, and the link's drop changes nothing.
    idled_out: bool,
    /// Whether the player was told why their stone waits.
    told_held: bool,
    /// The vacation days used that the status line tells, taken from the hall until
    /// it is drawn ([`Link::shown`]), and the line's text.
    telling_days: Option<(u32, String)>,
}

/// The game a screen sees at a table.
struct View<'a> {
    game: &'a Game,
    course: &'a Course,
    epoch: u32,
    seats: &'a [Option<Who>; 2],
}

impl TableLink {
    /// `who`'s link to table `id`, where they sit, for `session`; `None` if they don't
    /// (any more).
    pub(crate) fn player(hall: &SharedHall, id: u32, who: &Who, session: u64) -> Option<TableLink> {
        let mut guard = hall.lock();
        let table = guard.table(id)?;
        let seat = table.seat_of(&who.key)?;
        let mut link = TableLink::make(
            hall.clone(),
            id,
            (Some(who.key.clone()), Some(seat)),
            table,
            guard.corr_time().clone(),
        );
        link.attached = true;
        link.session = Some(session);
        link.epoch = link.view(table).epoch;
        // Messages left while the player was away wait for them at a correspondence
        // game.
        if link.corr {
            link.seen_said = table.talk().chat.read_by(seat).min(link.seen_said);
        }
        // The lines said before, which this player saw (on another screen, or before a
        // restart): shown again where the screen shows what was said, not as news.
        let mute = guard.pref(&who.key).mute;
        link.pending
            .extend(link.earlier(table, mute).map(News::Earlier));
        guard.show(session, Showing::Table(id));
        Some(link)
    }

    /// A spectator's link to table `id` (counted in), for `session`; `None` if it is gone.
    pub(crate) fn spectator(hall: &SharedHall, id: u32, session: u64) -> Option<TableLink> {
        let mut guard = hall.lock();
        let table = guard.table(id)?;
        let clock = guard.corr_time().clone();
        let mut link = TableLink::make(hall.clone(), id, (None, None), table, clock);
        link.attached = true;
        link.session = Some(session);
        guard.watch(id, true);
        guard.show(session, Showing::Table(id));
        Some(link)
    }

    /// A bare link of `seat` (a spectator: `None`) at table `table`, which does nothing
    /// to the table when dropped (tests drive the hall themselves).
    #[cfg(test)]
    pub(crate) fn new(hall: SharedHall, table: u32, seat: Option<Player>) -> TableLink {
        let guard = hall.lock();
        let at = guard.table(table).expect("a table to link to");
        let key = seat.and_then(|s| at.seats()[s.index()].as_ref().map(|w| w.key.clone()));
        let clock = guard.corr_time().clone();
        let mut link = TableLink::make(hall.clone(), table, (key, seat), at, clock);
        link.epoch = link.view(at).epoch;
        drop(guard);
        link
    }

    /// The link of `key` at `seat` (a spectator: neither) to table `table`, `at`;
    /// `clock` is the hall's correspondence clock (fixed once the hall is open: copied
    /// under the caller's hold, read later with none).
    fn make(
        hall: SharedHall,
        table: u32,
        (key, seat): (Option<String>, Option<Player>),
        at: &GameTable,
        clock: CorrTime,
    ) -> TableLink {
        let seated = seated(at, key.as_deref());
        TableLink {
            hall,
            clock,
            table,
            session: None,
            key,
            seat,
            epoch: at.committed().epoch,
            // Messages before the screen opened are not its news.
            seen_note: at.talk().last_note(),
            seen_said: at.committed().chat.last(),
            told_undo: false,
            told_rematch: false,
            told_my_rematch: false,
            told_stop: false,
            told_end: false,
            told_alone: false,
            seated,
            watching: None,
            pending: Vec::new(),
            told: None,
            told_mover: None,
            told_warned: None,
            told_unsaved: false,
            told_away: false,
            attached: false,
            left: false,
            corr: at.is_corr(),
            held: None,
            told_held: false,
            telling_days: None,
            seen_idle: at.idle_adjourned().0,
            idled_out: false,
        }
    }

    /// Whether this is a correspondence table.
    pub(crate) fn is_corr(&self) -> bool {
        self.corr
    }

    /// The lines this player's screen reads at `table` up to the last it has seen
    /// (the other player's not if `mute`), as the screen shows them.
    fn earlier<'a>(&self, table: &'a GameTable, mute: bool) -> impl Iterator<Item = Message> + 'a {
        let (me, seen) = (self.seat, self.seen_said);
        let shown = table.committed();
        let names = names(&shown.seats, table);
        shown
            .chat
            .since(0)
            .filter(move |s| s.number <= seen && me.is_some_and(|me| s.from == me || !mute))
            .map(move |s| said(words::said(&names[s.from.index()], &s.text)))
    }

    /// At a correspondence game with claims, whether the screen's `game` ends with a
    /// stone of this player's beyond the table's game whose claim is still open: it
    /// is held until claimed, or until the player leaves (the claim goes with it).
    fn unclaimed(&self, game: &Game, table: &Game) -> bool {
        self.corr
            && game.claim_mode()
            && game.len() > table.len()
            && game.last().is_some_and(|p| Some(p.player) == self.seat)
            && game.claim_state(game.len() - 1) == Some(crate::rules::ClaimState::Pending)
    }

    /// The game this screen sees at `table`: the one the store confirmed, or, for a
    /// player, the table's own when all it adds are this screen's moves and claims,
    /// and an ending only if this screen's side lost it (its own resignation): the
    /// other side's resignation is shown once it is on disk, as a move is.
    fn view<'a>(&self, table: &'a GameTable) -> View<'a> {
        let committed = table.committed();
        let kept = View {
            game: &committed.game,
            course: &committed.course,
            epoch: committed.epoch,
            seats: &committed.seats,
        };
        let Some(seat) = self.seat else {
            return kept;
        };
        let ai = table.ai().map(|(colour, _)| colour);
        let ours = |p: Player| p == seat || Some(p) == ai;
        let ending = table.course().ending();
        let ends_ours =
            ending == committed.course.ending() || ending.is_some_and(|e| ours(e.loser()));
        if table.epoch() == committed.epoch
            && ends_ours
            && adds_only(&committed.game, table.game(), ours)
        {
            View {
                game: table.game(),
                course: table.course(),
                epoch: table.epoch(),
                seats: table.seats(),
            }
        } else {
            kept
        }
    }

    /// Rings this player's bell now if it is their move (a game that starts while they
    /// wait in the lobby) and their bell is on.
    pub(crate) fn ring_if_my_move(&mut self) {
        let hall = self.hall.lock();
        let bell = self.key.as_ref().is_some_and(|key| hall.pref(key).alerts());
        if let Some(table) = hall.table(self.table)
            && self.rings(table, &self.view(table), bell)
        {
            self.pending.push(News::Bell);
        }
    }

    /// The number of the table this screen is at.
    pub(crate) fn table(&self) -> u32 {
        self.table
    }

    /// The game the screen should open with: the table's as this screen sees it, the
    /// seats played at other terminals, the server's AI's colour and level at a game
    /// against it, and the players' names (and, at a rated game, ratings) as shown.
    pub(crate) fn game(&self) -> Option<Opening> {
        let hall = self.hall.lock();
        let table = hall.table(self.table)?;
        let view = self.view(table);
        Some(Opening {
            game: view.game.clone(),
            remote: self.remote(view.seats),
            ai: ai_seat(view.seats),
            names: names(view.seats, table),
            ratings: table.shown_ratings(view.seats),
        })
    }

    /// The seats played at other terminals, seen from this screen. A player against the
    /// server's AI plays both here: their screen runs the AI (on the server's pool).
    fn remote(&self, seats: &[Option<Who>; 2]) -> [bool; 2] {
        let mut remote = [true; 2];
        if let Some(seat) = self.seat {
            remote[seat.index()] = false;
            if let Some((ai, _)) = ai_seat(seats) {
                remote[ai.index()] = false;
            }
        }
        remote
    }

    /// The table's game, whole, for this screen to go on from.
    fn whole_game(&self, view: &View<'_>, table: &GameTable) -> News {
        News::Game {
            game: view.game.clone(),
            remote: self.remote(view.seats),
            ai: ai_seat(view.seats),
            names: names(view.seats, table),
            ratings: table.shown_ratings(view.seats),
        }
    }

    /// Whether this player wants to be told of their move (the bell or notifications,
    /// [`Pref::alerts`](super::prefs::Pref::alerts)) and it is their move at `table`.
    fn rings(&self, table: &GameTable, view: &View<'_>, bell: bool) -> bool {
        bell && table.takes_moves()
            && !view.game.is_over()
            && self.seat == Some(view.game.to_move())
    }
}

/// What a screen opens with at a table.
#[derive(Debug, Clone)]
pub(crate) struct Opening {
    /// The game as this screen sees it.
    pub(crate) game: Game,
    /// The seats played at other terminals.
    pub(crate) remote: [bool; 2],
    /// The server's AI's colour and level, at a game against it.
    pub(crate) ai: Option<AiSeat>,
    /// The players' names as shown, by [`Player::index`].
    pub(crate) names: [String; 2],
    /// At a rated game, the players' ratings as shown, by [`Player::index`].
    pub(crate) ratings: [Option<crate::rating::Shown>; 2],
}

/// The names of `seats` at `table` as shown: a seat its player got up from names
/// them still (`bob wins: alice left`, not `- left`); `-` for a seat nobody took.
fn names(seats: &[Option<Who>; 2], table: &GameTable) -> [String; 2] {
    table.names_of(seats)
}

/// Who got up from `table`'s game, leaving their seat free: the name as shown (through
/// the gate, [`GameTable::left_by`]). `None` if no seat is free with a name.
fn leaver(table: &GameTable) -> Option<&str> {
    Player::BOTH
        .into_iter()
        .filter(|p| table.seats()[p.index()].is_none())
        .find_map(|p| table.left_by(p))
}

/// The names as shown of the people seated at `table`, Blue's first: not the server's
/// AI, not `me` (a player's own key).
fn seated(table: &GameTable, me: Option<&str>) -> Vec<String> {
    table
        .seats()
        .iter()
        .flatten()
        .filter(|w| !w.is_ai() && me != Some(w.key.as_str()))
        .map(Who::display_name)
        .collect()
}

/// Whether `live` is `kept` with only stones and claims of `ours` added.
fn adds_only(kept: &Game, live: &Game, ours: impl Fn(Player) -> bool) -> bool {
    let n = kept.len();
    if live.len() < n || live.placements()[..n] != *kept.placements() {
        return false;
    }
    let mine_beyond = live.placements()[n..].iter().all(|p| ours(p.player));
    let claims_mine = (0..n)
        .all(|i| live.claim_state(i) == kept.claim_state(i) || ours(live.placements()[i].player));
    mine_beyond && claims_mine
}

impl TableLink {
    /// [`Link::sync`] at `now`, the server's time.
    pub(crate) fn sync_at(&mut self, game: &Game, now: Instant) -> Vec<Move> {
        let at = At {
            instant: now,
            wall: self.clock.wall(),
        };
        let mut hall = self.hall.lock();
        let bell = self.key.as_ref().is_some_and(|key| hall.pref(key).alerts());
        // The server's clock decides: a flag that fell ends the game for every screen.
        hall.check_flag(self.table, at);
        let Some(table) = hall.table(self.table) else {
            return Vec::new();
        };
        let view = self.view(table);
        if view.epoch != self.epoch {
            // An agreed undo or a rematch: the table's game, whole, and the seat anew.
            self.epoch = view.epoch;
            if let Some(key) = &self.key {
                self.seat = Player::BOTH.into_iter().find(|p| {
                    view.seats[p.index()]
                        .as_ref()
                        .is_some_and(|w| &w.key == key)
                });
            }
            (self.told_undo, self.told_rematch) = (false, false);
            // A rematch taken: the new game is news enough, and no offer waits.
            self.told_my_rematch = false;
            (self.told_stop, self.told_end) = (false, false);
            let whole = self.whole_game(&view, table);
            let ring = self.rings(table, &view, bell);
            self.pending.push(whole);
            if ring {
                self.pending.push(News::Bell);
            }
            return Vec::new();
        }
        // The seat's own moves and claims, and those of the server's AI it plays
        // against (this screen runs it).
        let mut handed = std::borrow::Cow::Borrowed(game);
        self.held = None;
        if self.unclaimed(game, table.game()) {
            self.held = Some(game.clone());
            if !std::mem::replace(&mut self.told_held, true) {
                self.pending.push(News::Note(Message::keyed(
                    MessageKind::Info,
                    Keyed::ClaimWithMove,
                )));
            }
            let mut without = game.clone();
            without.undo();
            handed = std::borrow::Cow::Owned(without);
        }
        let ai_moved = match self.seat {
            Some(seat) => {
                hall.take_moves(self.table, (seat, self.epoch), &handed, at)
                    .ai_moved
            }
            None => false,
        };
        if self.held.is_some() {
            // The screen is one stone ahead of the table, on purpose.
            return Vec::new();
        }
        let Some(table) = hall.table(self.table) else {
            return Vec::new();
        };
        let view = self.view(table);
        // The server's AI moved (on this screen): the player's move, their bell.
        if ai_moved && self.rings(table, &view, bell) {
            self.pending.push(News::Bell);
        }
        let news: Vec<Move> = view.game.moves().skip(game.len()).collect();
        if in_step(game, view.game, &news) {
            if !news.is_empty() && self.rings(table, &view, bell) {
                self.pending.push(News::Bell);
            }
            news
        } else if table.pending() {
            // Ahead of what is on disk, with a change on its way (an undo, a rematch):
            // the store's answer wakes this screen, which then takes the game.
            Vec::new()
        } else {
            // The screen went where the table did not follow (a move after the game
            // stopped, a claim the other player's stone overtook): the table's game.
            let whole = self.whole_game(&view, table);
            self.pending.push(whole);
            Vec::new()
        }
    }

    /// The line about the players' links for this screen, if any.
    fn presence_line(
        &self,
        table: &GameTable,
        grace: Duration,
        (now, hall_stamp): (Instant, crate::server::corr::Stamp),
    ) -> Option<Message> {
        let countdown = |since: Instant| {
            let left = grace.saturating_sub(now.saturating_duration_since(since));
            (!left.is_zero()).then_some(left)
        };
        let was_waiting = self
            .told
            .as_ref()
            .is_some_and(|m| serve_words::is_waiting(&m.text));
        match (table.state(), self.seat) {
            (TableState::Deserted, _) => None,
            (TableState::Correspondence(_), seat) => {
                let clock = table.committed().corr.as_ref()?.clock;
                let stamp = clock.seen_at(hall_stamp);
                let mover = clock.to_move();
                let left = clock.left(mover, stamp);
                let days = clock.days();
                Some(match seat {
                    Some(me) if me == mover => Message {
                        // At 44 columns the long one lost its `q: lobby`.
                        short: Some(crate::strings::club::corr_your_move_short(
                            &crate::server::corr::show(left),
                        )),
                        ..Message::keyed(MessageKind::Info, Keyed::CorrYourMove(days, left))
                    },
                    seat => {
                        let mine = seat.map(|me| clock.left(me, stamp));
                        their_move(days, &table.name(mover), left, mine)
                    }
                })
            }
            (TableState::Playing(presence), Some(seat)) => {
                let other = seat.other();
                match presence[other.index()] {
                    Presence::Dropped(since) | Presence::Left(since) => {
                        Some(match countdown(since) {
                            Some(left) => Message::keyed(
                                MessageKind::Info,
                                Keyed::WaitingFor(table.name(other), left),
                            ),
                            None => Message::keyed(
                                MessageKind::Info,
                                Keyed::Gone(table.name(other), self.table),
                            ),
                        })
                    }
                    Presence::Here if was_waiting => Some(said(serve_words::BACK)),
                    Presence::Here => table.unsaved().map(serve_words::not_saved).map(said),
                }
            }
            // Spectators are told what happens, never what only a player may do.
            (TableState::Playing(presence), None) => {
                let away = Player::BOTH
                    .into_iter()
                    .find_map(|p| presence[p.index()].since().map(|since| (p, since)));
                match away {
                    Some((p, since)) => Some(match countdown(since) {
                        Some(left) => Message::keyed(
                            MessageKind::Info,
                            Keyed::WatchedWaitingFor(table.name(p), left),
                        ),
                        None => said(serve_words::watched_gone(&table.name(p))),
                    }),
                    None if was_waiting => Some(said(serve_words::WATCHED_BACK)),
                    None => None,
                }
            }
            // Against the server's AI, always there, the game waits for its one player
            // (QA s25: `both players` at a watched game against the AI).
            (TableState::Adjourned(_), None) => Some(match table.ai() {
                Some((ai, _)) => {
                    let name = table.name(ai.other());
                    Message::with_short(
                        MessageKind::Info,
                        serve_words::watched_adjourned_for(&name),
                        serve_words::watched_adjourned_for_short(&name),
                    )
                }
                None => said(serve_words::WATCHED_ADJOURNED),
            }),
            _ => table
                .unsaved()
                .filter(|_| self.seat.is_some())
                .map(serve_words::not_saved)
                .map(said),
        }
    }
}

/// A plain line for the status line.
fn said(text: impl Into<String>) -> Message {
    Message::new(MessageKind::Info, text)
}

/// A correspondence game's line for a player waiting for `mover`'s move (`mine`: their
/// own time left) or, with no `mine`, for a spectator, with the key back to the lobby
/// (the hint line it stands in for had it). Too long for 44 columns, each
/// was shown in a box over the board until a key: its short wording fits them, the
/// mover's name cut with `…` (by display width, to 4 columns at least) before the key
/// back to the lobby goes, and that before the player's own time. Between 44 columns
/// and the long line's width, the middle wordings are those for each width there:
/// the name is cut only as far as that width needs (it was cut to fit 44 columns at
/// 60 too, where it fits whole).
pub(crate) fn their_move(days: u8, mover: &str, left: i64, mine: Option<i64>) -> Message {
    let keyed = Keyed::CorrTheirMove(days, Box::new((mover.to_owned(), left)), mine);
    let (left, mine) = (
        crate::server::corr::show(left),
        mine.map(crate::server::corr::show),
    );
    let (left, mine) = (left.as_str(), mine.as_deref());
    let narrowest = usize::from(crate::ui::MIN_WIDTH);
    let short = their_move_short(mover, left, mine, narrowest);
    let long = Message::keyed(MessageKind::Info, keyed);
    let mut middle: Vec<String> = Vec::new();
    for width in (narrowest + 1..text::width(&long.text)).rev() {
        let line = their_move_short(mover, left, mine, width);
        if line != short && middle.last() != Some(&line) {
            middle.push(line);
        }
    }
    Message {
        short: Some(short),
        middle,
        ..long
    }
}

/// [`their_move`]'s short wording for `width` columns: the first of its forms (the
/// player's time and the key back to the lobby, then without the key, then without
/// the time) with room for the mover's name whole or cut to 4 columns at least.
fn their_move_short(mover: &str, left: &str, mine: Option<&str>, width: usize) -> String {
    use crate::strings::club::corr_their_move_short;
    let parts: &[(Option<&str>, bool)] = match mine {
        Some(_) => &[(mine, true), (mine, false), (None, true), (None, false)],
        None => &[(None, true), (None, false)],
    };
    let mut short = String::new();
    for &(mine, lobby) in parts {
        let room = width.saturating_sub(text::width(&corr_their_move_short("", left, mine, lobby)));
        let name = text::fit(mover, room);
        short = corr_their_move_short(&name, left, mine, lobby);
        if text::fits(mover, room) || room >= SHORTEST_NAME {
            break;
        }
    }
    short
}

/// The fewest columns a name is cut to in [`their_move`]'s short line (`Bar…`).
const SHORTEST_NAME: usize = 4;

/// The line that tells a player of the vacation days used for them (`left` this
/// year): the lobby's words, shorter where the board's status line is narrower.
fn vacation_used(days: DaysUsed) -> Message {
    Message {
        middle: vec![club_words::vacation_used_middle(days)],
        ..Message::with_short(
            MessageKind::Info,
            club_words::vacation_used(days),
            club_words::vacation_used_short(days),
        )
    }
}

/// A plain line for the status line, as news.
fn note(text: impl Into<String>) -> News {
    News::Note(said(text))
}

impl Link for TableLink {
    fn sync(&mut self, game: &Game) -> Vec<Move> {
        let now = self.hall.lock().now();
        self.sync_at(game, now)
    }

    fn course(&mut self) -> Option<Course> {
        let hall = self.hall.lock();
        let Some(table) = hall.table(self.table) else {
            // Closed as its ended game was kept (a claimed win): the end, as kept.
            return hall
                .closed(self.table)
                .filter(|closed| closed.course.ending().is_some())
                .map(|closed| closed.course.clone());
        };
        let view = self.view(table);
        // A table without clocks or an early end leaves the screen's course alone.
        (*view.course != Course::NONE).then(|| view.course.clone())
    }

    fn request(&mut self, request: Request) {
        let (Some(key), Some(seat)) = (self.key.clone(), self.seat) else {
            return;
        };
        match request {
            Request::ToggleMute => {
                let switched = self.hall.set_pref(&key, |p| p.mute = !p.mute);
                let said = |pref: Pref| {
                    if pref.mute {
                        words::MUTED
                    } else {
                        words::UNMUTED
                    }
                };
                self.pending.push(note(switch_said(switched, said)));
            }
            Request::ToggleBell => {
                let switched = self.hall.set_pref(&key, |p| p.bell = !p.bell);
                let said = |pref: Pref| {
                    if pref.bell {
                        words::BELL_ON
                    } else {
                        words::BELL_OFF
                    }
                };
                self.pending.push(note(switch_said(switched, said)));
            }
            request => {
                let wall = self.clock.wall();
                let mut hall = self.hall.lock();
                // The hall's own monotonic clock (a test's, in tests): a read of memory.
                let instant = hall.now();
                hall.request(self.table, seat, &request, At { instant, wall });
                // The question this screen was told is answered here: asked again
                // before its next news (the other screen's `n` again), it is news again.
                match request {
                    Request::DeclineRematch => self.told_rematch = false,
                    Request::AnswerUndo(_) => self.told_undo = false,
                    _ => {}
                }
            }
        }
    }

    fn leave(&mut self) {
        self.left = true;
    }

    /// The vacation days the status line told are told once it is drawn; a line
    /// that took its place before then gives them back, for a later screen.
    fn shown(&mut self, status: Option<&Message>) {
        if let (Some((days, text)), Some(key)) = (self.telling_days.take(), &self.key) {
            let mut hall = self.hall.lock();
            if status.is_some_and(|line| line.text == text) {
                hall.days_told(key, days);
            } else {
                hall.days_untold_back(key, days);
            }
        }
    }

    fn news(&mut self) -> Vec<News> {
        let mut news = std::mem::take(&mut self.pending);
        // The wall clock, read before the hall is locked (a clock file's read is a
        // file's); the time lines count from it (`CorrClock::seen_at`).
        let wall = self.clock.wall();
        let stamp = self.clock.at(wall);
        let mut hall = self.hall.lock();
        let grace = hall.grace();
        let mute = self.key.as_ref().is_some_and(|key| hall.pref(key).mute);
        let Some(table) = hall.table(self.table) else {
            let closed = hall.closed(self.table).filter(|c| c.claimed);
            if let Some(closed) = closed.filter(|_| !self.told_stop) {
                // A win claimed closed the table as it was kept: the watcher reads it
                // with the names (the claimer stood both players up).
                self.told_stop = true;
                if let Some(ending) = closed.course.ending() {
                    let loser = ending.loser();
                    let (winner, lost) = (
                        &closed.names[loser.other().index()],
                        &closed.names[loser.index()],
                    );
                    // The winner by name wherever it fits, as the table's end notes.
                    news.push(News::Note(Message {
                        middle: vec![narrow::watched_claimed(lost, winner)],
                        ..Message::with_short(
                            MessageKind::Info,
                            serve_words::watched_claimed(winner, lost),
                            narrow::watched_claimed_short(lost),
                        )
                    }));
                } else {
                    // The claim's keep failed (s33: unnamed, `A player left the
                    // table`): both got up, by name, and the game stops.
                    let [blue, yellow] = closed.names.clone();
                    let keyed = Keyed::BothLeftStopped(blue, yellow);
                    news.push(News::Stopped(Message::keyed(MessageKind::Info, keyed)));
                }
            }
            // After the game's end (seen here, or kept as the table closed) a player
            // who gets up stops nothing: said as a leave, and the status keeps the end.
            let ended = self.told_end
                || hall
                    .closed(self.table)
                    .is_some_and(|closed| closed.course.ending().is_some());
            if ended && !self.told_stop {
                self.told_stop = true;
                for name in std::mem::take(&mut self.seated) {
                    news.push(News::Note(Message::keyed(
                        MessageKind::Info,
                        Keyed::Left(name),
                    )));
                }
            }
            if !self.told_stop {
                self.told_stop = true;
                // The table closed as its last person got up: named as this screen
                // last saw them seated (alone against the server's AI, or both
                // players, who left before this screen saw either go).
                let keyed = match std::mem::take(&mut self.seated).as_mut_slice() {
                    [one] => Keyed::LeftStopped(std::mem::take(one)),
                    [blue, yellow] => {
                        Keyed::BothLeftStopped(std::mem::take(blue), std::mem::take(yellow))
                    }
                    _ => Keyed::PlayerLeft,
                };
                news.push(News::Stopped(Message::keyed(MessageKind::Info, keyed)));
            }
            if self.seat.is_some() && !std::mem::replace(&mut self.told_alone, true) {
                news.push(News::OpponentLeft);
            }
            return news;
        };
        self.seated = seated(table, self.key.as_deref());
        // The game was adjourned for its mover's idle time-out: a player's screen goes
        // back to the lobby with the line that says why.
        let (idled, mover) = table.idle_adjourned();
        if idled > self.seen_idle {
            self.seen_idle = idled;
            if self.seat.is_some() && matches!(table.state(), TableState::Adjourned(_)) {
                self.idled_out = true;
                let name = table.name(mover);
                let idle = hall.idle_game().unwrap_or_default();
                news.push(News::Adjourned(said(serve_words::idle_adjourned(
                    self.table,
                    &name,
                    idle.as_secs(),
                ))));
                return news;
            }
        }
        // The other player got up: a player's screen offers no rematch and sends no
        // message any more.
        if self.seat.is_some()
            && table.state() == TableState::Deserted
            && !std::mem::replace(&mut self.told_alone, true)
        {
            news.push(News::OpponentLeft);
        }
        let view = self.view(table);
        if self.seat.is_some() && self.watching != Some(table.spectators()) {
            self.watching = Some(table.spectators());
            news.push(News::Watching(table.spectators()));
        }
        let talk = table.talk();
        let asked_of_me =
            |asker: Option<Player>| asker.is_some() && self.seat.is_some() && asker != self.seat;
        // A correspondence game's request waits for the other player on disk: it is
        // shown once kept, as a move is. A live game's is not kept (docs/architecture.md).
        let undo = match &table.committed().corr {
            Some(corr) => corr.undo,
            None => talk.undo,
        };
        if asked_of_me(undo) && !self.told_undo {
            news.push(News::UndoAsked);
        } else if self.told_undo && !asked_of_me(undo) && table.takes_moves() {
            // Answered (or moved past) at another screen of this seat's: the question
            // still open on this one would take a key for nothing.
            news.push(News::UndoSettled);
        }
        self.told_undo = asked_of_me(undo);
        if asked_of_me(talk.rematch) && !self.told_rematch {
            news.push(News::RematchOffered);
        }
        self.told_rematch = asked_of_me(talk.rematch);
        // This player's own offer, held by the table until answered: the screen says
        // it waits instead of offering `n: rematch` again.
        let mine = talk.rematch.is_some() && talk.rematch == self.seat;
        if mine != self.told_my_rematch {
            self.told_my_rematch = mine;
            news.push(News::RematchWaiting(mine));
        }
        match view.course.ending() {
            Some(ending) if !self.told_end => {
                self.told_end = true;
                news.push(News::Resigned(ending.loser()));
            }
            Some(_) => {}
            None => self.told_end = false,
        }
        if table.stopped() && !self.told_stop {
            self.told_stop = true;
            let keyed = match leaver(table) {
                Some(name) => Keyed::LeftStopped(name.to_owned()),
                None => Keyed::PlayerLeft,
            };
            news.push(News::Stopped(Message::keyed(MessageKind::Info, keyed)));
        } else if !table.stopped() {
            self.told_stop = false;
        }
        // A line about a change is told with it: once the store has kept it. To the
        // seat held now: after a rematch (seats swapped) this link's seat is the old
        // one until its next sync, and the line for the new Blue went to the old.
        let reader = self
            .key
            .as_deref()
            .and_then(|key| table.seat_of(key))
            .or(self.seat);
        for note in talk.notes_since(self.seen_note) {
            if note.after > table.committed_version() {
                break;
            }
            if note.to.reaches(reader) {
                news.push(News::Note(note.said.clone()));
            }
            self.seen_note = note.number;
        }
        // What was said, as on disk: no line is shown before it is kept.
        let chat = &table.committed().chat;
        let names = names(&table.committed().seats, table);
        let mut read = None;
        if let Some(me) = self.seat {
            for said in chat.since(self.seen_said) {
                if said.from == me || !mute {
                    let name = &names[said.from.index()];
                    let line = words::said(name, &said.text);
                    news.push(News::Chat(Message::new(MessageKind::Info, line)));
                }
            }
            if self.corr && chat.last() > talk.chat.read_by(me) {
                read = Some((me, chat.last()));
            }
        }
        self.seen_said = chat.last();
        // Whether the other player is away, for what leaving does (it adjourns).
        let away = match (table.state(), self.seat) {
            (TableState::Playing(presence), Some(me)) => !presence[me.other().index()].is_here(),
            _ => false,
        };
        if away != self.told_away {
            self.told_away = away;
            news.push(News::OpponentAway(away));
        }
        // Whether the game is on disk, for what the screen may promise when leaving.
        if table.unsaved().is_some() != self.told_unsaved {
            self.told_unsaved = table.unsaved().is_some();
            news.push(News::Saved(!self.told_unsaved));
        }
        let line = self.presence_line(table, grace, (hall.now(), stamp));
        let mover = corr_mover(table);
        let warned = corr_warned(table, stamp);
        if let Some(now) = line.clone().filter(|_| line != self.told) {
            if mover.is_some() {
                news.push(News::TimeLine(now.clone()));
            }
            // The same mover, the same line but its time left (past no new warning), or
            // a kept seat's countdown: the minute's or second's refresh, never over a
            // line the player has not read yet, and not said again in lines.
            let was = self.told.replace(now.clone());
            news.push(match was {
                Some(was)
                    if (mover.is_some()
                        && mover == self.told_mover
                        && warned == self.told_warned)
                        || (serve_words::is_countdown(&was.text)
                            && serve_words::is_countdown(&now.text)) =>
                {
                    News::TimeLeft { was, now }
                }
                _ => News::Note(now),
            });
        }
        self.told_mover = mover;
        self.told_warned = warned;
        // Vacation days used for this player (their time ran out, here or at another
        // correspondence game of theirs): told once, at the board too, after what else
        // is new, so that it is the status line's.
        if self.corr
            && self.seat.is_some()
            && self.telling_days.is_none()
            && let Some(key) = &self.key
            && let Some(days) = hall.take_days_untold_at(key, wall)
        {
            let message = vacation_used(days);
            self.telling_days = Some((days.used, message.text.clone()));
            news.push(News::Note(message));
        }
        drop(hall);
        // A correspondence game keeps what each player has read.
        if let Some((me, number)) = read {
            self.hall.lock().mark_read(self.table, me, number);
        }
        news
    }
}

/// Whose move it is at `table`'s correspondence game in play; `None` at any other.
fn corr_mover(table: &GameTable) -> Option<Player> {
    match table.state() {
        // A full board's last claim open is its claimer's to make (s40).
        TableState::Correspondence(_) => {
            let shown = table.committed();
            let clock = shown.corr.as_ref()?.clock;
            Some(shown.last_claim_open().unwrap_or(clock.to_move()))
        }
        _ => None,
    }
}

/// How many of the warnings ([`crate::server::corr::WARNINGS`]) the mover's time left
/// has crossed at `table`'s correspondence game in play at `stamp`; `None` at any other.
fn corr_warned(table: &GameTable, stamp: crate::server::corr::Stamp) -> Option<usize> {
    corr_mover(table)?;
    let clock = table.committed().corr.as_ref()?.clock;
    let left = clock.left(clock.to_move(), clock.seen_at(stamp));
    Some(
        crate::server::corr::WARNINGS
            .iter()
            .filter(|&&at| left < at)
            .count(),
    )
}

impl Drop for TableLink {
    fn drop(&mut self) {
        // Vacation days taken to tell and not shown: told at another screen.
        if let (Some((days, _)), Some(key)) = (self.telling_days.take(), &self.key) {
            self.hall.lock().days_untold_back(key, days);
        }
        if !self.attached {
            return;
        }
        // Read with no lock held, in case a held stone goes below.
        let wall = self.clock.wall();
        let mut hall = self.hall.lock();
        if self.idled_out {
            // The table set where each player is when it adjourned the game.
            if let Some(session) = self.session {
                hall.show(session, Showing::Lobby);
            }
            return;
        }
        if let Some(session) = self.session {
            hall.show(session, Showing::Lobby);
        }
        // A stone held for its claim goes now, without one.
        if let (Some(game), Some(seat)) = (self.held.take(), self.seat) {
            let instant = hall.now();
            hall.take_moves(self.table, (seat, self.epoch), &game, At { instant, wall });
        }
        match &self.key {
            // The link dropped (or Ctrl-c): the seat is kept for the grace period.
            Some(key) if !self.left => hall.drop_out(self.table, key),
            Some(key) => hall.leave_table(self.table, key),
            None => {
                hall.watch(self.table, false);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::rules::{Ruleset, Square};
    use std::time::Duration;

    use crate::server::who::who;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// A table with alice (Blue) and bob (Yellow), and their links.
    fn table(claims: bool) -> (SharedHall, u32, TableLink, TableLink) {
        table_in(SharedHall::default(), claims)
    }

    /// [`table`] in `hall`.
    fn table_in(hall: SharedHall, claims: bool) -> (SharedHall, u32, TableLink, TableLink) {
        let id = hall
            .lock()
            .open_public(who("alice"), Player::Blue, (Ruleset::Standard, claims));
        assert_eq!(hall.lock().sit(id, who("bob")), Some(Player::Yellow));
        let blue = TableLink::player(&hall, id, &who("alice"), 0).unwrap();
        let yellow = TableLink::player(&hall, id, &who("bob"), 0).unwrap();
        (hall, id, blue, yellow)
    }

    /// Alice's standard game (Blue, no clock) against the server's easy AI in `hall`:
    /// its table and her link.
    fn alice_against_easy_ai(hall: &SharedHall) -> (u32, TableLink) {
        let id = hall.lock().open_ai(
            who("alice"),
            Player::Blue,
            (Ruleset::Standard, false),
            Level::Easy,
            None,
        );
        let link = TableLink::player(hall, id, &who("alice"), 0).unwrap();
        (id, link)
    }

    /// QA (s25, over ssh): a spectator of a game against the server's AI whose player
    /// left it for later read `it goes on when both players are back`; the AI is
    /// always there, so it names the one player it waits for, and whole at 44
    /// columns. Fails on the old code (`both players`).
    #[test]
    fn a_watched_game_against_the_ai_waits_for_its_one_player() {
        let hall = SharedHall::default();
        let (id, mut alice) = alice_against_easy_ai(&hall);
        let mut carol = TableLink::spectator(&hall, id, 1).unwrap();
        carol.news();
        alice.leave();
        drop(alice);
        assert!(matches!(
            hall.lock().tables()[&id].state(),
            TableState::Adjourned(_)
        ));
        let told: Vec<Message> = carol
            .news()
            .into_iter()
            .filter_map(|n| match n {
                News::Note(said) => Some(said),
                _ => None,
            })
            .collect();
        let last = told.last().expect("a line for the spectator");
        assert_eq!(last.text, serve_words::watched_adjourned_for("alice"));
        assert_eq!(
            last.text,
            "The game is adjourned: it goes on when alice is back"
        );
        let longest = serve_words::watched_adjourned_for_short(&"m".repeat(16));
        assert!(text::width(&longest) <= 44, "{longest}");
        assert_eq!(last.short.as_deref(), Some("Adjourned until alice is back"));
    }

    /// Against the server's AI the bell rings on the player's move, after the AI's
    /// (made on the player's own screen), and not after the player's own; off, never.
    #[test]
    fn the_bell_rings_after_the_server_s_ai_moves() {
        let hall = SharedHall::default();
        let (id, mut link) = alice_against_easy_ai(&hall);
        link.news();
        let (b3, c1, a1) = (sq("b3"), sq("c1"), sq("a1"));
        assert!(link.sync(&Game::from_moves([b3]).unwrap()).is_empty());
        assert!(!link.news().contains(&News::Bell), "not after her own move");
        assert!(link.sync(&Game::from_moves([b3, c1]).unwrap()).is_empty());
        assert_eq!(hall.lock().tables()[&id].game().len(), 2);
        assert!(link.news().contains(&News::Bell), "after the AI's");
        // The bell off, notifications on: still told (the screen leaves out the bell).
        link.request(Request::ToggleBell);
        link.news();
        assert!(
            link.sync(&Game::from_moves([b3, c1, a1, c1]).unwrap())
                .is_empty()
        );
        assert_eq!(hall.lock().tables()[&id].game().len(), 4);
        assert!(link.news().contains(&News::Bell), "notifications are on");
        // Both off: not told.
        hall.lock()
            .set_pref(&who("alice").key, |p| p.notify = false);
        let d1 = sq("d1");
        assert!(
            link.sync(&Game::from_moves([b3, c1, a1, c1, d1, c1]).unwrap())
                .is_empty()
        );
        assert_eq!(hall.lock().tables()[&id].game().len(), 6);
        assert!(
            !link.news().contains(&News::Bell),
            "the bell and notifications are off"
        );
    }

    /// A screen learns when its game is not on disk, once, and when it is again.
    #[test]
    fn the_screen_is_told_whether_the_game_is_on_disk() {
        let hall = SharedHall::default();
        let (_, mut link) = alice_against_easy_ai(&hall);
        let saved = |news: Vec<News>| -> Vec<bool> {
            news.iter()
                .filter_map(|n| match n {
                    News::Saved(saved) => Some(*saved),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(saved(link.news()), Vec::<bool>::new());
        // The next move can't be kept: the screen is told (and the move goes back).
        hall.lock().fail_keeps(Some("disk full"));
        link.sync(&Game::from_moves([sq("a1")]).unwrap());
        assert_eq!(saved(link.news()), [false]);
        assert_eq!(saved(link.news()), Vec::<bool>::new(), "told once");
        hall.lock().fail_keeps(None);
        link.sync(&Game::new());
        link.sync(&Game::from_moves([sq("a1")]).unwrap());
        assert_eq!(saved(link.news()), [true]);
    }

    fn notes(news: &[News]) -> Vec<String> {
        news.iter()
            .filter_map(|n| match n {
                News::Note(said) | News::Chat(said) => Some(said.text.clone()),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn two_players_share_one_game_and_each_plays_only_their_colour() {
        let (hall, id, mut blue, mut yellow) = table(false);
        assert_eq!(
            TableLink::player(&hall, id, &who("carol"), 0).map(|_| ()),
            None
        );
        let (b3, c1) = (sq("b3"), sq("c1"));
        // Yellow can't move first: its screen is put back to the table's game.
        assert_eq!(yellow.sync(&Game::from_moves([c1]).unwrap()), Vec::new());
        assert_eq!(hall.lock().tables()[&id].game().len(), 0);
        assert!(matches!(yellow.news()[..], [News::Game { .. }, ..]));
        // Blue's move reaches Yellow (with the bell), and Yellow's reply reaches Blue.
        let blue_game = Game::from_moves([b3]).unwrap();
        assert!(blue.sync(&blue_game).is_empty());
        assert_eq!(yellow.sync(&Game::new()), vec![b3]);
        assert!(yellow.news().contains(&News::Bell));
        let yellow_game = Game::from_moves([b3, c1]).unwrap();
        assert!(yellow.sync(&yellow_game).is_empty());
        assert_eq!(blue.sync(&blue_game), vec![c1]);
        // Blue can't play Yellow's move.
        let cheat = Game::from_moves([b3, c1, c1, c1]).unwrap();
        blue.sync(&cheat);
        assert_eq!(hall.lock().tables()[&id].game().len(), 3);
        // Bell and notifications off: not told of the next move.
        yellow.news();
        yellow.request(Request::ToggleBell);
        assert_eq!(notes(&yellow.news()), [words::BELL_OFF]);
        hall.lock().set_pref(&who("bob").key, |p| p.notify = false);
        assert_eq!(yellow.sync(&yellow_game), vec![c1]);
        assert!(!yellow.news().contains(&News::Bell));
        // Yellow leaves (q, not a dropped link): Blue is told once, by name, and no
        // more moves are taken.
        blue.news();
        yellow.leave();
        drop(yellow);
        let told = blue.news();
        assert!(
            told.iter().any(|n| matches!(n, News::Stopped(said)
                if said.keyed == Some(Keyed::LeftStopped("bob".to_owned())))),
            "{told:?}"
        );
        assert!(blue.news().is_empty());
        let on = Game::from_moves([b3, c1, c1, b3]).unwrap();
        blue.sync(&on);
        assert_eq!(hall.lock().tables()[&id].game().len(), 3);
    }

    /// s21 (srvleft) left this: a spectator of a game against the server's AI read
    /// the unnamed "A player left the table" when its player got up from it (here
    /// after resigning: a game in play is adjourned instead), as the table closed at
    /// once and its `left_by` with it. QA s32: the game had ended (she resigned), so
    /// her leaving stops nothing: `alice left the table`, not `the game stops here`
    /// (the watcher's status then lost the end's names at 44 columns).
    #[test]
    fn a_spectator_is_told_who_left_a_game_against_the_ai() {
        let hall = SharedHall::default();
        let (id, mut alice) = alice_against_easy_ai(&hall);
        alice.sync(&Game::from_moves([sq("b3")]).unwrap());
        let mut carol = TableLink::spectator(&hall, id, 1).unwrap();
        carol.news();
        alice.request(Request::Resign);
        assert!(hall.lock().table(id).is_some_and(GameTable::is_over));
        carol.news();
        alice.leave();
        drop(alice);
        assert!(hall.lock().table(id).is_none(), "the table closed");
        let told = carol.news();
        assert!(
            told.iter().any(|n| matches!(n, News::Note(said)
                if said.keyed == Some(Keyed::Left("alice".to_owned())))),
            "{told:?}"
        );
        assert!(
            !told.iter().any(|n| matches!(n, News::Stopped(_))),
            "{told:?}"
        );
        assert!(carol.news().is_empty(), "told once");
    }

    /// QA s32: after a finished game a watcher was told nothing when one player got
    /// up and the other stayed (the player who stayed was told). Now both are, by
    /// name, once; the other's leave at the table's close is said as before.
    #[test]
    fn a_spectator_is_told_who_got_up_after_the_end_while_the_other_stays() {
        let (hall, id, mut blue, mut yellow) = table(false);
        blue.sync(&Game::from_moves([sq("b3")]).unwrap());
        let mut carol = TableLink::spectator(&hall, id, 1).unwrap();
        carol.news();
        yellow.request(Request::Resign);
        assert!(hall.lock().table(id).is_some_and(GameTable::is_over));
        carol.news();
        yellow.leave();
        drop(yellow);
        assert!(hall.lock().table(id).is_some(), "alice is still there");
        let left = |name: &str| Keyed::Left(name.to_owned());
        let notes = |told: &[News], keyed: &Keyed| {
            told.iter()
                .filter(|n| matches!(n, News::Note(said) if said.keyed.as_ref() == Some(keyed)))
                .count()
        };
        let told = carol.news();
        assert_eq!(notes(&told, &left("bob")), 1, "{told:?}");
        assert!(
            !told.iter().any(|n| matches!(n, News::Stopped(_))),
            "{told:?}"
        );
        let told = blue.news();
        assert_eq!(notes(&told, &left("bob")), 1, "{told:?}");
        blue.leave();
        drop(blue);
        assert!(hall.lock().table(id).is_none(), "the table closed");
        let told = carol.news();
        assert_eq!(notes(&told, &left("alice")), 1, "{told:?}");
        assert_eq!(notes(&told, &left("bob")), 0, "{told:?}");
        assert!(carol.news().is_empty(), "told once");
    }

    /// s33 (srv37 left it): a claim whose keep failed still closed the table, and its
    /// watcher read the unnamed `A player left the table: the game stops here` (no
    /// ending kept, no names): both players are named, once, and nothing says a win
    /// that is not on disk. Fails on the old code (`PlayerLeft`).
    #[test]
    fn a_watcher_of_a_claim_not_kept_is_told_both_names() {
        use std::sync::{Arc, Mutex};
        let hall = super::super::hall::Hall::new(Duration::ZERO, false);
        let hall = SharedHall::from_parts(Arc::new(Mutex::new(hall)), None);
        let (hall, id, mut blue, yellow) = table_in(hall, false);
        blue.sync(&Game::from_moves([sq("b3")]).unwrap());
        let mut carol = TableLink::spectator(&hall, id, 1).unwrap();
        carol.news();
        hall.lock().drop_out(id, "SHA256:bob");
        hall.lock().leave_table(id, "SHA256:alice");
        drop((blue, yellow));
        carol.news();
        hall.lock().fail_keeps(Some("disk full"));
        assert_eq!(hall.lock().claim(id, "SHA256:alice"), Ok(()));
        assert!(hall.lock().table(id).is_none(), "the table closed");
        assert!(carol.course().is_none(), "no end was kept");
        let told = carol.news();
        let both = Keyed::BothLeftStopped("alice".to_owned(), "bob".to_owned());
        let stops: Vec<_> = told
            .iter()
            .filter_map(|n| match n {
                News::Stopped(said) => Some(said.keyed.clone()),
                _ => None,
            })
            .collect();
        assert_eq!(stops, [Some(both)], "{told:?}");
        assert!(!told.iter().any(|n| matches!(n, News::Note(_))), "{told:?}");
        assert!(carol.news().is_empty(), "told once");
    }

    /// s22 (srvspec) left this: a spectator whose screen caught up only once both
    /// players had left read the unnamed "A player left the table": the table had
    /// closed, and its `left_by` with it, and the link had seen two people seated.
    /// It names both now (Blue first), once.
    #[test]
    fn a_spectator_who_catches_up_after_both_players_left_is_told_both_names() {
        let (hall, id, mut blue, mut yellow) = table(false);
        blue.sync(&Game::from_moves([sq("b3")]).unwrap());
        let mut carol = TableLink::spectator(&hall, id, 1).unwrap();
        carol.news();
        yellow.leave();
        drop(yellow);
        blue.leave();
        drop(blue);
        assert!(hall.lock().table(id).is_none(), "the table closed");
        let told = carol.news();
        let both = Keyed::BothLeftStopped("alice".to_owned(), "bob".to_owned());
        assert!(
            told.iter()
                .any(|n| matches!(n, News::Stopped(said) if said.keyed == Some(both.clone()))),
            "{told:?}"
        );
        assert!(carol.news().is_empty(), "told once");
        // One who saw bob go first was told his name then, and no more at the close.
        let (hall, id, mut blue, mut yellow) = table(false);
        let mut dan = TableLink::spectator(&hall, id, 2).unwrap();
        dan.news();
        yellow.leave();
        drop(yellow);
        let told = dan.news();
        assert!(
            told.iter().any(|n| matches!(n, News::Stopped(said)
                if said.keyed == Some(Keyed::LeftStopped("bob".to_owned())))),
            "{told:?}"
        );
        blue.leave();
        drop(blue);
        assert!(hall.lock().table(id).is_none(), "the table closed");
        assert!(dan.news().is_empty(), "{:?}", dan.news());
    }

    /// QA (lineserve2): back at a game she left, alice heard her own seat named `-`
    /// (`bob wins: - left`, `Blue: -`): a seat its player got up from names them, for
    /// every screen of that game.
    #[test]
    fn a_seat_its_player_left_still_names_them() {
        let (hall, id, mut blue, _yellow) = table(false);
        blue.sync(&Game::from_moves([sq("a1")]).unwrap());
        blue.leave();
        drop(blue);
        assert_eq!(hall.lock().tables()[&id].seats()[0], None, "alice got up");
        let back = TableLink::spectator(&hall, id, 1).unwrap();
        let names = back.game().unwrap().names;
        assert_eq!(names, ["alice".to_owned(), "bob".to_owned()]);
    }

    /// QA (lineserve2): a dropped player's countdown came as a new line each second
    /// (`waiting for alice (0:05)`, `(0:04)`...), said each time in lines: it is news
    /// when it starts and when it ends, a refresh in between.
    #[test]
    fn a_dropped_player_s_countdown_is_news_once_then_refreshes() {
        let hall = SharedHall::in_memory(Duration::from_secs(60));
        let start = Instant::now();
        let by = std::sync::Arc::new(std::sync::Mutex::new(Duration::ZERO));
        let moved = by.clone();
        hall.lock()
            .set_clock(std::sync::Arc::new(move || start + *moved.lock().unwrap()));
        let (_hall, id, mut blue, _yellow) = table_in(hall.clone(), false);
        blue.news();
        hall.lock().drop_out(id, &who("bob").key);
        let kinds = |link: &mut TableLink| -> Vec<(&'static str, String)> {
            link.news()
                .into_iter()
                .filter_map(|n| match n {
                    News::Note(m) => Some(("news", m.text)),
                    News::TimeLeft { now, .. } => Some(("refresh", now.text)),
                    _ => None,
                })
                .collect()
        };
        assert_eq!(
            kinds(&mut blue),
            [("news", "waiting for bob (1:00)".to_owned())]
        );
        *by.lock().unwrap() = Duration::from_secs(1);
        assert_eq!(
            kinds(&mut blue),
            [("refresh", "waiting for bob (0:59)".to_owned())]
        );
        *by.lock().unwrap() = Duration::from_secs(61);
        let gone = kinds(&mut blue);
        assert_eq!(gone.len(), 1, "{gone:?}");
        assert_eq!(gone[0].0, "news", "{gone:?}");
    }

    /// QA (lineserve2): with bob gone, alice's `quit` asked "The game stops here for
    /// both players (a rated game is lost, as abandoned)", though leaving adjourns it:
    /// her screen is told while he is away, and leaves without that question.
    #[test]
    fn a_player_s_screen_is_told_while_the_other_is_away() {
        let (hall, id, mut blue, _yellow) = table(false);
        blue.sync(&Game::from_moves([sq("a1")]).unwrap());
        assert!(!blue.news().contains(&News::OpponentAway(true)));
        hall.lock().drop_out(id, &who("bob").key);
        assert!(blue.news().contains(&News::OpponentAway(true)));
        assert!(
            !blue.news().contains(&News::OpponentAway(true)),
            "told once"
        );
        hall.lock().return_to_seat(&who("bob").key);
        assert!(blue.news().contains(&News::OpponentAway(false)));
        // Her screen leaves without the question then.
        let mut app = crate::ui::App::with_game(
            crate::session::GameConfig::default(),
            Game::from_moves([sq("a1")]).unwrap(),
        )
        .served([false, true]);
        let _ = app.table_news(News::OpponentAway(true));
        let quit = ratatui::crossterm::event::KeyEvent::from(
            ratatui::crossterm::event::KeyCode::Char('q'),
        );
        let _ = app.handle(crate::ui::Input::Key(quit));
        assert_eq!(app.overlay(), crate::ui::Overlay::None);
        assert!(app.should_quit());
    }

    #[test]
    fn undo_is_asked_and_answered() {
        let (hall, id, mut blue, mut yellow) = table(false);
        let moves = [sq("a1"), sq("b1"), sq("c1")];
        let game = Game::from_moves(moves).unwrap();
        blue.sync(&Game::from_moves([moves[0]]).unwrap());
        yellow.sync(&Game::from_moves(moves[..2].iter().copied()).unwrap());
        blue.sync(&game);
        assert_eq!(hall.lock().tables()[&id].game().len(), 3);
        blue.news();
        yellow.news();
        // Yellow asks after Blue's reply: Blue is asked once, refuses, Yellow is told.
        yellow.request(Request::Undo);
        assert!(blue.news().contains(&News::UndoAsked));
        assert!(!blue.news().contains(&News::UndoAsked));
        blue.request(Request::AnswerUndo(false));
        assert_eq!(notes(&yellow.news()), [words::undo_refused("alice")]);
        assert_eq!(hall.lock().tables()[&id].game().len(), 3);
        // Asked again and agreed: Yellow's b1 and Blue's c1 go; both screens take the game.
        yellow.request(Request::Undo);
        blue.news();
        blue.request(Request::AnswerUndo(true));
        assert_eq!(hall.lock().tables()[&id].game().len(), 1);
        // Alice, who agreed, reads it as hers (QA s28: she read `alice agreed`).
        let (hers, theirs) = (words::you_agreed_undo(2), words::undo_agreed("alice", 2));
        for (link, said, unsaid) in [(&mut blue, &hers, &theirs), (&mut yellow, &theirs, &hers)] {
            assert!(link.sync(&game).is_empty());
            let news = link.news();
            assert!(
                news.iter()
                    .any(|n| matches!(n, News::Game { game, .. } if game.len() == 1)),
                "{news:?}"
            );
            let notes = notes(&news);
            assert!(notes.contains(said) && !notes.contains(unsaid), "{notes:?}");
        }
        // An answer nobody asked for changes nothing.
        yellow.request(Request::AnswerUndo(true));
        assert_eq!(hall.lock().tables()[&id].game().len(), 1);
    }

    /// s27 (srv29): a rematch offered again, or a take-back asked again, between this
    /// screen's no and its next news (the other screen's `n` pressed again while its
    /// offer waited) was never told: the link still counted the first as told, and the
    /// question, closed by the no, stayed closed. It is told.
    #[test]
    fn an_offer_or_undo_asked_again_right_after_a_no_is_told() {
        let (_hall, _id, mut blue, mut yellow) = table(false);
        let moves = [sq("a1"), sq("b1"), sq("c1")];
        blue.sync(&Game::from_moves([moves[0]]).unwrap());
        yellow.sync(&Game::from_moves(moves[..2].iter().copied()).unwrap());
        blue.news();
        yellow.request(Request::Undo);
        assert!(blue.news().contains(&News::UndoAsked));
        blue.request(Request::AnswerUndo(false));
        yellow.request(Request::Undo);
        let told = blue.news();
        assert!(told.contains(&News::UndoAsked), "asked again: {told:?}");
        blue.request(Request::AnswerUndo(false));
        yellow.request(Request::Resign);
        yellow.news();
        blue.news();
        blue.request(Request::Rematch);
        assert!(yellow.news().contains(&News::RematchOffered));
        yellow.request(Request::DeclineRematch);
        blue.request(Request::Rematch);
        let told = yellow.news();
        assert!(
            told.contains(&News::RematchOffered),
            "offered again: {told:?}"
        );
    }

    /// The other player's resignation reaches a screen only once the store kept it
    /// (a hall whose store never answers: nothing is kept).
    #[test]
    fn a_resignation_is_shown_to_the_other_player_only_once_kept() {
        let hall = SharedHall::from_parts(
            std::sync::Arc::new(std::sync::Mutex::new(super::super::hall::Hall::new(
                Duration::from_secs(60),
                true,
            ))),
            None,
        );
        let (hall, id, mut blue, mut yellow) = table_in(hall, false);
        blue.news();
        yellow.request(Request::Resign);
        assert!(
            hall.lock().tables()[&id].course().ending().is_some(),
            "the table has ended"
        );
        let told = blue.news();
        assert!(!told.contains(&News::Resigned(Player::Yellow)), "{told:?}");
        // The one who resigned sees it at once, as their own moves.
        assert!(yellow.news().contains(&News::Resigned(Player::Yellow)));
    }

    /// QA (serveqa4): after the other player got up from a finished game, a line
    /// typed was echoed back as if said to them. It is not kept, and the player is
    /// told it was not delivered.
    #[test]
    fn a_line_said_after_the_other_player_got_up_is_not_delivered() {
        let (_hall, _id, mut blue, mut yellow) = table(false);
        blue.sync(&Game::from_moves([sq("a1")]).unwrap());
        yellow.request(Request::Resign);
        blue.news();
        yellow.leave();
        drop(yellow);
        let told = blue.news();
        assert!(notes(&told).iter().any(|t| t.contains("left")), "{told:?}");
        blue.request(Request::Say("gg".into()));
        let told = blue.news();
        assert!(!told.iter().any(|n| matches!(n, News::Chat(_))), "{told:?}");
        assert_eq!(notes(&told), [words::NOT_DELIVERED]);
        // Away from a live game (their link dropped): not delivered either.
        let (hall, id, mut blue, _yellow) = table(false);
        blue.sync(&Game::from_moves([sq("a1")]).unwrap());
        blue.news();
        hall.lock().drop_out(id, &who("bob").key);
        blue.news();
        blue.request(Request::Say("still there?".into()));
        let told = blue.news();
        assert!(!told.iter().any(|n| matches!(n, News::Chat(_))), "{told:?}");
        assert!(
            notes(&told).contains(&words::not_delivered_away("bob")),
            "{told:?}"
        );
    }

    #[test]
    fn resign_then_a_rematch_with_colours_swapped() {
        let (hall, id, mut blue, mut yellow) = table(false);
        let mut carol = TableLink::spectator(&hall, id, 1).unwrap();
        blue.sync(&Game::from_moves([sq("a1")]).unwrap());
        // No rematch before the end.
        blue.request(Request::Rematch);
        assert!(!yellow.news().contains(&News::RematchOffered));
        yellow.request(Request::Resign);
        let told = blue.news();
        assert!(told.contains(&News::Resigned(Player::Yellow)), "{told:?}");
        // To the winner in the second person (s35: `bob resigned: alice wins`).
        assert!(notes(&told).contains(&"bob resigned: you win".to_owned()));
        assert!(
            !blue.news().contains(&News::Resigned(Player::Yellow)),
            "told once"
        );
        // Nothing more is played.
        yellow.sync(&Game::from_moves([sq("a1"), sq("b2")]).unwrap());
        assert_eq!(hall.lock().tables()[&id].game().len(), 1);
        yellow.news();
        blue.request(Request::Rematch);
        assert!(yellow.news().contains(&News::RematchOffered));
        // Alice's own offer waits, told her once (her status line says so, srv28);
        // declined, it waits no more; offered again, it waits again.
        let told = blue.news();
        assert!(told.contains(&News::RematchWaiting(true)), "{told:?}");
        assert!(
            !blue.news().contains(&News::RematchWaiting(true)),
            "told once"
        );
        yellow.request(Request::DeclineRematch);
        yellow.news();
        let told = blue.news();
        assert!(told.contains(&News::RematchWaiting(false)), "{told:?}");
        // The decline's note comes in the same batch (s31, line30's question): the line
        // mode says `new offers a rematch` with it, never after it in a later one.
        assert!(
            notes(&told).contains(&words::rematch_declined("bob")),
            "{told:?}"
        );
        blue.request(Request::Rematch);
        assert!(blue.news().contains(&News::RematchWaiting(true)));
        assert!(yellow.news().contains(&News::RematchOffered));
        yellow.request(Request::Rematch);
        // Taken: the offer waits no more (the new game comes with the next sync).
        let told = blue.news();
        assert!(told.contains(&News::RematchWaiting(false)), "{told:?}");
        let table = hall.lock().tables()[&id].clone();
        assert_eq!(table.seat_of("SHA256:bob"), Some(Player::Blue));
        assert_eq!(table.game().len(), 0);
        assert!(!table.stopped());
        let old = Game::from_moves([sq("a1")]).unwrap();
        yellow.sync(&old);
        let news = yellow.news();
        assert!(
            news.contains(&News::Game {
                game: Game::new(),
                remote: [false, true],
                ai: None,
                names: ["bob".into(), "alice".into()],
                ratings: [None; 2],
            }),
            "bob now plays Blue: {news:?}"
        );
        assert!(news.contains(&News::Bell), "bob's move: {news:?}");
        // Bob reads that he plays Blue as his (QA s28: he read his own name); Alice
        // and the spectator read his name.
        let (his, theirs) = (
            words::YOU_PLAY_BLUE.to_string(),
            words::rematch_started("bob"),
        );
        assert!(notes(&news).contains(&his), "{news:?}");
        assert!(!notes(&news).contains(&theirs), "{news:?}");
        // Alice read it with the rematch's news, before her next sync: to her seat
        // now, Yellow (it went to her old seat, Blue, with the new Blue's words).
        blue.sync(&old);
        let alice = [notes(&told), notes(&blue.news())].concat();
        let carol = notes(&carol.news());
        for read in [alice, carol] {
            assert!(read.contains(&theirs) && !read.contains(&his), "{read:?}");
        }
        // And Blue's moves are bob's now.
        yellow.sync(&Game::from_moves([sq("d4")]).unwrap());
        assert_eq!(hall.lock().tables()[&id].game().len(), 1);
    }

    #[test]
    fn messages_reach_the_other_player_unless_muted_and_spectators_count() {
        let (hall, id, mut blue, mut yellow) = table(false);
        let mut carol = TableLink::spectator(&hall, id, 0).unwrap();
        assert!(blue.news().contains(&News::Watching(1)));
        blue.request(Request::Say("hi \u{1b}[2Jbob".into()));
        let heard = notes(&yellow.news());
        assert_eq!(heard.len(), 1);
        assert!(heard[0].starts_with("alice: hi ") && heard[0].ends_with("bob"));
        assert!(!heard[0].contains('\u{1b}'), "{heard:?}");
        assert!(notes(&carol.news()).is_empty(), "spectators don't hear");
        yellow.request(Request::ToggleMute);
        assert_eq!(notes(&yellow.news()), [words::MUTED]);
        blue.request(Request::Say("still there?".into()));
        assert!(notes(&yellow.news()).is_empty());
        // Blue sees their own lines; a fourth in ten seconds is refused.
        let own = notes(&blue.news());
        assert_eq!(own.len(), 2, "{own:?}");
        blue.request(Request::Say("3".into()));
        blue.request(Request::Say("4".into()));
        assert!(notes(&blue.news()).contains(&words::TOO_FAST.to_owned()));
        drop(carol);
        assert!(blue.news().contains(&News::Watching(0)));
    }

    #[test]
    fn a_claim_goes_to_the_table_and_the_other_screen_takes_it() {
        let (hall, id, mut blue, mut yellow) = table(true);
        // a1 b1 a2 b2 a3 b3 a4: Blue's a4 fills column a's section 1.
        let squares = ["a1", "b1", "a2", "b2", "a3", "b3", "a4"].map(sq);
        let mut game = Game::with_rules(Ruleset::Standard, true);
        for (k, square) in squares.iter().enumerate() {
            game.play(*square).unwrap();
            let link = if k % 2 == 0 { &mut blue } else { &mut yellow };
            link.sync(&game);
        }
        let points = game.last().unwrap().points;
        assert!(points > 0);
        game.claim(points).unwrap();
        blue.sync(&game);
        let at_table = hall.lock().tables()[&id].game().clone();
        assert_eq!(at_table.score(Player::Blue), points);
        // Yellow's screen, a stone behind, takes the claimed stone.
        let mut yellow_game = Game::with_rules(Ruleset::Standard, true);
        for square in &squares[..6] {
            yellow_game.play(*square).unwrap();
        }
        let news = yellow.sync(&yellow_game);
        assert!(news.is_empty(), "{news:?}");
        assert!(
            yellow.news().iter().any(
                |n| matches!(n, News::Game { game, .. } if game.score(Player::Blue) == points)
            )
        );
    }

    /// The line mode's `did not come back` line names the table's number in its
    /// command (`win 3`): it said `win N`, though the table is known (QA s32).
    #[test]
    fn the_line_mode_s_gone_line_names_the_table_to_claim_at() {
        let hall = SharedHall::in_memory(Duration::ZERO);
        let _ = hall
            .lock()
            .open_public(who("dave"), Player::Blue, (Ruleset::Standard, false));
        let id = hall
            .lock()
            .open_public(who("alice"), Player::Blue, (Ruleset::Standard, false));
        hall.lock().sit(id, who("bob"));
        let mut bob = TableLink::player(&hall, id, &who("bob"), 0).unwrap();
        bob.news();
        hall.lock().drop_out(id, "SHA256:alice");
        let said: Vec<String> = bob
            .news()
            .into_iter()
            .filter_map(|n| match n {
                News::Note(said) => Some(said.line_words().into_owned()),
                _ => None,
            })
            .collect();
        let claim = format!("then win {id} in the lobby claims the win");
        assert!(
            id > 1 && said.iter().any(|l| l.ends_with(&claim)),
            "{said:?}"
        );
    }

    /// Issue 26, defect 9 (failed before: spectators read "Your opponent is back", the
    /// "w in the lobby claims the win" line, and "waiting for alice" after she
    /// adjourned): spectators are told what happens, never what only a player may do.
    #[test]
    fn spectators_get_no_player_s_lines() {
        let hall = SharedHall::in_memory(Duration::ZERO);
        let id = hall
            .lock()
            .open_public(who("alice"), Player::Blue, (Ruleset::Standard, false));
        hall.lock().sit(id, who("bob"));
        let mut carol = TableLink::spectator(&hall, id, 0).unwrap();
        let mut bob = TableLink::player(&hall, id, &who("bob"), 0).unwrap();
        carol.news();
        bob.news();
        hall.lock().drop_out(id, "SHA256:alice");
        let for_bob = notes(&bob.news());
        assert_eq!(for_bob, [serve_words::gone("alice", id)]);
        let for_carol = notes(&carol.news());
        assert_eq!(for_carol, [serve_words::watched_gone("alice")]);
        assert!(!for_carol[0].contains("lobby"), "{for_carol:?}");
        assert_eq!(
            hall.lock().return_to_seat("SHA256:alice"),
            Some((id, Player::Blue))
        );
        assert_eq!(notes(&bob.news()), [serve_words::BACK]);
        assert_eq!(notes(&carol.news()), [serve_words::WATCHED_BACK]);
        // Alice drops, bob adjourns on purpose: carol is not told to wait for anyone.
        hall.lock().drop_out(id, "SHA256:alice");
        bob.leave();
        drop(bob);
        let for_carol = notes(&carol.news());
        assert_eq!(
            for_carol.last().map(String::as_str),
            Some(serve_words::WATCHED_ADJOURNED)
        );
        assert!(
            for_carol.iter().all(|n| !n.starts_with("waiting for")),
            "{for_carol:?}"
        );
    }
}
