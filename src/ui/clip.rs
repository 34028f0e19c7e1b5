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

/// Clears `area` for a box drawn over the screen, and with it what would be left beside
/// the box of a word it covers in part (a ladder's label, a name): a word's cut end
/// beside a border reads as garbage (`┐m│`). Every box over a screen is cleared through
/// this. A board's lines beside the box are kept: they are no words, not even in ASCII
/// (`-`, `|`, `+`).
pub(crate) fn cover(buf: &mut Buffer, area: Rect) {
    let area = area.intersection(buf.area);
    if area.is_empty() {
        return;
    }
    for y in area.top()..area.bottom() {
        // The word through the right border, erased rightwards past it.
        let edge = area.right() - 1;
        if in_word(buf, edge, y, Side::Right) && in_word(buf, area.right(), y, Side::Right) {
            let mut x = area.right();
            while in_word(buf, x, y, Side::Right) {
                // A wide letter goes with its right half.
                let wide = crate::text::width(buf[(x, y)].symbol()).max(1);
                for _ in 0..wide {
                    if let Some(cell) = buf.cell_mut((x, y)) {
                        cell.reset();
                    }
                    x = x.saturating_add(1);
                }
            }
        }
        // The word through the left border, erased leftwards past it; and a wide
        // character whose right half the border covers (its left half would spill
        // over the border).
        if let Some(before) = area.x.checked_sub(1).filter(|&x| x >= buf.area.x) {
            if in_word(buf, area.x, y, Side::Left) && in_word(buf, before, y, Side::Left) {
                let mut x = before;
                while in_word(buf, x, y, Side::Left) {
                    buf[(x, y)].reset();
                    match x.checked_sub(1) {
                        Some(left) if left >= buf.area.x => x = left,
                        _ => break,
                    }
                }
            } else if crate::text::width(buf[(before, y)].symbol()) > 1 {
                buf[(before, y)].reset();
            }
        }
    }
    ratatui::widgets::Widget::render(ratatui::widgets::Clear, area, buf);
}

/// The way [`cover`] walks from a border through a word.
#[derive(Clone, Copy)]
enum Side {
    Left,
    Right,
}

/// Whether the cell at (`x`, `y`) is a word's, walking away from a box on `side`:
/// a letter or digit, the marks inside or at the end of words (`'`, `.`, `…`, ...),
/// a `-` with a letter or digit beyond it (a hyphenated name, not a line drawn in
/// ASCII), or the right half of a wide letter. Outside the buffer, no.
fn in_word(buf: &Buffer, x: u16, y: u16, side: Side) -> bool {
    let Some(cell) = buf.cell((x, y)) else {
        return false;
    };
    let letter = |symbol: &str| {
        symbol
            .chars()
            .next()
            .is_some_and(|c| c.is_alphanumeric() || "'’_.,:;!?…()".contains(c))
    };
    let symbol = cell.symbol();
    if letter(symbol) {
        return true;
    }
    let beyond = match side {
        Side::Right => x.checked_add(1),
        Side::Left => x.checked_sub(1),
    };
    let alnum = |x: Option<u16>| {
        x.and_then(|x| buf.cell((x, y)))
            .and_then(|c| c.symbol().chars().next())
            .is_some_and(char::is_alphanumeric)
    };
    match symbol {
        "-" => alnum(beyond),
        // The right half of a wide letter is a blank cell after it.
        " " => x.checked_sub(1).is_some_and(|left| {
            buf.cell((left, y))
                .is_some_and(|c| crate::text::width(c.symbol()) > 1 && letter(c.symbol()))
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::fit_tests::rows_of;

    /// A buffer of `lines`, each one row.
    fn buffer(lines: &[&str]) -> Buffer {
        let width = lines
            .iter()
            .map(|l| crate::text::width(l))
            .max()
            .unwrap_or(0);
        let mut buf = Buffer::empty(Rect::new(0, 0, width as u16, lines.len() as u16));
        for (y, line) in lines.iter().enumerate() {
            buf.set_string(0, y as u16, line, Style::new());
        }
        buf
    }

    /// The ends of the words a box covers in part go with it; whole words, a board's
    /// lines (ASCII too) and words past a space beside it stay.
    #[test]
    fn cover_takes_the_cut_ends_of_words_beside_the_box() {
        let mut buf = buffer(&[
            "random random xx",
            "---+---+---+----",
            "ab cdefghij k lm",
            "Ann-Marie Jo-Ann",
            "x 字bcdefgh漢 yz",
            "│ ─ . ─ ─ ─ ─ │ ",
        ]);
        // Columns 4 to 9.
        cover(&mut buf, Rect::new(4, 0, 6, 6));
        assert_eq!(
            rows_of(&buf),
            [
                "              xx",
                "---+      -+----",
                "ab          k lm",
                "          Jo-Ann",
                "x             yz",
                "│ ─       ─ ─ │ ",
            ]
        );
    }
}
