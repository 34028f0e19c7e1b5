//! The one event loop, for a game and the replay viewer alike: draw, block on the
//! [`Inbox`] until a key, a click, a resize, an AI reply, an analysis result or the
//! state's timer, hand it to the state, and carry out the [`Effect`]s it returns.
//!
//! The loop owns no terminal of its own: it draws on any `Terminal<B: Backend>` and
//! reads whatever its input source sends to the inbox ([`spawn_terminal_input`] for
//! the local terminal), so another transport can drive the same loop.

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, SyncSender, TrySendError};
use std::time::{Duration, Instant};

use anyhow::Context;
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::{self, Event, MouseButton, MouseEventKind};
use ratatui::layout::Rect;

use crate::review::Background;
use crate::session::{Notice, Storage, today};
use crate::strings::storage as storage_words;

use super::ai_worker::{AiGate, AiReply, AiWorker};
use super::effect::{Effect, Input};
use super::lesson_screen::LessonView;
use super::navigation::{Navigator, Screen};
use super::puzzle_check::{CheckReply, CheckWorker};
use super::puzzle_screen::PuzzleView;
use super::replay_screen::ReplayView;
use super::screen::{AppView, ScreenLayout};
use super::served::{Bell, LOBBY_NEWS_EVERY, News};
use super::start_screen::StartView;
use super::theme::Theme;

/// Something the loop wakes up for.
#[derive(Debug)]
pub(crate) enum Wake {
    /// An event from the input source (a key, a click, a resize).
    Terminal(Event),
    /// The input source failed; the loop ends with this error.
    InputFailed(String),
    /// The AI worker's reply.
    Ai(AiReply),
    /// The AI worker waits for a free engine (a server's pool is busy).
    AiWaiting,
    /// The puzzle check worker's reply.
    Checked(CheckReply),
    /// The background analysis has new results, or has ended.
    Analysis,
    /// Shared state outside the screen changed (a table of `hijara serve`): the loop
    /// asks the game's [`Link`] or the [`Lobby`] what is new.
    ///
    /// [`Link`]: super::served::Link
    /// [`Lobby`]: super::served::Lobby
    Linked,
}

/// The most wakes waiting in an [`Inbox`]: a sender finds it full rather than letting
/// it grow (a flood of input, a session that stopped drawing).
pub(crate) const INBOX_CAPACITY: usize = 256;

/// The loop's one channel: the input source, the AI worker and the analysis all send
/// to it, and the loop blocks on it (with the state's timer as its time-out). It is
/// bounded ([`INBOX_CAPACITY`]): input sources that must not block use `try_send`.
pub(crate) struct Inbox {
    sender: SyncSender<Wake>,
    receiver: mpsc::Receiver<Wake>,
    /// Where the loop's AI gets an engine (a server's bounded pool); none locally.
    ai_gate: Option<Arc<dyn AiGate>>,
    /// Set while a [`Wake::Linked`] is on its way and not yet taken (see [`NewsWaker`]).
    news_pending: Arc<AtomicBool>,
}

/// Wakes a loop for news of the shared state ([`Wake::Linked`]), at most once until
/// the loop takes it: a server's change wakes every session, and a lobby gathering
/// news for its next frame is not woken again for each one (500 sessions and a move
/// a second at each of 9 tables made thousands of wakes a second).
#[derive(Debug, Clone)]
pub(crate) struct NewsWaker {
    sender: SyncSender<Wake>,
    pending: Arc<AtomicBool>,
}

impl NewsWaker {
    /// Wakes the loop unless a wake is already on its way. `false` once the loop has
    /// ended (nobody to wake any more).
    pub(crate) fn wake(&self) -> bool {
        if self.pending.swap(true, Ordering::AcqRel) {
            return true;
        }
        match self.sender.try_send(Wake::Linked) {
            Ok(()) => true,
            // The loop wakes for what is in its inbox; the next change tries again.
            Err(mpsc::TrySendError::Full(_)) => {
                self.pending.store(false, Ordering::Release);
                true
            }
            Err(mpsc::TrySendError::Disconnected(_)) => false,
        }
    }
}

impl Inbox {
    /// An empty inbox.
    pub(crate) fn new() -> Inbox {
        let (sender, receiver) = mpsc::sync_channel(INBOX_CAPACITY);
        Inbox {
            sender,
            receiver,
            ai_gate: None,
            news_pending: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The waker for news of the shared state (a server's tables).
    pub(crate) fn news_waker(&self) -> NewsWaker {
        NewsWaker {
            sender: self.sender.clone(),
            pending: Arc::clone(&self.news_pending),
        }
    }

    /// The news wake was taken: the next change wakes the loop again. Called before
    /// the shared state is read, so no change after the reading goes unseen.
    fn news_taken(&self) {
        self.news_pending.store(false, Ordering::Release);
    }

    /// This inbox, with the loop's AI searching only with an engine from `gate`.
    pub(crate) fn with_ai_gate(mut self, gate: Arc<dyn AiGate>) -> Inbox {
        self.ai_gate = Some(gate);
        self
    }

    /// A sender for an input source.
    pub(crate) fn sender(&self) -> SyncSender<Wake> {
        self.sender.clone()
    }
}

/// How often the input thread looks whether its loop has ended, while no event comes.
const INPUT_STOP_CHECK: Duration = Duration::from_millis(100);

/// Stops the terminal input thread when dropped (at the end of [`super::run`]).
pub(crate) struct InputThread {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for InputThread {
    /// Stops the thread and waits for it (at most [`INPUT_STOP_CHECK`] and one event's read).
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Reads the local terminal's events on a thread of its own and sends them to `inbox`,
/// until the returned guard is dropped. It waits for events in steps of
/// [`INPUT_STOP_CHECK`], so that once its loop has ended it stops without reading
/// another event: a screen opened next (the start screen's choice) gets every key.
pub(crate) fn spawn_terminal_input(inbox: &Inbox) -> anyhow::Result<InputThread> {
    let sender = inbox.sender();
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = Arc::clone(&stop);
    let thread = std::thread::Builder::new()
        .name("hijara-input".into())
        .spawn(move || {
            while !stopped.load(Ordering::Relaxed) {
                let wake = match event::poll(INPUT_STOP_CHECK) {
                    Ok(false) => continue,
                    Ok(true) => match event::read() {
                        Ok(event) => Wake::Terminal(event),
                        Err(error) => Wake::InputFailed(error.to_string()),
                    },
                    Err(error) => Wake::InputFailed(error.to_string()),
                };
                let failed = matches!(wake, Wake::InputFailed(_));
                // A full inbox waits, but never past the end of the loop.
                let mut wake = wake;
                loop {
                    match sender.try_send(wake) {
                        Ok(()) => break,
                        Err(TrySendError::Full(back)) if !stopped.load(Ordering::Relaxed) => {
                            wake = back;
                            std::thread::sleep(Duration::from_millis(5));
                        }
                        Err(_) => return,
                    }
                }
                if failed {
                    return;
                }
            }
        })
        .context("cannot start the terminal input thread")?;
    Ok(InputThread {
        stop,
        thread: Some(thread),
    })
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

/// The cell of a left click, if `event` is one.
pub(crate) fn left_click(event: &Event) -> Option<(u16, u16)> {
    match event {
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            Some((mouse.column, mouse.row))
        }
        _ => None,
    }
}

/// The AI worker, its replies and its "waiting for an engine" notes sent to `inbox`.
fn spawn_ai_worker(inbox: &Inbox) -> anyhow::Result<AiWorker> {
    let ai_sender = inbox.sender();
    let waiting_sender = inbox.sender();
    AiWorker::spawn_gated(
        move |reply| ai_sender.send(Wake::Ai(reply)).is_ok(),
        inbox.ai_gate.clone(),
        // One note is enough: a full inbox will wake the loop anyway.
        move || {
            let _ = waiting_sender.try_send(Wake::AiWaiting);
        },
    )
}

/// Runs `screen` on `terminal` until it quits, with the events the input source sends
/// to `inbox`, and returns the screen as it ended (a replay may have turned into a
/// game). Blocks on the inbox, waking only for the state's timer, so an idle screen
/// uses no CPU. Storage errors become messages, never a failure of the loop. A served
/// session's lobby opens its games here too, each kept in step with its table's link
/// (synced after every input and at each [`Wake::Linked`]).
pub(crate) fn run<B>(
    terminal: &mut Terminal<B>,
    inbox: &Inbox,
    screen: Screen,
    theme: Theme,
    storage: &mut Storage,
) -> anyhow::Result<Screen>
where
    B: Backend + Bell,
    B::Error: Send + Sync + 'static,
{
    // Started at the first request: a server's lobby, a lesson or a replay may never
    // ask, and a thread per idle session would be a thread for nothing.
    let mut worker: Option<AiWorker> = None;
    // Started at the first wrong puzzle move.
    let mut checker: Option<CheckWorker> = None;
    let size = terminal.size().context("cannot read the terminal size")?;
    let mut nav: Navigator<Background> = Navigator::new(screen);
    let mut queue: VecDeque<Effect> = nav
        .screen_mut()
        .handle(Input::Resize(size.width, size.height))
        .into();
    if let Screen::Game(app) = nav.screen_mut() {
        app.set_now(Instant::now());
        queue.extend(app.start());
    }
    let mut redraw = true;
    let mut next_tick: Option<Instant> = None;
    // When the screen was last drawn, and a wake taken early to be handled next.
    let mut drawn = Instant::now();
    let mut pending: Option<Wake> = None;
    loop {
        let mut opened = false;
        // What the player asked and the moves made here go out; moves made elsewhere
        // and the table's news come in.
        if let Some((app, link)) = nav.linked() {
            for request in app.take_requests() {
                link.request(request);
            }
            for mv in link.sync(app.game()) {
                queue.extend(app.remote_move(mv));
            }
            if let Some(course) = link.course() {
                queue.extend(app.follow_course(course));
            }
            for news in link.news() {
                match news {
                    // A bell that can't be rung is no reason to stop the game.
                    News::Bell => {
                        let _ = terminal.backend_mut().ring();
                    }
                    news => queue.extend(app.table_news(news)),
                }
            }
        }
        // Results that came in (or were kept while a review was closed) first.
        if let Some((state, running)) = nav.analysed() {
            let (results, ended) = running.drain();
            for p in results {
                queue.extend(state.analysis_result(p.index, p.value));
            }
            if ended {
                queue.extend(state.analysis_finished());
                nav.analysis_ended();
            }
        }
        while let Some(effect) = queue.pop_front() {
            match effect {
                Effect::Redraw => redraw = true,
                Effect::Quit => match nav.quit() {
                    Some(effects) => queue.extend(effects),
                    None => return Ok(nav.into_screen()),
                },
                Effect::Analyse => {
                    if let Some((game, config)) = nav.to_analyse() {
                        let threads = crate::ai::thread_count(config.threads);
                        let think = Duration::from_millis(crate::review::REVIEW_THINK_MS);
                        let sender = inbox.sender();
                        // A full inbox wakes the loop anyway, and results are drained.
                        let wake = move || {
                            let _ = sender.try_send(Wake::Analysis);
                        };
                        nav.analysing(Background::start_waking(game.clone(), think, threads, wake));
                    }
                }
                Effect::Review => queue.extend(nav.review(&today())),
                Effect::AskAi(request) => {
                    let worker = match worker.as_mut() {
                        Some(worker) => worker,
                        None => worker.insert(spawn_ai_worker(inbox)?),
                    };
                    worker.send(request)?;
                }
                Effect::CheckPuzzle(request) => {
                    let checker = match checker.as_mut() {
                        Some(checker) => checker,
                        None => {
                            let sender = inbox.sender();
                            checker.insert(CheckWorker::spawn(move |reply| {
                                sender.send(Wake::Checked(reply)).is_ok()
                            })?)
                        }
                    };
                    checker.send(request)?;
                }
                Effect::RestartTimer => {
                    next_tick = nav
                        .screen()
                        .tick_every()
                        .map(|every| Instant::now() + every)
                }
                Effect::ResumedAutosave => {
                    storage.take_over_autosave();
                    // Written again at once: a damaged autosave's bytes are kept aside
                    // first, and the quit question learns that the game is on disk.
                    queue.push_front(Effect::Autosave);
                }
                Effect::Save if matches!(nav.screen(), Screen::Puzzle(_) | Screen::Lesson(_)) => {
                    let failed = match nav.screen() {
                        Screen::Puzzle(state) => state
                            .data_dir()
                            .and_then(|dir| state.progress().save(dir).err())
                            .map(|e| e.to_string()),
                        Screen::Lesson(state) => state
                            .data_dir()
                            .and_then(|dir| state.progress().save(dir).err())
                            .map(|e| e.to_string()),
                        _ => None,
                    };
                    if let Some(e) = failed {
                        match nav.screen_mut() {
                            Screen::Puzzle(state) => state.notify(storage_words::not_saved(&e)),
                            Screen::Lesson(state) => state.notify(storage_words::not_saved(&e)),
                            _ => {}
                        }
                    }
                    redraw = true;
                }
                Effect::Autosave | Effect::Save | Effect::Archive => {
                    if effect == Effect::Autosave {
                        nav.game_changed();
                    }
                    if let Screen::Game(app) = nav.screen_mut() {
                        let report = match effect {
                            Effect::Save => Some(storage.save_report(app.config(), app.played())),
                            Effect::Archive => storage.archive(app.config(), app.played()),
                            _ => storage.after_change(app.config(), app.played()),
                        };
                        if let Some(report) = report {
                            app.notify(crate::strings::describe::storage_report(&report));
                        }
                        app.set_autosaved(storage.autosaved());
                        redraw = true;
                    }
                }
                Effect::Open => {
                    queue.extend(nav.open());
                    opened = true;
                }
                Effect::PlayOn(n) => {
                    let autosaved = storage.autosaved();
                    queue.extend(nav.play_on(n, autosaved));
                }
            }
        }
        // The clocks read the time the app was last told.
        if let Screen::Game(app) = nav.screen_mut() {
            app.set_now(Instant::now());
        }
        if opened {
            // A game just opened: its table's news first (moves made meanwhile, the bell).
            continue;
        }
        if redraw {
            draw(terminal, nav.screen(), nav.theme(theme))?;
            drawn = Instant::now();
            redraw = false;
        }
        let screen = nav.screen();
        if screen.thinking() && worker.as_ref().is_some_and(AiWorker::stopped) {
            anyhow::bail!("the AI thread stopped");
        }
        if let Screen::Puzzle(state) = screen
            && state.checking()
            && checker.as_ref().is_some_and(CheckWorker::stopped)
        {
            anyhow::bail!("the puzzle check thread stopped");
        }
        next_tick = screen
            .tick_every()
            .map(|every| next_tick.unwrap_or_else(|| Instant::now() + every));
        let woken = match (pending.take(), next_tick) {
            (Some(wake), _) => Ok(wake),
            (None, None) => inbox
                .receiver
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
            (None, Some(at)) => inbox
                .receiver
                .recv_timeout(at.saturating_duration_since(Instant::now())),
        };
        if let Screen::Game(app) = nav.screen_mut() {
            app.set_now(Instant::now());
        }
        match woken {
            Ok(Wake::Terminal(event)) => {
                if let Some(input) = nav.screen().input_of(&event) {
                    queue.extend(nav.screen_mut().handle(input));
                }
            }
            Ok(Wake::InputFailed(error)) => {
                anyhow::bail!("cannot read the terminal: {error}")
            }
            Ok(Wake::Ai(reply)) => {
                // A reply nobody waits for any more (undo, a new game) is dropped here,
                // and the app drops one whose tag is outdated.
                if let Screen::Game(app) = nav.screen_mut()
                    && app.thinking().is_some()
                {
                    queue.extend(app.on_ai_reply(reply));
                }
            }
            Ok(Wake::Checked(reply)) => {
                if let Screen::Puzzle(state) = nav.screen_mut() {
                    queue.extend(state.on_check(reply));
                }
            }
            Ok(Wake::Linked) => {
                // A game's link is asked at the top of the loop; a lobby here, its news
                // gathered until LOBBY_NEWS_EVERY after the last frame (a key ends
                // the wait, and is handled next).
                if let Screen::Lobby(lobby) = nav.screen_mut() {
                    if !lobby.waiting() {
                        pending = wait_out_news(inbox, drawn);
                    }
                    inbox.news_taken();
                    queue.extend(lobby.linked());
                } else {
                    inbox.news_taken();
                }
            }
            Ok(Wake::AiWaiting) => {
                if let Screen::Game(app) = nav.screen_mut()
                    && app.thinking().is_some()
                {
                    app.notify(Notice::Info(
                        crate::strings::serve_limits::WAITING_FOR_ENGINE.to_owned(),
                    ));
                    redraw = true;
                }
            }
            // Taken at the top of the loop.
            Ok(Wake::Analysis) => {}
            // The timer is checked below, whatever woke the loop.
            Err(RecvTimeoutError::Timeout) => {}
            // The loop holds a sender itself, so the inbox never closes.
            Err(RecvTimeoutError::Disconnected) => anyhow::bail!("the event inbox closed"),
        }
        if let (Some(at), Some(every)) = (next_tick, nav.screen().tick_every())
            && Instant::now() >= at
        {
            next_tick = Some(Instant::now() + every);
            queue.extend(nav.screen_mut().handle(Input::Tick));
        }
    }
}

/// Takes in more table news until [`LOBBY_NEWS_EVERY`] after `drawn`; returns early
/// with anything else (a key), for the loop to handle next.
fn wait_out_news(inbox: &Inbox, drawn: Instant) -> Option<Wake> {
    loop {
        let left = LOBBY_NEWS_EVERY.checked_sub(drawn.elapsed())?;
        match inbox.receiver.recv_timeout(left).ok()? {
            Wake::Linked => {}
            other => return Some(other),
        }
    }
}

/// Draws the state on screen.
fn draw<B>(terminal: &mut Terminal<B>, screen: &Screen, theme: Theme) -> anyhow::Result<()>
where
    B: Backend,
    B::Error: Send + Sync + 'static,
{
    terminal
        .draw(|frame| match screen {
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
            Screen::Start(state) => frame.render_widget(&StartView { state, theme }, frame.area()),
            Screen::Lobby(lobby) => lobby.render(frame.area(), frame.buffer_mut()),
        })
        .context("cannot draw the screen")?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;
    use crate::session::{GameConfig, Storage};
    use crate::ui::App;

    fn key(c: char) -> Wake {
        Wake::Terminal(Event::Key(KeyEvent::new(
            KeyCode::Char(c),
            KeyModifiers::NONE,
        )))
    }

    /// The loop on a test terminal, driven by a scripted input source: the keys are
    /// drawn and `q` (asked and confirmed) ends it, with the moves played.
    #[test]
    fn the_loop_runs_on_any_backend_from_any_input_source() {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let inbox = Inbox::new();
        let input = inbox.sender();
        for wake in [key('b'), key('3'), key('d'), key('1'), key('q'), key('y')] {
            input.send(wake).unwrap();
        }
        let mut storage = Storage::new(std::path::PathBuf::new(), None);
        let app = App::new(GameConfig::default());
        let screen = run(
            &mut terminal,
            &inbox,
            Screen::Game(app),
            Theme::PLAIN,
            &mut storage,
        )
        .unwrap();
        let Screen::Game(app) = screen else {
            panic!("a game stays a game");
        };
        let moves: Vec<String> = app.game().moves().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["b3", "d1"]);
        let shown = terminal.backend().to_string();
        assert!(shown.contains("b3"), "{shown}");
    }

    /// A lobby that opens a game at `g` and leaves at `q`, counting its returns.
    #[derive(Debug, Default)]
    struct TestLobby {
        backs: usize,
        area: Rect,
        ready: Option<App>,
        /// Table news taken (each a redraw).
        news: usize,
    }

    impl crate::ui::Lobby for TestLobby {
        fn handle(&mut self, input: Input) -> crate::ui::Effects {
            match input {
                Input::Key(key) if key.code == KeyCode::Char('g') => {
                    self.ready = Some(App::new(GameConfig::default()).served([false, false]));
                    vec![Effect::Open]
                }
                Input::Key(key) if key.code == KeyCode::Char('q') => vec![Effect::Quit],
                Input::Resize(w, h) => {
                    self.area = Rect::new(0, 0, w, h);
                    vec![Effect::Redraw]
                }
                _ => Vec::new(),
            }
        }
        fn linked(&mut self) -> crate::ui::Effects {
            self.news += 1;
            vec![Effect::Redraw]
        }
        fn render(&self, area: Rect, buf: &mut ratatui::buffer::Buffer) {
            buf.set_string(
                area.x,
                area.y,
                format!("lobby {} news {}", self.backs, self.news),
                ratatui::style::Style::new(),
            );
        }
        fn theme(&self) -> Theme {
            Theme::PLAIN
        }
        fn area(&self) -> Rect {
            self.area
        }
        fn tick_every(&self) -> Option<Duration> {
            None
        }
        fn take_game(&mut self) -> Option<(App, Option<Box<dyn crate::ui::Link>>)> {
            Some((self.ready.take()?, None))
        }
        fn back(&mut self) -> crate::ui::Effects {
            self.backs += 1;
            vec![Effect::Redraw]
        }
        fn waiting(&self) -> bool {
            false
        }
    }

    /// The lobby is a screen of the one loop: it opens a game, the game's `q` comes
    /// back to it, and its own `q` ends the loop.
    #[test]
    fn a_served_lobby_opens_games_on_the_same_loop() {
        let wakes = [key('g'), key('b'), key('3'), key('q'), key('y'), key('q')];
        let shown = run_lobby(wakes);
        assert!(shown.contains("lobby 1"), "{shown}");
    }

    /// Runs a [`TestLobby`] on the loop through `wakes`, which must end it; returns
    /// the screen as last drawn.
    fn run_lobby(wakes: impl IntoIterator<Item = Wake>) -> String {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let inbox = Inbox::new();
        let input = inbox.sender();
        for wake in wakes {
            input.send(wake).unwrap();
        }
        let mut storage = Storage::new(std::path::PathBuf::new(), None);
        let lobby = Box::new(TestLobby::default());
        let screen = run(
            &mut terminal,
            &inbox,
            Screen::Lobby(lobby),
            Theme::PLAIN,
            &mut storage,
        )
        .unwrap();
        assert!(matches!(screen, Screen::Lobby(_)));
        terminal.backend().to_string()
    }

    /// A burst of table news is gathered into few lobby redraws, and a key after it
    /// is still handled.
    #[test]
    fn table_news_redraws_a_lobby_at_most_every_half_second() {
        let news = std::iter::repeat_with(|| Wake::Linked).take(40);
        let shown = run_lobby(news.chain([key('q')]));
        let news: usize = shown
            .split("news ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.trim_end_matches('"').parse().ok())
            .unwrap_or_else(|| panic!("{shown}"));
        // One batch when the loop keeps up; a loaded machine may split it, never 40.
        assert!((1..40).contains(&news), "{news} redraws for 40 news");
    }

    /// News wakes a loop once until it takes them; then the next news wakes it again,
    /// and a loop that ended is forgotten.
    #[test]
    fn news_wakes_a_loop_once_until_it_takes_them() {
        let inbox = Inbox::new();
        let waker = inbox.news_waker();
        assert!(waker.wake() && waker.wake() && waker.wake());
        let taken: Vec<Wake> = inbox.receiver.try_iter().collect();
        assert!(matches!(taken[..], [Wake::Linked]), "{taken:?}");
        inbox.news_taken();
        assert!(waker.wake() && waker.wake());
        assert_eq!(inbox.receiver.try_iter().count(), 1);
        // A full inbox: the wake is not lost for good, the next news tries again.
        inbox.news_taken();
        for _ in 0..INBOX_CAPACITY {
            inbox.sender().try_send(Wake::Analysis).unwrap();
        }
        assert!(waker.wake());
        assert_eq!(inbox.receiver.try_iter().count(), INBOX_CAPACITY);
        assert!(waker.wake());
        assert!(matches!(
            inbox.receiver.try_iter().collect::<Vec<_>>()[..],
            [Wake::Linked]
        ));
        inbox.news_taken();
        drop(inbox);
        assert!(!waker.wake(), "a loop that ended is forgotten");
    }

    #[test]
    fn a_failing_input_source_ends_the_loop_with_its_error() {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let inbox = Inbox::new();
        inbox
            .sender()
            .send(Wake::InputFailed("gone".into()))
            .unwrap();
        let mut storage = Storage::new(std::path::PathBuf::new(), None);
        let error = run(
            &mut terminal,
            &inbox,
            Screen::Game(App::new(GameConfig::default())),
            Theme::PLAIN,
            &mut storage,
        )
        .unwrap_err();
        assert_eq!(error.to_string(), "cannot read the terminal: gone");
    }
}
