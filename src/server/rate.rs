//! Token buckets, and the cap on a client's input rate: a bucket each for bytes and
//! events. What comes faster than the bucket refills is dropped (never queued), so a
//! flood costs the server a bounded amount of work and reaches no screen. The gate
//! (`gate`) uses a bucket per address for the rate of new connections.

use std::time::Instant;

/// A token bucket: up to `burst` at once, refilled at `per_second`.
#[derive(Debug, Clone)]
pub(crate) struct Bucket {
    burst: f64,
    per_second: f64,
    tokens: f64,
    last: Instant,
}

impl Bucket {
    /// A full bucket.
    pub(crate) fn new(burst: u32, per_second: u32, now: Instant) -> Bucket {
        Bucket {
            burst: f64::from(burst),
            per_second: f64::from(per_second),
            tokens: f64::from(burst),
            last: now,
        }
    }

    /// A full bucket of `burst`, refilled at `per_minute` a minute.
    pub(crate) fn per_minute(burst: u32, per_minute: u32, now: Instant) -> Bucket {
        Bucket {
            burst: f64::from(burst),
            per_second: f64::from(per_minute) / 60.0,
            tokens: f64::from(burst),
            last: now,
        }
    }

    /// A full bucket of `burst`, refilled at `per_hour` an hour.
    pub(crate) fn per_hour(burst: u32, per_hour: u32, now: Instant) -> Bucket {
        Bucket {
            burst: f64::from(burst),
            per_second: f64::from(per_hour) / 3600.0,
            tokens: f64::from(burst),
            last: now,
        }
    }

    /// Whether the bucket is full again at `now` (nothing taken lately).
    pub(crate) fn is_full(&self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.tokens + elapsed * self.per_second >= self.burst
    }

    /// Takes up to `wanted` tokens at `now`; returns how many it got.
    pub(crate) fn take(&mut self, wanted: usize, now: Instant) -> usize {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
        // Whole tokens only; the bucket never holds more than `burst`, a u32.
        let got = (self.tokens.floor() as usize).min(wanted);
        self.tokens -= got as f64;
        got
    }
}

/// The input a connection may send: bytes (parsed) and events (handed to its screen).
#[derive(Debug, Clone)]
pub(crate) struct InputCap {
    pub(crate) bytes: Bucket,
    pub(crate) events: Bucket,
}

/// Bytes a client may send at once, and per second after that.
pub(crate) const BYTES_BURST: u32 = 16 * 1024;
/// See [`BYTES_BURST`].
pub(crate) const BYTES_PER_SECOND: u32 = 4 * 1024;
/// Events (keys, clicks, resizes) a client may send at once, and per second after that:
/// well above typing and key repeat.
pub(crate) const EVENTS_BURST: u32 = 100;
/// See [`EVENTS_BURST`].
pub(crate) const EVENTS_PER_SECOND: u32 = 40;

impl InputCap {
    /// The server's caps, full.
    pub(crate) fn new(now: Instant) -> InputCap {
        InputCap {
            bytes: Bucket::new(BYTES_BURST, BYTES_PER_SECOND, now),
            events: Bucket::new(EVENTS_BURST, EVENTS_PER_SECOND, now),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_burst_passes_a_flood_is_cut_and_the_bucket_refills() {
        let start = Instant::now();
        let mut bucket = Bucket::new(100, 40, start);
        assert_eq!(bucket.take(60, start), 60);
        assert_eq!(bucket.take(60, start), 40);
        assert_eq!(bucket.take(10, start), 0);
        // A quarter of a second gives ten more, and never more than the burst.
        assert_eq!(bucket.take(50, start + Duration::from_millis(250)), 10);
        assert_eq!(bucket.take(500, start + Duration::from_secs(60)), 100);
        // A steady typist at 20 keys a second is never cut.
        let mut typist = Bucket::new(100, 40, start);
        for n in 1..=400 {
            assert_eq!(typist.take(1, start + Duration::from_millis(50 * n)), 1);
        }
    }
}
