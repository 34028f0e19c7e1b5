//! The help overlay: the keys of a context (from the key table) and the scoring rules.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::strings::screen::{CLOSE_HELP, HELP_TITLE, RULES};

use super::keymap::{KeyContext, help_rows};
use super::theme::Theme;

/// The help as a widget, drawn centred over whatever area it is given.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HelpView {
    /// The colours.
    pub theme: Theme,
    /// Whose keys are listed: [`KeyContext::Board`] or [`KeyContext::Replay`].
    pub context: KeyContext,
}

impl HelpView {
    fn lines(&self) -> Vec<Line<'static>> {
        let rows: Vec<_> = help_rows(self.context).collect();
        let key_w = rows
            .iter()
            .map(|(k, _)| k.chars().count())
            .max()
            .unwrap_or(0);
        let mut lines: Vec<Line<'static>> = rows
            .iter()
            .map(|(keys, what)| {
                Line::from(vec![
                    Span::styled(format!("{keys:>key_w$}  "), self.theme.strong()),
                    Span::raw(*what),
                ])
            })
            .collect();
        lines.push(Line::raw(""));
        lines.extend(RULES.iter().map(|r| Line::raw(*r)));
        lines.push(Line::raw(""));
        lines.push(Line::styled(CLOSE_HELP, self.theme.dim()).centered());
        lines
    }
}

impl Widget for &HelpView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let lines = self.lines();
        let width = 74.min(area.width);
        let height = (lines.len() as u16 + 2).min(area.height);
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        Clear.render(popup, buf);
        let block =
            Block::bordered().title(Line::styled(HELP_TITLE, self.theme.strong()).centered());
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .render(popup, buf);
    }
}
