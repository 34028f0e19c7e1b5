//! The AI opponents: random, easy, medium and hard, and the exact solver.
//!
//! Whoever plays owns an [`Engine`] (a UI seat's worker, an engine-protocol
//! session, a self-play game) and asks it for moves within a [`SearchLimit`]
//! (time, deadline, nodes, stop flag). Every level answers within its limit
//! from any legal position. The engine keeps hard's transposition table and
//! last proofs between moves; they change its speed, never the soundness of a
//! proof. Nothing is process-wide.
//!
//! Product paths, one per concept:
//! - [`Engine::choose`]: a level's move ([`Engine::decide`] adds why).
//! - [`analysis::evaluate`]: one position's value and best move within a
//!   budget, for game review (`hijara analyze`, the replay panel).
//! - [`solve()`]: a position's proven outcome or exact margin (puzzles).
//! - [`gtp`]: the engine protocol session behind `hijara engine`.
//!
//! Behind them:
//! - [`random`], [`easy`], [`medium`]: the weaker levels.
//! - `hard` (private): iterative-deepening PVS ([`search`], move order in
//!   [`ordering`]) with a lock-free transposition table ([`tt`]) shared by its
//!   threads ([`smp`]), an evaluation of half-built combinations ([`eval`]), a
//!   win/draw/loss solve; as Yellow the [`mirror`] move is one candidate.
//! - [`book`]: hard's opening book, moves chosen offline from measured games.
//! - [`limit`]: the one limits type; `settings`: levels, seats and [`AiSettings`];
//!   `decision`: what [`Engine::decide`] returns.
//!
//! This file only declares and re-exports: nothing in `ai/` imports it, so no
//! file here imports a file that imports it back.

pub mod analysis;
pub mod book;
mod bounds;
mod decision;
pub mod easy;
mod engine;
pub mod eval;
pub mod gtp;
mod hard;
pub mod limit;
pub mod medium;
pub mod mirror;
pub mod ordering;
pub mod random;
pub mod search;
mod settings;
pub mod smp;
mod solve;
pub mod tt;

pub use decision::Decision;
pub use engine::Engine;
pub use hard::{HARD_SOLVE_FROM, HARD_THINK_MS};
pub use limit::SearchLimit;
pub use search::Wdl;
pub use settings::{AiSettings, Level, ONE_THREAD_BELOW_MS, Seat, thread_count};
pub use solve::{Solution, SolveFor, solve};

#[cfg(test)]
mod margin_tests;
#[cfg(test)]
pub(crate) mod test_support;
#[cfg(test)]
mod tests;
