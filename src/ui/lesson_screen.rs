//! The lesson screen drawn: the board and ladders on the left, the lesson's
//! text, task and verdict on the right; or the lessons menu.

use ratatui::buffer::Buffer;
use ratatui::layout::{Margin, Position, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::rules::Player;
use crate::strings::lesson as words;

use super::board::{BoardView, Highlight};
use super::effect::Input;
use super::keymap::{HintLine, hint_line};
use super::ladder::{LadderView, ladder_scale};
use super::layout::MIN_HEIGHT;
use super::layout::wrapped_last_top;
use super::lesson::{LESSON_MIN_WIDTH, LessonPhase, LessonState, layout, text_area, text_lines};
use super::look::Look;
use super::screen::render_enlarge;
use super::status::totals_at;

/// A left click at (`column`, `row`) as the lesson screen takes it: a lesson's
/// row in the menu, or a square of the board as drawn.
pub(crate) fn click_at(state: &LessonState, column: u16, row: u16) -> Input {
    let size = state.size();
    if let LessonPhase::Menu(_) = state.phase() {
        let inner = size.inner(Margin::new(1, 1));
        // Rows map to lessons while each takes one line.
        let one_line = state.lessons().iter().enumerate().all(|(i, l)| {
            crate::text::fits(
                &words::menu_line(false, false, i + 1, &l.title),
                inner.width.into(),
            )
        });
        let item = row.checked_sub(inner.y).map(usize::from);
        return match item {
            Some(item)
                if one_line
                    && inner.contains(Position::new(column, row))
                    && item < state.lessons().len() =>
            {
                Input::Pick(item)
            }
            _ => Input::Click(None),
        };
    }
    let square = state
        .layout()
        .and_then(|l| l.board_geometry())
        .and_then(|g| g.square_at(column, row));
    Input::Click(square)
}

/// The lesson screen as a widget.
#[derive(Debug, Clone, Copy)]
pub struct LessonView<'a> {
    /// The state drawn.
    pub state: &'a LessonState,
    /// The colours.
    pub look: Look,
}

impl Widget for &LessonView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        self.screen(area, buf);
        let state = self.state;
        if state.help_shown() {
            state
                .help_view(self.look)
                .render(area.intersection(buf.area), buf);
        }
    }
}

impl LessonView<'_> {
    /// The screen under the help.
    fn screen(&self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let state = self.state;
        let look = self.look;
        if let LessonPhase::Menu(selected) = state.phase() {
            let mut lines = Vec::new();
            for (i, lesson) in state.lessons().iter().enumerate() {
                let done = state.progress().is_done(&lesson.id);
                let text = words::menu_line(i == *selected, done, i + 1, &lesson.title);
                lines.push(if i == *selected {
                    Line::styled(
                        text,
                        look.strong()
                            .add_modifier(ratatui::style::Modifier::REVERSED),
                    )
                } else {
                    Line::raw(text)
                });
            }
            // A key the menu does not take: said under the list, the keys staying in
            // the border below.
            if let Some(note) = state.note() {
                lines.push(Line::raw(""));
                lines.push(Line::styled(note.to_owned(), look.error()));
            }
            // Keys longer than the border lose whole wordings from the front (the
            // choosing keys, which the help also gives), never half a word.
            let room = usize::from(area.width.saturating_sub(2));
            let keys = crate::text::fit_parts_from_front(&hint_line(HintLine::LessonMenu), room)
                .into_owned();
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(
                    Block::bordered()
                        .title(Line::styled(words::MENU, look.strong()))
                        .title(Line::raw(hint_line(HintLine::PanelHelp)).right_aligned())
                        .title_bottom(Line::styled(keys, look.dim()).centered()),
                )
                .render(area, buf);
            return;
        }
        let Some(layout) = layout(area) else {
            render_enlarge(area, LESSON_MIN_WIDTH, MIN_HEIGHT, buf);
            return;
        };
        let Some(lesson) = state.lesson() else {
            return;
        };
        let game = state.game();
        let position = game.position();
        let totals = totals_at(game, game.len());
        let scale = ladder_scale(totals);
        let you = lesson.game.to_move();
        for (player, rect) in [(Player::Blue, layout.blue), (Player::Yellow, layout.yellow)] {
            LadderView {
                player,
                position,
                score: totals[player.index()],
                scale,
                label: if player == you { words::YOU } else { "" },
                note: None,
                ended: false,
                look,
            }
            .render(rect, buf);
        }
        let mut highlight = Highlight::last_move(game.last());
        match state.phase() {
            LessonPhase::Asking => highlight.cursor = Some(state.cursor()),
            LessonPhase::Tried(_, check) => {
                highlight.combos = check.cells;
                if !check.done {
                    highlight.cursor = Some(state.cursor());
                }
            }
            LessonPhase::Claiming(..) => {
                highlight.combos = game.last().map_or(0, |p| p.combos().cells_mask());
            }
            LessonPhase::Menu(_) => {}
        }
        BoardView {
            position,
            highlight,
            look,
        }
        .render(layout.board, buf);
        // The side to move now: after a stone played, the other side.
        let to_move = game.to_move();
        let status = match state.phase() {
            LessonPhase::Claiming(mv, typed) => words::claiming(*mv, typed.as_deref()),
            LessonPhase::Tried(_, check) if check.done => words::to_move(to_move, words::WELL_DONE),
            _ => words::to_move(to_move, lesson.task),
        };
        Paragraph::new(Line::styled(status, look.player(to_move)))
            .wrap(Wrap { trim: true })
            .render(layout.status, buf);

        // The text side: the lesson, the task, the verdict; scrolled (PgDn, PgUp) when
        // it is longer than the side, with the keys in the border where there is more.
        let text_area = text_area(area);
        let lines = text_lines(state, look);
        let last = wrapped_last_top(&lines, text_area);
        let top = state.text_top().min(last);
        let title = words::number(state.index() + 1, state.lessons().len());
        let mut block = Block::bordered()
            .title(Line::styled(title, look.strong()))
            .title(Line::raw(hint_line(HintLine::PanelHelp)).right_aligned());
        if top > 0 {
            block = block.title_bottom(Line::raw(hint_line(HintLine::TextAbove)).left_aligned());
        }
        if top < last {
            block = block.title_bottom(Line::raw(hint_line(HintLine::TextBelow)).right_aligned());
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .scroll((top, 0))
            .block(block)
            .render(text_area, buf);
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;
    use crate::learn::{LearnProgress, lessons};
    use crate::rules::Square;

    fn state() -> LessonState {
        let mut s = LessonState::resume(lessons().unwrap(), LearnProgress::default(), None);
        let _ = s.handle(Input::Resize(80, 24));
        s
    }

    #[test]
    fn a_click_on_a_square_as_drawn_plays_it() {
        let mut s = state();
        let geometry = layout(s.size()).unwrap().board_geometry().unwrap();
        for square in [Square::A1, Square::D4, Square::C2] {
            let cell = geometry.square_rect(square);
            assert_eq!(
                click_at(&s, cell.x + 1, cell.y + 1),
                Input::Click(Some(square))
            );
        }
        // Lesson 1's answer, clicked where it is drawn.
        let cell = geometry.square_rect(Square::A1);
        let input = click_at(&s, cell.x, cell.y);
        let _ = s.handle(input);
        assert!(s.progress().is_done("01-board"));
        assert_eq!(click_at(&s, 79, 0), Input::Click(None));
    }

    #[test]
    fn a_click_on_a_menu_row_opens_that_lesson() {
        let mut s = state();
        let _ = s.handle(Input::Key(KeyEvent::new(
            KeyCode::Char('m'),
            KeyModifiers::NONE,
        )));
        // Row 0 is the border; lesson 4 is on row 4.
        assert_eq!(click_at(&s, 10, 4), Input::Pick(3));
        assert_eq!(click_at(&s, 10, 0), Input::Click(None));
        assert_eq!(click_at(&s, 10, 20), Input::Click(None));
        let _ = s.handle(Input::Pick(3));
        assert_eq!((s.index(), s.phase()), (3, &LessonPhase::Asking));
    }

    #[test]
    fn question_mark_shows_the_lesson_s_own_keys_and_any_key_closes_them() {
        let mut s = state();
        let key = |c| Input::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        let _ = s.handle(key('?'));
        assert!(s.help_shown());
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        (&LessonView {
            state: &s,
            look: Look::PLAIN,
        })
            .render(area, &mut buf);
        let shown: String = buf.content().iter().map(|c| c.symbol()).collect();
        crate::ui::help::assert_lists_the_rows_of(crate::ui::KeyContext::Lesson, &shown);
        assert!(shown.contains("start the lesson again"), "{shown}");
        assert!(!shown.contains("hint: the hard AI"), "{shown}");
        // The key that closes the help does nothing else: `m` stays in the lesson.
        let _ = s.handle(key('m'));
        assert!(!s.help_shown());
        assert_eq!(s.phase(), &LessonPhase::Asking);
    }
}
