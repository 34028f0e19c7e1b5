//! The static evaluation: the score difference plus half-built combinations.
//!
//! Values are in tenths of a point ([`SCALE`] units per point) from the mover's view.
//! Each live combination (no stone of the other colour, not complete) counts its
//! points towards one [`feature`] of its owner: one, two or three stones of four,
//! and for three of four, how high its last cell is above the playable one and
//! whether section parity favours the owner. Yellow can answer every move in the
//! same square (the follow-up strategy), so Yellow tends to end up with sections 2
//! and 4 and Blue with 1 and 3. The value is the score difference plus a weighted
//! sum of the mover's features minus the opponent's ([`Weights`]).
//!
//! Medium keeps its hand-set weights. Hard's were fitted to the exact
//! win/draw/loss outcome at 20 empty sections (a logistic regression); the
//! review's to exact final margins at 17-24 empty sections (least squares),
//! from positions of games of hard and medium, on these features and the side
//! to move's colour (`examples/eval_fit.rs` has the labelling tools and the
//! fits). Parity decides most: a three-of-four whose last cell parity gives
//! its owner is worth most of its points, one against parity little; and, in
//! the margin fit, Yellow's side is worth about 18 points more than its stones
//! say, whoever is to move (from the mover's view: Blue to move -18.6, Yellow
//! to move +17.9).
//!
//! Hard also weighs the **parity fill** ([`parity_fill`]) in the middle game
//! ([`FILL_EMPTIES`]): the margin of the board every empty cell given by
//! parity, as Yellow's follow-up would share it out. Its weight was chosen by
//! games against medium, not fitted (docs/ai-strength.md, issue 29, fifth
//! pass): at a tenth of a point per point, hard as Blue scores 5-9 points more.

use crate::rules::{Combination, Player, Position};

/// The combinations that score in `position`'s game (its [`Ruleset`](crate::rules::Ruleset)).
/// Everything in `ai/` reads them through here, so every evaluation feature,
/// dead-square test and score bound follows the position's rules.
#[inline]
pub(crate) fn combinations(position: &Position) -> &'static [Combination] {
    position.ruleset().combinations()
}

/// Evaluation units per point of score.
pub const SCALE: i32 = 10;

/// The bits of every section-2 and section-4 cell (cell index = square * 4 +
/// section - 1): the sections parity gives Yellow.
const EVEN_SECTIONS: u64 = 0xAAAA_AAAA_AAAA_AAAA;

/// The bits of every section-1 and section-3 cell: the sections parity gives Blue.
pub(crate) const ODD_SECTIONS: u64 = !EVEN_SECTIONS;

/// The empty sections (inclusive) where [`Weights::fill`] counts: the middle
/// game, where hard as Blue loses its points; over the whole game the same
/// weight gained less (docs/ai-strength.md, issue 29, fifth pass).
pub const FILL_EMPTIES: std::ops::RangeInclusive<u32> = 24..=52;

/// The score difference alone, from the mover's view, in evaluation units.
#[inline]
pub fn score_diff(position: &Position) -> i32 {
    position.margin(position.to_move()) * SCALE
}

/// How many kinds of half-built combination the evaluation tells apart.
pub const FEATURES: usize = 7;

/// The kinds of live combination (not blocked by the other side, not complete),
/// as indices into a feature row. Each counts the points of its combinations.
pub mod feature {
    /// One stone of four.
    pub const ONE: usize = 0;
    /// Two stones of four.
    pub const TWO: usize = 1;
    /// Three of four, the last cell playable now.
    pub const NOW: usize = 2;
    /// Three of four, the last cell one above the playable one, on a section parity
    /// gives the owner (2 and 4 for Yellow, 3 for Blue).
    pub const FAVOURED_NEXT: usize = 3;
    /// As [`FAVOURED_NEXT`], the last cell two or more above the playable one.
    pub const FAVOURED_HIGH: usize = 4;
    /// Three of four, the last cell one above the playable one, on a section
    /// parity gives the other side.
    pub const AGAINST_NEXT: usize = 5;
    /// As [`AGAINST_NEXT`], the last cell two or more above the playable one.
    pub const AGAINST_HIGH: usize = 6;
}

/// Evaluation weights, in hundredths of a combination's points per kind of combination.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    /// For the mover's combinations.
    pub mine: [i32; FEATURES],
    /// For the opponent's combinations (subtracted).
    pub theirs: [i32; FEATURES],
    /// Added for the side to move, by its colour (`[Blue, Yellow]`), in
    /// hundredths of a point: the game favours Yellow, so the same stones are
    /// worth more to Yellow. In a search every leaf of one depth has the same
    /// mover, so it changes the values more than the moves chosen.
    pub colour: [i32; 2],
    /// For the [`parity_fill`] beyond the score, from the mover's view, in
    /// hundredths of a point per point; counted only within [`FILL_EMPTIES`].
    pub fill: i32,
}

impl Weights {
    /// The medium level's evaluation: a playable last cell is worth 9/10 of the
    /// combination to the mover, 4/10 to the opponent; a higher one 5/10 when
    /// parity favours its owner, 2/10 otherwise; a live pair 1/10.
    pub const MEDIUM: Weights = Weights {
        mine: [0, 10, 90, 50, 50, 20, 20],
        theirs: [0, 10, 40, 50, 50, 20, 20],
        colour: [0, 0],
        fill: 0,
    };
    /// The hard level's evaluation, fitted by `examples/eval_fit.rs` (`generate
    /// --games 700` with seeds 11 and 12: 51,800 positions) to the win/draw/loss
    /// outcome at 20 empty sections. Kept for play: the weights fitted to
    /// margins ([`Weights::REVIEW`]) scored less as Blue against medium
    /// (docs/ai.md). The parity fill's weight, a tenth of a point per point,
    /// came from games as Blue against medium (5 and 15 scored less).
    pub const HARD: Weights = Weights {
        mine: [6, 15, 56, 67, 101, 12, 28],
        theirs: [9, 18, 37, 78, 109, 26, 33],
        colour: [0, 0],
        fill: 10,
    };
    /// The review's evaluation (`analysis::evaluate_move`), fitted by
    /// `examples/eval_fit.rs` to exact final margins (issue 29): `margins
    /// --games 2000 --seed 21 --max-minutes 40` labelled 2,129 positions at
    /// 17-24 empty sections from 33 games of hard and medium, and
    /// `fit-margins --exact-only` is a least-squares fit of the margin less the
    /// score difference. On held-out games it halves the error of the review's
    /// values at 20-23 empty sections.
    pub const REVIEW: Weights = Weights {
        mine: [16, 24, 82, 95, 96, 23, 55],
        theirs: [11, 17, 55, 95, 92, 32, 44],
        colour: [-1856, 1787],
        fill: 0,
    };
}

/// The points of each kind of live combination, for the mover (`[0]`) and the opponent (`[1]`).
pub fn features(position: &Position) -> [[i32; FEATURES]; 2] {
    let me = position.to_move();
    let stones = [position.stones(me), position.stones(me.other())];
    let occupied = position.occupied();
    let mut rows = [[0i32; FEATURES]; 2];
    for combo in combinations(position) {
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
            let kind = if rest == 0 {
                // Three of four: how far above the playable cell is the last one?
                let index = missing.trailing_zeros();
                let filled = ((occupied >> (index & !3)) & 0xF).trailing_ones();
                let height = (index & 3) - filled;
                if height == 0 {
                    feature::NOW
                } else {
                    let owner = if side == 0 { me } else { me.other() };
                    let favours_yellow = missing & EVEN_SECTIONS != 0;
                    match (favours_yellow == (owner == Player::Yellow), height) {
                        (true, 1) => feature::FAVOURED_NEXT,
                        (true, _) => feature::FAVOURED_HIGH,
                        (false, 1) => feature::AGAINST_NEXT,
                        (false, _) => feature::AGAINST_HIGH,
                    }
                }
            } else if rest & (rest - 1) == 0 {
                feature::TWO
            } else if rest & (rest - 1) & (rest & (rest - 1)).wrapping_sub(1) == 0 {
                feature::ONE
            } else {
                // No stone yet.
                continue;
            };
            rows[side][kind] += points;
        }
    }
    rows
}

/// The evaluation of `position` from the mover's view, in evaluation units, with `weights`.
pub fn evaluate_with(position: &Position, weights: &Weights) -> i32 {
    let rows = features(position);
    let mut sum = 0;
    for (w, f) in weights.mine.iter().zip(rows[0]) {
        sum += w * f;
    }
    for (w, f) in weights.theirs.iter().zip(rows[1]) {
        sum -= w * f;
    }
    sum += weights.colour[position.to_move().index()];
    // Hundredths of a point to evaluation units (tenths).
    let mut value = score_diff(position) + sum / 10;
    if weights.fill != 0 && FILL_EMPTIES.contains(&position.empty_sections()) {
        let fill = parity_fill(position);
        let mover = if position.to_move() == Player::Blue {
            fill
        } else {
            -fill
        };
        value += weights.fill * (mover - position.margin(position.to_move())) / 10;
    }
    value
}

/// The contested cells, as bits: the next cell of every square holding an odd
/// number of stones, where whoever moves first breaks the square's parity.
#[inline]
pub(crate) fn contested_cells(position: &Position) -> u64 {
    let occupied = position.occupied();
    let mut next = 0u64;
    let mut open = position.open_squares();
    while open != 0 {
        let square = open.trailing_zeros();
        open &= open - 1;
        let count = ((occupied >> (square * 4)) & 0xF).count_ones();
        if count % 2 == 1 {
            next |= 1u64 << (square * 4 + count);
        }
    }
    next
}

/// Blue's score less Yellow's, in points, on the board filled by parity, as
/// Yellow's follow-up would share it out (Allis's "claimeven": every square has
/// an even height): each empty section 1 or 3 Blue's, each 2 or 4 Yellow's,
/// except the next cell of every square holding an odd number of stones, which
/// is left empty: whoever moves first there breaks the square's parity, so it
/// counts for neither side (nor do the combinations through it).
pub fn parity_fill(position: &Position) -> i32 {
    let occupied = position.occupied();
    let empty = !occupied & !contested_cells(position);
    let blue = position.stones(Player::Blue) | (empty & ODD_SECTIONS);
    let yellow = position.stones(Player::Yellow) | (empty & EVEN_SECTIONS);
    let mut diff = 0;
    for combo in combinations(position) {
        let mask = combo.mask();
        if mask & blue == mask {
            diff += combo.points() as i32;
        } else if mask & yellow == mask {
            diff -= combo.points() as i32;
        }
    }
    diff
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{COMBINATIONS, Cell};

    /// `features` recounted the plain way: cell by cell, with `owner` and `stones_on`.
    fn features_by_cells(position: &Position) -> [[i32; FEATURES]; 2] {
        let me = position.to_move();
        let mut rows = [[0i32; FEATURES]; 2];
        for combo in COMBINATIONS.iter() {
            for (side, owner) in [me, me.other()].into_iter().enumerate() {
                let cells = combo.cells();
                if cells
                    .iter()
                    .any(|&c| position.owner(c) == Some(owner.other()))
                {
                    continue;
                }
                let empty: Vec<Cell> = cells
                    .into_iter()
                    .filter(|&c| position.owner(c).is_none())
                    .collect();
                let kind = match empty.as_slice() {
                    [_, _, _] => feature::ONE,
                    [_, _] => feature::TWO,
                    [cell] => {
                        let section = cell.section.number() as u32;
                        let height = section - 1 - position.stones_on(cell.square);
                        let yellow_section = section.is_multiple_of(2);
                        let favoured = yellow_section == (owner == Player::Yellow);
                        match (height, favoured) {
                            (0, _) => feature::NOW,
                            (1, true) => feature::FAVOURED_NEXT,
                            (_, true) => feature::FAVOURED_HIGH,
                            (1, false) => feature::AGAINST_NEXT,
                            (_, false) => feature::AGAINST_HIGH,
                        }
                    }
                    // No stone yet.
                    _ => continue,
                };
                rows[side][kind] += combo.points() as i32;
            }
        }
        rows
    }

    #[test]
    fn features_match_a_cell_by_cell_recount() {
        use rand::SeedableRng;
        use rand::seq::IndexedRandom;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
        let mut seen_kinds = [false; FEATURES];
        for _ in 0..300 {
            let mut pos = Position::new();
            while !pos.is_over() {
                let rows = features(&pos);
                assert_eq!(rows, features_by_cells(&pos), "at ply {}", pos.ply());
                for (kind, seen) in seen_kinds.iter_mut().enumerate() {
                    *seen |= rows[0][kind] > 0;
                }
                let moves: Vec<_> = pos.legal_moves().collect();
                let mv = *moves.choose(&mut rng).unwrap();
                pos.play(mv).unwrap();
            }
        }
        // The random games reached every kind, so each branch was compared.
        assert_eq!(seen_kinds, [true; FEATURES]);
    }

    /// `parity_fill` recounted cell by cell: a cell is its stone's owner's, or
    /// by its section's parity, or nobody's if it is the next cell of a square
    /// holding an odd number of stones.
    fn parity_fill_by_cells(position: &Position) -> i32 {
        let owner = |cell: Cell| -> Option<Player> {
            if let Some(p) = position.owner(cell) {
                return Some(p);
            }
            let section = cell.section.number() as u32;
            let stones = position.stones_on(cell.square);
            if stones % 2 == 1 && section == stones + 1 {
                None
            } else if section.is_multiple_of(2) {
                Some(Player::Yellow)
            } else {
                Some(Player::Blue)
            }
        };
        let mut diff = 0;
        for combo in COMBINATIONS.iter() {
            let owners: Vec<Option<Player>> = combo.cells().into_iter().map(owner).collect();
            if owners.iter().all(|&o| o == Some(Player::Blue)) {
                diff += combo.points() as i32;
            } else if owners.iter().all(|&o| o == Some(Player::Yellow)) {
                diff -= combo.points() as i32;
            }
        }
        diff
    }

    #[test]
    fn parity_fill_matches_a_cell_by_cell_recount() {
        use rand::SeedableRng;
        use rand::seq::IndexedRandom;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(29);
        let mut signs = [false; 3];
        for _ in 0..200 {
            let mut pos = Position::new();
            while !pos.is_over() {
                let fill = parity_fill(&pos);
                assert_eq!(fill, parity_fill_by_cells(&pos), "at ply {}", pos.ply());
                signs[(fill.signum() + 1) as usize] = true;
                let moves: Vec<_> = pos.legal_moves().collect();
                let mv = *moves.choose(&mut rng).unwrap();
                pos.play(mv).unwrap();
            }
            // The full board: the fill is the score.
            assert_eq!(parity_fill(&pos), pos.margin(Player::Blue));
        }
        // Both sides led and tied somewhere, so every branch was compared.
        assert_eq!(signs, [true; 3]);
    }

    #[test]
    fn the_parity_fill_leaves_an_odd_squares_next_cell_to_nobody() {
        let mut pos = Position::new();
        // Empty: Blue's sections 1 and 3 lines match Yellow's 2 and 4.
        assert_eq!(parity_fill(&pos), 0);
        pos.play("a1".parse().unwrap()).unwrap();
        // Blue's 10 section-1 and 10 section-3 lines against Yellow's 10
        // section-4 lines and 7 section-2 lines: a1's section 2 is contested,
        // and row 1, column a and the diagonal a1-d4 pass through it.
        assert_eq!(parity_fill(&pos), 30);
        // Hard weighs it in the middle game only.
        assert!(!FILL_EMPTIES.contains(&pos.empty_sections()));
        let fills = [Weights::MEDIUM, Weights::REVIEW, Weights::HARD].map(|w| w.fill);
        assert_eq!(fills, [0, 0, 10]);
    }

    #[test]
    fn hard_adds_the_parity_fill_in_the_middle_game_only() {
        use rand::SeedableRng;
        use rand::seq::IndexedRandom;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let without = Weights {
            fill: 0,
            ..Weights::HARD
        };
        let mut pos = Position::new();
        while !pos.is_over() {
            let mover = pos.to_move();
            let beyond = if mover == Player::Blue {
                parity_fill(&pos)
            } else {
                -parity_fill(&pos)
            } - pos.margin(mover);
            let expected = if FILL_EMPTIES.contains(&pos.empty_sections()) {
                Weights::HARD.fill * beyond
            } else {
                0
            };
            // The fill is in hundredths of a point, turned into tenths on its own.
            assert_eq!(
                evaluate_with(&pos, &Weights::HARD),
                evaluate_with(&pos, &without) + expected / 10,
                "at ply {}",
                pos.ply()
            );
            let moves: Vec<_> = pos.legal_moves().collect();
            pos.play(*moves.choose(&mut rng).unwrap()).unwrap();
        }
    }

    #[test]
    fn medium_weights_value_a_playable_threat_more_for_the_mover() {
        // Blue has a1, b1 and c1 section 1; d1 section 1 is playable.
        let mut pos = Position::new();
        for mv in ["a1", "a2", "b1", "b2", "c1", "c3"] {
            pos.play(mv.parse().unwrap()).unwrap();
        }
        let rows = features(&pos);
        assert_eq!(rows[0][feature::NOW], 10);
        assert_eq!(rows[1][feature::NOW], 0);
        let blue_to_move = evaluate_with(&pos, &Weights::MEDIUM);
        pos.play("d4".parse().unwrap()).unwrap();
        assert_eq!(features(&pos)[1][feature::NOW], 10);
        assert!(blue_to_move > 0);
    }

    #[test]
    fn the_empty_board_is_worth_its_colour_term_alone() {
        let colour = |w: &Weights, p: Player| w.colour[p.index()] / 10;
        let mut pos = Position::new();
        assert_eq!(evaluate_with(&pos, &Weights::MEDIUM), 0);
        assert_eq!(evaluate_with(&pos, &Weights::HARD), 0);
        assert_eq!(
            evaluate_with(&pos, &Weights::REVIEW),
            colour(&Weights::REVIEW, Player::Blue)
        );
        // The side to move's colour term is added, whatever the stones.
        let weights = Weights {
            colour: [-1500, 900],
            ..Weights::MEDIUM
        };
        assert_eq!(evaluate_with(&pos, &weights), -150);
        pos.play("a1".parse().unwrap()).unwrap();
        assert_eq!(
            evaluate_with(&pos, &weights) - evaluate_with(&pos, &Weights::MEDIUM),
            90
        );
    }
}
