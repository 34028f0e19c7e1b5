//! The mirror strategy: Yellow answers every move with its 180° rotation.
//!
//! The rules are symmetric under the rotation and no square is its own image,
//! so if Yellow's stones are always the rotation of Blue's after Yellow moves,
//! both own the images of each other's combinations and the totals are equal:
//! the game ends at least a draw for Yellow. The hard level falls back on this.

use crate::rules::{Move, Player, Position, Symmetry};

/// Whether Yellow's stones are exactly the rotation of Blue's.
pub fn is_symmetric(position: &Position) -> bool {
    Symmetry::HALF_TURN.apply_cells(position.stones(Player::Blue))
        == position.stones(Player::Yellow)
}

/// With Yellow to move, the move that makes the position symmetric again, if any.
/// It exists exactly when Yellow has mirrored every move so far.
pub fn mirror_move(position: &Position) -> Option<Move> {
    if position.to_move() != Player::Yellow {
        return None;
    }
    position.legal_moves().find(|&mv| {
        let mut child = *position;
        child.play_unchecked(mv);
        is_symmetric(&child)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mirroring_every_move_draws_against_random_play() {
        use rand::{Rng, SeedableRng, rngs::SmallRng};
        for seed in 0..50 {
            let mut rng = SmallRng::seed_from_u64(seed);
            let mut pos = Position::new();
            while !pos.is_over() {
                let moves: Vec<Move> = pos.legal_moves().collect();
                let blue = moves[rng.random_range(0..moves.len())];
                pos.play(blue).unwrap();
                let mv = mirror_move(&pos).expect("the mirror move is always open");
                assert_eq!(mv, blue.rotated());
                pos.play(mv).unwrap();
                assert!(is_symmetric(&pos));
                assert_eq!(pos.score(Player::Blue), pos.score(Player::Yellow));
            }
        }
    }
}
