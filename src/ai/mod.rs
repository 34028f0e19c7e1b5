//! The AI opponents: random, easy, medium and hard.
//!
//! Every level is a function of the position and its [`AiSettings`] (plus the
//! clock, for hard), and answers within its thinking time from any legal
//! position, so a UI can call [`choose_move`] or [`choose_move_with_stop`] from a
//! worker thread. The only state kept between moves is hard's transposition
//! table and last proofs ([`hard`]), which change its speed, never the
//! soundness of a proof.
//!
//! - [`random`]: a uniform legal move from the seed.
//! - [`easy`]: grabs points, sometimes looks one reply ahead, sometimes blunders.
//! - [`medium`]: a fixed-depth search with seeded noise.
//! - [`hard`]: iterative-deepening PVS ([`search`], move order in [`ordering`])
//!   with a shared lock-free transposition table ([`tt`]) on every core
//!   ([`smp`]), an evaluation of half-built combinations ([`eval`]), a
//!   win/draw/loss [`endgame`] solve, and as Yellow the [`mirror`] fallback.
//! - [`analysis`]: one position's value and best move within a budget, for game review.
//! - [`gtp`]: the engine protocol session behind `hijara engine`.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use clap::ValueEnum;

use crate::rules::{Combination, Move, Position};

pub mod analysis;
pub mod easy;
pub mod endgame;
pub mod eval;
pub mod gtp;
pub mod hard;
pub mod medium;
pub mod mirror;
pub mod ordering;
pub mod random;
pub mod review;
pub mod search;
pub mod smp;
pub mod tt;

/// The combinations that score in `position`'s game (its [`Ruleset`](crate::rules::Ruleset)).
/// Everything in `ai/` reads them through here, so every evaluation feature,
/// dead-square test and score bound follows the position's rules.
#[inline]
pub(crate) fn combinations(position: &Position) -> &'static [Combination] {
    position.ruleset().combinations()
}

/// How strong an AI plays (`random` ... `hard` in JSON, as on the command line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ValueEnum, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Uniformly random legal moves.
    Random,
    /// A beginner: takes points it sees, makes human mistakes.
    Easy,
    /// A shallow search.
    Medium,
    /// Deep search with an exact endgame.
    Hard,
}

/// Who sits in one player's seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, ValueEnum)]
pub enum Seat {
    /// A person at the keyboard.
    #[default]
    Human,
    /// The random AI.
    Random,
    /// The easy AI.
    Easy,
    /// The medium AI.
    Medium,
    /// The hard AI.
    Hard,
}

impl From<Level> for Seat {
    /// The seat that plays at `level`; [`Seat::level`] is its inverse.
    fn from(level: Level) -> Seat {
        match level {
            Level::Random => Seat::Random,
            Level::Easy => Seat::Easy,
            Level::Medium => Seat::Medium,
            Level::Hard => Seat::Hard,
        }
    }
}

impl Seat {
    /// The AI level in this seat, or `None` for a person.
    pub fn level(self) -> Option<Level> {
        match self {
            Seat::Human => None,
            Seat::Random => Some(Level::Random),
            Seat::Easy => Some(Level::Easy),
            Seat::Medium => Some(Level::Medium),
            Seat::Hard => Some(Level::Hard),
        }
    }
}

/// How one AI player is set up. `Copy` and `Send`, so a UI can hand it to a worker thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AiSettings {
    /// The level.
    pub level: Level,
    /// Thinking time per move in milliseconds; `None` for the level's default.
    pub think_ms: Option<u64>,
    /// Seed for the level's random choices; the same seed and position give the same move.
    pub seed: u64,
    /// Threads for hard's search; `None` for the process default
    /// ([`set_default_threads`], else every core the machine has).
    pub threads: Option<usize>,
}

/// The process-wide default thread count; 0 for every core.
static DEFAULT_THREADS: AtomicUsize = AtomicUsize::new(0);

/// Sets the thread count that settings with `threads: None` use (`--threads` on
/// `play`); 0 restores the default, every core the machine has.
pub fn set_default_threads(threads: usize) {
    DEFAULT_THREADS.store(threads, Ordering::Relaxed);
}

/// The thread count for settings with `threads: None`.
pub fn default_threads() -> usize {
    match DEFAULT_THREADS.load(Ordering::Relaxed) {
        0 => smp::available_threads(),
        n => n,
    }
}

impl Level {
    /// The lower-case name (`random`, `easy`, `medium`, `hard`).
    pub const fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl AiSettings {
    /// The level with its default thinking time and seed 0.
    pub const fn new(level: Level) -> AiSettings {
        AiSettings {
            level,
            think_ms: None,
            seed: 0,
            threads: None,
        }
    }

    /// The threads hard searches with (at least 1).
    pub fn threads(&self) -> usize {
        self.threads.unwrap_or_else(default_threads).max(1)
    }

    /// The thinking time per move the hard level uses, in milliseconds.
    pub fn hard_think_ms(&self) -> u64 {
        self.think_ms.unwrap_or(hard::DEFAULT_THINK_MS)
    }
}

/// The move the AI plays in `position`, or `None` when the board is full.
///
/// Blocks for up to the thinking time (hard: 1 s by default, `think_ms` to
/// change it; the others answer at once). Call it from a worker thread in a UI.
/// The same settings and position give the same move, except that hard's
/// clock-limited search may go deeper or shallower from run to run.
pub fn choose_move(position: &Position, settings: &AiSettings) -> Option<Move> {
    choose_move_with_stop(position, settings, &AtomicBool::new(false))
}

/// Like [`choose_move`], but the search stops early once `stop` is set (from
/// another thread), returning its best move so far. Always returns a legal move
/// when the board is not full: the shallowest search iteration is never cut short.
pub fn choose_move_with_stop(
    position: &Position,
    settings: &AiSettings,
    stop: &AtomicBool,
) -> Option<Move> {
    match settings.level {
        Level::Random => random::choose(position, settings.seed),
        Level::Easy => easy::choose(position, settings.seed),
        Level::Medium => medium::choose(position, settings.seed),
        Level::Hard => hard::decide_threads(
            position,
            settings.hard_think_ms(),
            None,
            settings.seed,
            settings.threads(),
            Some(stop),
        )
        .map(|d| d.mv),
    }
}

/// Like [`choose_move`], but hard searches a fixed number of nodes (over all
/// its threads) instead of using the clock, so with one thread its moves are
/// reproducible (self-play with `--nodes`). The other levels ignore `hard_nodes`.
pub fn choose_move_nodes(
    position: &Position,
    settings: &AiSettings,
    hard_nodes: u64,
) -> Option<Move> {
    match settings.level {
        Level::Hard => hard::decide_threads(
            position,
            settings.hard_think_ms(),
            Some(hard_nodes),
            settings.seed,
            settings.threads(),
            None,
        )
        .map(|d| d.mv),
        _ => choose_move(position, settings),
    }
}

#[cfg(test)]
pub(crate) mod tests;
