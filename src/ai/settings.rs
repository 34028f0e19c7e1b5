//! Who plays and how: the [`Level`], a player's [`Seat`], and one AI player's
//! [`AiSettings`] (level, thinking time, seed, threads).

use clap::ValueEnum;

use super::hard::HARD_THINK_MS;
use super::limit::SearchLimit;
use super::smp;

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
    /// Threads for hard's search; `None` for every core ([`thread_count`]).
    pub threads: Option<usize>,
}

/// The thread count for a request of `requested` threads: that (at least 1), but
/// no more than the machine's cores, or with none every core it has. The one
/// fallback for `--threads`. A thread past the cores adds no speed, and every
/// thread must be scheduled before a search can end: 256 threads on 2 cores took
/// 1.3-1.8 s for a 300 ms move (`threads 256` in `hijara engine`).
pub fn thread_count(requested: Option<usize>) -> usize {
    let cores = smp::available_threads();
    requested.map_or(cores, |n| n.clamp(1, cores))
}

/// The thinking time, in milliseconds, under which hard searches on one thread
/// unless more are asked for (`threads N`, `--threads N`): each phase of a search
/// starts its helpers, and at 1 ms the helper, on a loaded machine, took longer
/// to be scheduled than the budget (cli36: `genmove` at `time_per_move 1`, 1,008
/// positions, p99 +25.2 ms late on 2 threads, +6.4 ms on one; docs/engine.md).
pub const ONE_THREAD_BELOW_MS: u64 = 5;

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Medium, Level::Hard];

    /// The lower-case name (`random`, `easy`, `medium`, `hard`), the same as on
    /// the command line (a test holds them equal).
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

    /// The threads hard searches with (at least 1): those asked for, else every core,
    /// but one under a thinking time of less than [`ONE_THREAD_BELOW_MS`].
    pub fn threads(&self) -> usize {
        match self.threads {
            None if self.hard_think_ms() < ONE_THREAD_BELOW_MS => 1,
            requested => thread_count(requested),
        }
    }

    /// The thinking time per move the hard level uses, in milliseconds.
    pub fn hard_think_ms(&self) -> u64 {
        self.think_ms.unwrap_or(HARD_THINK_MS)
    }

    /// The limit of one move at these settings: hard's thinking time.
    pub fn limit(&self) -> SearchLimit<'static> {
        SearchLimit::millis(self.hard_think_ms())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// cli36: at `time_per_move 1` the helper thread's start cost more than the
    /// budget (p99 +25.2 ms late on 2 threads, +6.4 ms on one, loaded machine). Under
    /// [`ONE_THREAD_BELOW_MS`] hard searches alone unless threads are asked for; from
    /// it on, as before. (On a 1-core machine every case is one thread.)
    #[test]
    fn a_tiny_budget_searches_on_one_thread_unless_more_are_asked_for() {
        let at = |think_ms, threads| AiSettings {
            think_ms: Some(think_ms),
            threads,
            ..AiSettings::new(Level::Hard)
        };
        for ms in 1..ONE_THREAD_BELOW_MS {
            assert_eq!(at(ms, None).threads(), 1, "{ms} ms");
            assert_eq!(at(ms, Some(2)).threads(), thread_count(Some(2)), "{ms} ms");
        }
        for ms in [ONE_THREAD_BELOW_MS, 10, 1000] {
            assert_eq!(at(ms, None).threads(), thread_count(None), "{ms} ms");
        }
        assert_eq!(AiSettings::new(Level::Hard).threads(), thread_count(None));
    }
}
