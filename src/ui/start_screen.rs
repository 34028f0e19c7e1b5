//! The start screen drawn: a centred box listing the doors with their keys.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Modifier;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

use crate::strings::start as words;

use super::keymap::{HintLine, hint_line};
use super::look::Look;
use super::screen::render_enlarge;
use super::start::{
    LINES, NAMES_KEY, SIDE_KEY, START_ITEMS, START_MIN_HEIGHT, START_MIN_WIDTH, StartState,
    too_small,
};

/// The box's width at most.
const WIDTH: u16 = 60;

/// What a note that would not be whole otherwise takes from the box, least first:
/// the two blank rows, then the welcome's words (the key row says them itself).
/// Each is given up only while the note needs its row, the key hints under it, at
/// the smallest size too. A note longer still is shortened to the rows there are
/// ([`note_shown`]): the doors, the side's row and the names' always show.
/// s37: at 44x16 a two-row note (a summary back from the lessons, a game kept) took
/// the welcome, the side's row and the names' at once until the next key; it takes
/// the two blank rows now, and nothing is hidden. s38: a note of four rows or more
/// there (a config file's problem with its path) still took the side's row and the
/// names'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum GivenUp {
    /// The box is whole.
    Nothing,
    /// The blank row under the doors.
    BlankUnderDoors,
    /// That and the blank row under the welcome.
    Blanks,
    /// Those and the welcome.
    Welcome,
}

impl GivenUp {
    /// Every step, least first.
    const ALL: [GivenUp; 4] = [
        GivenUp::Nothing,
        GivenUp::BlankUnderDoors,
        GivenUp::Blanks,
        GivenUp::Welcome,
    ];

    /// The rows it gives up.
    fn rows(self) -> u16 {
        match self {
            GivenUp::Nothing => 0,
            GivenUp::BlankUnderDoors => 1,
            GivenUp::Blanks => 2,
            GivenUp::Welcome => 3,
        }
    }
}

/// What `note` takes from the box in `area` ([`GivenUp`]): the least with which the
/// note and the key hints under it fit; all of it when none does.
fn given_up(area: Rect, note: Option<&str>) -> GivenUp {
    let Some(note) = note else {
        return GivenUp::Nothing;
    };
    let rows = note_lines(note, WIDTH.min(area.width)).len() as u16;
    GivenUp::ALL
        .into_iter()
        .find(|given| (LINES + 2 - given.rows()).saturating_add(rows) <= area.height)
        .unwrap_or(GivenUp::Welcome)
}

/// The rows of `note` drawn in `area`: all of them where they fit with every other
/// row of the box and the key hints; else with its paths' folders left out
/// ([`folders_cut`]), and if that is still too long as many rows as fit, the last
/// cut and ended with `…` (s38: a note of four rows or more at 44x16 took the side's
/// row and the names'). The line mode says the note whole, and so does the box where
/// it has room (80x24).
fn note_shown(area: Rect, note: &str) -> Vec<String> {
    let width = WIDTH.min(area.width);
    let mut lines = note_lines(note, width);
    let room = usize::from(
        area.height
            .saturating_sub(LINES + 2 - GivenUp::Welcome.rows())
            .max(1),
    );
    // A path first gives up its folders (`…/config.toml:`), so what is wrong with
    // the file stays in view; the cut below only for a note still too long.
    if lines.len() > room {
        lines = note_lines(&folders_cut(note), width);
    }
    if lines.len() > room {
        lines.truncate(room);
        let inner = usize::from(width.saturating_sub(2));
        if let Some(last) = lines.last_mut() {
            // Ended with `…` where the row has room, else cut for it.
            *last = crate::text::fit(&format!("{last}…"), inner)
                .trim_end_matches('…')
                .trim_end()
                .to_owned()
                + "…";
        }
    }
    lines
}

/// Whether the welcome is drawn.
fn welcome_shown(area: Rect, note: Option<&str>) -> bool {
    given_up(area, note) < GivenUp::Welcome
}

/// The row of the first item inside the box: under the welcome and the blank row
/// under it, as many of them as are drawn.
fn items_at(area: Rect, note: Option<&str>) -> u16 {
    let given = given_up(area, note);
    u16::from(given < GivenUp::Welcome) + u16::from(given < GivenUp::Blanks)
}

/// Whether the key hints are shown under `note` in `area`: always without a note;
/// with one when the box has room for both (the note, read first, takes the room
/// otherwise). The note stays until the next key, and a player back from the lessons
/// or the puzzles, their summary on it, read no `q: quit` until then.
fn hints_shown(area: Rect, note: Option<&str>) -> bool {
    note.is_none_or(|note| {
        let rows = note_shown(area, note).len() as u16;
        (LINES + 2 - given_up(area, Some(note)).rows()).saturating_add(rows) <= area.height
    })
}

/// Where the box goes, centred in `area`: one line more for each line the note
/// wraps to past its first, and one for the hints under it, as far as the terminal
/// has room.
fn start_box(area: Rect, note: Option<&str>) -> Rect {
    let width = WIDTH.min(area.width);
    let extra = note.map_or(0, |note| {
        let rows = note_shown(area, note).len() as u16;
        rows.saturating_sub(1) + u16::from(hints_shown(area, Some(note)))
    });
    let height = (LINES + 2 - given_up(area, note).rows())
        .saturating_add(extra)
        .min(area.height);
    let [_, row, _] = Layout::vertical([
        Constraint::Fill(1),
        Constraint::Length(height),
        Constraint::Fill(1),
    ])
    .areas(area);
    let [_, rect, _] = Layout::horizontal([
        Constraint::Fill(1),
        Constraint::Length(width),
        Constraint::Fill(1),
    ])
    .areas(row);
    rect
}

/// `note` with each path of more than one folder said by its last part:
/// `Config file …/config.toml: line 1, ...`.
fn folders_cut(note: &str) -> String {
    note.split(' ')
        .map(|word| match word.rsplit_once('/') {
            Some((folders, last)) if folders.contains('/') && !last.is_empty() => {
                format!("…/{last}")
            }
            _ => word.to_owned(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The note wrapped inside a box `width` columns wide (a config file's problem is
/// longer than a line).
fn note_lines(note: &str, width: u16) -> Vec<String> {
    crate::text::wrap(note, usize::from(width.saturating_sub(2)))
}

/// The item whose row is at (`column`, `row`) of `state`'s screen, as drawn in a
/// frame of `drawn` (`None` off the items, or when the box is too narrow for one line
/// each); `START_ITEMS.len()` is the side's row under them.
pub(crate) fn item_at(state: &StartState, drawn: Rect, column: u16, row: u16) -> Option<usize> {
    let inner = start_box(drawn, state.note()).inner(ratatui::layout::Margin::new(1, 1));
    let longest = START_ITEMS
        .iter()
        .map(|(_, _, label)| crate::text::width(label) + 4 + crate::text::width(words::CLOSED))
        .max()
        .unwrap_or(0);
    // The side's row under the doors is one more (`START_ITEMS.len()`), and the
    // names' row under it another.
    let rows = START_ITEMS.len() + 2;
    let fits = usize::from(inner.width) >= longest
        && inner.height >= items_at(drawn, state.note()) + rows as u16;
    if !fits || !inner.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let item = usize::from(row.checked_sub(inner.y + items_at(drawn, state.note()))?);
    (item < rows).then_some(item)
}

/// Where the start screen drawn in a frame of `drawn` shows `? help`, in its box's
/// lower border (empty under the help, or on the screen asking for a larger terminal).
pub(crate) fn help_label(state: &StartState, drawn: Rect) -> Rect {
    if too_small(drawn) || state.help_shown() {
        return Rect::default();
    }
    let rect = start_box(drawn, state.note());
    let help = hint_line(HintLine::PanelHelp);
    super::layout::border_label(rect, rect.bottom().saturating_sub(1), &help, false)
}

/// The names' row in `width` columns: `Names: alice, bob`, else each name cut by
/// display columns with `…` to share what is left.
fn names_row(state: &StartState, width: usize) -> String {
    let [blue, yellow] = state.names();
    let blue = blue.unwrap_or_else(|| crate::rules::Player::Blue.to_string());
    let yellow = yellow.unwrap_or_else(|| crate::rules::Player::Yellow.to_string());
    let row = words::names_row(NAMES_KEY, &blue, &yellow);
    if crate::text::fits(&row, width) {
        return row;
    }
    let bare = crate::text::width(&words::names_row(NAMES_KEY, "", ""));
    let each = width.saturating_sub(bare) / 2;
    words::names_row(
        NAMES_KEY,
        &crate::text::fit(&blue, each),
        &crate::text::fit(&yellow, each),
    )
}

/// The start screen as a widget.
#[derive(Debug, Clone, Copy)]
pub struct StartView<'a> {
    /// The state drawn.
    pub state: &'a StartState,
    /// The colours.
    pub look: Look,
}

impl Widget for &StartView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if too_small(area) {
            render_enlarge(area, START_MIN_WIDTH, START_MIN_HEIGHT, buf);
            return;
        }
        let look = self.look;
        let state = self.state;
        let rect = start_box(area, state.note());
        let mut lines = Vec::new();
        let given = given_up(area, state.note());
        let welcome = welcome_shown(area, state.note());
        if welcome {
            lines.push(Line::raw(words::WELCOME));
        }
        if given < GivenUp::Blanks {
            lines.push(Line::raw(""));
        }
        for (i, (choice, key, label)) in START_ITEMS.iter().enumerate() {
            let text = words::item(i == state.selected(), *key, label, state.enabled(*choice));
            let style = if i == state.selected() {
                look.strong().add_modifier(Modifier::REVERSED)
            } else if state.enabled(*choice) {
                ratatui::style::Style::new()
            } else {
                look.dim()
            };
            lines.push(Line::styled(text, style));
        }
        lines.push(Line::raw(words::side_row(SIDE_KEY, state.side().name())));
        let inner = usize::from(rect.width.saturating_sub(2));
        lines.push(match state.typing() {
            Some(typing) => Line::styled(
                words::name_typing_row(NAMES_KEY, typing.player, &typing.text),
                look.strong(),
            ),
            None => Line::raw(names_row(state, inner)),
        });
        if given == GivenUp::Nothing {
            lines.push(Line::raw(""));
        }
        if let Some(note) = state.note_message() {
            // A door that could not open in the error colour, a summary plain.
            let style = note.style(look);
            lines.extend(
                note_shown(area, &note.text)
                    .into_iter()
                    .map(|line| Line::styled(line, style)),
            );
        }
        if hints_shown(area, state.note()) {
            // Without the welcome's `Press a key:`, the line it goes on from, the
            // keys say it themselves (s33: the row began `or ↑↓ and Enter`).
            let hints = if state.typing().is_some() {
                HintLine::NameEntry
            } else if welcome {
                HintLine::Start
            } else {
                HintLine::StartAlone
            };
            lines.push(Line::styled(hint_line(hints), look.dim()));
        }
        // The help's key in the border, as by a lesson's text: the hint line has no
        // room for it at the smallest size.
        let block = Block::bordered()
            .title(Line::styled(words::TITLE, look.strong()).centered())
            .title_bottom(Line::raw(hint_line(HintLine::PanelHelp)).right_aligned());
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block)
            .render(rect, buf);
        if state.help_shown() {
            state.help_view(look).render(area, buf);
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

    use super::*;
    use crate::ui::effect::{Effect, Input};
    use crate::ui::navigation::Screen;
    use crate::ui::start::StartChoice;

    /// QA (qa45): the name typed after `n` stopped taking characters at 16 columns
    /// without a word (`Yellow's name: averyveryverylon_`). The character refused
    /// says the limit, on screen at 80×24 and 44×16 and in the line mode, which types
    /// the line and Enter at once. Fails on the old code (no note).
    #[test]
    fn a_name_past_its_widest_says_the_limit() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent};
        let limit = "Names are at most 16 columns wide";
        let press = |state: &mut StartState, code| {
            state.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)))
        };
        for (w, h) in [(80, 24), (44, 16)] {
            let mut state = StartState::new(false, true);
            let _ = state.handle(Input::Resize(w, h));
            let _ = press(&mut state, KeyCode::Char('n'));
            for c in "averyveryverylongname".chars() {
                let _ = press(&mut state, KeyCode::Char(c));
            }
            assert_eq!(state.typing().unwrap().text, "averyveryverylon");
            assert_eq!(state.note(), Some(limit));
            let flat = drawn(&state, w, h)
                .backend()
                .to_string()
                .lines()
                .map(|l| l.replace(['│', '"'], " ").trim().to_owned())
                .collect::<Vec<_>>()
                .join(" ");
            assert!(flat.contains(limit), "{w}x{h}:\n{flat}");
            // A key that fits again takes it away.
            let _ = press(&mut state, KeyCode::Backspace);
            assert_eq!(state.note(), None);
        }
        // The line mode: the name's line typed as its characters and Enter.
        let said = said_after_a_long_blue_name_in_the_line_mode().join(" ");
        assert!(said.contains(limit), "{said}");
    }

    /// What the line mode says once Blue's name line, 21 columns, is typed and Enter.
    fn said_after_a_long_blue_name_in_the_line_mode() -> Vec<String> {
        use ratatui::crossterm::event::{KeyCode, KeyEvent};
        let press = |state: &mut StartState, code| {
            state.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)))
        };
        let mut narrator = crate::ui::line::narrate::Narrator::default();
        let mut state = StartState::new(false, true);
        let _ = state.handle(Input::Resize(80, 24));
        let _ = press(&mut state, KeyCode::Char('n'));
        let _ = narrator.tell(&Screen::Start(state.clone()));
        for c in "averyveryverylongname".chars() {
            let _ = press(&mut state, KeyCode::Char(c));
        }
        let _ = press(&mut state, KeyCode::Enter);
        narrator.tell(&Screen::Start(state))
    }

    /// s40 (local47, left alone): the line mode said the name limit's note after the
    /// next name's prompt (`Yellow's name, then Enter ...:` then `Names are at most
    /// 16 columns wide`), as if of the name not typed yet. The note comes first, the
    /// prompt last, as a screen reader's last words.
    #[test]
    fn the_line_mode_says_the_name_limit_before_the_next_prompt() {
        let said = said_after_a_long_blue_name_in_the_line_mode();
        let prompt = crate::strings::start::name_prompt(crate::rules::Player::Yellow);
        assert_eq!(
            said,
            vec!["Names are at most 16 columns wide".to_owned(), prompt]
        );
    }

    /// The cell where `text` is drawn on the start screen at `w`×`h`.
    /// The start screen `state` drawn at `w`x`h`, plain.
    fn drawn(state: &StartState, w: u16, h: u16) -> Terminal<TestBackend> {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
        terminal
            .draw(|f| {
                let view = StartView {
                    state,
                    look: Look::PLAIN,
                };
                f.render_widget(&view, f.area());
            })
            .unwrap();
        terminal
    }

    fn find(state: &StartState, w: u16, h: u16, text: &str) -> (u16, u16) {
        let shown = drawn(state, w, h).backend().to_string();
        let lines: Vec<&str> = shown.lines().collect();
        let y = lines.iter().position(|l| l.contains(text)).unwrap();
        let x = lines[y].split(text).next().unwrap().chars().count() - 1;
        (x as u16, y as u16)
    }

    fn click(column: u16, row: u16) -> Event {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    }

    #[test]
    fn the_smallest_start_screen_holds_every_line_whole() {
        let longest = START_ITEMS
            .iter()
            .map(|(_, _, label)| crate::text::width(label) + 5 + crate::text::width(words::CLOSED))
            .chain([
                crate::text::width(words::WELCOME),
                crate::text::width(&hint_line(HintLine::Start)),
                crate::text::width(&hint_line(HintLine::StartAlone)),
            ])
            .max()
            .unwrap_or(0);
        assert_eq!(usize::from(START_MIN_WIDTH), longest + 2);
    }

    #[test]
    fn a_click_on_an_item_s_row_chooses_it() {
        for (w, h) in [(80, 24), (120, 40), (60, 16)] {
            let mut state = StartState::new(false, true);
            let _ = state.handle(Input::Resize(w, h));
            let (x, y) = find(&state, w, h, "Learn: lessons");
            let mut screen = Screen::Start(state);
            let input = screen.input_of(&click(x, y), screen.area()).unwrap();
            assert_eq!(input, Input::Pick(5), "{w}x{h}");
            assert_eq!(screen.handle(input), vec![Effect::Quit]);
            let Screen::Start(state) = screen else {
                unreachable!()
            };
            assert_eq!(state.choice(), Some(StartChoice::Learn));
        }
    }

    /// A config file's problem on the note line is read whole at 80x24: the box grows
    /// by the lines it wraps to, and the items stay where a click finds them. It used
    /// to get one line and be cut mid-word. At 44x16 (s33 qa35) a record's error, its
    /// path two rows, lost its end: the welcome gives way to it there.
    #[test]
    fn a_long_note_shows_whole_and_the_items_still_take_clicks() {
        let config = "Config file /home/someone/.config/hijara/config.toml: line 1, `palette`: \
                      expected default, colour-blind, light, high-contrast or none, found \
                      \"expert\"; it keeps its default (and 1 more: `hijara config` lists them)";
        let record = crate::strings::start::cannot_replay(
            "/home/someone/.local/share/hijara/games/2026-12-07-0114-blue-yellow.hij: \
             line 2, column 16: move 5 (Blue) plays a1, which is full",
        );
        for (note, w, h) in [
            (config.to_owned(), 80, 24),
            (config.to_owned(), 44, 16),
            (record.clone(), 80, 24),
            (record, 44, 16),
        ] {
            let mut state = StartState::new(false, true).with_note(note.clone());
            let _ = state.handle(Input::Resize(w, h));
            let terminal = drawn(&state, w, h);
            let shown: String = terminal
                .backend()
                .to_string()
                .lines()
                .map(|l| {
                    l.trim_matches('"')
                        .replace(['│', '┌', '┐', '└', '┘', '─'], " ")
                })
                .collect::<Vec<_>>()
                .join(" ");
            // A path is broken where the row ends, not at a space: compared without
            // the spaces. At 44x16 it is shortened to the rows the box has left (s38).
            let solid = |text: &str| text.split_whitespace().collect::<String>();
            let drawn_note = note_shown(Rect::new(0, 0, w, h), &note).concat();
            assert!(
                solid(&shown).contains(&solid(&drawn_note)),
                "{w}x{h}:\n{}",
                terminal.backend()
            );
            assert_eq!(
                solid(&drawn_note) == solid(&note),
                w == 80,
                "{w}x{h}:\n{}",
                terminal.backend()
            );
            let (x, y) = find(&state, w, h, "Learn: lessons");
            let screen = Screen::Start(state);
            assert_eq!(
                screen.input_of(&click(x, y), screen.area()),
                Some(Input::Pick(5)),
                "{w}x{h}"
            );
        }
    }

    /// QA (s24): back from a game left in progress, the note that it is kept put its
    /// last word, `it.`, on a row of its own at 80x24. With the most it can name (64
    /// moves, totals in the hundreds) it is one row at 80x24 and whole on two at
    /// 44x16, the key hints still under it; at 44x16 no row ends with the key alone,
    /// parted from `resumes it.` (a game of 30 moves put `r` there).
    #[test]
    fn a_kept_game_s_note_fits_its_box() {
        let counted = crate::strings::storage::kept_for_start_counts;
        let cases = [
            (counted(64, [188, 176], 'r'), 80, 24, 1),
            (counted(64, [188, 176], 'r'), 44, 16, 2),
            (counted(30, [10, 0], 'r'), 44, 16, 2),
        ];
        for (note, w, h, rows) in cases {
            let mut state = StartState::new(true, true).with_summary(note.clone());
            let _ = state.handle(Input::Resize(w, h));
            let terminal = drawn(&state, w, h);
            let shown = terminal.backend().to_string();
            let lines: Vec<&str> = shown.lines().collect();
            let first = lines
                .iter()
                .position(|l| l.contains("moves, Blue"))
                .unwrap();
            let drawn: Vec<String> = lines[first..first + rows]
                .iter()
                .map(|l| l.replace(['│', '"'], " ").trim().to_owned())
                .collect();
            let whole = crate::text::plain_spaces(&note);
            assert_eq!(drawn.join(" "), whole, "{w}x{h}:\n{shown}");
            assert!(
                drawn.iter().all(|row| !row.ends_with(" r")),
                "{w}x{h}: the key parted from its words:\n{shown}"
            );
            assert!(
                lines[first + rows].contains("q: quit"),
                "{w}x{h}: the hints under the note:\n{shown}"
            );
            if note.contains("(64 moves") {
                insta::assert_snapshot!(format!("kept_note_{w}x{h}"), terminal.backend());
            }
        }
    }

    /// s37: at 44x16 a two-row note (the puzzles' summary back from them, a game
    /// kept) took the welcome, the side's row and the names' until the next key. The
    /// blank rows give way to it first now: at 44x16, 43x16 (the smallest) and 80x24
    /// a two-row note leaves every row of the screen drawn, and a three-row one every
    /// row but the welcome's words (the key row says them); the side's row still
    /// takes its click.
    #[test]
    fn a_two_or_three_row_note_hides_none_of_the_start_screen_s_rows() {
        let summary = crate::strings::puzzle::after_try(1520.0, 80.0, 3);
        let kept = crate::strings::storage::kept_for_start_counts(64, [188, 176], 'r');
        let busy = crate::strings::start::RESUME_BUSY.to_owned();
        for (w, h) in [(44, 16), (43, 16), (80, 24)] {
            for note in [&summary, &kept, &busy] {
                let rows = note_lines(note, WIDTH.min(w)).len();
                let mut state = StartState::new(true, true).with_summary(note.clone());
                let _ = state.handle(Input::Resize(w, h));
                let terminal = drawn(&state, w, h);
                let shown = terminal.backend().to_string();
                let mut must = vec![
                    "Your side against the AI: Blue",
                    "n  Names: Blue, Yellow",
                    "q: quit",
                ];
                must.extend(START_ITEMS.iter().map(|(_, _, label)| *label));
                if rows <= 2 {
                    must.push(words::WELCOME);
                }
                for text in must {
                    assert!(
                        shown.contains(text),
                        "{w}x{h} {rows} rows, {text}:\n{shown}"
                    );
                }
                let flat: String = shown
                    .lines()
                    .map(|l| l.trim_matches('"').replace('│', " ").trim().to_owned())
                    .collect::<Vec<_>>()
                    .join(" ");
                let plain = crate::text::plain_spaces(note);
                assert!(
                    flat.contains(plain.as_ref()),
                    "{w}x{h}: the note whole:\n{shown}"
                );
                let (x, y) = find(&state, w, h, "Your side against");
                let screen = Screen::Start(state);
                assert_eq!(
                    screen.input_of(&click(x, y), screen.area()),
                    Some(Input::Pick(START_ITEMS.len())),
                    "{w}x{h}"
                );
                if note == &summary && h == 16 {
                    insta::assert_snapshot!(format!("two_row_note_{w}x{h}"), terminal.backend());
                }
            }
        }
    }

    /// s38: a note of four rows or more at 44x16 (a config file's problem with its
    /// path, five rows; a record that cannot be replayed, its path on two) took the
    /// side's row and the names' until the next key. It is shortened now: its paths
    /// by their last part (`…/config.toml:`), then if still too long cut to the rows
    /// the box has left, ended with `…` (the line mode says it whole): every door, the
    /// side's row, the names' and the key hints show at 44x16 and 43x16, and at 80x24
    /// the note is whole. Fails on the old code (the side's row missing at 44x16).
    #[test]
    fn a_note_of_four_rows_or_more_leaves_every_row_readable() {
        let config = "Config file /home/someone/.config/hijara/config.toml: line 1, `palette`: \
                      expected default, colour-blind, light, high-contrast or none, found \
                      \"expert\"; it keeps its default (and 1 more: `hijara config` lists them)"
            .to_owned();
        let record = crate::strings::start::cannot_replay(
            "/home/someone/.local/share/hijara/games/2026-12-07-0114-blue-yellow.hij: \
             line 2, column 16: move 5 (Blue) plays a1, which is full",
        );
        // As long as a note could be: a path of a deep home folder.
        let deep = format!(
            "Config file /home/{}/config.toml: line 1, `palette`: expected default, \
             colour-blind, light, high-contrast or none, found \"expert\"; it keeps its default",
            "a-rather-long-folder-name/".repeat(6)
        );
        for (w, h) in [(44, 16), (43, 16), (80, 24)] {
            for note in [&config, &record, &deep] {
                let rows = note_lines(note, WIDTH.min(w)).len();
                let mut state = StartState::new(true, true).with_note(note.clone());
                let _ = state.handle(Input::Resize(w, h));
                let terminal = drawn(&state, w, h);
                let shown = terminal.backend().to_string();
                let mut must = vec![
                    "s  Your side against the AI: Blue",
                    "n  Names: Blue, Yellow",
                    "q: quit",
                    "Config file",
                ];
                must.extend(START_ITEMS.iter().map(|(_, _, label)| *label));
                if note == &record {
                    must[3] = "Your last game cannot be replayed";
                    // Its path's folders give way first: where it goes wrong shows.
                    must.push("column 16: move 5 (Blue) plays a1");
                }
                for text in must {
                    assert!(
                        shown.contains(text),
                        "{w}x{h} {rows} rows, {text}:\n{shown}"
                    );
                }
                let (x, y) = find(&state, w, h, "Your side against");
                let screen = Screen::Start(state);
                assert_eq!(
                    screen.input_of(&click(x, y), screen.area()),
                    Some(Input::Pick(START_ITEMS.len())),
                    "{w}x{h}"
                );
                if note == &config && w != 43 {
                    insta::assert_snapshot!(format!("long_note_{w}x{h}"), terminal.backend());
                }
            }
        }
    }

    /// s33's read-through: where a long note took the welcome's rows at 44x16, the key
    /// row under it began `or ↑↓ and Enter` (it goes on from the welcome's `Press a
    /// key:`, given up). It reads whole on its own there now; with the welcome shown,
    /// as before.
    #[test]
    fn the_key_row_reads_whole_where_the_welcome_gave_its_rows_up() {
        let note = crate::strings::start::cannot_replay(
            "/home/someone/.local/share/hijara/games/2026-12-07-0114-blue-yellow.hij: \
             line 2, column 16: move 5 (Blue) plays a1, which is full",
        );
        for (w, h, welcome) in [(44, 16, false), (80, 24, true)] {
            let mut state = StartState::new(false, true).with_note(note.clone());
            let _ = state.handle(Input::Resize(w, h));
            let terminal = drawn(&state, w, h);
            let shown = terminal.backend().to_string();
            let keys = shown
                .lines()
                .find(|l| l.contains("q: quit"))
                .map(|l| l.replace(['│', '"'], "").trim().to_owned());
            let (line, hints) = if welcome {
                (HintLine::Start, "or ↑↓")
            } else {
                (HintLine::StartAlone, "A key, ↑↓")
            };
            assert_eq!(keys, Some(hint_line(line)), "{w}x{h}:\n{shown}");
            assert!(keys.is_some_and(|k| k.starts_with(hints)), "{w}x{h}");
            assert_eq!(shown.contains("Press a key:"), welcome, "{w}x{h}:\n{shown}");
            if !welcome {
                insta::assert_snapshot!(format!("keys_alone_{w}x{h}"), terminal.backend());
            }
        }
    }

    /// qa37: the start screen seated the person as Blue against the AI, Yellow only by
    /// `--blue LEVEL --yellow human`. Its side row under the doors turns with `s` or a
    /// click (Blue, Yellow, random) and an AI door leaves the side with its choice, at
    /// 80x24 and 44x16; the help names the key from the key table.
    #[test]
    fn s_or_a_click_turns_the_side_taken_against_the_ai() {
        use crate::ui::start::AiSide;
        let s = Input::Key(ratatui::crossterm::event::KeyEvent::new(
            ratatui::crossterm::event::KeyCode::Char('s'),
            KeyModifiers::NONE,
        ));
        for (w, h) in [(80, 24), (44, 16)] {
            let mut state = StartState::new(false, true);
            let _ = state.handle(Input::Resize(w, h));
            assert_eq!(state.side(), AiSide::Blue);
            assert!(
                drawn(&state, w, h)
                    .backend()
                    .to_string()
                    .contains("s  Your side against the AI: Blue")
            );
            assert_eq!(state.handle(s), vec![Effect::Redraw]);
            assert_eq!(state.side(), AiSide::Yellow);
            insta::assert_snapshot!(format!("side_{w}x{h}"), drawn(&state, w, h).backend());
            let (x, y) = find(&state, w, h, "Your side against");
            let mut screen = Screen::Start(state);
            let input = screen.input_of(&click(x, y), screen.area()).unwrap();
            assert_eq!(screen.handle(input), vec![Effect::Redraw]);
            let Screen::Start(mut state) = screen else {
                unreachable!()
            };
            assert_eq!(state.side(), AiSide::Random, "{w}x{h}");
            assert!(
                drawn(&state, w, h)
                    .backend()
                    .to_string()
                    .contains("AI: random")
            );
            let one = Input::Key(ratatui::crossterm::event::KeyEvent::new(
                ratatui::crossterm::event::KeyCode::Char('1'),
                KeyModifiers::NONE,
            ));
            assert_eq!(state.handle(one), vec![Effect::Quit]);
            assert_eq!(
                state.choice(),
                Some(StartChoice::Ai(crate::ai::Level::Easy))
            );
            assert_eq!(state.side(), AiSide::Random);
            assert_eq!(state.side().next(), AiSide::Blue);
        }
        let help: Vec<_> =
            crate::ui::keymap::help_rows(crate::ui::keymap::KeyContext::Start).collect();
        assert!(
            help.iter()
                .any(|(keys, does)| *keys == "s" && does.contains("your side against the AI")),
            "{help:?}"
        );
    }

    #[test]
    fn a_click_off_the_items_or_on_a_closed_door_chooses_nothing() {
        let mut state = StartState::new(false, true);
        let _ = state.handle(Input::Resize(80, 24));
        let (x, y) = find(&state, 80, 24, "Resume the autosaved");
        let mut screen = Screen::Start(state);
        let input = screen.input_of(&click(x, y), screen.area()).unwrap();
        assert_eq!(input, Input::Pick(4));
        assert_eq!(screen.handle(input), vec![Effect::Redraw]);
        assert_eq!(
            screen.input_of(&click(0, 0), screen.area()),
            Some(Input::Click(None))
        );
        let Screen::Start(state) = screen else {
            unreachable!()
        };
        assert_eq!(state.choice(), None);
        assert!(state.note().is_some());
    }

    /// s36: hot-seat had no names. `n` (or a click on its row) types Blue's name,
    /// Enter Yellow's, Enter again keeps both; Esc keeps them as they were; an empty
    /// name is the colour. What is typed passes a gate: no control, bidi or invisible
    /// character, at most 16 display columns (a wide character counts two). The row
    /// and the keys under it fit at 80x24 and 44x16.
    #[test]
    fn n_types_the_hot_seat_names_safely_and_within_sixteen_columns() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent};
        let press = |state: &mut StartState, code: KeyCode| {
            state.handle(Input::Key(KeyEvent::new(code, KeyModifiers::NONE)))
        };
        let type_text = |state: &mut StartState, text: &str| {
            for c in text.chars() {
                let _ = state.handle(Input::Key(KeyEvent::new(
                    KeyCode::Char(c),
                    KeyModifiers::NONE,
                )));
            }
        };
        for (w, h) in [(80, 24), (44, 16)] {
            let mut state = StartState::new(false, true);
            let _ = state.handle(Input::Resize(w, h));
            assert!(
                drawn(&state, w, h)
                    .backend()
                    .to_string()
                    .contains("n  Names: Blue, Yellow")
            );
            assert_eq!(press(&mut state, KeyCode::Char('n')), vec![Effect::Redraw]);
            // `q`, `?` and `h` are the name's letters now, and an escape is refused.
            type_text(&mut state, "qh?\u{1b}[2J\u{202e}");
            let shown = drawn(&state, w, h).backend().to_string();
            assert!(shown.contains("Blue's name: qh?[2J_"), "{w}x{h}:\n{shown}");
            assert!(
                shown.contains("Enter: next · Esc: cancel"),
                "{w}x{h}:\n{shown}"
            );
            insta::assert_snapshot!(
                format!("names_typing_{w}x{h}"),
                drawn(&state, w, h).backend()
            );
            for _ in 0..6 {
                let _ = press(&mut state, KeyCode::Backspace);
            }
            type_text(&mut state, "alice");
            let _ = press(&mut state, KeyCode::Enter);
            // Eight wide characters are 16 columns: a ninth is refused.
            type_text(&mut state, "漢字漢字漢字漢字漢");
            let _ = press(&mut state, KeyCode::Enter);
            assert_eq!(state.choice(), None);
            assert_eq!(
                state.names(),
                [
                    Some("alice".to_owned()),
                    Some("漢字漢字漢字漢字".to_owned())
                ]
            );
            let shown = drawn(&state, w, h).backend().to_string();
            assert!(
                shown.contains("alice, 漢字漢字漢字漢字"),
                "{w}x{h}:\n{shown}"
            );
            assert!(shown.contains("q: quit"), "{w}x{h}:\n{shown}");
            insta::assert_snapshot!(format!("names_{w}x{h}"), drawn(&state, w, h).backend());
            // Esc keeps them as they were; an empty name is the colour again.
            let _ = press(&mut state, KeyCode::Char('n'));
            type_text(&mut state, "zed");
            let _ = press(&mut state, KeyCode::Esc);
            assert_eq!(state.names()[0].as_deref(), Some("alice"));
            let _ = press(&mut state, KeyCode::Char('n'));
            for _ in 0..5 {
                let _ = press(&mut state, KeyCode::Backspace);
            }
            let _ = press(&mut state, KeyCode::Enter);
            let _ = press(&mut state, KeyCode::Enter);
            assert_eq!(state.names(), [None, Some("漢字漢字漢字漢字".to_owned())]);
            // A click on the names' row starts typing too; the keys choose again after.
            let (x, y) = find(&state, w, h, "  n  ");
            let mut screen = Screen::Start(state);
            let input = screen.input_of(&click(x, y), screen.area()).unwrap();
            assert_eq!(screen.handle(input), vec![Effect::Redraw]);
            let Screen::Start(mut state) = screen else {
                unreachable!()
            };
            assert!(state.typing().is_some());
            let _ = press(&mut state, KeyCode::Esc);
            assert_eq!(press(&mut state, KeyCode::Char('h')), vec![Effect::Quit]);
            assert_eq!(state.choice(), Some(crate::ui::start::StartChoice::HotSeat));
        }
        // Two 16-column names at 44 columns: the shorter label, each name cut with `…`.
        let mut state = StartState::new(false, true).with_names([
            Some("alexandrapetrova".to_owned()),
            Some("bartholomewjones".to_owned()),
        ]);
        let _ = state.handle(Input::Resize(44, 16));
        let shown = drawn(&state, 44, 16).backend().to_string();
        assert!(
            shown.contains("n  Names: alexandrapetr…, bartholomewjo…"),
            "{shown}"
        );
    }
}
