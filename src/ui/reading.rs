//! A lesson's or a puzzle's text read in full in place of the board (`e`), for a
//! terminal with no room for it beside or under the board (44×16): scrolled by the
//! help's keys where it is longer than its box, closed by any other key or a click
//! (by any key where it shows whole), as the help is. And the status
//! line's last row kept for the key that opens it, where the text is hidden.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use super::effect::Input;
use super::keymap::{self, Action, HintLine, KeyContext, hint_line};
use super::layout::wrapped_last_top;
use super::look::Look;

/// What an input did to the text being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ReadAnswer {
    /// A scrolling key, the text longer than its box: it scrolled (or stayed at its end).
    Scrolled,
    /// Any other key (any key where the text shows whole), or a click: back to the board.
    Closed,
    /// Ctrl-c: quit at once.
    Quit,
}

/// `input` while the text is read from its line `top` (`None`: not read; the input
/// is the screen's, as is a resize while it is read), `lines` drawn in `area`.
pub(crate) fn answer(
    top: &mut Option<u16>,
    lines: &[Line<'static>],
    area: Rect,
    input: Input,
) -> Option<ReadAnswer> {
    let shown = (*top)?;
    let action = match input {
        Input::Key(key) => keymap::action(key, KeyContext::Help),
        Input::Click(_) | Input::Pick(_) => None,
        Input::Resize(..) | Input::Tick => return None,
    };
    let last = wrapped_last_top(lines, area);
    Some(match action {
        // Where the text shows whole nothing scrolls, and a scrolling key goes back as
        // any key does, as the border says (`any key: back`) and as the help does. qa41:
        // at 44×16 ↓ ↑ PgDn PgUp left lesson 1's whole text on screen.
        Some(Action::Scroll(scroll)) if last > 0 => {
            *top = Some(super::layout::text_scrolled(shown, last, area, scroll));
            ReadAnswer::Scrolled
        }
        Some(Action::ForceQuit) => {
            *top = None;
            ReadAnswer::Quit
        }
        _ => {
            *top = None;
            ReadAnswer::Closed
        }
    })
}

/// The text `lines` under `title`, in a box over the whole of `area`, from its line
/// `top`; the keys in the bottom border, and where there is more, the arrows.
pub(crate) fn render(
    area: Rect,
    buf: &mut Buffer,
    title: &str,
    lines: Vec<Line<'static>>,
    top: u16,
    look: Look,
) {
    let room = usize::from(area.width.saturating_sub(2));
    let last = wrapped_last_top(&lines, area);
    let top = top.min(last);
    // Scrolling keys only where there is something to scroll.
    let hints = if last == 0 {
        HintLine::ReadingWhole
    } else {
        HintLine::Reading
    };
    let keys = crate::text::fit_parts_from_front(&hint_line(hints), room).into_owned();
    let mut block = Block::bordered()
        .title(Line::styled(
            crate::text::fit(title, room).into_owned(),
            look.strong(),
        ))
        .title_bottom(Line::styled(keys, look.dim()).centered());
    if top > 0 {
        block = block.title(Line::raw(hint_line(HintLine::TextAbove)).right_aligned());
    } else if top < last {
        block = block.title(Line::raw(hint_line(HintLine::TextBelow)).right_aligned());
    }
    Paragraph::new(lines)
        .wrap(Wrap { trim: true })
        .scroll((top, 0))
        .block(block)
        .render(area, buf);
}

/// The status lines `lines` in `width` columns and `rows` rows with `key` (the key to
/// read a hidden text) in view: the lines word-wrapped, and `key` at the end of the last
/// row shown where it has room there (two columns apart; rows past the last are left
/// out, as a paragraph would), else on a row of its own, the last: the lines get the
/// rows above it, the last of them cut with `…` where its line goes on. All of `lines`
/// wrapped when `rows` is under 2.
pub(crate) fn with_key_row(
    lines: Vec<Line<'static>>,
    key: Line<'static>,
    width: u16,
    rows: u16,
) -> Vec<Line<'static>> {
    let width = usize::from(width);
    let rows = usize::from(rows);
    if rows < 2 {
        return lines;
    }
    // Each row, its style, and which line it is of.
    let mut wrapped: Vec<(String, ratatui::style::Style, usize)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let style = line
            .spans
            .first()
            .map_or(line.style, |span| line.style.patch(span.style));
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        for row in crate::text::wrap(&text, width) {
            wrapped.push((row, style, i));
        }
    }
    let key_text: String = key.spans.iter().map(|s| s.content.as_ref()).collect();
    let key_style = key
        .spans
        .first()
        .map_or(key.style, |span| key.style.patch(span.style));
    let key_width = crate::text::width(&key_text);
    // Beside the last row shown, right-aligned.
    let shown = wrapped.len().min(rows);
    if let Some((text, style, _)) = wrapped[..shown].last()
        && crate::text::width(text) + 2 + key_width <= width
    {
        let gap = width - crate::text::width(text) - key_width;
        let last = Line::from(vec![
            Span::styled(text.clone(), *style),
            Span::raw(" ".repeat(gap)),
            Span::styled(key_text, key_style),
        ]);
        let mut out: Vec<Line<'static>> = wrapped[..shown - 1]
            .iter()
            .map(|(text, style, _)| Line::styled(text.clone(), *style))
            .collect();
        out.push(last);
        return out;
    }
    let room = rows - 1;
    if wrapped.len() > room {
        // Cut with `…` where its line goes on; a whole line left before others is whole.
        if wrapped[room].2 == wrapped[room - 1].2 {
            let cut = format!("{} {}", wrapped[room - 1].0, wrapped[room].0);
            wrapped[room - 1].0 = crate::text::fit_words(&cut, width).into_owned();
        }
        wrapped.truncate(room);
    }
    let mut out: Vec<Line<'static>> = wrapped
        .into_iter()
        .map(|(text, style, _)| Line::styled(text, style))
        .collect();
    out.push(Line::styled(key_text, key_style));
    out
}

/// A try's feedback for a status line `width` by `rows` under `key` (the key row,
/// where one is shown): `feedback(false)`, its whole wording, where it stays whole
/// beside the key ([`whole_with_key_row`]), else `feedback(true)`, its fewest words.
/// The puzzle's and the lesson's status lines both choose so.
pub(crate) fn feedback_beside_key(
    feedback: impl Fn(bool) -> Vec<Line<'static>>,
    key: Option<&Line<'static>>,
    width: u16,
    rows: u16,
) -> Vec<Line<'static>> {
    let whole = feedback(false);
    match key {
        Some(key) if !whole_with_key_row(&whole, key, width, rows) => feedback(true),
        _ => whole,
    }
}

/// Whether [`with_key_row`] shows all of `lines` whole beside `key`, in `width`
/// columns and `rows` rows: their wrapped rows, with the key beside the last (two
/// columns apart) or on a row of its own, take at most `rows`.
fn whole_with_key_row(lines: &[Line<'static>], key: &Line<'static>, width: u16, rows: u16) -> bool {
    let width = usize::from(width);
    let rows = usize::from(rows);
    let text = |line: &Line<'static>| -> String {
        line.spans.iter().map(|s| s.content.as_ref()).collect()
    };
    let wrapped: Vec<String> = lines
        .iter()
        .flat_map(|line| crate::text::wrap(&text(line), width))
        .collect();
    let key_width = crate::text::width(&text(key));
    match wrapped.last() {
        Some(last)
            if wrapped.len() <= rows && crate::text::width(last) + 2 + key_width <= width =>
        {
            true
        }
        _ => wrapped.len() < rows,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(lines: &[Line<'static>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.spans.iter().map(|s| s.content.as_ref()).collect())
            .collect()
    }

    /// The key beside the last row where it has room; else on its own row, the row
    /// above cut with `…` only where its line goes on (a whole verdict before the
    /// puzzle's title read "once.…").
    #[test]
    fn the_key_keeps_its_row_and_only_a_cut_line_ends_with_an_ellipsis() {
        let key = || Line::raw("e: read");
        let beside = with_key_row(vec![Line::raw("one two")], key(), 20, 2);
        assert_eq!(texts(&beside), ["one two      e: read"]);
        let whole = with_key_row(
            vec![
                Line::raw("a whole line here"),
                Line::raw("a title too long"),
            ],
            key(),
            20,
            2,
        );
        assert_eq!(texts(&whole), ["a whole line here", "e: read"]);
        let cut = with_key_row(
            vec![Line::raw("a line that goes on and on and on and on")],
            key(),
            20,
            2,
        );
        assert_eq!(texts(&cut), ["a line that goes on…", "e: read"]);
    }
}
