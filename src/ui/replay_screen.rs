//! The replay viewer drawn with the game's own widgets, and its one event loop.

use std::time::{Duration, Instant};

use anyhow::Context;
use ratatui::DefaultTerminal;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use crate::rules::Player;

use super::app::MessageKind;
use super::board::{BoardView, Highlight};
use super::help::HelpView;
use super::history::HistoryView;
use super::ladder::{LadderView, ladder_scale};
use super::replay::{ReplayExit, ReplayOverlay, ReplayState};
use super::screen::{MIN_HEIGHT, MIN_WIDTH, ScreenLayout, render_question};
use super::status::{StatusView, message_style, placement_message, placement_message_short};
use super::storage::seat_tag;
use super::theme::Theme;

/// The replay viewer as a widget.
#[derive(Debug, Clone, Copy)]
pub struct ReplayView<'a> {
    /// The state drawn.
    pub state: &'a ReplayState,
    /// The colours.
    pub theme: Theme,
}

/// `2 s/move` or `4 moves/s`.
fn speed_text(delay: Duration) -> String {
    let ms = delay.as_millis().max(1);
    if ms >= 1000 {
        format!("{} s/move", ms / 1000)
    } else {
        format!("{} moves/s", 1000 / ms)
    }
}

/// The header: the file, the players, the date, the result and any other tags.
fn header(state: &ReplayState) -> String {
    let mut parts = vec![state.name().to_owned()];
    for player in [Player::Blue, Player::Yellow] {
        let name = state.tag(seat_tag(player)).unwrap_or("?");
        parts.push(format!("{player}: {name}"));
    }
    for (name, value) in state.tags() {
        if !matches!(name.as_str(), "Blue" | "Yellow") {
            parts.push(format!("{name} {value}"));
        }
    }
    parts.join(" · ")
}

impl Widget for &ReplayView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let state = self.state;
        let theme = self.theme;
        // One line for the record's tags, the rest laid out as in a game.
        let body = Rect::new(
            area.x,
            area.y + 1,
            area.width,
            area.height.saturating_sub(1),
        );
        let Some(layout) = ScreenLayout::new(body) else {
            let text = format!(
                "Please enlarge the terminal to {MIN_WIDTH}×{} (now {}×{}). q quits.",
                MIN_HEIGHT + 1,
                area.width,
                area.height
            );
            Paragraph::new(Line::raw(text))
                .wrap(Wrap { trim: true })
                .render(area, buf);
            return;
        };
        Line::styled(header(state), theme.strong())
            .render(Rect::new(area.x, area.y, area.width, 1), buf);

        let position = state.position();
        let outcome = position.outcome();
        let scale = ladder_scale(position);
        for (player, rect) in [(Player::Blue, layout.blue), (Player::Yellow, layout.yellow)] {
            let note = match outcome {
                Some(o) if o.winner() == Some(player) => Some("wins!"),
                Some(o) if o.winner().is_none() => Some("draw"),
                _ => None,
            };
            LadderView {
                player,
                position,
                scale,
                label: state.tag(seat_tag(player)).unwrap_or(""),
                note,
                theme,
            }
            .render(rect, buf);
        }

        BoardView {
            position,
            highlight: Highlight::last_move(state.current()),
            theme,
        }
        .render(layout.board, buf);

        if let Some(rect) = layout.history {
            HistoryView {
                placements: state.game().placements(),
                current: state.shown().checked_sub(1),
                from_start: true,
                theme,
            }
            .render(rect, buf);
        }

        let mut turn = format!("Move {}/{}", state.shown(), state.len());
        match (outcome, state.goto()) {
            (_, Some(typed)) => turn.push_str(&format!(" · go to move: {typed}_")),
            (Some(outcome), None) => turn.push_str(&format!(" · Game over: {outcome}")),
            (None, None) => turn.push_str(&format!(" · {} to move", position.to_move())),
        }
        if state.autoplay() {
            turn.push_str(&format!(" · ▶ {}", speed_text(state.speed())));
        }
        let turn_style = match outcome {
            Some(_) => theme.banner(),
            None => theme.player(position.to_move()),
        };
        let message = match (state.overlay(), state.message(), state.current()) {
            (ReplayOverlay::ConfirmContinue, _, _) => {
                Span::styled(state.continue_question(), theme.banner())
            }
            (_, Some((kind, text)), _) => Span::styled(
                text.to_owned(),
                message_style(theme, None, kind == MessageKind::Error),
            ),
            (_, None, Some(placement)) => {
                let long = placement_message(placement);
                let text = if long.chars().count() > usize::from(area.width) {
                    placement_message_short(placement)
                } else {
                    long
                };
                let scorer = (placement.points > 0).then_some(placement.player);
                Span::styled(
                    format!("{}. {text}", state.shown()),
                    message_style(theme, scorer, false),
                )
            }
            (_, None, None) => Span::styled(
                "Start: →/l next · ←/h back · Space autoplay · g jump · c play on · ? help",
                theme.dim(),
            ),
        };
        StatusView {
            position,
            turn: Span::styled(turn, turn_style),
            message,
            right: "? help",
            theme,
        }
        .render(layout.status, buf);

        match state.overlay() {
            ReplayOverlay::Help => {
                let main = Rect::new(area.x, area.y, area.width, layout.status.y - area.y);
                HelpView::replay(theme).render(main, buf);
            }
            ReplayOverlay::ConfirmContinue => {
                render_question(&state.continue_question(), layout.board, theme, buf);
            }
            ReplayOverlay::None => {}
        }
    }
}

/// Runs the viewer until it is closed or asked to play on. Blocks on input, except
/// while autoplay runs: then it waits for input only until the next move is due.
pub fn run(
    terminal: &mut DefaultTerminal,
    state: &mut ReplayState,
    theme: Theme,
) -> anyhow::Result<ReplayExit> {
    let size = terminal.size().context("cannot read the terminal size")?;
    state.set_area(Rect::new(0, 0, size.width, size.height));
    let mut redraw = true;
    let mut next_move = Instant::now();
    loop {
        if let Some(exit) = state.exit() {
            return Ok(exit);
        }
        if redraw {
            terminal
                .draw(|frame| frame.render_widget(&ReplayView { state, theme }, frame.area()))
                .context("cannot draw the screen")?;
        }
        let changes = match state.autoplay_delay() {
            Some(delay) => {
                let wait = next_move.saturating_duration_since(Instant::now());
                if event::poll(wait).context("cannot read the terminal")? {
                    state.handle_event(&event::read().context("cannot read the terminal")?)
                } else {
                    next_move = Instant::now() + delay;
                    state.tick()
                }
            }
            None => state.handle_event(&event::read().context("cannot read the terminal")?),
        };
        if changes.restart_timer
            && let Some(delay) = state.autoplay_delay()
        {
            next_move = Instant::now() + delay;
        }
        redraw = changes.view;
    }
}
