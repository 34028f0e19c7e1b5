//! The one event loop, for a game and the replay viewer alike: draw, wait for a key,
//! a click, a resize, an AI reply or the state's timer, hand it to the state, and
//! carry out the [`Effect`]s it returns.

use std::collections::VecDeque;
use std::sync::mpsc::TryRecvError;
use std::time::{Duration, Instant};

use anyhow::Context;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event, MouseButton, MouseEventKind};
use ratatui::layout::Rect;

use crate::review::Background;
use crate::session::{GameConfig, Storage, record_of, today};
use crate::strings::analysis as analysis_words;

use super::ai_worker::AiWorker;
use super::app::App;
use super::effect::{Effect, Effects, Input};
use super::lesson::LessonState;
use super::lesson_screen::LessonView;
use super::puzzle::PuzzleState;
use super::puzzle_screen::PuzzleView;
use super::replay::{ReplayExit, ReplayState};
use super::replay_screen::ReplayView;
use super::screen::{AppView, ScreenLayout};
use super::start::StartState;
use super::start_screen::StartView;
use super::theme::Theme;

/// How often the loop looks for the AI's reply while it thinks: short, so a quick AI's
/// move shows at once. Only while thinking; otherwise the loop blocks on input.
const AI_POLL: Duration = Duration::from_millis(20);
/// How often the thinking indicator turns.
const SPINNER_STEP: Duration = Duration::from_millis(120);
/// How often the loop takes in the replay viewer's analysis results while it runs
/// (the graph fills in at this pace); once it ends the loop blocks on input again.
const ANALYSIS_POLL: Duration = Duration::from_millis(100);

/// The replay viewer's background analysis, and the game a review came from.
#[derive(Default)]
struct Review {
    /// The analysis of the replay viewer's game, while it runs.
    running: Option<Background>,
    /// The finished game `r` opened the review on: `q` goes back to it.
    back: Option<App>,
    /// The review left with `q`, with its analysis, so `r` on the same game opens it
    /// again without analysing anything twice.
    kept: Option<(ReplayState, Option<Background>)>,
}

impl Review {
    /// Starts analysing `state`'s game, unless it is already being analysed.
    fn start(&mut self, state: &ReplayState) {
        if self.running.is_none() {
            let threads = std::thread::available_parallelism().map_or(1, usize::from);
            let think = Duration::from_millis(crate::review::DEFAULT_THINK_MS);
            self.running = Some(Background::start(state.game().clone(), think, threads));
        }
    }

    /// Hands the results that arrived to `state`.
    fn poll(&mut self, state: &mut ReplayState) -> Effects {
        let Some(running) = &self.running else {
            return Vec::new();
        };
        // Read after checking: once the thread has ended, every result is queued.
        let finished = running.is_finished();
        let mut effects: Effects = running
            .try_iter()
            .flat_map(|p| state.analysis_result(p.index, p.value))
            .collect();
        if finished {
            self.running = None;
            effects.extend(state.analysis_finished());
        }
        effects
    }

    /// The review of `app`'s finished game: the one kept if it is the same game, else
    /// a new viewer with the analysis asked for.
    fn open(&mut self, app: &App, queue: &mut VecDeque<Effect>) -> ReplayState {
        if let Some((state, running)) = self.kept.take()
            && state.game().placements() == app.game().placements()
        {
            self.running = running;
            queue.push_back(Effect::Redraw);
            return state;
        }
        let game = app.game().clone();
        let record = record_of(app.config(), &game, &today());
        let mut state = ReplayState::new(analysis_words::REVIEW_TITLE, &record, game);
        let area = app.area();
        queue.extend(state.handle(Input::Resize(area.width, area.height)));
        queue.extend(state.open_panel());
        state
    }
}

/// The state on screen: a game, or the replay viewer.
#[derive(Debug)]
pub(crate) enum Screen {
    /// A game.
    Game(App),
    /// The replay viewer; `c` turns it into a game with these settings.
    Replay(ReplayState, GameConfig),
    /// A puzzle (boxed: the state holds the whole set).
    Puzzle(Box<PuzzleState>),
    /// The lessons.
    Lesson(Box<LessonState>),
    /// The start screen.
    Start(StartState),
}

impl Screen {
    fn area(&self) -> Rect {
        match self {
            Screen::Game(app) => app.area(),
            Screen::Replay(state, _) => state.area(),
            Screen::Puzzle(state) => state.area(),
            Screen::Lesson(state) => state.area(),
            Screen::Start(state) => state.area(),
        }
    }

    fn handle(&mut self, input: Input) -> Effects {
        match self {
            Screen::Game(app) => app.handle(input),
            Screen::Replay(state, _) => state.handle(input),
            Screen::Puzzle(state) => state.handle(input),
            Screen::Lesson(state) => state.handle(input),
            Screen::Start(state) => state.handle(input),
        }
    }

    /// How long until the state wants an [`Input::Tick`], if it wants one.
    fn tick_every(&self) -> Option<Duration> {
        match self {
            Screen::Game(app) => app.thinking().map(|_| SPINNER_STEP),
            Screen::Replay(state, _) => state.autoplay_delay(),
            Screen::Puzzle(_) | Screen::Lesson(_) | Screen::Start(_) => None,
        }
    }

    /// Whether the replay viewer was left with `Ctrl-c`.
    fn forced_out(&self) -> bool {
        matches!(self, Screen::Replay(state, _) if state.exit() == Some(ReplayExit::ForceQuit))
    }

    fn thinking(&self) -> bool {
        matches!(self, Screen::Game(app) if app.thinking().is_some())
    }
}

/// A terminal event as the state sees it: key presses only, clicks as squares of the
/// game's board (the screen `area` places it), resizes. `None` for anything else.
pub fn input_of(event: &Event, area: Rect) -> Option<Input> {
    if let Some(key) = event.as_key_press_event() {
        return Some(Input::Key(key));
    }
    match event {
        Event::Resize(width, height) => Some(Input::Resize(*width, *height)),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => Some(
            Input::Click(ScreenLayout::square_at(area, mouse.column, mouse.row)),
        ),
        _ => None,
    }
}

/// Runs `screen` until it quits, and returns it as it ended (a replay may have turned
/// into a game). Blocks on input while nothing thinks or plays, so an idle screen uses
/// no CPU. Storage errors become messages, never a failure of the loop.
pub(crate) fn run(
    terminal: &mut DefaultTerminal,
    mut screen: Screen,
    theme: Theme,
    storage: &mut Storage,
) -> anyhow::Result<Screen> {
    let mut worker = AiWorker::spawn()?;
    let size = terminal.size().context("cannot read the terminal size")?;
    let mut queue: VecDeque<Effect> = screen.handle(Input::Resize(size.width, size.height)).into();
    if let Screen::Game(app) = &mut screen {
        queue.extend(app.start());
    }
    let mut redraw = true;
    let mut next_tick: Option<Instant> = None;
    let mut review = Review::default();
    loop {
        while let Some(effect) = queue.pop_front() {
            match effect {
                Effect::Redraw => redraw = true,
                Effect::Quit => match review.back.take() {
                    // Leaving a review goes back to the finished game; Ctrl-c leaves.
                    Some(app) if !screen.forced_out() => {
                        let area = screen.area();
                        let left = std::mem::replace(&mut screen, Screen::Game(app));
                        if let Screen::Replay(state, _) = left {
                            review.kept = Some((state.reopened(), review.running.take()));
                        }
                        queue.extend(screen.handle(Input::Resize(area.width, area.height)));
                    }
                    _ => return Ok(screen),
                },
                Effect::Analyse => {
                    if let Screen::Replay(state, _) = &screen {
                        review.start(state);
                    }
                }
                Effect::Review => {
                    if let Screen::Game(app) = &screen {
                        let state = review.open(app, &mut queue);
                        let config = *app.config();
                        let left = std::mem::replace(&mut screen, Screen::Replay(state, config));
                        if let Screen::Game(app) = left {
                            review.back = Some(app);
                        }
                    }
                }
                Effect::AskAi(request) => worker.send(request)?,
                Effect::RestartTimer => {
                    next_tick = screen.tick_every().map(|every| Instant::now() + every)
                }
                Effect::ResumedAutosave => storage.take_over_autosave(),
                Effect::Save if matches!(screen, Screen::Puzzle(_) | Screen::Lesson(_)) => {
                    if let Screen::Puzzle(state) = &mut screen
                        && let Some(dir) = state.data_dir()
                        && let Err(e) = state.progress().save(dir)
                    {
                        state.notify(format!("Not saved: {e}"));
                    }
                    if let Screen::Lesson(state) = &mut screen
                        && let Some(dir) = state.data_dir()
                        && let Err(e) = state.progress().save(dir)
                    {
                        state.notify(format!("Not saved: {e}"));
                    }
                    redraw = true;
                }
                Effect::Autosave | Effect::Save | Effect::Archive => {
                    if effect == Effect::Autosave {
                        // The game changed: a review kept of it is out of date.
                        review.kept = None;
                    }
                    if let Screen::Game(app) = &mut screen {
                        let notice = match effect {
                            Effect::Save => Some(storage.save_notice(app.config(), app.game())),
                            Effect::Archive => storage.archive(app.config(), app.game()),
                            _ => storage.after_change(app.config(), app.game()),
                        };
                        if let Some(notice) = notice {
                            app.notify(notice);
                        }
                        redraw = true;
                    }
                }
                Effect::PlayOn(n) => {
                    // Playing on leaves the review and its analysis for good.
                    review = Review::default();
                    if let Screen::Replay(state, config) = &screen {
                        let autosaved = storage.autosave().is_some();
                        let app =
                            App::with_game(*config, state.game_at(n)).with_autosave(autosaved);
                        let area = state.area();
                        screen = Screen::Game(app);
                        queue.extend(screen.handle(Input::Resize(area.width, area.height)));
                        if let Screen::Game(app) = &mut screen {
                            queue.extend(app.start());
                        }
                    }
                }
            }
        }
        if redraw {
            terminal
                .draw(|frame| match &screen {
                    Screen::Game(app) => frame.render_widget(&AppView { app, theme }, frame.area()),
                    Screen::Replay(state, _) => {
                        frame.render_widget(&ReplayView { state, theme }, frame.area())
                    }
                    Screen::Puzzle(state) => {
                        frame.render_widget(&PuzzleView { state, theme }, frame.area())
                    }
                    Screen::Lesson(state) => {
                        frame.render_widget(&LessonView { state, theme }, frame.area())
                    }
                    Screen::Start(state) => {
                        frame.render_widget(&StartView { state, theme }, frame.area())
                    }
                })
                .context("cannot draw the screen")?;
            redraw = false;
        }
        // Drop replies to requests that are no longer wanted.
        if !screen.thinking() {
            while worker.replies.try_recv().is_ok() {}
        }
        if next_tick.is_none() {
            next_tick = screen.tick_every().map(|every| Instant::now() + every);
        }
        let now = Instant::now();
        let wait = match (next_tick, screen.thinking()) {
            (_, true) => Some(AI_POLL),
            (Some(at), false) => Some(at.saturating_duration_since(now)),
            (None, false) => None,
        };
        let analysing = review.running.is_some() && matches!(screen, Screen::Replay(..));
        let wait = match wait {
            Some(wait) if analysing => Some(wait.min(ANALYSIS_POLL)),
            None if analysing => Some(ANALYSIS_POLL),
            wait => wait,
        };
        let ready = match wait {
            Some(wait) => event::poll(wait).context("cannot read the terminal")?,
            None => true,
        };
        if ready {
            let event = event::read().context("cannot read the terminal")?;
            if let Some(input) = input_of(&event, screen.area()) {
                queue.extend(screen.handle(input));
            }
        }
        if let Screen::Replay(state, _) = &mut screen {
            queue.extend(review.poll(state));
        }
        if let Screen::Game(app) = &mut screen
            && app.thinking().is_some()
        {
            match worker.replies.try_recv() {
                Ok(reply) => queue.extend(app.on_ai_reply(reply)),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => anyhow::bail!("the AI thread stopped"),
            }
        }
        match (next_tick, screen.tick_every()) {
            (Some(at), Some(every)) if Instant::now() >= at => {
                next_tick = Some(Instant::now() + every);
                queue.extend(screen.handle(Input::Tick));
            }
            (_, None) => next_tick = None,
            _ => {}
        }
    }
}
