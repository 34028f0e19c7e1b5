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
pub mod replay;
pub mod replay_screen;
pub mod screen;
pub mod status;
pub mod storage;
pub mod terminal;
pub mod theme;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

use crate::rules::Game;

pub use app::{App, GameConfig};
pub use replay::{ReplayExit, ReplayState};
pub use storage::Storage;
pub use theme::Theme;

/// Runs `app` (a new game, or one loaded with [`App::with_game`]) full-screen until the
/// players quit, and returns it as it ended. `storage` autosaves after every change to
/// the game (move, undo, redo, new game) and writes records when `s` is pressed.
pub fn play_app(mut app: App, storage: &mut Storage) -> anyhow::Result<App> {
    let theme = Theme::from_env();
    let mut tui = terminal::init()?;
    let result = event_loop::run(&mut tui.terminal, &mut app, theme, storage);
    // Restore the screen before the caller prints any error.
    drop(tui);
    result.map(|()| app)
}

/// Runs the replay viewer full-screen. When the player asks to play on from a move,
/// `play_on` turns the game up to that move into an app, which then runs in the same
/// full-screen session with `storage`, and is returned as it ended.
pub fn replay(
    mut state: ReplayState,
    play_on: impl FnOnce(Game) -> App,
    storage: &mut Storage,
) -> anyhow::Result<Option<App>> {
    let theme = Theme::from_env();
    let mut tui = terminal::init()?;
    let result = match replay_screen::run(&mut tui.terminal, &mut state, theme) {
        Ok(ReplayExit::Quit) => Ok(None),
        Ok(ReplayExit::Continue(n)) => {
            let mut app = play_on(state.game_at(n));
            event_loop::run(&mut tui.terminal, &mut app, theme, storage).map(|()| Some(app))
        }
        Err(error) => Err(error),
    };
    // Restore the screen before the caller prints anything.
    drop(tui);
    result
}

/// A `width`×`height` rectangle centred in `area`, clipped to it: where overlays go.
pub(crate) fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let (width, height) = (width.min(area.width), height.min(area.height));
    Rect::new(
        area.x + (area.width - width) / 2,
        area.y + (area.height - height) / 2,
        width,
        height,
    )
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
