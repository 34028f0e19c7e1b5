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
//! and when one thread finishes, the `done` flag ends the others. A helper's
//! panic ends the run too, and [`run`] carries it on from the caller's thread.
//!
//! [`CHECK_EVERY`]: super::search

use std::any::Any;
use std::num::NonZeroUsize;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::limit::SearchLimit;
use super::search::{Busy, Searcher};
use super::tt::TranspositionTable;
use crate::rules::Move;

/// The set of positions being searched has `2^BUSY_BITS` slots.
const BUSY_BITS: u32 = 12;

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

/// What the threads of one parallel run share. Helpers own a handle to it, as
/// they may still be stopping after [`run`] has returned.
struct Team<R> {
    /// Set once the run is over: a thread finished, or the main thread returned.
    done: AtomicBool,
    /// Nodes of every thread, for the node limit and the count returned.
    nodes: AtomicU64,
    busy: Busy,
    /// The first finished helper's answer ([`Finish::First`]).
    first: Mutex<Option<R>>,
    /// The first helper's panic, carried on to the main thread's caller.
    failed: Mutex<Option<Box<dyn Any + Send>>>,
}

/// Runs `job` on `threads` searchers (at least one) that share `table` and
/// `limit` (its node count is over all threads, its stop flag stops them all).
/// Thread `i` gets `order` rotated left by `i`, so helpers
/// begin at different root moves; the main thread (0) gets `order` as it is.
///
/// It returns as soon as the main thread has an answer (its own, or a helper's
/// finished one), without waiting for the helpers: they stop within
/// [`CHECK_EVERY`] nodes of the `done` flag, but one the system has put aside
/// may take a scheduler tick (4 ms and more on a loaded machine) to see it, and
/// joining them spent the time budget's reserve (issue 29's note: up to 10 ms at
/// 50 ms on 2 idle cores). The nodes returned are those counted by then.
///
/// [`CHECK_EVERY`]: super::search
pub fn run<R, J>(
    table: &Arc<TranspositionTable>,
    threads: usize,
    limit: SearchLimit,
    order: &[Move],
    finish: Finish,
    job: J,
) -> Parallel<R>
where
    R: Send + 'static,
    J: Fn(&mut Searcher, &[Move]) -> R + Send + Sync + 'static,
{
    if threads <= 1 {
        let mut searcher = Searcher::with_table(Arc::clone(table), limit);
        let result = job(&mut searcher, order);
        return Parallel {
            result,
            aborted: searcher.aborted(),
            nodes: searcher.nodes(),
        };
    }
    let team = Arc::new(Team {
        done: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        busy: Busy::new(BUSY_BITS),
        first: Mutex::new(None),
        failed: Mutex::new(None),
    });
    // A helper's panic ends the run and goes on from the main thread, so a caller
    // that catches worker panics (`crate::caught`) sees it too, and the panic hook
    // leaves the terminal alone on the helper's thread as on the main one.
    let parent = crate::caught::catching_here();
    let job = Arc::new(job);
    // Helpers outlive the caller's borrow of its stop flag: they see it through
    // `done`, which the main thread sets as soon as the flag stops it.
    let helper_limit = SearchLimit {
        time: limit.time,
        deadline: limit.deadline,
        nodes: limit.nodes,
        depth: limit.depth,
        stop: None,
    };
    for index in 1..threads {
        let (team, job, table) = (Arc::clone(&team), Arc::clone(&job), Arc::clone(table));
        let mut rotated = order.to_vec();
        if !rotated.is_empty() {
            let by = index % rotated.len();
            rotated.rotate_left(by);
        }
        let helper = move || {
            let search = || {
                crate::caught::test_panic("smp");
                let mut searcher = Searcher::with_table(Arc::clone(&table), helper_limit);
                searcher.join(&team.done, &team.nodes, Some(&team.busy));
                let result = job(&mut searcher, &rotated);
                searcher.count_nodes();
                if finish == Finish::First && !searcher.aborted() {
                    let mut slot = team.first.lock().unwrap_or_else(|e| e.into_inner());
                    if slot.is_none() && !team.done.swap(true, Ordering::Relaxed) {
                        *slot = Some(result);
                    }
                }
            };
            let outcome = if parent {
                crate::caught::catching(search).map_err(|message| Box::new(message) as _)
            } else {
                catch_unwind(AssertUnwindSafe(search))
            };
            if let Err(payload) = outcome {
                let mut failed = team.failed.lock().unwrap_or_else(|e| e.into_inner());
                failed.get_or_insert(payload);
                team.done.store(true, Ordering::Relaxed);
            }
        };
        // A helper the system cannot start leaves its share to the others: the
        // main thread alone still answers.
        let _ = std::thread::Builder::new()
            .name(format!("search-{index}"))
            .spawn(helper);
    }
    let mut searcher = Searcher::with_table(Arc::clone(table), limit);
    searcher.join(&team.done, &team.nodes, Some(&team.busy));
    let result = job(&mut searcher, order);
    let aborted = searcher.aborted();
    searcher.count_nodes();
    let nodes = team.nodes.load(Ordering::Relaxed);
    // The main thread is done, finished or cut short: end the helpers too. Set
    // before the slot is read, a helper either stored its answer already or
    // finds the run over.
    let claimed = !aborted && !team.done.swap(true, Ordering::Relaxed);
    team.done.store(true, Ordering::Relaxed);
    // A helper that panicked before the answer: the answer may rest on its broken
    // work (the table), so the run fails as the helper did. One that panics later
    // is no longer asked about.
    let failed = team.failed.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(payload) = failed {
        std::panic::resume_unwind(payload);
    }
    let helper_first = team.first.lock().unwrap_or_else(|e| e.into_inner()).take();
    match (finish, claimed, helper_first) {
        (Finish::First, false, Some(result)) => Parallel {
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

#[cfg(test)]
mod tests {
    use std::sync::mpsc;
    use std::time::Duration;

    use super::*;
    use crate::rules::Position;

    /// A helper's panic stops the run and reaches the caller's `catching` with its
    /// message. It used to end the helper's thread alone, through the panic hook
    /// (which restored the terminal under a game that went on), while the main
    /// thread searched on as if nothing had happened.
    #[test]
    fn a_helper_s_panic_ends_the_run_and_reaches_the_caller() {
        let order: Vec<Move> = Position::new().legal_moves().collect();
        let main_order = order.clone();
        let table = Arc::new(TranspositionTable::new(16));
        // Far more nodes than the search takes to see the helper's failure: the old
        // code searched them all and answered.
        let limit = SearchLimit::nodes(2_000_000);
        let failed = crate::caught::catching(move || {
            run(
                &table,
                2,
                limit,
                &order,
                Finish::Main,
                move |searcher, o| {
                    if o != main_order.as_slice() {
                        panic!("the helper broke");
                    }
                    searcher.search(&Position::new(), o).map(|r| r.value)
                },
            )
            .result
        });
        let message = failed.unwrap_err();
        assert!(message.starts_with("the helper broke"), "{message}");
    }

    /// The answer does not wait for a helper that has not yet stopped: one the
    /// system put aside used to hold it past the time budget.
    #[test]
    fn the_answer_returns_while_a_helper_is_still_busy() {
        let order: Vec<Move> = Position::new().legal_moves().collect();
        let main_order = order.clone();
        let (release, released) = mpsc::channel::<()>();
        let released = Mutex::new(released);
        let (report, reports) = mpsc::channel::<bool>();
        let report = Mutex::new(report);
        let table = Arc::new(TranspositionTable::new(8));
        let run = run(&table, 2, SearchLimit::NONE, &order, Finish::Main, {
            move |_: &mut Searcher, o: &[Move]| {
                if o != main_order.as_slice() {
                    // The helper: busy until the test lets it go (or gives up).
                    let lock = released.lock().unwrap_or_else(|e| e.into_inner());
                    let let_go = lock.recv_timeout(Duration::from_secs(10)).is_ok();
                    let _ = report
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .send(let_go);
                    return 1;
                }
                0
            }
        });
        assert_eq!(run.result, 0, "the main thread's answer");
        assert!(!run.aborted);
        release.send(()).expect("the helper is still waiting");
        let let_go = reports.recv_timeout(Duration::from_secs(20));
        assert_eq!(
            let_go,
            Ok(true),
            "the helper was still busy when the answer returned"
        );
    }
}
