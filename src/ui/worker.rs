//! A job on a worker thread of its own: requests in over a channel, replies handed to
//! a callback (the event loop's inbox), for the searches the UI thread must never wait
//! on (the AI's move, a puzzle move's exact solve).
//!
//! Only the newest waiting request is worked on; a new request raises the stop flag of
//! the one under way, and so does dropping the worker, so the thread ends soon after
//! its screen. Replies to outdated requests are told apart by the caller's tags.

use std::sync::Arc;
use std::sync::Mutex;
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
    /// The message of the panic that ended the thread, if one did: set before the
    /// thread ends, so a loop that finds it ended reads why.
    failure: Arc<Mutex<Option<String>>>,
}

impl<R: Send + 'static> Worker<R> {
    /// Starts the thread `hijara-{name}` (for the `what`, in its errors). It runs
    /// `job` on each newest request with the request's stop flag, and hands each reply
    /// to `deliver` (`false`: nobody listens any more, so it ends); a job that returns
    /// `None` (stopped before it began) replies nothing. The process does not wait for
    /// the thread on exit.
    ///
    /// A panic in `job` is caught on the thread ([`crate::caught`]): the thread hands
    /// its message to `failed` and ends, the job's state being suspect.
    pub(crate) fn spawn<A>(
        name: &str,
        what: &'static str,
        mut job: impl FnMut(R, &Arc<AtomicBool>) -> Option<A> + Send + 'static,
        deliver: impl Fn(A) -> bool + Send + 'static,
        failed: impl FnOnce(String) + Send + 'static,
    ) -> anyhow::Result<Worker<R>> {
        let (requests, received) = mpsc::channel::<(R, Arc<AtomicBool>)>();
        let failure = Arc::new(Mutex::new(None));
        let failed_with = Arc::clone(&failure);
        let thread = thread::Builder::new()
            .name(format!("hijara-{name}"))
            .spawn(move || {
                while let Ok(mut next) = received.recv() {
                    // Skip to the newest request: the older ones are outdated.
                    while let Ok(newer) = received.try_recv() {
                        next = newer;
                    }
                    let (request, stop) = next;
                    match crate::caught::catching(|| job(request, &stop)) {
                        Ok(Some(reply)) => {
                            if !deliver(reply) {
                                return;
                            }
                        }
                        Ok(None) => {}
                        Err(message) => {
                            *failed_with.lock().unwrap_or_else(|p| p.into_inner()) =
                                Some(message.clone());
                            return failed(message);
                        }
                    }
                }
            })
            .with_context(|| format!("cannot start the {what} thread"))?;
        Ok(Worker {
            what,
            requests,
            stop: Arc::new(AtomicBool::new(false)),
            thread,
            failure,
        })
    }

    /// Whether the thread has ended while this handle lives: its job panicked, or the
    /// replies' receiver is gone.
    pub(crate) fn stopped(&self) -> bool {
        self.thread.is_finished()
    }

    /// What the thread works for, in messages.
    pub(crate) fn what(&self) -> &'static str {
        self.what
    }

    /// The message of the panic that ended the thread, if one did.
    pub(crate) fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A job's panic is caught on the thread and handed to `failed`, the thread ends.
    #[test]
    fn a_panicking_job_hands_its_message_to_failed() {
        let (tx, rx) = mpsc::channel();
        let mut worker = Worker::spawn(
            "test",
            "test",
            |n: u8, _| -> Option<u8> {
                if n == 2 {
                    panic!("job {n} broke")
                } else {
                    Some(n)
                }
            },
            |_| true,
            move |message| tx.send(message).unwrap(),
        )
        .unwrap();
        worker.send(2).unwrap();
        let message = rx.recv().unwrap();
        assert!(message.starts_with("job 2 broke"), "{message}");
        // The thread has ended: a later request finds it gone, and why.
        while !worker.stopped() {
            std::thread::yield_now();
        }
        assert_eq!(worker.failure(), Some(message));
        assert!(worker.send(1).is_err());
    }
}
