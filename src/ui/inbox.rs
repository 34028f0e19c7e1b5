//! The event loop's one channel, [`Inbox`], and what wakes the loop ([`Wake`]): the
//! input source, the AI and puzzle workers, the file writer, the background analysis
//! and a served session's shared state all send to it; the loop blocks on it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, SyncSender};
use std::time::Instant;

use ratatui::crossterm::event::Event;
use ratatui::layout::Size;

use super::ai_worker::{AiGate, AiReply};
use super::draw_gate::DrawGate;
use super::puzzle_check::CheckReply;

/// Something the loop wakes up for.
#[derive(Debug)]
pub(crate) enum Wake {
    /// An event from the input source (a key, a click, a resize).
    Terminal(Event),
    /// A click or the wheel from a served window, its cell already one of the frame
    /// last sent when it came, that frame being this size: placed as the player saw
    /// it, whatever was drawn since (a window change's frame drawn after it left the
    /// client).
    Placed(Event, Size),
    /// A line from a line source (the line mode reading a pipe); `None` at its end.
    Line(Option<String>),
    /// The input source failed; the loop ends with this error.
    InputFailed(String),
    /// A served session's client went (its input ended, its channel or its
    /// connection closed, as said here): the loop ends with [`ClientGone`], the end
    /// of a session and no failure.
    ClientGone(&'static str),
    /// The AI worker's reply.
    Ai(AiReply),
    /// The AI worker waits for a free engine (a server's pool is busy).
    AiWaiting,
    /// The puzzle check worker's reply.
    Checked(CheckReply),
    /// A worker's job panicked (caught on its thread, [`crate::caught`]): the worker
    /// (`what`, as said in errors: "AI", "puzzle check") has ended, with the panic's
    /// message. The loop ends with an error naming it.
    WorkerFailed(&'static str, String),
    /// The background analysis has new results, or has ended.
    Analysis,
    /// The file writer carried out a write: its results are waiting
    /// ([`Writer::take`](super::writer::Writer::take)).
    Written,
    /// Shared state outside the screen changed (a table of `hijara serve`): the loop
    /// asks the game's [`Link`] or the [`Lobby`] what is new.
    ///
    /// [`Link`]: super::table_link::Link
    /// [`Lobby`]: super::served_lobby::Lobby
    Linked,
}

/// What a loop ends with when its served client went ([`Wake::ClientGone`]): the
/// player left by their link (an ssh killed, a window closed), which the server logs
/// as a leaving, not as a session's error (QA s39: `session ended: cannot read the
/// terminal: the client closed its input`, then `left after ...`, for one leaving).
#[derive(Debug, thiserror::Error)]
#[error("the client went: {0}")]
pub(crate) struct ClientGone(pub(crate) &'static str);

/// The most wakes waiting in an [`Inbox`]: a sender finds it full rather than letting
/// it grow (a flood of input, a session that stopped drawing).
pub(crate) const INBOX_CAPACITY: usize = 256;

/// The loop's one channel: the input source, the AI worker and the analysis all send
/// to it, and the loop blocks on it (with the state's timer as its time-out). It is
/// bounded ([`INBOX_CAPACITY`]): input sources that must not block use `try_send`.
pub(crate) struct Inbox {
    sender: SyncSender<Wake>,
    receiver: mpsc::Receiver<Wake>,
    /// Where the loop's AI gets an engine (a server's bounded pool); none locally.
    ai_gate: Option<Arc<dyn AiGate>>,
    /// The server's limit on lobby frames drawn at once for news alone; none locally.
    draw_gate: Option<Arc<DrawGate>>,
    /// Set while a [`Wake::Linked`] is on its way and not yet taken (see [`NewsWaker`]).
    news_pending: Arc<AtomicBool>,
}

/// Wakes a loop for news of the shared state ([`Wake::Linked`]), at most once until
/// the loop takes it: a server's change wakes every session, and a lobby gathering
/// news for its next frame is not woken again for each one (500 sessions and a move
/// a second at each of 9 tables made thousands of wakes a second).
#[derive(Debug, Clone)]
pub(crate) struct NewsWaker {
    sender: SyncSender<Wake>,
    pending: Arc<AtomicBool>,
}

impl NewsWaker {
    /// Wakes the loop unless a wake is already on its way. `false` once the loop has
    /// ended (nobody to wake any more).
    pub(crate) fn wake(&self) -> bool {
        if self.pending.swap(true, Ordering::AcqRel) {
            return true;
        }
        match self.sender.try_send(Wake::Linked) {
            Ok(()) => true,
            // The loop wakes for what is in its inbox; the next change tries again.
            Err(mpsc::TrySendError::Full(_)) => {
                self.pending.store(false, Ordering::Release);
                true
            }
            Err(mpsc::TrySendError::Disconnected(_)) => false,
        }
    }
}

impl Inbox {
    /// An empty inbox.
    pub(crate) fn new() -> Inbox {
        let (sender, receiver) = mpsc::sync_channel(INBOX_CAPACITY);
        Inbox {
            sender,
            receiver,
            ai_gate: None,
            draw_gate: None,
            news_pending: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The waker for news of the shared state (a server's tables).
    pub(crate) fn news_waker(&self) -> NewsWaker {
        NewsWaker {
            sender: self.sender.clone(),
            pending: Arc::clone(&self.news_pending),
        }
    }

    /// Takes a wake of news waiting in the inbox, if one is (for tests of who is woken).
    #[cfg(test)]
    pub(crate) fn take_news(&self) -> bool {
        let took = matches!(self.receiver.try_recv(), Ok(Wake::Linked));
        self.news_taken();
        took
    }

    /// The news wake was taken: the next change wakes the loop again. Called before
    /// the shared state is read, so no change after the reading goes unseen.
    pub(crate) fn news_taken(&self) {
        self.news_pending.store(false, Ordering::Release);
    }

    /// This inbox, with the loop's AI searching only with an engine from `gate`.
    pub(crate) fn with_ai_gate(mut self, gate: Arc<dyn AiGate>) -> Inbox {
        self.ai_gate = Some(gate);
        self
    }

    /// This inbox, with the loop's lobby frames drawn for news alone under `gate`.
    pub(crate) fn with_draw_gate(mut self, gate: Arc<DrawGate>) -> Inbox {
        self.draw_gate = Some(gate);
        self
    }

    /// The limit on lobby frames drawn for news alone, if the loop has one.
    pub(crate) fn draw_gate(&self) -> Option<&Arc<DrawGate>> {
        self.draw_gate.as_ref()
    }

    /// A sender for an input source.
    pub(crate) fn sender(&self) -> SyncSender<Wake> {
        self.sender.clone()
    }

    /// Where the loop's AI gets an engine, if it must ask for one.
    pub(crate) fn ai_gate(&self) -> Option<Arc<dyn AiGate>> {
        self.ai_gate.clone()
    }

    /// The lines (and a line source's end) still waiting in the inbox once its loop
    /// has ended, in order, for the next screen's; anything else is dropped.
    pub(crate) fn left_lines(&self) -> Vec<Option<String>> {
        self.receiver
            .try_iter()
            .filter_map(|wake| match wake {
                Wake::Line(line) => Some(line),
                _ => None,
            })
            .collect()
    }

    /// The input (keys, clicks, resizes, a failed read) still waiting in the inbox
    /// once its loop has ended, in order, for the next screen's; anything else (a
    /// worker's late reply) is dropped.
    pub(crate) fn left_input(&self) -> Vec<Wake> {
        self.receiver
            .try_iter()
            .filter(|wake| {
                matches!(
                    wake,
                    Wake::Terminal(_) | Wake::InputFailed(_) | Wake::ClientGone(_)
                )
            })
            .collect()
    }

    /// The next wake, waiting for it until `until` at most (for ever with `None`).
    /// The loop holds a sender itself, so the inbox never closes while it waits.
    pub(crate) fn wait(&self, until: Option<Instant>) -> Result<Wake, RecvTimeoutError> {
        match until {
            None => self
                .receiver
                .recv()
                .map_err(|_| RecvTimeoutError::Disconnected),
            Some(at) => self
                .receiver
                .recv_timeout(at.saturating_duration_since(Instant::now())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// News wakes a loop once until it takes them; then the next news wakes it again,
    /// and a loop that ended is forgotten.
    #[test]
    fn news_wakes_a_loop_once_until_it_takes_them() {
        let inbox = Inbox::new();
        let waker = inbox.news_waker();
        assert!(waker.wake() && waker.wake() && waker.wake());
        let taken: Vec<Wake> = inbox.receiver.try_iter().collect();
        assert!(matches!(taken[..], [Wake::Linked]), "{taken:?}");
        inbox.news_taken();
        assert!(waker.wake() && waker.wake());
        assert_eq!(inbox.receiver.try_iter().count(), 1);
        // A full inbox: the wake is not lost for good, the next news tries again.
        inbox.news_taken();
        for _ in 0..INBOX_CAPACITY {
            inbox.sender().try_send(Wake::Analysis).unwrap();
        }
        assert!(waker.wake());
        assert_eq!(inbox.receiver.try_iter().count(), INBOX_CAPACITY);
        assert!(waker.wake());
        assert!(matches!(
            inbox.receiver.try_iter().collect::<Vec<_>>()[..],
            [Wake::Linked]
        ));
        inbox.news_taken();
        drop(inbox);
        assert!(!waker.wake(), "a loop that ended is forgotten");
    }
}
