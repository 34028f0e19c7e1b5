//! The exact solve of a wrong puzzle move, as a job on a [`Worker`] thread: requests
//! in, replies to the event loop's inbox, as the AI's own job does.
//!
//! A solve of a puzzle position takes well under a second, but the UI thread
//! never waits for one: the screen says it is checking, and the solve is held
//! to [`SOLVE_BUDGET`] and to a stop flag raised by a newer request or when
//! the loop ends.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::ai::SearchLimit;
use crate::puzzle::engine;
use crate::puzzle::explain::SOLVE_BUDGET;
use crate::rules::{Move, Position};

use super::worker::Worker;

/// A wrong move's position to solve; `tag` comes back in the reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckRequest {
    /// Identifies the try; a reply with another tag is stale.
    pub tag: u64,
    /// The position after the wrong move.
    pub position: Position,
}

/// The worker's answer to a [`CheckRequest`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CheckReply {
    /// The request's tag.
    pub tag: u64,
    /// The opponent's best move and the margin it guarantees them; `None`
    /// when the budget ran out or the solve was stopped.
    pub solution: Option<(Move, i32)>,
}

/// Solves `request` within `limit`: what the worker does with each request.
pub fn solve_request(request: CheckRequest, limit: &SearchLimit) -> CheckReply {
    CheckReply {
        tag: request.tag,
        solution: engine::solve(&request.position, limit),
    }
}

/// Starts the puzzle check's worker thread ([`Worker`]), which solves each newest
/// request within [`SOLVE_BUDGET`] and hands the reply to `deliver` (`false`: nobody
/// listens any more, so it ends). A panic in the solve is handed to `failed`.
pub(crate) fn spawn(
    deliver: impl Fn(CheckReply) -> bool + Send + 'static,
    failed: impl FnOnce(String) + Send + 'static,
) -> anyhow::Result<Worker<CheckRequest>> {
    let job = |request, stop: &Arc<AtomicBool>| {
        crate::caught::test_panic("check");
        Some(solve_request(request, &SOLVE_BUDGET.with_stop(stop)))
    };
    Worker::spawn("check", "puzzle check", job, deliver, failed)
}

#[cfg(test)]
mod tests {
    use std::sync::mpsc;

    use super::*;

    /// An early position: far too big to solve, so only the budget ends it.
    fn early() -> Position {
        let mut position = Position::new();
        for mv in [crate::rules::Square::B2, crate::rules::Square::C3] {
            position.play(mv).unwrap();
        }
        position
    }

    #[test]
    fn a_node_budget_ends_a_solve_that_would_take_forever() {
        let request = CheckRequest {
            tag: 7,
            position: early(),
        };
        let reply = solve_request(request, &SearchLimit::nodes(20_000));
        assert_eq!(
            reply,
            CheckReply {
                tag: 7,
                solution: None
            }
        );
    }

    #[test]
    fn a_raised_stop_flag_ends_it_at_once() {
        let stop = AtomicBool::new(true);
        let request = CheckRequest {
            tag: 1,
            position: early(),
        };
        assert_eq!(
            solve_request(request, &SOLVE_BUDGET.with_stop(&stop)).solution,
            None
        );
    }

    #[test]
    fn the_worker_replies_through_its_callback_and_stops_when_dropped() {
        let (tx, rx) = mpsc::channel();
        let mut worker = spawn(move |reply| tx.send(reply).is_ok(), |_| {}).unwrap();
        // A nearly full board: solved within any budget.
        let mut position = Position::new();
        while position.empty_sections() > 6 {
            let mv = position.legal_moves().next().unwrap();
            position.play(mv).unwrap();
        }
        worker.send(CheckRequest { tag: 3, position }).unwrap();
        let reply = rx.recv().unwrap();
        assert_eq!(reply.tag, 3);
        assert!(reply.solution.is_some());
        // An early position's solve is stopped by the drop, so the thread ends.
        worker
            .send(CheckRequest {
                tag: 4,
                position: early(),
            })
            .unwrap();
        drop(worker);
        assert_eq!(
            rx.recv().unwrap(),
            CheckReply {
                tag: 4,
                solution: None
            }
        );
    }
}
