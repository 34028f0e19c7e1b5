//! The puzzle screen drawn: the game's own layout (ladders, board, status)
//! above a panel with the task, the verdict and its explanation.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::rules::Player;
use crate::strings::puzzle as words;
use crate::strings::seat_name;

use super::board::{BoardView, Highlight};
use super::keymap::{HintLine, hint_line};
use super::ladder::{Acting, LadderView, ladder_scale};
use super::layout::wrapped_last_top;
use super::look::Look;
use super::puzzle::{
    PuzzlePhase, PuzzleState, panel_area, panel_hidden, panel_lines, reading_lines,
    status_feedback, task_in,
};
use super::screen::render_enlarge_board;
use super::status::totals_at;

/// Which puzzle is shown, in the longest wording that fits `width` columns (its id,
/// kind, ratings, the day's, the streak), else the shortest cut to it.
fn title(state: &PuzzleState, width: usize) -> String {
    let puzzle = state.puzzle();
    let rating = state.progress().puzzle_rating(puzzle).rating;
    let daily = state.daily().map(|date| date.to_string());
    let titles = words::titles(
        &puzzle.id,
        puzzle.kind.name(),
        rating,
        state.progress().player.rating,
        daily.as_deref(),
        state.progress().streak,
    );
    match crate::text::first_fitting(titles.iter().map(String::as_str), width) {
        Some(title) => title.to_owned(),
        None => titles
            .last()
            .map(|t| crate::text::fit(t, width).into_owned())
            .unwrap_or_default(),
    }
}

/// Where the puzzle screen drawn in a frame of `drawn` shows `? help`, centred in its
/// panel's upper border (empty under the help, where no panel is drawn, and where the
/// board is too small or read in full).
pub(crate) fn help_label(state: &PuzzleState, drawn: Rect) -> Rect {
    let panel = panel_area(drawn);
    if state.help_shown()
        || state.reading().is_some()
        || super::puzzle::layout(drawn).is_none()
        || panel.height <= 2
    {
        return Rect::default();
    }
    let help = hint_line(HintLine::PanelHelp);
    super::layout::border_label(panel, panel.y, &help, true)
}

/// The status line's title row on a screen of `area` whose status lines are `width`
/// wide: the title in the longest wording that fits. With no panel and nothing to
/// read in it (44×16 before a try), the keys to play and to the help at its right,
/// which the panel's borders say on a larger screen (with no panel a new player saw
/// no key at all), where a wording of the title fits whole beside them.
fn title_line(state: &PuzzleState, area: Rect, width: u16, look: Look) -> Line<'static> {
    let width = usize::from(width);
    if panel_area(area).height <= 2 && !panel_hidden(state, area) {
        let keys = hint_line(HintLine::PuzzleNoPanel);
        let room = width.saturating_sub(crate::text::width(&keys) + 2);
        let title = title(state, room);
        if crate::text::fits(&title, room) && !title.ends_with(crate::text::ELLIPSIS) {
            let gap = width.saturating_sub(crate::text::width(&title) + crate::text::width(&keys));
            return Line::from(vec![
                Span::styled(title, look.strong()),
                Span::raw(" ".repeat(gap)),
                Span::styled(keys, look.dim()),
            ]);
        }
    }
    Line::styled(title(state, width), look.strong())
}

/// The puzzle screen as a widget.
#[derive(Debug, Clone, Copy)]
pub struct PuzzleView<'a> {
    /// The state drawn.
    pub state: &'a PuzzleState,
    /// The colours.
    pub look: Look,
}

impl Widget for &PuzzleView<'_> {
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

impl PuzzleView<'_> {
    /// The screen under the help.
    fn screen(&self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let state = self.state;
        let look = self.look;
        // The task and the panel's text read in full (`e`) take the board's place.
        if let Some(top) = state.reading() {
            let title = title(state, usize::from(area.width.saturating_sub(2)));
            let lines = reading_lines(state, look);
            super::reading::render(area, buf, &title, lines, top, look);
            return;
        }
        let Some(layout) = super::puzzle::layout(area) else {
            if state.is_from_lessons() {
                super::screen::render_enlarge_to_lessons(area, buf);
            } else {
                render_enlarge_board(area, state.is_from_start(), buf);
            }
            return;
        };
        let game = state.game();
        let position = game.position();
        let totals = totals_at(game, game.len());
        let scale = ladder_scale(totals);
        let puzzle = state.puzzle();
        let start = puzzle.position().unwrap_or_default();
        let solver = start.to_move();
        for (player, rect) in [(Player::Blue, layout.blue), (Player::Yellow, layout.yellow)] {
            let label = if player == solver {
                words::YOU
            } else {
                seat_name(crate::ai::Seat::Hard)
            };
            LadderView {
                player,
                position,
                score: totals[player.index()],
                scale,
                label,
                rating: None,
                note: None,
                forfeited: None,
                lead: None,
                ended: false,
                acting: Acting::Mover,
                look,
            }
            .render(rect, buf);
        }
        let mut highlight = Highlight::default();
        match state.phase() {
            PuzzlePhase::Asking => highlight.cursor = Some(state.cursor()),
            PuzzlePhase::Answered(judged, _) => {
                highlight = Highlight::last_move(game.last());
                // The opponent's best reply to a wrong move gets the hint border.
                highlight.hint = judged.reply().map(|(square, _)| square);
            }
            // The answer shown, as the last move.
            PuzzlePhase::GivenUp(..) => highlight = Highlight::last_move(game.last()),
        }
        BoardView {
            position,
            highlight,
            look,
        }
        .render(layout.board, buf);

        // The status lines: which puzzle, and what it asks, for the side to move now
        // (the solver while asking, the opponent after a try).
        let to_move = game.to_move();
        // No panel for its text: the status line's last row says the key that reads
        // it; after a try, the keys to try again and to the next puzzle first, which
        // only the panel's border named.
        let key = panel_hidden(state, area).then(|| {
            let line = match state.phase() {
                PuzzlePhase::Asking => HintLine::PuzzleHidden,
                PuzzlePhase::Answered(..) | PuzzlePhase::GivenUp(..) => {
                    HintLine::PuzzleHiddenAnswered
                }
            };
            Line::styled(hint_line(line), look.dim())
        });
        // The verdict and a note the panel cannot show in view go first (at 44×16
        // there is no panel), so a try never looks like nothing happened: the
        // verdict whole, in fewest words where its first line and the keys do not
        // both fit (s23: the keys had no room for `u` and `n` beside it at 44×16).
        let mut status = super::reading::feedback_beside_key(
            |short| status_feedback(state, area, look, short),
            key.as_ref(),
            layout.status.width,
            layout.status.height,
        );
        status.push(title_line(state, area, layout.status.width, look));
        status.push(Line::from(Span::styled(
            task_in(state, layout.status.width),
            look.player(to_move),
        )));
        if let Some(key) = key {
            status = super::reading::with_key_row(
                status,
                key,
                layout.status.width,
                layout.status.height,
            );
        }
        Paragraph::new(status)
            .wrap(Wrap { trim: true })
            .render(layout.status, buf);

        // The panel: the verdict and why, or the themes asked for; then the keys. It
        // scrolls (PgDn, PgUp) when longer than its room, the keys in its top border
        // where there is more.
        let panel = panel_area(area);
        if panel.height <= 2 {
            return;
        }
        let (lines, keys) = panel_lines(state, look);
        // Keys longer than the border lose whole wordings from the front (the move
        // keys, which the task line and the help also give), never half a word.
        let room = usize::from(panel.width.saturating_sub(2));
        let keys = crate::text::fit_parts_from_front(&keys, room).into_owned();
        let last = wrapped_last_top(&lines, panel);
        let top = state.panel_top().min(last);
        let mut block = Block::bordered()
            .title_bottom(Line::styled(keys, look.dim()).centered())
            .title_top(Line::raw(hint_line(HintLine::PanelHelp)).centered());
        if top > 0 {
            block = block.title_top(Line::raw(hint_line(HintLine::TextAbove)).left_aligned());
        }
        if top < last {
            block = block.title_top(Line::raw(hint_line(HintLine::TextBelow)).right_aligned());
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .scroll((top, 0))
            .block(block)
            .render(panel, buf);
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;
    use crate::puzzle::{Progress, PuzzleSet};
    use crate::ui::effect::Input;

    #[test]
    fn question_mark_shows_the_puzzle_s_own_keys_and_any_key_closes_them() {
        let set = PuzzleSet::shipped().unwrap();
        let mut s = PuzzleState::open(set, Progress::default(), None, None).unwrap();
        let _ = s.handle(Input::Resize(80, 24));
        let key = |c| Input::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
        let _ = s.handle(key('?'));
        assert!(s.help_shown());
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = Buffer::empty(area);
        (&PuzzleView {
            state: &s,
            look: Look::PLAIN,
        })
            .render(area, &mut buf);
        let shown: String = buf.content().iter().map(|c| c.symbol()).collect();
        crate::ui::help::assert_lists_the_rows_of(crate::ui::KeyContext::Puzzle, &shown);
        assert!(shown.contains("the puzzle's themes"), "{shown}");
        assert!(!shown.contains("save the game"), "{shown}");
        // The key that closes the help does nothing else: `t` shows no themes.
        let _ = s.handle(key('t'));
        assert!(!s.help_shown() && !s.hint_shown());
    }

    /// Defect: below about 70 columns the task ("Yellow to move (you). Lose by as
    /// little as you can: one move does best.") wrapped onto a third row of the two
    /// status rows and was cut ("…best for you."), at 16-18 rows with no panel to
    /// say it either. At every size the screen draws, the title and the task each
    /// have a whole row of their own, in the longest wording that fits, for each
    /// kind of puzzle and a daily one with a streak. s20: with no panel a puzzle
    /// showed no key before a try (not even `? help`); the title row names them.
    #[test]
    fn the_title_and_the_task_are_whole_at_every_size() {
        use crate::puzzle::{Goal, Kind};
        let set = PuzzleSet::shipped().unwrap();
        let mut puzzles: Vec<(crate::puzzle::Puzzle, Option<chrono::NaiveDate>)> = [
            (Kind::OnlyMove, Goal::Win),
            (Kind::OnlyMove, Goal::Draw),
            (Kind::MostPoints, Goal::Loss),
            (Kind::MostPoints, Goal::Win),
        ]
        .into_iter()
        .map(|(kind, goal)| {
            let puzzle = set.puzzles.iter().find(|p| {
                p.kind == kind
                    && p.goal == goal
                    && p.position().unwrap().to_move() == Player::Yellow
            });
            (puzzle.unwrap().clone(), None)
        })
        .collect();
        let date = chrono::NaiveDate::from_ymd_opt(2026, 12, 1).unwrap();
        puzzles.push((
            crate::puzzle::daily(&set, date).unwrap().clone(),
            Some(date),
        ));
        let progress = Progress {
            streak: 12,
            ..Progress::default()
        };
        for (puzzle, daily) in puzzles {
            let s = PuzzleState::new(set.clone(), progress.clone(), None, puzzle.clone(), daily);
            let mover = puzzle.position().unwrap().to_move();
            let [long, _] = words::asking_wordings(mover, &puzzle);
            for (w, h) in (44..=90).flat_map(|w| (16..=20).map(move |h| (w, h))) {
                let mut s = s.clone();
                let _ = s.handle(Input::Resize(w, h));
                let area = Rect::new(0, 0, w, h);
                let mut buf = Buffer::empty(area);
                (&PuzzleView {
                    state: &s,
                    look: Look::PLAIN,
                })
                    .render(area, &mut buf);
                let status = super::super::puzzle::layout(area).unwrap().status;
                let row = |y: u16| -> String {
                    let row: String = (0..w).map(|x| buf[(x, y)].symbol()).collect();
                    row.trim_end().to_owned()
                };
                let (title, task) = (row(status.y), row(status.y + 1));
                let at = format!("{} at {w}×{h}", puzzle.id);
                assert!(
                    title.contains(&format!("{} · ", puzzle.id)),
                    "{at}: {title}"
                );
                assert!(!title.ends_with(crate::text::ELLIPSIS), "{at}: {title}");
                if daily.is_some() {
                    assert!(title.contains("daily"), "{at}: {title}");
                }
                assert!(
                    words::asking_wordings(mover, &puzzle).contains(&task),
                    "{at}: {task}"
                );
                if crate::text::fits(&long, usize::from(w)) {
                    assert_eq!(task, long, "{at}");
                }
                // s20: with no panel (44×16, 59×18), whose borders name the keys, the
                // title row names how to play and the help at its right, the title
                // whole beside them; with the panel, only the title.
                let keys = hint_line(HintLine::PuzzleNoPanel);
                let no_panel = super::super::puzzle::panel_area(area).height <= 2;
                assert_eq!(
                    title.ends_with(&format!("  {keys}")),
                    no_panel,
                    "{at}: {title}"
                );
            }
        }
    }
}
