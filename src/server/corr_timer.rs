//! The correspondence timer: a thread that looks, once a second, for correspondence
//! games whose mover's time ran out (a vacation day for them, or the loss on time),
//! whether anyone is connected or not, and hands what changed to the store; and that
//! keeps, once a minute, the wall-clock time the server is up at, so a restart knows
//! how long it was down (the clocks do not count that time). It ends with the hall.

use std::sync::{Mutex, Weak};
use std::time::{Duration, Instant};

use super::hall::Hall;
use super::shared::SharedHall;
use super::store::Store;

/// How often the timer looks.
const EVERY: Duration = Duration::from_secs(1);

/// How often the store is told the server is up.
const HEARTBEAT: Duration = Duration::from_secs(60);

/// Starts the timer; it ends when the hall or the store is dropped. A thread that
/// can't be started leaves the deciding to the next move at the game (each move is
/// checked against the clock first).
pub(crate) fn start(hall: Weak<Mutex<Hall>>, store: Weak<Store>) {
    let _ = std::thread::Builder::new()
        .name("hijara-corr".into())
        .spawn(move || run(&hall, &store));
}

fn run(hall: &Weak<Mutex<Hall>>, store: &Weak<Store>) {
    let mut beat = Instant::now();
    loop {
        std::thread::sleep(EVERY);
        let (Some(hall), Some(store)) = (hall.upgrade(), store.upgrade()) else {
            return;
        };
        let shared = SharedHall::from_parts(hall, Some(store.clone()));
        // The guard hands the keeps to the store once the lock is released.
        let wall = {
            let mut guard = shared.lock();
            guard.corr_tick();
            guard.corr_time().wall()
        };
        if beat.elapsed() >= HEARTBEAT {
            beat = Instant::now();
            store.writer().heartbeat(wall);
        }
    }
}
