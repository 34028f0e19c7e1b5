//! The scoring combinations, generated once into constant tables.
//!
//! Every rule about *what* scores lives here as data: 16 squares (20 points),
//! 40 same-number lines (10) and 20 sequences (15) in every game, and in the
//! corners variant 4 same-number corner formations (10) and 24 corner
//! arrangements of sections 1-2-3-4 (15). Scoring code only walks the per-cell
//! index built from the table of its ruleset.

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

/// The corner squares used by the corners variant, in the order
/// [`ComboShape::CornersSequence`] lists their sections: `a1`, `d1`, `a4`, `d4`.
pub const CORNERS: [Square; 4] = [Square::A1, Square::D1, Square::A4, Square::D4];

/// The kinds of combination and what each is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ComboKind {
    /// All four sections of one square: 20 points.
    Square,
    /// The same section number in the four squares of a line: 10 points.
    SameNumber,
    /// Sections 1-2-3-4 in order along a line, from either end: 15 points.
    Sequence,
    /// Corners variant: the same section number in all four corners: 10 points.
    CornersSameNumber,
    /// Corners variant: sections 1, 2, 3 and 4 one in each corner, in one
    /// given arrangement: 15 points.
    CornersSequence,
}

impl ComboKind {
    /// The points the kind is worth.
    pub const fn points(self) -> u32 {
        match self {
            ComboKind::Square => 20,
            ComboKind::SameNumber | ComboKind::CornersSameNumber => 10,
            ComboKind::Sequence | ComboKind::CornersSequence => 15,
        }
    }

    /// The lower-case name used in JSON (`square`, `same`, `sequence`,
    /// `corners_same`, `corners_sequence`).
    pub const fn name(self) -> &'static str {
        match self {
            ComboKind::Square => "square",
            ComboKind::SameNumber => "same",
            ComboKind::Sequence => "sequence",
            ComboKind::CornersSameNumber => "corners_same",
            ComboKind::CornersSequence => "corners_sequence",
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
    /// Corners variant: one section number on `a1`, `d1`, `a4` and `d4`.
    CornersSameNumber(Section),
    /// Corners variant: the sections on `a1`, `d1`, `a4` and `d4` (see [`CORNERS`]),
    /// one arrangement of 1, 2, 3 and 4.
    CornersSequence([Section; 4]),
}

/// One of the scoring combinations: four cells that score when one player owns them all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Combination {
    id: u8,
    shape: ComboShape,
    mask: u64,
}

impl Combination {
    /// The index of this combination in [`Ruleset::combinations`](super::Ruleset::combinations):
    /// 0..76 for the standard ones, 76..104 for the corner formations.
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
            ComboShape::CornersSameNumber(_) => ComboKind::CornersSameNumber,
            ComboShape::CornersSequence(_) => ComboKind::CornersSequence,
        }
    }

    /// Whether it is one of the corner formations of the corners variant.
    #[inline]
    pub const fn is_corner_formation(self) -> bool {
        matches!(
            self.shape,
            ComboShape::CornersSameNumber(_) | ComboShape::CornersSequence(_)
        )
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
                ComboShape::CornersSameNumber(section) => Cell::new(CORNERS[i], section),
                ComboShape::CornersSequence(sections) => Cell::new(CORNERS[i], sections[i]),
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
            ComboShape::CornersSameNumber(section) => write!(f, "corners same number {section}s"),
            ComboShape::CornersSequence(_) => f.write_str("corners 1-2-3-4"),
        }
    }
}

/// The number of combinations in the standard game.
pub const COMBINATION_COUNT: usize = 76;

/// The number of combinations in the corners variant: the 76 and 28 corner formations.
pub(crate) const ALL_COUNT: usize = 104;

const fn mask_of(cells: [Cell; 4]) -> u64 {
    let mut mask = 0;
    let mut i = 0;
    while i < 4 {
        mask |= cells[i].bit();
        i += 1;
    }
    mask
}

/// Every combination of both rulesets, standard ones first, so that a ruleset's
/// combinations are a prefix of this table.
const fn build_all() -> [Combination; ALL_COUNT] {
    let blank = Combination {
        id: 0,
        shape: ComboShape::Square(Square::ALL[0]),
        mask: 0,
    };
    let mut out = [blank; ALL_COUNT];
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
    // The corner formations: same number, then the 24 arrangements in lexicographic order.
    let mut sec = 0;
    while sec < 4 {
        out[n].shape = ComboShape::CornersSameNumber(Section::ALL[sec]);
        n += 1;
        sec += 1;
    }
    let mut a = 0;
    while a < 4 {
        let mut b = 0;
        while b < 4 {
            let mut c = 0;
            while c < 4 {
                // The fourth is what is left of 0+1+2+3 = 6 once a, b, c are distinct.
                let distinct = a != b && a != c && b != c;
                let d = if distinct { 6 - a - b - c } else { 0 };
                if distinct {
                    out[n].shape = ComboShape::CornersSequence([
                        Section::ALL[a],
                        Section::ALL[b],
                        Section::ALL[c],
                        Section::ALL[d],
                    ]);
                    n += 1;
                }
                c += 1;
            }
            b += 1;
        }
        a += 1;
    }
    // Every slot filled exactly: a miscount fails const evaluation.
    assert!(n == ALL_COUNT);
    let mut i = 0;
    while i < ALL_COUNT {
        out[i].id = i as u8;
        out[i].mask = mask_of(out[i].cells());
        i += 1;
    }
    out
}

/// The standard prefix of [`build_all`].
const fn build_standard() -> [Combination; COMBINATION_COUNT] {
    let all = build_all();
    let mut out = [all[0]; COMBINATION_COUNT];
    let mut i = 0;
    while i < COMBINATION_COUNT {
        out[i] = all[i];
        i += 1;
    }
    out
}

/// The standard game's combinations: the 16 squares, then the 40 same-number
/// lines, then the 20 sequences. See [`Ruleset::combinations`](super::Ruleset::combinations)
/// for a ruleset's whole table.
pub static COMBINATIONS: [Combination; COMBINATION_COUNT] = build_standard();

/// Both rulesets' combinations, indexed by id.
pub(crate) static ALL_COMBINATIONS: [Combination; ALL_COUNT] = build_all();

/// The loop length for the standard game. A cell lies in at most 7 combinations
/// (its square, and per line through it, at most three, its same-number line and
/// one sequence), but a loop of 9 measured 11% faster per CPU-second in
/// `hijara bench` than one of 7, so the index keeps two entries of padding.
pub(crate) const STANDARD_PER_CELL: usize = 9;

/// The same in the corners variant: a corner's section 1 (or 4) also lies in one
/// same-number formation and the 6 arrangements that put it on that corner.
pub(crate) const CORNERS_PER_CELL: usize = 14;

/// For each cell, the combinations that contain it, padded to a fixed length `N`
/// so the scoring loop has no data-dependent trip count.
#[derive(Clone, Copy)]
pub(crate) struct CellIndex<const N: usize> {
    /// How many entries are real; the rest are padding.
    pub(crate) len: u8,
    /// Combination ids.
    pub(crate) ids: [u8; N],
    /// Their masks; padding is all ones, which no colour can own (32 stones each).
    pub(crate) masks: [u64; N],
    /// Their points; padding is 0.
    pub(crate) points: [u8; N],
}

impl<const N: usize> CellIndex<N> {
    /// The points of the combinations through this cell that `owned` covers whole.
    #[inline(always)]
    pub(crate) fn points_owned(&self, owned: u64) -> u32 {
        let mut points = 0u32;
        for i in 0..N {
            let mask = self.masks[i];
            points += (owned & mask == mask) as u32 * self.points[i] as u32;
        }
        points
    }

    /// The combinations through this cell that `owned` covers whole.
    #[inline]
    pub(crate) fn combos_owned(&self, owned: u64) -> ComboSet {
        let mut set = ComboSet::EMPTY;
        for i in 0..self.len as usize {
            let mask = self.masks[i];
            set.insert_id_if(self.ids[i], owned & mask == mask);
        }
        set
    }
}

/// The per-cell index of the first `count` combinations of [`build_all`].
const fn build_cell_index<const N: usize>(count: usize) -> [CellIndex<N>; 64] {
    let table = build_all();
    let empty = CellIndex {
        len: 0,
        ids: [0; N],
        masks: [u64::MAX; N],
        points: [0; N],
    };
    let mut out = [empty; 64];
    let mut id = 0;
    while id < count {
        let mut c = 0;
        while c < 64 {
            if table[id].mask & (1u64 << c) != 0 {
                let entry = &mut out[c];
                let n = entry.len as usize;
                // A cell in more than N combinations fails const evaluation here.
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

/// The standard game's per-cell index, computed at compile time.
pub(crate) static STANDARD_INDEX: [CellIndex<STANDARD_PER_CELL>; 64] =
    build_cell_index(COMBINATION_COUNT);

/// The corners variant's per-cell index, computed at compile time.
pub(crate) static CORNERS_INDEX: [CellIndex<CORNERS_PER_CELL>; 64] = build_cell_index(ALL_COUNT);

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

    /// The union of two sets.
    #[inline]
    pub const fn union(self, other: ComboSet) -> ComboSet {
        ComboSet(self.0 | other.0)
    }

    /// Whether every combination of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: ComboSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The set holding only `combo`.
    #[inline]
    pub const fn single(combo: Combination) -> ComboSet {
        ComboSet(1 << combo.id)
    }

    /// The points of all its combinations together.
    pub fn points(self) -> u32 {
        self.iter().map(Combination::points).sum()
    }

    /// The combinations, in table order (squares, same-number lines, sequences,
    /// then corner formations).
    pub fn iter(self) -> impl Iterator<Item = Combination> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let id = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            // Ids are below ALL_COUNT: sets are only built from the tables.
            ALL_COMBINATIONS.get(id).copied()
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

    fn check_index<const N: usize>(
        index: &[CellIndex<N>; 64],
        table: &[Combination],
        fullest: usize,
    ) {
        for (cell, entry) in index.iter().enumerate() {
            let listed: Vec<usize> = entry.ids[..entry.len as usize]
                .iter()
                .map(|&i| i as usize)
                .collect();
            let expected: Vec<usize> = table
                .iter()
                .filter(|c| c.mask() & (1 << cell) != 0)
                .map(|c| c.id())
                .collect();
            assert_eq!(listed, expected);
        }
        let most = index.iter().map(|e| e.len as usize).max();
        assert_eq!(most, Some(fullest));
        assert!(fullest <= N);
    }

    #[test]
    fn cell_index_is_complete() {
        check_index(&STANDARD_INDEX, &COMBINATIONS, 7);
        check_index(&CORNERS_INDEX, &ALL_COMBINATIONS, CORNERS_PER_CELL);
    }

    #[test]
    fn corner_formations_are_the_28_of_the_rules() {
        let corners = &ALL_COMBINATIONS[COMBINATION_COUNT..];
        assert_eq!(corners.len(), 28);
        let count = |k| corners.iter().filter(|c| c.kind() == k).count();
        assert_eq!(count(ComboKind::CornersSameNumber), 4);
        assert_eq!(count(ComboKind::CornersSequence), 24);
        let corner_squares: u64 = CORNERS
            .iter()
            .fold(0, |m, sq| m | (0xF << (sq.index() * 4)));
        let mut arrangements = std::collections::HashSet::new();
        for (i, c) in corners.iter().enumerate() {
            assert_eq!(c.id(), COMBINATION_COUNT + i);
            assert!(c.is_corner_formation());
            assert_eq!(c.mask() & !corner_squares, 0, "{c} lies on the corners");
            let cells = c.cells();
            let squares: Vec<Square> = cells.iter().map(|cell| cell.square).collect();
            assert_eq!(squares, CORNERS);
            let mut numbers: Vec<u8> = cells.iter().map(|cell| cell.section.number()).collect();
            match c.kind() {
                ComboKind::CornersSameNumber => {
                    assert_eq!(c.points(), 10);
                    assert!(numbers.iter().all(|&n| n == numbers[0]));
                    assert_eq!(
                        c.to_string(),
                        format!("corners same number {}s", numbers[0])
                    );
                }
                ComboKind::CornersSequence => {
                    assert_eq!(c.points(), 15);
                    assert!(arrangements.insert(numbers.clone()));
                    numbers.sort_unstable();
                    assert_eq!(numbers, [1, 2, 3, 4]);
                    assert_eq!(c.to_string(), "corners 1-2-3-4");
                }
                other => panic!("{other:?} among the corner formations"),
            }
        }
        // No corner formation repeats a standard one.
        for a in corners {
            assert!(COMBINATIONS.iter().all(|b| a.mask() != b.mask()), "{a}");
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
