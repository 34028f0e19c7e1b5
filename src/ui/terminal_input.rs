//! The local terminal's input on a thread of its own, sending its events to the
//! event loop's [`Inbox`] (another transport, a server's session, sends its own).
//! The thread lives as long as the terminal is set up, from the first screen to the
//! last: each screen's inbox is attached to it in turn, and what comes between two
//! screens (a key typed while the next one opens) waits for the next.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use anyhow::Context;
use ratatui::crossterm::event;

use super::background_query::LateAnswer;
use super::inbox::{INBOX_CAPACITY, Inbox, Wake};

/// How often the input thread looks whether it is to stop, while no event comes.
const INPUT_STOP_CHECK: Duration = Duration::from_millis(100);

/// How long the exit waits for the input thread: its stop check and a read, with
/// room for a loaded machine.
const INPUT_JOIN_LIMIT: Duration = Duration::from_millis(500);

/// Where the thread's events go: the screen's inbox, or, between screens, a queue
/// the next screen's inbox gets first.
#[derive(Default)]
struct Target {
    /// The attached screen's inbox.
    sender: Option<SyncSender<Wake>>,
    /// Events read while no screen was attached (or left in the last one's inbox),
    /// oldest first.
    held: VecDeque<Wake>,
}

impl Target {
    /// Keeps `wake` for the next screen, unless as many wait as an inbox holds.
    fn hold(&mut self, wake: Wake) {
        if self.held.len() < INBOX_CAPACITY {
            self.held.push_back(wake);
        }
    }
}

/// The terminal input thread and its hang-up watch; dropping it stops both.
pub(crate) struct InputThread {
    stop: Arc<AtomicBool>,
    target: Arc<Mutex<Target>>,
    /// The thread; it ends giving back its late-answer filter.
    thread: Option<std::thread::JoinHandle<LateAnswer>>,
    /// Stops the hang-up watch ([`watch_for_hang_up`]).
    watch_stop: Arc<AtomicBool>,
}

impl InputThread {
    /// Sends the events from now on (those held first) to `inbox`.
    pub(crate) fn attach(&self, inbox: &Inbox) {
        let mut target = self.target.lock().unwrap_or_else(PoisonError::into_inner);
        let sender = inbox.sender();
        // The inbox is new and as large as the queue can grow: none is dropped.
        for wake in target.held.drain(..) {
            let _ = sender.try_send(wake);
        }
        target.sender = Some(sender);
    }

    /// Stops sending to `inbox`, whose screen has ended, and keeps for the next screen
    /// the input it did not take (the keys typed after the one that ended it).
    pub(crate) fn detach(&self, inbox: &Inbox) {
        let mut target = self.target.lock().unwrap_or_else(PoisonError::into_inner);
        target.sender = None;
        // Older than any held, which came after they were sent.
        let mut left: VecDeque<Wake> = inbox.left_input().into();
        left.extend(target.held.drain(..));
        left.truncate(INBOX_CAPACITY);
        target.held = left;
    }
}

impl InputThread {
    /// Stops the input thread and waits for it (at most [`INPUT_JOIN_LIMIT`]: its
    /// stop check and one event's read), then the watch, which is not waited for: it ends within
    /// [`INPUT_STOP_CHECK`] (or ends the process, the terminal gone), and the
    /// program's exit need not wait as long. It watches until then: a hang-up that
    /// leaves the input thread stuck in crossterm's read on the way still ends it.
    /// Returns the thread's late-answer filter, for the next input thread to go on
    /// with (a late answer may still come after the screens' terminal is set up
    /// again): `None` once stopped, or when the thread did not end in time (the
    /// next thread then looks for no late answer).
    pub(crate) fn stop(&mut self) -> Option<LateAnswer> {
        self.stop.store(true, Ordering::Relaxed);
        let mut late = None;
        if let Some(thread) = self.thread.take() {
            // Bounded: a read crossterm began and does not finish must not hold the
            // program's exit (the thread ends with the process).
            let deadline = std::time::Instant::now() + INPUT_JOIN_LIMIT;
            while !thread.is_finished() && std::time::Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(5));
            }
            if thread.is_finished() {
                late = thread.join().ok();
            }
        }
        self.watch_stop.store(true, Ordering::Relaxed);
        late
    }
}

impl Drop for InputThread {
    /// Stops the input thread ([`InputThread::stop`]).
    fn drop(&mut self) {
        let _ = self.stop();
    }
}

/// Reads the local terminal's events on a thread of its own, holding them until an
/// inbox is attached ([`InputThread::attach`]), until the returned guard is dropped.
/// `late` is what the background query left ([`LateAnswer`]: the keys typed while
/// it waited, sent first, and what of a late answer to drop), or what the last
/// input thread gave back ([`InputThread::stop`]).
/// It waits for events in steps of [`INPUT_STOP_CHECK`], so that once stopped it reads
/// no other event: what follows the screens (a shell's prompt) gets every key.
/// Beside it, the hang-up watch ([`watch_for_hang_up`]).
pub(crate) fn spawn_detached(mut late: LateAnswer) -> anyhow::Result<InputThread> {
    // crossterm sets up its reading (and its SIGWINCH handler) at its first poll: made
    // here, before the first frame reads the size, so that a resize after that read
    // is an event. Made on the thread, it could come after the first frame, and a
    // window resized in between went unseen until the next resize (the screen stayed
    // "please enlarge" at 80x24: e2e_play's enlarging test, once in a dozen full runs
    // on a loaded machine). What it reads stays in crossterm's queue for the thread.
    let _ = event::poll(Duration::ZERO);
    let stop = Arc::new(AtomicBool::new(false));
    let target = Arc::new(Mutex::new(Target::default()));
    let (stopped, to) = (Arc::clone(&stop), Arc::clone(&target));
    let thread = std::thread::Builder::new()
        .name("hijara-input".into())
        .spawn(move || {
            // The keys typed while the start's background query waited come first.
            for event in late.take_typed() {
                for event in late.pass(event) {
                    deliver(Wake::Terminal(event), &to, &stopped);
                }
            }
            while !stopped.load(Ordering::Relaxed) {
                let event = match event::poll(INPUT_STOP_CHECK) {
                    // A quiet while: an Esc held is the player's, sent as it is
                    // (through the filter again, it would be held again).
                    Ok(false) => {
                        if let Some(event) = late.release() {
                            deliver(Wake::Terminal(event), &to, &stopped);
                        }
                        continue;
                    }
                    Ok(true) => match event::read() {
                        Ok(event) => event,
                        Err(error) => {
                            deliver(Wake::InputFailed(error.to_string()), &to, &stopped);
                            return late;
                        }
                    },
                    Err(error) => {
                        deliver(Wake::InputFailed(error.to_string()), &to, &stopped);
                        return late;
                    }
                };
                // The terminal's answer to the start's background query, late, is dropped.
                for event in late.pass(event) {
                    deliver(Wake::Terminal(event), &to, &stopped);
                }
            }
            late
        })
        .context("cannot start the terminal input thread")?;
    let watch_stop = Arc::new(AtomicBool::new(false));
    watch_for_hang_up(&watch_stop);
    Ok(InputThread {
        stop,
        target,
        thread: Some(thread),
        watch_stop,
    })
}

/// Watches the terminal (standard input, which crossterm reads) on a thread of its
/// own until `stop` is set, and ends the process as SIGHUP does once it hangs up
/// ([`super::terminal::hung_up`]). SIGHUP alone is not enough: when the shell that
/// leads the terminal's session ignores it (`trap '' HUP`), the kernel signals that
/// shell only, and hijara sees nothing but its input; crossterm then reads the
/// hung-up terminal's end of file in a loop that never returns (crossterm issue
/// #793), at full speed, for good. None when standard input is no terminal, or
/// the thread cannot start (then only the signal ends the process).
#[cfg(unix)]
fn watch_for_hang_up(stop: &Arc<AtomicBool>) {
    use std::io::IsTerminal;
    if !std::io::stdin().is_terminal() {
        return;
    }
    let stopped = Arc::clone(stop);
    let wait = i32::try_from(INPUT_STOP_CHECK.as_millis()).unwrap_or(i32::MAX);
    let _ = std::thread::Builder::new()
        .name("hijara-hangup".into())
        .spawn(move || {
            loop {
                // No event asked: poll wakes only for a hang-up (or an error), which
                // it always reports.
                let mut terminal = libc::pollfd {
                    fd: libc::STDIN_FILENO,
                    events: 0,
                    revents: 0,
                };
                // SAFETY: one valid pollfd, for the length given.
                let ready = unsafe { libc::poll(&mut terminal, 1, wait) };
                if ready < 0 {
                    if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                        continue;
                    }
                    return;
                }
                if terminal.revents & libc::POLLNVAL != 0 {
                    // Standard input closed: nothing left to watch.
                    return;
                }
                if terminal.revents & (libc::POLLHUP | libc::POLLERR) != 0 {
                    super::terminal::hung_up();
                }
                if stopped.load(Ordering::Relaxed) {
                    return;
                }
            }
        });
}

#[cfg(not(unix))]
fn watch_for_hang_up(_stop: &Arc<AtomicBool>) {}

/// Sends `wake` to the attached inbox, waiting while it is full (never past the stop),
/// or holds it for the next screen when none is attached.
fn deliver(mut wake: Wake, target: &Mutex<Target>, stopped: &AtomicBool) {
    loop {
        let mut to = target.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(sender) = &to.sender else {
            to.hold(wake);
            return;
        };
        // What is held goes first: nothing is held while a screen is attached.
        match sender.try_send(wake) {
            Ok(()) => return,
            Err(TrySendError::Full(back)) if !stopped.load(Ordering::Relaxed) => wake = back,
            Err(TrySendError::Full(_)) => return,
            // The screen's loop ended without a detach (its inbox is gone): held.
            Err(TrySendError::Disconnected(back)) => {
                to.sender = None;
                to.hold(back);
                return;
            }
        }
        drop(to);
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};

    fn key(c: char) -> Wake {
        Wake::Terminal(Event::Key(KeyEvent::from(KeyCode::Char(c))))
    }

    fn keys(inbox: &Inbox) -> String {
        inbox
            .left_input()
            .into_iter()
            .filter_map(|wake| match wake {
                Wake::Terminal(Event::Key(KeyEvent {
                    code: KeyCode::Char(c),
                    ..
                })) => Some(c),
                _ => None,
            })
            .collect()
    }

    /// A key the last screen did not take, and one typed between two screens, go to
    /// the next screen in the order typed, and nothing else the last inbox held.
    #[test]
    fn keys_between_screens_go_to_the_next_one_in_order() {
        let target = Mutex::new(Target::default());
        let stopped = AtomicBool::new(false);
        let first = Inbox::new();
        target.lock().unwrap().sender = Some(first.sender());
        deliver(key('a'), &target, &stopped);
        deliver(key('b'), &target, &stopped);
        first.sender().try_send(Wake::Analysis).unwrap();
        let input = InputThread {
            stop: Arc::new(AtomicBool::new(false)),
            target: Arc::new(target),
            thread: None,
            watch_stop: Arc::new(AtomicBool::new(false)),
        };
        // The first screen took `a` and ended.
        assert!(matches!(first.wait(None), Ok(Wake::Terminal(_))));
        input.detach(&first);
        deliver(key('c'), &input.target, &stopped);
        let second = Inbox::new();
        input.attach(&second);
        deliver(key('d'), &input.target, &stopped);
        assert_eq!(keys(&second), "bcd");
        // A screen gone without a detach: its keys are held for the next.
        drop(second);
        deliver(key('e'), &input.target, &stopped);
        let third = Inbox::new();
        input.attach(&third);
        assert_eq!(keys(&third), "e");
    }
}
