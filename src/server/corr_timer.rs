//! The correspondence timer: a thread that looks, once a second, for correspondence
//! games whose mover's time ran out (a vacation day for them, or the loss on time),
//! whether anyone is connected or not, and hands what changed to the store; and that
//! keeps the wall-clock time the server is up at, so a restart knows how long it was
//! down (the clocks do not count that time): at each note ([`THOUGHT_EVERY`]) while a
//! correspondence game is in play, else once a minute. Once a minute it wakes the
//! screens showing a time left ([`super::hall::Hall::corr_minute`]). Its note also
//! keeps the live clocks' thinking. It ends with the hall.

use std::time::{Duration, Instant};

/// How often the timer looks.
const EVERY: Duration = Duration::from_secs(1);

/// How often the screens showing a time left are woken, and the store told the server
/// is up while no correspondence game is in play.
const HEARTBEAT: Duration = Duration::from_secs(60);

/// How often the store notes each live clock's thinking on the turn under way, and
/// while a correspondence game is in play the time the server is up
/// (`SharedHall::timer_tick`): a `kill -9` gives a mover, live or correspondence,
/// back at most this much, plus the write's wait, of thinking done before it. One
/// commit a note for all of it, none while there is nothing to note.
pub(crate) const THOUGHT_EVERY: Duration = Duration::from_secs(2);

/// Starts the timer: `tick(minute)` decides what ran out (and, at the `minute`, wakes
/// the screens and tells the store the server is up), returning `false` once the hall or the store
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
