//! [`SearchLimit`]: when any AI thinking must stop (after viridithas's `SearchLimit`).
//!
//! One type for every budget: a level's move ([`super::Engine::choose`]), an
//! exact solve ([`super::solve()`]), and each phase of a search ([`super::search::Searcher`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// When thinking must stop: whichever of its limits comes first. With none set
/// it never stops by itself (only an exact solve or a depth-limited search is
/// asked for that way); [`super::Engine`] gives hard its default time then.
#[derive(Debug, Clone, Copy, Default)]
pub struct SearchLimit<'a> {
    /// Thinking time, counted from the call that receives the limit.
    pub time: Option<Duration>,
    /// Stop once this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop after about this many nodes, over all threads (checked every 256
    /// nodes, so on one thread the same limit gives the same search).
    pub nodes: Option<u64>,
    /// Search no deeper than this many plies; `None` for up to the end of the game.
    pub depth: Option<u32>,
    /// Stop early once this is set (from another thread, e.g. an undo in the UI).
    pub stop: Option<&'a AtomicBool>,
}

impl<'a> SearchLimit<'a> {
    /// No limit at all.
    pub const NONE: SearchLimit<'static> = SearchLimit {
        time: None,
        deadline: None,
        nodes: None,
        depth: None,
        stop: None,
    };

    /// At most `ms` milliseconds.
    pub const fn millis(ms: u64) -> SearchLimit<'static> {
        SearchLimit {
            time: Some(Duration::from_millis(ms)),
            ..SearchLimit::NONE
        }
    }

    /// At most `nodes` nodes: reproducible on one thread, whatever the machine's load.
    pub const fn nodes(nodes: u64) -> SearchLimit<'static> {
        SearchLimit {
            nodes: Some(nodes),
            ..SearchLimit::NONE
        }
    }

    /// At most `depth` plies deep.
    pub const fn depth(depth: u32) -> SearchLimit<'static> {
        SearchLimit {
            depth: Some(depth),
            ..SearchLimit::NONE
        }
    }

    /// This limit, also stopping once `stop` is set.
    pub fn with_stop<'b>(self, stop: &'b AtomicBool) -> SearchLimit<'b>
    where
        'a: 'b,
    {
        SearchLimit {
            stop: Some(stop),
            ..self
        }
    }

    /// Whether neither a time, a deadline nor a node count bounds this limit.
    pub fn is_unbounded(&self) -> bool {
        self.time.is_none() && self.deadline.is_none() && self.nodes.is_none()
    }

    /// The instant to stop at, `time` counted from `start`: the earlier of that
    /// and `deadline`. A time too large for the clock means no deadline from it.
    pub fn deadline_from(&self, start: Instant) -> Option<Instant> {
        let by_time = self.time.and_then(|t| start.checked_add(t));
        match (by_time, self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Whether the stop flag is raised.
    pub fn stopped(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_earlier_of_time_and_deadline_wins() {
        let start = Instant::now();
        let soon = start + Duration::from_millis(5);
        let limit = SearchLimit {
            deadline: Some(soon),
            ..SearchLimit::millis(1000)
        };
        assert_eq!(limit.deadline_from(start), Some(soon));
        let limit = SearchLimit {
            deadline: Some(start + Duration::from_secs(60)),
            ..SearchLimit::millis(10)
        };
        assert_eq!(
            limit.deadline_from(start),
            Some(start + Duration::from_millis(10))
        );
        assert_eq!(SearchLimit::nodes(5).deadline_from(start), None);
        assert!(SearchLimit::NONE.is_unbounded() && !SearchLimit::nodes(1).is_unbounded());
        let huge = SearchLimit {
            time: Some(Duration::MAX),
            ..SearchLimit::NONE
        };
        assert_eq!(huge.deadline_from(start), None);
    }

    #[test]
    fn the_stop_flag_is_carried() {
        let flag = AtomicBool::new(false);
        let limit = SearchLimit::millis(10).with_stop(&flag);
        assert!(!limit.stopped());
        flag.store(true, Ordering::Relaxed);
        assert!(limit.stopped() && limit.time == Some(Duration::from_millis(10)));
    }
}
