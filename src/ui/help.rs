//! The help overlay: the keys of a context (from the key table) and the scoring rules.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyEvent;
use ratatui::layout::{Constraint, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::rules::{Game, Ruleset};
use crate::strings::screen::{
    CLOSE_HELP, CLOSE_HELP_SCROLLING, HELP_MORE_ABOVE, HELP_MORE_BELOW, HELP_TITLE, RULES,
    RULES_CLAIMS, RULES_CORNERS, RULES_SHORT, help_title_scrolling,
};
use crate::strings::serve;
use crate::text;

use super::effect::Input;
use super::keymap::{
    self, Action, HintLine, KeyContext, Scroll, help_rows, help_rows_over_board, hint_line,
};
use super::look::Look;

/// The help as a widget, drawn centred over whatever area it is given.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HelpView {
    /// The colours.
    pub look: Look,
    /// Whose keys are listed: [`KeyContext::Board`], [`KeyContext::Served`] (a game at
    /// a server table), [`KeyContext::Watching`] (a spectator's), [`KeyContext::Replay`], [`KeyContext::Lesson`] or
    /// [`KeyContext::Puzzle`].
    pub context: KeyContext,
    /// The rules in play: the corner formations are explained when they score.
    pub ruleset: Ruleset,
    /// Whether players claim their points: the claim keys and rule are listed.
    pub claims: bool,
    /// Whether an AI plays in this game: its claim-game key (Enter lets it play) is
    /// listed only then.
    pub ai: bool,
    /// The first line shown, when the help is longer than its area: from the screen's
    /// state, moved by [`HelpView::scrolled`] (0: the top).
    pub top: u16,
    /// Whether `Ctrl-z` stops the program here (a local screen, not a server's):
    /// its row ([`keymap::SUSPEND_ROW`]) is listed last.
    pub suspends: bool,
    /// Where `q` goes from this screen (out of the program, or back to the start
    /// screen that opened it, the game under a review, a server's lobby): its row says
    /// so ([`keymap::leaving`]).
    pub leaving: keymap::Leaving,
    /// A key that does another key's action on this screen (its action, the action it
    /// does): its row says what it does here ([`keymap::acting_as`]). After the last
    /// lesson, `n` opens the menu.
    pub acts_as: Option<(Action, Action)>,
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
            top: 0,
            // Lessons and puzzles are local screens.
            suspends: true,
            // Their own `q` row says `leave`, true either way.
            leaving: keymap::Leaving::Out,
            acts_as: None,
        }
    }

    /// The keys, the rules, and the closing line (`None` when `short`: it then goes in
    /// the border, and the standard rules take fewer lines, to fit 80×24), each in
    /// lines of at most `columns` display columns.
    fn lines(&self, short: bool, columns: usize) -> (Vec<Line<'static>>, Option<Line<'static>>) {
        let rows: Vec<_> = match self.context {
            KeyContext::Served
            | KeyContext::ServedAi
            | KeyContext::Watching
            | KeyContext::Lesson
            | KeyContext::Puzzle => help_rows_over_board(self.context).collect(),
            _ => help_rows(self.context).collect(),
        };
        let mut rows: Vec<_> = rows
            .into_iter()
            .map(|row| keymap::leaving(row, self.leaving))
            .collect();
        keymap::acting_as(&mut rows, self.context, self.acts_as);
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
        if self.suspends {
            rows.push(keymap::SUSPEND_ROW);
        }
        let mut lines = key_lines(&rows, columns, self.look.strong());
        if !short {
            lines.push(Line::raw(""));
        }
        // The replay's review: what its numbers are (qa41), before the rules.
        if self.context == KeyContext::Replay {
            push_paragraph(crate::strings::analysis::HELP_NUMBERS, columns, &mut lines);
            if !short {
                lines.push(Line::raw(""));
            }
        }
        let rules = if short { RULES_SHORT } else { RULES };
        push_paragraph(rules, columns, &mut lines);
        if self.ruleset == Ruleset::Corners {
            push_paragraph(RULES_CORNERS, columns, &mut lines);
        }
        if self.claims {
            push_paragraph(RULES_CLAIMS, columns, &mut lines);
        }
        let closing = crate::strings::screen::close_help(&keymap::hint_line(HintLine::HelpWhole));
        let close = Line::styled(closing, self.look.dim()).centered();
        if short {
            return (lines, Some(close));
        }
        lines.push(Line::raw(""));
        lines.push(close);
        (lines, None)
    }

    /// Where the help goes in `area` and what it shows there.
    fn laid_out(&self, area: Rect) -> Laid {
        let width = 74.min(area.width);
        let columns = usize::from(width.saturating_sub(2));
        let (mut lines, mut close) = self.lines(false, columns);
        if lines.len() + 2 > usize::from(area.height) {
            (lines, close) = self.lines(true, columns);
        }
        let total = u16::try_from(lines.len()).unwrap_or(u16::MAX);
        let height = total.saturating_add(2).min(area.height);
        let popup = area.centered(Constraint::Length(width), Constraint::Length(height));
        Laid {
            popup,
            shown: height.saturating_sub(2),
            lines,
            close,
        }
    }

    /// The first line shown once `scroll` moves the help drawn in `area` on from its
    /// line `top`: between the first line and the last screenful's first. `None` when
    /// the help shows whole: nothing scrolls, and the key closes it as any other does.
    pub(crate) fn scrolled(&self, area: Rect, top: u16, scroll: Scroll) -> Option<u16> {
        let laid = self.laid_out(area);
        let last = laid.last_top();
        if last == 0 {
            return None;
        }
        // A page keeps one line of the last in view, to read on from.
        Some(scroll.moved(top, last, laid.shown.saturating_sub(1).max(1)))
    }
}

/// The narrowest column worth wrapping a key's description into beside its keys.
const MIN_BESIDE: usize = 16;

/// Key rows as lines of at most `columns` display columns: each row's keys
/// right-aligned in `strong`, then what they do, wrapped under itself when the row is
/// wider (under the keys, on lines of their own, when too little room is left beside
/// them).
fn key_lines<S: AsRef<str>>(
    rows: &[(&'static str, S)],
    columns: usize,
    strong: Style,
) -> Vec<Line<'static>> {
    let key_w = rows.iter().map(|(k, _)| text::width(k)).max().unwrap_or(0);
    let mut lines = Vec::new();
    for (keys, what) in rows {
        let (keys, what) = (*keys, what.as_ref());
        let pad = " ".repeat(key_w - text::width(keys));
        let head = Span::styled(format!("{pad}{keys}  "), strong);
        if key_w + 2 + text::width(what) <= columns {
            lines.push(Line::from(vec![head, Span::raw(what.to_owned())]));
            continue;
        }
        let beside = columns.saturating_sub(key_w + 2);
        if beside < MIN_BESIDE {
            lines.push(Line::styled(text::fit(keys, columns).into_owned(), strong));
            lines.extend(text::wrap(what, columns).into_iter().map(Line::raw));
            continue;
        }
        let mut wrapped = text::wrap(what, beside).into_iter();
        let first = wrapped.next().unwrap_or_default();
        lines.push(Line::from(vec![head, Span::raw(first)]));
        let indent = " ".repeat(key_w + 2);
        lines.extend(wrapped.map(|more| Line::raw(format!("{indent}{more}"))));
    }
    lines
}

/// `paragraph`'s lines as they are when each fits in `columns`, else the paragraph
/// wrapped anew to `columns`.
fn push_paragraph(paragraph: &[&'static str], columns: usize, lines: &mut Vec<Line<'static>>) {
    if paragraph.iter().all(|line| text::width(line) <= columns) {
        lines.extend(paragraph.iter().map(|line| Line::raw(*line)));
        return;
    }
    let joined = paragraph.join(" ");
    lines.extend(text::wrap(&joined, columns).into_iter().map(Line::raw));
}

/// The help laid out in an area.
struct Laid {
    /// Its box.
    popup: Rect,
    /// How many of its lines the box shows.
    shown: u16,
    /// All its lines.
    lines: Vec<Line<'static>>,
    /// The closing line, when it goes in the bottom border.
    close: Option<Line<'static>>,
}

impl Laid {
    /// The first line shown when scrolled to the end.
    fn last_top(&self) -> u16 {
        u16::try_from(self.lines.len())
            .unwrap_or(u16::MAX)
            .saturating_sub(self.shown)
    }
}

impl Widget for &HelpView {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let Laid {
            popup,
            shown,
            lines,
            close,
        } = self.laid_out(area);
        let total = lines.len();
        let top = usize::from(self.top).min(total.saturating_sub(usize::from(shown)));
        let below = total > top + usize::from(shown);
        let scrolls = top > 0 || below;
        super::clip::cover(buf, popup);
        let inner = usize::from(popup.width.saturating_sub(2));
        let title = if scrolls {
            // The scrolling keys in the title, on the left, in as many words as fit
            // beside the mark of lines above.
            let room = inner.saturating_sub(text::width(HELP_MORE_ABOVE) + 1);
            let wordings = [HintLine::HelpScroll, HintLine::HelpScrollShort]
                .map(|line| help_title_scrolling(&keymap::hint_line(line)));
            let title = text::first_fitting(wordings.iter().map(String::as_str), room)
                .unwrap_or(HELP_TITLE);
            Line::styled(title.to_owned(), self.look.strong()).left_aligned()
        } else {
            Line::styled(HELP_TITLE, self.look.strong()).centered()
        };
        let mut block = Block::bordered().title(title);
        if top > 0 {
            block = block.title(Line::raw(HELP_MORE_ABOVE).right_aligned());
        }
        if scrolls {
            let close = Line::styled(CLOSE_HELP_SCROLLING, self.look.dim()).centered();
            block = block.title_bottom(close);
        } else if let Some(close) = close {
            block = block.title_bottom(close);
        }
        if below {
            block = block.title_bottom(Line::raw(HELP_MORE_BELOW).right_aligned());
        }
        let lines: Vec<Line<'static>> = lines
            .into_iter()
            .skip(top)
            .take(usize::from(shown))
            .collect();
        Paragraph::new(lines).block(block).render(popup, buf);
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
    /// The first line shown (clamped to the last screenful's first when drawn).
    pub top: usize,
    /// The keys' style.
    pub strong: Style,
    /// The foot line's style.
    pub dim: Style,
    /// The box's title.
    pub title: &'static str,
    /// Whether the reader is a guest of a server: nothing is kept for them, so no
    /// row says a switch is kept for their key.
    pub guest: bool,
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

    /// The rows as lines `width` columns wide.
    fn lines(&self, width: usize) -> Vec<Line<'static>> {
        let rows: Vec<_> = keymap::help_rows_own_first(self.context)
            .map(|(keys, what)| {
                let what = if self.guest {
                    crate::strings::serve::help_for_guest(what)
                } else {
                    what.into()
                };
                (keys, what)
            })
            .collect();
        key_lines(&rows, width, self.strong)
    }

    /// The lines, their box, and the rows of text inside it, in `area`.
    fn laid_out(&self, area: Rect) -> (Vec<Line<'static>>, Rect, usize) {
        let inner_w = usize::from(74.min(area.width).saturating_sub(2));
        let lines = self.lines(inner_w.max(1));
        let popup = KeysHelp::popup(area, lines.len());
        let shown = usize::from(popup.height.saturating_sub(2));
        (lines, popup, shown)
    }

    /// The first line shown once `scroll` moves the help drawn in `area` on from its
    /// line `top` (a page: the box's height, as the foot's count of lines shows).
    /// `None` when the help shows whole: nothing scrolls, and the key closes it as any
    /// other does, as its foot says ([`CLOSE_HELP`]) and as the game's help does
    /// ([`HelpView::scrolled`]).
    pub(crate) fn scrolled(&self, area: Rect, top: usize, scroll: Scroll) -> Option<usize> {
        let (lines, _, shown) = self.laid_out(area);
        let narrow = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
        let last = narrow(lines.len().saturating_sub(shown));
        if last == 0 {
            return None;
        }
        Some(usize::from(scroll.moved(
            narrow(top),
            last,
            narrow(shown.max(1)),
        )))
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
        let close = hint_line(HintLine::LobbyHelp);
        let at = (shown < all).then(|| serve::help_shown(top + 1, (top + shown).min(all), all));
        let with_at = |t: &str| at.as_ref().map_or(t.to_owned(), |a| format!("{a}  {t}"));
        // The scrolling keys only where there is something to scroll, named from the
        // key table in as many words as fit (s40: every key where it can be); a help
        // shown whole says what the game's does.
        let mut choices = Vec::new();
        match at {
            Some(_) => {
                for keys in keymap::scroll_key_names(KeyContext::LobbyHelp) {
                    let full = serve::help_scroll_foot(&keys, &close);
                    choices.extend([with_at(&full), full]);
                }
            }
            None => choices.push(CLOSE_HELP.to_owned()),
        }
        choices.extend([with_at(&close), close.clone()]);
        let foot = text::first_fitting(choices.iter().map(String::as_str), inner_w)
            .map_or_else(|| text::fit(&close, inner_w).into_owned(), str::to_owned);
        let foot = Line::styled(foot, self.dim).centered();
        let title = Line::styled(text::fit(self.title, inner_w).into_owned(), self.strong);
        super::clip::cover(buf, popup);
        let block = Block::bordered().title(title.centered()).title_bottom(foot);
        Paragraph::new(lines.into_iter().skip(top).take(shown).collect::<Vec<_>>())
            .block(block)
            .render(popup, buf);
    }
}

/// What a key or click did to a help shown over a screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum HelpAnswer {
    /// A scrolling key: the help stays, scrolled (or not, at its end).
    Scrolled,
    /// Any other key or a click: the help is closed.
    Closed,
    /// Ctrl-c: the help is closed, and the program quits.
    Quit,
}

/// What `input` does to a help shown over a screen (`shown`; drawn as `view` in `area`,
/// its first line shown `top`): `None` when none is shown or the input is no key or
/// click; a scrolling key moves `top` (when the help does not show whole); any other
/// key or a click closes the help.
pub(crate) fn answer(
    shown: &mut bool,
    top: &mut u16,
    view: &HelpView,
    area: Rect,
    input: Input,
) -> Option<HelpAnswer> {
    if !*shown || !matches!(input, Input::Key(_) | Input::Click(_)) {
        return None;
    }
    let action = match input {
        Input::Key(key) => keymap::action(key, KeyContext::Help),
        _ => None,
    };
    let scrolled = match action {
        Some(Action::Scroll(scroll)) => view.scrolled(area, *top, scroll),
        _ => None,
    };
    Some(match (scrolled, action) {
        (Some(scrolled), _) => {
            *top = scrolled;
            HelpAnswer::Scrolled
        }
        (None, Some(Action::ForceQuit)) => {
            *shown = false;
            HelpAnswer::Quit
        }
        _ => {
            *shown = false;
            HelpAnswer::Closed
        }
    })
}

/// The key a turn of the mouse wheel (`down`, or up) over the help drawn as `view` in
/// `area` stands for: a line's scroll, while the help does not show whole. `None`
/// when it does: a scrolling key would close it, as any key does, and a wheel turned
/// over it is no answer.
pub(crate) fn wheel_key(view: &HelpView, area: Rect, down: bool) -> Option<KeyEvent> {
    let scroll = if down {
        Scroll::LineDown
    } else {
        Scroll::LineUp
    };
    view.scrolled(area, view.top, scroll)?;
    keymap::key_for(Action::Scroll(scroll), &[KeyContext::Help])
}

/// Checks that the screen drawn (`shown`) lists every help row of `context`.
#[cfg(test)]
pub(crate) fn assert_lists_the_rows_of(context: KeyContext, shown: &str) {
    for (keys, what) in help_rows_over_board(context) {
        assert!(shown.contains(what), "{keys} {what} in\n{shown}");
    }
}

#[cfg(test)]
mod tests {
    use ratatui::buffer::Buffer;

    use super::*;
    use crate::session::GameConfig;
    use crate::ui::App;

    fn shown(view: &HelpView) -> String {
        // Tall enough that the help shows whole, its last row included.
        let area = Rect::new(0, 0, 80, 80);
        let mut buf = Buffer::empty(area);
        view.render(area, &mut buf);
        buf.content().iter().map(|c| c.symbol()).collect()
    }

    /// QA (s17): `Ctrl-z` stops a local game (the terminal layer takes it before the
    /// key table) but the help did not list it. It is listed from the key table's
    /// row wherever it stops the program, and not at a server's table, where it
    /// does nothing.
    #[test]
    fn ctrl_z_is_listed_where_it_stops_the_program() {
        let (keys, what) = keymap::SUSPEND_ROW;
        let config = GameConfig::default();
        let local = App::with_game(config, config.new_game());
        let served = local.clone().served([false, true]);
        for (app, listed) in [(local, true), (served, false)] {
            let help = shown(&app.help_view(Look::PLAIN));
            assert_eq!(help.contains(keys), listed, "{help}");
            assert_eq!(help.contains(what), listed, "{help}");
        }
        let start = crate::ui::StartState::new(false, false);
        assert!(shown(&start.help_view(Look::PLAIN)).contains(keys));
        let puzzle = HelpView::on_board(Look::PLAIN, KeyContext::Puzzle, &Game::new());
        assert!(shown(&puzzle).contains(keys));
    }

    /// QA (s20): a spectator's `?` (over ssh, at 80x24 and 44x16) listed the local
    /// game's keys: placing a stone, undo, redo, the hint, saving, a new game, resigning
    /// and `q` quitting after a question, none of them a spectator's (the table refuses
    /// them with `You are watching: q goes back to the lobby`). It lists `q` back to
    /// the lobby, the help and Ctrl-c; not the cursor's keys, as a spectator's board
    /// has no cursor (qa43).
    #[test]
    fn a_spectator_s_help_lists_only_a_spectator_s_keys() {
        let config = GameConfig::default();
        let watching = App::with_game(config, config.new_game()).served([true, true]);
        let help = shown(&watching.help_view(Look::PLAIN));
        for refused in [
            "place",
            "undo",
            "redo",
            "hint",
            "save the game",
            "new game",
            "resign",
            "asks while",
            "move the cursor",
        ] {
            assert!(!help.contains(refused), "{refused} in\n{help}");
        }
        for listed in [
            "back to the lobby",
            "show or hide this help",
            "quit at once",
        ] {
            assert!(help.contains(listed), "{listed} not in\n{help}");
        }
    }
}
