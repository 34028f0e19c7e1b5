//! A server's limit on the lobby frames its sessions draw at once for news alone (a
//! move at a table, a table opened): each session draws on a thread of its own, and
//! at 500 sessions one move's news had ~490 lobbies drawing at the same moment, every
//! thread runnable, so the runtime's two workers (every connection's SSH reads and
//! writes) got a few hundredths of the CPU until the burst was over, and the move's
//! own frame waited with them (docs/network.md, "Load"). A frame is drawn under a
//! permit and written after it is given back ([`release`], called by the writer
//! before it sends): no I/O is done while others wait. A frame asked for by the
//! player's own key or click never waits here.

use std::cell::RefCell;
use std::sync::{Arc, Condvar, Mutex};

/// The permits, shared by every session of one server.
#[derive(Debug)]
pub(crate) struct DrawGate {
    free: Mutex<usize>,
    freed: Condvar,
}

/// A permit held: given back when dropped, so a frame whose drawing panics, or a
/// session thread that ends holding one, never keeps it from the other sessions.
#[derive(Debug)]
struct Permit(Arc<DrawGate>);

impl Drop for Permit {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        self.0.freed.notify_one();
    }
}

thread_local! {
    /// The permit this thread holds, until [`release`] (or the thread's end).
    static HELD: RefCell<Option<Permit>> = const { RefCell::new(None) };
}

impl DrawGate {
    /// A gate of `permits` (at least one).
    pub(crate) fn new(permits: usize) -> DrawGate {
        DrawGate {
            free: Mutex::new(permits.max(1)),
            freed: Condvar::new(),
        }
    }

    /// The permits for a machine of `cores`: one core is left to everything else (the
    /// runtime's workers, the games' frames).
    pub(crate) fn for_cores(cores: usize) -> DrawGate {
        DrawGate::new(cores.saturating_sub(1))
    }

    /// Waits for a permit, held by this thread until [`release`]. Each lobby draws at
    /// most one news frame every 500 ms and gives its permit back before it writes, so a
    /// waiting session waits at most for every other lobby's frame once.
    pub(crate) fn enter(self: &Arc<Self>) {
        release();
        let mut free = self.free.lock().unwrap_or_else(|p| p.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|p| p.into_inner());
        }
        *free -= 1;
        drop(free);
        HELD.with(|held| *held.borrow_mut() = Some(Permit(Arc::clone(self))));
    }

    /// The permits free now.
    #[cfg(test)]
    fn free(&self) -> usize {
        *self.free.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Gives back the permit this thread holds, if any: called before a frame's bytes are
/// written, and after every frame drawn.
pub(crate) fn release() {
    // Taken out of the cell before it is dropped: the drop takes the gate's lock.
    let held = HELD.with(|held| held.borrow_mut().take());
    drop(held);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    /// One permit: of eight threads drawing at once, one is inside at any moment, and
    /// every one gets in (none is left waiting); a release without a permit is nothing.
    #[test]
    fn one_permit_lets_one_thread_in_at_a_time_and_all_of_them_in_turn() {
        let gate = Arc::new(DrawGate::for_cores(2));
        release();
        let inside = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (gate, inside, most) = (gate.clone(), inside.clone(), most.clone());
                std::thread::spawn(move || {
                    for _ in 0..5 {
                        gate.enter();
                        let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_micros(200));
                        inside.fetch_sub(1, Ordering::SeqCst);
                        release();
                    }
                })
            })
            .collect();
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(most.load(Ordering::SeqCst), 1);
        assert_eq!(gate.free(), 1);
    }

    /// A thread that panics while it holds the permit (a frame's drawing failing) gives it
    /// back as it ends: the other sessions' news frames are not stopped for good.
    #[test]
    fn a_thread_ending_in_a_panic_gives_its_permit_back() {
        let gate = Arc::new(DrawGate::new(1));
        let held = gate.clone();
        let ended = std::thread::spawn(move || {
            held.enter();
            panic!("a frame's drawing failed");
        })
        .join();
        assert!(ended.is_err());
        assert_eq!(gate.free(), 1);
    }

    /// Entering again gives back the permit held first: a thread never holds two.
    #[test]
    fn a_thread_holds_one_permit_at_most() {
        let gate = Arc::new(DrawGate::new(2));
        gate.enter();
        gate.enter();
        assert_eq!(gate.free(), 1);
        release();
        assert_eq!(gate.free(), 2);
    }
}
