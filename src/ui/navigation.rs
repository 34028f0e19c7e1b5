//! Which state is on screen, and the moves between states: a finished game opens its
//! review (`r`) and comes back to it (`q`); the replay viewer turns into a game (`c`).
//!
//! Pure: the background analysis is a type parameter `A` (the event loop's running
//! analysis; tests hand in plain values), and the date is passed in, so every switch
//! is unit-tested without threads, clock or terminal.

use std::mem;
use std::time::Duration;

use ratatui::crossterm::event::{Event, KeyEvent};
use ratatui::layout::Rect;

use crate::rules::{Game, Player};
use crate::session::{GameConfig, record_named};
use crate::strings::analysis as analysis_words;
use crate::strings::message;

use super::alert::Alerts;
use super::app::App;
use super::effect::{Effect, Effects, Input, input_of, left_click, wheel};
use super::lesson::LessonState;
use super::look::Look;
use super::puzzle::PuzzleState;
use super::replay::{ReplayExit, ReplayState};
use super::served_lobby::{Lobby, ServedReview};
use super::start::StartState;
use super::table_link::Link;

/// How often the thinking indicator turns.
const SPINNER_STEP: Duration = Duration::from_millis(120);

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
    /// The lobby of a served session (`hijara serve`).
    Lobby(Box<dyn Lobby>),
}

impl Screen {
    /// The area the state was last sized to.
    pub(crate) fn area(&self) -> Rect {
        match self {
            Screen::Game(app) => app.area(),
            Screen::Replay(state, _) => state.area(),
            Screen::Puzzle(state) => state.area(),
            Screen::Lesson(state) => state.area(),
            Screen::Start(state) => state.area(),
            Screen::Lobby(lobby) => lobby.area(),
        }
    }

    /// A terminal event as the state takes it, a click placed by the frame `drawn`
    /// (the area of the frame the player saw, which the state's own [`Screen::area`]
    /// may have left: a window changed and not yet drawn, or drawn before the state
    /// heard of it): the start screen and the lessons place their own clicks (menu
    /// rows, the lesson's board), the puzzle by the game's layout of its board's part
    /// of `drawn`, the others by the game's layout of `drawn`.
    /// A click on the `? help` a border carries is the help's key (it looked like a
    /// button, and was a click off the board).
    pub(crate) fn input_of(&self, event: &Event, drawn: Rect) -> Option<Input> {
        if let Some(down) = wheel(event) {
            return self.wheel_key(down).map(Input::Key);
        }
        if let Some((column, row)) = left_click(event)
            && let Some((label, key)) = self.help_label(drawn)
            && label.contains(ratatui::layout::Position::new(column, row))
        {
            return Some(Input::Key(key));
        }
        match (self, left_click(event)) {
            (Screen::Start(state), Some(_)) if state.help_shown() => Some(Input::Click(None)),
            (Screen::Start(state), Some((column, row))) => Some(
                super::start_screen::item_at(state, drawn, column, row)
                    .map_or(Input::Click(None), Input::Pick),
            ),
            (Screen::Lesson(state), Some(_)) if state.help_shown() => Some(Input::Click(None)),
            (Screen::Lesson(state), Some((column, row))) => {
                Some(super::lesson_screen::click_at(state, drawn, column, row))
            }
            // A click on an answer of the question in its box answers it; elsewhere
            // in the box it is no click on the square the box hides.
            (Screen::Game(app), Some((column, row))) => {
                match super::screen::answer_at(app, drawn, column, row) {
                    Some(choice) => Some(Input::Pick(choice)),
                    None if super::screen::in_question_box(app, drawn, column, row) => {
                        Some(Input::Click(None))
                    }
                    None => input_of(event, drawn),
                }
            }
            // The viewer's play-on question takes a click on its answers too.
            (Screen::Replay(state, _), Some((column, row))) => {
                match super::replay_screen::answer_at(state, drawn, column, row) {
                    Some(choice) => Some(Input::Pick(choice)),
                    None => input_of(event, drawn),
                }
            }
            // The puzzle's board sits left of its explanation panel.
            (Screen::Puzzle(_), _) => input_of(event, super::puzzle::board_area(drawn)),
            _ => input_of(event, drawn),
        }
    }

    /// The key a turn of the mouse wheel (`down`, or up) stands for on the screen as
    /// it is: each state's own (a scroll of its help or text, a move of its pointer, a
    /// step of the replay), none where a key would answer a question. The server's
    /// lobby has none.
    fn wheel_key(&self, down: bool) -> Option<KeyEvent> {
        match self {
            Screen::Game(app) => app.wheel_key(down),
            Screen::Replay(state, _) => state.wheel_key(down),
            Screen::Puzzle(state) => state.wheel_key(down),
            Screen::Lesson(state) => state.wheel_key(down),
            Screen::Start(state) => state.wheel_key(down),
            Screen::Lobby(_) => None,
        }
    }

    /// Where the screen, drawn in a frame of `drawn`, shows `? help` in a panel's
    /// border, and the key that opens its help: the start screen's box, the lessons
    /// menu, a lesson's text and a puzzle's panel. The `? help` a status line names
    /// among its other keys is the face's to find ([`Screen::status_help`]).
    fn help_label(&self, drawn: Rect) -> Option<(Rect, KeyEvent)> {
        use super::keymap::{self, Action, KeyContext as C};
        let (label, contexts): (Rect, &[C]) = match self {
            Screen::Start(state) => (super::start_screen::help_label(state, drawn), &[C::Start]),
            Screen::Lesson(state) => (
                super::lesson_screen::help_label(state, drawn),
                match state.phase() {
                    super::lesson::LessonPhase::Menu(_) => &[C::LessonMenu],
                    _ => &[C::Lesson, C::Board],
                },
            ),
            Screen::Puzzle(state) => (
                super::puzzle_screen::help_label(state, drawn),
                &[C::Puzzle, C::Board],
            ),
            Screen::Game(_) | Screen::Replay(..) | Screen::Lobby(_) => return None,
        };
        Some((label, keymap::key_for(Action::Help, contexts)?))
    }

    /// Where the screen, drawn in a frame of `drawn`, has its status lines, which may
    /// show `? help` among their keys (the game's, the replay viewer's, a puzzle's
    /// title row with no panel, a lesson's key row), and the key that opens the help
    /// there: by the same layout the drawing takes (the server's lobby says where it
    /// drew its foot, [`super::Lobby::status_area`]). `None` for a screen whose status
    /// lines show no `? help` (the start screen, the lessons menu) and one too small
    /// to draw. The face finds the label in the frame the screen draws
    /// ([`super::face`]), so where it is has one source: the drawing.
    pub(crate) fn status_help(&self, drawn: Rect) -> Option<(Rect, KeyEvent)> {
        use super::keymap::{self, Action, KeyContext as C};
        use super::layout::ScreenLayout;
        let (status, contexts): (Option<Rect>, &[C]) = match self {
            Screen::Game(_) => (ScreenLayout::new(drawn).map(|l| l.status), &[C::Board]),
            Screen::Replay(state, _) => (
                super::replay_screen::status_area(state, drawn),
                &[C::Replay],
            ),
            Screen::Puzzle(_) => (
                super::puzzle::layout(drawn).map(|l| l.status),
                &[C::Puzzle, C::Board],
            ),
            Screen::Lesson(state) => match state.phase() {
                super::lesson::LessonPhase::Menu(_) => return None,
                _ => (
                    super::lesson::layout(drawn).map(|l| l.status),
                    &[C::Lesson, C::Board],
                ),
            },
            // The server's lobby: its foot (the keys, the note), as it drew it.
            Screen::Lobby(lobby) => {
                let key = keymap::key_for(Action::Help, &[lobby.key_context()])?;
                return Some((lobby.status_area(drawn)?, key));
            }
            Screen::Start(_) => return None,
        };
        Some((status?, keymap::key_for(Action::Help, contexts)?))
    }

    /// Hands `input` to the state.
    pub(crate) fn handle(&mut self, input: Input) -> Effects {
        match self {
            Screen::Game(app) => app.handle(input),
            Screen::Replay(state, _) => state.handle(input),
            Screen::Puzzle(state) => state.handle(input),
            Screen::Lesson(state) => state.handle(input),
            Screen::Start(state) => state.handle(input),
            Screen::Lobby(lobby) => lobby.handle(input),
        }
    }

    /// How long until the state wants an [`Input::Tick`], if it wants one.
    pub(crate) fn tick_every(&self) -> Option<Duration> {
        match self {
            // The spinner while the AI thinks; a running clock when its second changes.
            Screen::Game(app) => match (app.thinking().map(|_| SPINNER_STEP), app.clock_wake()) {
                (Some(spin), Some(clock)) => Some(spin.min(clock)),
                (spin, clock) => spin.or(clock),
            },
            Screen::Replay(state, _) => state.autoplay_delay(),
            Screen::Lobby(lobby) => lobby.tick_every(),
            Screen::Puzzle(_) | Screen::Lesson(_) | Screen::Start(_) => None,
        }
    }

    /// Whether the replay viewer or a game was left with `Ctrl-c`: the loop ends (a
    /// served session with it, its table taking it as a dropped link, not a leave).
    pub(crate) fn forced_out(&self) -> bool {
        match self {
            Screen::Replay(state, _) => state.exit() == Some(ReplayExit::ForceQuit),
            Screen::Game(app) => app.forced_out(),
            _ => false,
        }
    }

    /// Whether the screen waits for a worker's answer to what was asked (the AI's
    /// move, a hint, a puzzle's check): a line typed ahead waits for it. An AI move
    /// held for a person's claim waits for the person instead.
    pub(crate) fn busy(&self) -> bool {
        match self {
            Screen::Game(app) => match app.thinking() {
                Some(super::ai_worker::AiJob::Move) => !app.awaits_claim(),
                Some(super::ai_worker::AiJob::Hint) => true,
                None => false,
            },
            Screen::Puzzle(state) => state.checking(),
            _ => false,
        }
    }

    /// Whether a game waits for the AI.
    pub(crate) fn thinking(&self) -> bool {
        matches!(self, Screen::Game(app) if app.thinking().is_some())
    }

    /// Sized to `area`, as the state before it was.
    fn resized(&mut self, area: Rect) -> Effects {
        self.handle(Input::Resize(area.width, area.height))
    }
}

/// The screen and the way back from a review, with the review's analysis `A`.
#[derive(Debug)]
pub(crate) struct Navigator<A> {
    /// The state on screen.
    screen: Screen,
    /// The finished game `r` opened the review on: `q` goes back to it.
    back: Option<App>,
    /// The analysis of the replay viewer's game, while it runs.
    running: Option<A>,
    /// The review left with `q`, with its analysis, so `r` on the same game opens it
    /// again without analysing anything twice.
    kept: Option<(ReplayState, Option<A>)>,
    /// A served session's lobby, while one of its games is on screen: `q` goes back to it.
    lobby: Option<Box<dyn Lobby>>,
    /// The table the game on screen is linked to (a served game between people).
    link: Option<Box<dyn Link>>,
}

impl<A> Navigator<A> {
    /// Starts on `screen`.
    pub(crate) fn new(screen: Screen) -> Navigator<A> {
        Navigator {
            screen,
            back: None,
            running: None,
            kept: None,
            lobby: None,
            link: None,
        }
    }

    /// The colours: a served session's, chosen in its lobby; else `look`.
    pub(crate) fn look(&self, look: Look) -> Look {
        match (&self.screen, &self.lobby) {
            (Screen::Lobby(lobby), _) | (_, Some(lobby)) => lobby.look(),
            _ => look,
        }
    }

    /// How "your move" is told: a served session's bell and notifications as its
    /// player switched them; else `alerts`.
    pub(crate) fn alerts(&self, alerts: Alerts) -> Alerts {
        match (&self.screen, &self.lobby) {
            (Screen::Lobby(lobby), _) | (_, Some(lobby)) => Alerts {
                bell: alerts.bell && lobby.bell(),
                notify: alerts.notify && lobby.notify(),
                ..alerts
            },
            _ => alerts,
        }
    }

    /// The game on screen and the table it is linked to, if it is linked.
    pub(crate) fn linked(&mut self) -> Option<(&mut App, &mut dyn Link)> {
        match (&mut self.screen, &mut self.link) {
            (Screen::Game(app), Some(link)) => Some((app, link.as_mut())),
            _ => None,
        }
    }

    /// The screen on show was drawn (or said): its lobby or its table's link hears it.
    pub(crate) fn shown(&mut self) {
        match (&mut self.screen, &mut self.link) {
            (Screen::Game(app), Some(link)) => link.shown(app.message()),
            (Screen::Lobby(lobby), _) => lobby.shown(),
            _ => {}
        }
    }

    /// [`Effect::Open`]: the lobby on screen gives way to the game it has ready (the
    /// lobby waits behind it); nothing happens if it has none.
    pub(crate) fn open(&mut self) -> Effects {
        let Screen::Lobby(lobby) = &mut self.screen else {
            return Vec::new();
        };
        if let Some(state) = lobby.take_replay() {
            let area = lobby.area();
            let replay = Screen::Replay(state, GameConfig::default());
            if let Screen::Lobby(lobby) = mem::replace(&mut self.screen, replay) {
                self.lobby = Some(lobby);
            }
            return self.screen.resized(area);
        }
        let Some((app, link)) = lobby.take_game() else {
            return vec![Effect::Redraw];
        };
        let area = lobby.area();
        if let Screen::Lobby(lobby) = mem::replace(&mut self.screen, Screen::Game(app)) {
            self.lobby = Some(lobby);
        }
        self.link = link;
        let mut effects = self.screen.resized(area);
        if let Screen::Game(app) = &mut self.screen {
            effects.extend(app.start());
        }
        effects
    }

    /// The state on screen.
    pub(crate) fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The state on screen, to hand it input.
    pub(crate) fn screen_mut(&mut self) -> &mut Screen {
        &mut self.screen
    }

    /// The game on screen, or the one its review was opened on (behind it): where
    /// what a write of the game came to is said.
    pub(crate) fn game_mut(&mut self) -> Option<&mut App> {
        match (&mut self.screen, &mut self.back) {
            (Screen::Game(app), _) | (_, Some(app)) => Some(app),
            _ => None,
        }
    }

    /// A served replay waiting for the server's review takes it from the lobby behind
    /// it, when the server has made it ([`Lobby::take_review`]): the effects of
    /// showing it.
    pub(crate) fn take_served_review(&mut self) -> Effects {
        let (Screen::Replay(state, _), Some(lobby)) = (&mut self.screen, self.lobby.as_mut())
        else {
            return Vec::new();
        };
        if state.review_pending().is_none() {
            return Vec::new();
        }
        match lobby.take_review() {
            Some(ServedReview::Made(values)) => state.review_arrived(values),
            Some(ServedReview::NotMade) => state.review_not_made(),
            None => Vec::new(),
        }
    }

    /// How long a served session may be left alone on this screen before it closes:
    /// its lobby's idle time-out ([`Lobby::tick_every`]) while a game is watched, a
    /// correspondence game is shown (it is kept and waits for its next move, so
    /// closing loses nothing), a finished game stays on screen, or a replay or review
    /// is shown. `None` in the lobby itself (it counts its own), outside a served
    /// session, and for a player in a live game in play: nobody is closed for thinking.
    pub(crate) fn idle_limit(&self) -> Option<Duration> {
        let lobby = self.lobby.as_ref()?;
        let playing = match &self.screen {
            Screen::Game(app) => {
                let watching = Player::BOTH.into_iter().all(|p| app.is_remote(p));
                !app.is_over() && !watching && !app.corresponding()
            }
            _ => false,
        };
        if playing { None } else { lobby.idle_limit() }
    }

    /// The session was left alone past [`Navigator::idle_limit`]: its lobby is told.
    pub(crate) fn idled(&mut self) {
        if let Some(lobby) = self.lobby.as_mut() {
            lobby.idled();
        }
    }

    /// The state on screen when the loop ends.
    pub(crate) fn into_screen(self) -> Screen {
        self.screen
    }

    /// [`Effect::Quit`]: a review goes back to the game it came from (the effects of
    /// showing it again); anything else, or `Ctrl-c` in a review, ends the loop (`None`).
    pub(crate) fn quit(&mut self) -> Option<Effects> {
        if self.screen.forced_out() {
            return None;
        }
        if matches!(self.screen, Screen::Game(_) | Screen::Replay(..))
            && self.back.is_none()
            && let Some(lobby) = self.lobby.take()
        {
            // Dropping the link gets the player up from the table (or stops watching).
            if let Some(link) = self.link.as_mut() {
                link.leave();
            }
            self.link = None;
            let farewell = match &mut self.screen {
                Screen::Game(app) => app.take_farewell(),
                _ => None,
            };
            let area = self.screen.area();
            self.screen = Screen::Lobby(lobby);
            let mut effects = self.screen.resized(area);
            if let Screen::Lobby(lobby) = &mut self.screen {
                effects.extend(lobby.back());
                if let Some(said) = farewell {
                    lobby.tell(said);
                }
            }
            return Some(effects);
        }
        let app = self.back.take()?;
        let area = self.screen.area();
        if let Screen::Replay(state, _) = mem::replace(&mut self.screen, Screen::Game(app)) {
            self.kept = Some((state.reopened(), self.running.take()));
        }
        Some(self.screen.resized(area))
    }

    /// [`Effect::Review`]: a finished game opens its review, the one kept if it is of
    /// the same game, else a new viewer (its record dated `date`) with the analysis asked for.
    pub(crate) fn review(&mut self, date: &str) -> Effects {
        let Screen::Game(app) = &self.screen else {
            return Vec::new();
        };
        let area = app.area();
        let config = *app.config();
        let mut effects = Vec::new();
        let state = match self.kept.take() {
            Some((state, running)) if state.game().placements() == app.game().placements() => {
                self.running = running;
                effects.push(Effect::Redraw);
                state
            }
            _ => {
                let game = app.game().clone();
                let record = record_named(&config, app.people(), app.played(), date);
                ReplayState::new(analysis_words::REVIEW_TITLE, &record, game)
                    .with_short_name(analysis_words::REVIEW_SHORT)
                    .over_game()
            }
        };
        let left = mem::replace(&mut self.screen, Screen::Replay(state, config));
        if let Screen::Game(app) = left {
            self.back = Some(app);
        }
        effects.extend(self.screen.resized(area));
        if let Screen::Replay(state, _) = &mut self.screen {
            effects.extend(state.open_panel());
        }
        effects
    }

    /// [`Effect::Autosave`]: the game changed, so a review kept of it is out of date.
    pub(crate) fn game_changed(&mut self) {
        self.kept = None;
    }

    /// [`Effect::PlayOn`]: the replay viewer becomes a game from the position after
    /// `moves` moves, autosaved if `autosaved`. The review and its analysis end for good.
    pub(crate) fn play_on(&mut self, moves: usize, autosaved: bool) -> Effects {
        // The seats of a game reviewed once played are that game's, not a choice for
        // playing on, as `replay --blue/--yellow` are ([`GameConfig::played_on`]).
        let back = self.back.take();
        let reviewed = back.is_some();
        self.running = None;
        self.kept = None;
        let Screen::Replay(state, config) = &self.screen else {
            return Vec::new();
        };
        // The game goes back to the start screen on `q` when the start screen opened
        // the viewer, or the game under the review (it quit the program).
        let from_start = back.map_or(state.is_from_start(), |app| app.is_from_start());
        let game = state.game_at(moves);
        let to_move = game.to_move();
        let played_on = if reviewed {
            config.played_on(to_move)
        } else {
            *config
        };
        let mut app = App::with_game(played_on, game)
            .with_autosave(autosaved)
            .with_people(state.names_for(played_on.seats));
        if from_start {
            app = app.from_start();
        }
        if played_on.seats != config.seats {
            // Said, as the seats are not the record's.
            app.notify(crate::session::Notice::Info(message::you_take(
                to_move,
                played_on.seat(to_move.other()),
            )));
        }
        let area = state.area();
        self.screen = Screen::Game(app);
        let mut effects = self.screen.resized(area);
        if let Screen::Game(app) = &mut self.screen {
            effects.extend(app.start());
        }
        effects
    }

    /// [`Effect::Analyse`]: the game to analyse, when the replay viewer is on screen and
    /// no analysis of it runs yet. Hand the run to [`Navigator::analysing`].
    pub(crate) fn to_analyse(&self) -> Option<(&Game, &GameConfig)> {
        match &self.screen {
            Screen::Replay(state, config) if self.running.is_none() => Some((state.game(), config)),
            _ => None,
        }
    }

    /// [`Effect::DeepReview`] and [`Effect::AnalyseRest`]: the game of the replay viewer
    /// on screen, whatever runs;
    /// the analysis running, if any, is stopped first (its results are let go: the
    /// deep review takes every position they would have valued).
    pub(crate) fn deepen(&mut self) -> Option<(&Game, &GameConfig)> {
        match &self.screen {
            Screen::Replay(state, config) => {
                self.running = None;
                Some((state.game(), config))
            }
            _ => None,
        }
    }

    /// The analysis started for the viewer on screen.
    pub(crate) fn analysing(&mut self, run: A) {
        self.running = Some(run);
    }

    /// The viewer on screen and its running analysis, to hand it the results.
    pub(crate) fn analysed(&mut self) -> Option<(&mut ReplayState, &A)> {
        match (&mut self.screen, &self.running) {
            (Screen::Replay(state, _), Some(run)) => Some((state, run)),
            _ => None,
        }
    }

    /// The viewer's analysis has ended (every result handed over): it is let go.
    pub(crate) fn analysis_ended(&mut self) {
        self.running = None;
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;

    const DATE: &str = "2026-11-30";

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Input {
        Input::Key(KeyEvent::new(code, modifiers))
    }

    /// A left button's press at (`x`, `y`), as the terminal reports a click.
    fn click(x: u16, y: u16) -> Event {
        use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: x,
            row: y,
            modifiers: KeyModifiers::NONE,
        })
    }

    /// Draws `screen` at `w`x`h` and checks that the cells whose click picks each of
    /// `answers` (`Input::Pick(i)`) spell exactly that answer, spaces aside (an answer
    /// may wrap); `what` names the case in a failure.
    fn assert_clicks_spell_answers(
        screen: &Screen,
        (w, h): (u16, u16),
        answers: &[String],
        what: &str,
    ) {
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;

        use super::super::face::Face;

        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal.show(screen, Look::PLAIN).unwrap();
        let buf = terminal.backend().buffer().clone();
        let mut picked = vec![String::new(); answers.len()];
        for y in 0..h {
            for x in 0..w {
                if let Some(Input::Pick(i)) = screen.input_of(&click(x, y), buf.area) {
                    picked[i].push_str(buf[(x, y)].symbol());
                }
            }
        }
        for (answer, cells) in answers.iter().zip(&picked) {
            assert_eq!(
                cells.replace(' ', ""),
                answer.replace(' ', ""),
                "{w}x{h} {what}: the cells that pick {answer:?}\n{}",
                terminal.backend()
            );
        }
    }

    /// s19: the `? help` a panel's border carries (the start screen's box, the lessons
    /// menu, a lesson's text, a puzzle's panel) looked like a button, and a click on it
    /// was a click off the board: nothing. Now it is the help's key. Checked against
    /// the frame drawn, cell by cell: a click opens the help on the label's cells, and
    /// on no other cell of the screen.
    #[test]
    fn a_click_on_the_help_label_of_a_border_opens_the_help() {
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;

        use super::super::face::Face;
        use crate::learn::{LearnProgress, lessons};
        use crate::puzzle::{Progress, PuzzleSet};

        let screens = || {
            let lesson = LessonState::resume(lessons().unwrap(), LearnProgress::default(), None);
            let mut menu = lesson.clone();
            let _ = menu.handle(key(KeyCode::Char('m'), KeyModifiers::NONE));
            let set = PuzzleSet::shipped().unwrap();
            let puzzle = PuzzleState::open(set, Progress::default(), None, None).unwrap();
            vec![
                ("start", Screen::Start(StartState::new(false, true))),
                ("menu", Screen::Lesson(Box::new(menu))),
                ("lesson", Screen::Lesson(Box::new(lesson))),
                ("puzzle", Screen::Puzzle(Box::new(puzzle))),
            ]
        };
        let label: Vec<&str> = "? help".split("").filter(|c| !c.is_empty()).collect();
        for (w, h) in [(80, 24), (60, 20), (44, 16), (120, 40)] {
            for (name, mut screen) in screens() {
                let _ = screen.handle(Input::Resize(w, h));
                let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
                terminal.show(&screen, Look::PLAIN).unwrap();
                let buf = terminal.backend().buffer().clone();
                // A label in a border: a box-drawing line beside it. The status lines'
                // `? help` (the game's, the replay's, a puzzle's with no panel) is the
                // face's to find in the frame drawn, not `input_of`'s (s21:
                // `face::tests::a_click_on_the_status_line_s_help_opens_the_help`).
                let border = |x: u16, y: u16| {
                    let cell = if x < w { buf[(x, y)].symbol() } else { "" };
                    !cell.is_empty() && cell.chars().all(|c| ('\u{2500}'..='\u{257f}').contains(&c))
                };
                let shown: Vec<(u16, u16)> = (0..h)
                    .flat_map(|y| (0..w).map(move |x| (x, y)))
                    .filter(|&(x, y)| {
                        label.iter().enumerate().all(|(i, c)| {
                            x + (label.len() as u16) <= w && buf[(x + i as u16, y)].symbol() == *c
                        }) && ((x > 0 && border(x - 1, y)) || border(x + label.len() as u16, y))
                    })
                    .collect();
                assert!(shown.len() <= 1, "{name} {w}x{h}: {shown:?}");
                // Each shows it at 80x24; smaller, a lesson's text or a puzzle's panel
                // may have no room, and then no cell opens the help.
                if (w, h) == (80, 24) {
                    assert_eq!(shown.len(), 1, "{name} {w}x{h}");
                }
                let on_label = |x: u16, y: u16| {
                    shown.first().is_some_and(|&(lx, ly)| {
                        y == ly && (lx..lx + label.len() as u16).contains(&x)
                    })
                };
                for y in 0..h {
                    for x in 0..w {
                        let input = screen.input_of(&click(x, y), buf.area);
                        let help =
                            matches!(input, Some(Input::Key(k)) if k.code == KeyCode::Char('?'));
                        assert_eq!(help, on_label(x, y), "{name} {w}x{h} at ({x}, {y})");
                    }
                }
                if let Some(&(x, y)) = shown.first() {
                    let input = screen.input_of(&click(x + 3, y), buf.area).unwrap();
                    let _ = screen.handle(input);
                    let help = match &screen {
                        Screen::Start(s) => s.help_shown(),
                        Screen::Lesson(s) => s.help_shown(),
                        Screen::Puzzle(s) => s.help_shown(),
                        _ => false,
                    };
                    assert!(help, "{name} {w}x{h}: the click opened no help");
                }
            }
        }
    }

    /// s24: the resume question at start-up took no click, while the start screen's
    /// doors and the lessons menu's rows do. A click on its answers' words in its box
    /// answers it (yes resumes the game offered, the other starts the new one), at
    /// 80×24 and at the smallest game screen; a click elsewhere in the box answers
    /// nothing.
    #[test]
    fn a_click_on_an_answer_of_the_resume_question_answers_it() {
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;

        use super::super::face::Face;
        use super::super::question::Overlay;
        use crate::rules::Square;

        let mut autosaved = Game::new();
        for square in [Square::B2, Square::C3, Square::A1] {
            autosaved.play(square).unwrap();
        }
        for (w, h) in [(80, 24), (44, 16)] {
            let offered = || {
                let app = App::new(GameConfig::default())
                    .offer_resume(GameConfig::default(), autosaved.clone());
                let mut screen = Screen::Game(app);
                let _ = screen.handle(Input::Resize(w, h));
                screen
            };
            let screen = offered();
            let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
            terminal.show(&screen, Look::PLAIN).unwrap();
            let buf = terminal.backend().buffer().clone();
            // Where the frame shows `needle` (its first cell).
            let at = |needle: &str| {
                let cells: Vec<String> = needle.chars().map(String::from).collect();
                (0..h)
                    .flat_map(|y| (0..w).map(move |x| (x, y)))
                    .find(|&(x, y)| {
                        cells.iter().enumerate().all(|(i, c)| {
                            x + (i as u16) < w && buf[(x + i as u16, y)].symbol() == c
                        })
                    })
                    .unwrap_or_else(|| panic!("{w}x{h}: no {needle:?} drawn"))
            };
            let (yes_x, yes_y) = at("y: resume");
            // Its keys begin a row at 44×16 (s31: `any` ended one, s30).
            let (no_x, no_y) = at("other key");
            let (question_x, question_y) = at("Resume the");
            assert_eq!(
                screen.input_of(&click(yes_x + 4, yes_y), buf.area),
                Some(Input::Pick(0))
            );
            assert_eq!(
                screen.input_of(&click(no_x, no_y), buf.area),
                Some(Input::Pick(1))
            );
            assert!(
                !matches!(
                    screen.input_of(&click(question_x, question_y), buf.area),
                    Some(Input::Pick(_))
                ),
                "{w}x{h}: the question's words are no answer"
            );
            let mut screen = offered();
            let _ = screen.handle(Input::Pick(0));
            let Screen::Game(app) = &screen else {
                panic!("no game")
            };
            assert_eq!(
                (app.game().len(), app.overlay()),
                (3, Overlay::None),
                "{w}x{h}"
            );
            let mut screen = offered();
            let _ = screen.handle(Input::Pick(1));
            let Screen::Game(app) = &screen else {
                panic!("no game")
            };
            assert_eq!(
                (app.game().len(), app.overlay()),
                (0, Overlay::None),
                "{w}x{h}"
            );
        }
    }

    /// s25: only the resume question took a click. Every question's answers in its
    /// box do now, each as its key would answer (`y`, any other key, `s` where save
    /// is offered), by the one way (`Question::clickable_answers`): every cell of the
    /// frame is clicked, at 80×24 and 44×16, and the cells that pick an answer are
    /// exactly that answer's words. s26: and the status line's brief under the box
    /// (only the box took a click), through the same answers.
    #[test]
    fn a_click_on_any_question_s_answer_picks_it_as_its_key_would() {
        use super::super::question::Question;
        use crate::rules::Square;

        let mut game = Game::new();
        for square in [Square::B2, Square::C3, Square::A1] {
            game.play(square).unwrap();
        }
        let local = |autosaved: bool| {
            App::with_game(GameConfig::default(), game.clone()).with_autosave(autosaved)
        };
        let table = || App::with_game(GameConfig::default(), game.clone()).served([false, true]);
        let resumable =
            || App::new(GameConfig::default()).offer_resume(GameConfig::default(), game.clone());
        // Each question, in each state that changes its answers, and how many it has.
        let cases = [
            (local(true), Question::Quit, 2),
            (local(false), Question::Quit, 3),
            (local(true).from_start(), Question::Back, 2),
            (local(false).from_start(), Question::Back, 3),
            (local(true), Question::NewGame, 2),
            (local(true), Question::Resign(Player::Yellow), 2),
            (table(), Question::UndoAsked, 2),
            (table(), Question::Rematch, 2),
            (table(), Question::Leave { early: false }, 2),
            (table(), Question::Leave { early: true }, 2),
            (table(), Question::LeaveAi { kept: true }, 2),
            (table(), Question::LeaveAi { kept: false }, 2),
            // s25: the resume question's third answer is its `q`, back or out.
            (resumable(), Question::Resume, 3),
            (resumable().from_start(), Question::Resume, 3),
        ];
        for (w, h) in [(80, 24), (44, 16)] {
            for (app, question, offered) in &cases {
                let third = if *question == Question::Resume {
                    'q'
                } else {
                    's'
                };
                let keys = [KeyCode::Char('y'), KeyCode::Char('n'), KeyCode::Char(third)];
                let mut app = app.clone().asking(*question);
                let _ = app.handle(Input::Resize(w, h));
                // The answers as the box words them at this size (s32: the resume
                // question's no in fewer words where it is wider than a row).
                let layout =
                    super::super::layout::ScreenLayout::new(ratatui::layout::Rect::new(0, 0, w, h))
                        .unwrap();
                let area = super::super::screen::message_area(&layout);
                let (_, answers) =
                    app.boxed_question(*question, super::super::screen::box_columns(area));
                assert_eq!(answers.len(), *offered, "{question:?}: {answers:?}");
                // s26: the status line's brief takes a click on its answers too (only
                // the box did): yes and no at least, each found whole on the line
                // drawn, so the cells that pick each answer spell it in the box and
                // then on the status line, below it.
                let brief = app.question_brief(*question, w);
                assert!(brief.answers.len() >= 2, "{w}x{h} {question:?}: {brief:?}");
                assert!(brief.answers[0].starts_with("y: "), "{brief:?}");
                // `any other key` at every width (s40: the resume question's brief
                // at 44 columns said `other: `).
                assert!(brief.answers[1].starts_with("any other key: "), "{brief:?}");
                assert!(crate::text::fits(&brief.text, usize::from(w)), "{brief:?}");
                let spelt: Vec<String> = answers
                    .iter()
                    .enumerate()
                    .map(|(i, a)| format!("{a}{}", brief.answers.get(i).map_or("", |b| b)))
                    .collect();
                let screen = Screen::Game(app.clone());
                assert_clicks_spell_answers(&screen, (w, h), &spelt, &format!("{question:?}"));
                for (choice, code) in keys.iter().enumerate().take(answers.len()) {
                    let mut clicked = app.clone();
                    let mut keyed = app.clone();
                    let by_click = clicked.handle(Input::Pick(choice));
                    let by_key = keyed.handle(key(*code, KeyModifiers::NONE));
                    assert_eq!(by_click, by_key, "{question:?} answer {choice}");
                    assert_eq!(clicked.overlay(), keyed.overlay(), "{question:?} {choice}");
                    assert_eq!(clicked.game().len(), keyed.game().len());
                    assert_ne!(clicked.overlay(), app.overlay(), "{question:?} {choice}");
                }
            }
        }
        // The resume question's `q` leaves as it came (the start screen's game goes
        // back, the box says which), starting no game: nothing to autosave.
        for (app, leave) in [
            (resumable(), "q/Esc: quit"),
            (resumable().from_start(), "q/Esc: back"),
        ] {
            let mut app = app;
            let _ = app.handle(Input::Resize(80, 24));
            assert!(app.question_text(Question::Resume).contains(leave));
            assert_eq!(app.clickable_answers(Question::Resume)[2], leave);
            for code in [KeyCode::Char('q'), KeyCode::Esc] {
                let mut app = app.clone();
                let effects = app.handle(key(code, KeyModifiers::NONE));
                assert_eq!(effects, vec![Effect::Quit], "{leave} {code:?}");
                assert!(app.game().is_empty() && !app.forced_out(), "{leave}");
            }
        }
    }

    /// s26: Esc at the resume question was any other key, a new game started over the
    /// autosave; it leaves as the question's `q` does (back, or out of the program),
    /// the autosave untouched. At every other question, the table's too, it is still
    /// a no, as `n` is.
    #[test]
    fn esc_at_the_resume_question_leaves_as_q_does_and_is_a_no_elsewhere() {
        use super::super::question::Question;

        let game = Game::from_moves([crate::rules::Square::B2]).unwrap();
        let local = || App::with_game(GameConfig::default(), game.clone());
        let table = || local().served([false, true]);
        let resumable =
            || App::new(GameConfig::default()).offer_resume(GameConfig::default(), game.clone());
        let cases = [
            (local(), Question::Quit, 'n'),
            (local().with_autosave(true), Question::Quit, 'n'),
            (local().from_start(), Question::Back, 'n'),
            (local(), Question::NewGame, 'n'),
            (local(), Question::Resign(Player::Yellow), 'n'),
            (table(), Question::UndoAsked, 'n'),
            (table(), Question::Rematch, 'n'),
            (table(), Question::Leave { early: true }, 'n'),
            (table(), Question::LeaveAi { kept: true }, 'n'),
            (resumable(), Question::Resume, 'q'),
            (resumable().from_start(), Question::Resume, 'q'),
        ];
        for (app, question, like) in cases {
            let mut app = app.asking(question);
            let _ = app.handle(Input::Resize(80, 24));
            let mut by_esc = app.clone();
            let mut by_key = app.clone();
            let esc = by_esc.handle(key(KeyCode::Esc, KeyModifiers::NONE));
            let keyed = by_key.handle(key(KeyCode::Char(like), KeyModifiers::NONE));
            assert_eq!(esc, keyed, "{question:?}: Esc as {like}");
            assert_eq!(by_esc.overlay(), by_key.overlay(), "{question:?}");
            assert_eq!(by_esc.game().len(), by_key.game().len(), "{question:?}");
        }
        // What leaving the resume question is: the loop ends, no game started.
        let mut app = resumable().from_start().asking(Question::Resume);
        let _ = app.handle(Input::Resize(80, 24));
        assert_eq!(
            app.handle(key(KeyCode::Esc, KeyModifiers::NONE)),
            [Effect::Quit]
        );
        assert!(app.game().is_empty() && !app.forced_out());
    }

    /// QA (s27): `a1` typed at the resume question started a new game on the `a` and
    /// refused the `1` (a row with no column): the square was lost, where the line mode
    /// plays it. The letter is the question's no and begins the square, which the
    /// digit plays in the new game; the new game's message stays. In a claim game too,
    /// whose keys are looked up before the board's. Fails on the old code (no move).
    #[test]
    fn a_square_typed_at_the_resume_question_is_played_in_the_new_game() {
        use super::super::question::{Overlay, Question};
        use crate::rules::Square;

        let saved = Game::from_moves([Square::B2, Square::C3]).unwrap();
        let claims = GameConfig {
            claims: true,
            ..GameConfig::default()
        };
        for config in [GameConfig::default(), claims] {
            let mut app = App::new(config).offer_resume(config, saved.clone());
            let _ = app.handle(Input::Resize(80, 24));
            assert_eq!(app.overlay(), Overlay::Question(Question::Resume));
            let _ = app.handle(key(KeyCode::Char('a'), KeyModifiers::NONE));
            assert_eq!(app.overlay(), Overlay::None);
            assert!(app.game().is_empty(), "{:?}", app.game());
            let said = app.message().map(|m| m.line_words().into_owned());
            assert_eq!(
                said.as_deref(),
                Some(crate::strings::message::NEW_INSTEAD_OF_RESUME)
            );
            let _ = app.handle(key(KeyCode::Char('1'), KeyModifiers::NONE));
            let played: Vec<Square> = app.game().placements().iter().map(|p| p.square()).collect();
            assert_eq!(played, [Square::A1], "claims {}", config.claims);
        }
        // Any other key is still only the no: nothing played, no letter waiting.
        let mut app =
            App::new(GameConfig::default()).offer_resume(GameConfig::default(), saved.clone());
        let _ = app.handle(Input::Resize(80, 24));
        let _ = app.handle(key(KeyCode::Char('x'), KeyModifiers::NONE));
        let _ = app.handle(key(KeyCode::Char('1'), KeyModifiers::NONE));
        assert!(app.game().is_empty() && app.overlay() == Overlay::None);
    }

    /// s29: the resume question took a square typed at it (s27), but every other
    /// question took its column letter as its no and lost it, so `b2` typed at the quit
    /// question was refused as a lone row. Each question, asked by its own key where
    /// the player asks it (`q`, `n`, `R`) and as the table asks it at a table, now
    /// takes the letter as its no and begins the square, which the digit plays: never
    /// a quit, a resignation or a new game. Fails on the old code (nothing played).
    #[test]
    fn a_square_typed_at_any_question_is_its_no_then_played() {
        use super::super::question::{Overlay, Question};
        use crate::rules::Square;
        use crate::strings::{message, table as table_words};

        let game = Game::from_moves([Square::A1, Square::C3]).unwrap();
        let local = || App::with_game(GameConfig::default(), game.clone());
        let table = || local().served([false, true]);
        let resign = Question::Resign(Player::Blue);
        // The app, the key that asks (none: the table asks), the question, what the
        // status line says once the letter is typed.
        let row = message::type_the_row('b');
        let cases = [
            (local(), Some('q'), Question::Quit, row.as_str()),
            (local().with_autosave(true), Some('q'), Question::Quit, &row),
            (local().from_start(), Some('q'), Question::Back, &row),
            (local(), Some('n'), Question::NewGame, &row),
            (local(), Some('R'), resign, &row),
            (
                table(),
                None,
                Question::UndoAsked,
                table_words::YOU_REFUSED_UNDO,
            ),
            (table(), Some('q'), Question::Leave { early: false }, &row),
            (table(), None, Question::LeaveAi { kept: true }, &row),
        ];
        for (app, asks, question, said) in cases {
            let mut app = match asks {
                Some(_) => app,
                None => app.asking(question),
            };
            let _ = app.handle(Input::Resize(80, 24));
            if let Some(asks) = asks {
                let _ = app.handle(key(KeyCode::Char(asks), KeyModifiers::NONE));
            }
            assert_eq!(app.overlay(), Overlay::Question(question), "{asks:?}");
            let effects = app.handle(key(KeyCode::Char('b'), KeyModifiers::NONE));
            assert!(
                !effects.contains(&Effect::Quit),
                "{question:?}: {effects:?}"
            );
            assert_eq!(app.overlay(), Overlay::None, "{question:?}");
            assert_eq!(app.game().len(), 2, "{question:?}");
            let shown = app.message().map(|m| m.line_words().into_owned());
            assert_eq!(shown.as_deref(), Some(said), "{question:?}");
            let _ = app.handle(key(KeyCode::Char('2'), KeyModifiers::NONE));
            let played: Vec<Square> = app.game().placements().iter().map(|p| p.square()).collect();
            assert_eq!(played, [Square::A1, Square::C3, Square::B2], "{question:?}");
            assert!(!app.is_over() && !app.should_quit(), "{question:?}");
        }
    }

    /// s29: with the mouse on, a click on a square the resume question's box leaves in
    /// view did nothing, where the square typed there is played (s27), and so at every
    /// other question. A click on a square in view is now the question's no and that
    /// square played, by the typed square's one way; a click in the box off its
    /// answers is no click on the square the box hides. Through the app's mouse
    /// handling (`Screen::input_of` on the frame drawn), at 80x24 and 44x16. Fails on
    /// the old code (nothing played).
    #[test]
    fn a_click_on_a_square_under_a_question_is_its_no_then_played() {
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;

        use super::super::face::Face;
        use super::super::question::{Overlay, Question};
        use crate::rules::Square;

        let saved = Game::from_moves([Square::B2, Square::C3]).unwrap();
        let resumable =
            || App::new(GameConfig::default()).offer_resume(GameConfig::default(), saved.clone());
        let local = || App::with_game(GameConfig::default(), saved.clone());
        for (w, h) in [(80, 24), (44, 16)] {
            let cases = [
                (resumable(), Question::Resume),
                (local().asking(Question::Quit), Question::Quit),
                (local().asking(Question::NewGame), Question::NewGame),
                (
                    local().asking(Question::Resign(Player::Blue)),
                    Question::Resign(Player::Blue),
                ),
            ];
            for (app, question) in cases {
                let mut app = app;
                let _ = app.handle(Input::Resize(w, h));
                let screen = Screen::Game(app.clone());
                let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
                terminal.show(&screen, Look::PLAIN).unwrap();
                let area = terminal.backend().buffer().area;
                let layout = super::super::layout::ScreenLayout::new(area).unwrap();
                let boxed = super::super::screen::box_rect(
                    &app.question_text(question),
                    &app.clickable_answers(question),
                    super::super::screen::message_area(&layout),
                );
                let mut in_view = None;
                for y in 0..h {
                    for x in 0..w {
                        let input = screen.input_of(&click(x, y), area);
                        let in_box = boxed.contains(ratatui::layout::Position::new(x, y));
                        if in_box {
                            assert!(
                                !matches!(input, Some(Input::Click(Some(_)))),
                                "{w}x{h} {question:?}: ({x}, {y}) in the box is {input:?}"
                            );
                        } else if let Some(Input::Click(Some(square))) = input {
                            in_view.get_or_insert((x, y, square));
                        }
                    }
                }
                let Some((x, y, square)) = in_view else {
                    panic!("{w}x{h} {question:?}: no empty square in view");
                };
                let mut screen = screen;
                let input = screen.input_of(&click(x, y), area).unwrap();
                let effects = screen.handle(input);
                assert!(
                    !effects.contains(&Effect::Quit),
                    "{question:?}: {effects:?}"
                );
                let Screen::Game(app) = &screen else {
                    panic!("no game")
                };
                assert_eq!(app.overlay(), Overlay::None, "{w}x{h} {question:?}");
                let played: Vec<Square> =
                    app.game().placements().iter().map(|p| p.square()).collect();
                let expected: Vec<Square> = if question == Question::Resume {
                    vec![square]
                } else {
                    vec![Square::B2, Square::C3, square]
                };
                assert_eq!(played, expected, "{w}x{h} {question:?} at ({x}, {y})");
                assert!(!app.is_over() && !app.should_quit());
            }
        }
    }

    /// qa37: the mouse wheel did nothing on any local screen. It now stands for the
    /// key each screen scrolls or steps with: the start screen's pointer, the help's
    /// line (at 44x16, where it scrolls; none where it shows whole, which a key would
    /// close), the replay's move back and on, the lessons menu's pointer and a
    /// lesson's page; nothing on a game's board, nor while a question is open.
    #[test]
    fn the_wheel_scrolls_steps_or_points_and_answers_no_question() {
        use ratatui::crossterm::event::{MouseEvent, MouseEventKind};

        use super::super::question::Overlay;
        use super::super::replay::ReplayOverlay;

        let wheel = |down: bool| {
            Event::Mouse(MouseEvent {
                kind: if down {
                    MouseEventKind::ScrollDown
                } else {
                    MouseEventKind::ScrollUp
                },
                column: 5,
                row: 5,
                modifiers: KeyModifiers::NONE,
            })
        };
        // The wheel turned once over `screen`: whether it stood for an input.
        let turn =
            |screen: &mut Screen, down: bool| match screen.input_of(&wheel(down), screen.area()) {
                Some(input) => {
                    let _ = screen.handle(input);
                    true
                }
                None => false,
            };
        let help_key = key(KeyCode::Char('?'), KeyModifiers::NONE);

        // The start screen: the pointer, then the help's lines.
        let mut screen = Screen::Start(StartState::new(false, true));
        let _ = screen.handle(Input::Resize(44, 16));
        assert!(turn(&mut screen, true) && turn(&mut screen, true) && turn(&mut screen, false));
        let Screen::Start(state) = &screen else {
            unreachable!()
        };
        assert_eq!(state.selected(), 1);
        let _ = screen.handle(help_key);
        assert!(turn(&mut screen, true));
        let Screen::Start(state) = &screen else {
            unreachable!()
        };
        assert!(state.help_shown());
        assert_eq!(state.help_view(Look::PLAIN).top, 1);
        // A help shown whole: the wheel does nothing, and the help stays.
        let _ = screen.handle(Input::Resize(120, 60));
        assert!(!turn(&mut screen, true));
        let Screen::Start(state) = &screen else {
            unreachable!()
        };
        assert!(state.help_shown());

        // A game: nothing on the board; the help's lines over it.
        let mut screen = Screen::Game(App::new(GameConfig::default()));
        let _ = screen.handle(Input::Resize(44, 16));
        assert!(!turn(&mut screen, true));
        let _ = screen.handle(help_key);
        assert!(turn(&mut screen, true) && turn(&mut screen, true));
        let Screen::Game(app) = &screen else {
            unreachable!()
        };
        assert_eq!(app.overlay(), Overlay::Help);
        assert_eq!(app.help_view(Look::PLAIN).top, 2);

        // The replay viewer: a move on, a move back; nothing under its question.
        let game = finished().game().clone();
        let record = crate::record::Record::default();
        let mut state = ReplayState::new("last.hij", &record, game);
        let _ = state.handle(Input::Resize(80, 24));
        let mut screen = Screen::Replay(state, GameConfig::default());
        let at = |screen: &Screen| match screen {
            Screen::Replay(state, _) => state.at_move(),
            _ => unreachable!(),
        };
        for code in [
            KeyCode::Char('g'),
            KeyCode::Char('3'),
            KeyCode::Char('0'),
            KeyCode::Enter,
        ] {
            let _ = screen.handle(key(code, KeyModifiers::NONE));
        }
        assert_eq!(at(&screen), 30);
        assert!(turn(&mut screen, true));
        assert_eq!(at(&screen), 31);
        assert!(turn(&mut screen, false) && turn(&mut screen, false));
        assert_eq!(at(&screen), 29);
        let _ = screen.handle(key(KeyCode::Char('c'), KeyModifiers::NONE));
        let Screen::Replay(state, _) = &screen else {
            unreachable!()
        };
        assert_eq!(state.overlay(), ReplayOverlay::ConfirmContinue);
        assert!(!turn(&mut screen, true) && !turn(&mut screen, false));
        let Screen::Replay(state, _) = &screen else {
            unreachable!()
        };
        assert_eq!(state.overlay(), ReplayOverlay::ConfirmContinue);

        // The lessons: a lesson's page (PgDn), then the menu's pointer.
        let mut screen = Screen::Lesson(Box::new(LessonState::resume(
            crate::learn::lessons().unwrap(),
            crate::learn::LearnProgress::default(),
            None,
        )));
        let _ = screen.handle(Input::Resize(44, 16));
        let Screen::Lesson(lesson) = &screen else {
            unreachable!()
        };
        assert_eq!(
            lesson.wheel_key(true),
            Some(KeyEvent::new(KeyCode::PageDown, KeyModifiers::NONE))
        );
        let _ = screen.handle(key(KeyCode::Char('m'), KeyModifiers::NONE));
        assert!(turn(&mut screen, true));
        let Screen::Lesson(lesson) = &screen else {
            unreachable!()
        };
        assert_eq!(lesson.phase(), &super::super::lesson::LessonPhase::Menu(1));
    }

    /// s25 (local16 left it): the replay viewer's play-on question took no click (it is
    /// the viewer's overlay, not a game's `Question`). Its answers take one through the
    /// same finder as a game's question, at 80x24 and 44x16, as their keys do. s26:
    /// and on the status line's brief under the box, as a game's question.
    #[test]
    fn a_click_on_the_viewer_s_play_on_answer_picks_it_as_its_key_would() {
        use super::super::replay::ReplayOverlay;

        let game = finished().game().clone();
        let record = crate::record::Record::default();
        let mut asked = ReplayState::new("last.hij", &record, game);
        for c in ['g', '3', '0', '\n'] {
            let code = if c == '\n' {
                KeyCode::Enter
            } else {
                KeyCode::Char(c)
            };
            let _ = asked.handle(key(code, KeyModifiers::NONE));
        }
        let _ = asked.handle(key(KeyCode::Char('c'), KeyModifiers::NONE));
        assert_eq!(asked.overlay(), ReplayOverlay::ConfirmContinue);
        let answers = asked.continue_answers();
        assert_eq!(answers, ["y: play on", "any other key: stay"]);
        for (w, h) in [(80, 24), (44, 16)] {
            let mut state = asked.clone();
            let _ = state.handle(Input::Resize(w, h));
            // s26: the status line's brief under the box takes a click too.
            let brief = state.continue_brief(w);
            assert_eq!(brief.answers, answers, "{w}x{h}: {brief:?}");
            let spelt: Vec<String> = answers.iter().map(|a| format!("{a}{a}")).collect();
            let screen = Screen::Replay(state.clone(), GameConfig::default());
            assert_clicks_spell_answers(&screen, (w, h), &spelt, "play on");
            for (choice, code) in [KeyCode::Char('y'), KeyCode::Char('n')].iter().enumerate() {
                let mut clicked = state.clone();
                let mut keyed = state.clone();
                let by_click = clicked.handle(Input::Pick(choice));
                let by_key = keyed.handle(key(*code, KeyModifiers::NONE));
                assert_eq!(by_click, by_key, "{w}x{h} answer {choice}");
                assert_eq!(clicked.overlay(), ReplayOverlay::None, "{w}x{h} {choice}");
                assert_eq!(clicked.exit(), keyed.exit(), "{w}x{h} {choice}");
            }
        }
    }

    /// A hot-seat game played to its end, sized 100×30.
    fn finished() -> App {
        let mut game = Game::new();
        while !game.is_over() {
            let mv = game.position().legal_moves().next().unwrap();
            game.play(mv).unwrap();
        }
        let mut app = App::with_game(GameConfig::default(), game);
        let _ = app.handle(Input::Resize(100, 30));
        app
    }

    fn game_on_screen(nav: &Navigator<u32>) -> &App {
        match nav.screen() {
            Screen::Game(app) => app,
            _ => panic!("no game is on screen"),
        }
    }

    fn viewer_on_screen(nav: &Navigator<u32>) -> &ReplayState {
        match nav.screen() {
            Screen::Replay(state, _) => state,
            _ => panic!("the replay viewer is not on screen"),
        }
    }

    #[test]
    fn review_opens_the_viewer_on_the_finished_game_and_asks_for_analysis() {
        let app = finished();
        let moves = app.game().placements().to_vec();
        let mut nav: Navigator<u32> = Navigator::new(Screen::Game(app));
        let effects = nav.review(DATE);
        assert!(effects.contains(&Effect::Analyse), "{effects:?}");
        let state = viewer_on_screen(&nav);
        assert_eq!(state.game().placements(), &moves[..]);
        assert_eq!(state.name(), analysis_words::REVIEW_TITLE);
        assert_eq!(state.short_name(), Some(analysis_words::REVIEW_SHORT));
        assert_eq!(state.tag("Date"), Some(DATE));
        assert_eq!(
            state.area(),
            Rect::new(0, 0, 100, 30),
            "sized as the game was"
        );
        assert_eq!(nav.to_analyse().map(|(game, _)| game.len()), Some(64));
    }

    #[test]
    fn quit_goes_back_to_the_game_then_ends_the_loop() {
        let mut nav: Navigator<u32> = Navigator::new(Screen::Game(finished()));
        let _ = nav.review(DATE);
        let back = nav.quit().expect("back to the game");
        assert!(back.contains(&Effect::Redraw), "{back:?}");
        assert_eq!(game_on_screen(&nav).game().len(), 64);
        assert_eq!(nav.quit(), None, "q in the game itself ends the loop");
    }

    #[test]
    fn ctrl_c_in_a_review_ends_the_loop_at_once() {
        let mut nav: Navigator<u32> = Navigator::new(Screen::Game(finished()));
        let _ = nav.review(DATE);
        let effects = nav
            .screen_mut()
            .handle(key(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert!(effects.contains(&Effect::Quit), "{effects:?}");
        assert_eq!(nav.quit(), None);
        assert!(matches!(nav.screen(), Screen::Replay(..)));
    }

    /// QA: a review's "please enlarge" screen (below the game's own minimum, as when
    /// the terminal shrinks during the review) took only `q`, which quit the program at
    /// once instead of going back to the game (new game, undo) as the review's `q` does.
    #[test]
    fn q_behind_a_review_s_enlarge_screen_goes_back_to_the_game() {
        let mut app = finished();
        let _ = app.handle(Input::Resize(44, 15));
        let mut nav: Navigator<u32> = Navigator::new(Screen::Game(app));
        let _ = nav.review(DATE);
        let mut buf = ratatui::buffer::Buffer::empty(Rect::new(0, 0, 44, 15));
        let view = super::super::replay_screen::ReplayView {
            state: viewer_on_screen(&nav),
            look: Look::PLAIN,
        };
        ratatui::widgets::Widget::render(&view, buf.area, &mut buf);
        let text: String = buf.content().iter().map(|c| c.symbol()).collect();
        assert!(text.contains("q: back to the game"), "{text}");
        let effects = nav
            .screen_mut()
            .handle(key(KeyCode::Char('q'), KeyModifiers::NONE));
        assert!(effects.contains(&Effect::Quit), "{effects:?}");
        assert!(nav.quit().is_some(), "back to the game");
        assert_eq!(game_on_screen(&nav).game().len(), 64);
        // Ctrl-c still ends everything.
        let _ = nav.review(DATE);
        let _ = nav
            .screen_mut()
            .handle(key(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert_eq!(nav.quit(), None);
    }

    /// A finished game's review, its analysis under way (run 7), gone to the last
    /// move and left for the game.
    fn reviewed_to_the_end_and_left() -> Navigator<u32> {
        let mut nav: Navigator<u32> = Navigator::new(Screen::Game(finished()));
        let _ = nav.review(DATE);
        nav.analysing(7);
        let _ = nav
            .screen_mut()
            .handle(key(KeyCode::End, KeyModifiers::NONE));
        let _ = nav.quit().expect("back to the game");
        nav
    }

    #[test]
    fn the_same_game_reopens_its_review_with_the_analysis_under_way() {
        let mut nav = reviewed_to_the_end_and_left();
        assert!(nav.analysed().is_none(), "no viewer on screen");
        assert!(nav.to_analyse().is_none());
        let effects = nav.review(DATE);
        assert!(!effects.contains(&Effect::Analyse), "not analysed twice");
        assert_eq!(viewer_on_screen(&nav).at_move(), 64, "where it was left");
        assert_eq!(nav.analysed().map(|(_, run)| *run), Some(7));
        nav.analysis_ended();
        assert!(nav.analysed().is_none());
    }

    #[test]
    fn a_changed_game_gets_a_new_review() {
        let mut nav = reviewed_to_the_end_and_left();
        let last = game_on_screen(&nav)
            .game()
            .last()
            .unwrap()
            .cell
            .square
            .to_string();
        let undone = nav
            .screen_mut()
            .handle(key(KeyCode::Char('u'), KeyModifiers::NONE));
        assert!(undone.contains(&Effect::Autosave), "{undone:?}");
        nav.game_changed();
        for c in last.chars() {
            let _ = nav
                .screen_mut()
                .handle(key(KeyCode::Char(c), KeyModifiers::NONE));
        }
        assert_eq!(game_on_screen(&nav).game().len(), 64, "{last} played again");
        let effects = nav.review(DATE);
        // The same moves again, but the game changed meanwhile: the kept review is gone.
        assert!(effects.contains(&Effect::Analyse), "{effects:?}");
        assert_eq!(viewer_on_screen(&nav).at_move(), 0);
        assert!(nav.analysed().is_none(), "the old analysis is let go");
    }

    #[test]
    fn review_does_nothing_outside_a_game() {
        let app = finished();
        let state = {
            let mut nav: Navigator<u32> = Navigator::new(Screen::Game(app));
            let _ = nav.review(DATE);
            match nav.into_screen() {
                Screen::Replay(state, _) => state,
                _ => unreachable!(),
            }
        };
        let mut nav: Navigator<u32> = Navigator::new(Screen::Replay(state, GameConfig::default()));
        assert_eq!(nav.review(DATE), Vec::new());
        assert_eq!(
            nav.quit(),
            None,
            "a replay from the command line has no game behind it"
        );
    }

    /// The replay viewer `state` at `w`×`h` as drawn, with the help open if `help`:
    /// its words, one space between two.
    fn viewer_text(state: &ReplayState, w: u16, h: u16, help: bool) -> String {
        let mut state = state.clone();
        let _ = state.handle(Input::Resize(w, h));
        if help {
            let _ = state.handle(key(KeyCode::Char('?'), KeyModifiers::NONE));
        }
        let mut buf = ratatui::buffer::Buffer::empty(Rect::new(0, 0, w, h));
        let view = super::super::replay_screen::ReplayView {
            state: &state,
            look: Look::PLAIN,
        };
        ratatui::widgets::Widget::render(&view, buf.area, &mut buf);
        let cells: String = buf.content().iter().map(|c| c.symbol()).collect();
        cells.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// s25: the start screen's replay door, and a game played on from its viewer,
    /// quit the program on `q`. The viewer it opens says `q` goes back (its help, its
    /// "please enlarge" screen, where `q` goes back at once, not out), and the game
    /// played on from it goes back too, asking first (`Question::Back`), as does one
    /// played on from the review of a game the start screen opened. The viewer
    /// `hijara replay` opens still quits; `Ctrl-c` leaves from both.
    #[test]
    fn the_viewer_the_start_screen_opened_and_its_game_go_back_to_it() {
        use super::super::question::{Overlay, Question};

        let game = finished().game().clone();
        let record = crate::record::Record::default();
        let plain = ReplayState::new("last.hij", &record, game);
        let door = plain.clone().from_start();
        let help = viewer_text(&door, 80, 24, true);
        assert!(help.contains("back to the start screen"), "{help}");
        let help = viewer_text(&plain, 80, 24, true);
        assert!(help.contains("q / Esc quit"), "{help}");
        assert!(!help.contains("back to the start screen"), "{help}");
        // s25: the `q / Esc` row says where q goes from every viewer (the review of a
        // game said `quit`, where q goes back to the game), from the key table's data.
        for (state, row) in [
            (plain.clone().over_game(), "q / Esc back to the game"),
            (door.clone().over_game(), "q / Esc back to the game"),
            (
                plain.clone().served(None, String::new()),
                "q / Esc back to the lobby",
            ),
        ] {
            let help = viewer_text(&state, 80, 24, true);
            assert!(help.contains(row), "{row}: {help}");
        }
        // Behind the "please enlarge" screen: q goes back, as it says.
        let small = viewer_text(&door, 40, 12, false);
        assert!(small.contains("q: back to the start screen."), "{small}");
        for (state, exit) in [(&door, ReplayExit::Quit), (&plain, ReplayExit::ForceQuit)] {
            let mut state = state.clone();
            let _ = state.handle(Input::Resize(40, 12));
            let effects = state.handle(key(KeyCode::Char('q'), KeyModifiers::NONE));
            assert_eq!(effects, vec![Effect::Quit]);
            assert_eq!(state.exit(), Some(exit));
        }
        let mut nav: Navigator<u32> =
            Navigator::new(Screen::Replay(door.clone(), GameConfig::default()));
        let _ = nav.screen_mut().handle(Input::Resize(80, 24));
        let effects = nav
            .screen_mut()
            .handle(key(KeyCode::Char('q'), KeyModifiers::NONE));
        assert!(effects.contains(&Effect::Quit), "{effects:?}");
        assert!(!nav.screen().forced_out(), "q goes back");
        let mut nav: Navigator<u32> =
            Navigator::new(Screen::Replay(door.clone(), GameConfig::default()));
        let _ = nav
            .screen_mut()
            .handle(key(KeyCode::Char('c'), KeyModifiers::CONTROL));
        assert!(nav.screen().forced_out(), "Ctrl-c leaves the program");
        // Played on: the game goes back too, its question saying so.
        for (state, back) in [(door, true), (plain, false)] {
            let mut nav: Navigator<u32> =
                Navigator::new(Screen::Replay(state, GameConfig::default()));
            let _ = nav.play_on(10, true);
            let Screen::Game(app) = nav.screen_mut() else {
                panic!("no game after playing on");
            };
            assert_eq!(app.is_from_start(), back);
            let _ = app.handle(key(KeyCode::Char('q'), KeyModifiers::NONE));
            let asked = if back { Question::Back } else { Question::Quit };
            assert_eq!(app.overlay(), Overlay::Question(asked));
        }
        // From the review of a game the start screen opened.
        let mut nav: Navigator<u32> = Navigator::new(Screen::Game(finished().from_start()));
        let _ = nav.review(DATE);
        let _ = nav.play_on(10, true);
        assert!(game_on_screen(&nav).is_from_start());
    }

    #[test]
    fn play_on_turns_the_viewer_into_a_game_and_ends_the_review() {
        let mut nav: Navigator<u32> = Navigator::new(Screen::Game(finished()));
        let _ = nav.review(DATE);
        nav.analysing(7);
        let effects = nav.play_on(10, true);
        assert!(effects.contains(&Effect::Redraw), "{effects:?}");
        assert!(
            effects.contains(&Effect::Autosave),
            "a game in progress is autosaved"
        );
        let app = game_on_screen(&nav);
        assert_eq!(app.game().len(), 10);
        assert_eq!(app.area(), Rect::new(0, 0, 100, 30));
        assert!(nav.analysed().is_none());
        assert_eq!(nav.quit(), None, "no review to go back to");
        assert_eq!(nav.play_on(5, true), Vec::new(), "only from the viewer");
    }

    /// A finished game of `seats`, its review open.
    fn reviewing(seats: [crate::ai::Seat; 2]) -> Navigator<u32> {
        let game = finished().game().clone();
        let config = GameConfig {
            seats,
            ..GameConfig::default()
        };
        let mut nav: Navigator<u32> = Navigator::new(Screen::Game(App::with_game(config, game)));
        let _ = nav.review(DATE);
        nav
    }

    /// QA (studyfit): playing on from the review of a game of two AIs gave it back to
    /// the two AIs, which played it out at once as it went. The person who asked takes
    /// the side to move, and is told; a seating with a person stays as it was, and so
    /// do the seats `replay --blue/--yellow` chose.
    #[test]
    fn play_on_from_a_game_of_two_ais_gives_the_person_the_side_to_move() {
        use crate::ai::Seat;
        for (at, to_move) in [(2, Player::Blue), (3, Player::Yellow)] {
            let config = GameConfig {
                seats: [Seat::Easy, Seat::Medium],
                ..GameConfig::default()
            };
            let mut nav = reviewing(config.seats);
            let _ = nav.play_on(at, false);
            let app = game_on_screen(&nav);
            assert_eq!(app.config().seat(to_move), Seat::Human);
            assert_eq!(
                app.config().seat(to_move.other()),
                config.seat(to_move.other())
            );
            let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
            let other = if to_move == Player::Blue {
                "medium"
            } else {
                "easy"
            };
            assert_eq!(
                said,
                format!("You play {to_move} from here, against the {other} AI")
            );
        }
        // A person already sat: the seats stay, nothing is said of them.
        let mut nav = reviewing([Seat::Human, Seat::Hard]);
        let _ = nav.play_on(2, false);
        let app = game_on_screen(&nav);
        assert_eq!(app.config().seats, [Seat::Human, Seat::Hard]);
        assert!(
            app.message()
                .is_none_or(|m| !m.text.starts_with("You play")),
            "{:?}",
            app.message()
        );
        // Seats chosen for playing on (`replay --blue easy --yellow medium`) stay.
        let text = "1. b2 c3 2. a1 *\n";
        let loaded = crate::session::parse_record(text).unwrap();
        let state = ReplayState::new("ais.hij", &loaded.record, loaded.game.clone());
        let config = GameConfig {
            seats: [Seat::Easy, Seat::Medium],
            ..GameConfig::default()
        };
        let mut nav: Navigator<u32> = Navigator::new(Screen::Replay(state, config));
        let _ = nav.play_on(2, false);
        assert_eq!(
            game_on_screen(&nav).config().seats,
            [Seat::Easy, Seat::Medium]
        );
    }

    /// Played on from a record with names: the people keep theirs, on the ladders (as
    /// every shown name is: escaped, capped), and a review of the game names them too;
    /// a seat the set-up gives an AI is that AI.
    #[test]
    fn play_on_keeps_the_record_s_names_for_the_people() {
        use crate::ai::Seat;
        use crate::rules::Player;
        let long = "x".repeat(80);
        let text = format!(
            "[Blue \"Ann\u{1b}\"]\n[Yellow \"{long}\"]\n[YellowType \"human\"]\n1. b2 c3 *\n"
        );
        let loaded = crate::session::parse_record(&text).unwrap();
        let state = ReplayState::new("named.hij", &loaded.record, loaded.game.clone());
        for (seats, yellow) in [
            ([Seat::Human; 2], None),
            ([Seat::Human, Seat::Hard], Some("hard AI")),
        ] {
            let config = GameConfig {
                seats,
                ..GameConfig::default()
            };
            let mut nav: Navigator<u32> = Navigator::new(Screen::Replay(state.clone(), config));
            let _ = nav.play_on(2, false);
            let app = game_on_screen(&nav);
            assert!(!app.is_served(), "a local game");
            assert_eq!(app.people().of(Player::Blue), Some("Ann\u{1b}"));
            let labels = app.seat_labels().unwrap();
            assert_eq!(labels[0], "Ann\\u{1b}", "escaped as every shown name is");
            match yellow {
                Some(ai) => assert_eq!(labels[1], ai),
                None => {
                    assert_eq!(labels[1], crate::text::safe_text(&long));
                    assert!(crate::text::width(&labels[1]) < 80, "capped: {}", labels[1]);
                }
            }
        }
        // The game's review is of a record with the names.
        let mut nav: Navigator<u32> = Navigator::new(Screen::Replay(state, GameConfig::default()));
        let _ = nav.play_on(2, false);
        if let Screen::Game(app) = nav.screen_mut() {
            while let Some(mv) = app.game().position().legal_moves().next() {
                let _ = app.handle(Input::Click(Some(mv)));
            }
            assert!(app.is_over());
        }
        let _ = nav.review(DATE);
        // Written made safe: the escape shown, never the raw character.
        assert_eq!(viewer_on_screen(&nav).tag("Blue"), Some("Ann\\u{1b}"));
        assert_eq!(viewer_on_screen(&nav).tag("BlueType"), Some("human"));
    }

    /// QA (learn4): a game played on from a replay kept only the seats' names of its
    /// record: `Event`, `Site` and every other tag of its own were dropped from its
    /// saves and its review. They are kept, made safe.
    #[test]
    fn play_on_keeps_the_record_s_other_tags() {
        let text = "[Event \"Club\u{7}night\"]\n[Site \"Oslo\"]\n[Round \"3\"]\n\
                    [Blue \"Ann\"]\n[Yellow \"hard\"]\n1. b2 c3 *\n";
        let loaded = crate::session::parse_record(text).unwrap();
        let state = ReplayState::new("club.hij", &loaded.record, loaded.game.clone());
        let mut nav: Navigator<u32> = Navigator::new(Screen::Replay(state, GameConfig::default()));
        let _ = nav.play_on(2, false);
        let others: Vec<_> = game_on_screen(&nav).people().others().collect();
        assert_eq!(
            others,
            [
                ("Event", "Club\u{7}night"),
                ("Site", "Oslo"),
                ("Round", "3")
            ]
        );
        if let Screen::Game(app) = nav.screen_mut() {
            while let Some(mv) = app.game().position().legal_moves().next() {
                let _ = app.handle(Input::Click(Some(mv)));
            }
        }
        let _ = nav.review(DATE);
        let viewer = viewer_on_screen(&nav);
        assert_eq!(viewer.tag("Event"), Some("Club\\u{7}night"));
        assert_eq!(viewer.tag("Site"), Some("Oslo"));
        assert_eq!(viewer.tag("Round"), Some("3"));
    }
}
