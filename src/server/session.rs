//! One connection's session, on a thread of its own: the lobby is a screen of the
//! game's one event loop (`ui::run_served`), and the games it opens run on the same
//! loop. [`LobbyHost`] is the lobby as the loop sees it: the pure [`LobbyScreen`], and
//! what its choices do to the shared tables.

use std::collections::BTreeMap;
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
use super::link::TableLink;
use super::lobby::{Choice, LobbyScreen, NewGame, Opponent, listed};
use super::outside::shown;
use super::tables::{Back, Found, SharedLobby, Table, Who};
use super::talk::typed_code;

/// Everything a session needs, handed to its thread.
pub(crate) struct SessionStart {
    pub(crate) who: Who,
    pub(crate) lobby: SharedLobby,
    pub(crate) inbox: Inbox,
    pub(crate) backend: SshBackend,
    /// A lobby left alone this long is closed.
    pub(crate) idle: Duration,
}

/// Runs the session until the player leaves or the connection closes.
pub(crate) fn run(start: SessionStart) -> anyhow::Result<()> {
    let SessionStart {
        who,
        lobby,
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
    let id = lobby.lock().join(inbox.news_waker(), who.clone());
    let host = LobbyHost::new(lobby.clone(), who, idle);
    let result = run_served(&mut terminal, &inbox, Box::new(host));
    lobby.lock().leave(id);
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
    screen: LobbyScreen,
    lobby: SharedLobby,
    who: Who,
    /// The tables as last seen.
    tables: BTreeMap<u32, Table>,
    area: Rect,
    /// The game chosen, until the loop takes it.
    next: Option<(App, Option<TableLink>)>,
    /// A lobby left alone this long is closed.
    idle: Duration,
    /// The loop has started (its first resize came).
    started: bool,
}

impl LobbyHost {
    pub(crate) fn new(lobby: SharedLobby, who: Who, idle: Duration) -> LobbyHost {
        let colour = lobby.lock().prefs().get(&who.key).colour;
        let mut host = LobbyHost {
            screen: LobbyScreen::new(&who.name, colour),
            lobby,
            who,
            tables: BTreeMap::new(),
            area: Rect::new(0, 0, 80, 24),
            next: None,
            idle,
            started: false,
        };
        host.refresh();
        host
    }

    /// The tables as this player sees them (others' adjourned games left out), and
    /// their own games.
    fn refresh(&mut self) {
        let lobby = self.lobby.lock();
        self.tables = lobby.tables_for(&self.who.key);
        self.screen.mine = super::lobby::your_games(&lobby, &self.tables, &self.who.key);
    }

    /// Back within the grace period: straight to the seat kept for this key.
    fn return_to_seat(&mut self) -> Option<Effects> {
        let (id, _) = self.lobby.lock().return_to_seat(&self.who.key)?;
        let link = TableLink::player(&self.lobby, id, &self.who);
        Some(self.at_table(link))
    }

    /// The game at table `id` as a player or a spectator, ready for the loop.
    fn at_table(&mut self, link: Option<TableLink>) -> Effects {
        let Some(mut link) = link else {
            self.screen.note(words::NOT_A_TABLE);
            return vec![Effect::Redraw];
        };
        let Some((game, remote, ai)) = link.game() else {
            self.screen.note(words::NOT_A_TABLE);
            return vec![Effect::Redraw];
        };
        let app = match ai {
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
                let mut app = App::with_game(config, game).served(remote).at_ai_table();
                if let Some(course) = link.course() {
                    let _ = app.follow_course(course);
                }
                app
            }
            _ => App::with_game(GameConfig::default(), game).served(remote),
        };
        self.next = Some((app, Some(link)));
        vec![Effect::Open]
    }

    /// Sits at table `id`, or watches it when it is full; back at an unfinished game
    /// of this player's.
    fn pick(&mut self, id: u32) -> Effects {
        let back = self.lobby.lock().come_back(id, &self.who.key);
        match back {
            Some(Back::Play(_)) => {
                let link = TableLink::player(&self.lobby, id, &self.who);
                return self.at_table(link);
            }
            Some(Back::Wait) => {
                self.screen.waiting = Some(id);
                self.refresh();
                return vec![Effect::Redraw];
            }
            None => {}
        }
        let sat = self.lobby.lock().sit(id, self.who.clone());
        if sat.is_some() {
            let link = TableLink::player(&self.lobby, id, &self.who);
            return self.at_table(link);
        }
        let own = self
            .lobby
            .lock()
            .tables()
            .get(&id)
            .is_some_and(|t| t.seat_of(&self.who.key).is_some());
        if own {
            self.screen.note(words::YOUR_TABLE);
            return vec![Effect::Redraw];
        }
        let link = TableLink::spectator(&self.lobby, id);
        self.at_table(link)
    }

    fn start(&mut self, game: NewGame) -> Effects {
        match game.opponent {
            Opponent::Person => {
                let opened = self.lobby.lock().open(
                    self.who.clone(),
                    game.side,
                    game.ruleset,
                    game.claims,
                    game.private,
                );
                match opened {
                    Some(id) => {
                        self.lobby.lock().set_clock(id, game.clock);
                        self.screen.waiting = Some(id);
                    }
                    None => self.screen.note(words::NO_CODE),
                }
                self.refresh();
                vec![Effect::Redraw]
            }
            Opponent::Ai(level) => {
                // At a table of its own: kept after every move, and watchable.
                let id = self.lobby.lock().open_ai(
                    self.who.clone(),
                    game.side,
                    (game.ruleset, game.claims),
                    level,
                    game.clock,
                );
                let link = TableLink::player(&self.lobby, id, &self.who);
                self.at_table(link)
            }
        }
    }

    fn find(&mut self, name: &str) -> Effects {
        let found = self.lobby.lock().find(name);
        let name = shown(name.trim());
        let text = match found {
            Found::Playing(id) => match listed(&self.tables).position(|(t, _)| t == id) {
                Some(n) if n < 9 => words::found_at(&name, n + 1),
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
        if let Some(id) = self.screen.waiting.take() {
            self.lobby.lock().leave_table(id, &self.who.key);
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
        match self.screen.key(key, &self.tables) {
            Choice::Stay => {}
            Choice::Leave => {
                self.stand_up();
                return vec![Effect::Quit];
            }
            Choice::Close => self.stand_up(),
            Choice::Claim(id) => {
                let won = self.lobby.lock().claim(id, &self.who.key);
                self.screen.note(if won {
                    words::CLAIMED
                } else {
                    words::NOT_CLAIMABLE
                });
            }
            Choice::Colour(on) => {
                self.lobby
                    .lock()
                    .prefs()
                    .update(&self.who.key, |p| p.colour = on);
            }
            Choice::Start(game) => effects.extend(self.start(game)),
            Choice::Pick(id) => effects.extend(self.pick(id)),
            Choice::Find(name) => effects.extend(self.find(&name)),
            Choice::Code(code) => {
                let found = self.lobby.lock().by_code(&typed_code(&code));
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
        if let Some(id) = self.screen.waiting {
            match self.tables.get(&id) {
                Some(table) if table.ready() => {
                    self.screen.waiting = None;
                    if let Some(mut link) = TableLink::player(&self.lobby, id, &self.who) {
                        // The opponent came while this player waited elsewhere, perhaps.
                        link.ring_if_my_move();
                        return self.at_table(Some(link));
                    }
                }
                Some(table) if table.seat_of(&self.who.key).is_some() => {}
                _ => self.screen.waiting = None,
            }
        }
        vec![Effect::Redraw]
    }

    fn render(&self, area: Rect, buf: &mut Buffer) {
        (&self.screen.view(&self.tables)).render(area, buf);
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
