//! The AI on a worker thread: requests in over one channel, replies out over another.
//!
//! The search blocks for up to its thinking time, so it never runs on the UI thread.
//! When requests pile up (undo while the AI thinks), only the newest is worked on;
//! the app ignores replies to outdated requests by their tag.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use anyhow::Context;

use crate::ai;

use super::app::{AiReply, AiRequest};

/// The handle to the worker thread.
pub struct AiWorker {
    requests: Sender<AiRequest>,
    /// Replies, in the order the worker finished them.
    pub replies: Receiver<AiReply>,
}

impl AiWorker {
    /// Starts the worker thread. It ends when the handle is dropped and its current
    /// search finishes; the process does not wait for it on exit.
    pub fn spawn() -> anyhow::Result<AiWorker> {
        let (request_tx, request_rx) = mpsc::channel::<AiRequest>();
        let (reply_tx, reply_rx) = mpsc::channel::<AiReply>();
        thread::Builder::new()
            .name("hijara-ai".into())
            .spawn(move || work(&request_rx, &reply_tx))
            .context("cannot start the AI thread")?;
        Ok(AiWorker {
            requests: request_tx,
            replies: reply_rx,
        })
    }

    /// Sends a request. Fails only when the worker thread has died.
    pub fn send(&self, request: AiRequest) -> anyhow::Result<()> {
        self.requests
            .send(request)
            .map_err(|_| anyhow::anyhow!("the AI thread stopped"))
    }
}

fn work(requests: &Receiver<AiRequest>, replies: &Sender<AiReply>) {
    while let Ok(mut request) = requests.recv() {
        // Skip to the newest request: the older ones are outdated.
        while let Ok(newer) = requests.try_recv() {
            request = newer;
        }
        let mv = ai::choose_move(&request.position, &request.settings);
        let reply = AiReply {
            tag: request.tag,
            job: request.job,
            mv,
        };
        if replies.send(reply).is_err() {
            return;
        }
    }
}
