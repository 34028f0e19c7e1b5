//! Squares, sections, cells and players: the small `Copy` coordinates of the game.

use std::fmt;
use std::str::FromStr;

/// One of the two players. Blue always moves first. Shown `Blue`, `Yellow`; read
/// in any case, or as `b`, `y`; `blue`, `yellow` in JSON.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::Display,
    strum::EnumString,
    serde::Serialize,
    serde::Deserialize,
)]
#[strum(
    ascii_case_insensitive,
    parse_err_ty = ParsePlayerError,
    parse_err_fn = ParsePlayerError::of
)]
#[serde(rename_all = "lowercase")]
pub enum Player {
    /// The first player.
    #[strum(to_string = "Blue", serialize = "b")]
    Blue,
    /// The second player.
    #[strum(to_string = "Yellow", serialize = "y")]
    Yellow,
}

impl Player {
    /// Both players, Blue first.
    pub const BOTH: [Player; 2] = [Player::Blue, Player::Yellow];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Player {
        match self {
            Player::Blue => Player::Yellow,
            Player::Yellow => Player::Blue,
        }
    }

    /// 0 for Blue, 1 for Yellow: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case name used in records, JSON and protocols (`blue`, `yellow`).
    pub const fn name(self) -> &'static str {
        match self {
            Player::Blue => "blue",
            Player::Yellow => "yellow",
        }
    }
}

/// The error for a player name that is neither `blue` nor `yellow` (nor `b`, `y`).
/// It names every spelling [`Player`]'s parse takes: `play bl b2` was told only
/// `blue` or `yellow`, and `b` works too (cli36).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a player, `blue` or `yellow` (or `b`, `y`; any case), found `{0}`")]
pub struct ParsePlayerError(pub String);

impl ParsePlayerError {
    fn of(name: &str) -> ParsePlayerError {
        ParsePlayerError(name.to_owned())
    }
}

/// One of the 16 squares, `a1`..`d4`: column letter left to right, row digit top to bottom.
///
/// Internally `row * 4 + column`, so `a1` is 0, `d1` is 3 and `d4` is 15.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Square `a1`.
    pub const A1: Square = Square(0);
    /// Square `b1`.
    pub const B1: Square = Square(1);
    /// Square `c1`.
    pub const C1: Square = Square(2);
    /// Square `d1`.
    pub const D1: Square = Square(3);
    /// Square `a2`.
    pub const A2: Square = Square(4);
    /// Square `b2`.
    pub const B2: Square = Square(5);
    /// Square `c2`.
    pub const C2: Square = Square(6);
    /// Square `d2`.
    pub const D2: Square = Square(7);
    /// Square `a3`.
    pub const A3: Square = Square(8);
    /// Square `b3`.
    pub const B3: Square = Square(9);
    /// Square `c3`.
    pub const C3: Square = Square(10);
    /// Square `d3`.
    pub const D3: Square = Square(11);
    /// Square `a4`.
    pub const A4: Square = Square(12);
    /// Square `b4`.
    pub const B4: Square = Square(13);
    /// Square `c4`.
    pub const C4: Square = Square(14);
    /// Square `d4`.
    pub const D4: Square = Square(15);

    /// All squares in reading order: `a1 b1 c1 d1 a2 ... d4`.
    pub const ALL: [Square; 16] = {
        let mut all = [Square(0); 16];
        let mut i = 0;
        while i < 16 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square at `column` (0 = a) and `row` (0 = row 1), or `None` off the board.
    #[inline]
    pub const fn new(column: u8, row: u8) -> Option<Square> {
        if column < 4 && row < 4 {
            Some(Square(row * 4 + column))
        } else {
            None
        }
    }

    /// The square with this index (`row * 4 + column`), or `None` if it is 16 or more.
    #[inline]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 16 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The index `row * 4 + column`, 0..16.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 (a) to 3 (d).
    #[inline]
    pub const fn column(self) -> u8 {
        self.0 % 4
    }

    /// The row, 0 (row 1, the top) to 3 (row 4, the bottom).
    #[inline]
    pub const fn row(self) -> u8 {
        self.0 / 4
    }

    /// The square turned half a turn about the centre (`a1` ↔ `d4`).
    ///
    /// The rules are symmetric under this rotation.
    #[inline]
    pub const fn rotated(self) -> Square {
        Square(15 - self.0)
    }

    /// The bit of this square in a `u16` set of squares.
    #[inline]
    pub const fn bit(self) -> u16 {
        1 << self.0
    }

    /// The column letter, `a`..`d`.
    pub const fn column_char(self) -> char {
        (b'a' + self.column()) as char
    }

    /// The row digit, `1`..`4`.
    pub const fn row_char(self) -> char {
        (b'1' + self.row()) as char
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_char(), self.row_char())
    }
}

/// A square is its name in JSON (`"b2"`).
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// The error for text that is not a square name `a1`..`d4` (`A1`..`D4` too).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("expected a square a1..d4 (column a-d, any case; row 1-4), found `{0}`")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bytes = s.as_bytes();
        if let [c, r] = bytes {
            let column = c.to_ascii_lowercase().wrapping_sub(b'a');
            let row = r.wrapping_sub(b'1');
            if let Some(square) = Square::new(column, row) {
                return Ok(square);
            }
        }
        Err(ParseSquareError(s.to_owned()))
    }
}

/// A move names a square; the stone goes on that square's lowest open section,
/// so a move to a wrong section cannot be expressed.
pub type Move = Square;

/// One of the four sections of a square, numbered 1..4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Section(u8);

impl Section {
    /// The four sections in order, 1 to 4.
    pub const ALL: [Section; 4] = [Section(0), Section(1), Section(2), Section(3)];

    /// The section numbered `number` (1..=4), or `None`.
    #[inline]
    pub const fn new(number: u8) -> Option<Section> {
        if number >= 1 && number <= 4 {
            Some(Section(number - 1))
        } else {
            None
        }
    }

    /// The section number, 1..=4.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// The zero-based index, 0..4.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Section {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// One section of one square: the place a single stone occupies. Written `b2:3`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// The square.
    pub square: Square,
    /// The section within the square.
    pub section: Section,
}

impl Cell {
    /// The cell of `section` in `square`.
    #[inline]
    pub const fn new(square: Square, section: Section) -> Cell {
        Cell { square, section }
    }

    /// The bit index in a position's `u64` bitboards: `square * 4 + section - 1`.
    #[inline]
    pub const fn index(self) -> usize {
        self.square.index() * 4 + self.section.index()
    }

    /// The cell with this bit index, 0..64.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < 64 {
            Some(Cell {
                square: Square((index / 4) as u8),
                section: Section((index % 4) as u8),
            })
        } else {
            None
        }
    }

    /// This cell's bit in a `u64` bitboard.
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << self.index()
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.square, self.section)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::ALL {
            let name = sq.to_string();
            assert_eq!(name.parse::<Square>(), Ok(sq));
        }
        assert_eq!("a1".parse::<Square>().map(Square::index), Ok(0));
        assert_eq!("d1".parse::<Square>().map(Square::index), Ok(3));
        assert_eq!("a2".parse::<Square>().map(Square::index), Ok(4));
        assert_eq!("D4".parse::<Square>().map(Square::index), Ok(15));
    }

    #[test]
    fn bad_square_names_are_refused() {
        for bad in ["", "a", "a0", "a5", "e1", "1a", "a11", "é1", "aa"] {
            assert!(bad.parse::<Square>().is_err(), "{bad:?} parsed");
        }
    }

    #[test]
    fn cells_index_round_trip() {
        for i in 0..64 {
            let cell = Cell::from_index(i).unwrap();
            assert_eq!(cell.index(), i);
        }
        assert_eq!(Cell::from_index(64), None);
        let b2 = "b2".parse::<Square>().unwrap();
        assert_eq!(Cell::new(b2, Section::new(3).unwrap()).to_string(), "b2:3");
    }

    #[test]
    fn rotation_is_an_involution() {
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(a1.rotated().to_string(), "d4");
        for sq in Square::ALL {
            assert_eq!(sq.rotated().rotated(), sq);
        }
    }
}
