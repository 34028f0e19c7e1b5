//! The AI's job on a [`Worker`] thread: what is asked ([`AiRequest`]), what comes
//! back ([`AiReply`]), and where a server's engines come from ([`AiGate`]).
//!
//! The search blocks for up to its thinking time, so it never runs on the UI thread.
//! A new request (undo or a new game while the AI thinks) stops the search under
//! way, only the newest waiting request is worked on, and the app ignores replies
//! to outdated requests by their tag. The worker owns one [`Engine`] per seat
//! and one for hints, so each keeps its own proofs and table, and a game's AI
//! shares nothing with another game in the same process.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::ai::{AiSettings, Engine, SearchLimit};
use crate::rules::{Move, Position};

use super::worker::Worker;

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

/// Starts the AI's worker thread ([`Worker`]), which hands each reply, in the order
/// it finishes them, to `deliver` (`false`: nobody listens any more, so it ends). It
/// keeps one [`Engine`] per seat and one for hints. With a `gate`, each search waits
/// for an engine from it, and `waiting` is called when none is free at once.
///
/// A panic in the search is handed to `failed` ([`Worker::spawn`]).
pub(crate) fn spawn(
    deliver: impl Fn(AiReply) -> bool + Send + 'static,
    gate: Option<Arc<dyn AiGate>>,
    waiting: impl Fn() + Send + 'static,
    failed: impl FnOnce(String) + Send + 'static,
) -> anyhow::Result<Worker<AiRequest>> {
    // Blue's seat, Yellow's seat (by [`crate::rules::Player::index`]), and hints.
    let mut engines: [Option<Engine>; 3] = Default::default();
    let job = move |mut request: AiRequest, stop: &Arc<AtomicBool>| {
        // With a gate, the search waits for an engine, and its time starts then;
        // stopped while waiting, a newer request follows, or nobody waits.
        let _permit = match &gate {
            Some(gate) => {
                let permit = gate.acquire(stop, &mut || waiting())?;
                request.settings.threads = Some(gate.threads());
                Some(permit)
            }
            None => None,
        };
        let slot = match request.job {
            AiJob::Move => request.position.to_move().index(),
            AiJob::Hint => 2,
        };
        crate::caught::test_panic("ai");
        let engine = engines[slot].get_or_insert_with(|| Engine::new(request.settings));
        engine.set_settings(request.settings);
        // No time given: the settings' thinking time, stopped by a newer request.
        let mv = engine.choose(&request.position, &SearchLimit::NONE.with_stop(stop));
        // A pool's engine keeps nothing between moves: the pool's size then bounds the
        // memory (hard's table) as well as the threads.
        if gate.is_some() {
            engines[slot] = None;
        }
        Some(AiReply {
            tag: request.tag,
            job: request.job,
            mv,
        })
    };
    Worker::spawn("ai", "AI", job, deliver, failed)
}
