//! The static evaluation: the score difference plus half-built combinations.
//!
//! Values are in tenths of a point ([`SCALE`] units per point) from the mover's view.
//! A combination one stone short is worth a share of its points that depends on
//! who can fill its last cell and when: a cell that is playable now goes to the
//! mover, and a cell higher up tends to go to the player that parity favours.
//! Yellow can answer every move in the same square (the follow-up strategy), so
//! Yellow tends to end up with sections 2 and 4 and Blue with 1 and 3.

use crate::rules::{COMBINATIONS, Player, Position};

/// Evaluation units per point of score.
pub const SCALE: i32 = 10;

/// The bits of every section-1 cell (cell index = square * 4 + section - 1).
pub const SECTION_1: u64 = 0x1111_1111_1111_1111;
/// The bits of every section-2 and section-4 cell: the sections parity gives Yellow.
const EVEN_SECTIONS: u64 = 0xAAAA_AAAA_AAAA_AAAA;

/// The cells a move can fill now: each open square's lowest empty section.
#[inline]
pub fn playable_cells(occupied: u64) -> u64 {
    !occupied & (((occupied << 1) & !SECTION_1) | SECTION_1)
}

/// The score difference alone, from the mover's view, in evaluation units.
#[inline]
pub fn score_diff(position: &Position) -> i32 {
    let me = position.to_move();
    (position.score(me) as i32 - position.score(me.other()) as i32) * SCALE
}

/// The evaluation of `position` from the mover's view, in evaluation units.
pub fn evaluate(position: &Position) -> i32 {
    let me = position.to_move();
    let stones = [
        position.stones(Player::Blue),
        position.stones(Player::Yellow),
    ];
    let playable = playable_cells(position.occupied());
    let mut threats = [0i32; 2];
    for combo in COMBINATIONS.iter() {
        let mask = combo.mask();
        let points = combo.points() as i32;
        for side in 0..2 {
            if mask & stones[1 - side] != 0 {
                continue;
            }
            let missing = mask & !stones[side];
            if missing == 0 {
                continue;
            }
            let rest = missing & (missing - 1);
            if rest == 0 {
                // Three of four: who gets the last cell?
                let weight = if missing & playable != 0 {
                    if side == me.index() { 9 } else { 4 }
                } else {
                    let favours_yellow = missing & EVEN_SECTIONS != 0;
                    if favours_yellow == (side == Player::Yellow.index()) {
                        5
                    } else {
                        2
                    }
                };
                threats[side] += weight * points;
            } else if rest & (rest - 1) == 0 {
                // Two of four: a small bonus for a live start.
                threats[side] += points;
            }
        }
    }
    // Weights are in tenths of the combination's points, i.e. already in SCALE units.
    score_diff(position) + threats[me.index()] - threats[me.other().index()]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Cell, Section, Square};

    #[test]
    fn playable_cells_are_the_lowest_open_sections() {
        let mut pos = Position::new();
        assert_eq!(playable_cells(pos.occupied()), SECTION_1);
        let a1: Square = "a1".parse().unwrap();
        pos.play(a1).unwrap();
        pos.play(a1).unwrap();
        let next = playable_cells(pos.occupied());
        assert_ne!(next & Cell::new(a1, Section::new(3).unwrap()).bit(), 0);
        assert_eq!(next & Cell::new(a1, Section::new(1).unwrap()).bit(), 0);
        for _ in 0..2 {
            pos.play(a1).unwrap();
        }
        assert_eq!(playable_cells(pos.occupied()) & 0xF, 0);
    }

    #[test]
    fn the_empty_board_is_even() {
        assert_eq!(evaluate(&Position::new()), 0);
    }
}
