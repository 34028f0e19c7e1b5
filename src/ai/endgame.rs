//! The exact endgame: search to the end of the game for the best final margin.

use std::sync::atomic::AtomicBool;

use super::eval::SCALE;
use super::search::{Limits, Searcher};
use crate::rules::{Move, Position};

/// The best move and the final score difference (mover minus opponent) it
/// guarantees under best play by both sides, or `None` on a full board or when
/// `stop` was raised first.
pub fn solve(position: &Position, stop: Option<&AtomicBool>) -> Option<(Move, i32)> {
    let moves: Vec<Move> = position.legal_moves().collect();
    let limits = Limits::default();
    let mut searcher = Searcher::new(20, limits, stop);
    let result = searcher.search(position, &moves)?;
    result.exact.then_some((result.best, result.value / SCALE))
}
