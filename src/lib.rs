//! Hijara, the board game, for the terminal.
//!
//! - [`rules`]: the pure rules engine (board, moves, scoring).
//! - [`record`]: the `.hij` game-record format.
//! - [`ai`]: the computer opponents.
//! - [`ui`]: the full-screen terminal game.
//! - [`review`]: game review, every move judged against the engine.
//! - [`cli`]: the command line.
//! - [`playout`]: fast random games (benchmarks, AI playouts).

pub mod ai;
pub mod cli;
pub mod playout;
pub mod record;
pub mod review;
pub mod rules;
pub mod ui;
