//! The start screen drawn: a centred box listing the doors with their keys.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::strings::start as words;

use super::start::{START_ITEMS, StartState};
use super::theme::Theme;

/// The start screen as a widget.
#[derive(Debug, Clone, Copy)]
pub struct StartView<'a> {
    /// The state drawn.
    pub state: &'a StartState,
    /// The colours.
    pub theme: Theme,
}

impl Widget for &StartView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let theme = self.theme;
        let state = self.state;
        let mut lines = vec![Line::raw(words::WELCOME), Line::raw("")];
        for (i, (choice, key, label)) in START_ITEMS.iter().enumerate() {
            let pointer = if i == state.selected() { "▶" } else { " " };
            let closed = if state.enabled(*choice) {
                ""
            } else {
                words::CLOSED
            };
            let text = format!("{pointer} {key}  {label}{closed}");
            let style = if i == state.selected() {
                theme.strong().add_modifier(Modifier::REVERSED)
            } else if state.enabled(*choice) {
                ratatui::style::Style::new()
            } else {
                theme.dim()
            };
            lines.push(Line::styled(text, style));
        }
        lines.push(Line::raw(""));
        match state.note() {
            Some(note) => lines.push(Line::styled(note, theme.error())),
            None => lines.push(Line::styled(words::KEYS, theme.dim())),
        }
        let height = (lines.len() as u16 + 2).min(area.height);
        let width = 60.min(area.width);
        let [_, row, _] = Layout::vertical([
            Constraint::Fill(1),
            Constraint::Length(height),
            Constraint::Fill(1),
        ])
        .areas(area);
        let [_, rect, _] = Layout::horizontal([
            Constraint::Fill(1),
            Constraint::Length(width),
            Constraint::Fill(1),
        ])
        .areas(row);
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(Block::bordered().title(Line::styled(words::TITLE, theme.strong()).centered()))
            .render(rect, buf);
    }
}
