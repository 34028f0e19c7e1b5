//! One connection's session, on a thread of its own: the lobby is a screen of the
//! game's one event loop (`ui::run_served`), and the games it opens run on the same
//! loop. [`LobbyHost`] is the lobby as the loop sees it (`ui::Lobby`): the pure
//! [`LobbyState`], and what its choices do to the shared hall.

use std::io::Write;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::Context;
use ratatui::Terminal;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{
    DisableFocusChange, DisableMouseCapture, EnableFocusChange, EnableMouseCapture,
};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::ai::Seat;
use crate::rules::Ruleset;
use crate::session::{GameConfig, fresh_seed};
use crate::strings::serve as words;
use crate::ui::{
    App, Effect, Effects, Inbox, Input, KeyContext, Keyed, LineFace, LineInput, Link, Lobby, Look,
    Message, Wording, run_served,
};

use super::ask::Ask;
use super::backend::SshBackend;
use super::club::{Board, EndHow, EndUntold, Speed};
use super::corr::Stamp;
use super::hall::Found;
use super::hall::{Capped, NewTable, Terms};
use super::link::TableLink;
use super::listing::{Listing, Row, seen_by};
use super::lobby::{
    Choice, LobbyState, LobbyView, NewGame, Opponent, Waiting, history_lines, table_codes,
    unfinished,
};
use super::outside::safe_text;
use super::prefs::{Pref, switch_said};
use super::reviewer::{Asked, Reviewer};
use super::shared::SharedHall;
use super::standings::{BoardView, ClubChoice, ClubView, IN_PLAY_SHOWN, InPlay, ProfileView};
use super::store::club as club_store;
use super::table::{Back, GameTable, NoClaim, TableState};
use super::talk::typed_code;
use super::wall::CorrTime;
use super::who::Who;
use crate::record::Termination;
use crate::strings::club as club_words;
use crate::ui::{NewsWaker, ReplayState, ServedReview};

/// How many of a player's public correspondence games `f name` lists at most (the
/// newest tables): enough to pick one to watch, not a page of thousands.
const LOOKED_UP_ROWS: usize = 10;

/// How long until a time left of `left` seconds reads otherwise as a row shows it
/// ([`club_words::corr_time`]: by the hour over a day, by the minute under it,
/// rounded up): the next boundary of its unit, or a second where the unit itself
/// changes (a day left, an hour left). Never late; at worst early, to the same text.
/// `None` once none is left.
fn next_change(left: i64) -> Option<Duration> {
    const DAY: i64 = 24 * 3600;
    if left <= 0 {
        return None;
    }
    let unit = if left > DAY { 3600 } else { 60 };
    let next = if club_words::corr_time(left - 1) != club_words::corr_time(left) {
        1
    } else {
        (left - 1) % unit + 1
    };
    Some(Duration::from_secs(next.unsigned_abs()))
}

/// `more` listed in `rows` too (those not listed already), in the order of their
/// numbers.
fn add_rows(rows: &mut Vec<Row>, more: Vec<Row>) {
    for row in more {
        if !rows.iter().any(|r| r.id == row.id) {
            rows.push(row);
        }
    }
    rows.sort_by_key(|row| row.id);
}

/// Everything a session needs, handed to its thread.
pub(crate) struct SessionStart {
    pub(crate) who: Who,
    pub(crate) hall: SharedHall,
    pub(crate) inbox: Inbox,
    pub(crate) backend: SshBackend,
    /// A lobby (or a game watched, a screen with nothing running) left alone this long is closed.
    pub(crate) idle: Duration,
    /// The client's terminal is `dumb`: the line mode, whatever the preference.
    pub(crate) dumb: bool,
    /// The palette the client's `TERM` asks for (none for a monochrome one), for a
    /// player who chose none: as the local game guesses it from `TERM`.
    pub(crate) term_palette: Option<crate::prefs::Palette>,
    /// The client's terminal asked its background as the session starts, where the
    /// player chose no palette ([`Ask`]).
    pub(crate) ask: Arc<Ask>,
    /// The engine's reviews of finished games, on the AI's pool.
    pub(crate) reviewer: Option<Reviewer>,
    /// The client's address (an IPv4 one seen as IPv6 as IPv4).
    pub(crate) from: IpAddr,
}

/// The palette the client's terminal's background suggests ([`Ask::ask`]), unless
/// `not_asked` (the line mode, a dumb terminal's or the player's, where the query's
/// escapes have no place; a palette the player chose, which wins anyway; a
/// monochrome `TERM`). The keys the connection held meanwhile go into `inbox` first.
fn asked_palette(
    ask: &Ask,
    terminal: &mut Terminal<SshBackend>,
    inbox: &Inbox,
    not_asked: bool,
) -> Option<crate::prefs::Palette> {
    let sender = inbox.sender();
    let size = terminal.backend().shared_size();
    let typed = |bytes: Vec<u8>| {
        for event in crate::ui::InputParser::new().feed(&bytes) {
            // Through the connection's own filter: a click before any frame was sent
            // is no click, and mouse motion no input.
            let Some(wake) = super::backend::wake_of(event, Some(&size)) else {
                continue;
            };
            // Never blocks; the inbox (256) holds as many events as the bytes held
            // can make, and nothing else reads the client meanwhile.
            let _ = sender.try_send(wake);
        }
    };
    if not_asked {
        ask.give_up(typed);
        return None;
    }
    ask.ask(terminal.backend_mut().writer(), super::ask::WAIT, typed)
}

/// How a session ended without an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ended {
    /// The player left (`q`, Ctrl-c).
    Left,
    /// Closed by the idle time-out.
    Idle,
}

/// Runs the session until the player leaves, the idle time-out closes it or the
/// connection closes: on the full screen, or in the line mode (the player's
/// preference, or a dumb terminal), and again on the other when the player switches
/// in the lobby.
pub(crate) fn run(start: SessionStart) -> anyhow::Result<Ended> {
    let SessionStart {
        who,
        hall,
        inbox,
        backend,
        idle,
        dumb,
        term_palette,
        ask,
        reviewer,
        from,
    } = start;
    let mut terminal = Terminal::new(backend).context("cannot open the client's terminal")?;
    let session = hall.join(inbox.news_waker(), who.clone());
    // The key's switches are the hall's once it joined.
    let pref = hall.lock().pref(&who.key);
    let mut plain = dumb || pref.plain;
    // Not asked: the line mode draws no palette (and its output carries no escape,
    // the query's neither); a monochrome `TERM` (the none palette) is changed by no
    // background; a palette chosen wins anyway.
    let not_asked = plain || term_palette.is_some() || pref.palette_chosen;
    let asked = asked_palette(&ask, &mut terminal, &inbox, not_asked);
    // Begun in lines: asked if the full screen opens (`screen`), where a palette is drawn.
    let mut ask_later = plain && !dumb && term_palette.is_none() && !pref.palette_chosen;
    let key = who.key.clone();
    let term_palette = term_palette.or(asked);
    let offer = words::line_mode_offer(who.is_guest());
    let mut lobby_host = LobbyHost::new(hall.clone(), who, session, idle, plain, term_palette);
    lobby_host.reviewer = reviewer;
    lobby_host.from = Some(from);
    // Only TERM travels over SSH: it alone says how many colours the client shows.
    let client = crate::ui::Bell::terminal_env(terminal.backend());
    lobby_host.range = crate::ui::ColourRange::of_terminal(client.term.as_deref(), None);
    lobby_host.review_waker = Some(inbox.news_waker());
    let idled = lobby_host.idled.clone();
    let mut host: Box<dyn Lobby> = Box::new(lobby_host);
    // The line mode's history and lines typed ahead, kept across a switch.
    let mut lines = LineInput::edited();
    let mut offered = false;
    let result = loop {
        let ran = if plain {
            let mut face = LineFace::new(terminal.backend_mut().writer(), &mut lines);
            let ran = run_served(&mut face, &inbox, host);
            let _ = face.leave();
            ran
        } else {
            if !std::mem::replace(&mut offered, true) {
                // Before the full screen, where a screen reader hears it first.
                // At words' ends, to the client's width (QA s28: cut mid-word at 44).
                let columns = terminal.size().map_or(80, |size| size.width);
                let offer = raw_lines(&offer, columns);
                let writer = terminal.backend_mut().writer();
                let _ = writer.write_all(offer.as_bytes());
            }
            let ask_now = std::mem::take(&mut ask_later) && !hall.lock().pref(&key).palette_chosen;
            full_screen(&mut terminal, &inbox, host, ask_now.then_some(&*ask))
        };
        match ran {
            Ok(Some(mut left)) => match left.face_asked() {
                Some(asked) => {
                    plain = asked;
                    host = left;
                }
                None => break Ok(()),
            },
            Ok(None) => break Ok(()),
            Err(error) => break Err(error),
        }
    };
    hall.lock().leave(session);
    let idle = idled.load(Ordering::SeqCst);
    result.map(|()| if idle { Ended::Idle } else { Ended::Left })
}

/// Runs the lobby on the full screen: the alternate screen and the mouse on, and
/// off again after. With `ask`, the terminal is asked its background first (the
/// session began in lines, where it was not), inside the alternate screen: the line
/// mode's output before it carries no escape.
fn full_screen(
    terminal: &mut Terminal<SshBackend>,
    inbox: &Inbox,
    mut host: Box<dyn Lobby>,
    ask: Option<&Ask>,
) -> anyhow::Result<Option<Box<dyn Lobby>>> {
    // Focus reporting: a player in another window is told of their move.
    execute!(
        terminal.backend_mut().writer(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableFocusChange
    )
    .context("cannot set up the client's terminal")?;
    if let Some(palette) = ask.and_then(|ask| asked_palette(ask, terminal, inbox, false)) {
        host.suggest_palette(palette);
    }
    // Drawn whole, whatever was on the client's screen before (a switch from lines).
    let _ = terminal.clear();
    let _ = terminal.hide_cursor();
    restored_after(
        terminal,
        |terminal| run_served(terminal, inbox, host),
        |terminal| {
            let backend = terminal.backend_mut();
            let _ = execute!(
                backend.writer(),
                DisableFocusChange,
                DisableMouseCapture,
                LeaveAlternateScreen
            );
            let _ = ratatui::backend::Backend::show_cursor(backend);
        },
    )
}

/// `run` on `terminal`, then `restore`, even when `run` panics (the panic then goes
/// on, to the session thread's `catch_unwind`): a session that panicked left its
/// client in the alternate screen, the mouse reported, the cursor hidden, its last
/// line written there (s34). A `kill -9` of the server leaves them so too, and
/// nothing the server sends can help then (docs/network.md, "Stop").
fn restored_after<T, R>(
    terminal: &mut T,
    run: impl FnOnce(&mut T) -> R,
    restore: impl FnOnce(&mut T),
) -> R {
    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&mut *terminal)));
    restore(terminal);
    ran.unwrap_or_else(|panic| std::panic::resume_unwind(panic))
}

/// The lobby of one session, as the event loop sees it.
#[derive(Debug)]
pub(crate) struct LobbyHost {
    screen: LobbyState,
    hall: SharedHall,
    who: Who,
    /// This session's number in the hall.
    session: u64,
    /// The hall's rows as last seen, and those this player sees.
    listing: Arc<Listing>,
    rows: Vec<Row>,
    /// The player's history lines, and the count of finished games they are of.
    history: Vec<Message>,
    history_of: Option<u64>,
    area: Rect,
    /// The game chosen, until the loop takes it.
    next: Option<(App, Option<TableLink>)>,
    /// A lobby (or a game watched, a screen with nothing running) left alone this long is closed.
    idle: Duration,
    /// The loop has started (its first resize came).
    started: bool,
    /// The session is in the line mode.
    plain: bool,
    /// The player left the lobby to switch to this face (`true`: the line mode).
    switch: Option<bool>,
    /// The engine's reviews, if the server makes them.
    reviewer: Option<Reviewer>,
    /// Wakes this session when a review it asked for is done.
    review_waker: Option<NewsWaker>,
    /// The finished game in the replay viewer whose review was asked for and not made
    /// yet: taken when the reviewer wakes the session ([`Lobby::take_review`]).
    awaiting_review: Option<i64>,
    /// The replay viewer chosen, until the loop takes it.
    replay: Option<ReplayState>,
    /// The correspondence games at this player's move as last seen (table, moves),
    /// to ring the bell when a new one comes; `None` before the first look.
    due: Option<Vec<(u32, usize)>>,
    /// The bell is wanted.
    bell: bool,
    /// The count of finished games the ratings line is of.
    ratings_of: Option<u64>,
    /// The session was closed by the idle time-out (read by [`run`] once the lobby
    /// is gone with the screen that closed).
    idled: Arc<AtomicBool>,
    /// How many colours the client's terminal shows, as its `TERM` says.
    range: crate::ui::ColourRange,
    /// The vacation days used that this lobby's note tells, taken from the hall
    /// until the note is drawn ([`Lobby::shown`]), and the note's text.
    telling_days: Option<(u32, String)>,
    /// The client's address, for the caps per address on what it may open.
    from: Option<IpAddr>,
    /// The open correspondence tables a restart closed that this lobby's note tells,
    /// taken from the hall until the note is drawn ([`Lobby::shown`]), and the note's
    /// text (as [`LobbyHost::telling_days`]).
    telling_closed: Option<(Vec<u32>, String)>,
    /// The ends of games this player was away for (a win claimed against them once
    /// their link was down, a game ended at a restart) that this lobby's note tells,
    /// taken from the hall until the note is drawn
    /// ([`Lobby::shown`]), and the note's text (as [`LobbyHost::telling_days`]).
    telling_ends: Option<(Vec<super::club::EndUntold>, String)>,
    /// The key of the player asked after last (`f name`) whose public correspondence games in
    /// play this lobby lists ([`super::hall::Hall::public_corr_rows`]), to watch one by its number:
    /// the shared listing leaves them out, there may be thousands.
    looked_up: Option<String>,
    /// The correspondence clock, as the hall's (set once, as the server opens):
    /// read without the hall's lock, before it is taken, for the times left listed
    /// and what the hall works out from the wall clock (a clock file's read is a
    /// file's, and every session waits on the lock).
    corr_time: CorrTime,
    /// When the player last pressed a key here (or came back from a game): the
    /// lobby closes [`LobbyHost::idle`] after it, whatever ticks redraw it meanwhile.
    touched: Instant,
}

impl LobbyHost {
    pub(crate) fn new(
        hall: SharedHall,
        who: Who,
        session: u64,
        idle: Duration,
        plain: bool,
        term_palette: Option<crate::prefs::Palette>,
    ) -> LobbyHost {
        // The hall's correspondence clock (set once, as the server opens; copying
        // it reads no clock).
        let (pref, welcome, corr_time) = {
            let hall = hall.lock();
            let corr_time = hall.corr_time().clone();
            (hall.pref(&who.key), hall.welcome().clone(), corr_time)
        };
        // A player who never chose a palette has their terminal's: its `TERM` decides
        // (a monochrome one, none), as it does locally. One chosen is kept, the
        // default too.
        let palette = match (pref.palette_chosen, term_palette) {
            (false, Some(guessed)) => guessed,
            _ => pref.palette,
        };
        let mut screen = LobbyState::new(&who.name, palette);
        (screen.ascii, screen.notify) = (pref.ascii, pref.notify);
        // The operator's words: the club's name on the title line, the message of the
        // day as the first note, under all the keys (the next key clears it).
        screen.club_name = welcome.club_name;
        if let Some(motd) = welcome.motd {
            screen.welcome(motd);
        }
        let mut host = LobbyHost {
            screen,
            hall,
            who,
            session,
            listing: Arc::default(),
            rows: Vec::new(),
            history: Vec::new(),
            history_of: None,
            area: Rect::new(0, 0, 80, 24),
            next: None,
            idle,
            started: false,
            plain,
            switch: None,
            reviewer: None,
            review_waker: None,
            awaiting_review: None,
            replay: None,
            due: None,
            bell: false,
            ratings_of: None,
            idled: Arc::default(),
            range: crate::ui::ColourRange::Many,
            telling_days: None,
            telling_ends: None,
            from: None,
            telling_closed: None,
            looked_up: None,
            corr_time,
            touched: Instant::now(),
        };
        if !host.who.can_be_rated() {
            host.screen.as_guest();
        }
        host.refresh();
        host
    }

    /// The tables as this player sees them (others' private and adjourned tables left
    /// out), and their own games. Under the lock only the hall's rows (shared, built
    /// once per change) are taken, and the history only when a game entered it.
    fn refresh(&mut self) {
        let key = &self.who.key;
        // The wall clock, read before the hall is locked (a clock file's read is a
        // file's, and every session waits on the lock): the games' times left and
        // the rows' are of this one read.
        let wall = self.corr_time.wall();
        let (finished, corr, corr_rows, (looked_up, _)) = {
            let mut hall = self.hall.lock();
            self.listing = hall.listing();
            (
                hall.finished_count(),
                hall.corr_games_at(key, wall),
                hall.corr_rows(key),
                self.looked_up
                    .as_deref()
                    .map(|of| hall.public_corr_rows(of, LOOKED_UP_ROWS))
                    .unwrap_or_default(),
            )
        };
        // Asked of the store (off the lock) only when a game entered the history.
        if self.history_of != Some(finished) {
            self.history_of = Some(finished);
            self.history = history_lines(&self.hall.history(key), key);
        }
        if self.ratings_of != Some(finished) {
            self.ratings_of = Some(finished);
            self.screen.ratings = self.ratings_line();
        }
        self.rows = seen_by(&self.listing, key).cloned().collect();
        // The player's correspondence games, which the shared listing leaves out.
        self.rows.extend(corr_rows);
        // Another's games listed to watch (not this player's own, listed as theirs);
        // one gone from the list since ended: a number typed for it says so.
        let watched: Vec<(u32, Stamp)> = looked_up
            .iter()
            .filter(|(row, _)| row.seat_of(key).is_none())
            .map(|(row, due)| (row.id, *due))
            .collect();
        for (id, _) in &self.screen.watched {
            if !watched.iter().any(|(w, _)| w == id) && !self.screen.ended.contains(id) {
                self.screen.ended.push(*id);
            }
        }
        self.screen.watched = watched;
        self.screen.corr_now = self.corr_time.at(wall);
        add_rows(
            &mut self.rows,
            looked_up.into_iter().map(|(row, _)| row).collect(),
        );
        // A correspondence game newly at this player's move: the bell and a line.
        let due: Vec<(u32, usize)> = corr
            .iter()
            .filter(|g| g.my_move)
            .map(|g| (g.id, g.moves))
            .collect();
        if let Some(seen) = &self.due
            && let Some(new) = corr
                .iter()
                .find(|g| g.my_move && !seen.contains(&(g.id, g.moves)))
        {
            self.bell = self.hall.lock().pref(key).bell;
            self.screen
                .note_keyed(Keyed::CorrMoved(new.opponent.clone()));
        }
        self.due = Some(due);
        self.screen.corr = corr;
        self.screen.mine = table_codes(&self.rows, key)
            .into_iter()
            .chain(unfinished(&self.rows, key))
            .chain(self.history.iter().cloned())
            .collect();
        self.tell_once();
        self.refresh_in_play();
    }

    /// A profile shown lists the games in play as they are now: their time left at
    /// this moment, one ended gone. Read again whole (the store, off the lock) where
    /// how many it lists changed, as its page is sized with them.
    fn refresh_in_play(&mut self) {
        let Some(ClubView::Profile(view)) = &self.screen.club else {
            return;
        };
        let (key, page, chart) = (
            view.profile.key.clone(),
            view.page,
            view.chart.as_ref().map(|c| c.0),
        );
        let now = self.in_play_of(&key);
        let Some(ClubView::Profile(view)) = &mut self.screen.club else {
            return;
        };
        if (now.rows.len(), now.total) == (view.in_play.rows.len(), view.in_play.total) {
            view.in_play = now;
        } else {
            self.show_profile(&key, page, chart);
        }
    }

    /// The ends of games this player was away for (a win claimed against them while
    /// their link was down, a game ended on time at a restart, a correspondence game
    /// that ended off its board: `Game over:` where they were on the server then,
    /// else `While you were away:`), the open
    /// correspondence tables the last restart closed (at login) and the vacation days
    /// used for this player since they were last told (at their login, or now in the
    /// lobby): said once, in one note (the games first, then the tables: a note of
    /// the days alone took the tables' place, never read), where they look next; each
    /// counted as told once that note is drawn ([`Lobby::shown`]), or given back and
    /// said at the next look if it was not (the keys' help covered it).
    fn tell_once(&mut self) {
        let key = &self.who.key;
        // Read before the hall is locked, for the vacation days' year, only when a
        // note of them may be made.
        let wall = self.telling_days.is_none().then(|| self.corr_time.wall());
        let (claims, closed, days) = {
            let mut hall = self.hall.lock();
            let claims = if self.telling_ends.is_none() {
                Some(hall.take_ends_untold(key)).filter(|c| !c.is_empty())
            } else {
                None
            };
            // A game ended as news rings the bell, as a move come to the player does.
            if claims.iter().flatten().any(|end| end.here) {
                self.bell = hall.pref(key).bell;
            }
            let closed = if self.telling_closed.is_none() {
                Some(hall.take_closed_corr(key)).filter(|c| !c.is_empty())
            } else {
                None
            };
            let days = wall.and_then(|wall| hall.take_days_untold_at(key, wall));
            (claims, closed, days)
        };
        if claims.is_none() && closed.is_none() && days.is_none() {
            return;
        }
        // A new note: it says, too, what the one it replaces said and was not drawn.
        let claims = claims.or_else(|| self.telling_ends.take().map(|(c, _)| c));
        let closed = closed.or_else(|| self.telling_closed.take().map(|(ids, _)| ids));
        let days = days
            .map(|days| (days.used, club_words::vacation_used(days)))
            .or_else(|| self.telling_days.take());
        let mut said = Vec::new();
        // Those that ended while the player was on the server are news; the rest
        // ended while they were away. Each said once.
        for here in [false, true] {
            let ends: Vec<&EndUntold> =
                claims.iter().flatten().filter(|e| e.here == here).collect();
            let ends = ends_said(&ends, self.plain);
            if ends.is_empty() {
                continue;
            }
            said.push(if here {
                club_words::game_over(&ends)
            } else {
                club_words::while_away(&ends)
            });
        }
        if let Some(ids) = &closed {
            let numbers: Vec<String> = ids
                .iter()
                .map(|id| super::lobby::number(*id).to_string())
                .collect();
            said.push(club_words::corr_closed_at_restart(&numbers));
        }
        if let Some((_, text)) = &days {
            said.push(text.clone());
        }
        let text = said.join(". ");
        self.screen.note(text.clone());
        self.telling_ends = claims.map(|c| (c, text.clone()));
        self.telling_closed = closed.map(|ids| (ids, text.clone()));
        self.telling_days = days.map(|(used, _)| (used, text));
    }

    /// The player's ratings, as the lobby's first line shows them.
    fn ratings_line(&self) -> Vec<(Board, crate::rating::Shown)> {
        let Some(store) = self.hall.store() else {
            return Vec::new();
        };
        let now = self.hall.wall();
        let key = &self.who.key;
        let found = store.club(|c| club_store::standings_of(c, key));
        found
            .unwrap_or_default()
            .into_iter()
            .map(|(board, standing)| (board, standing.now(now).shown()))
            .collect()
    }

    /// Reads from the store the ratings table `id`'s rated game shows and does not have
    /// yet (a newcomer's when a player has none on its board), outside the hall's lock,
    /// and hands them to the table: each screen at it shows them beside the names.
    fn fill_ratings(&self, id: u32) {
        let Some(store) = self.hall.store() else {
            return;
        };
        let wanted = self.hall.lock().ratings_wanted(id);
        let Some((board, keys)) = wanted else {
            return;
        };
        let now = self.hall.wall();
        let ratings: Vec<(String, crate::rating::Rating)> = keys
            .into_iter()
            .filter_map(|key| {
                // A read that fails shows no rating, as at a casual game: the game goes on.
                let standing = store
                    .club(|c| club_store::standing_of(c, &key, board))
                    .ok()?;
                let rating = standing.map_or(super::club::SYSTEM.initial, |s| s.now(now));
                Some((key, rating))
            })
            .collect();
        self.hall.lock().set_ratings(id, &ratings);
    }

    /// Back within the grace period: straight to the seat kept for this key.
    fn return_to_seat(&mut self) -> Option<Effects> {
        let (id, _) = self.hall.lock().return_to_seat(&self.who.key)?;
        let link = TableLink::player(&self.hall, id, &self.who, self.session);
        Some(self.at_table(link))
    }

    /// The game at table `id` as a player or a spectator, ready for the loop.
    fn at_table(&mut self, link: Option<TableLink>) -> Effects {
        let Some(mut link) = link else {
            self.screen.note_keyed(Keyed::NotATable);
            return vec![Effect::Redraw];
        };
        self.fill_ratings(link.table());
        let Some(opening) = link.game() else {
            self.screen.note_keyed(Keyed::NotATable);
            return vec![Effect::Redraw];
        };
        let (game, remote) = (opening.game, opening.remote);
        let corr = link.is_corr();
        let app = match opening.ai {
            // Against the server's AI this screen plays its seat, at its level, on the
            // server's pool; the table's clocks from the start, for its first budget.
            Some((colour, level)) if remote == [false; 2] => {
                let mut seats = [Seat::Human; 2];
                seats[colour.index()] = Seat::from(level);
                let config = GameConfig {
                    seats,
                    seed: fresh_seed(),
                    ..GameConfig::default()
                };
                let mut app = App::with_game(config, game)
                    .served(remote)
                    .named(opening.names)
                    .rated(opening.ratings)
                    .at_ai_table();
                if let Some(course) = link.course() {
                    let _ = app.follow_course(course);
                }
                app
            }
            // A player or a spectator: the AI's seat (if any) named as one, played
            // elsewhere.
            ai => {
                let mut seats = [Seat::Human; 2];
                if let Some((colour, level)) = ai {
                    seats[colour.index()] = Seat::from(level);
                }
                let config = GameConfig {
                    seats,
                    ..GameConfig::default()
                };
                let app = App::with_game(config, game)
                    .served(remote)
                    .named(opening.names)
                    .rated(opening.ratings);
                if corr { app.correspondence() } else { app }
            }
        };
        // The Enter after a number the lobby ended on its last digit is not a move.
        let app = if self.screen.take_number_ended() {
            app.after_typed_number()
        } else {
            app
        };
        self.next = Some((app, Some(link)));
        vec![Effect::Open]
    }

    /// Sits at table `id`, or watches it when it is full; back at an unfinished game
    /// of this player's.
    fn pick(&mut self, id: u32) -> Effects {
        let back = self.hall.lock().come_back(id, &self.who.key);
        match back {
            Some(Back::Play(_)) => {
                let link = TableLink::player(&self.hall, id, &self.who, self.session);
                return self.at_table(link);
            }
            Some(Back::Wait) => {
                self.screen.waiting = Some(Waiting::Return(id));
                self.refresh();
                return vec![Effect::Redraw];
            }
            None => {}
        }
        let wall = self.corr_time.wall();
        let sat = self.hall.lock().sit_at(id, self.who.clone(), wall);
        if sat.is_some() {
            let link = TableLink::player(&self.hall, id, &self.who, self.session);
            return self.at_table(link);
        }
        let own = self
            .hall
            .lock()
            .table(id)
            .is_some_and(|t| t.seat_of(&self.who.key).is_some());
        if own {
            // Picking one's own open correspondence table closes it.
            let corr_open = self
                .hall
                .lock()
                .table(id)
                .is_some_and(|t| t.is_corr() && t.is_open());
            // A live game in play there: its seat is taken by another screen of
            // this key ([`Hall::come_back`] said none to come back to).
            let live_in_play = self
                .hall
                .lock()
                .table(id)
                .is_some_and(|t| !t.is_corr() && t.in_play());
            if corr_open {
                self.hall.lock().leave_table(id, &self.who.key);
                self.screen.note(club_words::CORR_CLOSED);
            } else if live_in_play {
                self.screen.note(words::SEATED_ELSEWHERE);
            } else {
                self.screen.note(words::YOUR_TABLE);
            }
            return vec![Effect::Redraw];
        }
        let (rated_open, corr_open) = self
            .hall
            .lock()
            .table(id)
            .filter(|t| t.is_open())
            .map_or((false, false), |t| (t.rated(), t.is_corr()));
        if (rated_open || corr_open) && !self.who.can_be_rated() {
            self.screen.note(if corr_open {
                club_words::CORR_GUEST_REFUSED
            } else {
                club_words::RATED_GUEST_REFUSED
            });
            return vec![Effect::Redraw];
        }
        let link = TableLink::spectator(&self.hall, id, self.session);
        self.at_table(link)
    }

    fn start(&mut self, game: NewGame) -> Effects {
        match game.opponent {
            Opponent::Person => {
                let terms = Terms {
                    clock: game.clock,
                    rated: game.rated,
                    corr_days: game.corr_days,
                };
                // Counted and opened under one lock: two sessions can't both pass a cap.
                let mut hall = self.hall.lock();
                if game.corr_days.is_some() {
                    let refused = if !self.who.can_be_rated() {
                        Some(club_words::CORR_GUEST_REFUSED.to_owned())
                    } else {
                        hall.cap_for(NewTable::Corr, &self.who, self.from).map(
                            |capped| match capped {
                                Capped::Key(max) => club_words::too_many_open_corr(max),
                                Capped::Address(max) => club_words::address_open_corr(max),
                                Capped::Server(max) => club_words::server_open_corr(max),
                            },
                        )
                    };
                    if let Some(text) = refused {
                        drop(hall);
                        self.screen.note(text);
                        return vec![Effect::Redraw];
                    }
                }
                let opened = hall.open_with(
                    self.who.clone(),
                    game.side,
                    (game.ruleset, game.claims),
                    game.private,
                    terms,
                );
                if let (Some(id), Some(from)) = (opened, self.from) {
                    hall.opened_from(id, from);
                }
                drop(hall);
                match opened {
                    // A correspondence table does not keep its player waiting here.
                    Some(id) if game.corr_days.is_some() => {
                        self.refresh();
                        self.screen
                            .note(club_words::corr_open(super::lobby::number(id)));
                    }
                    Some(id) => self.screen.waiting = Some(Waiting::Opponent(id)),
                    None => self.screen.note(words::NO_CODE),
                }
                self.refresh();
                vec![Effect::Redraw]
            }
            Opponent::Ai(level) => {
                // At a table of its own: kept after every move, and watchable.
                let mut hall = self.hall.lock();
                if let Some(capped) = hall.cap_for(NewTable::Ai, &self.who, self.from) {
                    drop(hall);
                    self.screen.note(match capped {
                        Capped::Key(max) => club_words::too_many_ai_games(max),
                        Capped::Address(max) => club_words::address_ai_games(max),
                        Capped::Server(max) => club_words::server_ai_games(max),
                    });
                    return vec![Effect::Redraw];
                }
                let id = hall.open_ai(
                    self.who.clone(),
                    game.side,
                    (game.ruleset, game.claims),
                    level,
                    game.clock,
                );
                if let Some(from) = self.from {
                    hall.opened_from(id, from);
                }
                drop(hall);
                let link = TableLink::player(&self.hall, id, &self.who, self.session);
                self.at_table(link)
            }
        }
    }

    fn find(&mut self, typed: &str) -> Effects {
        let ((found, spelt), corr_key) = {
            let hall = self.hall.lock();
            (hall.find(typed), hall.corr_player(typed))
        };
        // Named as the member spells it (`alice`, not `ALICE` as typed): as the hall
        // knows them, or else as their name was bound (read off the lock); a name
        // nobody holds is said as typed.
        let spelt = spelt.or_else(|| {
            let store = self.hall.store()?;
            store
                .club(|c| club_store::bound_name(c, typed))
                .ok()
                .flatten()
        });
        let held = spelt.is_some();
        let name = safe_text(spelt.as_deref().unwrap_or(typed).trim());
        let text = match found {
            Found::Playing(id) if self.rows.iter().any(|r| r.id == id) => {
                words::found_at(&name, super::lobby::number(id))
            }
            Found::Playing(_) => words::found_unlisted(&name),
            Found::Private => words::found_private(&name),
            Found::Watching(id) if self.rows.iter().any(|r| r.id == id) => {
                words::found_watching(&name, super::lobby::number(id))
            }
            Found::Watching(_) => words::found_watching_unlisted(&name),
            Found::Correspondence => words::found_corr(&name),
            Found::Here => words::found_here(&name),
            Found::Away if held => words::found_away(&name),
            // Nobody holds the name, connected or bound: said as `v` says it (until
            // s39 `zed is not connected`, as if zed were a member away).
            Found::Away => club_words::no_player(&name),
        };
        match self.list_in_play(corr_key) {
            (_, 0) => self.screen.note(text),
            (shown, total) => self
                .screen
                .note_keyed(Keyed::FoundWithCorr(text, shown, total)),
        }
        vec![Effect::Redraw]
    }

    /// Lists the public correspondence games in play of the player of `key` in this
    /// lobby from now on (until the next `f`, or Esc), to watch one by its number:
    /// `f name` and a profile's `w` both (the shared listing leaves them out, there
    /// may be thousands). How many are listed, of how many; none listed for `None`.
    fn list_in_play(&mut self, key: Option<String>) -> (usize, usize) {
        // One's own games are one's own rows already.
        let key = key.filter(|k| *k != self.who.key);
        let (rows, total) = key.as_deref().map_or_else(Default::default, |of| {
            self.hall.lock().public_corr_rows(of, LOOKED_UP_ROWS)
        });
        self.looked_up = key.filter(|_| total > 0);
        (self.screen.watched, self.screen.ended) = (Vec::new(), Vec::new());
        self.refresh();
        (rows.len(), total)
    }

    /// Esc: the games `f` listed to watch are listed no more, said with the name
    /// they were listed by. Whether any were listed (the line mode says so where
    /// none are).
    fn hide_found(&mut self) -> bool {
        let listed = self.looked_up.take().and_then(|key| {
            self.rows
                .iter()
                .filter(|row| self.screen.watched.iter().any(|(id, _)| *id == row.id))
                .find_map(|row| Some(row.names[row.seat_of(&key)?.index()].clone()))
        });
        (self.screen.watched, self.screen.ended) = (Vec::new(), Vec::new());
        let hidden = listed.is_some();
        match listed {
            Some(name) => self.screen.note_keyed(Keyed::FoundHidden(name)),
            None if self.plain => self.screen.note(words::NONE_FOUND_LISTED),
            None => {}
        }
        hidden
    }

    /// The screen was resized: a club screen whose page now holds another number of
    /// rows is read again at its new size, on the page with the first row it showed.
    fn club_resized(&mut self) {
        let (width, height) = (self.area.width, self.area.height);
        match &self.screen.club {
            Some(ClubView::Board(view)) => {
                let size = super::standings::board_page_size(view.board, width, height);
                if size != view.size {
                    let (board, first) = (view.board, view.page * view.size);
                    self.show_board(board, first / size.max(1));
                }
            }
            Some(ClubView::Profile(view)) => {
                let size = super::standings::profile_page_size(
                    (&view.profile, &view.in_play),
                    view.chart.as_ref(),
                    &view.tally,
                    width,
                    height,
                );
                if size != view.size {
                    let key = view.profile.key.clone();
                    let chart = view.chart.as_ref().map(|c| c.0);
                    let first = view.page * view.size;
                    self.show_profile(&key, first / size.max(1), chart);
                }
            }
            None => {}
        }
    }

    /// What a club screen's choice does.
    fn club(&mut self, choice: ClubChoice) -> Effects {
        match choice {
            ClubChoice::Back => self.screen.show_club(None),
            ClubChoice::Board(board, page) => self.show_board(board, page),
            ClubChoice::Profile(key) => self.show_profile(&key, 0, None),
            ClubChoice::Games(page) => {
                if let Some(ClubView::Profile(view)) = &self.screen.club {
                    let (key, chart) = (view.profile.key.clone(), view.chart.as_ref().map(|c| c.0));
                    self.show_profile(&key, page, chart);
                }
            }
            ClubChoice::Chart(board) => {
                if let Some(ClubView::Profile(view)) = &self.screen.club {
                    let (key, page) = (view.profile.key.clone(), view.page);
                    self.show_profile(&key, page, Some(board));
                }
            }
            ClubChoice::Replay(id) => return self.replay(id),
            ClubChoice::WatchInPlay(key) => {
                let name = match &self.screen.club {
                    Some(ClubView::Profile(view)) => view.profile.names.first().cloned(),
                    _ => None,
                };
                self.screen.show_club(None);
                let (shown, total) = self.list_in_play(Some(key));
                let name = safe_text(name.as_deref().unwrap_or("?"));
                if total == 0 {
                    self.screen.note(club_words::NONE_IN_PLAY);
                } else {
                    self.screen
                        .note_keyed(Keyed::InPlayListed(name, shown, total));
                }
            }
            ClubChoice::Listed(listed) => {
                let kept = match self.hall.store() {
                    Some(store) => store.writer().listed(self.who.key.clone(), listed),
                    None => Ok(()),
                };
                // The profile shown next is read from the store: as it is on disk.
                match kept {
                    Ok(()) if listed => self.screen.note(club_words::BACK_ON_BOARDS),
                    Ok(()) => self.screen.note(club_words::LEFT_BOARDS),
                    Err(error) => self.screen.note(club_words::listed_not_saved(&error)),
                }
                if let Some(ClubView::Profile(view)) = &self.screen.club {
                    let (key, page, chart) = (
                        view.profile.key.clone(),
                        view.page,
                        view.chart.as_ref().map(|c| c.0),
                    );
                    self.show_profile(&key, page, chart);
                }
            }
        }
        vec![Effect::Redraw]
    }

    /// The wall-clock time now, as the hall counts it.
    fn wall(&self) -> i64 {
        self.hall.wall()
    }

    /// Shows `board`'s leaderboard at `page`, read from the store.
    fn show_board(&mut self, board: Board, page: usize) {
        let Some(store) = self.hall.store().cloned() else {
            return;
        };
        let now = self.wall();
        let (width, height) = (self.area.width, self.area.height);
        let size = super::standings::board_page_size(board, width, height);
        let read = |c: &_| club_store::leaderboard_page(c, board, now, (page * size, size + 1));
        match store.club(read) {
            Ok(club_store::BoardPage {
                mut rows,
                total,
                nobody,
            }) => {
                let more = rows.len() > size;
                rows.truncate(size);
                self.screen.show_club(Some(ClubView::Board(BoardView {
                    board,
                    page,
                    rows,
                    more,
                    size,
                    total,
                    now,
                    nobody,
                })));
            }
            Err(error) => self
                .screen
                .note(club_words::not_read(&format!("{error:#}"))),
        }
    }

    /// Shows `key`'s profile with its games' `page` and the chart of `chart` (the
    /// rating with the most games if `None`), read from the store.
    fn show_profile(&mut self, key: &str, page: usize, chart: Option<Board>) {
        let Some(store) = self.hall.store().cloned() else {
            return;
        };
        let now = self.wall();
        // Their games in play, from the hall's memory, before the store is read (off
        // the lock): the page is sized with them.
        let in_play = self.in_play_of(key);
        let (width, height) = (self.area.width, self.area.height);
        let tally = self.hall.history(key).tally;
        let size = std::cell::Cell::new(0);
        let size_for =
            |profile: &club_store::Profile,
             chart: Option<&(Board, Vec<club_store::ChartPoint>)>| {
                size.set(super::standings::profile_page_size(
                    (profile, &in_play),
                    chart,
                    &tally,
                    width,
                    height,
                ));
                size.get()
            };
        let read = store.club(|c| club_store::profile_page(c, key, (chart, page), size_for));
        match read {
            Ok(Some(club_store::ProfilePage {
                profile,
                chart,
                games,
                more,
                total,
            })) => {
                self.screen
                    .show_club(Some(ClubView::Profile(Box::new(ProfileView {
                        own: profile.key == self.who.key,
                        profile,
                        chart,
                        tally,
                        page,
                        games,
                        more,
                        size: size.get(),
                        total,
                        now,
                        in_play,
                    }))));
            }
            Ok(None) => self.screen.note(club_words::no_player("?")),
            Err(error) => self
                .screen
                .note(club_words::not_read(&format!("{error:#}"))),
        }
    }

    /// The public correspondence games in play of the player of `key` as their
    /// profile lists them: the newest few, how many, and the time to work the time
    /// left out at. Memory only, under the hall's lock.
    fn in_play_of(&mut self, key: &str) -> InPlay {
        let (rows, total) = {
            let hall = self.hall.lock();
            hall.public_corr_rows(key, IN_PLAY_SHOWN)
        };
        InPlay {
            rows,
            total,
            now: self.corr_time.now(),
            viewer: Some(self.who.key.clone()),
        }
    }

    /// Game `id` of the history in the replay viewer, with the engine's review if it
    /// is made (else asked for, for this player, one at a time).
    fn replay(&mut self, id: i64) -> Effects {
        let Some(store) = self.hall.store().cloned() else {
            return vec![Effect::Redraw];
        };
        let found = store.club(|c| club_store::record_of(c, id));
        let Ok(Some((text, _, review))) = found else {
            self.screen.note(club_words::NOT_A_GAME);
            return vec![Effect::Redraw];
        };
        let Ok(loaded) = crate::session::parse_record(&text) else {
            self.screen.note(club_words::NOT_A_GAME);
            return vec![Effect::Redraw];
        };
        let tag = |name: &str| safe_text(loaded.record.tag(name).unwrap_or("?"));
        let title = club_words::replay_title(&tag("Blue"), &tag("Yellow"), &tag("Date"));
        let review = review.and_then(|text| super::reviewer::decode(&text, &loaded.game));
        self.awaiting_review = None;
        let pending = match (&review, &self.reviewer) {
            (Some(_), _) => String::new(),
            (None, None) => club_words::NO_REVIEWS.to_owned(),
            (None, Some(reviewer)) => {
                match reviewer.ask(id, &self.who.key, self.review_waker.clone()) {
                    Asked::Made | Asked::Queued => {
                        self.awaiting_review = Some(id);
                        club_words::REVIEW_QUEUED.to_owned()
                    }
                    Asked::Busy(other) => club_words::review_busy(other),
                }
            }
        };
        let state = ReplayState::new(title, &loaded.record, loaded.game).served(review, pending);
        self.replay = Some(state);
        vec![Effect::Redraw, Effect::Open]
    }

    /// Says a switch on the lobby's line as the store answered it: as `said` words it
    /// when kept, or that it is not saved.
    fn say_switch<S: AsRef<str>>(
        &mut self,
        switched: Result<Pref, (Pref, String)>,
        said: impl FnOnce(Pref) -> S,
    ) {
        if switched.is_err() {
            self.screen.note(switch_said(switched, said));
        }
    }

    /// Stops waiting at a table: it closes, or an adjourned game is left for later.
    fn stand_up(&mut self) {
        if let Some(id) = self.screen.waiting.take().map(Waiting::id) {
            self.hall.lock().leave_table(id, &self.who.key);
        }
    }
}

/// `text`, a line said before or after the full screen (ending `\r\n`), broken at
/// spaces into lines of at most `columns` display columns, each ending `\r\n`: the
/// client's terminal, in its main screen, would wrap it anywhere, mid-word.
pub(crate) fn raw_lines(text: &str, columns: u16) -> String {
    crate::text::wrap(text.trim_end(), usize::from(columns))
        .into_iter()
        .map(|line| line + "\r\n")
        .collect()
}

impl Lobby for LobbyHost {
    fn guest(&self) -> bool {
        self.who.is_guest()
    }

    fn handle(&mut self, input: Input) -> Effects {
        let key = match input {
            Input::Key(key) => key,
            Input::Resize(width, height) => {
                self.area = Rect::new(0, 0, width, height);
                self.screen.resized(width, height);
                // Drawn again with no look at the hall: the time left as it is now.
                self.screen.corr_now = self.corr_time.now();
                self.club_resized();
                // The loop's first input: a player back within the grace period goes
                // straight to their seat.
                if !std::mem::replace(&mut self.started, true)
                    && let Some(effects) = self.return_to_seat()
                {
                    return effects;
                }
                return vec![Effect::Redraw];
            }
            // Left alone for LOBBY_IDLE: the session ends. A tick before that
            // comes when the time left a row listed to watch shows changes.
            Input::Tick if self.touched.elapsed() >= self.idle => {
                self.idled();
                return vec![Effect::Quit];
            }
            Input::Tick => {
                self.refresh();
                // The next tick counted again: the next change of a time shown.
                return vec![Effect::Redraw, Effect::RestartTimer];
            }
            Input::Click(_) | Input::Pick(_) => return Vec::new(),
        };
        self.touched = Instant::now();
        self.refresh();
        let mut effects = vec![Effect::Redraw, Effect::RestartTimer];
        let choice = self.screen.key(key, &self.rows);
        if self.plain {
            // The line mode says the message of the day (`motd`) as a note: no screen
            // of its own to close with the next command's key.
            self.screen.said_in_lines();
        }
        match choice {
            Choice::Stay => {}
            Choice::Leave => {
                self.stand_up();
                return vec![Effect::Quit];
            }
            Choice::Close => self.stand_up(),
            Choice::Claim(id) => {
                let claimed = self.hall.lock().claim(id, &self.who.key);
                self.screen.note(match claimed {
                    Ok(()) => words::CLAIMED.to_owned(),
                    Err(NoClaim::Present(name)) => words::claim_present(&name),
                    Err(NoClaim::NotHere) => words::NO_GAME_TO_CLAIM.to_owned(),
                    Err(NoClaim::NotYet) => words::NOT_CLAIMABLE.to_owned(),
                });
            }
            Choice::LineMode => {
                let plain = !self.plain;
                if let Err((_, error)) = self.hall.set_pref(&self.who.key, |p| p.plain = plain) {
                    // Said on the other face, once it opens.
                    self.screen.note(words::switch_not_saved(
                        words::line_mode_chosen(plain),
                        &error,
                    ));
                }
                self.switch = Some(plain);
                self.plain = plain;
                return vec![Effect::Quit];
            }
            Choice::Palette(palette) => {
                let switched = self.hall.set_pref(&self.who.key, |p| {
                    p.palette = palette;
                    p.palette_chosen = true;
                });
                self.say_switch(switched, |p| words::palette_chosen(p.palette.name()));
            }
            Choice::Ascii(ascii) => {
                let switched = self.hall.set_pref(&self.who.key, |p| p.ascii = ascii);
                self.say_switch(switched, |p| words::ascii_chosen(p.ascii));
            }
            Choice::Notify(notify) => {
                let switched = self.hall.set_pref(&self.who.key, |p| p.notify = notify);
                self.say_switch(switched, |p| words::notify_chosen(p.notify));
            }
            Choice::Start(game) => effects.extend(self.start(game)),
            Choice::Pick(id) => effects.extend(self.pick(id)),
            Choice::Find(name) => effects.extend(self.find(&name)),
            Choice::HideFound { noted } => {
                // Esc with nothing `f` listed leaves, as it did, but a note shown is
                // closed first (it only clears it); the line mode's `hide` types it
                // too, and there leaves nothing.
                if !self.hide_found() && !self.plain && !noted {
                    self.stand_up();
                    return vec![Effect::Quit];
                }
            }
            Choice::Code(code) => {
                let found = self.hall.lock().by_code(&typed_code(&code));
                match found {
                    Some(id) => effects.extend(self.pick(id)),
                    None => self.screen.note(words::NO_SUCH_CODE),
                }
            }
            Choice::NextMove => {
                let next = self.screen.corr.iter().find(|g| g.my_move).map(|g| g.id);
                if let Some(id) = next {
                    effects.extend(self.pick(id));
                }
            }
            Choice::Leaderboard => self.show_board(Board::new(Ruleset::Standard, Speed::Live), 0),
            // A guest's key binds no name: no profile (it said "No player called ?").
            Choice::OwnProfile if self.who.is_guest() => {
                self.screen.note(club_words::GUEST_NO_PROFILE);
            }
            Choice::OwnProfile => {
                let key = self.who.key.clone();
                self.show_profile(&key, 0, None);
            }
            Choice::Profile(name) => {
                let found = self
                    .hall
                    .store()
                    .map(|s| s.club(|c| club_store::key_of_name(c, &name)));
                match found {
                    Some(Ok(Some(key))) => self.show_profile(&key, 0, None),
                    Some(Err(error)) => self.screen.note(club_words::not_read(&error.to_string())),
                    _ => self
                        .screen
                        .note(club_words::no_player(&safe_text(name.trim()))),
                }
            }
            Choice::Club(choice) => effects.extend(self.club(choice)),
        }
        self.refresh();
        effects
    }

    fn linked(&mut self) -> Effects {
        if let Some(effects) = self.return_to_seat() {
            return effects;
        }
        self.refresh();
        // The table this session waits at: both players are there, or it is gone.
        if let Some(id) = self.screen.waiting.map(Waiting::id) {
            let (ready, seated) = self.hall.lock().table(id).map_or((false, false), |t| {
                (t.both_here(), t.seat_of(&self.who.key).is_some())
            });
            if ready {
                self.screen.waiting = None;
                if let Some(mut link) = TableLink::player(&self.hall, id, &self.who, self.session) {
                    // The opponent came while this player waited elsewhere, perhaps.
                    link.ring_if_my_move();
                    return self.at_table(Some(link));
                }
            } else if !seated {
                self.screen.waiting = None;
            }
        }
        // A row listed to watch may have come with the news: its time's next change
        // counted (the idle time-out counts from the last key, not from here).
        vec![Effect::Redraw, Effect::RestartTimer]
    }

    fn render(&self, area: Rect, buf: &mut Buffer) {
        (&self.screen.view(&self.rows, &self.who.key, Wording::Keys)).render(area, buf);
    }

    /// Drawn again off screen (only for a click): where the drawing put the foot.
    fn status_area(&self, drawn: Rect) -> Option<Rect> {
        let mut buf = Buffer::empty(drawn);
        self.screen
            .view(&self.rows, &self.who.key, Wording::Keys)
            .render_foot(drawn, &mut buf)
    }

    fn lines(&self) -> Vec<String> {
        said(
            self.screen
                .view(&self.rows, &self.who.key, Wording::Commands),
        )
    }

    fn lines_again(&self) -> Vec<String> {
        said(
            self.screen
                .view(&self.rows, &self.who.key, Wording::Commands)
                .without_note(),
        )
    }

    fn as_news(&self) -> Vec<String> {
        said(
            self.screen
                .view(&self.rows, &self.who.key, Wording::Commands)
                .weighed_for_news(),
        )
    }

    fn table_numbers(&self) -> Vec<usize> {
        // Every row kept is listed: the listing's as this player sees it, their own
        // correspondence games and those of the player asked after.
        self.rows
            .iter()
            .map(|row| super::lobby::number(row.id))
            .collect()
    }

    fn lists_tables(&self) -> bool {
        self.screen.club.is_none()
    }

    fn unlisted(&self, number: usize) -> String {
        use crate::strings::line as words;
        // Asked of the hall, rarely (a table left this player's list): the listing
        // leaves correspondence games in play out, and this player's rows the tables
        // listed to their players only.
        let state = u32::try_from(number)
            .ok()
            .and_then(|id| self.hall.lock().table(id).map(GameTable::state));
        match state {
            None => words::table_closed(number),
            Some(TableState::Correspondence(_)) => words::table_unlisted(number, true),
            Some(TableState::Adjourned(_)) => words::table_unlisted(number, false),
            Some(_) => words::table_no_longer_listed(number),
        }
    }

    fn key_context(&self) -> KeyContext {
        self.screen.context()
    }

    fn look(&self) -> Look {
        Look::new(self.screen.palette, self.screen.ascii).in_range(self.range)
    }

    fn notify(&self) -> bool {
        self.screen.notify
    }

    fn bell(&self) -> bool {
        self.hall.lock().pref(&self.who.key).bell
    }

    fn area(&self) -> Rect {
        self.area
    }

    /// The vacation days the note told are told once drawn; a note that another
    /// took the place of before it was drawn (or the keys' help covered) gives them
    /// back, for a later one.
    fn shown(&mut self) {
        if let Some((days, text)) = self.telling_days.take() {
            let mut hall = self.hall.lock();
            if self.screen.noted() == Some(text.as_str()) {
                hall.days_told(&self.who.key, days);
            } else {
                hall.days_untold_back(&self.who.key, days);
            }
        }
        // The wins claimed likewise: counted told only once read.
        if let Some((claims, text)) = self.telling_ends.take() {
            let mut hall = self.hall.lock();
            if self.screen.noted() == Some(text.as_str()) {
                hall.ends_told(&claims);
            } else {
                hall.ends_back(&self.who.key, claims);
            }
        }
        // The closed tables likewise: counted told only once read.
        if let Some((closed, text)) = self.telling_closed.take() {
            let mut hall = self.hall.lock();
            if self.screen.noted() == Some(text.as_str()) {
                hall.closed_corr_told(&self.who.key);
            } else {
                hall.closed_corr_back(&self.who.key, closed);
            }
        }
    }

    fn tick_every(&self) -> Option<Duration> {
        let idle = self.idle.saturating_sub(self.touched.elapsed());
        // The rows listed to watch (and a profile's games in play) say their time
        // left as it is: drawn again when it changes (`2d 1h` to `2d 0h`), not an
        // hour stale; so do the player's own games' rows and the line of the one at
        // their move (its time left worked out at the last look at the hall,
        // `corr_now`). The idle
        // time-out counts from the last key whatever the ticks.
        let in_play = match &self.screen.club {
            Some(ClubView::Profile(view)) => view.in_play.rows.as_slice(),
            _ => &[],
        };
        let own = (self.screen.corr.iter()).map(|g| self.screen.corr_now.saturating_add(g.left));
        let dues: Vec<Stamp> = (self.screen.watched.iter().map(|&(_, due)| due))
            .chain(in_play.iter().map(|(_, due)| *due))
            .chain(own)
            .collect();
        if dues.is_empty() {
            return Some(idle);
        }
        let now = self.corr_time.now();
        let change = dues.iter().filter_map(|due| next_change(due - now)).min();
        Some(change.map_or(idle, |change| idle.min(change)))
    }

    fn idle_limit(&self) -> Option<Duration> {
        Some(self.idle)
    }

    fn take_game(&mut self) -> Option<(App, Option<Box<dyn Link>>)> {
        let (app, link) = self.next.take()?;
        Some((app, link.map(|l| Box::new(l) as Box<dyn Link>)))
    }

    fn waiting(&self) -> bool {
        self.screen.waiting.is_some()
    }

    fn idled(&mut self) {
        self.idled.store(true, Ordering::SeqCst);
    }

    fn face_asked(&mut self) -> Option<bool> {
        self.switch.take()
    }

    fn suggest_palette(&mut self, palette: crate::prefs::Palette) {
        // One chosen meanwhile (in lines, `palette`) wins, as at the start.
        if !self.hall.lock().pref(&self.who.key).palette_chosen {
            self.screen.palette = palette;
        }
    }

    fn back(&mut self) -> Effects {
        // Out of the replay viewer: no screen waits for its review any more.
        self.awaiting_review = None;
        self.touched = Instant::now();
        self.refresh();
        vec![Effect::Redraw, Effect::RestartTimer]
    }

    fn tell(&mut self, said: Message) {
        self.screen.tell(said);
    }

    fn take_replay(&mut self) -> Option<ReplayState> {
        self.replay.take()
    }

    fn take_review(&mut self) -> Option<ServedReview> {
        let id = self.awaiting_review?;
        // Every news wake asks: the store is read only once the review is off the
        // queue (kept by then, or failed), not at each move at another table meanwhile.
        if self.reviewer.as_ref()?.busy(&self.who.key) {
            return None;
        }
        let store = self.hall.store().cloned()?;
        // A read of the store on this session's own thread, no lock of the hall held.
        let made = store
            .club(|c| club_store::record_of(c, id))
            .ok()
            .flatten()
            .and_then(|(text, _, review)| {
                let game = crate::session::parse_record(&text).ok()?.game;
                super::reviewer::decode(&review?, &game)
            });
        // The reviewer is done with it: none kept now means none is coming (its write
        // failed, or the game did not read), and the viewer is told so.
        self.awaiting_review = None;
        Some(made.map_or(ServedReview::NotMade, ServedReview::Made))
    }

    fn take_bell(&mut self) -> bool {
        std::mem::take(&mut self.bell)
    }
}

/// The sentences telling `ends`, in order; correspondence games won or lost on
/// time come together, each kind in one sentence where there are several: a player
/// away for weeks may lose (or win) many at once, and a sentence each would not fit
/// a screen. `plain`: in the line mode's words (a rating's `?` and `(+242)` said).
fn ends_said(ends: &[&EndUntold], plain: bool) -> Vec<String> {
    let mut said = Vec::new();
    let mut on_time: [Vec<&EndUntold>; 2] = [Vec::new(), Vec::new()];
    let rating = |end: &EndUntold| {
        end.rating.map(|went| {
            let (before, after, delta) = (went.before.shown(), went.after, went.delta());
            if plain {
                crate::strings::line::club::went(before, after, delta)
            } else {
                club_words::went(before, after, delta)
            }
        })
    };
    for end in ends {
        let rating = rating(end);
        said.push(match end.how {
            EndHow::Claimed { moves } => {
                club_words::claimed_while_away(&end.other, moves, rating.as_deref())
            }
            EndHow::AtRestart { lost } => {
                club_words::ended_at_restart(&end.other, lost, rating.as_deref())
            }
            EndHow::Corr {
                how: Termination::TimeForfeit,
                won: Some(won),
                ..
            } => {
                on_time[usize::from(won)].push(end);
                continue;
            }
            EndHow::Corr {
                how,
                won,
                score,
                too_soon,
            } => club_words::corr_ended(&end.other, how, won, score, too_soon, rating.as_deref()),
        });
    }
    for (won, ends) in [false, true].into_iter().zip(on_time) {
        match ends.as_slice() {
            [] => {}
            [one] => {
                let EndHow::Corr {
                    how,
                    won,
                    score,
                    too_soon,
                } = one.how
                else {
                    continue;
                };
                said.push(club_words::corr_ended(
                    &one.other,
                    how,
                    won,
                    score,
                    too_soon,
                    rating(one).as_deref(),
                ));
            }
            many => said.push(club_words::corr_on_time_many(
                won,
                &many.iter().map(|e| e.other.as_str()).collect::<Vec<_>>(),
            )),
        }
    }
    said
}

/// The lobby as the line mode says it: as wide as a line may be (the line mode cuts
/// nothing), its empty lines left out.
fn said(view: LobbyView<'_>) -> Vec<String> {
    view.lines(u16::MAX / 2)
        .iter()
        .map(ToString::to_string)
        .filter(|l| !l.is_empty())
        .collect()
}

impl Drop for LobbyHost {
    /// A table still waiting for an opponent closes with the session; vacation days
    /// its note had not shown yet are told another time.
    fn drop(&mut self) {
        self.stand_up();
        if let Some((days, _)) = self.telling_days.take() {
            self.hall.lock().days_untold_back(&self.who.key, days);
        }
        if let Some((closed, _)) = self.telling_closed.take() {
            self.hall.lock().closed_corr_back(&self.who.key, closed);
        }
        if let Some((claims, _)) = self.telling_ends.take() {
            // Said at a later login: while the player was away, by then.
            let claims = claims.into_iter().map(|e| EndUntold { here: false, ..e });
            self.hall.lock().ends_back(&self.who.key, claims.collect());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::who::who;

    /// Brief s34 (srv39): a session that panicked on the full screen left its client
    /// there (the alternate screen, the mouse reported: OpenSSH's user needed
    /// `reset`), the unwinding skipping the restore. The restore runs, and the panic
    /// goes on to the session thread's `catch_unwind`, which tells the client the
    /// session ended. Fails with the restore after `run` alone: nothing restored.
    /// Cost: one caught panic, < 1 ms.
    #[test]
    fn a_session_that_panics_leaves_the_client_s_terminal_restored() {
        let mut written: Vec<u8> = Vec::new();
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            restored_after(
                &mut written,
                |w| {
                    w.extend_from_slice(b"a frame");
                    panic!("a session's bug");
                },
                |w| w.extend_from_slice(b"\x1b[?1049l"),
            )
        }));
        let panic = ran.expect_err("the panic goes on");
        assert_eq!(panic.downcast_ref::<&str>(), Some(&"a session's bug"));
        assert_eq!(written, b"a frame\x1b[?1049l");
        // Without a panic: run, then restore, its result kept.
        let mut written: Vec<u8> = Vec::new();
        let ran = restored_after(
            &mut written,
            |w| {
                w.push(b'a');
                7
            },
            |w| w.push(b'b'),
        );
        assert_eq!(ran, 7);
        assert_eq!(written, b"ab");
    }

    /// QA s28: the lines before and after the full screen were cut by the client's
    /// terminal mid-word at 44 columns. Broken at spaces to the width, each line ends
    /// `\r\n`, no word lost. Cost: a few strings, < 1 ms.
    #[test]
    fn raw_lines_break_at_words_to_the_client_s_width() {
        use crate::strings::serve_limits::SHUTDOWN_KEPT;
        for text in [words::line_mode_offer(false), SHUTDOWN_KEPT.to_owned()] {
            for columns in [44, 60, 80] {
                let said = raw_lines(&text, columns);
                assert!(said.ends_with("\r\n"), "{said:?}");
                let lines: Vec<&str> = said.trim_end().split("\r\n").collect();
                for line in &lines {
                    assert!(crate::text::width(line) <= usize::from(columns), "{line}");
                }
                assert_eq!(lines.join(" "), text.trim_end(), "{columns}");
            }
        }
        assert_eq!(
            raw_lines(SHUTDOWN_KEPT, 44),
            "hijara serve is shutting down; every game in\r\nplay is kept. Goodbye.\r\n"
        );
    }

    /// Brief s22 (srvcorr): a row listed to watch is drawn again when its time left
    /// reads otherwise, never later: at each wake the text has changed (or, at
    /// worst, it is early), from days to minutes, across the day's and the hour's
    /// change of unit.
    #[test]
    fn the_time_left_is_drawn_again_when_it_reads_otherwise() {
        const END: i64 = 3 * 24 * 3600;
        let lefts: Vec<i64> = (1..=END)
            .step_by(7)
            .chain([3600, 3601, 86_400, 86_401])
            .collect();
        let waits: Vec<i64> = lefts
            .iter()
            .map(|&left| next_change(left).unwrap().as_secs() as i64)
            .collect();
        // Each second's text once (every `left - d` below is in `low..=END`), and
        // where its run of the same text starts: the same checks as formatting
        // `left - d` for every `d` under the wait (25 s of CPU: up to 3600 a row).
        let low = lefts.iter().zip(&waits).map(|(l, w)| l - w + 1).min();
        let low = low.unwrap();
        let texts: Vec<String> = (low..=END).map(club_words::corr_time).collect();
        let mut run_start = vec![low; texts.len()];
        for i in 1..texts.len() {
            run_start[i] = if texts[i] == texts[i - 1] {
                run_start[i - 1]
            } else {
                low + i as i64
            };
        }
        let at = |t: i64| usize::try_from(t - low).unwrap();
        for (&left, &wait) in lefts.iter().zip(&waits) {
            assert!(wait >= 1, "{left}");
            let shown = &texts[at(left)];
            assert_eq!(*shown, club_words::corr_time(left), "{left}");
            // Unchanged until then (each `left - d`, `d` under the wait, reads as
            // `left` does), and changed then (or early, the same text).
            let first = run_start[at(left)];
            assert!(
                left - (wait - 1) >= first,
                "{left} at {}: {:?} against {shown:?}",
                left - first + 1,
                texts[at(first - 1)]
            );
        }
        assert_eq!(next_change(86_400), Some(Duration::from_secs(1)));
        assert_eq!(next_change(3600), Some(Duration::from_secs(1)));
        assert_eq!(
            next_change(2 * 86_400 + 3600 * 5 + 10),
            Some(Duration::from_secs(10))
        );
        assert_eq!(next_change(0), None);
    }

    /// The lobby's line of the player's own game at their move (`Your move in 1
    /// correspondence game: v bob, 2d 0h left`) was worked out at each look at the
    /// hall and drawn again only at a key or news, so an idle lobby showed it hours
    /// stale (s22's srvcorr left it). The lobby now wakes when that text changes, as
    /// for the rows listed to watch; since s35 (club35) a game at the opponent's move
    /// too, its row saying their time left (before, it woke nothing).
    #[test]
    fn the_own_game_s_time_left_wakes_the_lobby_when_it_reads_otherwise() {
        let hall = SharedHall::default();
        let mut host = LobbyHost::new(
            hall.clone(),
            who("ann"),
            1,
            Duration::from_secs(60),
            false,
            None,
        );
        let game = |my_move| crate::server::hall::CorrGame {
            id: 1,
            opponent: "bob".into(),
            my_move,
            since: 0,
            left: 2 * 86_400 + 10,
            days: 3,
            moves: 4,
        };
        host.screen.corr_now = host.corr_time.now();
        host.screen.corr = Vec::new();
        assert!(
            host.tick_every() > Some(Duration::from_secs(50)),
            "idle only"
        );
        for games in [vec![game(false)], vec![game(false), game(true)]] {
            host.screen.corr = games;
            let wake = host.tick_every();
            assert!(
                wake <= Some(Duration::from_secs(10)) && wake >= Some(Duration::from_secs(8)),
                "{wake:?}"
            );
        }
    }

    /// Brief s37 (srv42): a lobby's refresh (its correspondence games' times left),
    /// its note of vacation days used, a seat taken, the `status` answer and a board's
    /// news read the wall clock under the hall's lock, where every other session
    /// waited on the read (a file's, with `--clock-file`). Each is read before the
    /// lock now. The clock here counts its reads on this thread, and those made
    /// while this thread held the hall's lock (`HELD_HERE`). Failed before: 11 of
    /// its 16 reads under the lock (`sit`, `corr_games`, `take_days_untold`,
    /// `vacation_left`, and the board's news: its two time lines). Cost: ~0.2 s (a
    /// store in a temporary folder).
    #[test]
    fn a_lobby_a_seat_and_a_board_read_the_wall_clock_off_the_hall_s_lock() {
        use crate::rules::Player;
        use crate::server::oneshot::{self, OneShot};
        use crate::ui::{Link, News};
        use std::sync::atomic::AtomicUsize;
        let dir = tempfile::tempdir().unwrap();
        let (reads, locked) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
        let (counted, held) = (reads.clone(), locked.clone());
        let here = std::thread::current().id();
        let wall: crate::server::wall::Wall = Arc::new(move || {
            if std::thread::current().id() == here {
                counted.fetch_add(1, Ordering::SeqCst);
                if crate::server::shared::HELD_HERE.with(std::cell::Cell::get) > 0 {
                    held.fetch_add(1, Ordering::SeqCst);
                }
            }
            1_800_000_000
        });
        let hall = crate::server::shared::tests::when_free(|| {
            SharedHall::open_with(
                dir.path(),
                Duration::from_secs(60),
                Arc::new(|_: &str| {}),
                wall.clone(),
            )
        })
        .0;
        let terms = Terms {
            rated: true,
            corr_days: Some(7),
            ..Terms::default()
        };
        let (ann, bob) = (who("ann"), who("bob"));
        let id = hall
            .lock()
            .open_with(ann, Player::Blue, (Ruleset::Standard, false), false, terms)
            .unwrap();
        hall.lock().set_days_untold(vec![(bob.key.clone(), 1)]);
        reads.store(0, Ordering::SeqCst);
        locked.store(0, Ordering::SeqCst);
        // The lobby's first look: its games, and the day's note (taken to tell).
        let mut host = LobbyHost::new(
            hall.clone(),
            bob.clone(),
            1,
            Duration::from_secs(60),
            false,
            None,
        );
        assert!(host.screen.noted().is_some(), "the day's note");
        // A seat at ann's table, and the lobby again with the game in it.
        let _ = host.pick(id);
        assert!(
            hall.lock().table(id).unwrap().seat_of(&bob.key).is_some(),
            "bob sat"
        );
        host.next = None;
        host.refresh();
        let status = oneshot::run(OneShot::Status, &bob, &hall, oneshot::Layout::Columns(80));
        assert!(status.contains("ann"), "{status}");
        // The board's news, with another day untold to say there.
        hall.lock().set_days_untold(vec![(bob.key.clone(), 1)]);
        let mut link = TableLink::player(&hall, id, &bob, 2).unwrap();
        let news = link.news();
        assert!(
            news.iter()
                .any(|n| matches!(n, News::Note(m) if m.text.contains("vacation"))),
            "{news:?}"
        );
        let (read, under_lock) = (reads.load(Ordering::SeqCst), locked.load(Ordering::SeqCst));
        assert!(read >= 5, "read {read} times");
        assert_eq!(under_lock, 0, "reads under the hall's lock, of {read}");
    }

    /// QA (club7): a player whose open correspondence table a restart closed and for
    /// whom a vacation day was used read only the day at their next login: the
    /// line of the closed table was set first and the day's took its place, though
    /// the table was counted told (never said again). Both are said, the table
    /// first; the day counts as told only once that note is drawn.
    #[test]
    fn a_closed_open_table_and_a_vacation_day_are_both_said_at_one_login() {
        let hall = SharedHall::default();
        let ann = who("ann");
        hall.lock().set_closed_corr(vec![(ann.key.clone(), 3)]);
        hall.lock().set_days_untold(vec![(ann.key.clone(), 2)]);
        let mut host = LobbyHost::new(
            hall.clone(),
            ann.clone(),
            1,
            Duration::from_secs(60),
            false,
            None,
        );
        let note = host.screen.noted().unwrap_or_default().to_owned();
        assert_eq!(
            note,
            format!(
                "{}. {}",
                club_words::corr_closed_at_restart(&["3".to_owned()]),
                // Untold, with no day used this year: a year before's.
                club_words::vacation_used(crate::strings::club::DaysUsed {
                    used: 2,
                    earlier: 2,
                    year: crate::server::wall::CorrTime::year_of(hall.wall()),
                    left: 20
                })
            )
        );
        assert_eq!(hall.lock().take_days_untold(&ann.key), None, "taken");
        Lobby::shown(&mut host);
        assert_eq!(hall.lock().take_days_untold(&ann.key), None, "told");
    }

    /// A vacation day's note drawn under the keys' help (`?`, open over the lobby) was
    /// not read: given back, and said again once the help is closed.
    #[test]
    fn a_vacation_day_s_note_under_the_keys_help_is_given_back() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent};
        let hall = SharedHall::default();
        let ann = who("ann");
        let mut host = LobbyHost::new(
            hall.clone(),
            ann.clone(),
            1,
            Duration::from_secs(60),
            false,
            None,
        );
        let _ = Lobby::handle(&mut host, Input::Resize(80, 24));
        let _ = Lobby::handle(&mut host, Input::Key(KeyEvent::from(KeyCode::Char('?'))));
        hall.lock().set_days_untold(vec![(ann.key.clone(), 1)]);
        let _ = Lobby::linked(&mut host);
        Lobby::shown(&mut host);
        assert_eq!(
            hall.lock()
                .take_days_untold(&ann.key)
                .map(|d| (d.used, d.left)),
            Some((1, 20)),
            "given back"
        );
        hall.lock().days_untold_back(&ann.key, 1);
        // The help closed by a key (which clears the note): drawn without it, so
        // given back again, and said at the next look.
        let _ = Lobby::handle(&mut host, Input::Key(KeyEvent::from(KeyCode::Esc)));
        Lobby::shown(&mut host);
        let _ = Lobby::linked(&mut host);
        assert_eq!(
            host.screen.noted(),
            Some(
                club_words::vacation_used(crate::strings::club::DaysUsed {
                    used: 1,
                    earlier: 1,
                    year: crate::server::wall::CorrTime::year_of(hall.wall()),
                    left: 20
                })
                .as_str()
            )
        );
        Lobby::shown(&mut host);
        assert_eq!(hall.lock().take_days_untold(&ann.key), None, "told");
    }

    /// Brief s16 (club8): the note of an open correspondence table a restart closed
    /// was counted told as the lobby took it, at login, drawn or not: a player whose
    /// screen closed before it was drawn, or who had the keys' help over it, never
    /// read it and was never told again. It is told as the vacation days are: counted
    /// once drawn, given back (to the next look, or the next login) if it was not.
    /// Fails on the old code (taken at login and counted told at once).
    #[test]
    fn a_closed_open_table_s_note_is_told_once_drawn_and_given_back_if_not() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent};
        let hall = SharedHall::default();
        let ann = who("ann");
        let said = club_words::corr_closed_at_restart(&["3".to_owned()]);
        let login = || {
            LobbyHost::new(
                hall.clone(),
                ann.clone(),
                1,
                Duration::from_secs(60),
                false,
                None,
            )
        };
        hall.lock().set_closed_corr(vec![(ann.key.clone(), 3)]);
        // (Each hold of the hall hands its writes to the store as it ends: what is
        // still to tell is what the hall gives the next screen to take.)
        let untold = || {
            let mut hall = hall.lock();
            let closed = hall.take_closed_corr(&ann.key);
            hall.set_closed_corr(closed.iter().map(|&id| (ann.key.clone(), id)).collect());
            closed
        };
        // The screen closed before it was drawn: given back, for the next login.
        let host = login();
        assert_eq!(host.screen.noted(), Some(said.as_str()));
        assert_eq!(untold(), [] as [u32; 0], "taken");
        drop(host);
        assert_eq!(untold(), [3], "given back at the screen's end");
        // The keys' help over it at its first drawing: given back, and said at the
        // next look once the help is closed.
        let mut host = login();
        assert_eq!(host.screen.noted(), Some(said.as_str()));
        let _ = Lobby::handle(&mut host, Input::Resize(80, 24));
        let _ = Lobby::handle(&mut host, Input::Key(KeyEvent::from(KeyCode::Char('?'))));
        Lobby::shown(&mut host);
        assert_eq!(untold(), [3], "given back from under the help");
        let _ = Lobby::handle(&mut host, Input::Key(KeyEvent::from(KeyCode::Esc)));
        Lobby::shown(&mut host);
        let _ = Lobby::linked(&mut host);
        assert_eq!(host.screen.noted(), Some(said.as_str()));
        Lobby::shown(&mut host);
        // Told: never said again, at a later look or login.
        let _ = Lobby::linked(&mut host);
        Lobby::shown(&mut host);
        drop(host);
        assert_eq!(untold(), [] as [u32; 0], "told");
        let host = login();
        assert_ne!(host.screen.noted(), Some(said.as_str()));
    }

    /// Brief s30 (club30, from qa30): bob's link dropped, the grace ran out and ann
    /// claimed the win (`w`): bob's next login read only `last: v ann, lost 0-0 (you
    /// left)` (the record says `abandoned` for a player who left and one whose link
    /// dropped), his rating fallen, nothing saying the win was claimed. The history
    /// keeps the claim apart (schema 16) and bob's lobby tells him once, at his next
    /// login after a restart, in the full screen and the line mode; the note is on
    /// disk with the game (nothing else is written for it: a `kill -9` keeps it),
    /// and once drawn it is told, after a restart too. Fails on the old code (no
    /// note, `you left`). Cost: two opens of a store in a temp folder, ~50 ms.
    #[test]
    fn a_win_claimed_against_a_dropped_link_is_told_to_its_loser_once_at_login() {
        use super::super::hall::Terms;
        use crate::rules::{Game, Player, Square};
        use crate::ui::Link;
        let dir = tempfile::tempdir().unwrap();
        let open = || {
            let (hall, problems) = crate::server::shared::tests::when_free(|| {
                SharedHall::open(dir.path(), Duration::ZERO, Arc::new(|_: &str| {}))
            });
            assert!(problems.is_empty(), "{problems:?}");
            hall
        };
        let hall = open();
        let terms = Terms {
            rated: true,
            ..Terms::default()
        };
        let id = hall
            .lock()
            .open_with(
                who("ann"),
                Player::Blue,
                (Ruleset::Standard, false),
                false,
                terms,
            )
            .unwrap();
        assert_eq!(hall.lock().sit(id, who("bob")), Some(Player::Yellow));
        let mut ann = TableLink::new(hall.clone(), id, Some(Player::Blue));
        let mut bob = TableLink::new(hall.clone(), id, Some(Player::Yellow));
        ann.sync(&Game::from_moves([Square::B2]).unwrap());
        hall.flush();
        bob.sync(&Game::from_moves([Square::B2, Square::C3]).unwrap());
        hall.flush();
        // Bob's link drops; past the grace (none here) ann claims.
        drop(bob);
        hall.lock().drop_out(id, "SHA256:bob");
        assert_eq!(hall.lock().claim(id, "SHA256:ann"), Ok(()));
        hall.flush();
        drop(ann);
        // On disk with the game, untold: what a `kill -9` now would leave.
        let db = rusqlite::Connection::open(super::super::store::db_path(dir.path())).unwrap();
        let (claimed, untold, before, after, deviation, deviation_before): (
            bool,
            bool,
            f64,
            f64,
            f64,
            f64,
        ) = db
            .query_row(
                "SELECT claimed, claim_untold, yellow_before, yellow_after, yellow_deviation,
                     yellow_deviation_before
                 FROM finished",
                [],
                |r| {
                    Ok((
                        r.get(0)?,
                        r.get(1)?,
                        r.get(2)?,
                        r.get(3)?,
                        r.get(4)?,
                        r.get(5)?,
                    ))
                },
            )
            .unwrap();
        assert!(claimed && untold);
        drop(db);
        drop(hall);
        let hall = open();
        let after = crate::rating::Shown::of(after, deviation);
        let before = crate::rating::Shown::of(before, deviation_before);
        let change = club_words::went(Some(before), after, after.whole - before.whole);
        let said =
            club_words::while_away(&[club_words::claimed_while_away("ann", 2, Some(&change))]);
        // Bob's first rated game: his rating is provisional before and after, and
        // says so (s36: after only; s37: before too, kept by schema 18).
        assert!(said.contains("your rating went from 1500? to 1"), "{said}");
        assert!(said.contains("? (-"), "{said}");
        // Ann is not told (she won); bob is, at the full screen, wrapped whole.
        let ann_lobby = LobbyHost::new(
            hall.clone(),
            who("ann"),
            1,
            Duration::from_secs(60),
            false,
            None,
        );
        assert_ne!(ann_lobby.screen.noted(), Some(said.as_str()));
        drop(ann_lobby);
        let mut host = LobbyHost::new(
            hall.clone(),
            who("bob"),
            2,
            Duration::from_secs(60),
            false,
            None,
        );
        assert_eq!(host.screen.noted(), Some(said.as_str()));
        let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        for (w, h) in [(80, 24), (44, 16)] {
            let _ = Lobby::handle(&mut host, Input::Resize(w, h));
            let area = Rect::new(0, 0, w, h);
            let mut buf = Buffer::empty(area);
            Lobby::render(&host, area, &mut buf);
            let rows: Vec<String> = (0..h)
                .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
                .collect();
            assert!(
                words(&rows.join(" ")).contains(&words(&said)),
                "{w}x{h}: {rows:#?}"
            );
        }
        // His last game says how it ended, from his side.
        let last = history_lines(&hall.history("SHA256:bob"), "SHA256:bob");
        let how = last.iter().find_map(|m| match &m.keyed {
            Some(crate::ui::Keyed::LastGame(game)) => Some(game.4),
            _ => None,
        });
        assert_eq!(how, Some(Some("claimed: your link dropped")));
        // Closed before it was drawn: given back, and said at the next login, in the
        // line mode this time.
        drop(host);
        let mut host = LobbyHost::new(
            hall.clone(),
            who("bob"),
            3,
            Duration::from_secs(60),
            true,
            None,
        );
        // The rating in words there (`1258, provisional, down 242`), no `?`.
        let plain =
            crate::strings::line::club::went(Some(before), after, after.whole - before.whole);
        let said_plain =
            club_words::while_away(&[club_words::claimed_while_away("ann", 2, Some(&plain))]);
        assert!(
            said_plain.contains("from 1500, provisional, to ")
                && said_plain.contains(", provisional, down "),
            "{said_plain}"
        );
        assert!(
            Lobby::lines(&host).contains(&said_plain),
            "{:#?}",
            Lobby::lines(&host)
        );
        // Drawn: told, never again, after a restart too.
        Lobby::shown(&mut host);
        drop(host);
        hall.flush();
        drop(hall);
        let hall = open();
        let host = LobbyHost::new(
            hall.clone(),
            who("bob"),
            4,
            Duration::from_secs(60),
            false,
            None,
        );
        assert_eq!(host.screen.noted(), None);
    }

    /// Brief s35 (club35, from qa36): a correspondence game that ended while its
    /// player sat in the lobby changed its lines silently (bob resigned; ann read
    /// nothing), and was said to nobody later. The player in the lobby is told once,
    /// as news (`Game over:`, not `While you were away:`), in the line mode too; not
    /// again at the next look nor after a restart; the other, whose screen showed the
    /// board as it ended, is not told again in the lobby. Fails on the old code (no
    /// note). Cost: two opens of a store in a temp folder, ~60 ms.
    #[test]
    fn a_correspondence_game_ended_is_told_once_in_the_lobby_not_at_its_board() {
        use super::super::hall::{Showing, Terms};
        use crate::rules::{Game, Player, Square};
        use crate::ui::{Inbox, Link, Request};
        let dir = tempfile::tempdir().unwrap();
        let open = || {
            let (hall, problems) = crate::server::shared::tests::when_free(|| {
                SharedHall::open(dir.path(), Duration::ZERO, Arc::new(|_: &str| {}))
            });
            assert!(problems.is_empty(), "{problems:?}");
            hall
        };
        let hall = open();
        let terms = Terms {
            rated: true,
            corr_days: Some(3),
            ..Terms::default()
        };
        let id = hall
            .lock()
            .open_with(
                who("ann"),
                Player::Blue,
                (Ruleset::Standard, false),
                false,
                terms,
            )
            .unwrap();
        assert_eq!(hall.lock().sit(id, who("bob")), Some(Player::Yellow));
        hall.flush();
        let mut ann = TableLink::new(hall.clone(), id, Some(Player::Blue));
        let mut bob = TableLink::new(hall.clone(), id, Some(Player::Yellow));
        ann.sync(&Game::from_moves([Square::B2]).unwrap());
        hall.flush();
        bob.sync(&Game::from_moves([Square::B2, Square::C3]).unwrap());
        hall.flush();
        drop(ann);
        // Ann sits in the lobby; bob's screen shows the board.
        let inbox = Inbox::new();
        let in_lobby = hall
            .lock()
            .join(inbox.news_waker(), who("ann"), Pref::default());
        let at_board = hall
            .lock()
            .join(inbox.news_waker(), who("bob"), Pref::default());
        hall.lock().show(at_board, Showing::Table(id));
        let mut host = LobbyHost::new(
            hall.clone(),
            who("ann"),
            in_lobby,
            Duration::from_secs(60),
            false,
            None,
        );
        assert_eq!(host.screen.noted(), None);
        bob.request(Request::Resign);
        hall.flush();
        let _ = Lobby::handle(&mut host, Input::Tick);
        let said = host.screen.noted().unwrap_or_default().to_owned();
        assert!(
            said.starts_with("Game over: bob resigned: you won your correspondence game with bob"),
            "{said:?}"
        );
        assert!(Lobby::lines(&host).contains(&said), "the line mode");
        Lobby::shown(&mut host);
        // The next look says nothing new; bob, at the board, is owed nothing.
        host.screen.note("");
        let _ = Lobby::handle(&mut host, Input::Tick);
        assert_eq!(host.screen.noted(), Some(""));
        assert_eq!(hall.lock().take_ends_untold("SHA256:bob"), []);
        drop((host, bob));
        hall.lock().leave(in_lobby);
        hall.lock().leave(at_board);
        hall.flush();
        drop(hall);
        let hall = open();
        for (session, name) in [(5, "ann"), (6, "bob")] {
            let host = LobbyHost::new(
                hall.clone(),
                who(name),
                session,
                Duration::from_secs(60),
                false,
                None,
            );
            assert_eq!(host.screen.noted(), None, "{name} after a restart");
        }
    }

    /// QA s28 (qa28, over ssh): `w` and the number of a table where the player has no
    /// game (one they watched, two others playing) said `Not yet: a win can be
    /// claimed once the opponent's link has been gone for the grace period`, as if
    /// waiting would grant it. It says there is no game of theirs to claim, and a
    /// claim against an opponent still within the grace period still says `Not yet`.
    /// Fails on the old code. Cost: one hall, no thread, < 10 ms.
    /// Brief s31 (srv34): two games ended while the player was away (a claimed win,
    /// a game lost on time at a restart) were said as one note that began `While you
    /// were away:` twice. It is said once, the second note after `Also,`, the same in
    /// the line mode. Fails on the old code (said twice). Cost: one hall in memory,
    /// two lobbies, < 10 ms.
    /// Brief s37 (club37): the rating before the game is said with its `?` (`from
    /// 1500? to 1490? (-10)`; the line mode `from 1500, provisional, to 1490,
    /// provisional, down 10`); a game rated before schema 18, whose `?` before is
    /// not known, says the rating after only (`to 1512? (+12)`). Fails on the old
    /// code (`went to 1490? (-10)` for both).
    #[test]
    fn two_games_ended_while_away_are_said_after_one_while_you_were_away() {
        use super::super::club::{EndUntold, RatingBefore, RatingWent};
        use crate::rating::Shown;
        let hall = SharedHall::default();
        let ends = vec![
            EndUntold {
                game: 1,
                key: "SHA256:bob".into(),
                other: "ann".into(),
                how: EndHow::Claimed { moves: 2 },
                rating: Some(RatingWent {
                    before: RatingBefore::Shown(Shown::of(1500.0, 350.0)),
                    after: Shown::of(1490.0, 300.0),
                }),
                here: false,
            },
            EndUntold {
                game: 2,
                key: "SHA256:bob".into(),
                other: "carol".into(),
                how: EndHow::AtRestart { lost: false },
                rating: Some(RatingWent {
                    before: RatingBefore::Whole(1490),
                    after: Shown::of(1502.4, 290.0),
                }),
                here: false,
            },
        ];
        // The rating before and after with their `?` (s36: `went to 1490? (-10)`;
        // before it `went from 1500 to 1490`, no `?`), in words in the line mode.
        let said = |first: &str, second: &str| {
            format!(
                "While you were away: ann claimed the win against you after your link \
                 dropped (2 moves played); your rating went {first}. Also, your \
                 game with carol was ended when the server restarted, as carol's clock had \
                 run out before it stopped (won on time); your rating went {second}"
            )
        };
        hall.lock().set_ends_untold(ends);
        // The full screen's lobby is closed before it is drawn: the notes are given
        // back, and the line mode's login says them.
        for line_mode in [false, true] {
            let said = if line_mode {
                said(
                    "from 1500, provisional, to 1490, provisional, down 10",
                    "to 1502, provisional, up 12",
                )
            } else {
                said("from 1500? to 1490? (-10)", "to 1502? (+12)")
            };
            let said = said.as_str();
            let host = LobbyHost::new(
                hall.clone(),
                who("bob"),
                1,
                Duration::from_secs(60),
                line_mode,
                None,
            );
            assert_eq!(host.screen.noted(), Some(said), "line mode: {line_mode}");
            if line_mode {
                let lines = Lobby::lines(&host);
                assert!(lines.iter().any(|l| l == said), "{lines:#?}");
            }
        }
    }

    #[test]
    fn a_claim_at_a_table_without_one_s_game_says_so_not_not_yet() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent};
        let hall = SharedHall::default();
        let id = hall.lock().open_public(
            who("alice"),
            crate::rules::Player::Blue,
            (Ruleset::Standard, false),
        );
        assert_eq!(
            hall.lock().sit(id, who("bob")),
            Some(crate::rules::Player::Yellow)
        );
        let claim = |name: &str| {
            let mut host = LobbyHost::new(
                hall.clone(),
                who(name),
                1,
                Duration::from_secs(60),
                false,
                None,
            );
            let _ = Lobby::handle(&mut host, Input::Resize(80, 24));
            for key in ['w', char::from_digit(id, 10).unwrap_or('1')] {
                let _ = Lobby::handle(&mut host, Input::Key(KeyEvent::from(KeyCode::Char(key))));
            }
            host.screen.noted().map(str::to_owned)
        };
        assert_eq!(claim("carol").as_deref(), Some(words::NO_GAME_TO_CLAIM));
        hall.lock().drop_out(id, "SHA256:bob");
        assert_eq!(claim("alice").as_deref(), Some(words::NOT_CLAIMABLE));
    }

    /// QA s28 (qa28): carol pressed Esc in the lobby to clear a note, and her session
    /// closed. Esc closes the innermost thing: a note shown first, then (nothing
    /// open) the lobby. Fails on the old code (the first Esc quit). Cost: one hall,
    /// a few keys, < 10 ms.
    #[test]
    fn esc_in_the_lobby_clears_a_note_before_it_leaves() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent};
        let hall = SharedHall::default();
        let mut host = LobbyHost::new(hall, who("carol"), 1, Duration::from_secs(60), false, None);
        let _ = Lobby::handle(&mut host, Input::Resize(80, 24));
        let mut press = |code| Lobby::handle(&mut host, Input::Key(KeyEvent::from(code)));
        // A note: the palette chosen (any note will do).
        assert!(!press(KeyCode::Char('c')).contains(&Effect::Quit));
        let quits = |effects: Effects| effects.contains(&Effect::Quit);
        assert!(!quits(press(KeyCode::Esc)), "the first Esc clears the note");
        assert!(host.screen.noted().is_none());
        assert!(quits(Lobby::handle(
            &mut host,
            Input::Key(KeyEvent::from(KeyCode::Esc))
        )));
    }
}
