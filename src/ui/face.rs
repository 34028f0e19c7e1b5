//! What the one event loop shows a state on and takes its input through: a [`Face`].
//! The full-screen face is any ratatui `Terminal` (drawn whole at each change, input
//! events turned into inputs by the screen's layout); the line mode
//! ([`super::line::LineFace`]) is the other, over the same states and the same loop.

use std::io;

use anyhow::Context;
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyEvent};
use ratatui::layout::{Rect, Size};
use ratatui::widgets::Widget;

use super::alert::TerminalEnv;
use super::effect::Input;
use super::lesson_screen::LessonView;
use super::look::Look;
use super::navigation::Screen;
use super::puzzle_screen::PuzzleView;
use super::replay_screen::ReplayView;
use super::screen::AppView;
use super::start_screen::StartView;
use super::table_link::Bell;

/// A face of the screens: where the loop shows the state on screen and what turns
/// the input source's events into inputs.
pub(crate) trait Face {
    /// The size the states are laid out for.
    fn size(&mut self) -> anyhow::Result<Size>;

    /// Shows `screen` after something changed: drawn whole, or said in lines.
    fn show(&mut self, screen: &Screen, look: Look) -> anyhow::Result<()>;

    /// Tells the player it is their move with `bytes` ([`super::alert::Alerts::bytes`]:
    /// the bell, a notification's escape sequence): the line mode rings the bell alone.
    fn alert(&mut self, bytes: &[u8]) -> io::Result<()>;

    /// What is known of the terminal, for the notifications' protocol.
    fn terminal_env(&self) -> TerminalEnv {
        TerminalEnv::default()
    }

    /// How the player gives commands here, for the words of a farewell.
    fn answering(&self) -> crate::strings::question::Answering {
        crate::strings::question::Answering::Keys
    }

    /// An event of the input source as inputs for `screen`.
    fn event(&mut self, screen: &Screen, event: &Event) -> Vec<Input>;

    /// A click or the wheel already placed in a frame of size `frame`, the one the
    /// player saw when it came ([`super::inbox::Wake::Placed`]), as inputs for
    /// `screen`: only a face that draws frames takes it.
    fn placed(&mut self, _screen: &Screen, _event: &Event, _frame: Size) -> Vec<Input> {
        Vec::new()
    }

    /// A line read from a line source (a pipe); `None` at its end. Only the line mode
    /// reads lines.
    fn line(&mut self, _line: Option<String>) {}

    /// Inputs ready without a wake: the next line typed ahead, once `screen` is ready
    /// for it (the line mode). Called before the loop waits.
    fn ready(&mut self, _screen: &Screen) -> Vec<Input> {
        Vec::new()
    }
}

impl<B> Face for Terminal<B>
where
    B: Backend + Bell,
    B::Error: Send + Sync + 'static,
{
    fn size(&mut self) -> anyhow::Result<Size> {
        Terminal::size(self).context("cannot read the terminal size")
    }

    fn show(&mut self, screen: &Screen, look: Look) -> anyhow::Result<()> {
        if self.backend_mut().placed_anew() {
            self.clear().context("cannot clear the screen")?;
        }
        self.draw(|frame| {
            let area = frame.area();
            draw(screen, look, area, frame.buffer_mut());
            // The ASCII board, when asked for: the same frame, its characters swapped.
            look.finish(frame.buffer_mut());
            // The terminal's cursor on the selected square, for magnifiers and braille.
            if let Screen::Game(app) = screen
                && let Some(cell) = super::screen::cursor_cell(app, frame.area())
            {
                frame.set_cursor_position(cell);
            }
        })
        .context("cannot draw the screen")?;
        Ok(())
    }

    fn alert(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.backend_mut().alert(bytes)
    }

    fn terminal_env(&self) -> TerminalEnv {
        self.backend().terminal_env()
    }

    /// A click is placed by the last frame drawn, which the player sees, not by the
    /// size the state last heard of: the two differ between a resize and its frame.
    fn event(&mut self, screen: &Screen, event: &Event) -> Vec<Input> {
        if is_suspend(event) && self.backend_mut().suspend() {
            // Back from the shell: drawn whole, at the size the window has now.
            let _ = self.clear();
            return match Terminal::size(self) {
                Ok(size) => vec![Input::Resize(size.width, size.height)],
                Err(_) => Vec::new(),
            };
        }
        let drawn = self.get_frame().area();
        inputs_of(screen, event, drawn)
    }

    fn placed(&mut self, screen: &Screen, event: &Event, frame: Size) -> Vec<Input> {
        let drawn = Rect::new(0, 0, frame.width, frame.height);
        inputs_of(screen, event, drawn)
    }
}

/// Draws `screen` in `area` of `buf`: the frame [`Face::show`] draws, and the one a
/// click on the status line is placed in ([`status_help_at`]).
fn draw(screen: &Screen, look: Look, area: Rect, buf: &mut Buffer) {
    match screen {
        Screen::Game(app) => (&AppView { app, look }).render(area, buf),
        Screen::Replay(state, _) => (&ReplayView { state, look }).render(area, buf),
        Screen::Puzzle(state) => (&PuzzleView { state, look }).render(area, buf),
        Screen::Lesson(state) => (&LessonView { state, look }).render(area, buf),
        Screen::Start(state) => (&StartView { state, look }).render(area, buf),
        Screen::Lobby(lobby) => lobby.render(area, buf),
    }
}

/// `event` as inputs for `screen` drawn in a frame of `drawn`: a click on the `? help`
/// its status line shows is the help's key, as one on a border's label is
/// ([`Screen::input_of`]); before, it was a click off the board, and did nothing.
fn inputs_of(screen: &Screen, event: &Event, drawn: Rect) -> Vec<Input> {
    if let Some((column, row)) = super::effect::left_click(event)
        && let Some(key) = status_help_at(screen, drawn, column, row)
    {
        return vec![Input::Key(key)];
    }
    if let Some((column, row)) = super::effect::left_click(event)
        && let Some(key) = claim_click_at(screen, drawn, column, row)
    {
        return vec![Input::Key(key)];
    }
    screen.input_of(event, drawn).into_iter().collect()
}

/// The key of the claim's words ([`super::App::claim_clicks`]) at `column`, `row` of
/// a game drawn in a frame of `drawn`: found in the drawing, as the `? help` is, so a
/// click types what the player saw (s36: a player with only the mouse could not
/// claim). A cell of the digits' pad is its digit, or Backspace on its `⌫`.
fn claim_click_at(screen: &Screen, drawn: Rect, column: u16, row: u16) -> Option<KeyEvent> {
    let Screen::Game(app) = screen else {
        return None;
    };
    let labels = app.claim_clicks();
    if labels.is_empty() {
        return None;
    }
    let at = ratatui::layout::Position::new(column, row);
    let mut buf = Buffer::empty(drawn);
    draw(screen, Look::PLAIN, drawn, &mut buf);
    let contexts = app.key_contexts();
    labels.iter().find_map(|(label, action)| {
        let found = labels_in(&buf, drawn, label)
            .into_iter()
            .find(|r| r.contains(at))?;
        let action = if label == crate::strings::claim::PAD {
            super::App::pad_action(usize::from(column - found.x))?
        } else {
            *action
        };
        super::keymap::key_for(action, &contexts)
    })
}

/// The help's key, when the cell at `column`, `row` of `screen` drawn in a frame of
/// `drawn` is one of the status line's `? help` (or the lobby's `? all keys`). The
/// screen is drawn again, off screen, and the label looked for in its status lines:
/// what the player saw, with no second account of where each status line puts it
/// (at the right of the first line, of the second, or among the keys). The look's
/// colours change no cell's text, so the plain look draws the same text.
fn status_help_at(screen: &Screen, drawn: Rect, column: u16, row: u16) -> Option<KeyEvent> {
    let (status, key) = screen.status_help(drawn)?;
    let at = ratatui::layout::Position::new(column, row);
    if !status.contains(at) {
        return None;
    }
    let mut buf = Buffer::empty(drawn);
    draw(screen, Look::PLAIN, drawn, &mut buf);
    // The status lines' `? help`, and the wordings the key table's hint lines give it
    // (the lobby's `? all keys`).
    let mut labels = super::keymap::help_labels();
    labels.push(crate::strings::screen::HELP_KEY);
    labels
        .into_iter()
        .flat_map(|text| labels_in(&buf, status, text))
        .any(|label| label.contains(at))
        .then_some(key)
}

/// Where `label` is written in `area` of `buf`, each a one-row rectangle: matched cell
/// by cell, a character's cell then as many more as its display width takes (a wide
/// character before the label moves it two columns, not one).
fn labels_in(buf: &Buffer, area: Rect, label: &str) -> Vec<Rect> {
    let area = area.intersection(buf.area);
    let wide = crate::text::width(label);
    let Ok(wide) = u16::try_from(wide) else {
        return Vec::new();
    };
    let at = |x: u16, y: u16| {
        let mut column = x;
        for c in label.chars() {
            if column >= area.right() || buf[(column, y)].symbol() != c.to_string() {
                return false;
            }
            let step = crate::text::width(c.encode_utf8(&mut [0; 4])).max(1);
            column = column.saturating_add(u16::try_from(step).unwrap_or(u16::MAX));
        }
        true
    };
    (area.y..area.bottom())
        .flat_map(|y| (area.x..area.right()).map(move |x| (x, y)))
        .filter(|&(x, y)| at(x, y))
        .map(|(x, y)| Rect::new(x, y, wide, 1))
        .collect()
}

/// The key table's `Ctrl-z` ([`super::keymap::suspends`]), pressed (not its release
/// where the terminal reports those).
pub(crate) fn is_suspend(event: &Event) -> bool {
    use ratatui::crossterm::event::KeyEventKind;
    matches!(event, Event::Key(key) if super::keymap::suspends(*key)
        && key.kind != KeyEventKind::Release)
}

#[cfg(test)]
mod tests {
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    use ratatui::layout::Rect;

    use super::*;
    use crate::rules::Square;
    use crate::session::GameConfig;
    use crate::ui::App;
    use crate::ui::layout::ScreenLayout;

    fn click(column: u16, row: u16) -> Event {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    }

    /// The cell in the middle of `square` as drawn in a frame of `width` by `height`.
    fn cell_of(square: Square, width: u16, height: u16) -> (u16, u16) {
        let geometry = ScreenLayout::new(Rect::new(0, 0, width, height))
            .and_then(|layout| layout.board_geometry())
            .unwrap();
        let rect = geometry.square_rect(square);
        (rect.x + rect.width / 2, rect.y + rect.height / 2)
    }

    fn game_sized(width: u16, height: u16) -> Screen {
        let mut app = App::new(GameConfig::default());
        let _ = app.handle(Input::Resize(width, height));
        Screen::Game(app)
    }

    /// s36: a player with only the mouse could not claim (the claim was `+`, digits
    /// and Enter on the keyboard). A click on `+ points Enter` opens it, a click on the
    /// pad's digits types them, on `⌫` rubs one out, on `Enter` claims; at 80x24 and
    /// at 44x16, where the pad's words are fewer.
    #[test]
    fn a_claim_is_made_with_the_mouse_alone() {
        use crate::rules::{ClaimState, Game, Player};
        for (width, height, enter) in [(80, 24, "Enter: claim"), (44, 16, "Enter")] {
            let mut game = Game::with_claims();
            for square in ["a1", "b2", "a1", "b2", "a1", "b2"] {
                game.play(square.parse::<Square>().unwrap()).unwrap();
            }
            let config = GameConfig {
                claims: true,
                ..GameConfig::default()
            };
            let mut app = App::with_game(config, game);
            let _ = app.handle(Input::Resize(width, height));
            // Blue's a1, placed with the mouse too: its message asks for the claim.
            let _ = app.handle(Input::Click(Some(Square::A1)));
            assert_eq!(app.game().len(), 7);
            let mut screen = Screen::Game(app);
            let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
            let drawn = Rect::new(0, 0, width, height);
            // Clicks `label` (its `nth` cell) as drawn now, and hands on what it gives.
            let mut click_on = |screen: &mut Screen, label: &str, nth: u16| {
                terminal.show(screen, Look::PLAIN).unwrap();
                let mut buf = Buffer::empty(drawn);
                draw(screen, Look::PLAIN, drawn, &mut buf);
                let found = labels_in(&buf, drawn, label);
                let at = found.last().unwrap_or_else(|| panic!("{label} at {width}"));
                let inputs = terminal.event(screen, &click(at.x + nth, at.y));
                assert!(
                    matches!(inputs.as_slice(), [Input::Key(_)]),
                    "{label} at {width}: {inputs:?}"
                );
                for input in inputs {
                    let _ = screen.handle(input);
                }
            };
            let pad = crate::strings::claim::PAD;
            click_on(&mut screen, "+ points Enter", 0);
            click_on(&mut screen, pad, 4); // 2
            click_on(&mut screen, pad, 14); // 7
            click_on(&mut screen, pad, 20); // ⌫
            click_on(&mut screen, pad, 0); // 0
            let Screen::Game(app) = &screen else {
                unreachable!()
            };
            assert_eq!(app.claim_entry(), Some("20"), "{width}");
            click_on(&mut screen, enter, 0);
            let Screen::Game(app) = &screen else {
                unreachable!()
            };
            assert_eq!(app.game().score(Player::Blue), 20, "{width}");
            assert!(matches!(
                app.game().claim_state(6),
                Some(ClaimState::Claimed { points: 20, .. })
            ));
        }
    }

    /// A click is placed by the frame drawn, not by the size the state last heard of:
    /// between a resize and its frame the two differ, and the click took the square
    /// under it in the frame not yet drawn (here c3, drawn at 80x24, was taken as
    /// another square of the 100x36 layout).
    #[test]
    fn a_click_takes_the_square_drawn_under_it() {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let mut screen = game_sized(80, 24);
        terminal.show(&screen, Look::PLAIN).unwrap();
        let (column, row) = cell_of(Square::C3, 80, 24);
        // The state heard of a larger window before its frame was drawn.
        let _ = screen.handle(Input::Resize(100, 36));
        assert_ne!(
            ScreenLayout::square_at(screen.area(), column, row),
            Some(Square::C3),
            "the sizes must place c3 apart for this test to tell"
        );
        assert_eq!(
            terminal.event(&screen, &click(column, row)),
            vec![Input::Click(Some(Square::C3))]
        );
        // Drawn at the new size, the click is placed by it.
        terminal.backend_mut().resize(100, 36);
        terminal.show(&screen, Look::PLAIN).unwrap();
        let (column, row) = cell_of(Square::C3, 100, 36);
        assert_eq!(
            terminal.event(&screen, &click(column, row)),
            vec![Input::Click(Some(Square::C3))]
        );
        // The other way: a frame drawn at a size the state has not heard of yet.
        terminal.backend_mut().resize(80, 24);
        terminal.show(&screen, Look::PLAIN).unwrap();
        let (column, row) = cell_of(Square::C3, 80, 24);
        assert_eq!(
            terminal.event(&screen, &click(column, row)),
            vec![Input::Click(Some(Square::C3))]
        );
    }

    /// A served click comes placed in the frame the player saw when they clicked
    /// ([`Face::placed`]): that frame's size places it, whatever was drawn since.
    #[test]
    fn a_placed_click_takes_the_square_of_the_frame_it_names() {
        let mut terminal = Terminal::new(TestBackend::new(100, 36)).unwrap();
        let screen = game_sized(100, 36);
        terminal.show(&screen, Look::PLAIN).unwrap();
        let (column, row) = cell_of(Square::C3, 80, 24);
        assert_eq!(
            terminal.placed(&screen, &click(column, row), Size::new(80, 24)),
            vec![Input::Click(Some(Square::C3))]
        );
    }

    /// s21: the `? help` a status line shows (the game's, the replay viewer's, a
    /// puzzle's title row and a lesson's key row with no panel) opened nothing on a
    /// click, where a border's label did. Now a click on any of its cells is the
    /// help's key, and opens the help; the status lines' other cells are not. The
    /// labels are found here in the frame drawn, as the player sees them.
    #[test]
    fn a_click_on_the_status_line_s_help_opens_the_help() {
        use crate::learn::{LearnProgress, lessons};
        use crate::puzzle::{Progress, PuzzleSet};
        use crate::ui::lesson::LessonState;
        use crate::ui::puzzle::PuzzleState;
        use crate::ui::replay::{ReplayOverlay, ReplayState};
        use ratatui::crossterm::event::KeyCode;

        let screens = || {
            let loaded = crate::session::parse_record("1. b2 c3 2. a1 *\n").unwrap();
            let replay = ReplayState::new("game.hij", &loaded.record, loaded.game.clone());
            let lesson = LessonState::resume(lessons().unwrap(), LearnProgress::default(), None);
            let set = PuzzleSet::shipped().unwrap();
            let puzzle = PuzzleState::open(set, Progress::default(), None, None).unwrap();
            vec![
                ("game", Screen::Game(App::new(GameConfig::default()))),
                ("replay", Screen::Replay(replay, GameConfig::default())),
                ("lesson", Screen::Lesson(Box::new(lesson))),
                ("puzzle", Screen::Puzzle(Box::new(puzzle))),
            ]
        };
        let help_open = |screen: &Screen| match screen {
            Screen::Game(app) => app.overlay() == crate::ui::question::Overlay::Help,
            Screen::Replay(state, _) => state.overlay() == ReplayOverlay::Help,
            Screen::Lesson(state) => state.help_shown(),
            Screen::Puzzle(state) => state.help_shown(),
            _ => false,
        };
        let mut seen = 0;
        for (w, h) in [(80, 24), (44, 16)] {
            for (name, mut screen) in screens() {
                let _ = screen.handle(Input::Resize(w, h));
                let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
                terminal.show(&screen, Look::PLAIN).unwrap();
                let buf = terminal.backend().buffer().clone();
                let Some((status, _)) = screen.status_help(buf.area) else {
                    panic!("{name} {w}x{h}: no status line");
                };
                // Every `? help` on the status rows, by column (these rows are ASCII
                // and line symbols: one column a character).
                let mut labels = Vec::new();
                for y in status.y..status.bottom() {
                    let row: String = (status.x..status.right())
                        .map(|x| buf[(x, y)].symbol())
                        .collect();
                    for (at, _) in row.match_indices("? help") {
                        let x = status.x + row[..at].chars().count() as u16;
                        labels.push(Rect::new(x, y, 6, 1));
                    }
                }
                // Where a panel shows it in its border instead (a lesson's text, a
                // puzzle's panel at 80x24), the status lines need not.
                let panel = matches!(screen, Screen::Lesson(_) | Screen::Puzzle(_)) && w == 80;
                assert!(panel || !labels.is_empty(), "{name} {w}x{h}: no ? help");
                for y in status.y..status.bottom() {
                    for x in status.x..status.right() {
                        let on = labels.iter().any(|l| l.contains((x, y).into()));
                        let inputs = terminal.event(&screen, &click(x, y));
                        let help = matches!(inputs.as_slice(),
                            [Input::Key(k)] if k.code == KeyCode::Char('?'));
                        assert_eq!(help, on, "{name} {w}x{h} at ({x}, {y}): {inputs:?}");
                    }
                }
                for label in &labels {
                    let mut clicked = sized_like(&screen, w, h, screens());
                    let inputs = terminal.placed(
                        &clicked,
                        &click(label.right() - 1, label.y),
                        Size::new(w, h),
                    );
                    for input in inputs {
                        let _ = clicked.handle(input);
                    }
                    assert!(help_open(&clicked), "{name} {w}x{h}: no help opened");
                    seen += 1;
                }
            }
        }
        // Game 2 (80x24, 44x16), replay 3 (both lines at 80x24), lesson and puzzle 1.
        assert_eq!(seen, 7);
    }

    /// A fresh copy of the screen `like` (by its kind), sized `w`×`h`.
    fn sized_like(like: &Screen, w: u16, h: u16, fresh: Vec<(&str, Screen)>) -> Screen {
        let kind = std::mem::discriminant(like);
        let mut screen = fresh
            .into_iter()
            .map(|(_, s)| s)
            .find(|s| std::mem::discriminant(s) == kind)
            .unwrap();
        let _ = screen.handle(Input::Resize(w, h));
        screen
    }

    /// The label is found by the columns its text takes: after two wide characters
    /// it starts 5 columns in, where the third character would be.
    #[test]
    fn a_label_after_wide_characters_is_found_by_its_columns() {
        let area = Rect::new(0, 0, 20, 1);
        let mut buf = Buffer::empty(area);
        buf.set_string(0, 0, "漢字 ? help", ratatui::style::Style::new());
        assert_eq!(labels_in(&buf, area, "? help"), vec![Rect::new(5, 0, 6, 1)]);
        assert!(labels_in(&buf, Rect::new(0, 0, 10, 1), "? help").is_empty());
    }

    /// A terminal that stops as a shell's job on `Ctrl-z` (the local one): the test's
    /// stands in for it, counting the stops.
    struct Stoppable(TestBackend, usize);

    impl ratatui::backend::Backend for Stoppable {
        type Error = <TestBackend as ratatui::backend::Backend>::Error;
        fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
        where
            I: Iterator<Item = (u16, u16, &'a ratatui::buffer::Cell)>,
        {
            self.0.draw(content)
        }
        fn hide_cursor(&mut self) -> Result<(), Self::Error> {
            self.0.hide_cursor()
        }
        fn show_cursor(&mut self) -> Result<(), Self::Error> {
            self.0.show_cursor()
        }
        fn get_cursor_position(&mut self) -> Result<ratatui::layout::Position, Self::Error> {
            self.0.get_cursor_position()
        }
        fn set_cursor_position<P: Into<ratatui::layout::Position>>(
            &mut self,
            position: P,
        ) -> Result<(), Self::Error> {
            self.0.set_cursor_position(position)
        }
        fn clear(&mut self) -> Result<(), Self::Error> {
            self.0.clear()
        }
        fn clear_region(
            &mut self,
            clear_type: ratatui::backend::ClearType,
        ) -> Result<(), Self::Error> {
            self.0.clear_region(clear_type)
        }
        fn size(&self) -> Result<Size, Self::Error> {
            self.0.size()
        }
        fn window_size(&mut self) -> Result<ratatui::backend::WindowSize, Self::Error> {
            self.0.window_size()
        }
        fn flush(&mut self) -> Result<(), Self::Error> {
            self.0.flush()
        }
    }

    impl Bell for Stoppable {
        fn ring(&mut self) -> io::Result<()> {
            Ok(())
        }
        fn suspend(&mut self) -> bool {
            self.1 += 1;
            true
        }
    }

    /// QA (s17 playqa): `Ctrl-z` in a game said `Unknown key: press ? for help`: raw
    /// mode keeps it from the terminal, and nothing stopped the program as a shell's
    /// job. Now the local terminal stops (the backend's `suspend`), and once continued
    /// the screen is drawn whole at the window's size. Failed before: the key went to
    /// the game and nothing stopped.
    #[test]
    fn ctrl_z_stops_the_program_and_draws_it_whole_after() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent};
        let ctrl_z = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
        let screen = Screen::Game(App::new(GameConfig::default()));
        let mut terminal = Terminal::new(Stoppable(TestBackend::new(80, 24), 0)).unwrap();
        let inputs = terminal.event(&screen, &ctrl_z);
        assert_eq!(terminal.backend().1, 1, "stopped once");
        assert_eq!(inputs, vec![Input::Resize(80, 24)]);
        // A plain z is a key as before; so is Ctrl-z where the terminal cannot stop
        // (a served one): the game says it does not take it.
        let z = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::NONE));
        let _ = terminal.event(&screen, &z);
        assert_eq!(terminal.backend().1, 1);
        let mut served = Terminal::new(TestBackend::new(80, 24)).unwrap();
        let inputs = served.event(&screen, &ctrl_z);
        assert!(matches!(inputs.as_slice(), [Input::Key(_)]), "{inputs:?}");
    }
}
