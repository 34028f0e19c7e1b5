//! The board widget: 4×4 squares of four sections each, with labels and highlights.
//!
//! It takes a [`Position`] and a [`Highlight`], not the app, so the replay viewer
//! draws the same board. [`BoardGeometry`] places everything, and maps a mouse
//! click back to a square with the very same arithmetic.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols::line::{self, DOUBLE, LIGHT_DOUBLE_DASHED, NORMAL, THICK};
use ratatui::widgets::Widget;

use crate::rules::{Cell, ClaimState, Placement, Position, Ruleset, Section, Square};

use super::clip::put;
use super::look::Look;

/// Where each square and section sits on screen, for a given area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardGeometry {
    /// The top-left corner of the grid lines.
    x: u16,
    y: u16,
    /// The inside of one square, without its border.
    square_width: u16,
    square_height: u16,
}

/// The smallest inside of a square: two rows of sections, two columns of two cells.
const MIN_SQUARE: (u16, u16) = (5, 2);
/// Room around the grid: the row labels and the grid lines across, the column labels and lines down.
const FRAME: (u16, u16) = (2 + 5, 1 + 5);

impl BoardGeometry {
    /// The largest board that fits in `area`, centred; `None` when even the smallest does not.
    pub fn fit(area: Rect) -> Option<BoardGeometry> {
        let max_w = area.width.saturating_sub(FRAME.0) / 4;
        let max_h = area.height.saturating_sub(FRAME.1) / 4;
        // Terminal cells are about twice as tall as wide: a square of h rows wants 2h+1 columns.
        let square_height = max_h.min(max_w.saturating_sub(1) / 2);
        let mut square_width = max_w.min(2 * square_height + 1);
        if square_width.is_multiple_of(2) {
            // Odd, so the two columns of sections are equal around a one-cell gap.
            square_width = square_width.saturating_sub(1);
        }
        if square_width < MIN_SQUARE.0 || square_height < MIN_SQUARE.1 {
            return None;
        }
        let width = 4 * square_width + FRAME.0;
        let height = 4 * square_height + FRAME.1;
        Some(BoardGeometry {
            x: area.x + (area.width - width) / 2 + 2,
            y: area.y + (area.height - height) / 2 + 1,
            square_width,
            square_height,
        })
    }

    /// The whole board with its labels.
    pub fn area(&self) -> Rect {
        Rect::new(
            self.x - 2,
            self.y - 1,
            4 * self.square_width + FRAME.0,
            4 * self.square_height + FRAME.1,
        )
    }

    /// The grid's lines alone, without the labels: its outer edges are the
    /// rectangle's first and last columns and rows.
    pub fn grid(&self) -> Rect {
        Rect::new(
            self.x,
            self.y,
            4 * (self.square_width + 1) + 1,
            4 * (self.square_height + 1) + 1,
        )
    }

    /// The inside of `square`, without its border.
    pub fn square_rect(&self, square: Square) -> Rect {
        Rect::new(
            self.x + 1 + u16::from(square.column()) * (self.square_width + 1),
            self.y + 1 + u16::from(square.row()) * (self.square_height + 1),
            self.square_width,
            self.square_height,
        )
    }

    /// The part of a square's inside that shows `section`: 2 top-left, 3 top-right,
    /// 1 bottom-left, 4 bottom-right, as on the wooden board.
    pub fn section_rect(&self, cell: Cell) -> Rect {
        let inner = self.square_rect(cell.square);
        let half_w = (inner.width - 1) / 2;
        let half_h = inner.height / 2;
        let left = inner.x;
        let right = inner.x + inner.width - half_w;
        let top = inner.y;
        let bottom = inner.y + inner.height - half_h;
        let (x, y) = match cell.section.number() {
            1 => (left, bottom),
            2 => (left, top),
            3 => (right, top),
            _ => (right, bottom),
        };
        Rect::new(x, y, half_w, half_h)
    }

    /// The cell of a section's glyph (its number, or the stone's letter): in the
    /// section's part, leaning towards the square's centre so the four read as a group.
    pub fn glyph_cell(&self, cell: Cell) -> (u16, u16) {
        let rect = self.section_rect(cell);
        let (left, top) = (
            cell.section.number() <= 2,
            matches!(cell.section.number(), 2 | 3),
        );
        let cx = rect.x
            + if left {
                rect.width / 2
            } else {
                (rect.width - 1) / 2
            };
        let cy = rect.y
            + if top {
                rect.height / 2
            } else {
                (rect.height - 1) / 2
            };
        (cx, cy)
    }

    /// The square at a screen position (its border on the right and below included).
    pub fn square_at(&self, column: u16, row: u16) -> Option<Square> {
        let dx = column.checked_sub(self.x + 1)?;
        let dy = row.checked_sub(self.y + 1)?;
        let c = dx / (self.square_width + 1);
        let r = dy / (self.square_height + 1);
        if c > 3 || r > 3 {
            return None;
        }
        Square::new(c as u8, r as u8)
    }
}

/// What to pick out on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Highlight {
    /// The stone placed last.
    pub last: Option<Cell>,
    /// The cells of the combinations the last stone completed, as a bitboard.
    pub combos: u64,
    /// The square under the cursor (heavy border).
    pub cursor: Option<Square>,
    /// The square the AI suggests (double border).
    pub hint: Option<Square>,
}

impl Highlight {
    /// The last stone and what it completed.
    pub fn last_move(placement: Option<&Placement>) -> Highlight {
        Highlight {
            last: placement.map(|p| p.cell),
            combos: placement.map_or(0, |p| p.combos().cells_mask()),
            cursor: None,
            hint: None,
        }
    }

    /// The last stone and what may be shown of it: in a claim game (`state` given) only
    /// the combinations claimed, so a stone not claimed yet gives nothing away.
    pub fn claimed(placement: Option<&Placement>, state: Option<ClaimState>) -> Highlight {
        let mut highlight = Highlight::last_move(placement);
        match state {
            None => {}
            Some(ClaimState::Claimed { combos, .. }) => highlight.combos = combos.cells_mask(),
            Some(_) => highlight.combos = 0,
        }
        highlight
    }
}

/// The board as a widget.
#[derive(Debug, Clone, Copy)]
pub struct BoardView<'a> {
    /// The position drawn.
    pub position: &'a Position,
    /// What to pick out.
    pub highlight: Highlight,
    /// The colours.
    pub look: Look,
}

impl BoardView<'_> {
    fn draw_grid(&self, g: &BoardGeometry, clip: Rect, buf: &mut Buffer) {
        let style = self.look.grid();
        let width = 4 * (g.square_width + 1) + 1;
        let height = 4 * (g.square_height + 1) + 1;
        for dy in 0..height {
            let on_h = dy % (g.square_height + 1) == 0;
            for dx in 0..width {
                let on_v = dx % (g.square_width + 1) == 0;
                let symbol = match (on_h, on_v) {
                    (false, false) => continue,
                    (true, false) => NORMAL.horizontal,
                    (false, true) => NORMAL.vertical,
                    (true, true) => {
                        let top = dy == 0;
                        let bottom = dy == height - 1;
                        let left = dx == 0;
                        let right = dx == width - 1;
                        match (top, bottom, left, right) {
                            (true, _, true, _) => NORMAL.top_left,
                            (true, _, _, true) => NORMAL.top_right,
                            (_, true, true, _) => NORMAL.bottom_left,
                            (_, true, _, true) => NORMAL.bottom_right,
                            (true, ..) => NORMAL.horizontal_down,
                            (_, true, ..) => NORMAL.horizontal_up,
                            (_, _, true, _) => NORMAL.vertical_right,
                            (_, _, _, true) => NORMAL.vertical_left,
                            _ => NORMAL.cross,
                        }
                    }
                };
                put(buf, clip, g.x + dx, g.y + dy, symbol, style);
            }
        }
        for square in Square::ALL {
            let inner = g.square_rect(square);
            let mid_x = inner.x + inner.width / 2;
            let mid_y = inner.y + inner.height / 2;
            if square.row() == 0 {
                let label = square.column_char().to_string();
                put(buf, clip, mid_x, g.y - 1, &label, self.look.dim());
            }
            if square.column() == 0 {
                let label = square.row_char().to_string();
                put(buf, clip, g.x - 2, mid_y, &label, self.look.dim());
            }
        }
    }

    fn draw_border(
        &self,
        g: &BoardGeometry,
        square: Square,
        lines: &line::Set,
        style: Style,
        clip: Rect,
        buf: &mut Buffer,
    ) {
        let inner = g.square_rect(square);
        let (left, top) = (inner.x - 1, inner.y - 1);
        let (right, bottom) = (inner.x + inner.width, inner.y + inner.height);
        put(buf, clip, left, top, lines.top_left, style);
        put(buf, clip, right, top, lines.top_right, style);
        put(buf, clip, left, bottom, lines.bottom_left, style);
        put(buf, clip, right, bottom, lines.bottom_right, style);
        for x in inner.x..right {
            put(buf, clip, x, top, lines.horizontal, style);
            put(buf, clip, x, bottom, lines.horizontal, style);
        }
        for y in inner.y..bottom {
            put(buf, clip, left, y, lines.vertical, style);
            put(buf, clip, right, y, lines.vertical, style);
        }
    }

    /// The straight edges of `square`'s border dashed, its junctions kept: how the
    /// corners variant marks its four corner squares, by shape rather than colour.
    fn draw_dashed_edges(&self, g: &BoardGeometry, square: Square, clip: Rect, buf: &mut Buffer) {
        let style = self.look.strong();
        let inner = g.square_rect(square);
        let (right, bottom) = (inner.x + inner.width, inner.y + inner.height);
        for x in inner.x..right {
            put(
                buf,
                clip,
                x,
                inner.y - 1,
                LIGHT_DOUBLE_DASHED.horizontal,
                style,
            );
            put(buf, clip, x, bottom, LIGHT_DOUBLE_DASHED.horizontal, style);
        }
        for y in inner.y..bottom {
            put(
                buf,
                clip,
                inner.x - 1,
                y,
                LIGHT_DOUBLE_DASHED.vertical,
                style,
            );
            put(buf, clip, right, y, LIGHT_DOUBLE_DASHED.vertical, style);
        }
    }

    fn draw_section(&self, g: &BoardGeometry, cell: Cell, clip: Rect, buf: &mut Buffer) {
        let rect = g.section_rect(cell);
        let (cx, cy) = g.glyph_cell(cell);
        match self.position.owner(cell) {
            None => {
                // The section the next stone on this square would fill stands out.
                let next = self.position.next_section(cell.square) == Some(cell.section);
                let style = if next {
                    self.look.strong()
                } else {
                    self.look.empty_section()
                };
                put(buf, clip, cx, cy, &cell.section.number().to_string(), style);
            }
            Some(player) => {
                let in_combo = self.highlight.combos & cell.bit() != 0;
                let style = if in_combo {
                    self.look.combo_stone(player)
                } else {
                    self.look.stone(player)
                };
                for y in rect.y..rect.y + rect.height {
                    for x in rect.x..rect.x + rect.width {
                        put(buf, clip, x, y, " ", style);
                    }
                }
                let glyph = Look::glyph(player).to_string();
                put(buf, clip, cx, cy, &glyph, style);
                if self.highlight.last == Some(cell) {
                    // Brackets mark the last stone without relying on colour: `[B]`.
                    // On a compact board (two cells a section) one bracket takes the
                    // square's middle gap, beside the glyph: a lone `[B` read as text
                    // cut off. The glyph is never at its section's outer edge, so the
                    // other bracket is in the section.
                    put(buf, clip, cx.saturating_sub(1), cy, "[", style);
                    put(buf, clip, cx + 1, cy, "]", style);
                }
            }
        }
    }
}

impl Widget for &BoardView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let clip = area.intersection(buf.area);
        let Some(g) = BoardGeometry::fit(clip) else {
            return;
        };
        self.draw_grid(&g, clip, buf);
        if self.position.ruleset() == Ruleset::Corners {
            for corner in [Square::A1, Square::D1, Square::A4, Square::D4] {
                self.draw_dashed_edges(&g, corner, clip, buf);
            }
        }
        for square in Square::ALL {
            for section in Section::ALL {
                self.draw_section(&g, Cell::new(square, section), clip, buf);
            }
        }
        if let Some(cursor) = self.highlight.cursor {
            self.draw_border(&g, cursor, &THICK, self.look.cursor(), clip, buf);
        }
        // The hint is drawn last: it wins when the cursor sits on it.
        if let Some(hint) = self.highlight.hint {
            self.draw_border(&g, hint, &DOUBLE, self.look.hint(), clip, buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_sit_as_on_the_wooden_board() {
        let g = BoardGeometry::fit(Rect::new(0, 0, 43, 22)).unwrap();
        let square = Square::ALL[5];
        let at = |n| g.section_rect(Cell::new(square, Section::new(n).unwrap()));
        let (one, two, three, four) = (at(1), at(2), at(3), at(4));
        assert!(two.y < one.y && two.x == one.x, "2 above 1, on the left");
        assert!(three.y == two.y && three.x > two.x, "3 right of 2, on top");
        assert!(
            four.y == one.y && four.x == three.x,
            "4 below 3, right of 1"
        );
    }

    #[test]
    fn clicks_map_back_to_squares() {
        for area in [
            Rect::new(0, 0, 43, 22),
            Rect::new(3, 2, 100, 50),
            Rect::new(0, 0, 27, 14),
        ] {
            let g = BoardGeometry::fit(area).unwrap();
            assert!(area.contains(g.area().as_position()));
            for square in Square::ALL {
                let rect = g.square_rect(square);
                for (x, y) in [(rect.x, rect.y), (rect.right() - 1, rect.bottom() - 1)] {
                    assert_eq!(g.square_at(x, y), Some(square), "{area:?} {square}");
                }
            }
            assert_eq!(g.square_at(area.x, area.y), None);
        }
    }

    /// QA (learn2): on the compact board (44×16) the last stone was `[Y 4` or
    /// `1 B]`, one bracket, which read as text cut off. Both brackets now show at
    /// every size, one in the square's middle gap where a section has two cells, and
    /// no other stone's glyph is covered. Fails on the old code (`[Y 4`).
    #[test]
    fn the_last_stone_has_both_brackets_on_a_compact_board() {
        use crate::rules::Game;
        // Square b3's sections 1 (left) and 4 (right) last, in turn; then a1's 2, 3.
        let cases = [
            (vec![Square::A1, Square::B3], "[Y]4"),
            (
                vec![
                    Square::B3,
                    Square::A1,
                    Square::B3,
                    Square::A1,
                    Square::B3,
                    Square::B3,
                ],
                "B[Y]",
            ),
            (vec![Square::A1, Square::B1, Square::A1], "[B]3"),
            (
                vec![Square::A1, Square::B1, Square::A1, Square::B1, Square::A1],
                "B[B]",
            ),
        ];
        for area in [Rect::new(0, 0, 27, 14), Rect::new(0, 0, 43, 22)] {
            for (moves, mark) in &cases {
                let game = Game::from_moves(moves.iter().copied()).unwrap();
                let mut buf = Buffer::empty(area);
                BoardView {
                    position: game.position(),
                    highlight: Highlight::last_move(game.last()),
                    look: Look::PLAIN,
                }
                .render(area, &mut buf);
                let rows: Vec<String> = (0..area.height)
                    .map(|y| (0..area.width).map(|x| buf[(x, y)].symbol()).collect())
                    .collect();
                let screen = rows.join("\n");
                let marked = rows.iter().filter(|r| r.contains('[')).count();
                assert_eq!(marked, 1, "{moves:?}\n{screen}");
                let row = rows.iter().find(|r| r.contains('[')).unwrap();
                assert_eq!(row.matches('[').count(), 1, "{screen}");
                assert_eq!(row.matches(']').count(), 1, "{screen}");
                let compact: String = row.chars().filter(|c| *c != ' ').collect();
                assert!(compact.contains(mark), "{moves:?} {mark}\n{screen}");
            }
        }
    }

    #[test]
    fn too_small_areas_have_no_board() {
        assert!(BoardGeometry::fit(Rect::new(0, 0, 26, 14)).is_none());
        assert!(BoardGeometry::fit(Rect::new(0, 0, 27, 13)).is_none());
        assert!(BoardGeometry::fit(Rect::new(0, 0, 27, 14)).is_some());
    }
}
