//! Searching on every core: Lazy SMP with one shared transposition table.
//!
//! Every thread runs the same search on the same root with its own move-order
//! memory; they share the lock-free [`TranspositionTable`], so each thread finds the
//! subtrees the others already settled. Helper threads start from a different
//! root move (the order rotated by the thread's index). Alone, that left the
//! threads searching the same subtrees (2 threads: 1.16x on solves at 22-24
//! empty sections); so, as in ABDADA, they also share a small set of the
//! positions being searched ([`Busy`]), and a node defers a child another
//! thread is in to a second pass (1.6-1.7x).
//!
//! Stopping is shared: the caller's stop flag, the deadline and the node limit
//! (counted over all threads) reach every thread within [`CHECK_EVERY`] nodes,
//! and when one thread finishes, the `done` flag ends the others.
//!
//! [`CHECK_EVERY`]: super::search

use std::num::NonZeroUsize;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::limit::SearchLimit;
use super::search::{Busy, Searcher};

/// The set of positions being searched has `2^BUSY_BITS` slots.
const BUSY_BITS: u32 = 12;
use super::tt::TranspositionTable;
use crate::rules::Move;

/// The number of threads the machine can run at once (at least 1).
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, NonZeroUsize::get)
}

/// Which thread's answer a parallel run returns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Finish {
    /// The main thread's: the helpers only fill the table, and stop once it is done
    /// (iterative deepening, where each thread's deepest iteration differs).
    Main,
    /// The first thread to finish without being cut short: for proofs, where any
    /// finished proof is as good as another.
    First,
}

/// What a parallel run returns.
pub struct Parallel<R> {
    /// The chosen thread's answer ([`Finish`]), or the main thread's if none finished.
    pub result: R,
    /// Whether that answer was cut short by a limit or the stop flag.
    pub aborted: bool,
    /// Nodes of all threads.
    pub nodes: u64,
}

/// Runs `job` on `threads` searchers (at least one) that share `table` and
/// `limit` (its node count is over all threads, its stop flag stops them all).
/// Thread `i` gets `order` rotated left by `i`, so helpers
/// begin at different root moves; the main thread (0) gets `order` as it is.
pub fn run<R: Send>(
    table: &Arc<TranspositionTable>,
    threads: usize,
    limit: SearchLimit,
    order: &[Move],
    finish: Finish,
    job: impl Fn(&mut Searcher, &[Move]) -> R + Sync,
) -> Parallel<R> {
    let done = AtomicBool::new(false);
    let shared_nodes = AtomicU64::new(0);
    let busy = (threads > 1).then(|| Busy::new(BUSY_BITS));
    let first: std::sync::Mutex<Option<(R, u64)>> = std::sync::Mutex::new(None);
    let one = |index: usize| -> (R, bool, u64) {
        let mut searcher = Searcher::with_table(Arc::clone(table), limit);
        searcher.join(&done, &shared_nodes, busy.as_ref());
        let mut rotated = order.to_vec();
        if !rotated.is_empty() {
            let by = index % rotated.len();
            rotated.rotate_left(by);
        }
        let result = job(&mut searcher, &rotated);
        let aborted = searcher.aborted();
        let nodes = searcher.nodes();
        (result, aborted, nodes)
    };
    let threads = threads.max(1);
    let mut helper_nodes = 0;
    let main = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..threads)
            .map(|index| {
                let one = &one;
                let done = &done;
                let first = &first;
                scope.spawn(move || {
                    let (result, aborted, nodes) = one(index);
                    if finish == Finish::First && !aborted {
                        let mut slot = first.lock().unwrap_or_else(|e| e.into_inner());
                        if slot.is_none() && !done.swap(true, Ordering::Relaxed) {
                            *slot = Some((result, nodes));
                        }
                    }
                    nodes
                })
            })
            .collect();
        let main = one(0);
        // The main thread is done, finished or cut short: end the helpers too.
        let claimed = !main.1 && !done.swap(true, Ordering::Relaxed);
        for helper in helpers {
            // A helper that panicked has no nodes to add; its panic is not ours to resume.
            helper_nodes += helper.join().unwrap_or(0);
        }
        (main, claimed)
    });
    let ((result, aborted, main_nodes), main_claimed) = main;
    let nodes = main_nodes + helper_nodes;
    let helper_first = first.into_inner().unwrap_or_else(|e| e.into_inner());
    match (finish, main_claimed, helper_first) {
        (Finish::First, false, Some((result, _))) => Parallel {
            result,
            aborted: false,
            nodes,
        },
        _ => Parallel {
            result,
            aborted,
            nodes,
        },
    }
}
