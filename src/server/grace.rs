//! The grace timer: a thread that looks, once a second, at the tables where someone is
//! away from a game that goes on (the hall keeps their list, so it never goes through
//! every table): it wakes their screens for the countdown, and adjourns a game nobody
//! waits at any more. It ends with the hall.

use std::sync::{Mutex, Weak};
use std::time::Duration;

use super::hall::Hall;
use super::store::Log;

/// How often the timer looks.
const EVERY: Duration = Duration::from_secs(1);

/// Starts the timer for `hall`; it ends when the hall is dropped. A thread that can't
/// be started leaves the countdown to the next change (the grace itself is counted
/// from instants, not by the timer). `log` takes the lines for the server's log (a
/// game adjourned for idling), written once the hall is unlocked.
pub(crate) fn start(hall: Weak<Mutex<Hall>>, log: Option<Log>) {
    let _ = std::thread::Builder::new()
        .name("hijara-grace".into())
        .spawn(move || run(&hall, log.as_ref()));
}

fn run(hall: &Weak<Mutex<Hall>>, log: Option<&Log>) {
    loop {
        std::thread::sleep(EVERY);
        let Some(hall) = hall.upgrade() else {
            return;
        };
        let said = {
            let mut hall = hall.lock().unwrap_or_else(|p| p.into_inner());
            if hall.timer_has_work() {
                let now = hall.now();
                hall.tick(now)
            } else {
                Vec::new()
            }
        };
        // Off the lock: the log's file is written by the log.
        if let Some(log) = log {
            for line in &said {
                log(line);
            }
        }
    }
}
