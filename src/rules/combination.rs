//! The 76 scoring combinations, generated once into constant tables.
//!
//! Every rule about *what* scores lives here as data: 16 squares (20 points),
//! 40 same-number lines (10) and 20 sequences (15). Scoring code only walks the
//! per-cell index built from this table.

use std::fmt;

use super::square::{Cell, Section, Square};

/// A straight line of four squares: a row, a column or a long diagonal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Line {
    /// A row, 0 (row 1) to 3 (row 4), read from column a to d.
    Row(u8),
    /// A column, 0 (a) to 3 (d), read from row 1 to 4.
    Column(u8),
    /// The diagonal a1-b2-c3-d4.
    Diagonal,
    /// The diagonal d1-c2-b3-a4.
    AntiDiagonal,
}

impl Line {
    /// All ten lines: rows, columns, then the two diagonals.
    pub const ALL: [Line; 10] = [
        Line::Row(0),
        Line::Row(1),
        Line::Row(2),
        Line::Row(3),
        Line::Column(0),
        Line::Column(1),
        Line::Column(2),
        Line::Column(3),
        Line::Diagonal,
        Line::AntiDiagonal,
    ];

    /// The four squares of the line, in reading order.
    pub const fn squares(self) -> [Square; 4] {
        let mut out = [Square::ALL[0]; 4];
        let mut i = 0;
        while i < 4 {
            let (column, row) = match self {
                Line::Row(r) => (i as u8, r),
                Line::Column(c) => (c, i as u8),
                Line::Diagonal => (i as u8, i as u8),
                Line::AntiDiagonal => (3 - i as u8, i as u8),
            };
            out[i] = Square::ALL[(row * 4 + column) as usize];
            i += 1;
        }
        out
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Line::Row(r) => write!(f, "row {}", r + 1),
            Line::Column(c) => write!(f, "column {}", (b'a' + c) as char),
            Line::Diagonal => f.write_str("diagonal a1-d4"),
            Line::AntiDiagonal => f.write_str("diagonal d1-a4"),
        }
    }
}

/// The three kinds of combination and what each is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ComboKind {
    /// All four sections of one square: 20 points.
    Square,
    /// The same section number in the four squares of a line: 10 points.
    SameNumber,
    /// Sections 1-2-3-4 in order along a line, from either end: 15 points.
    Sequence,
}

impl ComboKind {
    /// The points the kind is worth.
    pub const fn points(self) -> u32 {
        match self {
            ComboKind::Square => 20,
            ComboKind::SameNumber => 10,
            ComboKind::Sequence => 15,
        }
    }

    /// The lower-case name used in JSON (`square`, `same`, `sequence`).
    pub const fn name(self) -> &'static str {
        match self {
            ComboKind::Square => "square",
            ComboKind::SameNumber => "same",
            ComboKind::Sequence => "sequence",
        }
    }
}

/// Where a combination lies on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ComboShape {
    /// The four sections of one square.
    Square(Square),
    /// One section number along a line.
    SameNumber(Line, Section),
    /// Sections 1-2-3-4 along a line; `reversed` reads it from the line's far end.
    Sequence {
        /// The line.
        line: Line,
        /// Whether section 1 sits on the last square of [`Line::squares`].
        reversed: bool,
    },
}

/// One of the 76 scoring combinations: four cells that score when one player owns them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Combination {
    id: u8,
    shape: ComboShape,
    mask: u64,
}

impl Combination {
    /// The index of this combination in [`COMBINATIONS`], 0..76.
    #[inline]
    pub const fn id(self) -> usize {
        self.id as usize
    }

    /// Where it lies.
    #[inline]
    pub const fn shape(self) -> ComboShape {
        self.shape
    }

    /// Its kind.
    #[inline]
    pub const fn kind(self) -> ComboKind {
        match self.shape {
            ComboShape::Square(_) => ComboKind::Square,
            ComboShape::SameNumber(..) => ComboKind::SameNumber,
            ComboShape::Sequence { .. } => ComboKind::Sequence,
        }
    }

    /// The points it is worth.
    #[inline]
    pub const fn points(self) -> u32 {
        self.kind().points()
    }

    /// Its four cells as a bitboard.
    #[inline]
    pub const fn mask(self) -> u64 {
        self.mask
    }

    /// Its four cells, in order along the combination.
    pub const fn cells(self) -> [Cell; 4] {
        let mut out = [Cell::new(Square::ALL[0], Section::ALL[0]); 4];
        let mut i = 0;
        while i < 4 {
            out[i] = match self.shape {
                ComboShape::Square(sq) => Cell::new(sq, Section::ALL[i]),
                ComboShape::SameNumber(line, section) => Cell::new(line.squares()[i], section),
                ComboShape::Sequence { line, reversed } => {
                    let section = if reversed { 3 - i } else { i };
                    Cell::new(line.squares()[i], Section::ALL[section])
                }
            };
            i += 1;
        }
        out
    }
}

impl fmt::Display for Combination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.shape {
            ComboShape::Square(sq) => write!(f, "square {sq}"),
            ComboShape::SameNumber(line, section) => write!(f, "{line} same number {section}s"),
            ComboShape::Sequence { line, .. } => write!(f, "{line} sequence"),
        }
    }
}

/// The number of combinations.
pub const COMBINATION_COUNT: usize = 76;

const fn mask_of(cells: [Cell; 4]) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < 4 {
        mask |= cells[i].bit();
        i += 1;
    }
    mask
}

const fn build_combinations() -> [Combination; COMBINATION_COUNT] {
    let blank = Combination {
        id: 0,
        shape: ComboShape::Square(Square::ALL[0]),
        mask: 0,
    };
    let mut out = [blank; COMBINATION_COUNT];
    let mut n = 0;
    let mut s = 0;
    while s < 16 {
        out[n].shape = ComboShape::Square(Square::ALL[s]);
        n += 1;
        s += 1;
    }
    let mut l = 0;
    while l < 10 {
        let mut sec = 0;
        while sec < 4 {
            out[n].shape = ComboShape::SameNumber(Line::ALL[l], Section::ALL[sec]);
            n += 1;
            sec += 1;
        }
        l += 1;
    }
    l = 0;
    while l < 10 {
        out[n].shape = ComboShape::Sequence {
            line: Line::ALL[l],
            reversed: false,
        };
        out[n + 1].shape = ComboShape::Sequence {
            line: Line::ALL[l],
            reversed: true,
        };
        n += 2;
        l += 1;
    }
    let mut i = 0;
    while i < COMBINATION_COUNT {
        out[i].id = i as u8;
        out[i].mask = mask_of(out[i].cells());
        i += 1;
    }
    out
}

/// Every combination: the 16 squares, then the 40 same-number lines, then the 20 sequences.
pub static COMBINATIONS: [Combination; COMBINATION_COUNT] = build_combinations();

/// The most combinations any one cell belongs to: its square, up to four
/// same-number lines and at most one sequence per line through it.
pub(crate) const MAX_PER_CELL: usize = 9;

/// For each cell, the combinations that contain it, padded to a fixed length so
/// the scoring loop has no data-dependent trip count.
#[derive(Clone, Copy)]
pub(crate) struct CellIndex {
    /// How many entries are real; the rest are padding.
    pub(crate) len: u8,
    /// Combination ids.
    pub(crate) ids: [u8; MAX_PER_CELL],
    /// Their masks; padding is all ones, which no colour can own (32 stones each).
    pub(crate) masks: [u64; MAX_PER_CELL],
    /// Their points; padding is 0.
    pub(crate) points: [u8; MAX_PER_CELL],
}

const fn build_cell_index() -> [CellIndex; 64] {
    let table = build_combinations();
    let empty = CellIndex {
        len: 0,
        ids: [0; MAX_PER_CELL],
        masks: [u64::MAX; MAX_PER_CELL],
        points: [0; MAX_PER_CELL],
    };
    let mut out = [empty; 64];
    let mut id = 0;
    while id < COMBINATION_COUNT {
        let mut c = 0;
        while c < 64 {
            if table[id].mask & (1u64 << c) != 0 {
                let entry = &mut out[c];
                let n = entry.len as usize;
                // A cell in more than MAX_PER_CELL combinations fails const evaluation here.
                entry.ids[n] = id as u8;
                entry.masks[n] = table[id].mask;
                entry.points[n] = table[id].points() as u8;
                entry.len += 1;
            }
            c += 1;
        }
        id += 1;
    }
    out
}

/// The per-cell index, computed at compile time.
pub(crate) static CELL_INDEX: [CellIndex; 64] = build_cell_index();

/// A set of combinations, one bit per id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ComboSet(u128);

impl ComboSet {
    /// The empty set.
    pub const EMPTY: ComboSet = ComboSet(0);

    /// Adds the combination with this id when `hit` is true, without a branch.
    #[inline]
    pub(crate) fn insert_id_if(&mut self, id: u8, hit: bool) {
        self.0 |= (hit as u128) << id;
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many combinations it holds.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether it holds `combo`.
    #[inline]
    pub const fn contains(self, combo: Combination) -> bool {
        self.0 & (1 << combo.id) != 0
    }

    /// The union of all their cells as a bitboard.
    pub fn cells_mask(self) -> u64 {
        self.iter().fold(0, |m, c| m | c.mask())
    }

    /// The combinations, in table order (squares, same-number lines, sequences).
    pub fn iter(self) -> impl Iterator<Item = Combination> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let id = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            Some(COMBINATIONS[id])
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_match_the_rules() {
        let count = |k| COMBINATIONS.iter().filter(|c| c.kind() == k).count();
        assert_eq!(count(ComboKind::Square), 16);
        assert_eq!(count(ComboKind::SameNumber), 40);
        assert_eq!(count(ComboKind::Sequence), 20);
    }

    #[test]
    fn every_combination_is_distinct_and_has_four_cells() {
        for (i, a) in COMBINATIONS.iter().enumerate() {
            assert_eq!(a.id(), i);
            assert_eq!(a.mask().count_ones(), 4, "{a}");
            for b in &COMBINATIONS[i + 1..] {
                assert_ne!(a.mask(), b.mask(), "{a} and {b}");
            }
        }
    }

    #[test]
    fn cell_index_is_complete() {
        for (cell, entry) in CELL_INDEX.iter().enumerate() {
            let listed: Vec<usize> = entry.ids[..entry.len as usize]
                .iter()
                .map(|&i| i as usize)
                .collect();
            let expected: Vec<usize> = COMBINATIONS
                .iter()
                .filter(|c| c.mask() & (1 << cell) != 0)
                .map(|c| c.id())
                .collect();
            assert_eq!(listed, expected);
        }
    }

    #[test]
    fn sequences_read_both_ways() {
        let named: Vec<String> = COMBINATIONS
            .iter()
            .filter(|c| {
                c.shape()
                    == ComboShape::Sequence {
                        line: Line::Row(1),
                        reversed: true,
                    }
            })
            .map(|c| {
                c.cells()
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(named, ["a2:4 b2:3 c2:2 d2:1"]);
        let anti = COMBINATIONS
            .iter()
            .find(|c| {
                c.shape()
                    == ComboShape::Sequence {
                        line: Line::AntiDiagonal,
                        reversed: false,
                    }
            })
            .unwrap();
        let cells: Vec<String> = anti.cells().iter().map(ToString::to_string).collect();
        assert_eq!(cells, ["d1:1", "c2:2", "b3:3", "a4:4"]);
    }
}
