//! The full-screen terminal game.
//!
//! - [`app`]: the pure app state (events in, changes out) and the AI request protocol.
//! - [`keymap`]: every key binding.
//! - [`board`], [`ladder`], [`status`], [`history`], [`help`]: widgets that take plain
//!   data (a position, highlights), so the replay viewer can reuse them.
//! - [`screen`]: the layout and the whole app drawn.
//! - [`theme`]: colours, or none with `NO_COLOR`.
//! - [`terminal`], [`event_loop`], [`ai_worker`]: the impure parts.

pub mod ai_worker;
pub mod app;
pub mod board;
pub mod event_loop;
pub mod help;
pub mod history;
pub mod keymap;
pub mod ladder;
pub mod screen;
pub mod status;
pub mod terminal;
pub mod theme;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

pub use app::{App, GameConfig};
pub use theme::Theme;

/// Plays a new game in the terminal until the players quit. The terminal is restored
/// before this returns, whether with a result or an error.
pub fn play(config: GameConfig) -> anyhow::Result<()> {
    play_app(App::new(config), |_| {}).map(|_| ())
}

/// Runs `app` (a new game, or one loaded with [`App::with_game`]) full-screen until the
/// players quit, and returns it as it ended. `on_change` runs after every change to the
/// game (move, undo, redo, new game): the place for an autosave.
pub fn play_app(mut app: App, on_change: impl FnMut(&App)) -> anyhow::Result<App> {
    let theme = Theme::from_env();
    let mut tui = terminal::init()?;
    let result = event_loop::run(&mut tui.terminal, &mut app, theme, on_change);
    // Restore the screen before the caller prints any error.
    drop(tui);
    result.map(|()| app)
}

/// Writes `text` at (`x`, `y`), clipped to `clip` (which must lie inside the buffer).
/// Widgets draw through this so that no size, down to 1×1, can index out of bounds.
pub(crate) fn put(buf: &mut Buffer, clip: Rect, x: u16, y: u16, text: &str, style: Style) {
    let clip = clip.intersection(buf.area);
    if x < clip.x || x >= clip.right() || y < clip.y || y >= clip.bottom() {
        return;
    }
    buf.set_stringn(x, y, text, usize::from(clip.right() - x), style);
}
