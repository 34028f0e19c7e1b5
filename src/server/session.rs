//! One connection's session, on a thread of its own: the lobby is a screen of the
//! game's one event loop (`ui::run_served`), and the games it opens run on the same
//! loop. [`LobbyHost`] is the lobby as the loop sees it (`ui::Lobby`): the pure
//! [`LobbyState`], and what its choices do to the shared hall.

use std::sync::Arc;
use std::time::Duration;

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
use crate::session::{GameConfig, fresh_seed};
use crate::strings::serve as words;
use crate::ui::{App, Effect, Effects, Inbox, Input, Link, Lobby, Look, run_served};

use super::backend::SshBackend;
use super::hall::Found;
use super::link::TableLink;
use super::listing::{Listing, Row, seen_by};
use super::lobby::{
    Choice, LISTED, LobbyState, NewGame, Opponent, Waiting, history_lines, unfinished,
};
use super::outside::safe_text;
use super::shared::SharedHall;
use super::table::{Back, NoClaim};
use super::talk::typed_code;
use super::who::Who;

/// Everything a session needs, handed to its thread.
pub(crate) struct SessionStart {
    pub(crate) who: Who,
    pub(crate) hall: SharedHall,
    pub(crate) inbox: Inbox,
    pub(crate) backend: SshBackend,
    /// A lobby left alone this long is closed.
    pub(crate) idle: Duration,
}

/// Runs the session until the player leaves or the connection closes.
pub(crate) fn run(start: SessionStart) -> anyhow::Result<()> {
    let SessionStart {
        who,
        hall,
        inbox,
        mut backend,
        idle,
    } = start;
    // Focus reporting: a player in another window is told of their move.
    execute!(
        backend.writer(),
        EnterAlternateScreen,
        EnableMouseCapture,
        EnableFocusChange
    )
    .context("cannot set up the client's terminal")?;
    let mut terminal = Terminal::new(backend).context("cannot open the client's terminal")?;
    let _ = terminal.hide_cursor();
    let session = hall.join(inbox.news_waker(), who.clone());
    let host = LobbyHost::new(hall.clone(), who, session, idle);
    let result = run_served(&mut terminal, &inbox, Box::new(host));
    hall.lock().leave(session);
    let backend = terminal.backend_mut();
    let _ = execute!(
        backend.writer(),
        DisableFocusChange,
        DisableMouseCapture,
        LeaveAlternateScreen
    );
    let _ = ratatui::backend::Backend::show_cursor(backend);
    result
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
    history: Vec<String>,
    history_of: Option<u64>,
    area: Rect,
    /// The game chosen, until the loop takes it.
    next: Option<(App, Option<TableLink>)>,
    /// A lobby left alone this long is closed.
    idle: Duration,
    /// The loop has started (its first resize came).
    started: bool,
}

impl LobbyHost {
    pub(crate) fn new(hall: SharedHall, who: Who, session: u64, idle: Duration) -> LobbyHost {
        let colour = hall.lock().pref(&who.key).colour;
        let mut host = LobbyHost {
            screen: LobbyState::new(&who.name, colour),
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
        };
        host.refresh();
        host
    }

    /// The tables as this player sees them (others' private and adjourned tables left
    /// out), and their own games. Under the lock only the hall's rows (shared, built
    /// once per change) are taken, and the history only when a game entered it.
    fn refresh(&mut self) {
        let key = &self.who.key;
        let finished = {
            let mut hall = self.hall.lock();
            self.listing = hall.listing();
            hall.finished_count()
        };
        // Asked of the store (off the lock) only when a game entered the history.
        if self.history_of != Some(finished) {
            self.history_of = Some(finished);
            self.history = history_lines(&self.hall.history(key), key);
        }
        self.rows = seen_by(&self.listing, key).cloned().collect();
        self.screen.mine = unfinished(&self.rows, key)
            .into_iter()
            .chain(self.history.iter().cloned())
            .collect();
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
            self.screen.note(words::NOT_A_TABLE);
            return vec![Effect::Redraw];
        };
        let Some(opening) = link.game() else {
            self.screen.note(words::NOT_A_TABLE);
            return vec![Effect::Redraw];
        };
        let (game, remote) = (opening.game, opening.remote);
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
                App::with_game(config, game)
                    .served(remote)
                    .named(opening.names)
            }
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
        let sat = self.hall.lock().sit(id, self.who.clone());
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
            self.screen.note(words::YOUR_TABLE);
            return vec![Effect::Redraw];
        }
        let link = TableLink::spectator(&self.hall, id, self.session);
        self.at_table(link)
    }

    fn start(&mut self, game: NewGame) -> Effects {
        match game.opponent {
            Opponent::Person => {
                let opened = self.hall.lock().open(
                    self.who.clone(),
                    game.side,
                    (game.ruleset, game.claims),
                    game.private,
                    game.clock,
                );
                match opened {
                    Some(id) => self.screen.waiting = Some(Waiting::Opponent(id)),
                    None => self.screen.note(words::NO_CODE),
                }
                self.refresh();
                vec![Effect::Redraw]
            }
            Opponent::Ai(level) => {
                // At a table of its own: kept after every move, and watchable.
                let id = self.hall.lock().open_ai(
                    self.who.clone(),
                    game.side,
                    (game.ruleset, game.claims),
                    level,
                    game.clock,
                );
                let link = TableLink::player(&self.hall, id, &self.who, self.session);
                self.at_table(link)
            }
        }
    }

    fn find(&mut self, name: &str) -> Effects {
        let found = self.hall.lock().find(name);
        let name = safe_text(name.trim());
        let text = match found {
            Found::Playing(id) => match self.rows.iter().position(|r| r.id == id) {
                Some(n) if n < LISTED => words::found_at(&name, n + 1),
                _ => words::found_unlisted(&name),
            },
            Found::Private => words::found_private(&name),
            Found::Here => words::found_here(&name),
            Found::Away => words::found_away(&name),
        };
        self.screen.note(text);
        vec![Effect::Redraw]
    }

    /// Stops waiting at a table: it closes, or an adjourned game is left for later.
    fn stand_up(&mut self) {
        if let Some(id) = self.screen.waiting.take().map(Waiting::id) {
            self.hall.lock().leave_table(id, &self.who.key);
        }
    }
}

impl Lobby for LobbyHost {
    fn handle(&mut self, input: Input) -> Effects {
        let key = match input {
            Input::Key(key) => key,
            Input::Resize(width, height) => {
                self.area = Rect::new(0, 0, width, height);
                // The loop's first input: a player back within the grace period goes
                // straight to their seat.
                if !std::mem::replace(&mut self.started, true)
                    && let Some(effects) = self.return_to_seat()
                {
                    return effects;
                }
                return vec![Effect::Redraw];
            }
            // Left alone for LOBBY_IDLE: the session ends.
            Input::Tick => return vec![Effect::Quit],
            Input::Click(_) | Input::Pick(_) => return Vec::new(),
        };
        self.refresh();
        let mut effects = vec![Effect::Redraw, Effect::RestartTimer];
        match self.screen.key(key, &self.rows) {
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
                    Err(NoClaim::NotHere | NoClaim::NotYet) => words::NOT_CLAIMABLE.to_owned(),
                });
            }
            Choice::Colour(on) => {
                self.hall.lock().set_pref(&self.who.key, |p| p.colour = on);
            }
            Choice::Start(game) => effects.extend(self.start(game)),
            Choice::Pick(id) => effects.extend(self.pick(id)),
            Choice::Find(name) => effects.extend(self.find(&name)),
            Choice::Code(code) => {
                let found = self.hall.lock().by_code(&typed_code(&code));
                match found {
                    Some(id) => effects.extend(self.pick(id)),
                    None => self.screen.note(words::NO_SUCH_CODE),
                }
            }
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
        vec![Effect::Redraw]
    }

    fn render(&self, area: Rect, buf: &mut Buffer) {
        (&self.screen.view(&self.rows, &self.who.key)).render(area, buf);
    }

    fn look(&self) -> Look {
        if self.screen.colour {
            Look::DEFAULT
        } else {
            Look::PLAIN
        }
    }

    fn area(&self) -> Rect {
        self.area
    }

    fn tick_every(&self) -> Option<Duration> {
        Some(self.idle)
    }

    fn take_game(&mut self) -> Option<(App, Option<Box<dyn Link>>)> {
        let (app, link) = self.next.take()?;
        Some((app, link.map(|l| Box::new(l) as Box<dyn Link>)))
    }

    fn waiting(&self) -> bool {
        self.screen.waiting.is_some()
    }

    fn back(&mut self) -> Effects {
        self.refresh();
        vec![Effect::Redraw, Effect::RestartTimer]
    }
}

impl Drop for LobbyHost {
    /// A table still waiting for an opponent closes with the session.
    fn drop(&mut self) {
        self.stand_up();
    }
}
