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
use super::keymap::{HintLine, hint_line, hint_line_doing, hint_line_leaving};
use super::ladder::{Acting, LadderView, ladder_scale};
use super::layout::{border_label, wrapped_last_top};
use super::lesson::{
    LessonPhase, LessonState, layout, reading_lines, status_feedback, text_area, text_hidden,
    text_lines,
};
use super::look::Look;
use super::screen::render_enlarge_board;
use super::status::totals_at;

/// A left click at (`column`, `row`) as the lesson screen takes it: a lesson's
/// row in the menu, or a square of the board as drawn in a frame of `size`.
pub(crate) fn click_at(state: &LessonState, size: Rect, column: u16, row: u16) -> Input {
    if let LessonPhase::Menu(selected) = state.phase() {
        let inner = size.inner(Margin::new(1, 1));
        if !inner.contains(Position::new(column, row)) {
            return Input::Click(None);
        }
        // Each row of a lesson, its title's wrapped lines too, picks it.
        let rows = menu_rows(state, inner.width);
        let top = menu_top(&rows, *selected, inner.height);
        let at = usize::from(row - inner.y) + top;
        return match rows.get(at) {
            Some(&(item, _)) => Input::Pick(item),
            None => Input::Click(None),
        };
    }
    let square = layout(size)
        .and_then(|l| l.board_geometry())
        .and_then(|g| g.square_at(column, row));
    Input::Click(square)
}

/// Where the lesson screen drawn in a frame of `drawn` shows `? help`: in the menu's
/// upper border, or in the lesson text's beside its title (empty where that has no
/// room for both, under the help, and where no text is drawn).
pub(crate) fn help_label(state: &LessonState, drawn: Rect) -> Rect {
    let help = hint_line(HintLine::PanelHelp);
    if state.help_shown() {
        return Rect::default();
    }
    if let LessonPhase::Menu(_) = state.phase() {
        return border_label(drawn, drawn.y, &help, false);
    }
    let text_area = text_area(drawn);
    let drawn_whole = state.lesson().is_some() && state.reading().is_none();
    if !drawn_whole || layout(drawn).is_none() || text_area.width <= 2 || text_area.height <= 2 {
        return Rect::default();
    }
    match text_title(state, text_area, &help) {
        Some(_) => border_label(text_area, text_area.y, &help, false),
        None => Rect::default(),
    }
}

/// The lesson text's title where it has room beside `help` in the border of
/// `text_area`: the number of the lesson, shorter (`2/10`) where the long one does
/// not fit, by display columns; `None` where neither does.
fn text_title(state: &LessonState, text_area: Rect, help: &str) -> Option<String> {
    let (n, of) = (state.index() + 1, state.lessons().len());
    let room = usize::from(text_area.width.saturating_sub(2));
    [words::number(n, of), words::number_short(n, of)]
        .into_iter()
        .find(|title| crate::text::width(title) + 1 + crate::text::width(help) <= room)
}

/// The lessons menu's rows in `width` columns: each lesson's, the lesson's index with
/// its text. A title too long for its row wraps under itself, indented past the
/// pointer, the mark and the number (it ran under them, from the border).
fn menu_rows(state: &LessonState, width: u16) -> Vec<(usize, String)> {
    let LessonPhase::Menu(selected) = state.phase() else {
        return Vec::new();
    };
    let width = usize::from(width);
    let mut rows = Vec::new();
    for (i, lesson) in state.lessons().iter().enumerate() {
        let done = state.progress().is_done(&lesson.id);
        let head = words::menu_line(i == *selected, done, i + 1, "");
        let indent = crate::text::width(&head);
        if indent >= width {
            // No room to indent: the line as it is, cut at the border.
            let line = words::menu_line(i == *selected, done, i + 1, &lesson.title);
            rows.push((i, crate::text::fit(&line, width).into_owned()));
            continue;
        }
        for (k, part) in crate::text::wrap(&lesson.title, width - indent)
            .into_iter()
            .enumerate()
        {
            let lead = if k == 0 {
                head.clone()
            } else {
                " ".repeat(indent)
            };
            rows.push((i, format!("{lead}{part}")));
        }
    }
    rows
}

/// The menu's first row shown in `height` rows: the selected lesson's rows in view.
fn menu_top(rows: &[(usize, String)], selected: usize, height: u16) -> usize {
    let end = rows
        .iter()
        .rposition(|&(i, _)| i == selected)
        .map_or(0, |r| r + 1);
    end.saturating_sub(usize::from(height))
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
            let inner = area.inner(Margin::new(1, 1));
            let rows = menu_rows(state, inner.width);
            let top = menu_top(&rows, *selected, inner.height);
            let mut lines = Vec::new();
            for (i, text) in rows {
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
            // Keys longer than the border lose whole wordings from the front (the
            // choosing keys, which the help also gives), never half a word.
            let room = usize::from(area.width.saturating_sub(2));
            let all_keys = hint_line_leaving(HintLine::LessonMenu, state.is_from_start());
            let keys = crate::text::fit_parts_from_front(&all_keys, room).into_owned();
            // A key the menu does not take: said under the list, the keys staying in
            // the border below. Where the border lost some of them, the note says the
            // help lists them; and it goes right under the list where a blank line
            // before it would leave it no room.
            if let Some(note) = state.note() {
                let note = if note == words::UNKNOWN_KEY && keys != all_keys {
                    words::UNKNOWN_KEY_NO_TEXT
                } else {
                    note
                };
                let shown = lines.len().saturating_sub(top);
                let note_rows = crate::text::wrap(note, usize::from(inner.width)).len();
                if shown + 1 + note_rows <= usize::from(inner.height) {
                    lines.push(Line::raw(""));
                }
                lines.push(Line::styled(note.to_owned(), state.note_style(look)));
            }
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .scroll((u16::try_from(top).unwrap_or(u16::MAX), 0))
                .block(
                    Block::bordered()
                        .title(Line::styled(words::MENU, look.strong()))
                        .title(Line::raw(hint_line(HintLine::PanelHelp)).right_aligned())
                        .title_bottom(Line::styled(keys, look.dim()).centered()),
                )
                .render(area, buf);
            return;
        }
        let Some(lesson) = state.lesson() else {
            return;
        };
        // The text read in full (`e`) takes the board's place.
        if let Some(top) = state.reading() {
            // The lesson's title is the text's first line.
            let title = words::number(state.index() + 1, state.lessons().len());
            let lines = reading_lines(state, look);
            super::reading::render(area, buf, &title, lines, top, look);
            return;
        }
        let Some(layout) = layout(area) else {
            render_enlarge_board(area, state.is_from_start(), buf);
            return;
        };
        let game = state.game();
        let position = game.position();
        let totals = totals_at(game, game.len());
        let scale = ladder_scale(totals);
        let you = lesson.game.to_move();
        // A claim lesson waits for the claim of the stone just placed: its player
        // acts, not the one the position has to move.
        let acting = match state.phase() {
            LessonPhase::Claiming(..) => game
                .last()
                .map_or(Acting::Mover, |p| Acting::Claimer(p.player)),
            _ => Acting::Mover,
        };
        for (player, rect) in [(Player::Blue, layout.blue), (Player::Yellow, layout.yellow)] {
            LadderView {
                player,
                position,
                score: totals[player.index()],
                scale,
                label: if player == you { words::YOU } else { "" },
                rating: None,
                note: None,
                forfeited: None,
                lead: None,
                ended: false,
                acting,
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
            LessonPhase::Claiming(mv, typed) => {
                words::claiming(*mv, typed.as_deref(), &hint_line(HintLine::ClaimEntryBrief))
            }
            // The task done, the turn means nothing more (qa37: `Yellow to move. Well
            // done!`).
            LessonPhase::Tried(_, check) if check.done => words::WELL_DONE.to_owned(),
            _ => words::to_move(to_move, lesson.task),
        };
        // The same in fewest words, where the status line has no room for it whole
        // beside the keys (44×16): `Yellow: answer with the half-turn mirror of the last
        // move.` (qa41: `Yellow to move. Answer with the half-turn…`).
        let status_short = match state.phase() {
            LessonPhase::Claiming(..) | LessonPhase::Menu(_) => status.clone(),
            LessonPhase::Tried(_, check) if check.done => status.clone(),
            _ => words::to_move_short(to_move, lesson.task),
        };
        let status_style = match state.phase() {
            LessonPhase::Tried(_, check) if check.done => look.banner(),
            _ => look.player(to_move),
        };
        // No text on screen: the status line's last row says the key that reads it.
        // A claim refuses `e` and `?`: while it waits, the row says the keys it takes
        // but `+`, which the status line names (s31: the row offered `e` and `?`);
        // while it is typed, no row: the status line says its keys, Enter and Esc.
        let hint = |line| hint_line_doing(line, &super::lesson::hint_keys(state, line));
        let key = match state.phase() {
            _ if !text_hidden(area) => None,
            LessonPhase::Claiming(_, Some(_)) => None,
            LessonPhase::Claiming(_, None) => {
                let [_, others] = super::lesson::claim_waiting_keys(state);
                Some(others)
            }
            // Once done, the way on first: the text that says `n` is not in view.
            LessonPhase::Tried(_, check) if check.done => Some(hint(HintLine::LessonHiddenDone)),
            _ => Some(hint(HintLine::LessonHidden)),
        }
        .map(|keys| Line::styled(keys, look.dim()));
        // A wrong try and a note the text cannot show in view go first (at 44×16 there
        // is no text at all), so a try never looks like nothing happened: the verdict
        // whole, in fewest words where it and the keys do not both fit (s23: a wrong
        // claim's was cut, `…not…`, above the keys at 44×16).
        let mut status_lines = super::reading::feedback_beside_key(
            |short| status_feedback(state, area, look, short),
            key.as_ref(),
            layout.status.width,
            layout.status.height,
        );
        // The status line itself whole beside the keys where it fits, else in fewest
        // words; under a verdict or a note, which the rows cannot hold with it, whole.
        let fewest = status_lines.is_empty();
        status_lines.extend(super::reading::feedback_beside_key(
            |short| {
                let said = if short && fewest {
                    &status_short
                } else {
                    &status
                };
                vec![Line::styled(said.clone(), status_style)]
            },
            key.as_ref(),
            layout.status.width,
            layout.status.height,
        ));
        if let Some(key) = key {
            status_lines = super::reading::with_key_row(
                status_lines,
                key,
                layout.status.width,
                layout.status.height,
            );
        }
        Paragraph::new(status_lines)
            .wrap(Wrap { trim: true })
            .render(layout.status, buf);

        // The text, beside the board or under it: the lesson, the task, the verdict;
        // scrolled (PgDn, PgUp) when it is longer than its room, with the keys in the
        // border where there is more.
        let text_area = text_area(area);
        if text_area.width <= 2 || text_area.height <= 2 {
            return;
        }
        let lines = text_lines(state, look, text_area);
        let last = wrapped_last_top(&lines, text_area);
        let top = state.text_top().min(last);
        let mut block = Block::bordered();
        // The title and `? help` apart, by display columns: a shorter number where
        // both do not fit (`2/10` at 60 columns), else the title alone.
        let room = usize::from(text_area.width - 2);
        let help = hint_line(HintLine::PanelHelp);
        block = match text_title(state, text_area, &help) {
            Some(title) => block
                .title(Line::styled(title, look.strong()))
                .title(Line::raw(help).right_aligned()),
            None => {
                let title = words::number(state.index() + 1, state.lessons().len());
                block.title(Line::styled(
                    crate::text::fit(&title, room).into_owned(),
                    look.strong(),
                ))
            }
        };
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
                click_at(&s, s.size(), cell.x + 1, cell.y + 1),
                Input::Click(Some(square))
            );
        }
        // Lesson 1's answer, clicked where it is drawn.
        let cell = geometry.square_rect(Square::A1);
        let input = click_at(&s, s.size(), cell.x, cell.y);
        let _ = s.handle(input);
        assert!(s.progress().is_done("01-board"));
        assert_eq!(click_at(&s, s.size(), 79, 0), Input::Click(None));
    }

    #[test]
    fn a_click_on_a_menu_row_opens_that_lesson() {
        let mut s = state();
        let _ = s.handle(Input::Key(KeyEvent::new(
            KeyCode::Char('m'),
            KeyModifiers::NONE,
        )));
        // Row 0 is the border; lesson 4 is on row 4.
        assert_eq!(click_at(&s, s.size(), 10, 4), Input::Pick(3));
        assert_eq!(click_at(&s, s.size(), 10, 0), Input::Click(None));
        assert_eq!(click_at(&s, s.size(), 10, 20), Input::Click(None));
        let _ = s.handle(Input::Pick(3));
        assert_eq!((s.index(), s.phase()), (3, &LessonPhase::Asking));
    }

    /// A lesson's title wrapped in the menu (44 columns): a click on either of its rows
    /// opens it (the menu mapped no row while a title wrapped).
    #[test]
    fn a_click_on_a_wrapped_menu_row_opens_that_lesson() {
        let mut s = state();
        let _ = s.handle(Input::Key(KeyEvent::new(
            KeyCode::Char('m'),
            KeyModifiers::NONE,
        )));
        let _ = s.handle(Input::Resize(44, 16));
        // Lesson 1 wraps to rows 1 and 2; lesson 2 is on row 3.
        assert_eq!(click_at(&s, s.size(), 20, 1), Input::Pick(0));
        assert_eq!(click_at(&s, s.size(), 20, 2), Input::Pick(0));
        assert_eq!(click_at(&s, s.size(), 20, 3), Input::Pick(1));
        assert_eq!(click_at(&s, s.size(), 20, 0), Input::Click(None));
    }

    /// qa37: lesson 1 done (`a1`), the status line said `Yellow to move. Well done!`:
    /// the turn means nothing once the task is done. It says `Well done!` alone, at
    /// 80x24 and 44x16; before the try it still names the side to move.
    #[test]
    fn the_status_line_names_no_turn_once_the_task_is_done() {
        for (w, h) in [(80, 24), (44, 16)] {
            let mut s = state();
            let _ = s.handle(Input::Resize(w, h));
            let shown = |s: &LessonState| status_rows(s, w, h).join("\n");
            assert!(
                shown(&s).contains("Blue to move."),
                "{w}x{h}: {}",
                shown(&s)
            );
            let _ = s.handle(Input::Click(Some(Square::A1)));
            assert!(s.progress().is_done("01-board"));
            let status = shown(&s);
            assert!(status.contains("Well done!"), "{w}x{h}: {status}");
            assert!(!status.contains("to move"), "{w}x{h}: {status}");
        }
    }

    /// The status line's rows of `s` drawn at `w`×`h`.
    fn status_rows(s: &LessonState, w: u16, h: u16) -> Vec<String> {
        let area = Rect::new(0, 0, w, h);
        let mut buf = Buffer::empty(area);
        (&LessonView {
            state: s,
            look: Look::PLAIN,
        })
            .render(area, &mut buf);
        let status = layout(area).unwrap().status;
        (status.top()..status.bottom())
            .map(|y| {
                (status.left()..status.right())
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
            })
            .collect()
    }

    /// qa41: at 44×16, where no text is drawn, the status line cut the task of
    /// lessons 9 and 10 (`Yellow to move. Answer with the half-turn…`), a move after
    /// the task done (`Done! n opens the next lesson, u starts…`) and a key before the
    /// claim (`Claim first: type + and the points, then…`). Each reads whole beside
    /// its keys now: the task as `Yellow: answer with ...` where the turn and it do not
    /// both fit, the two notes in one row.
    #[test]
    fn nothing_on_the_status_line_is_cut_at_44x16() {
        let key = |c| Input::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        // Every cut found, so one run names them all.
        let mut cut = Vec::new();
        let mut whole = |rows: Vec<String>, words: &str| {
            let said = rows.iter().map(|r| r.trim()).collect::<Vec<_>>().join(" ");
            if said.contains('…') || !said.to_lowercase().contains(&words.to_lowercase()) {
                cut.push(format!("{words:?} not whole in {rows:#?}"));
            }
        };
        let lessons = crate::learn::lessons().unwrap();
        for (n, lesson) in lessons.iter().enumerate() {
            let mut s = state();
            let _ = s.handle(Input::Resize(44, 16));
            let _ = s.handle(key('m'));
            let digit = if n == 9 {
                '0'
            } else {
                char::from(b'1' + n as u8)
            };
            let _ = s.handle(key(digit));
            assert_eq!(s.index(), n);
            whole(status_rows(&s, 44, 16), &lesson.task.to_string());
        }
        // Lesson 1 done (a1), then another stone.
        let mut s = state();
        let _ = s.handle(Input::Resize(44, 16));
        let _ = s.handle(Input::Click(Some(Square::A1)));
        let _ = s.handle(Input::Click(Some(Square::B1)));
        whole(status_rows(&s, 44, 16), words::DONE_ALREADY);
        // The claims lesson's stone played, a key before `+`.
        let mut s = state();
        let _ = s.handle(Input::Resize(44, 16));
        let _ = s.handle(key('m'));
        let _ = s.handle(key('8'));
        let _ = s.handle(Input::Click(Some(Square::A1)));
        let _ = s.handle(key('x'));
        whole(status_rows(&s, 44, 16), words::CLAIM_FIRST);
        assert!(cut.is_empty(), "{}", cut.join("\n"));
    }

    /// qa43 item 12: in the claims lesson, after Blue's stone, Yellow's ladder said
    /// `▶ to move` while the lesson waited for Blue's claim. The ladder of who acts
    /// says it now: Blue's. Failed on the old code (`▶` in Yellow's ladder).
    #[test]
    fn the_claims_lesson_marks_the_claimer_as_acting() {
        let key = |c| Input::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        let mut s = state();
        let _ = s.handle(key('m'));
        let _ = s.handle(key('8'));
        let _ = s.handle(Input::Click(Some(Square::A1)));
        assert!(
            matches!(s.phase(), LessonPhase::Claiming(..)),
            "{:?}",
            s.phase()
        );
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        (&LessonView {
            state: &s,
            look: Look::PLAIN,
        })
            .render(area, &mut buf);
        let Some(layout) = layout(area) else {
            panic!("80x24 has a board");
        };
        let text_of = |rect: Rect| -> String {
            let mut text = String::new();
            for y in rect.top()..rect.bottom() {
                for x in rect.left()..rect.right() {
                    text.push_str(buf[(x, y)].symbol());
                }
                text.push('\n');
            }
            text
        };
        let (blue, yellow) = (text_of(layout.blue), text_of(layout.yellow));
        assert!(blue.contains('▶'), "{blue}");
        assert!(!yellow.contains('▶'), "{yellow}");
    }

    /// s39 (words40): the claimer's ladder in the claims lesson said `▶ to move`
    /// while the lesson waited for a claim, not a move. It says `▶ claim` (a ladder
    /// has 9 columns inside at most, `▶ to claim` is 10), `▶ turn` in the 6 at 44×16,
    /// never `move`. Failed on the old code (`▶ to move`).
    #[test]
    fn the_claims_lesson_says_the_claimer_is_to_claim() {
        let key = |c| Input::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        let mut s = state();
        let _ = s.handle(key('m'));
        let _ = s.handle(key('8'));
        let _ = s.handle(Input::Click(Some(Square::A1)));
        assert!(matches!(s.phase(), LessonPhase::Claiming(..)));
        for (width, height, said) in [
            (80, 24, "▶ claim"),
            (120, 40, "▶ claim"),
            (44, 16, "▶ turn"),
        ] {
            let area = Rect::new(0, 0, width, height);
            let mut buf = Buffer::empty(area);
            (&LessonView {
                state: &s,
                look: Look::PLAIN,
            })
                .render(area, &mut buf);
            let Some(layout) = layout(area) else {
                panic!("{width}x{height} has a board");
            };
            let rect = layout.blue;
            let blue: String = (rect.top()..rect.bottom())
                .flat_map(|y| (rect.left()..rect.right()).map(move |x| (x, y)))
                .map(|(x, y)| buf[(x, y)].symbol().to_owned())
                .collect();
            assert!(blue.contains(said), "{width}x{height}: {blue}");
            assert!(!blue.contains("move"), "{width}x{height}: {blue}");
        }
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

    /// s36: the lessons' menu showed what the puzzles sum up (`3 of 60 puzzles
    /// solved`) in the error colour, as if something had gone wrong. It is plain
    /// information now, in every palette on either background; a refusal stays red.
    #[test]
    fn the_menu_shows_the_puzzles_summary_as_information_in_every_palette() {
        let key = |c| Input::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        let summary = "Puzzles: 3 of 60 solved";
        for palette in crate::prefs::Palette::ALL {
            for light in [false, true] {
                let look = Look::new(palette, false);
                let look = if light {
                    look.on_light_background()
                } else {
                    look
                };
                let mut s = state();
                let _ = s.handle(key('m'));
                assert!(matches!(s.phase(), LessonPhase::Menu(_)));
                let s = s.back_from_puzzles(Some(summary.to_owned()));
                let area = Rect::new(0, 0, 80, 24);
                let mut buf = Buffer::empty(area);
                (&LessonView { state: &s, look }).render(area, &mut buf);
                let (x, y) = (0..area.height)
                    .find_map(|y| {
                        let row: String = (0..area.width)
                            .map(|x| buf[(x, y)].symbol().to_owned())
                            .collect();
                        row.find(summary)
                            .map(|at| (row[..at].chars().count() as u16, y))
                    })
                    .unwrap_or_else(|| panic!("no summary shown ({palette:?})"));
                let cell = &buf[(x, y)];
                let error = look.error();
                assert!(
                    error.fg.is_none() || cell.fg != error.fg.unwrap_or_default(),
                    "{palette:?} light {light}: the summary is in the error colour"
                );
                assert!(
                    !cell.modifier.contains(ratatui::style::Modifier::BOLD),
                    "{palette:?} light {light}: the summary is bold as an error is"
                );
                // A key the menu does not take is still said as an error.
                let mut refused = s.clone();
                let _ = refused.handle(key('z'));
                assert_eq!(refused.note_style(look), look.error(), "{palette:?}");
            }
        }
    }
}
