//! The rules of Hijara: board, moves and scoring. Pure: no I/O, clock, threads or randomness.
//!
//! The board has 16 squares (`a1`..`d4`) of four sections each. A move names a
//! square that is not full and fills its lowest open section. A stone that
//! completes combinations of the mover's colour scores them: all four sections of
//! a square (20), one section number along a line (10), sections 1-2-3-4 along a
//! line from either end (15). The corners variant ([`Ruleset::Corners`]) adds
//! formations on the four corner squares: one section number in all four (10),
//! and sections 1, 2, 3 and 4 one in each corner in any arrangement (15).
//!
//! A [`Position`] always scores automatically (what the AI searches). A [`Game`]
//! may be played with claims ([`Game::with_rules`]): then its totals are the
//! points players claimed ([`Game::claim`]), derived from each stone's [`ClaimState`].

mod combination;
mod game;
mod position;
mod ruleset;
mod square;
mod symmetry;

pub use combination::{
    COMBINATION_COUNT, COMBINATIONS, CORNERS, Combination, ComboKind, ComboSet, ComboShape, Line,
};
pub use game::{ClaimError, ClaimOutcome, ClaimState, Game, PlayError};
pub use position::{FullSquare, Outcome, Placement, Position};
pub use ruleset::{ParseRulesetError, Ruleset};
pub use square::{Cell, Move, ParsePlayerError, ParseSquareError, Player, Section, Square};
pub use symmetry::Symmetry;

#[cfg(test)]
mod tests;
