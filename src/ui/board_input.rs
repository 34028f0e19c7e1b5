//! The board's input for the screens that ask for one move on the real board
//! (a lesson, a puzzle): the cursor, keys through the key table, clicks on
//! squares and the terminal's size, turned into what the screen acts on.

use ratatui::layout::Rect;

use crate::rules::{Game, Square};
use crate::strings::screen::COLUMN_FIRST;

use super::cursor::{Cursor, Pointed};
use super::effect::{Effect, Effects, Input};
use super::keymap::{self, Action, KeyContext};
use super::message::{Keyed, Message, MessageKind};

/// What an input comes to on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum BoardInput {
    /// Draw again: the terminal was resized, or the cursor moved.
    Redraw,
    /// Nothing to do.
    Nothing,
    /// Play on this square: typed by name, clicked, or Enter on the cursor.
    Play(Square),
    /// A note for the player: a row digit came with no column letter before it.
    Note(&'static str),
    /// A key neither the screen's keys nor the board's have.
    UnknownKey,
    /// Another action of the board's key table, for the screen (quit, undo...).
    Action(Action),
}

impl BoardInput {
    /// What the screen does for an input that is neither a move nor an
    /// action: draw again, nothing, or show the note (`unknown_key` for a key
    /// that is not the screen's).
    pub(crate) fn effects(self, note: &mut Option<Message>, unknown_key: Keyed) -> Effects {
        match self {
            BoardInput::Nothing => Vec::new(),
            BoardInput::Note(text) => {
                *note = Some(Message::new(MessageKind::Error, text));
                vec![Effect::Redraw]
            }
            BoardInput::UnknownKey => {
                *note = Some(Message::keyed(MessageKind::Error, unknown_key));
                vec![Effect::Redraw]
            }
            _ => vec![Effect::Redraw],
        }
    }
}

/// The cursor and the terminal's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct BoardKeys {
    cursor: Cursor,
    size: Rect,
    /// The screen's own keys, looked up before the board's.
    context: KeyContext,
}

impl BoardKeys {
    /// On `game`'s first open square, so Enter at once plays somewhere legal.
    /// `context` holds the screen's own keys, looked up before the board's.
    pub(crate) fn new(game: &Game, context: KeyContext) -> BoardKeys {
        let mut keys = BoardKeys {
            cursor: Cursor::default(),
            size: Rect::default(),
            context,
        };
        keys.restart(game);
        keys
    }

    /// The cursor back on `game`'s first open square (a new position).
    pub(crate) fn restart(&mut self, game: &Game) {
        self.cursor = Cursor::default();
        if let Some(open) = game.position().legal_moves().next() {
            self.cursor.set(open);
        }
    }

    /// The square under the cursor.
    pub(crate) fn square(&self) -> Square {
        self.cursor.square()
    }

    /// Puts the cursor on `square`.
    pub(crate) fn set(&mut self, square: Square) {
        self.cursor.set(square);
    }

    /// The whole terminal.
    pub(crate) fn size(&self) -> Rect {
        self.size
    }

    /// One input; keys are looked up in the key table: the screen's own, then the board's.
    pub(crate) fn input(&mut self, input: Input) -> BoardInput {
        match input {
            Input::Resize(width, height) => {
                self.size = Rect::new(0, 0, width, height);
                BoardInput::Redraw
            }
            Input::Tick | Input::Click(None) | Input::Pick(_) => BoardInput::Nothing,
            Input::Click(Some(square)) => {
                self.cursor.set(square);
                BoardInput::Play(square)
            }
            Input::Key(key) => match keymap::action(key, self.context)
                .or_else(|| keymap::action(key, KeyContext::Board))
            {
                Some(action) => self.action(action),
                None => BoardInput::UnknownKey,
            },
        }
    }

    /// An action of the board's key table.
    pub(crate) fn action(&mut self, action: Action) -> BoardInput {
        match self.cursor.apply(action) {
            Pointed::Square(square) => BoardInput::Play(square),
            Pointed::Moved(_) => BoardInput::Redraw,
            Pointed::LoneDigit => BoardInput::Note(COLUMN_FIRST),
            Pointed::Other if action == Action::Place => BoardInput::Play(self.cursor.square()),
            Pointed::Other => BoardInput::Action(action),
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    use super::*;

    fn key(c: char) -> Input {
        Input::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
    }

    #[test]
    fn squares_come_typed_clicked_or_from_the_cursor() {
        let mut game = Game::new();
        for _ in 0..4 {
            game.play(Square::A1).unwrap();
        }
        let mut keys = BoardKeys::new(&game, KeyContext::Puzzle);
        // a1 is full: the cursor starts on the first open square.
        assert_eq!(keys.square(), Square::B1);
        assert_eq!(keys.input(key('c')), BoardInput::Redraw);
        assert_eq!(keys.input(key('3')), BoardInput::Play(Square::C3));
        assert_eq!(keys.input(key('2')), BoardInput::Note(COLUMN_FIRST));
        assert_eq!(
            keys.input(Input::Click(Some(Square::D4))),
            BoardInput::Play(Square::D4)
        );
        assert_eq!(keys.input(Input::Click(None)), BoardInput::Nothing);
        let enter = Input::Key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
        assert_eq!(keys.input(enter), BoardInput::Play(Square::D4));
        assert_eq!(keys.input(key('u')), BoardInput::Action(Action::Undo));
        assert_eq!(keys.input(key('%')), BoardInput::UnknownKey);
        assert_eq!(keys.input(key('t')), BoardInput::Action(Action::Hint));
        assert_eq!(keys.input(Input::Resize(80, 24)), BoardInput::Redraw);
        assert_eq!(keys.size(), Rect::new(0, 0, 80, 24));
    }
}
