//! The wall clock correspondence games run on, as a source the server is handed:
//! the system's, or for tests one read from a file they rewrite (`--clock-file`), so
//! days pass in a test without waiting for them. Live games keep the monotonic clock
//! (`Instant`) the hall has always used.
//!
//! Correspondence clocks count on the server's **correspondence time**: the wall
//! clock less every moment the server was down. The store keeps, every 2 s while a
//! correspondence game is in play (else every minute), the wall time the server was
//! last up; a start adds the time since then to the pause, so a clock does not run
//! while nobody could move.

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;

use super::corr::Stamp;

/// A source of wall-clock time: seconds since the Unix epoch.
pub(crate) type Wall = Arc<dyn Fn() -> i64 + Send + Sync>;

/// The system's wall clock.
pub(crate) fn system() -> Wall {
    Arc::new(|| chrono::Utc::now().timestamp())
}

/// A wall clock read from `path`, a file holding a Unix time in seconds (for tests:
/// they write it to move time). A read that fails gives the last time read, so time
/// never goes back because a test was rewriting the file.
pub(crate) fn from_file(path: PathBuf) -> anyhow::Result<Wall> {
    let read = move || -> Option<i64> {
        let text = std::fs::read_to_string(&path).ok()?;
        text.trim().parse().ok()
    };
    let first = read().context("the clock file holds no Unix time in seconds")?;
    let last = std::sync::Mutex::new(first);
    Ok(Arc::new(move || {
        let mut last = last.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(now) = read() {
            *last = now;
        }
        *last
    }))
}

/// The correspondence clock: `wall` less `paused`, the seconds the server was down.
#[derive(Clone)]
pub(crate) struct CorrTime {
    wall: Wall,
    paused: i64,
}

impl std::fmt::Debug for CorrTime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CorrTime")
            .field("paused", &self.paused)
            .finish_non_exhaustive()
    }
}

impl Default for CorrTime {
    fn default() -> CorrTime {
        CorrTime::new(system(), 0)
    }
}

impl CorrTime {
    /// Counts on `wall`, less `paused` seconds.
    pub(crate) fn new(wall: Wall, paused: i64) -> CorrTime {
        CorrTime { wall, paused }
    }

    /// The wall clock now, in seconds since the Unix epoch.
    pub(crate) fn wall(&self) -> i64 {
        (self.wall)()
    }

    /// The wall clock itself, for another thread to read.
    pub(crate) fn wall_clock(&self) -> Wall {
        self.wall.clone()
    }

    /// The correspondence time now.
    pub(crate) fn now(&self) -> Stamp {
        self.at(self.wall())
    }

    /// The correspondence time when the wall clock read `wall`.
    pub(crate) fn at(&self, wall: i64) -> Stamp {
        wall - self.paused
    }

    /// The calendar year (UTC) of the wall clock now, for vacation days.
    pub(crate) fn year(&self) -> i32 {
        CorrTime::year_of(self.wall())
    }

    /// The calendar year (UTC) of the wall time `wall`.
    pub(crate) fn year_of(wall: i64) -> i32 {
        use chrono::Datelike;
        chrono::DateTime::from_timestamp(wall, 0).map_or(1970, |d| d.year())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_clock_moves_when_the_file_does_and_never_back_on_a_bad_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("clock");
        std::fs::write(&path, "1000\n").unwrap();
        let wall = from_file(path.clone()).unwrap();
        assert_eq!(wall(), 1000);
        std::fs::write(&path, "5000").unwrap();
        assert_eq!(wall(), 5000);
        std::fs::write(&path, "not a time").unwrap();
        assert_eq!(wall(), 5000);
        let time = CorrTime::new(wall, 600);
        assert_eq!(time.now(), 4400);
        assert_eq!(time.year(), 1970);
        std::fs::write(&path, "x").unwrap();
        assert!(from_file(path).is_err());
    }
}
