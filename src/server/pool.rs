//! The server's AI engines: a bounded pool, shared fairly by every AI table.
//!
//! Each game's AI worker asks the pool for an engine before a search and gives it back
//! when the search ends ([`crate::ui::AiGate`]). At most `size` searches run at once,
//! each on one thread, so the cores left over keep drawing the sessions' frames;
//! waiting workers are served first come, first served, so a busy table can't starve
//! another. The searching threads are niced (on Linux), so frames win the cores.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use crate::ui::AiGate;

/// How often a waiting worker looks whether its request was stopped.
const STOP_CHECK: Duration = Duration::from_millis(50);

/// The niceness of a thread that searches for a table.
const SEARCH_NICE: i32 = 10;

/// The most engines `--ai-engines` takes: each is a thread, and while it searches
/// hard's transposition table, 32 MiB (2^`PLAY_TT_BITS` buckets of 32 bytes,
/// src/ai/hard.rs), so 256 are 8 GiB at full stretch; the same cap as the search threads
/// `--threads` takes. Until s38 any number was taken (`--ai-engines 100000`: 3 TiB).
pub const MAX_AI_ENGINES: usize = 256;

/// The pool's size for a machine with `cores` cores: one fewer, at least one.
pub(crate) fn default_size(cores: usize) -> usize {
    cores.saturating_sub(1).max(1)
}

#[derive(Debug)]
struct State {
    /// Engines free now.
    free: usize,
    /// Tickets of the workers waiting, oldest first.
    queue: VecDeque<u64>,
    next_ticket: u64,
    /// The stop flags of the engines lent at low priority (the server's reviews):
    /// set when a game's worker waits, so the review gives its engine back.
    low: Vec<Arc<AtomicBool>>,
}

/// A bounded pool of engines; cloning shares it.
#[derive(Debug, Clone)]
pub(crate) struct EnginePool {
    inner: Arc<(Mutex<State>, Condvar)>,
    size: usize,
}

impl EnginePool {
    /// A pool of `size` engines (at least one).
    pub(crate) fn new(size: usize) -> EnginePool {
        let size = size.max(1);
        EnginePool {
            inner: Arc::new((
                Mutex::new(State {
                    free: size,
                    queue: VecDeque::new(),
                    next_ticket: 0,
                    low: Vec::new(),
                }),
                Condvar::new(),
            )),
            size,
        }
    }

    /// How many engines it has.
    pub(crate) fn size(&self) -> usize {
        self.size
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        // Nothing is left half done under this lock: a poisoned one is taken over.
        self.inner.0.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Waits, in turn, for a free engine; `None` if `stop` is set first.
    fn take(&self, stop: &AtomicBool, waiting: &mut dyn FnMut()) -> Option<EngineLoan> {
        let mut state = self.state();
        let ticket = state.next_ticket;
        state.next_ticket += 1;
        state.queue.push_back(ticket);
        let mut told = false;
        loop {
            if state.free == 0 {
                // A review holds an engine: it gives it back at its next check.
                for flag in &state.low {
                    flag.store(true, Ordering::Relaxed);
                }
            }
            if state.queue.front() == Some(&ticket) && state.free > 0 {
                state.queue.pop_front();
                state.free -= 1;
                // The next in line may be served too.
                self.inner.1.notify_all();
                return Some(EngineLoan { pool: self.clone() });
            }
            if stop.load(Ordering::Relaxed) {
                state.queue.retain(|&t| t != ticket);
                self.inner.1.notify_all();
                return None;
            }
            if !told {
                told = true;
                drop(state);
                waiting();
                state = self.state();
                continue;
            }
            state = self
                .inner
                .1
                .wait_timeout(state, STOP_CHECK)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }

    /// An engine at low priority, for the server's reviews: lent only while no
    /// game's worker waits, and asked back (`stop` set) as soon as one does. Waits
    /// for one; `None` once `give_up` is set.
    pub(crate) fn take_low(&self, stop: Arc<AtomicBool>, give_up: &AtomicBool) -> Option<LowLoan> {
        let mut state = self.state();
        loop {
            if give_up.load(Ordering::Relaxed) {
                return None;
            }
            if state.queue.is_empty() && state.free > 0 {
                state.free -= 1;
                stop.store(false, Ordering::Relaxed);
                state.low.push(stop.clone());
                return Some(LowLoan {
                    loan: EngineLoan { pool: self.clone() },
                    stop,
                });
            }
            state = self
                .inner
                .1
                .wait_timeout(state, STOP_CHECK)
                .unwrap_or_else(|p| p.into_inner())
                .0;
        }
    }
}

/// An engine lent out to one search; given back when dropped.
struct EngineLoan {
    pool: EnginePool,
}

impl Drop for EngineLoan {
    fn drop(&mut self) {
        let mut state = self.pool.state();
        state.free += 1;
        drop(state);
        self.pool.inner.1.notify_all();
    }
}

/// An engine lent at low priority ([`EnginePool::take_low`]): its `stop` is set when
/// a game's worker waits for it.
pub(crate) struct LowLoan {
    loan: EngineLoan,
    stop: Arc<AtomicBool>,
}

impl LowLoan {
    /// Set when the engine is wanted back.
    pub(crate) fn stop(&self) -> &AtomicBool {
        &self.stop
    }
}

impl Drop for LowLoan {
    fn drop(&mut self) {
        let mut state = self.loan.pool.state();
        state.low.retain(|flag| !Arc::ptr_eq(flag, &self.stop));
    }
}

impl AiGate for EnginePool {
    fn acquire(&self, stop: &AtomicBool, waiting: &mut dyn FnMut()) -> Option<Box<dyn Send>> {
        let engine = self.take(stop, waiting)?;
        // The worker thread searches for this game only: once niced, it stays so.
        nice_this_thread(SEARCH_NICE);
        Some(Box::new(engine))
    }
}

/// Sets the calling thread's niceness (Linux threads have their own); best effort.
fn nice_this_thread(nice: i32) {
    #[cfg(target_os = "linux")]
    // SAFETY: gettid and setpriority take no pointers; a failure is only reported.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        let _ = libc::setpriority(libc::PRIO_PROCESS, tid, nice);
    }
    #[cfg(not(target_os = "linux"))]
    let _ = nice;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn the_size_leaves_a_core_for_the_sessions() {
        assert_eq!(default_size(1), 1);
        assert_eq!(default_size(2), 1);
        assert_eq!(default_size(8), 7);
    }

    #[test]
    fn engines_are_lent_in_turn_and_a_stopped_wait_gives_up() {
        let pool = EnginePool::new(1);
        let never = AtomicBool::new(false);
        let first = pool.acquire(&never, &mut || panic!("one is free")).unwrap();
        // Three workers wait, in order; each says once that it waits.
        let (done_tx, done_rx) = mpsc::channel();
        let (told_tx, told_rx) = mpsc::channel();
        let mut threads = Vec::new();
        for n in 0..3 {
            let (pool, done, told) = (pool.clone(), done_tx.clone(), told_tx.clone());
            threads.push(std::thread::spawn(move || {
                let stop = AtomicBool::new(false);
                let engine = pool.acquire(&stop, &mut || told.send(n).unwrap()).unwrap();
                done.send(n).unwrap();
                drop(engine);
            }));
            // The next one queues only once this one waits.
            assert_eq!(told_rx.recv().unwrap(), n);
        }
        // A stopped request leaves the queue without an engine.
        let stop = AtomicBool::new(true);
        assert!(pool.acquire(&stop, &mut || {}).is_none());
        assert!(done_rx.try_recv().is_err(), "nobody got the busy engine");
        drop(first);
        let order: Vec<i32> = (0..3).map(|_| done_rx.recv().unwrap()).collect();
        assert_eq!(order, [0, 1, 2], "first come, first served");
        for thread in threads {
            thread.join().unwrap();
        }
        assert_eq!(pool.state().free, 1);
    }

    #[test]
    fn a_review_s_engine_is_asked_back_as_soon_as_a_game_waits() {
        let pool = EnginePool::new(1);
        let never = AtomicBool::new(false);
        let stop = Arc::new(AtomicBool::new(false));
        let low = pool.take_low(stop.clone(), &never).unwrap();
        assert!(!stop.load(Ordering::Relaxed));
        let (done_tx, done_rx) = mpsc::channel();
        let worker = {
            let pool = pool.clone();
            std::thread::spawn(move || {
                let never = AtomicBool::new(false);
                let engine = pool.acquire(&never, &mut || {}).unwrap();
                done_tx.send(()).unwrap();
                drop(engine);
            })
        };
        let start = std::time::Instant::now();
        while !low.stop().load(Ordering::Relaxed) {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "never asked back"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
        assert!(done_rx.try_recv().is_err(), "the game waits for the engine");
        drop(low);
        done_rx.recv_timeout(Duration::from_secs(10)).unwrap();
        worker.join().unwrap();
        // Given up: no engine is lent at low priority.
        assert!(pool.take_low(stop, &AtomicBool::new(true)).is_none());
        assert_eq!(pool.state().free, 1);
    }
}
