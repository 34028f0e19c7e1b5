//! What a study screen (a lesson, a puzzle) shows over itself and that takes the keys
//! while shown: the help (`?`) and the screen's text read in full in place of the
//! board (`e`). One place for both screens, so they answer these keys alike.

use ratatui::layout::Rect;
use ratatui::text::Line;

use super::effect::{Effect, Effects, Input};
use super::help::{HelpAnswer, HelpView};
use super::keymap::Action;
use super::reading::ReadAnswer;

/// The help and the text read in full, over a lesson's or a puzzle's screen.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Overlays {
    /// The help is shown over the screen (`?`); a scrolling key scrolls it, any other
    /// key closes it.
    help: bool,
    /// The help's first line shown.
    help_top: u16,
    /// The text is read in full in place of the board (`e`): its first line shown.
    reading: Option<u16>,
}

/// What an input did to what is shown over the screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Overlaid {
    /// It scrolled or closed the help or the text read: the screen is drawn again,
    /// and the input does nothing else.
    Taken,
    /// Ctrl-c: it closed them, and the screen quits at once.
    Quit,
}

impl Overlaid {
    /// What the screen answers: a redraw, or `quit`'s effects.
    pub(crate) fn effects(self, quit: impl FnOnce() -> Effects) -> Effects {
        match self {
            Overlaid::Taken => vec![Effect::Redraw],
            Overlaid::Quit => quit(),
        }
    }
}

impl Overlays {
    /// Whether the help is shown.
    pub(crate) fn help_shown(&self) -> bool {
        self.help
    }

    /// The help's first line shown.
    pub(crate) fn help_top(&self) -> u16 {
        self.help_top
    }

    /// The first line shown of the text read in full, while it is read.
    pub(crate) fn reading(&self) -> Option<u16> {
        self.reading
    }

    /// Shows the help from its top (`?`).
    pub(crate) fn show_help(&mut self) {
        self.help = true;
        self.help_top = 0;
    }

    /// Opens what `action` asks for, from its top: the help ([`Action::Help`]) or the
    /// text read in full ([`Action::Read`]); any other action opens nothing.
    pub(crate) fn open(&mut self, action: Action) {
        match action {
            Action::Help => self.show_help(),
            Action::Read => self.reading = Some(0),
            _ => {}
        }
    }

    /// What a turn of the mouse wheel (`down`, or up) stands for while the help (drawn
    /// as `help` on a `size` screen) or the text read in full (`lines`) is shown: `Some`
    /// of the key it scrolls by (none where either shows whole, as a key would close
    /// it); `None` when neither is shown, and the screen's own wheel applies.
    pub(crate) fn wheel_key(
        &self,
        help: &HelpView,
        lines: &[Line<'static>],
        size: Rect,
        down: bool,
    ) -> Option<Option<ratatui::crossterm::event::KeyEvent>> {
        if self.help {
            return Some(super::help::wheel_key(help, size, down));
        }
        self.reading?;
        // A scrolling key closes a text that shows whole: the wheel is no answer there.
        if super::layout::wrapped_last_top(lines, size) == 0 {
            return Some(None);
        }
        // The text read stays at its end on a scrolling key, and no key of the wheel
        // closes it.
        let scroll = if down {
            super::keymap::Scroll::LineDown
        } else {
            super::keymap::Scroll::LineUp
        };
        Some(super::keymap::key_for(
            Action::Scroll(scroll),
            &[super::keymap::KeyContext::Help],
        ))
    }

    /// `input` on a `size` screen while the help (drawn as `help`) or the text read in
    /// full (`lines`) is shown: the help first, then the text. `None` when neither is
    /// shown or the input is not theirs (a resize, a tick): the screen's own.
    pub(crate) fn answer(
        &mut self,
        help: &HelpView,
        lines: &[Line<'static>],
        size: Rect,
        input: Input,
    ) -> Option<Overlaid> {
        match super::help::answer(&mut self.help, &mut self.help_top, help, size, input) {
            Some(HelpAnswer::Quit) => return Some(Overlaid::Quit),
            Some(_) => return Some(Overlaid::Taken),
            None => {}
        }
        match super::reading::answer(&mut self.reading, lines, size, input)? {
            ReadAnswer::Quit => Some(Overlaid::Quit),
            ReadAnswer::Scrolled | ReadAnswer::Closed => Some(Overlaid::Taken),
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;
    use crate::ui::keymap::KeyContext;
    use crate::ui::look::Look;

    fn key(code: KeyCode) -> Input {
        Input::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn ctrl_c() -> Input {
        Input::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL))
    }

    /// The puzzle's help over a small screen, where it is longer than the screen.
    fn help() -> HelpView {
        HelpView::on_board(Look::PLAIN, KeyContext::Puzzle, &crate::rules::Game::new())
    }

    const SMALL: Rect = Rect::new(0, 0, 44, 16);

    fn text() -> Vec<Line<'static>> {
        (0..40).map(|i| Line::raw(format!("line {i}"))).collect()
    }

    /// Nothing shown: every input is the screen's.
    #[test]
    fn with_nothing_shown_every_input_is_the_screen_s() {
        let mut shown = Overlays::default();
        shown.open(Action::Hint);
        for input in [
            key(KeyCode::Char('a')),
            ctrl_c(),
            Input::Click(None),
            Input::Tick,
        ] {
            assert_eq!(shown.answer(&help(), &text(), SMALL, input), None);
        }
        assert_eq!(shown, Overlays::default());
    }

    /// The help: a scrolling key scrolls it and stays, any other key or a click closes
    /// it and does nothing else, Ctrl-c closes it and quits; a resize is the screen's.
    #[test]
    fn the_help_scrolls_closes_or_quits() {
        let mut shown = Overlays::default();
        shown.show_help();
        assert_eq!(
            shown.answer(&help(), &[], SMALL, Input::Resize(44, 16)),
            None
        );
        let taken = shown.answer(&help(), &[], SMALL, key(KeyCode::PageDown));
        assert_eq!(taken, Some(Overlaid::Taken));
        assert!(shown.help_shown() && shown.help_top() > 0, "{shown:?}");
        shown.show_help();
        assert_eq!(shown.help_top(), 0, "opened again at its top");
        let taken = shown.answer(&help(), &[], SMALL, key(KeyCode::Char('t')));
        assert_eq!(taken, Some(Overlaid::Taken));
        assert!(!shown.help_shown());
        shown.show_help();
        assert_eq!(
            shown.answer(&help(), &[], SMALL, Input::Click(None)),
            Some(Overlaid::Taken)
        );
        assert!(!shown.help_shown());
        shown.show_help();
        assert_eq!(
            shown.answer(&help(), &[], SMALL, ctrl_c()),
            Some(Overlaid::Quit)
        );
        assert!(!shown.help_shown());
    }

    /// The text read in full: the same keys, and the help over it answers first.
    #[test]
    fn the_text_read_scrolls_closes_or_quits_under_the_help() {
        let mut shown = Overlays::default();
        shown.open(Action::Read);
        assert_eq!(shown.reading(), Some(0));
        assert_eq!(shown.answer(&help(), &text(), SMALL, Input::Tick), None);
        let taken = shown.answer(&help(), &text(), SMALL, key(KeyCode::Down));
        assert_eq!(taken, Some(Overlaid::Taken));
        assert_eq!(shown.reading(), Some(1));
        shown.show_help();
        let taken = shown.answer(&help(), &text(), SMALL, key(KeyCode::Char('x')));
        assert_eq!(taken, Some(Overlaid::Taken));
        assert_eq!((shown.help_shown(), shown.reading()), (false, Some(1)));
        let taken = shown.answer(&help(), &text(), SMALL, key(KeyCode::Char('x')));
        assert_eq!(taken, Some(Overlaid::Taken));
        assert_eq!(shown.reading(), None);
        shown.open(Action::Read);
        assert_eq!(
            shown.answer(&help(), &text(), SMALL, ctrl_c()),
            Some(Overlaid::Quit)
        );
        assert_eq!(shown.reading(), None);
    }

    /// qa41: a text that shows whole says `any key: back` in its border, but ↓ ↑ PgDn
    /// PgUp scrolled it (by nothing) and it stayed. There every key goes back, and the
    /// wheel, no answer, does nothing; a longer text scrolls as before, and its border
    /// says the other keys go back.
    #[test]
    fn a_text_that_shows_whole_goes_back_on_any_key_as_its_border_says() {
        let short = vec![Line::raw("one line")];
        for scrolling in [
            KeyCode::Down,
            KeyCode::Up,
            KeyCode::PageDown,
            KeyCode::PageUp,
        ] {
            let mut shown = Overlays::default();
            shown.open(Action::Read);
            let taken = shown.answer(&help(), &short, SMALL, key(scrolling));
            assert_eq!(taken, Some(Overlaid::Taken));
            assert_eq!(shown.reading(), None, "{scrolling:?}");
        }
        let mut shown = Overlays::default();
        shown.open(Action::Read);
        assert_eq!(shown.wheel_key(&help(), &short, SMALL, true), Some(None));
        assert!(matches!(
            shown.wheel_key(&help(), &text(), SMALL, true),
            Some(Some(_))
        ));
        // The borders: the whole text's, and the longer one's beside its scrolling keys.
        let drawn = |lines: Vec<Line<'static>>| {
            let mut buf = ratatui::buffer::Buffer::empty(SMALL);
            crate::ui::reading::render(SMALL, &mut buf, "Lesson", lines, 0, Look::PLAIN);
            let last = SMALL.height - 1;
            (0..SMALL.width)
                .map(|x| buf[(x, last)].symbol().to_owned())
                .collect::<String>()
        };
        assert!(
            drawn(short).contains("─any key: back─"),
            "{}",
            drawn(vec![])
        );
        let long = drawn(text());
        assert!(
            long.contains("↑↓ PgUp PgDn: scroll · any other key: back"),
            "{long}"
        );
    }

    #[test]
    fn quit_gives_the_screen_s_own_effects() {
        assert_eq!(
            Overlaid::Taken.effects(|| vec![Effect::Quit]),
            vec![Effect::Redraw]
        );
        assert_eq!(
            Overlaid::Quit.effects(|| vec![Effect::Quit]),
            vec![Effect::Quit]
        );
    }
}
