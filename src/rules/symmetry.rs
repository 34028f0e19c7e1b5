//! The 8 symmetries of the board: rotations and reflections of the 4x4 grid.
//!
//! Each maps squares to squares and keeps section numbers (gravity fixes them),
//! and each maps every combination of both rulesets to a combination of the same
//! points: lines to lines, the corners to the corners. So a position and its
//! images ([`Position::transformed`](super::Position::transformed)) are the same
//! game; the mirror strategy is the half turn, the opening book looks positions
//! up in all 8.

use super::Square;

/// One of the 8 symmetries of the 4x4 board: `(column, row)` goes to
/// [`Symmetry::apply`]'s square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Symmetry(u8);

impl Symmetry {
    /// Every square stays.
    pub const IDENTITY: Symmetry = Symmetry(0);

    /// Half a turn: `a1` to `d4` ([`Square::rotated`]).
    pub const HALF_TURN: Symmetry = Symmetry(2);

    /// All 8, the identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry(0),
        Symmetry(1),
        Symmetry(2),
        Symmetry(3),
        Symmetry(4),
        Symmetry(5),
        Symmetry(6),
        Symmetry(7),
    ];

    /// The image of `square`.
    pub fn apply(self, square: Square) -> Square {
        let (c, r) = (square.column(), square.row());
        let (c, r) = match self.0 {
            0 => (c, r),
            1 => (3 - r, c),
            2 => (3 - c, 3 - r),
            3 => (r, 3 - c),
            4 => (3 - c, r),
            5 => (c, 3 - r),
            6 => (r, c),
            _ => (3 - r, 3 - c),
        };
        // Both coordinates stay in 0..4.
        Square::new(c, r).unwrap_or(square)
    }

    /// The symmetry that undoes this one.
    pub fn inverse(self) -> Symmetry {
        match self.0 {
            1 => Symmetry(3),
            3 => Symmetry(1),
            other => Symmetry(other),
        }
    }

    /// The image of a bitboard of cells (four bits a square, section 1 lowest).
    pub fn apply_cells(self, bits: u64) -> u64 {
        Square::ALL.iter().fold(0, |out, &square| {
            let nibble = (bits >> (square.index() * 4)) & 0xF;
            out | nibble << (self.apply(square).index() * 4)
        })
    }

    /// The image of a set of squares (one bit a square).
    pub fn apply_squares(self, bits: u16) -> u16 {
        Square::ALL
            .iter()
            .filter(|square| bits & square.bit() != 0)
            .fold(0, |out, &square| out | self.apply(square).bit())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    #[test]
    fn every_symmetry_is_undone_by_its_inverse_and_the_half_turn_is_the_rotation() {
        for s in Symmetry::ALL {
            for square in Square::ALL {
                assert_eq!(s.inverse().apply(s.apply(square)), square, "{s:?}");
                assert_eq!(Symmetry::IDENTITY.apply(square), square);
                assert_eq!(Symmetry::HALF_TURN.apply(square), square.rotated());
            }
        }
        let images: std::collections::HashSet<_> = Symmetry::ALL
            .iter()
            .map(|s| Square::ALL.map(|sq| s.apply(sq)))
            .collect();
        assert_eq!(images.len(), 8, "8 different maps");
    }

    #[test]
    fn every_symmetry_keeps_every_combination_of_both_rulesets() {
        for s in Symmetry::ALL {
            for ruleset in Ruleset::ALL {
                let combos: Vec<(u64, u32)> = ruleset
                    .combinations()
                    .iter()
                    .map(|c| (c.mask(), c.points()))
                    .collect();
                for &(mask, points) in &combos {
                    let image = (s.apply_cells(mask), points);
                    assert!(combos.contains(&image), "{s:?} {ruleset} {mask:x}");
                }
            }
        }
    }
}
