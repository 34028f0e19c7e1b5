//! The help overlay: every key (from the keymap) and the scoring rules.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use super::keymap::{HELP, REPLAY_HELP};
use super::theme::Theme;

/// The help as a widget, drawn centred over whatever area it is given.
#[derive(Debug, Clone, Copy)]
pub struct HelpView {
    /// The colours.
    pub theme: Theme,
    /// The keys listed: [`HELP`] in a game, [`REPLAY_HELP`] in the replay viewer.
    pub keys: &'static [(&'static str, &'static str)],
}

const RULES: &[&str] = &[
    "Blue moves first. A stone fills the lowest open section of its square.",
    "Four of your stones score: same number along a line 10, sections",
    "1-2-3-4 along a line 15, all four sections of one square 20.",
    "Lines are rows, columns and the two long diagonals. Points add up;",
    "when the board is full, the higher total wins.",
];

impl HelpView {
    /// The game's help.
    pub fn game(theme: Theme) -> HelpView {
        HelpView { theme, keys: HELP }
    }

    /// The replay viewer's help.
    pub fn replay(theme: Theme) -> HelpView {
        HelpView {
            theme,
            keys: REPLAY_HELP,
        }
    }

    fn lines(&self) -> Vec<Line<'static>> {
        let key_w = self
            .keys
            .iter()
            .map(|(k, _)| k.chars().count())
            .max()
            .unwrap_or(0);
        let mut lines: Vec<Line<'static>> = self
            .keys
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
        lines.push(Line::styled("Press any key to close", self.theme.dim()).centered());
        lines
    }
}

impl Widget for &HelpView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let lines = self.lines();
        let width = 74.min(area.width);
        let height = (lines.len() as u16 + 2).min(area.height);
        let popup = super::centered(area, width, height);
        Clear.render(popup, buf);
        let block = Block::bordered().title(Line::styled(" Help ", self.theme.strong()).centered());
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .render(popup, buf);
    }
}
