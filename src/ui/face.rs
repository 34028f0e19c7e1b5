//! What the one event loop shows a state on and takes its input through: a [`Face`].
//! The full-screen face is any ratatui `Terminal` (drawn whole at each change, input
//! events turned into inputs by the screen's layout); the line mode
//! ([`super::line::LineFace`]) is the other, over the same states and the same loop.

use std::io;

use anyhow::Context;
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::crossterm::event::Event;
use ratatui::layout::Size;

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

    /// An event of the input source as inputs for `screen`.
    fn event(&mut self, screen: &Screen, event: &Event) -> Vec<Input>;

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
            match screen {
                Screen::Game(app) => frame.render_widget(&AppView { app, look }, frame.area()),
                Screen::Replay(state, _) => {
                    frame.render_widget(&ReplayView { state, look }, frame.area())
                }
                Screen::Puzzle(state) => {
                    frame.render_widget(&PuzzleView { state, look }, frame.area())
                }
                Screen::Lesson(state) => {
                    frame.render_widget(&LessonView { state, look }, frame.area())
                }
                Screen::Start(state) => {
                    frame.render_widget(&StartView { state, look }, frame.area())
                }
                Screen::Lobby(lobby) => lobby.render(frame.area(), frame.buffer_mut()),
            }
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

    fn event(&mut self, screen: &Screen, event: &Event) -> Vec<Input> {
        screen.input_of(event).into_iter().collect()
    }
}
