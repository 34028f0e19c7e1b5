//! The status lines: both totals in text (`Blue 35`, `Yellow 20`), whose turn, and a message.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::rules::{Player, Position};

use super::theme::Theme;

/// `text` cut to `width` columns, with `…` when cut.
fn ellipsize(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut out: String = text.chars().take(width.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Two status lines: the totals and the turn on top, a message (or the keys) below.
#[derive(Debug, Clone)]
pub(crate) struct StatusView<'a> {
    /// The position whose totals are shown.
    pub position: &'a Position,
    /// Whose turn, the AI thinking, or the result, after the totals.
    pub turn: Span<'a>,
    /// The second line.
    pub message: Span<'a>,
    /// Shown at the right of the first line (e.g. `? help`).
    pub right: &'a str,
    /// The colours.
    pub theme: Theme,
}

impl Widget for &StatusView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let total = |player: Player| {
            Span::styled(
                format!("{player} {}", self.position.score(player)),
                self.theme.player(player),
            )
        };
        let first = Line::from(vec![
            total(Player::Blue),
            Span::raw("  "),
            total(Player::Yellow),
            Span::styled("  │  ", self.theme.dim()),
            self.turn.clone(),
        ]);
        let top = Rect::new(area.x, area.y, area.width, 1);
        let first_w = first.width() as u16;
        first.render(top, buf);
        let right_w = self.right.chars().count() as u16;
        if first_w + right_w + 2 <= area.width {
            let x = area.right() - right_w;
            Span::styled(self.right, self.theme.dim())
                .render(Rect::new(x, area.y, right_w, 1), buf);
        }
        if area.height >= 2 {
            let bottom = Rect::new(area.x, area.y + 1, area.width, 1);
            let text = ellipsize(&self.message.content, usize::from(area.width));
            Span::styled(text, self.message.style).render(bottom, buf);
        }
    }
}
