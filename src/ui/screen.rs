//! The whole screen: where each panel goes, and the app drawn with the widgets.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::rules::Player;

use super::app::{AiJob, App, MessageKind, Overlay, seat_name};
use super::board::{BoardGeometry, BoardView, Highlight};
use super::help::HelpView;
use super::history::HistoryView;
use super::ladder::{LadderView, ladder_scale};
use super::status::{StatusView, message_style};
use super::theme::Theme;

/// The smallest terminal the game draws in; below it, a "please enlarge" message.
pub const MIN_WIDTH: u16 = 44;
/// See [`MIN_WIDTH`].
pub const MIN_HEIGHT: u16 = 16;

/// Lines at the bottom for the status.
const STATUS_HEIGHT: u16 = 2;
/// The narrowest move list worth showing.
const MIN_HISTORY: u16 = 14;
/// The widest move list.
const MAX_HISTORY: u16 = 24;

/// Where each panel goes on a screen of a given size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScreenLayout {
    /// Blue's ladder, left.
    pub blue: Rect,
    /// The board, centre.
    pub board: Rect,
    /// Yellow's ladder, right of the board.
    pub yellow: Rect,
    /// The move list, far right, when there is room.
    pub history: Option<Rect>,
    /// The status lines, bottom.
    pub status: Rect,
}

impl ScreenLayout {
    /// The layout for `area`, or `None` when it is smaller than the minimum.
    pub fn new(area: Rect) -> Option<ScreenLayout> {
        if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
            return None;
        }
        let main_h = area.height - STATUS_HEIGHT;
        let status = Rect::new(area.x, area.y + main_h, area.width, STATUS_HEIGHT);
        let ladder_w = match area.width {
            110.. => 14,
            64.. => 11,
            _ => 8,
        };
        let centre_w = area.width - 2 * ladder_w;
        // The board is as wide as its height allows; what is left may hold the move list.
        let square_h = main_h.saturating_sub(6) / 4;
        let natural_w = 4 * (2 * square_h + 1) + 7;
        let spare = centre_w.saturating_sub(natural_w);
        let history_w = if spare >= MIN_HISTORY {
            spare.min(MAX_HISTORY)
        } else {
            0
        };
        let board_w = centre_w - history_w;
        // Keep the ladders next to the board: spare room goes to the outer margins.
        let board_fit = natural_w.min(board_w);
        let margin = (board_w - board_fit) / 2;
        let x0 = area.x + margin;
        let blue = Rect::new(x0, area.y, ladder_w, main_h);
        let board = Rect::new(x0 + ladder_w, area.y, board_fit, main_h);
        let yellow = Rect::new(board.right(), area.y, ladder_w, main_h);
        let history = (history_w > 0).then(|| Rect::new(yellow.right(), area.y, history_w, main_h));
        let layout = ScreenLayout {
            blue,
            board,
            yellow,
            history,
            status,
        };
        layout.board_geometry().map(|_| layout)
    }

    /// Where the board's squares are.
    pub fn board_geometry(&self) -> Option<BoardGeometry> {
        BoardGeometry::fit(self.board)
    }
}

/// Frames of the thinking indicator.
const SPINNER: [&str; 4] = ["|", "/", "-", "\\"];

/// The whole app, drawn with one theme.
#[derive(Debug, Clone, Copy)]
pub struct AppView<'a> {
    /// The state drawn.
    pub app: &'a App,
    /// The colours.
    pub theme: Theme,
}

impl Widget for &AppView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let Some(layout) = ScreenLayout::new(area) else {
            render_too_small(area, buf);
            return;
        };
        let app = self.app;
        let theme = self.theme;
        let game = app.game();
        let position = game.position();
        let config = app.config();
        let scale = ladder_scale(position);
        let outcome = game.outcome();
        let thinking = app.thinking();
        let spinner = SPINNER[app.spinner() % SPINNER.len()];

        for (player, rect) in [(Player::Blue, layout.blue), (Player::Yellow, layout.yellow)] {
            let note = match (outcome, thinking) {
                (Some(o), _) if o.winner() == Some(player) => Some("wins!"),
                (Some(o), _) if o.winner().is_none() => Some("draw"),
                (None, Some(AiJob::Move)) if game.to_move() == player => Some("thinking…"),
                _ => None,
            };
            let ladder = LadderView {
                player,
                position,
                scale,
                label: seat_name(config.seat(player)),
                note,
                theme,
            };
            ladder.render(rect, buf);
        }

        let mut highlight = Highlight::last_move(game.last());
        highlight.cursor = Some(app.cursor());
        highlight.hint = app.hint();
        BoardView {
            position,
            highlight,
            theme,
        }
        .render(layout.board, buf);

        if let Some(rect) = layout.history {
            HistoryView {
                placements: game.placements(),
                current: None,
                from_start: false,
                theme,
            }
            .render(rect, buf);
        }

        let mover = game.to_move();
        let turn = match (outcome, thinking) {
            (Some(outcome), _) => Span::styled(
                format!("Game over: {outcome}. n: new game, q: quit"),
                theme.banner(),
            ),
            (None, Some(AiJob::Move)) => Span::styled(
                format!(
                    "{mover} ({}) thinking… {spinner}",
                    seat_name(config.seat(mover))
                ),
                theme.player(mover),
            ),
            (None, Some(AiJob::Hint)) => Span::styled(
                format!("{mover} to move, hint thinking… {spinner}"),
                theme.player(mover),
            ),
            (None, None) => Span::styled(format!("{mover} to move"), theme.player(mover)),
        };
        let message = match (app.overlay(), app.message()) {
            (Overlay::Question(q), _) => Span::styled(app.question_text(q), theme.banner()),
            (_, Some(m)) => {
                let (scorer, error) = match m.kind {
                    MessageKind::Info => (None, false),
                    MessageKind::Score(p) => (Some(p), false),
                    MessageKind::Error => (None, true),
                };
                let text = match &m.short {
                    Some(short) if m.text.chars().count() > usize::from(area.width) => short,
                    _ => &m.text,
                };
                Span::styled(text.as_str(), message_style(theme, scorer, error))
            }
            (_, None) if outcome.is_some() => {
                Span::styled("n: new game · q: quit · u: undo", theme.dim())
            }
            (_, None) => Span::styled(
                "arrows/hjkl: move · Enter: place · b3: type a square · u: undo · t: hint",
                theme.dim(),
            ),
        };
        StatusView {
            position,
            turn,
            message,
            right: "? help",
            theme,
        }
        .render(layout.status, buf);

        match app.overlay() {
            Overlay::Help => {
                let main = Rect::new(area.x, area.y, area.width, layout.status.y - area.y);
                HelpView::game(theme).render(main, buf);
            }
            Overlay::Question(q) => {
                render_question(&app.question_text(q), layout.board, theme, buf)
            }
            Overlay::None => {}
        }
    }
}

/// A small box in the middle of `area` with `text`, wrapped.
pub(crate) fn render_question(text: &str, area: Rect, theme: Theme, buf: &mut Buffer) {
    let width = area.width.min(40);
    let inner_w = width.saturating_sub(2).max(1);
    let lines = (text.chars().count() as u16).div_ceil(inner_w) + 1;
    let height = (lines + 2).min(area.height);
    let popup = super::centered(area, width, height);
    Clear.render(popup, buf);
    Paragraph::new(text)
        .style(Style::new())
        .block(Block::bordered().border_style(theme.strong()))
        .wrap(Wrap { trim: true })
        .centered()
        .render(popup, buf);
}

/// The message shown when the terminal is below the minimum size.
fn render_too_small(area: Rect, buf: &mut Buffer) {
    let text = format!(
        "Please enlarge the terminal to {MIN_WIDTH}×{MIN_HEIGHT} (now {}×{}). q quits.",
        area.width, area.height
    );
    Paragraph::new(Line::raw(text))
        .wrap(Wrap { trim: true })
        .render(area, buf);
}
