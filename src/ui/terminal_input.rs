//! The local terminal's input on a thread of its own, sending its events to the
//! event loop's [`Inbox`] (another transport, a server's session, sends its own).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::TrySendError;
use std::time::Duration;

use anyhow::Context;
use ratatui::crossterm::event;

use super::inbox::{Inbox, Wake};

/// How often the input thread looks whether its loop has ended, while no event comes.
const INPUT_STOP_CHECK: Duration = Duration::from_millis(100);

/// Stops the terminal input thread when dropped (when its screen ends).
pub(crate) struct InputThread {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for InputThread {
    /// Stops the thread and waits for it (at most [`INPUT_STOP_CHECK`] and one event's read).
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Reads the local terminal's events on a thread of its own and sends them to `inbox`,
/// until the returned guard is dropped. It waits for events in steps of
/// [`INPUT_STOP_CHECK`], so that once its loop has ended it stops without reading
/// another event: a screen opened next (the start screen's choice) gets every key.
pub(crate) fn spawn_terminal_input(inbox: &Inbox) -> anyhow::Result<InputThread> {
    let sender = inbox.sender();
    let stop = Arc::new(AtomicBool::new(false));
    let stopped = Arc::clone(&stop);
    let thread = std::thread::Builder::new()
        .name("hijara-input".into())
        .spawn(move || {
            while !stopped.load(Ordering::Relaxed) {
                let wake = match event::poll(INPUT_STOP_CHECK) {
                    Ok(false) => continue,
                    Ok(true) => match event::read() {
                        Ok(event) => Wake::Terminal(event),
                        Err(error) => Wake::InputFailed(error.to_string()),
                    },
                    Err(error) => Wake::InputFailed(error.to_string()),
                };
                let failed = matches!(wake, Wake::InputFailed(_));
                // A full inbox waits, but never past the end of the loop.
                let mut wake = wake;
                loop {
                    match sender.try_send(wake) {
                        Ok(()) => break,
                        Err(TrySendError::Full(back)) if !stopped.load(Ordering::Relaxed) => {
                            wake = back;
                            std::thread::sleep(Duration::from_millis(5));
                        }
                        Err(_) => return,
                    }
                }
                if failed {
                    return;
                }
            }
        })
        .context("cannot start the terminal input thread")?;
    Ok(InputThread {
        stop,
        thread: Some(thread),
    })
}
