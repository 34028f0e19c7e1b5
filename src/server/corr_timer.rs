//! The correspondence timer: a thread that looks, once a second, for correspondence
//! games whose mover's time ran out (a vacation day for them, or the loss on time),
//! whether anyone is connected or not, and hands what changed to the store; and that
//! keeps, once a minute, the wall-clock time the server is up at, so a restart knows
//! how long it was down (the clocks do not count that time), and wakes the screens
//! showing a time left ([`super::hall::Hall::corr_minute`]). Its tick also notes the
//! live clocks' thinking ([`THOUGHT_EVERY`]). It ends with the hall.

use std::time::{Duration, Instant};

/// How often the timer looks.
const EVERY: Duration = Duration::from_secs(1);

/// How often the store is told the server is up.
const HEARTBEAT: Duration = Duration::from_secs(60);

/// How often the store notes each live clock's thinking on the turn under way
/// (`SharedHall`'s tick): a restart gives a mover back at most this much, plus the
/// write's wait, of thinking done before the stop. One write a note for all the
/// clocks that ran, none while none does.
pub(crate) const THOUGHT_EVERY: Duration = Duration::from_secs(2);

/// Starts the timer: `tick(heartbeat)` decides what ran out (and, when `heartbeat`,
/// tells the store the server is up), returning `false` once the hall or the store
/// is gone, which ends the thread. The caller builds `tick` from weak references, so
/// this file knows neither. A thread that can't be started leaves the deciding to
/// the next move at the game (each move is checked against the clock first).
pub(crate) fn start(tick: impl FnMut(bool) -> bool + Send + 'static) {
    let _ = std::thread::Builder::new()
        .name("hijara-corr".into())
        .spawn(move || run(tick));
}

fn run(mut tick: impl FnMut(bool) -> bool) {
    let mut beat = Instant::now();
    loop {
        std::thread::sleep(EVERY);
        let heartbeat = beat.elapsed() >= HEARTBEAT;
        if heartbeat {
            beat = Instant::now();
        }
        if !tick(heartbeat) {
            return;
        }
    }
}
