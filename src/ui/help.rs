//! The help overlay: the keys of a context (from the key table) and the scoring rules.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

use crate::rules::{Game, Ruleset};
use crate::strings::screen::{
    CLOSE_HELP, HELP_TITLE, RULES, RULES_CLAIMS, RULES_CORNERS, RULES_SHORT,
};
use crate::strings::serve;
use crate::text;

use super::effect::Input;
use super::keymap::{
    self, Action, HintLine, KeyContext, help_rows, help_rows_over_board, hint_line,
};
use super::look::Look;

/// The help as a widget, drawn centred over whatever area it is given.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HelpView {
    /// The colours.
    pub look: Look,
    /// Whose keys are listed: [`KeyContext::Board`], [`KeyContext::Served`] (a game at
    /// a server table), [`KeyContext::Replay`], [`KeyContext::Lesson`] or
    /// [`KeyContext::Puzzle`].
    pub context: KeyContext,
    /// The rules in play: the corner formations are explained when they score.
    pub ruleset: Ruleset,
    /// Whether players claim their points: the claim keys and rule are listed.
    pub claims: bool,
    /// Whether an AI plays in this game: its claim-game key (Enter lets it play) is
    /// listed only then.
    pub ai: bool,
}

impl HelpView {
    /// The help of a screen on one game's board where no AI plays (a lesson, a puzzle):
    /// `context`'s keys and the rules of `game`.
    pub(crate) fn on_board(look: Look, context: KeyContext, game: &Game) -> HelpView {
        HelpView {
            look,
            context,
            ruleset: game.ruleset(),
            claims: game.claim_mode(),
            ai: false,
        }
    }

    /// The keys, the rules, and the closing line (`None` when `short`: it then goes in
    /// the border, and the standard rules take fewer lines, to fit 80×24).
    fn lines(&self, short: bool) -> (Vec<Line<'static>>, Option<Line<'static>>) {
        let mut rows: Vec<_> = match self.context {
            KeyContext::Served | KeyContext::ServedAi | KeyContext::Lesson | KeyContext::Puzzle => {
                help_rows_over_board(self.context).collect()
            }
            _ => help_rows(self.context).collect(),
        };
        let on_a_board = matches!(
            self.context,
            KeyContext::Board | KeyContext::Served | KeyContext::ServedAi | KeyContext::Lesson
        );
        if self.claims && on_a_board {
            rows.extend(help_rows(KeyContext::ClaimGame));
            if self.ai {
                rows.extend(help_rows(KeyContext::ClaimAgainstAi));
            }
        }
        let key_w = rows.iter().map(|(k, _)| text::width(k)).max().unwrap_or(0);
        let mut lines: Vec<Line<'static>> = rows
            .iter()
            .map(|(keys, what)| {
                Line::from(vec![
                    Span::styled(format!("{keys:>key_w$}  "), self.look.strong()),
                    Span::raw(*what),
                ])
            })
            .collect();
        if !short {
            lines.push(Line::raw(""));
        }
        let rules = if short { RULES_SHORT } else { RULES };
        lines.extend(rules.iter().map(|r| Line::raw(*r)));
        if self.ruleset == Ruleset::Corners {
            lines.extend(RULES_CORNERS.iter().map(|r| Line::raw(*r)));
        }
        if self.claims {
            lines.extend(RULES_CLAIMS.iter().map(|r| Line::raw(*r)));
        }
        let close = Line::styled(CLOSE_HELP, self.look.dim()).centered();
        if short {
            return (lines, Some(close));
        }
        lines.push(Line::raw(""));
        lines.push(close);
        (lines, None)
    }
}

impl Widget for &HelpView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let (mut lines, mut close) = self.lines(false);
        if lines.len() as u16 + 2 > area.height {
            (lines, close) = self.lines(true);
        }
        let width = 74.min(area.width);
        let height = (lines.len() as u16 + 2).min(area.height);
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        Clear.render(popup, buf);
        let mut block =
            Block::bordered().title(Line::styled(HELP_TITLE, self.look.strong()).centered());
        if let Some(close) = close {
            block = block.title_bottom(close);
        }
        Paragraph::new(lines)
            .block(block)
            .wrap(Wrap { trim: false })
            .render(popup, buf);
    }
}

/// The keys of a screen without a board (the server's lobby, its form and club
/// screens) as a help box drawn over it: the key table's rows of `context` (its own
/// first, then `?` and Ctrl-c), the keys
/// in a column and what they do wrapped beside them, scrolled to `top` where they
/// do not all fit. The box is at most 74 columns wide, as the game's help.
#[derive(Debug, Clone, Copy)]
pub(crate) struct KeysHelp {
    /// Whose keys are listed.
    pub context: KeyContext,
    /// The first line shown (clamped to [`KeysHelp::last_top`] when drawn).
    pub top: usize,
    /// The keys' style.
    pub strong: Style,
    /// The foot line's style.
    pub dim: Style,
    /// The box's title.
    pub title: &'static str,
}

impl KeysHelp {
    /// The box drawn in `area`, for `lines` lines of text.
    fn popup(area: Rect, lines: usize) -> Rect {
        let width = 74.min(area.width);
        let height = u16::try_from(lines + 2)
            .unwrap_or(u16::MAX)
            .min(area.height);
        area.centered(Constraint::Length(width), Constraint::Length(height))
    }

    /// The rows as lines `width` columns wide: where the room beside the keys is too
    /// narrow, each row's keys go on a line of their own.
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let rows: Vec<_> = keymap::help_rows_own_first(self.context).collect();
        let key_w = rows.iter().map(|(k, _)| text::width(k)).max().unwrap_or(0);
        let beside = width >= key_w + 2 + 20;
        let mut lines = Vec::new();
        for (keys, what) in rows {
            if beside {
                let pad = " ".repeat(key_w - text::width(keys));
                let wrapped = text::wrap(what, width - key_w - 2);
                for (i, part) in wrapped.into_iter().enumerate() {
                    let head = if i == 0 {
                        Span::styled(format!("{pad}{keys}  "), self.strong)
                    } else {
                        Span::raw(" ".repeat(key_w + 2))
                    };
                    lines.push(Line::from(vec![head, Span::raw(part)]));
                }
            } else {
                lines.push(Line::styled(
                    text::fit(keys, width).into_owned(),
                    self.strong,
                ));
                lines.extend(
                    text::wrap(what, width.saturating_sub(2))
                        .into_iter()
                        .map(|part| Line::raw(text::fit(&format!("  {part}"), width).into_owned())),
                );
            }
        }
        lines
    }

    /// The lines, their box, and the rows of text inside it, in `area`.
    fn laid_out(&self, area: Rect) -> (Vec<Line<'static>>, Rect, usize) {
        let inner_w = usize::from(74.min(area.width).saturating_sub(2));
        let lines = self.lines(inner_w.max(1));
        let popup = KeysHelp::popup(area, lines.len());
        let shown = usize::from(popup.height.saturating_sub(2));
        (lines, popup, shown)
    }

    /// The last line that can be the first shown in `area`: the help scrolls no
    /// further than its last line at the foot of the box.
    pub(crate) fn last_top(&self, area: Rect) -> usize {
        let (lines, _, shown) = self.laid_out(area);
        lines.len().saturating_sub(shown)
    }

    /// How many lines a page of scrolling moves in `area`.
    pub(crate) fn page(&self, area: Rect) -> usize {
        self.laid_out(area).2.max(1)
    }
}

impl Widget for &KeysHelp {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let (lines, popup, shown) = self.laid_out(area);
        let all = lines.len();
        let top = self.top.min(all.saturating_sub(shown));
        let inner_w = usize::from(popup.width.saturating_sub(2));
        // The foot says how to close it, and where a scroll is, what is shown: the
        // longest wording that fits (the closing keys are kept last).
        let full = hint_line(HintLine::LobbyHelp);
        let close = keymap::hint_parts(HintLine::LobbyHelp)
            .last()
            .copied()
            .unwrap_or_default();
        let at = (shown < all).then(|| serve::help_shown(top + 1, (top + shown).min(all), all));
        let with_at = |t: &str| at.as_ref().map_or(t.to_owned(), |a| format!("{a}  {t}"));
        let choices = [
            with_at(&full),
            full.clone(),
            with_at(close),
            close.to_owned(),
        ];
        let foot = text::first_fitting(choices.iter().map(String::as_str), inner_w)
            .map_or_else(|| text::fit(close, inner_w).into_owned(), str::to_owned);
        let foot = Line::styled(foot, self.dim).centered();
        let title = Line::styled(text::fit(self.title, inner_w).into_owned(), self.strong);
        Clear.render(popup, buf);
        let block = Block::bordered().title(title.centered()).title_bottom(foot);
        Paragraph::new(lines.into_iter().skip(top).take(shown).collect::<Vec<_>>())
            .block(block)
            .render(popup, buf);
    }
}

/// What `input` does to a help shown over a screen (`shown`): `None` when none is shown
/// or the input is no key or click; else it closes the help, and says whether the key
/// was Ctrl-c, which still quits.
pub(crate) fn closed_by(shown: &mut bool, input: Input) -> Option<bool> {
    if !*shown || !matches!(input, Input::Key(_) | Input::Click(_)) {
        return None;
    }
    *shown = false;
    Some(matches!(input, Input::Key(key)
        if keymap::action(key, KeyContext::Help) == Some(Action::ForceQuit)))
}

/// Checks that the screen drawn (`shown`) lists every help row of `context`.
#[cfg(test)]
pub(crate) fn assert_lists_the_rows_of(context: KeyContext, shown: &str) {
    for (keys, what) in help_rows_over_board(context) {
        assert!(shown.contains(what), "{keys} {what} in\n{shown}");
    }
}
