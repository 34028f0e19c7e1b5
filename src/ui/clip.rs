//! Drawing text into a buffer, clipped to a rectangle: the one way the widgets write
//! cells, so that no size, down to 1×1, can index out of bounds.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// Writes `text` at (`x`, `y`), clipped to `clip` (which must lie inside the buffer).
/// Widgets draw through this so that no size, down to 1×1, can index out of bounds.
pub(crate) fn put(buf: &mut Buffer, clip: Rect, x: u16, y: u16, text: &str, style: Style) {
    let clip = clip.intersection(buf.area);
    if x < clip.x || x >= clip.right() || y < clip.y || y >= clip.bottom() {
        return;
    }
    buf.set_stringn(x, y, text, usize::from(clip.right() - x), style);
}
