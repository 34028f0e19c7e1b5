//! Hard's opening book: moves chosen offline from measured games
//! (`examples/book.rs`: a move enters only where it beat hard's own search
//! clearly), played at once, with no search, from their positions.
//!
//! The book is a text file, `assets/book/standard.txt`, built into the binary
//! and parsed once on first use. One entry a line: the moves from the start that
//! reach a position, a colon, and the book's move there (`b2 c3 : a1`); `#`
//! starts a comment. A position is found in any of the board's 8 symmetries
//! (rotations and reflections of the 4x4 grid, which keep every combination of
//! both rulesets), so the file holds each position once. It covers the
//! standard rules only: under the corners variant hard searches every move.

use std::collections::HashMap;
use std::fmt;
use std::sync::LazyLock;

use crate::rules::{Move, Player, Position, Ruleset, Square, Symmetry};

/// The shipped book's text.
const SHIPPED: &str = include_str!("../../assets/book/standard.txt");

/// The shipped book, parsed on first use.
#[allow(
    clippy::expect_used,
    reason = "a test (`the_shipped_book_parses_and_every_move_is_legal`) parses `SHIPPED`, \
              so this `expect` cannot fire in a tested build"
)]
static SHIPPED_BOOK: LazyLock<Book> =
    LazyLock::new(|| Book::parse(SHIPPED).expect("the shipped book parses (tested)"));

/// A position's stones under `symmetry`, `(blue, yellow)`: the book's key for
/// that image.
pub fn image(position: &Position, symmetry: Symmetry) -> (u64, u64) {
    let image = position.transformed(symmetry);
    (image.stones(Player::Blue), image.stones(Player::Yellow))
}

/// The least of a position's 8 images: the key under which the book holds it.
pub fn canonical(position: &Position) -> (u64, u64) {
    Symmetry::ALL
        .iter()
        .map(|&s| image(position, s))
        .min()
        .unwrap_or((position.stones(Player::Blue), 0))
}

/// What is wrong with a book line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BookErrorKind {
    /// A word that is not a square (`e5`).
    NotASquare(String),
    /// A move into a full square.
    FullSquare(Square),
    /// No `:` before the book's move.
    MissingColon,
    /// Not exactly one move after the `:`.
    NotOneMove,
    /// The same position (up to symmetry) is already in the book, on this line.
    Duplicate(usize),
}

/// A book line that does not parse, with its 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters) where the fault starts, from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: BookErrorKind,
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "opening book, line {}, column {}: ",
            self.line, self.column
        )?;
        match &self.kind {
            BookErrorKind::NotASquare(word) => write!(f, "`{word}` is not a square"),
            BookErrorKind::FullSquare(square) => write!(f, "{square} is full"),
            BookErrorKind::MissingColon => f.write_str("no `:` before the book's move"),
            BookErrorKind::NotOneMove => f.write_str("expected one move after the `:`"),
            BookErrorKind::Duplicate(line) => {
                write!(f, "the same position (up to symmetry) as line {line}")
            }
        }
    }
}

impl std::error::Error for BookError {}

/// An opening book: a move for each of its positions (standard rules).
#[derive(Debug, Clone, Default)]
pub struct Book {
    /// Canonical stones `(blue, yellow)` to the move and the line that gave it.
    moves: HashMap<(u64, u64), (Move, usize)>,
}

impl Book {
    /// The book shipped with hard.
    pub fn shipped() -> &'static Book {
        &SHIPPED_BOOK
    }

    /// How many positions the book holds.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// Parses a book's text: every move is checked legal from its position.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut book = Book::default();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let content = raw.split('#').next().unwrap_or("");
            if content.trim().is_empty() {
                continue;
            }
            let error = |column: usize, kind| BookError { line, column, kind };
            let colon = content.find(':').ok_or_else(|| {
                error(
                    1 + content.len() - content.trim_start().len(),
                    BookErrorKind::MissingColon,
                )
            })?;
            let mut position = Position::new();
            for (column, word) in words(content, 0, colon) {
                let square = parse_square(word).map_err(|kind| error(column, kind))?;
                position
                    .play(square)
                    .map_err(|_| error(column, BookErrorKind::FullSquare(square)))?;
            }
            let after: Vec<_> = words(content, colon + 1, content.len()).collect();
            let [(column, word)] = after[..] else {
                let column = content[..colon].chars().count() + 1;
                return Err(error(column, BookErrorKind::NotOneMove));
            };
            let mv = parse_square(word).map_err(|kind| error(column, kind))?;
            if position.is_full(mv) {
                return Err(error(column, BookErrorKind::FullSquare(mv)));
            }
            // Stored under the canonical image, the move mapped the same way.
            let (symmetry, key) = Symmetry::ALL
                .iter()
                .map(|&s| (s, image(&position, s)))
                .min_by_key(|&(_, key)| key)
                .unwrap_or((Symmetry::IDENTITY, (0, 0)));
            if let Some(&(_, first)) = book.moves.get(&key) {
                return Err(error(1, BookErrorKind::Duplicate(first)));
            }
            book.moves.insert(key, (symmetry.apply(mv), line));
        }
        Ok(book)
    }

    /// The book's move for `position`, found in any of its symmetries; `None`
    /// when it is not in the book or is not under the standard rules.
    pub fn lookup(&self, position: &Position) -> Option<Move> {
        if position.ruleset() != Ruleset::Standard {
            return None;
        }
        Symmetry::ALL.iter().find_map(|&s| {
            let &(mv, _) = self.moves.get(&image(position, s))?;
            let mv = s.inverse().apply(mv);
            (!position.is_full(mv)).then_some(mv)
        })
    }
}

/// The words of `text[from..to]` with their 1-based columns.
fn words(text: &str, from: usize, to: usize) -> impl Iterator<Item = (usize, &str)> {
    let slice = &text[from..to];
    slice.split_whitespace().map(move |word| {
        let offset = word.as_ptr() as usize - text.as_ptr() as usize;
        (text[..offset].chars().count() + 1, word)
    })
}

fn parse_square(word: &str) -> Result<Square, BookErrorKind> {
    word.parse()
        .map_err(|_| BookErrorKind::NotASquare(word.chars().take(8).collect()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::test_support::random_position;

    #[test]
    fn the_shipped_book_parses_and_every_move_is_legal() {
        let book = Book::parse(SHIPPED).unwrap_or_else(|e| panic!("{e}"));
        assert!(!book.is_empty());
        // `parse` plays every line's moves and checks the book move is open;
        // replay each line here too, and find it by lookup.
        for raw in SHIPPED.lines() {
            let content = raw.split('#').next().unwrap();
            let Some((path, mv)) = content.split_once(':') else {
                continue;
            };
            let mut position = Position::new();
            for word in path.split_whitespace() {
                position.play(word.parse().unwrap()).unwrap();
            }
            let mv: Square = mv.trim().parse().unwrap();
            assert!(!position.is_full(mv));
            let found = book
                .lookup(&position)
                .expect("every line's position is found");
            // The book's move or a symmetric twin of it (when the position is symmetric).
            let twin = Symmetry::ALL.iter().any(|s| {
                image(&position, *s) == image(&position, Symmetry::IDENTITY) && s.apply(mv) == found
            });
            assert!(twin, "{raw}: found {found}");
        }
    }

    #[test]
    fn a_position_is_found_in_every_symmetry_with_the_move_mapped() {
        let book = Book::parse("b1 c1 : d3\n").unwrap();
        for s in Symmetry::ALL {
            let mut position = Position::new();
            for sq in [Square::B1, Square::C1] {
                position.play(s.apply(sq)).unwrap();
            }
            assert_eq!(book.lookup(&position), Some(s.apply(Square::D3)), "{s:?}");
        }
        // Not in the book: another position, or the corners variant.
        assert_eq!(book.lookup(&random_position(10, 3)), None);
        let mut corners = Position::with_ruleset(Ruleset::Corners);
        corners.play(Square::B1).unwrap();
        corners.play(Square::C1).unwrap();
        assert_eq!(book.lookup(&corners), None);
    }

    #[test]
    fn a_deeper_position_with_stacks_is_found_in_every_symmetry() {
        // Fifth-ply entries (issue 29's ninth pass): stacked squares transform with
        // their sections; Yellow stacking on Blue's corner instead is another position.
        let line = [Square::A1, Square::D1, Square::A4, Square::D1];
        let book = Book::parse("a1 d1 a4 d1 : d4\n").unwrap();
        for s in Symmetry::ALL {
            let mut position = Position::new();
            for sq in line {
                position.play(s.apply(sq)).unwrap();
            }
            assert_eq!(book.lookup(&position), Some(s.apply(Square::D4)), "{s:?}");
        }
        let mut other = Position::new();
        for sq in [Square::A1, Square::D1, Square::A4, Square::A4] {
            other.play(sq).unwrap();
        }
        assert_eq!(book.lookup(&other), None);
    }

    #[test]
    fn the_corner_corner_openings_are_two_positions_with_16_and_10_third_moves() {
        use std::collections::HashSet;
        let corners = [Square::A1, Square::D1, Square::A4, Square::D4];
        let after = |moves: &[Square]| {
            let mut position = Position::new();
            for &m in moves {
                position.play(m).unwrap();
            }
            canonical(&position)
        };
        let mut openings = HashSet::new();
        for b in corners {
            for y in corners.into_iter().filter(|&y| y != b) {
                openings.insert(after(&[b, y]));
            }
        }
        // Yellow beside Blue's corner (along a row or a column), or opposite it.
        assert_eq!(openings.len(), 2);
        for (yellow, thirds) in [(Square::D1, 16), (Square::D4, 10)] {
            let distinct: HashSet<_> = Square::ALL
                .into_iter()
                .map(|third| after(&[Square::A1, yellow, third]))
                .collect();
            assert_eq!(distinct.len(), thirds, "a1 {yellow}");
        }
    }

    #[test]
    fn hard_plays_the_book_move_fresh_or_kept_and_searches_without_a_book() {
        use crate::ai::{AiSettings, Engine, Level, SearchLimit};
        let settings = AiSettings {
            threads: Some(1),
            ..AiSettings::new(Level::Hard)
        };
        let limit = SearchLimit::nodes(2_000);
        // An engine kept between moves (a local game's) searched the first move.
        let mut kept = Engine::new(settings);
        let first = kept.decide(&Position::new(), &limit).unwrap();
        assert!(!first.book && first.nodes > 0);
        for s in Symmetry::ALL {
            let mut position = Position::new();
            position.play(s.apply(Square::A1)).unwrap();
            position.play(s.apply(Square::D1)).unwrap();
            let expected = Book::shipped()
                .lookup(&position)
                .expect("a1 d1 is in the book");
            // A fresh engine for every move (the server's pool) and the kept one.
            for d in [
                Engine::new(settings).decide(&position, &limit).unwrap(),
                kept.decide(&position, &limit).unwrap(),
            ] {
                assert_eq!((d.mv, d.book, d.nodes), (expected, true, 0), "{s:?}");
            }
            let searched = Engine::with_book(settings, None)
                .decide(&position, &limit)
                .unwrap();
            assert!(!searched.book && searched.nodes > 0);
        }
    }

    #[test]
    fn a_corrupt_line_is_an_error_naming_line_and_column() {
        let cases = [
            (
                "b2 : c3\nb2 e5 : a1\n",
                2,
                4,
                BookErrorKind::NotASquare("e5".into()),
            ),
            (
                "b2 b2 b2 b2 : b2\n",
                1,
                15,
                BookErrorKind::FullSquare(Square::B2),
            ),
            (
                "b2 b2 b2 b2 b2 : a1\n",
                1,
                13,
                BookErrorKind::FullSquare(Square::B2),
            ),
            ("# c\n  b2 c3 a1\n", 2, 3, BookErrorKind::MissingColon),
            ("b2 : c3 d4\n", 1, 4, BookErrorKind::NotOneMove),
            ("b2 :\n", 1, 4, BookErrorKind::NotOneMove),
            ("b2 : c3\nc2 : b3\n", 2, 1, BookErrorKind::Duplicate(1)),
        ];
        for (text, line, column, kind) in cases {
            let e = Book::parse(text).unwrap_err();
            assert_eq!(e, BookError { line, column, kind }, "{text:?}");
            assert!(
                e.to_string()
                    .starts_with(&format!("opening book, line {line}, column {column}: "))
            );
        }
        // Comments and blank lines are not entries.
        let book = Book::parse("# header\n\n: b2  # the first move\n").unwrap();
        assert_eq!(book.lookup(&Position::new()), Some(Square::B2));
    }
}
