//! Puzzles: positions from real games with one answer, proved by the exact solver.
//!
//! - [`set`]: the puzzle, the set and its file format (`assets/puzzles/set.json`).
//! - [`build`]: drawing positions from seeded games and keeping those with one answer.
//! - [`engine`]: the only door into the AI (the exact proof, a shallow look, the players).

pub mod build;
pub mod engine;
pub mod explain;
pub mod progress;
pub mod set;

pub use progress::{IfUnreadable, Progress, ProgressError, Tried, daily, rate};
pub use set::{FORMAT_VERSION, Goal, Kind, Puzzle, PuzzleSet, PuzzleTheme, SetError};
