//! Hijara, the board game, for the terminal.
//!
//! Layers, each using only those above it in this list:
//!
//! - [`rules`]: the pure rules engine (board, moves, scoring).
//! - [`record`]: the `.hij` game-record format.
//! - [`ai`]: the computer opponents. [`playout`]: fast random games.
//! - [`session`]: a game's set-up, records to and from it, saving and the autosave.
//! - [`puzzle`]: puzzles proved by the exact solver, their set, ratings and progress.
//! - [`review`]: game review, every move judged against the engine.
//! - [`ui`]: the full-screen game and replay viewer.
//! - [`text`]: outside text made safe, and text fitted to display columns.
//! - [`server`]: `hijara serve`, the game over SSH, through the same screens and loop.
//! - [`cli`]: the command line, which opens screens only through `ui::play` and `ui::replay`.

pub mod ai;
pub mod cli;
pub mod playout;
pub mod puzzle;
pub mod record;
pub mod review;
pub mod rules;
pub mod server;
pub mod session;
mod strings;
pub mod text;
pub mod ui;
