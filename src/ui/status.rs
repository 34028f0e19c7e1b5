//! The status lines: both totals in text (`Blue 35`, `Yellow 20`), whose turn, and a message.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use crate::rules::{ComboShape, Placement, Player, Position};

use super::theme::Theme;

/// What a placement did, in words: `Blue +45: square b2 (20), row 2 same number 2s (10)`,
/// or `Yellow played c3 (section 2)` when it scored nothing. The points come from the rules.
pub fn placement_message(placement: &Placement) -> String {
    let player = placement.player;
    if placement.points == 0 {
        let cell = placement.cell;
        return format!("{player} played {} (section {})", cell.square, cell.section);
    }
    let combos: Vec<String> = placement
        .combos()
        .iter()
        .map(|combo| format!("{combo} ({})", combo.points()))
        .collect();
    format!("{player} +{}: {}", placement.points, combos.join(", "))
}

/// The same as [`placement_message`] in fewer words, for narrow screens:
/// `Yellow +30: row 4 4s (10), column d 4s (10), diagonal a1-d4 1234 (15)`.
pub fn placement_message_short(placement: &Placement) -> String {
    if placement.points == 0 {
        return placement_message(placement);
    }
    let combos: Vec<String> = placement
        .combos()
        .iter()
        .map(|combo| {
            let name = match combo.shape() {
                ComboShape::Square(square) => format!("square {square}"),
                ComboShape::SameNumber(line, section) => format!("{line} {section}s"),
                ComboShape::Sequence { line, .. } => format!("{line} 1234"),
                ComboShape::CornersSameNumber(section) => format!("corners {section}s"),
                ComboShape::CornersSequence(_) => "corners 1234".to_owned(),
            };
            format!("{name} ({})", combo.points())
        })
        .collect();
    format!(
        "{} +{}: {}",
        placement.player,
        placement.points,
        combos.join(", ")
    )
}

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
pub struct StatusView<'a> {
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

/// The style of a message of this kind.
pub fn message_style(theme: Theme, scorer: Option<Player>, error: bool) -> Style {
    match (error, scorer) {
        (true, _) => theme.error(),
        (false, Some(player)) => theme.player(player),
        (false, None) => Style::new(),
    }
}
