//! Game review: every move of a game judged against the engine's best move.
//!
//! - [`classify`]: values from the mover's side, the points a move lost and its
//!   [`Class`] (the thresholds are documented there). Pure.
//! - [`report`]: the review as data ([`Review`], per-move [`MoveReview`], per-player
//!   [`PlayerSummary`]), serialisable to JSON. Pure.
//! - [`annotate`]: a review written into a record as marks and comments. Pure.
//! - [`driver`]: runs the engine ([`evaluate_position`]) over every position of a
//!   game and the move played there, on worker threads, delivering results as
//!   they arrive; [`Background`] runs it off the caller's thread (for the replay
//!   viewer); the server's reviewer runs it on its engine pool
//!   ([`analyse_game_with`]).
//!
//! The value of position `i` is the final margin under best play for its side to
//! move (its best move's value); the move played from it is valued in the same
//! search, so the points it lost are one search's difference, whose errors
//! largely cancel, not the difference of two searches. Each position is
//! analysed once.

pub mod annotate;
pub mod classify;
pub mod driver;
pub mod report;

pub use classify::{Class, PositionValue, Value};
pub use driver::{
    Analysed, Background, DEEP_FACTOR, DEEP_THINK_MS, REVIEW_THINK_MS, ReviewBudget, analyse_game,
    analyse_game_at, analyse_game_with, analyse_positions, evaluate_position,
};
pub use report::{MoveReview, PlayerSummary, Review};

#[cfg(test)]
mod tests;
