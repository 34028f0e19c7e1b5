//! The board as two bitboards, and the placement of one stone with its scoring.

use std::fmt;

use super::combination::{CORNERS_INDEX, ComboSet, STANDARD_INDEX};
use super::ruleset::Ruleset;
use super::square::{Cell, Move, Player, Section, Square};
use super::symmetry::Symmetry;

/// Every square open: the `u16` set of squares that still have an open section.
const ALL_OPEN: u16 = 0xFFFF;

/// A position: who owns each of the 64 sections, which squares are open, the
/// totals and the ruleset.
///
/// The totals are cached; they always equal the points of the combinations each
/// player owns whole, since scoring is automatic. (In a game with claims the
/// claimed totals are a game-level fact: see [`Game`](super::Game).)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    stones: [u64; 2],
    open: u16,
    ply: u8,
    // One byte in what was padding: the struct stays 24 bytes.
    ruleset: Ruleset,
    scores: [u16; 2],
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

/// The result of one placement: where the stone went and what it scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placement {
    /// Who placed the stone.
    pub player: Player,
    /// Where the stone went.
    pub cell: Cell,
    /// The points it scored (0 when it completed nothing).
    pub points: u32,
    /// The rules it was played under.
    ruleset: Ruleset,
    /// The mover's stones just after the placement, from which the combinations are read.
    owned: u64,
}

impl Placement {
    /// The combinations this stone completed. Computed on demand, so plain play
    /// (search, benchmarks) pays only for the points.
    pub fn combos(&self) -> ComboSet {
        let cell = self.cell.index();
        match self.ruleset {
            Ruleset::Standard => STANDARD_INDEX[cell].combos_owned(self.owned),
            Ruleset::Corners => CORNERS_INDEX[cell].combos_owned(self.owned),
        }
    }

    /// The rules the stone was played under.
    #[inline]
    pub fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// The square that was played.
    #[inline]
    pub fn square(&self) -> Square {
        self.cell.square
    }
}

/// A move that names a full square. The position is left unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("square {square} is full")]
pub struct FullSquare {
    /// The square that was named.
    pub square: Square,
}

/// How a finished game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One player has the higher total.
    Winner(Player),
    /// Equal totals.
    Draw,
}

impl Outcome {
    /// The outcome of a finished game with these totals: the higher wins, equal is a draw.
    pub fn of_totals(blue: u32, yellow: u32) -> Outcome {
        match blue.cmp(&yellow) {
            std::cmp::Ordering::Greater => Outcome::Winner(Player::Blue),
            std::cmp::Ordering::Less => Outcome::Winner(Player::Yellow),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// The winner, if any.
    pub fn winner(self) -> Option<Player> {
        match self {
            Outcome::Winner(p) => Some(p),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Winner(p) => write!(f, "{p} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}

impl Position {
    /// The empty board, Blue to move, standard rules.
    pub const fn new() -> Position {
        Position::with_ruleset(Ruleset::Standard)
    }

    /// The empty board, Blue to move, under `ruleset`.
    pub const fn with_ruleset(ruleset: Ruleset) -> Position {
        Position {
            stones: [0, 0],
            open: ALL_OPEN,
            ply: 0,
            ruleset,
            scores: [0, 0],
        }
    }

    /// The rules this position is played under.
    #[inline]
    pub const fn ruleset(&self) -> Ruleset {
        self.ruleset
    }

    /// The player to move. Blue moves on even plies.
    #[inline]
    pub const fn to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) {
            Player::Blue
        } else {
            Player::Yellow
        }
    }

    /// How many stones are on the board (0..=64).
    #[inline]
    pub const fn ply(&self) -> u32 {
        self.ply as u32
    }

    /// How many sections are still empty.
    #[inline]
    pub const fn empty_sections(&self) -> u32 {
        64 - self.ply as u32
    }

    /// The bitboard of `player`'s stones, one bit per [`Cell::index`].
    #[inline]
    pub const fn stones(&self, player: Player) -> u64 {
        self.stones[player.index()]
    }

    /// The bitboard of all stones.
    #[inline]
    pub const fn occupied(&self) -> u64 {
        self.stones[0] | self.stones[1]
    }

    /// The set of squares with an open section, one bit per [`Square::index`].
    #[inline]
    pub const fn open_squares(&self) -> u16 {
        self.open
    }

    /// Whether `square` is full.
    #[inline]
    pub const fn is_full(&self, square: Square) -> bool {
        self.open & square.bit() == 0
    }

    /// The stones on `square` so far (0..=4).
    #[inline]
    pub const fn stones_on(&self, square: Square) -> u32 {
        // Sections fill in order, so a square's nibble is 0, 1, 3, 7 or 15. A table
        // beats `count_ones`, which is a software routine on baseline x86-64.
        const FILLED: [u8; 16] = [0, 1, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 4];
        FILLED[((self.occupied() >> (square.index() * 4)) & 0xF) as usize] as u32
    }

    /// The section a move to `square` would fill, or `None` if it is full.
    #[inline]
    pub const fn next_section(&self, square: Square) -> Option<Section> {
        // Sections fill in order, so the count of stones is the next section's index.
        Section::new(self.stones_on(square) as u8 + 1)
    }

    /// Who owns `cell`, if anyone.
    #[inline]
    pub const fn owner(&self, cell: Cell) -> Option<Player> {
        let bit = cell.bit();
        if self.stones[0] & bit != 0 {
            Some(Player::Blue)
        } else if self.stones[1] & bit != 0 {
            Some(Player::Yellow)
        } else {
            None
        }
    }

    /// `player`'s total.
    #[inline]
    pub const fn score(&self, player: Player) -> u32 {
        self.scores[player.index()] as u32
    }

    /// `player`'s total minus the opponent's: the margin `player` leads by.
    #[inline]
    pub const fn margin(&self, player: Player) -> i32 {
        self.score(player) as i32 - self.score(player.other()) as i32
    }

    /// Whether all 64 sections are filled.
    #[inline]
    pub const fn is_over(&self) -> bool {
        self.open == 0
    }

    /// The outcome once the board is full, `None` before.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        Some(Outcome::of_totals(
            self.score(Player::Blue),
            self.score(Player::Yellow),
        ))
    }

    /// The legal moves: every square that is not full, in reading order.
    pub fn legal_moves(&self) -> impl Iterator<Item = Move> + use<> {
        let mut bits = self.open;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Square::from_index(index)
        })
    }

    /// Places the mover's stone on `mv`'s lowest open section and scores it.
    ///
    /// A full square is refused and the position is left unchanged.
    // Always inlined: callers that ignore the returned `Placement` (playouts,
    // search) then skip building it (about 30% more random games/s, A/B side by side).
    #[inline(always)]
    pub fn play(&mut self, mv: Move) -> Result<Placement, FullSquare> {
        let Some(section) = self.next_section(mv) else {
            return Err(FullSquare { square: mv });
        };
        Ok(self.place(mv, section))
    }

    /// Like [`Position::play`], for a move the caller knows is legal (search, playouts).
    ///
    /// A full square is a caller bug: checked by a debug assertion, and in release
    /// builds the position is left unchanged and the placement scores nothing.
    #[inline(always)]
    pub fn play_unchecked(&mut self, mv: Move) -> Placement {
        debug_assert!(!self.is_full(mv), "play_unchecked on full square {mv}");
        match self.next_section(mv) {
            Some(section) => self.place(mv, section),
            None => Placement {
                player: self.to_move(),
                cell: Cell::new(mv, Section::ALL[3]),
                points: 0,
                ruleset: self.ruleset,
                owned: self.stones[self.to_move().index()],
            },
        }
    }

    /// Like [`Position::play`], with the ruleset fixed at compile time: `CORNERS`
    /// must say whether [`Position::ruleset`] is [`Ruleset::Corners`]. For loops
    /// that play many moves (playouts) and so can dispatch once on the ruleset,
    /// not once a move.
    #[inline(always)]
    pub(crate) fn play_as<const CORNERS: bool>(
        &mut self,
        mv: Move,
    ) -> Result<Placement, FullSquare> {
        debug_assert_eq!(CORNERS, self.ruleset == Ruleset::Corners);
        let Some(section) = self.next_section(mv) else {
            return Err(FullSquare { square: mv });
        };
        Ok(self.place_as::<CORNERS>(mv, section))
    }

    #[inline(always)]
    fn place(&mut self, mv: Move, section: Section) -> Placement {
        // One predictable branch per move; each arm is a fixed-length loop over its
        // ruleset's table, so the standard game runs the same loop as before.
        match self.ruleset {
            Ruleset::Standard => self.place_as::<false>(mv, section),
            Ruleset::Corners => self.place_as::<true>(mv, section),
        }
    }

    #[inline(always)]
    fn place_as<const CORNERS: bool>(&mut self, mv: Move, section: Section) -> Placement {
        let player = self.to_move();
        let cell = Cell::new(mv, section);
        let bit = cell.bit();
        let mine = self.stones[player.index()] | bit;
        self.stones[player.index()] = mine;
        if section.number() == 4 {
            self.open &= !mv.bit();
        }
        self.ply += 1;

        // Every combination through the new cell that the mover now owns whole was
        // completed by this very stone.
        let points = if CORNERS {
            CORNERS_INDEX[cell.index()].points_owned(mine)
        } else {
            STANDARD_INDEX[cell.index()].points_owned(mine)
        };
        // At most 32 stones a player, each worth at most 14 combinations of at
        // most 20 points: the total fits in u16.
        self.scores[player.index()] += points as u16;
        Placement {
            player,
            cell,
            points,
            ruleset: self.ruleset,
            owned: mine,
        }
    }

    /// The points of every combination wholly of `player`'s colour, counted from scratch.
    ///
    /// Equal to [`Position::score`]; kept for checks and tests.
    pub fn recount(&self, player: Player) -> u32 {
        let mine = self.stones(player);
        self.ruleset
            .combinations()
            .iter()
            .filter(|c| mine & c.mask() == c.mask())
            .map(|c| c.points())
            .sum()
    }

    /// The position turned half a turn: every stone moved to the rotated square.
    ///
    /// Section numbers are kept; both rulesets are symmetric under this rotation
    /// (it maps lines to lines and corners to corners).
    pub fn rotated(&self) -> Position {
        self.transformed(Symmetry::HALF_TURN)
    }

    /// The position's image under one of the board's symmetries: every stone
    /// moved to the image of its square, sections, scores and turn kept (every
    /// symmetry keeps every combination of both rulesets).
    pub fn transformed(&self, symmetry: Symmetry) -> Position {
        Position {
            stones: self.stones.map(|bits| symmetry.apply_cells(bits)),
            open: symmetry.apply_squares(self.open),
            ply: self.ply,
            ruleset: self.ruleset,
            scores: self.scores,
        }
    }
}

impl fmt::Display for Position {
    /// A plain-text board: each square as `[1234]` with `B`, `Y` or `.` per section,
    /// then the totals and who is to move, or on a full board the outcome (`Yellow wins`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "    a      b      c      d")?;
        for row in 0..4 {
            write!(f, "{} ", row + 1)?;
            for column in 0..4 {
                let Some(sq) = Square::new(column, row) else {
                    continue;
                };
                // A space between squares, none after the last: no line ends in one.
                f.write_str(if column == 0 { "[" } else { " [" })?;
                for section in Section::ALL {
                    f.write_str(match self.owner(Cell::new(sq, section)) {
                        Some(Player::Blue) => "B",
                        Some(Player::Yellow) => "Y",
                        None => ".",
                    })?;
                }
                f.write_str("]")?;
            }
            writeln!(f)?;
        }
        write!(
            f,
            "Blue {}  Yellow {}  ",
            self.score(Player::Blue),
            self.score(Player::Yellow),
        )?;
        // A full board has nobody to move: it says how the game ended (qa48: the
        // engine's `showboard` said `Blue to move` under 64 stones).
        match self.outcome() {
            Some(outcome) => write!(f, "{outcome}"),
            None => write!(f, "{} to move", self.to_move()),
        }
    }
}
