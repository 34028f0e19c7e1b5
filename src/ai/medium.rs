//! The medium level: a shallow fixed-depth search with a little seeded noise.
//!
//! Fixed depth (no clock), so it is deterministic for a seed and fast: well
//! under 100 ms a move. Near the end it searches to the end of the game.

use rand::Rng;

use super::eval::Weights;
use super::limit::SearchLimit;
use super::random::{rng_for, shuffled_moves};
use super::search::{INF, Searcher};
use crate::rules::{Move, Position};

/// Plies searched ahead.
pub const DEPTH: i32 = 4;
/// From this many empty sections the search goes to the end of the game.
pub const EXACT_FROM: u32 = 8;
/// The noise added to each root move's value, at most this many evaluation units either way.
const NOISE: i32 = 6;

/// The medium level's move; the same seed and position give the same move.
pub fn choose(position: &Position, seed: u64) -> Option<Move> {
    let moves = shuffled_moves(position, seed);
    let empties = position.empty_sections();
    if moves.is_empty() {
        return None;
    }
    let depth = if empties <= EXACT_FROM {
        empties as i32
    } else {
        DEPTH
    };
    let mut searcher = Searcher::new(14, SearchLimit::NONE);
    searcher.weights = Weights::MEDIUM;
    let mut rng = rng_for(position, seed ^ 0x4D45_4449);
    let mut best = (moves[0], i32::MIN);
    for &mv in &moves {
        let mut child = *position;
        // `moves` holds only open squares.
        child.play_unchecked(mv);
        let value =
            -searcher.value(&child, depth - 1, -INF, INF) + rng.random_range(-NOISE..=NOISE);
        if value > best.1 {
            best = (mv, value);
        }
    }
    Some(best.0)
}
