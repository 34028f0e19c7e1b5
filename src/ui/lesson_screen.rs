//! The lesson screen drawn: the board and ladders on the left, the lesson's
//! text, task and verdict on the right; or the lessons menu.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::rules::Player;
use crate::strings::lesson as words;

use super::board::{BoardView, Highlight};
use super::ladder::{LadderView, ladder_scale};
use super::lesson::{LessonPhase, LessonState, board_area, layout};
use super::screen::{MIN_HEIGHT, render_too_small};
use super::status::totals_at;
use super::theme::Theme;

/// The lesson screen as a widget.
#[derive(Debug, Clone, Copy)]
pub struct LessonView<'a> {
    /// The state drawn.
    pub state: &'a LessonState,
    /// The colours.
    pub theme: Theme,
}

impl Widget for &LessonView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let state = self.state;
        let theme = self.theme;
        if let LessonPhase::Menu(selected) = state.phase() {
            let mut lines = Vec::new();
            for (i, lesson) in state.lessons().iter().enumerate() {
                let mark = if state.progress().is_done(&lesson.id) {
                    words::DONE_MARK
                } else {
                    words::TODO_MARK
                };
                let pointer = if i == *selected { "▶" } else { " " };
                let text = format!("{pointer} {mark} {:>2}. {}", i + 1, lesson.title);
                lines.push(if i == *selected {
                    Line::styled(
                        text,
                        theme
                            .strong()
                            .add_modifier(ratatui::style::Modifier::REVERSED),
                    )
                } else {
                    Line::raw(text)
                });
            }
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .block(
                    Block::bordered()
                        .title(Line::styled(words::MENU, theme.strong()))
                        .title_bottom(Line::styled(words::MENU_KEYS, theme.dim()).centered()),
                )
                .render(area, buf);
            return;
        }
        let left = board_area(area);
        let Some(layout) = layout(area) else {
            render_too_small(area, MIN_HEIGHT, buf);
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
                theme,
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
            theme,
        }
        .render(layout.board, buf);
        // The side to move now: after a stone played, the other side.
        let to_move = game.to_move();
        let status = match state.phase() {
            LessonPhase::Claiming(mv, typed) => words::claiming(*mv, typed.as_deref()),
            LessonPhase::Tried(_, check) if check.done => words::to_move(to_move, words::WELL_DONE),
            _ => words::to_move(to_move, lesson.task),
        };
        Paragraph::new(Line::styled(status, theme.player(to_move)))
            .wrap(Wrap { trim: true })
            .render(layout.status, buf);

        // The text side: the lesson, the task, the verdict.
        let text_area = Rect::new(
            left.right(),
            area.y,
            area.right() - left.right(),
            area.height,
        );
        // After a try the verdict and hint take the lesson text's place, so all fits at 80×24.
        // The title as a line, not the border's title, so a long one wraps.
        let mut lines = vec![Line::styled(lesson.title.clone(), theme.strong())];
        if matches!(state.phase(), LessonPhase::Asking) {
            lines.push(Line::raw(lesson.text.clone()));
        }
        lines.push(Line::styled(words::task(lesson.task), theme.strong()));
        if let LessonPhase::Claiming(_, typed) = state.phase() {
            lines.push(Line::styled(words::NOW_CLAIM, theme.banner()));
            if let Some(typed) = typed {
                lines.push(Line::styled(format!("+{typed}_"), theme.strong()));
            }
        }
        if let LessonPhase::Tried(_, check) = state.phase() {
            if check.done {
                lines.push(Line::styled(words::WELL_DONE, theme.banner()));
                lines.push(Line::raw(format!("{}.", check.what)));
            } else {
                lines.push(Line::styled(words::NOT_YET, theme.error()));
                lines.push(Line::raw(format!("{}.", check.what)));
                lines.push(Line::raw(lesson.hint.clone()));
            }
        }
        if let Some(note) = state.note() {
            lines.push(Line::styled(note.to_string(), theme.error()));
        }
        lines.push(Line::raw(""));
        lines.push(Line::styled(words::KEYS, theme.dim()));
        let title = words::number(state.index() + 1, state.lessons().len());
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(Block::bordered().title(Line::styled(title, theme.strong())))
            .render(text_area, buf);
    }
}
