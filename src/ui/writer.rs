//! The session's files, written off the event loop: one thread ([`Writer`]) owns the
//! session's [`Storage`] while the loop runs and carries out its writes in the order
//! they were asked (the autosave after each change, `s`'s save, the history's
//! archive, a running clock's notes), so a slow disk never freezes the screen (s38:
//! they were written and flushed on the loop's thread, once a move). What each write
//! came to goes back to the loop ([`Written`], a [`Wake::Written`] waking it): a save
//! is announced only once its file is on disk. At the loop's end, [`Writer::finish`]
//! waits for the writes asked and gives the storage back; at a signal,
//! [`wait_for_writes`] gives the writes asked a moment before the way out cuts them.
//!
//! The writer also records, for a signal's way out, which autosave it last left
//! holding this session's game ([`autosave_on_disk`]): set on its own thread before
//! the write is counted done, so a signal that comes once the writes asked are done
//! never finds it older than the disk (s40: the event loop recorded it on its next
//! turn, and a signal before that turn said nothing of a game the file held).
//!
//! One thread and one queue: no two writes of one file race, and a later autosave is
//! never overwritten by an earlier one. A note of the clock's thinking with a later
//! note or autosave queued behind it is skipped (the later one holds the game as it
//! is now).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use anyhow::Context;

use crate::rules::Game;
use crate::session::{Autosave, Course, GameConfig, Names, Note, Played, Storage, StorageReport};

use super::inbox::{Inbox, Wake};

/// The environment variable a test sets to make every write of the writer wait this
/// many milliseconds first (at most [`SLOWEST_TEST_DISK`]): a slow disk, for the
/// end-to-end tests of what waits for it. Only the tests set it.
pub(crate) const TEST_SLOW_DISK: &str = "HIJARA_TEST_SLOW_DISK";

/// The longest wait [`TEST_SLOW_DISK`] or [`TEST_LATE_RESULTS`] asks for that is
/// taken.
const SLOWEST_TEST_DISK: Duration = Duration::from_secs(10);

/// The environment variable a test sets to make the loop take the writes' results
/// this many milliseconds late ([`Writer::take`] waits before it hands them over, at
/// most [`SLOWEST_TEST_DISK`]): a loop starved on a loaded machine, for the
/// end-to-end test of a signal that comes between a write and the loop's next turn.
/// Only the tests set it.
pub(crate) const TEST_LATE_RESULTS: &str = "HIJARA_TEST_LATE_RESULTS";

/// How long the loop's end waits for the writes asked ([`Writer::finish`]): a write
/// takes milliseconds; past this the disk is taken for hung, and the game is said to
/// be on disk nowhere rather than claimed kept.
pub(crate) const FINISH_WAIT: Duration = Duration::from_secs(10);

/// How long [`Writer::finish`] waits before it says the way out waits for the disk
/// (its `slow`): a write takes milliseconds, and a quick way out shows nothing more.
pub(crate) const SAVING_SHOWN_AFTER: Duration = Duration::from_millis(150);

/// How long a signal's way out waits for the writes asked before it cuts the one
/// under way ([`wait_for_writes`]).
#[cfg_attr(not(unix), allow(dead_code))]
pub(crate) const SIGNAL_WAIT: Duration = Duration::from_secs(1);

/// The writes asked of every writer of this process and not yet carried out, for a
/// signal's way out ([`wait_for_writes`]). Process-wide as a signal is.
static PENDING: AtomicUsize = AtomicUsize::new(0);

/// The autosave this process's writers last left holding their session's game as it
/// was last written (the write worked: [`Storage::autosaved`]), or `None`. Set by the
/// writer's thread after each job, before the job is counted done ([`PENDING`]), so
/// once [`wait_for_writes`] sees the writes done it says what is on disk; read by a
/// signal's way out ([`autosave_on_disk`]). Process-wide as a signal is; only a
/// local session, one per process, has an autosave (a served one never sets it).
static ON_DISK: Mutex<Option<Autosave>> = Mutex::new(None);

/// The autosave the file writer last left holding the session's game (see
/// [`ON_DISK`]): what a signal's way out speaks of, once it has read the file back.
#[cfg_attr(not(unix), allow(dead_code))]
pub(crate) fn autosave_on_disk() -> Option<Autosave> {
    ON_DISK
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
}

/// Records in [`ON_DISK`] what `storage` left on disk. `told`: this writer has set it
/// before; a storage without an autosave (a served session's, or one turned off)
/// clears it only then, so a served session never touches it.
fn record_on_disk(storage: &Storage, told: &mut bool) {
    let kept = match storage.autosave() {
        Some(autosave) => {
            *told = true;
            storage.autosaved().then(|| autosave.clone())
        }
        None if *told => None,
        None => return,
    };
    *ON_DISK.lock().unwrap_or_else(PoisonError::into_inner) = kept;
}

/// Waits until the writes asked of this process's writers are carried out, at most
/// `within`: a signal's way out lets a move's autosave queued a moment ago reach the
/// disk before it stops the writes (`session::stop_writes`).
#[cfg_attr(not(unix), allow(dead_code))]
pub(crate) fn wait_for_writes(within: Duration) {
    let until = Instant::now() + within;
    while PENDING.load(Ordering::SeqCst) > 0 && Instant::now() < until {
        thread::sleep(Duration::from_millis(5));
    }
}

/// The game as it was when a write was asked: what [`Played`] borrows, owned, so the
/// write can be made on another thread while the game goes on.
#[derive(Debug, Clone)]
pub(crate) struct Snapshot {
    config: GameConfig,
    game: Game,
    course: Course,
}

impl Snapshot {
    /// `played` with `config`, copied.
    pub(crate) fn of(config: &GameConfig, played: Played<'_>) -> Snapshot {
        Snapshot {
            config: *config,
            game: played.game.clone(),
            course: played.course.clone(),
        }
    }

    fn played(&self) -> Played<'_> {
        Played::new(&self.game, &self.course)
    }
}

/// A write (or a change to the storage that later writes follow), in the order asked.
#[derive(Debug)]
pub(crate) enum Job {
    /// [`crate::ui::Effect::Autosave`]: the autosave rewritten after a change, noting
    /// the time the player to move has used on the turn under way.
    Autosave(Snapshot, Option<Duration>),
    /// [`crate::ui::Effect::Save`]: `s`.
    Save(Snapshot),
    /// [`crate::ui::Effect::Archive`]: a finished game into the history.
    Archive(Snapshot),
    /// [`crate::ui::Effect::NoteThinking`]: the clock's note ([`Note::write`]).
    Note(Note),
    /// The session continues the autosaved game ([`Storage::take_over_autosave`]).
    TakeOver,
    /// The people's names of the records from now on ([`Storage::name_people`]).
    Name(Names),
}

impl Job {
    /// Carries out the job on `storage`: what to tell the player, if anything.
    /// `superseded`: a later write of the autosave is queued (a note is then skipped).
    pub(crate) fn carry_out(
        self,
        storage: &mut Storage,
        superseded: bool,
    ) -> Option<StorageReport> {
        match self {
            Job::Autosave(at, used) => storage.after_change_noting(&at.config, at.played(), used),
            Job::Save(at) => Some(storage.save_report(&at.config, at.played())),
            Job::Archive(at) => storage.archive(&at.config, at.played()),
            Job::Note(note) => {
                // A failed or out-of-date note changes nothing on screen: the autosave
                // keeps its last write, every move in it.
                if !superseded {
                    let _ = note.write();
                }
                None
            }
            Job::TakeOver => {
                storage.take_over_autosave();
                None
            }
            Job::Name(names) => {
                storage.name_people(names);
                None
            }
        }
    }

    /// Whether this job writes the autosave anew (a queued note before it is out of date).
    fn rewrites_autosave(&self) -> bool {
        matches!(self, Job::Autosave(..) | Job::Note(_))
    }
}

/// What a job came to, for the loop: in the order asked.
#[derive(Debug)]
pub(crate) struct Written {
    /// The job's number ([`Writer::send`] counts them from 1).
    pub(crate) job: u64,
    /// What to tell the player, once the file is on disk (or the write failed).
    pub(crate) report: Option<StorageReport>,
    /// The storage as the job left it: the loop's copy, for what it reads (whether the
    /// autosave holds the game, where it is kept).
    pub(crate) storage: Box<Storage>,
}

/// What [`Writer::finish`] gives back.
#[derive(Debug)]
pub(crate) struct Finished {
    /// The storage, every write asked carried out; `None` when they had not all been
    /// carried out within the wait (the disk hung), or the thread failed.
    pub(crate) storage: Option<Storage>,
    /// The jobs' results the loop had not taken, in order.
    pub(crate) left: Vec<Written>,
}

/// The handle to the writer's thread.
pub(crate) struct Writer {
    /// The jobs' way in; `None` once [`Writer::finish`] closed it.
    jobs: Option<Sender<(u64, Job)>>,
    results: Receiver<Written>,
    thread: JoinHandle<Storage>,
    /// The jobs sent, counted.
    sent: u64,
    /// The message of the panic that ended the thread, if one did.
    failure: Arc<Mutex<Option<String>>>,
}

impl Writer {
    /// Starts the thread `hijara-writer`, owning `storage` from now on; each result
    /// wakes the loop of `inbox` ([`Wake::Written`]). A panic in a write is caught on
    /// the thread ([`crate::caught`]), handed to the loop as [`Wake::WorkerFailed`],
    /// and ends the thread.
    pub(crate) fn spawn(storage: Storage, inbox: &Inbox) -> anyhow::Result<Writer> {
        let (jobs, received) = mpsc::channel::<(u64, Job)>();
        let (done, results) = mpsc::channel::<Written>();
        let failure = Arc::new(Mutex::new(None));
        let failed_with = Arc::clone(&failure);
        let wake = inbox.sender();
        let slow = test_wait(TEST_SLOW_DISK);
        let thread = thread::Builder::new()
            .name("hijara-writer".into())
            .spawn(move || {
                let mut storage = storage;
                let mut queue: VecDeque<(u64, Job)> = VecDeque::new();
                let mut told = false;
                loop {
                    if queue.is_empty() {
                        match received.recv() {
                            Ok(job) => queue.push_back(job),
                            // Closed: every job asked is carried out.
                            Err(_) => return storage,
                        }
                    }
                    queue.extend(received.try_iter());
                    let Some((number, job)) = queue.pop_front() else {
                        continue;
                    };
                    let superseded = matches!(job, Job::Note(_))
                        && queue.iter().any(|(_, later)| later.rewrites_autosave());
                    if let Some(slow) = slow {
                        thread::sleep(slow);
                    }
                    let carried =
                        crate::caught::catching(|| job.carry_out(&mut storage, superseded));
                    // Before the job counts as done: a signal's way out that waited
                    // for the writes reads what they left, not what came before.
                    record_on_disk(&storage, &mut told);
                    PENDING.fetch_sub(1, Ordering::SeqCst);
                    let report = match carried {
                        Ok(report) => report,
                        Err(message) => {
                            *failed_with.lock().unwrap_or_else(PoisonError::into_inner) =
                                Some(message.clone());
                            let _ = wake.send(Wake::WorkerFailed("file writer", message));
                            return storage;
                        }
                    };
                    let written = Written {
                        job: number,
                        report,
                        storage: Box::new(storage.clone()),
                    };
                    // The loop is gone only once it has finished with the writer.
                    let _ = done.send(written);
                    // A full inbox wakes the loop anyway, and the results are drained.
                    let _ = wake.try_send(Wake::Written);
                }
            })
            .context("cannot start the file writer thread")?;
        Ok(Writer {
            jobs: Some(jobs),
            results,
            thread,
            sent: 0,
            failure,
        })
    }

    /// Queues `job` behind the jobs sent before; returns its number. Fails only when
    /// the thread has ended (its panic is then said by [`Writer::failure`]).
    pub(crate) fn send(&mut self, job: Job) -> anyhow::Result<u64> {
        let jobs = self.jobs.as_ref().context("the file writer has finished")?;
        self.sent += 1;
        PENDING.fetch_add(1, Ordering::SeqCst);
        if jobs.send((self.sent, job)).is_err() {
            PENDING.fetch_sub(1, Ordering::SeqCst);
            anyhow::bail!("the file writer thread stopped");
        }
        Ok(self.sent)
    }

    /// The number of the last job sent: a result of that job holds the storage as
    /// every job asked left it.
    pub(crate) fn last_sent(&self) -> u64 {
        self.sent
    }

    /// The jobs' results come in since the last call, in order ([`TEST_LATE_RESULTS`]
    /// hands them over late).
    pub(crate) fn take(&mut self) -> Vec<Written> {
        let taken: Vec<Written> = self.results.try_iter().collect();
        if !taken.is_empty()
            && let Some(late) = test_wait(TEST_LATE_RESULTS)
        {
            thread::sleep(late);
        }
        taken
    }

    /// The message of the panic that ended the thread, if one did.
    pub(crate) fn failure(&self) -> Option<String> {
        self.failure
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Closes the queue and waits, at most `within`, for the jobs asked to be carried
    /// out; gives the storage back with the results not taken yet. Past `within` (a
    /// disk that does not answer) the thread is left to its write and no storage comes
    /// back: the caller says nothing is known to be on disk. `slow` is called once
    /// when the jobs are not done within [`SAVING_SHOWN_AFTER`] (the screen says the
    /// way out waits for the disk).
    pub(crate) fn finish(mut self, within: Duration, slow: impl FnOnce()) -> Finished {
        drop(self.jobs.take());
        let start = Instant::now();
        let until = start + within;
        let mut slow = Some(slow);
        while !self.thread.is_finished() && Instant::now() < until {
            if start.elapsed() >= SAVING_SHOWN_AFTER
                && let Some(slow) = slow.take()
            {
                slow();
            }
            thread::sleep(Duration::from_millis(2));
        }
        let storage = if self.thread.is_finished() && self.failure().is_none() {
            self.thread.join().ok()
        } else {
            None
        };
        Finished {
            storage,
            left: self.results.try_iter().collect(),
        }
    }
}

/// The wait the test's environment variable `name` ([`TEST_SLOW_DISK`],
/// [`TEST_LATE_RESULTS`]) asks for, if any.
fn test_wait(name: &str) -> Option<Duration> {
    let ms: u64 = std::env::var(name).ok()?.trim().parse().ok()?;
    Some(Duration::from_millis(ms).min(SLOWEST_TEST_DISK))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Square;
    use crate::session::{Autosave, stalls};

    fn snapshot(moves: &[Square]) -> Snapshot {
        let game = Game::from_moves(moves.iter().copied()).unwrap();
        Snapshot {
            config: GameConfig::default(),
            game,
            course: Course::default(),
        }
    }

    /// The writes are carried out in the order asked, whatever the disk's pace: three
    /// autosaves and a `s` queued while the disk does not answer end with the autosave
    /// holding the last game (never an earlier one written over it), each result
    /// coming back in order, the save's `Saved` only once its file is on disk.
    #[test]
    fn the_writes_keep_their_order_and_a_save_is_said_once_on_disk() {
        let dir = tempfile::tempdir().unwrap();
        let autosave = Autosave::at(dir.path().join("autosave.hij"));
        let storage = Storage::new(dir.path().to_path_buf(), Some(autosave.clone()));
        let inbox = Inbox::new();
        let mut writer = Writer::spawn(storage, &inbox).unwrap();
        stalls::hold(dir.path());
        let games = [
            vec![Square::A1],
            vec![Square::A1, Square::B1],
            vec![Square::A1, Square::B1, Square::C1],
        ];
        let started = Instant::now();
        for game in &games {
            writer.send(Job::Autosave(snapshot(game), None)).unwrap();
        }
        writer.send(Job::Save(snapshot(&games[2]))).unwrap();
        // Sending never waits for the disk.
        assert!(started.elapsed() < Duration::from_secs(5));
        std::thread::sleep(Duration::from_millis(100));
        assert!(
            writer.take().is_empty(),
            "a result before the disk answered"
        );
        stalls::let_go(dir.path());
        let finished = writer.finish(Duration::from_secs(20), || {});
        let numbers: Vec<u64> = finished.left.iter().map(|w| w.job).collect();
        assert_eq!(numbers, [1, 2, 3, 4]);
        let Some(StorageReport::Saved(path)) = &finished.left[3].report else {
            panic!("{:?}", finished.left[3].report);
        };
        let saved = std::fs::read_to_string(path).unwrap();
        assert!(saved.contains("1. a1 b1 2. c1"), "{saved}");
        let storage = finished.storage.expect("every write carried out");
        assert!(storage.autosaved());
        let text = autosave.load().unwrap().unwrap();
        assert!(text.contains("1. a1 b1 2. c1"), "{text}");
    }
}
