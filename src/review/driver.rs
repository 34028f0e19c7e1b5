//! Runs the engine over every position of a game, on worker threads.
//!
//! Each position is analysed once; results come back through a channel and are
//! handed to a callback on the calling thread as they arrive, so a caller can
//! show progress or fill a graph while the rest is still thinking. A stop flag
//! ends the run early: positions not yet analysed stay `None`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use super::classify::PositionValue;
use crate::ai::SearchLimit;
use crate::ai::analysis::{self, PositionEval};
use crate::rules::{Game, Move, Position};

/// The default thinking time per position, in milliseconds: 64 positions on
/// 2 threads take at most 64 x 0.4 s / 2 = 12.8 s, and positions the solver
/// finishes (the last 15-20) take far less; even on one thread under 26 s.
/// A position whose estimates call the move played a mistake, or up to 30
/// empty sections best or nearly, gets as much again for proofs
/// ([`analysis::evaluate_move`]): on `assets/games/complete.hij` the whole
/// review took 11.2-11.6 s instead of 8.8-8.9 s with the first (2 threads,
/// loaded), 10.8-10.9 s with both against 10.8-11.0 s with the first alone
/// (load 2.9-3.5).
pub const REVIEW_THINK_MS: u64 = 400;

/// How many times longer the deep review thinks per position than the review:
/// measured on 446 moves at 16-24 empty sections with exact losses
/// (docs/review.md), four times the budget proved twice as many moves' values
/// exactly and, on the held-out half, caught 65 of 69 big losses instead of 63
/// and called 2 of 125 lossless moves mistakes instead of 4.
pub const DEEP_FACTOR: u64 = 4;

/// The deep review's thinking time per position, in milliseconds.
pub const DEEP_THINK_MS: u64 = REVIEW_THINK_MS * DEEP_FACTOR;

/// How much the review thinks per position: a time (the default,
/// [`REVIEW_THINK_MS`]), or a number of search nodes, which gives the same values on
/// any machine and at any load (each position is searched on one thread). The
/// screens take it from the preferences (`review_think_ms`, `review_nodes`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReviewBudget {
    /// Milliseconds a position.
    Millis(u64),
    /// Search nodes a position.
    Nodes(u64),
}

impl ReviewBudget {
    /// The review's own: [`REVIEW_THINK_MS`] a position.
    pub const DEFAULT: ReviewBudget = ReviewBudget::Millis(REVIEW_THINK_MS);

    /// The deep review's: [`DEEP_FACTOR`] times as much.
    pub fn deep(self) -> ReviewBudget {
        match self {
            ReviewBudget::Millis(ms) => ReviewBudget::Millis(ms.saturating_mul(DEEP_FACTOR)),
            ReviewBudget::Nodes(n) => ReviewBudget::Nodes(n.saturating_mul(DEEP_FACTOR)),
        }
    }

    /// The search limit of one position.
    pub fn limit(self) -> SearchLimit<'static> {
        match self {
            ReviewBudget::Millis(ms) => SearchLimit::millis(ms),
            ReviewBudget::Nodes(n) => SearchLimit::nodes(n),
        }
    }
}

/// One result as it arrives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Analysed {
    /// The position's index: the number of moves played before it.
    pub index: usize,
    /// Its value.
    pub value: PositionValue,
    /// Positions analysed so far, this one included.
    pub done: usize,
    /// Positions in all.
    pub total: usize,
}

/// Analyses every position of `game` (after 0, 1, ... all its moves) and the
/// move played from it with [`evaluate_position`], `think` per position,
/// on `threads` worker threads (at least one). `on_result` runs on the calling
/// thread for each result. Returns the value of each position, `None` where
/// `stop` came first.
pub fn analyse_game(
    game: &Game,
    think: Duration,
    threads: usize,
    stop: Option<&AtomicBool>,
    on_result: impl FnMut(Analysed),
) -> Vec<Option<PositionValue>> {
    let budget = SearchLimit {
        time: Some(think),
        ..SearchLimit::NONE
    };
    analyse_game_with(
        game,
        threads,
        stop,
        |position, mv, stop| evaluate_position(position, mv, &budget, stop),
        on_result,
    )
}

/// The review's evaluation of one position and the move played from it (if any),
/// within `budget` (its time and/or nodes; its own stop flag is replaced by `stop`):
/// [`analysis::evaluate_move`]. Every review, local or at the server, values its
/// positions through this.
pub fn evaluate_position(
    position: &Position,
    played: Option<Move>,
    budget: &SearchLimit<'_>,
    stop: Option<&AtomicBool>,
) -> Option<PositionEval> {
    let limit = SearchLimit { stop, ..*budget };
    analysis::evaluate_move(position, played, &limit)
}

/// [`analyse_game`] over the positions `indices` of `game` only (each the number
/// of moves played before it; out of range ones are left out), `budget` a position: the deep review
/// values again the positions the review did not solve. Results carry the game's
/// index, `done` and `total` count these positions only, and the values come back
/// in the order of `indices`.
pub fn analyse_game_at(
    game: &Game,
    indices: &[usize],
    budget: ReviewBudget,
    threads: usize,
    stop: Option<&AtomicBool>,
    mut on_result: impl FnMut(Analysed),
) -> Vec<Option<PositionValue>> {
    let budget = budget.limit();
    let indices: Vec<usize> = indices
        .iter()
        .copied()
        .filter(|&i| i <= game.len())
        .collect();
    let positions: Vec<Position> = indices.iter().map(|&i| *game.position_at(i)).collect();
    let moves = game.placements();
    analyse_positions_with(
        &positions,
        |k| {
            indices
                .get(k)
                .and_then(|&i| moves.get(i))
                .map(|p| p.square())
        },
        threads,
        stop,
        |position, mv, stop| evaluate_position(position, mv, &budget, stop),
        |a| {
            on_result(Analysed {
                index: indices[a.index],
                ..a
            })
        },
    )
}

/// [`analyse_game`] with the evaluator given: the server's reviewer wraps
/// [`evaluate_position`] in its engine pool's loans. `evaluator` gets each position,
/// the move played from it and the stop flag.
pub fn analyse_game_with<E>(
    game: &Game,
    threads: usize,
    stop: Option<&AtomicBool>,
    evaluator: E,
    on_result: impl FnMut(Analysed),
) -> Vec<Option<PositionValue>>
where
    E: Fn(&Position, Option<Move>, Option<&AtomicBool>) -> Option<PositionEval> + Sync,
{
    let positions: Vec<Position> = (0..=game.len()).map(|n| *game.position_at(n)).collect();
    let played: Vec<Move> = game.placements().iter().map(|p| p.square()).collect();
    analyse_positions(&positions, &played, threads, stop, evaluator, on_result)
}

/// Like [`analyse_game`] for any positions, `played[i]` the move played from
/// `positions[i]` (if any), with the evaluator given (tests give a different
/// budget per position). Full boards are valued without it. Positions are
/// handed out in order, so the slow early positions start first.
pub fn analyse_positions<E>(
    positions: &[Position],
    played: &[Move],
    threads: usize,
    stop: Option<&AtomicBool>,
    evaluator: E,
    on_result: impl FnMut(Analysed),
) -> Vec<Option<PositionValue>>
where
    E: Fn(&Position, Option<Move>, Option<&AtomicBool>) -> Option<PositionEval> + Sync,
{
    analyse_positions_with(
        positions,
        |i| played.get(i).copied(),
        threads,
        stop,
        evaluator,
        on_result,
    )
}

/// [`analyse_positions`] with the move played from position `i` given by `played_at`.
fn analyse_positions_with<E>(
    positions: &[Position],
    played_at: impl Fn(usize) -> Option<Move> + Sync,
    threads: usize,
    stop: Option<&AtomicBool>,
    evaluator: E,
    mut on_result: impl FnMut(Analysed),
) -> Vec<Option<PositionValue>>
where
    E: Fn(&Position, Option<Move>, Option<&AtomicBool>) -> Option<PositionEval> + Sync,
{
    let total = positions.len();
    let mut values = vec![None; total];
    let next = AtomicUsize::new(0);
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let workers = threads.clamp(1, total.max(1));
    // A worker's panic goes to this thread's caller with its message (a UI's
    // analysis catches it: `crate::caught`).
    let parent = crate::caught::catching_here();
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let mut helpers = Vec::with_capacity(workers);
        for _ in 0..workers {
            let tx = tx.clone();
            let (next, evaluator, played_at) = (&next, &evaluator, &played_at);
            helpers.push(scope.spawn(move || {
                crate::caught::helper(parent, || {
                    crate::caught::test_panic("analysis");
                    loop {
                        if stopped() {
                            break;
                        }
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        let Some(position) = positions.get(index) else {
                            break;
                        };
                        let value = if position.is_over() {
                            Some(PositionValue::terminal(position))
                        } else {
                            evaluator(position, played_at(index), stop)
                                .map(|eval| PositionValue::of(position, eval))
                        };
                        // A stopped evaluation is cut short: not a result.
                        if stopped() {
                            break;
                        }
                        if let Some(value) = value
                            && tx.send((index, value)).is_err()
                        {
                            break;
                        }
                    }
                })
            }));
        }
        // The workers hold the only senders left: the loop ends when they finish.
        drop(tx);
        for (done, (index, value)) in (1..).zip(rx) {
            values[index] = Some(value);
            on_result(Analysed {
                index,
                value,
                done,
                total,
            });
        }
        for helper in helpers {
            if let Err(panic) = helper.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    values
}

/// A game analysed in the background, for a UI: results arrive on a channel
/// the UI polls ([`Background::try_iter`]), so it never waits for the engine.
/// Dropping it stops the analysis and waits for the threads, which notice the
/// stop flag within about a thousand search nodes.
pub struct Background {
    results: mpsc::Receiver<Analysed>,
    stop: Arc<AtomicBool>,
    /// The message of the panic that ended the analysis, if one did.
    failure: Arc<std::sync::Mutex<Option<String>>>,
    thread: Option<JoinHandle<()>>,
}

impl Background {
    /// Starts analysing every position of `game` ([`analyse_game`]).
    pub fn start(game: Game, think: Duration, threads: usize) -> Background {
        Background::start_waking(game, think, threads, || {})
    }

    /// As [`Background::start`], and calls `wake` after each result and once at the
    /// end, so an event loop can block on its own channel instead of polling this one.
    pub fn start_waking(
        game: Game,
        think: Duration,
        threads: usize,
        wake: impl Fn() + Send + 'static,
    ) -> Background {
        Background::spawn(wake, move |stop, report| {
            analyse_game(&game, think, threads, Some(stop), report);
        })
    }

    /// As [`Background::start_waking`], over the positions `indices` of `game` only
    /// ([`analyse_game_at`]), `budget` a position: the screens' review and deep review.
    pub fn start_at(
        game: Game,
        indices: Vec<usize>,
        budget: ReviewBudget,
        threads: usize,
        wake: impl Fn() + Send + 'static,
    ) -> Background {
        Background::spawn(wake, move |stop, report| {
            analyse_game_at(&game, &indices, budget, threads, Some(stop), report);
        })
    }

    /// Runs `job` on a thread of its own, with the stop flag and the way to report
    /// each result, calling `wake` after each result and once at the end.
    pub(super) fn spawn(
        wake: impl Fn() + Send + 'static,
        job: impl FnOnce(&AtomicBool, &mut dyn FnMut(Analysed)) + Send + 'static,
    ) -> Background {
        let (tx, results) = mpsc::channel();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let failure = Arc::new(std::sync::Mutex::new(None));
        let failed = Arc::clone(&failure);
        let thread = std::thread::spawn(move || {
            // A panic is caught here, kept for [`Background::failure`], and ends the
            // analysis as its end does: the screen goes on without it.
            let run = crate::caught::catching(|| {
                job(&flag, &mut |p| {
                    // The receiver is gone only when the UI dropped us: nothing to report to.
                    let _ = tx.send(p);
                    wake();
                });
            });
            if let Err(message) = run {
                *failed.lock().unwrap_or_else(|p| p.into_inner()) = Some(message);
            }
            // Closed before the last wake, so the woken side sees the end ([`Background::drain`]).
            drop(tx);
            wake();
        });
        Background {
            results,
            stop,
            failure,
            thread: Some(thread),
        }
    }

    /// The results that arrived since the last call, without waiting.
    pub fn try_iter(&self) -> impl Iterator<Item = Analysed> + '_ {
        self.results.try_iter()
    }

    /// The results that arrived since the last call, without waiting, and whether
    /// they are the last: the analysis has ended and every result is taken.
    pub fn drain(&self) -> (Vec<Analysed>, bool) {
        let mut results = Vec::new();
        loop {
            match self.results.try_recv() {
                Ok(p) => results.push(p),
                Err(mpsc::TryRecvError::Empty) => return (results, false),
                Err(mpsc::TryRecvError::Disconnected) => return (results, true),
            }
        }
    }

    /// Waits for the next result; `None` once every position is done (or stopped).
    pub fn recv(&self) -> Option<Analysed> {
        self.results.recv().ok()
    }

    /// Whether the analysis thread has ended: every result it found is then in the
    /// channel (read them after this says `true` to have them all).
    pub fn is_finished(&self) -> bool {
        self.thread.as_ref().is_none_or(JoinHandle::is_finished)
    }

    /// The message of the panic that ended the analysis (an internal error), once it
    /// has ended so; the results sent before it stay readable.
    pub fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    /// Asks the analysis to stop; results already sent stay readable.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

impl Drop for Background {
    fn drop(&mut self) {
        self.stop();
        if let Some(thread) = self.thread.take() {
            // A panic in the analysis thread has nothing left to report here.
            let _ = thread.join();
        }
    }
}
