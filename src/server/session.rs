//! One connection's screens, on a thread of its own: the lobby, and the games it opens,
//! each through the game's one event loop (`ui::run_served`) on the SSH channel.

use std::time::{Duration, Instant};

use anyhow::Context;
use ratatui::Terminal;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;
use ratatui::crossterm::terminal::{EnterAlternateScreen, LeaveAlternateScreen};

use crate::ai::Seat;
use crate::rules::Player;
use crate::session::{GameConfig, fresh_seed};
use crate::ui::{App, Inbox, Theme, Wake, run_served};

use super::backend::SshBackend;
use super::lobby::{Choice, LobbyScreen, NewGame, Opponent};
use super::tables::{Back, SharedLobby, TableLink, Who};

type SshTerminal = Terminal<SshBackend>;

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
    execute!(backend.writer(), EnterAlternateScreen, EnableMouseCapture)
        .context("cannot set up the client's terminal")?;
    let mut terminal = Terminal::new(backend).context("cannot open the client's terminal")?;
    let _ = terminal.hide_cursor();
    let id = lobby.lock().join(inbox.sender());
    let result = lobby_loop(&mut terminal, &inbox, &lobby, &who, idle);
    lobby.lock().leave(id);
    let backend = terminal.backend_mut();
    let _ = execute!(backend.writer(), DisableMouseCapture, LeaveAlternateScreen);
    let _ = ratatui::backend::Backend::show_cursor(backend);
    result
}

/// The lobby until the player leaves; games in between.
fn lobby_loop(
    terminal: &mut SshTerminal,
    inbox: &Inbox,
    lobby: &SharedLobby,
    who: &Who,
    idle: Duration,
) -> anyhow::Result<()> {
    let mut screen = LobbyScreen::new(&who.name);
    let result = lobby_screen(terminal, inbox, lobby, who, &mut screen, idle);
    // A table this session waited at: closed, or for an adjourned game, left for later.
    if let Some(id) = screen.waiting {
        lobby.lock().leave_table(id, &who.key);
    }
    result
}

/// [`lobby_loop`]'s screen, until the player leaves or the link drops.
fn lobby_screen(
    terminal: &mut SshTerminal,
    inbox: &Inbox,
    lobby: &SharedLobby,
    who: &Who,
    screen: &mut LobbyScreen,
    idle: Duration,
) -> anyhow::Result<()> {
    // The lobby is idle from the player's last key (or the end of a game), whatever
    // table news comes meanwhile.
    let mut active = Instant::now();
    let mut pending = None;
    loop {
        // Back within the grace period: straight to the seat kept for this key.
        let back = lobby.lock().return_to_seat(&who.key);
        if let Some((id, seat)) = back {
            play_at_table(terminal, inbox, lobby, who, id, seat, theme(screen))?;
            active = Instant::now();
            continue;
        }
        let tables = lobby.lock().tables_for(&who.key);
        screen.mine = super::lobby::your_games(&lobby.lock(), &tables, &who.key);
        // The table this session waits at: both players are there, or it is gone.
        if let Some(id) = screen.waiting {
            match tables.get(&id) {
                Some(table) if table.ready() => {
                    screen.waiting = None;
                    if let Some(seat) = table.seat_of(&who.key) {
                        play_at_table(terminal, inbox, lobby, who, id, seat, theme(screen))?;
                        active = Instant::now();
                        continue;
                    }
                }
                Some(table) if table.seat_of(&who.key).is_some() => {}
                _ => screen.waiting = None,
            }
        }
        terminal
            .draw(|frame| frame.render_widget(&screen.view(&tables), frame.area()))
            .context("cannot draw the lobby")?;
        let drawn = Instant::now();
        let wake = match pending.take() {
            Some(wake) => wake,
            None if active.elapsed() >= idle => return Ok(()),
            None => match inbox.recv_timeout(idle.saturating_sub(active.elapsed())) {
                Some(wake) => wake,
                None => return Ok(()),
            },
        };
        let key = match wake {
            Wake::Terminal(event) => match event.as_key_press_event() {
                Some(key) => key,
                None => continue,
            },
            Wake::InputFailed(_) => return Ok(()),
            Wake::Linked | Wake::Ai(_) | Wake::AiWaiting | Wake::Checked(_) | Wake::Analysis => {
                if screen.waiting.is_none() {
                    pending = wait_out_news(inbox, drawn);
                }
                continue;
            }
        };
        active = Instant::now();
        match screen.key(key, &tables) {
            Choice::Stay => {}
            Choice::Leave => return Ok(()),
            Choice::Claim(id) => {
                let won = lobby.lock().claim(id, &who.key);
                screen.note(if won {
                    crate::strings::serve::CLAIMED
                } else {
                    crate::strings::serve::NOT_CLAIMABLE
                });
            }
            Choice::Close => {
                if let Some(id) = screen.waiting.take() {
                    lobby.lock().leave_table(id, &who.key);
                }
            }
            Choice::Start(NewGame {
                opponent: Opponent::Person,
                side,
                ruleset,
                clock,
            }) => {
                let id = lobby.lock().open(who.clone(), side, ruleset);
                lobby.lock().set_clock(id, clock);
                screen.waiting = Some(id);
            }
            Choice::Start(NewGame {
                opponent: Opponent::Ai(level),
                side,
                ruleset,
                clock,
            }) => {
                let mut seats = [Seat::Human; 2];
                seats[side.other().index()] = Seat::from(level);
                let config = GameConfig {
                    seats,
                    ruleset,
                    seed: fresh_seed(),
                    // Against the AI the game's own clock decides: the server runs it.
                    clock,
                    ..GameConfig::default()
                };
                let app = App::new(config).served([false, false]);
                run_served(terminal, inbox, app, theme(screen), None)?;
                active = Instant::now();
            }
            Choice::Pick(id) => {
                // An unfinished game of this player's: back to it.
                let back = lobby.lock().come_back(id, &who.key);
                match back {
                    Some(Back::Play(seat)) => {
                        play_at_table(terminal, inbox, lobby, who, id, seat, theme(screen))?;
                        active = Instant::now();
                        continue;
                    }
                    Some(Back::Wait) => {
                        screen.waiting = Some(id);
                        continue;
                    }
                    None => {}
                }
                let sat = lobby.lock().sit(id, who.clone());
                match sat {
                    Some(seat) => {
                        play_at_table(terminal, inbox, lobby, who, id, seat, theme(screen))?
                    }
                    None if tables
                        .get(&id)
                        .is_some_and(|t| t.seat_of(&who.key).is_some()) =>
                    {
                        screen.note(crate::strings::serve::YOUR_TABLE)
                    }
                    None => watch_table(terminal, inbox, lobby, id, theme(screen))?,
                }
                // Idle from the end of the game or the watching, not from the key.
                active = Instant::now();
            }
        }
    }
}

/// Table news redraws a lobby at most this often: with many lobbies open, each move
/// would otherwise redraw every one of them.
const LOBBY_NEWS_EVERY: Duration = Duration::from_millis(500);

/// Waits out the rest of [`LOBBY_NEWS_EVERY`] since the lobby was `drawn`, taking in
/// more news; returns early with anything else (a key), to handle next.
fn wait_out_news(inbox: &Inbox, drawn: Instant) -> Option<Wake> {
    loop {
        let left = LOBBY_NEWS_EVERY.checked_sub(drawn.elapsed())?;
        match inbox.recv_timeout(left)? {
            Wake::Linked | Wake::Ai(_) | Wake::AiWaiting | Wake::Checked(_) | Wake::Analysis => {}
            other => return Some(other),
        }
    }
}

fn theme(screen: &LobbyScreen) -> Theme {
    if screen.colour {
        Theme::COLOR
    } else {
        Theme::PLAIN
    }
}

/// Plays `seat` at table `id` until the player quits (they leave the table: see
/// [`Lobby::leave_table`](super::tables::Lobby::leave_table)) or their link drops (the
/// seat is kept for them for the grace period).
fn play_at_table(
    terminal: &mut SshTerminal,
    inbox: &Inbox,
    lobby: &SharedLobby,
    who: &Who,
    id: u32,
    seat: Player,
    theme: Theme,
) -> anyhow::Result<()> {
    let Some(game) = lobby.lock().tables().get(&id).map(|t| t.game.clone()) else {
        return Ok(());
    };
    let mut remote = [true; 2];
    remote[seat.index()] = false;
    let app = App::with_game(GameConfig::default(), game).served(remote);
    let mut link = TableLink::new(lobby.clone(), id, Some(seat));
    let result = run_served(terminal, inbox, app, theme, Some(&mut link));
    match &result {
        Ok(_) => lobby.lock().leave_table(id, &who.key),
        Err(_) => lobby.lock().drop_out(id, &who.key),
    }
    result.map(|_| ())
}

/// Watches table `id`, read-only, until the spectator quits.
fn watch_table(
    terminal: &mut SshTerminal,
    inbox: &Inbox,
    lobby: &SharedLobby,
    id: u32,
    theme: Theme,
) -> anyhow::Result<()> {
    let Some(game) = lobby.lock().tables().get(&id).map(|t| t.game.clone()) else {
        return Ok(());
    };
    lobby.lock().watch(id, true);
    let app = App::with_game(GameConfig::default(), game).served([true, true]);
    let mut link = TableLink::new(lobby.clone(), id, None);
    let result = run_served(terminal, inbox, app, theme, Some(&mut link));
    lobby.lock().watch(id, false);
    result.map(|_| ())
}
