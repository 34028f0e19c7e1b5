//! The full-screen screens: the start screen, a game, the replay viewer, the lessons,
//! the puzzles, and a served session's lobby and tables.
//!
//! Six entry points open a screen, each on the one event loop: [`start()`], [`play()`],
//! [`replay()`], [`lessons()`] and [`puzzles()`] on the local terminal, and `run_served` on
//! a terminal another transport drives (`hijara serve`). Inside, the modules are
//! private and the pieces tests and embedders need are re-exported below. No file
//! here imports a file that imports it back.
//!
//! - Pure states, [`Input`]s in and [`Effect`]s out (`effect`, which also turns a
//!   terminal event into an input): `app` (a game: the state in `app.rs`; how inputs
//!   change it in `app/input.rs`, `moves.rs`, `claims.rs`, `ending.rs`; a served
//!   game's own part in `app/network.rs`), `replay` (the viewer) with
//!   `replay_analysis`, `start`, `lesson`, `puzzle`; their parts `cursor`,
//!   `board_input`, `ai_turns`, `question`, `message`.
//! - `keymap`: the key table, as data: every screen's keys (the lobby's too), which
//!   drives key handling, the `?` help and the hint lines.
//! - `layout`: the sizes a state needs and where the panels go ([`ScreenLayout`]).
//! - Widgets over plain data: `board`, `ladder`, `status`, `move_list`, `help`,
//!   `analysis_panel`, drawing through `clip`; each state drawn by `screen`,
//!   `replay_screen`, `start_screen`, `lesson_screen`, `puzzle_screen`.
//! - `navigation`: which state is on screen and the switches (game ⇄ review, replay →
//!   game, lobby ⇄ game); pure.
//! - The impure parts: `event_loop` (the one loop), `inbox` (its one channel),
//!   `terminal_input` (the local terminal's events; `background_query` asks it for its
//!   background colour at start-up and drops a late answer), `worker` (the thread that runs
//!   `ai_worker`'s and `puzzle_check`'s jobs), `writer` (the thread that writes a game's
//!   files: the autosave, `s`'s saves, the history), `terminal` (set-up and restore).
//!   [`Frontend`] keeps the local terminal set up (and its input thread reading)
//!   from the first screen to the last, so nothing flashes between two.
//! - A served session as the ui sees it: `served_lobby` (the server's lobby as a
//!   screen) and `table_link` (a game's link to its table: requests, news, the bell).
//! - `look`: the palettes' colours and the ASCII board. Every word on screen comes from
//!   `crate::strings`.

mod ai_turns;
mod ai_worker;
mod alert;
mod analysis_panel;
mod app;
mod background_query;
mod board;
mod board_input;
mod bytes_input;
mod clip;
mod cursor;
mod draw_gate;
mod effect;
mod event_loop;
mod face;
#[cfg(test)]
mod fit_tests;
mod help;
mod inbox;
pub(crate) mod keymap;
mod ladder;
mod layout;
mod lesson;
mod lesson_screen;
mod line;
mod look;
mod message;
mod move_list;
mod navigation;
mod overlay;
mod puzzle;
mod puzzle_check;
mod puzzle_screen;
mod question;
mod reading;
mod replay;
mod replay_analysis;
mod replay_screen;
mod screen;
mod served_lobby;
mod setup;
mod start;
mod start_screen;
mod status;
mod table_link;
mod terminal;
mod terminal_input;
mod worker;
mod writer;

use anyhow::Context;

use crate::session::{GameConfig, LoadedRecord, Session, Storage};

pub use ai_worker::{AiJob, AiReply, AiRequest};
pub use alert::{Alerts, Focus, Notifier, TerminalEnv};
pub use app::App;
pub use background_query::ask_background_leaving_keys;
pub use board::{BoardGeometry, BoardView, Highlight};
pub use bytes_input::InputParser;
pub use effect::{Effect, Effects, Input, input_of};
pub use keymap::{Action, Direction, KeyContext};
pub use layout::{MIN_HEIGHT, MIN_WIDTH, ScreenLayout};
pub use lesson::{LessonPhase, LessonState};
pub use lesson_screen::LessonView;
pub use look::{ColourRange, Look};
pub use message::{Message, MessageKind};
pub use puzzle::{PuzzlePhase, PuzzleState};
pub use puzzle_check::{CheckReply, CheckRequest, solve_request};
pub use puzzle_screen::PuzzleView;
pub use question::{Overlay, Question};
pub use replay::{ReplayExit, ReplayOverlay, ReplayState, SPEEDS};
pub use replay_analysis::{Analysis, Deep};
pub use replay_screen::ReplayView;
pub use screen::AppView;
pub use setup::Setup;
pub use start::{
    AiSide, NAMES_KEY, RESUME_KEY, SIDE_KEY, START_ITEMS, START_MIN_HEIGHT, START_MIN_WIDTH,
    StartChoice, StartState,
};
pub use start_screen::StartView;
pub(crate) use terminal::after_screen_columns;

use navigation::Screen;

pub(crate) use ai_worker::AiGate;
pub(crate) use draw_gate::{DrawGate, release as release_draw_permit};
pub(crate) use face::Face;
pub(crate) use help::KeysHelp;
pub(crate) use inbox::{ClientGone, Inbox, NewsWaker, Wake};
pub(crate) use line::{LineFace, LineInput};
pub(crate) use message::{Keyed, Wording};
#[cfg(test)]
pub(crate) use screen::typing_line;
pub(crate) use served_lobby::{Lobby, ServedReview};
pub use table_link::Request;
pub(crate) use table_link::{Bell, Link, News};

/// Runs a served session (`hijara serve`) on a terminal another transport drives, with
/// the events its input source sends to `inbox`: the server's `lobby` first, and the
/// games it opens, all on the one event loop, until the player leaves the lobby.
/// Nothing is written to disk. The lobby comes back when it was left itself (not
/// with Ctrl-c from a review): it may ask for the other face ([`Lobby::face_asked`]).
pub(crate) fn run_served<F: Face>(
    face: &mut F,
    inbox: &Inbox,
    lobby: Box<dyn Lobby>,
) -> anyhow::Result<Option<Box<dyn Lobby>>> {
    let mut storage = Storage::new(std::path::PathBuf::new(), None);
    // The table's bell (News::Bell, only when the player's bell switch is on) takes
    // the same way as a local game's: a notification too when the client's terminal
    // reported it lost the focus, in the protocol its `TERM` suggests (the line mode
    // rings the bell alone).
    let env = face.terminal_env();
    let setup = Setup {
        look: lobby.look(),
        alerts: Alerts::new(true, true, &env),
        // The server reviews its own games (`hijara serve --review-think-ms`).
        review: crate::review::ReviewBudget::DEFAULT,
    };
    match event_loop::run(face, inbox, Screen::Lobby(lobby), setup, &mut storage)? {
        Screen::Lobby(lobby) => Ok(Some(lobby)),
        _ => Ok(None),
    }
}

/// Plays `session` full-screen until the players quit, and returns it as it ended
/// (its game and set-up, as a resumed game may have swapped them), and whether it
/// was left with `Ctrl-c`. The storage autosaves after every change to the game and
/// writes records when `s` is pressed. `from_start`: the start screen opened the
/// game, and `q` goes back to it (the screens say so); `Ctrl-c` leaves the program.
pub fn play(
    session: Session,
    front: &mut Frontend,
    setup: Setup,
    from_start: bool,
) -> anyhow::Result<(Session, bool)> {
    let Session {
        config,
        game,
        course,
        notice,
        resume_offer,
        mut storage,
    } = session;
    let mut app = App::with_game(config, game)
        .with_course(course)
        .with_autosave(storage.autosaved())
        .with_people(storage.names().clone());
    if let Some(notice) = notice {
        app.notify(notice);
    }
    if let Some(offer) = resume_offer {
        app = app.offer(*offer);
    }
    if from_start {
        app = app.from_start();
    }
    let screen = run(Screen::Game(app), &mut storage, front, setup)?;
    let forced = matches!(&screen, Screen::Game(app) if app.forced_out());
    Ok((session_of(screen, storage), forced))
}

/// Runs the replay viewer full-screen on a record (`name` titles it). When the player
/// asks to play on from a move, the game up to that move continues in the same screen
/// with `play_on`'s seats, and is returned as it ended. Also returns whether the
/// viewer or the game was left with `Ctrl-c`. `from_start`: the start screen opened
/// the viewer, and `q` goes back to it, from a game played on too (the screens say so).
pub fn replay(
    name: String,
    loaded: LoadedRecord,
    play_on: GameConfig,
    mut storage: Storage,
    front: &mut Frontend,
    setup: Setup,
    from_start: bool,
) -> anyhow::Result<(Option<Session>, bool)> {
    let mut state = ReplayState::new(name, &loaded.record, loaded.game);
    if from_start {
        state = state.from_start();
    }
    let screen = run(Screen::Replay(state, play_on), &mut storage, front, setup)?;
    let forced = screen.forced_out();
    let session = matches!(screen, Screen::Game(_)).then(|| session_of(screen, storage));
    Ok((session, forced))
}

/// Runs the puzzle screen until the player leaves, and returns it as it ended
/// (its progress, saved after each first try, is kept in the state too).
pub fn puzzles(
    state: PuzzleState,
    front: &mut Frontend,
    setup: Setup,
) -> anyhow::Result<PuzzleState> {
    // The puzzle screen saves no games: this storage is never written.
    let mut storage = Storage::new(std::path::PathBuf::from("."), None);
    match run(Screen::Puzzle(Box::new(state)), &mut storage, front, setup)? {
        Screen::Puzzle(state) => Ok(*state),
        _ => anyhow::bail!("the puzzle screen turned into another screen"),
    }
}

/// Runs the lesson screen until the player leaves, and returns it as it ended.
pub fn lessons(
    state: LessonState,
    front: &mut Frontend,
    setup: Setup,
) -> anyhow::Result<LessonState> {
    // The lesson screen saves no games: this storage is never written.
    let mut storage = Storage::new(std::path::PathBuf::from("."), None);
    match run(Screen::Lesson(Box::new(state)), &mut storage, front, setup)? {
        Screen::Lesson(state) => Ok(*state),
        _ => anyhow::bail!("the lesson screen turned into another screen"),
    }
}

/// Runs the start screen until a choice is made or the player leaves; returns the
/// screen as left: its choice ([`StartState::choice`], `None` if the player left) and
/// the side taken against the AI.
pub fn start(state: StartState, front: &mut Frontend, setup: Setup) -> anyhow::Result<StartState> {
    // The start screen saves no games: this storage is never written.
    let mut storage = Storage::new(std::path::PathBuf::from("."), None);
    match run(Screen::Start(state), &mut storage, front, setup)? {
        Screen::Start(state) => Ok(state),
        _ => anyhow::bail!("the start screen turned into another screen"),
    }
}

fn run(
    screen: Screen,
    storage: &mut Storage,
    front: &mut Frontend,
    setup: Setup,
) -> anyhow::Result<Screen> {
    let Some((input, source)) = front.lines.as_mut() else {
        let full = match &mut front.full {
            Some(full) => full,
            None => front
                .full
                .insert(FullScreen::open(std::mem::take(&mut front.late))?),
        };
        let inbox = Inbox::new();
        full.input.attach(&inbox);
        let result = event_loop::run(&mut full.tui.terminal, &inbox, screen, setup, storage);
        full.input.detach(&inbox);
        if result.is_err() {
            // Restored before the error is printed.
            front.restore_terminal();
        }
        return result;
    };
    let inbox = Inbox::new();
    match source {
        line::local::Source::Keys => {
            let keys = match &mut front.raw_keys {
                Some(keys) => keys,
                None => front
                    .raw_keys
                    .insert(RawKeys::open(std::mem::take(&mut front.late))?),
            };
            keys.input.attach(&inbox);
        }
        line::local::Source::Pipe(pipe) => pipe.attach(&inbox, input),
    }
    // No colours, no notification: the bell alone, if it is on.
    let plain = Setup {
        look: Look::PLAIN,
        ..setup
    };
    let mut face = line::LineFace::new(std::io::stdout(), input);
    if let line::local::Source::Keys = source {
        // The terminal in raw mode does not stop the program at Ctrl-z by itself.
        face = face.stopping(terminal::suspend);
    }
    let result = event_loop::run(&mut face, &inbox, screen, plain, storage);
    let write_failed = face.write_failed();
    let left = face.leave();
    drop(face);
    match source {
        line::local::Source::Keys => {
            if let Some(keys) = &front.raw_keys {
                keys.input.detach(&inbox);
            }
        }
        line::local::Source::Pipe(pipe) => pipe.detach(&inbox, input),
    }
    if result.is_err() || write_failed || left.is_err() {
        // Restored before the error is printed.
        front.restore_terminal();
    }
    // A line that could not be written ended the loop: say it was standard output's
    // (`hijara play --plain > /dev/full` said only `No space left on device`).
    let screen = if write_failed {
        result.context("cannot write to standard output")?
    } else {
        result?
    };
    left.context("cannot write to standard output")?;
    Ok(screen)
}

/// How the screens meet the player on this machine: the full screen, or the line
/// mode (one plain line per event, commands typed as lines).
pub struct Frontend {
    /// The line mode's input, kept from one screen to the next; `None`: the full screen.
    lines: Option<(line::LineInput, line::local::Source)>,
    /// The full screen's terminal, set up by the first screen and kept on to the last,
    /// so nothing flashes or echoes between two screens; restored by
    /// [`Frontend::restore_terminal`] or when the frontend is dropped.
    full: Option<FullScreen>,
    /// The line mode's raw mode and its keys' thread at a terminal, kept on from the
    /// first screen to the last as the full screen is.
    raw_keys: Option<RawKeys>,
    /// What the background query left for the next input thread (the keys typed
    /// while it waited, what of a late answer to drop), or what the last one gave
    /// back when the terminal was restored: handed to the thread a screen starts.
    late: background_query::LateAnswer,
}

/// The line mode's raw mode at a terminal and the thread reading its keys.
struct RawKeys {
    /// Declared first, so it stops reading before raw mode is turned off.
    input: terminal_input::InputThread,
    _raw: terminal::RawLines,
}

impl RawKeys {
    /// Turns raw mode on and starts reading the keys, `late` filtering them.
    fn open(late: background_query::LateAnswer) -> anyhow::Result<RawKeys> {
        let raw = terminal::raw_lines()?;
        let input = terminal_input::spawn_detached(late)?;
        Ok(RawKeys { input, _raw: raw })
    }
}

/// The full screen's terminal and its input, on together.
struct FullScreen {
    /// Declared first, so it stops reading before the terminal is restored (dropped
    /// in this order).
    input: terminal_input::InputThread,
    tui: terminal::Tui,
}

impl FullScreen {
    /// Switches the terminal to the full screen and starts reading its input, `late`
    /// filtering it.
    fn open(late: background_query::LateAnswer) -> anyhow::Result<FullScreen> {
        let tui = terminal::init()?;
        let input = terminal_input::spawn_detached(late)?;
        Ok(FullScreen { input, tui })
    }
}

impl std::fmt::Debug for Frontend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Frontend")
            .field("lines", &self.lines)
            .field("full_screen_on", &self.full.is_some())
            .field("raw_keys_on", &self.raw_keys.is_some())
            .finish()
    }
}

impl Frontend {
    /// The full screen.
    pub fn full_screen() -> Frontend {
        Frontend {
            lines: None,
            full: None,
            raw_keys: None,
            late: background_query::LateAnswer::default(),
        }
    }

    /// Restores the terminal the screens set up (the full screen, or the line mode's
    /// raw mode), if it is on: done before anything is printed on the main screen (a
    /// farewell line, a summary), on an error, and when the frontend is dropped. The
    /// next screen shown sets it up again.
    pub fn restore_terminal(&mut self) {
        // The input stops first (before the terminal is restored), giving back its
        // late-answer filter for the next screen's.
        if let Some(mut full) = self.full.take() {
            self.late = full.input.stop().unwrap_or_default();
        }
        if let Some(mut keys) = self.raw_keys.take() {
            self.late = keys.input.stop().unwrap_or_default();
        }
    }

    /// Asks the terminal for its background (`background_query`): the palette it
    /// suggests, if it answered in time. What the query leaves for the input (the
    /// keys typed while it waited, what of a late answer to drop) is kept for the
    /// input thread of the next screen that opens.
    pub(crate) fn ask_background(&mut self) -> Option<crate::prefs::Palette> {
        let (palette, late) = background_query::ask_background();
        self.late = late;
        palette
    }

    /// Whether the screens hold the terminal (the full screen, or the line mode's raw
    /// mode): what is printed now is lost under the full screen, or misplaced in raw
    /// mode (say it on the next screen instead).
    pub fn holds_terminal(&self) -> bool {
        self.full.is_some() || self.raw_keys.is_some()
    }

    /// The line mode when `plain` asks for it or the terminal needs it (`TERM=dumb`,
    /// standard input or output not a terminal); else the full screen. In the line
    /// mode a terminal's keys are edited here, and a pipe's lines read from now on.
    pub fn choose(plain: bool) -> anyhow::Result<Frontend> {
        if !plain && !line::local::needed() {
            return Ok(Frontend::full_screen());
        }
        let lines = if line::local::keys_at_a_terminal() {
            (line::LineInput::edited(), line::local::Source::Keys)
        } else {
            let pipe = line::local::Pipe::start()?;
            (line::LineInput::piped(), line::local::Source::Pipe(pipe))
        };
        Ok(Frontend {
            lines: Some(lines),
            full: None,
            raw_keys: None,
            late: background_query::LateAnswer::default(),
        })
    }

    /// Whether the screens are shown in the line mode.
    pub fn is_plain(&self) -> bool {
        self.lines.is_some()
    }

    /// How a line said after the screens names commands: the full screen's way,
    /// or the line mode's words.
    pub(crate) fn answering(&self) -> crate::strings::question::Answering {
        if self.is_plain() {
            crate::strings::question::Answering::Commands
        } else {
            crate::strings::question::Answering::Keys
        }
    }
}

fn session_of(screen: Screen, storage: Storage) -> Session {
    match screen {
        Screen::Game(mut app) => {
            let mut session = Session::new(*app.config(), app.game().clone(), storage);
            session.course = app.course().clone();
            session.resume_offer = app.unanswered_offer();
            session
        }
        Screen::Replay(state, config) => Session::new(config, state.game().clone(), storage),
        // Games and replays never become these screens: a fresh game stands in.
        Screen::Puzzle(_) | Screen::Lesson(_) | Screen::Start(_) | Screen::Lobby(_) => {
            Session::new(GameConfig::default(), Default::default(), storage)
        }
    }
}
