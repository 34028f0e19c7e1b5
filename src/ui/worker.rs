//! A job on a worker thread of its own: requests in over a channel, replies handed to
//! a callback (the event loop's inbox), for the searches the UI thread must never wait
//! on (the AI's move, a puzzle move's exact solve).
//!
//! Only the newest waiting request is worked on; a new request raises the stop flag of
//! the one under way, and so does dropping the worker, so the thread ends soon after
//! its screen. Replies to outdated requests are told apart by the caller's tags.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::thread::{self, JoinHandle};

use anyhow::Context;

/// The handle to a worker thread taking requests of type `R`.
pub(crate) struct Worker<R> {
    /// What the thread works for, in the messages it fails with.
    what: &'static str,
    requests: Sender<(R, Arc<AtomicBool>)>,
    /// The stop flag of the last request sent.
    stop: Arc<AtomicBool>,
    /// The thread, to tell whether it died.
    thread: JoinHandle<()>,
}

impl<R: Send + 'static> Worker<R> {
    /// Starts the thread `hijara-{name}` (for the `what`, in its errors). It runs
    /// `job` on each newest request with the request's stop flag, and hands each reply
    /// to `deliver` (`false`: nobody listens any more, so it ends); a job that returns
    /// `None` (stopped before it began) replies nothing. The process does not wait for
    /// the thread on exit.
    pub(crate) fn spawn<A>(
        name: &str,
        what: &'static str,
        mut job: impl FnMut(R, &Arc<AtomicBool>) -> Option<A> + Send + 'static,
        deliver: impl Fn(A) -> bool + Send + 'static,
    ) -> anyhow::Result<Worker<R>> {
        let (requests, received) = mpsc::channel::<(R, Arc<AtomicBool>)>();
        let thread = thread::Builder::new()
            .name(format!("hijara-{name}"))
            .spawn(move || {
                while let Ok(mut next) = received.recv() {
                    // Skip to the newest request: the older ones are outdated.
                    while let Ok(newer) = received.try_recv() {
                        next = newer;
                    }
                    let (request, stop) = next;
                    if let Some(reply) = job(request, &stop)
                        && !deliver(reply)
                    {
                        return;
                    }
                }
            })
            .with_context(|| format!("cannot start the {what} thread"))?;
        Ok(Worker {
            what,
            requests,
            stop: Arc::new(AtomicBool::new(false)),
            thread,
        })
    }

    /// Whether the thread has ended while this handle lives: it panicked, or the
    /// replies' receiver is gone.
    pub(crate) fn stopped(&self) -> bool {
        self.thread.is_finished()
    }

    /// Sends a request, stopping the work for the previous one. Fails only when the
    /// thread has died.
    pub(crate) fn send(&mut self, request: R) -> anyhow::Result<()> {
        self.stop.store(true, Ordering::Relaxed);
        self.stop = Arc::new(AtomicBool::new(false));
        self.requests
            .send((request, Arc::clone(&self.stop)))
            .map_err(|_| anyhow::anyhow!("the {} thread stopped", self.what))
    }
}

impl<R> Drop for Worker<R> {
    /// Stops the work under way, so the thread ends soon after its screen.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
