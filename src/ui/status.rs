//! The status lines: both totals in text (`Blue 35`, `Yellow 20`), whose turn, and a message.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::rules::{Game, Player};
use crate::text;

use super::theme::Theme;

/// Blue's and Yellow's totals after the first `n` moves of `game`: the points awarded,
/// which in a game without claims is everything scored.
pub(crate) fn totals_at(game: &Game, n: usize) -> [u32; 2] {
    let mut totals = [0; 2];
    for (i, placement) in game.placements().iter().enumerate().take(n) {
        totals[placement.player.index()] += game.awarded(i);
    }
    totals
}

/// Two status lines: the totals and the turn on top, a message (or the keys) below.
#[derive(Debug, Clone)]
pub(crate) struct StatusView<'a> {
    /// Blue's and Yellow's totals (in a claim game, the points claimed).
    pub totals: [u32; 2],
    /// Which rules are on (`corners · claims`), at the right; empty for the standard game.
    pub rules: &'a str,
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
                format!("{player} {}", self.totals[player.index()]),
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
        // The rules and the help key if both fit, else the rules alone: which rules
        // are on matters more than where the help is.
        let both = if self.rules.is_empty() {
            self.right.to_owned()
        } else {
            format!("{}  {}", self.rules, self.right)
        };
        let fitting = [both.as_str(), self.rules, self.right]
            .into_iter()
            .filter(|t| !t.is_empty())
            .find(|t| text::fits(t, usize::from(area.width.saturating_sub(first_w + 2))));
        if let Some(right) = fitting {
            let right_w = u16::try_from(text::width(right)).unwrap_or(u16::MAX);
            let x = area.right() - right_w;
            Span::styled(right, self.theme.dim()).render(Rect::new(x, area.y, right_w, 1), buf);
        }
        if area.height >= 2 {
            let bottom = Rect::new(area.x, area.y + 1, area.width, 1);
            let text = text::fit(&self.message.content, usize::from(area.width));
            Span::styled(text, self.message.style).render(bottom, buf);
        }
    }
}
