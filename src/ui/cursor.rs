//! The cursor on the board, and a square typed by name (`b3`): keys in, a square out.

use crate::rules::Square;

use super::keymap::Action;

/// What a cursor key did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pointed {
    /// The cursor moved (or a column letter was typed: this letter).
    Moved(Option<char>),
    /// A square was named in full: place there.
    Square(Square),
    /// A row digit came with no column letter before it.
    LoneDigit,
    /// Not a cursor key.
    Other,
}

/// The cursor and a column letter typed, waiting for its row digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cursor {
    square: Square,
    typed_column: Option<u8>,
}

impl Default for Cursor {
    fn default() -> Cursor {
        Cursor {
            square: Square::A1,
            typed_column: None,
        }
    }
}

impl Cursor {
    /// The square under the cursor.
    pub(crate) fn square(self) -> Square {
        self.square
    }

    /// Puts the cursor on `square`, forgetting any letter typed.
    pub(crate) fn set(&mut self, square: Square) {
        *self = Cursor {
            square,
            typed_column: None,
        };
    }

    /// Applies a cursor key; any other action forgets a letter typed.
    pub(crate) fn apply(&mut self, action: Action) -> Pointed {
        match action {
            Action::Cursor(direction) => {
                self.set(direction.step(self.square));
                Pointed::Moved(None)
            }
            Action::Column(column) => {
                self.typed_column = Some(column);
                if let Some(square) = Square::new(column, self.square.row()) {
                    self.square = square;
                }
                Pointed::Moved(Some(char::from(b'a' + column)))
            }
            Action::Row(row) => match self.typed_column.take().map(|c| Square::new(c, row)) {
                Some(Some(square)) => Pointed::Square(square),
                Some(None) => Pointed::Other,
                None => Pointed::LoneDigit,
            },
            _ => {
                self.typed_column = None;
                Pointed::Other
            }
        }
    }
}
