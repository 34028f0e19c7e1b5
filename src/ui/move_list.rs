//! The move list: each move with its points, scrolled to keep the current one in view.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Widget};

use crate::rules::{ClaimState, Placement};
use crate::strings::screen::MOVES_TITLE;
use crate::text;

use super::clip::put;
use super::look::Look;

/// The move list as a widget.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MoveListView<'a> {
    /// The moves, first to last.
    pub placements: &'a [Placement],
    /// A mark to show after each move (`??`, `!`, ...); shorter than the moves: none.
    pub marks: &'a [&'a str],
    /// In a claim game, each move's claim state (empty otherwise): a move shows the
    /// points awarded and, after `✗`, those forfeited; a pending stone shows nothing.
    pub claims: &'a [ClaimState],
    /// The move to highlight and keep in view (0-based); the replay viewer's current move.
    pub current: Option<usize>,
    /// With no current move, show the list from its first move rather than its last
    /// (the replay viewer before the first move).
    pub from_start: bool,
    /// The colours.
    pub look: Look,
}

/// A move's points in the list, in at most `room` columns if it can: `+20`; in a claim
/// game `+10 ✗20` (10 awarded, 20 forfeited), `✗20`, or nothing while still pending.
fn points_text(placement: &Placement, claim: Option<ClaimState>, room: usize) -> String {
    let scored = placement.points;
    let Some(state) = claim else {
        return if scored > 0 {
            format!("+{scored}")
        } else {
            String::new()
        };
    };
    let (awarded, forfeited) = (state.awarded(), state.forfeited(scored));
    match (awarded, forfeited) {
        (0, 0) => String::new(),
        (a, 0) => format!("+{a}"),
        (0, f) => format!("✗{f}"),
        (a, f) => [format!("+{a} ✗{f}"), format!("+{a}✗{f}")]
            .into_iter()
            .find(|t| text::fits(t, room))
            .unwrap_or_else(|| format!("✗{f}")),
    }
}

impl Widget for &MoveListView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.width < 4 || area.height < 3 {
            return;
        }
        let block = Block::bordered()
            .border_style(self.look.dim())
            .title(Line::styled(MOVES_TITLE, self.look.strong()).centered());
        let inner = block.inner(area);
        block.render(area, buf);
        let rows = usize::from(inner.height);
        let focus = match (self.current, self.from_start) {
            (Some(current), _) => current,
            (None, true) => 0,
            (None, false) => self.placements.len().saturating_sub(1),
        };
        // Scroll so the focused move is the last line when the list is longer than the panel.
        let first = (focus + 1).saturating_sub(rows);
        for (row, (i, placement)) in self
            .placements
            .iter()
            .enumerate()
            .skip(first)
            .take(rows)
            .enumerate()
        {
            let y = inner.y + row as u16;
            let base = if Some(i) == self.current {
                Style::new().add_modifier(Modifier::REVERSED)
            } else {
                Style::new()
            };
            let number = format!("{:>2} ", i + 1);
            put(buf, inner, inner.x, y, &number, base.patch(self.look.dim()));
            let glyph = Look::glyph(placement.player).to_string();
            put(
                buf,
                inner,
                inner.x + 3,
                y,
                &glyph,
                base.patch(self.look.player(placement.player)),
            );
            let square = format!(" {}", placement.square());
            put(buf, inner, inner.x + 4, y, &square, base);
            let mark = self.marks.get(i).copied().unwrap_or("");
            put(
                buf,
                inner,
                inner.x + 7,
                y,
                mark,
                base.patch(self.look.strong()),
            );
            // Without a mark the points may start right after the square, as a
            // record writes them (`d1+20✗15`): at 80 columns a claim made in part
            // needs that column, else only what was forfeited showed (`✗15`).
            let after = if mark.is_empty() {
                7
            } else {
                8 + u16::try_from(text::width(mark)).unwrap_or(u16::MAX)
            };
            let room = usize::from(inner.width.saturating_sub(after));
            let points = points_text(placement, self.claims.get(i).copied(), room);
            if !points.is_empty() {
                let x = inner
                    .right()
                    .saturating_sub(u16::try_from(text::width(&points)).unwrap_or(u16::MAX))
                    .max(inner.x + after);
                put(
                    buf,
                    inner,
                    x,
                    y,
                    &points,
                    base.patch(self.look.player(placement.player)),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;

    use super::*;
    use crate::rules::{Game, Ruleset, Square};

    /// QA (s17 playqa): at 80 columns the list is 13 columns inside, and a stone
    /// claimed in part (20 of its 35) read `57 B d1   ✗15`, as if nothing had been
    /// awarded; now `57 B d1+20✗15`. Failed before (`✗15` alone).
    #[test]
    fn a_claim_made_in_part_shows_both_figures_at_80_columns() {
        let mut game = Game::with_rules(Ruleset::Standard, true);
        // The record's last stone, Blue's a1:4, completes 20 + 10 + 15; 20 is claimed.
        let text = include_str!("../../assets/games/combinations.hij");
        let record: crate::record::Record = text.parse().unwrap();
        for mv in record.moves() {
            game.play(*mv).unwrap();
        }
        let last = game.len() - 1;
        assert_eq!(game.placements()[last].points, 45);
        game.claim(20).unwrap();
        assert_eq!(game.forfeited(last), 25);
        // The panel at 80x24 is 15 wide (13 inside).
        let area = Rect::new(0, 0, 15, 6);
        let mut buf = Buffer::empty(area);
        let view = MoveListView {
            placements: game.placements(),
            marks: &[],
            claims: game.claim_states(),
            current: None,
            from_start: false,
            look: Look::PLAIN,
        };
        (&view).render(area, &mut buf);
        let row = |y: u16| -> String { (0..15).map(|x| buf[(x, y)].symbol()).collect() };
        let shown = row(4);
        assert!(shown.contains(&format!("{}+20✗25", Square::A1)), "{shown}");
        // A mark still keeps its space before the points (the replay viewer's list).
        let marks = vec!["?"; game.len()];
        let view = MoveListView {
            marks: &marks,
            ..view
        };
        let mut buf = Buffer::empty(area);
        (&view).render(area, &mut buf);
        let shown: String = (0..15).map(|x| buf[(x, 4)].symbol()).collect();
        assert!(shown.contains("a1?") && shown.contains("✗25"), "{shown}");
    }
}
