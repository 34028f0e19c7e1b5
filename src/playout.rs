//! Fast random games: the loop behind `hijara bench` and the criterion benchmark,
//! and a building block for AI playouts.
//!
//! The open squares live in a small array; a square that fills is swap-removed, so
//! each move is one random index and no scan of the board.

use rand::Rng;

use crate::rules::{Position, Ruleset, Square};

/// The squares that still have an open section, in no particular order.
///
/// A fixed array and a length: `Copy`, no allocation, O(1) removal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OpenSquares {
    squares: [Square; 16],
    len: u8,
}

impl OpenSquares {
    /// The open squares of `position`, in reading order.
    pub fn of(position: &Position) -> OpenSquares {
        let mut squares = Square::ALL;
        let mut len = 0;
        for square in position.legal_moves() {
            squares[len] = square;
            len += 1;
        }
        OpenSquares {
            squares,
            len: len as u8,
        }
    }

    /// How many squares are open.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no square is open (the board is full).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The open squares as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Square] {
        &self.squares[..self.len()]
    }

    /// Removes the square at `index` by moving the last one into its place.
    ///
    /// Does nothing if `index` is out of range.
    #[inline]
    pub fn swap_remove(&mut self, index: usize) {
        let len = self.len();
        if index < len {
            self.squares[index] = self.squares[len - 1];
            self.len -= 1;
        }
    }
}

/// Plays uniformly random legal moves from `position` until the board is full,
/// and returns the final position (with both totals).
pub fn playout<R: Rng + ?Sized>(position: Position, rng: &mut R) -> Position {
    // One dispatch a game, not a move: each loop is compiled for its own table.
    match position.ruleset() {
        Ruleset::Standard => playout_as::<false, R>(position, rng),
        Ruleset::Corners => playout_as::<true, R>(position, rng),
    }
}

/// [`playout`] for a position whose ruleset is (`CORNERS`) or is not the corners variant.
fn playout_as<const CORNERS: bool, R: Rng + ?Sized>(
    mut position: Position,
    rng: &mut R,
) -> Position {
    let mut open = OpenSquares::of(&position);
    while !open.is_empty() {
        // At most 16 squares: a 32-bit range is cheaper to sample than a usize one.
        let index = rng.random_range(0..open.len() as u32) as usize;
        let square = open.squares[index];
        // `open` lists exactly the squares that are not full, so this cannot fail;
        // if it ever did, dropping the square still ends the loop.
        if position.play_as::<CORNERS>(square).is_err() || position.is_full(square) {
            open.swap_remove(index);
        }
    }
    position
}

/// One random full game of 64 moves from the empty board; returns the final position.
pub fn random_game<R: Rng + ?Sized>(rng: &mut R) -> Position {
    playout(Position::new(), rng)
}

/// One random full game of 64 moves under `ruleset`; returns the final position.
pub fn random_game_with<R: Rng + ?Sized>(ruleset: Ruleset, rng: &mut R) -> Position {
    playout(Position::with_ruleset(ruleset), rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Player;
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    #[test]
    fn random_games_fill_the_board_and_score_correctly() {
        let mut rng = SmallRng::seed_from_u64(7);
        for _ in 0..1000 {
            let end = random_game(&mut rng);
            assert!(end.is_over());
            assert_eq!(end.ply(), 64);
            assert_eq!(end.stones(Player::Blue).count_ones(), 32);
            assert_eq!(end.stones(Player::Yellow).count_ones(), 32);
            for p in Player::BOTH {
                assert_eq!(end.score(p), end.recount(p));
            }
        }
    }

    #[test]
    fn playout_continues_a_game_in_progress() {
        let mut start = Position::new();
        for name in ["a1", "a1", "a1", "a1", "b2"] {
            start.play(name.parse().unwrap()).unwrap();
        }
        let open = OpenSquares::of(&start);
        assert_eq!(open.len(), 15);
        assert!(!open.as_slice().contains(&"a1".parse().unwrap()));
        let mut rng = SmallRng::seed_from_u64(1);
        let end = playout(start, &mut rng);
        assert!(end.is_over());
        // The stones already down stay where they were.
        assert_eq!(
            end.stones(Player::Blue) & start.stones(Player::Blue),
            start.stones(Player::Blue)
        );
    }

    #[test]
    fn random_corners_games_score_by_the_corners_table() {
        let mut rng = SmallRng::seed_from_u64(9);
        let mut corner_points = 0;
        for _ in 0..1000 {
            let end = random_game_with(Ruleset::Corners, &mut rng);
            assert!(end.is_over());
            assert_eq!(end.ruleset(), Ruleset::Corners);
            for p in Player::BOTH {
                assert_eq!(end.score(p), end.recount(p));
            }
            // The same stones under the standard table score no more.
            let standard_total: u32 = Player::BOTH
                .iter()
                .map(|&p| {
                    crate::rules::COMBINATIONS
                        .iter()
                        .filter(|c| end.stones(p) & c.mask() == c.mask())
                        .map(|c| c.points())
                        .sum::<u32>()
                })
                .sum();
            let total = end.score(Player::Blue) + end.score(Player::Yellow);
            assert!(total >= standard_total);
            corner_points += total - standard_total;
        }
        // Corner formations do come up in random games.
        assert!(corner_points > 0);
    }

    #[test]
    fn the_same_seed_plays_the_same_game() {
        let a = random_game(&mut SmallRng::seed_from_u64(42));
        let b = random_game(&mut SmallRng::seed_from_u64(42));
        assert_eq!(a, b);
    }

    #[test]
    fn swap_remove_out_of_range_is_ignored() {
        let mut open = OpenSquares::of(&Position::new());
        open.swap_remove(99);
        assert_eq!(open.len(), 16);
        open.swap_remove(0);
        assert_eq!(open.as_slice()[0].to_string(), "d4");
        assert_eq!(open.len(), 15);
    }
}
