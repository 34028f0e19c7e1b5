//! The easy level: a beginner. It grabs the points it sees, sometimes notices
//! what its move gives away, and now and then plays without looking.

use rand::Rng;

use super::random::rng_for;
use crate::rules::{Move, Position};

/// The chance of a careless move (a random square), in percent.
const CARELESS_PERCENT: u32 = 20;
/// The chance of checking the opponent's best immediate reply, in percent.
const LOOK_AHEAD_PERCENT: u32 = 50;

/// The easy level's move; the same seed and position give the same move.
pub fn choose(position: &Position, seed: u64) -> Option<Move> {
    let moves: Vec<Move> = position.legal_moves().collect();
    if moves.is_empty() {
        return None;
    }
    let mut rng = rng_for(position, seed);
    if rng.random_range(0..100) < CARELESS_PERCENT {
        return Some(moves[rng.random_range(0..moves.len())]);
    }
    let look_ahead = rng.random_range(0..100) < LOOK_AHEAD_PERCENT;
    let mut best: Vec<Move> = Vec::new();
    let mut best_value = i32::MIN;
    for &mv in &moves {
        let mut child = *position;
        // `moves` holds only open squares.
        let placement = child.play_unchecked(mv);
        let mut value = placement.points as i32;
        if look_ahead {
            value -= best_reply_points(&child) as i32;
        }
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value == best_value {
            best.push(mv);
        }
    }
    if best.is_empty() {
        return Some(moves[0]);
    }
    Some(best[rng.random_range(0..best.len())])
}

/// The most points the mover can score with one stone.
fn best_reply_points(position: &Position) -> u32 {
    position
        .legal_moves()
        .map(|mv| {
            let mut child = *position;
            child.play_unchecked(mv).points
        })
        .max()
        .unwrap_or(0)
}
