//! The AI on a worker thread: requests in over a channel, replies handed to a callback
//! (the event loop's inbox).
//!
//! The search blocks for up to its thinking time, so it never runs on the UI thread.
//! A new request (undo or a new game while the AI thinks) stops the search under
//! way, only the newest waiting request is worked on, and the app ignores replies
//! to outdated requests by their tag. The worker owns one [`Engine`] per seat
//! and one for hints, so each keeps its own proofs and table, and a game's AI
//! shares nothing with another game in the same process.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::{self, JoinHandle};

use anyhow::Context;

use crate::ai::{AiSettings, Engine, SearchLimit};
use crate::rules::{Move, Position};

/// What the AI worker is asked to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AiJob {
    /// Choose the move of an AI seat, which is then played.
    Move,
    /// Choose a move for the person to move, which is only shown.
    Hint,
}

/// A request for the AI worker. `tag` comes back in the reply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AiRequest {
    /// Identifies the state the request was made in; a reply with an old tag is stale.
    pub tag: u64,
    /// What to do with the answer.
    pub job: AiJob,
    /// The position to think about.
    pub position: Position,
    /// The AI to ask.
    pub settings: AiSettings,
}

/// The AI worker's answer to an [`AiRequest`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AiReply {
    /// The request's tag.
    pub tag: u64,
    /// The request's job.
    pub job: AiJob,
    /// The move chosen, `None` when the board was full.
    pub mv: Option<Move>,
}

/// Lends out engines: a server's bounded pool, shared by many games' workers. A gated
/// worker asks for one before each search (its thinking time starts once it has one),
/// gives it back when the search ends, and keeps no engine (no table) in between.
pub(crate) trait AiGate: Send + Sync {
    /// Waits for a free engine; calls `waiting` once if none is free at once. `None`
    /// if `stop` was set first (a newer request, or the game ended).
    fn acquire(&self, stop: &AtomicBool, waiting: &mut dyn FnMut()) -> Option<Box<dyn Send>>;

    /// The threads one engine searches with.
    fn threads(&self) -> usize {
        1
    }
}

/// The handle to the worker thread.
pub(crate) struct AiWorker {
    requests: Sender<(AiRequest, Arc<AtomicBool>)>,
    /// The stop flag of the last request sent.
    stop: Arc<AtomicBool>,
    /// The thread, to tell whether it died.
    thread: JoinHandle<()>,
}

impl AiWorker {
    /// Starts the worker thread, which hands each reply, in the order it finishes
    /// them, to `deliver` (`false`: nobody listens any more, so it ends). It ends when
    /// the handle is dropped and its current search finishes; the process does not wait
    /// for it on exit. With a `gate`, each search waits for an engine from it, and
    /// `waiting` is called when none is free at once.
    pub(crate) fn spawn_gated(
        deliver: impl Fn(AiReply) -> bool + Send + 'static,
        gate: Option<Arc<dyn AiGate>>,
        waiting: impl Fn() + Send + 'static,
    ) -> anyhow::Result<AiWorker> {
        let (request_tx, request_rx) = mpsc::channel();
        let thread = thread::Builder::new()
            .name("hijara-ai".into())
            .spawn(move || work(&request_rx, deliver, gate.as_deref(), waiting))
            .context("cannot start the AI thread")?;
        Ok(AiWorker {
            requests: request_tx,
            stop: Arc::new(AtomicBool::new(false)),
            thread,
        })
    }

    /// Whether the thread has ended while this handle lives: it panicked, or the
    /// replies' receiver is gone.
    pub(crate) fn stopped(&self) -> bool {
        self.thread.is_finished()
    }

    /// Sends a request, stopping the search for the previous one. Fails only when
    /// the worker thread has died.
    pub(crate) fn send(&mut self, request: AiRequest) -> anyhow::Result<()> {
        self.stop.store(true, Ordering::Relaxed);
        self.stop = Arc::new(AtomicBool::new(false));
        self.requests
            .send((request, Arc::clone(&self.stop)))
            .map_err(|_| anyhow::anyhow!("the AI thread stopped"))
    }
}

impl Drop for AiWorker {
    /// Stops the search under way, so the thread ends soon after the game does.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

fn work(
    requests: &Receiver<(AiRequest, Arc<AtomicBool>)>,
    deliver: impl Fn(AiReply) -> bool,
    gate: Option<&dyn AiGate>,
    waiting: impl Fn(),
) {
    // Blue's seat, Yellow's seat (by [`crate::rules::Player::index`]), and hints.
    let mut engines: [Option<Engine>; 3] = Default::default();
    while let Ok(mut next) = requests.recv() {
        // Skip to the newest request: the older ones are outdated.
        while let Ok(newer) = requests.try_recv() {
            next = newer;
        }
        let (mut request, stop) = next;
        // With a gate, the search waits for an engine, and its time starts then.
        let _engine = match gate {
            Some(gate) => match gate.acquire(&stop, &mut || waiting()) {
                Some(permit) => {
                    request.settings.threads = Some(gate.threads());
                    Some(permit)
                }
                // Stopped while waiting: a newer request follows, or nobody waits.
                None => continue,
            },
            None => None,
        };
        let slot = match request.job {
            AiJob::Move => request.position.to_move().index(),
            AiJob::Hint => 2,
        };
        let engine = engines[slot].get_or_insert_with(|| Engine::new(request.settings));
        engine.set_settings(request.settings);
        // No time given: the settings' thinking time, stopped by a newer request.
        let mv = engine.choose(&request.position, &SearchLimit::NONE.with_stop(&stop));
        // A pool's engine keeps nothing between moves: the pool's size then bounds the
        // memory (hard's table) as well as the threads.
        if gate.is_some() {
            engines[slot] = None;
        }
        let reply = AiReply {
            tag: request.tag,
            job: request.job,
            mv,
        };
        if !deliver(reply) {
            return;
        }
    }
}
