//! The sizes a screen state needs: the smallest terminal each draws in, and where
//! the ladders, the board, the move list and the status lines go in a game's area
//! ([`ScreenLayout`]), which also places a click on a square. The states size
//! themselves with it; the screens draw into it.

use ratatui::layout::{Constraint, Layout, Rect};

use crate::rules::Square;

use super::board::BoardGeometry;

/// The smallest terminal the game draws in; below it, a "please enlarge" message.
pub const MIN_WIDTH: u16 = 44;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = 16;

/// The ladder width at which its words (`▶ to move`, `29 left`) are whole.
pub const WHOLE_LADDER: u16 = 11;

/// Lines at the bottom for the status.
const STATUS_HEIGHT: u16 = 2;
/// The narrowest move list worth showing.
const MIN_HISTORY: u16 = 14;
/// The widest move list.
const MAX_HISTORY: u16 = 24;

/// The part of a game's (or the replay viewer's) screen `area` above its status lines:
/// where the help is drawn.
pub(crate) fn above_status(area: Rect) -> Rect {
    Rect {
        height: area.height.saturating_sub(STATUS_HEIGHT),
        ..area
    }
}

/// Where `label`, the one title of its alignment on row `y` of a bordered `block`,
/// is drawn, as ratatui's `Block` places it: inside the corners, at the right (cut to
/// the room there) or centred (where it fits whole; empty otherwise). A click on a
/// label a border carries (`? help`) is placed by it, as the frame drew it.
pub(crate) fn border_label(block: Rect, y: u16, label: &str, centred: bool) -> Rect {
    let room = Rect::new(
        block.x.saturating_add(1),
        y,
        block.width.saturating_sub(2),
        1,
    );
    let width = u16::try_from(crate::text::width(label)).unwrap_or(u16::MAX);
    if block.width <= 2 || block.height < 2 {
        return Rect::default();
    }
    if centred {
        return match room.width.checked_sub(width) {
            Some(spare) => Rect::new(room.x + spare / 2, y, width, 1),
            None => Rect::default(),
        };
    }
    let x = room.right().saturating_sub(width).max(room.x);
    Rect::new(x, y, width.min(room.width), 1)
}

/// The first line shown when `lines`, word-wrapped (trimmed) inside the border of
/// `area`, are scrolled to their end: 0 when they fit.
pub(crate) fn wrapped_last_top(lines: &[ratatui::text::Line<'static>], area: Rect) -> u16 {
    use ratatui::widgets::{Paragraph, Wrap};
    let inner = area.inner(ratatui::layout::Margin::new(1, 1));
    let count = Paragraph::new(lines.to_vec())
        .wrap(Wrap { trim: true })
        .line_count(inner.width);
    u16::try_from(count)
        .unwrap_or(u16::MAX)
        .saturating_sub(inner.height)
}

/// The first line shown after `scroll` moves a text of box `area` on from `top`,
/// `last` its end (a page: its height less one line, kept in view to read on from).
pub(crate) fn text_scrolled(top: u16, last: u16, area: Rect, scroll: super::keymap::Scroll) -> u16 {
    scroll.moved(top, last, area.height.saturating_sub(3).max(1))
}

/// Where each panel goes on a screen of a given size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreenLayout {
    /// Blue's ladder, left.
    pub blue: Rect,
    /// The board, centre.
    pub board: Rect,
    /// Yellow's ladder, right of the board.
    pub yellow: Rect,
    /// The move list, far right, when there is room.
    pub history: Option<Rect>,
    /// The status lines, bottom.
    pub status: Rect,
}

impl ScreenLayout {
    /// The layout for `area`, or `None` when it is smaller than the minimum.
    pub fn new(area: Rect) -> Option<ScreenLayout> {
        ScreenLayout::with_ladders(area, None)
    }

    /// The layout for `area` with ladders `ladder_w` columns wide (`None`: as
    /// [`ScreenLayout::new`] chooses), the board taking what is left: for a
    /// screen that shares its width with a text panel and wants the ladders'
    /// words whole (`WHOLE_LADDER` columns).
    pub fn with_ladders(area: Rect, ladder_w: Option<u16>) -> Option<ScreenLayout> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        let [main, status] =
            Layout::vertical([Constraint::Fill(1), Constraint::Length(STATUS_HEIGHT)]).areas(area);
        let main_h = main.height;
        // The board is as wide as its height allows; what is left may hold the move list.
        let square_h = main_h.saturating_sub(6) / 4;
        let natural_w = 4 * (2 * square_h + 1) + 7;
        // Narrow screens give the ladders what the board leaves, up to the width at
        // which their words (`▶ to move`, `29 left`) are whole.
        let ladder_w = ladder_w.unwrap_or(match area.width {
            110.. => 14,
            64.. => WHOLE_LADDER,
            _ => (area.width.saturating_sub(natural_w) / 2).clamp(8, WHOLE_LADDER),
        });
        let centre_w = area.width.saturating_sub(2 * ladder_w);
        let spare = centre_w.saturating_sub(natural_w);
        let history_w = if spare >= MIN_HISTORY {
            spare.min(MAX_HISTORY)
        } else {
            0
        };
        let board_w = centre_w - history_w;
        // Keep the ladders next to the board: spare room goes to the outer margins.
        let board_fit = natural_w.min(board_w);
        let margin = (board_w - board_fit) / 2;
        let x0 = area.x + margin;
        let blue = Rect::new(x0, area.y, ladder_w, main_h);
        let board = Rect::new(x0 + ladder_w, area.y, board_fit, main_h);
        let yellow = Rect::new(board.right(), area.y, ladder_w, main_h);
        let history = (history_w > 0).then(|| Rect::new(yellow.right(), area.y, history_w, main_h));
        let layout = ScreenLayout {
            blue,
            board,
            yellow,
            history,
            status,
        };
        layout.board_geometry().map(|_| layout)
    }

    /// Where the board's squares are.
    pub fn board_geometry(&self) -> Option<BoardGeometry> {
        BoardGeometry::fit(self.board)
    }

    /// The board square at a screen position on a game screen of size `area`, if any:
    /// how a click becomes a square before the game sees it.
    pub fn square_at(area: Rect, column: u16, row: u16) -> Option<Square> {
        ScreenLayout::new(area)?
            .board_geometry()?
            .square_at(column, row)
    }
}

/// The replay viewer's areas in `area`: the row for the record's tags, when a game's
/// layout still fits under it (from [`MIN_HEIGHT`] + 1 rows), and the body laid out as
/// a game. `None` below a game's minimum size, where the viewer asks to enlarge the
/// terminal. So the viewer draws wherever a game does: a game's review at the minimum
/// size only goes without its tags row, whose names the ladders show too.
pub(crate) fn replay_areas(area: Rect) -> Option<(Option<Rect>, Rect)> {
    let [top, body] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
    if ScreenLayout::new(body).is_some() {
        return Some((Some(top), body));
    }
    ScreenLayout::new(area).map(|_| (None, area))
}

/// Whether the viewer cannot be drawn in `area`: it then asks to enlarge the terminal,
/// and only `q` and `Ctrl-c` act.
pub(crate) fn replay_too_small(area: Rect) -> bool {
    replay_areas(area).is_none()
}
