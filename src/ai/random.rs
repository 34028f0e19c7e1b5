//! Seeded randomness: the random level, and the per-position generators the other levels use.

use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::rules::{Move, Player, Position};

/// A generator that depends only on the position and the seed, so the same seed
/// and position always give the same move, whatever came before.
pub fn rng_for(position: &Position, seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(position_seed(position) ^ seed.wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

/// A mix of the two bitboards for seeding. This is the transposition table's
/// first hash, kept here so seeded games stay as they were; it collides on
/// some pairs of positions, which only makes their random choices alike.
fn position_seed(position: &Position) -> u64 {
    let blue = position.stones(Player::Blue);
    let yellow = position.stones(Player::Yellow);
    let mut x = blue.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ yellow.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    x ^= x >> 30;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A uniformly random legal move.
pub fn choose(position: &Position, seed: u64) -> Option<Move> {
    let moves: Vec<Move> = position.legal_moves().collect();
    if moves.is_empty() {
        return None;
    }
    let mut rng = rng_for(position, seed);
    Some(moves[rng.random_range(0..moves.len())])
}

/// The legal moves in a seeded random order: searches try them in this order,
/// so equally good moves are chosen between by the seed.
pub fn shuffled_moves(position: &Position, seed: u64) -> Vec<Move> {
    let mut moves: Vec<Move> = position.legal_moves().collect();
    let mut rng = rng_for(position, seed ^ 0x5EED);
    moves.shuffle(&mut rng);
    moves
}
